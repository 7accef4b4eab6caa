"""End-of-game scoring (RB "Ending the Game", "Scoring Allies", "Scoring Buildings",
"Scoring Exploration Sets", "Scoring Banners", "Scoring Favor and Resources", "Ally
Cards", "Banner Card Sets"). Expected numbers are typed from the rulebook."""

from __future__ import annotations

import pytest

from tests.games.winterborne.scenario import (
    ALLY,
    build_at,
    conquer_tile,
    give,
    give_favor,
    give_tile,
    new,
    ok,
    set_hand,
    set_res,
)
from wintergames.games.winterborne import scoring
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.state import WinterborneState

GREEN, YELLOW, BLUE, PURPLE, RED, BLACK = range(6)
C1, C2, C3, C4, C5, C6 = range(6, 12)


def parts(s: WinterborneState, p: int = 0) -> dict[str, int]:
    return scoring.score(s, p).parts


def give_ally(s: WinterborneState, p: int, ally_id: str) -> None:
    a = ALLY[ally_id]
    for deck in s.ally_decks:
        if a in deck:
            deck.remove(a)
    s.allies[p].append(a)


def test_a_fresh_seat_scores_nothing() -> None:
    s = new(2)
    assert scoring.score(s, 0).total == 0  # 1 gold is less than 3 resources


# -- buildings ------------------------------------------------------------------------------


def test_the_rulebooks_buildings_example() -> None:
    # "Score each of the 6 provinces where you have at least 1 building. Multiply the
    # number of buildings by the number of province sections in a province. Players may
    # have province spoils that also count as province sections. Buildings scoring
    # example: Blue province scores 4 points, green province scores 2 points, purple
    # province scores 8, and the yellow province scores 1 point."
    s = new(2)
    # purple: S4 + C3 + C4 conquered purple + the purple province spoils = 4 sections,
    # 2 buildings -> 8
    conquer_tile(s, 0, C3, PURPLE)
    conquer_tile(s, 0, C4, PURPLE)
    give_tile(s, 0, "PR-purple")
    build_at(s, 0, 3)
    build_at(s, 0, C3)
    # blue: S3 + C2 (blue) = 2 sections, 2 buildings -> 4
    conquer_tile(s, 0, C2, BLUE)
    build_at(s, 0, 2)
    build_at(s, 0, C2)
    # green: S1 + C1 (green) = 2 sections, 1 building -> 2
    conquer_tile(s, 0, C1, GREEN)
    build_at(s, 0, 0)
    # yellow: S2 alone, 1 building -> 1
    build_at(s, 0, 1)
    # red, black: sections but no building -> nothing
    conquer_tile(s, 0, C5, RED)
    ok(s)
    assert scoring.building_points(s, 0) == 4 + 2 + 8 + 1 == 15
    assert parts(s)["buildings"] == 15
    # the spoils counts: without it purple is 2 x 3
    s.spoils[0].clear()
    s.boxed_spoils.append(3)
    assert scoring.building_points(s, 0) == 4 + 2 + 6 + 1


def test_a_church_counts_as_a_building() -> None:
    s = new(2)
    build_at(s, 0, 0)
    build_at(s, 0, 1)
    build_at(s, 0, 2, church=True)
    assert scoring.building_points(s, 0) == 3


# -- exploration sets -------------------------------------------------------------------


@pytest.mark.parametrize(("cards", "points"), [
    (["T1"], 1),
    (["T1", "P1"], 3),
    (["T1", "P1", "W1"], 6),
    (["T1", "P1", "W1", "WY3"], 10),
    # several sets: {T,P,W,Wy} + {T} = 10 + 1
    (["T1", "T2", "P1", "W1", "WY3"], 11),
    # {T,P,W} + {T,P} + {T} = 6 + 3 + 1
    (["T1", "T2", "T3", "P1", "P2", "W1"], 10),
    # three of one type: three sets of 1
    (["T1", "T2", "T3"], 3),
    # {T,P,W,Wy} x 2 = 20
    (["T1", "T2", "P1", "P2", "W1", "W2", "WY3", "WY5"], 20),
])
def test_exploration_sets(cards: list[str], points: int) -> None:
    # "Each set can have no more than one card of each type ... 1/3/6/10 points for
    # 1/2/3/4 different types."
    s = new(2, promo_wylds=True)
    set_hand(s, 0)
    for c in cards:
        give(s, 0, "reserve" if c.startswith("WY") else "discard", c)
    assert parts(s)["sets"] == points


def test_rune_counts_as_the_best_of_provision_treasure_weapon() -> None:
    # "these banners count as either a 'Provision', 'Treasure' or 'Weapon'"
    s = new(2, banners="book+rune")
    set_hand(s, 0, "T1", "P1", "RUNE1")
    assert parts(s)["sets"] == 6  # RUNE1 as a weapon
    give(s, 0, "hand", "W1", "RUNE2")
    assert parts(s)["sets"] == 6 + 3  # {T,P,W} + {W(rune), P or T(rune)}


def test_orb_counts_as_a_wylds_for_sets_and_yellow_allies() -> None:
    # Orb: "counts as a Wylds card when scoring exploration sets and yellow allies."
    s = new(2, banners="rune+orb")
    set_hand(s, 0, "T1", "ORB1")
    assert parts(s)["sets"] == 3
    give(s, 0, "reserve", s_wylds(s))
    give_ally(s, 0, "YE1")
    assert parts(s)["allies"] == 2  # 1 Wylds in reserve + the Orb


def s_wylds(s: WinterborneState) -> str:
    """The id of a Wylds card of this game's exploration deck."""
    deck = [c for d in s.season_decks for c in d]
    return next(WB.cards[c].id for c in deck if WB.cards[c].type == "wylds")


# -- allies ---------------------------------------------------------------------------------


def test_ally_scoring_by_colour() -> None:
    s = new(2, promo_wylds=True)
    set_hand(s, 0, "T1", "P1")
    give(s, 0, "discard", "W1")
    give(s, 0, "reserve", "WY3", "WY5")
    for _ in range(5):
        build_at(s, 0, len([b for b in s.buildings[0] if b]))
    # Yellow - "1 point for each 'The Wylds' card you have in your reserve."
    give_ally(s, 0, "YE2")
    assert parts(s)["allies"] == 2
    # Purple - "1 point for every 2 settlements you have built." (5 -> 2)
    give_ally(s, 0, "PU1")
    assert parts(s)["allies"] == 2 + 2
    # Green - "1 point for every 3 cards in your personal deck ... 'The Wylds' do not
    # count": 6 house cards + T1, P1, W1 = 9 -> 3
    give_ally(s, 0, "GR3")
    assert parts(s)["allies"] == 2 + 2 + 3
    # Red 1, black 2, blue 1
    give_ally(s, 0, "RE1")
    give_ally(s, 0, "BK1")
    give_ally(s, 0, "BL1")
    assert parts(s)["allies"] == 2 + 2 + 3 + 1 + 2 + 1
    ok(s)


# -- banners ---------------------------------------------------------------------------------


def test_mask_scores_the_types_owned() -> None:
    # Mask: "points are awarded for types of exploration cards you own" (components C7: 1
    # per type among provision, treasure, weapon, banner, Wylds).
    s = new(2, banners="mask+bag")
    set_hand(s, 0, "MASK1", "T1", "T2")
    assert parts(s)["banners"] == 2  # banner, treasure
    give(s, 0, "reserve", s_wylds(s))
    give(s, 0, "deck", "MASK2")
    assert parts(s)["banners"] == 3 + 3  # two masks, 3 types each


def test_bag_a_unconquered_sections() -> None:
    # "A. ... 1 point for each conquer icon showing on your kingdom board"
    s = new(2, banners="mask+bag")
    set_hand(s, 0, "BAG1")
    assert parts(s)["banners"] == 6
    conquer_tile(s, 0, C1, GREEN)
    conquer_tile(s, 0, C4, RED)
    assert parts(s)["banners"] == 4


def test_bag_b_unused_winter_rounds() -> None:
    # "B. ... 2 points for each winter round you did not use your Winterborne power."
    s = new(2, banners="mask+bag")
    set_hand(s, 0, "BAG2")
    assert parts(s)["banners"] == 6
    s.power_used[0] = [1, 0, 1]
    assert parts(s)["banners"] == 2


def test_bag_c_unbuilt_churches() -> None:
    # "C. ... 2 points for each of your unbuilt churches."
    s = new(2, banners="mask+bag")
    set_hand(s, 0, "BAG3")
    assert parts(s)["banners"] == 6
    build_at(s, 0, 0)
    build_at(s, 0, 1)
    build_at(s, 0, 2, church=True)
    assert parts(s)["banners"] == 4


def test_book_conquer_tiles_and_starter_settlements() -> None:
    # "A. ... 1 point for each black, blue and green conquer tile"; "B. ... each purple,
    # yellow, and red conquer tile"; "C. ... 1 point per settlement built on the starter
    # province sections".
    s = new(2, banners="book+rune")
    conquer_tile(s, 0, C1, GREEN)
    conquer_tile(s, 0, C2, BLUE)
    conquer_tile(s, 0, C6, BLACK)
    conquer_tile(s, 0, C3, PURPLE)
    build_at(s, 0, 0)  # settlement on S1
    build_at(s, 0, 1)  # settlement on S2
    build_at(s, 0, 2, church=True)  # a church on S3: not a settlement
    build_at(s, 0, C1)  # a settlement, but not on a starter section
    set_hand(s, 0, "BOOK1")
    assert parts(s)["banners"] == 3
    set_hand(s, 0, "BOOK2")
    assert parts(s)["banners"] == 1
    set_hand(s, 0, "BOOK3")
    assert parts(s)["banners"] == 2


def test_potion_scores_1_per_banner_owned_and_horn_nothing() -> None:
    # Potion: "this card is worth 1 point for every banner card you own."; Horn: "There is
    # no end game scoring for these banners."
    s = new(4, banners="horn+mask+book+potion")
    set_hand(s, 0, "POTION1", "POTION2", "HORN1")
    assert parts(s)["banners"] == 3 + 3
    give(s, 0, "discard", "MASK1")
    assert parts(s)["banners"] == 4 + 4 + 1  # the mask sees one type: banner


# -- favor, resources, totals, winners --------------------------------------------------


def test_favor_in_supply_and_on_the_card_and_1_per_3_resources() -> None:
    # "Each favor token in your supply and on your Winterborne card is worth 1 point.
    # Every 3 resources is worth 1 point."
    s = new(2)
    give_favor(s, 0, 5)
    s.favor[0] -= 3
    s.favor_card[0] += 3
    set_res(s, 0, 3, 3, 2)
    p = parts(s)
    assert p["favor"] == 5 and p["resources"] == 2
    assert scoring.score(s, 0).total == 7


def over(s: WinterborneState) -> WinterborneState:
    s.over = True
    return s


def test_highest_score_wins() -> None:
    s = new(3)
    set_res(s, 1, 6, 0, 0)
    assert over(s).winners() == [1]


def test_tie_broken_by_favor() -> None:
    # "In the case of a tie, the player with the most favor tokens (supply and Winterborne
    # card) is the winner."
    s = new(2)
    set_res(s, 0, 3, 0, 0)  # 1 point
    set_res(s, 1, 0, 0, 0)
    give_favor(s, 1, 1)  # 1 point
    assert [scoring.score(s, p).total for p in (0, 1)] == [1, 1]
    assert over(s).winners() == [1]


def test_tie_broken_by_wylds_then_shared() -> None:
    # "If there is still a tie, the player with the most 'The Wylds' cards is the winner.
    # If still tied, share the victory."
    s = new(2, promo_wylds=True)
    give(s, 0, "reserve", "WY3")  # a set of 1: 1 point
    give(s, 1, "discard", "T1")  # a set of 1: 1 point
    assert [scoring.score(s, p).total for p in (0, 1)] == [1, 1]
    assert over(s).winners() == [0]
    give(s, 1, "reserve", "WY5")
    give(s, 0, "discard", "T2")
    assert [scoring.score(s, p).total for p in (0, 1)] == [3, 3]
    assert s.winners() == [0, 1]


def test_no_winners_before_the_end() -> None:
    assert new(2).winners() == []
