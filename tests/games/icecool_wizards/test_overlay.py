"""ICECOOL Wizards' what-if overlay (``params.py``, issue 41): each key changes the game
exactly as the rulebook sentence it stands for says, and nothing else.

Every expected number is worked out here from a hand-built position and the data files
read afresh, never from ``params.py``.
"""

from __future__ import annotations

import random
import tomllib
from pathlib import Path
from typing import Any

import pytest

import wintergames as wg
from wintergames.core import testing
from wintergames.core.encoding_check import encoding_for
from wintergames.core.replay import state_from_json
from wintergames.games.icecool_wizards import cards, heuristic
from wintergames.games.icecool_wizards.components import DATA, IW
from wintergames.games.icecool_wizards.rules import PREP
from wintergames.games.icecool_wizards.state import IcecoolState, check_invariants

from .helpers import act, after_flick, clear_place, exam_of, give, put_exam, t
from .test_scoring import _take_exams

GAME = "icecool-wizards"
LESSONS_TOML = tomllib.loads((DATA / "lessons.toml").read_text(encoding="utf-8"))


def game(overlay: dict[str, Any], n: int = 2, seed: int = 0) -> IcecoolState:
    s = wg.make(GAME, n, seed=seed, options={"overlay": overlay})
    assert isinstance(s, IcecoolState)
    return s


def on_board(s: IcecoolState) -> list[int]:
    return [card for card in s.board if card >= 0]


def text_of(s: IcecoolState, player: int, action: str) -> str:
    """The explanation the seat is shown for its legal action ``action``."""
    for a, choice in s.choices(player):
        if str(a) == action:
            assert choice is not None
            return choice.explain.text
    raise AssertionError(f"{action!r} is not offered")


# -- lessons.on_board: "there are exactly 3 Lesson cards on the game board" ---------------


@pytest.mark.parametrize("k", [2, 4, 5])
def test_setup_and_each_refill_lay_that_many_different_lessons(k: int) -> None:
    s = game({"lessons.on_board": k})
    assert len(on_board(s)) == k == len({IW.types[c].icon for c in on_board(s)})
    # Player 1 collects two lessons with the last flick of its turn; the refill tops up.
    places = [i for i, c in enumerate(s.board) if c >= 0][:2]
    s.flicks_left = 1
    after_flick(s, collect=tuple(IW.icons[i] for i in places))
    for i in places:
        act(s, f"collect {IW.icons[i]}")
    assert len(on_board(s)) == k - 2
    act(s, "done")
    assert s.current == 1 and len(on_board(s)) == k


def test_the_printed_game_lays_three() -> None:
    assert len(on_board(game({}))) == 3


# -- turn.flicks: "During their turn, a player takes 2 flicks" -----------------------------


@pytest.mark.parametrize("k", [1, 3])
def test_a_turn_is_that_many_flicks(k: int) -> None:
    s = game({"turn.flicks": k})
    d = s.decision(0)
    assert d is not None and d.limit is not None
    assert d.limit.text.startswith(f"flick 1 of {k} this turn;")
    for _ in range(k):
        assert s.current == 0 and s.phase == PREP
        after_flick(s)
        act(s, "done")
    assert s.current == 1 and s.flicks_left == k


# -- spells.wind.extra_flicks: "Take an extra flick" ---------------------------------------


def _wind_cards() -> int:
    """Wind spell cards in the deck, counted from lessons.toml."""
    return sum(entry["elements"].count("wind") for entry in LESSONS_TOML["cards"])


def test_wind_adds_that_many_flicks_and_says_so() -> None:
    s = game({"spells.wind.extra_flicks": 2})
    give(s, 0, "S-wind")
    assert ("for 2 extra flicks: 4 flicks this turn instead of 2"
            in text_of(s, 0, "cast S-wind"))
    act(s, "cast S-wind")
    assert s.flicks_left == 2 + 2
    assert s.log[-1].text == "Player 1 casts Star (wind spell): 2 extra flicks this turn"
    d = s.decision(0)
    assert d is not None and d.limit is not None
    assert d.limit.text.startswith("flick 1 of 4 this turn")
    # The RL vector scales flicks by the most a turn can reach: 2 and 2 per Wind card.
    enc = encoding_for(GAME, 2, s.options)
    most = 2 + 2 * _wind_cards()
    assert most == 8
    vector = enc.layout.split(enc.encode(s.observation(0), 0))
    assert vector["flicks_left"][0] == pytest.approx(4 / most)
    check_invariants(s)  # flicks_left within its bound


def test_a_wind_spell_worth_no_flick_leaves_the_turn_as_it_was() -> None:
    s = game({"spells.wind.extra_flicks": 0})
    give(s, 0, "S-wind")
    act(s, "cast S-wind")
    assert s.flicks_left == 2 and s.lessons_down[0][t("S-wind")] == 1


# -- spells.mountain.draws: "Draw 2 Lesson cards and place them on the board" --------------


@pytest.mark.parametrize("k", [1, 3])
def test_mountain_draws_that_many_lessons(k: int) -> None:
    s = game({"spells.mountain.draws": k})
    give(s, 0, "P-mountain")
    for name in IW.icons:  # every place empty, so each draw lays a card
        clear_place(s, name)
    lessons = "1 lesson" if k == 1 else f"{k} lessons"
    assert f"to draw {lessons} onto the board" in text_of(s, 0, "cast P-mountain")
    act(s, "cast P-mountain")
    assert len(on_board(s)) == k
    cast = next(e for e in s.log if e.kind == "spell")
    assert cast.text == f"Player 1 casts Potion (mountain spell) to draw {lessons} onto the board"


# -- lessons.vp and spells.used.vp: "Each Lesson card is worth 1 Magic Point", "A used
# -- Spell still earns 1 Magic Point" ------------------------------------------------------


def _last_flick_of_the_game(s: IcecoolState) -> None:
    """The last seat's last flick, with the exam deck used up: 'done' ends the game."""
    s.current = s.num_players - 1
    s.penguins[s.current] = (20.0, 20.0)
    s.exam_deck = []
    s.final_round = True
    after_flick(s)
    s.flicks_left = 0


def test_lessons_and_used_spells_score_their_own_points() -> None:
    s = game({"lessons.vp": 2, "spells.used.vp": 5})
    _take_exams(s, 0, "F", "HW")  # 3 + 6, as printed
    give(s, 0, "F", "P", "W")  # three face up: 3 x 2
    give(s, 0, "H-fire", down=True)  # one used spell: 5
    give(s, 1, "S")  # 2
    assert s.scores() == [3 + 6 + 3 * 2 + 5, 2]
    _last_flick_of_the_game(s)
    act(s, "done", 1)
    assert s.is_over
    scored = [(e.player, e.vp, e.category) for e in s.log if e.kind == "final-score"]
    assert scored == [(0, 3, "Exams"), (0, 6, "Exams"), (0, 6, "Lessons"), (0, 5, "Spells"),
                      (1, 2, "Lessons")]
    testing.check_scoring_events(s)
    testing.check_score_breakdown(s)


def test_the_prompts_state_a_lessons_and_a_spells_points() -> None:
    s = game({"lessons.vp": 3, "spells.used.vp": 0})
    give(s, 0, "S-wind")
    assert text_of(s, 0, "cast S-wind").endswith("and still scores 0 Magic Points")
    place = next(i for i, c in enumerate(s.board) if c >= 0)
    after_flick(s, collect=(IW.icons[place],))
    assert ": 3 Magic Points at the end" in text_of(s, 0, f"collect {IW.icons[place]}")


def test_the_printed_points_are_one_each() -> None:
    s = game({})
    give(s, 0, "F", "P")
    give(s, 0, "H-fire", down=True)
    assert s.scores() == [3, 0]


# -- exams.*.vp: "Exam cards are worth the number of Magic Points shown at the bottom" -----


def test_two_icon_exams_score_the_new_value_and_the_others_do_not_move() -> None:
    printed, changed = game({}), game({"exams.two_icons.vp": 12})
    for s in (printed, changed):
        _take_exams(s, 0, "F", "HW", "PSF")
    assert printed.scores()[0] == 3 + 6 + 9
    assert changed.scores()[0] == 3 + 12 + 9


def test_an_exam_on_the_board_shows_and_pays_its_new_value() -> None:
    s = game({"exams.one_icon.vp": 1, "exams.three_icons.vp": 20})
    put_exam(s, "X1", exam_of("W"))
    put_exam(s, "X2", exam_of("FHW"))
    spaces = s.observation(1)["exam_spaces"]
    assert spaces["X1"]["points"] == 1 and spaces["X2"]["points"] == 20
    give(s, 0, "F", "H", "W")
    after_flick(s, exams=("X2",))
    act(s, "exam X2 F+H+W")
    assert "(20 Magic Points)" in s.log[-1].text
    assert s.scores()[0] == 20 and s.observation(None)["hands"][0]["exams"][0]["points"] == 20


def test_the_heuristic_weighs_exams_on_the_board_by_their_new_value() -> None:
    printed, doubled = game({}), game({f"exams.{k}.vp": 2 * v for k, v in (
        ("one_icon", 3), ("two_icons", 6), ("three_icons", 9))})
    for s in (printed, doubled):
        give(s, 0, "F", "H")  # half or all of several exams on the board
    assert heuristic.exam_progress(printed, 0) > 0
    assert heuristic.exam_progress(doubled, 0) == pytest.approx(
        2 * heuristic.exam_progress(printed, 0))


# -- lessons.plain_cards.*: the deck's plain lessons of each icon (our reconstruction) -----


def _cards_in_play(s: IcecoolState) -> list[int]:
    held = [c for p in range(s.num_players)
            for c in range(len(IW.types)) for _ in range(s.lessons_up[p][c])]
    return s.lesson_deck + s.lesson_discard + on_board(s) + held


def test_the_deck_holds_that_many_plain_lessons_of_an_icon_and_every_spell() -> None:
    s = game({"lessons.plain_cards.fishbone": 7, "lessons.plain_cards.wand": 1})
    deck = _cards_in_play(s)
    plain = {entry["icon"]: entry["plain"] for entry in LESSONS_TOML["cards"]}
    spells = sum(len(entry["elements"]) for entry in LESSONS_TOML["cards"])
    assert deck.count(t("F")) == 7 and deck.count(t("W")) == 1
    assert deck.count(t("H")) == plain["hourglass"]
    assert len(deck) == 7 + 1 + plain["hourglass"] + plain["potion"] + plain["star"] + spells
    assert deck.count(t("F-wind")) == 1
    check_invariants(s)  # every card accounted for, against the changed deck


# -- the overlay travels with the state --------------------------------------------------


def test_clones_share_the_params_and_a_snapshot_rebuilds_them() -> None:
    overlay = {"turn.flicks": 3, "lessons.vp": 2}
    s = game(overlay)
    assert s.clone().params is s.params
    assert game(overlay, seed=4).params is s.params  # one per distinct overlay
    back = state_from_json(s.to_json())
    assert isinstance(back, IcecoolState) and back.params == s.params
    assert back.params.flicks_per_turn == 3 and back.params.lesson_vp == 2
    assert wg.replay(s.record()).options == s.options


def test_the_view_and_a_bots_choice_ignore_hidden_cards_under_an_overlay() -> None:
    # The printed game's bot keeps Magic Fishbone and Hourglass (2 points and half the
    # worth of the exams they pay towards); with two-icon exams worth 50 and lessons
    # nothing it takes the exam they pay for at once.
    overlay = {"lessons.vp": 0, "exams.two_icons.vp": 50}
    chosen = []
    for rules in ({}, overlay):
        s = game(rules, n=3, seed=2)
        put_exam(s, "X1", exam_of("FH"))
        give(s, 0, "F", "H")
        after_flick(s, exams=("X1",))
        # The same table with every card a seat cannot see shuffled anew.
        other = s.determinize(1, random.Random(7))
        assert other.lesson_deck != s.lesson_deck or other.exam_deck != s.exam_deck
        for seat in (0, 1, None):
            assert other.observation(seat) == s.observation(seat)
        picks = {str(wg.bots.make("greedy", seed=3).choose(world, 0)) for world in (s, other)}
        assert len(picks) == 1
        chosen.append(picks.pop())
    assert chosen == ["done", "exam X1 F+H"]


# -- refusals ----------------------------------------------------------------------------


@pytest.mark.parametrize(("overlay", "said"), [
    ({"turn.flick": 3}, r"no key 'turn\.flick' \(did you mean 'turn\.flicks'\?\)"),
    ({"lessons.on_board": 6}, r"'lessons\.on_board' cannot be 6; allowed: 2 to 5"),
    ({"lessons.on_board": 1}, r"'lessons\.on_board' cannot be 1; allowed: 2 to 5"),
    ({"exams": {"two_icons": {"vp": "many"}}}, r"'exams\.two_icons\.vp' takes a whole number"),
    ({"lessons.plain_cards.star": 0}, r"'lessons\.plain_cards\.star' cannot be 0"),
    ({"lessons.vp": 1.5}, r"'lessons\.vp' takes a whole number"),
])
def test_a_bad_key_or_value_is_refused_by_name(overlay: dict[str, Any], said: str) -> None:
    with pytest.raises(wg.InvalidOptionError, match=said):
        wg.make(GAME, 2, seed=1, options={"overlay": overlay})


def test_the_rules_page_lists_every_key() -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "rules" / f"{GAME}.md").read_text(
        encoding="utf-8")
    section = doc.split("## What-if overlay", 1)[1].split("\n## ", 1)[0]
    spec = wg.get_spec(GAME)
    assert spec.overlay is not None
    for key, param in spec.overlay.params.items():
        row = next(line for line in section.splitlines() if line.startswith(f"| `{key}`"))
        assert f"| {param.default} |" in row and f"| {param.bounds} |" in row, row


def test_refill_reads_the_states_own_number() -> None:
    # Two games side by side: a module-level number could serve only one of them.
    two, five = game({"lessons.on_board": 2}), game({"lessons.on_board": 5})
    for s in (two, five):
        for name in IW.icons:
            clear_place(s, name)
        cards.refill_lessons(s)
    assert (len(on_board(two)), len(on_board(five))) == (2, 5)
