"""Winter Queen's actions, their notation, JSON form and integer codec.

A turn is one main action; placing a floe on a space may be followed by the choice
of a spellbook to take, and using a two-floe book by the floe to return to the bag.

Notation (colour letters b g y p r; stands 1-4; cells a1-e5; pages A/B):

>>> from wintergames.games.winter_queen.actions import CODEC
>>> str(CODEC.parse("r1-c3"))
'r1-c3'
>>> CODEC.parse("p2-SB03.B").to_json()
{'kind': 'place-book', 'floe': 'purple', 'stand': 2, 'book': 'SB03', 'page': 'B'}
>>> str(CODEC.parse("take none")), str(CODEC.parse("use SB12")), str(CODEC.parse("return e5"))
('take none', 'use SB12', 'return e5')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar

from wintergames.core.actions import (
    Action,
    IndexedCodec,
    check_index,
    int_or_text,
    json_field,
    json_kind,
    notation,
    numbered,
)
from wintergames.core.errors import ActionFormatError, excerpt
from wintergames.games.winter_queen.components import WQ

LETTERS = "".join(c[0] for c in WQ.colours)  # "bgypr"
MAX_STANDS = max(s.stands for s in WQ.setups.values())
PAGES = "AB"
_BOOK_IDS = tuple(b.id for b in WQ.books)
KINDS = "place, place-book, use, take, return, pass"

NOTATION_HELP = f"""\
Winter Queen notation (one turn = one main action, sometimes a follow-up choice):
  r1-c3      place the red floe from stand 1 on space c3
             colours: {", ".join(f"{c[0]}={c}" for c in WQ.colours)}; spaces a1..e5
             (letter = column, number = row from the top)
  g2-SB04.A  place the green floe from stand 2 on page A of your spellbook SB04
  use SB04   use your spellbook SB04 (score its filled pages, then discard it)
  take red   after placing on a space: take the top book of the red province's stack
  take none  after placing on a space: take no book
  return c3  after using a book with two floes: return the floe on c3 to the bag
  pass       only when you have no other legal action"""


def _word(name: Any) -> str | None:
    """``name`` in lower case if it can be a name at all (a short string), else ``None``."""
    return name.lower() if isinstance(name, str) and len(name) < 40 else None


def _cell(name: Any) -> int:
    key = _word(name)
    if key not in WQ.cell_names:
        raise ActionFormatError(
            f"there is no space {excerpt(name)}; spaces are a1..e5 (column letter, row number)"
        )
    return WQ.cell_names.index(key)


def _colour(name: Any) -> int:
    key = _word(name)
    if key in WQ.colours:
        return WQ.colours.index(key)
    if key is not None and len(key) == 1 and key in LETTERS:
        return LETTERS.index(key)
    raise ActionFormatError(
        f"there is no floe colour {excerpt(name)}; colours: {', '.join(WQ.colours)}")


def _book(name: Any) -> int:
    key = _word(name)
    if key is None or key.upper() not in _BOOK_IDS:
        raise ActionFormatError(
            f"there is no spellbook {excerpt(name)}; books are {_BOOK_IDS[0]}..{_BOOK_IDS[-1]}"
        )
    return _BOOK_IDS.index(key.upper())


def _province(name: Any) -> int:
    """A province by name; ``None`` (JSON ``null``), ``none`` or ``-``: take no book."""
    key = _word(name)
    if name is None or key in ("none", "-"):
        return -1
    if key not in WQ.provinces:
        raise ActionFormatError(
            f"there is no province {excerpt(name)}; provinces: {', '.join(WQ.provinces)} "
            "(or none)"
        )
    return WQ.provinces.index(key)


def _page(name: Any) -> int:
    if name not in ("A", "B"):
        raise ActionFormatError(f"page is 'A' or 'B', not {excerpt(name)}")
    return PAGES.index(name)


def _stand(number: Any) -> int:
    return numbered(number, "stands", MAX_STANDS)


@dataclass(frozen=True, slots=True)
class PlaceOnBoard(Action):
    """Place the ``colour`` floe from ``stand`` on the empty space ``cell``."""

    kind: ClassVar[str] = "place"
    stand: int
    colour: int
    cell: int

    def __post_init__(self) -> None:
        check_index("stand", self.stand, MAX_STANDS)
        check_index("colour", self.colour, len(WQ.colours))
        check_index("cell", self.cell, WQ.num_cells)

    def __str__(self) -> str:
        return f"{LETTERS[self.colour]}{self.stand + 1}-{WQ.cell_names[self.cell]}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "floe": WQ.colours[self.colour],
            "stand": self.stand + 1,
            "cell": WQ.cell_names[self.cell],
        }


@dataclass(frozen=True, slots=True)
class PlaceOnBook(Action):
    """Place the ``colour`` floe from ``stand`` on an empty ``page`` of your ``book``."""

    kind: ClassVar[str] = "place-book"
    stand: int
    colour: int
    book: int
    page: int

    def __post_init__(self) -> None:
        check_index("stand", self.stand, MAX_STANDS)
        check_index("colour", self.colour, len(WQ.colours))
        check_index("book", self.book, len(WQ.books))
        check_index("page", self.page, 2)

    def __str__(self) -> str:
        return f"{LETTERS[self.colour]}{self.stand + 1}-{_BOOK_IDS[self.book]}.{PAGES[self.page]}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "floe": WQ.colours[self.colour],
            "stand": self.stand + 1,
            "book": _BOOK_IDS[self.book],
            "page": PAGES[self.page],
        }


@dataclass(frozen=True, slots=True)
class UseBook(Action):
    """Use your ``book``: score its filled pages, discard it (and return a floe if two)."""

    kind: ClassVar[str] = "use"
    book: int

    def __post_init__(self) -> None:
        check_index("book", self.book, len(WQ.books))

    def __str__(self) -> str:
        return f"use {_BOOK_IDS[self.book]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "book": _BOOK_IDS[self.book]}


@dataclass(frozen=True, slots=True)
class TakeBook(Action):
    """After placing on a space: take the top book of ``province`` (-1: take none)."""

    kind: ClassVar[str] = "take"
    province: int

    def __post_init__(self) -> None:
        if self.province != -1:
            check_index("province", self.province, len(WQ.provinces))

    def __str__(self) -> str:
        return f"take {'none' if self.province < 0 else WQ.provinces[self.province]}"

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "province": None if self.province < 0 else WQ.provinces[self.province],
        }


@dataclass(frozen=True, slots=True)
class ReturnFloe(Action):
    """After using a two-floe book: return the floe on ``cell`` to the bag."""

    kind: ClassVar[str] = "return"
    cell: int

    def __post_init__(self) -> None:
        check_index("cell", self.cell, WQ.num_cells)

    def __str__(self) -> str:
        return f"return {WQ.cell_names[self.cell]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cell": WQ.cell_names[self.cell]}


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Take no action: allowed only when no other action is legal."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


_N_CELLS, _N_COLOURS, _N_BOOKS = WQ.num_cells, len(WQ.colours), len(WQ.books)

# Every action exists once; rules hand out these shared objects instead of building
# new ones, which keeps legal_actions() cheap and makes the codec a lookup.
BOARD = [
    [[PlaceOnBoard(s, c, x) for x in range(_N_CELLS)] for c in range(_N_COLOURS)]
    for s in range(MAX_STANDS)
]
ON_BOOK = [
    [
        [[PlaceOnBook(s, c, b, p) for p in range(2)] for b in range(_N_BOOKS)]
        for c in range(_N_COLOURS)
    ]
    for s in range(MAX_STANDS)
]
USE = [UseBook(b) for b in range(_N_BOOKS)]
TAKE = {p: TakeBook(p) for p in range(-1, len(WQ.provinces))}
RETURN = [ReturnFloe(x) for x in range(_N_CELLS)]
PASS = Pass()

ALL: tuple[Action, ...] = (
    *(a for s in BOARD for c in s for a in c),
    *(a for s in ON_BOOK for c in s for b in c for a in b),
    *USE,
    *TAKE.values(),
    *RETURN,
    PASS,
)

_PLACE = re.compile(r"^([a-z])(\d+)-([a-z]\d+)$", re.I)
_PLACE_BOOK = re.compile(r"^([a-z])(\d+)-(sb\d+)\.([ab])$", re.I)
_WORD = re.compile(r"^(use|take|return)\s+(\S+)$", re.I)


class WinterQueenCodec(IndexedCodec):
    """Reads and numbers Winter Queen actions (see ``ActionCodec``)."""

    def parse(self, text: str) -> Action:
        raw = notation(text)
        if raw.lower() == "pass":
            return PASS
        if m := _PLACE_BOOK.match(raw):
            c, s, b, p = m.groups()
            return ON_BOOK[_stand(int_or_text(s))][_colour(c)][_book(b)][_page(p.upper())]
        if m := _PLACE.match(raw):
            c, s, x = m.groups()
            return BOARD[_stand(int_or_text(s))][_colour(c)][_cell(x)]
        if m := _WORD.match(raw):
            word, arg = m.group(1).lower(), m.group(2)
            if word == "use":
                return USE[_book(arg)]
            if word == "take":
                return TAKE[_province(arg)]
            return RETURN[_cell(arg)]
        raise ActionFormatError(
            f"cannot read {excerpt(text)} as a Winter Queen action.\n{NOTATION_HELP}")

    def from_json(self, obj: Any) -> Action:
        kind = json_kind(obj, KINDS)

        def field(name: str) -> Any:
            return json_field(obj, kind, name)

        if kind == "place":
            return BOARD[_stand(field("stand"))][_colour(field("floe"))][_cell(field("cell"))]
        if kind == "place-book":
            row = ON_BOOK[_stand(field("stand"))][_colour(field("floe"))]
            return row[_book(field("book"))][_page(field("page"))]
        if kind == "use":
            return USE[_book(field("book"))]
        if kind == "take":
            return TAKE[_province(field("province"))]
        if kind == "return":
            return RETURN[_cell(field("cell"))]
        if kind == "pass":
            return PASS
        raise ActionFormatError(f"unknown action kind {excerpt(kind)}; kinds: {KINDS}")


CODEC = WinterQueenCodec(ALL, "Winter Queen")
