"""The solo game against the Balaur (RB "Solo Rules")."""

from __future__ import annotations

import pytest

import wintergames as wg
from tests.games.winterborne.scenario import (
    ALLY,
    CARD,
    TILE,
    act,
    build_at,
    conquer_tile,
    give,
    give_tile,
    legal,
    new,
    ok,
    set_hand,
    take_tile,
)
from wintergames.games.winterborne import scoring
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.state import WinterborneState

GREEN, YELLOW, BLUE, PURPLE, RED, BLACK = range(6)
C1, C2, C3, C4, C5, C6 = range(6, 12)


def solo(difficulty: str = "medium", seed: int = 1, **options: object) -> WinterborneState:
    return new(1, seed=seed, difficulty=difficulty, **options)


@pytest.mark.parametrize(("difficulty", "objectives", "base"), [
    ("easy", 3, 40), ("medium", 4, 50), ("hard", 5, 60)])
def test_solo_setup(difficulty: str, objectives: int, base: int) -> None:
    # "place 3/4/5 face-up tiles for an easy/medium/hard difficulty"; "choose your level
    # of difficulty: 40 easy, 50 medium, 60 hard."; "place 3 conquer tiles per province";
    # "shuffle the 6 house cards to form the Balaur deck".
    s = solo(difficulty)
    assert len(s.objectives) == objectives == len(set(s.objectives))
    assert scoring.balaur_score(s).total == base
    assert s.conquer_left == [3] * 6
    assert sorted(s.balaur_deck) == [0, 1, 2, 3, 4, 5]
    assert s.balaur_board == [-1] * 6
    ok(s)


def test_solo_spoils_are_face_down() -> None:
    # "Instead of placing the spoil tiles face up, place the spoil tiles face down."
    s = solo()
    view = str(s.observation(0))
    for prov in s.prov_spoils:
        for t in prov:
            assert WB.spoils[t].id not in view
    # after a conquer the player takes "a face-down tile of province X"
    set_hand(s, 0, "WAR1", "SHA1")
    s.res[0] = [1, 0, 1]
    act(s, "WAR1 W", "SHA1 m2", "conquer C1 yellow")
    assert legal(s) == {"facedown yellow", "take none"}
    top = s.prov_spoils[YELLOW][-1]
    act(s, "facedown yellow")
    assert s.spoils[0] == [top]
    ok(s)


def balaur_next(s: WinterborneState, card_id: str) -> None:
    """Put the seat's house card ``card_id`` on top of the Balaur deck."""
    c = CARD[card_id]
    s.balaur_deck.remove(c)
    s.balaur_deck.append(c)


def end_turn(s: WinterborneState) -> None:
    act(s, "end", "done")


def test_balaur_shaman_removes_the_top_ally_of_the_first_hex() -> None:
    # "Note the character hex of the card drawn and align it with a province hex ... from
    # left to right ... green-yellow-blue-purple-red-black." "Shaman: Take the top card of
    # the ally deck and remove it from the game."
    s = solo()
    balaur_next(s, "SHA1")
    top = s.ally_decks[GREEN][-1]
    end_turn(s)
    assert s.balaur_board[0] == CARD["SHA1"] and s.balaur_board[1:] == [-1] * 5
    assert s.removed_allies == [top] and len(s.ally_decks[GREEN]) == 3
    ok(s)


def test_balaur_explorer_takes_the_card_into_its_pile_then_replenish() -> None:
    # "Explorer: Take the exploration card and place it in the Balaur's score pile."
    # End of the Balaur's turn: "Replenish exploration cards on province boards."
    s = solo()
    s.balaur_board[0] = s.balaur_deck.pop(0)  # green already used: next is yellow
    balaur_next(s, "EXP2")
    card = s.explore_slot[YELLOW]
    spring_top = s.season_decks[0][-1]
    end_turn(s)
    assert s.balaur_board[1] == CARD["EXP2"]
    assert s.balaur_pile == [card] and s.explore_slot[YELLOW] == spring_top
    ok(s)


def test_balaur_warrior_removes_a_conquer_tile_and_reveals_a_spoils() -> None:
    # "Warrior: Take 1 conquer tile and remove it from the game. Then, choose a spoils
    # from the same province and reveal it. ... if you reveal anything other than a
    # character tile, remove it from the game and end the Balaur's turn."
    s = solo()
    balaur_next(s, "WAR1")
    s.prov_spoils[GREEN].append(take_tile(s, "MV-2a"))
    end_turn(s)
    assert s.conquer_left[GREEN] == 2
    assert TILE["MV-2a"] in s.sacked_spoils and TILE["MV-2a"] not in s.prov_spoils[GREEN]
    assert s.balaur_pile == [] and s.removed_allies == []
    ok(s)


def test_balaur_warrior_chains_bonus_actions() -> None:
    # "If a character tile is revealed, the Balaur will take a bonus action at the next
    # province hex ... It's possible for the Balaur to chain multiple bonus actions if
    # another warrior spoils is revealed." Then "If there are spoils tiles on the Balaur
    # board, remove them from the game."
    s = solo()
    balaur_next(s, "WAR2")
    s.prov_spoils[GREEN].append(take_tile(s, "HX-warrior-1"))  # bonus warrior at yellow
    s.prov_spoils[YELLOW].append(take_tile(s, "HX-shaman-2"))  # bonus shaman at blue
    blue_ally = s.ally_decks[BLUE][-1]
    end_turn(s)
    assert s.conquer_left[:3] == [2, 2, 3]
    assert s.removed_allies == [blue_ally]
    assert s.balaur_board == [CARD["WAR2"], -1, -1, -1, -1, -1]
    assert s.balaur_spoils == [-1] * 6
    assert {TILE["HX-warrior-1"], TILE["HX-shaman-2"]} <= set(s.sacked_spoils)
    ok(s)
    # the next card takes the next free hex (yellow)
    balaur_next(s, "SHA2")
    end_turn(s)
    assert s.balaur_board[1] == CARD["SHA2"]


def test_balaur_explorer_bonus_action_takes_the_next_provinces_card() -> None:
    s = solo()
    balaur_next(s, "WAR1")
    s.prov_spoils[GREEN].append(take_tile(s, "HX-explorer-1"))
    card = s.explore_slot[YELLOW]
    end_turn(s)
    assert s.balaur_pile == [card]


def test_balaur_warrior_with_no_spoils_ends_its_turn() -> None:
    # "If no spoils tokens are available, then the Balaur's turn immediately ends."
    s = solo()
    balaur_next(s, "WAR1")
    s.boxed_spoils += s.prov_spoils[GREEN]
    s.prov_spoils[GREEN] = []
    end_turn(s)
    assert s.conquer_left[GREEN] == 2 and s.sacked_spoils == []
    ok(s)


def test_balaur_deck_reshuffled_from_its_board_when_empty() -> None:
    # "If the Balaur deck is empty, remove all of the cards from the Balaur board and
    # shuffle them to create a new Balaur deck."
    s = solo()
    for _ in range(5):
        end_turn(s)
    assert len(s.balaur_deck) == 1 and sum(c >= 0 for c in s.balaur_board) == 5
    end_turn(s)
    assert s.balaur_board == [-1] * 6 and sorted(s.balaur_deck) == [0, 1, 2, 3, 4, 5]
    end_turn(s)
    assert s.balaur_board[0] >= 0 and len(s.balaur_deck) == 5
    ok(s)


# -- objectives ------------------------------------------------------------------------------


def met(s: WinterborneState, letter: str) -> bool:
    return scoring.objective_met(s, 0, letter)


def test_objective_a_20_points_in_sets() -> None:
    s = solo(promo_wylds=True)
    set_hand(s, 0, "T1", "P1", "W1")
    give(s, 0, "reserve", "WY3")
    give(s, 0, "discard", "T2", "P2", "W2")
    assert scoring.sets_points(s, scoring.owned(s, 0)) == 16 and not met(s, "A")
    give(s, 0, "reserve", "WY5")
    assert met(s, "A")  # 10 + 10


def test_objective_b_20_points_in_buildings() -> None:
    s = solo()
    for sec, colour in ((C3, PURPLE), (C4, PURPLE)):
        conquer_tile(s, 0, sec, colour)
    give_tile(s, 0, "PR-purple")
    for sec in (3, C3, C4):
        build_at(s, 0, sec)  # 3 buildings x 4 purple sections = 12
    build_at(s, 0, 0)
    build_at(s, 0, 1)
    build_at(s, 0, 2)  # 12 + 3 = 15
    assert scoring.building_points(s, 0) == 15 and not met(s, "B")
    conquer_tile(s, 0, C2, BLUE)
    build_at(s, 0, 5, church=True)  # black: 1 x 1
    build_at(s, 0, C2, church=True)  # blue: S3 and C2, 2 buildings x 2 sections
    # purple 12, green 1, yellow 1, blue 4, black 1
    assert scoring.building_points(s, 0) == 12 + 1 + 1 + 4 + 1 == 19
    build_at(s, 0, 4, church=True)  # red: +1 -> 20
    assert met(s, "B")


def test_objective_c_all_6_settlements() -> None:
    s = solo()
    for sec in range(5):
        build_at(s, 0, sec)
    assert not met(s, "C")
    build_at(s, 0, 5)
    assert met(s, "C")


def test_objective_d_a_conquer_tile_of_each_province() -> None:
    s = solo()
    for sec, colour in zip(range(6, 11), (GREEN, YELLOW, BLUE, PURPLE, RED), strict=True):
        conquer_tile(s, 0, sec, colour)
    give_tile(s, 0, "PR-black")  # a province spoils is not a conquer tile
    assert not met(s, "D")
    conquer_tile(s, 0, C6, BLACK)
    assert met(s, "D")


def test_objective_e_an_ally_of_each_province() -> None:
    s = solo()
    for a in ("GR1", "YE1", "BL1", "PU1", "RE1"):
        s.ally_decks[WB.allies[ALLY[a]].colour].remove(ALLY[a])
        s.allies[0].append(ALLY[a])
    assert not met(s, "E")
    s.ally_decks[BLACK].remove(ALLY["BK1"])
    s.allies[0].append(ALLY["BK1"])
    assert met(s, "E")


def test_objective_f_3_banner_cards() -> None:
    s = solo(banners="mask+book")
    set_hand(s, 0, "MASK1", "BOOK1")
    assert not met(s, "F")
    give(s, 0, "discard", "BOOK3")
    assert met(s, "F")


def test_objective_g_3_wylds_in_reserve() -> None:
    s = solo(promo_wylds=True)
    give(s, 0, "reserve", "WY1", "WY2")
    assert not met(s, "G")
    give(s, 0, "reserve", "WY3")
    assert met(s, "G")


def test_objective_h_a_power_in_all_three_winter_rounds() -> None:
    s = solo()
    s.power_used[0] = [1, 1, 0]
    assert not met(s, "H")
    s.power_used[0] = [1, 1, 1]
    assert met(s, "H")


def test_completed_objectives_add_10_each() -> None:
    # "Each completed objective on the Balaur's board will earn you the victory points
    # below the objective tile." (components C14: 10 under each slot)
    s = solo("hard")
    assert len(s.objectives) == 5
    s.objectives = [next(i for i, o in enumerate(WB.objectives) if o.letter == x)
                    for x in ("C", "H", "G", "D", "E")]
    for sec in range(6):
        build_at(s, 0, sec)
    s.power_used[0] = [1, 1, 1]
    assert scoring.score(s, 0).parts["objectives"] == 20


# -- the Balaur's score and the winner -------------------------------------------------------


def test_balaur_score_sets_banners_and_base() -> None:
    # "Exploration sets; 1 point per banner card (ignore end game scoring bonuses); Balaur
    # base difficulty".
    s = solo("easy", banners="mask+book")
    for cid in ("T1", "P1", "W1", "T2", "MASK1", "BOOK2"):
        s.balaur_pile.append(CARD[cid])
        for d in s.season_decks:
            if CARD[cid] in d:
                d.remove(CARD[cid])
        if CARD[cid] in s.explore_slot:
            s.explore_slot[s.explore_slot.index(CARD[cid])] = -1
    b = scoring.balaur_score(s)
    assert b.parts == {"sets": 6 + 1, "banners": 2, "base": 40}
    assert b.total == 49
    ok(s)


def test_the_seat_wins_only_by_exceeding_the_balaur() -> None:
    # "To win the game, your final score must exceed the Balaur's score."
    s = solo("easy")
    s.objectives = []
    s.over = True
    s.favor_supply -= 30
    s.favor[0] = 30
    s.res[0] = [10, 10, 10]  # 30 favor + 10 = 40 = the base
    assert scoring.score(s, 0).total == 40 == scoring.balaur_score(s).total
    assert s.winners() == []
    s.res[0] = [12, 10, 11]
    assert s.winners() == [0]


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_a_full_solo_game_with_a_random_bot(difficulty: str) -> None:
    s = solo(difficulty, seed=11, banners="random", mercenary=True, promo_wylds=True,
             round_power=True)
    bot = wg.bots.make("random", seed=3)
    steps = 0
    while not s.is_over:
        s.apply(bot.choose(s, 0), 0)
        ok(s)
        steps += 1
        assert steps < 5000
    assert s.winter_round == 3 and s.season == 3
    assert s.legal_actions() == [] and s.to_move == ()
    turns = sum(1 for e in s.log if e.kind == "end")
    balaur_turns = sum(1 for e in s.log if e.kind == "balaur" and "draws" in e.text)
    assert turns == balaur_turns >= 4
    won = scoring.score(s, 0).total > scoring.balaur_score(s).total
    assert s.winners() == ([0] if won else [])
    assert any("Balaur scores" in e.text for e in s.log)
