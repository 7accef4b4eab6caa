"""Winterborne powers, the Wylds, banner actions, the mercenary and spoils tiles (RB
"Winterborne Powers", "Winterborne Power Cards", "The Wylds Cards", "Banner Card Sets",
"Mercenary Card", "Spoils")."""

from __future__ import annotations

from typing import Any

import pytest
from rich.console import Console

from tests.games.winterborne.scenario import (
    CARD,
    TILE,
    act,
    build_at,
    conquer_tile,
    give,
    give_favor,
    give_tile,
    ids,
    legal,
    new,
    ok,
    set_hand,
    set_res,
    set_slot,
    take_tile,
    to_winter,
)
from wintergames.core.errors import IllegalActionError
from wintergames.games.winterborne import scoring
from wintergames.games.winterborne.components import POWERS, WB
from wintergames.games.winterborne.state import WinterborneState
from wintergames.games.winterborne.text import render

OUT, CASTLE = -1, 6
WB1, WB2, WB3, WB4 = 0, 1, 2, 3  # power cards (components C13)


def powers(s: WinterborneState) -> set[str]:
    return {a for a in legal(s) if a.startswith("power")}


def winter(card: int, rnd: int = 1, favor: int = 3, **options: Any) -> WinterborneState:
    s = new(2, **options)
    to_winter(s, rnd)
    s.power_card[0] = card
    give_favor(s, 0, favor)
    return s


# -- Winterborne powers: "Only during winter ... only 1 power each round ... favor tokens
# equal to the number of the current round of winter" ---------------------------------


def reserved_in_winter(card: str, power: int) -> WinterborneState:
    """Seat 0 put ``card`` into its reserve at its first clean-up; now it is winter round 1
    and seat 0, with 3 favor and the power card ``power``, is to move."""
    s = new(2)
    set_hand(s, 0, card, "SHA1", "EXP1", "WAR1")
    act(s, "end", f"reserve {card}", "done", "end", "done")  # seat 0's clean-up, seat 1's turn
    to_winter(s, 1)
    s.power_card[0] = power
    give_favor(s, 0, 3)
    return s


def test_powers_only_in_winter() -> None:
    s = new(2)
    s.power_card[0] = WB1
    give_favor(s, 0, 3)
    assert powers(s) == set()
    s.season = 2
    assert powers(s) == set()
    to_winter(s, 1)
    # nothing is built yet, so there is no building to move
    assert powers(s) == {"power two-resources"}


@pytest.mark.parametrize("rnd", [1, 2, 3])
def test_a_power_costs_the_round_number_in_favor_placed_on_the_card(rnd: int) -> None:
    # "Place the spent favor tokens on the current round on your Winterborne card"; "Each
    # favor token in your supply and on your Winterborne card is worth 1 point."
    s = winter(WB1, rnd, favor=rnd - 1)
    assert powers(s) == set()
    give_favor(s, 0, 1)
    act(s, "power two-resources", "choose gold", "choose meat")
    assert s.favor[0] == 0 and s.favor_card[0] == rnd
    assert s.res[0] == [2, 1, 0]
    assert s.power_used[0] == [int(r == rnd) for r in (1, 2, 3)]
    assert scoring.score(s, 0).parts["favor"] == rnd
    ok(s)


def test_only_one_power_each_round() -> None:
    # "A player may activate only 1 power each round."
    s = winter(WB1, 1, favor=5)
    act(s, "power two-resources", "choose gold", "choose gold")
    assert powers(s) == set()
    with pytest.raises(IllegalActionError, match="only 1 power"):
        act(s, "power two-resources")
    act(s, "end", "done")
    act(s, "end", "done")  # seat 1; round 2 begins
    assert s.winter_round == 2 and s.current == 0
    assert "power two-resources" in powers(s)


def test_power_move_a_building() -> None:
    # "Move a building from one province section to a different province section."
    s = winter(WB1)
    build_at(s, 0, 0)
    conquer_tile(s, 0, 7, 1)
    act(s, "power move-building")
    assert "relocate S1 C2" in legal(s) and "relocate S1 C1" not in legal(s)
    act(s, "relocate S1 C2")
    assert s.buildings[0][0] == 0 and s.buildings[0][7] == 1
    ok(s)


def test_power_discard_1_draw_2() -> None:
    s = winter(WB2)
    set_hand(s, 0, "SHA1", "EXP1")
    s.deck[0] = [CARD["EXP2"], CARD["WAR1"], CARD["WAR2"], CARD["SHA2"]]
    act(s, "power discard-draw", "discard EXP1")
    assert ids(s.hand[0]) == ["SHA1", "SHA2", "WAR2"]
    assert ids(s.discard[0]) == ["EXP1"]
    ok(s)


def test_power_explore_discount_per_wylds_in_reserve() -> None:
    # "Pay 1 less resource when you explore for each 'The Wylds' card in your reserve."
    s = winter(WB2)
    give(s, 0, "reserve", "WY1", "WY3")
    set_hand(s, 0, "EXP1", "SHA1")
    set_slot(s, 4, "T1")
    set_res(s, 0, 0, 2, 0)
    assert [s.observation(seat)["explore_cost"] for seat in (0, 1)] == [4, 4]
    act(s, "power explore-discount", "EXP1 E", "SHA1 m2")
    assert "explore red" in legal(s)  # winter costs 4, less 2
    # every seat's view (and so the Explore button and the terminal's header) says 2
    assert [s.observation(seat)["explore_cost"] for seat in (0, 1, None)] == [2, 2, 2]
    console = Console(record=True, width=100)
    console.print(render(s, 1))
    assert "explore costs 2 meat" in console.export_text()
    act(s, "explore red")
    assert s.res[0] == [0, 0, 0] and CARD["T1"] in s.hand[0]
    act(s, "end", "done")
    assert s.discount == 0  # for that turn only


def test_power_swap_a_hand_card_for_a_province_card() -> None:
    s = winter(WB3)
    set_hand(s, 0, "T1", "SHA1")
    set_slot(s, 2, "W3")
    act(s, "power swap-card")
    assert "swap T1 blue" in legal(s)
    assert not any(a.startswith("swap SHA1") for a in legal(s))  # house cards cannot
    act(s, "swap T1 blue")
    assert s.explore_slot[2] == CARD["T1"] and ids(s.hand[0]) == ["SHA1", "W3"]
    ok(s)


def test_power_swap_a_card_picked_up_from_the_reserve() -> None:
    # Reserve: "During your turn, you may freely place and pick up cards in your
    # reserve", so the swap power ("Swap an exploration card from your hand") reaches a
    # Treasure lying in the reserve once it is picked up.
    s = reserved_in_winter("T2", WB3)
    set_slot(s, 2, "W3")
    assert s.current == 0 and s.winter_round == 1 and ids(s.reserve[0]) == ["T2"]
    assert all(WB.cards[c].type == "house" for c in s.hand[0])
    assert "power swap-card" not in powers(s)  # nothing to swap in hand yet
    assert "unreserve T2" in legal(s)
    act(s, "unreserve T2")
    assert "power swap-card" in powers(s)
    act(s, "power swap-card")
    assert "swap T2 blue" in legal(s)
    act(s, "swap T2 blue")
    assert s.explore_slot[2] == CARD["T2"] and CARD["W3"] in s.hand[0]
    assert not s.reserve[0]
    ok(s)


def test_power_discard_a_card_picked_up_from_the_reserve() -> None:
    # "Discard 1 card from your hand and draw 2 cards from your deck": a reserve card
    # picked up during the turn is in hand.
    s = reserved_in_winter("T4", WB2)
    act(s, "unreserve T4", "power discard-draw")
    assert "discard T4" in legal(s)
    hand = len(s.hand[0])
    act(s, "discard T4")
    assert CARD["T4"] in s.discard[0] and len(s.hand[0]) == hand + 1
    ok(s)


def test_a_picked_up_card_that_left_the_hand_and_came_back_may_go_into_the_reserve() -> None:
    # "During your turn, you may freely place and pick up cards in your reserve": the
    # block on a card picked up (it stays in hand until the clean-up, so that picking up
    # and putting back cannot go on for ever) lasts while that card stays in hand. T2 is
    # swapped away, then comes back by exploring: it is in hand afresh.
    s = reserved_in_winter("T2", WB3)
    set_slot(s, 2, "W3")  # blue
    set_hand(s, 0, "EXP1", "SHA1", "WAR1")
    s.figures[0][1] = 0  # the explorer on G1
    set_res(s, 0, s.res[0][0], 6, s.res[0][2])
    act(s, "unreserve T2")
    assert "reserve T2" not in legal(s)  # picked up: it stays in hand
    act(s, "power swap-card", "swap T2 blue")
    assert s.explore_slot[2] == CARD["T2"]
    act(s, "EXP1 E", "SHA1 m2", "explore blue")
    assert CARD["T2"] in s.hand[0] and s.explore_slot[2] < 0
    assert "reserve T2" in legal(s)
    act(s, "reserve T2")
    assert ids(s.reserve[0]) == ["T2"]
    # Picked up once more, it stays in hand again.
    act(s, "unreserve T2")
    with pytest.raises(IllegalActionError, match="stays in hand until the clean-up"):
        act(s, "reserve T2")
    ok(s)


def test_a_picked_up_card_discarded_and_drawn_again_may_go_into_the_reserve() -> None:
    # "Discard 1 card from your hand and draw 2 cards from your deck" with an empty deck:
    # "reshuffle the discard pile", so the discarded T4 is drawn again, in hand afresh.
    s = reserved_in_winter("T4", WB2)
    s.hand[0] += s.deck[0] + s.discard[0]  # nothing left to draw but what is discarded
    s.deck[0], s.discard[0] = [], []
    act(s, "unreserve T4")
    assert "reserve T4" not in legal(s)
    act(s, "power discard-draw", "discard T4")
    assert CARD["T4"] in s.hand[0] and not s.deck[0] and not s.discard[0]
    assert "reserve T4" in legal(s)
    act(s, "reserve T4")
    assert ids(s.reserve[0]) == ["T4"]
    ok(s)


def test_power_take_a_spoils_from_any_province() -> None:
    s = winter(WB3)
    tile = s.prov_spoils[5][0]
    act(s, "power spoils-any")
    assert f"take {_tile_id(tile)}" in legal(s)
    act(s, f"take {_tile_id(tile)}")
    assert s.spoils[0] == [tile] and tile not in s.prov_spoils[5]
    ok(s)


def _tile_id(tile: int) -> str:
    return WB.spoils[tile].id


def test_power_white_meeple_once_per_game() -> None:
    # "Remove one of your characters from the game and replace it with the white meeple.
    # The white meeple can be moved with any character hex ... Perform the action of the
    # character hex played. You can only activate this Winterborne power once".
    s = winter(WB4, favor=6)
    act(s, "power white-meeple", "figure warrior")
    assert s.figures[0] == [0, 2, OUT, 4]
    set_hand(s, 0, "SHA1", "EXP1")
    act(s, "SHA1 S")
    assert legal(s) == {"figure shaman", "figure white"}
    act(s, "figure white", "EXP1 m2")
    assert s.figures[0][3] == 0  # G5 + 2 = G1
    assert "tax" in legal(s)  # the shaman hex: a shaman action
    act(s, "tax")
    assert s.res[0] == [2, 0, 1]
    act(s, "end", "done", "end", "done")
    assert s.winter_round == 2
    assert "power white-meeple" not in powers(s)
    ok(s)


def test_power_trade_without_moving() -> None:
    # "Perform a trade action with your shaman. Choose an adjacent province and pay the
    # trade requirements." The shaman on G1 is next to S1 (green); a green ally costs 1
    # favor.
    s = winter(WB4, favor=2)
    top = s.ally_decks[0][-1]
    act(s, "power trade")
    assert legal(s) == {"trade green", "pass"}
    act(s, "trade green")
    assert s.allies[0] == [top] and s.figures[0][0] == 0
    assert s.favor[0] == 0 and s.favor_card[0] == 1
    ok(s)


@pytest.mark.parametrize(("rnd", "action", "gained"), [
    (1, "tax", [2, 0, 1]),  # round 1: the shaman
    (2, "raid", [1, 2, 0]),  # round 2: the explorer
])
def test_round_power_acts_without_moving(rnd: int, action: str, gained: list[int]) -> None:
    # "Each round of winter has a power ... Choose a special action for the character and
    # perform that action without moving the character."
    s = winter(WB1, rnd, round_power=True)
    act(s, "power round-action")
    assert action in legal(s)
    act(s, action)
    assert s.res[0] == gained and s.figures[0][:3] == [0, 2, 4]


def test_round_power_round_3_warrior_pays_for_building() -> None:
    # "You must pay resources for special actions that have a cost (e.g., build ...)."
    s = winter(WB1, 3, round_power=True)
    set_res(s, 0, 1, 1, 0)
    act(s, "power round-action", "settle 1 S5")
    assert s.res[0] == [0, 0, 0] and s.buildings[0][4] == 1


def test_round_power_is_an_option() -> None:
    s = winter(WB1)
    assert "power round-action" not in powers(s)
    # every view lists the powers each seat may use: the round power only with its option,
    # and the terminal names it beside the power card's two
    card = list(WB.power_cards[WB1].powers)
    assert s.observation(1)["seats"][0]["powers"] == sorted(card, key=POWERS.index)
    console = Console(record=True, width=100)
    console.print(render(s, 1))
    assert "round power" not in console.export_text()
    s = winter(WB1, round_power=True)
    assert "power round-action" in powers(s)
    assert all(seat["powers"] == sorted([*card, "round-action"], key=POWERS.index)
               for seat in s.observation(1)["seats"][:1])
    console = Console(record=True, width=100)
    console.print(render(s, 1))
    assert console.export_text().count("round power: round-action") == 2  # each seat's


# -- The Wylds: "when chosen on a card or spoils tile, you activate all of 'The Wylds'
# cards in your reserve. Activate cards in any order you choose." --------------------


def wylds(card: str, *, res: tuple[int, int, int] = (1, 0, 0)) -> WinterborneState:
    s = new(2, promo_wylds=True)
    give(s, 0, "reserve", card)
    set_hand(s, 0, "SHA2")
    set_res(s, 0, *res)
    act(s, "SHA2 wy")
    return s


@pytest.mark.parametrize(("card", "res", "after"), [
    ("WY1", (0, 0, 1), [0, 2, 0]),  # 1 military for 2 meat
    ("WY3", (0, 0, 0), [1, 0, 0]),  # +1 gold
    ("WY5", (0, 0, 0), [0, 1, 0]),  # +1 meat
    ("WY7", (0, 0, 0), [0, 0, 1]),  # +1 military
    ("WY10", (0, 1, 0), [0, 0, 2]),  # 1 meat for 2 military
])
def test_wylds_resource_effects(card: str, res: tuple[int, int, int],
                                after: list[int]) -> None:
    s = wylds(card, res=res)
    act(s, f"wylds {card}")
    assert s.res[0] == after
    assert s.pending == ()  # the last card resolved: the activation is over
    assert CARD[card] in s.reserve[0]  # locked in the reserve
    ok(s)


def test_wylds_exchange_not_offered_without_the_resource() -> None:
    s = wylds("WY1", res=(1, 1, 0))
    assert legal(s) == {"done"}


def test_wylds_swap_shaman_and_explorer() -> None:
    s = wylds("WY2")
    act(s, "wylds WY2")
    assert s.figures[0][:3] == [2, 0, 4]


@pytest.mark.parametrize(("way", "to"), [("cw", 3), ("ccw", 1)])
def test_wylds_explorer_one_space_either_way(way: str, to: int) -> None:
    s = wylds("WY4")
    act(s, "wylds WY4", way)
    assert s.figures[0][1] == to and s.pending == ()  # "take no action"


def test_wylds_explorer_step_leaves_the_castle() -> None:
    # "Move the explorer 1 space in any direction and take no action"; Potion: "if you
    # want to move a character out of the castle, it costs 1 movement to move it onto any
    # dark gray section". The one space is the way out, to a gray space of your choice.
    s = new(2, banners="mask+potion")
    give(s, 0, "reserve", "WY4", "WY3")
    set_hand(s, 0, "POTION2", "SHA2")
    act(s, "POTION2 castle")
    assert s.figures[0][1] == CASTLE
    act(s, "SHA2 wy")
    assert legal(s) == {"wylds WY3", "wylds WY4", "done"}
    act(s, "wylds WY4")
    assert legal(s) == {f"exit G{k}" for k in range(1, 7)}  # no direction to ask
    assert s.observation(0)["decision"]["context"] == {
        "frame": "EXIT", "figure": "explorer", "character": None, "steps": 1,
        "counter_clockwise": False, "then_acts": False,
        "below": [{"frame": "WYLDS", "cards": ["WY3"]}]}
    act(s, "exit G5")
    assert s.figures[0][1] == 4  # on G5 and no further: its one space is spent
    assert legal(s) == {"wylds WY3", "done"}  # "take no action"; the other Wylds remain
    act(s, "done")
    assert s.pending == ()
    assert "Wylds: Wander, leaves the castle to G5" in s.log[-1].text
    ok(s)


def test_wylds_shaman_2_collects_passive_income() -> None:
    # "Move your shaman 2 spaces and take no action. The shaman does collect passive
    # income." G1 -> G3 crosses C1 and C2; a building on C1 pays 1 gold.
    s = wylds("WY6", res=(0, 0, 0))
    conquer_tile(s, 0, 6, 0)
    build_at(s, 0, 6)
    act(s, "wylds WY6")
    assert s.figures[0][0] == 2 and s.res[0] == [1, 0, 0] and s.pending == ()


def test_wylds_warrior_3() -> None:
    s = wylds("WY8")
    act(s, "wylds WY8")
    assert s.figures[0][2] == 1 and s.pending == ()


def test_wylds_take_a_sacked_spoils_but_never_a_wylds_spoils() -> None:
    # "Spend any resource and take a sacked spoils tile. Wyld spoils removed from the game
    # cannot be gained using this action."
    s = new(2, promo_wylds=True)
    s.sacked_spoils.append(take_tile(s, "MV-3a"))
    give_tile(s, 0, "WY-1")
    give(s, 0, "reserve", "WY9")
    set_hand(s, 0, "SHA2")
    set_res(s, 0, 0, 1, 0)
    act(s, "spoils WY-1")  # the Wylds spoils goes to the box
    assert TILE["WY-1"] in s.spent_spoils
    act(s, "wylds WY9")
    assert legal(s) == {"choose meat"}
    act(s, "choose meat")
    assert legal(s) == {"take MV-3a"}
    act(s, "take MV-3a")
    assert s.spoils[0] == [TILE["MV-3a"]] and s.res[0] == [0, 0, 0]
    ok(s)


def test_wylds_favor_for_1_meat_and_any_resource() -> None:
    # "Return 1 meat and any resource to the supply and take 1 favor token"
    s = wylds("WY11", res=(1, 1, 0))
    act(s, "wylds WY11")
    assert legal(s) == {"choose gold"}
    act(s, "choose gold")
    assert s.res[0] == [0, 0, 0] and s.favor[0] == 1
    ok(s)


def test_wylds_all_activated_in_any_order_or_stopped() -> None:
    s = new(2)
    give(s, 0, "reserve", "WY3", "WY5", "WY7")
    set_hand(s, 0, "SHA2")
    act(s, "SHA2 wy")
    assert legal(s) == {"wylds WY3", "wylds WY5", "wylds WY7", "done"}
    act(s, "wylds WY7", "wylds WY3")
    assert legal(s) == {"wylds WY5", "done"}
    act(s, "done")
    assert s.res[0] == [2, 0, 1] and s.pending == ()


def test_wylds_taken_go_to_the_reserve_and_never_to_hand() -> None:
    # "When you acquire 'The Wylds,' the card goes directly into your reserve."
    s = new(2)
    set_hand(s, 0, "EXP1", "SHA2")
    set_slot(s, 3, "WY3")
    set_res(s, 0, 0, 1, 0)
    act(s, "EXP1 E", "SHA2 m1", "explore purple")
    assert ids(s.reserve[0]) == ["WY3"] and CARD["WY3"] not in s.hand[0]
    act(s, "end")
    assert not any("WY3" in a for a in legal(s))  # locked: never unreserved
    ok(s)


# -- banners ----------------------------------------------------------------------------


def test_horn_free_build_next_to_the_warrior_and_the_card_is_sacked() -> None:
    # Horn: "special build action. Sack the card after performing the special action."
    s = new(2, banners="horn+bag")
    set_hand(s, 0, "HORN1")
    set_res(s, 0, 0, 0, 0)
    assert s.observation(1)["settlement_cost"] == {"gold": 1, "meat": 1}
    act(s, "HORN1 horn")
    assert "settle 1 S5" in legal(s) and "settle 1 S1" not in legal(s)
    assert s.observation(1)["settlement_cost"] == {}  # every seat's view: free
    act(s, "settle 1 S5")
    assert s.buildings[0][4] == 1 and s.res[0] == [0, 0, 0] and s.favor[0] == 1
    assert s.sacked_cards == [CARD["HORN1"]] and CARD["HORN1"] not in s.discard[0]
    act(s, "end", "done")
    assert CARD["HORN1"] not in s.discard[0]
    ok(s)


def test_horn_anywhere_pays_the_cost() -> None:
    s = new(2, banners="horn+bag")
    set_hand(s, 0, "HORN2")
    set_res(s, 0, 1, 1, 0)
    act(s, "HORN2 horn")
    assert "settle 1 S2" in legal(s)
    assert s.observation(0)["settlement_cost"] == {"gold": 1, "meat": 1}
    act(s, "settle 1 S2")
    assert s.buildings[0][1] == 1 and s.res[0] == [0, 0, 0]
    assert s.sacked_cards == [CARD["HORN2"]]


def test_horn_next_to_any_figure_pays_the_cost() -> None:
    s = new(2, banners="horn+bag")
    set_hand(s, 0, "HORN3")
    set_res(s, 0, 1, 1, 0)
    act(s, "HORN3 horn")
    options = legal(s)
    assert {"settle 1 S1", "settle 1 S3", "settle 1 S5"} <= options
    assert "settle 1 S2" not in options
    act(s, "settle 1 S3")
    assert s.res[0] == [0, 0, 0]


def test_horn_not_offered_without_the_cost() -> None:
    s = new(2, banners="horn+bag")
    set_hand(s, 0, "HORN2")
    set_res(s, 0, 1, 0, 0)
    assert "HORN2 horn" not in legal(s)


def test_bag_draw_discards_the_banner() -> None:
    # Bag: "Discard this banner to take the special draw action and draw 1 card from the
    # top of your personal deck."
    s = new(2, banners="horn+bag")
    set_hand(s, 0, "BAG1")
    top = s.deck[0][-1]
    act(s, "BAG1 draw")
    assert s.hand[0] == [top] and s.discard[0] == [CARD["BAG1"]]
    ok(s)


def test_bag_draw_is_not_offered_when_it_could_only_draw_itself_back() -> None:
    # With deck and discard empty the discarded Bag would be reshuffled and drawn again:
    # a loop that changes nothing (docs/rules/winterborne.md, "Bag").
    s = new(2, banners="horn+bag")
    set_hand(s, 0, "BAG1")
    s.discard[0] += s.deck[0]
    assert "BAG1 draw" in legal(s)
    s.deck[0], s.discard[0] = [], []
    assert "BAG1 draw" not in legal(s)


def test_potion_castle_and_leaving_costs_1_movement() -> None:
    # Potion: "move the indicated character to the center castle ... it costs 1 movement
    # to move it onto any dark gray section. If your character has any remaining
    # movement, it must continue moving as normal."
    s = new(2, banners="mask+potion")
    set_hand(s, 0, "POTION1", "SHA1", "EXP1")
    act(s, "POTION1 castle")
    assert s.figures[0][0] == CASTLE and CARD["POTION1"] in s.discard[0]
    act(s, "SHA1 S", "EXP1 m2")
    assert legal(s) == {f"exit G{k}" for k in range(1, 7)}
    act(s, "exit G4")
    assert s.figures[0][0] == 4  # G4 then 1 more step: G5
    assert "tax" in legal(s)
    ok(s)


def test_mask_moves_counter_clockwise() -> None:
    s = new(2, banners="mask+potion")
    set_hand(s, 0, "WAR1", "MASK2")
    act(s, "WAR1 W", "MASK2 ccw2")
    assert s.figures[0][2] == 2  # G5 back to G3


@pytest.mark.parametrize("steps", [1, 2])
def test_book_chooses_one_of_two_numbers(steps: int) -> None:
    s = new(2, banners="book+rune")
    set_hand(s, 0, "WAR1", "BOOK1")
    act(s, "WAR1 W")
    assert {"BOOK1 m1", "BOOK1 m2"} <= legal(s)
    act(s, f"BOOK1 m{steps}")
    assert s.figures[0][2] == (4 + steps) % 6


# -- the mercenary -------------------------------------------------------------------------


def test_mercenary_hire_for_1_gold_as_any_hex() -> None:
    # "Pay a gold to the supply to use this card as a shaman, explorer or warrior hex for
    # this turn only; or take any resource from the supply."
    s = new(2, mercenary=True)
    set_hand(s, 0, "MERC", "SHA1")
    set_res(s, 0, 1, 0, 0)
    assert {"MERC hire:S", "MERC hire:E", "MERC hire:W"} <= legal(s)
    act(s, "MERC hire:E", "SHA1 m2", "raid")
    assert s.res[0] == [0, 2, 0] and s.figures[0][1] == 4
    ok(s)


def test_mercenary_needs_a_gold_to_hire_and_takes_any_resource() -> None:
    s = new(2, mercenary=True)
    set_hand(s, 0, "MERC", "SHA1")
    set_res(s, 0, 0, 0, 0)
    options = legal(s)
    assert not any("hire" in a for a in options)
    assert {"MERC +g", "MERC +m", "MERC +x"} <= options
    act(s, "MERC +x")
    assert s.res[0] == [0, 0, 1]


# -- spoils ---------------------------------------------------------------------------------


def test_hex_and_movement_spoils_are_sacked_after_use() -> None:
    # "The character hex and movement circle spoils are one time use actions ... Sack the
    # tile after use."
    s = new(2)
    set_hand(s, 0)
    give_tile(s, 0, "HX-warrior-1", "MV-2a")
    act(s, "spoils HX-warrior-1", "spoils MV-2a")
    assert s.figures[0][2] == 0
    assert s.spoils[0] == []
    assert sorted(s.sacked_spoils) == sorted([TILE["HX-warrior-1"], TILE["MV-2a"]])
    ok(s)


def test_a_hex_spoils_needs_a_movement_circle() -> None:
    s = new(2)
    set_hand(s, 0, "SHA1")
    give_tile(s, 0, "HX-warrior-1")
    assert "spoils HX-warrior-1" in legal(s)  # SHA1's m2
    set_hand(s, 0, "SHA2")  # SHA2's circle is m1: still fine
    assert "spoils HX-warrior-1" in legal(s)
    set_hand(s, 0, "SHA2", "EXP2")
    set_hand(s, 0)
    assert "spoils HX-warrior-1" not in legal(s)


def test_conquer_takes_a_spoils_of_the_tiles_province() -> None:
    # "choose a conquer tile from a province board that matches one of the two colors
    # bordering the empty section ... you may select one of the available spoil tiles
    # from the same province board."
    s = new(2)
    set_hand(s, 0, "WAR1", "SHA1")
    set_res(s, 0, 1, 0, 1)
    act(s, "WAR1 W", "SHA1 m2")  # G5 -> G1: next to S1, C6 and C1
    options = legal(s)
    assert {"conquer C6 black", "conquer C6 green", "conquer C1 green",
            "conquer C1 yellow"} <= options
    act(s, "conquer C1 yellow")
    assert s.sections[0][6] == 1 and s.conquer_left[1] == 4 and s.res[0] == [0, 0, 0]
    tile = s.prov_spoils[1][0]
    assert legal(s) == {f"take {_tile_id(t)}" for t in s.prov_spoils[1]} | {"take none"}
    act(s, f"take {_tile_id(tile)}")
    assert s.spoils[0] == [tile]
    ok(s)
