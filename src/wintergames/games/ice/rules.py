"""Legal actions and their effects: the open frame decides what is asked.

With no frame open, the player to move takes a turn's action (``turn.py``). Each frame
kind has an ``options`` function (the legal actions) and a ``resolve`` function; after
every action, automatic work (an excavation's next steps, the ends of Sunset) runs until
someone must decide again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.errors import IllegalActionError
from wintergames.core.events import Event
from wintergames.games.ice import (
    artifacts,
    days,
    excavate,
    free,
    logbook,
    pieces,
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

Options = Callable[["IceState", tuple[int, ...]], list[Action]]
Resolve = Callable[["IceState", tuple[int, ...], Action], None]


def legal_actions(s: IceState, p: int) -> list[Action]:
    if s.day == 0:
        return [Discard.ALL[c] for c in sorted(s.requests[p])]
    if not s.pending:
        return turn.main_actions(s, p)
    frame = s.pending[-1]
    return FRAMES[frame[0]][0](s, frame)


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
        FRAMES[frame[0]][1](s, frame, action)
    settle(s)


def settle(s: IceState) -> None:
    """Automatic work after an action: excavation steps, the ends of Sunset frames."""
    while s.pending and not s.over:
        kind = s.pending[-1][0]
        if kind == fr.COLLECT and not artifacts.can_trigger(
                s, s.pending[-1][1], artifacts.PHILOSOPHICAL):
            # Spent on an earlier tile of the same chain collapse: this one is discarded.
            pieces.discard_tile(s, fr.pop(s)[2])
            continue
        if kind == fr.EXCAVATION:
            excavate.advance(s)
            if s.pending and s.pending[-1][0] == fr.EXCAVATION:
                continue
            if not s.pending or s.pending[-1][0] not in (fr.VALIDATE, fr.HAND_LIMIT):
                return
        if kind in (fr.VALIDATE, fr.HAND_LIMIT):
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
    asked = prompts.decision(s, s.pending[-1][1]).prompt
    return f"{action} is not possible now: {asked.text}; allowed: {shown}", asked.rule


# -- the frames ---------------------------------------------------------------------------


def _follow_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [Follow.ALL[n] for n in range(frame[3] + 1)]


def _follow(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    s.pending = (*s.pending, frame)  # follow() pops it itself
    turn.follow(s, frame[1], action.value)  # type: ignore[attr-defined]


def _fluent_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    at = s.leaders[frame[1]]
    return [Move.ALL[q] for q in adjacent(s.tiles, s.rift, at)] + [Word.ALL[PASS]]


def _fluent(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    s.pending = (*s.pending, frame)
    turn.fluent_second(s, frame[1], action.value if isinstance(action, Move) else -1)


def _prism_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [Slot.ALL[t] for t in range(5)]


def _prism(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    assert isinstance(action, Slot)
    p, n = frame[1], frame[2]
    artifacts.place_artifact(s, p, n, action.value)
    s.seen[n] = 1
    s.log.append(Event(MSG("prismatic-slot", seat=seat(p), tile=tile(n),
                           type=artifact_type(action.value)), kind="take-tile", player=p))


def _spread_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [Put.ALL[q] for q in excavate.spread_choices(s)]


def _spread(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    s.pending = (*s.pending, frame)
    excavate.spread_to(s, action.value)  # type: ignore[attr-defined]


def _leader_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [Put.ALL[q] for q in excavate.leader_choices(s)]


def _leader(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    excavate.place_leader(s, frame[2], action.value)  # type: ignore[attr-defined]


def _camp_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [Put.ALL[q] for q in excavate.camp_choices(s, frame[3])]


def _camp(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    s.camps[frame[2]] = action.value  # type: ignore[attr-defined]


def _collect_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [Word.ALL[COLLECT], Word.ALL[PASS]]


def _collect(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    """Philosophical Artifact: "Collect a tile at the moment it is collapsing or being
    destroyed during your turn"."""
    p, tile = frame[1], frame[2]
    if action == Word.ALL[COLLECT]:
        artifacts.use(s, p, artifacts.PHILOSOPHICAL)
        said = MSG("collect", seat=seat(p), type=artifact_type(artifacts.PHILOSOPHICAL))
        s.log.append(Event(said, kind="collect", player=p))
        excavate.gain(s, p, tile)
    else:
        pieces.discard_tile(s, tile)


def _prepare_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    out: list[Action] = [Play.ALL[t] for t in excavate.prepare_options(s)]
    if excavate.can_grapple(s):
        out.append(Word.ALL[GRAPPLE])
    return [*out, Word.ALL[PASS]]


def _prepare(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    if isinstance(action, Play):
        excavate.play_prepared(s, action.value)
    elif action == Word.ALL[GRAPPLE]:
        excavate.grapple(s)
    else:
        return
    if excavate.prepare_options(s) or excavate.can_grapple(s):
        s.pending = (*s.pending, frame)


def _effect_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    if frame[2] in (fr.EFFECT_ROPE, fr.EFFECT_GRAPPLE):
        return [Put.ALL[q] for q in excavate.apart_choices(s)]
    return free.effect_options(s, frame)


def _effect(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    if frame[2] in (fr.EFFECT_ROPE, fr.EFFECT_GRAPPLE):
        excavate.place_apart(s, action.value)  # type: ignore[attr-defined]
        return
    free.do_effect(s, frame, action)


def _ability_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return free.ability_options(s, frame)


def _ability(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    free.do_ability(s, frame, action)


def _logbook_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return logbook.options(s, frame)


def _logbook(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    logbook.resolve(s, frame, action)


def _nav_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [Put.ALL[q] for q in pieces.nav_camp_sites(s, frame[2])]


def _nav(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    p = frame[1]
    s.camps[p] = action.value  # type: ignore[attr-defined]
    s.log.append(Event(MSG("nav-camp", seat=seat(p), camp=CAMP, place=place(s.camps[p])),
                       kind="camp", player=p))


def _snow_limit_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [Drop.ALL[t] for t in sorted(s.hand[frame[1]])]


def _snow_limit(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    p = frame[1]
    s.hand[p].remove(action.value)  # type: ignore[attr-defined]
    s.tile_discard.append(action.value)  # type: ignore[attr-defined]
    s.log.append(Event(MSG("drop-snow", seat=seat(p), n=IC.snow_hand_limit), kind="drop",
                       player=p))
    if len(s.hand[p]) > IC.snow_hand_limit:
        s.pending = (*s.pending, frame)


def _take_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [*(Take.ALL[c] for c in s.row), Word.ALL[NONE]]


def _take(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    p = frame[1]
    if isinstance(action, Take):
        s.row.remove(action.value)
        s.requests[p].append(action.value)
        s.log.append(Event(MSG("take-request", seat=seat(p), request=request(action.value)),
                           kind="take-request", player=p))


def _validate_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [*(Validate.ALL[c] for c in days.validatable(s, frame[1])), Word.ALL[DONE]]


def _validate(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    if isinstance(action, Validate):
        # Validating lays the Request face up, and each item paid is shown as it is put
        # towards it (``_pay``): from here on they are public, so ``determinize`` keeps
        # them where the open payment expects them.
        s.request_seen[action.value] = 1
        s.pending = (*s.pending, frame)
        fr.push(s, fr.PAY, frame[1], action.value)


def _pay_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    p, card, chosen = frame[1], frame[2], frame[3:]
    return [Pay.ALL[c] for c in days.pay_options(s, p, card, chosen)]


def _pay(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    p, card = frame[1], frame[2]
    chosen = (*frame[3:], action.value)  # type: ignore[attr-defined]
    if action.value < len(IC.tiles):  # type: ignore[attr-defined]
        s.seen[action.value] = 1  # type: ignore[attr-defined]
    if days.complete(s, p, card, chosen):
        days.validate(s, p, card, chosen)
    else:
        fr.push(s, fr.PAY, p, card, *chosen)


def _hand_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    return [Discard.ALL[c] for c in sorted(s.requests[frame[1]])]


def _hand(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    p = frame[1]
    s.requests[p].remove(action.value)  # type: ignore[attr-defined]
    s.request_discard.append(action.value)  # type: ignore[attr-defined]
    s.log.append(Event(MSG("drop-request", seat=seat(p), n=IC.request_hand_limit),
                       kind="discard", player=p))
    s.pending = (*s.pending, frame)  # settle() closes it once the hand fits


def _sunrise_prism_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    moved = frame[2:]
    tiles = [t for t in days.pieces_prismatic(s, frame[1]) if t not in moved]
    return [*(Shift.ALL[t] for t in tiles), Word.ALL[DONE]]


def _sunrise_prism(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    """"During Sunrise phase only, you may move each of your Prismatic Artifacts to a new
    Artifact slot": pick one up (``shift TILE``), then its slot."""
    if isinstance(action, Shift):
        p = frame[1]
        for t in range(5):
            if action.value in s.art[p][t]:
                s.art[p][t].remove(action.value)
        s.pending = (*s.pending, (*frame, action.value))
        fr.push(s, fr.PRISM_SLOT, p, action.value)


FRAMES: dict[int, tuple[Options, Resolve]] = {
    fr.FOLLOW: (_follow_options, _follow),
    fr.FLUENT_STEP: (_fluent_options, _fluent),
    fr.PRISM_SLOT: (_prism_options, _prism),
    fr.SPREAD: (_spread_options, _spread),
    fr.LEADER_TO: (_leader_options, _leader),
    fr.CAMP_TO: (_camp_options, _camp),
    fr.COLLECT: (_collect_options, _collect),
    fr.PREPARE: (_prepare_options, _prepare),
    fr.EFFECT: (_effect_options, _effect),
    fr.ABILITY: (_ability_options, _ability),
    fr.LOGBOOK: (_logbook_options, _logbook),
    fr.NAV_CAMP: (_nav_options, _nav),
    fr.SNOW_LIMIT: (_snow_limit_options, _snow_limit),
    fr.SUNSET_TAKE: (_take_options, _take),
    fr.VALIDATE: (_validate_options, _validate),
    fr.PAY: (_pay_options, _pay),
    fr.HAND_LIMIT: (_hand_options, _hand),
    fr.SUNRISE_PRISM: (_sunrise_prism_options, _sunrise_prism),
}

__all__ = ["FRAMES", "ITEMS", "TILE_IDS", "check", "do", "legal_actions"]
