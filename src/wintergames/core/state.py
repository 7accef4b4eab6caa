"""The ``State`` contract every game implements.

A state is one game in progress. Callers ask who must decide (``to_move``), what
they may do (``legal_actions``) and do it (``apply``). ``apply`` checks the action
completely before it changes anything, so a refused action leaves the state exactly
as it was.

The players-to-move vocabulary follows OpenSpiel: ``to_move`` is empty when the game
is over and holds several seats only at a simultaneous step, where each of them calls
``apply`` with its own ``player``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice, Decision
from wintergames.core.errors import GameOverError, NotYourTurnError
from wintergames.core.events import Event, seat_name
from wintergames.core.phrases import Catalogue
from wintergames.core.rng import copy_rng, fresh_seed, new_rng, rng_from_json, rng_to_json
from wintergames.core.seats import check_seat

RECORD_FORMAT = "wintergames-replay"
RECORD_VERSION = 1


class State(ABC):
    """Base class of every game's state; see DESIGN.md "Public API"."""

    game_id: ClassVar[str]
    # The rule passage that says whose decision it is (the order of play): an action out
    # of turn is refused naming it.
    turn_rule: ClassVar[str | None] = None
    # The game's messages (``data/messages.toml``): the phrases its log speaks in.
    messages: ClassVar[Catalogue | None] = None
    __slots__ = ("_rng", "_rng_owned", "history", "log", "num_players", "options", "seed")

    def __init__(self, num_players: int, options: dict[str, Any], seed: int | None) -> None:
        self.num_players = num_players
        self.options = options
        self.seed = fresh_seed() if seed is None else seed
        self._rng: random.Random = new_rng(self.seed)
        self._rng_owned = True
        self.history: list[tuple[int, Action]] = []
        # Events are only ever appended: the terminal and the table page read the log from
        # where they left off (core/testing.check_log_grows holds every game to it).
        self.log: list[Event] = []

    @property
    def rng(self) -> random.Random:
        """The state's own generator, the only source of chance in the game.

        Clones share one generator until either side draws from it (copy on write):
        copying a Mersenne Twister costs more than the rest of a clone, and most
        clones of a search never draw.
        """
        if not self._rng_owned:
            self._rng = copy_rng(self._rng)
            self._rng_owned = True
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_owned = True

    # -- what a game supplies ------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Players who owe a decision now; empty when the game is over."""

    @abstractmethod
    def _legal_actions(self, player: int) -> list[Action]:
        """Every legal action of ``player``, who is known to be in ``to_move``."""

    @abstractmethod
    def _check(self, action: Action, player: int) -> None:
        """Raise ``IllegalActionError`` naming the rule if ``action`` is illegal now."""

    @abstractmethod
    def _do(self, action: Action, player: int) -> None:
        """Perform an action that ``_check`` accepted."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Each seat's score so far (the final score once the game is over)."""

    def _decision(self, player: int) -> Decision | None:
        """What ``player`` (to move) decides now, in the game's words; ``None`` while the
        game states no prompt yet."""
        return None

    def _choice(self, action: Action, player: int) -> Choice | None:
        """Legal ``action`` of ``player`` as people read it; ``None`` while the game states
        no labels yet."""
        return None

    @abstractmethod
    def _observation(self, player: int | None) -> dict[str, Any]:
        """JSON-ready view of seat ``player`` (a checked seat, or ``None``: a spectator)."""

    @abstractmethod
    def clone(self) -> State:
        """An exact, independent copy (hand-written, never ``deepcopy``)."""

    @abstractmethod
    def determinize(self, player: int, rng: random.Random) -> State:
        """A full state ``player`` cannot tell from this one, hidden parts resampled."""

    def determinizer(self, player: int) -> Callable[[random.Random], State]:
        """``determinize`` for many draws from this state, as a search makes a thousand:
        ``draw = state.determinizer(p)``, then ``draw(rng)`` gives what
        ``state.determinize(p, rng)`` would. A game may work out once what every draw
        shares (which places hide what), so the state must not change while ``draw`` is
        used.

        >>> import wintergames as wg
        >>> state = wg.make("ice", 2, seed=3)
        >>> draw = state.determinizer(0)
        >>> draw(random.Random(5)).to_json() == state.determinize(0, random.Random(5)).to_json()
        True
        """
        return partial(self.determinize, check_seat(player, self.num_players))

    @abstractmethod
    def _state_json(self) -> dict[str, Any]:
        """The game's own fields for ``to_json``."""

    # -- the shared machinery ------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return not self.to_move

    @property
    def simultaneous(self) -> bool:
        """Whether this step collects hidden choices (OpenSpiel's simultaneous node).

        Every seat in ``to_move`` decides without seeing the others' choices; a choice
        already made stays hidden (from observations, logs and ``determinize`` of other
        seats) until the last one is in, and then the step resolves. A seat that has
        chosen leaves ``to_move``. Games without such steps keep the default ``False``.
        """
        return False

    @property
    def current_player(self) -> int | None:
        """The single player to move, or ``None`` (game over or simultaneous step)."""
        movers = self.to_move
        return movers[0] if len(movers) == 1 else None

    def turn_order(self) -> tuple[int, ...] | None:
        """The seat that plays 1st, 2nd, ... in this game, as its rules set it up (the
        game's ``GameSpec.turn_order``); None where no seat plays before another. A game
        defines it (the first player is each game's own), so it is read from the spec.

        >>> import wintergames as wg
        >>> wg.make("winter-queen", 3, seed=1, options={"first_player": "2"}).turn_order()
        (1, 2, 0)
        """
        from wintergames.core.registry import get_spec  # the registry imports this module

        order = get_spec(self.game_id).turn_order
        return None if order is None else order(self)

    def observation(self, player: int | None) -> dict[str, Any]:
        """JSON-ready view of seat ``player`` (``None``: a spectator), from an allow-list.

        A seat that is no seat of this game raises ``InvalidSeatError``.
        """
        return self._observation(check_seat(player, self.num_players, spectator=True))

    def decision(self, player: int) -> Decision | None:
        """What seat ``player`` decides now: the prompt, for which piece, its cost, its
        limit and the choices left; ``None`` for a seat that owes no decision."""
        if check_seat(player, self.num_players) not in self.to_move:
            return None
        return self._decision(player)

    def choices(self, player: int, unworded: frozenset[str] = frozenset()
                ) -> list[tuple[Action, Choice | None]]:
        """Each legal action of ``player`` with its label and explanation, in the order of
        ``legal_actions``; an action of a kind in ``unworded`` comes without (None)."""
        return [(a, None if a.kind in unworded else self._choice(a, player))
                for a in self.legal_actions(player)]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal decision of ``player`` now (default: the single player to move);
        none for a seat that owes no decision, ``InvalidSeatError`` for no seat at all."""
        movers = self.to_move
        if player is None:
            if len(movers) != 1:
                return []
            player = movers[0]
        elif check_seat(player, self.num_players) not in movers:
            return []
        return self._legal_actions(player)

    def apply(self, action: Action, player: int | None = None) -> None:
        """Perform ``action`` for ``player`` or raise without changing anything."""
        movers = self.to_move
        if not movers:
            raise GameOverError("the game is over; no more actions are accepted")
        if player is None:
            if len(movers) != 1:
                # seats counted from 1 in every message, as the log names them
                names = [seat_name(p) for p in movers]
                raise NotYourTurnError(
                    f"{', '.join(names[:-1])} and {names[-1]} decide at the same time; "
                    "say which player acts", rule=self.turn_rule)
            player = movers[0]
        elif check_seat(player, self.num_players) not in movers:
            waiting = ", ".join(map(seat_name, movers))
            raise NotYourTurnError(
                f"it is not {seat_name(player)}'s turn; waiting for {waiting}",
                rule=self.turn_rule)
        if not isinstance(action, Action):
            raise TypeError(f"expected an Action, got {type(action).__name__}")
        self._check(action, player)
        self._do(action, player)
        self.history.append((player, action))

    def apply_legal(self, action: Action, player: int) -> None:
        """Perform ``action``, which the caller has just taken from
        ``legal_actions(player)`` of this very state, without checking it again.

        For search bots on their own copies (determinizations, clones), where the check
        would only repeat the legal list they chose from. Anything else calls ``apply``.
        """
        self._do(action, player)
        self.history.append((player, action))

    def winners(self) -> list[int]:
        """Seats with the highest score; several on a tie (games may refine this)."""
        if not self.is_over:
            return []
        scores = self.scores()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def events_for(self, player: int | None) -> list[Event]:
        """The log as seat ``player`` may read it (``None``: a spectator)."""
        player = check_seat(player, self.num_players, spectator=True)
        return [e for e in self.log if e.visible(player)]

    def record(self) -> dict[str, Any]:
        """A replay record: ``wintergames.replay(record)`` rebuilds this game exactly."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game_id,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": owned_copy(self.options),
            "actions": [[p, a.to_json()] for p, a in self.history],
        }

    def to_json(self) -> dict[str, Any]:
        """The whole truth, hidden parts and RNG included (for storage and scenarios)."""
        base = self.record()
        base["format"] = "wintergames-state"
        base["rng"] = rng_to_json(self._rng)
        base["log"] = [e.to_json() for e in self.log]
        base["state"] = self._state_json()
        return base

    def _copy_base_into(self, other: State) -> None:
        """Fill the shared fields of a hand-written clone."""
        other.num_players = self.num_players
        other.options = self.options  # never mutated after setup
        other.seed = self.seed
        other._rng = self._rng
        other._rng_owned = self._rng_owned = False
        other.history = self.history.copy()
        other.log = self.log.copy()

    def _load_base(self, obj: dict[str, Any], actions: list[tuple[int, Action]]) -> None:
        self.num_players = obj["num_players"]
        self.options = owned_copy(obj["options"])
        self.seed = obj["seed"]
        self.rng = rng_from_json(obj["rng"])
        self.history = actions
        self.log = [Event.from_json(e, self.messages) for e in obj["log"]]

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to move {list(self.to_move)}"
        return f"<{type(self).__name__} {self.num_players}p seed={self.seed} {status}>"


def owned_copy(value: Any) -> Any:
    """``value`` with every dict and list in it copied: options hold a what-if overlay's
    table, and neither the state nor whoever it hands its options to may change the
    other's.

    >>> given = {"overlay": {"table": [1, 2]}}
    >>> mine = owned_copy(given)
    >>> mine["overlay"]["table"].append(3)
    >>> given
    {'overlay': {'table': [1, 2]}}
    """
    if isinstance(value, dict):
        return {k: owned_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [owned_copy(v) for v in value]
    return value
