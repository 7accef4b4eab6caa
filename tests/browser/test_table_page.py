"""The table page's own lines: the players list, the status line and the end dialog."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from .conftest import PageErrors, Server, screenshot

TIMEOUT = 20_000  # ms: bots answer within their budget; this machine may be slow


def open_seat(browser: Browser, server: Server, table: dict, seat: int,
              page_errors: PageErrors, width: int = 1280, height: int = 900) -> Page:
    page = page_errors.watch(browser.new_page(viewport={"width": width, "height": height}))
    page.goto(server.url + table["seats"][seat]["invite"])
    page.wait_for_selector("body[data-version]", timeout=TIMEOUT)
    return page


def test_the_players_list_shows_the_kind_and_the_score_apart(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("winter-queen", ["human", "greedy", "random"], seed=3)
    page = open_seat(browser, server, table, 0, page_errors)
    page.wait_for_selector("body[data-my-turn='1']", timeout=TIMEOUT)  # the bots have moved
    view = server.view(table, 0)
    assert view["observation"]["vp"][0] is not None  # one's own VP at least is shown
    for seat, kind in enumerate(["human", "greedy", "random"]):
        row = page.locator(f"#players li[data-seat='{seat}']")
        expect(row.locator(".kind")).to_have_text(kind)  # the kind alone, no score glued on
        vp = view["observation"]["vp"][seat]
        if vp is None:  # another seat's VP stays hidden until the end: no cell at all
            expect(row.locator(".score")).to_have_count(0)
            continue
        expect(row.locator(".score b")).to_have_text(str(vp))
        expect(row.locator(".score")).to_contain_text(view.get("score_unit") or "score")
    for seat in range(3):
        row = page.locator(f"#players li[data-seat='{seat}']")
        expect(row.locator(".who")).to_have_text(f"Player {seat + 1}"
                                                 + (" (you)" if seat == 0 else ""))
    screenshot(page, "players-list", tmp_path)
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "players-list-phone", tmp_path)


def named(page: Page, seat: int, name: str) -> None:
    page.fill("#name-input", name)
    page.click("#name-form button[type='submit']")
    expect(page.locator(f"#players li[data-seat='{seat}'] .nickname")).to_have_text(name)


def expected_status(server: Server, table: dict, seat: int, names: dict[int, str]) -> str:
    """What the server's view says this seat should read, the seat itself never named."""
    view = server.view(table, seat)
    others = ", ".join(f"{names[i]} (Player {i + 1})" if i in names else f"Player {i + 1}"
                       for i in view["to_move"] if i != seat)
    if seat not in view["to_move"]:
        return f"Waiting for {others}."
    mine = "Your move: choose now (hidden until everyone has chosen)."
    return f"{mine} Also waiting for {others}." if others else mine


def test_snow_time_tells_a_seat_it_is_its_move_never_that_it_waits_for_itself(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("snow-time", ["human", "human", "random"], seed=8)
    first, second = (open_seat(browser, server, table, seat, page_errors) for seat in (0, 1))
    named(first, 0, "Ada")
    named(second, 1, "Bea")
    names = {0: "Ada", 1: "Bea"}
    for page in (first, second):  # both see both names before the status is read
        expect(page.locator("#players li[data-seat='0'] .nickname")).to_have_text("Ada")
        expect(page.locator("#players li[data-seat='1'] .nickname")).to_have_text("Bea")
    expect(first.locator("#status")).to_have_text(expected_status(server, table, 0, names))
    expect(first.locator("#status")).to_contain_text("Also waiting for Bea (Player 2).")
    expect(second.locator("#status")).to_contain_text("Also waiting for Ada (Player 1).")
    for page, me in ((first, "Ada"), (second, "Bea")):
        assert me not in page.locator("#status").inner_text()
    screenshot(first, "status-snow-time", tmp_path)
    # Ada chooses: she now waits for Bea alone, and Bea's status no longer names Ada.
    version = first.evaluate("document.body.dataset.version")
    first.locator("button.card.playable").first.click()
    first.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=TIMEOUT)
    expect(first.locator("#status")).to_have_text("Waiting for Bea (Player 2).")
    expect(second.locator("#status")).to_have_text(expected_status(server, table, 1, names))
    assert "Ada" not in second.locator("#status").inner_text()
    assert "Bea" not in second.locator("#status").inner_text()
    screenshot(second, "status-snow-time-second", tmp_path)


def test_winter_queen_says_your_move_to_the_seat_to_move_and_names_it_to_others(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("winter-queen", ["human", "greedy"], seed=4)
    page = open_seat(browser, server, table, 0, page_errors)
    page.wait_for_selector("body[data-my-turn='1']", timeout=TIMEOUT)
    expect(page.locator("#status")).to_have_text("Your move.")
    watcher = page_errors.watch(browser.new_page(viewport={"width": 390, "height": 844}))
    watcher.goto(server.url + (table.get("spectator") or f"/table/{table['table']}"))
    expect(watcher.locator("#status")).to_have_text("Waiting for Player 1.")
    screenshot(page, "status-winter-queen", tmp_path)


def test_the_end_dialog_says_game_over_once_and_names_the_seats_in_its_scores(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("snow-time", [{"kind": "human", "name": "Ada"}, "random", "random"],
                          seed=5)
    deadline = time.monotonic() + 120
    while not (view := server.view(table, 0))["over"]:  # Ada plays her first legal action
        assert time.monotonic() < deadline, "the game did not end"
        if not view["legal"]:
            time.sleep(0.05)  # the bots' turn
            continue
        server.act(table, 0, view["legal"][0]["action"])
    page = open_seat(browser, server, table, 0, page_errors)
    dialog = page.locator("dialog#end")
    expect(dialog).to_be_visible()
    assert dialog.inner_text().count("Game over") == 1, dialog.inner_text()
    names = ["Ada (Player 1)", "Player 2", "Player 3"]
    winners = " and ".join(names[w] for w in view["winners"])
    expect(page.locator("#winners")).to_have_text(
        f"{winners} {'win' if len(view['winners']) > 1 else 'wins'}.")
    rows = page.locator("#final-scores tr:has(td)")
    # the winners' names carry a star (the score breakdown's mark)
    expect(rows.locator("th")).to_have_text(
        [n + (" ★" if i in view["winners"] else "") for i, n in enumerate(names)])
    expect(rows.locator("td.total")).to_have_text([str(s) for s in view["scores"]])
    # the side panel asks for no move once the game is over (it said "Your move")
    expect(page.locator("#choices-panel h2")).to_have_text("Game over")
    screenshot(page, "end-dialog", tmp_path)
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "end-dialog-phone", tmp_path)


def test_a_spectator_is_told_whose_move_it_watches_never_your_move(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """A spectator has no move: the panel a seat reads as "Your move" says whose it is."""
    table = server.create("winter-queen", ["human", "greedy"], seed=4)
    seat = open_seat(browser, server, table, 0, page_errors)
    seat.wait_for_selector("body[data-my-turn='1']", timeout=TIMEOUT)
    expect(seat.locator("#choices-panel h2")).to_have_text("Your move")  # a seat's own
    watcher = page_errors.watch(browser.new_page(viewport={"width": 1280, "height": 900}))
    watcher.goto(server.url + (table.get("spectator") or f"/table/{table['table']}"))
    watcher.wait_for_selector("body[data-version]", timeout=TIMEOUT)
    panel = watcher.locator("#choices-panel")
    expect(panel.locator("h2")).to_have_text("Watching")
    expect(panel.locator("#choices")).to_have_text("Player 1 to move.")
    expect(watcher.locator("body")).not_to_contain_text("Your move")
    expect(watcher.locator("body")).not_to_contain_text("Nothing to do now.")
    screenshot(watcher, "spectator-watching", tmp_path)


def test_the_log_keeps_the_lines_it_drew_and_adds_each_views_new_ones(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    # Every line was drawn again at every view: 350 ms a view in a long game's Winter.
    table = server.create("winterborne", ["human", "random"], seed=3)
    page = open_seat(browser, server, table, 0, page_errors)
    page.wait_for_selector("body[data-my-turn='1']", timeout=TIMEOUT)
    lines = page.locator("#log li")
    drawn = lines.count()
    assert drawn == len(server.view(table, 0)["log"]) > 0
    page.evaluate("document.querySelectorAll('#log li').forEach((li) => li.dataset.kept = '1')")
    # the person's moves over HTTP (and the bot's answers), the page drawing each view, to a
    # turn of the person's again (nothing moves meanwhile)
    deadline = time.monotonic() + TIMEOUT / 1000
    while len((view := server.view(table, 0))["log"]) < drawn + 4 or not view["legal"]:
        assert time.monotonic() < deadline, "the game did not go on"
        if view["legal"]:
            server.act(table, 0, view["legal"][0]["action"], view["version"])
        else:
            time.sleep(0.01)  # the bot's move
    page.wait_for_function(f"document.body.dataset.version === '{view['version']}'",
                           timeout=TIMEOUT)
    log = view["log"]
    assert lines.count() == len(log) > drawn
    # the lines drawn before are the same elements; only the new ones are new
    kept = page.evaluate(
        "[...document.querySelectorAll('#log li')].map((li) => li.dataset.kept === '1')")
    assert kept == [True] * drawn + [False] * (len(log) - drawn)
    # and the log reads as a page opened now draws it
    texts = lines.all_text_contents()
    page.reload()
    page.wait_for_selector("body[data-version]", timeout=TIMEOUT)
    expect(lines).to_have_count(len(log))
    assert lines.all_text_contents() == texts
