"""Every wintergames game as a PettingZoo environment, built from its ``GameSpec``.

>>> from wintergames.rl import pettingzoo as wz
>>> env = wz.env("winter-queen", num_players=2, seed=3)
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> sorted(obs), obs["observation"].dtype.name
(['action_mask', 'observation'], 'float32')
>>> int(env.action_space("player_0").n) == len(obs["action_mask"])
True

The same through its versioned name, as PettingZoo's own games are reached::

    from wintergames.rl.pettingzoo import winter_queen_v1
    env = winter_queen_v1.env(num_players=3)

- ``env(...)``: the AEC environment; ``agent_selection`` is the seat that owes a decision.
  At a simultaneous step (Snow Time's cards, ICE's first Requests) the seats that owe a
  choice are selected one after another; a choice stays hidden from the others until
  the step resolves, as at the table.
- ``parallel_env(...)``: every live seat acts at every step. A seat that owes nothing
  plays the extra last action, *wait* (its only legal one); so one step is one
  decision point of the game, several seats at once at a simultaneous step.
- Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``; the
  vector's named slices are the game's encoding (``docs/rl.md``). Rewards come at the end
  (``session.REWARDS``); an illegal action loses or raises (``session.ILLEGAL``).
- ``snapshot()`` / ``restore(snapshot)`` copy the whole environment exactly, so search
  can run over environments; a snapshot of another game, table or kind of environment is
  refused. The environments and their snapshots pickle and deep-copy.
- ``state()`` is PettingZoo's global state (``state_space``): every seat's vector end to
  end, seat 0 first. The game in progress (a wintergames ``State``) is ``game_state``.
- ``fields(vector)`` splits a vector into its named fields; ``notation(index)`` writes an
  action index as the game does (``"wait"`` for the parallel environment's wait).
"""

from __future__ import annotations

import functools
import random
import types
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import logger, spaces
from pettingzoo import AECEnv, ParallelEnv

from wintergames.core.encoding import Vector
from wintergames.core.errors import IllegalActionError, excerpt
from wintergames.core.registry import available_games
from wintergames.core.state import State
from wintergames.rl.session import (
    ILLEGAL,
    ILLEGAL_REWARD,
    RENDER_MODES,
    VERSION,
    Mask,
    Origin,
    Table,
    check_choice,
    check_limit,
)


def env_name(game_id: str) -> str:
    """The versioned environment name of a game.

    >>> env_name("ice")
    'ice_v1'
    """
    return f"{game_id.replace('-', '_')}_v{VERSION}"


def agent_name(player: int) -> str:
    return f"player_{player}"


# The kinds of environment, as a snapshot records them (each restores only its own).
AEC, PARALLEL = "PettingZoo AEC", "PettingZoo parallel"


@dataclass(frozen=True)
class Snapshot:
    """An environment at one moment: the game and every bookkeeping value around it;
    ``origin`` says of which kind of environment, game and table. ``books`` is a plain
    dict (so it pickles) that ``restore`` copies and never changes."""

    state: State
    books: Mapping[str, Any]
    seeder: tuple[Any, ...]
    origin: Origin


class _Shared:
    """The parts both environments have: table, seeding, spaces' sizes, rendering."""

    table: Table
    game_state: State
    render_mode: str | None
    max_cycles: int | None
    steps: int
    metadata: dict[str, Any]

    def _setup(self, game_id: str, num_players: int | None, seed: int | None,
               options: Mapping[str, Any] | None, render_mode: str | None, reward: str,
               illegal_action: str, max_cycles: int | None) -> None:
        self.table = Table(game_id, num_players, options, reward)
        self.illegal_action = check_choice("illegal_action", illegal_action, ILLEGAL)
        if render_mode is not None:
            check_choice("render_mode", render_mode, RENDER_MODES)
        self.render_mode = render_mode
        self.max_cycles = check_limit("max_cycles", max_cycles)
        # reset(seed=s) plays the game dealt from s; a reset without a seed draws the next
        # game's seed from here, so a seeded run of episodes repeats exactly.
        self._seeder = random.Random(seed)
        self._first_seed = seed
        self.metadata = {"render_modes": list(RENDER_MODES), "name": env_name(game_id),
                         "is_parallelizable": False, "render_fps": 4}
        self.possible_agents = [agent_name(p) for p in range(self.table.num_players)]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        low, high = self.table.global_bounds()
        self.state_space = spaces.Box(low, high, low.shape, np.float32)

    def _new_game(self, seed: int | None) -> None:
        if seed is None:
            # The environment's own seed deals the first episode, however it is started.
            seed, self._first_seed = self._first_seed, None
        else:
            self._first_seed = None
        if seed is not None:
            self._seeder.seed(seed)
            game_seed = seed
        else:
            game_seed = self._seeder.getrandbits(63)
        self.game_state = self.table.new_state(game_seed)
        self.steps = 0

    def _truncating(self) -> bool:
        return self.max_cycles is not None and self.steps >= self.max_cycles

    def state(self) -> Vector:
        """PettingZoo's global state, for centralized training: every seat's observation
        vector end to end, seat 0 first (``state_space`` bounds it). It holds all that the
        seats see between them, never what none of them sees (a deck's order)."""
        return self.table.global_vector(self.game_state)

    def fields(self, vector: npt.ArrayLike) -> dict[str, npt.NDArray[Any]]:
        """An observation vector (``obs["observation"]``) split into the game's named
        fields (``docs/rl.md``)."""
        return self.table.fields(vector)

    def notation(self, action: Any) -> str:
        """An action index as the game writes the action (``"b1-a5"``)."""
        return self.table.notation(action)

    def _check_snapshot(self, snapshot: Snapshot, kind: str) -> None:
        self.table.check_origin(snapshot, getattr(snapshot, "origin", None), kind)

    def render(self) -> str | None:
        """The view of the seat to move (a spectator's once the game is over)."""
        s = self.game_state
        return self.table.render(s, None if s.is_over else s.to_move[0], self.render_mode)

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""


class WintergamesAEC(_Shared, AECEnv):
    """A game as a PettingZoo AEC environment (see the module's notes)."""

    def __init__(self, game_id: str, num_players: int | None = None, seed: int | None = None,
                 options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 reward: str = "win", illegal_action: str = "lose",
                 max_cycles: int | None = None) -> None:
        super().__init__()
        self._setup(game_id, num_players, seed, options, render_mode, reward, illegal_action,
                    max_cycles)
        size, actions = self.table.size, self.table.num_actions
        layout = self.table.encoding.layout
        self._observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(layout.low, layout.high, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }) for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.reset(seed=seed)
        self._first_seed = seed  # so a first reset() deals this same game again

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``options`` are accepted for PettingZoo's signature only: a game's
        options are fixed when the environment is made, where they are checked."""
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self.agent_selection = agent_name(self.game_state.to_move[0])

    def observe(self, agent: str) -> dict[str, Any]:
        player = self._index[agent]
        return {"observation": self.table.vector(self.game_state, player),
                "action_mask": self.table.mask(self.game_state, player)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        player = self._index[agent]
        index = self.table.index(action)  # malformed input raises in every mode
        self._cumulative_rewards[agent] = 0.0
        try:
            self.table.apply(self.game_state, index, player)
        except IllegalActionError as err:
            if self.illegal_action == "raise":
                raise
            self._lose(agent, str(err))
            return
        self.steps += 1
        self._clear_rewards()
        if self.game_state.is_over:
            for a, r in zip(self.possible_agents, self.table.final_rewards(self.game_state),
                            strict=True):
                self.rewards[a] = r
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._truncating():
            self.truncations = dict.fromkeys(self.agents, True)
        if not self.game_state.is_over:
            self.agent_selection = agent_name(self.game_state.to_move[0])
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _lose(self, agent: str, why: str) -> None:
        self._clear_rewards()
        self.rewards[agent] = ILLEGAL_REWARD
        self.infos[agent]["illegal_action"] = why
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        logger.warn(f"{agent} played an illegal action; the episode ends with it losing: {why}")

    def snapshot(self) -> Snapshot:
        """The environment now; ``restore`` returns to it any number of times."""
        books = {
            "agents": tuple(self.agents), "steps": self.steps,
            "rewards": dict(self.rewards), "cumulative": dict(self._cumulative_rewards),
            "terminations": dict(self.terminations), "truncations": dict(self.truncations),
            "infos": {a: dict(i) for a, i in self.infos.items()},
            "selection": self.agent_selection, "skip": self._skip_agent_selection,
        }
        return Snapshot(self.game_state.clone(), books, self._seeder.getstate(),
                        self.table.origin(AEC))

    def restore(self, snapshot: Snapshot) -> None:
        """Back to ``snapshot``, any number of times (as ``reset``, it returns nothing)."""
        self._check_snapshot(snapshot, AEC)
        b = snapshot.books
        self.game_state = snapshot.state.clone()
        self._seeder.setstate(snapshot.seeder)
        self.agents = list(b["agents"])
        self.steps = b["steps"]
        self.rewards = dict(b["rewards"])
        self._cumulative_rewards = dict(b["cumulative"])
        self.terminations = dict(b["terminations"])
        self.truncations = dict(b["truncations"])
        self.infos = {a: dict(i) for a, i in b["infos"].items()}
        self.agent_selection = b["selection"]
        self._skip_agent_selection = b["skip"]


class WintergamesParallel(_Shared, ParallelEnv):
    """A game as a PettingZoo parallel environment (see the module's notes)."""

    def __init__(self, game_id: str, num_players: int | None = None, seed: int | None = None,
                 options: Mapping[str, Any] | None = None, render_mode: str | None = None,
                 reward: str = "win", illegal_action: str = "lose",
                 max_cycles: int | None = None) -> None:
        self._setup(game_id, num_players, seed, options, render_mode, reward, illegal_action,
                    max_cycles)
        self.wait = self.table.num_actions  # the action of a seat that owes nothing
        size, layout = self.table.size, self.table.encoding.layout
        self._observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(layout.low, layout.high, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.wait + 1,), np.int8),
        }) for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(self.wait + 1) for a in self.possible_agents}
        self.agents: list[str] = []
        self._new_game(seed)
        self._first_seed = seed  # so a first reset() deals this same game again

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game; ``options`` as in the AEC environment's ``reset``."""
        self._new_game(seed)
        self.agents = self.possible_agents[:]
        return self._observations(self.agents), {a: {} for a in self.agents}

    def _mask(self, player: int) -> Mask:
        mask = np.zeros(self.wait + 1, np.int8)
        if player in self.game_state.to_move:
            mask[:-1] = self.table.mask(self.game_state, player)
        else:
            mask[-1] = 1
        return mask

    def _observations(self, agents: list[str]) -> dict[str, Any]:
        return {a: {"observation": self.table.vector(self.game_state, self._index[a]),
                    "action_mask": self._mask(self._index[a])} for a in agents}

    def _check_names(self, actions: Mapping[str, Any]) -> None:
        """Raise (in every mode: it is malformed input, not a move the rules refuse) unless
        ``actions`` names only live agents and every seat that owes a decision."""
        if not isinstance(actions, Mapping):
            raise IllegalActionError(f"a parallel step takes a dict of agent name to action, "
                                     f"not {excerpt(actions)}")
        unknown = sorted(set(actions) - set(self.agents), key=str)
        if unknown:
            raise IllegalActionError(f"no live agent is named {excerpt(unknown[0])}; "
                                     f"live agents: {', '.join(self.agents)}")
        movers = self.game_state.to_move
        missing = [a for a in self.agents if a not in actions and self._index[a] in movers]
        if missing:
            owe = "it owes" if len(missing) == 1 else "they owe"
            raise IllegalActionError(
                f"no action for {', '.join(missing)}: {owe} a decision at this step (a seat "
                f"that owes nothing may be left out: it waits)")

    def _refusals(self, actions: Mapping[str, Any]) -> dict[str, str]:
        """Why each seat's action cannot be played now (none: every one can)."""
        self._check_names(actions)
        refused = {}
        movers = self.game_state.to_move
        for agent in self.agents:
            player = self._index[agent]
            action = self.table.index(actions.get(agent, self.wait), most=self.wait + 1)
            if player not in movers and action != self.wait:
                refused[agent] = (f"{agent} has nothing to decide at this step; its only "
                                  f"action is {self.wait} (wait)")
            elif player in movers and not self._mask(player)[action]:
                refused[agent] = self._why(player, action)
        return refused

    def _why(self, player: int, action: int) -> str:
        if action == self.wait:
            return f"{agent_name(player)} owes a decision at this step and cannot wait"
        try:
            self.game_state.clone().apply(self.table.decode(action), player)
        except IllegalActionError as err:
            return str(err)
        return f"action {action} is not among {agent_name(player)}'s legal actions"

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        if not self.agents:
            raise IllegalActionError("the episode has ended: call reset() for a new game")
        live = self.agents[:]
        refused = self._refusals(actions)
        rewards = dict.fromkeys(live, 0.0)
        infos: dict[str, dict[str, Any]] = {a: {} for a in live}
        ended = False
        if refused and self.illegal_action == "raise":
            raise IllegalActionError("; ".join(refused.values()))
        if refused:
            for agent, why in refused.items():
                rewards[agent] = ILLEGAL_REWARD
                infos[agent]["illegal_action"] = why
                logger.warn(f"{agent} played an illegal action; the episode ends: {why}")
            ended = True
        else:
            for player in self.game_state.to_move:
                action = self.table.index(actions[agent_name(player)], most=self.wait + 1)
                self.table.apply(self.game_state, action, player)
            self.steps += 1
            if self.game_state.is_over:
                final = self.table.final_rewards(self.game_state)
                rewards = {a: final[self._index[a]] for a in live}
                ended = True
        truncated = not ended and self._truncating()
        observations = self._observations(live)
        terminations = dict.fromkeys(live, ended)
        truncations = dict.fromkeys(live, truncated)
        if ended or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def snapshot(self) -> Snapshot:
        """The environment now; ``restore`` returns to it any number of times."""
        books = {"agents": tuple(self.agents), "steps": self.steps}
        return Snapshot(self.game_state.clone(), books, self._seeder.getstate(),
                        self.table.origin(PARALLEL))

    def restore(self, snapshot: Snapshot) -> tuple[dict[str, Any], dict[str, Any]]:
        """Back to ``snapshot``: the observations and infos there, as ``reset`` gives them."""
        self._check_snapshot(snapshot, PARALLEL)
        self.game_state = snapshot.state.clone()
        self._seeder.setstate(snapshot.seeder)
        self.agents = list(snapshot.books["agents"])
        self.steps = snapshot.books["steps"]
        return self._observations(self.agents), {a: {} for a in self.agents}

    def notation(self, action: Any) -> str:
        """An action index as the game writes the action; the wait index is ``"wait"``."""
        if self.table.index(action, most=self.wait + 1) == self.wait:
            return "wait"
        return self.table.notation(action)


def env(game_id: str, **kwargs: Any) -> WintergamesAEC:
    """The AEC environment of ``game_id`` (keywords as ``WintergamesAEC``)."""
    return WintergamesAEC(game_id, **kwargs)


raw_env = env  # PettingZoo's name for the unwrapped environment: ours needs no wrapper


def parallel_env(game_id: str, **kwargs: Any) -> WintergamesParallel:
    """The parallel environment of ``game_id`` (keywords as ``WintergamesParallel``)."""
    return WintergamesParallel(game_id, **kwargs)


def environments() -> dict[str, str]:
    """Versioned environment name -> game id, for every game with an encoding."""
    return {env_name(s.id): s.id for s in available_games()
            if s.observation_encoding is not None}


@functools.cache
def _module(name: str, game_id: str) -> types.ModuleType:
    module = types.ModuleType(f"{__name__}.{name}", f"The {game_id} environments.")
    module.env = functools.partial(env, game_id)  # type: ignore[attr-defined]
    module.raw_env = functools.partial(raw_env, game_id)  # type: ignore[attr-defined]
    module.parallel_env = functools.partial(parallel_env, game_id)  # type: ignore[attr-defined]
    return module


def __getattr__(name: str) -> types.ModuleType:
    """``winter_queen_v1`` and the like: a module with ``env``, ``raw_env``, ``parallel_env``."""
    game_id = environments().get(name)
    if game_id is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return _module(name, game_id)
