"""Moving characters (RB "Playing Cards", "Passive Income", Potion banner).

A hex picks the character, a movement circle how far it goes: exactly that many dark
gray spaces, clockwise (counter-clockwise with a Mask banner), never onto a conquer
section or the castle. Leaving the castle costs one movement to any gray space.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wintergames.core.actions import Action
from wintergames.core.decisions import Decision
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne.components import CHARACTERS, WB
from wintergames.games.winterborne.frames import (
    FIGURES,
    SHAMAN,
    WbFrame,
    figures_for_hex,
    playable_cards,
    pop,
    push,
    remove_played,
    replace_top,
    say,
)
from wintergames.games.winterborne.setup import CASTLE
from wintergames.games.winterborne.specials import Act
from wintergames.games.winterborne.words import CASTLE as CASTLE_PLACE
from wintergames.games.winterborne.words import (
    COUNTER_CLOCKWISE,
    MSG,
    counted,
    figure,
    res,
    space,
    spoils,
    use,
)
from wintergames.games.winterborne.words import card as card_named

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
        push(s, Figure(hex_char))
    else:
        push(s, Move(figs[0], hex_char))


def play_movement(s: WinterborneState, p: int, frame: Move, steps: int, ccw: bool) -> None:
    """The circle is played: move (or leave the castle first), then the special action."""
    fig, hex_char = frame.figure, frame.character
    pop(s)
    if s.figures[p][fig] == CASTLE:
        push(s, Exit(fig, hex_char, steps, int(ccw), 1))
        return
    walk(s, p, fig, steps, ccw)
    push(s, Act(hex_char, fig))


def leave_castle(s: WinterborneState, p: int, frame: Exit, to: int) -> None:
    """Potion: "it costs 1 movement to move it onto any dark gray section. If your
    character has any remaining movement, it must continue moving as normal." """
    pop(s)
    s.figures[p][frame.figure] = to
    say(s, "leave-castle", castle=CASTLE_PLACE, space=space(to))
    walk(s, p, frame.figure, frame.steps - 1, bool(frame.ccw))
    if frame.acts:
        push(s, Act(frame.character, frame.figure))


def walk(s: WinterborneState, p: int, fig: int, steps: int, ccw: bool) -> None:
    """Move ``fig`` ``steps`` gray spaces; the shaman earns 1 gold (``params``) for each
    building on a conquered section it passes ("Buildings built on the starter province
    sections do not count": starters are never passed, they lie inside the ring)."""
    pos = s.figures[p][fig]
    income = 0
    for _ in range(steps):
        crossed = WB.crossed_ccw[pos] if ccw else WB.crossed_cw[pos]
        if fig == SHAMAN and s.buildings[p][crossed] and crossed >= 6:
            income += s.params.income_gold
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


# -- the frames ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Figure(WbFrame):
    """A hex of a character the white meeple may stand in for: which figure moves."""

    CODE = 1
    NAME = "FIGURE"
    KEY = "figure"
    character: int  # the hex's character

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return [act.FIGURE[f] for f in figures_for_hex(s, p, self.character)]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Figure)
        replace_top(s, Move(action.value, self.character))
        say(s, "figure", figure=figure(action.value))

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(MSG("ask-figure", hex=figure(self.character)),
                        piece=figure(self.character))

    def context(self) -> dict[str, Any]:
        return {"character": CHARACTERS[self.character]}  # the figure is still to choose


@dataclass(frozen=True, slots=True)
class Move(WbFrame):
    """After a hex: the card or spoils tile with the movement circle to play."""

    CODE = 2
    NAME = "MOVE"
    KEY = "move"
    figure: int
    character: int  # the hex's character

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return movement_sources(s, p)

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        if isinstance(action, act.UseSpoils):
            s.spoils[p].remove(action.value)
            s.sacked_spoils.append(action.value)
            say(s, "with-spoils", spoils=spoils(action.value))
            play_movement(s, p, self, WB.spoils[action.value].value, ccw=False)
            return
        assert isinstance(action, act.PlayCard)
        circle = WB.cards[action.card].uses[action.use]
        remove_played(s, p, action.card)
        s.played.append(action.card)
        say(s, "with-card", card=card_named(action.card), use=use(action.card, action.code))
        play_movement(s, p, self, action.choice, ccw=circle.ccw)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(MSG("ask-move", figure=figure(self.figure)), piece=figure(self.figure))

    def context(self) -> dict[str, Any]:
        return {"figure": FIGURES[self.figure], "character": CHARACTERS[self.character]}


@dataclass(frozen=True, slots=True)
class Exit(WbFrame):
    """A figure in the castle moves: the gray space it steps out to, ``steps`` to go."""

    CODE = 3
    NAME = "EXIT"
    KEY = "exit"
    figure: int
    character: int  # the hex's character; a Wylds card's move repeats the figure
    steps: int  # the step out of the castle included
    ccw: int
    acts: int  # 1: the special action follows (a hex's move), 0: none (a Wylds card's)

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return list(act.EXIT)

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Exit)
        leave_castle(s, p, self, action.value)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        steps = counted(self.steps, "space", "spaces")
        return Decision(MSG("ask-exit", figure=figure(self.figure), castle=CASTLE_PLACE),
                        piece=figure(self.figure), limit=MSG("limit-exit", steps=steps))

    def context(self) -> dict[str, Any]:
        return {"figure": FIGURES[self.figure],
                "character": CHARACTERS[self.character] if self.acts else None,
                "steps": self.steps, "counter_clockwise": bool(self.ccw),
                "then_acts": bool(self.acts)}
