"""What ICECOOL Wizards calls things: its messages and the mentions its phrases are made of.

A lesson card is named by its icon and its spell ("Hourglass (fire spell)"), an exam by
the icons it asks for, a doorway or an exam space by its rooms, a flick by where it goes,
how hard and how it curves: the words players use, on both screens. The codes the
notation uses ("H-fire", "exam F+H", "D1", "X6", "flick 45 0.75 0") stay in each
mention's ``ref`` and ``term``, where a screen finds the picture and the tooltip.

Every mention but a flick's is made once, at import: a search logs thousands of lines a
second, so a phrase only picks ready mentions.

>>> MSG("collect", seat=seat(0), card=lesson(IW.type_index("W-fire")),
...     place=lesson_place(IW.icons.index("wand"))).text
'Player 1 collects Wand (fire spell) from the doorway between Astrology and Magic 101'
>>> exam(15).text, exam(15).ref, points(1).text
('Magic Fishbone + Hourglass + Wand exam', 'exam F+H+W', '1 Magic Point')
>>> flick(Flick.of(45, 0.75, 0.6)).text
'at 45° (up and right), hard (75%), spin, curving right'
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from wintergames.core.events import seat as _seat
from wintergames.core.phrases import Catalogue, Mention
from wintergames.core.provenance import RuleIndex
from wintergames.games.icecool_wizards.actions import MAX_SEATS, Flick
from wintergames.games.icecool_wizards.components import DATA, IW
from wintergames.games.icecool_wizards.layout import place_names

MSG = Catalogue.load(DATA / "messages.toml", "icecool-wizards")
RULES = RuleIndex.load(DATA / "rules.toml", "icecool-wizards")

__all__ = ["MSG", "RULES", "doorway", "exam", "exam_code", "exam_space", "extra_flicks",
           "flick", "flick_aim", "flick_force", "flick_notation", "flick_words", "icon",
           "lesson", "lesson_place", "lessons", "penguin", "points", "room", "seat", "walls"]

# What players call each doorway and exam space ("doorway between Astrology and Magic
# 101"): the help's terms are keyed by these names too, so a tooltip is headed by them.
_PLACE_NAMES = place_names()
UNIT = "Magic Points"


def _lesson(t: int) -> Mention:
    kind, code = IW.types[t], IW.type_name(t)
    name = IW.icon_names[kind.icon]
    return Mention("card", code, f"{name} ({kind.element} spell)" if kind.element else name,
                   term=code)


def exam_code(e: int) -> str:
    """How the notation and the help name exam card ``e``: ``"exam F+H"``."""
    return "exam " + "+".join(IW.icon_letters[i] for i in IW.exams[e].icons)


def _exam(e: int) -> Mention:
    words = " + ".join(IW.icon_names[i] for i in IW.exams[e].icons)
    return Mention("card", exam_code(e), f"{words} exam", term=exam_code(e))


def _named(code: str) -> Mention:
    """A doorway or exam space by its name, the code in ``ref``."""
    return Mention("place", code, "the " + _PLACE_NAMES[code], term=_PLACE_NAMES[code])


_SEATS = tuple(_seat(p) for p in range(MAX_SEATS))
_LESSONS = tuple(_lesson(t) for t in range(len(IW.types)))
_EXAMS = tuple(_exam(e) for e in range(len(IW.exams)))
_ICONS = tuple(Mention("term", i, name, term=i) for i, name in zip(IW.icons, IW.icon_names,
                                                                    strict=True))
_ROOMS = {r: Mention("place", r, name, term=r) for r, name in IW.room_names.items()}
_DOORWAYS = {d.id: _named(d.id) for d in IW.table.doorways}
_SPACES = tuple(_named(x) for x in IW.exam_spaces)
# Where each icon's card lies: across a doorway, or in a classroom.
_PLACES = tuple(
    _DOORWAYS[p.doorway] if p.doorway else
    Mention("place", p.room, f"the {IW.room_names[p.room]} classroom", term=p.room)
    for p in IW.places)


# The mention constructors: each picks its ready mention.
seat: Callable[[int], Mention] = _SEATS.__getitem__  # "Player 1" (core.events.seat)
lesson: Callable[[int], Mention] = _LESSONS.__getitem__  # "Hourglass (fire spell)", H-fire
exam: Callable[[int], Mention] = _EXAMS.__getitem__  # "Magic Fishbone + Hourglass exam"
icon: Callable[[int], Mention] = _ICONS.__getitem__  # "Magic Fishbone", fishbone
room: Callable[[str], Mention] = _ROOMS.__getitem__  # "Magic 101", magic101
doorway: Callable[[str], Mention] = _DOORWAYS.__getitem__  # "the doorway between ...", D1
exam_space: Callable[[int], Mention] = _SPACES.__getitem__  # "the top exam space in ...", X6
# Where an icon's card lies: its doorway, or "the Astrology classroom".
lesson_place: Callable[[int], Mention] = _PLACES.__getitem__


def points(n: int) -> Mention:
    return Mention("amount", n, f"{n} Magic Point{'s' * (n != 1)}", unit=UNIT,
                   term="magic points")


def lessons(n: int) -> Mention:
    """Lesson cards counted: "1 lesson", "2 lessons" (a Mountain spell's draws)."""
    return Mention("amount", n, f"{n} lesson{'s' * (n != 1)}", unit="lessons", term="lesson")


def extra_flicks(n: int) -> Mention:
    """Flicks a Wind spell adds: "1 extra flick", "2 extra flicks"."""
    return Mention("amount", n, f"{n} extra flick{'s' * (n != 1)}", unit="flicks",
                   term="wind")


def walls(n: int) -> Mention:
    """Walls hopped: "1 wall", "2 walls"."""
    return Mention("amount", n, f"{n} wall{'s' * (n != 1)}", unit="walls", term="hop")


_DIRECTIONS = ("right", "up and right", "up", "up and left", "left", "down and left",
               "down", "down and right")


def flick_words(action: Flick) -> str:
    """A flick as a player says it: its angle on the board (0 degrees is right, 90 up) and
    the way that is, how hard, which way it curves (spin +1 pushes its right side: it
    curves right). The angle itself, not only its eighth of a turn: flicks 15 degrees
    apart read alike otherwise.

    >>> flick_words(Flick.of(200, 0.25, -0.3))
    'at 200° (left), soft (25%), a little spin, curving left'
    """
    return f"{_aim_words(action)}, {_force_words(action)}"


def _aim_words(action: Flick) -> str:
    return f"at {action.angle10 / 10:g}\N{DEGREE SIGN} ({_way(action)})"


def _way(action: Flick) -> str:
    return _DIRECTIONS[(action.angle10 + 225) // 450 % 8]  # the nearest eighth of a turn


def _force_words(action: Flick) -> str:
    """How hard and how it curves: "soft (25%), a little spin, curving left"."""
    power = action.power100
    strength = ("soft" if power <= 25 else "medium" if power <= 50 else "hard" if power <= 80
                else "very hard")
    return f"{strength} ({power}%), {_bend(action)}"


def _bend(action: Flick) -> str:
    """Which way a flick curves (spin +1 pushes its right side: it curves right)."""
    spin = abs(action.spin100)
    if spin < 5:
        return "no spin"
    return (f"{'a little spin' if spin < 50 else 'spin'}, curving "
            f"{'right' if action.spin100 > 0 else 'left'}")


@functools.lru_cache(maxsize=512)  # every view lists the same grid of flicks
def flick_aim(action: Flick) -> Mention:
    """Where a flick is aimed: "at 45° (up and right)"; the angle in tenths in ``ref``."""
    return Mention("term", action.angle10, _aim_words(action), term="flick")


@functools.lru_cache(maxsize=512)
def flick_force(action: Flick) -> Mention:
    """How hard a flick is and how it curves, briefly (a label in a long list of them):
    "25%, spin, curving left"."""
    return Mention("term", str(action), f"{action.power100}%, {_bend(action)}", term="spin")


@functools.lru_cache(maxsize=512)
def flick_notation(action: Flick) -> Mention:
    """A flick as typed: "flick 45 0.75 0" (what a player types for another one)."""
    return Mention("term", str(action), str(action), term="flick")


def penguin(p: int) -> Mention:
    """Seat ``p``'s penguin, as its owner is told of it: "your green penguin"."""
    return _PENGUINS[p]


_PENGUINS = tuple(Mention("piece", colour, f"your {colour} penguin", term="penguin")
                  for colour in IW.colours)


@functools.lru_cache(maxsize=4096)  # bots flick the same grid and proposals again and again
def flick(action: Flick) -> Mention:
    """A flick in words, its notation ("flick 45 0.75 0") in ``ref``."""
    return Mention("term", str(action), flick_words(action), term="flick")
