"""What each seat of Snow Time may see, built from an allow-list.

Public: the tree (fruit and the revealed cards on each level), the dice, the supply, the
score track and every pawn, every discard and every used special card, and so every
hand (a hand is whatever is neither discarded, used nor on the table: at the real table
this is common knowledge too). Who has already chosen in a simultaneous step is public
(the card lies face down in front of them). Private: the choice itself, seen only by its
owner until all choices are revealed (``your_choice``, ``your_card`` and the engine's
words for it, ``your_choice_said``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wintergames.core.actions import Action
from wintergames.core.events import seat_name
from wintergames.games.snow_time.actions import Heal, PlayCard
from wintergames.games.snow_time.components import ST, cards_in
from wintergames.games.snow_time.params import Params
from wintergames.games.snow_time.rules import OVER, PHASE_NAMES, choice_said

if TYPE_CHECKING:
    from wintergames.games.snow_time.state import SnowTimeState


def _track(p: Params) -> dict[str, Any]:
    """The score track the game plays on (an overlay may change its length and bonuses),
    copied for each view (issue 14): one shared dict would let a caller's edit of its view
    change every later view."""
    return {"finish": p.finish, "bonuses": list(map(dict.copy, p.bonus_views))}


# Views are built often (every seat, every step): name every possible card set once.
_NAMES = [tuple(ST.card_name(c) for c in cards_in(m)) for m in range(1 << ST.cards)]
_NUMBERS = [tuple(c + 1 for c in cards_in(m)) for m in range(1 << ST.characters)]
_LEVEL = [ST.level(c) if ST.is_character(c) else None for c in range(ST.cards)]
_CARD = [ST.card_name(c) for c in range(ST.cards)]


def colour_view(s: SnowTimeState, k: int, player: int | None) -> dict[str, Any]:
    card = s.played[k]
    choice = s.pending[k]
    view = {
        "colour": ST.colours[k],
        "owner": s.owner[k],
        "name": s.name(k),
        "pawn": s.pawn[k],
        "hand": list(_NAMES[s.hand[k]]),
        "discard": list(_NUMBERS[s.discard[k]]),
        "used": list(_NAMES[s.used[k]]),
        "in_play": _CARD[card] if card >= 0 else None,
        "level": _LEVEL[card] if card >= 0 else None,
        "watched": s.watched[k],
        "owes_choice": s.owes[k],
        "has_chosen": choice is not None,
    }
    if choice is None or s.owner[k] != player:
        # Most views: no hidden choice of the viewer's own to show (not merged from a
        # dict made for it: every view builds every colour, every step).
        view["your_choice"] = view["your_card"] = view["your_choice_said"] = None
    else:
        view.update(_your_choice(choice))
    return view


def _your_choice(choice: Action) -> dict[str, Any]:
    """The seat's own hidden choice for a colour: its notation, the card that lies face
    down (the Healer, for the cards it takes back) and the engine's words for it."""
    assert isinstance(choice, PlayCard | Heal)
    shown = ST.healer if isinstance(choice, Heal) else choice.card
    return {"your_choice": str(choice), "your_card": _CARD[shown],
            "your_choice_said": choice_said(choice).view()}


def observation(s: SnowTimeState, player: int | None) -> dict[str, Any]:
    return {
        "game": "snow-time",
        "num_players": s.num_players,
        "you": player,
        "players": [seat_name(p) for p in range(s.num_players)],
        "to_move": list(s.movers),
        "phase": PHASE_NAMES[s.phase],
        "turn": s.turn,
        "dice": list(s.dice),
        "fruit": s.fruit.copy(),
        "supply": s.supply,
        "track": _track(s.params),
        "colours": [colour_view(s, k, player) for k in range(s.colours)],
        "scores": s.scores(),
        "winners": s.winners() if s.phase == OVER else [],
    }
