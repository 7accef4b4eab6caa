"""The page around the boards (issue 21): the header, the lobby and the replay page draw no
text below full opacity. Muted text takes the theme's muted ink (theme.css), which the
palette's contrast check (tests/server/test_palette.py) passed; a disabled button is muted
by its ink and a dashed edge, never by fading it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import DESKTOP, PHONE, PageErrors, Server, open_page, rules_loaded, screenshot
from .test_play import TIMEOUT
from .test_winter_queen import INK_AND_GROUND, contrast

# Text anywhere on the page (outside the board, which its games' tests check) whose own or
# inherited opacity is below 1, with the element it sits in.
FADED_CHROME = """() => {
  const faded = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const holder = node.parentElement;
    const text = node.textContent.trim();
    if (!text || holder.closest('title, script, style, #board, [hidden]')) continue;
    if (!holder.getClientRects().length) continue;  // not drawn
    let alpha = 1;
    for (let el = holder; el; el = el.parentElement) alpha *= Number(getComputedStyle(el).opacity);
    if (alpha < 0.999) faded.push(`${holder.tagName} ${text} (${alpha.toFixed(2)})`);
  }
  return faded;
}"""


def faded_chrome(page: Page) -> list[str]:
    return list(page.evaluate(FADED_CHROME))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_lobby_and_its_header_draw_no_faded_text(
        server: Server, browser: Browser, page_errors: PageErrors, theme: str) -> None:
    for viewport in (DESKTOP, PHONE):
        page = open_page(browser, page_errors, server.url + "/", viewport=viewport, theme=theme)
        expect(page.locator("header p")).to_be_visible()
        assert faded_chrome(page) == []
        # the header's line is the header's muted ink, readable on the header
        ink, ground = page.locator("header p").evaluate(INK_AND_GROUND)
        assert contrast(ink, ground) >= 4.5, (ink, ground)
        page.context.close()


def test_the_table_pages_header_draws_no_faded_text(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("snow-time", ["human"] * 3, seed=8)
    page = open_page(browser, page_errors, server.url + table["spectator"], theme="dark")
    page.wait_for_selector("body[data-version]", timeout=TIMEOUT)
    assert faded_chrome(page) == []


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_replays_disabled_buttons_are_muted_by_ink_and_edge_not_faded(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path,
        theme: str) -> None:
    table = server.bots_game("winter-queen", ["random", "random", "random"], seed=21)
    page = open_page(browser, page_errors, f"{server.url}/replay/{table['table']}", theme=theme)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    back, forward = page.locator("#back"), page.locator("#next")
    expect(back).to_be_disabled()  # at the set-up: no step back
    expect(forward).to_be_enabled()
    assert faded_chrome(page) == []
    ink, ground = back.evaluate(INK_AND_GROUND)
    assert contrast(ink, ground) >= 4.5, (ink, ground)
    # told apart from a button that works by more than its ink: its edge and the pointer
    style = "(b) => [getComputedStyle(b).borderTopStyle, getComputedStyle(b).cursor]"
    assert back.evaluate(style) == ["dashed", "not-allowed"]
    assert forward.evaluate(style) == ["solid", "pointer"]
    assert back.evaluate("(b) => getComputedStyle(b).color") != forward.evaluate(
        "(b) => getComputedStyle(b).color")
    screenshot(page, f"replay-disabled-{theme}", tmp_path, full_page=False)


def test_a_what_if_table_says_so_and_which_numbers_differ(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    status, table = server.post("/api/tables", {
        "game": "winter-queen", "seats": [{"kind": "human"}] * 3, "seed": 8,
        "options": {"overlay": {"stand_emptied.vp": 3, "spellbooks.max_held": 2}}})
    assert status == 201, table
    page = open_page(browser, page_errors, server.url + table["spectator"])
    page.wait_for_selector("body[data-version]", timeout=TIMEOUT)
    badge = page.locator("#whatif")
    expect(badge).to_be_visible()
    said = "Changed from the printed game: spellbooks.max_held = 2; stand_emptied.vp = 3"
    assert badge.get_attribute("data-tip") == said
    rules_loaded(page)
    badge.hover()  # the rules' tooltip says it (a title would never show on a phone)
    expect(page.locator("#term-tip")).to_contain_text("stand_emptied.vp = 3")
    plain = server.create("winter-queen", ["human"] * 3, seed=8)
    page.goto(server.url + plain["spectator"])
    page.wait_for_selector("body[data-version]", timeout=TIMEOUT)
    expect(page.locator("#whatif")).to_be_hidden()
