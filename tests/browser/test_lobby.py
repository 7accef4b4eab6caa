"""The lobby offers only option values the server accepts at the chosen player count."""

from __future__ import annotations

from playwright.sync_api import Browser

from .conftest import PageErrors, Server


def test_the_lobby_offers_only_seats_of_the_chosen_player_count(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = page_errors.watch(browser.new_page())
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "winter-queen")
    first = page.locator("[data-option='first_player'] option")
    page.select_option("#players", "4")
    assert first.all_text_contents() == ["1", "2", "3", "4", "random"]
    page.select_option("[data-option='first_player']", "2")
    page.select_option("#players", "2")
    assert first.all_text_contents() == ["1", "2", "random"]
    assert page.locator("[data-option='first_player']").input_value() == "2"  # still allowed
    page.select_option("#players", "4")
    page.select_option("[data-option='first_player']", "4")
    page.select_option("#players", "3")
    assert first.all_text_contents() == ["1", "2", "3", "random"]
    assert page.locator("[data-option='first_player']").input_value() == "random"  # default
