"""The end screen's score breakdown (issue 18): one table, Player | each category | Total,
whose rows add up to each total, and each total to the score in the players list."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.server.test_palette import PALETTE
from wintergames.core.registry import get_spec

from .conftest import NO_LOG, PageErrors, Server, screenshot
from .test_play import TIMEOUT

# A bot game of each of the three older games, with the categories their rulebooks score.
GAMES = [
    ("icecool-wizards", 3, ["Exams", "Lessons", "Spells"], "Magic Points"),
    ("snow-time", 4, ["Fight", "Fruit", "Mana", "Bonus"], "points"),
    ("winter-queen", 3, ["Forest Lights", "Wind Rose", "Border Guard", "Magic Clouds",
                         "Bright Path", "Northern Lights", "Polar Star", "Secret Knowledge",
                         "Stands emptied"], "VP"),
]


# The icon heading each category the game has one for (Winter Queen: its effects; the
# emptied stands have none; Snow Time's bonus spaces, which score any kind, a bonus space).
HEAD_ICONS = {
    "icecool-wizards": {"Exams": "#iw-exam", "Lessons": "#iw-lesson-star",
                        "Spells": "#iw-lesson-back"},
    "snow-time": {"Fight": "#st-bonus-fight", "Fruit": "#st-fruit", "Mana": "#st-bonus-mana",
                  "Bonus": "#st-bonus"},
    "winter-queen": {title: "#wq-effect-" + title.lower().replace(" ", "-")
                     for title in GAMES[2][2][:-1]},
}


def finished(server: Server, game: str, seats: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A table of random bots played to the end, and its final (spectator) view."""
    table = server.create(game, ["random"] * seats, seed=4)
    deadline = time.monotonic() + 120
    while True:
        if server.view(table, None, NO_LOG)["over"]:
            return table, server.view(table, None)
        assert time.monotonic() < deadline, f"the {game} bots did not finish"
        time.sleep(0.2)


def open_end(browser: Browser, server: Server, table: dict[str, Any], errors: PageErrors,
             width: int, height: int) -> Page:
    page = errors.watch(browser.new_page(viewport={"width": width, "height": height}))
    page.goto(server.url + (table.get("spectator") or f"/table/{table['table']}"))
    expect(page.locator("dialog#end")).to_be_visible(timeout=TIMEOUT)
    return page


def number(text: str) -> int:
    return int(text.strip())


@pytest.mark.parametrize(("game", "seats", "categories", "unit"), GAMES)
def test_each_row_adds_up_to_its_total_and_the_total_to_the_players_list(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path,
        game: str, seats: int, categories: list[str], unit: str | None) -> None:
    table, final = finished(server, game, seats)
    page = open_end(browser, server, table, page_errors, 1280, 900)
    scores = page.locator("#final-scores")
    heads = [text.strip() for text in scores.locator("thead th").all_text_contents()]
    assert heads == ["Player", *categories, f"Total ({unit})"]
    # each category the game draws is headed by its icon, from the game's own sprite
    heads_of = {c: scores.locator(f"thead th[data-category='{c}'] svg.icon") for c in categories}
    drawn = {c: head.locator("use").get_attribute("href")
             for c, head in heads_of.items() if head.count()}
    assert drawn == HEAD_ICONS[game], drawn
    for href in drawn.values():
        assert page.locator(f"symbol{href}").count() == 1, href
    rows = scores.locator("tbody tr")
    expect(rows).to_have_count(seats)
    for seat in range(seats):
        row = rows.nth(seat)
        parts = [number(t) for t in row.locator("td[data-category]").all_text_contents()]
        total = number(row.locator("td.total").inner_text())
        assert len(parts) == len(categories) and sum(parts) == total, (seat, parts, total)
        listed = page.locator(f"#players li[data-seat='{seat}'] .score b").inner_text()
        assert total == number(listed) == final["scores"][seat]
        # the winners' rows, and only theirs, are marked (by a sign as well as a colour)
        won = seat in final["winners"]
        assert ("winner" in (row.get_attribute("class") or "")) == won
        assert row.locator(".won").count() == int(won)
        expect(row.locator("th")).to_contain_text(f"Player {seat + 1}")
    # numbers right-aligned, names left
    assert rows.first.locator("td.total").evaluate("e => getComputedStyle(e).textAlign") == "right"
    assert rows.first.locator("th").evaluate("e => getComputedStyle(e).textAlign") == "left"
    # the old breakdowns (log lines, pawn spaces) are gone: the table is the breakdown
    expect(page.locator("#breakdown")).to_have_count(0)
    screenshot(page, f"end-breakdown-{game}", tmp_path)


@pytest.mark.parametrize(("game", "seats"), [("winter-queen", 4), ("snow-time", 5)])
def test_the_table_scrolls_inside_its_own_box_on_a_phone(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path,
        game: str, seats: int) -> None:
    table, final = finished(server, game, seats)
    page = open_end(browser, server, table, page_errors, 390, 844)
    dialog = page.locator("dialog#end").bounding_box()
    assert dialog is not None and dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= 390
    box = page.locator("#end .final-box")
    wide = box.evaluate("e => [e.scrollWidth, e.clientWidth]")
    assert box.evaluate("e => getComputedStyle(e).overflowX") == "auto"
    # The page itself never scrolls sideways; a wide table does, inside its box.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    if wide[0] > wide[1]:
        box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
        expect(page.locator("#final-scores tbody tr").first.locator("td.total")).to_be_in_viewport()
    # the seat's name stays in sight while the numbers scroll past it
    expect(page.locator("#final-scores tbody th").first).to_be_in_viewport()
    totals = [number(t) for t in page.locator("#final-scores td.total").all_text_contents()]
    assert totals == final["scores"]
    screenshot(page, f"end-breakdown-{game}-phone", tmp_path)


def test_winterborne_solo_gives_the_balaur_a_row_and_says_once_who_won(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Issue 39 item 6: the solo end screen said "Nobody wins." and then "The Balaur wins:
    55 to your 40." It says who won once, and the Balaur has its own row in the table, in
    the same categories (its exploration sets, banners and base), adding up to its score."""
    table, final = finished(server, "winterborne", 1)
    page = open_end(browser, server, table, page_errors, 390, 844)
    expect(page.locator("#final-scores thead")).to_contain_text("Objectives")
    expect(page.locator("#final-scores thead")).to_contain_text("Balaur's base")
    you = page.locator("#final-scores tr[data-seat='0']")
    balaur = page.locator("#final-scores tr[data-other='The Balaur']")
    total = number(you.locator("td.total").inner_text())
    score = final["observation"]["balaur"]["score"]
    assert total == final["scores"][0]
    assert number(balaur.locator("td.total").inner_text()) == score
    cells = [number(c) for c in balaur.locator("td:not(.total)").all_text_contents()]
    assert sum(cells) == score
    won = total > score
    expect(page.locator("#winners")).to_have_text(
        "Player 1 wins." if won else "The Balaur wins.")
    assert (balaur.locator(".won").count(), you.locator(".won").count()) == (
        (0, 1) if won else (1, 0))
    expect(page.locator("dialog#end")).not_to_contain_text("Nobody wins")
    screenshot(page, "end-breakdown-winterborne-solo-phone", tmp_path)


def test_category_icons_sit_on_the_light_table_in_the_dark_theme(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """The games' icons are drawn for the boards' light table: on the dark dialog each
    sits on a chip of it, in the light theme's ink (Snow Time's dark Fight icon vanished)."""
    table, _ = finished(server, "snow-time", 3)
    page = page_errors.watch(browser.new_page(viewport={"width": 1280, "height": 900},
                                              color_scheme="dark"))
    page.goto(server.url + table["spectator"])
    expect(page.locator("dialog#end")).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    chips = page.locator("#final-scores thead .category-icon")
    expect(chips).to_have_count(4)  # Fight, Fruit, Mana, Bonus
    light, dark = PALETTE["themes"]["light"], PALETTE["themes"]["dark"]
    # to_have_css retries: the dialog may be redrawn when the final state arrives again,
    # and a chip read in between is detached (its computed style empty)
    for i in range(4):
        expect(chips.nth(i)).to_have_css("background-color", rgb(dark["table"]))
        expect(chips.nth(i)).to_have_css("color", rgb(light["ink"]))
    dialog = page.locator("dialog#end").evaluate("e => getComputedStyle(e).backgroundColor")
    assert dialog == rgb(dark["panel"])  # the dialog itself is dark: the chip is what differs
    screenshot(page, "end-breakdown-snow-time-dark", tmp_path)


def rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def test_a_score_of_one_is_said_in_the_singular(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    # "1 points" read wrong in Snow Time's players list and ICECOOL's hands (issue 21 audit)
    table = server.create("icecool-wizards", ["human", "random"], seed=3)
    page = page_errors.watch(browser.new_page())
    page.goto(server.url + table["seats"][0]["invite"])
    # the words are the games' specs' own, both numbers: no singular made by spelling
    units = {g: {"score_unit": get_spec(g).score_unit, "score_unit_one": get_spec(g).score_unit_one}
             for g in ("snow-time", "icecool-wizards", "winter-queen", "ice")}
    asked = [("snow-time", 1), ("snow-time", 0), ("snow-time", 2), ("icecool-wizards", 1),
             ("icecool-wizards", -1), ("icecool-wizards", 12), ("winter-queen", 1), ("ice", 1)]
    said = page.evaluate("""([units, asked]) => import('/static/js/breakdown.js').then((m) =>
        asked.map(([game, n]) => `${n} ${m.unitOf(units[game], n)}`))""", [units, asked])
    assert said == ["1 point", "0 points", "2 points", "1 Magic Point", "-1 Magic Point",
                    "12 Magic Points", "1 VP", "1 RP"]
    # the page itself: no "1 points" anywhere, and a score of 0 in the plural
    expect(page.locator("#players li[data-seat='0'] .score")).to_have_text("0 Magic Points")
    expect(page.locator(".hand[data-seat='0'] [data-term='magic points']")).to_have_text(
        "0 Magic Points")
