"""The lobby offers only option values the server accepts at the chosen player count."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

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


def test_on_a_public_server_the_seed_is_chosen_only_for_tables_of_bots(
        browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    with Server(tmp_path / "public.db", seeded_human_tables=False) as public:
        page = page_errors.watch(browser.new_page())
        page.goto(public.url)
        page.wait_for_selector("body[data-ready]")
        page.select_option("#game", "snow-time")
        page.select_option("#players", "3")
        page.select_option("[data-seat='0']", "human")
        expect(page.locator("#seed")).to_be_disabled()
        expect(page.locator("#seed-hint")).to_be_visible()  # says why, not just greyed out
        page.click("#create-button")  # a person's table is created with a drawn seed
        expect(page.locator("a.invite")).to_have_count(1)
        assert page.locator("#create-error").text_content() == ""
        page.select_option("[data-seat='0']", "random")
        expect(page.locator("#seed")).to_be_enabled()
        expect(page.locator("#seed-hint")).to_be_hidden()


def test_a_yes_or_no_option_is_a_checkbox_and_reaches_the_game_as_a_boolean(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = page_errors.watch(browser.new_page())
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "winterborne")
    page.select_option("#players", "2")
    mercenary = page.locator("[data-option='mercenary']")
    assert mercenary.get_attribute("type") == "checkbox" and not mercenary.is_checked()
    mercenary.check()
    page.select_option("#players", "3")  # the options are redrawn, the choice is kept
    assert page.locator("[data-option='mercenary']").is_checked()
    page.select_option("#players", "2")
    page.click("#create-button")
    expect(page.locator("a.invite")).to_have_count(1)  # seat 2 is a bot
    assert page.locator("#create-error").text_content() == ""
    invite = page.locator("a.invite").first.get_attribute("href") or ""
    path, _, query = invite.partition("?")
    table = path.rstrip("/").split("/")[-1]
    with urllib.request.urlopen(f"{server.url}/api/tables/{table}/view?{query}") as response:
        view = json.load(response)
    seat = view["observation"]["seats"][0]
    # With the mercenary, a starting deck has 7 cards: a hand of 4 and 3 left to draw.
    assert seat["hand_size"] + seat["deck_size"] == 7


def _ice_lobby(server: Server, browser: Browser, page_errors: PageErrors, players: str) -> Page:
    page = page_errors.watch(browser.new_page())
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "ice")
    page.select_option("#players", players)
    return page


def _created_view(server: Server, page: Page) -> dict[str, Any]:
    """The first seat's view of the table the lobby page has just created."""
    expect(page.locator("a.invite").first).to_be_visible()
    assert page.locator("#create-error").text_content() == ""
    invite = page.locator("a.invite").first.get_attribute("href") or ""
    path, _, query = invite.partition("?")
    table = path.rstrip("/").split("/")[-1]
    with urllib.request.urlopen(f"{server.url}/api/tables/{table}/view?{query}") as response:
        view: dict[str, Any] = json.load(response)
    return view


def test_the_lobby_sets_up_an_ice_table_with_its_options(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = _ice_lobby(server, browser, page_errors, "4")
    assert page.locator("#players option").all_text_contents() == ["2", "3", "4", "5"]
    assert page.locator("[data-option='curse'] option").all_text_contents() == [
        "off", "on", "gentle"]
    assert "off" in page.locator("[data-option='logbook'] option").all_text_contents()
    for flag in ("first_game", "blessing"):
        assert page.locator(f"[data-option='{flag}']").get_attribute("type") == "checkbox"
    page.select_option("[data-option='curse']", "gentle")
    page.select_option("[data-option='logbook']", "off")
    page.locator("[data-option='first_game']").check()
    page.click("#create-button")
    seats = _created_view(server, page)["observation"]["seats"]
    # Expert mode, 4 players: every marker starts on space 2 with a Blessing token; a first
    # game gives everyone 2 RP tokens whatever their guild.
    assert [s["curse"] for s in seats] == [2, 2, 2, 2]
    assert [s["trigger"] for s in seats] == ["blessing"] * 4
    assert [s["rp_tokens"] for s in seats] == [2, 2, 2, 2]


def test_the_lobby_offers_ices_fluent_move_variant_with_three_players(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = _ice_lobby(server, browser, page_errors, "4")
    fluent = page.locator("[data-option='fluent']")
    assert fluent.get_attribute("type") == "checkbox" and fluent.is_disabled()
    page.select_option("#players", "3")
    fluent = page.locator("[data-option='fluent']")
    assert not fluent.is_disabled()
    fluent.check()
    page.click("#create-button")
    seats = _created_view(server, page)["observation"]["seats"]
    assert [s["fluent_moves"] for s in seats] == [1, 1, 1]  # RB: one token each


def test_ice_shows_a_guild_choice_only_for_seats_that_play(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = _ice_lobby(server, browser, page_errors, "3")
    for seat in (1, 2, 3):
        expect(page.locator(f"[data-option='guild_{seat}']")).to_be_visible()
    for seat in (4, 5):  # no fourth or fifth player: nothing to choose
        expect(page.locator(f"[data-option='guild_{seat}']")).to_be_hidden()
    page.select_option("[data-option='guild_2']", "nourisher")
    page.select_option("#players", "5")
    for seat in (4, 5):
        expect(page.locator(f"[data-option='guild_{seat}']")).to_be_visible()
    page.select_option("#players", "3")
    page.click("#create-button")
    seats = _created_view(server, page)["observation"]["seats"]
    assert seats[1]["guild"] == "nourisher"
