"""Legal actions and their effects: the open frame decides what is asked.

With no frame open, the player to move takes a turn's action (``turn.py``). Each frame
kind has an ``options`` function (the legal actions) and a ``resolve`` function
(``HANDLERS``); after
every action, automatic work (an excavation's next steps, the ends of Sunset) runs until
someone must decide again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from wintergames.core.actions import Action
from wintergames.core.errors import IllegalActionError
from wintergames.core.events import Event
from wintergames.games.ice import (
    artifacts,
    days,
    effects,
    excavate,
    guilds,
    logbook,
    pieces,
    powers,
    prompts,
    turn,
)
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import (
    ITEMS,
    TILE_IDS,
    WORDS,
    Discard,
    Drop,
    Follow,
    Move,
    Pay,
    Play,
    Put,
    Shift,
    Slot,
    Take,
    Validate,
    Word,
)
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import adjacent
from wintergames.games.ice.words import CAMP, MSG, artifact_type, place, request, seat, tile

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

PASS, DONE, NONE, COLLECT, GRAPPLE = (WORDS.index(w) for w in (
    "pass", "done", "none", "collect", "grapple"))

# A frame kind's handlers, each typed for its own kind (``HANDLERS`` pairs them).
Options = Callable[["IceState", Any], list[Action]]
Resolve = Callable[["IceState", Any, Action], None]


def legal_actions(s: IceState, p: int) -> list[Action]:
    if s.day == 0:
        return [Discard.ALL[c] for c in sorted(s.requests[p])]
    if not s.pending:
        return turn.main_actions(s, p)
    frame = s.pending[-1]
    return HANDLERS[type(frame)][0](s, frame)


def check(s: IceState, action: Action, p: int) -> None:
    if s.day > 0 and not s.pending:
        legal = turn.is_legal_main(s, p, action)
    else:
        legal = action in legal_actions(s, p)
    if not legal:
        raise IllegalActionError(*why_not(s, action, p))


def do(s: IceState, action: Action, p: int) -> None:
    if s.day == 0:
        assert isinstance(action, Discard)
        days.opening_discard(s, p, action.value)
        return
    if not s.pending:
        turn.do_main(s, p, action)
    else:
        frame = fr.pop(s)
        HANDLERS[type(frame)][1](s, frame, action)
    settle(s)


def settle(s: IceState) -> None:
    """Automatic work after an action: excavation steps, the ends of Sunset frames."""
    while (frame := fr.top(s)) is not None and not s.over:
        if isinstance(frame, fr.Collect) and not artifacts.can_trigger(
                s, frame.seat, artifacts.PHILOSOPHICAL):
            # Spent on an earlier tile of the same chain collapse: this one is discarded.
            fr.pop(s)
            pieces.discard_tile(s, frame.tile)
            continue
        if isinstance(frame, fr.Excavation):
            excavate.advance(s)
            if isinstance(fr.top(s), fr.Excavation):
                continue
            return
        if isinstance(frame, fr.Validate | fr.HandLimit):
            before = s.pending
            days.settle_sunset(s)
            if s.pending == before:
                return
            continue
        return


def why_not(s: IceState, action: Action, p: int) -> tuple[str, str]:
    """Which rule refuses ``action``: what is allowed now in words, and the id of the
    rule's passage."""
    legal = legal_actions(s, p)
    shown = ", ".join(str(a) for a in legal[:12]) + (" ..." if len(legal) > 12 else "")
    if s.day == 0:
        asked = prompts.decision(s, p).prompt
        return f"{action} is not possible now: {asked.text}; allowed: {shown}", asked.rule
    if not s.pending:
        reason, rule = turn.why_not_main(s, p, action)
        return f"{reason}; allowed: {shown}", rule
    asked = prompts.decision(s, s.pending[-1].seat).prompt
    return f"{action} is not possible now: {asked.text}; allowed: {shown}", asked.rule


# -- the frames ---------------------------------------------------------------------------


def _follow_options(s: IceState, frame: fr.Follow) -> list[Action]:
    return [Follow.ALL[n] for n in range(frame.most + 1)]


def _follow(s: IceState, frame: fr.Follow, action: Action) -> None:
    assert isinstance(action, Follow)
    fr.push(s, frame)  # follow() pops it itself
    turn.follow(s, frame.seat, action.value)


def _fluent_options(s: IceState, frame: fr.FluentStep) -> list[Action]:
    at = s.leaders[frame.seat]
    return [Move.ALL[q] for q in adjacent(s.tiles, s.rift, at)] + [Word.ALL[PASS]]


def _fluent(s: IceState, frame: fr.FluentStep, action: Action) -> None:
    fr.push(s, frame)
    turn.fluent_second(s, frame.seat, action.value if isinstance(action, Move) else -1)


def _prism_options(s: IceState, frame: fr.PrismSlot) -> list[Action]:
    return [Slot.ALL[t] for t in range(5)]


def _prism(s: IceState, frame: fr.PrismSlot, action: Action) -> None:
    assert isinstance(action, Slot)
    p, n = frame.seat, frame.tile
    artifacts.place_artifact(s, p, n, action.value)
    s.seen[n] = 1
    s.log.append(Event(MSG("prismatic-slot", seat=seat(p), tile=tile(n),
                           type=artifact_type(action.value)), kind="take-tile", player=p))


def _spread_options(s: IceState, frame: fr.Spread) -> list[Action]:
    return [Put.ALL[q] for q in excavate.spread_choices(s)]


def _spread(s: IceState, frame: fr.Spread, action: Action) -> None:
    assert isinstance(action, Put)
    fr.push(s, frame)
    excavate.spread_to(s, action.value)


def _leader_options(s: IceState, frame: fr.LeaderTo) -> list[Action]:
    return [Put.ALL[q] for q in excavate.leader_choices(s)]


def _leader(s: IceState, frame: fr.LeaderTo, action: Action) -> None:
    assert isinstance(action, Put)
    excavate.place_leader(s, frame.leader, action.value)


def _camp_options(s: IceState, frame: fr.CampTo) -> list[Action]:
    return [Put.ALL[q] for q in excavate.camp_choices(s, frame.slot)]


def _camp(s: IceState, frame: fr.CampTo, action: Action) -> None:
    assert isinstance(action, Put)
    s.camps[frame.camp] = action.value


def _collect_options(s: IceState, frame: fr.Collect) -> list[Action]:
    return [Word.ALL[COLLECT], Word.ALL[PASS]]


def _collect(s: IceState, frame: fr.Collect, action: Action) -> None:
    """Philosophical Artifact: "Collect a tile at the moment it is collapsing or being
    destroyed during your turn"."""
    p, tile = frame.seat, frame.tile
    if action == Word.ALL[COLLECT]:
        artifacts.use(s, p, artifacts.PHILOSOPHICAL)
        said = MSG("collect", seat=seat(p), type=artifact_type(artifacts.PHILOSOPHICAL))
        s.log.append(Event(said, kind="collect", player=p))
        excavate.gain(s, p, tile)
    else:
        pieces.discard_tile(s, tile)


def _prepare_options(s: IceState, frame: fr.Prepare) -> list[Action]:
    out: list[Action] = [Play.ALL[t] for t in excavate.prepare_options(s)]
    if excavate.can_grapple(s):
        out.append(Word.ALL[GRAPPLE])
    return [*out, Word.ALL[PASS]]


def _prepare(s: IceState, frame: fr.Prepare, action: Action) -> None:
    if isinstance(action, Play):
        excavate.play_prepared(s, action.value)
    elif action == Word.ALL[GRAPPLE]:
        excavate.grapple(s)
    else:
        return
    if excavate.prepare_options(s) or excavate.can_grapple(s):
        fr.push(s, frame)


def _apart_options(s: IceState, frame: fr.Rope | fr.Grapple) -> list[Action]:
    return [Put.ALL[q] for q in excavate.apart_choices(s)]


def _apart(s: IceState, frame: fr.Rope | fr.Grapple, action: Action) -> None:
    assert isinstance(action, Put)
    excavate.place_apart(s, action.value)


def _nav_options(s: IceState, frame: fr.NavCamp) -> list[Action]:
    return [Put.ALL[q] for q in pieces.nav_camp_sites(s, frame.origin)]


def _nav(s: IceState, frame: fr.NavCamp, action: Action) -> None:
    assert isinstance(action, Put)
    p = frame.seat
    s.camps[p] = action.value
    s.log.append(Event(MSG("nav-camp", seat=seat(p), camp=CAMP, place=place(s.camps[p])),
                       kind="camp", player=p))


def _snow_limit_options(s: IceState, frame: fr.SnowLimit) -> list[Action]:
    return [Drop.ALL[t] for t in sorted(s.hand[frame.seat])]


def _snow_limit(s: IceState, frame: fr.SnowLimit, action: Action) -> None:
    assert isinstance(action, Drop)
    p = frame.seat
    s.hand[p].remove(action.value)
    s.tile_discard.append(action.value)
    s.log.append(Event(MSG("drop-snow", seat=seat(p), n=s.params.snow_hand_limit),
                       kind="drop", player=p))
    if len(s.hand[p]) > s.params.snow_hand_limit:
        fr.push(s, frame)


def _take_options(s: IceState, frame: fr.SunsetTake) -> list[Action]:
    return [*(Take.ALL[c] for c in s.row), Word.ALL[NONE]]


def _take(s: IceState, frame: fr.SunsetTake, action: Action) -> None:
    p = frame.seat
    if isinstance(action, Take):
        s.row.remove(action.value)
        s.requests[p].append(action.value)
        s.log.append(Event(MSG("take-request", seat=seat(p), request=request(action.value)),
                           kind="take-request", player=p))


def _validate_options(s: IceState, frame: fr.Validate) -> list[Action]:
    return [*(Validate.ALL[c] for c in days.validatable(s, frame.seat)), Word.ALL[DONE]]


def _validate(s: IceState, frame: fr.Validate, action: Action) -> None:
    if isinstance(action, Validate):
        # Validating lays the Request face up, and each item paid is shown as it is put
        # towards it (``_pay``): from here on they are public, so ``determinize`` keeps
        # them where the open payment expects them.
        s.request_seen[action.value] = 1
        fr.push(s, frame)
        fr.push(s, fr.Pay(frame.seat, action.value))


def _pay_options(s: IceState, frame: fr.Pay) -> list[Action]:
    return [Pay.ALL[c] for c in days.pay_options(s, frame.seat, frame.card, frame.chosen)]


def _pay(s: IceState, frame: fr.Pay, action: Action) -> None:
    assert isinstance(action, Pay)
    p, card = frame.seat, frame.card
    chosen = (*frame.chosen, action.value)
    if action.value < len(IC.tiles):
        s.seen[action.value] = 1
    if days.complete(s, p, card, chosen):
        days.validate(s, p, card, chosen)
    else:
        fr.push(s, fr.Pay(p, card, chosen))


def _hand_options(s: IceState, frame: fr.HandLimit) -> list[Action]:
    return [Discard.ALL[c] for c in sorted(s.requests[frame.seat])]


def _hand(s: IceState, frame: fr.HandLimit, action: Action) -> None:
    assert isinstance(action, Discard)
    p = frame.seat
    s.requests[p].remove(action.value)
    s.request_discard.append(action.value)
    s.log.append(Event(MSG("drop-request", seat=seat(p), n=s.params.request_hand_limit),
                       kind="discard", player=p))
    fr.push(s, frame)  # settle() closes it once the hand fits


def _sunrise_prism_options(s: IceState, frame: fr.SunrisePrism) -> list[Action]:
    tiles = [t for t in days.pieces_prismatic(s, frame.seat) if t not in frame.moved]
    return [*(Shift.ALL[t] for t in tiles), Word.ALL[DONE]]


def _sunrise_prism(s: IceState, frame: fr.SunrisePrism, action: Action) -> None:
    """"During Sunrise phase only, you may move each of your Prismatic Artifacts to a new
    Artifact slot": pick one up (``shift TILE``), then its slot."""
    if isinstance(action, Shift):
        p = frame.seat
        for t in range(5):
            if action.value in s.art[p][t]:
                s.art[p][t].remove(action.value)
        fr.push(s, fr.SunrisePrism(p, (*frame.moved, action.value)))
        fr.push(s, fr.PrismSlot(p, action.value))


# Each frame kind's legal answers and what an answer does (the frame already popped);
# a question of an effect, ability or Logbook event is its module's (``free``,
# ``logbook``). A kind missing here fails ``tests/games/ice/test_frames.py``.
HANDLERS: dict[type[fr.IceFrame], tuple[Options, Resolve]] = {
    fr.Follow: (_follow_options, _follow),
    fr.FluentStep: (_fluent_options, _fluent),
    fr.PrismSlot: (_prism_options, _prism),
    fr.Spread: (_spread_options, _spread),
    fr.LeaderTo: (_leader_options, _leader),
    fr.CampTo: (_camp_options, _camp),
    fr.Collect: (_collect_options, _collect),
    fr.Prepare: (_prepare_options, _prepare),
    fr.Rope: (_apart_options, _apart),
    fr.Grapple: (_apart_options, _apart),
    **{kind: (effects.options, effects.resolve) for kind in effects.QUESTIONS},
    fr.Obliterate: (powers.obliterate_options, powers.resolve_obliterate),
    fr.Rebuild: (guilds.ability_options, guilds.resolve_ability),
    fr.Activate: (guilds.ability_options, guilds.resolve_ability),
    **{kind: (logbook.options, logbook.resolve) for kind in logbook.EVENTS},
    fr.NavCamp: (_nav_options, _nav),
    fr.SnowLimit: (_snow_limit_options, _snow_limit),
    fr.SunsetTake: (_take_options, _take),
    fr.Validate: (_validate_options, _validate),
    fr.Pay: (_pay_options, _pay),
    fr.HandLimit: (_hand_options, _hand),
    fr.SunrisePrism: (_sunrise_prism_options, _sunrise_prism),
}

__all__ = ["HANDLERS", "ITEMS", "TILE_IDS", "check", "do", "legal_actions"]
