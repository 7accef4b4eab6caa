"""Light and dark themes (issue 21): the choice in ⚙ Settings changes the page's colours at
once, is kept across a reload, and "System" follows the browser's colour scheme. The dark
Winter Queen board is the README's screenshot."""

from __future__ import annotations

import random
from pathlib import Path

from playwright.sync_api import Browser, Page

from .conftest import PageErrors, Server, open_page, screenshot, screenshot_folder
from .test_play import (
    TIMEOUT,
    play_one_winter_queen_decision,
    ready_for_the_picture,
    wait_for_my_turn_or_the_end,
)

# The colours the page is drawn in, as the browser computed them.
COLOURS = """() => ({ page: getComputedStyle(document.body).backgroundImage,
  panel: getComputedStyle(document.querySelector('.panel')).backgroundColor,
  text: getComputedStyle(document.body).color,
  theme: document.documentElement.dataset.theme })"""


def choose_theme(page: Page, choice: str) -> None:
    page.locator(".watch-menu summary").click()
    page.select_option("#theme-setting", choice)
    page.locator(".watch-menu summary").click()  # fold the settings again


def test_the_theme_chosen_in_settings_changes_the_colours_and_survives_a_reload(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("winter-queen", ["human", "random", "random"], seed=21)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    light = page.evaluate(COLOURS)
    assert light["theme"] == "light"  # "System", and the system is light
    assert page.input_value("#theme-setting") == "system"

    choose_theme(page, "dark")
    dark = page.evaluate(COLOURS)
    assert dark["theme"] == "dark"
    assert dark["page"] != light["page"] and dark["panel"] != light["panel"]
    assert dark["text"] != light["text"]
    # the board keeps its light table: the components are drawn for one background
    board_text = page.evaluate("getComputedStyle(document.getElementById('board')).color")
    assert board_text == light["text"]

    if screenshot_folder() is not None:  # a board with floes and books on it, for the picture
        rng = random.Random(3)
        for _ in range(12):
            play_one_winter_queen_decision(page, rng)
            wait_for_my_turn_or_the_end(page)
    page.reload()
    page.wait_for_selector("#wq-map", timeout=TIMEOUT)
    assert page.evaluate(COLOURS) == dark, "the choice is kept across a reload"
    assert page.input_value("#theme-setting") == "dark"
    ready_for_the_picture(page)
    screenshot(page, "winter-queen-dark", tmp_path)

    choose_theme(page, "system")  # back to the browser's scheme, which follows the system
    assert page.evaluate(COLOURS) == light
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("document.documentElement.dataset.theme === 'dark'")
    page.context.close()


def test_the_theme_is_set_before_the_first_paint(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """The lobby (no Settings of its own) follows the kept choice from its first frame."""
    context = browser.new_context(color_scheme="light")
    context.add_init_script("localStorage.setItem('wg.theme', 'dark')")
    page = page_errors.watch(context.new_page())
    # read as the document is parsed, before any module script has run
    page.add_init_script("""document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        window.firstTheme = document.documentElement.dataset.theme;
    });""")
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate("window.firstTheme") == "dark"
    assert page.evaluate("getComputedStyle(document.body).color") == "rgb(228, 235, 242)"
    page.context.close()
