"""A table link that shows no table (a wrong secret, an unknown table, a server that is
gone) says what is wrong and links back to the lobby; it never stays on "connecting…"."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PageErrors, Server, screenshot


def _forget_refusal(page_errors: PageErrors, status: int) -> None:
    """Drop Chromium's console line for the refusal the test asked for; others still fail."""
    line = f"the server responded with a status of {status}"
    assert any(line in e for e in page_errors), "the refusal never reached the browser"
    page_errors[:] = [e for e in page_errors if line not in e]


def _shows_problem(page: Page, code: str, title: str, server: Server) -> None:
    page.wait_for_selector(f"body[data-problem='{code}']")
    problem = page.locator("#problem")
    expect(problem.locator("h2")).to_have_text(title)
    expect(page.locator("#connection")).to_have_text("not connected")
    expect(page.get_by_text("connecting…")).to_have_count(0)
    expect(page.locator("#board")).to_have_count(0)  # no empty board waiting for a view
    assert page.title() == f"{title} — wintergames"
    back = problem.get_by_role("link", name="Back to the lobby")
    back.click()
    page.wait_for_selector("body[data-ready]")  # the lobby, working
    assert page.url == f"{server.url}/"


@pytest.mark.parametrize("size", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}])
def test_a_wrong_secret_says_so_and_leads_back_to_the_lobby(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path,
        size: dict[str, int]) -> None:
    table = server.create("winter-queen", ["human", "random"], seed=4)
    page = page_errors.watch(browser.new_page(viewport=size))  # type: ignore[arg-type]
    page.goto(f"{server.url}/table/{table['table']}?secret=not-{table['seats'][0]['secret']}")
    page.wait_for_selector("body[data-problem]")
    expect(page.locator("#problem")).to_contain_text("not one of this table's links")
    suffix = "-phone" if size["width"] < 500 else ""
    screenshot(page, f"table-wrong-secret{suffix}", tmp_path)
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    _shows_problem(page, "bad-secret", "This link opens no seat of this table", server)
    _forget_refusal(page_errors, 403)
    # the right secret still opens the seat: the refusal changed nothing
    page.goto(f"{server.url}{table['seats'][0]['invite']}")
    expect(page.locator("#me")).to_have_text("you are Player 1")
    expect(page.locator("#connection")).to_have_text("connected")


def test_an_unknown_table_says_so_and_leads_back_to_the_lobby(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = page_errors.watch(browser.new_page())
    page.goto(f"{server.url}/table/0000000000000000?secret=abc")
    _shows_problem(page, "no-table", "There is no such table", server)
    _forget_refusal(page_errors, 404)


def test_a_server_that_is_gone_is_reported_with_a_way_to_try_again(
        browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    with Server(tmp_path / "gone.db") as gone:
        table = gone.create("snow-time", ["human", "random", "random"], seed=2)
        page = page_errors.watch(browser.new_page())
        # the page's own files load, then its first request for the table fails
        page.route("**/api/tables/*/view*", lambda route: route.abort())
        page.goto(f"{gone.url}{table['seats'][0]['invite']}")
        page.wait_for_selector("body[data-problem='unavailable']")
        expect(page.locator("#problem h2")).to_have_text("The table could not be loaded")
        expect(page.locator("#problem")).to_contain_text("The server may be restarting.")
        expect(page.get_by_role("link", name="Try again")).to_be_visible()
        expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()
        expect(page.locator("#connection")).to_have_text("not connected")
        page_errors[:] = [e for e in page_errors if "ERR_FAILED" not in e]
