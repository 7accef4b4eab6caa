"""Moving characters (RB "Playing Cards", "Passive Income", Potion banner).

A hex picks the character, a movement circle how far it goes: exactly that many dark
gray spaces, clockwise (counter-clockwise with a Mask banner), never onto a conquer
section or the castle. Leaving the castle costs one movement to any gray space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.frames import (
    ACT,
    EXIT,
    FIGURE,
    MOVE,
    SHAMAN,
    figures_for_hex,
    playable_cards,
    pop,
    push,
    replace_top,
    say,
)
from wintergames.games.winterborne.setup import CASTLE
from wintergames.games.winterborne.words import CASTLE as CASTLE_PLACE
from wintergames.games.winterborne.words import COUNTER_CLOCKWISE, counted, figure, res, space

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState


def movement_sources(s: WinterborneState, p: int, besides: int = -1,
                     besides_spoils: int = -1) -> list[Action]:
    """Every movement circle the seat could play now, except card ``besides`` and spoils
    tile ``besides_spoils`` (the ones about to be used as the hex)."""
    out: list[Action] = []
    for card in playable_cards(s, p):
        if card == besides:
            continue
        for u, choice, _ in act.PLAYS[card]:
            if WB.cards[card].uses[u].kind == "move":
                out.append(act.PLAY[card][(u, choice)])
    for tile in sorted(s.spoils[p]):
        if tile != besides_spoils and WB.spoils[tile].kind == "move":
            out.append(act.SPOILS[tile])
    return out


def can_start_move(s: WinterborneState, p: int, hex_char: int, card: int = -1,
                   tile: int = -1) -> bool:
    """A hex is worth playing only with a figure to move and a circle to move it by."""
    return bool(figures_for_hex(s, p, hex_char)) and _has_circle(s, p, card, tile)


# Cards with a movement circle among their uses (looked up for every hex offered).
CIRCLE = tuple(any(u.kind == "move" for u in c.uses) for c in WB.cards)


def _has_circle(s: WinterborneState, p: int, card: int, tile: int) -> bool:
    return (any(CIRCLE[c] for c in s.hand[p] if c != card)
            or any(CIRCLE[c] for c in s.reserve[p] if c != card)
            or any(WB.spoils[t].kind == "move" for t in s.spoils[p] if t != tile))


def start_move(s: WinterborneState, p: int, hex_char: int) -> None:
    figs = figures_for_hex(s, p, hex_char)
    if len(figs) > 1:
        push(s, FIGURE, hex_char)
    else:
        push(s, MOVE, figs[0], hex_char)


def figure_actions(s: WinterborneState, p: int, frame: tuple[int, ...]) -> list[Action]:
    return [act.FIGURE[f] for f in figures_for_hex(s, p, frame[1])]


def choose_figure(s: WinterborneState, p: int, frame: tuple[int, ...], fig: int) -> None:
    replace_top(s, MOVE, fig, frame[1])
    say(s, "figure", figure=figure(fig))


def move_actions(s: WinterborneState, p: int, frame: tuple[int, ...]) -> list[Action]:
    return movement_sources(s, p)


def play_movement(s: WinterborneState, p: int, frame: tuple[int, ...], steps: int,
                  ccw: bool) -> None:
    """The circle is played: move (or leave the castle first), then the special action."""
    _, fig, hex_char = frame
    pop(s)
    if s.figures[p][fig] == CASTLE:
        push(s, EXIT, fig, hex_char, steps, int(ccw), 1)
        return
    walk(s, p, fig, steps, ccw)
    push(s, ACT, hex_char, fig)


def exit_actions(s: WinterborneState, p: int, frame: tuple[int, ...]) -> list[Action]:
    return list(act.EXIT)


def leave_castle(s: WinterborneState, p: int, frame: tuple[int, ...], to: int) -> None:
    """Potion: "it costs 1 movement to move it onto any dark gray section. If your
    character has any remaining movement, it must continue moving as normal." """
    _, fig, hex_char, steps, ccw, act = frame
    pop(s)
    s.figures[p][fig] = to
    say(s, "leave-castle", castle=CASTLE_PLACE, space=space(to))
    walk(s, p, fig, steps - 1, bool(ccw))
    if act:
        push(s, ACT, hex_char, fig)


def walk(s: WinterborneState, p: int, fig: int, steps: int, ccw: bool) -> None:
    """Move ``fig`` ``steps`` gray spaces; the shaman earns 1 gold for each building on a
    conquered section it passes ("Buildings built on the starter province sections do
    not count": starters are never passed, they lie inside the ring)."""
    pos = s.figures[p][fig]
    income = 0
    for _ in range(steps):
        crossed = WB.crossed_ccw[pos] if ccw else WB.crossed_cw[pos]
        if fig == SHAMAN and s.buildings[p][crossed] and crossed >= 6:
            income += 1
        pos = (pos - 1) % 6 if ccw else (pos + 1) % 6
    s.figures[p][fig] = pos
    if steps:
        walked = counted(steps, "space", "spaces")
        if ccw:
            say(s, "walk-ccw", figure=figure(fig), steps=walked, way=COUNTER_CLOCKWISE,
                space=space(pos))
        else:
            say(s, "walk", figure=figure(fig), steps=walked, space=space(pos))
    if income:
        s.res[p][0] += income
        say(s, "income", gold=res(income, 0))


def to_castle(s: WinterborneState, p: int, character: int) -> None:
    s.figures[p][character] = CASTLE
    say(s, "to-castle", figure=figure(character), castle=CASTLE_PLACE)


def is_castle_card_usable(s: WinterborneState, p: int, character: int) -> bool:
    pos = s.figures[p][character]
    return 0 <= pos < 6

