"""ICE's actions, their notation, JSON form and integer codec.

Every decision names one thing: a place (``move T12``), a tile (``play SN07``), a card
(``take TRIO-OPH-a``), a type (``trigger harmony``), a count (``follow 2``) or a word
(``excavate``, ``end``). Places are named by layer: ``T1``-``T48`` the top (Snow) layer,
``S1``-``S37`` the Surface, ``D1``-``D27`` the Deep, ``E1``-``E45`` the board edges
(Deep level first) and ``A1``-``A7`` Azulia's districts.

>>> from wintergames.games.ice.actions import CODEC
>>> str(CODEC.parse("move t12")), str(CODEC.parse("follow 2")), str(CODEC.parse("end"))
('move T12', 'follow 2', 'end')
>>> CODEC.parse("trigger Harmony").to_json()
{'kind': 'trigger', 'type': 'harmony'}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from wintergames.core.actions import (
    Action,
    IndexedCodec,
    NamedAction,
    json_field,
    json_kind,
    notation,
)
from wintergames.core.errors import ActionFormatError, excerpt
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import BOARD
from wintergames.games.ice.model import TYPES


def _place_names() -> tuple[str, ...]:
    letters = {(0, "district"): "A", (1, "tile"): "D", (2, "tile"): "S", (3, "tile"): "T",
               (1, "edge"): "E", (2, "edge"): "E"}
    counts: dict[str, int] = {}
    order = sorted(range(BOARD.n), key=lambda i: (BOARD.kind[i] == "edge", BOARD.level[i], i))
    names = [""] * BOARD.n
    for i in order:
        letter = letters[(BOARD.level[i], BOARD.kind[i])]
        counts[letter] = counts.get(letter, 0) + 1
        names[i] = f"{letter}{counts[letter]}"
    return tuple(names)


PLACES = _place_names()
TILE_IDS = tuple(t.id for t in IC.tiles)
REQUEST_IDS = tuple(r.id for r in IC.requests)
# Items that pay a Request: an Artifact tile, or a Study token of a type.
STUDY_ITEMS = tuple(f"study-{t}" for t in TYPES)
ITEMS = (*TILE_IDS, *STUDY_ITEMS)
# Single-word decisions; what each means depends on the open prompt (see rules.py).
WORDS = ("end", "stop", "pass", "done", "none", "study", "plan", "overwork", "excavate",
         "collect", "navigate", "activate", "rebuild", "grapple")
COUNTS = ("0", "1", "2", "3")
# The ways of excavating besides the plain ``excavate``, and what each is (for refusals).
EXCAVATION_WAYS = ("cryoarchitect",)
EXCAVATION_WAY_NAMES = {"cryoarchitect": "the CryoArchitect's discount"}

NOTATION_HELP = """\
ICE notation. Places: T1-T48 top (Snow) layer, S1-S37 Surface, D1-D27 Deep,
E1-E45 board edges, A1-A7 Azulia districts; tiles and cards by id.
  move T12      move your Expedition Leader to an adjacent place (1 EP);
                then: follow 2  (Archaeologists from your old place who come along)
  fluent T12    Fluent Move: up to 2 steps for 1 EP, once a Day (2 players, or the
                3-player variant); then follow N, then move T13 or pass
  camp T12      Build a Camp there, your Leader with it (1 EP)
  recruit T12   an Archaeologist from the pool onto a tile with a Camp (1 EP)
  sail T12      your Leader to a tile with a Camp (1 EP)
  study / plan / overwork / excavate   (excavate: the tile your Leader is on)
  excavate cryoarchitect   the same with the CryoArchitect's discount (an Artifact
                tile with your own Camp: 1 EP less instead of 1 more, once a turn);
                plain excavate keeps the discount for later in the turn
  play SN07     play a Snow tile from your hand (free); trigger harmony: an Artifact
                effect (free; Exalted costs 1 EP)
  put S4        where a piece goes when the rules leave you the choice
  slot harmony  the slot a Prismatic Artifact goes to; choose harmony: a Study type
  shift S-PRI-1 at Sunrise, pick up a Prismatic Artifact to move it (then slot TYPE)
  end           end your turn (after spending 1-2 EP, 3 with Overwork);
  stop          end your day: your Sunset starts
  take ID / none    a Request from the Sunset row; validate ID then pay ITEM ...
                (ITEM: an Artifact tile id or study-harmony ...); done
  discard ID    a Request card; drop SN07  a Snow tile over the hand limit
  navigate / activate / rebuild / nourish T5   guild abilities
  sell S-HAR-1a / buy SN07   Merchant Caravan: an Artifact for RP, a Snow tile for RP"""


@dataclass(frozen=True, slots=True)
class _Named(NamedAction):
    """Every ICE decision names one thing (core's ``NamedAction``)."""

    # Every action of the kind, by value, built once (``Move.ALL[q]``): legal lists are
    # built in search loops, where validating a fresh value each time would dominate.
    ALL: ClassVar[tuple[Any, ...]] = ()


@dataclass(frozen=True, slots=True)
class Word(_Named):
    """A one-word decision: end, stop, pass, done, none, study, plan, overwork, ..."""

    kind: ClassVar[str] = "word"
    table: ClassVar[tuple[str, ...]] = WORDS
    field: ClassVar[str] = "word"

    def __str__(self) -> str:
        return WORDS[self.value]


@dataclass(frozen=True, slots=True)
class Move(_Named):
    """Move your Expedition Leader to an adjacent place (1 EP)."""

    kind: ClassVar[str] = "move"
    table: ClassVar[tuple[str, ...]] = PLACES
    field: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Fluent(_Named):
    """A Fluent Move's first step (up to 2 steps for 1 EP, once a Day)."""

    kind: ClassVar[str] = "fluent"
    table: ClassVar[tuple[str, ...]] = PLACES
    field: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Camp(_Named):
    """Build a Camp on an uncovered tile, your Leader with it (1 EP)."""

    kind: ClassVar[str] = "camp"
    table: ClassVar[tuple[str, ...]] = PLACES
    field: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Recruit(_Named):
    """Place an Archaeologist from the pool on a tile with a Camp (1 EP)."""

    kind: ClassVar[str] = "recruit"
    table: ClassVar[tuple[str, ...]] = PLACES
    field: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Sail(_Named):
    """Move your Leader to a tile with a Camp (1 EP); no Archaeologist follows."""

    kind: ClassVar[str] = "sail"
    table: ClassVar[tuple[str, ...]] = PLACES
    field: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Put(_Named):
    """Where a piece goes, where the rules leave the choice (or an effect's target)."""

    kind: ClassVar[str] = "put"
    table: ClassVar[tuple[str, ...]] = PLACES
    field: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Nourish(_Named):
    """Nourisher: an Archaeologist from your guild board onto a Snow tile (free)."""

    kind: ClassVar[str] = "nourish"
    table: ClassVar[tuple[str, ...]] = PLACES
    field: ClassVar[str] = "place"


@dataclass(frozen=True, slots=True)
class Follow(_Named):
    """How many Archaeologists come along with your Leader."""

    kind: ClassVar[str] = "follow"
    table: ClassVar[tuple[str, ...]] = COUNTS
    field: ClassVar[str] = "count"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "count": self.value}


@dataclass(frozen=True, slots=True)
class Play(_Named):
    """Play a Snow tile from your hand (free) and apply its front."""

    kind: ClassVar[str] = "play"
    table: ClassVar[tuple[str, ...]] = TILE_IDS
    field: ClassVar[str] = "tile"


@dataclass(frozen=True, slots=True)
class Drop(_Named):
    """Discard a Snow tile from your hand (over the limit of 3 at the end of a turn)."""

    kind: ClassVar[str] = "drop"
    table: ClassVar[tuple[str, ...]] = TILE_IDS
    field: ClassVar[str] = "tile"


@dataclass(frozen=True, slots=True)
class Trigger(_Named):
    """Trigger an Artifact type's effect (free; Exalted costs 1 EP)."""

    kind: ClassVar[str] = "trigger"
    table: ClassVar[tuple[str, ...]] = TYPES
    field: ClassVar[str] = "type"


@dataclass(frozen=True, slots=True)
class Slot(_Named):
    """The Artifact slot a Prismatic Artifact goes to."""

    kind: ClassVar[str] = "slot"
    table: ClassVar[tuple[str, ...]] = TYPES
    field: ClassVar[str] = "type"


@dataclass(frozen=True, slots=True)
class Choose(_Named):
    """Choose an Artifact type (a Study token to take, an effect to apply)."""

    kind: ClassVar[str] = "choose"
    table: ClassVar[tuple[str, ...]] = TYPES
    field: ClassVar[str] = "type"


@dataclass(frozen=True, slots=True)
class Take(_Named):
    """Take a Request card (from the Sunset row)."""

    kind: ClassVar[str] = "take"
    table: ClassVar[tuple[str, ...]] = REQUEST_IDS
    field: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class Discard(_Named):
    """Discard a Request card from your hand."""

    kind: ClassVar[str] = "discard"
    table: ClassVar[tuple[str, ...]] = REQUEST_IDS
    field: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class Validate(_Named):
    """Start validating a Request card from your hand (then pay it item by item)."""

    kind: ClassVar[str] = "validate"
    table: ClassVar[tuple[str, ...]] = REQUEST_IDS
    field: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class Pay(_Named):
    """Pay with one item: an Artifact tile of your guild board, or a Study token."""

    kind: ClassVar[str] = "pay"
    table: ClassVar[tuple[str, ...]] = ITEMS
    field: ClassVar[str] = "item"


@dataclass(frozen=True, slots=True)
class Sell(_Named):
    """Merchant Caravan: discard an Artifact from your guild board for RP."""

    kind: ClassVar[str] = "sell"
    table: ClassVar[tuple[str, ...]] = TILE_IDS
    field: ClassVar[str] = "tile"


@dataclass(frozen=True, slots=True)
class Buy(_Named):
    """Merchant Caravan: a displayed Snow tile for 1 RP token."""

    kind: ClassVar[str] = "buy"
    table: ClassVar[tuple[str, ...]] = TILE_IDS
    field: ClassVar[str] = "tile"


@dataclass(frozen=True, slots=True)
class Shift(_Named):
    """Sunrise: pick up one of your Prismatic Artifacts to move it to a slot of your
    choice (``slot TYPE`` follows)."""

    kind: ClassVar[str] = "shift"
    table: ClassVar[tuple[str, ...]] = TILE_IDS
    field: ClassVar[str] = "tile"


@dataclass(frozen=True, slots=True)
class Excavate(_Named):
    """Excavate the tile under your Leader another way than the plain ``excavate``:
    ``excavate cryoarchitect`` takes the CryoArchitect's discount ("Once per turn, you may
    Excavate an Artifact tile on which your Camp is present by paying 1 EP less")."""

    kind: ClassVar[str] = "excavate"
    table: ClassVar[tuple[str, ...]] = EXCAVATION_WAYS
    field: ClassVar[str] = "with"
    # The field's name reads badly in a refusal ("there is no with 'x'; withs: ...").
    noun: ClassVar[str] = "way to excavate"
    allowed: ClassVar[str] = "excavate takes no word or " + ", ".join(
        f"'{w}' ({EXCAVATION_WAY_NAMES[w]})" for w in EXCAVATION_WAYS)


# Codes follow this order: a new kind goes last, so recorded codes keep their meaning.
_KINDS: tuple[type[_Named], ...] = (Word, Move, Fluent, Camp, Recruit, Sail, Put, Nourish,
                                    Follow, Play, Drop, Trigger, Slot, Choose, Take, Discard,
                                    Validate, Pay, Sell, Buy, Shift, Excavate)
_BY_KIND = {k.kind: k for k in _KINDS}
KIND_NAMES = ", ".join(_BY_KIND)


class IceCodec(IndexedCodec):
    """Notation, JSON and integers for ICE's actions."""

    def __init__(self) -> None:
        for kind in _KINDS:
            kind.ALL = tuple(kind(i) for i in range(len(kind.table)))
        super().__init__(tuple(a for kind in _KINDS for a in kind.ALL), "ICE")

    def parse(self, text: str) -> Action:
        words = notation(text).split()
        if not words:
            raise ActionFormatError("an empty action; try 'help' for the notation")
        head = words[0].lower()
        if len(words) == 1 and head in WORDS:
            return Word(WORDS.index(head))
        kind = _BY_KIND.get(head)
        if kind is None or kind is Word or len(words) != 2:
            raise ActionFormatError(
                f"cannot read {excerpt(text)}: an action is a word ({', '.join(WORDS)}) or "
                f"a kind and one name ({KIND_NAMES})")
        return kind(kind.named(words[1]))

    def from_json(self, obj: Any) -> Action:
        kind_name = json_kind(obj, KIND_NAMES)
        kind = _BY_KIND.get(kind_name)
        if kind is None:
            raise ActionFormatError(f"there is no ICE action kind {excerpt(kind_name)}; "
                                    f"kinds: {KIND_NAMES}")
        value = json_field(obj, kind_name, kind.field)
        if kind is Follow and type(value) is int and 0 <= value < len(COUNTS):
            value = COUNTS[value]  # a count may come as a number
        return kind(kind.named(value))


CODEC = IceCodec()
