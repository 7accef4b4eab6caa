"""Winterborne's decisions on the page are the engine's words (issue 38): the prompt with
its cost and limit, each button's label (its tooltip the explanation), a card's group, the
same as the terminal prints for the same position."""

from __future__ import annotations

from io import StringIO

from playwright.sync_api import Browser, Page, expect
from rich.console import Console

import wintergames as wg
from wintergames.cli.play import TerminalGame
from wintergames.cli.seats import Seat
from wintergames.core.state import State

from .conftest import PageErrors, Server, open_page

SPEC = wg.get_spec("winterborne")


def terminal(state: State, seat: int) -> list[str]:
    """What the terminal prints for ``seat``'s decision: the prompt, then the choices (a
    group's line "head: 1 label · 2 label", an ungrouped choice "N label")."""
    out = StringIO()
    game = TerminalGame(SPEC, state, [Seat("human"), Seat("human")],
                        Console(file=out, width=2000), lambda _: "quit")
    game.show_decision(seat, state.legal_actions(seat))
    return [line.strip() for line in out.getvalue().splitlines()]


def labels(line: str) -> list[str]:
    """The labels of a terminal line of choices, without their numbers."""
    items = line.split(": ", 1)[1].split(" · ") if ": " in line else [line]
    return [item.split(" ", 1)[1] for item in items]


def grouped(lines: list[str]) -> dict[str, list[str]]:
    """The terminal's choice lines by their group's head ("" for ungrouped choices)."""
    out: dict[str, list[str]] = {}
    for line in lines[1:-1]:
        head = line.split(": ", 1)[0] if ": " in line and not line[0].isdigit() else ""
        out.setdefault(head, []).extend(labels(line))
    return out


def texts(page: Page, selector: str) -> list[str]:
    return [t.strip() for t in page.locator(selector).all_inner_texts()]


def test_the_page_and_the_terminal_say_the_same_prompt_and_labels(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("winterborne", ["human", "human"], seed=5)
    state = wg.make("winterborne", 2, seed=5)
    seat = state.to_move[0]
    page = open_page(browser, page_errors, server.url + table["seats"][seat]["invite"])
    prompt = page.locator("#wb-prompt")
    lines = terminal(state, seat)
    expect(prompt).to_have_text(lines[0] + " §")
    assert "(reserve: " in lines[0]  # the limit, from the data (3 places)
    said = grouped(lines)
    # the buttons of the panel are the ungrouped choices, in the terminal's words
    expect(page.locator("#choices button.act")).to_have_count(len(said[""]))
    assert texts(page, "#choices button.act") == said[""]
    # a card clicked: its uses are the choices of its group, headed by the card's name
    page.locator("button.wb-card.playable").first.click()
    uses = page.locator("#wb-uses")
    expect(uses).to_be_visible()
    head = uses.locator("b").first.inner_text().rstrip(": ").strip()
    assert head in said, (head, said)
    assert texts(page, "#wb-uses button.use") == said[head]
    # each button's tooltip is the engine's explanation of it
    first = page.locator("#wb-uses button.use").first
    explained = next(c.explain.text for _, c in state.choices(seat)
                     if c is not None and c.group is not None and c.group.text == head)
    expect(first).to_have_attribute("data-tip", explained)
    # a move played to its special action: the next prompt names the figure, its buttons
    # (tax, pray, pass...) are the terminal's labels
    hexes = [a for a in state.legal_actions(seat)
             if a.kind == "play" and str(a).split()[1] in ("S", "E", "W")]
    for action in hexes:
        trial = state.clone()
        trial.apply(action, seat)
        circles = trial.legal_actions(seat)
        if circles and all(a.kind in ("play", "spoils") for a in circles):
            break
    else:
        raise AssertionError("no hex with a circle to follow it")
    for step in (action, circles[0]):
        server.act(table, seat, step.to_json())
        state.apply(step, seat)
    lines = terminal(state, seat)
    expect(prompt).to_have_text(lines[0] + " §")
    assert "special action" in lines[0]
    # no card is played here: every choice is a button of the panel (a section's group
    # heads its conquests and buildings)
    every = [label for group in grouped(lines).values() for label in group]
    expect(page.locator("#choices button.act")).to_have_count(len(every))
    assert sorted(texts(page, "#choices button.act")) == sorted(every)
    assert set(texts(page, "#choices p.wb-group")) <= {f"{head}:" for head in grouped(lines)}
    # the prompt's rule link names the passage the prompt applies
    decision = state.decision(seat)
    assert decision is not None
    expect(prompt.locator("a.rule-link")).to_have_attribute("data-rule", decision.prompt.rule)
