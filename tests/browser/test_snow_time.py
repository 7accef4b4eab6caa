"""Snow Time drawn with its icons (issue 21): cards look like cards (a face in the colour
with the card's icon, a back when a choice lies face down), pawns wear a glyph as well as a
colour, fruit, levels and bonus spaces have their icons; light and dark themes, desktop and
phone. Set ``WG_SCREENSHOTS=docs/screenshots`` to refresh ``docs/screenshots/snow-time*.png``."""

from __future__ import annotations

import re
import time
from io import StringIO
from pathlib import Path

import pytest
from playwright.sync_api import Browser, FloatRect, Page, ViewportSize, expect
from rich.console import Console

import wintergames as wg
from tests.server.test_palette import PALETTE
from wintergames.cli.play import TerminalGame
from wintergames.cli.seats import Seat
from wintergames.games.snow_time.components import ST

from .animation import watch
from .conftest import (
    DESKTOP,
    PHONE,
    PageErrors,
    Server,
    open_page,
    opens_its_rule_passage,
    rules_loaded,
    screenshot,
)
from .test_breakdown import finished, rgb
from .test_play import TIMEOUT, click_and_wait, ready_for_the_picture, wait_for_my_turn_or_the_end
from .test_watch import choose_snow_time_cards

# The symbols a <use> in the page points at, and the symbols the sprite holds.
USED = "() => [...document.querySelectorAll('#board use')].map(u => u.getAttribute('href'))"
SYMBOLS = "() => [...document.querySelectorAll('svg.icon-sprite symbol')].map(s => s.id)"


def open_seat(browser: Browser, page_errors: PageErrors, link: str, viewport: ViewportSize,
              theme: str) -> Page:
    page = open_page(browser, page_errors, link, viewport=viewport, theme=theme)
    wait_for_my_turn_or_the_end(page)
    return page


@pytest.mark.parametrize(("theme", "phone"), [("light", False), ("dark", False),
                                              ("light", True), ("dark", True)])
def test_snow_time_is_drawn_with_its_icons_and_its_cards_look_like_cards(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path,
        theme: str, phone: bool) -> None:
    table = server.create("snow-time", ["human", "human", "random"], seed=8)
    viewport = PHONE if phone else DESKTOP
    first, second = (open_seat(browser, page_errors, server.url + table["seats"][seat]["invite"],
                               viewport, theme) for seat in (0, 1))
    assert first.evaluate("document.documentElement.dataset.theme") == theme
    symbols = set(first.evaluate(SYMBOLS))
    assert {f"st-pawn-{colour}" for colour in ST.colours} <= symbols
    # every card in hand is a face: the colour's background and its card's icon
    hand = first.locator(".colour[data-colour='red'] .st-hand .card")
    expect(hand).to_have_count(ST.cards)
    for card in hand.all():
        assert card.locator("svg.icon use").get_attribute("href") == \
            f"#st-card-{card.get_attribute('data-card')}"
    # shaped and edged as the view's stylesheet (snow-time.css) says, in the palette's ink
    ink = PALETTE["games"]["snow-time"]["ink"]
    width = r"29\.[56]\d*px" if phone else r"36\.[78]\d*px"  # 1.85rem, 2.3rem
    expect(hand.first).to_have_css("width", re.compile(width))
    expect(hand.first).to_have_css("border-top-color", rgb(ink["played-line"]))  # playable
    # the board's icons all exist; the pawns and the fruit are drawn from the sprite
    assert {href.removeprefix("#") for href in first.evaluate(USED)} <= symbols
    assert first.locator("#st-track g.pawn path").count() >= 2 * first.locator(
        "#st-track g.pawn").count() > 0  # a body and a glyph each
    fruit = first.locator("#st-tree g.fruit")
    assert fruit.locator("circle").count() == fruit.count() > 0
    for _ in range(2):  # two turns, for a board with cards played and discarded
        for page in (first, second):
            click_and_wait(page, "button.card.playable")
        for page in (first, second):  # a Healer may ask its owner first; take the first offer
            while page.locator("button.heal").count():
                click_and_wait(page, "button.heal")
        for page in (first, second):
            wait_for_my_turn_or_the_end(page)
    expect(first.locator(".colour .st-mini").first).to_be_visible()  # a discard, as cards
    # a choice lies face down: the chooser sees its card, the other seat its back
    click_and_wait(first, "button.card.playable")
    expect(first.locator(".colour[data-colour='red'] .card.hidden-choice")).to_have_count(1)
    # drawn as the card chosen ("red 5" is the server's word for it, not a card's name)
    chosen = first.locator(".colour[data-colour='red'] .card.hidden-choice use")
    assert (chosen.get_attribute("href") or "").removeprefix("#") in symbols
    assert "your hidden choice: red" not in first.locator("#board").inner_text().lower()
    red = second.locator(".colour[data-colour='red']")
    expect(red.locator(".card.st-card.back")).to_have_count(1, timeout=TIMEOUT)
    assert red.locator(".card.back use").get_attribute("href") == "#st-card-back"
    # the log's colours and special cards are led by their icons
    expect(second.locator("#log .named use").first).to_be_attached()
    name = "snow-time" + ("-dark" if theme == "dark" else "") + ("-phone" if phone else "")
    ready_for_the_picture(second)
    screenshot(second, name, tmp_path, full_page=not phone)


def test_on_a_phone_the_board_opens_on_its_left_edge_with_the_pannable_side_shaded(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """The levels, space 0 and the pawns at the start are in sight as the board opens; the
    side with more to see is shaded; played cards and the players' dots wear the glyph."""
    table = server.create("snow-time", ["human", "human", "random"], seed=8)
    page = open_seat(browser, page_errors, server.url + table["seats"][0]["invite"], PHONE, "light")
    pan = page.locator("#board .st-pan")
    # it pans (once the board is laid out: on a loaded machine the first look came before)
    page.wait_for_function("() => { const p = document.querySelector('#board .st-pan');"
                           " return p !== null && p.scrollWidth > p.clientWidth; }",
                           timeout=TIMEOUT)
    assert pan.evaluate("p => p.scrollLeft") == 0
    assert page.evaluate("document.getElementById('board').scrollLeft") == 0
    # the dice and the fruit supply too: under the tree, not in the part that pans away
    dice = page.locator("#board .st-dice-strip .die")
    expect(dice).to_have_count(len(server.view(table, None)["observation"]["dice"]))
    assert page.locator("#st-tree .st-tree-dice").is_hidden()  # drawn once on a phone
    for selector in ("#st-tree text[data-term='level 1']", "#st-track > rect >> nth=0",
                     "#st-track g.pawn >> nth=0", "#board .st-dice-strip .die >> nth=0",
                     "#board .st-dice-strip .die >> nth=-1",
                     "#board .st-dice-strip [data-term='supply']"):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], selector
    expect(page.locator("#board .st-dice-strip [data-term='supply']")).to_contain_text(
        f"fruit in the supply: {server.view(table, None)['observation']['supply']}")
    shade = page.locator("#board .st-pan-box")
    expect(shade).to_have_class("st-pan-box more-right")
    pan.evaluate("p => { p.scrollLeft = p.scrollWidth; p.dispatchEvent(new Event('scroll')); }")
    expect(shade).to_have_class("st-pan-box more-left")
    # every players-list dot carries its pawn's glyph as well as the colour
    for dot in page.locator("#players .dot").all():
        assert "data:image/svg+xml" in dot.evaluate("d => getComputedStyle(d).backgroundImage")


def test_a_card_on_the_tree_wears_its_colours_pawn_in_a_corner(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """So the colour is never the only cue (red and green merge for a deuteranope)."""
    table = server.create("snow-time", ["human"] * 3, seed=8)
    page = watch(browser, page_errors, server.url + table["spectator"], motion="reduce")
    choose_snow_time_cards(server, table, [0, 1, 2])
    page.wait_for_selector("#st-resolution li", timeout=TIMEOUT)
    cards = page.locator("#st-tree g.revealing")
    expect(cards).to_have_count(3)
    for card in cards.all():
        colour = card.get_attribute("data-colour")
        pawn = card.locator("g.st-card-pawn")
        assert pawn.locator("path").count() == 2 and pawn.locator("circle").count() == 1, colour
        assert pawn.locator("path").first.get_attribute("fill") == page.evaluate(
            f"document.querySelector('#st-pawn-{colour} path').getAttribute('fill')")
    # and the step-by-step panel's cards lead with their pawn
    revealed = page.locator("#st-resolution .revealed > span")
    expect(revealed).to_have_count(3)
    for card in revealed.all():
        colour = card.get_attribute("data-colour")
        assert card.locator("use").first.get_attribute("href") == f"#st-pawn-{colour}"


def overlap(a: FloatRect, b: FloatRect) -> bool:
    """Whether two bounding boxes share any area."""
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def inside(inner: FloatRect, outer: FloatRect | None) -> bool:
    if outer is None:
        return False
    return (inner["x"] >= outer["x"] and inner["y"] >= outer["y"]
            and inner["x"] + inner["width"] <= outer["x"] + outer["width"]
            and inner["y"] + inner["height"] <= outer["y"] + outer["height"])


@pytest.mark.parametrize("phone", [False, True])
def test_a_bonus_spaces_icon_and_its_value_sit_side_by_side_on_their_space(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path,
        phone: bool) -> None:
    """The bonus icon covered its "+N" (the audit's track): now the space's number, the
    icon and the value each have their own room on the space."""
    table = server.create("snow-time", ["human", "human", "random"], seed=8)
    page = open_seat(browser, page_errors, server.url + table["seats"][0]["invite"],
                     PHONE if phone else DESKTOP, "light")
    # measured once the bot's choice is in and drawn: its view redraws the track, and a box
    # asked for meanwhile is of no element (it failed so once)
    deadline = time.monotonic() + TIMEOUT / 1000
    while 2 in (now := server.view(table, 0))["to_move"]:
        assert time.monotonic() < deadline, "the bot did not choose"
        time.sleep(0.01)
    page.wait_for_function(f"document.body.dataset.version === '{now['version']}'",
                           timeout=TIMEOUT)
    marks = page.locator("#st-track g.st-bonus-mark")
    expect(marks).to_have_count(len(ST.bonuses))
    spaces = page.locator("#st-track > rect")
    numbers = page.locator("#st-track text.st-space-number")
    for mark in marks.all():
        value = mark.locator("text")
        expect(value).to_have_text(re.compile(r"^\+\d+$"))
        icon, text = mark.locator("use").bounding_box(), value.bounding_box()
        assert icon and text
        assert not overlap(icon, text), (icon, text)
        space = next(i for i in range(spaces.count())
                     if inside(icon, spaces.nth(i).bounding_box()))
        number = numbers.nth(space).bounding_box()
        assert number and inside(text, spaces.nth(space).bounding_box()), space
        assert not overlap(number, icon) and not overlap(number, text), space
    page.locator("#st-track").scroll_into_view_if_needed()
    screenshot(page, "snow-time-track" + ("-phone" if phone else ""), tmp_path, full_page=False)


def test_the_end_screens_bonus_column_is_headed_by_a_bonus_space(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Every column of Snow Time's breakdown wears an icon, Bonus too (it had none)."""
    table, _ = finished(server, "snow-time", 3)
    page = open_page(browser, page_errors, server.url + table["spectator"], viewport=DESKTOP,
                     theme="light")
    expect(page.locator("dialog#end")).to_be_visible()
    head = page.locator("#final-scores thead th[data-category='Bonus']")
    expect(head).to_contain_text("Bonus")
    expect(head.locator("svg.icon use")).to_have_attribute("href", "#st-bonus")
    assert page.locator("svg.icon-sprite symbol#st-bonus rect").count() == 1
    for category in ("Fight", "Fruit", "Mana", "Bonus"):
        expect(page.locator(f"#final-scores thead th[data-category='{category}'] svg.icon"))\
            .to_have_count(1)
    screenshot(page, "snow-time-end", tmp_path, full_page=False)


def test_the_log_draws_the_engines_words_with_the_games_icons_and_links_each_line_to_its_rule(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Issue 38: a log line is the engine's words and mentions, read by their kind and ref
    (a colour with its pawn, a card with its face's icon, a level, a kind of points), and
    its "§" opens the Rules dialog at the passage it applies."""
    table = server.create("snow-time", ["human"] * 3, seed=8)
    choose_snow_time_cards(server, table, [0, 1, 2])  # the turn resolves on the last one
    view = server.view(table, 0)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    lines = page.locator("#log li")
    expect(lines).to_have_count(len(view["log"]), timeout=TIMEOUT)
    for i, line in enumerate(view["log"]):  # the engine's words, then the rule's link
        expect(lines.nth(i)).to_have_text(line["text"] + " §")
        assert lines.nth(i).get_attribute("data-rule") == line["rule"]
        expect(lines.nth(i).locator("a.rule-link")).to_have_attribute("data-rule", line["rule"])
    reveal = page.locator("#log li[data-msg='reveal']")
    expect(reveal).to_have_count(1)
    for colour in ("red", "blue", "green"):  # each colour led by its pawn, with its tooltip
        named = reveal.locator(f".said-piece[data-ref='{colour}']")
        expect(named.locator("use")).to_have_attribute("href", f"#st-pawn-{colour}")
        expect(named).to_have_attribute("data-term", colour)
    cards = reveal.locator(".said-card")
    expect(cards).to_have_count(3)
    for card in cards.all():
        ref = card.get_attribute("data-ref")
        expect(card.locator("use")).to_have_attribute("href", f"#st-card-{ref}")
    points = page.locator("#log li[data-msg='score'] .said-amount use")
    assert points.count() > 0
    assert {use.get_attribute("href") for use in points.all()} <= {
        "#st-bonus-fight", "#st-fruit", "#st-bonus-mana", "#st-bonus"}
    levels = page.locator("#log li[data-msg^='roll'] .said-place use")
    assert levels.count() > 0
    assert all((use.get_attribute("href") or "").startswith("#st-level-") for use in levels.all())
    screenshot(page, "snow-time-log", tmp_path, full_page=False)
    opens_its_rule_passage(page, reveal, "turn.reveal", "Revealing the cards")


def test_the_page_and_the_terminal_say_the_same_prompt_and_labels(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 38: the prompt with its limit, each card's label and explanation, and the
    Healer's choices are the engine's words, so the table page shows exactly what the
    terminal prints for the same position; a seat whose choice is in has no prompt."""
    table = server.create("snow-time", ["human"] * 3, seed=8)
    state = wg.make("snow-time", 3, seed=8)
    spec = wg.get_spec("snow-time")

    def terminal() -> list[str]:
        out = StringIO()
        game = TerminalGame(spec, state, [Seat("human")] * 3, Console(file=out, width=2000),
                            lambda _: "quit")
        game.show_decision(0, state.legal_actions(0))
        return out.getvalue().splitlines()

    def labels(lines: list[str]) -> list[str]:
        """The choices' labels as the terminal numbers them ("  3 Play 3")."""
        return [line.strip().split(" ", 1)[1] for line in lines[1:-1]]

    def both(seat: int, notation: str) -> None:
        action = spec.parse_action(notation)
        server.act(table, seat, action)
        state.apply(action, seat)

    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    prompt = page.locator("#choices .st-prompt")
    expect(prompt).to_have_text(terminal()[0] + " §")
    cards = page.locator(".colour[data-colour='red'] button.card.playable")
    expect(cards).to_have_count(len(state.legal_actions(0)))
    assert [card.get_attribute("aria-label") for card in cards.all()] == labels(terminal())
    # a card's explanation is its tooltip's note, as the terminal's `explain N` says it
    first = next(choice for _, choice in state.choices(0) if choice is not None)
    rules_loaded(page)
    cards.first.hover()
    expect(page.locator("#term-tip .term-tip-note")).to_have_text(first.explain.text)
    both(1, "blue 5")  # another colour chooses: one fewer is left to choose
    expect(prompt).to_have_text(terminal()[0] + " §")
    both(2, "green 1")
    click_and_wait(page, "button.card.playable[data-card='5']")
    state.apply(spec.parse_action("red 5"), 0)  # the two 5s fight: red's falls
    expect(prompt).to_have_text(terminal()[0] + " §")  # the next turn's prompt
    click_and_wait(page, "button.card.playable[data-card='healer']")
    state.apply(spec.parse_action("red healer"), 0)
    # red's choice is in: no prompt to choose again while the others choose
    expect(page.locator(".colour[data-colour='red'] .st-chosen-said")).to_have_text(
        state.observation(0)["colours"][0]["your_choice_said"]["text"])
    expect(prompt).to_have_count(0)
    both(1, "blue 2")
    both(2, "green 3")
    # the Healer's step: its prompt with the discard and its most, its choices' labels
    lines = terminal()
    expect(prompt).to_have_text(lines[0] + " §")
    heals = page.locator("#choices button.heal")
    expect(heals).to_have_count(len(lines) - 2)
    assert [heal.inner_text().strip() for heal in heals.all()] == labels(lines)
    explain = [choice.explain.text for _, choice in state.choices(0) if choice is not None]
    heals.last.hover()
    expect(page.locator("#term-tip .term-tip-note")).to_have_text(explain[-1])
    assert server.view(table, 1)["decision"] is None  # only red's Healer chooses now
    heals.last.click()
    state.apply(state.legal_actions(0)[-1], 0)
    expect(prompt).to_have_text(terminal()[0] + " §")
