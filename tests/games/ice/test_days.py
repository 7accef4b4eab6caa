"""Days and phases (RB "Gameflow", "Sunset", "Request Validation", "2 player Game"):
the opening Requests, Sunrise, turns of 1-2 EP, each seat's Sunset, validation bonuses
by Day, hand limits, the end of the game."""

from __future__ import annotations

import pytest

from tests.games.ice.helpers import act, fresh, give, hand_request, spend_the_day, texts
from wintergames.core.errors import IllegalActionError
from wintergames.games.ice import days
from wintergames.games.ice.components import IC
from wintergames.games.ice.conservation import check
from wintergames.games.ice.state import IceState


def test_opening_deal_five_keep_three_hidden_and_simultaneous() -> None:
    s = fresh(3, seed=2, opening=False)
    assert s.simultaneous and s.to_move == (0, 1, 2)
    assert [len(h) for h in s.requests] == [5, 5, 5]
    seen_by_1 = s.observation(1)
    act_as = s.legal_actions(0)[0]
    s.apply(act_as, 0)
    assert s.to_move == (0, 1, 2)  # two to discard: seat 0 still owes one
    assert s.observation(1)["seats"][0] == {**seen_by_1["seats"][0], "requests": 4}
    s.apply(s.legal_actions(0)[0], 0)
    assert s.to_move == (1, 2)
    for p in (1, 2):
        s.apply(s.legal_actions(p)[0], p)
        s.apply(s.legal_actions(p)[0], p)
    assert s.day == 1 and not s.simultaneous
    assert [len(h) for h in s.requests] == [3, 3, 3]
    check(s)


def test_first_game_deals_three_and_keeps_one_with_two_rp() -> None:
    s = fresh(4, seed=2, first_game=True)
    assert [len(h) for h in s.requests] == [1, 1, 1, 1]
    assert s.rp == [2, 2, 2, 2]


@pytest.mark.parametrize(("n", "ep"), [(2, 6), (3, 5), (4, 5), (5, 4)])
def test_sunrise_resets_ep_by_player_count(n: int, ep: int) -> None:
    s = fresh(n, seed=1)
    assert s.ep == [ep] * n


def test_a_planning_token_gives_one_more_ep_never_above_six() -> None:
    s = fresh(3, seed=1)
    s.planning = [1, 1, 0]
    s.ep = [0, 0, 0]
    s.finished = [1, 1, 1]
    days.sunrise(s)
    assert s.ep == [6, 6, 5] and s.planning == [0, 0, 0]
    s2 = fresh(2, seed=1)
    s2.planning = [1, 0]
    days.sunrise(s2)
    assert s2.ep == [6, 6]  # 6 + 1, never above 6


def test_a_turn_spends_one_or_two_ep_or_three_with_overwork() -> None:
    s = fresh(3, seed=4)
    # nothing spent yet: end is refused, and so is stop while EP can be spent ("a reserve
    # of EP that they must spend")
    assert "end" not in texts(s) and "stop" not in texts(s)
    with pytest.raises(IllegalActionError, match="1-2 EP"):
        act(s, "end")
    act(s, "plan")
    assert "end" in texts(s) and "stop" not in texts(s) and s.ep[0] == 4
    act(s, texts(s)[0])  # e.g. a Camp
    assert s.spent == 2
    assert all(not t.startswith(("camp", "recruit", "sail", "move", "study"))
               for t in texts(s))  # no third EP without Overwork
    act(s, "end")
    assert s.current == 1


def test_overwork_costs_one_rp_token_and_needs_three_ep() -> None:
    s = fresh(3, seed=4)
    rp = s.rp[0]
    act(s, "overwork")
    assert s.rp[0] == rp - 1 and s.overwork
    for _ in range(3):
        act(s, next(t for t in texts(s) if t.startswith(("camp", "sail", "recruit"))))
    assert s.spent == 3
    s2 = fresh(3, seed=4)
    s2.ep[0] = 2
    assert "overwork" not in texts(s2)  # "you can't Overwork if you have only 1-2 EP left"
    s2.ep[0], s2.rp[0] = 5, 0
    assert "overwork" not in texts(s2)


def test_two_players_plan_is_not_used_and_fluent_moves_come_two_a_day() -> None:
    s = fresh(2, seed=6)
    assert "plan" not in texts(s)
    assert s.fluent == [2, 2]
    s3 = fresh(3, seed=6)
    assert "plan" in texts(s3) and s3.fluent == [0, 0, 0]
    s3v = fresh(3, seed=6, fluent=True)
    assert s3v.fluent == [1, 1, 1]


def play_to_sunset(s: IceState, p: int) -> None:
    """Let seats stop in turn until seat ``p``'s Sunset opens."""
    while not (s.pending and s.pending[-1].seat == p and type(s.pending[-1]) in
               (days.fr.SunsetTake, days.fr.Validate, days.fr.HandLimit)):
        spend_the_day(s)


def test_the_first_seat_at_sunset_lays_out_players_plus_two_requests() -> None:
    s = fresh(3, seed=8)
    spend_the_day(s)
    assert len(s.row) == 3 + 2
    options = texts(s)
    assert options[-1] == "none" and len(options) == 6
    act(s, options[0])
    assert len(s.requests[0]) == 4 and len(s.row) == 4
    assert s.current == 1  # Day 1: no validation; the next seat plays on
    spend_the_day(s)
    act(s, "none")
    assert len(s.row) == 4 and len(s.requests[1]) == 3


def test_hand_limit_four_requests_at_the_end_of_sunset() -> None:
    s = fresh(3, seed=8)
    s.requests[0] += [s.request_deck.pop(), s.request_deck.pop()]  # 5 in hand
    spend_the_day(s)
    act(s, texts(s)[0])  # a sixth from the row
    assert len(s.requests[0]) == 6
    assert all(t.startswith("discard") for t in texts(s))
    act(s, texts(s)[0])
    act(s, texts(s)[0])
    assert len(s.requests[0]) == IC.request_hand_limit
    assert s.current == 1
    check(s)


def give_payable(s: IceState, p: int, count: int) -> list[int]:
    """Hand seat ``p`` ``count`` Prism Requests and enough Prismatic Artifacts to pay each
    (2 Anima each: one Deep Prismatic per card)."""
    prism_cards = [c for c, r in enumerate(IC.requests) if r.kind == "prism"][:count]
    deep_prism = [t for t in IC.deep if IC.tiles[t].type == 5][:count]
    for c in prism_cards:
        hand_request(s, p, c)
    for t in deep_prism:
        s.tiles[s.tiles.index(t)] = -1
        s.art[p][0].append(t)
        s.seen[t] = 1
    # the emptied Deep slots must not strand anything: the slots above still stand
    return prism_cards


@pytest.mark.parametrize("day", [2, 3])
def test_days_two_and_three_validate_one_or_two_with_bonuses(day: int) -> None:
    s = fresh(3, seed=9, first_game=True)
    s.day = day
    cards = give_payable(s, 0, 2)
    rp = s.rp[0]
    spend_the_day(s)
    act(s, "none")
    # (Prismatics are wild: they may pay the seat's other Requests too)
    assert {f"validate {IC.requests[c].id}" for c in cards} <= set(texts(s))
    act(s, f"validate {IC.requests[cards[0]].id}")
    act(s, texts(s)[0])  # pay with the one Prismatic that pays it
    assert s.rp[0] == rp + 1  # "1 RP token bonus for the first validated Request"
    act(s, f"validate {IC.requests[cards[1]].id}")
    act(s, texts(s)[0])
    assert s.bonus2[0] == 1  # "2 RP bonus at the end of the game for the second"
    assert s.pending == () or s.pending[-1].seat != 0  # at most 2: the Sunset closes
    b = s.scores()[0]
    assert b >= 5 + 5 + 2
    assert len(s.hold[0]) == 2  # paid Artifacts go to the Ship's Hold
    check(s)


def test_day_four_validates_any_number_without_bonuses() -> None:
    s = fresh(3, seed=9, first_game=True)
    s.day = 4
    cards = give_payable(s, 0, 2)
    rp = s.rp[0]
    spend_the_day(s)
    act(s, "none")
    for c in cards:
        act(s, f"validate {IC.requests[c].id}")
        act(s, texts(s)[0])
    assert s.rp[0] == rp and s.bonus2[0] == 0


def test_day_one_has_no_validation() -> None:
    s = fresh(3, seed=9, first_game=True)
    give_payable(s, 0, 1)
    spend_the_day(s)
    act(s, "none")
    assert not any(t.startswith("validate") for t in texts(s) if s.to_move == (0,))
    assert s.current == 1


def test_the_game_ends_after_the_fourth_day_and_ties_share() -> None:
    s = fresh(2, seed=12, first_game=True)
    while not s.over:
        if s.pending:
            act(s, texts(s)[-1])
        else:
            spend_the_day(s)
    assert s.day == 4 and s.to_move == ()
    scores = s.scores()
    winners = s.winners()
    assert winners == [p for p in range(2) if scores[p] == max(scores)]
    assert any(e.kind == "total" for e in s.log)



def test_sunrise_moves_each_prismatic_once_to_a_slot_of_its_owners_choice() -> None:
    """RB Prismatic Artifacts: "During Sunrise phase only, you may move each of your
    Prismatic Artifacts to a new Artifact slot": shift TILE picks one up, slot TYPE puts
    it down; each moves once; done ends the seat's moves."""
    s = fresh(3, seed=3, logbook="off")
    first, second = give(s, 1, "S-PRI-1"), give(s, 1, "D-PRI-1")  # both on harmony
    days.sunrise(s)
    assert s.to_move == (1,) and texts(s) == ["shift S-PRI-1", "shift D-PRI-1", "done"]
    # each shift says which Artifact moves and that it costs nothing
    said = [(c.label.text, c.explain.text) for _, c in s.choices(1) if c is not None][:2]
    assert said == [(f"Move Prismatic Artifact (Anima {n})",
                     f"Pick up Prismatic Artifact (Anima {n}) to put it in another Artifact "
                     "slot (free)") for n in (1, 2)]
    before = s.to_json()["state"]
    with pytest.raises(IllegalActionError, match=r"move a Prismatic Artifact to another slot, "
                       r"or done; allowed: shift S-PRI-1"):
        act(s, "play S-PRI-1")  # the old spelling is no longer the move
    assert s.to_json()["state"] == before
    act(s, "shift S-PRI-1")
    assert first not in s.art[1][0] and texts(s) == [
        "slot harmony", "slot exalted", "slot achievement", "slot philosophical",
        "slot obliteration"]
    check(s)  # the tile held by the open decision is still counted
    act(s, "slot obliteration")
    assert s.art[1][4] == [first] and s.art[1][0] == [second] and not s.down[first]
    assert texts(s) == ["shift D-PRI-1", "done"]  # the moved one moves no more
    act(s, "shift D-PRI-1")
    act(s, "slot harmony")  # back where it was: allowed, it moves nothing
    assert texts(s) == ["done"] and s.art[1][0] == [second]
    act(s, "done")
    assert not s.pending and s.to_move == (s.first,)
    check(s)
