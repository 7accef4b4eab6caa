"""The characters' special actions and the shaman's passive income (RB "The Warrior",
"The Shaman", "The Explorer", "Ally Cards"), played as scenarios through the notation.

Numbers are typed from the rulebook and components/winterborne.md (C2 board, C4 costs,
C9 explore cost 1/2/3/4 meat, C10 allies), not read back from the engine's tables.
"""

from __future__ import annotations

from tests.games.winterborne.helpers import (
    BLACK,
    BLUE,
    GREEN,
    PURPLE,
    RED,
    SHAMAN,
    YELLOW,
    WinterborneState,
    ally,
    card,
    cards,
    fresh,
    legal,
    place,
    play,
    section,
    space,
    tile,
    top_ally,
)
from wintergames.games.winterborne.components import WB

# --- the shaman's passive income ---------------------------------------------------------


def _build(s: WinterborneState, name: str, building: int = 1, colour: int = GREEN) -> None:
    """Seat 0 owns section ``name`` (conquered with ``colour`` if it is a C section) with
    a settlement (1) or church (2) on it."""
    sec = section(name)
    if name.startswith("C"):
        s.sections[0][sec] = colour
    s.buildings[0][sec] = building


def test_income_for_buildings_on_conquered_sections_passed() -> None:
    """"You receive 1 gold each time the shaman passes over a settlement or church built
    on a conquer tile section." G1 -> G4 passes C1, C2, C3 (C2)."""
    s = fresh(hand=["SHA1", "T1"])
    _build(s, "C1", 1)
    _build(s, "C2", 2, YELLOW)
    _build(s, "C4", 1)  # not passed
    play(s, "SHA1 S", "T1 m3")
    assert s.figures[0][SHAMAN] == space("G4")
    assert s.res[0] == [2, 0, 0]


def test_no_income_for_starter_buildings_or_empty_conquered_sections() -> None:
    """"Buildings built on the starter province sections do not count." """
    s = fresh(hand=["SHA1", "T1"])
    for name in ("S1", "S2", "S3", "S4"):
        _build(s, name, 1)
    s.sections[0][section("C1")] = GREEN  # conquered, nothing built
    play(s, "SHA1 S", "T1 m3")
    assert s.res[0] == [0, 0, 0]


def test_income_counts_every_pass_laps_included() -> None:
    """"each time the shaman passes over": two moves of 3 go round the board and pass
    the C1 settlement twice (interpretation 5)."""
    s = fresh(hand=["SHA1", "T1", "P3", "W1"])
    _build(s, "C1", 1)
    play(s, "T1 S", "W1 m3", "pass")  # G1 -> G4, passes C1
    play(s, "SHA1 S", "P3 m1", "pass")  # G4 -> G5
    assert s.res[0][0] == 1
    s = fresh(hand=["T1", "W1", "SHA1", "T5"])
    _build(s, "C1", 1)
    play(s, "T1 S", "W1 m3", "pass", "SHA1 S", "T5 m3")  # G1 -> G4 -> G1: 6 steps
    assert s.figures[0][SHAMAN] == space("G1")
    assert s.res[0][0] == 1  # C1 is crossed on the first step only
    play(s, "pass")
    s2 = fresh(hand=["T1", "W1", "SHA1", "T5", "P3", "SHA2"])
    _build(s2, "C1", 1)
    play(s2, "T1 S", "W1 m3", "pass", "SHA1 S", "T5 m3", "pass", "P3 S", "SHA2 m1")
    assert s2.res[0][0] == 2  # G1 -> G2 passes C1 again: the lap counts


def test_income_is_collected_before_the_shaman_acts() -> None:
    """"After moving, collect any gold coins earned and then perform your shaman's
    special action." With no gold, the income pays a blue ally's 1 gold."""
    s = fresh(hand=["SHA1", "SHA2"])
    place(s, shaman="G2")
    _build(s, "C2", 1, YELLOW)
    top_ally(s, BLUE, "BL1")
    play(s, "SHA1 S", "SHA2 m1")
    assert s.res[0] == [1, 0, 0]
    assert "trade blue" in legal(s)
    play(s, "trade blue")
    assert s.res[0] == [0, 0, 0] and s.favor[0] == 1


def test_only_the_shaman_earns_income() -> None:
    """Passive income is the shaman's: the warrior passing the same building earns none."""
    s = fresh(hand=["WAR1", "T1"])
    _build(s, "C5", 1, RED)
    play(s, "WAR1 W", "T1 m3")  # G5 -> G2 passes C5, C6, C1
    assert s.res[0] == [0, 0, 0]


# --- the warrior ---------------------------------------------------------------------------


def _warrior_to(s: WinterborneState, at: str) -> None:
    """Move seat 0's warrior 1 space clockwise onto ``at`` (hand WAR1 + SHA2 needed)."""
    before = f"G{(int(at[1]) - 2) % 6 + 1}"
    place(s, warrior=before)
    play(s, "WAR1 W", "SHA2 m1")


def test_conquer_pays_gold_and_military_then_takes_optional_spoils() -> None:
    """"After moving the warrior, you may conquer an adjacent empty section. Pay 1 gold
    and 1 military resource and choose a conquer tile from a province board that
    matches one of the two colors bordering the empty section." Then "you may select one
    of the available spoil tiles from the same province board." """
    s = fresh(hand=["WAR1", "SHA2"], res=(1, 0, 1))
    _warrior_to(s, "G5")
    # G5 touches C4 (purple/red) and C5 (red/black), C2 table.
    conquers = {a for a in legal(s) if a.startswith("conquer")}
    assert conquers == {"conquer C4 purple", "conquer C4 red", "conquer C5 red",
                        "conquer C5 black"}
    black_spoils = list(s.prov_spoils[BLACK])
    play(s, "conquer C5 black")
    assert s.res[0] == [0, 0, 0]
    assert s.sections[0][section("C5")] == BLACK
    assert s.conquer_left[BLACK] == 4  # 5 per colour (RB)
    offered = {f"take {WB.spoils[t].id}" for t in black_spoils} | {"take none"}
    assert legal(s) == offered
    chosen = black_spoils[0]
    play(s, f"take {WB.spoils[chosen].id}")
    assert s.spoils[0] == [chosen] and chosen not in s.prov_spoils[BLACK]


def test_conquer_spoils_are_optional() -> None:
    s = fresh(hand=["WAR1", "SHA2"], res=(1, 0, 1))
    _warrior_to(s, "G5")
    before = [list(x) for x in s.prov_spoils]
    play(s, "conquer C4 purple", "take none")
    assert s.spoils[0] == [] and s.prov_spoils == before and not s.pending


def test_conquer_only_adjacent_empty_sections_and_tiles_left() -> None:
    """An already conquered section is not "empty"; a colour without conquer tiles left
    cannot be chosen; no spoils left means no spoils decision."""
    s = fresh(hand=["WAR1", "SHA2"], res=(1, 0, 1))
    s.sections[0][section("C4")] = PURPLE
    s.conquer_left[BLACK] = 0
    s.prov_spoils[RED] = []
    _warrior_to(s, "G5")
    conquers = {a for a in legal(s) if a.startswith("conquer")}
    assert conquers == {"conquer C5 red"}
    play(s, "conquer C5 red")
    assert not s.pending and s.sections[0][section("C5")] == RED


def test_conquer_not_offered_without_gold() -> None:
    s = fresh(hand=["WAR1", "SHA2"], res=(0, 3, 3))
    _warrior_to(s, "G5")
    assert not any(a.startswith("conquer") for a in legal(s))


def test_settlement_costs_gold_and_meat_and_gains_favor() -> None:
    """"Settlement: Pay 1 gold and 1 meat resource, then place an unbuilt settlement from
    your house board on a province section adjacent to your warrior. Then gain 1 favor
    token from the season board." """
    s = fresh(hand=["WAR1", "SHA2"], res=(1, 1, 0))
    supply = s.favor_supply
    _warrior_to(s, "G5")
    play(s, "settle 2 S5")
    assert s.res[0] == [0, 0, 0]
    assert s.buildings[0][section("S5")] == 1
    assert s.rows[0] == [0, 1, 0]  # the leftmost settlement of row 2
    assert s.favor[0] == 1 and s.favor_supply == supply - 1


def test_settlements_fill_a_row_from_the_left_then_unlock_its_church() -> None:
    """"When you build a settlement, you must start from the left of a settlement row.
    After building both settlements in the row, you unlock a church." """
    s = fresh(hand=["WAR1", "SHA2", "W1", "P3"], res=(2, 2, 0))
    s.sections[0][section("C4")] = PURPLE
    _warrior_to(s, "G5")
    play(s, "settle 1 S5")
    assert s.rows[0] == [1, 0, 0]
    play(s, "W1 W", "P3 m1")  # G5 -> G6
    s.sections[0][section("C5")] = RED
    assert "church 1 S6" not in legal(s)
    play(s, "settle 1 S6")
    assert s.rows[0] == [2, 0, 0]
    assert s.buildings[0][section("S6")] == 1


def test_favor_supply_empty_gives_no_favor() -> None:
    """The favor supply is finite (30 tokens, interpretation 14)."""
    s = fresh(hand=["WAR1", "SHA2"], res=(1, 1, 0))
    s.favor_supply = 0
    _warrior_to(s, "G5")
    play(s, "settle 1 S5")
    assert s.favor[0] == 0 and s.favor_supply == 0 and s.rows[0] == [1, 0, 0]


def test_church_is_free_and_takes_the_province_exploration_card() -> None:
    """"You cannot build a church until you have built the 2 settlements in the same row.
    There is no cost to build a church. ... After building a church, immediately take the
    exploration card from the province board matching the province where you built the
    church." Built on C2 conquered yellow, it takes yellow's card."""
    s = fresh(hand=["WAR1", "SHA2"])
    s.rows[0] = [0, 2, 0]
    s.sections[0][section("C2")] = YELLOW
    s.explore_slot[YELLOW] = card("T1")
    _warrior_to(s, "G3")
    assert {"church 2 S3", "church 2 C2"} <= legal(s)
    assert not any(a.startswith(("church 1", "church 3")) for a in legal(s))
    play(s, "church 2 C2")
    assert s.res[0] == [0, 0, 0]
    assert s.buildings[0][section("C2")] == 2 and s.rows[0] == [0, 3, 0]
    assert card("T1") in s.hand[0] and s.explore_slot[YELLOW] == -1


def test_one_building_per_section() -> None:
    """"You may only build 1 building on each province section on your kingdom board." """
    s = fresh(hand=["WAR1", "SHA2"], res=(3, 3, 0))
    s.rows[0] = [2, 0, 0]
    s.buildings[0][section("S5")] = 1
    _warrior_to(s, "G5")
    assert not any(a.endswith(" S5") for a in legal(s))


# --- the shaman: trades, tax, pray --------------------------------------------------------


def _shaman_to(s: WinterborneState, at: str) -> None:
    before = f"G{(int(at[1]) - 2) % 6 + 1}"
    place(s, shaman=before)
    play(s, "SHA1 S", "SHA2 m1")


def test_trade_yellow_pays_any_one_resource() -> None:
    """Yellow ally: "Trade a single resource of your choice for the resources shown." The
    ally is then taken face down (RB Trade)."""
    s = fresh(hand=["SHA1", "SHA2"], res=(0, 1, 1))
    top_ally(s, YELLOW, "YE1")  # any 1 -> 2 gold + 1 meat (C10)
    _shaman_to(s, "G2")
    play(s, "trade yellow")
    assert legal(s) == {"choose meat", "choose military"}
    play(s, "choose military")
    assert s.res[0] == [2, 2, 0]
    assert s.allies[0] == [ally("YE1")] and ally("YE1") not in s.ally_decks[YELLOW]


def test_trade_purple_one_resource_for_another() -> None:
    """Purple ally: "Trade a single resource for another resource." """
    s = fresh(hand=["SHA1", "SHA2"], res=(1, 0, 0))
    top_ally(s, PURPLE, "PU1")  # gold -> 2 meat
    _shaman_to(s, "G4")
    play(s, "trade purple")
    assert s.res[0] == [0, 2, 0] and s.allies[0] == [ally("PU1")]


def test_trade_green_pays_a_favor() -> None:
    """Green ally: "Trade a favor token for a single resource shown on the card." """
    s = fresh(hand=["SHA1", "SHA2"])
    top_ally(s, GREEN, "GR1")  # 1 favor -> 3 gold
    _shaman_to(s, "G1")
    assert "trade green" not in legal(s)  # no favor to pay
    s = fresh(hand=["SHA1", "SHA2"])
    s.favor[0] = 1
    supply = s.favor_supply
    top_ally(s, GREEN, "GR1")
    _shaman_to(s, "G1")
    play(s, "trade green")
    assert s.res[0] == [3, 0, 0] and s.favor[0] == 0 and s.favor_supply == supply + 1


def test_trade_red_conquers_anywhere_for_free_then_spoils() -> None:
    """Red ally: "Spend the required resources to the supply and perform a conquer action
    for free on any section with the conquer symbol. This section can be anywhere on your
    kingdom board regardless of where your warrior is located. Then take an available
    spoils tile from the same province." """
    s = fresh(hand=["SHA1", "SHA2"], res=(1, 0, 1))
    top_ally(s, RED, "RE1")  # 1 gold + 1 military
    _shaman_to(s, "G5")
    play(s, "trade red")
    assert s.res[0] == [0, 0, 0]
    every = {f"conquer C{i} {c}" for i, pair in enumerate(
        [("green", "yellow"), ("yellow", "blue"), ("blue", "purple"), ("purple", "red"),
         ("red", "black"), ("black", "green")], start=1) for c in pair}
    assert legal(s) == every  # the warrior on G5 is irrelevant; no cost to pay
    play(s, "conquer C2 blue")
    assert s.sections[0][section("C2")] == BLUE and s.res[0] == [0, 0, 0]
    assert any(a.startswith("take ") and a != "take none" for a in legal(s))
    blue = s.prov_spoils[BLUE][0]
    play(s, f"take {WB.spoils[blue].id}")
    assert s.spoils[0] == [blue] and s.allies[0] == [ally("RE1")]


def test_trade_black_sacks_a_spoils() -> None:
    """Black ally: "Sack a spoils tile in your supply and take the resources shown." """
    s = fresh(hand=["SHA1", "SHA2"])
    top_ally(s, BLACK, "BK1")  # -> 2 gold + 1 meat
    _shaman_to(s, "G6")
    assert "trade black" not in legal(s)  # nothing to sack
    s = fresh(hand=["SHA1", "SHA2"])
    s.spoils[0] = [tile("PR-red"), tile("MV-2a")]
    top_ally(s, BLACK, "BK1")
    _shaman_to(s, "G6")
    play(s, "trade black")
    assert legal(s) == {"sack PR-red", "sack MV-2a"}
    play(s, "sack MV-2a")
    assert s.spoils[0] == [tile("PR-red")] and tile("MV-2a") in s.sacked_spoils
    assert s.res[0] == [2, 1, 0]


def test_trade_blue_resource_for_favor_and_any() -> None:
    """Blue ally: "Trade a single resource and receive a favor token." (BL4: any one.)"""
    s = fresh(hand=["SHA1", "SHA2"], res=(0, 1, 0))
    top_ally(s, BLUE, "BL2")  # 1 meat -> 1 favor
    _shaman_to(s, "G3")
    play(s, "trade blue")
    assert s.res[0] == [0, 0, 0] and s.favor[0] == 1
    s = fresh(hand=["SHA1", "SHA2"], res=(0, 0, 2))
    top_ally(s, BLUE, "BL4")  # any 1 -> 1 favor
    _shaman_to(s, "G3")
    play(s, "trade blue", "choose military")
    assert s.res[0] == [0, 0, 1] and s.favor[0] == 1


def test_trade_only_with_an_adjacent_province() -> None:
    """"The shaman may trade with one ally card from an adjacent province." """
    s = fresh(hand=["SHA1", "SHA2"], res=(3, 3, 3))
    _shaman_to(s, "G3")
    assert {a for a in legal(s) if a.startswith("trade")} == {"trade blue"}


def test_tax_and_pray() -> None:
    """Tax: "Take 1 gold and 1 military from the supply." Pray: "Take 1 favor token from
    the supply." """
    s = fresh(hand=["SHA1", "SHA2", "T1", "P3"])
    supply = s.favor_supply
    play(s, "SHA1 S", "SHA2 m1", "tax")
    assert s.res[0] == [1, 0, 1]
    play(s, "T1 S", "P3 m1", "pray")
    assert s.favor[0] == 1 and s.favor_supply == supply - 1


def test_pray_not_offered_when_the_favor_supply_is_empty() -> None:
    s = fresh(hand=["SHA1", "SHA2"])
    s.favor_supply = 0
    play(s, "SHA1 S", "SHA2 m1")
    assert "pray" not in legal(s) and "tax" in legal(s)


# --- the explorer -----------------------------------------------------------------------------


def _explorer_to(s: WinterborneState, at: str) -> None:
    before = f"G{(int(at[1]) - 2) % 6 + 1}"
    place(s, explorer=before)
    play(s, "EXP1 E", "SHA2 m1")


def test_explore_costs_the_season_meat_and_the_card_goes_to_hand() -> None:
    """"Pay the cost shown on the season board for the current season and take an
    exploration card from an adjacent province. When you take an exploration card it
    goes into your hand". Spring 1, summer 2, autumn 3, winter 4 meat (C9)."""
    for season, cost in enumerate((1, 2, 3, 4)):
        s = fresh(hand=["EXP1", "SHA2"], res=(0, cost, 0))
        s.season = season
        s.explore_slot[BLUE] = card("P1")
        _explorer_to(s, "G3")
        assert {a for a in legal(s) if a.startswith("explore")} == {"explore blue"}
        play(s, "explore blue")
        assert s.res[0] == [0, 0, 0] and card("P1") in s.hand[0]
        s = fresh(hand=["EXP1", "SHA2"], res=(0, cost - 1, 0))
        s.season = season
        _explorer_to(s, "G3")
        assert "explore blue" not in legal(s)


def test_explored_space_stays_empty_until_the_end_of_the_turn() -> None:
    """"Cards do not replenish on the province boards until the end of a player's turn.
    You may only take 1 card per explore action." """
    s = fresh(hand=["EXP1", "SHA2", "T2", "P3"], res=(0, 5, 0))
    s.explore_slot[BLUE] = card("P1")
    _explorer_to(s, "G3")
    play(s, "explore blue")
    assert s.explore_slot[BLUE] == -1
    place(s, explorer="G2")
    play(s, "T2 E", "P3 m1")  # back onto G3
    assert "explore blue" not in legal(s) and "raid" in legal(s)
    play(s, "raid", "end", "done")
    assert s.explore_slot[BLUE] >= 0  # refilled from the season deck at the turn's end


def test_a_wylds_card_goes_to_the_reserve() -> None:
    """"When you explore, exploration cards go into your hand, and "The Wylds" go into
    your reserve." """
    s = fresh(hand=["EXP1", "SHA2"], res=(0, 1, 0))
    s.explore_slot[BLUE] = card("WY3")
    _explorer_to(s, "G3")
    play(s, "explore blue")
    assert s.reserve[0] == [card("WY3")] and card("WY3") not in s.hand[0]


def test_raid() -> None:
    """Raid: "Take 2 meat from the supply." """
    s = fresh(hand=["EXP1", "SHA2"])
    _explorer_to(s, "G3")
    play(s, "raid")
    assert s.res[0] == [0, 2, 0]


# --- reserve limits with the Wylds (interpretation 2) -----------------------------------


def test_wylds_with_a_full_reserve_sends_the_only_other_card_to_hand() -> None:
    """Reserve: "Up to 3 cards are allowed in your reserve" and the Wylds "count towards
    your reserve limit"; a non-Wylds card goes back to hand to make room."""
    s = fresh(hand=["EXP1", "SHA2"], res=(0, 1, 0), reserve=["WY1", "T2", "WY2"])
    s.explore_slot[BLUE] = card("WY3")
    _explorer_to(s, "G3")
    play(s, "explore blue")
    assert sorted(s.reserve[0]) == sorted(cards("WY1", "WY2", "WY3"))
    assert card("T2") in s.hand[0]


def test_wylds_with_a_full_reserve_lets_the_player_pick_the_card_back() -> None:
    s = fresh(hand=["EXP1", "SHA2"], res=(0, 1, 0), reserve=["WY1", "T2", "P2"])
    s.explore_slot[BLUE] = card("WY3")
    _explorer_to(s, "G3")
    play(s, "explore blue")
    assert legal(s) == {"unreserve T2", "unreserve P2"}
    play(s, "unreserve P2")
    assert sorted(s.reserve[0]) == sorted(cards("WY1", "T2", "WY3"))
    assert card("P2") in s.hand[0]


def test_three_wylds_in_reserve_block_exploring_a_wylds_card() -> None:
    """With 3 Wylds locked in the reserve there is no room: the Wylds card cannot be
    explored, and a church leaves it on its province board."""
    s = fresh(hand=["EXP1", "SHA2"], res=(0, 1, 0), reserve=["WY1", "WY2", "WY4"])
    s.explore_slot[BLUE] = card("WY3")
    _explorer_to(s, "G3")
    assert "explore blue" not in legal(s)
    s = fresh(hand=["WAR1", "SHA2"], reserve=["WY1", "WY2", "WY4"])
    s.rows[0] = [2, 0, 0]
    s.explore_slot[BLUE] = card("WY3")
    _warrior_to(s, "G3")
    play(s, "church 1 S3")
    assert s.buildings[0][section("S3")] == 2
    assert s.explore_slot[BLUE] == card("WY3") and card("WY3") not in s.reserve[0]
