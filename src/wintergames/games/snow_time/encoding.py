"""Snow Time's observation as numbers (``core.encoding``), for RL environments.

Read from ``observation(player)`` only. Seats are listed from the observer clockwise
(``seats_from``); colours too, by their seat and then in the game's order, so the
observer's own colour (both of them in the two-player variant, red before blue) comes
first. Cards keep the game's order: characters 1..7, then healer, watcher, snowstorm.

>>> [observation_encoding(n, {}).layout.size for n in (2, 3, 4, 5)]
[327, 247, 315, 383]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

from wintergames.core.encoding import (
    Field,
    Layout,
    ObservationEncoding,
    Vector,
    Writer,
    seats_from,
)
from wintergames.core.overlay import OVERLAY
from wintergames.games.snow_time.actions import ALL, Heal, PlayCard
from wintergames.games.snow_time.components import ST, cards_in
from wintergames.games.snow_time.params import params_for
from wintergames.games.snow_time.rules import PHASE_NAMES
from wintergames.games.snow_time.state import SnowTimeState

NCARDS = ST.cards
NCHAR = ST.characters
SINGLE_USE = tuple(sorted(ST.single_use))  # watcher, snowstorm
TURN_CAP = 60.0  # generous: random play ends by turn 30
_PHASE = {name: i for i, name in enumerate(PHASE_NAMES)}
_CARD = {ST.card_name(c): c for c in range(NCARDS)}


class _Rows(dict[Any, Vector]):
    """Rows of a field by the observation's value (a tuple of names), built once each."""

    def __init__(self, width: int, offsets: Callable[[Any], Iterable[int]]) -> None:
        super().__init__()
        self.width = width
        self.offsets = offsets

    def __missing__(self, key: Any) -> Vector:
        row = np.zeros(self.width, np.float32)
        for i in self.offsets(key):
            row[i] = 1.0
        self[key] = row
        return row


_HAND = _Rows(NCARDS, lambda names: (_CARD[x] for x in names))
_DISCARD = _Rows(NCHAR, lambda numbers: (x - 1 for x in numbers))
_USED = _Rows(len(SINGLE_USE), lambda names: (SINGLE_USE.index(_CARD[x]) for x in names))
_STATUS = _Rows(4, lambda flags: (i for i, f in enumerate(flags) if f))
# Your hidden choice, as the observation names it ("red 5", "red heal 3+5"): one-hot of
# the card 0..9, or a heal: 10 + each card taken back, or 17 for none.
CHOICE_WIDTH = NCARDS + NCHAR + 1
_CHOICE = _Rows(CHOICE_WIDTH, lambda text: _CHOICE_OFFSETS[text])
_CHOICE_OFFSETS: dict[str, tuple[int, ...]] = {}
for _a in ALL:
    if isinstance(_a, PlayCard):
        _CHOICE_OFFSETS[str(_a)] = (_a.card,)
    elif isinstance(_a, Heal):
        _CHOICE_OFFSETS[str(_a)] = (tuple(NCARDS + c for c in cards_in(_a.cards))
                                    or (NCARDS + NCHAR,))


def observation_encoding(num_players: int, options: Mapping[str, Any]) -> ObservationEncoding:
    """The encoding at ``num_players`` (2: the variant with two colours a seat), sized
    and scaled by the game's track, fruit and dice (an overlay may change them)."""
    n = num_players
    params = params_for(options.get(OVERLAY))
    owner = SnowTimeState(n, 0, {}).owner  # the seating is fixed by the player count
    m = len(owner)
    own = owner.count(0)
    # per observer: the colours in the order listed (by seat from the observer, then colour)
    orders = [sorted(range(m), key=lambda k: ((owner[k] - me) % n, k))
              for me in seats_from(0, n)]
    rels = [{seat: i for i, seat in enumerate(seats_from(p, n))} for p in range(n)]
    finish = params.finish
    supply = params.fruit
    fruit_most = float(max(supply, 1))  # an overlay may leave the supply empty
    dice = max(params.dice, 1)  # a game without dice keeps an empty row
    specials = ", ".join(ST.card_name(c) for c in SINGLE_USE)
    per = "per colour from yours"
    layout = Layout((
        Field("phase", (4,), "one-hot: choose a card, play again after a Watcher, choose "
              "the Healer's cards, game over"),
        Field("turn", (1,), f"turn number / {int(TURN_CAP)} (capped)"),
        Field("to_move", (n,), "per seat from yours: 1 if it owes a choice now"),
        Field("dice", (dice, 6), "per die of this turn's roll: one-hot face 1..6 "
              "(all 0 for a die not rolled)"),
        Field("fruit", (ST.levels,), f"per tree level 1..{ST.levels}: fruit on it / "
              f"{supply}"),
        Field("supply", (1,), f"fruit left in the supply / {supply}"),
        Field("pawn", (m,), f"{per}: pawn's space / {finish}"),
        Field("pawn_space", (m, finish + 1), f"{per}: one-hot of the pawn's space "
              f"0..{finish} (bonus spaces matter)"),
        Field("hand", (m, NCARDS), f"{per}: 1 per card in hand (1..{NCHAR}, healer, "
              "watcher, snowstorm; a hidden choice is still in hand)"),
        Field("discard", (m, NCHAR), f"{per}: 1 per fallen character 1..{NCHAR} in the "
              "discard"),
        Field("used", (m, len(SINGLE_USE)), f"{per}: 1 per single-use card used up "
              f"({specials})"),
        Field("in_play", (m, NCARDS), f"{per}: one-hot of the card revealed this turn "
              "(all 0 before the reveal)"),
        Field("status", (m, 4), f"{per}: 1 if it revealed a Watcher this turn, owes a "
              "choice in this step, has chosen face down, is the colour your next action "
              "is for"),
        Field("your_choice", (own, CHOICE_WIDTH), "per colour of yours: one-hot of the "
              f"card chosen face down (the {NCARDS} cards), then the discarded characters "
              f"1..{NCHAR} a Healer takes back, then 1 for taking none"),
        Field("scores", (n,), f"per seat from yours: its furthest pawn / {finish}"),
        Field("winners", (n,), "per seat from yours: 1 for a winner once the game is over"),
    ))

    def fill(obs: Mapping[str, Any], player: int, w: Writer) -> None:
        rel = rels[player]
        w["phase"][_PHASE[obs["phase"]]] = 1.0
        w["turn"][0] = min(obs["turn"] / TURN_CAP, 1.0)
        to_move = w["to_move"]
        for seat in obs["to_move"]:
            to_move[rel[seat]] = 1.0
        dice = w["dice"]
        for d, face in enumerate(obs["dice"]):
            dice[d, face - 1] = 1.0
        fruit = w["fruit"]
        for level, count in enumerate(obs["fruit"]):
            if count:
                fruit[level] = count / fruit_most
        w["supply"][0] = obs["supply"] / fruit_most

        pawn = w["pawn"]
        space = w["pawn_space"]
        hand = w["hand"]
        discard = w["discard"]
        used = w["used"]
        in_play = w["in_play"]
        status = w["status"]
        choice = w["your_choice"]
        mine = player in obs["to_move"]
        colours = obs["colours"]
        for i, k in enumerate(orders[player]):
            c = colours[k]
            at = c["pawn"]
            if at:
                pawn[i] = at / finish
            space[i, at] = 1.0
            hand[i] = _HAND[tuple(c["hand"])]
            if c["discard"]:
                discard[i] = _DISCARD[tuple(c["discard"])]
            if c["used"]:
                used[i] = _USED[tuple(c["used"])]
            if c["in_play"] is not None:
                in_play[i, _CARD[c["in_play"]]] = 1.0
            owes, chose = c["owes_choice"], c["has_chosen"]
            # your first colour still to choose is the one your next action is for
            decides = mine and owes and not chose and i < own
            if decides:
                mine = False
            if owes or chose or c["watched"]:
                status[i] = _STATUS[c["watched"], owes, chose, decides]
            if i < own and c["your_choice"] is not None:
                choice[i] = _CHOICE[c["your_choice"]]

        scores = w["scores"]
        for seat, best in enumerate(obs["scores"]):
            scores[rel[seat]] = best / finish
        winners = w["winners"]
        for seat in obs["winners"]:
            winners[rel[seat]] = 1.0

    return ObservationEncoding(layout, fill)
