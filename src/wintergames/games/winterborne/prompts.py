"""What the Winterborne seat to move is deciding, in the game's words (issue 38).

A decision in progress is a stack of frames (``frames.py``); the innermost one is the
decision open now. ``PROMPTS`` gives each frame kind the function that states it (a new
kind without one fails ``tests/games/winterborne/test_prompts.py``); with no frame open
the turn's free choice is stated from the kinds of legal action there are. Every number
said comes from the state or the data files (``WB``).

>>> import wintergames as wg
>>> s = wg.make("winterborne", 2, seed=1)
>>> d = s.decision(s.current)
>>> d.prompt.text, d.limit.text
('Your turn: play a card or end your turn', 'reserve: 0 of 3 places used')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wintergames.core.decisions import Decision
from wintergames.core.phrases import Phrase
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne import frames as fr
from wintergames.games.winterborne.components import WB, WHITE
from wintergames.games.winterborne.rules import legal_actions
from wintergames.games.winterborne.words import (
    CASTLE,
    MSG,
    ally,
    card,
    counted,
    favor,
    figure,
    province,
    res,
    resources,
)

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState as S

Frame = tuple[int, ...]
Stated = Callable[["S", int, Frame], Decision]


def decision(s: S, p: int) -> Decision:
    """The prompt of seat ``p`` (the seat to move) for the innermost open frame."""
    frame = fr.top(s)
    if frame is None:
        return _main(s, p)
    return PROMPTS[frame[0]](s, p, frame)


# -- the turn's free choice -----------------------------------------------------------------


def _main(s: S, p: int) -> Decision:
    kinds = {type(a) for a in legal_actions(s, p)}
    options = [*_play_options(kinds), *_reserve_options(kinds)]
    if act.Power in kinds:
        options.append(MSG("opt-power"))
    options.append(MSG("opt-end"))
    cost = _power_cost(s, p) if act.Power in kinds else None
    return Decision(MSG("ask-main", options=_or_list(options)), cost=cost,
                    limit=_reserve_used(s, p))


def _play_options(kinds: set[type]) -> list[Phrase]:
    return _pair_option(kinds, act.PlayCard, act.UseSpoils,
                        ("opt-cards-spoils", "opt-cards", "opt-spoils"))


def _reserve_options(kinds: set[type]) -> list[Phrase]:
    return _pair_option(kinds, act.Reserve, act.Unreserve,
                        ("opt-reserve-both", "opt-reserve-place", "opt-reserve-pick"))


def _pair_option(kinds: set[type], first: type, second: type,
                 msgs: tuple[str, str, str]) -> list[Phrase]:
    """The one option that says two kinds of action: both, the first or the second."""
    a, b = first in kinds, second in kinds
    msg = msgs[0] if a and b else msgs[1] if a else msgs[2] if b else None
    return [] if msg is None else [MSG(msg)]


def _or_list(options: list[Phrase]) -> Phrase:
    """"a or b"; "a, b, or c" (the options in their order)."""
    if len(options) == 1:
        return options[0]
    if len(options) == 2:
        return MSG("either", first=options[0], last=options[1])
    said = options[0]
    for option in options[1:-1]:
        said = MSG("among", first=said, next=option)
    return MSG("among-last", first=said, last=options[-1])


def _reserve_used(s: S, p: int) -> Phrase:
    return MSG("limit-reserve", n=len(s.reserve[p]), size=WB.reserve_size)


def _power_cost(s: S, p: int) -> Phrase:
    """"Favor tokens equal to the number of the current round of winter"."""
    r = s.winter_round
    return MSG("cost-power", favor=favor(r), round=r, have=favor(s.favor[p]))


# -- the frames -------------------------------------------------------------------------------


def _figure(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-figure", hex=figure(f[1])), piece=figure(f[1]))


def _move(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-move", figure=figure(f[1])), piece=figure(f[1]))


def _exit(s: S, p: int, f: Frame) -> Decision:
    steps = counted(f[3], "space", "spaces")
    return Decision(MSG("ask-exit", figure=figure(f[1]), castle=CASTLE), piece=figure(f[1]),
                    limit=MSG("limit-exit", steps=steps))


def _act(s: S, p: int, f: Frame) -> Decision:
    """The figure's own special action; the white meeple's, that of the hex it moved by.
    The warrior's and the explorer's prices are the same whichever section or province
    (a shaman's trade costs what its ally asks: each choice says it)."""
    cost = _action_cost(s, p, f[1])
    if f[2] == WHITE:
        said = MSG("ask-act-white", figure=figure(WHITE), character=figure(f[1]))
        return Decision(said, piece=figure(WHITE), cost=cost)
    return Decision(MSG("ask-act", figure=figure(f[2])), piece=figure(f[2]), cost=cost)


def _action_cost(s: S, p: int, character: int) -> Phrase | None:
    if character == fr.WARRIOR:
        return MSG("cost-warrior", conquer=resources(fr.conquer_cost(s)),
                   settle=resources(fr.settlement_cost(s)))
    if character == fr.EXPLORER:
        return MSG("cost-explorer", meat=res(fr.explore_cost(s, p), 1))
    return None


def _spoils(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-spoils", province=province(f[1])))


def _pay_any(s: S, p: int, f: Frame) -> Decision:
    purpose, arg = f[1], f[2]
    if purpose == fr.FOR_ALLY:
        said = MSG("ask-pay-ally", ally=ally(arg))
        return Decision(said, piece=ally(arg), cost=MSG("limit-pay", n=WB.allies[arg].pay_any))
    if purpose == fr.FOR_SACKED:
        return Decision(MSG("ask-pay-sacked"))
    return Decision(MSG("ask-pay-favor", favor=favor(1)))


def _sack(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-sack", ally=ally(f[1])), piece=ally(f[1]))


def _free_conquer(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-free-conquer"), cost=_free_cost())


def _free_cost() -> Phrase:
    return MSG("costs", "allies", cost=resources(fr.FREE))


def _wylds(s: S, p: int, f: Frame) -> Decision:
    left = len(f) - 1
    return Decision(MSG("ask-wylds"), limit=MSG("limit-wylds", n=left), remaining=left)


def _direction(s: S, p: int, f: Frame) -> Decision:
    explorer = figure(fr.EXPLORER)
    return Decision(MSG("ask-direction", figure=explorer), piece=explorer)


def _sacked(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-sacked"))


def _gain(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-gain"), limit=MSG("limit-gain", n=f[1]), remaining=f[1])


def _power_discard(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-power-discard"))


def _relocate(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-relocate"))


def _swap(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-swap"))


def _any_spoils(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-any-spoils"))


def _replace(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-replace", white=figure(WHITE)), piece=figure(WHITE))


def _trade_only(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-trade-only", figure=figure(f[1])), piece=figure(f[1]))


def _horn(s: S, p: int, f: Frame) -> Decision:
    cost = MSG("cost-build", cost=resources(fr.settlement_cost(s)))
    return Decision(MSG("ask-horn", card=card(f[2])), piece=card(f[2]), cost=cost)


def _room(s: S, p: int, f: Frame) -> Decision:
    return Decision(MSG("ask-room", card=card(f[1])), piece=card(f[1]),
                    limit=_reserve_used(s, p))


def _cleanup(s: S, p: int, f: Frame) -> Decision:
    n, most = len(s.hand[p]), WB.hand_size
    if n > most:
        limit = MSG("limit-hand", n=n, most=most, more=n - most)
        return Decision(MSG("ask-cleanup"), limit=limit, remaining=n - most)
    limit = MSG("limit-hand-ok", n=n, most=most, r=len(s.reserve[p]), size=WB.reserve_size)
    return Decision(MSG("ask-cleanup"), limit=limit)


def _cap(s: S, p: int, f: Frame) -> Decision:
    have, cap = sum(s.res[p]), WB.resource_cap
    return Decision(MSG("ask-cap", cap=cap), limit=MSG("limit-cap", n=have, more=have - cap),
                    remaining=have - cap)


# Each frame kind's prompt, in one place: a frame kind missing here fails a test.
PROMPTS: dict[int, Stated] = {
    fr.FIGURE: _figure, fr.MOVE: _move, fr.EXIT: _exit, fr.ACT: _act, fr.SPOILS: _spoils,
    fr.PAY_ANY: _pay_any, fr.SACK: _sack, fr.FREE_CONQUER: _free_conquer, fr.WYLDS: _wylds,
    fr.DIRECTION: _direction, fr.SACKED: _sacked, fr.GAIN: _gain,
    fr.POWER_DISCARD: _power_discard, fr.RELOCATE: _relocate, fr.SWAP: _swap,
    fr.ANY_SPOILS: _any_spoils, fr.REPLACE: _replace, fr.TRADE_ONLY: _trade_only,
    fr.HORN: _horn, fr.ROOM: _room, fr.CLEANUP: _cleanup, fr.CAP: _cap,
}
