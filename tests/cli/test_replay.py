"""``wintergames replay``: a record stepped forward and back, to the final scores."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import wintergames as wg
from wintergames.cli import main
from wintergames.cli.main import app
from wintergames.cli.replay import CHECKPOINT_EVERY, Replay

runner = CliRunner()


def recorded(tmp_path: Path, game: str, players: str, seed: int) -> tuple[Path, dict[str, Any]]:
    path = tmp_path / f"{game}.json"
    result = runner.invoke(app, ["play", game, "--players", players, "--seed", str(seed),
                                 "--record", str(path)])
    assert result.exit_code == 0, result.output
    return path, json.loads(path.read_text())


def headings(out: str) -> list[str]:
    """The steps shown, in order (a prompt also says "Step k/N · Enter/n next...")."""
    return re.findall(r"Step (\d+)/\d+ · (?!Enter)", out)


def flat(text: str) -> str:
    """The output with rich's line wrapping undone."""
    return " ".join(text.split())


def test_every_step_forward_and_back_is_the_position_the_record_reaches(
        tmp_path: Path) -> None:
    _, record = recorded(tmp_path, "winter-queen", "random,random,random", 5)
    game = Replay(record)
    assert game.steps == len(record["actions"]) > 2 * CHECKPOINT_EVERY  # crosses checkpoints
    lines = []
    for step in range(game.steps, -1, -1):  # backwards: every copy is rebuilt, none reused
        assert game.state_at(step).to_json() == wg.replay(record, upto=step).to_json()
    for step in range(game.steps + 1):
        lines += game.events(step)
    assert lines == wg.replay(record).log  # each log line shown once, at its own step
    before = game.state_at(7).to_json()
    player, action = game.actions[7]
    game.state_at(7).apply(action, player)
    assert game.state_at(7).to_json() == before  # a shown copy is independent


def browse(monkeypatch: pytest.MonkeyPatch, path: Path, typed: list[str]) -> str:
    """The replay as a person at a terminal sees it, typing ``typed``."""
    monkeypatch.setattr(main, "_stdin_is_terminal", lambda: True)
    monkeypatch.setattr(main.console, "width", 120)
    result = runner.invoke(app, ["replay", str(path)], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    return result.output


def test_a_person_steps_forward_back_and_to_any_step(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, record = recorded(tmp_path, "winter-queen", "random,greedy", 3)
    final = wg.replay(record)
    total = len(record["actions"])
    spec = wg.get_spec("winter-queen")
    out = browse(monkeypatch, path, ["", "n", "b", "p", "12", str(total + 5), "zz", str(total),
                                     "", "q"])
    shown = headings(out)
    # 0, forward twice, back twice, step 12, refusals (no heading), the last step
    assert shown == ["0", "1", "2", "1", "0", "12", str(total)]
    first = final.history[0]
    assert f"Step 1/{total} · Player {first[0] + 1} ({record['seats'][first[0]]}): " \
           f"{first[1]}" in out
    assert f"There is no step {total + 5}: steps go from 0 (the set-up) to {total}" in out
    assert "Not a key here: 'zz'" in out
    assert "That was the last step" in out
    # the board after going to step 12 is the position after 12 actions
    board = wg.replay(record, upto=12)
    assert spec.render is not None
    with main.console.capture() as capture:
        main.console.print(spec.render(board, None))
    before_12, _, _ = out.partition(f"Step 12/{total} · Player")
    assert capture.get() in before_12.split(f"Step 0/{total} · Enter")[-1]  # board, heading
    winner = final.winners()[0]
    scores = ", ".join(f"Player {p + 1} ({record['seats'][p]}) {v}"
                       for p, v in enumerate(final.scores()))
    tail = flat(out.split(f"Step {total}/{total} · Player")[1])
    assert f"Winner: Player {winner + 1} ({record['seats'][winner]})" in tail
    assert f"Final scores (VP): {scores}" in tail


def test_quitting_at_once_or_at_the_end_of_input_stops_cleanly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = recorded(tmp_path, "winter-queen", "random,random", 1)
    out = browse(monkeypatch, path, ["q"])
    assert headings(out) == ["0"] and "Winner" not in out
    monkeypatch.setattr(main, "_stdin_is_terminal", lambda: True)
    result = runner.invoke(app, ["replay", str(path)], input="\n")
    assert result.exit_code == 0 and headings(result.output) == ["0", "1"]


@pytest.mark.parametrize("game", [spec.id for spec in wg.available_games()])
def test_every_game_runs_through_to_its_final_scores_in_its_own_unit(
        tmp_path: Path, game: str) -> None:
    spec = wg.get_spec(game)
    count = 3 if game == "snow-time" else spec.min_players + (spec.min_players == 1)
    path, record = recorded(tmp_path, game, ",".join(["random"] * count), 2)
    final = wg.replay(record)
    result = runner.invoke(app, ["replay", str(path), "--no-pause"])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    total = len(record["actions"])
    assert f"Step {total}/{total}" in out and f"Step {total + 1}/" not in out
    scores = ", ".join(f"Player {p + 1} (random) {v}" for p, v in enumerate(final.scores()))
    assert f"Final scores ({spec.score_unit}): {scores}" in out
    names = [f"Player {p + 1} (random)" for p in final.winners()]
    if len(names) == 1:
        assert f"Winner: {names[0]}" in out
    else:
        assert f"Winners: {' and '.join(names)} (a tie)" in out


def test_a_record_as_the_server_gives_it_names_its_seats_as_text(tmp_path: Path) -> None:
    state = wg.make("winter-queen", 2, seed=4)
    bot = wg.bots.make("random", seed=1)
    while not state.is_over:
        player = state.to_move[0]
        state.apply(bot.choose(state, player), player)
    record = state.record()  # what the table's Download record gives, with its seats
    record["seats"] = [{"kind": "human", "name": "[bold]Ann[/] <script>"}, {"kind": "greedy"}]
    path = tmp_path / "table.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path), "--no-pause"])
    assert result.exit_code == 0, result.output
    out = flat(result.output)
    assert "Seats: Player 1 ([bold]Ann[/] <script>), Player 2 (greedy)." in out
    assert "Final scores (VP): Player 1 ([bold]Ann[/] <script>) " in out


def write(tmp_path: Path, content: str | bytes) -> Path:
    path = tmp_path / "bad.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return path


def good_record() -> dict[str, Any]:
    state = wg.make("winter-queen", 2, seed=3)
    for _ in range(4):
        player = state.to_move[0]
        state.apply(state.legal_actions(player)[0], player)
    return state.record()


def changed(**fields: Any) -> str:
    return json.dumps(good_record() | fields)


@pytest.mark.parametrize(("content", "message"), [
    ("{not json", "is not JSON (Expecting property name enclosed in double quotes at line 1, "
                  "column 2); a replay record is JSON (saved by `wintergames play --record` "
                  "or a table's Download record)"),
    (b"\xff\xfe\x00binary", "is not a text file; a replay record is JSON"),
    ("[1, 2]", "holds a JSON list, not a replay record"),
    (json.dumps({"format": "wintergames-replay", "version": 1}),
     "record lacks game, num_players, seed, options, actions"),
    (json.dumps(good_record() | {"format": "chess-pgn"}),
     "expected format 'wintergames-replay', found 'chess-pgn'"),
    (changed(version=7), "record version 7 is not supported; expected 1"),
    (changed(game="chess"), "no game 'chess'; available: ice, icecool-wizards"),
    (changed(num_players=9), "Winter Queen is played by 2 to 4 players, not 9"),
    (changed(seed="abc"), "the record's seed: a seed is a whole number from 0 to 2**63 - 1, "
                         "not 'abc'"),
    (changed(options={"colour": "red"}), "Winter Queen has no option 'colour'"),
    (changed(actions={"0": 1}), "the record's actions are a list of [seat, action] pairs"),
    (changed(actions=[[0]]), "action 0 is not a [seat, action] pair: [0]"),
    (changed(actions=[[5, {"kind": "pass"}]]),
     "action 0 of the record: a seat is a whole number from 0 to 1 in a 2-player game, not 5"),
    (changed(actions=[[0, {"kind": "fly"}]]), "unknown action kind 'fly'"),
    (changed(actions=good_record()["actions"][1:]), "action 0"),
    (changed(seats="Ann"), "the record's seats are a list with one entry per seat"),
    (changed(seats=["Ann"]), "the record's seats are a list with one entry per seat"),
    (changed(seats=["Ann", 7]), "seat 2 is 7"),
])
def test_a_bad_file_is_refused_naming_what_is_wrong(
        tmp_path: Path, content: str | bytes, message: str) -> None:
    result = runner.invoke(app, ["replay", str(write(tmp_path, content))])
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit)  # a clear exit, not a Python error
    assert flat(result.output).startswith("Error: ")
    assert message in flat(result.output)


def test_a_missing_file_or_a_folder_is_named(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert result.exit_code == 2 and "nope.json: no such file" in flat(result.output)
    # A path longer than the 80 columns stays whole (rich used to break it mid-word).
    deep = tmp_path / ("a-long-folder-name-" * 5) / "nope.json"
    result = runner.invoke(app, ["replay", str(deep)])
    assert result.exit_code == 2 and f"{deep}: no such file" in result.output
    result = runner.invoke(app, ["replay", str(tmp_path)])
    assert result.exit_code == 2 and "is a folder, not a replay record" in flat(result.output)


def test_a_game_stopped_midway_replays_to_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "stopped.json"
    first = str(wg.make("winter-queen", 2, seed=3, options={"first_player": "1"})
                .legal_actions()[0])
    typed = "\n".join([first, "take none", "quit"]) + "\n"
    played = runner.invoke(app, ["play", "winter-queen", "--players", "human,random", "--seed",
                                 "3", "-o", "first_player=1", "--record", str(path)],
                           input=typed)
    assert played.exit_code == 0 and "Game stopped." in played.output
    record = json.loads(path.read_text())
    state = wg.replay(record)
    assert record["actions"] and not state.is_over
    result = runner.invoke(app, ["replay", str(path), "--no-pause"])
    assert result.exit_code == 0, result.output
    movers = " and ".join(f"Player {p + 1}" for p in state.to_move)
    assert f"The game is not over: {movers} is to move." in flat(result.output)
    assert "Final scores" not in result.output and "Winner" not in result.output
