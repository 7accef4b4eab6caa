"""ICECOOL Wizards' actions, their notation, JSON form and integer codec.

A turn is a short stack of small decisions: before each flick (relocate? spells?), the
flick itself, then after it each collect / exam / trade / spell choice and ``done``.
Lesson card types are named ``F``, ``H-water`` ... (icon letter, then the element).

>>> from wintergames.games.icecool_wizards.actions import CODEC
>>> str(CODEC.parse("flick 90 0.5 -0.25")), str(CODEC.parse("flick 405.04 1 0"))
('flick 90 0.5 -0.25', 'flick 45 1 0')
>>> str(CODEC.parse("exam X3 h+f")), str(CODEC.parse("trade 2 give F take W-fire"))
('exam X3 F+H', 'trade 2 give F take W-fire')
>>> str(CODEC.parse("cast S-wind")), str(CODEC.parse("collect star"))
('cast S-wind', 'collect star')
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Any, ClassVar

from wintergames.core.actions import Action, IndexedCodec
from wintergames.core.errors import ActionFormatError
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

NOTATION_HELP = f"""\
ICECOOL Wizards notation:
  flick 90 0.5 -0.3   flick: angle in degrees (0 = east/right, 90 = north/up),
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
    index = IW.type_index(name) if isinstance(name, str) else None
    if index is None:
        raise ActionFormatError(f"there is no lesson card {name!r}; lesson types: {TYPE_NAMES}")
    return index


def _icon(name: Any) -> int:
    if isinstance(name, str):
        key = name.strip().lower()
        for i, icon in enumerate(IW.icons):
            if key in (icon, IW.icon_letters[i].lower()):
                return i
    raise ActionFormatError(f"there is no icon {name!r}; icons: {', '.join(IW.icons)}")


def _space(name: Any) -> int:
    if isinstance(name, str) and name.strip().upper() in IW.exam_spaces:
        return IW.exam_spaces.index(name.strip().upper())
    raise ActionFormatError(
        f"there is no exam space {name!r}; spaces: {', '.join(IW.exam_spaces)}"
    )


def _seat(number: Any) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_SEATS:
        raise ActionFormatError(f"players are numbered 1 to {MAX_SEATS}, not {number!r}")
    return number - 1


def _number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ActionFormatError(f"the {what} must be a number, not {text!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise ActionFormatError(f"the {what} must be a finite number, not {text!r}")
    return value


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
                raise ActionFormatError(f"flick {name} out of range: {value!r}")

    @classmethod
    def of(cls, angle_deg: float, power: float, spin: float) -> Flick:
        if not 0.0 <= power <= 1.0:
            raise ActionFormatError(f"power is 0..1, not {power}")
        if not -1.0 <= spin <= 1.0:
            raise ActionFormatError(f"spin is -1..1, not {spin}")
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


def exam_action(space: int, paid: list[int] | tuple[int, ...]) -> TakeExam:
    key = (space, tuple(sorted(paid)))
    if key not in EXAM:
        raise ActionFormatError(
            f"an exam is paid with 1 to {MAX_ICONS} lesson cards, not {len(paid)}"
        )
    return EXAM[key]


def cast_action(card: int) -> Cast:
    if card not in CAST:
        raise ActionFormatError(f"{IW.type_name(card)} has no element: it is not a spell")
    return CAST[card]


class IcecoolCodec(IndexedCodec):
    """Reads and numbers ICECOOL Wizards actions; only grid flicks have an index."""

    def parse(self, text: str) -> Action:
        raw = text.strip()
        low = raw.lower()
        if low in ("done", "relocate"):
            return DONE if low == "done" else RELOCATE
        if m := _FLICK.match(raw):
            angle, power, spin = (_number(m.group(i), w) for i, w in
                                  ((1, "angle"), (2, "power"), (3, "spin")))
            return Flick.of(angle, power, spin)
        if m := _EXAM.match(raw):
            return exam_action(_space(m.group(1)), [_type(t) for t in m.group(2).split("+")])
        if m := _TRADE.match(raw):
            return TRADE[(_seat(int(m.group(1))), _type(m.group(2)), _type(m.group(3)))]
        if m := _DISCARD.match(raw):
            return DISCARD[(_type(m.group(1)), bool(m.group(2)))]
        if m := _WORD.match(raw):
            if m.group(1).lower() == "cast":
                return cast_action(_type(m.group(2)))
            return COLLECT[_icon(m.group(2))]
        raise ActionFormatError(
            f"cannot read {text!r} as an ICECOOL Wizards action.\n{NOTATION_HELP}"
        )

    def from_json(self, obj: Any) -> Action:
        if not isinstance(obj, dict) or "kind" not in obj:
            raise ActionFormatError(f"an action is a JSON object with a 'kind', not {obj!r}")
        kind = obj["kind"]
        try:
            if kind in ("done", "relocate"):
                return DONE if kind == "done" else RELOCATE
            if kind == "flick":
                values = [obj["angle"], obj["power"], obj["spin"]]
                if not all(isinstance(v, int | float) and not isinstance(v, bool)
                           for v in values):
                    raise ActionFormatError(f"angle, power and spin are numbers: {obj!r}")
                return Flick.of(*values)
            if kind == "exam":
                if not isinstance(obj["paid"], list):
                    raise ActionFormatError(f"'paid' is a list of lesson cards: {obj!r}")
                return exam_action(_space(obj["space"]), [_type(t) for t in obj["paid"]])
            if kind == "trade":
                return TRADE[(_seat(obj["player"]), _type(obj["give"]), _type(obj["take"]))]
            if kind == "discard":
                if not isinstance(obj.get("face_down", False), bool):
                    raise ActionFormatError(f"'face_down' is true or false: {obj!r}")
                return DISCARD[(_type(obj["card"]), obj.get("face_down", False))]
            if kind == "cast":
                return cast_action(_type(obj["card"]))
            if kind == "collect":
                return COLLECT[_icon(obj["icon"])]
        except KeyError as err:
            raise ActionFormatError(f"malformed {kind!r} action {obj!r}: missing {err}") from None
        kinds = "flick, relocate, cast, collect, exam, trade, discard, done"
        raise ActionFormatError(f"unknown action kind {kind!r}; kinds: {kinds}")

    def unindexed(self, action: Action) -> str:
        if isinstance(action, Flick):
            return f"{action} is off the flick grid; only grid flicks have an index"
        return super().unindexed(action)


CODEC = IcecoolCodec(ALL, "ICECOOL Wizards")
