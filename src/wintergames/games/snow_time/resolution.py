"""Resolving a Snow Time turn once every card is revealed (RB "3. Turn Resolution").

A. special cards (Healers, then Snowstorms), then level by level from the top:
B. the fight on that level, C. the survivor eats that level's fruit; then D. Mana and
E. bonus spaces; F. survivors go back to hand. Points move the pawn at once, and the
game ends the moment a pawn reaches the last space: everything below is not scored.
Points that arise at the same moment (one level's fight, several Snowstorms, the
bonuses) are moved together, so several pawns can reach the end together.
``docs/rules/snow-time.md`` explains each reading.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, cast

from wintergames.core.events import Event
from wintergames.core.phrases import Mention, Phrase
from wintergames.core.spec import ScoreBreakdown
from wintergames.games.snow_time.actions import Heal
from wintergames.games.snow_time.components import FIGHT, FRUIT, MANA, ST, cards_in
from wintergames.games.snow_time.words import (
    BONUS,
    KIND_RULES,
    KIND_TITLES,
    MSG,
    bonus_points,
    bonus_space,
    category,
    change,
    colour,
    points,
    seat,
    space,
    total,
    who,
)
from wintergames.games.snow_time.words import card as card_named
from wintergames.games.snow_time.words import level as level_named

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.snow_time.state import SnowTimeState

# colour, kind (FIGHT/FRUIT/MANA/BONUS), points, reason, item: the card that scored
# ("5", "snowstorm") or the bonus space ("space-12")
Award = tuple[int, int, int, Phrase, str]


# Event kinds statistics count (``GameSpec.metric_kinds``). Points themselves are the
# "score" events (and, in the two-player variant, "lead" events), with a ``KIND_TITLES``
# category and the card or bonus space as ``item``.
METRIC_KINDS = {
    "fight": "fights on a level (a brawl or a knock-down)",
    "snowstorm": "Snowstorms played",
    "heal": "Healers played",
    "watch": "Watchers played (a second card after seeing every card)",
}


class Ledger:
    """The points of the turn being resolved, per colour, with the reasons for fights."""

    def __init__(self, colours: int) -> None:
        self.points = [[0, 0, 0, 0] for _ in range(colours)]
        self.fights: list[list[Phrase]] = [[] for _ in range(colours)]
        self.bonus_kind: list[int] = [-1] * colours

    def scored(self, k: int, kind: int) -> bool:
        return self.points[k][kind] > 0


def resolve(s: SnowTimeState) -> list[int]:
    """Score the turn; returns the winning seats (empty if the game goes on)."""
    ledger = Ledger(s.colours)
    for step in (_specials, _tree, _mana, _bonuses):
        winners = step(s, ledger)
        if winners:
            _log_summary(s, ledger)
            return winners
    _log_summary(s, ledger)
    _clean_up(s)
    return []


# -- A. special cards ----------------------------------------------------------------


def _specials(s: SnowTimeState, ledger: Ledger) -> list[int]:
    for k in range(s.colours):
        if s.played[k] == ST.healer:
            _heal(s, k)
    storms = [k for k in range(s.colours) if s.played[k] == ST.snowstorm]
    if not storms:
        return []
    blown = [k for k in range(s.colours) if ST.is_character(s.played[k])]
    storm = card_named(ST.snowstorm)
    owners, fallen = _who(s, storms), _who(s, blown)
    said = (MSG("snowstorm", card=storm, who=owners, fallen=fallen) if blown
            else MSG("snowstorm-empty", card=storm, who=owners))
    s.log.append(Event(said, kind="snowstorm"))
    _fall(s, blown)
    awards: list[Award] = []
    per = s.params.snowstorm_points
    for k in storms:
        # One storm scores the opposing characters; several each score every character.
        scored = per * (len(blown) if len(storms) > 1 else sum(j != k for j in blown))
        if scored:
            awards.append((k, FIGHT, scored, MSG("why-snowstorm", card=storm, who=fallen),
                           ST.card_name(ST.snowstorm)))
    return _score(s, ledger, awards)


def _heal(s: SnowTimeState, k: int) -> None:
    if s.discard[k] == ST.all_characters:
        taken, msg = s.discard[k], "heal-all"
    else:
        choice = s.pending[k]
        taken = choice.cards if isinstance(choice, Heal) else 0
        msg = "heal-empty" if not s.discard[k] else "heal" if taken else "heal-none"
    s.discard[k] &= ~taken
    s.hand[k] |= taken
    cards = tuple(card_named(c) for c in cards_in(taken))
    s.log.append(Event(MSG(msg, who=who(s.owner[k], k), healer=card_named(ST.healer), cards=cards),
                       kind="heal", player=s.owner[k]))


# -- B. fight and C. fruit, level by level from the top ---------------------------------


def _tree(s: SnowTimeState, ledger: Ledger) -> list[int]:
    on_level: list[list[int]] = [[] for _ in range(ST.levels + 1)]
    for k, card in enumerate(s.played):
        if ST.is_character(card):
            on_level[ST.level(card)].append(k)
    for level in range(ST.levels, 0, -1):
        here = [k for k in on_level[level] if s.played[k] >= 0]  # not knocked down
        if len(here) > 1:
            winners = _brawl(s, ledger, level, here)
        elif here:
            below = [k for k in on_level[level - 1] if s.played[k] >= 0] if level > 1 else []
            winners = _knock_down(s, ledger, level, here[0], below) or _eat(s, ledger, level,
                                                                             here[0])
        else:
            continue
        if winners:
            return winners
    return []


def _brawl(s: SnowTimeState, ledger: Ledger, n: int, here: list[int]) -> list[int]:
    """Several characters on one level: all fall, each scores one per other character."""
    s.log.append(Event(MSG("brawl", level=level_named(n), who=_who(s, here)), kind="fight"))
    cards = {k: ST.card_name(s.played[k]) for k in here}
    _fall(s, here)
    scored = s.params.brawl_points * (len(here) - 1)
    awards: list[Award] = [
        (k, FIGHT, scored, MSG("why-brawl", who=_who(s, [j for j in here if j != k])),
         cards[k])
        for k in here
    ]
    return _score(s, ledger, awards)


def _knock_down(
    s: SnowTimeState, ledger: Ledger, n: int, k: int, below: list[int]
) -> list[int]:
    """A lone character knocks every character on the level just below off the tree."""
    if not below:
        return []
    fallen = _who(s, below)
    s.log.append(Event(MSG("knock-down", level=level_named(n), who=who(s.owner[k], k),
                           fallen=fallen, below=level_named(n - 1)), kind="fight"))
    _fall(s, below)
    scored = s.params.knock_down_points * len(below)
    return _score(s, ledger, [(k, FIGHT, scored, MSG("why-knock-down", who=fallen),
                               ST.card_name(s.played[k]))])


def _eat(s: SnowTimeState, ledger: Ledger, n: int, k: int) -> list[int]:
    eaten = s.fruit[n - 1]
    if not eaten:
        return []
    s.fruit[n - 1] = 0
    s.supply += eaten  # eaten fruit goes back to the supply
    scored = s.params.fruit_points * eaten
    return _score(s, ledger, [(k, FRUIT, scored, _ate(eaten, n), ST.card_name(s.played[k]))])


# -- D. mana and E. bonus spaces ---------------------------------------------------------


def _mana(s: SnowTimeState, ledger: Ledger) -> list[int]:
    present = [k for k in range(s.colours) if ST.is_character(s.played[k])]
    if not present:
        s.log.append(Event(MSG("mana-none"), kind="mana"))
        return []
    lowest = min(present, key=lambda k: s.played[k])
    why = _lowest(ST.level(s.played[lowest]))
    return _score(s, ledger, [(lowest, MANA, s.params.mana_points, why,
                               ST.card_name(s.played[lowest]))])


# The reasons that depend only on a count and a level, made once each.
@cache
def _ate(eaten: int, n: int) -> Phrase:
    return MSG("why-fruit", fruit=total(eaten, FRUIT), level=level_named(n))


@cache
def _lowest(n: int) -> Phrase:
    return MSG("why-mana", level=level_named(n))


def _bonuses(s: SnowTimeState, ledger: Ledger) -> list[int]:
    """Each pawn ending on a bonus space whose kind it scored this turn; never chained."""
    awards: list[Award] = []
    bonus_at = s.params.bonus_at
    for k, at in enumerate(s.pawn):
        bonus = bonus_at[at]
        if bonus is None:
            continue
        kind, value = bonus
        if ledger.scored(k, kind):
            ledger.bonus_kind[k] = kind
            awards.append((k, BONUS, value, MSG("why-bonus", space=bonus_space(at)),
                           f"space-{at}"))
    return _score(s, ledger, awards)


# -- moving pawns -------------------------------------------------------------------------


def leading(s: SnowTimeState, seat: int) -> int:
    """The colour whose pawn is ``seat``'s score: its furthest (the first on a tie)."""
    return max(s.colours_of(seat), key=lambda k: s.pawn[k])


def _score(s: SnowTimeState, ledger: Ledger, awards: list[Award]) -> list[int]:
    """Move the pawns of one moment; returns the winning seats if any pawn reached the end.

    Each move is a "score" event whose ``vp`` is what the seat's score gained: the
    spaces the pawn moved (not past the last space), or 0 for a two-player seat's
    pawn that stays behind its other one. When that pawn overtakes the other, the
    seat's points by kind become its own: "lead" events carry the difference per kind.
    """
    reached = []
    finish = s.params.finish
    for k, kind, scored, reason, item in awards:
        if not scored:  # an overlay made these points worth nothing: no move, no line
            continue
        ledger.points[k][kind] += scored
        if kind == FIGHT:
            ledger.fights[k].append(reason)
        player = s.owner[k]
        before = leading(s, player)
        moved = min(s.pawn[k] + scored, finish) - s.pawn[k]  # overshooting ends on the last
        s.pawn[k] += moved
        s.earned[k][kind] += moved  # what the pawn moved, so a colour's kinds sum to its space
        after = leading(s, player)
        # a fight's rule is its reason's (a brawl, a knock-down, a Snowstorm)
        rule = reason.rule if kind == FIGHT else KIND_RULES[kind]
        s.log.append(Event(
            MSG("score", rule=rule, who=who(player, k), points=points(scored, kind), why=reason,
                space=space(s.pawn[k])),
            kind="score", player=player, vp=moved if before == after == k else 0,
            category=KIND_TITLES[kind], item=item,
        ))
        if before != after:
            _log_lead(s, player, before, after)
        if s.pawn[k] >= finish:
            reached.append(k)
    if not reached:
        return []
    winners = sorted({s.owner[k] for k in reached})
    s.log.append(Event(MSG("reach" if len(reached) == 1 else "reach-many", who=_who(s, reached)),
                       kind="end"))
    return winners


def _log_lead(s: SnowTimeState, player: int, old: int, new: int) -> None:
    """A two-player seat's other pawn is now its furthest: its points by kind replace
    those of the pawn behind, one event per kind that changes."""
    for kind, title in enumerate(KIND_TITLES):
        diff = s.earned[new][kind] - s.earned[old][kind]
        if diff:
            s.log.append(Event(
                MSG("lead", who=who(player, new), other=colour(old), ahead=s.pawn[new],
                    behind=s.pawn[old], seat=seat(player), kind=category(kind),
                    change=change(diff, kind)),
                kind="lead", player=player, vp=diff, category=title))


def _fall(s: SnowTimeState, colours: list[int]) -> None:
    """Characters fall from the tree; their cards go face up to the discard."""
    for k in colours:
        s.discard[k] |= 1 << s.played[k]
        s.played[k] = -1


def _who(s: SnowTimeState, colours: list[int]) -> tuple[Phrase, ...]:
    """Colours with their seats, said "A, B and C"."""
    return tuple(who(s.owner[k], k) for k in colours)


def _log_summary(s: SnowTimeState, ledger: Ledger) -> None:
    """One line per colour that scored: "Player 4 (yellow): 1 fight (knocked out ...)"."""
    for k, (fight, fruit, mana, bonus) in enumerate(ledger.points):
        parts: list[Mention | Phrase] = []
        if fight:
            parts.append(MSG("summary-fight", points=total(fight, FIGHT),
                             why=tuple(ledger.fights[k])))
        if fruit:
            parts.append(total(fruit, FRUIT))
        if mana:
            parts.append(total(mana, MANA))
        if bonus:
            parts.append(bonus_points(bonus, ledger.bonus_kind[k]))
        if parts:
            s.log.append(Event(MSG("summary", who=who(s.owner[k], k), parts=tuple(parts)),
                               kind="summary", player=s.owner[k]))


def _clean_up(s: SnowTimeState) -> None:
    """F. Survivors and Healers go back to hand; used Snowstorms leave the game."""
    for k, card in enumerate(s.played):
        if card >= 0:
            if card in ST.single_use:
                s.used[k] |= 1 << card
            else:
                s.hand[k] |= 1 << card
    s.played = [-1] * s.colours
    s.watched = [False] * s.colours
    s.pending = [None] * s.colours


def score_breakdown(state: State) -> ScoreBreakdown:
    """Each seat's points by kind: fight, fruit, Mana and bonus spaces.

    A seat's score is its furthest pawn, so its row is that colour's (the first of a
    two-player seat's colours on a tie). Points past the last space are not counted, as
    the pawn stops there.
    """
    # By the game id: the state class sits above this module (its module imports this
    # one), and the spec hands over only its own game's states.
    assert state.game_id == "snow-time"
    s = cast("SnowTimeState", state)
    rows = [tuple(s.earned[leading(s, seat)]) for seat in range(s.num_players)]
    return ScoreBreakdown(KIND_TITLES, tuple(rows))
