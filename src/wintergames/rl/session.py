"""What every RL environment of ours shares: one game's numbers, masks and rewards.

A ``Table`` fixes a game, its player count and options (checked once, by the game's own
``validate``), and turns a ``State`` into what RL code reads: a seat's observation vector
(``GameSpec.observation_encoding``), its action mask over the game's integer codec, and
the rewards at the end. The environments of ``rl.pettingzoo`` and ``rl.gymnasium`` are
thin shells around it, so each game gets them from its ``GameSpec`` alone.

>>> table = Table("winter-queen", 2)
>>> state = table.new_state(seed=7)
>>> mask = table.mask(state, 0)
>>> int(mask.sum()) == len(state.legal_actions(0)), mask.dtype.name
(True, 'int8')
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from wintergames.bots.base import Bot
from wintergames.core.actions import Action, IndexedCodec
from wintergames.core.encoding import ObservationEncoding, Vector
from wintergames.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    ReplayError,
    UnknownGameError,
    excerpt,
)
from wintergames.core.registry import get_spec, make
from wintergames.core.state import State

Mask = npt.NDArray[np.int8]
# A policy over the environments' numbers: a seat's observation vector and its action mask
# in, a codec index out (a Python or numpy whole number, or a 0-d array of one).
Policy = Callable[[Vector, Mask], Any]

# How the game's end is paid: "win" gives each winner an equal share of 1 (a solo seat 1
# for beating the game, 0 for losing); "score" gives a seat its score less the mean of the
# others' (a solo seat: less what the game itself scored, its ``par`` at the end).
REWARDS = ("win", "score")
# What an action the rules refuse does: "lose" ends the episode, the seat that tried it
# gets -1 and everyone else 0 (PettingZoo's classic games do the same), and the refusal's
# text is in the seat's info; "raise" raises ``IllegalActionError`` and changes nothing.
ILLEGAL = ("lose", "raise")
ILLEGAL_REWARD = -1.0
# "ansi": ``render()`` returns the terminal's text view; "human": it prints it.
RENDER_MODES = ("ansi", "human")
# Raised whenever an encoding, a codec or a rule changes what an agent meets: the version
# of every environment name (``ice_v1``, ``wintergames/Ice-v1``).
VERSION = 1


def check_choice(name: str, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise InvalidOptionError(
            f"{name} cannot be {excerpt(value)}; allowed: {', '.join(allowed)}")
    return str(value)


def check_limit(name: str, value: Any) -> int | None:
    """An episode limit: ``None`` (none) or a whole number of at least 1."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                              or value < 1):
        raise InvalidOptionError(f"{name} is a whole number of at least 1, or None; "
                                 f"not {excerpt(value)}")
    return value


@dataclass(frozen=True)
class Origin:
    """What a snapshot was taken of: the kind of environment, the game, its player count
    and options. An environment restores only a snapshot of its own kind and table."""

    kind: str
    game_id: str
    num_players: int
    options: Mapping[str, Any]


def _title(game_id: str) -> str:
    try:
        return get_spec(game_id).title
    except UnknownGameError:
        return excerpt(game_id)


class Table:
    """One game at one player count and options, as RL code sees it.

    It pickles (and deep-copies) as what made it: the game's spec and encoding hold the
    registry's functions and read-only maps, so they are looked up again, not copied.
    """

    def __init__(self, game_id: str, num_players: int | None = None,
                 options: Mapping[str, Any] | None = None, reward: str = "win") -> None:
        self._build(game_id, num_players, options, reward)

    def __getstate__(self) -> dict[str, Any]:
        return {"game_id": self.spec.id, "num_players": self.num_players,
                "options": self.options, "reward": self.reward}

    def __setstate__(self, made: dict[str, Any]) -> None:
        self._build(made["game_id"], made["num_players"], made["options"], made["reward"])

    def _build(self, game_id: str, num_players: int | None,
               options: Mapping[str, Any] | None, reward: str) -> None:
        self.spec = get_spec(game_id)
        if num_players is None:
            num_players = max(2, self.spec.min_players)
        self.options = self.spec.validate(num_players, options)
        self.num_players = num_players
        self.reward = check_choice("reward", reward, REWARDS)
        if self.spec.observation_encoding is None:
            raise InvalidOptionError(f"{self.spec.title} has no observation encoding yet")
        self.encoding: ObservationEncoding = self.spec.observation_encoding(
            num_players, self.options)
        self.num_actions = self.spec.codec.num_distinct(num_players, self.options)
        # The last mask: the state it was made of (held, so never another state at the
        # same address), the length of that state's history then, the seat, its indices.
        self._shown: tuple[State, int, int, list[int]] | None = None

    @property
    def size(self) -> int:
        return self.encoding.layout.size

    def new_state(self, seed: int) -> State:
        return make(self.spec.id, self.num_players, seed=seed, options=dict(self.options))

    def vector(self, state: State, player: int) -> Vector:
        """``player``'s observation as the game's vector (a new array each call)."""
        return self.encoding.encode(state.observation(player), player)

    def mask(self, state: State, player: int) -> Mask:
        """1 for each codec index that ``player`` may play now, 0 elsewhere."""
        mask = np.zeros(self.num_actions, np.int8)
        if player in state.to_move:
            indices = self._indices(state.legal_actions(player))
            self._shown = (state, len(state.history), player, indices)
            if indices:
                mask[indices] = 1
        return mask

    def apply(self, state: State, index: int, player: int) -> None:
        """Play codec ``index`` (from ``index``) for ``player``, or raise
        ``IllegalActionError`` with the rule's reason and change nothing.

        An index the last mask of this very state offered that seat, the state unchanged
        since, is one of its legal actions: it is played without the rules' second look
        (``State.apply_legal``), as an RL loop masks and then steps. Any other is checked.
        """
        action = self.decode(index)
        shown = self._shown
        if shown is not None and shown[0] is state and shown[1] == len(state.history) \
                and shown[2] == player and index in shown[3]:
            state.apply_legal(action, player)
        else:
            state.apply(action, player)

    def _indices(self, actions: list[Action]) -> list[int]:
        codec = self.spec.codec
        if isinstance(codec, IndexedCodec):  # every index in one pass (masks are hot)
            return codec.indices(actions)
        return [codec.encode(a, self.num_players, self.options) for a in actions]

    def index(self, action: Any, most: int | None = None) -> int:
        """``action`` as a codec index (a Python or numpy whole number, or a 0-d numpy
        array of one, as a policy's ``predict`` returns), or ``IllegalActionError`` naming
        the range: such a value is malformed input, whatever the rules would say.

        >>> Table("winter-queen", 2).index(np.array(3))
        3
        """
        most = self.num_actions if most is None else most
        value = action.item() if isinstance(action, np.ndarray) and action.shape == () \
            else action
        if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer) \
                or not 0 <= int(value) < most:
            raise IllegalActionError(
                f"{self.spec.title} actions are whole numbers 0..{most - 1} "
                f"(the game's action codec), not {excerpt(action)}")
        return int(value)

    def decode(self, index: int) -> Any:
        """The game's action of a codec index (from ``index``)."""
        return self.spec.codec.decode(index, self.num_players, self.options)

    def notation(self, action: Any) -> str:
        """The notation of a codec index (checked as ``index`` checks it), as the terminal
        and the log write the action.

        >>> Table("winter-queen", 2).notation(20)
        'b1-a5'
        """
        return str(self.decode(self.index(action)))

    def fields(self, vector: npt.ArrayLike) -> dict[str, npt.NDArray[Any]]:
        """An observation vector split into its named fields (``ObservationEncoding.fields``)."""
        return self.encoding.fields(vector)

    def global_vector(self, state: State) -> Vector:
        """Every seat's observation vector end to end, seat 0 first: all that the seats see
        between them (nothing that no seat sees, such as a deck's order). PettingZoo's
        ``state()``, for centralized training."""
        return np.concatenate([self.vector(state, p) for p in range(self.num_players)])

    def global_bounds(self) -> tuple[Vector, Vector]:
        """The lowest and highest value of each number of ``global_vector``."""
        layout = self.encoding.layout
        return np.tile(layout.low, self.num_players), np.tile(layout.high, self.num_players)

    def origin(self, kind: str) -> Origin:
        """What a snapshot of an environment of ``kind`` on this table records."""
        return Origin(kind, self.spec.id, self.num_players, dict(self.options))

    def check_origin(self, snapshot: object, origin: object, kind: str) -> None:
        """``ReplayError`` unless a snapshot (of ``origin``) was taken of an environment of
        ``kind`` on this game, player count and options, naming what differs."""
        if not isinstance(origin, Origin):
            raise ReplayError(f"restore() takes what this {kind} environment's snapshot() "
                              f"returns, not {excerpt(snapshot)}")
        title = self.spec.title
        if origin.game_id != self.spec.id:
            raise ReplayError(
                f"this snapshot is of {_title(origin.game_id)} ({origin.game_id}); this "
                f"environment plays {title} ({self.spec.id})")
        if origin.kind != kind:
            raise ReplayError(f"this snapshot is of a {origin.kind} environment; this one "
                              f"is a {kind} environment")
        if origin.num_players != self.num_players:
            raise ReplayError(
                f"this snapshot is of a {origin.num_players}-player game of {title}; this "
                f"environment seats {self.num_players}")
        differ = sorted(name for name in set(origin.options) | set(self.options)
                        if origin.options.get(name) != self.options.get(name))
        if differ:
            shown = "; ".join(f"{name}: {excerpt(origin.options.get(name))} in the snapshot, "
                              f"{excerpt(self.options.get(name))} here" for name in differ)
            raise ReplayError(f"this snapshot's game of {title} has other options: {shown}")

    def final_rewards(self, state: State) -> list[float]:
        """Each seat's reward for the finished game (see ``REWARDS``)."""
        n = self.num_players
        if self.reward == "win":
            winners = state.winners()
            return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
        scores = [float(s) for s in state.scores()]
        if n == 1:
            par = self.spec.par(state) if self.spec.par is not None else 0.0
            return [scores[0] - float(par)]
        total = sum(scores)
        return [scores[p] - (total - scores[p]) / (n - 1) for p in range(n)]

    def text(self, state: State, player: int | None) -> str:
        """The terminal's view of the position for ``player`` (``None``: a spectator)."""
        if self.spec.render is None:
            return repr(state)
        from rich.console import Console

        out = io.StringIO()
        Console(file=out, width=100, color_system=None, force_terminal=False).print(
            self.spec.render(state, player))
        return out.getvalue()

    def render(self, state: State, seat: int | None, mode: str | None) -> str | None:
        """What an environment's ``render()`` gives in ``mode`` (see ``RENDER_MODES``)."""
        if mode is None:
            from gymnasium import logger

            logger.warn("render() was called without a render_mode (choose 'ansi' or 'human')")
            return None
        text = self.text(state, seat)
        if mode == "human":
            print(text)
            return None
        return text


class PolicyBot(Bot):
    """A policy over the environments' numbers, playing as a bot: it is given its seat's
    observation vector and action mask, exactly as an environment gives them to an agent,
    and returns a codec index. So a trained agent can be the opponent of a Gymnasium
    environment (``opponents=PolicyBot(policy)``) or an entrant of the arena (through an
    entry point whose factory returns one).

    It reads only what its seat sees (the seat's allow-listed observation and its legal
    actions). An index outside the codec raises ``IllegalActionError``; an index the rules
    refuse is refused by the game when it is played, with the rule's words.

    >>> import wintergames as wg
    >>> first_legal = PolicyBot(lambda vector, mask: int(mask.argmax()))
    >>> state = wg.make("winter-queen", 2, seed=3)
    >>> seat = state.to_move[0]
    >>> first_legal.choose(state, seat) in state.legal_actions(seat)
    True
    """

    kind = "policy"
    searches = False

    def __init__(self, policy: Policy, kind: str = "policy") -> None:
        if not callable(policy):
            raise InvalidOptionError(
                f"a policy is a function of (observation vector, action mask) giving an "
                f"action index, not {excerpt(policy)}")
        self.policy = policy
        self.kind = kind
        self._table: Table | None = None

    def choose(self, state: State, player: int, deadline: float | None = None) -> Action:
        """The policy's choice for ``player`` (instant as the policy is: ``deadline`` is not
        passed on)."""
        self.check_turn(state, player)
        table = self._table_of(state)
        chosen = self.policy(table.vector(state, player), table.mask(state, player))
        action: Action = table.decode(table.index(chosen))
        return action

    def _table_of(self, state: State) -> Table:
        """The table of ``state``'s game, made once and kept while the games match (an
        arena or an environment plays one game over and over)."""
        table = self._table
        if (table is None or table.spec.id != state.game_id
                or table.num_players != state.num_players or table.options != state.options):
            table = self._table = Table(state.game_id, state.num_players, state.options)
        return table
