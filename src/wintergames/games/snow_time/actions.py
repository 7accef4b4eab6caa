"""Snow Time's actions, their notation, JSON form and integer codec.

Every decision is made for one colour (in the two-player variant a player runs two):
play a card face down (also the second card after a Watcher), or, after revealing the
Healer, choose which discarded cards to take back.

>>> from wintergames.games.snow_time.actions import CODEC
>>> str(CODEC.parse("red 5")), str(CODEC.parse("b h")), str(CODEC.parse("g watcher"))
('red 5', 'blue healer', 'green watcher')
>>> CODEC.parse("red heal 5+3").to_json()
{'kind': 'heal', 'colour': 'red', 'cards': [3, 5]}
>>> str(CODEC.parse("yellow heal none"))
'yellow heal none'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from wintergames.core.actions import (
    Action,
    IndexedCodec,
    check_index,
    int_or_text,
    json_field,
    json_kind,
    notation,
)
from wintergames.core.errors import ActionFormatError, excerpt
from wintergames.core.overlay import OVERLAY
from wintergames.games.snow_time.components import ST, cards_in
from wintergames.games.snow_time.params import params_for

# The most cards a Healer's choice can name: RB "Healer" says "up to two previously
# discarded cards" (``ST.healer_takes_back``), and an overlay may allow up to all but one
# (when all have fallen, all come back without a choice). The rules refuse more than the
# game's own number (``Params.healer_takes_back``).
MOST_HEAL = ST.characters - 1
KINDS = "play, heal"

_CARD_WORDS = ", ".join(ST.card_name(c) for c in range(ST.cards))
NOTATION_HELP = f"""\
Snow Time notation (every choice names the colour it is for):
  red 5          play the red 5 face down (levels 1..{ST.levels}: the number is the level)
  red healer     play a special card: healer, watcher or snowstorm (or h, w, s)
  red heal 3+5   after revealing your Healer: take the discarded 3 and 5 back into hand
  red heal 4     ... take only the 4 back;  red heal none: take nothing back
  colours: {", ".join(ST.colours)} (or their first letter); cards: {_CARD_WORDS}"""


def _colour(name: Any) -> int:
    if isinstance(name, str):
        key = name.strip().lower()
        if key in ST.colours:
            return ST.colours.index(key)
        initials = [c[0] for c in ST.colours]
        if len(key) == 1 and key in initials:
            return initials.index(key)
    raise ActionFormatError(
        f"there is no colour {excerpt(name)}; colours: {', '.join(ST.colours)}")


def _card(name: Any) -> int:
    """A card by its name (``"5"``, ``"healer"``, ``"h"``) or, in JSON, its number."""
    if isinstance(name, int) and not isinstance(name, bool) and 0 < name < 100:
        text = str(name)
    else:  # only plain short words are names (``int`` refuses some digits, like "²")
        text = name if isinstance(name, str) and name.isascii() and len(name) < 20 else ""
    index = ST.card_index(text) if text.strip() else None
    if index is None:
        raise ActionFormatError(f"there is no card {excerpt(name)}; cards: {_CARD_WORDS}")
    return index


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Play ``card`` (0..6: characters 1..7, then healer, watcher, snowstorm) of ``colour``."""

    kind: ClassVar[str] = "play"
    colour: int
    card: int

    def __post_init__(self) -> None:
        check_index("colour", self.colour, len(ST.colours))
        check_index("card", self.card, ST.cards)

    def __str__(self) -> str:
        return f"{ST.colours[self.colour]} {ST.card_name(self.card)}"

    def to_json(self) -> dict[str, Any]:
        card: int | str = self.card + 1 if ST.is_character(self.card) else ST.card_name(self.card)
        return {"kind": self.kind, "colour": ST.colours[self.colour], "card": card}


@dataclass(frozen=True, slots=True)
class Heal(Action):
    """Take the character cards in bitmask ``cards`` (at most two) back from the discard."""

    kind: ClassVar[str] = "heal"
    colour: int
    cards: int

    def __post_init__(self) -> None:
        check_index("colour", self.colour, len(ST.colours))
        if (
            not isinstance(self.cards, int)
            or isinstance(self.cards, bool)
            or self.cards & ~ST.all_characters
            or self.cards < 0
            or self.cards.bit_count() > MOST_HEAL
        ):
            raise ActionFormatError(
                f"a Healer's choice names at most {MOST_HEAL} character cards, "
                f"not {excerpt(self.cards)}"
            )

    @property
    def numbers(self) -> list[int]:
        """The numbers of the cards taken back, e.g. ``[3, 5]``."""
        return [c + 1 for c in cards_in(self.cards)]

    def __str__(self) -> str:
        taken = "+".join(map(str, self.numbers)) or "none"
        return f"{ST.colours[self.colour]} heal {taken}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "colour": ST.colours[self.colour], "cards": self.numbers}


def _heal_masks(size: int) -> list[int]:
    """Every set of ``size`` character cards, as bitmasks, in the order of
    ``itertools.combinations`` (the order the integer codec numbers them in)."""
    return [sum(1 << c for c in cards) for cards in combinations(range(ST.characters), size)]


# HEAL_MASKS[n]: every set of at most n character cards: none, then each single card, then
# each pair, ... (a Healer that takes back at most n chooses among these).
HEAL_MASKS = tuple(tuple(m for size in range(most + 1) for m in _heal_masks(size))
                   for most in range(MOST_HEAL + 1))
_PRINTED = ST.healer_takes_back

# Every action exists once; the rules hand out these shared objects.
PLAY = [[PlayCard(k, c) for c in range(ST.cards)] for k in range(len(ST.colours))]
HEAL = [{m: Heal(k, m) for m in HEAL_MASKS[MOST_HEAL]} for k in range(len(ST.colours))]

# The integer codec numbers the printed game's actions first, as it always has (the
# plays, then each colour's heals of at most two cards); the heals of more cards that an
# overlay may allow follow, by size, so a game whose Healer takes back at most n numbers
# its actions 0..COUNTS[n]-1.
_BEYOND = [[HEAL[k][m] for k in range(len(ST.colours)) for m in _heal_masks(size)]
           for size in range(_PRINTED + 1, MOST_HEAL + 1)]
ALL: tuple[Action, ...] = (
    *(a for row in PLAY for a in row),
    *(HEAL[k][m] for k in range(len(ST.colours)) for m in HEAL_MASKS[_PRINTED]),
    *(a for size in _BEYOND for a in size),
)
COUNTS = tuple(len(ALL) - sum(len(size) for size in _BEYOND[max(most - _PRINTED, 0):])
               for most in range(MOST_HEAL + 1))

_HEAL_TEXT = re.compile(r"^(\S+)\s+heal\s+(none|-|\d+(?:\s*\+\s*\d+)*)$", re.I)
_PLAY_TEXT = re.compile(r"^(\S+)\s+(\S+)$")
_PLAY_SHORT = re.compile(r"^([a-z])(\d|[hws])$", re.I)


def _heal(colour: int, numbers: list[Any]) -> Action:
    mask = 0
    for number in numbers:  # stops at the first bad or repeated card, so within 8 numbers
        if isinstance(number, bool) or not isinstance(number, int):
            raise ActionFormatError(
                f"a healed card is a number 1..{ST.characters}, not {excerpt(number)}"
            )
        if not 1 <= number <= ST.characters:
            raise ActionFormatError(
                f"characters are numbered 1..{ST.characters}, not {excerpt(number)}")
        if mask & 1 << (number - 1):
            raise ActionFormatError(f"card {number} is named twice")
        mask |= 1 << (number - 1)
    if mask.bit_count() > MOST_HEAL:
        raise ActionFormatError(
            f"a Healer's choice names at most {MOST_HEAL} cards, not {excerpt(numbers)}")
    return HEAL[colour][mask]


class SnowTimeCodec(IndexedCodec):
    """Reads and numbers Snow Time actions (see ``ActionCodec``)."""

    def num_distinct(self, num_players: int, options: Mapping[str, Any]) -> int:
        """The printed game's count, or more where an overlay lets a Healer take back
        more than two cards."""
        return COUNTS[params_for(options.get(OVERLAY)).healer_takes_back]

    def decode(self, index: int, num_players: int, options: Mapping[str, Any]) -> Action:
        check_index("action", index, self.num_distinct(num_players, options))
        return self.actions[index]

    def parse(self, text: str) -> Action:
        raw = notation(text)
        if m := _HEAL_TEXT.match(raw):
            colour, taken = _colour(m.group(1)), m.group(2)
            numbers = [] if taken.lower() in ("none", "-") else taken.split("+")
            return _heal(colour, [int_or_text(n) for n in numbers])
        if m := _PLAY_SHORT.match(raw) or _PLAY_TEXT.match(raw):
            return PLAY[_colour(m.group(1))][_card(m.group(2))]
        raise ActionFormatError(
            f"cannot read {excerpt(text)} as a Snow Time action.\n{NOTATION_HELP}")

    def from_json(self, obj: Any) -> Action:
        kind = json_kind(obj, KINDS)
        if kind == "play":
            return PLAY[_colour(json_field(obj, kind, "colour"))][
                _card(json_field(obj, kind, "card"))]
        if kind == "heal":
            cards = json_field(obj, kind, "cards")
            if not isinstance(cards, list):
                raise ActionFormatError(f"'cards' is a list of numbers, not {excerpt(cards)}")
            return _heal(_colour(json_field(obj, kind, "colour")), cards)
        raise ActionFormatError(f"unknown action kind {excerpt(kind)}; kinds: {KINDS}")


CODEC = SnowTimeCodec(ALL, "Snow Time")
