"""Snow Time's turn: fruit placement, hidden card choices, reveal, Watcher, Healer.

A turn (RB "Turn Sequence") has up to three simultaneous steps, each collecting one
hidden choice per colour that owes one:

* CHOOSE: every colour plays a card face down; all are revealed together;
* WATCH: colours that revealed a Watcher play another card, revealed together;
* HEAL: colours that revealed a Healer choose which discarded cards to take back
  (skipped when nothing or everything is in the discard, or when the game's Healer
  takes back none: then there is no choice).

When the last choice of a step is in, the game moves on by itself; after the last
step ``resolution.resolve`` scores the turn and the next turn's fruit is rolled.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.errors import IllegalActionError
from wintergames.core.events import Event, seat_name
from wintergames.core.phrases import Phrase
from wintergames.games.snow_time import resolution
from wintergames.games.snow_time.actions import HEAL, HEAL_MASKS, PLAY, Heal, PlayCard
from wintergames.games.snow_time.components import FRUIT, ST, cards_in
from wintergames.games.snow_time.words import KIND_TITLES, MSG, die, level, played, total, who
from wintergames.games.snow_time.words import card as card_named
from wintergames.games.snow_time.words import colour as colour_named
from wintergames.games.snow_time.words import seat as seat_named

if TYPE_CHECKING:
    from wintergames.games.snow_time.state import SnowTimeState

CHOOSE, WATCH, HEAL_STEP, OVER = range(4)
SIMULTANEOUS_PHASES = frozenset({CHOOSE, WATCH, HEAL_STEP})
PHASE_NAMES = ("choose", "watch", "heal", "over")

_MASK_CARDS = [cards_in(m) for m in range(1 << ST.cards)]


def setup(s: SnowTimeState) -> None:
    """Each seat takes a colour (two in the two-player variant); the first fruit falls."""
    n = s.num_players
    seat(s, tuple(k // 2 for k in range(4)) if n == 2 else tuple(range(n)))
    m = s.colours
    s.hand = [ST.all_cards] * m
    s.discard = [0] * m
    s.used = [0] * m
    s.played = [-1] * m
    s.watched = [False] * m
    s.pawn = [0] * m
    s.earned = [[0] * len(KIND_TITLES) for _ in range(m)]
    s.owes = [False] * m
    s.pending = [None] * m
    s.fruit = [0] * ST.levels
    s.supply = s.params.fruit
    s.dice = ()
    s.turn = 0
    s.winners_ = []
    begin_turn(s)


def seat(s: SnowTimeState, owner: tuple[int, ...]) -> None:
    """Give colour k to seat ``owner[k]``, with the lookups every step needs."""
    s.owner = owner
    s.colours = len(owner)
    s.of_player = tuple(
        tuple(k for k, p in enumerate(owner) if p == player) for player in range(s.num_players)
    )
    s.names = tuple(f"{seat_name(p)} ({ST.colours[k]})" for k, p in enumerate(owner))


def begin_turn(s: SnowTimeState) -> None:
    """RB "1. Placing the Fruit", then every colour owes a card."""
    s.turn += 1
    p = s.params
    dice = min(p.dice, s.supply)  # one die if one fruit is left, none if the supply is empty
    rng = s.rng
    s.dice = tuple(rng.randrange(6) + 1 for _ in range(dice))
    levels = p.die_levels
    for face in s.dice:
        s.fruit[levels[face - 1] - 1] += 1
        s.supply -= 1
    s.log.append(Event(_roll_said(s), kind="fruit"))
    s.phase = CHOOSE
    s.owes = [True] * s.colours
    update_movers(s)


def _roll_said(s: SnowTimeState) -> Phrase:
    rolled = s.params.dice
    if not s.dice:
        return MSG("roll-none" if rolled else "roll-no-dice", turn=s.turn)
    faces = tuple(die(f) for f in s.dice)
    levels = [s.params.die_levels[f - 1] for f in s.dice]
    if len(levels) == 1:  # the supply's last fruit, or a game of one die
        return MSG("roll-one" if rolled > 1 else "roll-die", turn=s.turn, face=faces[0],
                   level=level(levels[0]))
    if len(set(levels)) == 1:  # every fruit on one level
        if len(levels) == 2:
            return MSG("roll-double", turn=s.turn, faces=faces, level=level(levels[0]))
        # an overlay's third die and more
        return MSG("roll-same", turn=s.turn, faces=faces, fruit=total(len(levels), FRUIT),
                   level=level(levels[0]))
    return MSG("roll", turn=s.turn, faces=faces, levels=tuple(level(n) for n in levels))


def update_movers(s: SnowTimeState) -> None:
    """``to_move``: seats with a colour that owes a choice not yet made."""
    if s.phase == OVER:
        s.movers = ()
        return
    s.movers = tuple(sorted({s.owner[k] for k in range(s.colours) if s.owes[k]
                             and s.pending[k] is None}))


def deciding_colour(s: SnowTimeState, player: int) -> int:
    """The colour ``player`` decides for now (the first one, in the two-player variant)."""
    for k in s.of_player[player]:
        if s.owes[k] and s.pending[k] is None:
            return k
    return -1


def options_of(s: SnowTimeState, k: int) -> list[Action]:
    """Every choice colour ``k`` may make in this step."""
    if s.phase == HEAL_STEP:
        discard = s.discard[k]
        heals = HEAL[k]
        return [heals[m] for m in HEAL_MASKS[s.params.healer_takes_back] if m & discard == m]
    row = PLAY[k]
    return [row[c] for c in _MASK_CARDS[s.hand[k]]]


def legal_actions(s: SnowTimeState, player: int) -> list[Action]:
    k = deciding_colour(s, player)
    return options_of(s, k) if k >= 0 else []


# -- checking ------------------------------------------------------------------------


def check(s: SnowTimeState, action: Action, player: int) -> None:
    if not isinstance(action, PlayCard | Heal):
        raise IllegalActionError(f"{action!r} is not a Snow Time action",
                                 rule="actions.notation")
    mine = s.colours_of(player)
    names = " and ".join(ST.colours[k] for k in mine)
    colour = action.colour
    if colour not in mine:
        raise IllegalActionError(f"you play {names}, not {ST.colours[colour]}",
                                 rule="two-player" if len(mine) > 1 else "setup.colours")
    k = deciding_colour(s, player)
    if s.phase == HEAL_STEP:
        if not isinstance(action, Heal):
            raise IllegalActionError(
                "now the Healer's owners choose which discarded cards to take back "
                f"(e.g. '{ST.colours[k]} heal none'), no card is played", rule="special.healer")
    elif not isinstance(action, PlayCard):
        raise IllegalActionError(
            "the Healer's cards are chosen after the reveal; now choose a card to play",
            rule="turn.play")
    if colour != k:
        raise IllegalActionError(*_not_this_colour(s, colour, k))
    if isinstance(action, Heal):
        _check_heal(s, action)
    else:
        _check_play(s, action)


def _not_this_colour(s: SnowTimeState, colour: int, k: int) -> tuple[str, str]:
    """Why ``colour`` may not choose now (``k`` may), and the rule that says so."""
    name = ST.colours[colour]
    if not s.owes[colour]:
        # only a Watcher's or a Healer's colour chooses in those steps
        step = "special.watcher" if s.phase == WATCH else "special.healer"
        return f"{name} has no choice to make in this step; choose for {ST.colours[k]}", step
    if s.pending[colour] is not None:
        return (f"you have already chosen for {name} in this step; choose for "
                f"{ST.colours[k]}", "turn.play")
    return f"choose for {ST.colours[k]} first, then for {name}", "two-player"


def _check_play(s: SnowTimeState, action: PlayCard) -> None:
    k, card = action.colour, action.card
    if s.hand[k] >> card & 1:
        return
    name = ST.card_name(card)
    in_hand = ", ".join(ST.card_name(c) for c in _MASK_CARDS[s.hand[k]])
    if s.discard[k] >> card & 1:
        why = (f"the {ST.colours[k]} {name} fell from the tree and lies in the discard "
               "(a Healer can take it back)")
        rule = "cards.discard"
    elif s.used[k] >> card & 1:
        why = f"the {name} is single use and {ST.colours[k]} has used it"
        rule = "special.single-use"
    else:  # the Watcher just revealed
        why = f"the {name} is already on the table this turn; play another card"
        rule = "special.watcher"
    raise IllegalActionError(f"{why}; {ST.colours[k]} holds {in_hand}", rule=rule)


def _check_heal(s: SnowTimeState, action: Heal) -> None:
    k, most = action.colour, s.params.healer_takes_back
    if action.cards.bit_count() > most:
        raise IllegalActionError(
            f"the Healer takes back at most {most} of the discarded {ST.colours[k]} cards, "
            f"not {action.cards.bit_count()}; the discard holds {_held(s, k)}",
            rule="special.healer")
    if action.cards & ~s.discard[k]:
        raise IllegalActionError(
            f"the Healer takes back only discarded {ST.colours[k]} cards; the discard holds "
            f"{_held(s, k)}: choose at most {most} of them, or none", rule="special.healer")


def _held(s: SnowTimeState, k: int) -> str:
    """The numbers in colour ``k``'s discard: "2, 4"."""
    return ", ".join(str(c + 1) for c in cards_in(s.discard[k]))


# -- doing ---------------------------------------------------------------------------


def do(s: SnowTimeState, action: Action, player: int) -> None:
    assert isinstance(action, PlayCard | Heal)
    s.pending[action.colour] = action
    s.log.append(Event(choice_said(action), frozenset({player}), kind="choice", player=player))
    update_movers(s)
    if s.movers:
        return
    if s.phase == HEAL_STEP:
        _resolve(s)
    else:
        _reveal(s)


@cache
def choice_said(action: PlayCard | Heal) -> Phrase:
    """Your own choice, as only you see it until the reveal (the same words every time an
    action is chosen: made once per action)."""
    k = action.colour
    if isinstance(action, PlayCard):
        return MSG("chose", colour=colour_named(k), card=card_named(action.card))
    healer = card_named(ST.healer)
    if not action.cards:
        return MSG("chose-heal-none", colour=colour_named(k), healer=healer)
    cards = tuple(card_named(c) for c in _MASK_CARDS[action.cards])
    return MSG("chose-heal", cards=cards, colour=colour_named(k), healer=healer)


def _reveal(s: SnowTimeState) -> None:
    """All choices of a CHOOSE or WATCH step are in: turn the cards face up."""
    second = s.phase == WATCH
    shown = []
    for k, choice in enumerate(s.pending):
        if choice is None:
            continue
        assert isinstance(choice, PlayCard)
        card = choice.card
        s.hand[k] &= ~(1 << card)
        shown.append(played(s.owner[k], k, card))
        if card == ST.watcher:
            s.used[k] |= 1 << card  # single use: discarded for good at once
            s.watched[k] = True
        else:
            s.played[k] = card
    s.pending = [None] * s.colours
    s.log.append(Event(MSG("reveal-again" if second else "reveal", cards=tuple(shown)),
                       kind="reveal"))
    watchers = [k for k in range(s.colours) if s.watched[k] and s.played[k] < 0]
    if watchers:
        s.phase = WATCH
        s.owes = [k in watchers for k in range(s.colours)]
        said = MSG("watch" if len(watchers) == 1 else "watch-many",
                   who=tuple(who(s.owner[k], k) for k in watchers))
        s.log.append(Event(said, kind="watch"))
        update_movers(s)
        return
    _to_healers(s)


def _to_healers(s: SnowTimeState) -> None:
    """Healers with a real choice choose now; the others need no decision."""
    if not s.params.healer_takes_back:  # an overlay's Healer that chooses nothing
        _resolve(s)
        return
    choosing = [
        k for k in range(s.colours)
        if s.played[k] == ST.healer and 0 < s.discard[k] != ST.all_characters
    ]
    if choosing:
        s.phase = HEAL_STEP
        s.owes = [k in choosing for k in range(s.colours)]
        update_movers(s)
        return
    _resolve(s)


def _resolve(s: SnowTimeState) -> None:
    winners = resolution.resolve(s)
    if not winners:
        begin_turn(s)
        return
    s.phase = OVER
    s.winners_ = winners
    s.owes = [False] * s.colours
    update_movers(s)
    s.log.append(Event(MSG("win" if len(winners) == 1 else "win-many",
                           seats=tuple(seat_named(p) for p in winners)), kind="end"))
