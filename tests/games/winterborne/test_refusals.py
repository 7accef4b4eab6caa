"""Bad inputs are refused with an error naming the rule, and the state is unchanged.

Every refusal goes through ``helpers.refused``, which compares
``wintergames.core.testing.snapshot`` before and after the attempt.
"""

from __future__ import annotations

import pytest

from tests.games.winterborne.helpers import (
    BLUE,
    SPEC,
    YELLOW,
    WinterborneState,
    card,
    fresh,
    legal,
    place,
    play,
    refused,
    section,
    top_ally,
)
from tests.games.winterborne.scenario import give_favor, give_tile, new, to_winter
from wintergames.core.errors import ActionFormatError, IllegalActionError
from wintergames.core.testing import snapshot
from wintergames.games.winterborne.components import WB


def _warrior_on_g5(res: tuple[int, int, int] = (0, 0, 0),
                   rows: tuple[int, int, int] = (0, 0, 0)) -> WinterborneState:
    """Seat 0's warrior has moved G4 -> G5 and chooses its special action."""
    s = fresh(hand=["WAR1", "SHA2"], res=res)
    s.rows[0] = list(rows)
    place(s, warrior="G4")
    play(s, "WAR1 W", "SHA2 m1")
    return s


# --- playing cards ---------------------------------------------------------------------


def test_a_card_not_in_hand() -> None:
    s = fresh(hand=["SHA1", "SHA2"])
    refused(s, "T1 S", ["T1 is not in your hand or reserve"], rule="turn.play")
    refused(s, "T1 +2g", ["not in your hand"], rule="turn.play")


def test_a_movement_circle_before_a_hex() -> None:
    """"play a card ... that has one of the three character hex symbols ... Then play a
    second card or spoils with a circle movement symbol" """
    s = fresh(hand=["SHA1", "SHA2"])
    refused(s, "SHA1 m2", ["a movement circle is played after a card with a character hex"],
            rule="turn.move")


def test_a_hex_without_a_movement_source() -> None:
    s = fresh(hand=["SHA1"])
    refused(s, "SHA1 S", ["needs another card or spoils with a movement circle"], rule="turn.move")


def test_after_a_hex_only_a_circle() -> None:
    s = fresh(hand=["SHA1", "SHA2", "T1"])
    play(s, "SHA1 S")
    refused(s, "T1 +2g", ["after a hex comes a card with a movement circle"], rule="turn.move")
    refused(s, "end", ["does not answer the open decision"], rule="turn.decisions")
    refused(s, "tax", ["after a hex comes a card with a movement circle"], rule="turn.move")


def test_a_wylds_spoils_without_wylds() -> None:
    """A Wylds spoils tile, like a card's Wylds use, activates Wylds cards in the reserve."""
    s = fresh(hand=["SHA1"])
    give_tile(s, 0, "WY-1")
    refused(s, "spoils WY-1", ["no Wylds card in your reserve"], rule="cards.wylds")


def test_wylds_activation_without_wylds() -> None:
    s = fresh(hand=["SHA2"])
    refused(s, "SHA2 wy", ["no Wylds card in your reserve"], rule="cards.wylds")


def test_a_resource_card_while_a_special_action_is_open() -> None:
    """A card's resource use answers no open decision: the special action (or pass) is
    asked for first."""
    s = fresh(hand=["SHA1", "SHA2", "T1"])
    play(s, "SHA1 S", "SHA2 m1")
    message = refused(s, "T1 +2g", ["it does not answer the open decision"], rule="turn.decisions")
    assert "The shaman may take its special action, or pass" in message  # the prompt


def test_hiring_the_mercenary_without_gold() -> None:
    """Mercenary: "Pay a gold to the supply to use this card as a shaman, explorer or
    warrior hex for this turn only" """
    s = fresh(hand=["MERC", "SHA1"], mercenary=True)
    refused(s, "MERC hire:W", ["hiring the mercenary costs 1 gold"], rule="cards.mercenary")
    s.res[0] = [1, 0, 0]
    play(s, "MERC hire:W", "SHA1 m2")
    assert s.res[0] == [0, 0, 0]


def test_potion_for_a_character_already_in_the_castle() -> None:
    s = fresh(hand=["POTION1"])
    place(s, shaman="castle")
    assert "POTION1 castle" not in legal(s)
    refused(s, "POTION1 castle", ["is not allowed"], rule="banners.potion")


def test_exit_only_from_the_castle() -> None:
    s = fresh(hand=["SHA1", "SHA2"])
    play(s, "SHA1 S", "SHA2 m1")
    refused(s, "exit G4", ["does not answer the open decision"], rule="turn.decisions")


# --- the warrior ------------------------------------------------------------------------


def test_conquer_without_gold() -> None:
    """"Pay 1 gold and 1 military resource" """
    s = _warrior_on_g5(res=(0, 3, 3))
    refused(s, "conquer C5 red", ["conquering costs 1 gold and 1 military"], rule="warrior.conquer")


def test_conquer_far_away_or_with_a_wrong_colour_or_twice() -> None:
    """"you may conquer an adjacent empty section ... a conquer tile ... that matches one
    of the two colors bordering the empty section" """
    s = _warrior_on_g5(res=(2, 0, 2))
    refused(s, "conquer C1 green", ["adjacent"], rule="warrior.conquer")
    refused(s, "conquer C5 green", ["one of the two colours bordering the section"],
            rule="warrior.conquer")
    refused(s, "conquer S5 red", ["not an empty conquer section"], rule="warrior.conquer")
    s.sections[0][section("C5")] = 4
    refused(s, "conquer C5 black", ["not an empty conquer section"], rule="warrior.conquer")


def test_building_a_church_too_early() -> None:
    """"You cannot build a church until you have built the 2 settlements in the same
    row." """
    s = _warrior_on_g5(res=(3, 3, 0), rows=(1, 0, 0))
    refused(s, "church 1 S5", ["a church needs both settlements of its row built first"],
            rule="warrior.church")
    refused(s, "church 2 S5", ["both settlements"], rule="warrior.church")


def test_settlement_refusals() -> None:
    """Cost 1 gold + 1 meat; "You may only build 1 building on each province section";
    a full row has no settlement left."""
    s = _warrior_on_g5(res=(0, 0, 0))
    refused(s, "settle 1 S5", ["a settlement costs 1 gold and 1 meat"], rule="warrior.build")
    s = _warrior_on_g5(res=(2, 2, 0), rows=(2, 0, 0))
    refused(s, "settle 1 S5", ["both settlements of that row are built"], rule="warrior.build")
    s.buildings[0][section("S5")] = 1
    refused(s, "settle 2 S5", ["only 1 building may stand on each province section"],
            rule="warrior.build")
    refused(s, "settle 2 S1", ["adjacent"], rule="warrior.build")
    refused(s, "settle 2 C5", ["adjacent"], rule="warrior.build")  # not a province section yet


# --- the shaman and the explorer -----------------------------------------------------------


def test_trade_with_a_province_not_adjacent_or_unaffordable() -> None:
    """"The shaman may trade with one ally card from an adjacent province. To trade, pay
    the trade requirements" """
    s = fresh(hand=["SHA1", "SHA2"], res=(0, 0, 0))
    place(s, shaman="G2")
    play(s, "SHA1 S", "SHA2 m1")  # G3: blue only
    refused(s, "trade green", ["adjacent province it can pay"], rule="shaman.trade")
    top_ally(s, BLUE, "BL1")  # pay 1 gold, and there is none
    refused(s, "trade blue", ["it can pay"], rule="shaman.trade")


def test_pray_with_an_empty_favor_supply() -> None:
    s = fresh(hand=["SHA1", "SHA2"])
    s.favor_supply = 0
    play(s, "SHA1 S", "SHA2 m1")
    refused(s, "pray", ["is not allowed"], rule="shaman.pray")


def test_exploring_without_meat() -> None:
    """"Pay the cost shown on the season board for the current season" (spring: 1)."""
    s = fresh(hand=["EXP1", "SHA2"], res=(3, 0, 3))
    place(s, explorer="G2")
    play(s, "EXP1 E", "SHA2 m1")
    refused(s, "explore blue", ["exploring costs 1 meat this season"], rule="explorer.explore")


def test_exploring_far_away_or_an_empty_space() -> None:
    s = fresh(hand=["EXP1", "SHA2"], res=(0, 3, 0))
    place(s, explorer="G2")
    play(s, "EXP1 E", "SHA2 m1")
    refused(s, "explore red", ["a province adjacent to the explorer"], rule="explorer.explore")
    s.explore_slot[BLUE] = -1
    refused(s, "explore blue", ["is not allowed"], rule="explorer.explore")


def test_another_characters_action() -> None:
    """After a shaman hex the shaman acts: an explorer's raid is not among the choices."""
    s = fresh(hand=["SHA1", "SHA2"])
    play(s, "SHA1 S", "SHA2 m1")
    message = refused(s, "raid", ["special action"], rule="turn.special-action")
    assert "tax" in message  # the allowed actions are listed


# --- Winterborne powers ------------------------------------------------------------------------

WB1, WB4 = 0, 3  # power cards: two-resources + move-building; white-meeple + trade


def _winter(power_card: int, rnd: int, favor: int) -> WinterborneState:
    """Winter round ``rnd``, seat 0 to move with ``favor`` favor and ``power_card``."""
    s = new(2)
    to_winter(s, rnd)
    s.power_card[0] = power_card
    give_favor(s, 0, favor)
    return s


def test_a_second_power_in_the_same_round() -> None:
    """"A player may activate only 1 power each round." """
    s = _winter(WB1, 1, favor=5)
    play(s, "power two-resources", "choose gold", "choose gold")
    assert s.power_used[0] == [1, 0, 0] and s.favor[0] == 4
    refused(s, "power two-resources", ["only 1 power may be used each round"], rule="winter.powers")


def test_a_power_without_enough_favor() -> None:
    """A power costs "favor tokens equal to the number of the current round of winter"."""
    s = _winter(WB1, 2, favor=1)
    refused(s, "power two-resources", ["a power costs 2 favor this round"], rule="winter.powers")
    give_favor(s, 0, 1)
    assert "power two-resources" in legal(s)


def test_a_power_not_on_the_card() -> None:
    s = _winter(WB1, 1, favor=3)
    refused(s, "power trade", ["that power is not on your Winterborne card"], rule="winter.powers")


def test_the_trade_power_lets_only_the_shaman_act() -> None:
    """The trade power: "Perform a trade action with your shaman": another character's
    special action is refused, naming the shaman."""
    s = _winter(WB4, 1, favor=2)
    play(s, "power trade")
    message = refused(s, "raid", ["only the shaman's special actions may follow"],
                      rule="turn.special-action")
    assert "may trade with an adjacent province without moving" in message  # the prompt
    refused(s, "tax", ["it does not answer the open decision"], rule="turn.decisions")


# --- other decisions out of place -------------------------------------------------------------


@pytest.mark.parametrize(("move", "words", "rule"), [
    ("power trade", ["Winterborne powers are used only during winter"], "winter.powers"),
    ("reserve T2", ["T2 is not in your hand"], "turn.reserve"),
    ("unreserve T2", ["T2 is not in your reserve"], "turn.reserve"),
    ("discard SHA1", ["discarded from hand in the clean-up"], "turn.cleanup"),
    ("done", ["does not answer the open decision"], "turn.decisions"),
    ("take none", ["does not answer the open decision"], "turn.decisions"),
    ("choose gold", ["does not answer the open decision"], "turn.decisions"),
    ("figure white", ["does not answer the open decision"], "turn.decisions"),
    ("spoils MV-1a", ["MV-1a is not in your supply"], "cards.spoils"),
    ("sack MV-1a", ["does not answer the open decision"], "turn.decisions"),
    ("wylds WY3", ["does not answer the open decision"], "turn.decisions"),
    ("cw", ["does not answer the open decision"], "turn.decisions"),
    ("facedown blue", ["does not answer the open decision"], "turn.decisions"),
    ("relocate S1 C3", ["does not answer the open decision"], "turn.decisions"),
    ("swap T2 blue", ["does not answer the open decision"], "turn.decisions"),
])
def test_decisions_with_nothing_to_answer(move: str, words: list[str], rule: str) -> None:
    s = fresh(hand=["SHA1"])
    refused(s, move, words, rule)


def test_a_spoils_tile_not_offered() -> None:
    s = fresh(hand=["WAR1", "SHA2"], res=(1, 0, 1))
    place(s, warrior="G4")
    play(s, "WAR1 W", "SHA2 m1", "conquer C5 black")
    other = s.prov_spoils[0][0]  # a green tile, not the conquered black province's
    refused(s, f"take {WB.spoils[other].id}", ["is not allowed"], rule="turn.decisions")


def test_paying_a_resource_one_does_not_have() -> None:
    s = fresh(hand=["SHA1", "SHA2"], res=(0, 1, 0))
    place(s, shaman="G1")
    top_ally(s, YELLOW, "YE1")  # pay any 1 resource
    play(s, "SHA1 S", "SHA2 m1", "trade yellow")
    refused(s, "choose gold", ["is not allowed"], rule="turn.decisions")


# --- unreadable input ---------------------------------------------------------------------------


def test_an_unknown_card_id_in_notation() -> None:
    s = fresh(hand=["SHA1"])
    before = snapshot(s)
    with pytest.raises(ActionFormatError, match="there is no card 'FOO9'"):
        SPEC.parse_action("FOO9 S")
    with pytest.raises(ActionFormatError, match="has no use"):
        SPEC.parse_action("BOOK2 m1")  # the Book prints 2 and 3
    with pytest.raises(ActionFormatError, match="has no use"):
        SPEC.parse_action("MASK1 m1")  # a Mask circle is counter-clockwise
    assert snapshot(s) == before


def test_an_unknown_card_id_in_json() -> None:
    s = fresh(hand=["SHA1"])
    before = snapshot(s)
    with pytest.raises(ActionFormatError, match="there is no card"):
        SPEC.action_from_json({"kind": "play", "card": "FOO9", "use": "S"})
    with pytest.raises(ActionFormatError):
        SPEC.action_from_json({"kind": "play", "card": 7, "use": "S"})
    # A well-formed JSON action that is illegal now is refused by the game.
    action = SPEC.action_from_json({"kind": "play", "card": "T1", "use": "+2g"})
    with pytest.raises(IllegalActionError, match="T1 is not in your hand or reserve"):
        s.apply(action)
    assert snapshot(s) == before
    assert card("SHA1") in s.hand[0]
