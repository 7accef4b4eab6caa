"""What a seat decides, in the game's words (issue 38): each decision point's prompt with
its limit, and each legal action's label, explanation and group, their numbers read from
the game's data and the state."""

from __future__ import annotations

from rich.text import Text

from wintergames.core.decisions import Choice
from wintergames.games.icecool_wizards.actions import (
    GRID_ANGLES,
    GRID_POWERS,
    GRID_SPINS,
    MIN_POWER100,
)
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.params import DEFAULT
from wintergames.games.icecool_wizards.rules import legal_actions
from wintergames.games.icecool_wizards.state import IcecoolState
from wintergames.games.icecool_wizards.text import render

from .helpers import act, exam_of, game, give, lay, put_exam


def _choices(s: IcecoolState, player: int, kind: str) -> list[Choice]:
    out = []
    for action, choice in s.choices(player):
        assert choice is not None, action
        if action.kind == kind:
            out.append(choice)
    return out


def _flicked(n: int = 2) -> IcecoolState:
    """Player 1 has made the turn's first flick and kept the penguin on the board."""
    for seed in range(20):
        s = game(n, seed)
        act(s, "flick 90 0.25 0", 0)
        if s.phase == 1 and s.current == 0:
            return s
    raise AssertionError("no seed kept a soft flick on the board")


def test_the_first_decision_is_the_flick_with_its_limits_from_the_data() -> None:
    s = game(2)
    d = s.decision(0)
    assert d is not None and d.limit is not None
    assert d.prompt.text == "Flick your green penguin" and d.prompt.rule == "turn.flick"
    assert d.piece is not None and d.piece.ref == IW.colours[0]
    assert d.limit.text.startswith(f"flick 1 of {DEFAULT.flicks_per_turn} this turn;")
    assert f"power {MIN_POWER100 / 100:g} to 1" in d.limit.text
    assert s.decision(1) is None  # not to move


def test_each_listed_flick_is_grouped_by_its_aim_and_labelled_by_its_force() -> None:
    s = game(2)
    flicks = _choices(s, 0, "flick")
    groups = {c.group.text for c in flicks if c.group is not None}
    assert len(groups) == len(GRID_ANGLES)
    assert "Flick your green penguin at 90° (up)" in groups
    up = [c for c in flicks if c.group is not None and c.group.text.endswith("at 90° (up)")]
    assert len(up) == len(GRID_POWERS) * len(GRID_SPINS)
    assert "25%, no spin" in {c.label.text for c in up}
    explained = next(c.explain.text for a, c in s.choices(0)
                     if c is not None and str(a) == "flick 90 0.25 0")
    assert explained.startswith(
        "Flick your green penguin at 90° (up), soft (25%), no spin: flick 1 of 2")
    assert explained.endswith("(flick 90 0.25 0)")


def test_the_flick_prompt_offers_the_white_line_and_spells_only_when_legal() -> None:
    s = game(2)
    give(s, 0, "S-wind")
    d = s.decision(0)
    assert d is not None and d.prompt.text == "Flick your green penguin, or first cast a spell"
    assert d.prompt.rule == "turn.before-flick"
    (cast,) = _choices(s, 0, "cast")
    assert cast.label.text == "Cast Star (wind spell)"
    assert ("for 1 extra flick: 3 flicks this turn instead of 2" in cast.explain.text)
    assert cast.explain.rule == "spell.wind"


def test_a_wind_spell_adds_a_flick_to_the_limit() -> None:
    s = game(2)
    give(s, 0, "S-wind")
    act(s, "cast S-wind", 0)
    d = s.decision(0)
    assert d is not None and d.limit is not None
    assert d.limit.text.startswith(f"flick 1 of {DEFAULT.flicks_per_turn + 1} this turn")


def test_after_a_flick_the_prompt_lists_what_it_allows_and_done_says_where_it_leads() -> None:
    s = _flicked()
    s.collectable = [next(i for i in range(len(IW.icons)) if s.board[i] >= 0)]
    d = s.decision(0)
    assert d is not None and d.limit is not None
    assert d.prompt.text.startswith("After your flick you may collect ")
    assert d.remaining == 1
    assert d.limit.text == (f"after flick 1 of {DEFAULT.flicks_per_turn} this turn: Done goes "
                            "on to the next flick")
    (collect,) = _choices(s, 0, "collect")
    assert collect.label.text.startswith("Collect ") and collect.explain.rule.startswith("collect.")
    (done,) = _choices(s, 0, "done")
    assert done.label.text == "Done"
    assert f"go on to flick 2 of {DEFAULT.flicks_per_turn}" in done.explain.text


def test_after_the_last_flick_done_ends_the_turn() -> None:
    s = _flicked()
    act(s, "done", 0)
    act(s, "flick 270 0.25 0", 0)
    if s.phase != 1:  # lost off the board: nothing after it
        return
    d = s.decision(0)
    assert d is not None and d.limit is not None
    flicks = DEFAULT.flicks_per_turn
    assert d.limit.text.endswith(f"flick {flicks} of {flicks} this turn: Done ends your turn")
    assert "your turn" in _choices(s, 0, "done")[0].explain.text


def test_an_exam_is_grouped_by_the_exam_and_labelled_by_its_payment() -> None:
    s = _flicked()
    e = exam_of("FH")
    put_exam(s, "X1", e)
    give(s, 0, "F", "H", "H-water")
    s.exams_touched = [IW.exam_spaces.index("X1")]
    exams = _choices(s, 0, "exam")
    assert len(exams) == len([a for a in legal_actions(s, 0) if a.kind == "exam"]) >= 2
    worth = DEFAULT.exam_vp[e]
    heads = {c.group.text for c in exams if c.group is not None}
    assert len(heads) == 1 and heads.pop().startswith(
        f"Take the Magic Fishbone + Hourglass exam ({worth} Magic Points) from the exam space")
    assert "paying Magic Fishbone and Hourglass" in {c.label.text for c in exams}
    d = s.decision(0)
    assert d is not None and "take the Magic Fishbone + Hourglass exam" in d.prompt.text


def test_a_trade_is_grouped_by_partner_and_lesson_given_and_labelled_by_the_one_taken() -> None:
    s = _flicked(3)
    give(s, 0, "F")
    give(s, 1, "H", "W")
    give(s, 2, "P")
    s.penguins_touched = [1, 2]
    trades = _choices(s, 0, "trade")
    heads = {c.group.text for c in trades if c.group is not None}
    assert heads == {"Exchange knowledge with Player 2: give Magic Fishbone",
                     "Exchange knowledge with Player 3: give Magic Fishbone"}
    assert sorted(c.label.text for c in trades) == ["take Hourglass", "take Potion", "take Wand"]
    d = s.decision(0)
    assert d is not None and "exchange knowledge with Player 2 and Player 3" in d.prompt.text
    assert d.remaining == 2  # two partners, none traded with yet


def test_fire_asks_each_seat_for_one_discard_and_counts_those_still_choosing() -> None:
    s = game(3)
    give(s, 0, "H-fire")
    give(s, 1, "F", "P")
    give(s, 2, "W")
    give(s, 2, "S-wind", down=True)
    cast = _choices(s, 0, "cast")[0]
    assert "Player 2 and Player 3 each discard a lesson" in cast.explain.text
    act(s, "cast H-fire", 0)
    d = s.decision(1)
    assert d is not None and d.limit is not None
    assert d.prompt.text.startswith("Player 1 cast Fire: choose one of your lessons")
    assert d.limit.text == "discard 1 of your 2 lessons; still choosing: Player 2 and Player 3"
    assert d.remaining == 2
    act(s, "discard F", 1)
    d = s.decision(2)
    assert d is not None and d.limit is not None and d.remaining == 1
    assert d.limit.text == "discard 1 of your 2 lessons; still choosing: Player 3"
    labels = {c.label.text for c in _choices(s, 2, "discard")}
    assert labels == {"Discard Wand", "Discard the face-down Star (wind spell)"}


def test_fire_with_no_lesson_in_other_hands_says_nobody_discards() -> None:
    s = game(3)
    give(s, 0, "H-fire")  # the others hold no lesson at the start
    (cast,) = _choices(s, 0, "cast")
    assert ": nobody else holds a lesson, so nobody discards;" in cast.explain.text
    assert cast.explain.rule == "spell.fire"


def test_a_mountain_spell_says_how_many_lessons_it_draws() -> None:
    s = game(2)
    give(s, 0, "P-mountain")
    (cast,) = _choices(s, 0, "cast")
    assert f" to draw {DEFAULT.mountain_draws} lessons onto the board" in cast.explain.text


def test_the_terminal_board_leaves_the_prompt_to_the_decision() -> None:
    """The map's head names whose turn it is; what to decide is the decision's alone."""
    s = game(2)
    lay(s, "F")
    head = render(s, 0).renderables[0]
    assert isinstance(head, Text) and head.plain == "Player 1's turn."
