"""``wintergames replay FILE``: a recorded game, step by step, forward and back.

A record is what ``wintergames play --record`` saves and what a table's "Download record"
gives: ``State.record()`` (format, version, game, players, seed, options, actions) and,
optionally, ``seats`` (a bot kind or a person's name per seat). Step 0 is the set-up and
step N the position after the N-th action.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from wintergames.cli.results import players_word, result, seat_label, typed
from wintergames.core.errors import ReplayError, excerpt
from wintergames.core.events import Event, seat_name
from wintergames.core.registry import get_spec, make
from wintergames.core.replay import replay as replay_record
from wintergames.core.state import State

WHERE_FROM = "saved by `wintergames play --record` or a table's Download record"
KEYS = "Enter/n next · b back · a number: that step · q quit"
# A copy of the position every this many steps: going back rebuilds at most this many
# actions (a flick is a physics simulation), and a long game keeps few copies.
CHECKPOINT_EVERY = 25


def load_record(path: Path) -> dict[str, Any]:
    """The JSON object in ``path``, or a ``ReplayError`` saying what is wrong with the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ReplayError(f"{path} is a folder, not a replay record ({WHERE_FROM})") from None
    except UnicodeDecodeError:
        raise ReplayError(f"{path} is not a text file; a replay record is JSON "
                          f"({WHERE_FROM})") from None
    except OSError as err:
        raise ReplayError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ReplayError(f"{path} is not JSON ({err.msg} at line {err.lineno}, column "
                          f"{err.colno}); a replay record is JSON ({WHERE_FROM})") from None
    except RecursionError:
        raise ReplayError(f"{path} is nested too deeply to be a replay record") from None
    if not isinstance(data, dict):
        raise ReplayError(f"{path} holds a JSON {type(data).__name__}, not a replay record "
                          f"(a JSON object {WHERE_FROM})")
    return data


def seats_about(record: dict[str, Any]) -> list[str]:
    """Who sat in each seat, from the record's optional ``seats``: each a bot kind or
    ``human`` (the terminal's records) or an object with a ``name`` and/or ``kind``."""
    seats = record.get("seats")
    if seats is None:
        return []
    players = record.get("num_players")
    rule = ("the record's seats are a list with one entry per seat, each a text (a bot kind) "
            'or an object such as {"name": "Ann", "kind": "human"}')
    if not isinstance(seats, list) or (isinstance(players, int) and len(seats) != players):
        raise ReplayError(f"{rule}; found {excerpt(seats)}")
    about = []
    for index, seat in enumerate(seats):
        if isinstance(seat, str):
            about.append(seat)
            continue
        name = seat.get("name") if isinstance(seat, dict) else None
        kind = seat.get("kind") if isinstance(seat, dict) else None
        if not isinstance(seat, dict) or not all(v is None or isinstance(v, str)
                                                 for v in (name, kind)):
            raise ReplayError(f"{rule}; seat {index + 1} is {excerpt(seat)}")
        about.append(name or kind or "")
    return about


class Replay:
    """A recorded game that can show any step: the position, and the log lines it added."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.final = replay_record(record)  # checks the whole record; ReplayError if not
        self.spec = get_spec(record["game"])
        self.about = seats_about(record)
        self.record = record
        self.actions = self.final.history
        state = make(record["game"], record["num_players"], record["seed"], record["options"])
        self._checkpoints: dict[int, State] = {0: state.clone()}
        self._log_ends = [len(state.log)]  # the log's length after each step
        for step, (player, action) in enumerate(self.actions, 1):
            state.apply(action, player)
            self._log_ends.append(len(state.log))
            if step % CHECKPOINT_EVERY == 0:
                self._checkpoints[step] = state.clone()

    @property
    def steps(self) -> int:
        return len(self.actions)

    def state_at(self, step: int) -> State:
        """A fresh copy of the position after ``step`` actions (0: the set-up)."""
        base = step - step % CHECKPOINT_EVERY
        state = self._checkpoints[base].clone()
        for player, action in self.actions[base:step]:
            state.apply(action, player)
        return state

    def events(self, step: int) -> list[Event]:
        """The log lines ``step`` added (step 0: the set-up's)."""
        start = self._log_ends[step - 1] if step > 0 else 0
        return self.final.log[start:self._log_ends[step]]

    def heading(self, step: int) -> str:
        if step == 0:
            return f"Step 0/{self.steps} · the set-up"
        player, action = self.actions[step - 1]
        return f"Step {step}/{self.steps} · {seat_label(player, self.about)}: {action}"


class ReplayViewer:
    """Shows a ``Replay`` on ``console``; ``ask`` reads a line (``console.input``)."""

    def __init__(self, game: Replay, console: Console, ask: Callable[[str], str]) -> None:
        self.game = game
        self.console = console
        self.ask = ask

    def introduce(self) -> None:
        game, record = self.game, self.game.record
        seats = ", ".join(seat_label(p, game.about) for p in range(game.final.num_players))
        options = ", ".join(f"{k}={typed(v)}" for k, v in game.final.options.items()) or "none"
        self.console.print(Text(
            f"{game.spec.title}, {players_word(game.final.num_players)}, seed {record['seed']}, "
            f"{game.steps} actions. Seats: {seats}. Options: {options}.", style="bold"))

    def show_step(self, step: int, state: State | None) -> None:
        """The heading and log lines of ``step``; with ``state``, its board first (so the
        log lines stand just above the prompt); at the last step, how the game ended."""
        if state is not None and self.game.spec.render is not None:
            self.console.print(self.game.spec.render(state, None))
        self.console.rule(Text(self.game.heading(step)), style="cyan")
        for event in self.game.events(step):
            line = Text("• " + event.text, style="cyan")
            if event.visible_to is not None:  # a private line: say whose it is ("You draw...")
                seen = ", ".join(seat_name(p) for p in sorted(event.visible_to)) or "nobody"
                line.append(f"  (seen only by {seen})", style="dim")
            self.console.print(line)
        if step == self.game.steps:
            self.console.print(result(self.game.spec, self.game.final, self.game.about))

    def run_through(self) -> None:
        """Every step's log, then the final board and how the game ended."""
        self.introduce()
        for step in range(self.game.steps):
            self.show_step(step, None)
        self.show_step(self.game.steps, self.game.final)

    def browse(self) -> None:
        """Step forward and back at the reader's pace until ``q`` (or the end of input)."""
        game = self.game
        self.introduce()
        step, state = 0, game.state_at(0)
        self.show_step(step, state)
        while True:
            try:
                line = self.ask(f"[dim]Step {step}/{game.steps} · {KEYS} >[/] ")
            except EOFError:
                return
            word = line.strip().lower()
            if word in ("q", "quit", "exit"):
                return
            if word in ("", "n", "next"):
                if step == game.steps:
                    self.console.print("[dim]That was the last step: b goes back, a number "
                                       "goes to that step, q quits.[/]")
                    continue
                player, action = game.actions[step]
                state.apply(action, player)
                step += 1
            elif word in ("b", "p", "back"):
                if step == 0:
                    self.console.print("[dim]This is the set-up, step 0: Enter goes "
                                       "forward.[/]")
                    continue
                step -= 1
                state = game.state_at(step)
            elif word.isascii() and word.isdigit():
                target = int(word) if len(word) < 10 else game.steps + 1
                if target > game.steps:
                    shown = word if len(word) < 10 else excerpt(word, 12)
                    self.console.print(f"[red]There is no step {shown}:[/] steps go from 0 "
                                       f"(the set-up) to {game.steps}.")
                    continue
                step, state = target, game.state_at(target)
            else:
                self.console.print(Text(f"Not a key here: {excerpt(line.strip())}. {KEYS}.",
                                        style="red"))
                continue
            self.show_step(step, state)
