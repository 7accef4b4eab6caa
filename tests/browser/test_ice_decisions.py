"""Issue 38 for ICE: the table page shows the engine's prompt (with its cost and limit and
the rule's "§" link) and each choice by the engine's label, under the group it belongs
to, exactly as the terminal prints them for the same position."""

from __future__ import annotations

import re
from io import StringIO
from typing import Any

from playwright.sync_api import Browser, Page, expect
from rich.console import Console

import wintergames as wg
from wintergames.cli.play import TerminalGame
from wintergames.cli.seats import Seat
from wintergames.core.state import State
from wintergames.games.ice.components import IC

from .conftest import PageErrors, Server, open_page

# A terminal line of choices: "  HEAD: 1 label · 2 label" (a group) or "  1 label".
GROUPED = re.compile(r"^  (?P<head>.*): (?P<items>\d+ .*)$")
SINGLE = re.compile(r"^  (?P<n>\d+) (?P<label>.*)$")


def terminal(state: State, seat: int) -> list[str]:
    """What the terminal prints for ``seat``'s decision (TerminalGame.show_decision)."""
    out = StringIO()
    game = TerminalGame(wg.get_spec("ice"), state, [Seat("human"), Seat("human")],
                        Console(file=out, width=4000), lambda _: "quit")
    game.show_decision(seat, state.legal_actions(seat))
    return out.getvalue().splitlines()


def terminal_choices(lines: list[str]) -> tuple[str, set[tuple[str, str]]]:
    """The prompt line and each choice as (its group's head, or "", its label)."""
    said: set[tuple[str, str]] = set()
    for line in lines[1:]:
        if (single := SINGLE.match(line)) is not None:
            said.add(("", single["label"]))
        elif (grouped := GROUPED.match(line)) is not None:
            for item in grouped["items"].split(" · "):
                said.add((grouped["head"], item.split(" ", 1)[1]))
    return lines[0], said


def page_choices(page: Page) -> set[tuple[str, str]]:
    """The page's choices as (the group's title without its colon, or "", the label)."""
    said: set[tuple[str, str]] = set()
    for button in page.locator("#choices > button.act").all():
        said.add(("", button.inner_text().strip()))
    for group in page.locator("#choices .ice-places").all():
        head = group.locator(".group-title").inner_text().strip().removesuffix(":")
        for button in group.locator("button.act").all():
            said.add((head, button.inner_text().strip()))
    return said


def same_as_the_terminal(page: Page, state: State, seat: int) -> None:
    prompt, choices = terminal_choices(terminal(state, seat))
    expect(page.locator("#ice-prompt")).to_have_text(prompt + " §")
    expect(page.locator("#ice-prompt .rule-link")).to_have_attribute(
        "data-rule", state.decision(seat).prompt.rule)  # type: ignore[union-attr]
    assert page_choices(page) == choices
    assert len(choices) == len(state.legal_actions(seat))


def both_act(server: Server, table: dict[str, Any], state: State, seat: int,
             action: dict[str, Any]) -> None:
    server.act(table, seat, action)
    state.apply(wg.get_spec("ice").action_from_json(action), seat)


def test_the_page_and_the_terminal_say_the_same_prompt_and_labels(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("ice", ["human", "human"], seed=5)
    state = wg.make("ice", 2, seed=5)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    # the opening: discard down to the Requests kept, counted in the limit
    same_as_the_terminal(page, state, 0)
    expect(page.locator("#ice-prompt")).to_contain_text("more to discard")
    while state.day == 0:  # type: ignore[attr-defined]
        for seat in state.to_move:
            both_act(server, table, state, seat, server.legal(table, seat)[0])
    mover = state.to_move[0]
    page.close()
    page = open_page(browser, page_errors, server.url + table["seats"][mover]["invite"])
    # a turn: the Leader, the EP spent of the turn's limit; places under their action's group
    same_as_the_terminal(page, state, mover)
    expect(page.locator("#ice-prompt")).to_contain_text("spent this turn")
    camp = next(a for a in server.legal(table, mover) if a["kind"] == "camp")
    both_act(server, table, state, mover, camp)
    expect(page.locator("#ice-prompt")).to_contain_text(
        f"{IC.action_ep} of {IC.turn_ep} EP spent this turn")
    same_as_the_terminal(page, state, mover)
