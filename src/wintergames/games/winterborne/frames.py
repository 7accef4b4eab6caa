"""The open decisions of a Winterborne turn, and the small look-ups every rule shares.

A decision in progress is a stack of frames on ``state.pending`` (innermost last), each a
``WbFrame`` (``core.frames``). An empty stack means the player to move is free
to play a card or spoils, place or pick up a reserve card, use a power, or end the turn.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from wintergames.core.actions import Action
from wintergames.core.decisions import Decision

# The stack's operations, shared by every game (re-exported for this game's modules).
from wintergames.core.frames import Frame, top
from wintergames.core.frames import pop as pop
from wintergames.core.frames import push as push
from wintergames.core.frames import replace_top as replace_top
from wintergames.core.phrases import Arg, Phrase
from wintergames.games.winterborne.components import CHARACTERS, WB, WHITE
from wintergames.games.winterborne.setup import CASTLE, OUT
from wintergames.games.winterborne.words import MSG

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

# What a ``PayAny`` frame pays for.
FOR_ALLY, FOR_SACKED, FOR_FAVOR = 0, 1, 2
HORN_VARIANTS = ("free-adjacent", "anywhere", "adjacent-any")
SHAMAN, EXPLORER, WARRIOR = 0, 1, 2
FIGURES = (*CHARACTERS, "white")  # the figures by index, as the decision context names them

Cost = tuple[int, int, int]  # gold, meat, military
FREE: Cost = (0, 0, 0)


class WbFrame(Frame, ABC):
    """One open decision of a Winterborne turn.

    Each kind is a frozen dataclass in the module whose rule resolves it (``moving``,
    ``specials``, ``effects``, ``turn``); there it says which actions answer it
    (``legal``), what an answer does (``resolve``, which closes or replaces the frame),
    what the seat is asked (``ask``) and its public arguments (``context``).
    """

    __slots__ = ()
    KEY: ClassVar[str]  # the observation's word for the frame ("move", "action", ...)

    @abstractmethod
    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        """The actions that answer this frame."""

    @abstractmethod
    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        """Carry out ``action`` (one of ``legal``) for seat ``p``."""

    @abstractmethod
    def ask(self, s: WinterborneState, p: int) -> Decision:
        """What seat ``p`` is deciding, in the game's words."""

    def settlement_cost(self, s: WinterborneState) -> Cost:
        """A settlement's price while this frame is open (a Horn banner may waive it)."""
        return s.params.settlement_cost

    def conquer_cost(self, s: WinterborneState) -> Cost:
        """A conquest's price while this frame is open (a red ally's trade paid for it)."""
        return s.params.conquer_cost


def leave_hand(s: WinterborneState, p: int, card: int) -> None:
    """A card leaves the hand during the turn's play (played, swapped, discarded by a
    power): it is no longer the card that was picked up from the reserve, so if it comes
    back (drawn, explored) it may go into the reserve again."""
    s.hand[p].remove(card)
    if card in s.moved:
        s.moved.remove(card)




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
    if not is_wylds(card) or len(s.reserve[p]) < s.params.reserve_size:
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


def reserve_used(s: WinterborneState, p: int) -> Phrase:
    """How full the seat's reserve is, as a decision's limit."""
    return MSG("limit-reserve", n=len(s.reserve[p]), size=s.params.reserve_size)


def remove_played(s: WinterborneState, p: int, card: int) -> None:
    """A played card leaves the hand (or the reserve: "as though they are in hand")."""
    if card in s.hand[p]:
        leave_hand(s, p, card)
    else:
        s.reserve[p].remove(card)


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
    cost = s.params.explore_cost[s.season]
    if s.discount and p == s.current:
        cost -= len(wylds_in_reserve(s, p))
    return max(0, cost)


def settlement_cost(s: WinterborneState) -> Cost:
    """What a settlement costs in the open decision: nothing in a Horn banner's free build
    next to the warrior, else the house board's price (``params``)."""
    frame = top(s)
    return s.params.settlement_cost if frame is None else frame.settlement_cost(s)


def conquer_cost(s: WinterborneState) -> Cost:
    """What a conquest costs in the open decision: nothing in a red ally's conquest (its
    trade paid for it), else the warrior's price (1 gold + 1 military as printed)."""
    frame = top(s)
    return s.params.conquer_cost if frame is None else frame.conquer_cost(s)
