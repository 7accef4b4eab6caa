"""The game review in the browser (issue 43): opened from the end screen, made by the
server while a progress bar runs, then shown beside the replay: the win-chance curve, the
seat's accuracy and grades, its mistakes ranked, and, for the mistake chosen, the board at
that decision with the move played and the move suggested marked on it.

The server reviews with a tiny search (``review_iterations`` at its least): these tests
check the page, not the review's judgement. What the page shows is checked against the
review's JSON, read from the server by the test itself.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Browser, FloatRect, Page, Route, expect

from wintergames.analysis import Budget

from .conftest import DESKTOP, PHONE, PageErrors, Server, open_page, screenshot_folder

# ms: a whole game's review, on a machine the other workers share (at the server's
# default budget, for the pictures, a long game's review takes minutes)
REVIEWED = 180_000 if screenshot_folder() is None else 900_000
Action = dict[str, Any]
# Where a move lies on each game's board, as the test finds it (independent of the views'
# own look-ups): selectors of the element the mark must cover (the first that finds one),
# for the kinds of move the tests choose among (a mistake is chosen whose two moves both
# have one). Seat 0 is reviewed, seen as a spectator saw the game.
Target = Callable[[Action], str | None]


def winter_queen(a: Action) -> str | None:
    if a["kind"] in ("place", "return"):
        return f"#wq-map .cell[data-cell='{a['cell']}']"
    if a["kind"] == "place-book":
        return f".page[data-page='{a['book']}.{a['page']}']"
    if a["kind"] == "take" and a["province"]:
        return f".stack[data-province='{a['province']}']"
    return f".book[data-book='{a['book']}']" if a["kind"] == "use" else None


def snow_time(a: Action) -> str | None:
    if a["kind"] == "play":
        return f".colour[data-colour='{a['colour']}'] .st-hand [data-card='{a['card']}']"
    return None


def winterborne(a: Action) -> str | None:
    hexes = {"exit": "space", "conquer": "section", "build": "section", "relocate": "to"}
    if a["kind"] in hexes:
        return f"svg.wb-kingdom[data-seat='0'] g.place[data-place='{a[hexes[a['kind']]]}']"
    if a["kind"] in ("trade", "explore"):
        return f".wb-province[data-province='{a['province']}']"
    if a["kind"] in ("play", "discard", "reserve", "wylds"):  # a spectator sees the backs
        return ".wb-seat[data-seat='0'] .wb-backs"
    return None


def ice(a: Action) -> str | None:
    guild = ".ice-guild[data-seat='0']"
    if a["kind"] in ("move", "fluent", "camp", "recruit", "sail", "put", "nourish"):
        # the part of the place that shows, where its pieces stand (else all of it)
        return (f"#ice-board .on[data-on='{a['place']}'] | "
                f"#ice-board g.place[data-place='{a['place']}']")
    if a["kind"] == "take":
        return f"#ice-row [data-row='{a['card']}']"
    if a["kind"] in ("trigger", "slot", "choose"):
        return f"{guild} .ice-slot[data-slot='{a['type']}']"
    if a["kind"] in ("discard", "validate"):  # a spectator sees the Requests' backs
        return f"{guild} .ice-tokens[data-term='request']"
    if a["kind"] in ("play", "drop"):  # and the Snow tiles' backs
        return f"{guild} .ice-hand-backs"
    leader = a["kind"] in ("follow", "excavate") or a.get("word") in ("study", "excavate")
    return "#ice-board g[data-leader='1']" if leader else None


def icecool(a: Action) -> str | None:
    if a["kind"] == "flick":  # the arrow leaves the penguin's centre
        return "#ic-board .penguin[data-seat='0'] > circle"
    if a["kind"] == "collect":
        return f"#ic-board .lesson[data-icon='{a['icon']}']"
    return f"#ic-board .exam-space[data-space='{a['space']}']" if a["kind"] == "exam" else None


GAMES: dict[str, tuple[list[str], int, Target]] = {
    "winter-queen": (["random", "random"], 31, winter_queen),
    "snow-time": (["random", "random"], 31, snow_time),
    "winterborne": (["random", "random"], 31, winterborne),
    "ice": (["random", "random"], 31, ice),
    "icecool-wizards": (["random", "random"], 31, icecool),
}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose reviews search as little as a review may (10 iterations); for the
    pictures (``WG_SCREENSHOTS``), as much as the server's default: what people see."""
    iterations = 10 if screenshot_folder() is None else Budget().iterations
    with Server(tmp_path_factory.mktemp("review") / "wg.db",
                review_iterations=iterations) as running:
        yield running


def shot(page: Page, name: str) -> None:
    """A picture of the screen as a person sees it, in ``WG_SCREENSHOTS`` (when set)."""
    folder = screenshot_folder()
    if folder is None:
        return
    page.mouse.move(0, 0)  # no tooltip over the picture
    expect(page.locator("#term-tip")).to_be_hidden()
    page.screenshot(path=str(folder / f"review-{name}.png"))


def review_of(server: Server, table: dict[str, Any], seat: int) -> dict[str, Any]:
    status = server.get(f"/api/tables/{table['table']}/reviews/{seat}")
    assert status["status"] == "done", status
    return dict(status["review"])


def open_from_the_end_screen(browser: Browser, errors: PageErrors, server: Server,
                             table: dict[str, Any], viewport: Any = DESKTOP) -> Page:
    page = open_page(browser, errors, f"{server.url}/table/{table['table']}", viewport=viewport)
    link = page.locator("dialog#end #end-actions a.review")
    expect(link).to_have_attribute("href", f"/replay/{table['table']}?review=0")
    link.click()
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    expect(page.locator("#review")).to_have_attribute("data-status", "done", timeout=REVIEWED)
    return page


def within(outer: FloatRect, x: float, y: float, slack: float = 3) -> bool:
    return (outer["x"] - slack <= x <= outer["x"] + outer["width"] + slack
            and outer["y"] - slack <= y <= outer["y"] + outer["height"] + slack)


def check_the_chart(page: Page, review: dict[str, Any]) -> None:
    """One line per seat, the reviewed seat's the strongest; each point of a line where
    the review's curve puts it, read against the chart's own 0 % and 100 % grid lines."""
    chart = page.locator("#review-chart")
    lines = chart.locator("polyline.rc-line")
    expect(lines).to_have_count(review["num_players"])
    reviewed = chart.locator("polyline.rc-reviewed")
    expect(reviewed).to_have_attribute("data-seat", str(review["seat"]))
    grid = chart.locator("line.rc-grid")
    bottom = float(grid.nth(0).get_attribute("y1") or "nan")  # 0 %
    top = float(grid.nth(2).get_attribute("y1") or "nan")  # 100 %
    curve = [(d["step"] + 1, d["chances"]) for d in review["decisions"]]
    curve.append((review["steps"], review["outcome"]))
    for seat in range(review["num_players"]):
        text = chart.locator(f"polyline.rc-line[data-seat='{seat}']").get_attribute("points") or ""
        points = [tuple(map(float, p.split(","))) for p in text.split()]
        assert len(points) == len(curve)
        xs = [x for x, _ in points]
        assert xs == sorted(xs) and xs[-1] > xs[0]
        for (_, y), (_, chances) in zip(points, curve, strict=True):
            assert y == pytest.approx(bottom + (top - bottom) * chances[seat], abs=0.11)
    flagged = chart.locator("circle.rc-flag")
    assert sorted(int(s) for s in flagged.evaluate_all("(cs) => cs.map((c) => c.dataset.step)")) \
        == sorted(review["worst"])
    # each marker's tooltip: the grade in the review's words, at the decision's step (the
    # replay's step of the position the move was made in, as the list says)
    titles = flagged.evaluate_all("(cs) => cs.map((c) => [Number(c.dataset.step), "
                                  "c.querySelector('title').textContent])")
    by_step = {d["step"]: d for d in review["decisions"]}
    assert titles and all(
        title == f"{review['grade_words'][by_step[step]['grade']]} at step {step}"
        for step, title in titles), titles


def check_the_summary(page: Page, review: dict[str, Any]) -> None:
    expect(page.locator("#review-accuracy")).to_have_text(f"{review['accuracy']:.1f}")
    for grade, n in review["counts"].items():
        item = page.locator(f"#review-counts li[data-grade='{grade}']")
        expect(item).to_contain_text(f"{n} {review['grade_words'][grade]}")
    steps = page.locator("#review-mistakes > li").evaluate_all(
        "(items) => items.map((li) => Number(li.dataset.step))")
    assert steps == review["worst"]  # the largest drop first, as the review ranks them
    shown = page.locator("#review-mistakes .review-step").all_text_contents()
    assert shown == [f"step {step}" for step in review["worst"]]  # the replay's numbering
    by_step = {d["step"]: d for d in review["decisions"]}
    first = page.locator("#review-mistakes > li").first
    worst = by_step[review["worst"][0]]
    expect(first.locator(".review-grade")).to_have_text(review["grade_words"][worst["grade"]])
    expect(first.locator(".review-drop")).to_have_text(f"−{worst['drop'] * 100:.1f}% to win")
    for role in ("played", "best"):  # the engine's words for the moves, else the notation
        move = worst[role]
        words = move["label"]["text"] if move["label"] else move["text"]
        expect(first.locator(f".review-{role} .review-move")).to_have_text(words)


def chosen_mistake(review: dict[str, Any], target: Target,
                   kinds: set[str] | None = None) -> dict[str, Any]:
    """The first mistake (largest drop first) whose two moves both lie on the board (and
    are of ``kinds``, when given)."""
    by_step = {d["step"]: d for d in review["decisions"]}
    for step in review["worst"]:
        d = by_step[step]
        moves = [d["played"]["action"], d["best"]["action"]]
        if all(target(a) and (kinds is None or a["kind"] in kinds) for a in moves):
            return d
    raise AssertionError("no mistake of this game has both its moves on the board")


def check_the_marks(page: Page, decision: dict[str, Any], target: Target) -> None:
    """The board at the decision's step, its two moves marked on the elements they name,
    both inside the viewport, below the replay's bar that stays on top."""
    page.locator(f"#review-mistakes button[data-step='{decision['step']}']").click()
    expect(page.locator("body")).to_have_attribute("data-step", str(decision["step"]))
    detail = page.locator(f".review-detail[data-step='{decision['step']}']")
    expect(detail).to_be_visible()
    # the suggested move's chance, then the played one's (which may be the larger)
    said = re.search(r"Chance to win: ([\d.]+)% with the suggested move, ([\d.]+)% with the "
                     r"move played\.", detail.inner_text())
    assert said is not None, detail.inner_text()
    assert [float(x) for x in said.groups()] == pytest.approx(
        [100 * decision["before"], 100 * decision["after"]], abs=0.051)
    view = page.viewport_size
    assert view is not None
    page.wait_for_timeout(300)  # the marks are brought into view after the board's frame
    bar = page.locator("#replay-bar").bounding_box()
    assert bar is not None
    for role in ("played", "best"):
        mark = page.locator(f"#board .wg-mark[data-role='{role}']")
        expect(mark).to_have_count(1)
        box = mark.bounding_box()
        assert box is not None and box["width"] > 0
        assert box["x"] >= 0 and box["x"] + box["width"] <= view["width"], (role, box)
        assert box["y"] >= bar["y"] + bar["height"] - 1, (role, box, bar)
        assert box["y"] + box["height"] <= view["height"], (role, box)
        selectors = (target(decision[role]["action"]) or "").split(" | ")
        found = [page.locator(s) for s in selectors if page.locator(s).count()]
        assert found, selectors
        element = found[0].first.bounding_box()
        assert element is not None
        centre = (element["x"] + element["width"] / 2, element["y"] + element["height"] / 2)
        assert within(box, *centre), (role, decision[role]["action"], box, element)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_finished_games_review_from_the_end_screen(
        server: Server, browser: Browser, page_errors: PageErrors, game: str) -> None:
    kinds, seed, target = GAMES[game]
    table = server.bots_game(game, kinds, seed=seed)
    page = open_from_the_end_screen(browser, page_errors, server, table)
    review = review_of(server, table, 0)
    assert re.search(r"[?&]review=0\b", page.url)
    check_the_chart(page, review)
    check_the_summary(page, review)
    decision = chosen_mistake(review, target)
    check_the_marks(page, decision, target)
    shot(page, game)
    # another step drops the marks; the chart's cursor follows the replay
    page.locator("#slider").focus()
    page.keyboard.press("End")
    expect(page.locator("body")).to_have_attribute("data-step", str(review["steps"]))
    expect(page.locator("#board .wg-mark")).to_have_count(0)


def test_cancel_stops_a_running_review_and_it_starts_again(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    # ICECOOL's review is the longest (hundreds of flicks): long enough to be caught running
    table = server.bots_game("icecool-wizards", ["random", "random"], seed=32)
    page = open_page(browser, page_errors, f"{server.url}/replay/{table['table']}?review=1")
    expect(page.locator("#review-seat")).to_have_value("1")
    expect(page.locator("#review-progress")).to_be_visible()
    page.locator("#review-cancel").click()
    expect(page.locator("#review")).to_have_attribute("data-status", "cancelled")
    expect(page.locator("#review .review-message")).to_contain_text("cancelled")
    status = server.get(f"/api/tables/{table['table']}/reviews/1")
    assert status["status"] == "cancelled" and status["review"] is None
    page.locator("#review-again").click()
    expect(page.locator("#review")).to_have_attribute("data-status",
                                                      re.compile("queued|running|done"))
    assert server.get(f"/api/tables/{table['table']}/reviews/1")["status"] != "cancelled"
    page.locator("#review-cancel").click()  # leave the server nothing running
    expect(page.locator("#review")).to_have_attribute("data-status", re.compile("cancelled|done"))


def test_the_replay_bar_opens_the_review_and_the_seat_selector_switches_seats(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.bots_game("winter-queen", ["random", "random", "random"], seed=33)
    page = open_page(browser, page_errors, f"{server.url}/replay/{table['table']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    expect(page.locator("#review")).to_be_hidden()
    page.locator("#review-open").click()
    expect(page.locator("#review")).to_have_attribute("data-status", "done", timeout=REVIEWED)
    assert "review=0" in page.url
    page.select_option("#review-seat", "2")
    expect(page.locator("#review")).to_have_attribute("data-status", "done", timeout=REVIEWED)
    review = review_of(server, table, 2)
    assert review["seat"] == 2 and "review=2" in page.url
    expect(page.locator("#review-chart polyline.rc-reviewed")).to_have_attribute("data-seat", "2")
    steps = page.locator("#review-mistakes > li").evaluate_all(
        "(items) => items.map((li) => Number(li.dataset.step))")
    assert steps == review["worst"]
    # a click on the chart goes to the step of the nearest point of the curve: at its left
    # edge the first (after the seat's first decision), on the outcome the last
    # (the clicks go to the plot itself: a flagged move's disc there would take them)
    pad = page.locator("#review-chart .rc-pad")
    box = pad.bounding_box()
    end = page.locator("#review-chart .rc-outcome").bounding_box()
    assert box is not None and end is not None

    def click_at(x: float) -> None:
        pad.dispatch_event("click", {"clientX": x, "clientY": box["y"] + box["height"] / 2})

    click_at(box["x"] + 1)
    first = review["decisions"][0]["step"] + 1
    expect(page.locator("body")).to_have_attribute("data-step", str(first))
    click_at(end["x"] + end["width"] / 2)
    expect(page.locator("body")).to_have_attribute("data-step", str(review["steps"]))
    expect(page.locator("#review-chart .rc-cursor")).to_have_attribute(
        "x1", str(page.locator("#review-chart .rc-outcome").get_attribute("cx")))


def test_an_unfinished_tables_review_shows_the_servers_refusal(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("winter-queen", ["human", "random"], seed=34)
    status, refused = server.post(f"/api/tables/{table['table']}/reviews/0", {"secret": None})
    assert status == 409, refused
    page = open_page(browser, page_errors, f"{server.url}/replay/{table['table']}?review=0")
    expect(page.locator("#problem h2")).to_have_text("This game cannot be reviewed yet")
    expect(page.locator("#problem")).to_contain_text(refused["error"]["message"])
    page_errors.clear()  # the browser reports the refused requests; the page explains them


def failed_requests_only(page_errors: PageErrors) -> None:
    """The browser's reports of the requests a test made fail on purpose are dropped; any
    other error a page reported stays the test's failure."""
    others = [e for e in page_errors if not e.startswith("Failed to load resource")]
    assert others == [], others
    page_errors.clear()


def running(table_id: str) -> dict[str, Any]:
    """A review status saying the review of seat 0 runs (what a test's fake server says)."""
    return {"table": table_id, "seat": 0, "status": "running", "done": 1, "total": 9,
            "message": None, "review": None}


def test_a_review_request_that_fails_shows_the_error_and_try_again(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.bots_game("winter-queen", ["random", "random"], seed=35)
    page = open_page(browser, page_errors, f"{server.url}/replay/{table['table']}")
    expect(page.locator("body")).to_have_attribute("data-ready", "1")
    reviews = re.compile(rf"/api/tables/{table['table']}/reviews/\d+$")
    panel, message = page.locator("#review"), page.locator("#review .review-message")
    again = page.locator("#review-again")

    def refused_with(words: str) -> None:
        expect(panel).to_have_attribute("data-status", "refused")
        expect(message).to_contain_text(words)
        expect(again).to_have_text("Try again")

    page.route(reviews, lambda route: route.abort())  # the POST is lost
    page.locator("#review-open").click()
    refused_with("the server could not be reached")
    page.unroute(reviews)
    page.route(reviews, lambda route: route.fulfill(  # a proxy's page, not the server's
        status=200, content_type="text/html", body="<html>Bad gateway</html>"))
    again.click()
    refused_with("the server's answer could not be read")
    page.unroute(reviews)

    polls: list[str] = []

    def runs_then_poll_lost(route: Route) -> None:
        if route.request.method == "POST":
            route.fulfill(status=202, json=running(table["table"]))
        else:
            polls.append(route.request.method)
            route.abort()

    page.route(reviews, runs_then_poll_lost)
    again.click()
    expect(page.locator("#review-progress")).to_be_visible()
    refused_with("the server could not be reached")  # the first poll, a second later
    page.wait_for_timeout(2500)
    assert polls == ["GET"]  # and the polling stopped
    page.unroute(reviews)

    def runs_but_cancel_lost(route: Route) -> None:
        if route.request.method == "DELETE":
            route.abort()
        else:
            route.fulfill(status=202, json=running(table["table"]))

    page.route(reviews, runs_but_cancel_lost)
    again.click()
    page.locator("#review-cancel").click()
    refused_with("the server could not be reached")
    page.unroute(reviews)
    again.click()  # the network back: the review itself
    expect(panel).to_have_attribute("data-status", "done", timeout=REVIEWED)
    failed_requests_only(page_errors)


def open_noting_requests(browser: Browser, page_errors: PageErrors,
                         url: str) -> tuple[Page, list[tuple[str, str]]]:
    """``url`` in a fresh page, and every request it makes from the first: (method, path)."""
    page = page_errors.watch(browser.new_context(viewport=DESKTOP).new_page())
    asked: list[tuple[str, str]] = []
    page.on("request", lambda r: asked.append((r.method, urlsplit(r.url).path)))
    page.goto(url)
    return page, asked


def test_a_review_in_the_address_is_a_seat_of_the_table_or_none(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    finished = server.bots_game("winter-queen", ["random", "random"], seed=31)["table"]
    going = server.create("winter-queen", ["human", "random"], seed=36)["table"]
    for value in ("1.0", "01", " 1", "2", "../../x"):  # no seat of 0..1: the panel's first
        page, asked = open_noting_requests(
            browser, page_errors, f"{server.url}/replay/{finished}?review={quote(value, safe='')}")
        expect(page.locator("#review")).to_have_attribute("data-status", "done",
                                                          timeout=REVIEWED)
        expect(page.locator("#review-seat")).to_have_value("0")
        assert re.search(r"[?&]review=0(&|$)", page.url), page.url
        about = [(method, path) for method, path in asked if "/reviews/" in path]
        assert about[0] == ("POST", f"/api/tables/{finished}/reviews/0"), (value, asked)
        assert {path for _, path in about} == {about[0][1]}  # its polls: the same seat's
        page.context.close()
    for value, posted in (("../../../tables", []), ("5", [f"/api/tables/{going}/reviews/5"])):
        page, asked = open_noting_requests(
            browser, page_errors, f"{server.url}/replay/{going}?review={quote(value, safe='')}")
        # a seat beyond the table's is ignored (the page cannot tell it here: the server
        # does), and anything but a seat is never sent
        expect(page.locator("#problem h2")).to_have_text("This game is not over yet")
        assert [path for method, path in asked if method == "POST"] == posted, (value, asked)
        page.context.close()
    failed_requests_only(page_errors)


def game_with_placed_mistake(server: Server, tries: int = 6) -> tuple[dict[str, Any], Target]:
    """A finished Winter Queen game whose seat 0 has a mistake with both moves placing a
    floe on the map (which game has one depends on the review's search: a few seeds are
    tried), reviewed already."""
    kinds, seed, target = GAMES["winter-queen"]
    for k in range(tries):
        table = server.bots_game("winter-queen", kinds, seed=seed + k)
        path = f"/api/tables/{table['table']}/reviews/0"
        server.post(path, {})
        deadline = time.monotonic() + REVIEWED / 1000
        while (status := server.get(path))["status"] != "done":
            assert status["status"] in ("queued", "running") and time.monotonic() < deadline, \
                status
            time.sleep(0.2)
        try:
            chosen_mistake(dict(status["review"]), target, {"place"})
        except AssertionError:
            continue
        return table, target
    raise AssertionError(f"none of {tries} games has a mistake placing two floes on the map")


def test_on_a_phone_the_review_stacks_under_the_board(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table, target = game_with_placed_mistake(server)
    page = open_from_the_end_screen(browser, page_errors, server, table, viewport=PHONE)
    board = page.locator("#board").bounding_box()
    panel = page.locator("#review").bounding_box()
    assert board is not None and panel is not None
    assert panel["y"] >= board["y"] + board["height"] - 1  # under the board, not beside it
    assert panel["x"] >= 0 and panel["x"] + panel["width"] <= PHONE["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    chart = page.locator("#review-chart").bounding_box()
    assert chart is not None and chart["width"] >= PHONE["width"] * 0.7  # readable
    # two floes placed on the map: a screen's height apart at most (a page of a book lies
    # under the map and the stands, further than a phone's screen shows at once)
    decision = chosen_mistake(review_of(server, table, 0), target, {"place"})
    check_the_marks(page, decision, target)
    shot(page, "phone")
    # the bar's Review button brings the panel into sight, below the bar
    page.locator("#review-open").click()
    expect(page.locator("#review")).to_have_attribute("data-status", "done")
    page.wait_for_timeout(100)
    bar = page.locator("#replay-bar").bounding_box()
    chart = page.locator("#review-chart").bounding_box()
    assert bar is not None and chart is not None
    assert bar["y"] + bar["height"] <= chart["y"]
    assert chart["y"] + chart["height"] <= PHONE["height"]
    shot(page, "phone-panel")
