"""Winter Queen's board in the browser (issue 21): the bag drawn as a bag with its count,
another seat's floes readable (never dimmed below AA), and the board in the dark theme
on a phone, the README's picture docs/screenshots/winter-queen-dark-phone.png."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from .conftest import PageErrors, Server, open_page, screenshot
from .test_play import TIMEOUT, play_one_winter_queen_decision, wait_for_my_turn_or_the_end

# Text on the board whose own or inherited opacity is below 1: it is drawn fainter than
# the colour the contrast checks (tests/server/test_palette.py) passed.
FADED_TEXT = """() => {
  const faded = [];
  const walker = document.createTreeWalker(document.getElementById('board'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // a <title> is not drawn
    if (!node.textContent.trim() || node.parentElement.closest('title')) continue;
    let alpha = 1;
    for (let el = node.parentElement; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      alpha *= Number(style.opacity) * (el instanceof SVGElement ? Number(style.fillOpacity) : 1);
    }
    if (alpha < 0.999) faded.push(`${node.textContent.trim()} (${alpha.toFixed(2)})`);
  }
  return faded;
}"""

# A text's colour and the first opaque background behind it.
INK_AND_GROUND = """e => {
  let el = e;
  while (el && ['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(el).backgroundColor)) {
    el = el.parentElement;
  }
  const ground = el ? getComputedStyle(el).backgroundColor : 'rgb(255, 255, 255)';
  return [getComputedStyle(e).color, ground];
}"""


def faded_text(page: Page) -> list[str]:
    return page.evaluate(FADED_TEXT)


def relative_luminance(rgb: str) -> float:
    channels = [int(c) / 255 for c in rgb.removeprefix("rgb(").removesuffix(")").split(",")[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_bag_and_the_stands_read_in_both_themes_and_on_a_phone(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("winter-queen", ["human", "random", "random"], seed=21)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    rng = random.Random(3)
    for _ in range(6):  # floes on the board, books taken, the bag emptier
        play_one_winter_queen_decision(page, rng)
        wait_for_my_turn_or_the_end(page)
    for theme in ("light", "dark"):
        if theme == "dark":
            page.evaluate("localStorage.setItem('wg.theme', 'dark')")
            page.reload()
            page.wait_for_selector("#wq-map", timeout=TIMEOUT)
            assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        bag = server.view(table, 0)["observation"]["bag"]
        # the bag is its symbol and its count, with each colour's floes beside it
        box = page.locator("#wq-bag")
        expect(box.locator("svg.icon use[href='#wq-bag']")).to_have_count(1)
        expect(box.locator(".bag-size")).to_have_text(str(bag["size"]))
        shown = {el.get_attribute("data-floe"): int(el.inner_text())
                 for el in box.locator(".bag-colour").all()}
        assert shown == {c: n for c, n in bag["floes"].items() if n}, shown
        for colour in shown:
            expect(box.locator(f".bag-colour[data-floe='{colour}'] use")).to_have_attribute(
                "href", f"#wq-floe-{colour}")
        # another seat's stand: its floes cannot be played, their counts still read at AA
        others = page.locator(".stand:not(.yours) button.floe:disabled .count")
        assert others.count() >= 1
        for i in range(others.count()):
            count = others.nth(i)
            ink, ground = count.evaluate(INK_AND_GROUND)
            assert contrast(ink, ground) >= 4.5, (ink, ground)
        assert faded_text(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector("#wq-map", timeout=TIMEOUT)
    wait_for_my_turn_or_the_end(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "winter-queen-dark-phone", tmp_path, full_page=False)
    page.context.close()
