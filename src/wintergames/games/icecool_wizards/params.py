"""What a what-if overlay of ICECOOL Wizards may change, and the values a game plays with.

A designer asks "if Wind gave two flicks, or three-icon exams 12 points, does the balance
move?". ``SCHEMA`` lists every value that may change (``core.overlay``), each default read
from the data files (``data/setup.toml``, ``lessons.toml``, ``exams.toml``), so those files
stay the one place a number lives. A state builds its ``Params`` once, from its options
(``params_of``), and every rule, score, prompt and view reads them there.

Only the rulebook's numbers and the components' counts and points may change. The
physics (``data/physics.toml``: friction, mass, flick speed) and "close to a wall"
(``near_wall``) are our reconstruction and interpretation, not numbers the rulebook
states, so no overlay moves them (docs/rules/icecool-wizards.md, "What-if overlay").

>>> p = params_of({"overlay": {"exams.three_icons.vp": 12}})
>>> p.flicks_per_turn, p.exam_vp[15], DEFAULT.exam_vp[15]
(2, 12, 9)
>>> params_of({"overlay": {"exams.three_icons.vp": 12}}) is p
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wintergames.core.overlay import OVERLAY, OverlaySchema, Param, flatten
from wintergames.games.icecool_wizards.components import IW, read_data

GAME = "icecool-wizards"
_SETUP = read_data("setup.toml")
_LESSONS = read_data("lessons.toml")

# An exam is named by how many icons it asks for: "exams.two_icons.vp".
_SIZE_WORDS = {1: "one_icon", 2: "two_icons", 3: "three_icons", 4: "four_icons"}
EXAM_SIZES = tuple(sorted({len(e.icons) for e in IW.exams}))
# Per icon, in icon order: its plain lesson type and its spell types (as the deck lists them).
_PLAIN = tuple(next(t for t, k in enumerate(IW.types) if k.icon == i and k.element is None)
               for i in range(len(IW.icons)))
_SPELLS = tuple(tuple(t for t, k in enumerate(IW.types) if k.icon == i and k.element)
                for i in range(len(IW.icons)))
_WIND = frozenset(IW.spell_types("extra-flick"))

# Low bounds a game still ends with. The game ends only once the exam deck is used up, so
# lessons must keep flowing to pay for exams. Spells cast lie face down for good: with no
# plain lesson of an icon, a deck of spells alone dries up (random 4-player games at the
# low bounds ran past 20,000 decisions), and one lesson on the board at a time makes a
# random game some four times longer than the printed three (3,500-5,700 decisions at
# 2 players; the printed game takes 550-1,200).
LEAST_ON_BOARD = 2
LEAST_PLAIN = 1


def _printed_exam_vp(size: int) -> int:
    """The points every exam asking for ``size`` icons shows (exams.toml): one value per
    size, or the overlay could not name it by size."""
    found = {e.points for e in IW.exams if len(e.icons) == size}
    if len(found) != 1:
        raise ValueError(f"exams.toml: the exams asking for {size} icons show different "
                         f"points {sorted(found)}; exams.{_SIZE_WORDS[size]}.vp needs one")
    return found.pop()


def _exam_key(size: int) -> str:
    return f"exams.{_SIZE_WORDS[size]}.vp"


def _plain_key(icon: int) -> str:
    return f"lessons.plain_cards.{IW.icons[icon]}"


SCHEMA = OverlaySchema(GAME, [
    Param("lessons.on_board", _SETUP["lessons_on_board"],
          "lesson cards of different icons lying on the board after setup and after each "
          "turn's refill (one place per icon)", low=LEAST_ON_BOARD, high=len(IW.icons)),
    Param("turn.flicks", _SETUP["flicks_per_turn"],
          "flicks a player takes each turn, before any Wind spell", low=1, high=4),
    Param("spells.wind.extra_flicks", _SETUP["wind_flicks"],
          "flicks a Wind spell adds to the caster's turn", low=0, high=3),
    Param("spells.mountain.draws", _SETUP["mountain_draws"],
          "lesson cards a Mountain spell draws onto their places", low=0, high=len(IW.icons)),
    Param("lessons.vp", _LESSONS["points"],
          "Magic Points each face-up lesson card scores at the end", low=0, high=10),
    Param("spells.used.vp", _LESSONS["spell_points"],
          "Magic Points each used (face-down) spell scores at the end", low=0, high=10),
    *(Param(_exam_key(size), _printed_exam_vp(size),
            f"Magic Points every exam card asking for {size} lesson "
            f"icon{'s' * (size != 1)} scores", low=0, high=50)
      for size in EXAM_SIZES),
    *(Param(_plain_key(i), IW.deck.count(_PLAIN[i]),
            f"plain lesson cards (no element) of the {IW.icon_names[i]} icon in the deck; "
            f"its {len(_SPELLS[i])} spell cards stay", low=LEAST_PLAIN, high=8)
      for i in range(len(IW.icons))),
])


@dataclass(frozen=True, slots=True)
class Params:
    """The numbers one game plays with: the data files' values, an overlay applied.

    Immutable, so a state and all its clones share one. The last four fields follow
    from the others.
    """

    lessons_on_board: int
    flicks_per_turn: int
    wind_flicks: int
    mountain_draws: int
    lesson_vp: int  # a face-up lesson at the end
    spell_vp: int  # a used spell, face down, at the end
    exam_vp: tuple[int, ...]  # per exam card (IW.exams), by how many icons it asks for
    deck: tuple[int, ...]  # the lesson deck as type indices, in the data files' order
    copies: tuple[int, ...]  # per lesson type, its cards in the deck
    most_flicks: int  # flicks_left never exceeds this: every Wind spell cast in one turn
    most_points: int  # Magic Points there are: every exam and every lesson card


def _build(values: Mapping[str, Any]) -> Params:
    by_size = {size: values[_exam_key(size)] for size in EXAM_SIZES}
    deck = tuple(t for i in range(len(IW.icons))
                 for t in (_PLAIN[i],) * values[_plain_key(i)] + _SPELLS[i])
    copies = tuple(deck.count(t) for t in range(len(IW.types)))
    exam_vp = tuple(by_size[len(e.icons)] for e in IW.exams)
    flicks, wind = values["turn.flicks"], values["spells.wind.extra_flicks"]
    lesson_vp, spell_vp = values["lessons.vp"], values["spells.used.vp"]
    return Params(
        lessons_on_board=values["lessons.on_board"],
        flicks_per_turn=flicks,
        wind_flicks=wind,
        mountain_draws=values["spells.mountain.draws"],
        lesson_vp=lesson_vp,
        spell_vp=spell_vp,
        exam_vp=exam_vp,
        deck=deck,
        copies=copies,
        most_flicks=flicks + wind * sum(copies[t] for t in _WIND),
        # at least 1: the RL encoding divides by it, and every value may be 0
        most_points=max(1, sum(exam_vp) + len(deck) * max(lesson_vp, spell_vp)),
    )


# One Params per distinct overlay (an arena makes thousands of states with one); bounded,
# since a server's tables may each bring another.
@functools.lru_cache(maxsize=256)
def _cached(items: tuple[tuple[str, Any], ...]) -> Params:
    return _build(SCHEMA.values(dict(items)))


def params_of(options: Mapping[str, Any]) -> Params:
    """The values a game with these options plays with (its overlay, as tables or dotted
    keys, is checked by ``SCHEMA``).

    Every value of an overlay is a number (no list), so its sorted items are the key.
    """
    overlay = flatten(options.get(OVERLAY) or {})
    return _cached(tuple(sorted(overlay.items())))


DEFAULT = params_of({})  # the game as printed
if DEFAULT.deck != IW.deck:  # the overlay's deck must be the data files' deck, card by card
    raise ValueError("params.py builds the lesson deck in another order than lessons.toml")
