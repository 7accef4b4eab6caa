"""Rules at hand in the browser: the Rules button opens the game's summary."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Route, expect

from tests.browser.conftest import PHONE, PageErrors, Server, open_page
from wintergames.core.registry import get_spec


@pytest.mark.parametrize(("game", "seats"), [
    ("winter-queen", ["human", "random"]), ("snow-time", ["human", "random", "random"]),
    ("icecool-wizards", ["human", "random"]), ("winterborne", ["human", "random"]),
    ("ice", ["human", "random"])])
def test_the_rules_button_shows_the_summary_and_links_the_interpretations(
        server: Server, browser: Browser, page_errors: PageErrors, game: str,
        seats: list[str]) -> None:
    table = server.create(game, seats, seed=3)
    page = page_errors.watch(browser.new_page())
    page.goto(server.url + table["seats"][0]["invite"])
    button = page.locator("#rules-button")
    expect(button).to_be_visible()
    button.click()
    dialog = page.locator("dialog#rules")
    expect(dialog).to_be_visible()
    spec = get_spec(game)
    rules = spec.rules_help
    assert rules is not None
    # the summary's parts, then (a game whose lines name their rules) its rule passages
    passages = ["The rules, passage by passage"] if spec.rules is not None else []
    assert dialog.locator("h3").all_text_contents() == [
        *(title for title, _ in rules.summary), *passages]
    first_paragraph = rules.summary[0][1].split("\n")[0]
    expect(dialog.locator("p").first).to_have_text(first_paragraph)
    link = dialog.locator("#rules-more a")
    expect(link).to_have_attribute("href", f"/docs/rules/{game}.md")
    dialog.locator("button", has_text="Back to the table").click()
    expect(dialog).to_be_hidden()


def test_the_board_does_not_move_when_the_rules_arrive_late(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """The Rules button shows once the summary is fetched. On a phone its showing made the
    header 13 px taller and moved the board under a floe already sliding to it (issue 21's
    motion): the button holds its place, unseen, until then."""
    table = server.create("winter-queen", ["human", "human", "human"], seed=7)
    held: list[Route] = []
    page = open_page(browser, page_errors, server.url + table["spectator"], viewport=PHONE)
    button = page.locator("#rules-button")
    # The first load's summary in before the route holds the next (it is asked for after
    # the page's load event: held first, it left the reload's request held for ever).
    expect(button).to_be_visible()
    page.context.route("**/api/games/*/rules", lambda route: held.append(route))
    page.reload()
    page.wait_for_selector("#wq-map")
    assert len(held) == 1 and button.is_hidden()  # the summary is still on its way
    before = page.locator("#board").bounding_box()
    held[0].continue_()
    expect(button).to_be_visible()
    assert page.locator("#board").bounding_box() == before
