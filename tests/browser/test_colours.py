"""Colours a person tells apart (issue 18's details): Snow Time's fruit is unlike every
pawn, a two-player seat shows both its colours, no "has chosen" is left after the end;
Winter Queen's seats wear colours no floe has. (tests/server/test_palette.py checks the
palette itself, colour-vision deficiencies included.)"""

from __future__ import annotations

import time

from coloraide import Color
from playwright.sync_api import Browser, Page

from tests.server.test_palette import contrast

from .conftest import NO_LOG, PageErrors, Server
from .conftest import open_page as open_themed
from .test_play import TIMEOUT

# Every fill drawn in an element, as the browser computed it ("rgb(r, g, b)").
FILLS = "els => els.map(e => getComputedStyle(e).fill).filter(f => f.startsWith('rgb('))"
DOTS = """() => [...document.querySelectorAll('#players .dot')]
  .map(d => getComputedStyle(d).backgroundImage !== 'none'
       ? getComputedStyle(d).backgroundImage : getComputedStyle(d).backgroundColor)"""


def rgbs(css: str) -> set[str]:
    """The rgb(...) colours named in a computed CSS value."""
    return {"rgb(" + part.split(")")[0] + ")" for part in css.split("rgb(")[1:]}


def distance(a: str, b: str) -> float:
    """How far apart two computed colours ("rgb(r, g, b)") are, in RGB units."""
    def channels(css: str) -> list[int]:
        return [int(x) for x in css[css.index("(") + 1:css.index(")")].split(",")]
    return sum((x - y) ** 2 for x, y in zip(channels(a), channels(b), strict=True)) ** 0.5


def open_page(browser: Browser, server: Server, link: str, page_errors: PageErrors) -> Page:
    page = page_errors.watch(browser.new_page(viewport={"width": 1300, "height": 1000}))
    page.goto(server.url + link)
    page.wait_for_selector("body[data-version]", timeout=TIMEOUT)
    return page


def test_snow_time_fruit_is_unlike_any_pawn_and_a_two_player_seat_shows_both_colours(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("snow-time", ["human", "random"], seed=3)
    page = open_page(browser, server, table["seats"][0]["invite"], page_errors)
    page.wait_for_selector("#st-tree g.fruit", timeout=TIMEOUT)
    fruit = set(page.locator("#st-tree g.fruit circle").evaluate_all(FILLS))
    pawns = set(page.locator("#st-track circle").evaluate_all(FILLS))
    assert len(pawns) == 4  # two seats, two colours each, every pawn on the track
    # far apart, not merely different: the red fruit once drawn was 19 from the red pawn
    assert fruit and min(distance(f, p) for f in fruit for p in pawns) >= 50, (fruit, pawns)
    # a leaf marks the fruit, so it is told from a pawn without its colour
    assert page.locator("#st-tree g.fruit path").count() == page.locator(
        "#st-tree g.fruit").count()
    # each seat's dot shows the two colours it runs, and those are its pawns' colours
    dots = [rgbs(css) for css in page.evaluate(DOTS)]
    assert [len(colours) for colours in dots] == [2, 2]
    assert dots[0] | dots[1] == pawns and not dots[0] & dots[1]


def test_snow_time_says_nobody_is_choosing_once_the_game_is_over(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("snow-time", ["random", "random", "random"], seed=6)
    deadline = time.monotonic() + 120
    while not server.view(table, None, NO_LOG)["over"]:
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.1)
    page = open_page(browser, server, f"/table/{table['table']}", page_errors)
    page.wait_for_selector("body[data-over='1']", timeout=TIMEOUT)
    panels = page.locator(".colours .colour").all_inner_texts()
    assert len(panels) == 3
    assert not [text for text in panels if "has chosen" in text or "choosing" in text]


def test_winter_queen_seats_wear_colours_no_floe_has(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("winter-queen", ["human", "random", "random", "random"], seed=2)
    page = open_page(browser, server, table["seats"][0]["invite"], page_errors)
    page.wait_for_selector("button.floe", timeout=TIMEOUT)
    # the map's spaces drawn too (a CI run once read the sprite's floes alone)
    page.wait_for_function("document.querySelectorAll('#wq-map polygon').length >= 25",
                           timeout=TIMEOUT)
    # the floes as drawn (the icon sprite's symbols, issue 21) and the map's zones
    floes = set(page.locator("svg.icon-sprite symbol[id^='wq-floe-'] polygon, #wq-map polygon")
                .evaluate_all(FILLS))
    assert len(floes) >= 10  # five floes and five zones
    dots = [rgbs(css) for css in page.evaluate(DOTS)]
    assert len(dots) == 4 and all(len(colours) == 1 for colours in dots)
    seats = set().union(*dots)
    assert len(seats) == 4, "every seat its own colour"
    assert min(distance(s, f) for s in seats for f in floes) >= 50, (seats, floes)


def test_in_the_dark_theme_each_seat_dot_sits_on_the_boards_light_table(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    # The issue 21 audit: Winter Queen's charcoal and navy seats, Winterborne's and ICE's,
    # were 1.03-1.63:1 against the dark panel: Player 1 showed as a hollow ring.
    table = server.create("winter-queen", ["human", "random", "random", "random"], seed=2)
    page = open_themed(browser, page_errors, server.url + table["seats"][0]["invite"], theme="dark")
    page.wait_for_selector("#players .dot", timeout=TIMEOUT)
    board_table = page.evaluate("getComputedStyle(document.documentElement)"
                                ".getPropertyValue('--table').trim()")
    panel = page.evaluate("getComputedStyle(document.querySelector('#players')"
                          ".closest('.panel') || document.body).backgroundColor")
    for dot in page.locator("#players .dot").all():
        colour = dot.evaluate("d => getComputedStyle(d).backgroundColor")
        ring = dot.evaluate("d => getComputedStyle(d).boxShadow")
        # the first (innermost) ring is the boards' table, which the seat colours are made for
        assert Color(ring.split(")")[0] + ")").to_string(hex=True) == board_table, ring
        assert contrast(board_table, panel) >= 3, (board_table, panel)  # WCAG non-text 3:1
        assert contrast(colour, board_table) >= 3, (colour, board_table)
