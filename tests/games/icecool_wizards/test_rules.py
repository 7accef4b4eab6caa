"""ICECOOL Wizards' rules: setup, flicks, lessons, exams, trades, the end of a turn."""

from __future__ import annotations

import math
import random
from array import array

import pytest

import wintergames as wg
from wintergames.games.icecool_wizards import flicks
from wintergames.games.icecool_wizards.actions import Flick
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.propose import propose
from wintergames.games.icecool_wizards.rules import AFTER, OVER, PREP
from wintergames.games.icecool_wizards.state import check_components
from wintergames.physics import FlickResult

from .helpers import act, after_flick, exam_of, game, give, icon, lay, put_exam, refused, t

# -- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(30))
def test_setup_lays_three_different_lessons_and_six_exams(seed: int) -> None:
    s = game(3, seed)
    on_board = [x for x in s.board if x >= 0]
    assert len(on_board) == 3 == len({IW.types[x].icon for x in on_board})
    assert all(e >= 0 for e in s.exam_spaces) and len(s.exam_deck) == 20 - 6
    assert len(s.lesson_deck) + len(s.lesson_discard) == 31 - 3
    # a discarded card was drawn while its icon was already on the board
    assert all(IW.types[d].icon in {IW.types[x].icon for x in on_board}
               for d in s.lesson_discard)
    check_components(s)


def test_penguins_enter_at_the_start_spot_on_their_first_turn() -> None:
    s = game(3)
    assert s.penguins == [IW.start, None, None]
    assert s.to_move == (0,) and s.phase == PREP and s.flicks_left == 2
    act(s, "flick 0 0.3 0")
    act(s, "done")
    act(s, "flick 0 0.3 0")
    act(s, "done")
    assert s.current == 1 and s.penguins[1] is not None


def test_an_occupied_start_spot_sends_the_penguin_to_the_nearest_free_point() -> None:
    s = game(2)
    act(s, "flick 0 0.01 0")  # player 1's penguin barely leaves the start spot
    act(s, "done")
    act(s, "flick 0 0.01 0")
    act(s, "done")
    p1, p2 = s.penguins
    assert p1 is not None and p2 is not None and math.dist(p1, IW.start) < 0.1
    gap = ((p1[0] - p2[0]) ** 2 + (p1[1] - p2[1]) ** 2) ** 0.5
    assert 2 * IW.penguin.radius <= gap <= 2 * IW.penguin.radius + 0.6


# -- collecting lessons -------------------------------------------------------------------


def test_a_flick_through_a_doorway_and_into_a_classroom_collects_both() -> None:
    s = game(2)
    lay(s, "W")  # the Wand place lies across doorway D1
    lay(s, "S")  # the Star place is in the Astrology classroom
    s.penguins[0] = (8.6, 30.0)
    act(s, "flick 90 0.5 0")
    assert s.phase == AFTER
    options = [str(a) for a in s.legal_actions()]
    assert "collect wand" in options and "collect star" in options
    act(s, "collect wand")
    act(s, "collect star")
    assert s.lessons_up[0][t("W")] == 1 and s.lessons_up[0][t("S")] == 1
    assert s.board[icon("wand")] == -1 and s.board[icon("star")] == -1


def test_the_classroom_the_penguin_starts_in_counts_as_visited() -> None:
    s = game(2)
    lay(s, "F")  # Magical Creatures
    s.penguins[0] = (26.0, 30.0)
    act(s, "flick 0 0.01 0")
    assert "collect fishbone" in [str(a) for a in s.legal_actions()]


def test_starting_half_in_a_doorway_does_not_collect_its_card() -> None:
    s = game(2)
    lay(s, "W")
    s.penguins[0] = (8.6, 35.3)
    act(s, "flick 90 0.5 0")
    assert "collect wand" not in [str(a) for a in s.legal_actions()]
    refused(s, "collect wand", "across a doorway it passed completely through",
            "collect.doorway")


def test_a_lesson_not_reached_cannot_be_collected() -> None:
    s = game(2)
    lay(s, "H")
    after_flick(s, collect=("star",))
    refused(s, "collect hourglass", "in a classroom your penguin visited", "collect.classroom")


# -- exams ---------------------------------------------------------------------------------


def test_an_exam_is_paid_with_one_face_up_lesson_per_icon() -> None:
    s = game(2)
    put_exam(s, "X3", exam_of("FH"))
    give(s, 0, "F", "H", "S")
    after_flick(s, exams=("X3",))
    assert [str(a) for a in s.legal_actions() if a.kind == "exam"] == ["exam X3 F+H"]
    act(s, "exam X3 F+H")
    assert s.exams[0] == [exam_of("FH")] and s.exam_spaces[IW.exam_spaces.index("X3")] == -1
    assert s.lessons_up[0][t("S")] == 1 and sum(s.lessons_up[0]) == 1
    assert s.lesson_discard[-2:] == [t("F"), t("H")]


def test_the_water_spell_pays_any_icon_and_is_discarded() -> None:
    s = game(2)
    put_exam(s, "X3", exam_of("FH"))
    give(s, 0, "F", "P-water")
    after_flick(s, exams=("X3",))
    act(s, "exam X3 F+P-water")
    assert s.exams[0] == [exam_of("FH")]
    assert sum(s.lessons_up[0]) == 0 and sum(s.lessons_down[0]) == 0
    assert t("P-water") in s.lesson_discard


def test_an_exam_that_cannot_be_paid_is_refused_with_the_choices() -> None:
    s = game(2)
    put_exam(s, "X3", exam_of("FH"))
    give(s, 0, "F", "S")
    after_flick(s, exams=("X3",))
    refused(s, "exam X3 F+S", "you can pay: none", "exam.take")
    give(s, 0, "S-fire", down=True)  # used spells cannot pay
    refused(s, "exam X3 F+S-fire", "needs one face-up lesson per icon", "exam.take")


def test_an_exam_not_touched_cannot_be_taken() -> None:
    s = game(2)
    put_exam(s, "X3", exam_of("F"))
    give(s, 0, "F")
    after_flick(s, exams=("X1",))
    refused(s, "exam X3 F", "did not touch exam space X3", "exam.take")


def test_an_exam_touched_at_the_start_of_the_flick_can_be_taken() -> None:
    s = game(2)
    put_exam(s, "X1", exam_of("F"))
    give(s, 0, "F")
    s.penguins[0] = (4.0, 50.5)  # on exam space X1
    act(s, "flick 0 0.35 0")  # slides off it
    assert "exam X1 F" in [str(a) for a in s.legal_actions()]


# -- exchanging knowledge -----------------------------------------------------------------


def test_bumping_a_penguin_lets_the_flicker_swap_one_lesson_of_their_choice() -> None:
    s = game(3)
    give(s, 0, "F", "W-fire")
    give(s, 1, "H", "S")
    give(s, 2, "P")
    after_flick(s, bumped=(1,))
    trades = sorted(str(a) for a in s.legal_actions() if a.kind == "trade")
    assert trades == ["trade 2 give F take H", "trade 2 give F take S",
                      "trade 2 give W-fire take H", "trade 2 give W-fire take S"]
    act(s, "trade 2 give W-fire take S")
    assert s.lessons_up[0][t("S")] == 1 and s.lessons_up[1][t("W-fire")] == 1
    refused(s, "trade 2 give F take H", "already exchanged knowledge", "trade")
    refused(s, "trade 3 give F take P", "did not touch Player 3", "trade")


def test_face_down_spells_are_never_traded() -> None:
    s = game(2)
    give(s, 0, "F")
    give(s, 1, "H-fire", down=True)
    after_flick(s, bumped=(1,))
    assert [a for a in s.legal_actions() if a.kind == "trade"] == []


def test_a_flick_that_bumps_a_penguin_offers_the_trade() -> None:
    s = game(2)
    give(s, 0, "F")
    give(s, 1, "H")
    s.penguins = [(6.0, 44.6), (14.0, 44.6)]
    act(s, "flick 0 0.5 0")
    assert s.penguins_touched == [1]
    assert "trade 2 give F take H" in [str(a) for a in s.legal_actions()]


# -- flying off the board ------------------------------------------------------------------


def test_flying_off_the_board_loses_the_flick_and_returns_the_penguin() -> None:
    s = game(2)
    s.penguins[0] = (8.6, 48.0)
    act(s, "flick 90 1 0")
    assert s.penguins[0] == (8.6, 48.0)
    assert s.phase == PREP and s.flicks_left == 1 and s.current == 0
    assert "Player 1 loses this flick" in [e.text for e in s.log]


def test_flying_off_on_the_second_flick_ends_the_turn() -> None:
    s = game(2)
    s.penguins[0] = (8.6, 48.0)
    act(s, "flick 0 0.01 0")
    act(s, "done")
    before = s.penguins[0]
    act(s, "flick 90 1 0")
    assert s.current == 1 and s.penguins[0] == before


def test_an_other_penguin_knocked_off_the_board_goes_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = game(2)
    s.penguins = [(8.6, 44.0), (8.6, 49.0)]

    def knock_off(*args: object) -> FlickResult:
        return FlickResult(final=((8.6, 47.0), None), off_board=frozenset({1}),
                           rooms=frozenset({"astrology"}), doorways=frozenset(),
                           spots=frozenset(), touched=frozenset({1}),
                           contacts=((1, (8.6, 45.6), (8.6, 49.0)),), hops=0,
                           time=0.5, steps=1, trail=array("d", [8.6, 44.0, 8.6, 47.0]),
                           path_tolerance=IW.penguin.path_tolerance)

    monkeypatch.setattr(flicks, "simulate", knock_off)
    act(s, "flick 90 1 0")
    assert s.penguins == [(8.6, 47.0), (8.6, 49.0)]
    assert s.phase == AFTER  # the flicked penguin stayed on: its flick counts
    assert "Player 2's penguin flies off the board and goes back to where it was" in [
        e.text for e in s.log]


# -- relocating to a white line ----------------------------------------------------------


def test_a_penguin_near_a_wall_may_move_to_the_nearest_free_white_line_point() -> None:
    s = game(2)
    s.penguins[0] = (2.0, 44.0)
    assert "relocate" in [str(a) for a in s.legal_actions()]
    act(s, "relocate")
    x, y = s.penguins[0]  # type: ignore[misc]
    assert x == pytest.approx(3.2) and y == pytest.approx(44.0)
    assert "relocate" not in [str(a) for a in s.legal_actions()]


def test_a_penguin_stuck_in_a_doorway_may_relocate_but_not_one_in_the_open() -> None:
    s = game(2)
    s.penguins[0] = (8.6, 35.3)
    assert "relocate" in [str(a) for a in s.legal_actions()]
    s.penguins[0] = (9.0, 20.0)
    refused(s, "relocate", "close to a wall or stuck in a doorway", "flick.white-line")


def test_a_penguin_just_in_front_of_a_doorway_is_close_to_a_wall() -> None:
    # RB "Close to a Wall?": "doorways count as a part of a wall". D1's threshold is the
    # band 35.1..35.5 across x 5.35..11.85; 0.1 cm below it, in the middle of the opening.
    s = game(2)
    s.penguins[0] = (8.6, 35.1 - IW.penguin.radius - 0.1)
    assert "relocate" in [str(a) for a in s.legal_actions()]
    # As far from the threshold as a penguin may be from a wall, and no farther.
    s.penguins[0] = (8.6, 35.1 - IW.penguin.radius - IW.near_wall - 0.05)
    assert "relocate" not in [str(a) for a in s.legal_actions()]


def test_relocation_avoids_other_penguins() -> None:
    s = game(2)
    s.penguins = [(2.0, 44.0), (3.2, 44.0)]
    act(s, "relocate")
    p, q = s.penguins
    assert abs(p[0] - 3.2) < 1e-6 or abs(p[1] - 44.0) > 3.3  # type: ignore[index]
    assert ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5 >= 2 * IW.penguin.radius - 1e-6  # type: ignore[index]


# -- the flick step and bad input --------------------------------------------------------


def test_any_in_range_flick_is_legal_not_only_the_grid() -> None:
    s = game(2)
    act(s, "flick 12.3 0.37 -0.15")
    assert s.phase == AFTER and str(s.history[-1][1]) == "flick 12.3 0.37 -0.15"
    with pytest.raises(wg.ActionFormatError, match=r"power is 0\.\.1"):
        act(s, "flick 10 1.5 0")


def test_a_flick_of_power_zero_is_refused_and_the_smallest_step_is_legal() -> None:
    # RB "How to Flick": "place their index finger near the bottom of the Penguin and
    # push it forward": a flick moves the penguin; 0 would be a free "stay" that collects.
    s = game(2)
    for text in ("flick 90 0 0", "flick 90 0.004 0.5"):  # 0.004 is quantised to 0
        refused(s, text, r"pushes the penguin forward.*at least 0\.01", "turn.flick")
    act(s, "flick 90 0.01 0")  # the smallest step of the quantised power
    moved = s.penguins[0]
    assert s.phase == AFTER and moved is not None and moved[1] > IW.start[1]


def test_a_replay_with_a_zero_power_flick_is_refused_naming_the_rule() -> None:
    # Records made before power 0 was refused do not replay: the game they describe
    # broke the rule, so no state is rebuilt from them (docs/rules/icecool-wizards.md).
    record = game(2, seed=3).record()
    record["actions"] = [[0, {"kind": "flick", "angle": 90, "power": 0, "spin": 0}]]
    with pytest.raises(wg.ReplayError, match=r"action 0 .*pushes the penguin forward"):
        wg.replay(record)


def test_no_listed_coded_or_proposed_flick_has_power_zero() -> None:
    spec = wg.get_spec("icecool-wizards")
    coded = [spec.decode(i, 2) for i in range(spec.num_distinct_actions(2))]
    assert all(a.power100 >= 1 for a in coded if isinstance(a, Flick))
    s = game(2)
    lay(s, "F")
    s.penguins[0] = (26.15, 26.9)  # half a centimetre from the Fishbone card: a tiny aim
    proposed = propose(s, 0, random.Random(0), 60)
    assert proposed and all(isinstance(a, Flick) and a.power100 >= 1 for a in proposed)


def test_actions_out_of_their_step_are_refused() -> None:
    s = game(2)
    refused(s, "done", "comes after a flick", "turn.before-flick")
    act(s, "flick 0 0.2 0")
    refused(s, "flick 0 0.2 0", "finish this flick's actions first", "turn.after-flick")
    refused(s, "discard F", "only when another player casts Fire", "spell.fire")


def test_a_turn_is_two_flicks() -> None:
    s = game(2)
    act(s, "flick 0 0.2 0")
    act(s, "done")
    assert s.current == 0 and s.phase == PREP
    act(s, "flick 0 0.2 0")
    act(s, "done")
    assert s.current == 1 and s.turns == 1


# -- the end of a turn ----------------------------------------------------------------------


def test_the_end_of_a_turn_refills_three_different_lessons_and_the_exams() -> None:
    s = game(2)
    put_exam(s, "X3", exam_of("F"))
    for place in range(len(s.board)):
        if s.board[place] >= 0:
            s.lesson_discard.append(s.board[place])
            s.board[place] = -1
    give(s, 0, "F")
    after_flick(s, exams=("X3",))
    s.flicks_left = 0
    act(s, "exam X3 F")
    act(s, "done")
    on_board = [x for x in s.board if x >= 0]
    assert len(on_board) == 3 == len({IW.types[x].icon for x in on_board})
    assert all(e >= 0 for e in s.exam_spaces)
    check_components(s)


def test_an_empty_lesson_deck_is_reshuffled_from_the_discard() -> None:
    s = game(2)
    s.lesson_discard += s.lesson_deck
    s.lesson_deck = []
    lay_icon = next(i for i, x in enumerate(s.board) if x >= 0)
    s.lesson_discard.append(s.board[lay_icon])
    s.board[lay_icon] = -1
    after_flick(s)
    s.flicks_left = 0
    act(s, "done")
    assert sum(x >= 0 for x in s.board) == 3
    assert "The lesson deck is reshuffled from the discard pile" in [e.text for e in s.log]
    check_components(s)


def test_the_game_ends_when_the_round_is_complete_after_an_exam_space_stays_empty() -> None:
    s = game(3)
    s.exam_deck = []  # every other exam is out of the game...
    for p, e in enumerate(x for x in range(20) if x not in s.exam_spaces):
        s.exams[p % 3].append(e)
    give(s, 0, "F", "H", "W", "P", "S")
    after_flick(s, exams=("X3",))
    s.flicks_left = 0
    s.apply(next(a for a in s.legal_actions() if a.kind == "exam"))
    act(s, "done")  # ...so X3 cannot be refilled: the last round begins
    assert s.final_round and s.current == 1 and not s.is_over
    for _ in range(2):  # players 2 and 3 finish the round
        act(s, "flick 0 0.01 0")
        act(s, "done")
        act(s, "flick 0 0.01 0")
        act(s, "done")
    assert s.phase == OVER and s.is_over and s.turns == 3
    assert s.winners()


def test_the_last_seat_emptying_the_exam_deck_ends_the_game_at_once() -> None:
    s = game(2)
    s.current = 1
    s.penguins[1] = (20.0, 20.0)
    s.exam_deck = []
    s.exam_spaces[0] = -1
    after_flick(s)
    s.flicks_left = 0
    act(s, "done", 1)
    assert s.is_over and s.final_round


# -- flicks by grid and off-grid ----------------------------------------------------------


def test_the_flick_grid_is_24_angles_4_powers_3_spins() -> None:
    s = game(2)
    flicks = [a for a in s.legal_actions() if isinstance(a, Flick)]
    assert len(flicks) == 288 == len(set(flicks))
    assert {f.angle_deg for f in flicks} == set(range(0, 360, 15))


# -- the rulebook's examples -------------------------------------------------------------


def test_john_slides_through_history_into_magical_creatures_and_collects_all_three() -> None:
    # RB "Collecting a Lesson Card", example: from Astrology, through History of Penguin
    # Magic, stopping in Magical Creatures: John collects all 3 lesson cards.
    s = game(2)
    for card in ("S", "H", "F"):
        lay(s, card)
    s.penguins[0] = (14.0, 48.0)  # in Astrology
    act(s, "flick 314 0.6 0")  # steep enough to pass D2 without touching its frame
    x, y = s.penguins[0]  # type: ignore[misc]
    assert 17.4 < x < 34.9 and 17.65 < y < 35.1  # stopped in Magical Creatures
    for place in ("star", "hourglass", "fishbone"):
        act(s, f"collect {place}")
    assert sum(s.lessons_up[0]) == 3


def test_john_discards_two_lessons_for_an_exam_worth_six() -> None:
    # RB "Taking an Exam Card", example: two required lessons for 6 Magic Points.
    s = game(2)
    exam = exam_of("HW")
    put_exam(s, "X2", exam)
    give(s, 0, "H", "W")
    after_flick(s, exams=("X2",))
    act(s, "exam X2 H+W")
    assert IW.exams[exam].points == 6 and s.scores()[0] == 6


def test_a_penguin_on_the_border_of_creatures_and_potions_is_in_both() -> None:
    # RB "Classrooms", example: the green penguin is in Magical Creatures and Potions.
    s = game(2)
    lay(s, "F")
    s.penguins[0] = (26.0, 17.65)
    act(s, "flick 0 0.01 0")
    assert "collect fishbone" in [str(a) for a in s.legal_actions()]
