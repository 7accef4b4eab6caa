"""The bot interface: ``bot.choose(state, player, deadline=None) -> Action``.

``deadline`` is a ``time.monotonic()`` instant: a search bot stops there (checked between
its steps, so it overruns by one step at most) and plays the best move it has found so
far, always a legal one. Without a deadline a bot runs its own budget, and the same seed
gives the same moves.
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from typing import ClassVar

from wintergames.bots.limits import Setting, check
from wintergames.core.actions import Action
from wintergames.core.errors import GameOverError, NotYourTurnError
from wintergames.core.events import seat_name
from wintergames.core.spec import GameSpec
from wintergames.core.state import State


class Bot(ABC):
    """A player that picks one of ``state.legal_actions(player)``.

    A bot decides only on what its seat may see: it never reads the true state's
    RNG or hidden components (search bots work on ``state.determinize(player, rng)``).
    ``SETTINGS`` declares each of its settings' type and range (the constructor's
    defaults lie inside them).
    """

    kind: str = "bot"
    # Whether choosing takes real time (a search): a server makes such bots wait for a
    # free thinker, while one that answers at once never queues behind them.
    searches: bool = True
    SETTINGS: ClassVar[dict[str, Setting]] = {}
    # What a player reads about this kind in the lobby, in a sentence or two.
    ABOUT: ClassVar[str] = ""
    # Why it cannot play a game ``plays`` refuses, in words (for the refusal).
    NEEDS: ClassVar[str] = ""

    @classmethod
    def plays(cls, spec: GameSpec) -> bool:
        """Whether this kind can play the game of ``spec`` (every game, unless a kind
        needs something of the game, as the flick planner needs flicks)."""
        return True

    @abstractmethod
    def choose(self, state: State, player: int, deadline: float | None = None) -> Action:
        """The action this bot takes for ``player`` in ``state``, decided by ``deadline``
        (a ``time.monotonic()`` instant) if one is given."""

    def check_settings(self, **settings: object) -> None:
        """``InvalidOptionError`` unless every value is allowed by ``SETTINGS``."""
        check(self.kind, self.SETTINGS, settings)

    @staticmethod
    def expired(deadline: float | None) -> bool:
        """Whether ``deadline`` (a ``time.monotonic()`` instant, or None) has passed."""
        return deadline is not None and time.monotonic() >= deadline

    @staticmethod
    def check_turn(state: State, player: int) -> None:
        """Raise unless ``player`` has a decision to make in ``state``."""
        if state.is_over:
            raise GameOverError("the game is over; there is nothing to choose")
        if player not in state.to_move:
            raise NotYourTurnError(f"{seat_name(player)} has no decision to make now")

    def clone(self) -> Bot:
        """An independent copy: the same settings and its own copy of each random stream
        (a bot keeps nothing else between moves), so both make the same choices next.

        >>> from wintergames.bots import make
        >>> a = make("random", seed=4)
        >>> b = a.clone()
        >>> a.rng.random() == b.rng.random() and a.rng is not b.rng
        True
        """
        twin = self.__class__.__new__(self.__class__)
        for name, value in vars(self).items():
            if isinstance(value, random.Random):
                copy = random.Random()
                copy.setstate(value.getstate())
                value = copy
            setattr(twin, name, value)
        return twin

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind}>"
