"""A bot that picks uniformly among the legal actions, from its own seeded RNG."""

from __future__ import annotations

import random

from wintergames.bots.base import Bot
from wintergames.core.actions import Action
from wintergames.core.state import State


class RandomBot(Bot):
    """Uniform random choice.

    >>> import wintergames as wg
    >>> state = wg.make("winter-queen", num_players=2, seed=3)
    >>> bot = wg.bots.make("random", seed=1)
    >>> player = state.to_move[0]
    >>> bot.choose(state, player) in state.legal_actions(player)
    True
    """

    kind = "random"
    ABOUT = "Plays any legal move at random: an easy opponent to learn the rules against."
    searches = False

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int, deadline: float | None = None) -> Action:
        """A uniform choice (instant: ``deadline`` never matters)."""
        self.check_turn(state, player)
        actions = state.legal_actions(player)
        return actions[self.rng.randrange(len(actions))]
