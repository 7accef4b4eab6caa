"""Icons on the page (issue 21): every icon a game's page draws names a symbol of the sprite
the page loaded. A ``<use href="#id">`` of a missing symbol draws nothing, silently, so
tests/server/test_icons.py's check of the sprite against the game's data does not catch a
view asking for an id the sprite never had (a typo, a renamed symbol, a kind built from
data). Checked on the board at the start, in the middle of a game (hands, cards, scores on
the board) and on the end screen, for each game."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .conftest import NO_LOG, PageErrors, Server, open_page
from .test_play import TIMEOUT, wait_for_my_turn_or_the_end

# A person in seat 0 and bots (random ones: quick), for each game.
SEATS = {"winter-queen": ["human", "random", "random"],
         "snow-time": ["human", "random", "random"],
         "icecool-wizards": ["human", "random"],
         "winterborne": ["human", "random"],
         "ice": ["human", "random"]}
# The person's actions (at random) between the first look and the second: enough for
# hands, played cards and scores on the board, in a few seconds.
ACTIONS = 20

# Every icon the document draws and every symbol it holds. An icon is a <use> (the views'
# useIcon, and icon()'s <svg class="icon"><use>), or a tooltip's icon still to be drawn
# (data-tip-icon: the tooltip makes its <use> when it opens).
ICONS = """() => ({
  uses: [...document.querySelectorAll('use')].map(use =>
    use.getAttribute('href') ?? use.getAttributeNS('http://www.w3.org/1999/xlink', 'href')),
  tips: [...document.querySelectorAll('[data-tip-icon]')].map(el => el.dataset.tipIcon),
  symbols: [...document.querySelectorAll('symbol[id]')].map(symbol => symbol.id),
  sprites: [...document.querySelectorAll('svg.icon-sprite')].map(svg => svg.dataset.game),
})"""


def missing_icons(page: Page, game: str, when: str) -> list[str]:
    """What the page draws that its sprite lacks, described (empty when all is well)."""
    found: dict[str, list[Any]] = page.evaluate(ICONS)
    assert found["sprites"] == [game], f"{when}: the page holds sprites {found['sprites']}"
    symbols = set(found["symbols"])
    assert len(found["uses"]) > 0, f"{when}: the page draws no icon"
    problems = [f"{when}: <use href={href!r}> names no symbol in the page"
                for href in sorted({str(href) for href in found["uses"]})
                if not href.startswith("#") or href[1:] not in symbols]
    problems += [f"{when}: data-tip-icon={tip!r} names no symbol in the page"
                 for tip in sorted(set(found["tips"])) if tip not in symbols]
    return problems


def drawn(page: Page) -> None:
    """The seat's page with its board drawn: its turn or the end, and the sprite in."""
    wait_for_my_turn_or_the_end(page)
    page.wait_for_selector("svg.icon-sprite symbol", state="attached", timeout=TIMEOUT)


def play(server: Server, table: dict[str, Any], seat: int, rng: random.Random,
         actions: int | None = None) -> None:
    """Seat ``seat`` takes ``actions`` actions at random over HTTP (the bots answering on
    the server), or plays to the end (None). Leaner than Server.finish, as a random ICECOOL
    or Winterborne game is some 450 of the person's actions: a post an action, whose answer
    is the seat's next view (a view is asked for only while the bots move)."""
    deadline = time.monotonic() + 180  # only a game that hangs waits it out
    view = server.view(table, seat, NO_LOG)
    while actions != 0:
        assert time.monotonic() < deadline, "the game did not get there in time"
        if view["over"]:
            assert actions is None, f"the game ended {actions} actions early"
            return
        legal = [entry["action"] for entry in view["legal"]]
        if not legal:
            time.sleep(0.01)  # a bot's move
            view = server.view(table, seat, NO_LOG)
            continue
        body = {"secret": table["seats"][seat]["secret"], "version": view["version"],
                "action": rng.choice(legal), "log_from": NO_LOG}
        status, view = server.post(f"/api/tables/{table['table']}/actions", body)
        assert status == 200, view
        if actions is not None:
            actions -= 1


@pytest.mark.parametrize("game", list(SEATS))
def test_every_icon_the_page_draws_is_a_symbol_of_its_sprite(
        server: Server, browser: Browser, page_errors: PageErrors, game: str) -> None:
    table = server.create(game, SEATS[game], seed=7)
    invite = server.url + table["seats"][0]["invite"]
    page = open_page(browser, page_errors, invite)
    drawn(page)
    problems = missing_icons(page, game, "at the start")

    # Away on a JSON document of the server while the middle is played: no board drawn at
    # each step, and no lobby refreshing its list meanwhile.
    page.goto(server.url + "/api/games")
    rng = random.Random(7)
    play(server, table, 0, rng, ACTIONS)
    page.goto(invite)
    drawn(page)
    problems += missing_icons(page, game, f"after {ACTIONS} actions")

    page.goto(server.url + "/api/games")
    play(server, table, 0, rng)  # to the end
    page.goto(invite)
    drawn(page)
    assert page.evaluate("document.body.dataset.over") == "1"
    problems += missing_icons(page, game, "at the end")
    assert problems == []
