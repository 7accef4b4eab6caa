"""Lesson and exam cards: drawing onto the board, collecting, exams, trades, spells.

Each function performs one rule on an ``IcecoolState`` and logs it; ``rules.py``
decides when they may be called.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from wintergames.core.events import Event, seat_name
from wintergames.games.icecool_wizards.components import IW

if TYPE_CHECKING:
    from wintergames.games.icecool_wizards.state import IcecoolState

WILD = IW.spell_types("wild")
_BY_ICON = tuple(tuple(t for t, k in enumerate(IW.types) if k.icon == i)
                 for i in range(len(IW.icons)))


def _log(s: IcecoolState, text: str, kind: str, player: int | None = None) -> None:
    s.log.append(Event(text, kind=kind, player=player))


def _names(types: list[int] | tuple[int, ...]) -> str:
    return ", ".join(IW.type_name(t) for t in types) or "nothing"


# -- the lesson deck and the board --------------------------------------------------------


def draw_onto_board(s: IcecoolState) -> bool:
    """Draw lesson cards until one lands on its empty place; False if none can.

    A card whose icon is already on the board is discarded and another drawn (RB
    "Setup" 4); an empty deck is reshuffled from the discard (RB "End of a Player's
    Turn"). Drawing stops when every place is full or no card left could fill one.
    """
    while True:
        if all(t >= 0 for t in s.board):
            return False
        if not s.lesson_deck:
            if not any(s.board[IW.types[t].icon] < 0 for t in s.lesson_discard):
                return False
            s.lesson_deck, s.lesson_discard = s.lesson_discard, []
            s.rng.shuffle(s.lesson_deck)
            _log(s, "The lesson deck is reshuffled from the discard pile", "deck")
        card = s.lesson_deck.pop()
        icon = IW.types[card].icon
        if s.board[icon] >= 0:
            s.lesson_discard.append(card)
            _log(s, f"{IW.type_name(card)} is drawn, but a {IW.icon_names[icon]} lesson is "
                    "already on the board: discarded", "deck")
            continue
        s.board[icon] = card
        _log(s, f"{IW.type_name(card)} is placed on the {IW.icon_names[icon]} place", "deck")
        return True


def refill_lessons(s: IcecoolState) -> None:
    """Until exactly the usual number of different lessons lie on the board."""
    while sum(t >= 0 for t in s.board) < IW.lessons_on_board and draw_onto_board(s):
        pass


def refill_exams(s: IcecoolState) -> None:
    """Fill every empty exam space; when the deck cannot, the game's last round begins."""
    for x, exam in enumerate(s.exam_spaces):
        if exam >= 0:
            continue
        if s.exam_deck:
            s.exam_spaces[x] = s.exam_deck.pop()
            _log(s, f"Exam space {IW.exam_spaces[x]} gets {exam_title(s.exam_spaces[x])}",
                 "deck")
        elif not s.final_round:
            s.final_round = True
            _log(s, f"Exam space {IW.exam_spaces[x]} cannot be refilled: the game ends when "
                    "this round is complete", "end")


def exam_title(exam: int) -> str:
    """``"exam F+H (6 points)"``."""
    e = IW.exams[exam]
    return f"exam {'+'.join(IW.icon_letters[i] for i in e.icons)} ({e.points} points)"


# -- collecting, exams, trades ------------------------------------------------------------


def collect(s: IcecoolState, player: int, icon: int) -> None:
    card = s.board[icon]
    s.board[icon] = -1
    s.lessons_up[player][card] += 1
    s.collectable.remove(icon)
    _log(s, f"{seat_name(player)} collects {IW.type_name(card)} from the "
            f"{IW.icon_names[icon]} place", "collect", player)


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
    exam = s.exam_spaces[space]
    for t in paid:
        s.lessons_up[player][t] -= 1
        s.lesson_discard.append(t)
    s.exam_spaces[space] = -1
    s.exams[player].append(exam)
    _log(s, f"{seat_name(player)} takes the {exam_title(exam)} on {IW.exam_spaces[space]}, "
            f"paying {_names(paid)}", "exam", player)


def trade(s: IcecoolState, player: int, seat: int, give: int, take: int) -> None:
    s.lessons_up[player][give] -= 1
    s.lessons_up[seat][give] += 1
    s.lessons_up[seat][take] -= 1
    s.lessons_up[player][take] += 1
    s.traded.append(seat)
    _log(s, f"{seat_name(player)} exchanges knowledge with {seat_name(seat)}: gives "
            f"{IW.type_name(give)}, takes {IW.type_name(take)}", "trade", player)


# -- spells --------------------------------------------------------------------------------


def cast(s: IcecoolState, player: int, card: int) -> None:
    """Turn the spell face down and apply it (the wild spell is used only in payments)."""
    s.lessons_up[player][card] -= 1
    s.lessons_down[player][card] += 1
    spell = IW.types[card].spell
    name = IW.type_name(card)
    if spell == "extra-flick":
        s.flicks_left += 1
        _log(s, f"{seat_name(player)} casts {name}: one extra flick this turn", "spell", player)
    elif spell == "draw-two":
        _log(s, f"{seat_name(player)} casts {name}: {IW.mountain_draws} lessons are drawn "
                "onto the board", "spell", player)
        for _ in range(IW.mountain_draws):
            if not draw_onto_board(s):
                _log(s, "No more lesson cards can be placed", "deck")
                break
    else:  # "discard"
        victims = [q for q in _from_left_of(s, player)
                   if sum(s.lessons_up[q]) + sum(s.lessons_down[q])]
        # "All other players choose": at once, each unseen by the others, as a
        # simultaneous step (State.simultaneous) that resolves when the last is in.
        s.fire_queue = victims
        who = ", ".join(seat_name(q) for q in victims) or "nobody (no one else has lessons)"
        _log(s, f"{seat_name(player)} casts {name}: every other player chooses a lesson to "
                f"discard, all at once and hidden ({who})", "spell", player)


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
    how = "face-down " if face_down else ""
    s.log.append(Event(f"You chose to discard your {how}{IW.type_name(card)} (hidden until "
                       "everyone has chosen)", frozenset({player}), kind="choice",
                       player=player))
    if not s.fire_queue:
        _resolve_fire(s)


def _resolve_fire(s: IcecoolState) -> None:
    """Every Fire discard is in: all are discarded together, in turn order."""
    shown = []
    for q in _from_left_of(s, s.current):
        if s.fire_choice[q] < 0:
            continue
        card, face_down = unpack_discard(s.fire_choice[q])
        s.fire_choice[q] = -1
        (s.lessons_down if face_down else s.lessons_up)[q][card] -= 1
        s.lesson_discard.append(card)
        how = "the face-down " if face_down else ""
        shown.append(f"{seat_name(q)} discards {how}{IW.type_name(card)}")
    _log(s, "Fire: " + ", ".join(shown), "discard")
