"""ICECOOL Wizards' actions, their notation, JSON form and integer codec.

A turn is a short stack of small decisions: before each flick (relocate? spells?), the
flick itself, then after it each collect / exam / trade / spell choice and ``done``.
Lesson card types are named ``F``, ``H-water`` ... (icon letter, then the element).

>>> from wintergames.games.icecool_wizards.actions import CODEC
>>> str(CODEC.parse("flick 90 0.5 -0.25")), str(CODEC.parse("flick 405.04 1 0"))
('flick 90 0.5 -0.25', 'flick 45 1 0')
>>> try:
...     CODEC.from_json({"kind": "flick", "angle": 1e308, "power": 1, "spin": 0})
... except ValueError as err:
...     print(err)
angle is -3600..3600 degrees (read modulo 360), not 1e+308
>>> str(CODEC.parse("exam X3 h+f")), str(CODEC.parse("trade 2 give F take W-fire"))
('exam X3 F+H', 'trade 2 give F take W-fire')
>>> str(CODEC.parse("cast S-wind")), str(CODEC.parse("collect star"))
('cast S-wind', 'collect star')
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from wintergames.core.actions import (
    Action,
    IndexedCodec,
    int_or_text,
    json_field,
    json_kind,
    notation,
    numbered,
)
from wintergames.core.errors import ActionFormatError, excerpt
from wintergames.games.icecool_wizards.components import IW

MAX_SEATS = len(IW.colours)
N_TYPES = len(IW.types)
MAX_ICONS = max(len(e.icons) for e in IW.exams)
TYPE_NAMES = ", ".join(IW.type_name(t) for t in range(N_TYPES))

# The flick grid offered by legal_actions: any other in-range flick is legal too.
GRID_ANGLES = tuple(range(0, 360, 15))
GRID_POWERS = (0.25, 0.5, 0.75, 1.0)
GRID_SPINS = (-0.6, 0.0, 0.6)
# RB "How to Flick" pushes the penguin forward, so a flick has power: at least the
# smallest step of the quantised power (hundredths). Power 0 is well-formed notation but
# breaks that rule; rules.check refuses it, so old records with it fail to replay.
MIN_POWER100 = 1
# Any angle is read modulo 360 (so -90 is 270), within ten turns either way: beyond that a
# number is a mistake or an attack (1e308 * 10 is no longer a number).
MAX_ANGLE = 3600
KINDS = "flick, relocate, cast, collect, exam, trade, discard, done"

NOTATION_HELP = f"""\
ICECOOL Wizards notation:
  flick 90 0.5 -0.3   flick: angle in degrees (0 = east/right, 90 = north/up;
                      -3600..3600, read modulo 360),
                      power 0.01..1 (a flick pushes the penguin: never 0),
                      spin -1..1 (+ = pushed on its right side: curves right)
  relocate            before a flick, near a wall or stuck in a doorway: move the
                      penguin to the nearest free point of a white line
  cast F-wind         use a spell card (turned face down): wind = extra flick,
                      mountain = draw 2 lessons, fire = everyone else discards one
  collect star        after a flick: take the lesson card of that icon's place
  exam X3 F+H-water   after a flick: take the exam on space X3 paying these lessons
                      (a water card pays any icon)
  trade 2 give F take H-fire   after touching player 2's penguin: swap one lesson each
  discard H-fire      when another player casts Fire: your discard, chosen at the
                      same time as the others' and hidden until all have chosen
                      (add 'down' for a face-down card: discard H-fire down)
  done                end this flick's actions
  lesson types: {TYPE_NAMES}"""


def _type(name: Any) -> int:
    index = IW.type_index(name) if isinstance(name, str) and len(name) < 40 else None
    if index is None:
        raise ActionFormatError(
            f"there is no lesson card {excerpt(name)}; lesson types: {TYPE_NAMES}")
    return index


def _icon(name: Any) -> int:
    if isinstance(name, str):
        key = name.strip().lower()
        for i, icon in enumerate(IW.icons):
            if key in (icon, IW.icon_letters[i].lower()):
                return i
    raise ActionFormatError(f"there is no icon {excerpt(name)}; icons: {', '.join(IW.icons)}")


def _space(name: Any) -> int:
    if isinstance(name, str) and name.strip().upper() in IW.exam_spaces:
        return IW.exam_spaces.index(name.strip().upper())
    raise ActionFormatError(
        f"there is no exam space {excerpt(name)}; spaces: {', '.join(IW.exam_spaces)}"
    )


def _seat(number: Any) -> int:
    return numbered(number, "players", MAX_SEATS)


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ActionFormatError(f"the {what} must be a number, not {excerpt(text)}") from None
    if not math.isfinite(value):
        raise ActionFormatError(f"the {what} must be a finite number, not {excerpt(text)}")
    return value


def _json_number(value: Any, what: str) -> float:
    """A flick's number from JSON: an int or float, never ``true``, never NaN or infinite."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ActionFormatError(f"angle, power and spin are numbers; the {what} is "
                                f"{excerpt(value)}")
    return value


def _within(value: float, what: str, lo: float, hi: float, unit: str = "") -> None:
    """Refuse ``value`` outside ``lo..hi`` (NaN and infinities are outside every range; an
    integer too big for a float compares exactly)."""
    if not lo <= value <= hi:
        raise ActionFormatError(f"{what} is {lo:g}..{hi:g}{unit}, not {excerpt(value)}")


def _fmt(value: int, scale: int) -> str:
    return f"{value / scale:g}"


@dataclass(frozen=True, slots=True)
class Flick(Action):
    """Flick your penguin: angle in tenths of a degree, power and spin in hundredths.

    Build it with ``Flick.of(angle_deg, power, spin)``, which quantizes, so a replay
    reproduces the flick exactly.
    """

    kind: ClassVar[str] = "flick"
    angle10: int  # 0..3599
    power100: int  # 0..100; a legal flick needs at least MIN_POWER100
    spin100: int  # -100..100

    def __post_init__(self) -> None:
        for name, value, lo, hi in (("angle", self.angle10, 0, 3599),
                                    ("power", self.power100, 0, 100),
                                    ("spin", self.spin100, -100, 100)):
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise ActionFormatError(f"flick {name} out of range: {excerpt(value)}")

    @classmethod
    def of(cls, angle_deg: float, power: float, spin: float) -> Flick:
        """The flick at ``angle_deg`` (any angle within ``MAX_ANGLE``, read modulo 360),
        ``power`` 0..1 and ``spin`` -1..1, quantized."""
        _within(angle_deg, "angle", -MAX_ANGLE, MAX_ANGLE, " degrees (read modulo 360)")
        _within(power, "power", 0, 1)
        _within(spin, "spin", -1, 1)
        return cls(round(angle_deg * 10) % 3600, round(power * 100), round(spin * 100))

    @property
    def angle_deg(self) -> float:
        return self.angle10 / 10

    @property
    def power(self) -> float:
        return self.power100 / 100

    @property
    def spin(self) -> float:
        return self.spin100 / 100

    def __str__(self) -> str:
        return (f"flick {_fmt(self.angle10, 10)} {_fmt(self.power100, 100)} "
                f"{_fmt(self.spin100, 100)}")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "angle": self.angle_deg, "power": self.power,
                "spin": self.spin}


@dataclass(frozen=True, slots=True)
class Relocate(Action):
    """Before a flick: put the penguin on the nearest free point of a white line."""

    kind: ClassVar[str] = "relocate"

    def __str__(self) -> str:
        return "relocate"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


@dataclass(frozen=True, slots=True)
class Cast(Action):
    """Turn a face-up spell card of ``card`` type face down and apply its spell."""

    kind: ClassVar[str] = "cast"
    card: int

    def __str__(self) -> str:
        return f"cast {IW.type_name(self.card)}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": IW.type_name(self.card)}


@dataclass(frozen=True, slots=True)
class Collect(Action):
    """Take the lesson card lying on the place of ``icon``."""

    kind: ClassVar[str] = "collect"
    icon: int

    def __str__(self) -> str:
        return f"collect {IW.icons[self.icon]}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "icon": IW.icons[self.icon]}


@dataclass(frozen=True, slots=True)
class TakeExam(Action):
    """Take the exam on ``space``, discarding the lesson cards ``paid`` (sorted types)."""

    kind: ClassVar[str] = "exam"
    space: int
    paid: tuple[int, ...]

    def __str__(self) -> str:
        cards = "+".join(IW.type_name(t) for t in self.paid)
        return f"exam {IW.exam_spaces[self.space]} {cards}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "space": IW.exam_spaces[self.space],
                "paid": [IW.type_name(t) for t in self.paid]}


@dataclass(frozen=True, slots=True)
class Trade(Action):
    """Exchange knowledge: give your ``give`` card to ``seat`` and take their ``take``."""

    kind: ClassVar[str] = "trade"
    seat: int
    give: int
    take: int

    def __str__(self) -> str:
        return (f"trade {self.seat + 1} give {IW.type_name(self.give)} "
                f"take {IW.type_name(self.take)}")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.seat + 1, "give": IW.type_name(self.give),
                "take": IW.type_name(self.take)}


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Under another player's Fire spell: discard one of your lesson cards."""

    kind: ClassVar[str] = "discard"
    card: int
    face_down: bool

    def __str__(self) -> str:
        return f"discard {IW.type_name(self.card)}{' down' if self.face_down else ''}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "card": IW.type_name(self.card), "face_down": self.face_down}


@dataclass(frozen=True, slots=True)
class Done(Action):
    """End the actions after this flick."""

    kind: ClassVar[str] = "done"

    def __str__(self) -> str:
        return "done"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind}


# Every discrete action exists once; rules hand out these shared objects.
GRID = tuple(Flick.of(a, p, s) for a in GRID_ANGLES for p in GRID_POWERS for s in GRID_SPINS)
RELOCATE, DONE = Relocate(), Done()
CAST = {t: Cast(t) for t in range(N_TYPES) if IW.types[t].spell}
COLLECT = tuple(Collect(i) for i in range(len(IW.icons)))
DISCARD = {(t, d): Discard(t, d) for t in range(N_TYPES) for d in (False, True)}
TRADE = {(s, g, t): Trade(s, g, t) for s in range(MAX_SEATS) for g in range(N_TYPES)
         for t in range(N_TYPES)}
EXAM = {
    (x, paid): TakeExam(x, paid)
    for x in range(len(IW.exam_spaces))
    for size in range(1, MAX_ICONS + 1)
    for paid in itertools.combinations_with_replacement(range(N_TYPES), size)
}

ALL: tuple[Action, ...] = (*GRID, RELOCATE, *CAST.values(), *COLLECT, *EXAM.values(),
                           *TRADE.values(), *DISCARD.values(), DONE)

_FLICK = re.compile(r"^flick\s+(\S+)\s+(\S+)\s+(\S+)$", re.I)
_EXAM = re.compile(r"^exam\s+(\S+)\s+(\S+)$", re.I)
_TRADE = re.compile(r"^trade\s+(\d+)\s+give\s+(\S+)\s+take\s+(\S+)$", re.I)
_DISCARD = re.compile(r"^discard\s+(\S+)(\s+down)?$", re.I)
_WORD = re.compile(r"^(cast|collect)\s+(\S+)$", re.I)


def exam_action(space: int, names: list[Any]) -> TakeExam:
    """The exam on ``space`` paid with the lesson cards named in ``names``."""
    if not 1 <= len(names) <= MAX_ICONS:  # counted first: a million names are not read
        raise ActionFormatError(
            f"an exam is paid with 1 to {MAX_ICONS} lesson cards, not {len(names)}"
        )
    return EXAM[(space, tuple(sorted(_type(name) for name in names)))]


def cast_action(card: int) -> Cast:
    if card not in CAST:
        raise ActionFormatError(f"{IW.type_name(card)} has no element: it is not a spell")
    return CAST[card]


class IcecoolCodec(IndexedCodec):
    """Reads and numbers ICECOOL Wizards actions; only grid flicks have an index."""

    def parse(self, text: str) -> Action:
        raw = notation(text)
        low = raw.lower()
        if low in ("done", "relocate"):
            return DONE if low == "done" else RELOCATE
        if m := _FLICK.match(raw):
            angle, power, spin = (_number(m.group(i), w) for i, w in
                                  ((1, "angle"), (2, "power"), (3, "spin")))
            return Flick.of(angle, power, spin)
        if m := _EXAM.match(raw):
            return exam_action(_space(m.group(1)), m.group(2).split("+"))
        if m := _TRADE.match(raw):
            return TRADE[(_seat(int_or_text(m.group(1))), _type(m.group(2)), _type(m.group(3)))]
        if m := _DISCARD.match(raw):
            return DISCARD[(_type(m.group(1)), bool(m.group(2)))]
        if m := _WORD.match(raw):
            if m.group(1).lower() == "cast":
                return cast_action(_type(m.group(2)))
            return COLLECT[_icon(m.group(2))]
        raise ActionFormatError(
            f"cannot read {excerpt(text)} as an ICECOOL Wizards action.\n{NOTATION_HELP}"
        )

    def from_json(self, obj: Any) -> Action:
        kind = json_kind(obj, KINDS)

        def field(name: str) -> Any:
            return json_field(obj, kind, name)

        if kind in ("done", "relocate"):
            return DONE if kind == "done" else RELOCATE
        if kind == "flick":
            return Flick.of(*(_json_number(field(name), name)
                              for name in ("angle", "power", "spin")))
        if kind == "exam":
            paid = field("paid")
            if not isinstance(paid, list):
                raise ActionFormatError(
                    f"'paid' is a list of lesson cards, not {excerpt(paid)}")
            return exam_action(_space(field("space")), paid)
        if kind == "trade":
            return TRADE[(_seat(field("player")), _type(field("give")), _type(field("take")))]
        if kind == "discard":
            face_down = obj.get("face_down", False)
            if not isinstance(face_down, bool):
                raise ActionFormatError(f"'face_down' is true or false, not {excerpt(face_down)}")
            return DISCARD[(_type(field("card")), face_down)]
        if kind == "cast":
            return cast_action(_type(field("card")))
        if kind == "collect":
            return COLLECT[_icon(field("icon"))]
        raise ActionFormatError(f"unknown action kind {excerpt(kind)}; kinds: {KINDS}")

    def unindexed(self, action: Action) -> str:
        if isinstance(action, Flick):
            return f"{action} is off the flick grid; only grid flicks have an index"
        return super().unindexed(action)


CODEC = IcecoolCodec(ALL, "ICECOOL Wizards")
