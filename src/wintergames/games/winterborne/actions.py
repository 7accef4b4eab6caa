"""Winterborne's actions, their notation, JSON form and integer codec.

A turn is a run of small decisions: play a card (or spoils) for one of its uses, and
the follow-ups it opens (which movement card, where to leave the castle, which special
action, which spoils to take, which resource to pay), between them a card put into the
reserve or picked up (``reserve T2`` / ``unreserve T2``), then ``end``, then the clean-up
(reserve, discard, return resources over 12) closed by ``done``.

>>> from wintergames.games.winterborne.actions import CODEC
>>> str(CODEC.parse("SHA1 S")), str(CODEC.parse("t4 w")), str(CODEC.parse("conquer c2 blue"))
('SHA1 S', 'T4 W', 'conquer C2 blue')
>>> CODEC.parse("settle 2 S3").to_json()
{'kind': 'build', 'building': 'settlement', 'row': 2, 'section': 'S3'}
>>> str(CODEC.parse("end")), str(CODEC.parse("choose meat")), str(CODEC.parse("power trade"))
('end', 'choose meat', 'power trade')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from wintergames.core.actions import (
    Action,
    IndexedCodec,
    NamedAction,
    check_index,
    int_or_text,
    json_field,
    json_kind,
    name_index,
    notation,
    numbered,
)
from wintergames.core.errors import ActionFormatError, excerpt
from wintergames.games.winterborne.components import CHARACTERS, POWERS, RESOURCES, WB, WHITE

LETTERS = "SEW"  # character hexes: shaman, explorer, warrior
RES_LETTERS = "gmx"  # gold, meat, military
FIGURES = (*CHARACTERS, "white")
BUILDINGS = ("settlement", "church")
# Single-word decisions; what each means depends on the open prompt (see rules.py).
WORDS = ("end", "done", "pass", "none", "tax", "pray", "raid", "cw", "ccw")
KINDS = ("play, spoils, figure, exit, conquer, build, trade, explore, word, take, facedown, "
         "choose, sack, wylds, power, relocate, discard, reserve, unreserve, swap")

NOTATION_HELP = """\
Winterborne notation (cards by id, e.g. SHA1, T4, BOOK2; sections S1-S6 and C1-C6;
gray spaces G1-G6; provinces by colour: green yellow blue purple red black):
  SHA1 S       play a card for one use: S E W = character hex, m2 = move 2,
               ccw2 = move 2 counter-clockwise (Mask), +2g = gain 2 gold
               (g gold, m meat, x military), wy = activate your Wylds, horn = Horn
               build, draw = Bag draw, castle = Potion, MERC hire:W / MERC +m
  spoils ID    use a spoils tile (a hex, a movement circle or a Wylds activation)
  figure white which figure the hex moves (when the white meeple is in play)
  exit G3      leaving the castle: the first movement goes to this gray space
  conquer C2 blue   conquer a section with a tile of one of its two colours
  settle 2 S3  build the next settlement of row 2 on section S3; church 2 S3
  trade yellow / explore blue / tax / pray / raid / pass (no special action)
  take ID      take a spoils tile (or: take none); facedown blue  take a face-down
               spoils tile of a province (solo); choose gold  choose a resource
  sack ID      sack a spoils tile (black ally); wylds WY3  resolve that Wylds card
  power trade  use a Winterborne power (winter only); relocate S1 C3 (move a building)
  swap T3 blue swap a card in hand with a province's exploration card
  reserve T2 / unreserve T2   put a card into your reserve / pick one up (during
               your turn and in the clean-up)
  end          end your turn; then reserve T2 / unreserve T2 / discard T3 / done
  cw / ccw     the direction of a one-space Wylds move
A move: play a character hex (SHA1 S), then another card's movement circle (EXP1 m2):
the figure steps clockwise that many gray spaces, then takes its action there, on an
adjacent section or province: warrior conquer (pay 1g 1x) / settle (1g 1m, +1 favor) /
church (free after a row's 2 settlements; take that province's exploration card);
shaman trade (an adjacent province's top ally) / tax (+1g 1x) / pray (+1 favor);
explorer explore (the season's meat cost; take the exploration card) / raid (+2m)."""


def card_plays(card: int) -> tuple[tuple[int, int, str], ...]:
    """Every way to play ``card``: (use index, choice, notation code).

    A choice is what the player settles while playing: the character of an any-hex or
    a hire, the number of a Book circle, the resource of a take-any (-1: nothing to
    settle).
    """
    plays: list[tuple[int, int, str]] = []
    for u, use in enumerate(WB.cards[card].uses):
        if use.kind == "hex" and use.character < 0:
            plays += [(u, c, LETTERS[c]) for c in range(3)]
        elif use.kind == "hex":
            plays.append((u, use.character, LETTERS[use.character]))
        elif use.kind == "move":
            prefix = "ccw" if use.ccw else "m"
            plays += [(u, v, f"{prefix}{v}") for v in use.values]
        elif use.kind == "hire":
            plays += [(u, c, f"{use.code}:{LETTERS[c]}") for c in range(3)]
        elif use.kind == "gain-any":
            plays += [(u, r, f"+{RES_LETTERS[r]}") for r in range(3)]
        else:
            plays.append((u, -1, use.code))
    return tuple(plays)


PLAYS = tuple(card_plays(c) for c in range(len(WB.cards)))
# Each card's (use, choice) -> code, so a play names itself without a search: replays and
# records name every play of a game.
_PLAY_CODES = tuple({(u, c): code for u, c, code in plays} for plays in PLAYS)


_CARD_IDS = tuple(c.id for c in WB.cards)
_SPOILS_IDS = tuple(s.id for s in WB.spoils)


def _card(value: Any) -> int:
    return name_index(_CARD_IDS, value, "card")


def _spoils(value: Any) -> int:
    return name_index(_SPOILS_IDS, value, "spoils tile")


def _section(value: Any) -> int:
    return name_index(WB.section_names, value, "section")


def _space(value: Any) -> int:
    return name_index(WB.space_names, value, "gray space")


def _colour(value: Any) -> int:
    return name_index(WB.colours, value, "province colour")


def _resource(value: Any) -> int:
    if isinstance(value, str) and len(value) == 1 and value.lower() in RES_LETTERS:
        return RES_LETTERS.index(value.lower())
    return name_index(RESOURCES, value, "resource")


def _row(value: Any) -> int:
    return numbered(int_or_text(value) if isinstance(value, str) else value,
                    "settlement rows", WB.rows)


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play ``card`` from hand or reserve for its use ``use`` (``choice`` settled too)."""

    kind: ClassVar[str] = "play"
    card: int
    use: int
    choice: int = -1

    def __post_init__(self) -> None:
        check_index("card", self.card, len(WB.cards))
        if (self.use, self.choice) not in _PLAY_CODES[self.card]:
            raise ActionFormatError(f"card {WB.cards[self.card].id} has no use {self.use}"
                                    f"/{self.choice}")

    @property
    def code(self) -> str:
        return _PLAY_CODES[self.card][self.use, self.choice]

    def __str__(self) -> str:
        return f"{WB.cards[self.card].id} {self.code}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": WB.cards[self.card].id, "use": self.code}


_SPOILS_OR_NONE = ("none", *_SPOILS_IDS)


@dataclass(frozen=True, slots=True)
class UseSpoils(NamedAction):
    """Use a spoils tile from your supply."""

    kind: ClassVar[str] = "spoils"
    table: ClassVar[tuple[str, ...]] = _SPOILS_IDS
    field: ClassVar[str] = "spoils"


@dataclass(frozen=True, slots=True)
class Figure(NamedAction):
    """Name a figure: which one a hex moves, or which the white meeple replaces."""

    kind: ClassVar[str] = "figure"
    table: ClassVar[tuple[str, ...]] = FIGURES
    field: ClassVar[str] = "figure"


@dataclass(frozen=True, slots=True)
class Exit(NamedAction):
    """Leave the castle: the first movement goes to this gray space."""

    kind: ClassVar[str] = "exit"
    table: ClassVar[tuple[str, ...]] = WB.space_names
    field: ClassVar[str] = "space"


@dataclass(frozen=True, slots=True)
class Trade(NamedAction):
    """Trade with the top ally card of an adjacent province."""

    kind: ClassVar[str] = "trade"
    table: ClassVar[tuple[str, ...]] = WB.colours
    field: ClassVar[str] = "province"


@dataclass(frozen=True, slots=True)
class Explore(NamedAction):
    """Take the exploration card of an adjacent province."""

    kind: ClassVar[str] = "explore"
    table: ClassVar[tuple[str, ...]] = WB.colours
    field: ClassVar[str] = "province"


@dataclass(frozen=True, slots=True)
class Word(NamedAction):
    """A one-word decision: end, done, pass, none, tax, pray, raid, cw, ccw."""

    kind: ClassVar[str] = "word"
    table: ClassVar[tuple[str, ...]] = WORDS
    field: ClassVar[str] = "word"

    def __str__(self) -> str:
        return WORDS[self.value]


@dataclass(frozen=True, slots=True)
class Take(NamedAction):
    """Take this spoils tile (``take none``: take nothing)."""

    kind: ClassVar[str] = "take"
    table: ClassVar[tuple[str, ...]] = _SPOILS_OR_NONE
    field: ClassVar[str] = "spoils"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "spoils": None if self.value == 0 else self.table[self.value]}


@dataclass(frozen=True, slots=True)
class Choose(NamedAction):
    """Choose a resource: to pay, to gain or to return to the supply."""

    kind: ClassVar[str] = "choose"
    table: ClassVar[tuple[str, ...]] = RESOURCES
    field: ClassVar[str] = "resource"


@dataclass(frozen=True, slots=True)
class Sack(NamedAction):
    """Sack (remove from the game) a spoils tile from your supply."""

    kind: ClassVar[str] = "sack"
    table: ClassVar[tuple[str, ...]] = _SPOILS_IDS
    field: ClassVar[str] = "spoils"


@dataclass(frozen=True, slots=True)
class ResolveWylds(NamedAction):
    """Resolve this Wylds card of your reserve now."""

    kind: ClassVar[str] = "wylds"
    table: ClassVar[tuple[str, ...]] = _CARD_IDS
    field: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class Power(NamedAction):
    """Use a Winterborne power (in winter, once a round, favor = the round)."""

    kind: ClassVar[str] = "power"
    table: ClassVar[tuple[str, ...]] = POWERS
    field: ClassVar[str] = "power"


@dataclass(frozen=True, slots=True)
class Discard(NamedAction):
    """Discard this card from your hand."""

    kind: ClassVar[str] = "discard"
    table: ClassVar[tuple[str, ...]] = _CARD_IDS
    field: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class Reserve(NamedAction):
    """Put this card from your hand into your reserve."""

    kind: ClassVar[str] = "reserve"
    table: ClassVar[tuple[str, ...]] = _CARD_IDS
    field: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class Unreserve(NamedAction):
    """Take this card from your reserve back into your hand."""

    kind: ClassVar[str] = "unreserve"
    table: ClassVar[tuple[str, ...]] = _CARD_IDS
    field: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True)
class TakeHidden(NamedAction):
    """Take a face-down spoils tile from this province (the solo game's spoils)."""

    kind: ClassVar[str] = "facedown"
    table: ClassVar[tuple[str, ...]] = WB.colours
    field: ClassVar[str] = "province"


@dataclass(frozen=True, slots=True)
class Conquer(Action):
    """Conquer ``section`` with a conquer tile of ``colour`` (one of its two borders)."""

    kind: ClassVar[str] = "conquer"
    section: int
    colour: int

    def __post_init__(self) -> None:
        check_index("section", self.section, len(WB.section_names))
        check_index("colour", self.colour, len(WB.colours))

    def __str__(self) -> str:
        return f"conquer {WB.section_names[self.section]} {WB.colours[self.colour]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "section": WB.section_names[self.section],
                "colour": WB.colours[self.colour]}


@dataclass(frozen=True, slots=True)
class Build(Action):
    """Build the next building of ``row`` (0: settlement, 1: church) on ``section``."""

    kind: ClassVar[str] = "build"
    building: int
    row: int
    section: int

    def __post_init__(self) -> None:
        check_index("building", self.building, 2)
        check_index("row", self.row, WB.rows)
        check_index("section", self.section, len(WB.section_names))

    def __str__(self) -> str:
        verb = "settle" if self.building == 0 else "church"
        return f"{verb} {self.row + 1} {WB.section_names[self.section]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "building": BUILDINGS[self.building], "row": self.row + 1,
                "section": WB.section_names[self.section]}


@dataclass(frozen=True, slots=True)
class Relocate(Action):
    """Winterborne power: move your building from ``source`` to the empty ``target``."""

    kind: ClassVar[str] = "relocate"
    source: int
    target: int

    def __post_init__(self) -> None:
        check_index("source", self.source, len(WB.section_names))
        check_index("target", self.target, len(WB.section_names))

    def __str__(self) -> str:
        return f"relocate {WB.section_names[self.source]} {WB.section_names[self.target]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "from": WB.section_names[self.source],
                "to": WB.section_names[self.target]}


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Winterborne power: swap ``card`` from hand with ``province``'s exploration card."""

    kind: ClassVar[str] = "swap"
    card: int
    province: int

    def __post_init__(self) -> None:
        check_index("card", self.card, len(WB.cards))
        check_index("province", self.province, len(WB.colours))

    def __str__(self) -> str:
        return f"swap {WB.cards[self.card].id} {WB.colours[self.province]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": WB.cards[self.card].id,
                "province": WB.colours[self.province]}


_NS, _NC = len(WB.section_names), len(WB.colours)

# Every action exists once; rules hand out these shared values.
PLAY = [{(u, c): PlayCard(card, u, c) for u, c, _ in PLAYS[card]} for card in range(len(WB.cards))]
SPOILS = [UseSpoils(i) for i in range(len(WB.spoils))]
FIGURE = [Figure(i) for i in range(len(FIGURES))]
EXIT = [Exit(i) for i in range(len(WB.space_names))]
CONQUER = [[Conquer(s, c) for c in range(_NC)] for s in range(_NS)]
BUILD = [[[Build(b, r, s) for s in range(_NS)] for r in range(WB.rows)] for b in range(2)]
TRADE = [Trade(i) for i in range(_NC)]
EXPLORE = [Explore(i) for i in range(_NC)]
WORD = [Word(i) for i in range(len(WORDS))]
TAKE = [Take(i) for i in range(len(_SPOILS_OR_NONE))]  # TAKE[0]: none; TAKE[1 + s]
CHOOSE = [Choose(i) for i in range(3)]
SACK = [Sack(i) for i in range(len(WB.spoils))]
WYLDS = [ResolveWylds(i) for i in range(len(WB.cards))]
POWER = [Power(i) for i in range(len(POWERS))]
RELOCATE = [[Relocate(a, b) for b in range(_NS)] for a in range(_NS)]
DISCARD = [Discard(i) for i in range(len(WB.cards))]
RESERVE = [Reserve(i) for i in range(len(WB.cards))]
UNRESERVE = [Unreserve(i) for i in range(len(WB.cards))]
SWAP = [[Swap(card, p) for p in range(_NC)] for card in range(len(WB.cards))]
FACEDOWN = [TakeHidden(i) for i in range(_NC)]
END, DONE, PASS, NONE, TAX, PRAY, RAID, CW, CCW = WORD

ALL: tuple[Action, ...] = (
    *(a for table in PLAY for a in table.values()),
    *SPOILS, *FIGURE, *EXIT,
    *(a for row in CONQUER for a in row),
    *(a for b in BUILD for r in b for a in r),
    *TRADE, *EXPLORE, *WORD, *TAKE, *CHOOSE, *SACK, *WYLDS, *POWER,
    *(a for row in RELOCATE for a in row),
    *DISCARD, *RESERVE, *UNRESERVE,
    *(a for row in SWAP for a in row),
    *FACEDOWN,
)

_ONE_WORD: dict[str, tuple[Sequence[Action], Callable[[Any], int]]] = {
    "spoils": (SPOILS, _spoils), "figure": (FIGURE, lambda v: name_index(FIGURES, v, "figure")),
    "exit": (EXIT, _space), "trade": (TRADE, _colour), "explore": (EXPLORE, _colour),
    "choose": (CHOOSE, _resource), "sack": (SACK, _spoils), "wylds": (WYLDS, _card),
    "power": (POWER, lambda v: name_index(POWERS, v, "power")), "discard": (DISCARD, _card),
    "reserve": (RESERVE, _card), "unreserve": (UNRESERVE, _card),
    "facedown": (FACEDOWN, _colour),
}
_JSON_FIELD = {"spoils": "spoils", "figure": "figure", "exit": "space", "trade": "province",
               "explore": "province", "choose": "resource", "sack": "spoils", "wylds": "card",
               "power": "power", "discard": "card", "reserve": "card", "unreserve": "card",
               "facedown": "province"}


def _take(value: Any) -> Action:
    if value is None or (isinstance(value, str) and value.strip().lower() == "none"):
        return TAKE[0]
    return TAKE[1 + _spoils(value)]


def _play(card_text: Any, code: Any) -> Action:
    card = _card(card_text)
    if isinstance(code, str):
        key = code.strip().lower()
        for u, c, name in PLAYS[card]:
            if name.lower() == key:
                return PLAY[card][(u, c)]
    uses = ", ".join(name for _, _, name in PLAYS[card]) or "none (it is never played)"
    raise ActionFormatError(
        f"card {WB.cards[card].id} has no use {excerpt(code)}; its uses: {uses}")


class WinterborneCodec(IndexedCodec):
    """Reads and numbers Winterborne actions (see ``ActionCodec``)."""

    def parse(self, text: str) -> Action:
        raw = notation(text)
        parts = raw.split()
        head = parts[0].lower() if parts else ""
        if len(parts) == 1 and head in WORDS:
            return WORD[WORDS.index(head)]
        if len(parts) == 2:
            if head in _ONE_WORD:
                table, read = _ONE_WORD[head]
                return table[read(parts[1])]
            if head == "take":
                return _take(parts[1])
            if head not in _VERBS:
                return _play(parts[0], parts[1])
        if len(parts) == 3:
            a, b = parts[1], parts[2]
            if head == "conquer":
                return CONQUER[_section(a)][_colour(b)]
            if head in ("settle", "church"):
                return BUILD[head == "church"][_row(a)][_section(b)]
            if head == "relocate":
                return RELOCATE[_section(a)][_section(b)]
            if head == "swap":
                return SWAP[_card(a)][_colour(b)]
        raise ActionFormatError(
            f"cannot read {excerpt(text)} as a Winterborne action.\n{NOTATION_HELP}")

    def from_json(self, obj: Any) -> Action:
        kind = json_kind(obj, KINDS)

        def field(name: str) -> Any:
            return json_field(obj, kind, name)

        if kind == "play":
            return _play(field("card"), field("use"))
        if kind in _ONE_WORD:
            table, read = _ONE_WORD[kind]
            return table[read(field(_JSON_FIELD[kind]))]
        if kind == "word":
            return WORD[name_index(WORDS, field("word"), "word")]
        if kind == "take":
            return _take(field("spoils"))
        if kind == "conquer":
            return CONQUER[_section(field("section"))][_colour(field("colour"))]
        if kind == "build":
            building = name_index(BUILDINGS, field("building"), "building")
            row = field("row")
            if isinstance(row, bool) or not isinstance(row, int):
                raise ActionFormatError(f"a row is a number 1 to {WB.rows}, not {excerpt(row)}")
            return BUILD[building][_row(row)][_section(field("section"))]
        if kind == "relocate":
            return RELOCATE[_section(field("from"))][_section(field("to"))]
        if kind == "swap":
            return SWAP[_card(field("card"))][_colour(field("province"))]
        raise ActionFormatError(f"unknown action kind {excerpt(kind)}; kinds: {KINDS}")


_VERBS = frozenset({*_ONE_WORD, "take", "conquer", "settle", "church", "relocate", "swap",
                    *WORDS})

CODEC = WinterborneCodec(ALL, "Winterborne")


def _shared(obj: dict[str, Any]) -> Action:
    """The shared value an action read back from a pickle stands for."""
    return CODEC.from_json(obj)


def _reduce(action: Action) -> tuple[Callable[[dict[str, Any]], Action], tuple[Any]]:
    return _shared, (action.to_json(),)


# Every action exists once and the rules compare words by identity (``is act.PASS``), so
# a copy that crossed a process (a server's bot thinking in a worker) comes back as the
# shared value, never as an equal stranger the rules would not recognise.
for _kind in (PlayCard, UseSpoils, Figure, Exit, Trade, Explore, Word, Take, Choose, Sack,
              ResolveWylds, Power, Discard, Reserve, Unreserve, TakeHidden, Conquer, Build,
              Relocate, Swap):
    _kind.__reduce__ = _reduce  # type: ignore[assignment,method-assign]

__all__ = ["CODEC", "NOTATION_HELP", "WHITE"]
