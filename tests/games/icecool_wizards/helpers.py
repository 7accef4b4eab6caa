"""Hand-built ICECOOL Wizards positions for scenario tests."""

from __future__ import annotations

import pytest

import wintergames as wg
from wintergames.core.testing import snapshot
from wintergames.games.icecool_wizards.actions import CODEC
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.rules import AFTER
from wintergames.games.icecool_wizards.state import IcecoolState


def game(n: int = 2, seed: int = 0) -> IcecoolState:
    s = wg.make("icecool-wizards", n, seed=seed)
    assert isinstance(s, IcecoolState)
    return s


def t(name: str) -> int:
    index = IW.type_index(name)
    assert index is not None, name
    return index


def icon(name: str) -> int:
    return IW.icons.index(name)


def _take_card(s: IcecoolState, card: int) -> None:
    """Remove one card of type ``card`` from the deck, discard or board (it must exist)."""
    for pile in (s.lesson_deck, s.lesson_discard):
        if card in pile:
            pile.remove(card)
            return
    place = IW.types[card].icon
    assert s.board[place] == card, f"no {IW.type_name(card)} left to hand out"
    s.board[place] = -1


def give(s: IcecoolState, player: int, *names: str, down: bool = False) -> None:
    """Give ``player`` lesson cards (face down with ``down``), keeping every card counted."""
    for name in names:
        card = t(name)
        _take_card(s, card)
        (s.lessons_down if down else s.lessons_up)[player][card] += 1


def lay(s: IcecoolState, name: str) -> None:
    """Put a lesson card of type ``name`` on its icon's place (the old one to the discard)."""
    card = t(name)
    place = IW.types[card].icon
    if s.board[place] == card:
        return
    _take_card(s, card)
    if s.board[place] >= 0:
        s.lesson_discard.append(s.board[place])
    s.board[place] = card


def on_top(s: IcecoolState, name: str) -> None:
    """Make a lesson card of type ``name`` the next one drawn from the deck."""
    card = t(name)
    _take_card(s, card)
    s.lesson_deck.append(card)


def clear_place(s: IcecoolState, icon_name: str) -> None:
    """Move the lesson card on ``icon_name``'s place (if any) to the discard pile."""
    place = icon(icon_name)
    if s.board[place] >= 0:
        s.lesson_discard.append(s.board[place])
        s.board[place] = -1


def put_exam(s: IcecoolState, space: str, exam: int) -> None:
    """Put exam ``exam`` on ``space``, swapping it with whatever lies there."""
    x = IW.exam_spaces.index(space)
    if s.exam_spaces[x] == exam:
        return
    if exam in s.exam_deck:
        s.exam_deck[s.exam_deck.index(exam)] = s.exam_spaces[x]
    else:
        other = s.exam_spaces.index(exam)
        s.exam_spaces[other] = s.exam_spaces[x]
    s.exam_spaces[x] = exam


def after_flick(s: IcecoolState, *, collect: tuple[str, ...] = (),
                exams: tuple[str, ...] = (), bumped: tuple[int, ...] = ()) -> None:
    """Put the game in the after-flick step as if a flick had reached these things."""
    s.phase = AFTER
    s.flicks_left -= 1
    s.collectable = [icon(c) for c in collect]
    s.exams_touched = [IW.exam_spaces.index(x) for x in exams]
    s.penguins_touched = list(bumped)
    s.traded = []


def act(s: IcecoolState, text: str, player: int | None = None) -> None:
    s.apply(CODEC.parse(text), player)


def refused(s: IcecoolState, text: str, match: str, rule: str, player: int | None = None) -> None:
    """``text`` is refused with a message matching ``match``, naming rule passage ``rule``
    (issue 38: every refusal names the rule that refuses it), and nothing changes."""
    before = snapshot(s)
    with pytest.raises(wg.IllegalActionError, match=match) as refusal:
        act(s, text, player)
    assert refusal.value.rule == rule
    assert snapshot(s) == before


def exam_of(icons: str) -> int:
    """The first exam card whose icons are ``icons`` ("FH")."""
    want = tuple(IW.icon_letters.index(c) for c in icons)
    return next(i for i, e in enumerate(IW.exams) if e.icons == want)
