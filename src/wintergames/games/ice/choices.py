"""Each legal ICE action as people read it (``State.choices``): a label, an explanation
with its cost, and where the page makes it in two steps the group it belongs to.

A place on the board is chosen in two steps on the page (a ring, then the action), so an
action on a place has a ``group`` naming what it does ("Move your Expedition Leader (1
EP)") and a label naming the place ("to T12"). What a one-word action means depends on
the open frame ("pass" ends a Fluent Move, lets a collapsing tile go, ...), so those read
the frame. Costs come from the game's ``params`` (its data, or a what-if overlay) and
the state.

>>> import wintergames as wg
>>> s = wg.make("ice", 2, seed=1)
>>> a, c = s.choices(0)[0]
>>> c.label.text.startswith("Discard "), c.explain.text.endswith("you keep 3 Requests")
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice
from wintergames.core.phrases import Mention
from wintergames.games.ice import days, guilds, pieces, prompts, turn
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import (
    TILE_IDS,
    WORDS,
    Buy,
    Camp,
    Choose,
    Discard,
    Drop,
    Excavate,
    Fluent,
    Follow,
    Move,
    Nourish,
    Pay,
    Play,
    Put,
    Recruit,
    Sail,
    Sell,
    Shift,
    Slot,
    Take,
    Trigger,
    Validate,
    Word,
)
from wintergames.games.ice.artifacts import EXALTED
from wintergames.games.ice.words import (
    ACTIVATION,
    ARCHAEOLOGIST,
    ARCHAEOLOGISTS,
    CAMP,
    CRYO_DISCOUNT,
    GRAPPLING,
    LEADER,
    MSG,
    PLANNING,
    WHITE_CAMP,
    archaeologists,
    artifact_type,
    ep,
    place,
    request,
    rp,
    rp_tokens,
    study_token,
    tile,
)

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState as S

Frame = fr.IceFrame | None
# The pieces a ``put`` places (else it chooses a target: a tile to destroy, a slot...).
_BOARD_PIECES = (ARCHAEOLOGIST, LEADER, CAMP, WHITE_CAMP)


def choice(s: S, a: Action, p: int) -> Choice:
    """Legal action ``a`` of seat ``p`` as a label, an explanation and (an action on a
    place) its group."""
    frame = s.pending[-1] if s.pending and s.day > 0 else None
    if isinstance(a, Move | Fluent | Camp | Recruit | Sail | Nourish | Put):
        return _on_place(s, a, p, frame)
    if isinstance(a, Word):
        return _word(s, a.value, p, frame)
    return _CARDS[type(a)](s, a, p, frame)


# -- actions on a place ------------------------------------------------------------------------

def _on_place(s: S, a: Action, p: int, frame: Frame) -> Choice:
    q = place(a.value)  # type: ignore[attr-defined]
    cost = ep(s.params.action_ep)
    if isinstance(a, Put):
        asked = prompts.decision(s, p)
        prompt = asked.prompt
        group = (MSG("grp-put", prompt.rule) if asked.piece is None
                 else MSG("grp-put-for", prompt.rule, piece=asked.piece))
        explain = (MSG("do-put-piece", prompt.rule, piece=asked.piece, place=q)
                   if asked.piece in _BOARD_PIECES
                   else MSG("do-put", prompt.rule, place=q, prompt=prompt))
        return Choice(MSG("place-label", prompt.rule, place=q), explain, group)
    if isinstance(a, Move):
        return _move(s, q, frame)
    if isinstance(a, Fluent):
        steps = s.params.fluent_steps
        return Choice(MSG("to-place", "turn.fluent-move", place=q),
                      MSG("do-fluent", leader=LEADER, place=q, ep=cost, steps=steps),
                      MSG("grp-fluent", ep=cost, steps=steps))
    if isinstance(a, Camp):
        camp = CAMP if pieces.camp_to_build(s, p) == p else WHITE_CAMP
        return Choice(MSG("on-place", place=q), MSG("do-camp", camp=camp, place=q, ep=cost),
                      MSG("grp-camp", camp=camp, ep=cost))
    if isinstance(a, Recruit):
        return Choice(MSG("on-place", "turn.recruit", place=q),
                      MSG("do-recruit", archaeologist=ARCHAEOLOGIST, place=q, camp=CAMP,
                          ep=cost),
                      MSG("grp-recruit", archaeologist=ARCHAEOLOGIST, ep=cost))
    if isinstance(a, Sail):
        return Choice(MSG("to-place", "turn.sail", place=q),
                      MSG("do-sail", leader=LEADER, place=q, camp=CAMP, ep=cost,
                          archaeologist=ARCHAEOLOGIST),
                      MSG("grp-sail", camp=CAMP, ep=cost))
    n = archaeologists(guilds.nourishing(s, p))
    return Choice(MSG("on-place", "guild.nourisher", place=q),
                  MSG("do-nourish", n=n, place=q), MSG("grp-nourish", n=n))


def _move(s: S, q: Mention, frame: Frame) -> Choice:
    """A Move: paid in a turn, the free second step of a Fluent Move, or Something is
    Coming's free Move."""
    if isinstance(frame, fr.FluentStep):
        return Choice(MSG("to-place", "turn.fluent-move", place=q),
                      MSG("do-step", leader=LEADER, place=q), MSG("grp-step"))
    if isinstance(frame, fr.Logbook):
        return Choice(MSG("to-place", "logbook.something-is-coming", place=q),
                      MSG("do-coming", leader=LEADER, place=q), MSG("grp-coming"))
    cost = ep(s.params.action_ep)
    return Choice(MSG("to-place", place=q),
                  MSG("do-move", leader=LEADER, place=q, ep=cost,
                      archaeologists=ARCHAEOLOGISTS),
                  MSG("grp-move", leader=LEADER, ep=cost))


# -- cards, tiles, types and counts ------------------------------------------------------------

def _follow(s: S, a: Action, p: int, frame: Frame) -> Choice:
    n = archaeologists(a.value)  # type: ignore[attr-defined]
    rule = prompts.decision(s, p).prompt.rule
    return Choice(MSG("label-follow", rule, n=n), MSG("do-follow", rule, n=n))


def _play(s: S, a: Action, p: int, frame: Frame) -> Choice:
    n = a.value  # type: ignore[attr-defined]
    return Choice(MSG("label-play", tile=tile(n)),
                  MSG("do-play", tile=tile(n)))


def _drop(s: S, a: Action, p: int, frame: Frame) -> Choice:
    n = a.value  # type: ignore[attr-defined]
    return Choice(MSG("label-drop", tile=tile(n)),
                  MSG("do-drop", tile=tile(n), most=s.params.snow_hand_limit))


def _trigger(s: S, a: Action, p: int, frame: Frame) -> Choice:
    t = a.value  # type: ignore[attr-defined]
    rule = f"artifact.{artifact_type(t).ref}"
    explain = (MSG("do-trigger-paid", rule, type=artifact_type(t), ep=ep(s.params.exalted_ep))
               if t == EXALTED else MSG("do-trigger", rule, type=artifact_type(t)))
    return Choice(MSG("label-trigger", rule, type=artifact_type(t)), explain)


def _slot(s: S, a: Action, p: int, frame: Frame) -> Choice:
    t = artifact_type(a.value)  # type: ignore[attr-defined]
    assert isinstance(frame, fr.PrismSlot)
    return Choice(MSG("label-slot", type=t), MSG("do-slot", tile=tile(frame.tile), type=t))


def _choose(s: S, a: Action, p: int, frame: Frame) -> Choice:
    t = artifact_type(a.value)  # type: ignore[attr-defined]
    prompt = prompts.decision(s, p).prompt
    if isinstance(frame, fr.Logbook):
        t = study_token(a.value)  # type: ignore[attr-defined]
    return Choice(MSG("label-choose", prompt.rule, type=t),
                  MSG("do-choose", prompt.rule, type=t, prompt=prompt))


def _take(s: S, a: Action, p: int, frame: Frame) -> Choice:
    c = a.value  # type: ignore[attr-defined]
    return Choice(MSG("label-take", request=request(c)),
                  MSG("do-take", request=request(c), rp=rp(s.params.requests[c].rp)))


def _discard(s: S, a: Action, p: int, frame: Frame) -> Choice:
    c = request(a.value)  # type: ignore[attr-defined]
    if s.day == 0:
        return Choice(MSG("label-discard", "setup.requests", request=c),
                      MSG("do-discard-opening", request=c, keep=days.opening_keep(s)))
    return Choice(MSG("label-discard", request=c),
                  MSG("do-discard-hand", request=c, most=s.params.request_hand_limit))


def _validate(s: S, a: Action, p: int, frame: Frame) -> Choice:
    c = a.value  # type: ignore[attr-defined]
    return Choice(MSG("label-validate", request=request(c)),
                  MSG("do-validate", request=request(c), rp=rp(s.params.requests[c].rp)))


def _item(n: int) -> Mention:
    """An item paying a Request: an Artifact tile, or a Study token (after the tiles)."""
    return tile(n) if n < len(TILE_IDS) else study_token(n - len(TILE_IDS))


def _pay(s: S, a: Action, p: int, frame: Frame) -> Choice:
    item = _item(a.value)  # type: ignore[attr-defined]
    assert isinstance(frame, fr.Pay)
    return Choice(MSG("label-pay", item=item),
                  MSG("do-pay", item=item, request=request(frame.card)))


def _sell(s: S, a: Action, p: int, frame: Frame) -> Choice:
    n, paid = tile(a.value), rp_tokens(s.params.caravan_sell_rp)  # type: ignore[attr-defined]
    return Choice(MSG("label-sell", tile=n, rp=paid), MSG("do-sell", tile=n, rp=paid))


def _buy(s: S, a: Action, p: int, frame: Frame) -> Choice:
    n, paid = tile(a.value), rp_tokens(s.params.caravan_buy_rp)  # type: ignore[attr-defined]
    return Choice(MSG("label-buy", tile=n, rp=paid), MSG("do-buy", tile=n, rp=paid))


def _shift(s: S, a: Action, p: int, frame: Frame) -> Choice:
    n = tile(a.value)  # type: ignore[attr-defined]
    return Choice(MSG("label-shift", tile=n), MSG("do-shift", tile=n))


def _excavate_cryo(s: S, a: Action, p: int, frame: Frame) -> Choice:
    cost = ep(turn.cryo_excavation_cost(s, p) or 0)
    return Choice(MSG("label-excavate-cryo", discount=CRYO_DISCOUNT, ep=cost),
                  MSG("do-excavate-cryo", leader=LEADER, place=place(s.leaders[p]),
                      discount=CRYO_DISCOUNT, ep=cost))


_CARDS: dict[type[Action], Callable[[S, Action, int, Frame], Choice]] = {
    Follow: _follow, Play: _play, Drop: _drop, Trigger: _trigger, Slot: _slot,
    Choose: _choose, Take: _take, Discard: _discard, Validate: _validate, Pay: _pay,
    Sell: _sell, Buy: _buy, Shift: _shift, Excavate: _excavate_cryo}


# -- one-word actions --------------------------------------------------------------------------

def _word(s: S, w: int, p: int, frame: Frame) -> Choice:
    name = WORDS[w]
    if name in ("pass", "done"):
        return _closing(s, name, frame)
    return _WORDS[name](s, p)


def _end(s: S, p: int) -> Choice:
    return Choice(MSG("label-end"), MSG("do-end", spent=ep(s.spent)))


def _stop(s: S, p: int) -> Choice:
    return Choice(MSG("label-stop"), MSG("do-stop"))


def _none(s: S, p: int) -> Choice:
    return Choice(MSG("label-none"), MSG("do-none"))


def _study(s: S, p: int) -> Choice:
    cost = ep(s.params.action_ep)
    return Choice(MSG("label-study", ep=cost),
                  MSG("do-study", token=study_token(turn.study_type(s, p)), leader=LEADER,
                      ep=cost))


def _plan(s: S, p: int) -> Choice:
    cost = ep(s.params.action_ep)
    return Choice(MSG("label-plan", ep=cost), MSG("do-plan", planning=PLANNING, ep=cost))


def _overwork(s: S, p: int) -> Choice:
    paid = rp_tokens(s.params.overwork_rp)
    return Choice(MSG("label-overwork", rp=paid),
                  MSG("do-overwork", rp=paid, most=ep(s.params.overwork_ep)))


def _excavate(s: S, p: int) -> Choice:
    cost = ep(turn.excavation_cost(s, p) or 0)
    here = place(s.leaders[p])
    explain = (MSG("do-excavate-keep", leader=LEADER, place=here, ep=cost,
                   discount=CRYO_DISCOUNT)
               if turn.cryo_excavation_cost(s, p) is not None
               else MSG("do-excavate", leader=LEADER, place=here, ep=cost))
    return Choice(MSG("label-excavate", ep=cost), explain)


def _collect(s: S, p: int) -> Choice:
    frame = fr.top(s)
    assert isinstance(frame, fr.Collect)
    held = prompts.shown_tile(s, frame.tile)
    return Choice(MSG("label-collect"), MSG("do-collect", tile=held))


def _navigate(s: S, p: int) -> Choice:
    return Choice(MSG("label-navigate"), MSG("do-navigate", leader=LEADER, camp=CAMP))


def _activate(s: S, p: int) -> Choice:
    return Choice(MSG("label-activate"),
                  MSG("do-activate", activation=ACTIVATION, leader=LEADER))


def _rebuild(s: S, p: int) -> Choice:
    cost = ep(s.params.cryo_rebuild_ep)
    return Choice(MSG("label-rebuild", camp=CAMP, ep=cost), MSG("do-rebuild", camp=CAMP,
                                                               ep=cost))


def _grapple(s: S, p: int) -> Choice:
    return Choice(MSG("label-grapple", grappling=GRAPPLING),
                  MSG("do-grapple", grappling=GRAPPLING, leader=LEADER))


_WORDS = {"end": _end, "stop": _stop, "none": _none, "study": _study, "plan": _plan,
          "overwork": _overwork, "excavate": _excavate, "collect": _collect,
          "navigate": _navigate, "activate": _activate, "rebuild": _rebuild,
          "grapple": _grapple}


def _closing(s: S, name: str, frame: Frame) -> Choice:
    """``pass`` and ``done``: what saying no more means in the open frame."""
    assert frame is not None, f"{name} with no frame open"
    if name == "done":
        msg = ("do-done-validate" if isinstance(frame, fr.Validate)
               else "do-done-prism" if isinstance(frame, fr.SunrisePrism)
               else "do-done-caravan")
        explain = MSG(msg)
        return Choice(MSG("label-done", explain.rule), explain)
    if isinstance(frame, fr.FluentStep):
        return Choice(MSG("label-stop-here"), MSG("do-stop-here"))
    if isinstance(frame, fr.Collect):
        explain = MSG("do-let-go", tile=prompts.shown_tile(s, frame.tile))
    elif isinstance(frame, fr.Prepare):
        explain = MSG("do-place-now")
    else:
        explain = MSG("do-no-move")
    return Choice(MSG("label-pass", explain.rule), explain)
