"""Motion that explains, for ICE (issue 21, views/ice.js's animate): another seat's Leader
slides to where it went, an excavated tile lifts off the board while its back slides to
the seat's guild board and the EP it cost go out on the seat's EP row, and the Leader then
comes down from the excavated place; RP won fly to the seat's RP; a Request validated, an
Artifact reloaded and a Logbook card revealed turn over. Skip ends it all, leaving the
board as it ended; under prefers-reduced-motion nothing slides, lifts, flies or turns, it
only fades.

The page's animation clock runs at a tenth of its speed (animation.watch), so a motion is
still running when the test looks at it; the clock is moved on to the moment a test looks
at, not waited for (animation.fast_forward).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

import wintergames as wg
from wintergames.core.actions import Action
from wintergames.games.ice.observe import board_entries

from .animation import (
    GHOSTS,
    MOVING,
    fast_forward,
    motions,
    play,
    play_out,
    set_clock,
    skip_and_settle,
    watch,
)
from .conftest import DESKTOP, PHONE, PageErrors, Server, screenshot
from .test_play import TIMEOUT

SEED = 5


def road(stop: Callable[[Any, int, list[Action]], bool], limit: int = 400
         ) -> tuple[list[tuple[int, Action]], int, Any]:
    """Seeded moves of a 3-player ICE (digging often, the same game the server plays from
    the same seed) up to the first position where another seat than seat 0 is to move and
    ``stop(state, seat, legal)`` holds: the moves, that seat and the game there."""
    s = wg.make("ice", 3, seed=SEED)
    rng = random.Random(1)
    moves: list[tuple[int, Action]] = []
    for _ in range(limit):
        p = s.to_move[0]
        legal = s.legal_actions(p)
        if p != 0 and stop(s, p, legal):
            return moves, p, s
        weights = [12.0 if a.to_json().get("word") == "excavate" else 1.0 for a in legal]
        action = rng.choices(legal, weights)[0]
        s.apply(action, p)
        moves.append((p, action))
    raise AssertionError("no such position within the moves played")


def table_at(server: Server, moves: list[tuple[int, Action]], seed: int = SEED,
             players: int = 3) -> dict[str, Any]:
    table = server.create("ice", ["human"] * players, seed=seed)
    play(server, table, moves)
    return table


def open_watching(browser: Browser, page_errors: PageErrors, server: Server,
                  table: dict[str, Any], **options: Any) -> Page:
    page = watch(browser, page_errors, server.url + table["seats"][0]["invite"], **options)
    expect(page.locator("svg.ice-board")).to_be_visible(timeout=TIMEOUT)
    return page


def scroll_to(page: Page, selector: str) -> None:
    """Bring ``selector``'s element into sight, found and scrolled in one call in the page:
    the socket's first view may redraw the page between a locator's find and its scroll
    (CI saw "not attached to the DOM", twice)."""
    page.evaluate("(sel) => document.querySelector(sel).scrollIntoView({block: 'nearest'})",
                  selector)


def leader(page: Page, seat: int) -> Any:
    return page.locator(f"#ice-board g[data-leader='{seat + 1}']")


def moves_on_the_board(s: Any, p: int, legal: list[Action]) -> bool:
    """A plain move of a Leader that stands on the board."""
    return s.observation(None)["seats"][p]["leader"] is not None and any(
        a.kind == "move" for a in legal)


def test_ice_another_seats_leader_slides_to_where_it_went_and_skip_ends_it(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    moves, seat, s = road(moves_on_the_board)
    table = table_at(server, moves)
    page = open_watching(browser, page_errors, server, table)
    start = leader(page, seat).bounding_box()
    move = next(a for a in s.legal_actions(seat) if a.kind == "move")
    s.apply(move, seat)
    server.act(table, seat, move)
    follow = [a for a in s.legal_actions(seat) if a.kind == "follow"]
    if follow:  # as many Archaeologists follow as may: no log line before this
        server.act(table, seat, follow[-1])
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    assert "motion-slide" in motions(page)
    node = leader(page, seat)
    expect(node).to_have_count(1)
    end = node.bounding_box()
    ghost = page.locator("#motion-layer .motion-ghost").first.bounding_box()
    assert start is not None and end is not None and ghost is not None
    # the Leader drawn where it went is hidden while its copy slides there from where it stood
    assert node.evaluate("(n) => getComputedStyle(n).opacity") == "0"
    assert abs(ghost["x"] - end["x"]) + abs(ghost["y"] - end["y"]) > 4
    # the copy takes no clicks
    under = page.evaluate(f"document.elementFromPoint({ghost['x'] + ghost['width'] / 2},"
                          f" {ghost['y'] + ghost['height'] / 2})?.closest('#motion-layer') ?? null")
    assert under is None
    screenshot(page, "motion-ice-leader", tmp_path)
    skip_and_settle(page)
    assert node.evaluate("(n) => getComputedStyle(n).opacity") == "1"
    final = server.view(table, 0)["observation"]["seats"][seat]["leader"]
    expect(page.locator(f"#ice-board g.on[data-on='{final}'] g[data-leader='{seat + 1}']")
           ).to_have_count(1)


def excavates(s: Any, p: int, legal: list[Action]) -> bool:
    """An excavation of a Snow tile under a Leader, costing EP."""
    obs = s.observation(None)
    at = obs["seats"][p]["leader"]
    tile = next((e.get("tile") for e in board_entries(obs) if e["place"] == at), None)
    return bool(tile and tile["layer"] == "snow" and any(
        a.to_json().get("word") == "excavate" for a in legal))


def excavate(server: Server, table: dict[str, Any], seat: int, s: Any) -> str:
    """``seat`` excavates the tile under its Leader: the excavated place."""
    at = s.observation(None)["seats"][seat]["leader"]
    dig = next(a for a in s.legal_actions(seat) if a.to_json().get("word") == "excavate")
    s.apply(dig, seat)
    server.act(table, seat, dig)
    return str(at)


@pytest.mark.parametrize(("theme", "size"), [("light", DESKTOP), ("dark", PHONE)])
def test_ice_an_excavated_tile_lifts_off_its_back_goes_to_the_guild_and_the_leader_comes_down(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path,
        theme: str, size: ViewportSize) -> None:
    moves, seat, s = road(excavates)
    table = table_at(server, moves)
    page = open_watching(browser, page_errors, server, table, theme=theme, viewport=size)
    ep = s.observation(None)["seats"][seat]["ep"]
    # a person watches the tile (on a phone the board pans in its box, the guild boards lie
    # below): its back then slides towards the guild board, to the screen's edge
    tile = s.observation(None)["seats"][seat]["leader"]
    scroll_to(page, f"#ice-board g.layer-3 g.place[data-place='{tile}']")
    at = excavate(server, table, seat, s)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    running = motions(page)
    # the tile lifts off its place, its back slides to the seat's hand, the EP go out
    assert {"motion-lift", "motion-slide", "motion-ep"} <= set(running), running
    expect(page.locator(f"#ice-board g.layer-3 g.place[data-place='{at}']")).to_have_count(0)
    spent = ep - s.observation(None)["seats"][seat]["ep"]
    assert running.count("motion-ep") == spent
    back = s.observation(None)["seats"][seat]["snow_backs"]
    guild = page.locator(f".ice-guild[data-seat='{seat}']")
    assert guild.locator(".ice-back-card").evaluate_all(
        "bs => bs.map(b => b.dataset.back)") == sorted(set(back))
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-lift'"
                       " && a.effect.getComputedTiming().progress > 0.3)")
    full = size["width"] > 800  # on a phone: the screen as a person holds it, the tile in sight
    if not full:
        page.evaluate("document.querySelector('#motion-layer .motion-ghost')"
                      ".scrollIntoView({block: 'center', inline: 'center'})")
    screenshot(page, f"motion-ice-excavate-{theme}-{size['width']}", tmp_path, full_page=full)
    play_out(page)  # played out to its end, unskipped
    assert motions(page) == [] and page.evaluate(GHOSTS) == 0
    # the pieces lifted with it are placed below without a log line; the next step with
    # one (here the seat's next decisions) brings the Leader down from the excavated place
    for _ in range(12):
        obs = s.observation(None)
        placed = obs["seats"][seat]["leader"] is not None and not obs["decision"]
        if s.to_move[0] != seat or placed:
            break
        action = s.legal_actions(seat)[0]
        s.apply(action, seat)
        server.act(table, seat, action)
    final = s.observation(None)["seats"][seat]["leader"]
    assert final is not None and final != at
    end = next(a for a in s.legal_actions(seat) if a.to_json().get("word") in ("end", "stop"))
    server.act(table, seat, end)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    assert "motion-slide" in motions(page)
    node = leader(page, seat)
    assert node.evaluate("(n) => getComputedStyle(n).opacity") == "0"  # its copy comes down
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-slide'"
                       " && a.effect.getComputedTiming().progress > 0.4)")
    screenshot(page, f"motion-ice-down-{theme}-{size['width']}", tmp_path, full_page=full)
    skip_and_settle(page)
    assert node.evaluate("(n) => getComputedStyle(n).opacity") == "1"


def test_ice_with_reduced_motion_nothing_slides_or_lifts(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    moves, seat, s = road(excavates)
    table = table_at(server, moves)
    page = open_watching(browser, page_errors, server, table, motion="reduce")
    excavate(server, table, seat, s)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    assert page.evaluate(MOVING) == []
    assert set(motions(page)) <= {"motion-highlight", "motion-lift"}
    assert "motion-highlight" in motions(page)
    play_out(page)
    assert page.evaluate(GHOSTS) == 0


def builds_a_camp(s: Any, p: int, legal: list[Action]) -> bool:
    return s.observation(None)["seats"][p]["camp"] is None and any(a.kind == "camp" for a in legal)


def test_ice_a_camp_built_drops_in_and_the_ep_it_cost_goes_out(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    moves, seat, s = road(builds_a_camp)
    table = table_at(server, moves)
    page = open_watching(browser, page_errors, server, table)
    build = next(a for a in s.legal_actions(seat) if a.kind == "camp")
    s.apply(build, seat)
    server.act(table, seat, build)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    assert {"motion-slide", "motion-ep"} <= set(motions(page))
    camp = page.locator(f"#ice-board g.on[data-on='{build.to_json()['place']}']"
                        f" g[data-camp='{seat + 1}']")
    expect(camp).to_have_count(1)
    fast_forward(page, "document.getAnimations().some((a) => a.id === 'motion-slide'"
                       " && a.effect.getComputedTiming().progress > 0.05)")
    # its copy falls from above onto the place; the EP pip it cost glows on the guild board
    ghosts = page.locator("#motion-layer .motion-ghost").evaluate_all(
        "gs => gs.map(g => g.getBoundingClientRect().top)")
    end = camp.bounding_box()
    assert end is not None and any(top < end["y"] - 10 for top in ghosts), (ghosts, end)
    pip = page.locator(f".ice-guild[data-seat='{seat}'] .ice-ep i").nth(
        s.observation(None)["seats"][seat]["ep"])
    assert pip.evaluate("(n) => n.getAnimations().some((a) => a.id === 'motion-ep')")
    skip_and_settle(page)
    assert camp.evaluate("(n) => getComputedStyle(n).opacity") == "1"
    assert pip.evaluate("(n) => n.getAnimations().length") == 0


# -- RP won, cards turned over: positions of a 2-player game, reached cheaply --------------

# The seeded player of road_to: it triggers every Artifact it may (so Artifacts lie face
# down until the next Day reloads them), digs often and validates when it may.
WEIGHTS = {"excavate": 40.0, "stop": 0.5, "validate": 20.0}
Change = Callable[[dict[str, Any], dict[str, Any]], bool]


def road_to(seed: int, change: Change, limit: int = 250
            ) -> tuple[list[tuple[int, Action]], tuple[int, Action], dict[str, Any]]:
    """Seeded moves of a 2-player ICE up to the first move of seat 1 that writes a log
    line and after which ``change(before, after)`` holds of seat 0's observations: the
    moves before it, that move, and seat 0's observation before it."""
    s = wg.make("ice", 2, seed=seed)
    rng = random.Random(1)
    moves: list[tuple[int, Action]] = []
    for _ in range(limit):
        p = s.to_move[0]
        legal = s.legal_actions(p)
        trigger = [a for a in legal if a.kind == "trigger"]
        action = trigger[0] if trigger else rng.choices(
            legal, [WEIGHTS.get(a.to_json().get("word") or a.kind, 1.0) for a in legal])[0]
        before, lines = s.observation(0), len(s.log)
        s.apply(action, p)
        if p == 1 and len(s.log) > lines and change(before, s.observation(0)):
            return moves, (p, action), before
        moves.append((p, action))
    raise AssertionError("no such move within the moves played")


def rp_won(before: dict[str, Any], after: dict[str, Any]) -> bool:
    return after["seats"][1]["rp_tokens"] > before["seats"][1]["rp_tokens"]


def validated(before: dict[str, Any], after: dict[str, Any]) -> bool:
    return len(after["seats"][1]["validated"]) > len(before["seats"][1]["validated"])


def reloaded(before: dict[str, Any], after: dict[str, Any]) -> bool:
    return bool(turned_up(before, after))


def turned_up(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[int, str, int]]:
    """The Artifacts on guild boards that were face down and are face up: seat, slot, index."""
    seats = zip(before["seats"], after["seats"], strict=True)
    return [(p, t, i) for p, (old, new) in enumerate(seats) for t in new["slots"]
            for i, (o, n) in enumerate(zip(old["slots"][t], new["slots"][t], strict=False))
            if o["face_down"] and not n["face_down"]]


def revealed(before: dict[str, Any], after: dict[str, Any]) -> bool:
    return len(after["logbook"]) > len(before["logbook"])


def play_up_to(server: Server, browser: Browser, page_errors: PageErrors, seed: int,
               change: Change, motion: Literal["reduce", "no-preference"]
               ) -> tuple[Page, dict[str, Any], tuple[int, Action], dict[str, Any]]:
    """Seat 0's page, watching, just before seat 1's move that makes ``change``."""
    moves, last, before = road_to(seed, change)
    table = table_at(server, moves, seed=seed, players=2)
    return open_watching(browser, page_errors, server, table, motion=motion), table, last, before


def running(node: Any, motion: str) -> bool:
    return bool(node.evaluate(f"(n) => n.getAnimations().some((a) => a.id === '{motion}')"))


def lands_on(badge: Any, target: Any) -> None:
    """The flying ``badge`` ends on ``target`` (in document coordinates), which then pops."""
    assert "end" not in (badge.get_attribute("data-clamped") or "")
    end = target.evaluate("(t) => { const r = t.getBoundingClientRect(); return"
                          " [r.left + r.width / 2 + scrollX, r.top + r.height / 2 + scrollY]; }")
    at = badge.evaluate("(b) => [parseFloat(b.style.left), parseFloat(b.style.top)]")
    assert abs(at[0] - end[0]) < 2 and abs(at[1] - end[1]) < 2, (at, end)
    assert target.evaluate("(n) => n.getAnimations().length") > 0


def reduced_motion_only_fades(page: Page, node: Any) -> None:
    """Under reduced motion: no transform anywhere, the node itself fades in."""
    assert page.evaluate(MOVING) == []
    assert "motion-highlight" in motions(page) and running(node, "motion-highlight")
    assert not {"motion-flip", "motion-points", "motion-slide"} & set(motions(page))
    play_out(page)
    assert page.evaluate(GHOSTS) == 0


def turns_over_and_skip_ends_it(page: Page, node: Any) -> None:
    """``node`` turns from its back (a cover in the motion layer, over it) to its face."""
    assert running(node, "motion-flip")
    cover = page.locator("#motion-layer .motion-back")
    expect(cover.first).to_be_attached()
    box = node.bounding_box()  # turning: as narrow as the turn is far, about its centre
    covers = cover.evaluate_all("cs => cs.map((c) => c.getBoundingClientRect().toJSON())")
    assert box is not None and any(
        abs(c["x"] + c["width"] / 2 - box["x"] - box["width"] / 2) < 2
        and abs(c["y"] - box["y"]) < 2 for c in covers), (box, covers)
    skip_and_settle(page)
    assert node.evaluate("(n) => n.getAnimations().length") == 0
    assert node.evaluate("(n) => getComputedStyle(n).transform") == "none"


MOTION = ["no-preference", "reduce"]


@pytest.mark.parametrize("motion", MOTION)
def test_ice_rp_won_fly_to_the_seats_rp(
        server: Server, browser: Browser, page_errors: PageErrors,
        motion: Literal["reduce", "no-preference"]) -> None:
    page, table, (seat, action), before = play_up_to(server, browser, page_errors, 2, rp_won,
                                                     motion)
    rp = f".ice-guild[data-seat='{seat}'] .ice-rp-count"
    scroll_to(page, rp)  # the flight lands on it, not at the screen's edge
    count = page.locator(rp)
    server.act(table, seat, action)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    won = server.view(table, 0)["observation"]["seats"][seat]["rp_tokens"]
    expect(count).to_have_text(str(won))
    if motion == "reduce":
        reduced_motion_only_fades(page, count)
        return
    assert "motion-points" in motions(page)
    badge = page.locator("#motion-layer .motion-points")
    expect(badge).to_have_text(f"+{won - before['seats'][seat]['rp_tokens']} RP")
    # it ends on the seat's RP count (document coordinates), which then pops
    lands_on(badge, count)
    skip_and_settle(page)
    assert count.evaluate("(n) => n.getAnimations().length") == 0


@pytest.mark.parametrize("motion", MOTION)
def test_ice_a_request_validated_turns_over_on_the_guild_board_and_its_rp_fly_to_the_seat(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path,
        motion: Literal["reduce", "no-preference"]) -> None:
    page, table, (seat, action), _ = play_up_to(server, browser, page_errors, 2, validated,
                                                motion)
    server.act(table, seat, action)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    # the turn (short) and the flight (long) run at once: the clock stops while both are
    # looked at, so a slow machine cannot see the turn already over
    if motion != "reduce":
        set_clock(page, 0)
    card = server.view(table, 0)["observation"]["seats"][seat]["validated"][-1]
    assert card["rp"] > 0
    node = page.locator(f".ice-guild[data-seat='{seat}']"
                        f" .ice-validated[data-validated='{card['card']}']")
    expect(node).to_have_count(1)
    if motion == "reduce":
        reduced_motion_only_fades(page, node)
        return
    # its RP fly from it (below, off the screen: in from the screen's edge) to the seat's
    # row in the players list, beside the board
    assert "motion-points" in motions(page)
    badge = page.locator("#motion-layer .motion-points")
    expect(badge).to_have_text(f"+{card['rp']} RP")
    lands_on(badge, page.locator(f"#players li[data-seat='{seat}'] .seat-badge"))
    screenshot(page, "motion-ice-request-rp", tmp_path, full_page=False)
    node.scroll_into_view_if_needed()
    turns_over_and_skip_ends_it(page, node)


def reloaded_artifact(page: Page, before: dict[str, Any], after: dict[str, Any]) -> Any:
    owner, slot, index = turned_up(before, after)[0]
    return page.locator(f".ice-guild[data-seat='{owner}'] .ice-slot[data-slot='{slot}']"
                        " .ice-art").nth(index)


def revealed_logbook_card(page: Page, before: dict[str, Any], after: dict[str, Any]) -> Any:
    return page.locator(f"#ice-logbook-pill [data-term='{after['logbook'][-1]}']")


# What turns face up on its own (seed, the change that shows it, where it turns).
TURNS_UP = {"an Artifact reloaded at a new Day": (4, reloaded, reloaded_artifact),
            "a Logbook card revealed": (2, revealed, revealed_logbook_card)}


@pytest.mark.parametrize("motion", MOTION)
@pytest.mark.parametrize("what", list(TURNS_UP))
def test_ice_an_artifact_reloaded_or_a_logbook_card_revealed_turns_face_up(
        server: Server, browser: Browser, page_errors: PageErrors,
        motion: Literal["reduce", "no-preference"], what: str) -> None:
    seed, change, where = TURNS_UP[what]
    page, table, (seat, action), before = play_up_to(server, browser, page_errors, seed, change,
                                                     motion)
    server.act(table, seat, action)
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    if motion != "reduce":
        set_clock(page, 0)  # the turn holds still while it is looked at
    node = where(page, before, server.view(table, 0)["observation"])
    expect(node).to_have_count(1)
    if motion == "reduce":
        reduced_motion_only_fades(page, node)
        return
    turns_over_and_skip_ends_it(page, node)


def test_ice_another_seats_move_on_the_board_is_brought_into_sight_then_left(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 39 item 1, for ICE: a person scrolled down to the guild boards did not see
    another seat's Leader move on the board. The board comes into sight before the Leader
    slides, its copy sliding inside the screen; once nothing more plays the page goes
    back to where the person was."""
    moves, seat, s = road(moves_on_the_board)
    table = table_at(server, moves)
    page = open_watching(browser, page_errors, server, table)
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    low = page.evaluate("window.scrollY")
    box = page.locator("#ice-board").bounding_box()
    assert low > 0 and box is not None and box["y"] + box["height"] < 0  # out of sight
    move = next(a for a in s.legal_actions(seat) if a.kind == "move")
    s.apply(move, seat)
    server.act(table, seat, move)
    follow = [a for a in s.legal_actions(seat) if a.kind == "follow"]
    if follow:
        server.act(table, seat, follow[-1])
    page.wait_for_function("document.body.dataset.animating === '1'", timeout=TIMEOUT)
    ghost = page.locator("#motion-layer .motion-ghost").first.bounding_box()
    screen = page.viewport_size
    assert ghost is not None and screen is not None
    assert ghost["y"] >= 0 and ghost["y"] + ghost["height"] <= screen["height"], ghost
    skip_and_settle(page)
    page.wait_for_function(f"window.scrollY === {low}", timeout=TIMEOUT)
