"""Every wintergames game as an OpenSpiel (pyspiel) Python game.

``register()`` registers ``wintergames_<game>`` (dashes become underscores) for every
game; load one with ``pyspiel.load_game("wintergames_winter_queen", {"players": 2})``.

- Actions are the game's integer codec (``spec.encode`` / ``spec.decode``); ICECOOL
  Wizards is played through its flick grid, the part of its flicks with codec indices.
- Chance is *sampled*: the game's own seeded RNG draws inside ``apply`` (OpenSpiel's
  ``SAMPLED_STOCHASTIC``); ``seed`` is a game parameter.
- Games with hidden-choice steps (Snow Time's cards, ICECOOL Wizards' Fire discards) have
  simultaneous dynamics: at such a step every seat that owes a choice acts at once; a
  seat that owes none plays the extra action ``NOOP`` (the last index), the only one
  legal for it. Their other steps are ordinary single-player nodes.
- Observation tensors are the game's RL encoding (``docs/rl.md``), its named slices as
  the observer's ``dict``.
- Imperfect information: ``resample_from_infostate`` is ``state.determinize``; the
  observation string is the seat's observation (JSON) and the information-state string
  adds every event the seat has seen, so it has perfect recall.
- Returns are win shares: 1 shared among the winners (constant sum 1). A game that can
  be played solo (Winterborne against the Balaur) is general-sum: alone, the seat gets 1
  for a win and 0 for a loss, so its returns have no constant sum.

Requires the ``bench`` extra (``pip install -e '.[bench]'``, which brings open-spiel).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np
import pyspiel

from wintergames.core.registry import available_games, make
from wintergames.core.spec import GameSpec
from wintergames.core.state import State

MAX_GAME_LENGTH = 20_000  # decisions: a bound for algorithms that size buffers


def short_name(game_id: str) -> str:
    return "wintergames_" + game_id.replace("-", "_")


def _game_type(spec: GameSpec) -> pyspiel.GameType:
    simultaneous = spec.simultaneous
    return pyspiel.GameType(
        short_name=short_name(spec.id),
        long_name=f"wintergames {spec.title}",
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if spec.min_players == 1
                 else pyspiel.GameType.Utility.CONSTANT_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=spec.observation_encoding is not None,
        parameter_specification={"players": spec.min_players if spec.min_players > 2 else 2,
                                 "seed": 0},
    )


class WintergamesGame(pyspiel.Game):
    """One of our games with its player count and seed, as a pyspiel game."""

    def __init__(self, spec: GameSpec, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.spec = spec
        self.players = int(params.get("players", max(2, spec.min_players)))
        self.seed = int(params.get("seed", 0))
        # the options every state of this game is played with, checked once (not per action)
        self.options = spec.validate(self.players, {})
        self.codec_size = spec.num_distinct_actions(self.players)
        self.noop = self.codec_size if spec.simultaneous else None
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec_size + (self.noop is not None),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if self.players > 1 else None,  # solo: a loss is 0
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(spec), info, {"players": self.players, "seed": self.seed})

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """Observers for OpenSpiel's observation API: the game's encoding as the tensor
        (its named slices as ``dict``) for an observation; for perfect recall, the
        information-state string and no tensor."""
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver()
        return EncodingObserver(self)

    def new_initial_state(self) -> WintergamesState:
        """The game dealt from ``seed``: the same start (and the same draws) each time."""
        return WintergamesState(self, make(self.spec.id, self.players, seed=self.seed))


class WintergamesState(pyspiel.State):
    """A pyspiel state around one of our states."""

    def __init__(self, game: WintergamesGame, state: State) -> None:
        super().__init__(game)
        self.wg_game = game
        self.state = state
        # Per seat: how much of the log was read and the texts of it the seat may read. The
        # log only grows, so an information state reads only the events new since the last.
        self._seen: dict[int, tuple[int, list[str]]] = {}

    # -- whose move --------------------------------------------------------------------

    def current_player(self) -> int:
        s = self.state
        if s.is_over:
            return pyspiel.PlayerId.TERMINAL
        if s.simultaneous:
            return pyspiel.PlayerId.SIMULTANEOUS
        return s.to_move[0]

    def _legal_actions(self, player: int) -> list[int]:
        s, spec, n = self.state, self.wg_game.spec, self.wg_game.players
        if s.is_over:
            return []
        if player not in s.to_move:
            return [self.wg_game.noop] if s.simultaneous and self.wg_game.noop is not None else []
        options = self.wg_game.options
        return sorted(spec.codec.encode(a, n, options) for a in s.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        player = self.state.to_move[0]
        game = self.wg_game
        self.state.apply(game.spec.codec.decode(action, game.players, game.options), player)

    def _apply_actions(self, actions: list[int]) -> None:
        game = self.wg_game
        movers = self.state.to_move
        for player, action in enumerate(actions):
            if player in movers:
                self.state.apply(game.spec.codec.decode(action, game.players, game.options),
                                 player)

    def _action_to_string(self, player: int, action: int) -> str:
        if action == self.wg_game.noop:
            return "noop"
        return str(self.wg_game.spec.decode(action, self.wg_game.players))

    # -- the end ---------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.state.is_over

    def returns(self) -> list[float]:
        n = self.wg_game.players
        if not self.state.is_over:
            return [0.0] * n
        winners = self.state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]

    # -- what a seat knows -------------------------------------------------------------

    def _seat(self, player: int | None) -> int:
        return self.current_player() if player is None else player

    def observation_string(self, player: int | None = None) -> str:
        return json.dumps(self.state.observation(self._seat(player)), sort_keys=True)

    def information_state_string(self, player: int | None = None) -> str:
        """What seat ``player`` sees now and every log text it could read so far: the JSON
        of ``[observation, texts]`` (the texts' part kept encoded between calls)."""
        player = self._seat(player)
        observed = json.dumps(self.state.observation(player), sort_keys=True)
        return f"[{observed}, [{', '.join(self._texts_seen(player))}]]"

    def _texts_seen(self, player: int) -> list[str]:
        """The log's texts seat ``player`` may read (``State.events_for``), each as JSON,
        kept between calls: the log only grows, so only the events since the last call
        are read."""
        log = self.state.log
        read, texts = self._seen.get(player, (0, []))
        if read > len(log):  # not while the log only grows; read it afresh then
            read, texts = 0, []
        texts.extend(json.dumps(e.text) for e in log[read:] if e.visible(player))
        self._seen[player] = (len(log), texts)
        return texts

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WintergamesState:
        seed = int(probability_sampler() * 2**53)
        return WintergamesState(self.wg_game,
                                self.state.determinize(player_id, random.Random(seed)))

    def clone(self) -> WintergamesState:
        twin = WintergamesState(self.wg_game, self.state.clone())
        twin._seen = {p: (read, texts.copy()) for p, (read, texts) in self._seen.items()}
        return twin

    def __str__(self) -> str:
        return json.dumps(self.state.observation(None), sort_keys=True)


class EncodingObserver:
    """A seat's observation as the game's vector (``GameSpec.observation_encoding``)."""

    def __init__(self, game: WintergamesGame) -> None:
        spec = game.spec
        self.encoding = (spec.observation_encoding(game.players, spec.validate(game.players, {}))
                         if spec.observation_encoding is not None else None)
        size = self.encoding.layout.size if self.encoding is not None else 0
        self.tensor = np.zeros(size, np.float32)
        self.dict = self.encoding.layout.split(self.tensor) if self.encoding else {}

    def set_from(self, state: WintergamesState, player: int) -> None:
        if self.encoding is not None:
            self.encoding.encode(state.state.observation(player), player, out=self.tensor)

    def string_from(self, state: WintergamesState, player: int) -> str:
        return state.observation_string(player)


class InfoStateObserver:
    """Perfect recall: the information-state string (no tensor)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: WintergamesState, player: int) -> None:
        """Nothing to write: this observer has no tensor."""

    def string_from(self, state: WintergamesState, player: int) -> str:
        return state.information_state_string(player)


def _game_class(spec: GameSpec) -> type[WintergamesGame]:
    """A class per game, as pyspiel registers classes (a closure crashes it at exit)."""

    class Game(WintergamesGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(spec, params)

    Game.__name__ = Game.__qualname__ = "".join(p.title() for p in spec.id.split("-")) + "Game"
    return Game


def register() -> list[str]:
    """Register every game with pyspiel (once); the short names registered."""
    names = []
    registered = set(pyspiel.registered_names())
    for spec in available_games():
        name = short_name(spec.id)
        if name not in registered:
            pyspiel.register_game(_game_type(spec), _game_class(spec))
        names.append(name)
    return names
