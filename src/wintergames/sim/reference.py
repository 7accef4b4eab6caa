"""Reference bots from another library, for the arena only: OpenSpiel's own search (its
``ISMCTSBot``) playing our games through ``wintergames.rl.openspiel``, so our bots are
measured against it in the same arena runs
(``--bots ismcts,openspiel-ismcts:simulations=600``).

They are not seats of the server or the terminal (their library is an optional extra, and
they are a yardstick, not an opponent people chose). Budgets are simulations, never
seconds, so a run is reproduced exactly.
"""

from __future__ import annotations

import importlib.util
import random
from typing import Any, ClassVar

from wintergames.bots.base import Bot
from wintergames.bots.limits import Setting, check
from wintergames.core.actions import Action
from wintergames.core.errors import InvalidOptionError
from wintergames.core.spec import GameSpec
from wintergames.core.state import State


class OpenSpielSearch(Bot):
    """OpenSpiel's ``ISMCTSBot`` (``openspiel-ismcts``) with random-rollout evaluation,
    ``simulations`` per move."""

    SETTINGS: ClassVar[dict[str, Setting]] = {
        "simulations": Setting("whole", 1, 1_000_000, about="simulations per move"),
        "uct_c": Setting("number", 0, 100, about="UCT exploration constant"),
    }
    NEEDS = "OpenSpiel (pip install open-spiel)"

    def __init__(self, kind: str, seed: int | None = None, simulations: int = 1000,
                 uct_c: float = 1.0) -> None:
        self.kind = kind
        self.check_settings(simulations=simulations, uct_c=uct_c)
        self.seed = seed or 0
        self.simulations = simulations
        self.uct_c = uct_c
        self._search: Any = None
        self._game: Any = None

    @classmethod
    def plays(cls, spec: GameSpec) -> bool:
        return importlib.util.find_spec("pyspiel") is not None

    def _searcher(self, state: State) -> tuple[Any, Any]:
        if self._search is None:
            import numpy as np
            import pyspiel
            from open_spiel.python.algorithms import ismcts, mcts

            from wintergames.core.registry import get_spec
            from wintergames.rl import openspiel

            openspiel.register()
            # the game of the state's own options (an ICE curse changes its encoding)
            self._game = pyspiel.load_game(openspiel.short_name(state.game_id),
                                           openspiel.game_parameters(
                                               get_spec(state.game_id), state.num_players,
                                               state.options))
            rng = np.random.RandomState(self.seed % 2**32)
            evaluator = mcts.RandomRolloutEvaluator(random_state=rng)
            self._search = ismcts.ISMCTSBot(self._game, evaluator, self.uct_c,
                                            self.simulations, random_state=rng)
            # Its default resampler draws from pyspiel's own unseeded generator: draw the
            # determinization's seed from the bot's, so a run is reproduced.
            self._search.set_resampler(
                lambda s, p: openspiel.WintergamesState(
                    self._game, s.state.determinize(p, random.Random(rng.randint(2**31)))))
        return self._game, self._search

    def choose(self, state: State, player: int, deadline: float | None = None) -> Action:
        from wintergames.core.registry import get_spec
        from wintergames.rl.openspiel import WintergamesState

        game, search = self._searcher(state)
        # The search sees our state through the adapter: a clone, so it changes nothing,
        # and hidden information is resampled by ``determinize`` as our own bots do.
        wrapped = WintergamesState(game, state.clone())
        return get_spec(state.game_id).decode(int(search.step(wrapped)), state.num_players,
                                              state.options)


KINDS = ("openspiel-ismcts",)


def is_reference(kind: str) -> bool:
    return kind in KINDS


def check_reference(kind: str, settings: dict[str, Any], spec: GameSpec) -> None:
    """The arena's check of a reference bot: its settings and its library."""
    check(kind, OpenSpielSearch.SETTINGS, settings)
    if not OpenSpielSearch.plays(spec):
        raise InvalidOptionError(f"bot {kind!r} needs {OpenSpielSearch.NEEDS}")
    if spec.simultaneous:
        raise InvalidOptionError(
            f"bot {kind!r} plays turn-by-turn games; {spec.title} has simultaneous steps")


def make_reference(kind: str, seed: int | None, settings: dict[str, Any]) -> Bot:
    return OpenSpielSearch(kind, seed=seed, **settings)
