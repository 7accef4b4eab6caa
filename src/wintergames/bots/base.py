"""The bot interface: ``bot.choose(state, player) -> Action``."""

from __future__ import annotations

from abc import ABC, abstractmethod

from wintergames.core.actions import Action
from wintergames.core.state import State


class Bot(ABC):
    """A player that picks one of ``state.legal_actions(player)``.

    A bot decides only on what its seat may see: it never reads the true state's
    RNG or hidden components (search bots work on ``state.determinize(player, rng)``).
    """

    kind: str = "bot"

    @abstractmethod
    def choose(self, state: State, player: int) -> Action:
        """The action this bot takes for ``player`` in ``state``."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind}>"
