"""One seat of a wintergames game as a Gymnasium environment; our bots play the others.

>>> from wintergames.rl.gymnasium import single_agent
>>> env = single_agent("winter-queen", opponents="random", seat=1)
>>> obs, info = env.reset(seed=5)
>>> obs.dtype.name, int(info["action_mask"].sum()) > 0, info["seat"]
('float32', True, 1)

- The observation is the seat's vector (``docs/rl.md``); the action is an index of the
  game's codec; ``info["action_mask"]`` and ``action_masks()`` (what sb3-contrib's
  ``MaskablePPO`` calls) give the legal ones.
- ``opponents``: one entrant for every other seat or a list with one per other seat, in
  seat order. An entrant is one of our bots (``"greedy"``, ``"random"``,
  ``"ismcts:iterations=200"``), an entry point ``"package.module:factory"`` called as
  ``factory(seed=...)``, or an object with the bot interface, such as a trained policy
  wrapped in ``session.PolicyBot`` (``bots.entrants`` loads them all). Each is checked
  when the environment is made, as a table's bot seat is; bots made here are seeded from
  the game's seed, an object given is used as it is.
- ``seat``: the agent's seat, or ``"random"`` for a new seat each episode.
- After the agent's action the bots play until the agent owes a decision again or the
  game ends; at a simultaneous step the bots choose first, unseen, as at the table.
- Rewards at the end (``session.REWARDS``); an illegal action loses or raises
  (``session.ILLEGAL``). ``snapshot()`` / ``restore()`` copy the environment exactly;
  ``restore`` returns the observation and info, as ``reset`` does.
- ``observe()`` and ``info()``: the observation and info now; ``fields(vector)``: a vector
  split into its named fields; ``notation(index)``: an action index as the game writes it.
  ``game_state`` is the game in progress (a wintergames ``State``). The environment and
  its snapshots pickle and deep-copy.

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

from wintergames.bots import Bot
from wintergames.bots.entrants import Entrant, check_entrant, load_entrant
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
    Origin,
    Table,
    check_choice,
    check_limit,
)
from wintergames.sim.jobs import derive

KIND = "Gymnasium"


@dataclass(frozen=True)
class Snapshot:
    """The environment at one moment: the game, its bots with their random streams, and
    every value around them; ``origin`` says of which game and table."""

    state: State
    bots: tuple[Bot, ...]
    seat: int
    steps: int
    done: bool
    seeder: tuple[Any, ...]
    np_random: Mapping[str, Any]
    origin: Origin


def _opponents(table: Table, opponents: Entrant | Sequence[Entrant]) -> tuple[Entrant, ...]:
    """One checked entrant per other seat: ``opponents`` is one for all, or a sequence."""
    others = table.num_players - 1
    if isinstance(opponents, Sequence) and not isinstance(opponents, str):
        entrants = tuple(opponents)
    else:  # one for every seat; check_entrant says what is wrong with a non-entrant
        entrants = (opponents,) * others
    if len(entrants) != others:
        raise InvalidOptionError(
            f"{table.num_players} players need {others} opponents, not {len(entrants)}: "
            f"{excerpt(list(entrants))}")
    for entrant in entrants:
        check_entrant(entrant, table.spec)
    return entrants


class SingleAgent(gymnasium.Env[Vector, np.int64]):
    """A game from one seat, the others played by bots (see the module's notes)."""

    # Text frames: an fps only paces "human" output for a viewer.
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # noqa: RUF012

    def __init__(self, game_id: str, opponents: Entrant | Sequence[Entrant] = "greedy",
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
        # ``game_state`` as in the PettingZoo environments, whose ``state()`` is PettingZoo's.
        self.game_state = self.table.new_state(0)
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
        self.bots = {p: load_entrant(entrant, seed=derive(game_seed, "bot", p))
                     for p, entrant in zip(others, self.opponents, strict=True)}
        self.game_state = self.table.new_state(game_seed)
        self.steps = 0
        self.done = False
        self._play_bots()
        return self.observe(), self.info()

    def step(self, action: Any) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        if self.done:
            raise IllegalActionError("the episode has ended: call reset() for a new game")
        index = self.table.index(action)  # malformed input raises in every mode
        try:
            self.table.apply(self.game_state, index, self.seat)
        except IllegalActionError as err:
            if self.illegal_action == "raise":
                raise
            self.done = True
            logger.warn(f"the agent played an illegal action; the episode ends: {err}")
            info = self.info()
            info["illegal_action"] = str(err)
            return self.observe(), ILLEGAL_REWARD, True, False, info
        self.steps += 1
        self._play_bots()
        reward = 0.0
        terminated = self.game_state.is_over
        if terminated:
            reward = self.table.final_rewards(self.game_state)[self.seat]
        truncated = (not terminated and self.max_steps is not None
                     and self.steps >= self.max_steps)
        self.done = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return self.observe(), reward, terminated, truncated, self.info()

    def _play_bots(self) -> None:
        """Bots move until the agent owes a decision or the game is over."""
        s = self.game_state
        while not s.is_over:
            others = [p for p in s.to_move if p != self.seat]
            if not others:
                return
            player = others[0]
            s.apply(self.bots[player].choose(s, player), player)

    # -- what the agent reads --------------------------------------------------------------

    def observe(self) -> Vector:
        """The agent's observation vector now (what ``reset``, ``step`` and ``restore``
        returned last)."""
        return self.table.vector(self.game_state, self.seat)

    def info(self) -> dict[str, Any]:
        """The info now, as ``reset`` and ``step`` give it: the action mask and the seat."""
        return {"action_mask": self._mask(), "seat": self.seat}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now as booleans (sb3-contrib's ``MaskablePPO`` reads this)."""
        return self._mask().astype(bool)

    def fields(self, vector: npt.ArrayLike) -> dict[str, npt.NDArray[Any]]:
        """An observation vector split into the game's named fields (``docs/rl.md``)."""
        return self.table.fields(vector)

    def notation(self, action: Any) -> str:
        """An action index as the game writes the action (``"b1-a5"``)."""
        return self.table.notation(action)

    def _mask(self) -> Mask:
        return self.table.mask(self.game_state, self.seat)

    def render(self) -> str | None:
        """The agent's seat's view."""
        return self.table.render(self.game_state, self.seat, self.render_mode)

    # -- copying ---------------------------------------------------------------------------

    def snapshot(self) -> Snapshot:
        """The environment now, bots' own random streams included."""
        bots = tuple(self.bots[p] for p in sorted(self.bots))
        return Snapshot(self.game_state.clone(), tuple(b.clone() for b in bots), self.seat,
                        self.steps, self.done, self._seeder.getstate(),
                        dict(self.np_random.bit_generator.state), self.table.origin(KIND))

    def restore(self, snapshot: Snapshot) -> tuple[Vector, dict[str, Any]]:
        """Back to ``snapshot`` (any number of times): the observation and info there, as
        ``reset`` gives them. A snapshot of another game or table is refused."""
        self.table.check_origin(snapshot, getattr(snapshot, "origin", None), KIND)
        self.game_state = snapshot.state.clone()
        self.seat = snapshot.seat
        others = [p for p in range(self.table.num_players) if p != self.seat]
        self.bots = {p: b.clone() for p, b in zip(others, snapshot.bots, strict=True)}
        self.steps, self.done = snapshot.steps, snapshot.done
        self._seeder.setstate(snapshot.seeder)
        self.np_random.bit_generator.state = dict(snapshot.np_random)
        return self.observe(), self.info()


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
