"""Winterborne's state: plain data with a hand-written ``clone``.

Per-player fields are lists indexed by seat. Cards are indices into ``WB.cards`` (a
house card index names that seat's own copy), spoils into ``WB.spoils``, allies into
``WB.allies``. A decision in progress is a stack of small frames (``pending``, see
``frames.py``); an empty stack means the player to move is free to play a card or end
the turn. The rules live in the other modules; this one only holds and copies data.
"""

from __future__ import annotations

import random
from typing import Any

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice, Decision
from wintergames.core.errors import InvalidStateError
from wintergames.core.phrases import Phrase
from wintergames.core.state import State
from wintergames.games.winterborne import (
    choices,
    conservation,
    observe,
    prompts,
    rules,
    scoring,
    setup,
)
from wintergames.games.winterborne.actions import CODEC
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.frames import WbFrame
from wintergames.games.winterborne.params import Params, params_of
from wintergames.games.winterborne.words import MSG

# Lists of ints, per seat (copied one level deep) or shared (copied flat).
_PER_SEAT = ("res", "hand", "deck", "discard", "reserve", "figures", "sections",
             "buildings", "rows", "allies", "spoils", "power_used")
_SHARED_LISTS = ("favor", "favor_card", "power_card", "white_used",
                 "explore_slot", "conquer_left", "played", "moved", "sacked_spoils",
                 "sacked_cards", "boxed_spoils", "spent_spoils", "box_wylds",
                 "removed_allies", "balaur_deck", "balaur_board", "balaur_spoils",
                 "balaur_pile", "objectives")
_NESTED = ("ally_decks", "prov_spoils", "season_decks")
_SCALARS = ("first", "current", "season", "autumn_out", "winter_round", "favor_supply",
            "discount", "over", "difficulty", "solo_conquered", "line_kind")
# Fields newer than some saved games, with the value they stand for when missing.
_SCALAR_DEFAULTS = {"line_kind": "move"}
_TUPLES = ("pending",)
_PHRASES = ("line",)  # saved as the phrase's JSON


class WinterborneState(State):
    """One game of Winterborne. Build it with ``wintergames.make("winterborne", ...)``."""

    game_id = "winterborne"
    turn_rule = "turn"  # play passes clockwise
    messages = MSG
    # ``params``: the game's rule numbers (the overlay of its options on the data files),
    # made with the state and read back from its options; immutable, so clones share it.
    __slots__ = (*_PER_SEAT, *_SHARED_LISTS, *_NESTED, *_SCALARS, *_TUPLES, *_PHRASES,
                 "params")

    # -- per seat --
    res: list[list[int]]  # gold, meat, military
    hand: list[list[int]]
    deck: list[list[int]]  # top of the deck last
    discard: list[list[int]]
    reserve: list[list[int]]
    figures: list[list[int]]  # shaman, explorer, warrior, white: space 0..5, CASTLE, OUT
    sections: list[list[int]]  # colour of each of the 12 sections, -1 while unconquered
    buildings: list[list[int]]  # per section: 0 none, 1 settlement, 2 church
    rows: list[list[int]]  # per house-board row: settlements built (0..2), 3 = church too
    allies: list[list[int]]  # face down in the play area
    spoils: list[list[int]]  # spoils tiles in the supply
    power_used: list[list[int]]  # per winter round: 1 if a power was used
    favor: list[int]  # favor tokens in the supply of each seat
    favor_card: list[int]  # favor placed on the Winterborne card
    power_card: list[int]
    white_used: list[int]  # 1 once the white meeple replaced a character
    # -- shared --
    ally_decks: list[list[int]]  # per province, face up, top last
    prov_spoils: list[list[int]]  # per province (face down in the solo game)
    explore_slot: list[int]  # the exploration card on each province board, -1 empty
    season_decks: list[list[int]]  # spring, summer, autumn, winter; top last
    conquer_left: list[int]  # conquer tiles per colour on the province boards
    played: list[int]  # cards the player to move has played this turn
    moved: list[int]  # cards picked up from the reserve in this turn's play (while they
    # stay in hand); in the clean-up, the cards moved between hand and reserve there
    sacked_spoils: list[int]  # removed from the game (a Wylds card may take one back)
    sacked_cards: list[int]
    boxed_spoils: list[int]  # the tiles not dealt at setup (never seen)
    spent_spoils: list[int]  # Wylds spoils used and returned to the box
    box_wylds: list[int]  # Wylds cards not drawn for this game (never seen)
    removed_allies: list[int]  # allies the Balaur removed
    balaur_deck: list[int]  # the Balaur's house cards, top last
    balaur_board: list[int]  # card on each province hex of the Balaur board, -1 empty
    balaur_spoils: list[int]  # spoils revealed onto a hex this Balaur turn, -1 none
    balaur_pile: list[int]  # exploration cards in the Balaur's score pile
    objectives: list[int]  # solo objective indices, slot 0 the rightmost
    first: int
    current: int
    season: int  # 0 spring .. 3 winter
    autumn_out: bool  # the autumn deck ran out; winter starts when this round ends
    winter_round: int  # 0 before winter, then 1..3
    favor_supply: int
    discount: int  # explore discount granted this turn (Winterborne power)
    over: bool
    difficulty: str  # solo only
    solo_conquered: int  # conquer tiles the Balaur removed
    line: Phrase | None  # the log line of the compound move in progress, said so far
    line_kind: str  # its event kind: "move", or the first special action it performs
    pending: tuple[WbFrame, ...]  # the open decision frames, innermost last
    params: Params

    def __init__(self, num_players: int, seed: int | None, options: dict[str, Any]) -> None:
        super().__init__(num_players, options, seed)
        self.params = params_of(options)
        setup.setup(self)

    # -- the State contract ------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.over else (self.current,)

    def _legal_actions(self, player: int) -> list[Action]:
        return rules.legal_actions(self, player)

    def _check(self, action: Action, player: int) -> None:
        rules.check(self, action, player)

    def _do(self, action: Action, player: int) -> None:
        rules.do(self, action, player)

    def _decision(self, player: int) -> Decision:
        return prompts.decision(self, player)

    def _choice(self, action: Action, player: int) -> Choice:
        return choices.choice(self, action, player)

    def scores(self) -> list[int]:
        return [scoring.score(self, p).total for p in range(self.num_players)]

    def winners(self) -> list[int]:
        return scoring.winners(self) if self.over else []

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe.observation(self, player)

    def clone(self) -> WinterborneState:
        new = WinterborneState.__new__(WinterborneState)
        self._copy_base_into(new)
        # Written out, not looped with getattr/setattr: clone is the search's hot path.
        new.res = [x.copy() for x in self.res]
        new.hand = [x.copy() for x in self.hand]
        new.deck = [x.copy() for x in self.deck]
        new.discard = [x.copy() for x in self.discard]
        new.reserve = [x.copy() for x in self.reserve]
        new.figures = [x.copy() for x in self.figures]
        new.sections = [x.copy() for x in self.sections]
        new.buildings = [x.copy() for x in self.buildings]
        new.rows = [x.copy() for x in self.rows]
        new.allies = [x.copy() for x in self.allies]
        new.spoils = [x.copy() for x in self.spoils]
        new.power_used = [x.copy() for x in self.power_used]
        new.ally_decks = [x.copy() for x in self.ally_decks]
        new.prov_spoils = [x.copy() for x in self.prov_spoils]
        new.season_decks = [x.copy() for x in self.season_decks]
        new.favor = self.favor.copy()
        new.favor_card = self.favor_card.copy()
        new.power_card = self.power_card.copy()
        new.white_used = self.white_used.copy()
        new.explore_slot = self.explore_slot.copy()
        new.conquer_left = self.conquer_left.copy()
        new.played = self.played.copy()
        new.moved = self.moved.copy()
        new.sacked_spoils = self.sacked_spoils.copy()
        new.sacked_cards = self.sacked_cards.copy()
        new.boxed_spoils = self.boxed_spoils.copy()
        new.spent_spoils = self.spent_spoils.copy()
        new.box_wylds = self.box_wylds.copy()
        new.removed_allies = self.removed_allies.copy()
        new.balaur_deck = self.balaur_deck.copy()
        new.balaur_board = self.balaur_board.copy()
        new.balaur_spoils = self.balaur_spoils.copy()
        new.balaur_pile = self.balaur_pile.copy()
        new.objectives = self.objectives.copy()
        new.first = self.first
        new.current = self.current
        new.season = self.season
        new.autumn_out = self.autumn_out
        new.winter_round = self.winter_round
        new.favor_supply = self.favor_supply
        new.discount = self.discount
        new.over = self.over
        new.difficulty = self.difficulty
        new.solo_conquered = self.solo_conquered
        new.line = self.line
        new.line_kind = self.line_kind
        new.pending = self.pending
        new.params = self.params
        return new

    def determinize(self, player: int, rng: random.Random) -> WinterborneState:
        """Resample what ``player`` cannot see, keeping every count they can.

        Hidden: the order of every deck (their own included); the other seats' hands
        (pooled with their decks, whose contents are known only as a whole), but for the
        cards all saw go into the hand of the seat to move and stay there
        (``observe.reserve_blocked``); the season decks, the Wylds left in the box and
        (solo) the face-down spoils; the ally cards under each deck's top; the Balaur's
        deck order; the RNG.
        """
        new = self.clone()
        for p in range(new.num_players):
            if p == player:
                _reshuffle(rng, [new.deck[p]])
            else:
                _deal_hidden_hand(rng, new, p)
        _resample_exploration(rng, new)
        for deck in new.ally_decks:
            if len(deck) > 1:
                under = sorted(deck[:-1])
                rng.shuffle(under)
                deck[:-1] = under
        if setup.is_solo(new):
            _reshuffle(rng, [*new.prov_spoils, new.boxed_spoils])
        else:
            _reshuffle(rng, [new.boxed_spoils])
        _reshuffle(rng, [new.balaur_deck])
        new.rng = random.Random(rng.getrandbits(64))
        return new

    # -- persistence -------------------------------------------------------------

    def _state_json(self) -> dict[str, Any]:
        # Copies, never the live lists: the caller owns the snapshot.
        out: dict[str, Any] = {}
        for name in (*_PER_SEAT, *_NESTED):
            out[name] = [x.copy() for x in getattr(self, name)]
        for name in _SHARED_LISTS:
            out[name] = getattr(self, name).copy()
        for name in _SCALARS:
            out[name] = getattr(self, name)
        out["pending"] = [list(f.encode()) for f in self.pending]
        out["line"] = None if self.line is None else self.line.to_json()
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> WinterborneState:
        new = cls.__new__(cls)
        actions = [(p, CODEC.from_json(a)) for p, a in obj["actions"]]
        new._load_base(obj, actions)
        new.params = params_of(new.options)
        s = obj["state"]
        for name in (*_PER_SEAT, *_NESTED):
            setattr(new, name, [list(x) for x in s[name]])
        for name in _SHARED_LISTS:
            setattr(new, name, list(s[name]))
        for name in _SCALARS:
            setattr(new, name, s[name] if name in s else _SCALAR_DEFAULTS[name])
        new.pending = tuple(rules.FRAMES.decode(f) for f in s["pending"])
        new.line = _line_from_json(s["line"])
        return new


def _line_from_json(obj: Any) -> Phrase | None:
    """A move's line as saved: a phrase, or none. A game saved before lines were phrases
    holds "" between moves, read as none; its words in the middle of a move cannot become
    a phrase again, so such a snapshot is refused."""
    if obj is None or obj == "":
        return None
    if not isinstance(obj, dict):
        raise InvalidStateError(f"a move's line is a phrase, not {obj!r:.40}")
    return MSG.phrase_from_json(obj)


# How often a seat in the middle of a move is dealt another hand before it keeps its own.
_REDEALS = 50


def _deal_hidden_hand(rng: random.Random, s: WinterborneState, p: int) -> None:
    """Deal seat ``p``'s unseen hand again from its hand and deck together.

    A seat in the middle of a move (after a hex, it owes a movement circle) was offered
    the move only because its hand could finish it; everyone saw that. So a hand that
    leaves it without a legal action is dealt again: the hands that fit what was seen,
    at random. Should none be found, the seat keeps its own (never met in practice).
    """
    seen = [c for c in s.moved if c in s.hand[p]] if p == s.current else []
    unseen = [c for c in s.hand[p] if c not in seen]
    own = (s.hand[p].copy(), s.deck[p].copy())
    for _ in range(_REDEALS):
        _reshuffle(rng, [unseen, s.deck[p]])
        s.hand[p][:] = [*seen, *unseen]
        if p not in s.to_move or s.legal_actions(p):
            return
    s.hand[p][:], s.deck[p][:] = own


def _reshuffle(rng: random.Random, places: list[list[int]]) -> None:
    """Deal the cards of ``places`` back into them at random, each keeping its size.

    Sorted first, so the result depends only on what the places hold, not on the true
    order.
    """
    pool = sorted(c for place in places for c in place)
    rng.shuffle(pool)
    at = 0
    for place in places:
        n = len(place)
        place[:] = pool[at:at + n]
        at += n


def _resample_exploration(rng: random.Random, s: WinterborneState) -> None:
    """The season decks' order is hidden, and which Wylds cards were drawn for the game
    (the rest wait in the box); which core and banner cards the decks hold is known."""
    _reshuffle(rng, s.season_decks)
    wylds = sorted([c for deck in s.season_decks for c in deck if _is_wylds(c)]
                   + s.box_wylds)
    rng.shuffle(wylds)
    it = iter(wylds)
    for deck in s.season_decks:
        deck[:] = [next(it) if _is_wylds(c) else c for c in deck]
    s.box_wylds = list(it)


def _is_wylds(card: int) -> bool:
    return WB.cards[card].type == "wylds"


def check_components(state: State) -> None:
    """Every card, tile, building and favor token is somewhere, exactly once."""
    assert isinstance(state, WinterborneState)
    conservation.check(state)
