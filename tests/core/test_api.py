"""The public API: registry, options, errors, replay records, snapshots, codec."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

import wintergames as wg
from wintergames.core.testing import snapshot


def test_error_classes() -> None:
    for cls in (wg.IllegalActionError, wg.NotYourTurnError, wg.GameOverError,
                wg.InvalidOptionError, wg.ReplayError, wg.ActionFormatError):
        assert issubclass(cls, wg.WintergamesError) and issubclass(cls, ValueError)
    assert issubclass(wg.UnknownGameError, wg.WintergamesError)


def test_available_games_and_spec() -> None:
    specs = wg.available_games()
    assert [s.id for s in specs] == ["ice", "icecool-wizards", "snow-time", "winter-queen",
                                     "winterborne"]
    spec = wg.get_spec("winter-queen")
    assert (spec.title, spec.min_players, spec.max_players) == ("Winter Queen", 2, 4)
    assert list(spec.players_range) == [2, 3, 4]
    assert list(wg.get_spec("snow-time").players_range) == [2, 3, 4, 5]


@pytest.mark.parametrize("spec", wg.available_games(), ids=lambda s: s.id)
def test_every_game_has_a_tagline_shorter_than_its_summary(spec: wg.GameSpec) -> None:
    """The lobby's cards show the tagline: one short line, not the summary again."""
    assert 10 < len(spec.tagline) <= 60, spec.tagline
    assert spec.tagline != spec.summary and "\n" not in spec.tagline


def test_unknown_game_names_the_known_ones() -> None:
    known = ("no game 'chess'; available: ice, icecool-wizards, snow-time, winter-queen, "
             "winterborne")
    with pytest.raises(wg.UnknownGameError, match=known):
        wg.make("chess", 2)


@pytest.mark.parametrize("n", [1, 5, "3", None])
def test_player_count_out_of_range(n: object) -> None:
    with pytest.raises(wg.InvalidOptionError, match="played by 2 to 4 players"):
        wg.make("winter-queen", n)  # type: ignore[arg-type]


def test_unknown_option_lists_the_options() -> None:
    with pytest.raises(wg.InvalidOptionError, match="no option 'speed'; options: first_player"):
        wg.make("winter-queen", 2, options={"speed": 3})


def test_an_option_of_the_wrong_type_says_which_type_is_wanted() -> None:
    # JSON's 3 and "3" print alike in the list of choices.
    with pytest.raises(wg.InvalidOptionError, match=r"cannot be 3 \(it must be str, given int\)"):
        wg.make("winter-queen", 2, options={"first_player": 3})


def test_seed_is_kept_when_not_given() -> None:
    s = wg.make("winter-queen", 2)
    assert isinstance(s.seed, int)
    assert snapshot(wg.replay(s.record())) == snapshot(s)


def played(seed: int = 4, steps: int = 25) -> wg.State:
    s = wg.make("winter-queen", 3, seed=seed)
    bot = wg.bots.make("random", seed=seed)
    for _ in range(steps):
        s.apply(bot.choose(s, s.to_move[0]))
    return s


def test_record_is_json_and_replays_step_by_step() -> None:
    s = played()
    record = json.loads(json.dumps(s.record()))
    assert record["format"] == "wintergames-replay" and record["version"] == 1
    assert len(record["actions"]) == 25
    partial = wg.replay(record, upto=10)
    assert len(partial.history) == 10
    assert snapshot(wg.replay(record)) == snapshot(s)


def test_state_snapshot_round_trip() -> None:
    s = played()
    back = wg.state_from_json(json.loads(json.dumps(s.to_json())))
    assert snapshot(back) == snapshot(s)
    # the restored RNG continues the same way
    bot = wg.bots.make("random", seed=1)
    bot2 = wg.bots.make("random", seed=1)
    while not s.is_over:
        s.apply(bot.choose(s, s.to_move[0]))
        back.apply(bot2.choose(back, back.to_move[0]))
    assert snapshot(back) == snapshot(s)


@pytest.mark.parametrize(
    ("mutate", "match"),
    [
        (lambda r: r.update(format="chess-pgn"), "expected format 'wintergames-replay'"),
        (lambda r: r.update(version=99), "version 99 is not supported"),
        (lambda r: r.pop("seed"), "record lacks seed"),
        (lambda r: r["actions"].__setitem__(3, [r["actions"][3][0], {"kind": "fly"}]),
         "action 3.*unknown action kind 'fly'"),
        (lambda r: r["actions"].__setitem__(0, [1, r["actions"][0][1]]),
         r"action 0 \(.* by Player 2\): it is not Player 2's turn; waiting for Player 1$"),
        (lambda r: r["actions"].__setitem__(0, [0, {"kind": "pass"}]),
         "action 0.*pass only when no other action is legal"),
        (lambda r: r.update(game="nope"), "no game 'nope'"),
    ],
)
def test_bad_records_raise_replay_error(mutate, match: str) -> None:  # type: ignore[no-untyped-def]
    record = played().record()
    mutate(record)
    with pytest.raises(wg.ReplayError, match=match):
        wg.replay(record)


def test_replay_of_non_object() -> None:
    with pytest.raises(wg.ReplayError, match="JSON object"):
        wg.replay([])  # type: ignore[arg-type]


def test_codec_round_trip_and_bounds() -> None:
    spec = wg.get_spec("winter-queen")
    size = spec.num_distinct_actions(3)
    assert size == 1351
    for i in range(size):
        action = spec.decode(i, 3)
        assert spec.encode(action, 3) == i
        assert spec.parse_action(str(action)) == action
        assert spec.action_from_json(action.to_json()) == action
        assert hash(action) == hash(spec.parse_action(str(action)))
    for bad in (-1, size):
        with pytest.raises(wg.ActionFormatError, match=r"0\.\.1350"):
            spec.decode(bad, 3)
    with pytest.raises(wg.ActionFormatError, match=r"whole number .*not a str: '3'"):
        spec.decode("3", 3)  # type: ignore[arg-type]


def test_codec_indices_of_the_listed_actions_and_of_equal_ones_made_elsewhere() -> None:
    """A mask indexes the very actions the game lists by identity; an equal action made
    apart gets the same index; anything else is refused."""
    from wintergames.games.icecool_wizards.actions import CODEC
    listed = list(CODEC.actions[::97])
    made = [dataclasses.replace(a) for a in listed]  # type: ignore[type-var]
    assert all(m == a and m is not a for m, a in zip(made, listed, strict=True))
    expected = list(range(0, len(CODEC.actions), 97))
    assert CODEC.indices(listed) == CODEC.indices(made) == expected
    assert CODEC.indices([*listed[:2], made[2]]) == expected[:3]
    for bad in ([*listed[:3], "move"], [listed[0], wg.get_spec("ice").decode(0, 2)]):
        with pytest.raises(wg.ActionFormatError, match="is not a"):
            CODEC.indices(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("x1-c3", "no floe colour 'x'"),
        ("r9-c3", "stands are numbered 1 to 4"),
        ("r1-z9", "no space 'z9'"),
        ("use SB99", "no spellbook 'SB99'"),
        ("take orange", "no province 'orange'"),
        ("dance", "cannot read 'dance'"),
    ],
)
def test_bad_notation(text: str, match: str) -> None:
    with pytest.raises(wg.ActionFormatError, match=match):
        wg.get_spec("winter-queen").parse_action(text)


@pytest.mark.parametrize(
    "obj",
    [None, [], {"kind": "place"}, {"kind": "place", "floe": 3, "stand": 1, "cell": "a1"},
     {"kind": "place-book", "floe": "red", "stand": 1, "book": "SB01", "page": "C"},
     {"kind": "use"}, {"kind": "warp"}],
)
def test_bad_action_json(obj: object) -> None:
    with pytest.raises(wg.ActionFormatError):
        wg.get_spec("winter-queen").action_from_json(obj)


def test_apply_rejects_non_actions_without_change() -> None:
    s = wg.make("winter-queen", 2, seed=1)
    before = snapshot(s)
    with pytest.raises(TypeError, match="expected an Action"):
        s.apply("r1-c3")  # type: ignore[arg-type]
    assert snapshot(s) == before


def test_events_visibility() -> None:
    event = wg.Event("secret", visible_to=frozenset({1}))
    assert event.visible(1) and not event.visible(0) and not event.visible(None)
    assert wg.Event.from_json(event.to_json()) == event


def test_legal_actions_of_a_player_not_to_move_is_empty() -> None:
    s = wg.make("winter-queen", 3, seed=1)
    mover, waiting = s.to_move[0], (s.to_move[0] + 1) % 3
    assert s.legal_actions(waiting) == [] and s.legal_actions(mover) == s.legal_actions()
    assert s.current_player == mover and not s.is_over


def test_actions_built_by_hand_are_range_checked() -> None:
    from wintergames.games.winter_queen.actions import PlaceOnBoard, TakeBook, UseBook

    with pytest.raises(wg.ActionFormatError, match=r"cell index must be in 0\.\.24"):
        PlaceOnBoard(0, 0, 99)
    with pytest.raises(wg.ActionFormatError, match="book index"):
        UseBook(-2)
    with pytest.raises(wg.ActionFormatError, match="province index"):
        TakeBook(7)
    assert PlaceOnBoard(0, 4, 12) == wg.get_spec("winter-queen").parse_action("r1-c3")


def test_a_game_declares_its_simultaneous_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    from dataclasses import replace

    from wintergames.core import registry, testing

    # ICE's opening Requests; ICECOOL's Fire discards; Snow Time's card choice.
    assert [s.id for s in wg.available_games() if s.simultaneous] == [
        "ice", "icecool-wizards", "snow-time"]
    undeclared = replace(wg.get_spec("snow-time"), simultaneous=False)
    monkeypatch.setitem(registry._loaded, "snow-time", undeclared)
    with pytest.raises(AssertionError, match="simultaneous step"):
        testing.play_checked("snow-time", 3, seed=1)


@pytest.mark.parametrize("spec", wg.available_games(), ids=lambda s: s.id)
def test_states_and_actions_that_crossed_a_process_play_on_as_the_originals(
        spec: wg.GameSpec) -> None:
    """A server's bot thinks in a worker process: the state goes there and the chosen
    action comes back by pickle. Both must play on exactly as the originals (a pickled
    Winterborne word once came back as an equal stranger its rules did not recognise).
    Every action crosses; the state crosses every ``CROSS`` steps (pickling a whole
    ICECOOL table each step took minutes)."""
    import pickle

    rng = random.Random(4)
    crossed = wg.make(spec.id, spec.min_players, 11)
    twin = crossed.clone()  # plays the original actions
    for step in range(400):
        if twin.is_over:
            break
        player = twin.to_move[0]
        action = rng.choice(twin.legal_actions(player))
        crossed.apply(pickle.loads(pickle.dumps(action)), player)
        twin.apply(action, player)
        if step % CROSS == 0:
            crossed = pickle.loads(pickle.dumps(crossed))
            assert crossed.observation(None) == twin.observation(None)
            assert crossed.to_move == twin.to_move
    assert crossed.observation(None) == twin.observation(None)


CROSS = 40  # steps between two crossings of the whole state
