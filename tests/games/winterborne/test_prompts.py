"""Winterborne's decisions as data (issue 38): every frame kind states its prompt, every
legal action a label and an explanation, with the costs and limits the rules give, read
from the data files (``WB``) and the state."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

import wintergames as wg
from tests.games.winterborne import scenario as sc
from tests.games.winterborne.helpers import card
from tests.games.winterborne.scenario import act, give, new, set_hand, set_res
from wintergames.core.actions import Action
from wintergames.core.decisions import Choice
from wintergames.core.phrase_check import check_decisions
from wintergames.games.winterborne import frames as fr
from wintergames.games.winterborne import rules
from wintergames.games.winterborne.actions import END
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.moving import Move
from wintergames.games.winterborne.observe import FRAME_KINDS
from wintergames.games.winterborne.specials import Act
from wintergames.games.winterborne.state import WinterborneState
from wintergames.games.winterborne.turn import Cleanup

WB1 = 0  # the power card with two resources and move a building


def prompt(s: WinterborneState) -> str:
    d = s.decision(s.current)
    assert d is not None
    return d.prompt.text


def limit(s: WinterborneState) -> str:
    d = s.decision(s.current)
    assert d is not None and d.limit is not None
    return d.limit.text


def chosen(s: WinterborneState, notation: str) -> Choice:
    """The choice of the legal action written ``notation``."""
    found = [c for a, c in s.choices(s.current) if str(a) == notation]
    assert len(found) == 1 and found[0] is not None, notation
    return found[0]


def test_every_frame_kind_states_its_prompt() -> None:
    # the frame kinds the rules open and the observation names: each says, in its own
    # class, its legal answers, what an answer does and what the seat is asked
    assert FRAME_KINDS[1:] == tuple(kind.NAME for kind in rules.FRAMES)
    for kind in rules.FRAMES:
        assert {"legal", "resolve", "ask"} <= set(vars(kind)), kind.__name__
        assert not getattr(kind, "__abstractmethods__", None), kind.__name__


def test_a_frame_kind_without_a_prompt_cannot_be_opened() -> None:
    @dataclass(frozen=True, slots=True)
    class Mute(fr.WbFrame):
        CODE = 99
        NAME = "MUTE"
        KEY = "mute"

        def legal(self, s: WinterborneState, p: int) -> list[Action]:
            return [END]

        def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
            fr.pop(s)

    with pytest.raises(TypeError, match="ask"):
        Mute()  # type: ignore[abstract]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_decision_of_a_random_game_is_said(n: int) -> None:
    """Each step, not every 50th as the generic checks do: the prompt and each legal
    action's label, explanation and group are phrases naming a rule passage."""
    options = {"mercenary": True, "promo_wylds": True, "round_power": True, "banners": "random"}
    s = wg.make("winterborne", n, seed=n, options=options)
    assert isinstance(s, WinterborneState)
    rng = random.Random(n)
    frames = set()
    while not s.is_over:
        check_decisions(s)
        frames.add(type(s.pending[-1]) if s.pending else None)
        s.apply(rng.choice(s.legal_actions()))
    assert {None, Move, Act, Cleanup} <= frames


def test_the_turn_names_the_kinds_of_move_there_are() -> None:
    s = new(2)
    set_hand(s, 0, "SHA1", "EXP1", "WAR1", "SHA2")  # house cards: no reserve icon
    assert prompt(s) == "Your turn: play a card or end your turn"
    assert limit(s) == f"reserve: 0 of {WB.reserve_size} places used"
    s = new(2)
    set_hand(s, 0, "T2", "T4", "SHA1", "EXP1")
    act(s, "end", "reserve T2", "done")
    act(s, "end", "done")  # seat 1's turn
    assert prompt(s) == ("Your turn: play a card, place or pick up a reserve card, "
                         "or end your turn")
    assert limit(s) == f"reserve: 1 of {WB.reserve_size} places used"
    assert chosen(s, "reserve T4").group.text == "Treasure 4"  # type: ignore[union-attr]
    assert chosen(s, "reserve T4").label.text == "Into the reserve"


def test_a_power_says_its_price_in_favor_of_the_winter_round() -> None:
    s = new(2)
    set_hand(s, 0, "SHA1", "EXP1", "WAR1", "SHA2")
    s.power_card[0] = WB1
    sc.to_winter(s, 2)
    sc.give_favor(s, 0, 2)
    d = s.decision(0)
    assert d is not None and d.cost is not None
    assert "use a power" in d.prompt.text
    assert d.cost.text == "a Winterborne power costs 2 favor in winter round 2; you have 2 favor"
    assert chosen(s, "power two-resources").explain.text == (
        "Use Two Resources for 2 favor: take 2 resources of your choice")
    act(s, "power two-resources")
    d = s.decision(0)
    assert d is not None and d.limit is not None
    assert (d.prompt.text, d.limit.text, d.remaining) == (
        "Choose a resource to take", "2 more to choose", 2)
    act(s, "choose gold")
    assert limit(s) == "1 more to choose"
    assert chosen(s, "choose meat").label.text == "Take 1 meat"


def test_a_move_names_its_figure_the_circle_its_destination() -> None:
    s = new(2)
    set_hand(s, 0, "SHA1", "EXP1", "WAR1", "SHA2")
    start = s.figures[0][fr.SHAMAN]
    act(s, "SHA1 S")
    d = s.decision(0)
    assert d is not None and d.piece is not None and d.piece.ref == "shaman"
    assert d.prompt.text.startswith("Play a movement circle for the shaman")
    to = WB.space_names[(start + 1) % len(WB.space_names)]
    said = chosen(s, "SHA2 m1")
    assert said.explain.text == f"With Shaman II (move 1): the shaman moves 1 space to {to}"
    assert said.group is not None and said.group.text == "Shaman II"
    act(s, "SHA2 m1")
    assert prompt(s) == "The shaman may take its special action, or pass"
    assert chosen(s, "tax").explain.text == "Tax: take +1 gold and +1 military"
    assert chosen(s, "pass").label.text == "No special action"


def test_the_warrior_says_the_prices_of_conquering_and_building() -> None:
    s = new(2)
    set_hand(s, 0, "WAR1", "EXP1", "SHA1", "SHA2")
    set_res(s, 0, 3, 3, 3)
    act(s, "WAR1 W", "EXP1 m2")
    d = s.decision(0)
    assert d is not None and d.cost is not None
    assert d.cost.text == "a conquest costs 1 gold and 1 military; a settlement 1 gold and 1 meat"
    conquers = [c for a, c in s.choices(0) if a.kind == "conquer"]
    assert conquers, "the warrior has a section to conquer"
    for c in conquers:
        assert c is not None and c.group is not None
        assert c.group.text.startswith("On C")
        assert "for 1 gold and 1 military" in c.explain.text  # CONQUER_COST
        assert c.label.text.startswith("Conquer with a ")
    builds = [c for a, c in s.choices(0) if a.kind == "build"]
    for c in builds:
        assert c is not None and "for 1 gold and 1 meat" in c.explain.text  # a settlement


def test_the_clean_up_says_the_hand_limit_and_the_cap_what_is_left() -> None:
    s = new(2)
    set_hand(s, 0, "SHA1", "EXP1", "WAR1", "SHA2")
    give(s, 0, "hand", "T2", "T4")
    act(s, "end")
    d = s.decision(0)
    assert d is not None and d.limit is not None
    assert d.prompt.text == "Clean-up: reserve, take back or discard cards, then done"
    assert (d.limit.text, d.remaining) == (
        f"hand 6 of at most {WB.hand_size}: discard or reserve 2 more", 2)
    act(s, "discard T2", "discard T4")
    assert limit(s) == (f"hand 4 of at most {WB.hand_size}; "
                        f"reserve 0 of {WB.reserve_size} places used")
    set_res(s, 0, 6, 5, 4)  # 15 resources: 3 over the cap
    act(s, "done")
    d = s.decision(0)
    assert d is not None and d.limit is not None
    assert d.prompt.text == f"Return resources to the supply until you have {WB.resource_cap}"
    assert (d.limit.text, d.remaining) == ("you have 15: 3 more to return", 3)
    assert chosen(s, "choose gold").label.text == "Return 1 gold"


def test_making_room_names_the_wylds_card() -> None:
    s = new(2)
    set_hand(s, 0, "EXP1", "SHA2")
    give(s, 0, "reserve", "T2", "P2", "WY5")
    sc.set_slot(s, sc.COLOUR["purple"], "WY3")
    set_res(s, 0, 0, 1, 0)
    assert chosen(s, "EXP1 E").explain.text.startswith("Play Explorer I for its Explorer hex")
    act(s, "EXP1 E", "SHA2 m1")
    d = s.decision(0)
    assert d is not None and d.cost is not None
    assert d.cost.text == f"exploring costs {WB.explore_cost[s.season]} meat"
    wylds = WB.cards[card("WY3")].name
    assert chosen(s, "explore purple").explain.text == (
        f"Pay {WB.explore_cost[s.season]} meat: take {wylds}, the exploration card of purple")
    act(s, "explore purple")
    d = s.decision(0)
    assert d is not None and d.piece is not None and d.piece.ref == "WY3"
    assert d.prompt.text.startswith("Your reserve is full: take a card back into hand")
    assert limit(s) == f"reserve: 3 of {WB.reserve_size} places used"
    said = [c for _, c in s.choices(0) if c is not None]
    assert {c.label.text for c in said} == {"Back into hand"}
    assert {c.group.text for c in said if c.group is not None} == {
        WB.cards[card("T2")].name, WB.cards[card("P2")].name}


def test_the_white_meeple_is_asked_for_by_name_and_acts_for_its_hex() -> None:
    s = new(2)
    sc.to_winter(s)
    s.power_card[0] = 3  # WB4: the white meeple
    sc.give_favor(s, 0, 3)
    act(s, "power white-meeple")
    assert prompt(s) == "Choose the character the white meeple replaces for the rest of the game"
    assert chosen(s, "figure warrior").explain.text == (
        "The white meeple takes the place of the warrior, who leaves the game")
    act(s, "figure warrior")
    set_hand(s, 0, "SHA1", "EXP1")
    act(s, "SHA1 S")
    assert prompt(s) == "Choose which figure the shaman hex moves"
    assert [c.label.text for _, c in s.choices(0) if c is not None] == ["shaman", "white meeple"]
    act(s, "figure white", "EXP1 m2")
    assert prompt(s) == "The white meeple may take a shaman special action, or pass"
