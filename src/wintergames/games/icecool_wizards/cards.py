"""Lesson and exam cards: drawing onto the board, collecting, exams, trades, spells.

Each function performs one rule on an ``IcecoolState`` and logs it; ``rules.py``
decides when they may be called.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from wintergames.core.events import Event
from wintergames.core.phrases import Phrase
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.words import (
    MSG,
    exam,
    exam_space,
    extra_flicks,
    icon,
    lesson,
    lesson_place,
    lessons,
    points,
    seat,
)

if TYPE_CHECKING:
    from wintergames.games.icecool_wizards.state import IcecoolState

WILD = IW.spell_types("wild")
_BY_ICON = tuple(tuple(t for t, k in enumerate(IW.types) if k.icon == i)
                 for i in range(len(IW.icons)))


def _log(s: IcecoolState, said: Phrase, kind: str, player: int | None = None) -> None:
    s.log.append(Event(said, kind=kind, player=player))


# -- the lesson deck and the board --------------------------------------------------------


def draw_onto_board(s: IcecoolState, rule: str) -> bool:
    """Draw lesson cards until one lands on its empty place; False if none can.

    A card whose icon is already on the board is discarded and another drawn (RB
    "Setup" 4); an empty deck is reshuffled from the discard (RB "End of a Player's
    Turn"). Drawing stops when every place is full or no card left could fill one.
    ``rule`` is why the card is drawn (setup, the end of a turn, a Mountain spell): the
    line saying where it is laid names it.
    """
    while True:
        if all(t >= 0 for t in s.board):
            return False
        if not s.lesson_deck:
            if not any(s.board[IW.types[t].icon] < 0 for t in s.lesson_discard):
                return False
            s.lesson_deck, s.lesson_discard = s.lesson_discard, []
            s.rng.shuffle(s.lesson_deck)
            _log(s, MSG("reshuffle"), "deck")
        card = s.lesson_deck.pop()
        place = IW.types[card].icon
        if s.board[place] >= 0:
            s.lesson_discard.append(card)
            _log(s, MSG("redrawn", card=lesson(card), icon=icon(place)), "deck")
            continue
        s.board[place] = card
        _log(s, MSG("laid", rule, card=lesson(card), place=lesson_place(place)), "deck")
        return True


def refill_lessons(s: IcecoolState, rule: str = "lessons.refill") -> None:
    """Until exactly the usual number (``lessons.on_board``) of different lessons lie on
    the board."""
    while sum(t >= 0 for t in s.board) < s.params.lessons_on_board \
            and draw_onto_board(s, rule):
        pass


def refill_exams(s: IcecoolState, rule: str = "exams.refill") -> None:
    """Fill every empty exam space; when the deck cannot, the game's last round begins."""
    for x, lying in enumerate(s.exam_spaces):
        if lying >= 0:
            continue
        if s.exam_deck:
            e = s.exam_spaces[x] = s.exam_deck.pop()
            _log(s, MSG("exam-laid", rule, exam=exam(e), points=points(s.params.exam_vp[e]),
                        space=exam_space(x)), "deck")
        elif not s.final_round:
            s.final_round = True
            _log(s, MSG("exams-out", space=exam_space(x)), "end")


def exam_title(exam: int, vp: int) -> str:
    """``"exam F+H (6 points)"``: the terminal's table names exams by their code and what
    they are worth in this game (``vp``, from its ``params``)."""
    e = IW.exams[exam]
    return f"exam {'+'.join(IW.icon_letters[i] for i in e.icons)} ({vp} points)"


# -- collecting, exams, trades ------------------------------------------------------------


def collect(s: IcecoolState, player: int, place: int) -> None:
    card = s.board[place]
    s.board[place] = -1
    s.lessons_up[player][card] += 1
    s.collectable.remove(place)
    _log(s, MSG("collect", collect_rule(place), seat=seat(player), card=lesson(card),
                place=lesson_place(place)), "collect", player)


def collect_rule(place: int) -> str:
    """The rule that lets a lesson be collected from icon ``place``'s place: a doorway's
    or a classroom's."""
    return "collect.doorway" if IW.places[place].doorway else "collect.classroom"


def pays(paid: tuple[int, ...], icons: tuple[int, ...]) -> bool:
    """Whether the lesson types ``paid`` cover the exam's icons one to one."""
    if len(paid) != len(icons):
        return False
    return any(
        all(IW.types[t].icon == i or t in WILD for t, i in zip(order, icons, strict=True))
        for order in itertools.permutations(paid)
    )


def payments(hand: list[int], icons: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every distinct set of face-up lessons that can pay for an exam with ``icons``."""
    wild = [t for t in WILD if hand[t]]
    choices = [[t for t in _BY_ICON[i] if hand[t]] + [w for w in wild if IW.types[w].icon != i]
               for i in icons]
    found = set()
    for combo in itertools.product(*choices):
        paid = tuple(sorted(combo))
        if all(paid.count(t) <= hand[t] for t in set(paid)):
            found.add(paid)
    return sorted(found)


def take_exam(s: IcecoolState, player: int, space: int, paid: tuple[int, ...]) -> None:
    taken = s.exam_spaces[space]
    for t in paid:
        s.lessons_up[player][t] -= 1
        s.lesson_discard.append(t)
    s.exam_spaces[space] = -1
    s.exams[player].append(taken)
    _log(s, MSG("exam", seat=seat(player), exam=exam(taken),
                points=points(s.params.exam_vp[taken]), space=exam_space(space),
                paid=tuple(lesson(t) for t in paid)), "exam", player)


def trade(s: IcecoolState, player: int, other: int, give: int, take: int) -> None:
    s.lessons_up[player][give] -= 1
    s.lessons_up[other][give] += 1
    s.lessons_up[other][take] -= 1
    s.lessons_up[player][take] += 1
    s.traded.append(other)
    _log(s, MSG("trade", seat=seat(player), other=seat(other), give=lesson(give),
                take=lesson(take)), "trade", player)


# -- spells --------------------------------------------------------------------------------


def cast(s: IcecoolState, player: int, card: int) -> None:
    """Turn the spell face down and apply it (the wild spell is used only in payments)."""
    s.lessons_up[player][card] -= 1
    s.lessons_down[player][card] += 1
    spell = IW.types[card].spell
    who, name = seat(player), lesson(card)
    if spell == "extra-flick":
        s.flicks_left += s.params.wind_flicks
        _log(s, MSG("cast-wind", seat=who, card=name, flicks=extra_flicks(s.params.wind_flicks)),
             "spell", player)
    elif spell == "draw-two":
        draws = s.params.mountain_draws
        _log(s, MSG("cast-mountain", seat=who, card=name, lessons=lessons(draws)), "spell",
             player)
        for _ in range(draws):
            if not draw_onto_board(s, "spell.mountain"):
                _log(s, MSG("no-place"), "deck")
                break
    else:  # "discard"
        victims = [q for q in _from_left_of(s, player)
                   if sum(s.lessons_up[q]) + sum(s.lessons_down[q])]
        # "All other players choose": at once, each unseen by the others, as a
        # simultaneous step (State.simultaneous) that resolves when the last is in.
        s.fire_queue = victims
        said = (MSG("cast-fire", seat=who, card=name, seats=tuple(seat(q) for q in victims))
                if victims else MSG("cast-fire-nobody", seat=who, card=name))
        _log(s, said, "spell", player)


def _from_left_of(s: IcecoolState, player: int) -> list[int]:
    """The other seats in turn order, starting at ``player``'s left."""
    n = s.num_players
    return [q % n for q in range(player + 1, player + n)]


def pack_discard(card: int, face_down: bool) -> int:
    """A pending Fire discard as one int (``fire_choice`` stays plain JSON)."""
    return 2 * card + face_down


def unpack_discard(code: int) -> tuple[int, bool]:
    card, down = divmod(code, 2)
    return card, bool(down)


def choose_discard(s: IcecoolState, player: int, card: int, face_down: bool) -> None:
    """Store a seat's Fire discard, unseen by the others; the last choice resolves all.

    The card stays in front of its owner until then: moving it now would show the
    others which one it is (hands and the discard pile are public).
    """
    s.fire_choice[player] = pack_discard(card, face_down)
    s.fire_queue.remove(player)
    s.log.append(Event(MSG("chose-down" if face_down else "chose", card=lesson(card)),
                       frozenset({player}), kind="choice", player=player))
    if not s.fire_queue:
        _resolve_fire(s)


def _resolve_fire(s: IcecoolState) -> None:
    """Every Fire discard is in: all are discarded together, in turn order."""
    shown: list[Phrase] = []
    for q in _from_left_of(s, s.current):
        if s.fire_choice[q] < 0:
            continue
        card, face_down = unpack_discard(s.fire_choice[q])
        s.fire_choice[q] = -1
        (s.lessons_down if face_down else s.lessons_up)[q][card] -= 1
        s.lesson_discard.append(card)
        shown.append(MSG("discards-down" if face_down else "discards", seat=seat(q),
                         card=lesson(card)))
    _log(s, MSG("fire", discards=tuple(shown)), "discard")
