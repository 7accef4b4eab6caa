"""An arena's games as jobs: who sits where, each game's seeds, and playing one game.

A job is a small value that pickles, so a process pool or a Ray cluster runs it the same
way; ``play`` is a pure function of it (bots are given their budget in iterations, not in
seconds), so the same job gives the same game wherever it runs.

An entrant is one of our bot kinds (``greedy``, ``ismcts:iterations=200``), a reference
bot (``openspiel-ismcts``), an entry point ``module:factory`` (called with each seat's
seed: ``bots.entrants``) or, from Python, a bot object. A bot object plays under a label
(its ``name``, or its kind or class, with `` (object)``) and every game starts from a
copy of it as it was given (``clone``), so the games do not depend on which process
plays them or in what order.

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
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from wintergames.bots import Bot, settings_from_text
from wintergames.bots.entrants import check_entrant, is_entry_point, load_entrant
from wintergames.core.actions import Action
from wintergames.core.errors import InvalidOptionError
from wintergames.core.registry import get_spec, make
from wintergames.core.spec import GameSpec
from wintergames.core.state import State
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
    # One entrant per seat: ``kind:key=value;...``, an entry point or an object's label.
    bots: tuple[str, ...]
    seed: int  # the game's seed
    bot_seeds: tuple[int, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    objects: Mapping[str, Bot] = field(default_factory=dict)  # the bot objects, by label


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
    objects: Mapping[str, Bot] = field(default_factory=dict)  # labels in ``bots``: objects

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
        bots = tuple(self.bots[e] for e in seats)
        objects = {label: bot for label, bot in self.objects.items() if label in bots}
        return Job(self.game, self.players, index, bots, seed, bot_seeds, self.options, objects)


def check_plan(plan: Plan) -> None:
    """``InvalidOptionError`` for anything a run could only fail on later: an unknown
    game, player count or option, a bot that is unknown, cannot play the game or has a
    setting it refuses, or an unknown seeding. The one check of an arena's entrance."""
    spec = get_spec(plan.game)
    spec.validate(plan.players, dict(plan.options))
    if not plan.bots:
        raise InvalidOptionError("an arena needs at least one bot, e.g. --bots greedy,random")
    for text in plan.bots:
        if text in plan.objects:
            check_entrant(plan.objects[text], spec)
        elif is_entry_point(text):
            check_entrant(text, spec)  # its module, its factory and the factory's seed=
        else:
            check_kind(text, spec)
    if plan.seeding not in SEEDINGS:
        raise InvalidOptionError(f"no seeding {plan.seeding!r}; seedings: {', '.join(SEEDINGS)}")


def check_kind(text: str, spec: GameSpec) -> None:
    """One of our kinds or a reference bot, with settings it takes and no ``seed``."""
    kind, _, rest = text.partition(":")
    settings = settings_from_text(rest)
    if "seed" in settings:
        raise InvalidOptionError(
            f"bot {text!r}: the arena seeds every bot from --seed; leave out seed=")
    if is_reference(kind.strip()):
        check_reference(kind.strip(), settings, spec)
    else:
        check_entrant(text, spec)  # the server's and the CLI's check of a kind


def object_label(bot: object) -> str:
    """The name a bot object plays under: its ``name``, else its kind (unless the
    ``Bot`` default) or class, marked as an object so no kind or entry point reads alike.

    >>> from wintergames.bots import make
    >>> object_label(make("random", seed=1))
    'random (object)'
    """
    name = getattr(bot, "name", None)
    if not isinstance(name, str) or not name.strip():
        kind = getattr(bot, "kind", None)
        name = kind if isinstance(kind, str) and kind not in ("", "bot") else \
            type(bot).__name__
    return f"{name.strip()} (object)"


class Chooser(Protocol):
    """The bot interface (``bots.base``) as a bot object from Python may have it alone."""

    def choose(self, state: State, player: int) -> Action: ...


def entrants(given: Sequence[str | Chooser]) -> tuple[tuple[str, ...], dict[str, Bot]]:
    """The entrants' labels, in order, and the bot objects among them by label."""
    labels: list[str] = []
    objects: dict[str, Bot] = {}
    for entrant in given:
        if isinstance(entrant, str):
            labels.append(entrant.strip())
            continue
        # the object itself, or wrapped in a ``Bot`` if it only has the interface
        bot = load_entrant(cast(Bot, entrant), seed=0)
        label = object_label(entrant)
        if label in objects:
            raise InvalidOptionError(
                f"two bot objects play as {label!r}: give them distinct 'name' attributes")
        objects[label] = bot
        labels.append(label)
    return tuple(labels), objects


@dataclass(frozen=True)
class Outcome:
    """A finished game: scores and winners by seat, its length and what happened in it.

    ``order`` is the game's turn order (the seat that played 1st, 2nd, ...: the game's
    ``GameSpec.turn_order``), None for a game in which no seat plays before another."""

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
    order: tuple[int, ...] | None = None

    def share(self, seat: int) -> float:
        """Seat ``seat``'s win share: 1 shared equally among the winners."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def same_game(self, other: Outcome) -> bool:
        """Whether two outcomes are the same game (everything but the times)."""
        return (self.index, self.seed, self.bots, self.scores, self.winners, self.moves,
                self.metrics, self.order) == (other.index, other.seed, other.bots,
                                              other.scores, other.winners, other.moves,
                                              other.metrics, other.order)


def make_bot(text: str, seed: int, objects: Mapping[str, Bot] | None = None) -> Bot:
    """The bot of ``text``: a copy of a bot object (by its label), a reference bot, or
    one of ours or an entry point's (``bots.entrants.load_entrant``), seeded ``seed``."""
    if objects and text in objects:
        return objects[text].clone()  # every game starts from the object as it was given
    kind, _, rest = text.partition(":")
    if is_reference(kind.strip()):
        return make_reference(kind.strip(), seed, settings_from_text(rest))
    return load_entrant(text, seed)


def turn_order(game: str, players: int, seed: int, options: Mapping[str, Any]) -> \
        tuple[int, ...] | None:
    """The turn order of the game with this seed: set up at the start, so a game recorded
    before the arena kept it gets it back from its seed."""
    return make(game, players, seed=seed, options=dict(options)).turn_order()


def play(job: Job) -> Outcome:
    """Play ``job``'s game to the end with its bots."""
    state = make(job.game, job.players, seed=job.seed, options=dict(job.options))
    order = state.turn_order()
    bots = [make_bot(text, seed, job.objects)
            for text, seed in zip(job.bots, job.bot_seeds, strict=True)]
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
                   tuple(round(t, 3) for t in think), tuple(moves), metrics_of(state), order)
