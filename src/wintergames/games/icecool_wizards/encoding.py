"""ICECOOL Wizards' observation as numbers (``core.encoding``), for RL environments.

Everything in ICECOOL Wizards is public except the order of the two decks and, during a
Fire spell, the other seats' pending discards; ``fill`` reads only the observation dict,
so it encodes exactly that. Seats are listed from the observer's (``seats_from``).
Lesson cards are counted per type (``IW.types``: ``F``, ``F-wind`` ...), each count over
the copies of that type in the deck, so a count never exceeds 1. Penguins are their
centre in board coordinates over the board's size, plus the classroom the centre lies in.

>>> from wintergames.games.icecool_wizards.encoding import observation_encoding
>>> observation_encoding(2, {}).layout.size
223

A what-if overlay (``params.py``) changes no field's size, only the numbers it scales by:
the flicks a turn may reach, the Magic Points there are, each lesson type's copies.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from wintergames.core.encoding import (
    Field,
    Layout,
    ObservationEncoding,
    Writer,
    scaled,
    seats_from,
)
from wintergames.games.icecool_wizards.actions import DISCARD
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.params import Params, params_of

N_TYPES = len(IW.types)
N_ICONS = len(IW.icons)
N_SPACES = len(IW.exam_spaces)
ROOMS = tuple(r.id for r in IW.table.rooms)
PHASES = ("before-flick", "after-flick", "fire-discard", "over")
EXAM_SIZES = tuple(sorted({len(e.icons) for e in IW.exams}))  # (1, 2, 3)

_TYPE = {IW.type_name(t): t for t in range(N_TYPES)}
_ICON = {name: i for i, name in enumerate(IW.icons)}
_SPACE = {name: x for x, name in enumerate(IW.exam_spaces)}
_PHASE = {name: k for k, name in enumerate(PHASES)}
_SIZE_INDEX = {size: k for k, size in enumerate(EXAM_SIZES)}
_SIZE_COUNT = Counter(len(e.icons) for e in IW.exams)
_PER_EXAM = [1.0 / _SIZE_COUNT[size] for size in EXAM_SIZES]
_X0 = min(min(w.a[0], w.b[0]) - w.radius for w in IW.table.walls)
_Y0 = min(min(w.a[1], w.b[1]) - w.radius for w in IW.table.walls)
_WIDTH = max(max(w.a[0], w.b[0]) + w.radius for w in IW.table.walls) - _X0
_HEIGHT = max(max(w.a[1], w.b[1]) + w.radius for w in IW.table.walls) - _Y0
_ROOM_RECTS = tuple(r.rect for r in IW.table.rooms)
# A pending Fire discard, as the observation writes it ("discard H-fire down"): its slot.
_DISCARD_SLOT = {str(a): (int(down), card) for (card, down), a in DISCARD.items()}


def _room(x: float, y: float) -> int | None:
    """The classroom holding the point (the first whose rectangle does), if any."""
    for k, (x1, y1, x2, y2) in enumerate(_ROOM_RECTS):
        if x1 <= x <= x2 and y1 <= y <= y2:
            return k
    return None


def _number_word(n: int) -> str:
    return "one" if n == 1 else str(n)


def _layout(n: int, p: Params) -> Layout:
    """The fields at ``n`` seats; ``p`` gives the numbers the descriptions scale by."""
    types = ", ".join(IW.type_name(t) for t in range(N_TYPES))
    card_vp = max(p.lesson_vp, p.spell_vp)
    return Layout((
        Field("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
        Field("to_move", (n,), "per seat from yours: 1 if it owes an action now"),
        Field("current", (n,), "per seat from yours: one-hot, whose turn it is"),
        Field("flicks_left", (1,), f"flicks left this turn / {p.most_flicks} "
                                   f"({p.flicks_per_turn} a turn, +{p.wind_flicks} per Wind "
                                   "spell)"),
        Field("final_round", (1,), "1 once an exam space could not be refilled: the round "
                                   "in progress is the last"),
        Field("penguins", (n, 3), "per seat from yours: on the board (0 before its first "
                                  f"turn), x / {_WIDTH:g} cm, y / {_HEIGHT:g} cm from the "
                                  "board's bottom-left corner"),
        Field("penguin_rooms", (n, len(ROOMS)), "per seat from yours: one-hot, the "
                                                "classroom its centre lies in: "
                                                + ", ".join(ROOMS)),
        Field("board_lessons", (N_TYPES,), "per lesson type: 1 if a card of it lies on its "
                                           f"icon's place (types: {types})"),
        Field("exam_spaces", (N_SPACES, N_ICONS), "per exam space X1..X6: the icons its "
                                                  "face-up exam asks for (all 0: empty); "
                                                  "icons " + ", ".join(IW.icons)),
        Field("lesson_deck", (1,), f"lesson cards in the deck / {len(p.deck)}"),
        Field("exam_deck", (1,), f"exam cards in the deck / {len(IW.exams)}"),
        Field("lesson_discard", (N_TYPES,), "per lesson type: cards in the discard pile / "
                                            "its copies in the deck"),
        Field("face_up", (n, N_TYPES), "per seat from yours, per lesson type: face-up "
                                       "lessons / its copies in the deck"),
        Field("face_down", (n, N_TYPES), "per seat from yours, per lesson type: face-down "
                                         "(cast) spells / its copies in the deck"),
        Field("exams", (n, len(EXAM_SIZES)), "per seat from yours: exams taken asking for "
                                             "1, 2, 3 icons / how many of each the deck has"),
        Field("collect", (N_ICONS,), "per icon: 1 if its lesson may be collected after this "
                                     "flick"),
        Field("exams_touched", (N_SPACES,), "per exam space X1..X6: 1 if this flick touched "
                                            "it (its exam may be taken)"),
        Field("bumped", (n,), "per seat from yours: 1 if this flick touched its penguin"),
        Field("traded", (n,), "per seat from yours: 1 if you already traded with it after "
                              "this flick"),
        Field("fire_waiting", (n,), "per seat from yours: 1 if it still has to choose a "
                                    "Fire discard"),
        Field("fire_chosen", (n,), "per seat from yours: 1 if it has chosen its Fire "
                                   "discard (hidden until all have)"),
        Field("your_discard", (2, N_TYPES), "your own chosen Fire discard: one-hot over "
                                            "(face up, face down) x lesson type"),
        Field("scores", (n,), f"per seat from yours: Magic Points / {p.most_points} (every "
                              f"exam's points and {_number_word(card_vp)} per lesson card)"),
        Field("winners", (n,), "per seat from yours: 1 if it won (game over)"),
    ))


def observation_encoding(num_players: int, options: Mapping[str, Any]) -> ObservationEncoding:
    """The encoding at ``num_players`` seats, scaled by the game's numbers (its overlay)."""
    n = num_players
    p = params_of(options)
    most_flicks, most_points = p.most_flicks, p.most_points
    deck_size = max(1, len(p.deck))  # an overlay may leave no lesson card at all
    # A type an overlay leaves out of the deck is never counted anywhere: any scale does.
    per_copy = [1.0 / max(1, copies) for copies in p.copies]
    layout = _layout(n, p)
    # rel[player][seat]: where ``seat`` is listed in ``player``'s vector.
    rel = [{seat: k for k, seat in enumerate(seats_from(player, n))} for player in range(n)]

    def fill(obs: Mapping[str, Any], player: int, w: Writer) -> None:
        me = rel[player]
        w["phase"][_PHASE[obs["phase"]]] = 1.0
        block = w["to_move"]
        for q in obs["to_move"]:
            block[me[q]] = 1.0
        w["current"][me[obs["current"]]] = 1.0
        w["flicks_left"][0] = scaled(obs["flicks_left"], most_flicks)
        w["final_round"][0] = 1.0 if obs["final_round"] else 0.0
        pens, rooms = w["penguins"], w["penguin_rooms"]
        for q, p in enumerate(obs["penguins"]):
            if p is not None:
                k = me[q]
                x, y = p
                pens[k, 0] = 1.0
                pens[k, 1] = (x - _X0) / _WIDTH
                pens[k, 2] = (y - _Y0) / _HEIGHT
                room = _room(x, y)
                if room is not None:
                    rooms[k, room] = 1.0
        block = w["board_lessons"]
        for name in obs["lessons_on_board"].values():
            block[_TYPE[name]] = 1.0
        block = w["exam_spaces"]
        for space, exam in obs["exam_spaces"].items():
            if exam is not None:
                row = block[_SPACE[space]]
                for icon in exam["icons"]:
                    row[_ICON[icon]] = 1.0
        w["lesson_deck"][0] = obs["lesson_deck"] / deck_size
        w["exam_deck"][0] = obs["exam_deck"] / len(IW.exams)
        block = w["lesson_discard"]
        for name, count in obs["lesson_discard"].items():
            t = _TYPE[name]
            block[t] = count * per_copy[t]
        up, down, exams = w["face_up"], w["face_down"], w["exams"]
        for q, hand in enumerate(obs["hands"]):
            k = me[q]
            for name, count in hand["face_up"].items():
                t = _TYPE[name]
                up[k, t] = count * per_copy[t]
            for name, count in hand["face_down"].items():
                t = _TYPE[name]
                down[k, t] = count * per_copy[t]
            for exam in hand["exams"]:
                size = _SIZE_INDEX[len(exam["icons"])]
                exams[k, size] += _PER_EXAM[size]
        after = obs["after_flick"]
        block = w["collect"]
        for icon in after["collect"]:
            block[_ICON[icon]] = 1.0
        block = w["exams_touched"]
        for space in after["exam_spaces"]:
            block[_SPACE[space]] = 1.0
        block = w["bumped"]
        for q in after["bumped"]:
            block[me[q]] = 1.0
        block = w["traded"]
        for q in after["traded"]:
            block[me[q]] = 1.0
        block = w["fire_waiting"]
        for q in obs["fire_discards"]:
            block[me[q]] = 1.0
        block = w["fire_chosen"]
        for q in obs["fire_chosen"]:
            block[me[q]] = 1.0
        if obs["your_discard"] is not None:
            w["your_discard"][_DISCARD_SLOT[obs["your_discard"]]] = 1.0
        block = w["scores"]
        for q, score in enumerate(obs["scores"]):
            block[me[q]] = score / most_points
        block = w["winners"]
        for q in obs["winners"]:
            block[me[q]] = 1.0

    constant = {}
    if n == 2:
        # With one other seat its Fire discard resolves the spell at once: nobody is ever
        # seen to have chosen and waiting, and your own choice is never pending.
        constant = {"fire_chosen": "2 players: a lone Fire discard resolves at once",
                    "your_discard": "2 players: a lone Fire discard resolves at once"}
    return ObservationEncoding(layout, fill, constant)
