"""Setting up the Game (RB "Player Setup", "Main Board and Provinces Setup", "Exploration
Deck Setup", "Season Board Setup") and the set-up options."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.games.winterborne.scenario import CARD, new, ok
from wintergames.games.winterborne import setup
from wintergames.games.winterborne.components import WB

OUT = -1


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_each_seat_starts_with_its_boards_gold_figures_and_a_hand_of_4(n: int) -> None:
    # "Each player receives a house board, kingdom board, Winterborne power card, 6 house
    # cards, 6 settlements, 3 churches, and 1 gold."
    s = new(n, seed=3)
    ok(s)
    assert len(set(s.power_card)) == n  # one Winterborne card each, all different
    for p in range(n):
        assert s.res[p] == [1, 0, 0]
        assert s.favor[p] == 0 and s.favor_card[p] == 0
        # "Place your character meeples on their matching dark gray spaces": shaman G1,
        # explorer G3, warrior G5 (components C2); the white meeple is not in play.
        assert s.figures[p] == [0, 2, 4, OUT]
        # "You start the game in control of 1 section from each province."
        assert s.sections[p] == [0, 1, 2, 3, 4, 5, -1, -1, -1, -1, -1, -1]
        assert s.buildings[p] == [0] * 12 and s.rows[p] == [0, 0, 0]
        # "shuffles their 6 house cards (2 shaman, 2 explorer and 2 warrior) into a
        # personal deck and draws a hand of 4 cards."
        assert len(s.hand[p]) == 4 and len(s.deck[p]) == 2
        assert sorted(s.hand[p] + s.deck[p]) == [0, 1, 2, 3, 4, 5]
        assert s.reserve[p] == [] and s.discard[p] == [] and s.allies[p] == []
        assert s.spoils[p] == []


def test_mercenary_option_makes_a_7_card_deck() -> None:
    # "give each player a mercenary card to shuffle into their starting house deck."
    s = new(3, seed=4, mercenary=True)
    ok(s)
    for p in range(3):
        assert len(s.hand[p]) == 4 and len(s.deck[p]) == 3
        assert sorted(s.hand[p] + s.deck[p]) == [0, 1, 2, 3, 4, 5, CARD["MERC"]]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_province_boards(n: int) -> None:
    # "Each province board is prepared with four matching ally cards, three spoils, five
    # conquer tiles and one exploration card." Solo: "place 3 conquer tiles per province".
    s = new(n, seed=5)
    for colour in range(6):
        deck = s.ally_decks[colour]
        assert len(deck) == 4 and {WB.allies[a].colour for a in deck} == {colour}
        assert len(s.prov_spoils[colour]) == 3
        assert s.conquer_left[colour] == (3 if n == 1 else 5)
        assert s.explore_slot[colour] >= 0
    # 18 of the 21 spoils are dealt, the other 3 stay in the box unseen.
    assert len(s.boxed_spoils) == 3


# (players, banner sets, Wylds, spring, summer, autumn): components C9; the 2-player row
# is the rulebook's example; solo is set up as the 2-player game.
CHART = [(1, 2, 4, 3, 3, 4), (2, 2, 4, 3, 3, 4), (3, 3, 6, 4, 5, 6), (4, 4, 8, 6, 6, 8)]


@pytest.mark.parametrize(("n", "sets", "wylds", "spring", "summer", "autumn"), CHART)
def test_season_decks_follow_the_chart(n: int, sets: int, wylds: int, spring: int,
                                       summer: int, autumn: int) -> None:
    s = new(n, seed=6, banners="random")
    in_play = [c for c in s.explore_slot] + [c for d in s.season_decks for c in d]
    types = Counter(WB.cards[c].type for c in in_play)
    assert types["treasure"] == types["provision"] == types["weapon"] == 6
    assert types["banner"] == 3 * sets
    assert types["wylds"] == wylds
    assert [len(d) for d in s.season_decks[:3]] == [spring, summer, autumn]
    assert len(s.season_decks[3]) == 12
    assert s.season == 0 and s.winter_round == 0


def test_the_rulebook_example_two_players_with_mask_and_bag() -> None:
    # "Storm sets up the exploration deck for a 2-player game ... she needs to add 2
    # banner sets and 4 'The Wylds' cards. She chooses to play with the Mask and Bag
    # banner sets ... she deals 1 card face up to each province's exploration section
    # ... 3 cards face-down into the 'Spring' section, 3 cards face down into the
    # 'Summer' section, and 4 cards face down into the 'Autumn' section. Finally, she
    # places the remaining exploration deck face down into the 'Winter' section."
    s = new(2, seed=7, banners="mask+bag")
    deck = [c for c in s.explore_slot] + [c for d in s.season_decks for c in d]
    assert len(deck) == 28 == 18 + 6 + 4
    assert len(set(deck)) == 28
    banners = sorted(WB.cards[c].id for c in deck if WB.cards[c].type == "banner")
    assert banners == ["BAG1", "BAG2", "BAG3", "MASK1", "MASK2", "MASK3"]
    assert sum(WB.cards[c].type == "wylds" for c in deck) == 4
    core = sorted(WB.cards[c].id for c in deck if WB.cards[c].type in
                  ("treasure", "provision", "weapon"))
    assert core == sorted([f"{t}{i}" for t in "TPW" for i in range(1, 7)])
    assert len(s.explore_slot) == 6
    assert [len(d) for d in s.season_decks] == [3, 3, 4, 12]
    # "The other 'The Wylds' cards are returned to the box."
    assert len(s.box_wylds) == 4  # the 8 base Wylds less the 4 drawn
    assert all(not WB.cards[c].promo for c in s.box_wylds + deck)
    ok(s)


def test_promo_wylds_join_the_random_draw() -> None:
    s = new(4, seed=8, promo_wylds=True, banners="random")
    assert len(s.box_wylds) == 11 - 8
    ok(s)


def test_first_player_is_drawn_from_the_seed_or_named() -> None:
    # "Finally, choose a starting player, who takes the first player marker."
    firsts = {new(4, seed=k, first_player="random").first for k in range(40)}
    assert firsts == {0, 1, 2, 3}
    for k in range(5):
        a, b = new(4, seed=k, first_player="random"), new(4, seed=k, first_player="random")
        assert a.first == b.first and a.current == a.first
    s = new(3, seed=1, first_player="2")
    assert s.first == 1 and s.current == 1 and s.to_move == (1,)


def test_banner_option_values() -> None:
    # The chart fixes how many sets; the value names them in box order.
    two = setup.banner_choices(2)
    assert two[:2] == ("first-game", "random")
    assert len(two) == 2 + 21  # 7 sets choose 2
    assert "mask+bag" in two and "bag+mask" not in two
    assert len(setup.banner_choices(3)) == 2 + 35
    assert len(setup.banner_choices(4)) == 2 + 35
    # "For the first game, we recommend choosing from Mask, Book or Rune."
    for k in range(20):
        s = new(2, seed=k, banners="first-game")
        deck = [c for c in s.explore_slot] + [c for d in s.season_decks for c in d]
        sets = {WB.cards[c].banner for c in deck if WB.cards[c].type == "banner"}
        assert len(sets) == 2 and sets <= {"mask", "book", "rune"}
        s4 = new(4, seed=k, banners="first-game")
        deck4 = [c for c in s4.explore_slot] + [c for d in s4.season_decks for c in d]
        sets4 = {WB.cards[c].banner for c in deck4 if WB.cards[c].type == "banner"}
        assert len(sets4) == 4 and {"mask", "book", "rune"} <= sets4


def test_bad_banner_option_is_refused() -> None:
    with pytest.raises(Exception, match="banner"):
        new(2, banners="horn+mask+bag")
