"""The open decision's context in the observation (``decision["context"]``): the top
frame's kind by its name in ``frames`` and its public arguments, the frames under it, the
same for every seat."""

from __future__ import annotations

import random
from typing import Any

from tests.games.winterborne.helpers import top_ally
from tests.games.winterborne.scenario import (
    COLOUR,
    act,
    give,
    give_favor,
    new,
    set_hand,
    set_res,
    set_slot,
    to_winter,
)
from wintergames.games.winterborne import rules
from wintergames.games.winterborne.observe import FRAME_KINDS
from wintergames.games.winterborne.state import WinterborneState

WB1, WB4 = 0, 3  # the power cards with the two resources, with the white meeple


def context(s: WinterborneState) -> dict[str, Any]:
    """The context as every seat sees it (and as it stays when hidden things are
    resampled for any seat)."""
    views = [s.observation(p)["decision"]["context"] for p in range(s.num_players)]
    views.append(s.observation(None)["decision"]["context"])
    for p in range(s.num_players):
        views.append(s.determinize(p, random.Random(p)).observation(p)["decision"]["context"])
    assert all(v == views[0] for v in views)
    return views[0]


def test_the_frame_kinds_are_the_frame_classes_names() -> None:
    assert FRAME_KINDS[1:] == tuple(kind.NAME for kind in rules.FRAMES)
    assert [kind.CODE for kind in rules.FRAMES] == list(range(1, 23))  # saved states' codes
    assert len(set(FRAME_KINDS)) == len(FRAME_KINDS) == 23


def test_main_then_move_then_action() -> None:
    s = new(2)
    set_hand(s, 0, "T1", "SHA1")
    assert context(s) == {"frame": "MAIN", "below": []}
    act(s, "T1 S")
    assert context(s) == {"frame": "MOVE", "figure": "shaman", "character": "shaman",
                          "below": []}
    act(s, "SHA1 m2")
    assert context(s) == {"frame": "ACT", "character": "shaman", "figure": "shaman",
                          "below": []}
    assert s.observation(1)["decision"]["frame"] == "action"  # the old key stays


def test_the_white_meeple_figure_choice_and_its_move() -> None:
    s = new(2)
    to_winter(s)
    s.power_card[0] = WB4
    give_favor(s, 0, 3)
    act(s, "power white-meeple")
    assert context(s) == {"frame": "REPLACE", "below": []}
    act(s, "figure warrior")
    set_hand(s, 0, "SHA1", "EXP1")
    act(s, "SHA1 S")  # the shaman's hex moves the shaman or the white meeple
    assert context(s) == {"frame": "FIGURE", "character": "shaman", "below": []}
    act(s, "figure white")
    assert context(s) == {"frame": "MOVE", "figure": "white", "character": "shaman",
                          "below": []}
    act(s, "EXP1 m2")
    assert context(s) == {"frame": "ACT", "character": "shaman", "figure": "white",
                          "below": []}


def test_paying_any_resource_for_a_yellow_ally_names_the_ally() -> None:
    s = new(2)
    set_hand(s, 0, "SHA1", "SHA2")
    set_res(s, 0, 0, 1, 1)
    top_ally(s, COLOUR["yellow"], "YE1")  # any 1 -> 2 gold + 1 meat
    act(s, "SHA1 S", "SHA2 m1", "trade yellow")  # the shaman G1 -> G2, by yellow
    # YE1 was the face-up top of the yellow deck: every seat saw it taken.
    assert context(s) == {"frame": "PAY_ANY", "pays_for": "ally", "ally": "YE1",
                          "resources_left": 1, "below": []}


def test_the_wylds_left_and_a_wylds_cards_own_step_over_them() -> None:
    s = new(2, promo_wylds=True)
    give(s, 0, "reserve", "WY3", "WY4", "WY9")
    set_hand(s, 0, "SHA2")
    set_res(s, 0, 1, 0, 0)
    s.sacked_spoils.append(s.prov_spoils[0].pop())
    act(s, "SHA2 wy")
    assert context(s) == {"frame": "WYLDS", "cards": ["WY3", "WY4", "WY9"], "below": []}
    act(s, "wylds WY4")
    wylds = {"frame": "WYLDS", "cards": ["WY3", "WY9"]}
    assert context(s) == {"frame": "DIRECTION", "below": [wylds]}
    act(s, "cw", "wylds WY9")
    wylds = {"frame": "WYLDS", "cards": ["WY3"]}
    assert context(s) == {"frame": "PAY_ANY", "pays_for": "sacked-spoils", "ally": None,
                          "resources_left": 1, "below": [{"frame": "SACKED"}, wylds]}
    act(s, "choose gold")
    assert context(s) == {"frame": "SACKED", "below": [wylds]}


def test_leaving_the_castle_shows_the_steps_still_to_go() -> None:
    s = new(2, banners="mask+potion")
    set_hand(s, 0, "POTION1", "SHA1", "EXP1")
    act(s, "POTION1 castle", "SHA1 S", "EXP1 m2")
    assert context(s) == {"frame": "EXIT", "figure": "shaman", "character": "shaman",
                          "steps": 2, "counter_clockwise": False, "then_acts": True,
                          "below": []}


def test_a_horn_build_names_its_variant_and_card() -> None:
    s = new(2, banners="horn+bag")
    set_hand(s, 0, "HORN3")
    set_res(s, 0, 1, 1, 0)
    act(s, "HORN3 horn")
    assert context(s) == {"frame": "HORN", "variant": "adjacent-any", "card": "HORN3",
                          "below": []}


def test_making_room_names_the_wylds_card_taken() -> None:
    s = new(2)
    set_hand(s, 0, "EXP1", "SHA2")
    give(s, 0, "reserve", "T2", "P2", "WY5")
    set_slot(s, COLOUR["purple"], "WY3")
    set_res(s, 0, 0, 1, 0)
    act(s, "EXP1 E", "SHA2 m1", "explore purple")
    assert context(s) == {"frame": "ROOM", "card": "WY3", "below": []}


def test_the_two_resources_power_counts_down() -> None:
    s = new(2)
    to_winter(s)
    s.power_card[0] = WB1
    give_favor(s, 0, 1)
    act(s, "power two-resources")
    assert context(s) == {"frame": "GAIN", "resources_left": 2, "below": []}
    act(s, "choose gold")
    assert context(s) == {"frame": "GAIN", "resources_left": 1, "below": []}
    act(s, "choose meat", "end")
    assert context(s) == {"frame": "CLEANUP", "below": []}
