"""The open decisions of a Winterborne turn, and the small look-ups every rule shares.

A decision in progress is a stack of frames on ``state.pending`` (innermost last); each
frame is a tuple ``(KIND, *arguments)``. An empty stack means the player to move is free
to play a card or spoils, place or pick up a reserve card, use a power, or end the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.phrases import Arg
from wintergames.games.winterborne.components import WB, WHITE
from wintergames.games.winterborne.setup import CASTLE, OUT
from wintergames.games.winterborne.words import MSG

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

# Frame kinds and their arguments.
FIGURE = 1  # (hex): which figure the hex moves, the character or the white meeple
MOVE = 2  # (figure, hex): the movement circle to play
EXIT = 3  # (figure, hex, steps, ccw, act): leaving the castle, steps still to go
ACT = 4  # (hex, figure): the special action after moving (or ``pass``)
SPOILS = 5  # (province): take one of its spoils (or none)
PAY_ANY = 6  # (purpose, argument): the resource of your choice to pay
SACK = 7  # (ally): the spoils tile to sack for a black ally
FREE_CONQUER = 8  # (): a red ally's conquer on any section
WYLDS = 9  # (*cards): the Wylds cards still to resolve
DIRECTION = 10  # (): which way the explorer steps (a Wylds card)
SACKED = 11  # (): which sacked spoils tile to take back (a Wylds card)
GAIN = 12  # (count): resources still to choose (a power)
POWER_DISCARD = 13  # (): the card to discard before drawing 2 (a power)
RELOCATE = 14  # (): the building to move and where (a power)
SWAP = 15  # (): the card to swap with a province's card (a power)
ANY_SPOILS = 16  # (): the spoils tile to take from any province (a power)
REPLACE = 17  # (): the character the white meeple replaces (a power)
TRADE_ONLY = 18  # (figure): a trade without moving (a power)
HORN = 19  # (variant index, card): the building of a Horn banner's special build
ROOM = 20  # (card): a reserve card to take back so the Wylds card fits
CLEANUP = 21  # (): reserve, unreserve and discard, then ``done``
CAP = 22  # (): resources to return until 12 are left

# What PAY_ANY pays for.
FOR_ALLY, FOR_SACKED, FOR_FAVOR = 0, 1, 2
HORN_VARIANTS = ("free-adjacent", "anywhere", "adjacent-any")
SHAMAN, EXPLORER, WARRIOR = 0, 1, 2


def top(s: WinterborneState) -> tuple[int, ...] | None:
    return s.pending[-1] if s.pending else None


def push(s: WinterborneState, *frame: int) -> None:
    s.pending = (*s.pending, tuple(frame))


def leave_hand(s: WinterborneState, p: int, card: int) -> None:
    """A card leaves the hand during the turn's play (played, swapped, discarded by a
    power): it is no longer the card that was picked up from the reserve, so if it comes
    back (drawn, explored) it may go into the reserve again."""
    s.hand[p].remove(card)
    if card in s.moved:
        s.moved.remove(card)


def pop(s: WinterborneState) -> tuple[int, ...]:
    frame = s.pending[-1]
    s.pending = s.pending[:-1]
    return frame


def replace_top(s: WinterborneState, *frame: int) -> None:
    s.pending = (*s.pending[:-1], tuple(frame))


# -- cards ------------------------------------------------------------------------------


def is_wylds(card: int) -> bool:
    return WB.cards[card].type == "wylds"


def playable_cards(s: WinterborneState, p: int) -> list[int]:
    """Cards in hand and the reserve's non-Wylds cards, played "as though in hand"."""
    return sorted([*s.hand[p], *(c for c in s.reserve[p] if not is_wylds(c))])


def wylds_in_reserve(s: WinterborneState, p: int) -> list[int]:
    return sorted(c for c in s.reserve[p] if is_wylds(c))


def owned_cards(s: WinterborneState, p: int) -> list[int]:
    """Every card the seat owns: hand, deck, discard, reserve, played this turn."""
    cards = [*s.hand[p], *s.deck[p], *s.discard[p], *s.reserve[p]]
    if p == s.current:
        cards += s.played
    return cards


def room_for(s: WinterborneState, p: int, card: int) -> bool:
    """Whether ``card`` can be taken: a Wylds card needs a reserve place (RB "Reserve"),
    freed if need be by taking a non-Wylds card back to hand."""
    if not is_wylds(card) or len(s.reserve[p]) < WB.reserve_size:
        return True
    return any(not is_wylds(c) for c in s.reserve[p])


# -- the kingdom board ------------------------------------------------------------------


def adjacent_sections(pos: int) -> tuple[int, ...]:
    return () if pos in (CASTLE, OUT) else WB.space_sections[pos]


def adjacent_provinces(s: WinterborneState, p: int, pos: int) -> list[int]:
    """Colours of the province sections next to a figure on ``pos`` (sorted, unique)."""
    return sorted({s.sections[p][sec] for sec in adjacent_sections(pos)
                   if s.sections[p][sec] >= 0})


def figure_for(s: WinterborneState, p: int, character: int) -> int:
    """The figure acting for ``character``: itself, or the white meeple that replaced it."""
    return character if s.figures[p][character] != OUT else WHITE


def figures_for_hex(s: WinterborneState, p: int, hex_char: int) -> list[int]:
    """Figures a hex of ``hex_char`` may move: the character, and the white meeple
    ("can be moved with any character hex") once it is in play."""
    figs = [hex_char] if s.figures[p][hex_char] != OUT else []
    if s.figures[p][WHITE] != OUT:
        figs.append(WHITE)
    return figs


def say(s: WinterborneState, msg: str, rule: str | None = None, **args: Arg) -> None:
    """Add a clause (message ``msg``) to the line of the compound move in progress: the
    line so far becomes its ``before``."""
    line = s.line
    assert line is not None, f"{msg!r} said with no move in progress"
    s.line = MSG(msg, rule, before=line, **args)


def mark(s: WinterborneState, kind: str) -> None:
    """Name the compound move in progress after its first special action: its log line's
    event kind (``trade``, ``explore``, ``conquer``, ``build``, ``tax``, ``pray``,
    ``raid``; ``move`` when it has none), what statistics count."""
    if s.line_kind == "move":
        s.line_kind = kind


# -- resources --------------------------------------------------------------------------


def can_pay(s: WinterborneState, p: int, cost: tuple[int, int, int] | list[int]) -> bool:
    return all(have >= need for have, need in zip(s.res[p], cost, strict=True))


def pay(s: WinterborneState, p: int, cost: tuple[int, int, int] | list[int]) -> None:
    for r, need in enumerate(cost):
        s.res[p][r] -= need


def gain(s: WinterborneState, p: int, got: tuple[int, int, int] | list[int]) -> None:
    for r, n in enumerate(got):
        s.res[p][r] += n


def take_favor(s: WinterborneState, p: int, n: int = 1) -> int:
    """Favor from the season board's supply, as much as is left (it is finite)."""
    got = min(n, s.favor_supply)
    s.favor_supply -= got
    s.favor[p] += got
    return got


def explore_cost(s: WinterborneState, p: int) -> int:
    """The season's cost in meat, less the power's discount per Wylds in reserve."""
    cost = WB.explore_cost[s.season]
    if s.discount and p == s.current:
        cost -= len(wylds_in_reserve(s, p))
    return max(0, cost)


SETTLEMENT_COST = (1, 1, 0)  # House board: 1 gold + 1 meat
CONQUER_COST = (1, 0, 1)  # 1 gold + 1 military
FREE = (0, 0, 0)


def settlement_cost(s: WinterborneState) -> tuple[int, int, int]:
    """What a settlement costs in the open decision: nothing in a Horn banner's free build
    next to the warrior, else the house board's price."""
    frame = top(s)
    if frame is not None and frame[0] == HORN and HORN_VARIANTS[frame[1]] == "free-adjacent":
        return FREE
    return SETTLEMENT_COST


def conquer_cost(s: WinterborneState) -> tuple[int, int, int]:
    """What a conquest costs in the open decision: nothing in a red ally's conquest (its
    trade paid for it), else 1 gold + 1 military."""
    frame = top(s)
    return FREE if frame is not None and frame[0] == FREE_CONQUER else CONQUER_COST
