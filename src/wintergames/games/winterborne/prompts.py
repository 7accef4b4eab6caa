"""What the Winterborne seat to move is deciding, in the game's words (issue 38).

A decision in progress is a stack of frames (``frames.py``); the innermost one is the
decision open now, and states itself (``WbFrame.ask``). With no frame open the turn's
free choice is stated here, from the kinds of legal action there are. Every number
said comes from the state or the data files (``WB``).

>>> import wintergames as wg
>>> s = wg.make("winterborne", 2, seed=1)
>>> d = s.decision(s.current)
>>> d.prompt.text, d.limit.text
('Your turn: play a card or end your turn', 'reserve: 0 of 3 places used')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.decisions import Decision
from wintergames.core.phrases import Phrase
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne import frames as fr
from wintergames.games.winterborne.effects import power_cost
from wintergames.games.winterborne.rules import legal_actions
from wintergames.games.winterborne.words import MSG, favor

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState as S


def decision(s: S, p: int) -> Decision:
    """The prompt of seat ``p`` (the seat to move) for the innermost open frame."""
    frame = fr.top(s)
    if frame is None:
        return _main(s, p)
    return frame.ask(s, p)


# -- the turn's free choice -----------------------------------------------------------------


def _main(s: S, p: int) -> Decision:
    kinds = {type(a) for a in legal_actions(s, p)}
    options = [*_play_options(kinds), *_reserve_options(kinds)]
    if act.Power in kinds:
        options.append(MSG("opt-power"))
    options.append(MSG("opt-end"))
    cost = _power_cost(s, p) if act.Power in kinds else None
    return Decision(MSG("ask-main", options=_or_list(options)), cost=cost,
                    limit=fr.reserve_used(s, p))


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


def _power_cost(s: S, p: int) -> Phrase:
    """"Favor tokens equal to the number of the current round of winter" (``params``)."""
    return MSG("cost-power", favor=favor(power_cost(s)), round=s.winter_round,
               have=favor(s.favor[p]))
