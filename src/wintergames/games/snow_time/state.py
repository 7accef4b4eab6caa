"""Snow Time's state: plain data with a hand-written ``clone``.

The game is played by *colours*: with 3-5 players each seat runs one colour, in the
two-player variant each seat runs two. Everything per colour is a list indexed by
colour (0..colours-1); card sets are bitmasks (see ``components``). The rules live in
``rules.py``, the turn resolution in ``resolution.py``, the views in ``observe.py``.
"""

from __future__ import annotations

import random
from typing import Any

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice, Decision
from wintergames.core.invariants import check_in_range
from wintergames.core.overlay import OVERLAY
from wintergames.core.state import State
from wintergames.games.snow_time import observe, prompts, rules
from wintergames.games.snow_time.actions import CODEC
from wintergames.games.snow_time.components import ST
from wintergames.games.snow_time.params import Params, params_for
from wintergames.games.snow_time.rules import OVER, SIMULTANEOUS_PHASES
from wintergames.games.snow_time.words import MSG

_SCALARS = ("phase", "turn", "supply")


class SnowTimeState(State):
    """One game of Snow Time. Build it with ``wintergames.make("snow-time", ...)``."""

    game_id = "snow-time"
    turn_rule = "turn.play"  # every colour chooses once, at the same time
    messages = MSG
    __slots__ = (
        "colours",
        "dice",
        "discard",
        "earned",
        "fruit",
        "hand",
        "movers",
        "names",
        "of_player",
        "owes",
        "owner",
        "params",
        "pawn",
        "pending",
        "phase",
        "played",
        "supply",
        "turn",
        "used",
        "watched",
        "winners_",
    )

    params: Params  # the numbers this game plays with (an overlay's, or the printed ones)
    owner: tuple[int, ...]  # seat running each colour
    colours: int  # colours in play (one per seat; two per seat in the two-player variant)
    of_player: tuple[tuple[int, ...], ...]  # colours of each seat
    names: tuple[str, ...]  # "Player 2 (blue)", how the log names each colour
    hand: list[int]  # cards in hand per colour (a pending choice is still in hand)
    discard: list[int]  # fallen character cards per colour, face up, recoverable
    used: list[int]  # Watcher / Snowstorm discarded for good, per colour
    played: list[int]  # card of each colour in play this turn (revealed), -1 for none
    watched: list[bool]  # the colour revealed a Watcher this turn
    pawn: list[int]  # space of each colour's pawn on the score track
    earned: list[list[int]]  # per colour, spaces moved by fight, fruit, Mana, bonus: sum = pawn
    owes: list[bool]  # the colour owes a choice in the current step
    pending: list[Action | None]  # choices made in the current step, hidden until all are in
    movers: tuple[int, ...]  # seats owing a choice now (kept, as to_move is hot)
    fruit: list[int]  # fruit on each level, index 0 = level 1
    supply: int  # fruit beside the board
    dice: tuple[int, ...]  # this turn's roll
    turn: int
    phase: int  # CHOOSE, WATCH, HEAL or OVER
    winners_: list[int]

    def __init__(self, num_players: int, seed: int | None, options: dict[str, Any]) -> None:
        super().__init__(num_players, options, seed)
        self.params = params_for(options.get(OVERLAY))
        rules.setup(self)

    # -- the State contract ------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        return self.movers

    @property
    def simultaneous(self) -> bool:
        return self.phase in SIMULTANEOUS_PHASES

    def _legal_actions(self, player: int) -> list[Action]:
        return rules.legal_actions(self, player)

    def _check(self, action: Action, player: int) -> None:
        rules.check(self, action, player)

    def _do(self, action: Action, player: int) -> None:
        rules.do(self, action, player)

    def _decision(self, player: int) -> Decision:
        return prompts.decision(self, player)

    def _choice(self, action: Action, player: int) -> Choice:
        return prompts.choice(self, action, player)

    def scores(self) -> list[int]:
        """Each seat's furthest pawn (in the two-player variant a seat has two)."""
        best = [0] * self.num_players
        for k, space in enumerate(self.pawn):
            best[self.owner[k]] = max(best[self.owner[k]], space)
        return best

    def winners(self) -> list[int]:
        """The seat whose pawn reached the last space (several if they reached it at once)."""
        return list(self.winners_) if self.phase == OVER else []

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe.observation(self, player)

    def clone(self) -> SnowTimeState:
        new = SnowTimeState.__new__(SnowTimeState)
        self._copy_base_into(new)
        new.params = self.params  # immutable: shared
        new.owner = self.owner
        new.colours = self.colours
        new.of_player = self.of_player
        new.names = self.names
        new.hand = self.hand.copy()
        new.discard = self.discard.copy()
        new.used = self.used.copy()
        new.played = self.played.copy()
        new.watched = self.watched.copy()
        new.pawn = self.pawn.copy()
        new.earned = [row.copy() for row in self.earned]
        new.owes = self.owes.copy()
        new.pending = self.pending.copy()
        new.movers = self.movers
        new.fruit = self.fruit.copy()
        new.supply = self.supply
        new.dice = self.dice
        new.turn = self.turn
        new.phase = self.phase
        new.winners_ = self.winners_.copy()
        return new

    def determinize(self, player: int, rng: random.Random) -> SnowTimeState:
        """Resample the choices other seats made in this step, and the RNG.

        Everything else is in sight: discards and used specials lie face up, so every
        hand is known; only a choice not yet revealed and the coming dice are not.
        """
        new = self.clone()
        for k, choice in enumerate(new.pending):
            if choice is not None and new.owner[k] != player:
                new.pending[k] = rng.choice(rules.options_of(new, k))
        new.rng = random.Random(rng.getrandbits(64))
        return new

    # -- helpers the rules and views share ----------------------------------------

    def name(self, k: int) -> str:
        """How the log names colour ``k``: ``"Player 2 (blue)"``."""
        return self.names[k]

    def colours_of(self, player: int) -> tuple[int, ...]:
        return self.of_player[player]

    # -- persistence -------------------------------------------------------------

    def _state_json(self) -> dict[str, Any]:
        # Copies, never the live lists: the caller owns the snapshot (issue 14).
        return {
            "owner": list(self.owner),
            "hand": self.hand.copy(),
            "discard": self.discard.copy(),
            "used": self.used.copy(),
            "played": self.played.copy(),
            "watched": self.watched.copy(),
            "pawn": self.pawn.copy(),
            "earned": [row.copy() for row in self.earned],
            "owes": self.owes.copy(),
            "pending": [None if a is None else a.to_json() for a in self.pending],
            "fruit": self.fruit.copy(),
            "supply": self.supply,
            "dice": list(self.dice),
            "turn": self.turn,
            "phase": self.phase,
            "winners": self.winners_.copy(),
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> SnowTimeState:
        new = cls.__new__(cls)
        actions = [(p, CODEC.from_json(a)) for p, a in obj["actions"]]
        new._load_base(obj, actions)
        new.params = params_for(new.options.get(OVERLAY))
        s = obj["state"]
        rules.seat(new, tuple(s["owner"]))
        for name in ("hand", "discard", "used", "played", "watched", "pawn", "owes", "fruit"):
            setattr(new, name, list(s[name]))
        new.pending = [None if a is None else CODEC.from_json(a) for a in s["pending"]]
        new.earned = [list(row) for row in s["earned"]]
        new.dice = tuple(s["dice"])
        new.winners_ = list(s["winners"])
        for name in _SCALARS:
            setattr(new, name, s[name])
        rules.update_movers(new)
        return new


def check_invariants(state: State) -> None:
    """The counters in their ranges, and every card and fruit in one place."""
    assert isinstance(state, SnowTimeState)
    # A turn takes at least one decision, and setup begins the first one.
    check_in_range("turn", state.turn, 1, len(state.history) + 1,
                   "the turn, at most one more than the decisions taken")
    check_in_range("supply", state.supply, 0, state.params.fruit, "the fruit left in the supply")
    check_in_range("phase", state.phase, rules.CHOOSE, OVER, "a step of the turn")
    check_components(state)


def check_components(state: State) -> None:
    """Every card and fruit is somewhere, exactly once (component conservation)."""
    assert isinstance(state, SnowTimeState)
    for k in range(state.colours):
        in_play = 1 << state.played[k] if state.played[k] >= 0 else 0
        places = (state.hand[k], state.discard[k], state.used[k], in_play)
        union = 0
        for place in places:
            assert union & place == 0, f"{state.name(k)}: a card is in two places"
            union |= place
        assert union == ST.all_cards, f"{state.name(k)}: a card is missing"
        assert state.discard[k] & ~ST.all_characters == 0, "a special card in the discard"
        assert state.used[k] & ~sum(1 << c for c in ST.single_use) == 0, "a wrong card used up"
        assert state.hand[k] >> ST.healer & 1 or state.played[k] == ST.healer, "Healer lost"
    assert state.supply + sum(state.fruit) == state.params.fruit, "a fruit is missing or doubled"
    assert state.fruit[ST.levels - 1] == 0, "fruit on the top level"
    assert all(0 <= p <= state.params.finish for p in state.pawn)
