"""What each seat of ICECOOL Wizards may see, built from an allow-list.

Everything on the table is public: penguins, the lessons and exams on the board, every
player's face-up lessons, face-down spells (everyone saw them cast) and exams (everyone
saw them taken), the discard pile, the deck sizes and what the last flick allows. Hidden
from everyone: the order of the lesson and exam decks. At a Fire spell's simultaneous
step, who has chosen a discard is public; what they chose only its owner sees until the
last choice is in (the card stays in their hand until then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wintergames.core.events import seat_name
from wintergames.games.icecool_wizards.actions import DISCARD
from wintergames.games.icecool_wizards.cards import unpack_discard
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.rules import OVER, PHASE_NAMES

if TYPE_CHECKING:
    from wintergames.games.icecool_wizards.state import IcecoolState


def _cards(counts: list[int]) -> dict[str, int]:
    return {IW.type_name(t): n for t, n in enumerate(counts) if n}


def _exam(exam: int, vp: tuple[int, ...]) -> dict[str, Any] | None:
    """Exam card ``exam`` (or None for an empty space), worth ``vp[exam]`` in this game."""
    if exam < 0:
        return None
    return {"icons": [IW.icons[i] for i in IW.exams[exam].icons], "points": vp[exam]}


def pending_discard(s: IcecoolState, player: int | None) -> str | None:
    """The seat's own pending Fire discard, as notation; nobody else's."""
    if player is None or s.fire_choice[player] < 0:
        return None
    card, face_down = unpack_discard(s.fire_choice[player])
    return str(DISCARD[(card, face_down)])


def observation(s: IcecoolState, player: int | None) -> dict[str, Any]:
    over = s.phase == OVER
    vp = s.params.exam_vp
    return {
        "game": "icecool-wizards",
        "num_players": s.num_players,
        "you": player,
        "players": [seat_name(p) for p in range(s.num_players)],
        "colours": list(IW.colours[: s.num_players]),
        "to_move": list(s.to_move),
        "current": s.current,
        "phase": "fire-discard" if s.fire_queue else PHASE_NAMES[s.phase],
        "flicks_left": s.flicks_left,
        "final_round": s.final_round,
        "penguins": [None if p is None else [p[0], p[1]] for p in s.penguins],
        "lessons_on_board": {
            IW.icons[i]: IW.type_name(t) for i, t in enumerate(s.board) if t >= 0
        },
        "exam_spaces": {x: _exam(e, vp)
                        for x, e in zip(IW.exam_spaces, s.exam_spaces, strict=True)},
        "lesson_deck": len(s.lesson_deck),
        "lesson_discard": _cards([s.lesson_discard.count(t) for t in range(len(IW.types))]),
        "exam_deck": len(s.exam_deck),
        "hands": [
            {
                "face_up": _cards(s.lessons_up[p]),
                "face_down": _cards(s.lessons_down[p]),
                "exams": [_exam(e, vp) for e in s.exams[p]],
            }
            for p in range(s.num_players)
        ],
        "after_flick": {
            "collect": [IW.icons[i] for i in s.collectable if s.board[i] >= 0],
            "exam_spaces": [IW.exam_spaces[x] for x in s.exams_touched],
            "bumped": list(s.penguins_touched),
            "traded": list(s.traded),
        },
        "fire_discards": list(s.fire_queue),  # seats still choosing a Fire discard
        "fire_chosen": [q for q, c in enumerate(s.fire_choice) if c >= 0],
        "your_discard": pending_discard(s, player),
        "last_path": [[x, y] for x, y in s.last_path],
        "scores": s.scores(),
        "winners": s.winners() if over else [],
    }
