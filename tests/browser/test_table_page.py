"""The table page's own lines: the players list, the status line and the end dialog."""

from __future__ import annotations

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
