"""What an ICECOOL Wizards seat is deciding, and each of its choices, in the game's words.

The terminal and the browser both show these (``State.decision``, ``State.choices``). A
flick is continuous: the listed grid only samples it, so its choices are grouped by where
they aim ("Flick your green penguin at 45° (up and right)") and labelled by how hard they
go and how they curve, and the decision states the flick's limits. A trade is chosen in
two steps on the page (the lesson given, then the one taken) and an exam too (the exam,
then how it is paid), so their ``group`` names the first step.

>>> import wintergames as wg
>>> s = wg.make("icecool-wizards", 2, seed=1)
>>> d = s.decision(0)
>>> d.prompt.text
'Flick your green penguin'
>>> d.limit.text.split(";")[0]
'flick 1 of 2 this turn'
>>> a, choice = s.choices(0)[0]
>>> choice.group.text, choice.label.text
('Flick your green penguin at 0° (right)', '25%, spin, curving left')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice, Decision
from wintergames.core.phrases import Mention, Phrase
from wintergames.games.icecool_wizards import cards
from wintergames.games.icecool_wizards.actions import (
    MIN_POWER100,
    Cast,
    Collect,
    Discard,
    Flick,
    Relocate,
    TakeExam,
    Trade,
)
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.rules import AFTER, PREP
from wintergames.games.icecool_wizards.words import (
    MSG,
    exam,
    exam_space,
    extra_flicks,
    flick,
    flick_aim,
    flick_force,
    flick_notation,
    lesson,
    lesson_place,
    lessons,
    penguin,
    points,
    seat,
)

if TYPE_CHECKING:
    from wintergames.games.icecool_wizards.state import IcecoolState as S


def decision(s: S, p: int) -> Decision:
    """The prompt of seat ``p``, who is to move."""
    if s.fire_queue:
        return _fire_decision(s, p)
    if s.phase == PREP:
        return _flick_decision(s, p)
    return _after_decision(s, p)


def _flick_decision(s: S, p: int) -> Decision:
    kinds = {type(a) for a in s.legal_actions(p)}
    ask = {(False, False): "ask-flick", (True, False): "ask-flick-relocate",
           (False, True): "ask-flick-cast", (True, True): "ask-flick-relocate-cast"}
    made, total = flicks_of_turn(s)
    limit = MSG("limit-flick", flick=made + 1, total=total,
                least=_number(MIN_POWER100, 100, "power"), most=_number(1, 1, "power"),
                spin=_number(1, 1, "spin"))
    return Decision(MSG(ask[Relocate in kinds, Cast in kinds], penguin=penguin(p)),
                    piece=penguin(p), limit=limit)


def _number(value: int, scale: int, unit: str) -> Mention:
    """A flick's bound (power 0.01, spin 1), as the notation types it."""
    return Mention("amount", value, f"{value / scale:g}", unit=unit, term=unit)


def _after_decision(s: S, p: int) -> Decision:
    legal = s.legal_actions(p)
    options = _after_options(s, legal)
    made, total = flicks_of_turn(s)
    limit = MSG("limit-after" if s.flicks_left else "limit-after-last", flick=made, total=total)
    ask = ("ask-after-nothing", "ask-after-one")[len(options)] if len(options) < 2 else "ask-after"
    prompt = MSG(ask, options=tuple(options)) if options else MSG(ask)
    things = sum(isinstance(a, Collect) for a in legal) + len(_exams_open(legal)) \
        + len({a.seat for a in legal if isinstance(a, Trade)})
    return Decision(prompt, piece=penguin(p), limit=limit, remaining=things or None)


def _after_options(s: S, legal: list[Action]) -> list[Phrase]:
    """What the flick lets the seat do, each kind once, in the order the rules list them."""
    out: list[Phrase] = []
    collects = [a.icon for a in legal if isinstance(a, Collect)]
    if collects:
        out.append(MSG("may-collect", cards=tuple(lesson(s.board[i]) for i in collects)))
    exams = _exams_open(legal)
    if exams:
        out.append(MSG("may-exam", exams=tuple(exam(s.exam_spaces[x]) for x in exams)))
    partners = sorted({a.seat for a in legal if isinstance(a, Trade)})
    if partners:
        out.append(MSG("may-trade", seats=tuple(seat(q) for q in partners)))
    if any(isinstance(a, Cast) for a in legal):
        out.append(MSG("may-cast"))
    return out


def _exams_open(legal: list[Action]) -> list[int]:
    """The exam spaces the seat can take an exam from now, in space order."""
    return sorted({a.space for a in legal if isinstance(a, TakeExam)})


def _fire_decision(s: S, p: int) -> Decision:
    held = sum(s.lessons_up[p]) + sum(s.lessons_down[p])
    limit = MSG("limit-discard", lessons=lessons(held),
                seats=tuple(seat(q) for q in s.fire_queue))
    return Decision(MSG("ask-discard", seat=seat(s.current)), limit=limit,
                    remaining=len(s.fire_queue))


def flicks_of_turn(s: S) -> tuple[int, int]:
    """The flicks the current seat has made this turn, and the turn's flicks in all
    (``turn.flicks``, plus ``spells.wind.extra_flicks`` per Wind spell cast).

    Read back from the history: the turn is the current seat's actions since another
    seat last acted, other than a Fire discard (those come in the caster's turn).
    """
    made = 0
    for who, action in reversed(s.history):
        if who != s.current and not isinstance(action, Discard):
            break
        if who == s.current and isinstance(action, Flick):
            made += 1
    if s.phase == AFTER:  # a flick was made (a position built by hand may lack its record)
        made = max(made, 1)
    return made, made + s.flicks_left


def choice(s: S, a: Action, p: int) -> Choice:
    """Legal action ``a`` of seat ``p`` as a label, an explanation and (for a flick, an
    exam or a trade) the first step it belongs to."""
    if isinstance(a, Flick):
        made, total = flicks_of_turn(s)
        return Choice(MSG("flick-label", force=flick_force(a)),
                      MSG("do-flick", penguin=penguin(p), flick=flick(a), n=made + 1,
                          total=total,
                          notation=flick_notation(a)),
                      MSG("flick-group", penguin=penguin(p), aim=flick_aim(a)))
    if isinstance(a, Relocate):
        return Choice(MSG("relocate-label"), MSG("do-relocate"))
    if isinstance(a, Cast):
        what = _cast_effect(s, p, a.card)
        then = MSG("then-face-down", points=points(s.params.spell_vp))
        return Choice(MSG("cast-label", card=lesson(a.card)),
                      MSG("explain", rule=what.rule, what=what, then=then))
    if isinstance(a, Collect):
        card, rule = lesson(s.board[a.icon]), cards.collect_rule(a.icon)
        return Choice(MSG("collect-label", rule, card=card),
                      MSG("do-collect", rule, card=card, place=lesson_place(a.icon),
                          points=points(s.params.lesson_vp)))
    if isinstance(a, TakeExam):
        return _exam_choice(s, a)
    if isinstance(a, Trade):
        return Choice(MSG("trade-label", take=lesson(a.take)),
                      MSG("do-trade", give=lesson(a.give), seat=seat(a.seat),
                          take=lesson(a.take)),
                      MSG("trade-group", seat=seat(a.seat), give=lesson(a.give)))
    if isinstance(a, Discard):
        label, explain = ("discard-down-label", "do-discard-down") if a.face_down \
            else ("discard-label", "do-discard")
        return Choice(MSG(label, card=lesson(a.card)), MSG(explain, card=lesson(a.card)))
    return _done_choice(s)


def _cast_effect(s: S, p: int, card: int) -> Phrase:
    spell, name = IW.types[card].spell, lesson(card)
    if spell == "extra-flick":
        total = flicks_of_turn(s)[1]
        extra = s.params.wind_flicks
        return MSG("do-cast-wind", card=name, flicks=extra_flicks(extra), more=total + extra,
                   total=total)
    if spell == "draw-two":
        return MSG("do-cast-mountain", card=name, lessons=lessons(s.params.mountain_draws))
    n = s.num_players  # the others in turn order from the caster's left, as the log says
    victims = [q % n for q in range(p + 1, p + n)
               if sum(s.lessons_up[q % n]) + sum(s.lessons_down[q % n])]
    if not victims:
        return MSG("do-cast-fire-nobody", card=name)
    return MSG("do-cast-fire", card=name, seats=tuple(seat(q) for q in victims))


def _exam_choice(s: S, a: TakeExam) -> Choice:
    lying = s.exam_spaces[a.space]
    worth, paid = points(s.params.exam_vp[lying]), tuple(lesson(t) for t in a.paid)
    return Choice(MSG("exam-label", paid=paid),
                  MSG("do-exam", exam=exam(lying), space=exam_space(a.space), points=worth,
                      paid=paid),
                  MSG("exam-group", exam=exam(lying), points=worth,
                      space=exam_space(a.space)))


def _done_choice(s: S) -> Choice:
    if s.phase == AFTER and s.flicks_left:
        made, total = flicks_of_turn(s)
        return Choice(MSG("done-label"), MSG("do-done", flick=made + 1, total=total))
    return Choice(MSG("done-label"), MSG("do-done-last"))
