"""An arena's games as jobs: who sits where, each game's seeds, and playing one game.

A job is a small value that pickles, so a process pool or a Ray cluster runs it the same
way; ``play`` is a pure function of it (bots are given their budget in iterations, not in
seconds), so the same job gives the same game wherever it runs.

>>> plan = Plan("winter-queen", 2, ("greedy", "random"), seed=1)
>>> [plan.job(i).bots for i in range(3)]
[('greedy', 'random'), ('random', 'greedy'), ('greedy', 'random')]
>>> plan.job(0).seed == Plan("winter-queen", 2, ("greedy", "random"), seed=1).job(0).seed
True
"""

from __future__ import annotations

import hashlib
import itertools
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from wintergames.bots import Bot, check_seat, from_text, settings_from_text
from wintergames.core.errors import InvalidOptionError
from wintergames.core.registry import get_spec, make
from wintergames.sim.metrics import Metrics, metrics_of
from wintergames.sim.reference import check_reference, is_reference, make_reference

# How each game's seeds come from the run's seed. "derived": a hash of the run's seed,
# the game's index and the seat, so runs with different seeds share no game. "strength-v1":
# the seeds ``benchmarks/strength.py`` used before the arena (game 10_000 + index, seat p's
# bot index * 100 + p), so the per-game lines kept in docs/strength/ go on combining.
SEEDINGS = ("derived", "strength-v1")


def derive(seed: int, *parts: object) -> int:
    """A 63-bit seed from ``seed`` and ``parts``, the same on every machine and Python.

    >>> derive(1, "game", 0) == derive(1, "game", 0), derive(1, "game", 0) == derive(2, "game", 0)
    (True, False)
    """
    text = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


@dataclass(frozen=True)
class Job:
    """One game of an arena: its index, the bot at each seat and every seed."""

    game: str
    players: int
    index: int
    bots: tuple[str, ...]  # one bot text per seat, ``kind`` or ``kind:key=value;...``
    seed: int  # the game's seed
    bot_seeds: tuple[int, ...]
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Plan:
    """Which bots play, and how seats rotate so each sits in each seat equally often.

    ``bots`` has one entry per entrant. With fewer entrants than seats the last one fills
    the remaining seats (``ismcts,random`` at 4 players: one ISMCTS against three random
    bots); with more, games cycle through every group of ``players`` entrants. Within a
    line-up, game ``i`` moves every entrant ``i`` seats on, so over a full cycle
    (``len(cycle)`` games) each entrant sits in each seat equally often.

    >>> Plan("snow-time", 3, ("ismcts", "greedy", "random", "random")).cycle[:3]
    ((0, 1, 2), (2, 0, 1), (1, 2, 0))
    >>> Plan("winter-queen", 4, ("greedy", "random")).line_ups
    ((0, 1, 1, 1),)
    """

    game: str
    players: int
    bots: tuple[str, ...]
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    seeding: str = "derived"

    def __post_init__(self) -> None:
        check_plan(self)

    @property
    def line_ups(self) -> tuple[tuple[int, ...], ...]:
        """Entrant indices per seat, before rotation: one line-up, or every group."""
        k, n = len(self.bots), self.players
        if k <= n:
            return (tuple(range(k)) + (k - 1,) * (n - k),)
        return tuple(itertools.combinations(range(k), n))

    @property
    def cycle(self) -> tuple[tuple[int, ...], ...]:
        """Every line-up in every rotation: the seatings games go through in turn."""
        n = self.players
        return tuple(tuple(line[(seat - shift) % n] for seat in range(n))
                     for line in self.line_ups for shift in range(n))

    def seating(self, index: int) -> tuple[int, ...]:
        """The entrant at each seat of game ``index``."""
        return self.cycle[index % len(self.cycle)]

    def job(self, index: int) -> Job:
        seats = self.seating(index)
        if self.seeding == "strength-v1":
            seed, bot_seeds = 10_000 + index, tuple(index * 100 + p for p in range(self.players))
        else:
            seed = derive(self.seed, "game", index)
            bot_seeds = tuple(derive(self.seed, "bot", index, p) for p in range(self.players))
        return Job(self.game, self.players, index, tuple(self.bots[e] for e in seats), seed,
                   bot_seeds, self.options)


def check_plan(plan: Plan) -> None:
    """``InvalidOptionError`` for anything a run could only fail on later: an unknown
    game, player count or option, a bot that is unknown, cannot play the game or has a
    setting it refuses, or an unknown seeding. The one check of an arena's entrance."""
    spec = get_spec(plan.game)
    spec.validate(plan.players, dict(plan.options))
    if not plan.bots:
        raise InvalidOptionError("an arena needs at least one bot, e.g. --bots greedy,random")
    for text in plan.bots:
        kind, _, rest = text.partition(":")
        settings = settings_from_text(rest)
        if "seed" in settings:
            raise InvalidOptionError(
                f"bot {text!r}: the arena seeds every bot from --seed; leave out seed=")
        if is_reference(kind.strip()):
            check_reference(kind.strip(), settings, spec)
        else:
            check_seat(kind.strip(), settings, spec)  # the server's and the CLI's check
    if plan.seeding not in SEEDINGS:
        raise InvalidOptionError(f"no seeding {plan.seeding!r}; seedings: {', '.join(SEEDINGS)}")


@dataclass(frozen=True)
class Outcome:
    """A finished game: scores and winners by seat, its length and what happened in it."""

    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]
    decisions: int
    seconds: float
    think: tuple[float, ...]  # each seat's bot's seconds of choosing
    moves: tuple[int, ...]  # each seat's decisions
    metrics: Metrics

    def share(self, seat: int) -> float:
        """Seat ``seat``'s win share: 1 shared equally among the winners."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def same_game(self, other: Outcome) -> bool:
        """Whether two outcomes are the same game (everything but the times)."""
        return (self.index, self.seed, self.bots, self.scores, self.winners, self.moves,
                self.metrics) == (other.index, other.seed, other.bots, other.scores,
                                  other.winners, other.moves, other.metrics)


def make_bot(text: str, seed: int) -> Bot:
    """The bot of ``text``: one of ours (``wintergames.bots``) or a reference bot."""
    kind, _, rest = text.partition(":")
    if is_reference(kind.strip()):
        return make_reference(kind.strip(), seed, settings_from_text(rest))
    return from_text(text, seed=seed)


def play(job: Job) -> Outcome:
    """Play ``job``'s game to the end with its bots."""
    state = make(job.game, job.players, seed=job.seed, options=dict(job.options))
    bots = [make_bot(text, seed) for text, seed in zip(job.bots, job.bot_seeds, strict=True)]
    think = [0.0] * job.players
    moves = [0] * job.players
    start = time.perf_counter()
    while not state.is_over:
        p = state.to_move[0]
        before = time.perf_counter()
        action = bots[p].choose(state, p)
        think[p] += time.perf_counter() - before
        state.apply(action, p)
        moves[p] += 1
    seconds = time.perf_counter() - start
    return Outcome(job.index, job.seed, job.bots, tuple(state.scores()),
                   tuple(state.winners()), sum(moves), round(seconds, 3),
                   tuple(round(t, 3) for t in think), tuple(moves), metrics_of(state))
