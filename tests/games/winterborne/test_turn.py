"""Ending a turn, replenishing, seasons, the last round of autumn and winter (RB "Ending
Your Turn", "Seasons", "Entering Winter", "General Rules")."""

from __future__ import annotations

import json
import random

import pytest

from tests.games.winterborne.scenario import (
    CARD,
    SPEC,
    act,
    give,
    give_favor,
    ids,
    legal,
    new,
    ok,
    set_hand,
    set_res,
    set_slot,
    to_winter,
)
from wintergames.core.errors import IllegalActionError
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.frames import explore_cost
from wintergames.games.winterborne.state import WinterborneState


def end_turn(s: WinterborneState) -> None:
    """End the turn keeping the whole hand."""
    act(s, "end", "done")


def test_played_cards_are_discarded_and_the_hand_refilled_to_4() -> None:
    # "Place all the cards played this turn into the discard pile. You may keep or discard
    # any cards in your hand. Draw cards from your personal deck until you have 4 cards."
    s = new(2)
    set_hand(s, 0, "SHA1", "EXP1", "WAR1", "SHA2")
    s.deck[0] = [CARD["EXP2"], CARD["WAR2"]]
    act(s, "SHA1 +1g")
    assert s.res[0] == [2, 0, 0]
    act(s, "end")
    assert ids(s.discard[0]) == ["SHA1"]
    assert "discard EXP1" in legal(s) and "done" in legal(s)
    act(s, "discard EXP1", "done")
    assert ids(s.discard[0]) == ["EXP1", "SHA1"]
    assert ids(s.hand[0]) == ["EXP2", "SHA2", "WAR1", "WAR2"]
    assert s.deck[0] == []
    assert s.current == 1
    ok(s)


def test_an_empty_deck_is_refilled_by_shuffling_the_discard_pile() -> None:
    # "Whenever your personal deck is empty and you need to draw a card, reshuffle the
    # discard pile and replenish your deck."
    s = new(2)
    set_hand(s, 0, "SHA1", "EXP1", "WAR1", "SHA2")
    give(s, 0, "discard", "EXP2", "WAR2")
    assert s.deck[0] == []
    act(s, "SHA1 +1g", "end", "discard EXP1", "done")
    # 2 cards to draw: the discard (EXP2, WAR2, SHA1, EXP1) became the deck.
    assert len(s.hand[0]) == 4
    assert len(s.deck[0]) == 2 and s.discard[0] == []
    assert ids(s.hand[0] + s.deck[0]) == ids([0, 1, 2, 3, 4, 5])
    assert any(e.kind == "shuffle" for e in s.log)
    ok(s)


def test_reserve_up_to_3_cards_with_the_reserve_icon() -> None:
    # "You may place exploration cards from your hand with the reserve icon face-up into
    # your reserve (maximum of 3 at any time)."
    s = new(2)
    set_hand(s, 0, "T2", "T4", "P2", "W2", "T1")
    act(s, "end")
    options = legal(s)
    assert {"reserve T2", "reserve T4", "reserve P2", "reserve W2"} <= options
    assert "reserve T1" not in options  # no reserve icon
    with pytest.raises(IllegalActionError, match="T1 has no reserve icon"):
        act(s, "reserve T1")
    act(s, "reserve T2", "reserve T4", "reserve P2")
    assert ids(s.reserve[0]) == ["P2", "T2", "T4"]
    assert not any(a.startswith("reserve") for a in legal(s))
    with pytest.raises(IllegalActionError):
        act(s, "reserve W2")
    act(s, "done")
    assert ids(s.reserve[0]) == ["P2", "T2", "T4"]
    assert len(s.hand[0]) == 4  # W2, T1 and 2 drawn
    ok(s)


def test_done_with_too_many_cards_in_hand_is_refused_naming_the_hand_limit() -> None:
    # "Up to 3 cards are allowed in your reserve and they do not count towards your hand
    # limit"; "Draw cards from your personal deck until you have 4 cards in hand." T2,
    # picked up during the turn, makes a hand of 5 at the clean-up.
    s = new(2)
    set_hand(s, 0, "T2", "SHA1", "EXP1", "WAR1", "SHA2")
    act(s, "end", "reserve T2", "done")
    end_turn(s)  # seat 1
    assert len(s.hand[0]) == WB.hand_size and ids(s.reserve[0]) == ["T2"]
    act(s, "unreserve T2", "end")
    assert len(s.hand[0]) == WB.hand_size + 1 and "done" not in legal(s)
    with pytest.raises(IllegalActionError) as info:
        act(s, "done")
    message = str(info.value)
    assert f"your hand holds {WB.hand_size + 1} cards" in message
    assert f"discard down to {WB.hand_size}" in message
    assert "reserve cards do not count towards the hand limit" in message
    assert "does not answer the open decision" not in message
    act(s, "reserve T2", "done")  # into the reserve, out of the hand's count
    assert s.current == 1
    ok(s)


def test_reserve_cards_are_played_as_though_in_hand_and_can_come_back() -> None:
    # "You can play cards from your reserve as though they are in your hand."
    s = new(2)
    set_hand(s, 0, "SHA1")
    give(s, 0, "reserve", "T4", "T2")
    act(s, "T4 +1g1x")
    assert s.res[0] == [2, 0, 1]
    act(s, "end")
    assert ids(s.discard[0]) == ["T4"]
    assert "unreserve T2" in legal(s)
    act(s, "unreserve T2")
    assert "reserve T2" not in legal(s)  # once per clean-up
    act(s, "done")
    assert CARD["T2"] in s.hand[0]
    ok(s)


def _reserve_moves(s: WinterborneState) -> set[str]:
    return {a for a in legal(s) if a.startswith(("reserve", "unreserve"))}


def test_reserve_cards_placed_and_picked_up_during_the_turn() -> None:
    # Reserve: "During your turn, you may freely place and pick up cards in your
    # reserve." T2 was put in the reserve at the last clean-up; T4 kept in hand.
    s = new(2)
    set_hand(s, 0, "T2", "T4", "SHA1", "EXP1")
    act(s, "end", "reserve T2", "done")
    end_turn(s)  # seat 1
    assert s.current == 0 and ids(s.reserve[0]) == ["T2"] and CARD["T4"] in s.hand[0]
    # With no decision open: pick up a reserve card, or place a card with the reserve icon
    # (house cards have none).
    assert _reserve_moves(s) == {"unreserve T2", "reserve T4"}
    for action in s.legal_actions(0):  # the notation, JSON and number of each name it
        if action.kind in ("reserve", "unreserve"):
            assert SPEC.parse_action(str(action)) == action
            assert SPEC.codec.from_json(json.loads(json.dumps(action.to_json()))) == action
            assert SPEC.decode(SPEC.encode(action, 2, s.options), 2, s.options) == action
    act(s, "reserve T4")
    assert ids(s.reserve[0]) == ["T2", "T4"]
    assert _reserve_moves(s) == {"unreserve T2", "unreserve T4"}
    # Not while another decision is open (here: the circle after a hex).
    act(s, "SHA1 S")
    assert not _reserve_moves(s)
    with pytest.raises(IllegalActionError, match="when no other decision is open"):
        act(s, "unreserve T2")
    act(s, "EXP1 m2", "pass")
    # A card picked up stays in hand until the clean-up: putting it back would only undo
    # the pick-up (docs/rules/winterborne.md), so the turn's play always ends.
    act(s, "unreserve T2")
    assert CARD["T2"] in s.hand[0] and ids(s.reserve[0]) == ["T4"]
    assert _reserve_moves(s) == {"unreserve T4"}
    with pytest.raises(IllegalActionError, match="stays in hand until the clean-up"):
        act(s, "reserve T2")
    act(s, "unreserve T4")
    assert not _reserve_moves(s)
    moves = [e.text for e in s.log if e.kind == "reserve"]
    assert moves[-3:] == ["Player 1 puts Treasure 4 into the reserve",
                          "Player 1 takes Treasure 2 from the reserve into hand",
                          "Player 1 takes Treasure 4 from the reserve into hand"]
    # The clean-up may place them again ("You may place exploration cards from your hand
    # with the reserve icon face-up into your reserve").
    act(s, "end")
    assert {"reserve T2", "reserve T4"} <= legal(s)
    act(s, "reserve T2", "done")
    assert ids(s.reserve[0]) == ["T2"] and CARD["T4"] in s.hand[0]
    ok(s)


def test_the_cards_staying_in_hand_or_reserve_are_public() -> None:
    # A card picked up from the reserve stays in hand until the clean-up; in the clean-up a
    # card moves once. The pick-up and the placing are logged for all, so every seat and
    # a spectator are told which cards may not move (observe.reserve_blocked), and a seat
    # resampling what it cannot see keeps them in the hand of the seat to move.
    s = new(2)
    set_hand(s, 0, "T2", "T4", "SHA1", "EXP1")
    act(s, "end", "reserve T2", "reserve T4", "done")
    end_turn(s)  # seat 1
    views = [s.observation(v) for v in (0, 1, None)]
    assert all(v["reserve_blocked"] == [] for v in views)
    act(s, "unreserve T2")
    for viewer in (0, 1, None):
        assert s.observation(viewer)["reserve_blocked"] == ["T2"]
    for k in range(8):
        twin = s.determinize(1, random.Random(k))
        assert CARD["T2"] in twin.hand[0]
        assert twin.observation(1) == s.observation(1)
        ok(twin)
    act(s, "end", "reserve T2", "unreserve T4")  # the clean-up counts afresh
    for viewer in (0, 1, None):
        assert s.observation(viewer)["reserve_blocked"] == ["T2", "T4"]
    act(s, "discard T4")  # discarded, it is out of play for the reserve
    assert s.observation(1)["reserve_blocked"] == ["T2"]
    act(s, "done")
    assert s.observation(0)["reserve_blocked"] == []
    ok(s)


def test_the_main_prompt_names_the_reserve_moves_there_are() -> None:
    # The seat to move is told the kinds of move its legal actions hold (prompts.py).
    def said(s: WinterborneState) -> str:
        d = s.decision(s.current)
        assert d is not None
        return d.prompt.text.removeprefix("Your turn: ")

    s = new(2)
    set_hand(s, 0, "SHA1", "EXP1", "WAR1", "SHA2")  # house cards: no reserve icon
    assert not _reserve_moves(s)
    assert said(s) == "play a card or end your turn"
    s = new(2)
    set_hand(s, 0, "T2", "T4", "SHA1", "EXP1")
    act(s, "end", "reserve T2", "done")
    end_turn(s)
    assert _reserve_moves(s) == {"unreserve T2", "reserve T4"}
    assert said(s) == "play a card, place or pick up a reserve card, or end your turn"
    act(s, "reserve T4", "unreserve T2", "unreserve T4")  # T2, T4 stay in hand
    assert not _reserve_moves(s)
    assert "reserve" not in said(s)
    set_hand(s, 1, "SHA1")
    act(s, "end", "reserve T2", "done", "SHA1 +1g")  # seat 1: one card, played
    assert not s.hand[1] and not s.reserve[1] and not s.spoils[1]
    assert said(s) == "end your turn"
    ok(s)
    # A power only in winter, unused this round, with the favor to pay for it.
    s = new(2)
    set_hand(s, 0, "SHA1", "EXP1", "WAR1", "SHA2")
    s.power_card[0] = 0  # WB1: two resources, move a building
    to_winter(s, 1)
    assert "use a power" not in said(s)  # no favor
    give_favor(s, 0, 1)
    assert said(s) == "play a card, use a power, or end your turn"
    act(s, "power two-resources", "choose gold", "choose gold")
    assert said(s) == "play a card or end your turn"


def test_reserve_limits_hold_during_the_turn() -> None:
    # "Up to 3 cards are allowed in your reserve"; "The Wylds are locked into your
    # reserve ... and count towards your reserve limit".
    s = new(2)
    set_hand(s, 0, "T4", "P2", "SHA1")
    give(s, 0, "reserve", "WY1", "T2")
    assert _reserve_moves(s) == {"reserve T4", "reserve P2", "unreserve T2"}
    act(s, "reserve T4")
    assert _reserve_moves(s) == {"unreserve T2", "unreserve T4"}  # full; WY1 stays
    with pytest.raises(IllegalActionError, match="up to 3 cards"):
        act(s, "reserve P2")
    with pytest.raises(IllegalActionError, match="locked in the reserve"):
        act(s, "unreserve WY1")
    ok(s)


def test_reserve_moves_in_the_turns_play_always_run_out() -> None:
    """Every sequence of reserve moves ends: random play cannot shuffle cards between
    hand and reserve for ever. Each card moves at most twice (put in, then picked up)."""
    s = new(2)
    set_hand(s, 0, "T4", "P2", "W2", "SHA1")
    give(s, 0, "reserve", "T2", "P4")
    cards = 5

    def longest(state: WinterborneState) -> int:
        moves = [a for a in state.legal_actions(0) if a.kind in ("reserve", "unreserve")]
        best = 0
        for action in moves:
            child = state.clone()
            child.apply(action, 0)
            best = max(best, 1 + longest(child))
            assert best <= 2 * cards
        return best

    assert 2 <= longest(s) <= 2 * cards


def test_more_than_12_resources_the_player_chooses_what_to_return() -> None:
    # "You cannot have more than 12 resources at the end of your turn; return the excess
    # to the general supply." (interpretation 16: the player chooses)
    s = new(2)
    set_res(s, 0, 6, 5, 4)
    act(s, "end", "done")
    assert s.current == 0
    assert legal(s) == {"choose gold", "choose meat", "choose military"}
    act(s, "choose military", "choose military")
    assert s.current == 0
    act(s, "choose gold")
    assert s.res[0] == [5, 5, 2]
    assert s.current == 1
    ok(s)


def test_exactly_12_resources_are_kept() -> None:
    s = new(2)
    set_res(s, 0, 4, 4, 4)
    act(s, "end", "done")
    assert s.res[0] == [4, 4, 4] and s.current == 1


def test_replenish_from_12_o_clock_clockwise() -> None:
    # "Replenish from the 12 o'clock position first and then clockwise until all boards
    # have been filled."
    s = new(2)
    spring = s.season_decks[0]
    top, second = spring[-1], spring[-2]
    set_slot(s, 4, None)
    set_slot(s, 1, None)
    end_turn(s)
    assert s.explore_slot[1] == top and s.explore_slot[4] == second
    assert len(s.season_decks[0]) == 1 and s.season == 0
    ok(s)


def test_an_emptied_season_deck_moves_the_season_on_mid_refill() -> None:
    # "If you empty a season deck, then move the season marker to the next season and
    # continue replenishing exploration cards from the new season deck."
    s = new(2)
    assert explore_cost(s, 0) == 1  # spring
    spring, summer = s.season_decks[0], s.season_decks[1]
    last_spring, top_summer = spring[-1], summer[-1]
    s.season_decks[3][:0] = spring[:-1]
    del spring[:-1]
    set_slot(s, 0, None)
    set_slot(s, 5, None)
    end_turn(s)
    assert s.explore_slot[0] == last_spring and s.explore_slot[5] == top_summer
    assert s.season == 1 and s.season_decks[0] == [] and len(s.season_decks[1]) == 2
    # "The current season determines the cost to explore": summer 2 (components C9).
    assert explore_cost(s, 1) == 2
    ok(s)


def test_explore_pays_the_seasons_cost() -> None:
    # The explorer starts on G3, next to S3 (blue); EXP1 hex + SHA1 move 2 take it to G5,
    # next to S5 (red). Autumn: 3 meat.
    s = new(2)
    s.season = 2
    set_hand(s, 0, "EXP1", "SHA1")
    set_slot(s, 4, "T1")
    set_res(s, 0, 0, 4, 0)
    act(s, "EXP1 E", "SHA1 m2")
    assert s.figures[0][1] == 4
    assert "explore red" in legal(s)
    act(s, "explore red")
    assert s.res[0] == [0, 1, 0]
    assert CARD["T1"] in s.hand[0] and s.explore_slot[4] == -1
    ok(s)


def test_explore_is_not_offered_without_the_seasons_meat() -> None:
    s = new(2)
    s.season = 3
    set_hand(s, 0, "EXP1", "SHA1")
    set_res(s, 0, 0, 3, 0)
    act(s, "EXP1 E", "SHA1 m2")
    assert not any(a.startswith("explore") for a in legal(s))
    assert "raid" in legal(s)


def _empty_spring_summer(s: WinterborneState, autumn_left: int) -> None:
    for d in (0, 1):
        s.season_decks[3][:0] = s.season_decks[d]
        s.season_decks[d].clear()
    autumn = s.season_decks[2]
    s.season_decks[3][:0] = autumn[:-autumn_left]
    del autumn[:-autumn_left]
    s.season = 2


def turns_per_seat(s: WinterborneState) -> list[int]:
    return [sum(1 for e in s.log if e.kind == "end" and e.player == p)
            for p in range(s.num_players)]


def test_autumn_running_out_mid_round_then_three_winter_rounds() -> None:
    # "Once the autumn deck runs out, the season marker will stay in autumn until the end
    # of the current round ... Thus, each player will have the same number of turns
    # before switching into winter. If the autumn deck is empty and you are continuing
    # the round, replenish cards from the winter deck."
    s = new(3, first_player="2")  # seat 1 first; the round ends after seat 0
    _empty_spring_summer(s, 1)
    end_turn(s)  # seat 1
    assert s.current == 2
    set_slot(s, 3, None)
    end_turn(s)  # seat 2 empties autumn
    assert s.autumn_out and s.season == 2 and s.season_decks[2] == []
    assert s.winter_round == 0 and s.current == 0
    winter_top = s.season_decks[3][-1]
    set_slot(s, 0, None)
    end_turn(s)  # seat 0 ends the round, refilled from winter
    assert s.explore_slot[0] == winter_top
    # "At the end of the round when the autumn deck is depleted, the season marker is
    # moved to the 1st round of winter."
    assert s.season == 3 and s.winter_round == 1 and s.current == 1
    for rnd in (1, 2, 3):
        for seat in (1, 2, 0):
            assert s.winter_round == rnd and s.current == seat and not s.is_over
            end_turn(s)
    # "The game ends at the end of the 3rd round of winter."
    assert s.is_over and s.to_move == ()
    assert turns_per_seat(s) == [4, 4, 4]
    assert any(e.kind == "total" for e in s.log)
    ok(s)


def test_autumn_running_out_in_the_first_players_turn() -> None:
    s = new(2)
    _empty_spring_summer(s, 1)
    set_slot(s, 2, None)
    end_turn(s)  # seat 0 (first) empties autumn
    assert s.autumn_out and s.winter_round == 0 and s.current == 1
    end_turn(s)
    assert s.winter_round == 1 and s.current == 0
    for _ in range(5):
        end_turn(s)
    assert not s.is_over and s.winter_round == 3 and s.current == 1
    end_turn(s)
    assert s.is_over and turns_per_seat(s) == [4, 4]


def test_cards_taken_during_a_turn_are_replenished_only_at_its_end() -> None:
    # "The seasons can change at any time during a round as players explore and build
    # churches" - but cards are replenished only at the end of a turn.
    s = new(2)
    s.season_decks[3][:0] = s.season_decks[0][:-1]
    del s.season_decks[0][:-1]
    set_hand(s, 0, "EXP1", "SHA2")
    set_res(s, 0, 0, 1, 0)
    act(s, "EXP1 E", "SHA2 m1", "explore purple")  # G4 is next to S4 (purple)
    assert s.explore_slot[3] == -1 and s.season == 0
    end_turn(s)
    assert s.season == 1 and s.explore_slot[3] >= 0


def test_the_last_winter_card_leaves_a_slot_empty() -> None:
    s = new(2)
    for d in range(3):
        s.season_decks[d].clear()
    s.season_decks[3].clear()
    s.season, s.autumn_out, s.winter_round = 3, True, 1
    s.explore_slot[2] = -1
    end_turn(s)
    assert s.explore_slot[2] == -1 and s.current == 1
