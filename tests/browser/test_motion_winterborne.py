"""Motion that explains, for Winterborne (issue 21, views/winterborne.js's animate): another
seat's figure walks round the ring of gray spaces from where it stood, the resources it
gained fly to its counts, and the solo Balaur's card turns over on its board before its
character goes to the province and what it takes leaves the province board. Skip ends it
all, leaving the board as the step ended; under reduced motion nothing moves, it fades.

The page's animation clock runs at a tenth of its speed (animation.watch), so a motion
is still running when the test looks at it; the clock is moved on to the moment a test looks
at, not waited for (animation.fast_forward).
"""

from __future__ import annotations

import math
import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

import wintergames as wg
from tests.games.winterborne.helpers import fresh
from tests.games.winterborne.helpers import play as play_moves
from wintergames.core.actions import Action

from .animation import GHOSTS, MOVING, fast_forward, motions, play, play_out, skip_and_settle, watch
from .conftest import PHONE, PageErrors, Server, screenshot
from .test_play import TIMEOUT

ANIMATING = "document.body.dataset.animating === '1'"


def figures(server: Server, table: dict[str, Any], seat: int) -> dict[str, str | None]:
    return dict(server.view(table, None)["observation"]["seats"][seat]["kingdom"]["figures"])


def walk(server: Server, table: dict[str, Any]) -> tuple[int, str, str, str]:
    """The seat to move plays its explorer's hex card and the card that moves furthest:
    two actions, no log line yet (it comes with the special action). Returns the seat, the
    figure, where it stood and where it stopped."""
    seat = server.view(table, None)["to_move"][0]
    before = figures(server, table, seat)
    hex_card = next(a for a in server.legal(table, seat)
                    if a["kind"] == "play" and a["use"] == "E")
    server.act(table, seat, hex_card)
    moves = [a for a in server.legal(table, seat)
             if a["kind"] == "play" and re.fullmatch(r"m\d", a["use"])]
    server.act(table, seat, max(moves, key=lambda a: int(a["use"][1:])))
    after = figures(server, table, seat)
    moved = [name for name in after if after[name] != before[name]]
    assert moved == ["explorer"], (before, after)
    return seat, "explorer", str(before["explorer"]), str(after["explorer"])


def raid(server: Server, table: dict[str, Any], seat: int) -> None:
    """The explorer's special action (+2 meat), which ends the step with its log line."""
    assert {"kind": "word", "word": "raid"} in server.legal(table, seat)
    server.act(table, seat, {"kind": "word", "word": "raid"})


def walk_and_raid(server: Server, table: dict[str, Any]) -> tuple[int, str, str, str]:
    seat, name, start, stop = walk(server, table)
    raid(server, table, seat)
    return seat, name, start, stop


# The walker's distance from the castle, in hex steps (a gray space is 2 from it), and the
# same for the figure drawn where it stopped.
RING_DISTANCE = """([seat, selector]) => {
  const svg = document.querySelector(`svg.wb-kingdom[data-seat='${seat}']`);
  const centre = (node) => {
    const b = node.getBoundingClientRect();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const castle = centre(svg.querySelector("g.place[data-place='castle'] polygon"));
  const g1 = centre(svg.querySelector("g.place[data-place='G1'] polygon"));
  const unit = Math.hypot(g1[0] - castle[0], g1[1] - castle[1]) / 2;
  const at = centre(svg.querySelector(selector));
  return Math.hypot(at[0] - castle[0], at[1] - castle[1]) / unit;
}"""


def scroll_into_view(page: Page, selector: str) -> None:
    page.evaluate("(sel) => document.querySelector(sel).scrollIntoView({block: 'nearest'})",
                  selector)


def test_another_seats_figure_walks_round_the_ring_and_its_gains_fly_to_its_counts(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("winterborne", ["human", "human"], seed=3)
    page = watch(browser, page_errors, server.url + table["spectator"])
    # the players' kingdoms lie below the province boards: in view, as a watcher would scroll
    # (found and scrolled in one call in the page: the socket's first view may redraw the
    # seats between a locator's find and its scroll, "not attached to the DOM")
    scroll_into_view(page, ".wb-seat[data-seat='1']")
    # the figure walks as soon as it moved: the step's line (with the raid) comes later
    seat, name, _, stop = walk(server, table)
    page.wait_for_function(ANIMATING, timeout=TIMEOUT)
    kingdom = page.locator(f"svg.wb-kingdom[data-seat='{seat}']")
    # the board shows the move as it ended; a copy of the figure walks, the figure waits
    expect(kingdom.locator(f"g.place[data-place='{stop}']")).to_have_count(1)
    walker = kingdom.locator("g.wb-walker")
    expect(walker).to_have_count(1)
    figure = kingdom.locator(f"g.figure[data-figure='{name}']")
    assert figure.evaluate("(node) => node.style.visibility") == "hidden"
    assert "motion-along" in motions(page)
    # round the ring, through the spaces between: always about two steps from the castle
    # (a straight line across the board would pass close to it)
    distances = []
    for mark in (0.25, 0.5, 0.75):
        fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-along'"
                           f" && a.effect.getComputedTiming().progress > {mark})")
        distances.append(page.evaluate(RING_DISTANCE, [seat, "g.wb-walker"]))
        if mark == 0.5:
            screenshot(page, "motion-winterborne-walk", tmp_path)
    assert all(1.6 < d < 2.4 for d in distances), distances
    # it takes no clicks: what lies under it does
    box = walker.bounding_box()
    assert box is not None
    under = page.evaluate(f"document.elementFromPoint({box['x'] + box['width'] / 2},"
                          f" {box['y'] + box['height'] / 2}).closest('.wb-walker')")
    assert under is None
    # the step ends: its gains fly to the seat's counts, and the figure, already where it
    # stopped, does not walk again (it stood there, then walked from its old space)
    raid(server, table, seat)
    fast_forward(page, f"({GHOST_PATHS})('').some((g) => g.text === '+2 meat')")
    expect(walker).to_have_count(0)
    assert "motion-along" not in motions(page)
    assert figure.evaluate("(node) => node.style.visibility") == ""
    skip_and_settle(page)
    assert math.isclose(page.evaluate(RING_DISTANCE, [seat, f"g.figure[data-figure='{name}']"]),
                        2, abs_tol=0.4)
    meat = server.view(table, None)["observation"]["seats"][seat]["resources"]["meat"]
    counts = page.locator(f".wb-seat[data-seat='{seat}'] .wb-amount[data-term='meat'] b")
    expect(counts).to_have_text(str(meat))


def test_with_reduced_motion_the_figure_only_fades_in_where_it_stopped(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("winterborne", ["human", "human"], seed=3)
    page = watch(browser, page_errors, server.url + table["spectator"], motion="reduce")
    seat, name, _, _ = walk_and_raid(server, table)
    page.wait_for_function(ANIMATING, timeout=TIMEOUT)
    assert page.evaluate(MOVING) == []
    assert page.evaluate(GHOSTS) == 0
    expect(page.locator("g.wb-walker")).to_have_count(0)
    assert set(motions(page)) == {"motion-highlight"}
    figure = page.locator(f"svg.wb-kingdom[data-seat='{seat}'] g.figure[data-figure='{name}']")
    assert figure.evaluate("(node) => node.style.visibility") == ""
    play_out(page)


def test_the_balaurs_turn_is_shown_step_by_step(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Solo, seed 5: the player ends its first turn at once; the Balaur draws EXP1, its
    explorer goes to green and takes green's exploration card into its score pile."""
    table = server.create("winterborne", ["human"], seed=5)
    server.act(table, 0, {"kind": "word", "word": "end"})
    page = watch(browser, page_errors, server.url + table["seats"][0]["invite"])
    taken = server.view(table, 0)["observation"]["provinces"][0]["exploration"]
    server.act(table, 0, {"kind": "word", "word": "done"})
    page.wait_for_function(ANIMATING, timeout=TIMEOUT)
    # the log names the card (Explorer I), its code kept as data-code
    expect(page.locator("#log li").last).to_contain_text("The Balaur draws Explorer I")
    expect(page.locator("#log li").last.locator("[data-code='EXP1']")).to_have_count(1)
    # drawn as it ended: Explorer I on the green hex of its board, the card in its score pile
    slot = page.locator("#wb-balaur .wb-bslot[data-slot='0'] .wb-bcard[data-code='EXP1']")
    expect(slot).to_contain_text("Explorer I")
    expect(page.locator(f"#wb-balaur [data-term='{taken}']")).to_have_count(1)
    # first its card turns over from the back of a card
    running = motions(page)
    assert "motion-flip" in running
    expect(page.locator("#motion-layer .motion-back use").first).to_have_attribute(
        "href", "#wb-card-back")
    # then its explorer goes to the green province board, then the card comes off that board
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-slide'"
                       " && a.currentTime > a.effect.getTiming().delay"
                       " && a.effect.getComputedTiming().progress > 0.4"
                       " && a.effect.getComputedTiming().progress < 0.8)")
    assert slot.evaluate("(node) => node.getAnimations().length") == 0  # turned over by then
    screenshot(page, "motion-winterborne-balaur", tmp_path)
    skip_and_settle(page)
    expect(slot).to_contain_text("Explorer I")
    assert slot.evaluate("(node) => getComputedStyle(node).transform") == "none"


def road_to_conquer(seed: int) -> tuple[list[tuple[int, Action]], int, list[Action]]:
    """Seeded random moves of a two-player game up to a conquest: the moves before it, the
    seat, and its conquer action with the spoils choice after it."""
    s = wg.make("winterborne", 2, seed=seed)
    rng = random.Random(1)
    moves: list[tuple[int, Action]] = []
    for _ in range(400):
        p = s.to_move[0]
        actions = s.legal_actions(p)
        conquer = [a for a in actions if a.kind == "conquer"]
        if conquer:
            s.apply(conquer[0], p)
            rest = s.legal_actions(p)
            assert all(a.kind == "take" for a in rest), rest
            return moves, p, [conquer[0], rest[0]]
        action = rng.choice(actions)
        s.apply(action, p)
        moves.append((p, action))
    raise AssertionError("no conquest within 400 moves")


def test_a_conquered_section_comes_from_its_province_board_on_a_phone_in_the_dark(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    moves, seat, conquest = road_to_conquer(3)
    table = server.create("winterborne", ["human", "human"], seed=3)
    play(server, table, moves)
    assert seat == 1
    page = watch(browser, page_errors, server.url + table["seats"][0]["invite"],
                 theme="dark", viewport=PHONE)
    section, colour = conquest[0].to_json()["section"], conquest[0].to_json()["colour"]
    scroll_into_view(page, f".wb-province[data-province='{colour}']")
    for action in conquest:
        server.act(table, seat, action)
    page.wait_for_function(ANIMATING, timeout=TIMEOUT)
    place = page.locator(f"svg.wb-kingdom[data-seat='{seat}'] > g.place[data-place='{section}']")
    expect(place.locator("polygon")).not_to_have_attribute("stroke-dasharray", "4 3")
    assert "motion-slide" in motions(page)
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-slide'"
                       " && a.effect.getComputedTiming().progress > 0.3)")
    # on its way from the province board (above) down to the seat's kingdom
    ghost = page.locator("#motion-layer .motion-ghost").first.bounding_box()
    tile = page.locator(f".wb-province[data-province='{colour}'] .counts").bounding_box()
    assert ghost is not None and tile is not None
    assert ghost["y"] > tile["y"]
    screenshot(page, "motion-winterborne-conquer-phone-dark", tmp_path, full_page=False)
    skip_and_settle(page)
    assert place.evaluate("(node) => getComputedStyle(node).opacity") == "1"


# -- each kind of motion of another seat's step, one at a time ------------------------------

Move = tuple[int, Action]


def road_to(seed: int, wanted: str, limit: int = 700) -> tuple[list[Move], list[Move]]:
    """Seeded random play of a two-player game that takes an action of the ``wanted`` kind
    (a take of spoils for "spoils") as soon as one is legal: the moves before the step that
    takes it (the actions up to one log line), and that step's moves."""
    s = wg.make("winterborne", 2, seed=seed)
    rng = random.Random(1)
    moves: list[Move] = []
    start, found = 0, False
    for _ in range(limit):
        p = s.to_move[0]
        actions = s.legal_actions(p)
        hits = [a for a in actions if a.kind == wanted.replace("spoils", "take")
                and (wanted != "spoils" or a.to_json()["spoils"] is not None)]
        action = hits[0] if hits and not found else rng.choice(actions)
        found |= bool(hits)
        lines = len(s.events_for(None))
        s.apply(action, p)
        moves.append((p, action))
        if len(s.events_for(None)) > lines:
            if found:
                return moves[:start], moves[start:]
            start = len(moves)
    raise AssertionError(f"no {wanted} within {limit} moves")


# Each ghost of js/motion.js now flying or sliding (document coordinates): where its first
# keyframe puts it and where it comes to rest, what it carries (its text) and whether it
# carries a copy of an element matching `selector`.
GHOST_PATHS = """(selector) => document.getAnimations()
  .filter((a) => ['motion-slide', 'motion-points'].includes(a.id) && a.playState === 'running'
    && a.effect.target.closest('#motion-layer'))
  .map((a) => {
    const g = a.effect.target.closest('.motion-ghost');
    const [w, h] = [parseFloat(g.style.width) || 0, parseFloat(g.style.height) || 0];
    const end = [parseFloat(g.style.left) + w / 2, parseFloat(g.style.top) + h / 2];
    const shifts = [...a.effect.getKeyframes()[0].transform
      .matchAll(/translate\\(([-\\d.e]+)px, ([-\\d.e]+)px\\)/g)];
    const [dx, dy] = shifts.length ? shifts.at(-1).slice(1).map(Number) : [0, 0];
    return { id: a.id, text: g.textContent, carries: Boolean(selector && g.querySelector(selector)),
             start: [end[0] + dx, end[1] + dy], end };
  })"""
# An element's box in document coordinates: [left, top, right, bottom].
BOX = """(node) => { const b = node.getBoundingClientRect();
  return [b.left + scrollX, b.top + scrollY, b.right + scrollX, b.bottom + scrollY]; }"""
# The elements a flip turns over now.
FLIPPING = """(selector) => document.getAnimations().filter((a) => a.id === 'motion-flip'
  && a.playState === 'running' && a.effect.target.matches(selector)).length"""


def inside(point: list[float], box: list[float], slack: float = 2) -> bool:
    return (box[0] - slack <= point[0] <= box[2] + slack
            and box[1] - slack <= point[1] <= box[3] + slack)


def play_to(server: Server, seed: int, wanted: str) -> tuple[dict[str, Any], list[Move], Any]:
    """A table at the start of the step that takes a ``wanted`` action: the table, the
    step's moves, and the spectator's view before it."""
    before, step = road_to(seed, wanted)
    table = server.create("winterborne", ["human", "human"], seed=seed)
    play(server, table, before)
    return table, step, server.view(table, None)["observation"]


def the_step(server: Server, table: dict[str, Any], step: list[Move]) -> None:
    for mover, action in step:
        server.act(table, mover, action)


def slide_ends(kind: str, step: list[Move], obs: dict[str, Any]) -> tuple[str, str, str]:
    """What a kind of slide moves, from where to where, worked out from the step's actions
    and the board before it: the ghost's content, the element it leaves and the one it
    joins, as selectors."""
    seat = step[0][0]
    mine = f".wb-seat[data-seat='{seat}']"
    kingdom = f"svg.wb-kingdom[data-seat='{seat}']"
    act = next(a.to_json() for _, a in step if a.kind == kind.replace("spoils", "take")
               and (kind != "spoils" or a.to_json()["spoils"] is not None))
    if kind == "build":
        return ("g.building", f"{mine} [data-term='house board']",
                f"{kingdom} g.place[data-place='{act['section']}'] g.building")
    if kind == "spoils":
        colour = next(p["colour"] for p in obs["provinces"] if act["spoils"] in (p["spoils"] or []))
        return (f".wb-chip[data-spoils='{act['spoils']}']",
                f".wb-province[data-province='{colour}'] .spoils",
                f"{mine} .wb-chip[data-spoils='{act['spoils']}']")
    if kind == "trade":
        glyph = f"use[href='#wb-province-{act['province']}']"
        return (".wb-back", f".wb-province[data-province='{act['province']}'] p.ally",
                f"{mine} .wb-backs[data-term='ally'] .wb-back:has({glyph}) >> nth=-1")
    assert kind == "explore"
    return (".wb-backs", f".wb-province[data-province='{act['province']}'] .explore",
            f"{mine} .wb-backs[data-term='hand']")


WHOLE_BOARD: ViewportSize = {"width": 1300, "height": 1800}
SLIDES = {"build": 3, "spoils": 3, "trade": 3, "explore": 3}


@pytest.mark.parametrize("kind", list(SLIDES))
def test_what_another_seat_takes_or_places_slides_there_from_where_it_was(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path,
        kind: str) -> None:
    """A building placed comes from the seat's house board; spoils taken, an ally traded
    for and an explored card leave their province board for the seat's own area."""
    table, step, obs = play_to(server, SLIDES[kind], kind)
    content, source, target = slide_ends(kind, step, obs)
    # a screen the whole board fits on: a ghost bound off the screen is held at its edge
    page = watch(browser, page_errors, server.url + table["spectator"], viewport=WHOLE_BOARD)
    the_step(server, table, step)
    page.wait_for_function(ANIMATING, timeout=TIMEOUT)
    fast_forward(page, f"({GHOST_PATHS})({content!r}).some((g) => g.carries)")
    ghost = next(g for g in page.evaluate(GHOST_PATHS, content) if g["carries"])
    assert ghost["id"] == "motion-slide"
    # (measured on the board as the step ended, as the motion measures them)
    leaves, joins = page.locator(source).evaluate(BOX), page.locator(target).evaluate(BOX)
    assert inside(ghost["start"], leaves), (ghost, leaves)
    assert inside(ghost["end"], joins), (ghost, joins)
    screenshot(page, f"motion-winterborne-{kind}", tmp_path)
    skip_and_settle(page)
    # the board as the step ended: what moved is where it went, drawn as render() drew it
    moved = page.locator(target)
    expect(moved).to_be_visible()
    assert moved.evaluate("(node) => getComputedStyle(node).opacity") == "1"
    assert moved.evaluate("(node) => node.getAnimations().length") == 0


def test_the_cards_another_seat_played_turn_over_where_the_played_cards_are_shown(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Seed 3's first step: the two cards played from a hidden hand turn over on the season
    track, each a box of its own (a transform does not turn an inline run of text)."""
    table, step, _ = play_to(server, 3, "play")
    played = [a.to_json()["card"] for _, a in step if a.kind == "play"]
    assert len(played) == 2
    page = watch(browser, page_errors, server.url + table["spectator"])
    the_step(server, table, step)
    chips = [f"#wb-seasons .played .wb-named[data-code='{card}']" for card in played]
    # (they turn over with the step's line, after the figure's walk partway through it)
    page.wait_for_function(ANIMATING, timeout=TIMEOUT)
    fast_forward(page, f"({FLIPPING})({chips[0]!r}) === 1")
    for chip in chips:
        assert page.evaluate(FLIPPING, chip) == 1, chip
        assert page.locator(chip).evaluate("(node) => getComputedStyle(node).display") != "inline"
    expect(page.locator("#motion-layer .motion-back use[href='#wb-card-back']")).to_have_count(2)
    skip_and_settle(page)
    for chip in chips:
        turned = page.locator(chip)
        expect(turned).to_be_visible()
        assert turned.evaluate("(node) => getComputedStyle(node).transform") == "none"


def test_a_power_used_is_marked_on_the_seats_power_card(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Seed 3, in the winter: a seat uses its card's power (swap a card with a province's
    exploration card): "power used" flies to its power card; the card swapped in turns over
    on the province board."""
    table, step, _ = play_to(server, 3, "power")
    seat = step[0][0]
    swap = next(a.to_json() for _, a in step if a.kind == "swap")
    page = watch(browser, page_errors, server.url + table["spectator"], viewport=WHOLE_BOARD)
    # the same step watched with reduced motion (its road is a whole game's first half)
    still = watch(browser, page_errors, server.url + table["spectator"], motion="reduce",
                  viewport=WHOLE_BOARD)
    the_step(server, table, step)
    nothing_of_the_step_moves(still)
    page.wait_for_function(ANIMATING, timeout=TIMEOUT)
    fast_forward(page, f"({GHOST_PATHS})('').some((g) => g.text === 'power used')")
    badge = next(g for g in page.evaluate(GHOST_PATHS, "") if g["text"] == "power used")
    card = page.locator(f".wb-seat[data-seat='{seat}'] .wb-power")
    assert inside(badge["end"], card.evaluate(BOX)), badge
    assert inside(badge["start"], page.locator(f".wb-seat[data-seat='{seat}']").evaluate(BOX))
    explore = f".wb-province[data-province='{swap['province']}'] .explore .wb-mini"
    assert page.evaluate(FLIPPING, explore) == 1
    skip_and_settle(page)
    winter = server.view(table, None)["observation"]["winter_round"]
    expect(card).to_contain_text(f"used in rounds {winter}")
    assert card.evaluate("(node) => getComputedStyle(node).transform") == "none"


def nothing_of_the_step_moves(page: Page) -> None:
    """A page with reduced motion, as another seat's step arrives: only its highlight."""
    page.wait_for_function(ANIMATING, timeout=TIMEOUT)
    assert page.evaluate(MOVING) == []
    assert page.evaluate(GHOSTS) == 0
    assert set(motions(page)) == {"motion-highlight"}
    skip_and_settle(page)


# (a power's step: in test_a_power_used_is_marked_on_the_seats_power_card)
@pytest.mark.parametrize("kind", ["build", "spoils", "trade", "explore", "play"])
def test_with_reduced_motion_nothing_of_another_seats_step_moves(
        server: Server, browser: Browser, page_errors: PageErrors, kind: str) -> None:
    table, step, _ = play_to(server, 3, kind)
    page = watch(browser, page_errors, server.url + table["spectator"], motion="reduce",
                 viewport=WHOLE_BOARD)
    the_step(server, table, step)
    nothing_of_the_step_moves(page)


def mask_walk_line() -> dict[str, Any]:
    """The engine's line for the explorer walking back from G3 to G1 with a Mask card's
    counter-clockwise circle (2 steps that way), as a view carries it."""
    s = fresh(hand=["EXP1", "MASK2"])
    play_moves(s, "EXP1 E", "MASK2 ccw2", "pass")
    line = s.log[-1]
    assert line.text.endswith("explorer moves 2 spaces counter-clockwise to G1"), line.text
    return line.view()


def test_a_walk_partway_through_a_step_goes_the_way_the_card_played_says(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Partway through a step no log line says which way a figure went: a Mask card's
    counter-clockwise circle does (G3 back to G1 is 2 steps that way, 4 the other). Once
    the line comes, its walk clause says it: the figure, the spaces walked, the way and
    where it stopped, read from the line's mentions (walksOf), never from its words."""
    table = server.create("winterborne", ["human", "human"], seed=3)
    page = page_errors.watch(browser.new_page())
    page.goto(server.url + table["spectator"])
    steps = page.evaluate("""async (ccw) => {
      const m = await import('/static/js/views/winterborne/motion.js');
      const layout = await (await fetch('/api/games/winterborne/layout')).json();
      const walk = (lines, played) =>
        (m.figurePath(layout, 'explorer', 'G3', 'G1', m.walksOf(lines), played).length - 1) / 6;
      // the same line said clockwise, 4 spaces: its amount and no way
      const parts = ccw.parts.filter((p) => p.ref !== 'ccw')
        .map((p) => (p.unit === 'spaces' ? { ...p, ref: 4, text: '4 spaces' } : p));
      const cw = { ...ccw, parts, text: 'its words are never read' };
      return [walk([], ['MASK2']), walk([], []), walk([], ['SHA1']),
              walk([ccw], []), walk([cw], ['MASK2']),
              m.walksOf([ccw]), m.walksOf([{ ...ccw, text: 'explorer moves 4 to G1' }])];
    }""", mask_walk_line())
    # a Mask card, none, a card whose circle does not lead there, the line, the line first
    walked = {"figure": "explorer", "steps": 2, "ccw": True, "to": "G1"}
    assert steps == [2, 4, 4, 2, 4, [walked], [walked]]


def test_another_seats_move_is_brought_into_sight_and_the_page_goes_back(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Issue 39 item 1: another seat's figures walked on its small kingdom some 1,900 px
    down the page while you looked at your hand. Its kingdom comes into sight before the
    figure walks, the walking figure stays inside the screen, and once nothing more plays
    the page goes back to where you were."""
    table = server.create("winterborne", ["human", "human"], seed=3, first_player="2")
    page = watch(browser, page_errors, server.url + table["seats"][0]["invite"])
    page.evaluate("window.scrollTo(0, 0)")  # your hand and kingdom, at the top
    kingdom = page.locator("svg.wb-kingdom[data-seat='1']")
    kingdom.wait_for()  # drawn with the first view, which may come a frame after the version
    box, screen = kingdom.bounding_box(), page.viewport_size
    assert box is not None and screen is not None
    height = screen["height"]
    assert box["y"] > height  # below, out of sight
    seat, _, _, _ = walk(server, table)
    assert seat == 1
    page.wait_for_function(ANIMATING, timeout=TIMEOUT)
    walker = kingdom.locator("g.wb-walker")
    expect(walker).to_have_count(1)
    for mark in (0.2, 0.6):
        fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-along'"
                           f" && a.effect.getComputedTiming().progress > {mark})")
        box = walker.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, box
    screenshot(page, "motion-winterborne-in-sight", tmp_path, full_page=False)
    skip_and_settle(page)
    page.wait_for_function("window.scrollY === 0", timeout=TIMEOUT)  # back at your hand
