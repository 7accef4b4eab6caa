"""ICECOOL Wizards' turn: before a flick, the flick, after it, the end of the turn.

* PREP (before each flick): relocate to a white line (if close to a wall or stuck in
  a doorway), cast spells, then flick. A player's first flick of the game starts from
  the starting spot.
* AFTER (after a flick that stayed on the board): collect lessons, take exams, trade
  with bumped penguins, cast spells, in any order; ``done`` goes on to the next flick
  or ends the turn.
* A Fire spell interrupts either step with a simultaneous step: every other player
  holding lessons chooses one to discard, all at once and hidden from each other; when
  the last choice is in, all are discarded and the caster goes on.
* End of turn: lessons and exams are refilled; once an exam space cannot be refilled
  the round is completed and the game ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.errors import IllegalActionError
from wintergames.core.events import Event
from wintergames.games.icecool_wizards import cards, flicks
from wintergames.games.icecool_wizards.actions import (
    CAST,
    COLLECT,
    DISCARD,
    DONE,
    EXAM,
    GRID,
    MIN_POWER100,
    RELOCATE,
    TRADE,
    Cast,
    Collect,
    Discard,
    Done,
    Flick,
    Relocate,
    TakeExam,
    Trade,
)
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.words import MSG, exam, exam_code, lesson, points, seat

if TYPE_CHECKING:
    from wintergames.games.icecool_wizards.state import IcecoolState

PREP, AFTER, OVER = range(3)
# The score's parts (``state.score_breakdown``'s categories): exam points, then one Magic
# Point per lesson card, face up (a lesson still held) or face down (a spell cast).
EXAMS, LESSONS, SPELLS = "Exams", "Lessons", "Spells"
# Event kinds statistics count (``GameSpec.metric_kinds``). Magic Points themselves are
# scored at the end of the game (RB "End of the Game"), in "final-score" events.
METRIC_KINDS = {
    "lost": "flicks lost: the flicking penguin flew off the board",
    "trade": "trades (knowledge exchanged with a bumped penguin)",
    "exam": "exams taken",
    "spell": "spells cast",
    "collect": "lesson cards collected from the board",
}
PHASE_NAMES = ("before-flick", "after-flick", "over")
_CASTABLE = tuple(t for t, k in enumerate(IW.types) if k.spell and k.spell != "wild")


def setup(s: IcecoolState) -> None:
    """RB "Setup" 4-6."""
    n = s.num_players
    s.penguins = [None] * n
    s.lessons_up = [[0] * len(IW.types) for _ in range(n)]
    s.lessons_down = [[0] * len(IW.types) for _ in range(n)]
    s.exams = [[] for _ in range(n)]
    s.board = [-1] * len(IW.icons)
    s.lesson_deck = list(s.params.deck)
    s.rng.shuffle(s.lesson_deck)
    s.lesson_discard = []
    s.exam_deck = list(range(len(IW.exams)))
    s.rng.shuffle(s.exam_deck)
    s.exam_spaces = [-1] * len(IW.exam_spaces)
    s.collectable, s.exams_touched, s.penguins_touched, s.traded = [], [], [], []
    s.fire_queue = []
    s.fire_choice = [-1] * n
    s.final_round = False
    s.turns = s.flicks = 0
    s.current = 0
    cards.refill_lessons(s, "setup")
    cards.refill_exams(s, "setup")
    _start_turn(s)


def _start_turn(s: IcecoolState) -> None:
    player = s.current
    s.log.append(Event(MSG("turn", seat=seat(player)), kind="turn", player=player))
    if s.penguins[player] is None:
        flicks.enter(s, player)
    s.flicks_left = s.params.flicks_per_turn
    s.phase = PREP
    _clear_flick(s)


def _clear_flick(s: IcecoolState) -> None:
    s.collectable, s.exams_touched, s.penguins_touched, s.traded = [], [], [], []


# -- what may be done --------------------------------------------------------------------


def legal_actions(s: IcecoolState, player: int) -> list[Action]:
    if s.fire_queue:
        return list(discards(s, player))
    casts = [CAST[t] for t in _CASTABLE if s.lessons_up[player][t]]
    if s.phase == PREP:
        relocate = [RELOCATE] if flicks.may_relocate(s, player) else []
        return [*relocate, *casts, *GRID]
    return [*_after_flick_choices(s, player), *casts, DONE]


def discards(s: IcecoolState, player: int) -> list[Discard]:
    """The lessons ``player`` may discard to a Fire spell: any one, face up or down."""
    up, down = s.lessons_up[player], s.lessons_down[player]
    return ([DISCARD[(t, False)] for t in range(len(IW.types)) if up[t]]
            + [DISCARD[(t, True)] for t in range(len(IW.types)) if down[t]])


def _after_flick_choices(s: IcecoolState, player: int) -> list[Action]:
    out: list[Action] = [COLLECT[i] for i in s.collectable if s.board[i] >= 0]
    hand = s.lessons_up[player]
    for x in s.exams_touched:
        exam = s.exam_spaces[x]
        if exam >= 0:
            out += [EXAM[(x, paid)] for paid in cards.payments(hand, IW.exams[exam].icons)]
    mine = [t for t in range(len(IW.types)) if hand[t]]
    for q in s.penguins_touched:
        if q in s.traded:
            continue
        theirs = [t for t in range(len(IW.types)) if s.lessons_up[q][t]]
        out += [TRADE[(q, g, t)] for g in mine for t in theirs if g != t]
    return out


def check(s: IcecoolState, action: Action, player: int) -> None:
    if s.fire_queue:
        _check_discard(s, action, player)
        return
    if isinstance(action, Discard):
        raise IllegalActionError("a lesson is discarded only when another player casts Fire",
                                 rule="spell.fire")
    if isinstance(action, Cast):
        _check_cast(s, action, player)
        return
    if s.phase == PREP:
        if isinstance(action, Relocate) and not flicks.may_relocate(s, player):
            raise IllegalActionError(
                "only a penguin close to a wall or stuck in a doorway may be moved to a "
                "white line", rule="flick.white-line")
        if not isinstance(action, Flick | Relocate):
            raise IllegalActionError(
                f"'{action}' comes after a flick; now relocate, cast a spell or flick",
                rule="turn.before-flick")
        if isinstance(action, Flick) and action.power100 < MIN_POWER100:
            raise IllegalActionError(
                "a flick pushes the penguin forward (RB \"How to Flick\"), so its power is "
                f"at least {MIN_POWER100 / 100:g} (the smallest step of the quantised "
                "power), up to 1; power 0 is no flick", rule="turn.flick")
        return
    if isinstance(action, Flick | Relocate):
        raise IllegalActionError(
            "finish this flick's actions first ('done'), then make the next flick",
            rule="turn.after-flick")
    if not isinstance(action, Done) and action not in _after_flick_choices(s, player):
        raise IllegalActionError(*_why_not(s, action, player))


def _check_discard(s: IcecoolState, action: Action, player: int) -> None:
    allowed = ", ".join(f"'{d}'" for d in discards(s, player))
    if not isinstance(action, Discard):
        raise IllegalActionError(
            f"a Fire spell was cast: first choose one of your lessons to discard: {allowed}",
            rule="spell.fire")
    held = (s.lessons_down if action.face_down else s.lessons_up)[player][action.card]
    if not held:
        side = "face-down" if action.face_down else "face-up"
        raise IllegalActionError(
            f"you have no {side} {IW.type_name(action.card)} to discard; you may: {allowed}",
            rule="spell.fire")


def _check_cast(s: IcecoolState, action: Cast, player: int) -> None:
    name = IW.type_name(action.card)
    if IW.types[action.card].spell == "wild":
        raise IllegalActionError(
            f"{name}'s Water spell is used only as a wild card when taking an exam",
            rule="spell.water")
    if not s.lessons_up[player][action.card]:
        raise IllegalActionError(f"you have no face-up {name} to cast", rule="spell.cast")


def _why_not(s: IcecoolState, action: Action, player: int) -> tuple[str, str]:
    """What an after-flick action breaks, and the id of the rule it breaks."""
    if isinstance(action, Collect):
        name, rule = IW.icon_names[action.icon], cards.collect_rule(action.icon)
        if s.board[action.icon] < 0:
            return f"there is no lesson card on the {name} place", rule
        return (f"you collect only a lesson card that lay on the board during this flick, "
                f"in a classroom your penguin visited or across a doorway it passed "
                f"completely through; the {name} card is not one of them"), rule
    if isinstance(action, TakeExam):
        space = IW.exam_spaces[action.space]
        if action.space not in s.exams_touched:
            return (f"your penguin did not touch exam space {space} before, during or after "
                    "this flick"), "exam.take"
        on_space = s.exam_spaces[action.space]
        if on_space < 0:
            return f"exam space {space} is empty", "exam.take"
        hand = s.lessons_up[player]
        options = cards.payments(hand, IW.exams[on_space].icons)
        allowed = "; ".join("+".join(IW.type_name(t) for t in p) for p in options) or "none"
        title = cards.exam_title(on_space, s.params.exam_vp[on_space])
        return (f"the {title} needs one face-up lesson per icon (a water card pays any "
                f"icon); you can pay: {allowed}"), "exam.take"
    if isinstance(action, Trade):
        whose = seat(action.seat).text
        if action.seat not in s.penguins_touched:
            return f"your penguin did not touch {whose}'s penguin this flick", "trade"
        if action.seat in s.traded:
            return f"you have already exchanged knowledge with {whose}", "trade"
        return ("a trade swaps one of your face-up lessons for a face-up lesson of theirs "
                "of another type"), "trade"
    return f"'{action}' is not possible now", "turn.after-flick"


# -- doing it ------------------------------------------------------------------------------


def do(s: IcecoolState, action: Action, player: int) -> None:
    if isinstance(action, Discard):
        cards.choose_discard(s, player, action.card, action.face_down)
    elif isinstance(action, Cast):
        cards.cast(s, player, action.card)
    elif isinstance(action, Relocate):
        flicks.relocate(s, player)
    elif isinstance(action, Flick):
        _flick(s, player, action)
    elif isinstance(action, Collect):
        cards.collect(s, player, action.icon)
    elif isinstance(action, TakeExam):
        cards.take_exam(s, player, action.space, action.paid)
    elif isinstance(action, Trade):
        cards.trade(s, player, action.seat, action.give, action.take)
    elif isinstance(action, Done):
        _next_flick(s)


def _flick(s: IcecoolState, player: int, action: Flick) -> None:
    result = flicks.flick(s, player, action)
    if player in result.off_board:
        s.log.append(Event(MSG("lost", seat=seat(player)), kind="lost", player=player))
        _next_flick(s)
        return
    s.log.append(Event(flicks.describe(player, result), kind="flick-result", player=player))
    s.phase = AFTER
    # RB: "passed through a doorway or through a classroom with a Lesson card": the card
    # must lie there during the flick, so one a Mountain spell draws after it is not
    # collectable on it (nothing else puts a card on the board before the turn ends).
    s.collectable = [
        place.icon for place in IW.places
        if s.board[place.icon] >= 0
        and (place.doorway in result.doorways if place.doorway else place.room in result.rooms)
    ]
    s.exams_touched = [IW.exam_spaces.index(x) for x in sorted(result.spots)]
    s.penguins_touched = sorted(result.touched)
    s.traded = []


def _next_flick(s: IcecoolState) -> None:
    _clear_flick(s)
    if s.flicks_left > 0:
        s.phase = PREP
        return
    _end_turn(s)


def _end_turn(s: IcecoolState) -> None:
    """RB "End of a Player's Turn" and "End of the Game"."""
    cards.refill_lessons(s)
    cards.refill_exams(s)
    s.turns += 1
    round_complete = s.current == s.num_players - 1
    if s.final_round and round_complete:
        s.phase = OVER
        totals = tuple(MSG("seat-total", seat=seat(p), points=points(v))
                       for p, v in enumerate(s.scores()))
        s.log.append(Event(MSG("game-end", totals=totals), kind="end"))
        _final_scoring(s)
        best = s.winners()
        s.log.append(Event(MSG("winner" if len(best) == 1 else "winners",
                               seats=tuple(seat(p) for p in best)), kind="end"))
        return
    s.current = (s.current + 1) % s.num_players
    _start_turn(s)


def _final_scoring(s: IcecoolState) -> None:
    """RB "End of the Game": each player adds up their Magic Points. One "final-score"
    event per Exam card (its points, under "Exams"), then one for the face-up lessons
    ("Lessons") and one for the face-down ones ("Spells"), each card worth the game's
    ``lessons.vp`` and ``spells.used.vp`` (1 as printed)."""
    vp = s.params
    for p in range(s.num_players):
        for e in s.exams[p]:
            value = vp.exam_vp[e]
            s.log.append(Event(MSG("score-exam", seat=seat(p), points=points(value),
                                   exam=exam(e)),
                               kind="final-score", player=p, vp=value, category=EXAMS,
                               item=exam_code(e)))
        for held, each, category, msg in (
                (s.lessons_up[p], vp.lesson_vp, LESSONS, "score-lessons"),
                (s.lessons_down[p], vp.spell_vp, SPELLS, "score-spells")):
            if sum(held):
                names = tuple(lesson(t) for t in range(len(held)) for _ in range(held[t]))
                s.log.append(Event(MSG(msg, seat=seat(p), points=points(sum(held) * each),
                                       cards=names),
                                   kind="final-score", player=p, vp=sum(held) * each,
                                   category=category))
