"""The actions of a turn in the Exploration phase (RB "Actions"): what the player to
move may do when no decision is open, and doing it.

A turn spends 1-2 EP (3 with Overwork) on actions; free actions (Snow tiles, Artifact
effects, guild abilities) come from their own modules.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.events import Event
from wintergames.core.phrases import Mention
from wintergames.games.ice import artifacts, days, excavate, free, pieces
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import (
    PLACES,
    WORDS,
    Camp,
    Excavate,
    Fluent,
    Move,
    Nourish,
    Play,
    Recruit,
    Sail,
    Trigger,
    Word,
)
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import adjacent
from wintergames.games.ice.model import PRISMATIC, RP_TOKENS
from wintergames.games.ice.words import (
    ARCHAEOLOGIST,
    CAMP,
    CRYO_DISCOUNT,
    MSG,
    PLANNING,
    WHITE_CAMP,
    archaeologists,
    close,
    ep,
    front,
    grow,
    lead,
    place,
    rp_tokens,
    seat,
    study_token,
)

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

END, STOP, STUDY, PLAN, OVERWORK, EXCAVATE = (WORDS.index(w) for w in (
    "end", "stop", "study", "plan", "overwork", "excavate"))
REBUILD, NAVIGATE, ACTIVATE = (WORDS.index(w) for w in ("rebuild", "navigate", "activate"))
_PAID_WORDS = frozenset((END, STOP, STUDY, PLAN, EXCAVATE, REBUILD))
# ``excavate cryoarchitect``: an excavation with the CryoArchitect's discount.
CRYO_EXCAVATE = Excavate.ALL[0]


def camp_tiles(s: IceState) -> list[int]:
    """Tiles with any Camp."""
    return sorted(at for at in s.camps if at >= 0)


def study_type(s: IceState, p: int) -> int:
    """The Artifact type the Leader's tile lets them study, or -1."""
    at = s.leaders[p]
    if at < 0 or not pieces.is_tile(at):
        return -1
    tile = IC.tiles[s.tiles[at]]
    if tile.level == 3 or tile.type == PRISMATIC or s.study[p][tile.type]:
        return -1
    return tile.type


def excavation_cost(s: IceState, p: int, cryo: bool = False) -> int | None:
    """What excavating the tile under seat ``p``'s Leader costs now (``cryo``: with the
    CryoArchitect's discount where it applies), or None if it cannot be excavated."""
    at = s.leaders[p]
    if at < 0 or not pieces.is_tile(at):
        return None
    return excavate.cost(s, p, at, s.turn_flags[p][fr.TURN_DISCOUNT], cryo)


def cryo_excavation_cost(s: IceState, p: int) -> int | None:
    """What ``excavate cryoarchitect`` costs, where it is a choice: the CryoArchitect's
    discount applies to the tile under the Leader (``excavate.cryo_applies``) and makes
    the excavation cheaper than the plain one. Where both cost 0 it would only spend the
    turn's use for nothing, so it is not offered (docs/rules/ice.md); else None."""
    at = s.leaders[p]
    if at < 0 or not pieces.is_tile(at) or not excavate.cryo_applies(s, p, at):
        return None
    plain, cryo = excavation_cost(s, p), excavation_cost(s, p, cryo=True)
    return cryo if plain is not None and cryo is not None and cryo < plain else None


def _moves(s: IceState, p: int) -> list[Action]:
    at = s.leaders[p]
    if at < 0 or not fr.can_spend(s, p, s.params.action_ep):
        return []
    steps = adjacent(s.tiles, s.rift, at)
    out: list[Action] = [Move.ALL[q] for q in steps]
    if s.fluent[p] > 0:
        out += [Fluent.ALL[q] for q in steps]
    return out


def _camps(s: IceState, p: int) -> list[Action]:
    if not fr.can_spend(s, p, s.params.action_ep) or pieces.camp_to_build(s, p) < 0:
        return []
    return [Camp.ALL[q] for q in pieces.camp_sites(s, p)]


def _to_camps(s: IceState, p: int) -> list[Action]:
    """Recruit and Sail: onto a tile with a Camp."""
    if not fr.can_spend(s, p, s.params.action_ep):
        return []
    tiles = camp_tiles(s)
    out: list[Action] = [Recruit.ALL[q] for q in tiles] if s.arch_supply > 0 else []
    return out + [Sail.ALL[q] for q in tiles if q != s.leaders[p]]


def _words(s: IceState, p: int) -> list[Action]:
    """The one-word actions of a turn, except the free ones and end / stop."""
    out: list[Action] = []
    params = s.params
    if fr.can_spend(s, p, params.action_ep):
        if study_type(s, p) >= 0:
            out.append(Word.ALL[STUDY])
        if s.num_players > 2 and not s.planning[p]:
            out.append(Word.ALL[PLAN])
    if pieces.has_guild(s, p, "cryoarchitect") and not s.day_flags[p][fr.DAY_CRYO_REBUILD] \
            and s.camps[p] >= 0 and fr.can_spend(s, p, params.cryo_rebuild_ep):
        out.append(Word.ALL[REBUILD])
    plain, cryo = excavations_offered(s, p)
    if plain is not None:
        out.append(Word.ALL[EXCAVATE])
    if cryo is not None:
        out.append(CRYO_EXCAVATE)
    if not s.overwork and s.rp[p] >= params.overwork_rp and s.ep[p] >= params.overwork_ep:
        out.append(Word.ALL[OVERWORK])
    return out


def excavations_offered(s: IceState, p: int) -> tuple[int | None, int | None]:
    """What ``excavate`` and ``excavate cryoarchitect`` cost seat ``p`` in EP, each where
    its turn offers it (the tile under the Leader can be excavated, for EP the seat may
    still spend), else None."""
    cost = excavation_cost(s, p)
    cryo = cryo_excavation_cost(s, p)
    return (cost if cost is not None and fr.can_spend(s, p, cost) else None,
            cryo if cryo is not None and fr.can_spend(s, p, cryo) else None)


def _free(s: IceState, p: int) -> list[Action]:
    return free.free_actions(s, p)


def _ends(s: IceState, p: int) -> list[Action]:
    """``end`` once the turn spent EP; ``stop`` only when no action can spend the EP left
    (RB: a reserve of EP "that they must spend"; Sunset starts when a player "has no more
    EP"): a safety valve for a Leader with nowhere to go, never a way to keep EP."""
    if s.spent > 0:
        return [Word.ALL[END]]
    if _moves(s, p) or _camps(s, p) or _to_camps(s, p):
        return []
    return _ends_after(s, p, _words(s, p), _free(s, p))


def _ends_after(s: IceState, p: int, words: list[Action], free: list[Action]) -> list[Action]:
    """``_ends`` of a turn that spent nothing and can neither Move, build nor reach a Camp,
    from its word actions and free actions."""
    for w in words:
        if w == CRYO_EXCAVATE:
            if cryo_excavation_cost(s, p):
                return []
            continue
        if w.value in (STUDY, PLAN, REBUILD):  # type: ignore[attr-defined]
            return []
        if w.value == EXCAVATE and excavation_cost(s, p):  # type: ignore[attr-defined]
            return []  # a free excavation spends nothing
    return [] if Trigger.ALL[artifacts.EXALTED] in free else [Word.ALL[STOP]]


def main_actions(s: IceState, p: int) -> list[Action]:
    """Everything seat ``p`` may do with no decision open, EP actions first."""
    out = _moves(s, p) + _camps(s, p) + _to_camps(s, p)
    words, free = _words(s, p), _free(s, p)
    if s.spent > 0:
        ends = [Word.ALL[END]]
    elif out:
        ends = []
    else:
        ends = _ends_after(s, p, words, free)
    return out + words + free + ends


# Which part of a turn's actions can hold an action of each class (a check looks only
# there); a Word by its value.
_CHECK: dict[type[Action], Callable[[IceState, int], list[Action]]] = {
    Move: _moves, Fluent: _moves, Camp: _camps, Recruit: _to_camps, Sail: _to_camps,
    Excavate: _words}
_WORD_PART: dict[int, Callable[[IceState, int], list[Action]]] = {
    END: _ends, STOP: _ends, NAVIGATE: _free, ACTIVATE: _free}


def is_legal_main(s: IceState, p: int, action: Action) -> bool:
    """``action in main_actions(s, p)``, computing only the part that could hold it."""
    kind = type(action)
    part = (_WORD_PART.get(action.value, _words) if kind is Word  # type: ignore[attr-defined]
            else _CHECK.get(kind, _free))
    return action in part(s, p)


def do_main(s: IceState, p: int, action: Action) -> None:
    """Carry out a main action already checked legal."""
    if isinstance(action, Move | Fluent | Camp | Recruit | Sail | Excavate) or (
            isinstance(action, Word) and action.value in _PAID_WORDS):
        # Harmony follows "an excavation's allocation": the next paid action closes it.
        s.turn_flags[p][fr.TURN_EXCAVATED] = 0
    if isinstance(action, Move | Fluent):
        _step(s, p, action.value, fluent=isinstance(action, Fluent))
    elif isinstance(action, Camp):
        _build_camp(s, p, action.value)
    elif isinstance(action, Recruit):
        cost = _pay_action(s, p)
        pieces.add_archaeologists(s, action.value, 1)
        s.log.append(Event(MSG("recruit", seat=seat(p), archaeologist=ARCHAEOLOGIST,
                               place=place(action.value), ep=cost), kind="recruit", player=p))
    elif isinstance(action, Sail):
        cost = _pay_action(s, p)
        origin = s.leaders[p]
        s.leaders[p] = action.value
        s.log.append(Event(MSG("sail", seat=seat(p), place=place(action.value), ep=cost),
                           kind="sail", player=p))
        pieces.navigator_follower(s, p, origin)
    elif isinstance(action, Word):
        _word(s, p, action.value)
    elif isinstance(action, Excavate):
        _excavate(s, p, cryo=True)
    else:
        free.do_free(s, p, action)


def _pay(s: IceState, p: int, cost: int) -> None:
    s.ep[p] -= cost
    s.spent += cost


def _pay_action(s: IceState, p: int) -> Mention:
    """Pay an action's EP (RB Actions: "Cost: 1 EP"); what it cost, for its log line."""
    _pay(s, p, s.params.action_ep)
    return ep(s.params.action_ep)


def _step(s: IceState, p: int, to: int, fluent: bool) -> None:
    """Move (1 EP a tile) or a Fluent Move's first step; Archaeologists on the Leader's
    old place may follow (a frame asks how many)."""
    origin = s.leaders[p]
    _pay(s, p, s.params.action_ep)
    if fluent:
        s.fluent[p] -= 1
    s.leaders[p] = to
    s.line = MSG("fluent" if fluent else "move", seat=seat(p), place=place(to))
    most = min(fr.followers_limit(s, p), s.archs[origin])
    then = fr.FLUENT_NEXT if fluent else 0
    if most > 0:
        fr.push(s, fr.Follow(p, origin, most, then))
        return
    if fluent:
        _fluent_next(s, p, 0, 1)
        return
    _log_move(s, p)


def _log_move(s: IceState, p: int) -> None:
    """The paid Move (or Fluent Move) under way is over: its line, with the EP it cost."""
    s.log.append(Event(close(s.line, "moved-paid", ep=ep(s.params.action_ep)), kind="move",
                       player=p))
    s.line = None


def _fluent_next(s: IceState, p: int, followers: int, steps: int) -> None:
    """After ``steps`` steps of a Fluent Move, ``followers`` with the Leader: another
    step may follow while the game's Fluent Move allows more (RB: "up to 2 adjacent
    tiles"), else the move is over."""
    if steps < s.params.fluent_steps:
        fr.push(s, fr.FluentStep(p, followers, steps))
    else:
        _log_move(s, p)


def follow(s: IceState, p: int, count: int) -> None:
    """``count`` Archaeologists follow the Leader from the FOLLOW frame's origin."""
    frame = fr.pop(s)
    assert isinstance(frame, fr.Follow)
    origin, then = frame.origin, frame.then
    s.archs[origin] -= count
    s.archs[s.leaders[p]] += count
    if then == fr.NAVIGATOR_FOLLOW:  # after a Sail, a Camp or a trip to its Camp (logged)
        if count:  # the once-a-turn follower is used only if one came
            s.turn_flags[p][fr.TURN_NAV_FOLLOW] = 1
        said = MSG("navigator-followed" if count else "navigator-alone", seat=seat(p),
                   archaeologist=ARCHAEOLOGIST)
        s.log.append(Event(said, kind="move", player=p))
        return
    if count:
        s.line = grow(s.line, "followers", n=archaeologists(count))
    if then == fr.FLUENT_NEXT:
        _fluent_next(s, p, count, 1)
        return
    # A Move's line says its EP; a free one (Something is Coming) says so in its lead.
    if s.line is not None and lead(s.line).msg == "move":
        _log_move(s, p)
        return
    s.log.append(Event(close(s.line, "moved"), kind="move", player=p))
    s.line = None


def fluent_second(s: IceState, p: int, to: int) -> None:
    """A Fluent Move's next step (``to`` -1: stop where the Leader is); its followers come
    along."""
    frame = fr.pop(s)
    assert isinstance(frame, fr.FluentStep)
    followers = frame.followers
    if to < 0:
        _log_move(s, p)
        return
    origin = s.leaders[p]
    s.archs[origin] -= followers
    s.archs[to] += followers
    s.leaders[p] = to
    s.line = grow(s.line, "fluent-then", place=place(to))
    _fluent_next(s, p, followers, frame.steps + 1)


def _build_camp(s: IceState, p: int, to: int) -> None:
    cost = _pay_action(s, p)
    camp = pieces.camp_to_build(s, p)
    origin = s.leaders[p]
    s.camps[camp] = to
    s.leaders[p] = to
    said = (MSG("build-camp", seat=seat(p), camp=CAMP, place=place(to), ep=cost) if camp == p
            else MSG("build-white-camp", seat=seat(p), camp=WHITE_CAMP, place=place(to),
                     ep=cost))
    s.log.append(Event(said, kind="camp", player=p))
    pieces.navigator_follower(s, p, origin)


def _word(s: IceState, p: int, word: int) -> None:
    if word == END:
        days.end_turn(s, stop=False)
    elif word == STOP:
        days.end_turn(s, stop=True)
    elif word == STUDY:
        t = study_type(s, p)
        cost = _pay_action(s, p)
        s.study[p][t] = 1
        s.log.append(Event(MSG("study", seat=seat(p), token=study_token(t), ep=cost),
                           kind="study", player=p))
    elif word == PLAN:
        cost = _pay_action(s, p)
        s.planning[p] = 1
        s.log.append(Event(MSG("plan", seat=seat(p), token=PLANNING, ep=cost), kind="plan",
                           player=p))
    elif word == OVERWORK:
        _overwork(s, p)
    elif word == EXCAVATE:
        _excavate(s, p, cryo=False)
    elif word == REBUILD:
        _pay(s, p, s.params.cryo_rebuild_ep)
        s.day_flags[p][fr.DAY_CRYO_REBUILD] = 1
        fr.push(s, fr.Rebuild(p))
    else:  # the guild abilities named by a word (navigate, activate)
        free.do_free(s, p, Word(word))


def _overwork(s: IceState, p: int) -> None:
    """RB Overwork: "This action costs 1 RP token and no EP. You may spend 3 EP this
    turn"."""
    paid = s.params.overwork_rp
    s.rp[p] -= paid
    s.overwork = 1
    said = MSG("overwork", seat=seat(p), rp=rp_tokens(paid), ep=ep(s.params.overwork_ep))
    s.log.append(Event(said, kind="overwork", player=p, vp=-paid, category=RP_TOKENS,
                       item="overwork"))


def _excavate(s: IceState, p: int, cryo: bool) -> None:
    """Excavate the tile under the Leader, with the CryoArchitect's discount or without
    (an unused Polar Termites discount is spent either way)."""
    cost = excavation_cost(s, p, cryo)
    assert cost is not None
    discount = s.turn_flags[p][fr.TURN_DISCOUNT]
    s.turn_flags[p][fr.TURN_DISCOUNT] = 0
    discounts = (*((front("polar-termites"),) if discount else ()),
                 *((CRYO_DISCOUNT,) if cryo else ()))
    how = MSG("paid-with", ep=ep(cost), discounts=discounts) if discounts else ep(cost)
    excavate.start(s, p, s.leaders[p], cost, how, cryo=cryo)
    excavate.advance(s)


def why_not_main(s: IceState, p: int, action: Action) -> tuple[str, str]:
    """The rule a turn's action breaks: what it says in words, and the id of its passage."""
    params = s.params
    ep_rule = (f"you have {s.ep[p]} EP and have spent {s.spent} of the "
               f"{fr.turn_limit(s)} a turn may spend")
    paid = (params.cryo_rebuild_ep if action == Word.ALL[REBUILD]
            else params.action_ep if isinstance(action, Move | Fluent | Camp | Recruit | Sail)
            or action in (Word.ALL[STUDY], Word.ALL[PLAN]) else None)
    if paid is not None and not fr.can_spend(s, p, paid):
        return f"{action} costs {paid} EP: {ep_rule}", "turn.actions"
    if isinstance(action, Move | Fluent):
        rule = "turn.fluent-move" if isinstance(action, Fluent) else "turn.move"
        if s.leaders[p] < 0:
            return ("your Expedition Leader is not on the board: Sail or Build a Camp first",
                    rule)
        if isinstance(action, Fluent) and s.fluent[p] <= 0:
            return "no Fluent Move token left today", rule
        return (f"{PLACES[action.value]} is not adjacent to your Leader's place "
                f"{PLACES[s.leaders[p]]} (same layer across a side that is no Rift, or "
                "overlapping one layer up or down; a place must be uncovered enough to "
                "stand on)", "turn.move")
    if isinstance(action, Camp):
        if pieces.camp_to_build(s, p) < 0:
            return ("no Camp to build: yours is on the board and the pool has no White Camp",
                    "turn.build-camp")
        return (f"a Camp goes on an uncovered tile without a Camp (never an edge or "
                f"Azulia); {PLACES[action.value]} is not one", "turn.build-camp")
    if isinstance(action, Recruit):
        if s.arch_supply == 0:
            return "no Archaeologist is left in the pool", "turn.recruit"
        return ("Recruit places an Archaeologist on a tile with a Camp, not "
                f"{PLACES[action.value]}", "turn.recruit")
    if isinstance(action, Sail):
        return ("Sail goes to a tile with a Camp other than your Leader's, not "
                f"{PLACES[action.value]}", "turn.sail")
    if action == Word.ALL[STUDY]:
        return ("Study needs your Leader on a non-Prismatic Artifact tile of a type you "
                "have no Study token of", "turn.study")
    if action == Word.ALL[PLAN]:
        return ("Plan is not used with 2 players" if s.num_players == 2
                else "you already hold a Planning token"), "turn.plan"
    if action == Word.ALL[OVERWORK]:
        return (f"Overwork costs {rp_tokens(params.overwork_rp).text}, once a turn, and "
                f"needs at least {params.overwork_ep} EP left (you have {s.rp[p]} RP tokens "
                f"and {s.ep[p]} EP)", "turn.overwork")
    if action == Word.ALL[EXCAVATE]:
        cost = excavation_cost(s, p)
        if cost is None:
            return _NOT_EXCAVATABLE, "turn.excavate"
        return f"this excavation costs {cost} EP: {ep_rule}", "excavate.cost"
    if action == CRYO_EXCAVATE:
        return _why_not_cryo(s, p, ep_rule)
    if action == Word.ALL[END]:
        return "a turn spends 1-2 EP before it ends (or say stop to end your day)", "turn.end"
    return f"{action} is not possible now", _rule_of(action)


_NOT_EXCAVATABLE = ("you can excavate the tile your Leader is on when it is uncovered, or "
                    "covered by exactly one tile that is itself uncovered")


def _why_not_cryo(s: IceState, p: int, ep_rule: str) -> tuple[str, str]:
    at = s.leaders[p]
    rule = "guild.cryoarchitect"
    if not pieces.has_guild(s, p, "cryoarchitect"):
        return "excavate cryoarchitect is the CryoArchitect's ability", rule
    if s.turn_flags[p][fr.TURN_CRYO]:
        return "the CryoArchitect's discount was already taken this turn (once a turn)", rule
    if at < 0 or not pieces.is_tile(at) or not excavate.cryo_applies(s, p, at):
        return ("the CryoArchitect's discount is for the Artifact tile under your Leader "
                "when your own Camp stands on it", rule)
    cost = excavation_cost(s, p, cryo=True)
    if cost is None:
        return _NOT_EXCAVATABLE, "turn.excavate"
    if cryo_excavation_cost(s, p) is None:
        return (f"the discount saves nothing here (plain excavate costs {cost} EP too): "
                "keep it for later this turn", rule)
    return f"this excavation costs {cost} EP with the discount: {ep_rule}", "excavate.cost"


# The passage of a free action or a word refused with no reason of its own.
_WORD_RULES = {WORDS.index("navigate"): "guild.navigator",
               WORDS.index("activate"): "guild.incandescent",
               WORDS.index("grapple"): "guild.icewalker",
               WORDS.index("collect"): "artifact.philosophical", STOP: "turn.stop",
               REBUILD: "guild.cryoarchitect"}


def _rule_of(action: Action) -> str:
    if isinstance(action, Play):
        return "snow.play"
    if isinstance(action, Trigger):
        return "artifact.trigger"
    if isinstance(action, Nourish):
        return "guild.nourisher"
    if isinstance(action, Word):
        return _WORD_RULES.get(action.value, "turn.actions")
    return "turn.actions"
