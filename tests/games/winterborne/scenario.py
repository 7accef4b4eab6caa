"""Small helpers for Winterborne scenario tests: make a game, move named components to
where a scenario needs them (keeping every component in exactly one place, so the
conservation check still holds), and play actions by their notation.
"""

from __future__ import annotations

from typing import Any

import wintergames as wg
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.state import WinterborneState, check_components

SPEC = wg.get_spec("winterborne")
CARD = {c.id: i for i, c in enumerate(WB.cards)}
TILE = {t.id: i for i, t in enumerate(WB.spoils)}
ALLY = {a.id: i for i, a in enumerate(WB.allies)}
COLOUR = {name: i for i, name in enumerate(WB.colours)}
GOLD, MEAT, MILITARY = 0, 1, 2
SHAMAN, EXPLORER, WARRIOR, WHITE = 0, 1, 2, 3


def new(n: int = 2, seed: int = 1, **options: Any) -> WinterborneState:
    """A fresh game; seat 0 plays first unless ``first_player`` says otherwise."""
    options.setdefault("first_player", "1")
    s = wg.make("winterborne", n, seed=seed, options=options)
    assert isinstance(s, WinterborneState)
    return s


def act(s: WinterborneState, *texts: str) -> None:
    """Play each action (notation) for the seat to move."""
    for text in texts:
        s.apply(SPEC.parse_action(text), s.to_move[0])


def legal(s: WinterborneState) -> set[str]:
    return {str(a) for a in s.legal_actions(s.to_move[0])}


def ids(cards: list[int]) -> list[str]:
    return sorted(WB.cards[c].id for c in cards)


def _card_places(s: WinterborneState, p: int) -> list[list[int]]:
    return [s.hand[p], s.deck[p], s.discard[p], s.reserve[p], s.played,
            *s.season_decks, s.box_wylds, s.balaur_pile, s.sacked_cards]


def take_card(s: WinterborneState, p: int, card_id: str) -> int:
    """Remove a card from wherever it is (for a house card: seat ``p``'s own copy)."""
    c = CARD[card_id]
    if WB.cards[c].type in ("house", "mercenary"):
        places = [s.hand[p], s.deck[p], s.discard[p], s.played]
    else:
        places = [place for q in range(s.num_players)
                  for place in (s.hand[q], s.deck[q], s.discard[q], s.reserve[q])]
        places += [s.played, *s.season_decks, s.box_wylds, s.balaur_pile, s.sacked_cards]
        if c in s.explore_slot:
            s.explore_slot[s.explore_slot.index(c)] = -1
            return c
    for place in places:
        if c in place:
            place.remove(c)
            return c
    raise AssertionError(f"{card_id} is nowhere")


def stash(s: WinterborneState, p: int, cards: list[int]) -> None:
    """Put cards away without changing what the seat owns: house cards to the bottom of
    its deck, exploration cards back to the winter deck (bottom)."""
    for c in cards:
        if WB.cards[c].type in ("house", "mercenary"):
            s.deck[p].insert(0, c)
        else:
            s.season_decks[3].insert(0, c)


def set_hand(s: WinterborneState, p: int, *card_ids: str) -> None:
    """Seat ``p``'s hand becomes exactly these cards (the old hand goes under the deck)."""
    old = list(s.hand[p])
    s.hand[p].clear()
    stash(s, p, old)
    for cid in card_ids:
        s.hand[p].append(take_card(s, p, cid))


def give(s: WinterborneState, p: int, place: str, *card_ids: str) -> None:
    """Move cards into one of seat ``p``'s places ('deck', 'discard', 'reserve'...);
    a deck receives them on top in the order given."""
    target = getattr(s, place)[p]
    for cid in card_ids:
        target.append(take_card(s, p, cid))


def set_slot(s: WinterborneState, province: int, card_id: str | None) -> None:
    """Put a card (or nothing) in a province's exploration slot; the old card goes to the
    bottom of the winter deck."""
    old = s.explore_slot[province]
    s.explore_slot[province] = -1
    if old >= 0:
        s.season_decks[3].insert(0, old)
    if card_id is not None:
        s.explore_slot[province] = take_card(s, 0, card_id)


def take_tile(s: WinterborneState, tile_id: str) -> int:
    t = TILE[tile_id]
    places = [*s.prov_spoils, *s.spoils, s.sacked_spoils, s.boxed_spoils, s.spent_spoils]
    for place in places:
        if t in place:
            place.remove(t)
            return t
    raise AssertionError(f"{tile_id} is nowhere")


def give_tile(s: WinterborneState, p: int, *tile_ids: str) -> None:
    for tid in tile_ids:
        s.spoils[p].append(take_tile(s, tid))


def set_res(s: WinterborneState, p: int, gold: int, meat: int, military: int) -> None:
    s.res[p] = [gold, meat, military]


def give_favor(s: WinterborneState, p: int, n: int) -> None:
    s.favor_supply -= n
    s.favor[p] += n


def conquer_tile(s: WinterborneState, p: int, section: int, colour: int) -> None:
    """Seat ``p`` holds a conquer tile of ``colour`` on conquer section ``section`` (6..11)."""
    assert section >= 6 and s.sections[p][section] < 0
    s.sections[p][section] = colour
    s.conquer_left[colour] -= 1


def build_at(s: WinterborneState, p: int, section: int, church: bool = False) -> None:
    """Place a building as if built (the house-board row state follows)."""
    if church:
        row = next(r for r, b in enumerate(s.rows[p]) if b == 2)
        s.rows[p][row] = 3
        s.buildings[p][section] = 2
    else:
        row = next(r for r, b in enumerate(s.rows[p]) if b < 2)
        s.rows[p][row] += 1
        s.buildings[p][section] = 1


def ok(s: WinterborneState) -> None:
    """Every component still in exactly one place."""
    check_components(s)


def to_winter(s: WinterborneState, rnd: int = 1) -> None:
    """Jump to winter round ``rnd``: every season deck but winter emptied into winter."""
    for d in range(3):
        s.season_decks[3][:0] = s.season_decks[d]
        s.season_decks[d].clear()
    s.season, s.autumn_out, s.winter_round = 3, True, rnd
