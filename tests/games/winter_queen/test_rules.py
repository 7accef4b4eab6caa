"""Turn actions, spellbooks, stands, the final phase and the end (rulebook "Gameplay")."""

from __future__ import annotations

import pytest

import wintergames as wg
from tests.games.winter_queen.helpers import (
    BOOK,
    C,
    act,
    blank,
    cell,
    depict,
    give_book,
    put,
    stand_with,
    start_final_phase,
)
from wintergames.core.testing import snapshot
from wintergames.games.winter_queen.actions import CODEC, PASS
from wintergames.games.winter_queen.state import WinterQueenState


def refused(s: WinterQueenState, text: str, match: str, rule: str) -> None:
    """``text`` is refused with a message matching ``match``, naming rule passage ``rule``,
    and nothing changes."""
    before = snapshot(s)
    with pytest.raises(wg.IllegalActionError, match=match) as refusal:
        s.apply(CODEC.parse(text))
    assert refusal.value.rule == rule
    assert snapshot(s) == before


# -- placing on the board ------------------------------------------------------------


def test_place_in_a_province_offers_that_province_book() -> None:
    s = blank(3)
    stand_with(s, 0, red=2)
    top = s.stacks[0][-1]
    act(s, "r1-c1")  # red province
    assert s.board[cell("c1")] == C["red"] and s.stands[0][C["red"]] == 1
    assert [str(a) for a in s.legal_actions()] == ["take none", "take red"]
    refused(s, "take blue", "red province lets you take a book from that province only",
            "turn.take-book")
    refused(s, "r1-d1", "choose a spellbook", "turn.take-book")
    act(s, "take red")
    assert s.books[0] == [[top, -1, -1]] and len(s.stacks[0]) == 4
    assert s.to_move == (1,)


def test_taking_no_book_is_allowed() -> None:
    s = blank(3)
    act(s, s.legal_actions()[0].__str__())
    act(s, "take none")
    assert s.books[0] == [] and s.to_move == (1,)


def test_open_royal_space_lets_you_take_from_any_province() -> None:
    s = blank(3)
    stand_with(s, 0, blue=2)
    s.stacks[2] = []  # purple stack used up
    act(s, "b1-c3")
    assert [str(a) for a in s.legal_actions()] == ["take none", "take red", "take green",
                                                   "take blue"]
    act(s, "take blue")
    assert len(s.books[0]) == 1


def test_empty_province_stack_gives_no_book() -> None:
    s = blank(3)
    stand_with(s, 0, blue=2)
    s.stacks[0] = []
    act(s, "b1-c1")
    assert s.to_move == (1,) and s.books[0] == []


def test_no_more_than_three_spellbooks() -> None:
    s = blank(3)
    for book in ("SB01", "SB02", "SB03"):
        give_book(s, 0, book)
    stand_with(s, 0, green=2)
    act(s, "g1-c1")
    assert s.to_move == (1,) and len(s.books[0]) == 3


def test_cannot_place_on_an_occupied_or_depicted_space() -> None:
    s = blank(3)
    put(s, b2="red")
    depict(s, "a1", "green")
    stand_with(s, 0, red=1, blue=1)
    refused(s, "r1-b2", "b2 is not empty: it already holds a red floe", "turn.board")
    refused(s, "r1-a1", "royal token depicts a green floe", "turn.board")
    act(s, "r1-e5")  # an open royal space is a space like any other


def test_only_the_stands_to_your_left_and_right() -> None:
    s = blank(3)
    stand_with(s, 1, red=2)
    refused(s, "r2-c1", "stand 2 is out of your reach.*stands 1, 3", "turn.reach")
    stand_with(s, 0, red=1)
    refused(s, "b1-c1", "stand 1 holds no blue floe; it holds red", "turn.reach")


def test_taking_the_last_floe_of_a_stand_scores_and_refills() -> None:
    s = blank(3)
    stand_with(s, 0, yellow=1)
    in_bag = sum(s.bag)
    act(s, "y1-b1")
    assert s.vp[0] == 1
    assert sum(s.stands[0]) == 4 and sum(s.bag) == in_bag - 4
    assert any("taking the last floe of stand 1" in e.text for e in s.log)


def test_two_player_stands_refill_with_three() -> None:
    s = blank(2)
    stand_with(s, 2, yellow=1)
    act(s, "y3-b1")
    assert sum(s.stands[2]) == 3 and s.vp[0] == 1


# -- spellbooks ----------------------------------------------------------------------


def test_place_a_floe_on_a_page_without_effect_or_new_book() -> None:
    s = blank(3)
    give_book(s, 0, "SB12")
    stand_with(s, 0, green=2)
    vp = list(s.vp)
    act(s, "g1-SB12.B")
    assert s.books[0] == [[BOOK["SB12"], -1, C["green"]]] and s.vp == vp
    assert s.to_move == (1,)
    s.current = 0
    refused(s, "g1-SB12.B", r"page B of SB12 \(the book with .*\) already holds a green floe",
            "turn.book-page")
    refused(s, "g1-SB11.A", r"you do not hold SB11 \(the book .*\); yours: SB12 \(the book",
            "turn.use")


def test_no_page_placement_without_books_on_the_first_turn() -> None:
    s = wg.make("winter-queen", 3, seed=5)
    assert not any(a.kind == "place-book" for a in s.legal_actions())
    refused(s, "r1-SB01.A", "you do not hold SB01", "turn.use")  # type: ignore[arg-type]


def test_use_a_book_with_one_floe_maxim_border_guard() -> None:
    # Rulebook: Maxim applies Border Guard with red, gains 2 VP, discards book and floe.
    s = blank(3)
    put(s, a2="red", e2="red", b3="red")
    give_book(s, 0, "SB12", a="red")
    act(s, "use SB12")
    assert s.vp[0] == 2
    assert s.books[0] == [] and s.discarded_books == [BOOK["SB12"]]
    assert s.discarded[C["red"]] >= 1 and s.to_move == (1,)


def test_use_a_book_with_two_floes_mikhail_returns_a_floe() -> None:
    # Rulebook: Northern Lights with green 3 VP, Border Guard with red 2 VP: 5 VP,
    # then one floe goes back from the board to the bag (he picks Maria's purple).
    s = blank(3)
    put(s, b1="green", a2="green", c3="green", a4="red", e4="red", d4="purple")
    depict(s, "a1", "yellow")
    give_book(s, 0, "SB12", a="red", b="green")  # Border Guard / Northern Lights
    give_book(s, 1, "SB03", b="red")
    act(s, "use SB12")
    assert s.vp[0] == 5 and s.to_move == (0,)
    options = [str(a) for a in s.legal_actions()]
    assert "return a1" not in options and "return d4" in options and len(options) == 6
    refused(s, "return a1", "never one depicted on a royal token", "turn.return-floe")
    refused(s, "r1-c1", "return one floe", "turn.return-floe")
    purple_in_bag = s.bag[C["purple"]]
    act(s, "return d4")
    assert s.board[cell("d4")] == -1 and s.bag[C["purple"]] == purple_in_bag + 1
    assert s.to_move == (1,)


def test_use_needs_a_floe_on_the_book() -> None:
    s = blank(3)
    give_book(s, 0, "SB12")
    refused(s, "use SB12", "has no floe on it", "turn.use")
    assert all(a.kind != "use" for a in s.legal_actions())


def test_two_floe_book_with_no_floe_on_the_board_returns_nothing() -> None:
    s = blank(3)
    give_book(s, 0, "SB12", a="red", b="green")
    act(s, "use SB12")
    assert s.vp[0] == 0 and s.to_move == (1,)


def test_out_of_phase_choices_are_refused() -> None:
    s = blank(3)
    refused(s, "take red", "only right after placing a floe on a space", "turn.take-book")
    refused(s, "return c3", "only right after using a book with two floes",
            "turn.return-floe")
    refused(s, "pass", "only when no other action is legal", "turn.pass")
    before = snapshot(s)
    with pytest.raises(wg.NotYourTurnError,
                       match=r"^it is not Player 3's turn; waiting for Player 1$"):
        s.apply(s.legal_actions()[0], 2)
    assert snapshot(s) == before


# -- the end -------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_bag_running_out_starts_the_final_phase(n: int) -> None:
    s = start_final_phase(n, 0)
    assert s.final_phase and sum(s.bag) == 0
    assert sum(s.stands[0]) > 0 and not any(map(sum, s.stands[1:]))
    assert all(list(s.stands_of(p)) == list(range(len(s.stands))) for p in range(n))
    assert s.stands[0][C["blue"]] >= 2


@pytest.mark.parametrize(
    ("n", "seat_index"), [(n, seat) for n in (2, 3, 4) for seat in range(n)]
)
def test_exact_turns_left_after_the_bag_empties(n: int, seat_index: int) -> None:
    # Play continues until the Winter Queen holder's turn, then everyone plays once more.
    s = start_final_phase(n, seat_index)
    # the turn now starting plus those after it
    assert s.turns_left + 1 == (n - 1 - seat_index) + n
    turns = [0] * n
    while not s.is_over:
        p = s.current
        action = s.legal_actions()[0]
        if action.kind not in ("take", "return"):
            turns[p] += 1
        s.apply(action)
    assert turns == [1 if p <= seat_index else 2 for p in range(n)]


def test_final_phase_forbids_using_books_but_allows_filling_them() -> None:
    s = start_final_phase(3, 0)
    give_book(s, 1, "SB12", a="red")
    refused(s, "use SB12", "can no longer be used", "end.final-phase")
    assert any(a.kind == "place-book" for a in s.legal_actions())


def test_final_scoring_applies_every_book_without_discarding() -> None:
    s = start_final_phase(2, 1)  # the next turn (seat 0's) is the last
    s.board = [-1] * 25
    put(s, a2="red", e2="red", c3="purple")
    give_book(s, 0, "SB14", a="red", b="purple")  # Border Guard / Secret Knowledge
    give_book(s, 1, "SB03", b="purple")  # Forest Lights (purple) / Bright Path
    give_book(s, 1, "SB12")  # no floe: not scored
    assert s.turns_left + 1 == 2
    s.stands[0] = [0] * 5  # nothing left to place: both last turns are passes
    vp = list(s.vp)
    act(s, "pass")
    act(s, "pass")
    gains = [e for e in s.log if e.kind == "final-vp"]
    # Border Guard red 2; Secret Knowledge purple: 1 + 0 own + 2 on SB03 (placed and
    # depicted) = 3; Bright Path purple from the lone c3 floe = 1.
    assert [g.player for g in gains] == [0, 0, 1]
    assert [g.vp for g in gains] == [2, 3, 1]
    assert len(s.books[0]) == 1 and len(s.books[1]) == 2  # nothing discarded
    assert s.vp == [vp[0] + 5, vp[1] + 1]


def test_ties_share_the_win() -> None:
    s = start_final_phase(3, 2)  # the round 0, 1, 2 is the last
    s.vp = [7, 3, 7]
    for p in range(3):
        s.books[p] = []
    while not s.is_over:
        s.apply(s.legal_actions()[-1])
    best = max(s.vp)
    assert s.winners() == [p for p in range(3) if s.vp[p] == best]
    s2 = blank(2)
    s2.vp = [4, 4]
    s2.final_phase, s2.turns_left = True, 0
    stand_with(s2, 0, red=3)
    act(s2, "r1-b1")
    act(s2, "take none")
    assert s2.is_over and s2.winners() == [0, 1]
    assert "Player 1 and Player 2 win" in s2.log[-1].text


def test_a_player_without_legal_action_passes_and_a_stuck_table_ends() -> None:
    s = blank(3)
    for x in range(25):
        s.board[x] = x % 5
    assert s.legal_actions() == [PASS]
    act(s, "pass")
    assert "Player 1 has no legal action and passes" in s.log[-1].text
    assert s.to_move == (1,)
    act(s, "pass")
    act(s, "pass")
    assert s.is_over
    assert any(e.kind == "stalemate" for e in s.log)


def test_actions_after_the_end_are_refused() -> None:
    s = wg.make("winter-queen", 2, seed=3)
    bot = wg.bots.make("random", seed=3)
    while not s.is_over:
        s.apply(bot.choose(s, s.to_move[0]))
    with pytest.raises(wg.GameOverError):
        s.apply(PASS, 0)
