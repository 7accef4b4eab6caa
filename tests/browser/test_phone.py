"""Phones (issue 18): at 390x844 one game of every kind is played to the end by tapping.
The games a desktop test plays to its end on the page (Winter Queen, Winterborne, ICE)
are tapped to their end on a phone in the soak only: the fast tier taps their opening,
plays the rest over HTTP and opens the finished table again (issue 37).

On the way the page is checked the way a person holding the phone meets it: the page never
scrolls sideways (only the board pans, in its own box), the board's text is drawn at a
size that can be read, and while it is your move the decision's controls are on screen
with the board still in view above them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from ..tiers import soak
from .conftest import LEGIBLE_PX, NO_LOG, POLL_MS, PageErrors, Server, screenshot
from .test_ice import play_one_decision as play_one_ice_decision
from .test_play import (
    TIMEOUT,
    click_and_wait,
    play_one_winter_queen_decision,
    play_the_middle,
    ready_for_the_picture,
    wait_for_my_turn_or_the_end,
)
from .test_watch import open_the_typed_flick
from .test_winterborne import play_one_decision as play_one_winterborne_decision

PHONE: ViewportSize = {"width": 390, "height": 844}

# Rendered size of every board text, thumbnails (other seats' small kingdoms) aside.
TEXT_SIZES = """() => [...document.querySelectorAll('#board svg:not(.small) text')]
  .filter((t) => t.textContent.trim() && t.getBoundingClientRect().width > 0)
  .map((t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""


def play_one_snow_time_decision(page: Page, rng: random.Random) -> None:
    if page.locator("button.heal").count():  # a Healer asks its owner first
        click_and_wait(page, "button.heal")
        return
    cards = page.locator("button.card.playable")
    expect(cards.first).to_be_visible(timeout=TIMEOUT)
    click_and_wait(page, "button.card.playable", rng.randrange(cards.count()))


def play_one_icecool_decision(page: Page, rng: random.Random) -> None:
    """A button of "Your move" (collect, exam, trade, ...) whenever there is one, so the
    game moves on to its end, else a typed flick: the drag is tested at desktop size in
    test_play.py."""
    # what scores first (collect, exam, cast, trade), "done" when nothing else is left
    scoring = "#choices button[class^='act-']:not(.act-done), #choices button.trade-give"
    choices = scoring if page.locator(scoring).count() else "#choices button.act-done"
    buttons = page.locator(choices)
    flick = page.locator("#typed-angle").count() > 0
    if buttons.count():
        pick = rng.randrange(buttons.count())
        if "trade-give" not in (buttons.nth(pick).get_attribute("class") or ""):
            click_and_wait(page, choices, pick)
            return
        buttons.nth(pick).click()  # a trade's first choice: nothing is sent before the second
        takes = page.locator("#trade button.act-trade")
        expect(takes.first).to_be_visible()
        click_and_wait(page, "#trade button.act-trade", rng.randrange(takes.count()))
        return
    assert flick, page.locator("#choices").inner_text()
    open_the_typed_flick(page)
    page.fill("#typed-angle", str(rng.uniform(0, 360)))
    page.fill("#typed-power", str(rng.uniform(0.2, 0.9)))
    click_and_wait(page, "#choices details button")


# The long games are played on the page for their first OPENING decisions and again from
# a point near their end (their last round or day), the middle over HTTP.
OPENING = 10
NEAR_THE_END: dict[str, Callable[[dict[str, Any]], bool]] = {
    "icecool-wizards": lambda obs: obs["final_round"],
    "winterborne": lambda obs: obs["winter_round"] == 3,
    "ice": lambda obs: obs["day"] >= 4,
}

GAMES: list[tuple[str, list[str], dict[str, Any], Callable[[Page, random.Random], object]]] = [
    ("winter-queen", ["human", "random"], {}, play_one_winter_queen_decision),
    ("snow-time", ["human", "random", "random"], {}, play_one_snow_time_decision),
    ("icecool-wizards", ["human", "random"], {}, play_one_icecool_decision),
    ("winterborne", ["human", "random"], {}, play_one_winterborne_decision),
    ("ice", ["human", "random"], {}, play_one_ice_decision),
]


# The games whose desktop test (test_play.py, test_winterborne.py, test_ice.py) plays
# them to the end on the page: their end on a phone is the soak's. In the fast tier the
# phone taps the decisions it is checked after (CHECKED), the rest is played over HTTP and
# the finished table opened again on the phone, its end dialog checked there.
ENDED_ON_A_DESKTOP = {"winter-queen", "winterborne", "ice"}
CHECKED = 6
PLAYED = [pytest.param(*played, False, id=f"{played[0]}-opening")
          if played[0] in ENDED_ON_A_DESKTOP else pytest.param(*played, True, id=played[0])
          for played in GAMES]
PLAYED += [pytest.param(*played, True, id=played[0], marks=soak)  # tapped to the end
           for played in GAMES if played[0] in ENDED_ON_A_DESKTOP]


# The board's drawing in each game (its map, tree and track, table, kingdom), and how much
# of it must be on screen above the decision's controls while it is your move: half of it,
# or BOARD_SHOWN_PX when that is less.
DRAWING = {"winter-queen": "#wq-map", "snow-time": "#board .st-pan-box",
           "icecool-wizards": "#ic-board", "winterborne": "#board svg.wb-kingdom",
           "ice": "#board .ice-board"}
BOARD_SHOWN_PX = 250
# Two frames drawn: the page has done what it does as a turn begins (table.js scrolls).
TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"
# Your pieces (data-phone-focus) wholly on the screen and above the sheet of choices.
IN_SIGHT = """() => {
  const focus = document.querySelector('#board [data-phone-focus]').getBoundingClientRect();
  const sheet = document.getElementById('choices-panel').getBoundingClientRect();
  return focus.top >= 0 && focus.bottom <= sheet.top + 2;
}"""


def check_the_phone_page(page: Page, game: str, as_opened: bool = True) -> None:
    page.evaluate(TWO_FRAMES)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{game}: the page scrolls sideways ({width} px wide)"
    sizes = page.evaluate(TEXT_SIZES)
    assert sizes, f"{game}: no board text drawn"
    assert min(sizes) >= LEGIBLE_PX, f"{game}: board text drawn at {min(sizes):.1f} px"
    if page.evaluate("document.body.dataset.myTurn") == "1":
        panel = page.locator("#choices-panel").bounding_box()
        assert panel is not None
        assert panel["y"] >= 0 and panel["y"] + panel["height"] <= PHONE["height"] + 1, (
            f"{game}: the decision's controls are off screen")
        # the board is still in view above the controls (a real part of its box, not a
        # sliver: a box scrolled above the screen is no board in view)
        board = page.locator("#board").bounding_box()
        assert board is not None
        shown = min(board["y"] + board["height"], panel["y"]) - max(board["y"], 0)
        assert shown >= 150, f"{game}: the controls hide the board ({shown:.0f} px shown)"
        # and as a turn begins (the page scrolls then: js/table.js) not only the foot of
        # its box (stands, hands, notes) but a good part of its drawing
        drawing = page.locator(DRAWING[game]).first.bounding_box()
        assert drawing is not None
        shown = min(drawing["y"] + drawing["height"], panel["y"]) - max(drawing["y"], 0)
        assert not as_opened or shown >= min(BOARD_SHOWN_PX, drawing["height"] / 2), (
            f"{game}: the board's drawing is out of sight ({shown:.0f} px of"
            f" {drawing['height']:.0f} shown above the controls at {panel['y']:.0f})")
        # and, as a turn begins, the pieces played with (stands, hand: the view marks
        # them) are in sight above the controls; later the person scrolls as they like
        focus = page.locator("#board [data-phone-focus]")
        if as_opened and focus.count():
            box = focus.first.bounding_box()
            assert box is not None and box["y"] >= 0 and (
                box["y"] + min(box["height"], panel["y"]) <= panel["y"] + 2), (
                f"{game}: your pieces are off screen ({box}, controls at {panel['y']})")


@pytest.mark.parametrize(("game", "kinds", "options", "decide", "whole"), PLAYED)
def test_a_game_played_to_the_end_on_a_phone(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path,
        game: str, kinds: list[str], options: dict[str, Any],
        decide: Callable[[Page, random.Random], object], whole: bool) -> None:
    table = server.create(game, kinds, seed=4, **options)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    # The others' moves are shown at once (test_watch.py plays the animations): hundreds
    # of flicks at their reading pace would only make this test long.
    context.add_init_script("localStorage.setItem('wg.animations', 'off')")
    page = page_errors.watch(context.new_page())
    page.goto(server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    check_the_phone_page(page, game)
    ready_for_the_picture(page)
    screenshot(page, f"{game}-phone", tmp_path, full_page=False)  # the screen, as held
    rng = random.Random(4)
    for decision in range(3000):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        if not whole and decision == CHECKED:  # the rest over HTTP, the end on the phone
            play_the_middle(page, server, table, 0, lambda obs: False, rng)
            continue
        if decision == OPENING and game in NEAR_THE_END:
            play_the_middle(page, server, table, 0, NEAR_THE_END[game], rng)
            continue
        decide(page, rng)
        wait_for_my_turn_or_the_end(page)
        if decision < CHECKED and page.evaluate("document.body.dataset.over") != "1":
            check_the_phone_page(page, game, as_opened=False)  # not only as first opened
    else:
        raise AssertionError(f"{game}: the game did not end")
    expect(page.locator("dialog#end")).to_be_visible()
    final = server.view({"table": table["table"], "spectator_secret": None}, None)
    assert final["over"]
    # the end dialog fits the screen's width; its table may pan inside it
    box = page.locator("dialog#end").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    context.close()


def test_the_lobby_fits_a_phone(server: Server, browser: Browser,
                                page_errors: PageErrors) -> None:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = page_errors.watch(context.new_page())
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    button = page.locator("#create-button").bounding_box()
    assert button is not None and button["y"] + button["height"] <= PHONE["height"]
    for control in ("#game", "#players"):
        box = page.locator(control).bounding_box()
        assert box is not None and box["x"] + box["width"] <= PHONE["width"]
    context.close()


# Every scroll table.js makes, with where the pieces and the sheet stood before it.
RECORD_SCROLLS = """
window.madeScrolls = [];
const scrollBy = window.scrollBy.bind(window);
window.scrollBy = (how) => {
  const pieces = document.querySelector('#board [data-phone-focus]')?.getBoundingClientRect();
  const sheet = document.getElementById('choices-panel').getBoundingClientRect();
  window.madeScrolls.push({by: how.top, top: pieces?.top, bottom: pieces?.bottom,
                           room: Math.min(sheet.top, innerHeight) - 8});
  return scrollBy(how);
};
"""


def test_a_turn_that_begins_with_your_pieces_in_sight_does_not_jolt_the_page(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Turn after turn the stands change size (a floe taken, a stand refilled). As a turn
    begins the page scrolls them into sight when they are not, or to show a good deal more
    of the board above them; never by a few pixels when they are in sight already."""
    table = server.create("winter-queen", ["human", "random"], seed=4, first_player="1")
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script("localStorage.setItem('wg.animations', 'off')")
    context.add_init_script(RECORD_SCROLLS)
    page = page_errors.watch(context.new_page())
    page.goto(server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    rng = random.Random(4)
    for _ in range(8):
        if server.view(table, None)["over"]:
            break
        version = server.view(table, 0)["version"]
        while server.view(table, None, NO_LOG)["to_move"] == [0]:  # the whole turn over HTTP
            server.act(table, 0, rng.choice(server.legal(table, 0)))
        page.wait_for_function(f"Number(document.body.dataset.version) > {version}",
                               polling=POLL_MS)
        wait_for_my_turn_or_the_end(page)
        if page.evaluate("document.body.dataset.over") == "1":
            break
        # The page scrolls once its stylesheets have loaded, a frame later: on a loaded
        # machine that can be more than two frames after the turn shows as begun.
        page.wait_for_function(IN_SIGHT, timeout=TIMEOUT, polling=POLL_MS)
    made = page.evaluate("window.madeScrolls")
    assert made, "the first turn scrolls the stands into sight"
    jolts = [m for m in made if m["top"] >= 0 and m["bottom"] <= m["room"]
             and abs(m["by"]) < m["room"] / 4]
    assert jolts == [], made
    context.close()


def test_ice_brings_its_board_into_sight_as_your_move_begins_and_folds_the_invites(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Issue 39 item 4: on a phone ICE's "Invite people" panel filled the screen above the
    sheet though every other seat was a bot, and a move began wherever the page had been
    scrolled to. The panel is folded where there is nobody to invite, and as your move
    begins the board comes into sight above the sheet of choices."""
    table = server.create("ice", ["human", "random", "random"], seed=4)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script("localStorage.setItem('wg.animations', 'off')")
    page = page_errors.watch(context.new_page())
    # the creator's page: the lobby keeps what it made in this browser's storage
    page.goto(server.url + "/")
    made = {"table": table["table"], "game": "ice", "saved": 1,
            "creator_secret": table["creator_secret"], "spectator": table["spectator"],
            "seats": [{"seat": s["seat"], "kind": s["kind"], "invite": s.get("invite")}
                      for s in table["seats"]]}
    page.evaluate("([key, made]) => localStorage.setItem(key, JSON.stringify(made))",
                  [f"wintergames.created.{table['table']}", made])
    page.goto(server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    expect(page.locator("#invites")).to_be_attached()
    assert page.locator("#invites").evaluate("(d) => d.open") is False
    # the page scrolled away, to the log; then a move of yours ends the turn and the
    # bots play theirs; yours begins again
    rng = random.Random(4)
    for _ in range(3):
        page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
        ended = server.view(table, 0)
        while ended["to_move"] == [0]:  # the rest of the turn, over HTTP
            legal = [entry["action"] for entry in ended["legal"]]
            # "end" the turn, never "stop" (the day): the bots' whole day would come between
            ends = [a for a in legal if a.get("kind") == "word" and a.get("word") == "end"]
            ended = server.act(table, 0, (ends or [rng.choice(legal)])[0], ended["version"])
        # the view that ended the turn: the page shows a later one, at your move again
        page.wait_for_function(f"Number(document.body.dataset.version) > {ended['version']}"
                               " && document.body.dataset.myTurn === '1'", timeout=3 * TIMEOUT)
        page.evaluate(TWO_FRAMES)
        board = page.locator("#board .ice-board").bounding_box()
        sheet = page.locator("#choices-panel").bounding_box()
        assert board is not None and sheet is not None
        shown = min(board["y"] + board["height"], sheet["y"]) - max(board["y"], 0)
        assert shown >= min(BOARD_SHOWN_PX, board["height"] / 2), (board, sheet)
    screenshot(page, "ice-phone-move-begins", tmp_path, full_page=False)
    context.close()


def test_winterborne_a_cards_uses_open_in_the_sheet_and_a_kingdom_decision_shows_it(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Issue 39 item 3: on a phone a tapped card's uses opened under the hand, behind the
    sheet of choices, and a decision on the kingdom (a section to conquer or build on)
    began with the hand in sight and the kingdom off screen. The uses open in the sheet,
    wholly on screen; a decision made on the kingdom brings the kingdom into sight."""
    table = server.create("winterborne", ["human", "random"], seed=2, first_player="1")
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    context.add_init_script("localStorage.setItem('wg.animations', 'off')")
    page = page_errors.watch(context.new_page())
    page.goto(server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    page.locator("#wb-hand button.wb-card.playable").first.click()
    uses = page.locator("#choices-panel #wb-uses button.use")
    expect(uses.first).to_be_visible()
    sheet = page.locator("#choices-panel").bounding_box()
    assert sheet is not None
    for i in range(uses.count()):
        box = uses.nth(i).bounding_box()
        if box is not None and box["y"] + box["height"] <= PHONE["height"]:
            break
    else:
        raise AssertionError("no use of the card can be seen")
    assert page.locator("#wb-hand #wb-uses").count() == 0
    screenshot(page, "winterborne-card-uses-phone", tmp_path, full_page=False)
    page.close()
    # a decision made on the kingdom (a section to conquer or build on): played to over
    # HTTP, then the page opens on it; the kingdom is in sight above the sheet
    rng = random.Random(2)
    on_kingdom = {"conquer", "build", "exit", "relocate"}
    for _ in range(3000):
        view = server.view(table, 0, NO_LOG)
        kinds = {entry["action"]["kind"] for entry in view["legal"]}
        if kinds & on_kingdom:
            break
        assert not view["over"], "no decision on the kingdom came"
        if view["legal"]:
            server.act(table, 0, rng.choice([e["action"] for e in view["legal"]]),
                       view["version"])
        else:
            time.sleep(0.01)
    page = page_errors.watch(context.new_page())
    page.goto(server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    page.evaluate(TWO_FRAMES)
    assert page.locator("#board [data-phone-focus]").get_attribute("data-phone-focus") == "kingdom"
    assert page.evaluate(IN_SIGHT), "the kingdom is not in sight above the sheet"
    screenshot(page, "winterborne-kingdom-decision-phone", tmp_path, full_page=False)
    context.close()
