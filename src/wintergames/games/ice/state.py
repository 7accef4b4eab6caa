"""ICE's state: plain data with a hand-written ``clone``.

The board is lists indexed by place (``geometry.BOARD``): the tile in each slot, the
Archaeologists on each place, a Rift tile's blocked axis. Per-seat fields are lists
indexed by seat. Tiles are indices into ``IC.tiles``, Request/Decree/Logbook cards into
``IC.requests`` / ``IC.decrees`` / ``IC.logbook``; what a card is worth in this game, and
every rule number, is in ``params`` (``params.py``: the options' what-if overlay). A
decision in progress is a stack of small frames (``pending``, see ``frames.py``). The
rules live in the other modules; this one only holds, copies and resamples data.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice, Decision
from wintergames.core.phrases import Phrase
from wintergames.core.seats import check_seat
from wintergames.core.state import State
from wintergames.games.ice import choices, observe, prompts, rules, scoring_state, setup
from wintergames.games.ice.actions import CODEC
from wintergames.games.ice.frames import KINDS, IceFrame
from wintergames.games.ice.hidden import Resampler, resample
from wintergames.games.ice.params import Params, params_of
from wintergames.games.ice.words import MSG

# Lists of ints: per seat (copied one level deep), per seat per type (two levels), shared.
_PER_SEAT = ("study", "used", "hold", "hand", "requests", "validated", "turn_flags",
             "day_flags")
_PER_SEAT_TYPE = ("art",)
_SHARED_LISTS = ("tiles", "rift", "archs", "leaders", "camps", "tile_discard", "seen", "known",
                 "down", "guild", "ep", "rp", "planning", "bonus2", "fluent", "curse",
                 "follow_cap",
                 "trigger", "curse_tokens", "activation", "grapple", "guild_archs",
                 "finished", "row", "request_deck", "request_discard", "request_seen",
                 "request_known",
                 "logbook_deck", "logbook_shown", "decrees", "icons_taken", "keep_choice")
_SCALARS = ("arch_supply", "day", "first", "current", "spent", "overwork", "row_laid",
            "over")
_SHARED_VALUES = ("line", "pending", "params")  # immutable: clones share them


class IceState(State):
    """One game of ICE. Build it with ``wintergames.make("ice", ...)``."""

    game_id = "ice"
    turn_rule = "turn.actions"  # players take turns clockwise
    messages = MSG
    __slots__ = (*_PER_SEAT, *_PER_SEAT_TYPE, *_SHARED_LISTS, *_SCALARS, *_SHARED_VALUES)

    # -- the board (by place) --
    tiles: list[int]  # the tile in each slot, EMPTY elsewhere
    rift: list[int]  # a Rift tile's blocked axis 0..2, else -1
    archs: list[int]  # Archaeologists on each place
    leaders: list[int]  # each seat's Expedition Leader: a place, or OFF (with its player)
    camps: list[int]  # seats' guild Camps, then the White Camps: a place, POOL or BOX
    tile_discard: list[int]  # tiles discarded from the board or a hand
    seen: list[int]  # by tile: 1 once every seat has seen its face
    known: list[int]  # by tile: a bit per seat that has seen its face privately
    down: list[int]  # by tile: 1 while face down on a guild board
    arch_supply: int  # Archaeologists in the pool
    # -- per seat --
    guild: list[int]  # index into IC.guilds
    ep: list[int]  # Exploration Points left today
    rp: list[int]  # RP tokens
    planning: list[int]  # 1 with a Planning token
    study: list[list[int]]  # per type: 0 none, 1 ready, 2 flipped (paid a Request)
    art: list[list[list[int]]]  # per type: the Artifact tiles in that slot, top last
    used: list[list[int]]  # per type: 1 once the slot's effect was triggered today
    hold: list[list[int]]  # the Ship's Hold
    hand: list[list[int]]  # Snow tiles in hand
    requests: list[list[int]]  # Request cards in hand
    validated: list[list[int]]  # flat triples: card, day, RP it earns
    bonus2: list[int]  # second-Request bonuses (2 RP each at the end)
    fluent: list[int]  # Fluent Move tokens still coloured side up
    curse: list[int]  # marker on the Curse track (expert mode)
    trigger: list[int]  # the trigger slot: see frames.TRIGGER_* codes
    follow_cap: list[int]  # Archaeologists a Move may bring (3; 2 and 1 under grown Curses)
    activation: list[int]  # Incandescent token: READY, a type it was placed on, or SPENT
    grapple: list[int]  # Icewalker Grappling tokens coloured side up
    guild_archs: list[int]  # Archaeologists on a Nourisher's board
    turn_flags: list[list[int]]  # once-per-turn uses, by frames.TURN_* index
    day_flags: list[list[int]]  # once-per-Day uses, by frames.DAY_* index
    finished: list[int]  # 1 once the seat's Sunset is over today
    keep_choice: list[int]  # the opening choice made (1) at the simultaneous step
    # -- shared --
    curse_tokens: list[int]  # Curse tokens still on each space of the track
    row: list[int]  # today's face-up Request row
    request_deck: list[int]  # top last
    request_discard: list[int]
    request_seen: list[int]  # by Request card: 1 once its face was public
    request_known: list[int]  # by Request card: a bit per seat that has held it
    logbook_deck: list[int]  # top last
    logbook_shown: list[int]  # revealed Logbook cards, in order (the Setup variant's too)
    decrees: list[int]
    icons_taken: list[int]  # by Azulia icon: 1 once its RP token was taken
    day: int  # 1..4; 0 while the opening Requests are chosen
    first: int
    current: int
    spent: int  # EP spent in the current turn
    overwork: int  # 1 when this turn may spend 3 EP
    row_laid: int  # 1 once today's Request row is out
    over: bool
    line: Phrase | None  # the log line of the move in progress (words.grow / close)
    pending: tuple[IceFrame, ...]  # open decision frames, innermost last
    # The rule numbers and card values this game plays with (its options' what-if overlay
    # applied to the printed ones): made from the options, never saved, shared by clones.
    params: Params

    def __init__(self, num_players: int, seed: int | None, options: dict[str, Any]) -> None:
        super().__init__(num_players, options, seed)
        self.params = params_of(options)
        setup.setup(self)

    # -- the State contract ------------------------------------------------------

    @property
    def to_move(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.day == 0:  # the opening Requests: a simultaneous hidden choice
            return tuple(p for p in range(self.num_players) if not self.keep_choice[p])
        # A decision in progress may fall to another seat (a frame names its seat).
        return (self.pending[-1].seat,) if self.pending else (self.current,)

    @property
    def simultaneous(self) -> bool:
        return self.day == 0 and not self.over

    def _legal_actions(self, player: int) -> list[Action]:
        return rules.legal_actions(self, player)

    def _check(self, action: Action, player: int) -> None:
        rules.check(self, action, player)

    def _do(self, action: Action, player: int) -> None:
        rules.do(self, action, player)

    def scores(self) -> list[int]:
        return [scoring_state.breakdown(self, p).total for p in range(self.num_players)]

    def _decision(self, player: int) -> Decision:
        return prompts.decision(self, player)

    def _choice(self, action: Action, player: int) -> Choice:
        return choices.choice(self, action, player)

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe.observation(self, player)

    def clone(self) -> IceState:
        new = IceState.__new__(IceState)
        self._copy_base_into(new)
        # Written out, not looped with getattr/setattr: clone is the search's hot path.
        new.study = [x.copy() for x in self.study]
        new.used = [x.copy() for x in self.used]
        new.hold = [x.copy() for x in self.hold]
        new.hand = [x.copy() for x in self.hand]
        new.requests = [x.copy() for x in self.requests]
        new.validated = [x.copy() for x in self.validated]
        new.turn_flags = [x.copy() for x in self.turn_flags]
        new.day_flags = [x.copy() for x in self.day_flags]
        new.art = [[x.copy() for x in seat] for seat in self.art]
        new.tiles = self.tiles.copy()
        new.rift = self.rift.copy()
        new.archs = self.archs.copy()
        new.leaders = self.leaders.copy()
        new.camps = self.camps.copy()
        new.tile_discard = self.tile_discard.copy()
        new.seen = self.seen.copy()
        new.known = self.known.copy()
        new.down = self.down.copy()
        new.guild = self.guild.copy()
        new.ep = self.ep.copy()
        new.rp = self.rp.copy()
        new.planning = self.planning.copy()
        new.bonus2 = self.bonus2.copy()
        new.fluent = self.fluent.copy()
        new.curse = self.curse.copy()
        new.trigger = self.trigger.copy()
        new.follow_cap = self.follow_cap.copy()
        new.curse_tokens = self.curse_tokens.copy()
        new.activation = self.activation.copy()
        new.grapple = self.grapple.copy()
        new.guild_archs = self.guild_archs.copy()
        new.finished = self.finished.copy()
        new.row = self.row.copy()
        new.request_deck = self.request_deck.copy()
        new.request_discard = self.request_discard.copy()
        new.request_seen = self.request_seen.copy()
        new.request_known = self.request_known.copy()
        new.logbook_deck = self.logbook_deck.copy()
        new.logbook_shown = self.logbook_shown.copy()
        new.decrees = self.decrees.copy()
        new.icons_taken = self.icons_taken.copy()
        new.keep_choice = self.keep_choice.copy()
        new.arch_supply = self.arch_supply
        new.day = self.day
        new.first = self.first
        new.current = self.current
        new.spent = self.spent
        new.overwork = self.overwork
        new.row_laid = self.row_laid
        new.over = self.over
        new.line = self.line
        new.pending = self.pending
        new.params = self.params
        return new

    def determinize(self, player: int, rng: random.Random) -> IceState:
        """Resample what ``player`` cannot see, keeping everything they can.

        Hidden: the face of every tile nobody has seen (on the board, in the discard pile,
        placed face down on a guild board, in another seat's hand) — each is swapped only
        with tiles of the same public class (a Snow tile's back; an Artifact's level and
        type); the other seats' Request hands and the Request cards discarded face down,
        pooled with the deck; the order of the Request and Logbook decks; the opening
        choices not yet revealed; the RNG.
        """
        new = self.clone()
        resample(new, player, rng)
        new.rng = random.Random(rng.getrandbits(64))
        return new

    def determinizer(self, player: int) -> Callable[[random.Random], IceState]:
        resampler = Resampler(self, check_seat(player, self.num_players))

        def draw(rng: random.Random) -> IceState:
            new = self.clone()
            resampler(new, rng)
            new.rng = random.Random(rng.getrandbits(64))
            return new

        return draw

    # -- persistence -------------------------------------------------------------

    def _state_json(self) -> dict[str, Any]:
        # Copies, never the live lists: the caller owns the snapshot.
        out: dict[str, Any] = {}
        for name in _PER_SEAT:
            out[name] = [x.copy() for x in getattr(self, name)]
        out["art"] = [[x.copy() for x in seat] for seat in self.art]
        for name in _SHARED_LISTS:
            out[name] = getattr(self, name).copy()
        for name in _SCALARS:
            out[name] = getattr(self, name)
        out["line"] = None if self.line is None else self.line.to_json()
        out["pending"] = [list(f.encode()) for f in self.pending]
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> IceState:
        new = cls.__new__(cls)
        actions = [(p, CODEC.from_json(a)) for p, a in obj["actions"]]
        new._load_base(obj, actions)
        new.params = params_of(new.options)
        s = obj["state"]
        for name in _PER_SEAT:
            setattr(new, name, [list(x) for x in s[name]])
        new.art = [[list(x) for x in seat] for seat in s["art"]]
        for name in _SHARED_LISTS:
            setattr(new, name, list(s[name]))
        for name in _SCALARS:
            setattr(new, name, s[name])
        # A snapshot from before lines were phrases holds "" between moves.
        new.line = MSG.phrase_from_json(s["line"]) if s["line"] else None
        new.pending = tuple(KINDS.decode(f) for f in s["pending"])
        return new

