"""The bot interface: ``bot.choose(state, player) -> Action``."""

from __future__ import annotations

from abc import ABC, abstractmethod

from wintergames.core.actions import Action
from wintergames.core.errors import GameOverError, NotYourTurnError
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

    @staticmethod
    def check_turn(state: State, player: int) -> None:
        """Raise unless ``player`` has a decision to make in ``state``."""
        if state.is_over:
            raise GameOverError("the game is over; there is nothing to choose")
        if player not in state.to_move:
            raise NotYourTurnError(f"player {player} has no decision to make now")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind}>"
