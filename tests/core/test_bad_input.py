"""Bad input at the public API is refused with the project's errors and changes nothing:
switches that read "off" as on, seats that are no seats, seeds that are no seeds, and
damaged snapshots (issue 36, items 5 and 6)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import wintergames as wg
from wintergames.cli.seats import parse_options
from wintergames.core import testing_refusals
from wintergames.core.state import State
from wintergames.core.testing import snapshot

SWITCHES = [(spec.id, opt.name) for spec in wg.available_games()
            for opt in spec.options if opt.kind is bool]
WORDS = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False,
         "1": True, "0": False}


def _played(game: str, n: int, steps: int, seed: int = 3) -> State:
    state = wg.make(game, n, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        player = state.to_move[0]
        state.apply(rng.choice(state.legal_actions(player)), player)
    return state


def test_every_game_has_switches_to_check() -> None:
    assert {game for game, _ in SWITCHES} >= {"winterborne", "ice"}


@pytest.mark.parametrize(("game", "name"), SWITCHES)
@pytest.mark.parametrize("word", [*WORDS, "OFF", "Yes", " on "])
def test_a_switch_reads_the_usual_words(game: str, name: str, word: str) -> None:
    spec = wg.get_spec(game)
    n = next(n for n in spec.players_range if _allows(spec, name, WORDS[word.strip().lower()], n))
    options = spec.validate(n, {name: word})
    assert options[name] is WORDS[word.strip().lower()]


def _allows(spec: wg.GameSpec, name: str, value: bool, n: int) -> bool:
    try:
        spec.validate(n, {name: value})
    except wg.InvalidOptionError:
        return False
    return True


@pytest.mark.parametrize(("game", "name"), SWITCHES)
@pytest.mark.parametrize("word", ["none", "n", "disabled", "", "offf", "2"])
def test_a_switch_refuses_any_other_word(game: str, name: str, word: str) -> None:
    spec = wg.get_spec(game)
    with pytest.raises(wg.InvalidOptionError, match=rf"'{name}' is on or off.*allowed: true, "
                                                    r"false, yes, no, on, off, 1, 0"):
        spec.validate(spec.min_players, {name: word})


def test_the_command_line_turns_the_mercenary_off() -> None:
    # `-o mercenary=off` turned it on (bool("off") is True).
    state = wg.make("winterborne", 2, seed=1, options=parse_options(["mercenary=off"]))
    assert state.options["mercenary"] is False
    assert wg.make("winterborne", 2, seed=1,
                   options=parse_options(["mercenary=ON"])).options["mercenary"] is True


@pytest.mark.parametrize("seat", ["0", 1.0, True, 2, -1, 9, "x"])
def test_apply_refuses_a_seat_that_is_no_seat_and_changes_nothing(seat: object) -> None:
    state = _played("ice", 2, 12)
    player = state.to_move[0]
    action = state.legal_actions(player)[0]
    before = snapshot(state)
    with pytest.raises(wg.InvalidSeatError, match="a seat is a whole number from 0 to 1"):
        state.apply(action, player=seat)  # type: ignore[arg-type]
    assert snapshot(state) == before


@pytest.mark.parametrize("seat", [9, "x", 5, 2, -1, True, 0.0])
def test_observation_refuses_a_seat_that_is_no_seat(seat: object) -> None:
    state = wg.make("winter-queen", 2, seed=1)
    with pytest.raises(wg.InvalidSeatError, match=r"\(or None for a spectator\)"):
        state.observation(seat)  # type: ignore[arg-type]
    assert state.observation(1) != state.observation(None)


def test_legal_actions_refuse_a_float_seat_that_equals_the_mover() -> None:
    state = _played("ice", 2, 12)
    mover = state.to_move[0]
    with pytest.raises(wg.InvalidSeatError):
        state.legal_actions(float(mover))  # type: ignore[arg-type]
    assert state.legal_actions(mover)


@pytest.mark.parametrize("seed", ["abc", 1.5, 2 ** 200, -1, 2 ** 63, True, "7"])
def test_make_refuses_a_seed_that_is_no_seed(seed: object) -> None:
    with pytest.raises(wg.InvalidOptionError, match=r"a seed is a whole number from 0 to "
                                                    r"2\*\*63 - 1"):
        wg.make("snow-time", 3, seed=seed)  # type: ignore[arg-type]


def test_the_highest_seed_makes_a_game_that_replays() -> None:
    state = _played("winter-queen", 2, 6, seed=2 ** 63 - 1)
    assert wg.replay(state.record()).to_json() == state.to_json()


def test_a_record_with_a_seed_that_is_no_seed_is_refused() -> None:
    record = _played("winter-queen", 2, 3).record()
    with pytest.raises(wg.ReplayError, match="the record's seed"):
        wg.replay({**record, "seed": 1.5})


def test_an_empty_snapshot_is_refused_not_a_key_error() -> None:
    with pytest.raises(wg.ReplayError, match="expected format 'wintergames-state'"):
        wg.state_from_json({})


def _damaged(state: State, change: Any) -> dict[str, Any]:
    obj = json.loads(json.dumps(state.to_json()))
    change(obj["state"])
    return obj


def test_a_snapshot_with_a_tile_cut_from_the_list_is_refused() -> None:
    state = _played("ice", 3, 30)
    obj = _damaged(state, lambda s: s.update(tiles=s["tiles"][:-1]))
    with pytest.raises(wg.InvalidStateError, match="tiles not exactly once"):
        wg.state_from_json(obj)


def test_a_snapshot_in_season_9_is_refused() -> None:
    state = _played("winterborne", 2, 30)
    obj = _damaged(state, lambda s: s.update(season=9))
    with pytest.raises(wg.InvalidStateError, match="season"):
        wg.state_from_json(obj)


def test_a_snapshot_of_another_setup_is_refused() -> None:
    obj = _played("winter-queen", 2, 10).to_json()
    with pytest.raises(wg.InvalidStateError, match="setup"):
        wg.state_from_json({**obj, "num_players": 7})
    with pytest.raises(wg.InvalidStateError, match="options lack first_player"):
        wg.state_from_json({**obj, "options": {}})


def test_a_field_of_the_wrong_kind_is_named() -> None:
    obj = _damaged(_played("snow-time", 3, 10), lambda s: s.update(hand="cards"))
    with pytest.raises(wg.InvalidStateError, match="'hand' is a list, not 'cards'"):
        wg.state_from_json(obj)


# -- the generic check itself: it fails where the contract is broken ---------------------


def test_the_generic_check_passes_on_a_sound_game() -> None:
    testing_refusals.check_refusals(_played("winter-queen", 3, 15))


def test_the_generic_check_catches_a_seat_taken_without_a_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _played("winter-queen", 2, 5)
    monkeypatch.setattr(type(state), "observation", lambda self, p: self._observation(p))
    with pytest.raises(AssertionError, match=r"observation\('0'\)"):
        testing_refusals.check_bad_seats(state)


def test_the_generic_check_catches_a_seed_taken_without_a_check(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import wintergames.core.registry as registry

    monkeypatch.setattr(registry, "check_seed", lambda seed: seed)
    with pytest.raises(AssertionError, match=r"make\(seed="):
        testing_refusals.check_bad_seeds(_played("winter-queen", 2, 5))


def test_the_generic_check_catches_a_range_left_unchecked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    import wintergames.core.registry as registry
    from wintergames.games.winter_queen.state import check_components

    # Winter Queen as it was: its invariants counted components, no counter's range.
    spec = dataclasses.replace(wg.get_spec("winter-queen"), check_invariants=check_components)
    monkeypatch.setitem(registry._loaded, "winter-queen", spec)
    with pytest.raises(AssertionError, match=r"'first' is 1000000000 was accepted"):
        testing_refusals.check_damaged_snapshots(_played("winter-queen", 2, 5))


def test_the_generic_check_catches_a_reader_that_changes_its_input(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import wintergames.core.testing_refusals as refusals

    def clearing(obj: dict[str, Any]) -> State:
        obj.clear()
        raise wg.InvalidStateError("refused")

    monkeypatch.setattr(refusals, "state_from_json", clearing)
    with pytest.raises(AssertionError, match="changed the object handed in"):
        refusals.check_damaged_snapshots(_played("winter-queen", 2, 5))
