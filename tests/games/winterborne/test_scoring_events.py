"""Structured scoring events (issue 19): the final scoring logged item by item (each
ally, each province's buildings, each banner, each objective) with the exact VP, the
breakdown category and the item; a compound move's log line named after its special
action; the metric kinds occur in seeded games."""

from __future__ import annotations

import random

import wintergames as wg
from tests.games.winterborne.helpers import fresh, place, top_ally
from tests.games.winterborne.scenario import (
    ALLY,
    CARD,
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
from wintergames.core.events import Event
from wintergames.core.testing import check_scoring_events
from wintergames.games.winterborne import turn
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.state import WinterborneState

GREEN, YELLOW, BLUE, PURPLE, RED, BLACK = range(6)
C1, C2, C3, C4, C5, C6 = range(6, 12)


def scored(s: WinterborneState) -> list[tuple[int | None, int, str | None, str | None]]:
    return [(e.player, e.vp, e.category, e.item) for e in s.log if e.kind == "score"]


def give_ally(s: WinterborneState, p: int, ally_id: str) -> None:
    a = ALLY[ally_id]
    for deck in s.ally_decks:
        if a in deck:
            deck.remove(a)
    s.allies[p].append(a)


def last(s: WinterborneState, kind: str) -> Event:
    return next(e for e in reversed(s.log) if e.kind == kind)


def test_the_rulebooks_buildings_example_scored_item_by_item() -> None:
    s = new(2, banners="mask+book")
    # RB's buildings example: "Blue province scores 4 points, green province scores 2
    # points, purple province scores 8, and the yellow province scores 1 point."
    conquer_tile(s, 0, C3, PURPLE)
    conquer_tile(s, 0, C4, PURPLE)
    give_tile(s, 0, "PR-purple")
    build_at(s, 0, 3)
    build_at(s, 0, C3)
    conquer_tile(s, 0, C2, BLUE)
    build_at(s, 0, 2)
    build_at(s, 0, C2)
    conquer_tile(s, 0, C1, GREEN)
    build_at(s, 0, 0)
    build_at(s, 0, 1)
    # Allies: black 2 (flat), purple 1 per 2 settlements (6 built -> 3); the green ally
    # scores 1 per 3 cards owned: the 6 house cards and BOOK2 -> 2.
    give_ally(s, 0, "BK1")
    give_ally(s, 0, "PU1")
    give_ally(s, 0, "GR1")
    # BOOK2 (book-pyr): 1 per purple, yellow or red conquer tile: C3, C4 purple -> 2.
    give(s, 0, "discard", "BOOK2")
    give_favor(s, 0, 4)
    set_res(s, 0, 3, 2, 2)  # 7 resources -> 2
    give_favor(s, 1, 1)
    ok(s)
    turn.end_game(s)
    mine = [x for x in scored(s) if x[0] == 0]
    assert mine == [
        (0, 2, "Allies", "BK1"),
        (0, 3, "Allies", "PU1"),
        (0, 2, "Allies", "GR1"),
        (0, 2, "Buildings", "green province"),
        (0, 1, "Buildings", "yellow province"),
        (0, 4, "Buildings", "blue province"),
        (0, 8, "Buildings", "purple province"),
        (0, 2, "Banners", "BOOK2"),
        (0, 4, "Favor", None),
        (0, 2, "Resources", None),
    ]
    # seat 1 scores only its favor token (1 gold is less than 3 resources)
    assert [x for x in scored(s) if x[0] == 1] == [(1, 1, "Favor", None)]
    texts = [e.text for e in s.log if e.kind == "score" and e.player == 0]
    assert texts[6] == "Player 1 scores 8 VP for 2 buildings in the purple province (4 sections)"
    assert texts[0] == "Player 1 scores 2 VP for the black ally"
    # the totals keep their text, with no points of their own
    totals = [e for e in s.log if e.kind == "total"]
    assert [(e.player, e.vp, e.category) for e in totals] == [(0, 0, None), (1, 0, None)]
    assert totals[0].text == ("Player 1 scores 30 VP: allies 7, buildings 15, banners 2, "
                              "favor 4 and resources 2")
    assert s.scores() == [30, 1]
    check_scoring_events(s)


def test_solo_objectives_scored_and_the_balaur_is_no_seat() -> None:
    s = new(1, difficulty="easy", banners="mask+book")
    d = next(i for i, o in enumerate(WB.objectives) if o.letter == "D")
    others = [i for i in s.objectives if i != d]
    s.objectives = [*others[:2], d]  # D in slot 2
    for sec, colour in zip(range(6, 12), range(6), strict=True):  # objective D
        conquer_tile(s, 0, sec, colour)
    for cid in ("T1", "P1", "W1", "MASK1"):  # the Balaur's pile: a set of 3 (6), a banner
        s.balaur_pile.append(CARD[cid])
        for deck in s.season_decks:
            if CARD[cid] in deck:
                deck.remove(CARD[cid])
        if CARD[cid] in s.explore_slot:
            s.explore_slot[s.explore_slot.index(CARD[cid])] = -1
    ok(s)
    turn.end_game(s)
    assert scored(s) == [
        (0, WB.objective_vp[2], "Objectives", "objective D"),
        (None, 6, "Exploration sets", None),
        (None, 1, "Banners", None),
    ]
    assert last(s, "total").text == ("The Balaur scores 47 VP: sets 6, banners 1 and base 40; "
                                     "Player 1 does not beat the Balaur")
    check_scoring_events(s)


def test_a_move_is_named_after_its_first_special_action() -> None:
    # a red ally's trade brings a free conquest: one line, a trade
    s = fresh(hand=["SHA1", "SHA2"], res=(1, 0, 1))
    top_ally(s, RED, "RE1")
    place(s, shaman="G4")
    s.apply(wg.get_spec("winterborne").parse_action("SHA1 S"))
    for move in ("SHA2 m1", "trade red", "conquer C2 blue", "take none"):
        if move.startswith("conquer"):  # the trade paid for it: every view says free
            assert s.observation(None)["conquer_cost"] == {}
        s.apply(wg.get_spec("winterborne").parse_action(move))
    assert s.observation(None)["conquer_cost"] == {"gold": 1, "military": 1}
    line = s.log[-1]
    assert line.kind == "trade" and "trades with the red ally (pays" in line.text
    assert "conquers C2" in line.text
    # a warrior's conquest on its own
    s = fresh(hand=["WAR1", "SHA1"], res=(1, 0, 1))
    for move in ("WAR1 W", "SHA1 m2", "conquer C1 yellow", "take none"):
        s.apply(wg.get_spec("winterborne").parse_action(move))
    assert s.log[-1].kind == "conquer"
    # a card played for its resources is a plain move
    s = fresh(hand=["SHA1"])
    s.apply(wg.get_spec("winterborne").parse_action("SHA1 +1g"))
    assert (s.log[-1].kind, s.log[-1].text) == (
        "move", "Player 1 plays Shaman I (take 1 gold): +1 gold")


def test_a_saved_game_from_before_the_line_kind_loads() -> None:
    s = fresh(hand=["WAR1", "SHA1"], res=(1, 0, 1))
    s.apply(wg.get_spec("winterborne").parse_action("WAR1 W"))
    obj = s.to_json()
    del obj["state"]["line_kind"]
    again = WinterborneState.from_json(obj)
    assert again.line_kind == "move" and again.line == s.line


def test_every_metric_kind_occurs_in_seeded_games() -> None:
    spec = wg.get_spec("winterborne")
    assert set(spec.metric_kinds) == {"trade", "explore", "conquer", "build", "cap"}
    seen: set[str] = set()
    for seed in range(4):
        s = wg.make("winterborne", 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            actions = s.legal_actions()
            s.apply(actions[rng.randrange(len(actions))])
        check_scoring_events(s)
        seen |= {e.kind for e in s.log}
    assert set(spec.metric_kinds) <= seen


def test_set_hand_keeps_a_scored_game_consistent() -> None:
    # a position built by hand still scores through the same events at the end
    s = new(2)
    set_hand(s, 0, "T1", "P1", "W1")  # a set of 3 -> 6
    turn.end_game(s)
    assert [x for x in scored(s) if x[0] == 0] == [(0, 6, "Exploration sets", None)]
