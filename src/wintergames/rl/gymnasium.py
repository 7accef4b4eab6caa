"""One seat of a wintergames game as a Gymnasium environment; our bots play the others.

>>> from wintergames.rl.gymnasium import single_agent
>>> env = single_agent("winter-queen", opponents="random", seat=1)
>>> obs, info = env.reset(seed=5)
>>> obs.dtype.name, int(info["action_mask"].sum()) > 0, info["seat"]
('float32', True, 1)

- The observation is the seat's vector (``docs/rl.md``); the action is an index of the
  game's codec; ``info["action_mask"]`` and ``action_masks()`` (what sb3-contrib's
  ``MaskablePPO`` calls) give the legal ones.
- ``opponents``: one bot for every other seat (``"greedy"``, ``"random"``,
  ``"ismcts:iterations=200"``) or a list with one per other seat, in seat order; each is
  checked as a table's bot seat is. Bots are seeded from the game's seed.
- ``seat``: the agent's seat, or ``"random"`` for a new seat each episode.
- After the agent's action the bots play until the agent owes a decision again or the
  game ends; at a simultaneous step the bots choose first, unseen, as at the table.
- Rewards at the end (``session.REWARDS``); an illegal action loses or raises
  (``session.ILLEGAL``). ``snapshot()`` / ``restore()`` copy the environment exactly.

``gymnasium.make("wintergames/WinterQueen-v1", opponents="greedy")`` reaches the same
environment once ``register()`` has run (importing this module runs it).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import logger, spaces

from wintergames.bots import Bot, check_seat, from_text, settings_from_text
from wintergames.core.encoding import Vector
from wintergames.core.errors import IllegalActionError, InvalidOptionError, excerpt
from wintergames.core.registry import available_games
from wintergames.core.state import State
from wintergames.rl.session import (
    ILLEGAL,
    ILLEGAL_REWARD,
    RENDER_MODES,
    VERSION,
    Mask,
    Table,
    check_choice,
    check_limit,
)
from wintergames.sim.jobs import derive


@dataclass(frozen=True)
class Snapshot:
    state: State
    bots: tuple[Bot, ...]
    seat: int
    steps: int
    done: bool
    seeder: tuple[Any, ...]
    np_random: Mapping[str, Any]


def _opponents(table: Table, opponents: str | Sequence[str]) -> tuple[str, ...]:
    others = table.num_players - 1
    texts = (opponents,) * others if isinstance(opponents, str) else tuple(opponents)
    if len(texts) != others:
        raise InvalidOptionError(
            f"{table.num_players} players need {others} opponents, not {len(texts)}: "
            f"{excerpt(list(texts))}")
    for text in texts:
        kind, _, rest = str(text).partition(":")
        check_seat(kind.strip(), settings_from_text(rest), table.spec)
    return texts


class SingleAgent(gymnasium.Env[Vector, np.int64]):
    """A game from one seat, the others played by bots (see the module's notes)."""

    # Text frames: an fps only paces "human" output for a viewer.
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(self, game_id: str, opponents: str | Sequence[str] = "greedy",
                 seat: int | str = 0, num_players: int | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "win",
                 illegal_action: str = "lose", render_mode: str | None = None,
                 max_steps: int | None = None) -> None:
        self.table = Table(game_id, num_players, options, reward)
        n = self.table.num_players
        if not (seat == "random" or (isinstance(seat, int) and not isinstance(seat, bool)
                                     and 0 <= seat < n)):
            raise InvalidOptionError(
                f"seat is 0..{n - 1} or 'random' with {n} players, not {excerpt(seat)}")
        self.seat_choice = seat
        self.opponents = _opponents(self.table, opponents)
        self.illegal_action = check_choice("illegal_action", illegal_action, ILLEGAL)
        if render_mode is not None:
            check_choice("render_mode", render_mode, RENDER_MODES)
        self.render_mode = render_mode
        self.max_steps = check_limit("max_steps", max_steps)
        layout = self.table.encoding.layout
        self.observation_space = spaces.Box(layout.low, layout.high, (layout.size,),
                                            np.float32)
        self.action_space = spaces.Discrete(self.table.num_actions)
        self._seeder = random.Random()
        self.seat = seat if isinstance(seat, int) else 0
        self.state = self.table.new_state(0)
        self.bots: dict[int, Bot] = {}
        self.steps = 0
        self.done = False

    # -- an episode ----------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Vector, dict[str, Any]]:
        """A new game: the one dealt from ``seed``, or the next of a seeded run."""
        super().reset(seed=seed)
        if seed is not None:
            self._seeder.seed(seed)
            game_seed = seed
        else:
            game_seed = self._seeder.getrandbits(63)
        n = self.table.num_players
        self.seat = (int(self.np_random.integers(n)) if self.seat_choice == "random"
                     else int(self.seat_choice))
        others = [p for p in range(n) if p != self.seat]
        self.bots = {p: from_text(text, seed=derive(game_seed, "bot", p))
                     for p, text in zip(others, self.opponents, strict=True)}
        self.state = self.table.new_state(game_seed)
        self.steps = 0
        self.done = False
        self._play_bots()
        return self.table.vector(self.state, self.seat), self._info()

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        if self.done:
            raise IllegalActionError("the episode has ended: call reset() for a new game")
        index = self.table.index(action)  # malformed input raises in every mode
        try:
            self.state.apply(self.table.decode(index), self.seat)
        except IllegalActionError as err:
            if self.illegal_action == "raise":
                raise
            self.done = True
            logger.warn(f"the agent played an illegal action; the episode ends: {err}")
            info = self._info()
            info["illegal_action"] = str(err)
            return self.table.vector(self.state, self.seat), ILLEGAL_REWARD, True, False, info
        self.steps += 1
        self._play_bots()
        reward = 0.0
        terminated = self.state.is_over
        if terminated:
            reward = self.table.final_rewards(self.state)[self.seat]
        truncated = (not terminated and self.max_steps is not None
                     and self.steps >= self.max_steps)
        self.done = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return self.table.vector(self.state, self.seat), reward, terminated, truncated, \
            self._info()

    def _play_bots(self) -> None:
        """Bots move until the agent owes a decision or the game is over."""
        s = self.state
        while not s.is_over:
            others = [p for p in s.to_move if p != self.seat]
            if not others:
                return
            player = others[0]
            s.apply(self.bots[player].choose(s, player), player)

    # -- what the agent reads --------------------------------------------------------------

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now as booleans (sb3-contrib's ``MaskablePPO`` reads this)."""
        return self.table.mask(self.state, self.seat).astype(bool)

    def _mask(self) -> Mask:
        return self.table.mask(self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask(), "seat": self.seat}

    def render(self) -> str | None:
        """The agent's seat's view."""
        return self.table.render(self.state, self.seat, self.render_mode)

    # -- copying ---------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """The environment now, bots' own random streams included."""
        bots = tuple(self.bots[p] for p in sorted(self.bots))
        return Snapshot(self.state.clone(), tuple(b.clone() for b in bots), self.seat,
                        self.steps, self.done, self._seeder.getstate(),
                        self.np_random.bit_generator.state)

    def restore(self, snapshot: Snapshot) -> None:
        self.state = snapshot.state.clone()
        self.seat = snapshot.seat
        others = [p for p in range(self.table.num_players) if p != self.seat]
        self.bots = {p: b.clone() for p, b in zip(others, snapshot.bots, strict=True)}
        self.steps, self.done = snapshot.steps, snapshot.done
        self._seeder.setstate(snapshot.seeder)
        self.np_random.bit_generator.state = dict(snapshot.np_random)


def single_agent(game_id: str, **kwargs: Any) -> SingleAgent:
    """The single-agent environment of ``game_id`` (keywords as ``SingleAgent``)."""
    return SingleAgent(game_id, **kwargs)


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game.

    >>> env_id("icecool-wizards")
    'wintergames/IcecoolWizards-v1'
    """
    return "wintergames/" + "".join(p.title() for p in game_id.split("-")) + f"-v{VERSION}"


def register() -> list[str]:
    """Registers every game with an encoding in Gymnasium's registry; the ids."""
    ids = []
    for spec in available_games():
        if spec.observation_encoding is None:
            continue
        ident = env_id(spec.id)
        if ident not in gymnasium.registry:
            gymnasium.register(id=ident, entry_point=f"{__name__}:SingleAgent",
                               kwargs={"game_id": spec.id})
        ids.append(ident)
    return ids


register()
