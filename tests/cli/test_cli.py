"""The wintergames command: games, play, replay."""

from __future__ import annotations

import json
import random
import re
import sys
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import wintergames as wg
from wintergames.cli import main
from wintergames.cli.main import app
from wintergames.cli.play import TerminalGame
from wintergames.cli.seats import Seat

runner = CliRunner()


def test_games_lists_winter_queen() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "winter-queen" in result.output and "2-4" in result.output


def test_bots_play_a_whole_game_and_the_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "winter-queen", "--players", "random,random,random", "--seed", "3",
              "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and "Winner:" in result.output
    record = json.loads(path.read_text())
    assert record["seats"] == ["random", "random", "random"]
    state = wg.replay(record)
    assert state.is_over
    scores = ", ".join(f"Player {p + 1} (random) {v}" for p, v in enumerate(state.scores()))
    assert f"Final scores (VP): {scores}" in " ".join(result.output.split())
    shown = runner.invoke(app, ["replay", str(path), "--no-pause"])
    assert shown.exit_code == 0, shown.output
    assert f"{len(record['actions'])}/{len(record['actions'])}" in shown.output
    assert f"Final scores (VP): {scores}" in " ".join(shown.output.split())


def test_human_turn_accepts_number_or_notation_and_reprompts(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    state = wg.make("winter-queen", 2, seed=3, options={"first_player": "1"})
    first = str(state.legal_actions()[0])
    typed = "\n".join(["help", "zz", "999", "r9-a1", first, "take none", "1", "quit"]) + "\n"
    result = runner.invoke(
        app, ["play", "winter-queen", "--players", "human,random", "--seed", "3",
              "-o", "first_player=1", "--record", str(path)], input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Winter Queen notation" in out
    assert "Not possible: cannot read 'zz'" in out
    # a line the notation cannot read is told so in one line: 'help' shows the notation
    assert "Type 'help' for the notation." in " ".join(out.split())
    assert out.count("Winter Queen notation") == 1
    assert "choose a number from 1 to" in out
    assert "stands are numbered 1 to 4" in out
    assert "Player 1 places" in out
    assert "Game stopped." in out and "Replay saved" in out
    record = json.loads(path.read_text())
    assert record["actions"][0][1] == state.legal_actions()[0].to_json()


@pytest.mark.parametrize("game", [spec.id for spec in wg.available_games()])
def test_rules_and_help_are_answered_not_refused_as_moves(game: str) -> None:
    spec = wg.get_spec(game)
    rules = spec.rules_help
    assert rules is not None
    term = sorted(rules.terms)[0]
    players = ",".join(["human"] + ["random"] * (spec.min_players - 1))
    typed = "\n".join(["rules", f"help {term.upper()}", "help zzqqzz", "quit"]) + "\n"
    result = runner.invoke(app, ["play", game, "--players", players, "--seed", "1"],
                           input=typed)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())  # rich wraps long lines
    for title, text in rules.summary:
        assert title in out and " ".join(text.split()[:6]) in out
    assert f"docs/rules/{game}.md" in out
    assert " ".join(rules.explain(term).split()[:8]) in out
    assert f"{spec.title} has no help for 'zzqqzz'" in out
    assert "Not possible" not in out  # none of them was read as a move


def test_help_finds_a_scoring_category_as_the_end_screen_writes_it() -> None:
    """``help exploration set`` was unknown though "Exploration sets" heads a column of
    Winterborne's end screen; a plural, another case or a slip of the keyboard finds it."""
    typed = "\n".join(["help exploration set", "help Exploration Sets",
                       "help exploratoin sets", "quit"]) + "\n"
    result = runner.invoke(app, ["play", "winterborne", "--players", "human,random",
                                 "--seed", "1"], input=typed)
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert out.count("sets: Exploration sets at the end") == 2
    assert 'sets (for "exploratoin sets"): Exploration sets at the end' in out
    assert "has no help" not in out


def test_end_of_input_stops_cleanly() -> None:
    result = runner.invoke(app, ["play", "winter-queen", "--players", "human,random"], input="")
    assert result.exit_code == 0 and "Game stopped." in result.output


def test_bad_arguments_are_explained() -> None:
    result = runner.invoke(app, ["play", "winter-queen", "--players", "human,wizard"])
    assert result.exit_code == 2
    assert "no bot kind 'wizard'; kinds: flick, greedy, ismcts, random" in result.output
    result = runner.invoke(app, ["play", "winter-queen", "--players", "human"])
    assert result.exit_code == 2 and "played by 2 to 4 players" in result.output
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2
    assert "available: ice, icecool-wizards, snow-time" in result.output
    result = runner.invoke(app, ["play", "winter-queen", "-o", "first_player=9",
                                 "--players", "random,random"])
    assert result.exit_code == 2 and "allowed" in result.output


def test_replay_of_a_broken_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "Error" in result.output
    path.write_text(json.dumps({"format": "wintergames-replay", "version": 1}))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "record lacks" in result.output


def test_snow_time_bots_play_a_whole_game_and_the_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "snow.json"
    result = runner.invoke(
        app, ["play", "snow-time", "--players", "random,random,random,random", "--seed", "2",
              "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "has chosen (hidden until everyone has)" in result.output
    assert "Winner:" in result.output
    assert wg.replay(json.loads(path.read_text())).is_over


def test_hot_seat_hands_the_screen_over_and_hides_the_other_choice() -> None:
    typed = "\n".join(["", "1", "", "2", "", "quit"]) + "\n"
    result = runner.invoke(
        app, ["play", "snow-time", "--players", "human,human,random", "--seed", "4"],
        input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    first, _, rest = out.partition("Hand the screen to Player 2")
    assert "You chose red 1" in first  # player 1 sees their own choice...
    before_reveal = rest.partition("Revealed:")[0]
    assert "red 1" not in before_reveal  # ...player 2 does not, until the reveal
    assert "face down" in before_reveal
    assert "You chose blue 2" in before_reveal
    assert "Revealed: Player 1 (red) 1, Player 2 (blue) 2" in rest
    assert "Hand the screen to Player 1" in rest


def test_what_the_bots_did_is_printed_under_the_board_just_above_your_choices() -> None:
    # Printed as it happened, the board redrawn for your turn pushed it off the screen.
    result = runner.invoke(
        app, ["play", "winter-queen", "--players", "human,random,random", "--seed", "2"],
        input="1\n" * 4 + "quit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    start = out.rindex("Player 1 to move", 0, out.index("• Player 2 places"))
    before, turn = out[:start], out[start:]
    # the turn's board (its seats' lines last), then what the bots did, then your choices
    board_end = turn.index("Player 3: ? VP")
    assert board_end < turn.index("• Player 2 places") < turn.index("• Player 3 places")
    assert turn.index("• Player 3 places") < turn.index("Number or notation")
    # each said once; the bots' notation went by as they played
    assert out.count("• Player 2 places a yellow floe") == 1
    assert "Player 2 (random) plays" in before


def test_many_actions_of_one_kind_share_a_line_and_every_number_is_listed_once() -> None:
    # ICE's first turn: 47 "camp T..." actions were 47 lines, burying recruit, sail, plan;
    # they share the line of their group, headed by what goes there and its cost (read
    # with the terminal's wrapping undone: its width is whatever the test's console has)
    result = runner.invoke(
        app, ["play", "ice", "--players", "human,greedy,greedy", "--seed", "11"],
        input="discard SHAPES-PHI\ndiscard DUO-ACH-PHI-OBL\nquit\n")
    assert result.exit_code == 0, result.output
    listing = result.output.rpartition("Day 1 begins")[2].partition("Number or notation")[0]
    flat = " ".join(listing.split())
    assert flat.count("Build a Camp (1 EP): ") == 1
    camps = flat.partition("Build a Camp (1 EP): ")[2].split(" · ")
    camps[-1] = camps[-1].split(" ")[0] + " on " + camps[-1].split(" ")[2]  # the group's end
    assert len(camps) == 47 and all(re.fullmatch(r"\d+ on T\d+", c) for c in camps), camps
    choices = flat.partition("left today) ")[2]  # after the prompt and its limit
    numbers = [int(n) for n in re.findall(r"(?:^|: | · |\) |T\d+ )(\d+) ", choices)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 50, numbers


def test_a_solo_game_is_announced_in_the_singular() -> None:
    result = runner.invoke(app, ["play", "winterborne", "--players", "human", "--seed", "3"],
                           input="quit\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Winterborne, 1 player, seed 3.")


@pytest.mark.parametrize("terminal", [True, False])
def test_a_person_at_a_terminal_gets_line_editing(
        monkeypatch: pytest.MonkeyPatch, terminal: bool) -> None:
    # Without readline the Up arrow was read as the action '\x1b[A'.
    monkeypatch.setattr(main, "_stdin_is_terminal", lambda: terminal)
    monkeypatch.delitem(sys.modules, "readline", raising=False)
    result = runner.invoke(app, ["play", "winter-queen", "--players", "human,random,random"],
                           input="quit\n")
    assert result.exit_code == 0, result.output
    assert ("readline" in sys.modules) == terminal


def test_icecool_flicks_are_typed_and_pictured(tmp_path: Path) -> None:
    typed = "\n".join(["flick 90 0.5 0", "done", "flick 10.5 0.33 -0.2", "quit"]) + "\n"
    result = runner.invoke(
        app, ["play", "icecool-wizards", "--players", "human,random", "--seed", "3",
              "--plot", str(tmp_path)], input=typed)
    assert result.exit_code == 0, result.output
    assert "288 listed flick choices; any in-range one may be typed" in result.output
    # the flick typed as notation is logged in words
    said = "Player 1 flicks: at 10.5° (right), medium (33%), a little spin, curving left"
    assert said in result.output
    pictures = sorted(tmp_path.glob("*.png"))
    assert len(pictures) == 2 and all(p.stat().st_size > 10_000 for p in pictures)


def test_plot_is_refused_for_games_without_pictures(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "snow-time", "--players", "random,random,random",
                                 "--plot", str(tmp_path)])
    assert result.exit_code == 2 and "draws no pictures" in result.output


def test_icecool_bots_play_a_whole_game(tmp_path: Path) -> None:
    path = tmp_path / "ice.json"
    result = runner.invoke(app, ["play", "icecool-wizards", "--players", "random,random",
                                 "--seed", "1", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert "Winner:" in result.output
    assert wg.replay(json.loads(path.read_text())).is_over


def test_serve_starts_the_server_on_a_fresh_sqlite_file(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = tmp_path / "new.db"
    server = subprocess.Popen(
        [sys.executable, "-m", "wintergames.cli", "serve", "--port", str(port),
         "--database-url", f"sqlite:///{db}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        for _ in range(300):  # a generous limit: a loaded machine imports slowly
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games") as response:
                    games = json.loads(response.read())
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError(server.stderr.read().decode() if server.stderr else "no start")
        assert "winter-queen" in [g["id"] for g in games["games"]]
        assert db.exists()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_serve_explains_a_bad_database_url() -> None:
    result = runner.invoke(app, ["serve", "--database-url", "nosuchdb://x"])
    assert result.exit_code == 2 and "cannot open the database" in result.output


def test_a_database_that_cannot_be_opened_is_named_without_its_password() -> None:
    # port 1 of this machine: nothing listens, the connection is refused at once
    result = runner.invoke(app, ["serve", "--port", "0", "--database-url",
                                 "postgresql://wg:Sup3rSecret@127.0.0.1:1/wintergames"])
    assert result.exit_code == 2 and "cannot open the database" in result.output
    assert "Sup3rSecret" not in result.output and "wg:***@127.0.0.1:1" in result.output


def test_a_seat_number_beyond_the_player_count_is_refused() -> None:
    result = runner.invoke(app, ["play", "winter-queen", "-o", "first_player=4",
                                 "--players", "random,random"])
    assert result.exit_code == 2
    assert "cannot be '4' with 2 players (setup step 8" in " ".join(result.output.split())


def test_python_dash_m_wintergames_is_the_wintergames_command() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "wintergames", "games"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert "winter-queen" in done.stdout and "2-4" in done.stdout
    refused = subprocess.run([sys.executable, "-m", "wintergames", "play", "chess"],
                             capture_output=True, text=True, check=False)
    assert refused.returncode == 2 and "no game 'chess'" in refused.stdout + refused.stderr


def test_a_solo_game_lost_to_the_balaur_says_so_instead_of_naming_no_winner() -> None:
    # A random seat never beats the Balaur (0 of 200 games in docs/bots.md). As the end
    # screen says it: the Balaur won, and its score stands with the seat's.
    result = runner.invoke(app, ["play", "winterborne", "--players", "random", "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "Winner: The Balaur" in result.output and "No winner" not in result.output
    assert re.search(r"Final scores \(VP\): Player 1( \(random\))? \d+, The Balaur \d+",
                     " ".join(result.output.split()))
    assert "does not beat the Balaur" in " ".join(result.output.split())  # wrapped


@pytest.mark.parametrize(("players", "message"), [
    ("human,ismcts:iterationz=5",
     "bot 'ismcts' has no setting 'iterationz'; settings: c, depth, iterations, proposals, "
     "rollout, seconds"),
    ("human,random:depth=3", "bot 'random' has no setting 'depth'; settings: none"),
    ("human,greedy:samples=99", "bot 'greedy': samples is a whole number from 1 to 16; not 99"),
    ("human,ismcts:seed=abc", "bot 'ismcts': seed is a whole number; not 'abc'"),
    ("human,ismcts:iterations=5;iterations=6", "bot setting 'iterations' is given twice"),
    ("human,ismcts:=3", "bot setting '=3' must look like key=value"),
    ("human:depth=1,random", "a human seat takes no settings"),
])
def test_a_bad_bot_setting_names_what_is_allowed(players: str, message: str) -> None:
    result = runner.invoke(app, ["play", "winter-queen", "--players", players, "--seed", "1"],
                           input="quit\n")
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())  # rich wraps long lines
    assert isinstance(result.exception, SystemExit)  # a clear exit, not a Python error


def test_spaces_around_a_bot_kind_and_its_settings_are_allowed(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    result = runner.invoke(app, ["play", "winter-queen", "--players",
                                 " random , ismcts : iterations = 5 ; rollout = heuristic",
                                 "--seed", "1", "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["seats"] == ["random", "ismcts"]


def test_games_shows_every_id_in_full_at_80_columns() -> None:
    result = runner.invoke(app, ["games"], env={"COLUMNS": "80"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert max(len(line) for line in lines) <= 80  # really drawn at 80 columns
    first_cells = [line.split("│")[1].strip() for line in lines if line.startswith("│")]
    for spec in wg.available_games():
        assert spec.id in first_cells  # whole, on one line, in the id column
        assert f"{spec.min_players}-{spec.max_players}" in result.output
        for option in spec.options:  # every option named in full with its default
            default = str(option.default).lower() if isinstance(option.default, bool) \
                else str(option.default)
            assert f"{option.name}={default}" in " ".join(result.output.split())


def test_typed_text_that_looks_like_markup_is_quoted_as_text() -> None:
    # rich reads "[/x]" as a closing tag: printed as markup, the message crashed the command
    result = runner.invoke(app, ["play", "winter-queen", "--players", "human,[/x]"])
    assert result.exit_code == 2 and "no bot kind '[/x]'" in result.output
    result = runner.invoke(app, ["play", "winter-queen", "--players", "human,random",
                                 "--seed", "1"], input="[/x]\n[bold]y\nquit\n")
    assert result.exit_code == 0, result.output
    assert "cannot read '[/x]'" in result.output and "cannot read '[bold]y'" in result.output


def test_the_only_choice_is_taken_with_enter_and_said_so() -> None:
    """Where one action is legal (Winterborne's end of a turn) the list says Enter takes
    it; an empty line then plays it (and with several choices it plays nothing)."""
    state = wg.make("winterborne", 2, seed=1)
    rng = random.Random(1)
    while len(state.legal_actions()) > 1:
        state.apply(rng.choice(state.legal_actions()))
    player, (only,) = state.to_move[0], state.legal_actions()
    out = StringIO()
    lines = iter(["", "log"])
    game = TerminalGame(wg.get_spec("winterborne"), state, [Seat("human"), Seat("human")],
                        Console(file=out, width=100), lambda _: next(lines))
    before = len(state.history)
    game.human_turn(player)
    assert state.history[before:] == [(player, only)]
    assert "The only choice: press Enter to take it." in out.getvalue()
    # several choices: an empty line takes none of them, and says what is expected
    player, first = state.to_move[0], state.legal_actions()[0]
    n = len(state.legal_actions())
    assert n > 1
    lines = iter(["", "1"])
    said = len(out.getvalue())
    game.human_turn(player)
    assert state.history[before + 1:] == [(player, first)]
    assert f"Type a number from 1 to {n} or a move's notation" in " ".join(
        out.getvalue()[said:].split())


def test_why_explains_a_log_line_by_its_rule_and_a_refusal_names_its_rule() -> None:
    """Issue 38: 'log' numbers the lines, 'why N' prints the rule passage line N applies
    (and 'why RULE' a passage by id), and a refused line names the rule that refuses it."""
    state = wg.make("winter-queen", 2, seed=3, options={"first_player": "1"})
    out = StringIO()
    lines = iter(["log", "why 1", "why 99", "why turn.reach", "why nothing", "use SB01", "1"])
    game = TerminalGame(wg.get_spec("winter-queen"), state, [Seat("human"), Seat("random")],
                        Console(file=out, width=400), lambda _: next(lines))
    game.human_turn(0)
    said = out.getvalue()
    assert f"   1 {state.log[0].text}" in said
    rules, rule = wg.get_spec("winter-queen").rules, state.log[0].rule
    assert rules is not None and rule is not None
    setup = rules[rule]
    assert f"{setup.id}: {setup.title} (rulebook: {setup.section})" in said
    assert "The log has lines 1 to " in said
    assert "turn.reach: The floes you can reach" in said
    assert "winter-queen has no rule passage 'nothing'" in said
    assert "(rule turn.use: Using a spellbook; 'why turn.use' says it)" in said
    assert len(state.history) == 1  # the refused line changed nothing; "1" was played


def test_the_terminal_prints_the_games_prompt_and_labels_and_explains_a_choice() -> None:
    """Issue 38: where a game states its decisions, the terminal shows its prompt (with the
    limit), its choices by their labels (a floe's spaces on one line under the floe), and
    'explain N' says what choice N does and the rule it applies."""
    state = wg.make("winter-queen", 2, seed=3, options={"first_player": "1"})
    decision = state.decision(0)
    assert decision is not None and decision.limit is not None
    third, choice = state.choices(0)[2]
    assert choice is not None and choice.group is not None
    out = StringIO()
    lines = iter(["explain 3", "explain 0", "1"])
    game = TerminalGame(wg.get_spec("winter-queen"), state, [Seat("human"), Seat("human")],
                        Console(file=out, width=2000), lambda _: next(lines))
    game.human_turn(0)
    said = out.getvalue()
    assert f"{decision.prompt.text} ({decision.limit.text})" in said
    assert f"{choice.group.text}: " in said and f"3 {choice.label.text}" in said
    assert f"{third}: {choice.explain.text} (rule {choice.explain.rule})" in said
    assert "'explain N' takes a choice's number, 1 to " in said
    assert len(state.history) == 1
