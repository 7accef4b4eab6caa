"""Winterborne's what-if overlay (issue 41): each value a designer may change changes the
game exactly as the rulebook sentence it parameterises says (the printed number there
replaced by the overlay's), with the expected numbers worked out here from hand-built
positions; hidden information stays hidden; bad keys and values are refused.

The keys and their defaults are in ``params.py`` and docs/rules/winterborne.md ("What-if
overlay"); the generic checks at every bound are in tests/core/test_overlay_games.py.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from rich.console import Console

import wintergames as wg
from tests.games.winterborne.helpers import fresh, place, play
from tests.games.winterborne.scenario import (
    ALLY,
    CARD,
    act,
    build_at,
    conquer_tile,
    give,
    give_favor,
    legal,
    new,
    ok,
    set_hand,
    set_res,
    to_winter,
)
from wintergames.core.encoding_check import check_observation_encoding, encoding_for
from wintergames.core.errors import IllegalActionError, InvalidOptionError
from wintergames.core.replay import state_from_json
from wintergames.games.winterborne import scoring
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.params import DEFAULT, SCHEMA
from wintergames.games.winterborne.state import WinterborneState
from wintergames.games.winterborne.text import render

GREEN, YELLOW, BLUE, PURPLE, RED, BLACK = range(6)
C1, C2, C3 = 6, 7, 8
WB1, WB2 = 0, 1  # power cards: move a building / two resources; discard-draw / discount
PRINTED_CAP = 12  # RB General Rules: "no more than 12 resources"


def game(overlay: dict[str, Any], n: int = 2, seed: int = 1,
         **options: Any) -> WinterborneState:
    """A new game with ``overlay``, seat 0 first."""
    return new(n, seed=seed, overlay=overlay, **options)


def said(s: WinterborneState) -> str:
    """The last log line's words."""
    return s.log[-1].text


def explained(s: WinterborneState, p: int) -> dict[str, str]:
    """Each legal action of seat ``p`` (notation) with its explanation's words."""
    out = {}
    for action, choice in s.choices(p):
        assert choice is not None
        out[str(action)] = choice.explain.text
    return out


def asked(s: WinterborneState, p: int, part: str) -> str:
    """The words of a part (prompt, cost, limit) of seat ``p``'s open decision."""
    decision = s.decision(p)
    assert decision is not None
    phrase = getattr(decision, part)
    assert phrase is not None, part
    return str(phrase.text)


# -- the overlay itself -----------------------------------------------------------------------


def test_a_game_keeps_its_overlay_and_one_params_object_per_overlay() -> None:
    s = game({"explore.cost.spring": 2})
    loaded = state_from_json(json.loads(json.dumps(s.to_json())))
    assert isinstance(loaded, WinterborneState)
    assert s.options["overlay"] == {"explore.cost.spring": 2}
    assert s.params.explore_cost == (2, 2, 3, 4)
    # made once per distinct overlay; clones, snapshots and replays share it
    assert game({"explore.cost.spring": 2}, seed=9).params is s.params
    assert s.clone().params is s.params
    assert loaded.params is s.params
    replayed = wg.replay(json.loads(json.dumps(s.record())))
    assert isinstance(replayed, WinterborneState) and replayed.params is s.params
    # an overlay at the printed values is no overlay
    same = game({"explore.cost.spring": 1, "hand.size": 4})
    assert "overlay" not in same.options and same.params is DEFAULT


def test_every_default_is_the_data_files_value() -> None:
    # Spot checks typed from the data files (setup.toml, allies.toml, cards.toml).
    defaults = {key: p.default for key, p in SCHEMA.params.items()}
    assert defaults["resources.cap"] == 12 and defaults["explore.cost.winter"] == 4
    assert defaults["allies.black.vp"] == 2 and defaults["allies.green.cards_per_vp"] == 3
    assert defaults["banners.bag_b.vp_per_unused_winter_round"] == 2
    assert [defaults[f"sets.vp.{k}"] for k in
            ("one_type", "two_types", "three_types", "four_types")] == [1, 3, 6, 10]
    assert defaults["solo.hard.base"] == 60 and defaults["seasons.players_4.autumn"] == 8


@pytest.mark.parametrize(("overlay", "words"), [
    ({"explore.cost.wintr": 3}, ["'explore.cost.wintr'", "did you mean 'explore.cost.winter'"]),
    ({"hand.size": 9}, ["'hand.size'", "cannot be 9", "2 to 6"]),
    ({"favor.vp": "lots"}, ["'favor.vp'", "whole number"]),
    ({"resources.cap": 2}, ["'resources.cap'", "6 to 30"]),
    ({"sets": {"vp": {"one_type": -1}}}, ["'sets.vp.one_type'", "0 to 20"]),
])
def test_a_bad_key_or_value_is_refused_naming_the_key(overlay: dict[str, Any],
                                                     words: list[str]) -> None:
    with pytest.raises(InvalidOptionError) as info:
        wg.make("winterborne", 2, seed=1, options={"overlay": overlay})
    for word in words:
        assert word in str(info.value), (word, str(info.value))


# -- set-up: "Each player receives ... 1 gold"; the boards; the season board's chart ---------


def test_the_setup_numbers() -> None:
    overlay = {"setup.starting_gold": 3, "hand.size": 5, "favor.supply": 12,
               "conquer.tiles_per_colour": 2, "spoils.per_province": 2,
               "seasons.players_2.spring": 4, "seasons.players_2.summer": 2,
               "seasons.players_2.autumn": 1, "seasons.players_2.wylds": 2}
    s = game(overlay)
    assert s.res == [[3, 0, 0], [3, 0, 0]]
    assert [len(h) for h in s.hand] == [5, 5]
    assert s.favor_supply == 12 and s.conquer_left == [2] * 6
    assert [len(t) for t in s.prov_spoils] == [2] * 6 and len(s.boxed_spoils) == 21 - 12
    # 18 core cards, 2 banner sets of 3, 2 Wylds: 6 face up, then 5, 2 and 1, winter the rest
    deck = 18 + 2 * 3 + 2
    assert [len(d) for d in s.season_decks] == [4, 2, 1, deck - 6 - 4 - 2 - 1]
    in_play = [*s.explore_slot, *(c for d in s.season_decks for c in d)]
    assert sum(WB.cards[c].type == "wylds" for c in in_play) == 2
    ok(s)


def test_the_solo_setup_numbers() -> None:
    overlay = {"solo.conquer_tiles_per_colour": 1, "solo.easy.objectives": 1,
               "solo.easy.base": 33, "seasons.players_1.spring": 1}
    s = game(overlay, n=1, difficulty="easy")
    assert s.conquer_left == [1] * 6 and len(s.objectives) == 1
    assert scoring.balaur_score(s).parts["base"] == 33
    assert len(s.season_decks[0]) == 1
    ok(s)


# -- the turn's limits: hand, reserve, resources -----------------------------------------------


def test_the_hand_is_drawn_up_to_hand_size_and_discarded_down_to_it() -> None:
    """"draw cards from your personal deck until you have 4 cards": 3 here."""
    s = game({"hand.size": 3})
    assert len(s.hand[0]) == 3
    set_hand(s, 0, "SHA1", "EXP1", "WAR1", "SHA2")
    act(s, "end")
    assert "done" not in legal(s)  # 4 cards, the limit is 3
    with pytest.raises(IllegalActionError, match="discard down to 3"):
        act(s, "done")
    act(s, "discard SHA2", "done")
    assert len(s.hand[0]) == 3 and s.current == 1
    set_hand(s, 1, "SHA1")
    assert "you draw up to 3 cards" in explained(s, 1)["end"]
    act(s, "end", "done")
    assert len(s.hand[1]) == 3


def test_the_reserve_holds_reserve_size_cards() -> None:
    """"Up to 3 cards are allowed in your reserve": 1 here."""
    s = game({"reserve.size": 1})
    set_hand(s, 0, "T2", "P2", "SHA1")
    act(s, "reserve T2")
    assert "reserve P2" not in legal(s)
    assert asked(s, 0, "limit") == "reserve: 1 of 1 places used"
    with pytest.raises(IllegalActionError, match="holds up to 1 cards"):
        act(s, "reserve P2")
    # a Wylds card explored into the full reserve sends the card there back to hand
    s2 = fresh(hand=["EXP1", "SHA2"], res=(0, 1, 0), reserve=["T2"],
               overlay={"reserve.size": 1})
    s2.explore_slot[BLUE] = CARD["WY3"]
    place(s2, explorer="G2")
    play(s2, "EXP1 E", "SHA2 m1", "explore blue")
    assert s2.reserve[0] == [CARD["WY3"]] and CARD["T2"] in s2.hand[0]
    # a reserve full of Wylds cards has no room for another: it cannot be explored
    s3 = fresh(hand=["EXP1", "SHA2"], res=(0, 1, 0), reserve=["WY5"],
               overlay={"reserve.size": 1})
    s3.explore_slot[BLUE] = CARD["WY3"]
    place(s3, explorer="G2")
    play(s3, "EXP1 E", "SHA2 m1")
    assert "explore blue" not in legal(s3) and "raid" in legal(s3)


@pytest.mark.parametrize(("cap", "held", "returned"), [(8, (4, 3, 3), 2), (20, (8, 7, 4), 0)])
def test_resources_over_the_cap_go_back_one_by_one(cap: int, held: tuple[int, int, int],
                                                   returned: int) -> None:
    """"You cannot have more than 12 resources at the end of your turn; return the excess
    to the general supply." """
    s = game({"resources.cap": cap})
    set_res(s, 0, *held)
    act(s, "end", "done")
    # the printed cap would keep the 10 and return 7 of the 19
    assert (sum(held) > PRINTED_CAP) != (returned > 0)
    for _ in range(returned):
        assert s.current == 0
        assert asked(s, 0, "prompt") == f"Return resources to the supply until you have {cap}"
        act(s, "choose gold")
        assert f"more than {cap} resources" in said(s)
    assert s.current == 1 and sum(s.res[0]) == min(sum(held), cap)
    ok(s)


# -- winter: its rounds and the powers' prices ----------------------------------------------


def test_the_game_ends_after_the_last_of_winter_rounds() -> None:
    """"The game ends at the end of the 3rd round of winter": the 1st here."""
    s = game({"winter.rounds": 1})
    to_winter(s, 1)
    act(s, "end", "done")
    assert not s.is_over
    act(s, "end", "done")
    assert s.is_over
    printed = new(2)
    to_winter(printed, 1)
    act(printed, "end", "done", "end", "done")
    assert not printed.is_over and printed.winter_round == 2


def test_a_power_costs_the_favor_of_its_round() -> None:
    """"Using a power requires favor tokens equal to the number of the current round of
    winter": 5 in round 2 here."""
    s = game({"powers.favor_cost.round_2": 5})
    to_winter(s, 2)
    s.power_card[0] = WB1
    give_favor(s, 0, 4)
    assert not any(a.startswith("power") for a in legal(s))
    with pytest.raises(IllegalActionError, match="a power costs 5 favor"):
        act(s, "power two-resources")
    give_favor(s, 0, 1)
    assert "costs 5 favor" in asked(s, 0, "cost")
    act(s, "power two-resources", "choose gold", "choose gold")
    assert s.favor[0] == 0 and s.favor_card[0] == 5  # "Place the spent favor tokens ..."
    ok(s)


def test_the_two_resources_and_discard_draw_powers_count() -> None:
    """"Take any 2 resources from the supply"; "Discard 1 card from your hand and draw 2
    cards": 3 and 3 here."""
    s = game({"powers.two_resources.gains": 3, "powers.discard_draw.draws": 3})
    to_winter(s, 1)
    s.power_card[0] = WB1
    give_favor(s, 0, 1)
    act(s, "power two-resources", "choose gold", "choose meat", "choose meat")
    assert s.res[0] == [1 + 1, 2, 0] and not s.pending  # 1 gold from the set-up
    t = game({"powers.discard_draw.draws": 3})
    to_winter(t, 1)
    t.power_card[0] = WB2
    give_favor(t, 0, 1)
    set_hand(t, 0, "SHA1", "EXP1")
    t.deck[0] = [CARD["EXP2"], CARD["WAR1"], CARD["WAR2"], CARD["SHA2"]]
    act(t, "power discard-draw")
    assert "then draw 3" in explained(t, 0)["discard EXP1"]
    act(t, "discard EXP1")
    assert sorted(WB.cards[c].id for c in t.hand[0]) == ["SHA1", "SHA2", "WAR1", "WAR2"]
    assert any(e.text.endswith("discards Explorer I and draws 3") for e in t.log)
    ok(t)


# -- the characters' prices and gains ---------------------------------------------------------


@pytest.mark.parametrize(("season", "cost"), [(0, 2), (1, 0), (2, 4), (3, 6)])
def test_exploring_costs_the_seasons_meat(season: int, cost: int) -> None:
    """"Pay the cost shown on the season board for the current season"."""
    name = ("spring", "summer", "autumn", "winter")[season]
    overlay = {f"explore.cost.{name}": cost}
    for meat, offered in ((cost, True), (cost - 1, False)):
        if meat < 0:
            continue
        s = fresh(hand=["EXP1", "SHA2"], res=(0, meat, 0), overlay=overlay)
        s.season = season
        s.explore_slot[BLUE] = CARD["P1"]
        place(s, explorer="G2")
        play(s, "EXP1 E", "SHA2 m1")
        assert ("explore blue" in legal(s)) == offered
        assert s.observation(1)["explore_cost"] == cost
        assert s.observation(None)["explore_costs"][season] == cost
        if offered:
            play(s, "explore blue")
            assert s.res[0] == [0, 0, 0] and CARD["P1"] in s.hand[0]


def _warrior_to_g5(s: WinterborneState) -> None:
    place(s, warrior="G4")
    play(s, "WAR1 W", "SHA2 m1")


def test_a_settlement_costs_and_earns_what_the_overlay_says() -> None:
    """"Settlement: Pay 1 gold and 1 meat resource ... Then gain 1 favor token": 2 gold
    and 1 military for 2 favor here."""
    overlay = {"warrior.settlement_cost.gold": 2, "warrior.settlement_cost.meat": 0,
               "warrior.settlement_cost.military": 1, "warrior.settlement_favor": 2}
    poor = fresh(hand=["WAR1", "SHA2"], res=(2, 5, 0), overlay=overlay)
    _warrior_to_g5(poor)
    assert not any(a.startswith("settle") for a in legal(poor))
    s = fresh(hand=["WAR1", "SHA2"], res=(2, 0, 1), overlay=overlay)
    supply = s.favor_supply
    _warrior_to_g5(s)
    assert "for 2 gold and 1 military, and take +2 favor" in explained(s, 0)["settle 1 S5"]
    play(s, "settle 1 S5")
    assert s.res[0] == [0, 0, 0] and s.favor[0] == 2 and s.favor_supply == supply - 2
    assert s.buildings[0][4] == 1


def test_a_conquest_costs_what_the_overlay_says() -> None:
    """"Pay 1 gold and 1 military resource": 1 meat and 2 military here."""
    overlay = {"warrior.conquer_cost.gold": 0, "warrior.conquer_cost.meat": 1,
               "warrior.conquer_cost.military": 2}
    s = fresh(hand=["WAR1", "SHA2"], res=(0, 1, 2), overlay=overlay)
    _warrior_to_g5(s)
    assert "conquer C5 red" in legal(s)
    play(s, "conquer C5 red", "take none")
    assert s.res[0] == [0, 0, 0] and s.sections[0][10] == RED
    assert "for 1 meat and 2 military" in s.log[-1].text
    short = fresh(hand=["WAR1", "SHA2"], res=(5, 1, 1), overlay=overlay)
    _warrior_to_g5(short)
    assert not any(a.startswith("conquer") for a in legal(short))


def test_tax_raid_and_pray_take_what_the_overlay_says() -> None:
    """Tax: "Take 1 gold and 1 military"; Raid: "Take 2 meat"; Pray: "Take 1 favor
    token": 2 gold and 1 meat, 1 gold and 3 military, 2 favor here."""
    overlay = {"shaman.tax.gold": 2, "shaman.tax.meat": 1, "shaman.tax.military": 0,
               "explorer.raid.gold": 1, "explorer.raid.meat": 0, "explorer.raid.military": 3,
               "shaman.pray_favor": 2}
    s = fresh(hand=["SHA1", "SHA2", "T1", "P3", "EXP1", "W3"], overlay=overlay)
    play(s, "SHA1 S", "SHA2 m1", "tax")
    assert s.res[0] == [2, 1, 0]
    supply = s.favor_supply
    play(s, "T1 S", "P3 m1", "pray")
    assert s.favor[0] == 2 and s.favor_supply == supply - 2
    place(s, explorer="G2")
    play(s, "EXP1 E", "W3 m1", "raid")
    assert s.res[0] == [3, 1, 3]
    # the supply's last token is all a pray can take
    t = fresh(hand=["SHA1", "SHA2"], overlay=overlay)
    t.favor_supply, t.favor[1] = 1, t.favor_supply - 1
    play(t, "SHA1 S", "SHA2 m1")
    assert "+1 favor" in explained(t, 0)["pray"]
    play(t, "pray")
    assert t.favor[0] == 1 and t.favor_supply == 0


def test_the_shamans_income_per_building_passed() -> None:
    """"You receive 1 gold each time the shaman passes over a settlement or church built
    on a conquer tile section": 2 here; G1 -> G4 passes C1, C2 and C3."""
    s = fresh(hand=["SHA1", "T1"], overlay={"shaman.income_gold": 2})
    for sec in (C1, C2):
        s.sections[0][sec] = GREEN
        s.buildings[0][sec] = 1
    play(s, "SHA1 S", "T1 m3")
    assert s.res[0] == [2 * 2, 0, 0]


# -- scoring -------------------------------------------------------------------------------


def brute_sets(cards: list[int], table: tuple[int, ...]) -> int:
    """The best sum of ``table[size]`` over every way to sort ``cards`` (types) into sets
    of distinct types: the set holding the first card takes any distinct others."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    others = sorted(set(rest) - {first})
    best = 0
    for k in range(len(others) + 1):
        for joined in itertools.combinations(others, k):
            left = list(rest)
            for t in joined:
                left.remove(t)
            best = max(best, table[k + 1] + brute_sets(left, table))
    return best


def brute_with_runes(counts: list[int], runes: int, table: tuple[int, ...]) -> int:
    cards = [t for t, n in enumerate(counts) for _ in range(n)]
    return max(brute_sets(sorted(cards + list(picks)), table)
               for picks in itertools.product(range(3), repeat=runes))


@pytest.mark.parametrize("table", [(0, 1, 3, 6, 10), (0, 5, 3, 6, 10), (0, 2, 2, 2, 2),
                                   (0, 0, 7, 0, 9), (0, 4, 9, 11, 12)])
def test_exploration_sets_score_their_best_grouping_for_any_table(
        table: tuple[int, ...]) -> None:
    """"Sort your exploration cards into sets from 1 to 4 cards ... 1/3/6/10 points for
    1/2/3/4 different types", with another table of points."""
    rng = random.Random(len(table) + sum(table))
    for _ in range(40):
        counts = [rng.randrange(4) for _ in range(4)]
        runes = rng.randrange(3)
        assert scoring.set_score(counts, runes, table) == brute_with_runes(
            counts, runes, table), (counts, runes)


def test_the_sets_table_scores_a_hand_built_collection() -> None:
    # 2 Treasures, 2 Provisions: two pairs (3 + 3) as printed; with 5 for a single card,
    # four singles (20) beat two pairs.
    overlay = {"sets.vp.one_type": 5}
    for s, expected in ((new(2), 3 + 3), (game(overlay), 4 * 5)):
        set_hand(s, 0, "T1", "T2", "P1", "P2")
        assert scoring.score(s, 0).parts["sets"] == expected


def test_favor_and_resources_score_what_the_overlay_says() -> None:
    """"Each favor token ... is worth 1 point. Every 3 resources is worth 1 point": 2 and
    2 here."""
    s = game({"favor.vp": 2, "resources.per_vp": 2})
    give_favor(s, 0, 3)
    s.favor[0] -= 1
    s.favor_card[0] += 1
    set_res(s, 0, 3, 2, 2)
    parts = scoring.score(s, 0).parts
    assert parts["favor"] == 2 * (2 + 1) and parts["resources"] == 7 // 2


def _give_ally(s: WinterborneState, ally_id: str) -> None:
    a = ALLY[ally_id]
    for deck in s.ally_decks:
        if a in deck:
            deck.remove(a)
    s.allies[0].append(a)


def test_each_allys_scoring_counts_what_the_overlay_says() -> None:
    """"Scoring Allies": yellow 1 point per Wylds card, purple 1 per 2 settlements, green 1
    per 3 cards, red and blue 1 point, black 2; here other points and counts."""
    overlay = {"allies.green.vp": 2, "allies.green.cards_per_vp": 4, "allies.yellow.vp": 3,
               "allies.yellow.wylds_per_vp": 2, "allies.purple.vp": 2,
               "allies.purple.settlements_per_vp": 3, "allies.blue.vp": 4, "allies.red.vp": 0,
               "allies.black.vp": 5}
    for s, printed in ((new(2, promo_wylds=True), True),
                       (game(overlay, promo_wylds=True), False)):
        for ally_id in ("GR1", "YE1", "BL1", "PU1", "RE1", "BK1"):
            _give_ally(s, ally_id)
        give(s, 0, "reserve", "WY3", "WY5")  # 2 Wylds cards in the reserve
        for sec in range(5):
            build_at(s, 0, sec)  # 5 settlements
        owned = [*s.hand[0], *s.deck[0], *s.discard[0], *s.reserve[0]]
        cards = sum(1 for c in owned if not WB.cards[c].id.startswith("WY"))
        assert cards == 6  # the house cards
        if printed:
            expected = {"GR1": cards // 3, "YE1": 2, "BL1": 1, "PU1": 5 // 2, "RE1": 1,
                        "BK1": 2}
        else:
            expected = {"GR1": 2 * (cards // 4), "YE1": 3 * (2 // 2), "BL1": 4,
                        "PU1": 2 * (5 // 3), "RE1": 0, "BK1": 5}
        got = {WB.allies[a].id: scoring.ally_score(s, 0, a) for a in s.allies[0]}
        assert got == expected
        assert scoring.score(s, 0).parts["allies"] == sum(expected.values())
        ok(s)


def test_each_banners_bonus_scores_what_the_overlay_says() -> None:
    """"Banner Card Sets": the points per thing each bonus counts, here all changed."""
    overlay = {"banners.mask.vp_per_type": 3, "banners.bag_a.vp_per_unconquered_section": 2,
               "banners.bag_b.vp_per_unused_winter_round": 5,
               "banners.bag_c.vp_per_unbuilt_church": 4, "banners.book_a.vp_per_tile": 2,
               "banners.book_b.vp_per_tile": 3, "banners.book_c.vp_per_starter_settlement": 5,
               "banners.potion.vp_per_banner": 2}
    s = game(overlay, n=4, banners="mask+bag+book+potion")
    banners = ("MASK1", "BAG1", "BAG2", "BAG3", "BOOK1", "BOOK2", "BOOK3", "POTION1")
    give(s, 0, "discard", *banners, "T1")
    conquer_tile(s, 0, C1, GREEN)
    conquer_tile(s, 0, C2, BLUE)
    conquer_tile(s, 0, C3, PURPLE)
    build_at(s, 0, 0)  # settlements on S1 and S2 fill row 1; its church on S3
    build_at(s, 0, 1)
    build_at(s, 0, 2, church=True)
    s.power_used[0] = [1, 0, 0]
    # what each counts: types owned (treasure, banner; house cards are no exploration
    # card), unconquered sections, winter rounds without a power, churches not built,
    # black/blue/green tiles, purple/yellow/red tiles, starter settlements, banners owned
    counted = {"MASK1": 2, "BAG1": 6 - 3, "BAG2": 3 - 1, "BAG3": 3 - 1, "BOOK1": 2,
               "BOOK2": 1, "BOOK3": 2, "POTION1": len(banners)}
    vp = {"MASK1": 3, "BAG1": 2, "BAG2": 5, "BAG3": 4, "BOOK1": 2, "BOOK2": 3, "BOOK3": 5,
          "POTION1": 2}
    got = {WB.cards[c].id: points for c, points in scoring.banner_scores(s, 0)}
    assert got == {card: vp[card] * counted[card] for card in banners}
    ok(s)


def test_bag_b_counts_the_winter_rounds_there_are() -> None:
    """"2 points for each winter round you did not use your Winterborne power", with 2
    winter rounds."""
    s = game({"winter.rounds": 2}, banners="mask+bag")
    give(s, 0, "discard", "BAG2")
    s.power_used[0] = [0, 1]
    assert dict(scoring.banner_scores(s, 0)) == {CARD["BAG2"]: 2 * (2 - 1)}


def test_the_solo_scores() -> None:
    """The Balaur: "1 point per banner card" and its base; "Each completed objective ...
    will earn you the victory points below the objective tile"."""
    overlay = {"solo.medium.base": 44, "solo.balaur.vp_per_banner": 3,
               "solo.objective_vp.slot_2": 7, "solo.objective_vp.slot_3": 12}
    s = game(overlay, n=1, difficulty="medium", banners="mask+bag")
    letters = [o.letter for o in WB.objectives]
    s.objectives = [letters.index(x) for x in ("A", "C", "H", "D")]
    for sec in range(6):
        build_at(s, 0, sec)  # C: all 6 settlements, in slot 2
    s.power_used[0] = [1, 1, 1]  # H: a power in every winter round, in slot 3
    assert scoring.score(s, 0).parts["objectives"] == 7 + 12
    for card_id in ("MASK1", "BAG1"):
        c = CARD[card_id]
        for deck in s.season_decks:
            if c in deck:
                deck.remove(c)
        if c in s.explore_slot:
            s.explore_slot[s.explore_slot.index(c)] = -1
        s.balaur_pile.append(c)
    parts = scoring.balaur_score(s).parts
    assert parts["banners"] == 3 * 2 and parts["base"] == 44
    assert [o["vp"] for o in s.observation(0)["balaur"]["objectives"]] == [10, 7, 12, 10]


# -- what everyone sees, and the bots -------------------------------------------------------

OVERLAY = {"explore.cost.summer": 3, "resources.cap": 9, "favor.supply": 20,
           "sets.vp.one_type": 2, "allies.black.vp": 4, "hand.size": 5}


def positions(n: int, count: int) -> list[WinterborneState]:
    """Positions of a seeded random game with ``OVERLAY``."""
    s = game(OVERLAY, n=n, seed=3)
    rng = random.Random(3)
    found: list[WinterborneState] = []
    step = 0
    while not s.is_over and len(found) < count:
        if step % 7 == 3:
            found.append(s.clone())
        p = s.to_move[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
        step += 1
    return found


@pytest.mark.parametrize("n", [1, 2])
def test_the_view_and_the_bots_choice_ignore_hidden_state_with_an_overlay(n: int) -> None:
    differed = 0
    for k, s in enumerate(positions(n, 5)):
        p = s.to_move[0]
        twin = s.determinize(p, random.Random(50 + k))
        assert isinstance(twin, WinterborneState) and twin.params is s.params
        differed += twin.to_json()["state"] != s.to_json()["state"]
        assert twin.observation(p) == s.observation(p)
        for kind, cheap in (("greedy", {}), ("ismcts", {"iterations": 20})):
            mine = wg.bots.make(kind, seed=4, **cheap).choose(s, p)
            assert wg.bots.make(kind, seed=4, **cheap).choose(twin, p) == mine, kind
    assert differed


def test_the_encoding_scales_by_the_games_own_numbers() -> None:
    s = game(OVERLAY)
    give_favor(s, 0, 5)
    enc = encoding_for("winterborne", 2, s.options)
    v = enc.layout.split(enc.encode(s.observation(0), 0))
    assert v["favor_supply"][0] == pytest.approx(15 / 20)
    assert v["seat_favor"][0, 0] == pytest.approx(5 / 20)
    set_res(s, 0, 3, 0, 0)
    v = enc.layout.split(enc.encode(s.observation(0), 0))
    assert v["seat_resources"][0, 0] == pytest.approx(3 / (2 * 9))
    seen = check_observation_encoding("winterborne", 2, seeds=[0], every=3,
                                      options={"overlay": OVERLAY})
    assert seen["hand"] > 5


def test_the_terminal_shows_the_games_numbers() -> None:
    s = game({"reserve.size": 2, "winter.rounds": 2, "allies.black.vp": 4})
    to_winter(s, 1)
    for deck in s.ally_decks:
        if ALLY["BK1"] in deck:
            deck.remove(ALLY["BK1"])
            deck.append(ALLY["BK1"])
    console = Console(record=True, width=200)
    console.print(render(s, 0))
    text = console.export_text()
    assert "(winter round 1 of 2)" in text
    assert "your reserve (2 cards at most)" in text
    assert "sack spoils→2g1m; VP 4" in text
