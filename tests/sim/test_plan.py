"""The arena's plan: seat rotation, seed derivation, and the one check of its entrance."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import pytest

from wintergames.core.errors import InvalidOptionError, WintergamesError
from wintergames.sim import Plan, play, run_arena
from wintergames.sim.jobs import derive


@pytest.mark.parametrize(("players", "bots"), [
    (2, ("a", "b")), (3, ("a", "b", "c")), (4, ("a", "b")), (2, ("a", "b", "c")),
    (3, ("a", "b", "c", "d")), (1, ("a",)),
])
def test_over_a_cycle_each_entrant_sits_in_each_seat_equally_often(
        players: int, bots: tuple[str, ...]) -> None:
    names = {"a": "greedy", "b": "random", "c": "ismcts:iterations=5", "d": "random"}
    entrants = tuple(names[b] for b in bots)
    plan = Plan("snow-time" if players > 2 else "winterborne" if players == 1
                else "winter-queen", players, entrants)
    cycle = len(plan.cycle)
    seatings = [plan.seating(i) for i in range(3 * cycle)]
    assert seatings[:cycle] == seatings[cycle:2 * cycle]  # it repeats
    counts = Counter((e, seat) for s in seatings[:cycle] for seat, e in enumerate(s))
    for e in range(len(bots)):
        per_seat = [counts[(e, seat)] for seat in range(players)]
        assert len(set(per_seat)) == 1 and per_seat[0] > 0, (e, per_seat)
    # Every seat is filled by an entrant, never one entrant twice unless it fills the field
    for s in seatings:
        assert len(s) == players
        if len(bots) >= players:
            assert len(set(s)) == players
    if len(bots) > players:  # every group of entrants plays
        groups = {frozenset(s) for s in seatings[:cycle]}
        assert groups == {frozenset(c) for c in itertools.combinations(range(len(bots)),
                                                                      players)}


def test_the_tested_bot_of_a_strength_run_sits_where_the_old_script_put_it() -> None:
    plan = Plan("snow-time", 4, ("greedy", "random"), seeding="strength-v1")
    for i in range(8):
        job = plan.job(i)
        assert job.bots.index("greedy") == i % 4 and job.bots.count("random") == 3
        assert job.seed == 10_000 + i and job.bot_seeds == tuple(i * 100 + p for p in range(4))


def test_every_game_and_seat_gets_its_own_seed_from_the_runs_seed() -> None:
    plan = Plan("winter-queen", 3, ("greedy", "random"), seed=5)
    jobs = [plan.job(i) for i in range(50)]
    seeds = [j.seed for j in jobs] + [s for j in jobs for s in j.bot_seeds]
    assert len(set(seeds)) == len(seeds)
    assert all(0 <= s < 2 ** 63 for s in seeds)
    again = Plan("winter-queen", 3, ("greedy", "random"), seed=5)
    assert [again.job(i) for i in range(50)] == jobs
    other = Plan("winter-queen", 3, ("greedy", "random"), seed=6)
    assert not {j.seed for j in jobs} & {other.job(i).seed for i in range(50)}
    # a game's seed depends on the run's seed and its index only, not on the bots
    assert Plan("winter-queen", 3, ("random",), seed=5).job(7).seed == jobs[7].seed
    assert derive(5, "game", 7) != derive(5, "game", 8) != derive(5, "bot", 7, 0)


def test_the_same_job_gives_the_same_game() -> None:
    job = Plan("winter-queen", 2, ("ismcts:iterations=20", "greedy"), seed=2).job(3)
    first, second = play(job), play(job)
    assert first.same_game(second)
    assert first.decisions > 10 and sorted(first.scores) != [0, 0]


@pytest.mark.parametrize(("bots", "options", "message"), [
    (["nobody"], {}, "no bot kind 'nobody'"),
    (["flick"], {}, "bot 'flick' cannot play Winter Queen"),
    (["greedy:samples=0"], {}, "samples is a whole number from 1"),
    (["greedy:seed=4"], {}, "seeds every bot from --seed"),
    (["greedy"], {"no_such_option": 1}, "Winter Queen has no option 'no_such_option'"),
    ([], {}, "at least one bot"),
])
def test_a_bad_plan_is_refused_before_any_folder_is_made(
        tmp_path: Path, bots: list[str], options: dict[str, int], message: str) -> None:
    out = tmp_path / "run"
    with pytest.raises(InvalidOptionError, match=message):
        run_arena("winter-queen", 2, bots, games=2, options=options, out=out, workers=1)
    assert not out.exists()


@pytest.mark.parametrize(("game", "players", "message"), [
    ("no-such-game", 2, "no-such-game"),
    ("winter-queen", 7, "played by 2 to 4 players, not 7"),
])
def test_a_bad_game_or_player_count_is_refused(game: str, players: int, message: str) -> None:
    with pytest.raises(WintergamesError, match=message):
        run_arena(game, players, ["random"], games=1, workers=1)


def test_games_and_first_must_make_sense() -> None:
    with pytest.raises(InvalidOptionError, match="1 or more games"):
        run_arena("winter-queen", 2, ["random"], games=0, workers=1)
    with pytest.raises(InvalidOptionError, match="1 or more games"):
        run_arena("winter-queen", 2, ["random"], games=3, first=-1, workers=1)
