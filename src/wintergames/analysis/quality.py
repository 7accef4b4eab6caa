"""How far a review can be trusted: measured, not assumed (``benchmarks/review_quality.py``
and the review's tests use these).

- ``random_vs_search``: a game between a random bot and ISMCTS. A review worth reading
  flags more of the random seat's moves, and finds it less accurate, than the search's.
- ``agreement``: two reviews of one seat with different search seeds. A review worth
  reading names mostly the same largest mistakes whatever its seed.

>>> record, seat = random_vs_search("winter-queen", seed=1, iterations=20)
>>> record["num_players"], seat in (0, 1)
(2, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wintergames.analysis.review import Review, review
from wintergames.analysis.search import Budget
from wintergames.bots import make as make_bot
from wintergames.core.registry import make


def random_vs_search(game: str, seed: int, iterations: int = 100,
                     players: int = 2) -> tuple[dict[str, Any], int]:
    """A finished game of ``game`` between one random seat and ISMCTS at every other seat
    (``iterations`` each move), and the random seat (it alternates with the seed)."""
    weak = seed % players
    bots = [make_bot("random", seed=seed) if p == weak
            else make_bot("ismcts", seed=seed * 31 + p, iterations=iterations)
            for p in range(players)]
    state = make(game, players, seed=seed)
    while not state.is_over:
        p = state.to_move[0]
        state.apply(bots[p].choose(state, p), p)
    return state.record(), weak


@dataclass(frozen=True)
class Contrast:
    """The reviews of the random seat and of a search seat of one game."""

    weak: Review
    strong: Review

    @property
    def separated(self) -> bool:
        """Whether the random seat has more flagged moves and a lower accuracy."""
        return (len(self.weak.worst()) > len(self.strong.worst())
                and self.weak.accuracy < self.strong.accuracy)


def contrast(record: dict[str, Any], weak: int, budget: Budget) -> Contrast:
    """Both reviews: the random seat ``weak`` and the next seat (a search bot)."""
    strong = (weak + 1) % record["num_players"]
    return Contrast(review(record, weak, budget), review(record, strong, budget))


def top_steps(done: Review, n: int = 3) -> list[int]:
    """The steps of the ``n`` largest flagged mistakes of ``done``."""
    return [d.step for d in done.worst(n)]


@dataclass(frozen=True)
class Agreement:
    """How two reviews of the same seat (different seeds) agree on its worst moves."""

    first: list[int]  # the first review's three largest mistakes (their steps)
    second: list[int]
    flagged_in_second: int  # how many of ``first`` the second flags at all

    @property
    def shared(self) -> int:
        return len(set(self.first) & set(self.second))

    @property
    def agree(self) -> bool:
        """More than half of the three largest mistakes (or of as many as the review
        flagging more has, if fewer than three) are the same moves: two of three."""
        wanted = min(3, max(len(self.first), len(self.second)))
        if wanted == 0:  # neither flags anything: they agree
            return True
        return 2 * self.shared > wanted


def agreement(first: Review, second: Review) -> Agreement:
    """Compare two reviews of one seat of one game."""
    flagged = {d.step for d in second.worst()}
    mine = top_steps(first)
    return Agreement(mine, top_steps(second), sum(step in flagged for step in mine))


__all__ = ["Agreement", "Contrast", "agreement", "contrast", "random_vs_search", "top_steps"]
