"""Snapshots are values: what a state hands out never shares its live data (issue 14).

``to_json()``, ``record()``, ``observation()``, ``scores()`` and ``legal_actions()`` give
the caller objects of its own, and ``state_from_json(obj)`` keeps none of ``obj``: a
snapshot kept from before ``apply`` stays as it was, and writing into one (or into the
JSON a state was built from) changes nothing in the game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

import wintergames as wg
from wintergames.core import registry, testing
from wintergames.games.snow_time.state import SnowTimeState


def _set_pawn(s: dict[str, Any]) -> None:
    s["pawn"][0] = 29  # the example: Snow Time's score is the furthest pawn


def _set_vp(s: dict[str, Any]) -> None:
    s["vp"][0] = 29  # Winter Queen's score is its VP tokens


def _add_lessons(s: dict[str, Any]) -> None:
    s["lessons_up"][0][0] += 29  # ICECOOL's score counts every lesson card held


def _add_favor(s: dict[str, Any]) -> None:
    s["favor"][0] += 29  # Winterborne scores every favor token in a seat's supply


# One write per game into a list of to_json()["state"] that scores() reads.
WRITES: list[tuple[str, int, Callable[[dict[str, Any]], None]]] = [
    ("snow-time", 3, _set_pawn),
    ("winter-queen", 3, _set_vp),
    ("icecool-wizards", 3, _add_lessons),
    ("winterborne", 3, _add_favor),
]
GAMES = [(game, n) for game, n, _ in WRITES]


def _play(state: wg.State, steps: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        player = state.to_move[0]
        actions = state.legal_actions(player)
        state.apply(actions[rng.randrange(len(actions))], player)


@pytest.mark.parametrize(("game", "n", "write"), WRITES)
def test_writing_into_to_json_changes_no_score(
    game: str, n: int, write: Callable[[dict[str, Any]], None]
) -> None:
    s = wg.make(game, n, seed=1)
    before = testing.snapshot(s), s.scores()
    write(s.to_json()["state"])
    assert (testing.snapshot(s), s.scores()) == before


@pytest.mark.parametrize(("game", "n"), GAMES)
def test_a_snapshot_kept_from_before_apply_stays_as_it_was(game: str, n: int) -> None:
    s = wg.make(game, n, seed=2)
    _play(s, 3, seed=2)
    kept = [s.to_json(), s.record(), s.scores(), *(s.observation(p) for p in (*range(n), None))]
    dumps = [json.dumps(k, sort_keys=True) for k in kept]
    _play(s, 40, seed=3)  # long enough that every game changes its lists in place
    assert [json.dumps(k, sort_keys=True) for k in kept] == dumps


@pytest.mark.parametrize(("game", "n"), GAMES)
def test_from_json_keeps_nothing_of_its_input(game: str, n: int) -> None:
    s = wg.make(game, n, seed=3)
    _play(s, 4, seed=3)
    obj = json.loads(json.dumps(s.to_json()))  # as a server reads it back from storage
    built = wg.state_from_json(obj)
    testing.overwrite(obj)
    assert testing.snapshot(built) == testing.snapshot(s)


def test_a_snow_time_view_owns_its_score_track() -> None:
    """The track (finish and bonus spaces) was one module-level dict in every view."""
    s = wg.make("snow-time", 3, seed=1)
    view = s.observation(0)
    track = json.dumps(view["track"])
    view["track"]["bonuses"].clear()
    view["track"]["finish"] = 0
    assert json.dumps(s.observation(0)["track"]) == track
    assert json.dumps(wg.make("snow-time", 4, seed=2).observation(None)["track"]) == track


@pytest.mark.parametrize(("game", "n"), GAMES)
def test_the_generic_snapshot_check_passes_along_a_game(game: str, n: int) -> None:
    s = wg.make(game, n, seed=5)
    rng = random.Random(5)
    for _ in range(3):
        testing.check_snapshots(s, rng)
        _play(s, 5, seed=rng.randrange(1000))


# -- the generic check finds each way of sharing --------------------------------------

Patch = Callable[[pytest.MonkeyPatch], None]


def _wrapped(method: str, share: Callable[[SnowTimeState, Any], Any]) -> Patch:
    """A patch making ``SnowTimeState.<method>`` return ``share(state, its result)``."""

    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        original = getattr(SnowTimeState, method)

        def sharing(self: SnowTimeState, *args: Any) -> Any:
            return share(self, original(self, *args))

        monkeypatch.setattr(SnowTimeState, method, sharing)

    return patch


def _cached_legal_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    cache: dict[tuple[int, int], list[wg.Action]] = {}

    def cached(s: SnowTimeState, player: int, actions: list[wg.Action]) -> list[wg.Action]:
        return cache.setdefault((id(s), player), actions)

    original = SnowTimeState._legal_actions
    monkeypatch.setattr(SnowTimeState, "_legal_actions",
                        lambda s, player: cached(s, player, original(s, player)))


def _sharing_from_json(monkeypatch: pytest.MonkeyPatch) -> None:
    def sharing(obj: dict[str, Any]) -> SnowTimeState:
        built = SnowTimeState.from_json(obj)
        built.fruit = obj["state"]["fruit"]
        return built

    spec = replace(wg.get_spec("snow-time"), state_from_json=sharing)
    monkeypatch.setitem(registry._loaded, "snow-time", spec)


_TRACK = {"finish": 30}  # one dict in every view, as Snow Time's score track was


@pytest.mark.parametrize(
    ("share", "match"),
    [
        (_wrapped("_state_json", lambda s, data: {**data, "pawn": s.pawn}), r"to_json\(\)"),
        (_wrapped("record", lambda s, record: {**record, "options": s.options}), r"record\(\)"),
        (_wrapped("observation", lambda s, view: {**view, "track": _TRACK}), r"observation\(0\)"),
        (_wrapped("scores", lambda s, scores: s.pawn), r"scores\(\)"),
        (_cached_legal_actions, r"legal_actions\(0\)"),
        (_sharing_from_json, r"state_from_json"),
    ],
    ids=["to_json", "record", "observation", "scores", "legal_actions", "from_json"],
)
def test_the_generic_check_catches_each_way_of_sharing(
    monkeypatch: pytest.MonkeyPatch, share: Patch, match: str
) -> None:
    share(monkeypatch)
    with pytest.raises(AssertionError, match=match):
        testing.check_snapshots(wg.make("snow-time", 3, seed=1), random.Random(1))
