"""Motion that explains (issue 21, js/motion.js): another seat's placed floe slides from its
stand, a book taken turns over, Snow Time's revealed cards flip and its points fly to the
track, ICECOOL's penguin slides along its path. Every motion is skippable, leaves the board
as the view ended, and under prefers-reduced-motion nothing slides, flips or flies.

The browser's animation clock runs at a tenth of its speed here (the DevTools Animation
domain), so a motion is still running when the test looks at it, however slow the machine;
the clock is moved on to the moment a test looks at, not waited for (animation.fast_forward).
"""

from __future__ import annotations

import copy
import functools
import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, FloatRect, Page, ViewportSize, expect

import wintergames as wg
from wintergames.core.actions import Action

from .animation import GHOSTS, MOVING, fast_forward, motions, play, play_out, skip_and_settle, watch
from .conftest import PHONE, PageErrors, Server, screenshot
from .test_icecool import seeded_play
from .test_play import TIMEOUT
from .test_watch import choose_snow_time_cards

# A desktop screen tall enough to hold a whole board with its stands and hands at once.
TALL: ViewportSize = {"width": 1300, "height": 1700}


def place_on_a_cell(server: Server, table: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    seat = server.view(table, None)["to_move"][0]
    place = next(a for a in server.legal(table, seat) if a["kind"] == "place")
    server.act(table, seat, place)
    return seat, place


def test_winter_queen_a_floe_slides_from_its_stand_and_a_book_turns_over(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("winter-queen", ["human"] * 3, seed=7)
    page = watch(browser, page_errors, server.url + table["spectator"])
    seat, place = place_on_a_cell(server, table)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    floe = page.locator(f"#wq-map .cell[data-cell='{place['cell']}'] g.floe")
    # the board is drawn as the move ended; a copy slides from the stand to the space
    expect(floe).to_have_attribute("data-floe", place["floe"])
    assert "motion-slide" in motions(page)
    assert page.evaluate(GHOSTS) == 1
    ghost = page.locator("#motion-layer .motion-ghost").bounding_box()
    cell = floe.bounding_box()
    assert ghost is not None and cell is not None
    assert abs(ghost["y"] - cell["y"]) > 50  # still on its way up from the stands
    # it takes no clicks: what lies under it does
    under = page.evaluate(f"document.elementFromPoint({ghost['x'] + ghost['width'] / 2},"
                          f" {ghost['y'] + ghost['height'] / 2}).closest('#motion-layer')")
    assert under is None
    screenshot(page, "motion-winter-queen-slide", tmp_path)
    skip_and_settle(page)
    expect(floe).to_be_visible()
    assert page.evaluate(f"getComputedStyle(document.querySelector("
                         f"\"#wq-map .cell[data-cell='{place['cell']}'] g.floe\")).opacity") == "1"
    # the same seat takes a book: it turns over in its row of books
    take = next(a for a in server.legal(table, seat)
                if a["kind"] == "take" and a["province"] is not None)
    server.act(table, seat, take)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    assert "motion-flip" in motions(page)
    expect(page.locator("#motion-layer .motion-back use")).to_have_attribute(
        "href", "#wq-book-back")
    screenshot(page, "motion-winter-queen-flip", tmp_path)
    play_out(page)  # played out to its end, unskipped
    assert motions(page) == [] and page.evaluate(GHOSTS) == 0
    book = server.view(table, None)["observation"]["books"][seat][-1]["id"]
    assert page.evaluate(f"getComputedStyle(document.querySelector("
                         f"\".book[data-book='{book}']\")).transform") == "none"


@functools.cache  # two tests take the same road (a deep copy of the game per action tried)
def road_to_vp(seed: int) -> tuple[list[tuple[int, Action]], int, Action]:
    """Seeded moves of a 3-player Winter Queen up to an action that gains VP (an event of
    its log gives VP): the moves, the seat and that action."""
    s = wg.make("winter-queen", 3, seed=seed)
    rng = random.Random(1)
    moves: list[tuple[int, Action]] = []
    for _ in range(300):
        p = s.to_move[0]
        actions = s.legal_actions(p)
        for action in actions:
            trial = copy.deepcopy(s)
            trial.apply(action, p)
            if any(event.vp > 0 for event in trial.log[len(s.log):]):
                return moves, p, action
        action = rng.choice([a for a in actions if a.kind != "pass"] or actions)
        s.apply(action, p)
        moves.append((p, action))
    raise AssertionError("no VP gained within 300 moves")


def test_winter_queen_the_vp_another_seat_gains_fly_to_it(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    moves, seat, gain = road_to_vp(7)
    table = server.create("winter-queen", ["human"] * 3, seed=7)
    play(server, table, moves)
    page = watch(browser, page_errors, server.url + table["seats"][0]["invite"])
    assert seat != 0
    server.act(table, seat, gain)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    gained = next(line for line in page.locator("#log li").all_text_contents() if " gains " in line)
    vp = gained.split(" gains ")[1].split(" VP")[0]
    assert "motion-points" in motions(page)
    expect(page.locator("#motion-layer .motion-points")).to_have_text(f"+{vp} VP")
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-points'"
                       " && a.effect.getComputedTiming().progress > 0.5)")
    # on its way from the floe it placed to the seat's row in the players list
    badge = page.locator("#motion-layer .motion-points").bounding_box()
    cell = page.locator(f"#wq-map .cell[data-cell='{gain.to_json()['cell']}']").bounding_box()
    row = page.locator(f"#players li[data-seat='{seat}']").bounding_box()
    assert badge is not None and cell is not None and row is not None
    centre = badge["x"] + badge["width"] / 2
    assert cell["x"] + cell["width"] < centre < row["x"] + row["width"]
    screenshot(page, "motion-winter-queen-points", tmp_path)
    play_out(page)
    assert motions(page) == [] and page.evaluate(GHOSTS) == 0


def test_winter_queen_with_reduced_motion_nothing_slides(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("winter-queen", ["human"] * 3, seed=7)
    page = watch(browser, page_errors, server.url + table["spectator"], motion="reduce")
    place_on_a_cell(server, table)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    # the placed floe only fades in where it lies: no copy, no transform
    assert page.evaluate(MOVING) == []
    assert page.evaluate(GHOSTS) == 0
    assert motions(page) == ["motion-highlight"]
    play_out(page)


def test_snow_time_revealed_cards_flip_and_points_fly_to_the_track(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("snow-time", ["human"] * 3, seed=8)
    page = watch(browser, page_errors, server.url + table["spectator"])
    before = {c["colour"]: c["pawn"] for c in server.view(table, None)["observation"]["colours"]}
    choose_snow_time_cards(server, table, [0, 1, 2])
    page.wait_for_selector("#st-resolution li", timeout=TIMEOUT)
    # each revealed card on the tree turns over from its back
    revealing = page.locator("#st-tree .revealing")
    expect(revealing).to_have_count(3)
    assert motions(page).count("motion-flip") == 3
    expect(page.locator("#motion-layer .motion-back use").first).to_have_attribute(
        "href", "#st-card-back")
    screenshot(page, "motion-snow-time-flip", tmp_path)
    after = {c["colour"]: c["pawn"] for c in server.view(table, None)["observation"]["colours"]}
    scored = [colour for colour in after if after[colour] > before[colour]]
    assert scored, (before, after)  # seed 8's first turn moves a pawn
    # the flips over, points fly to the track and a pawn slides along it
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-points'"
                       " && a.currentTime > a.effect.getTiming().delay)")
    assert "motion-slide" in motions(page)
    expect(page.locator("#motion-layer .motion-points").first).to_have_text(
        f"+{after[scored[0]] - before[scored[0]]}")
    screenshot(page, "motion-snow-time-points", tmp_path)
    skip_and_settle(page)
    # as the view ended: no revealed copies on the tree, every pawn where it stands
    expect(revealing).to_have_count(0)
    assert page.locator("#st-resolution[data-done]").count() == 1
    for colour in scored:
        pawn = page.locator(f"#st-track g.pawn[data-colour='{colour}']")
        assert pawn.evaluate("(node) => getComputedStyle(node).opacity") == "1"


def test_snow_time_with_reduced_motion_no_card_turns_and_no_point_flies(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("snow-time", ["human"] * 3, seed=8)
    page = watch(browser, page_errors, server.url + table["spectator"], motion="reduce")
    choose_snow_time_cards(server, table, [0, 1, 2])
    page.wait_for_selector("#st-resolution li", timeout=TIMEOUT)
    expect(page.locator("#st-tree .revealing")).to_have_count(3)
    assert page.evaluate(MOVING) == []
    assert page.evaluate(GHOSTS) == 0
    assert set(motions(page)) == {"motion-highlight"}
    skip_and_settle(page)


def flick(server: Server, table: dict[str, Any], seat: int) -> None:
    server.act(table, seat, {"kind": "flick", "angle": 90.0, "power": 0.5, "spin": 0.0})


def test_icecool_the_penguin_slides_along_its_path_and_skip_stops_it(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("icecool-wizards", ["human"] * 3, seed=4)
    page = watch(browser, page_errors, server.url + table["spectator"])
    seat = server.view(table, None)["to_move"][0]
    flick(server, table, seat)
    page.wait_for_selector("#flick-dot", timeout=TIMEOUT)
    assert "motion-along" in motions(page)
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-along'"
                       " && a.effect.getComputedTiming().progress > 0.3)")
    # the penguin drawn where it stopped is hidden while its copy slides
    penguin = page.locator(f"#ic-board g.penguin[data-seat='{seat}']")
    assert penguin.evaluate("(node) => node.style.visibility") == "hidden"
    screenshot(page, "motion-icecool-slide", tmp_path)
    skip_and_settle(page)
    expect(page.locator("#flick-dot")).to_have_count(0)
    assert penguin.evaluate("(node) => node.style.visibility") == ""
    assert page.evaluate("document.body.dataset.pathsCut") == "1"
    expect(page.locator("#flick-path")).to_be_attached()


def test_icecool_with_reduced_motion_the_penguin_does_not_slide(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("icecool-wizards", ["human"] * 3, seed=4)
    page = watch(browser, page_errors, server.url + table["spectator"], motion="reduce")
    flick(server, table, server.view(table, None)["to_move"][0])
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    assert page.evaluate(MOVING) == []
    expect(page.locator("#flick-dot")).to_have_count(0)
    assert motions(page) == ["motion-highlight"]
    play_out(page)
    assert page.evaluate("document.body.dataset.pathsAnimated") == "1"


def test_icecool_an_exam_passed_turns_over_in_the_hand_and_its_points_fly(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    moves = seeded_play(1, 3, lambda s, p, legal: any(a.kind == "exam" for a in legal), 300)
    assert moves is not None
    table = server.create("icecool-wizards", ["human"] * 3, seed=1)
    play(server, table, moves)
    page = watch(browser, page_errors, server.url + table["spectator"])
    seat = server.view(table, None)["to_move"][0]
    exam = next(a for a in server.legal(table, seat) if a["kind"] == "exam")
    before = server.view(table, None)["observation"]["scores"][seat]
    server.act(table, seat, exam)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    hand = page.locator(f".hand[data-seat='{seat}']")
    expect(hand.locator(".iw-exam")).to_have_count(1)
    assert {"motion-flip", "motion-points"} <= set(motions(page))
    expect(page.locator("#motion-layer .motion-back use")).to_have_attribute(
        "href", "#iw-exam-back")
    points = server.view(table, None)["observation"]["scores"][seat]
    expect(page.locator("#motion-layer .motion-points")).to_have_text(f"+{points - before}")
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-points'"
                       " && a.effect.getComputedTiming().progress > 0.3)")
    screenshot(page, "motion-icecool-points", tmp_path)
    skip_and_settle(page)
    expect(page.locator(f"#players li[data-seat='{seat}'] .score b")).to_have_text(str(points))


# Where a motion's moving copy is, seen at `steps` points of its flight (the animation held
# there, then let go on): its box in the screen's coordinates.
FLIGHT_BOXES = """([id, selector, steps]) => {
  const flight = document.getAnimations().find((a) => a.id === id);
  const { delay, duration } = flight.effect.getTiming();
  const was = flight.currentTime;
  const boxes = [];
  flight.pause();
  for (let i = 0; i <= steps; i++) {
    flight.currentTime = delay + duration * Math.min(i / steps, 0.999);
    const box = document.querySelector(selector).getBoundingClientRect();
    boxes.push({ x: box.x, y: box.y, width: box.width, height: box.height });
  }
  flight.currentTime = was;
  flight.play();
  return boxes;
}"""


def flight_boxes(page: Page, motion: str, selector: str, steps: int = 10) -> list[FloatRect]:
    return list(page.evaluate(FLIGHT_BOXES, [motion, selector, steps]))


def on_screen(box: FloatRect, viewport: ViewportSize) -> bool:
    return (box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= viewport["width"]
            and box["y"] + box["height"] <= viewport["height"])


def test_on_a_phone_points_flying_to_a_score_below_the_fold_stay_on_screen(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """The VP flies toward the seat's row in the players list, below the board on a phone:
    it heads for the screen's bottom edge and fades there; the page does not scroll."""
    moves, seat, gain = road_to_vp(7)
    table = server.create("winter-queen", ["human"] * 3, seed=7)
    play(server, table, moves)
    page = watch(browser, page_errors, server.url + table["spectator"], viewport=PHONE)
    scrolled = page.evaluate("scrollY")
    server.act(table, seat, gain)
    page.wait_for_function("document.getAnimations().some((a) => a.id === 'motion-points')",
                           timeout=TIMEOUT)
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-points'"
                       " && a.currentTime > a.effect.getTiming().delay)")
    row = page.locator(f"#players li[data-seat='{seat}']").bounding_box()
    assert row is not None and row["y"] > PHONE["height"]  # the score is out of sight
    badge = page.locator("#motion-layer .motion-points")
    expect(badge).to_have_attribute("data-clamped", "end")
    boxes = flight_boxes(page, "motion-points", "#motion-layer .motion-points")
    assert all(on_screen(box, PHONE) for box in boxes), boxes
    assert boxes[-1]["y"] > boxes[0]["y"]  # on its way down, toward the score
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-points'"
                       " && a.effect.getComputedTiming().progress > 0.7)")
    screenshot(page, "motion-phone-points-clamped", tmp_path, full_page=False)
    skip_and_settle(page)
    assert page.evaluate("scrollY") == scrolled


def test_on_a_phone_a_floe_sliding_from_a_stand_below_the_fold_comes_in_from_the_edge(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """The stands lie under the map on a phone, out of sight from the top of the page: the
    floe comes up from the screen's bottom edge to its space; the page does not scroll."""
    table = server.create("winter-queen", ["human"] * 3, seed=7)
    page = watch(browser, page_errors, server.url + table["spectator"], viewport=PHONE)
    _, place = place_on_a_cell(server, table)
    page.wait_for_function("document.getAnimations().some((a) => a.id === 'motion-slide')",
                           timeout=TIMEOUT)
    stands = page.locator("#board .stands").bounding_box()
    assert stands is not None and stands["y"] > PHONE["height"]  # the stands are out of sight
    ghost = "#motion-layer .motion-sliding"
    expect(page.locator(ghost)).to_have_attribute("data-clamped", "start")
    boxes = flight_boxes(page, "motion-slide", ghost)
    assert all(on_screen(box, PHONE) for box in boxes), boxes
    first, last = boxes[0], boxes[-1]
    assert first["y"] + first["height"] > PHONE["height"] - 80  # in from the bottom edge
    cell = page.locator(f"#wq-map .cell[data-cell='{place['cell']}'] g.floe").bounding_box()
    assert cell is not None  # and onto its space
    assert abs(last["x"] + last["width"] / 2 - (cell["x"] + cell["width"] / 2)) < 4
    assert abs(last["y"] + last["height"] / 2 - (cell["y"] + cell["height"] / 2)) < 4
    screenshot(page, "motion-phone-slide", tmp_path, full_page=False)
    skip_and_settle(page)
    assert page.evaluate("scrollY") == 0


def road_to_a_page(seed: int) -> tuple[list[tuple[int, Action]], int, Action]:
    """Seeded moves of a 3-player Winter Queen up to a seat's first chance to place a floe
    on a page of its own spellbook (not a space): the moves, the seat and that placement."""
    s = wg.make("winter-queen", 3, seed=seed)
    rng = random.Random(1)
    moves: list[tuple[int, Action]] = []
    for _ in range(300):
        p = s.to_move[0]
        actions = s.legal_actions(p)
        onto = [a for a in actions if a.kind == "place-book"]
        if onto:
            return moves, p, onto[0]
        action = rng.choice([a for a in actions if a.kind not in ("pass", "use")] or actions)
        s.apply(action, p)
        moves.append((p, action))
    raise AssertionError("no floe placed on a book within 300 moves")


def centre(box: FloatRect) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def within(point: tuple[float, float], box: FloatRect, slack: float = 2) -> bool:
    x, y = point
    return (box["x"] - slack <= x <= box["x"] + box["width"] + slack
            and box["y"] - slack <= y <= box["y"] + box["height"] + slack)


def the_copy_slides(page: Page, start: FloatRect | None, end: FloatRect | None) -> None:
    """The one sliding copy (not held at the screen's edge) starts on ``start`` and ends
    on ``end``: its centre, at the first and the last of five points of its flight."""
    copy = page.locator("#motion-layer .motion-sliding")
    expect(copy).to_have_count(1)
    assert copy.get_attribute("data-clamped") is None
    boxes = flight_boxes(page, "motion-slide", "#motion-layer .motion-sliding", 4)
    assert start is not None and end is not None
    assert within(centre(boxes[0]), start), (boxes[0], start)
    assert within(centre(boxes[-1]), end), (boxes[-1], end)


def test_winter_queen_a_floe_placed_on_a_book_page_slides_there_from_its_stand(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    moves, seat, onto = road_to_a_page(7)
    table = server.create("winter-queen", ["human"] * 3, seed=7)
    play(server, table, moves)
    # a screen tall enough for the stands and the seats' books at once: the whole slide shows
    page = watch(browser, page_errors, server.url + table["spectator"], viewport=TALL)
    placed = onto.to_json()
    stand = page.locator(f"#board .stand[data-stand='{placed['stand']}']").bounding_box()
    server.act(table, seat, onto)
    page.wait_for_function("document.getAnimations().some((a) => a.id === 'motion-slide')",
                           timeout=TIMEOUT)
    # the page is drawn with its floe; a copy of it slides there from the stand it left
    floe = page.locator(f".page[data-page='{placed['book']}.{placed['page']}'] > svg:last-child")
    expect(floe).to_be_attached()
    the_copy_slides(page, stand, floe.bounding_box())
    screenshot(page, "motion-winter-queen-page", tmp_path, full_page=False)
    skip_and_settle(page)
    assert floe.evaluate("(node) => getComputedStyle(node).opacity") == "1"


def test_winter_queen_with_reduced_motion_a_floe_placed_on_a_page_only_fades_in(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    moves, seat, onto = road_to_a_page(7)
    table = server.create("winter-queen", ["human"] * 3, seed=7)
    play(server, table, moves)
    page = watch(browser, page_errors, server.url + table["spectator"], motion="reduce")
    server.act(table, seat, onto)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    assert page.evaluate(MOVING) == []
    assert page.evaluate(GHOSTS) == 0
    assert motions(page) == ["motion-highlight"]
    skip_and_settle(page)


def lesson_to_collect(server: Server) -> tuple[dict[str, Any], int, dict[str, Any], str]:
    """A 3-player ICECOOL table (seed 1) where the seat to move may collect a lesson its
    penguin passed: the table, the seat, the collect action and the lesson's card."""
    moves = seeded_play(1, 3, lambda s, p, legal: any(a.kind == "collect" for a in legal), 300)
    assert moves is not None
    table = server.create("icecool-wizards", ["human"] * 3, seed=1)
    play(server, table, moves)
    seat = server.view(table, None)["to_move"][0]
    collect = next(a for a in server.legal(table, seat) if a["kind"] == "collect")
    card = server.view(table, None)["observation"]["lessons_on_board"][collect["icon"]]
    return table, seat, collect, card


def test_icecool_a_lesson_collected_slides_from_the_board_into_the_hand(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table, seat, collect, card = lesson_to_collect(server)
    page = watch(browser, page_errors, server.url + table["spectator"])
    place = page.locator(f"#ic-board g.lesson[data-icon='{collect['icon']}']").bounding_box()
    server.act(table, seat, collect)
    page.wait_for_function("document.getAnimations().some((a) => a.id === 'motion-slide')",
                           timeout=TIMEOUT)
    # the board no longer shows the card; the hand does, and a copy slides there from its place
    expect(page.locator(f"#ic-board g.lesson[data-icon='{collect['icon']}']")).to_have_count(0)
    hand = page.locator(f".hand[data-seat='{seat}']")
    in_hand = hand.locator(f".iw-card:not(.iw-down)[data-term='{card}']").last
    the_copy_slides(page, place, in_hand.bounding_box())
    screenshot(page, "motion-icecool-collect", tmp_path, full_page=False)
    skip_and_settle(page)
    assert in_hand.evaluate("(node) => getComputedStyle(node).opacity") == "1"
    assert in_hand.evaluate("(node) => getComputedStyle(node).transform") == "none"


def test_icecool_with_reduced_motion_a_lesson_collected_only_fades_in(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table, seat, collect, _ = lesson_to_collect(server)
    page = watch(browser, page_errors, server.url + table["spectator"], motion="reduce")
    server.act(table, seat, collect)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    assert page.evaluate(MOVING) == []
    assert page.evaluate(GHOSTS) == 0
    assert set(motions(page)) == {"motion-highlight"}  # the card in the hand (and its score)
    skip_and_settle(page)


def test_with_reduced_motion_a_fade_waits_a_third_of_its_motions_delay(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Fades keep the order of the motions they stand in for, without holding a watcher
    for the whole time the slides would have taken."""
    delays = []
    # one page, its media preference changed between the two (motion.js asks it each time)
    page = page_errors.watch(browser.new_page())
    page.goto(server.url + "/")
    for motion in ("reduce", "no-preference"):
        page.emulate_media(reduced_motion=motion)
        delays.append(page.evaluate("""() => import('/static/js/motion.js').then((m) => {
            const node = document.createElement('p');
            node.textContent = 'faded';
            document.body.append(node);
            m.highlight(node, { delay: 1200 });
            return node.getAnimations()[0].effect.getTiming().delay;
          })"""))
    page.close()
    assert delays == [400, 1200]
