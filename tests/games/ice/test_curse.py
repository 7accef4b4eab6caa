"""Expert mode, Nuuka's Curse (RB "Setting up", "Moving on the Curse Track", "Curses"),
the Blessing and Gentle variants."""

from __future__ import annotations

import pytest

from tests.games.ice.helpers import act, fresh, texts
from wintergames.games.ice import curse
from wintergames.games.ice import frames as fr
from wintergames.games.ice.artifacts import needed

# RB "Setting up", typed in: start space; light tokens on 4 & 5 (+6 with 3 players, +4 & 6
# with 4, +4, 5 & 6 with 5); dark tokens on 10 & 11 (+12, +10 & 12, +10, 11 & 12).
SETUP = {
    2: (0, {4: 1, 5: 1, 10: 1, 11: 1}),
    3: (1, {4: 1, 5: 1, 6: 1, 10: 1, 11: 1, 12: 1}),
    4: (2, {4: 2, 5: 1, 6: 1, 10: 2, 11: 1, 12: 1}),
    5: (2, {4: 2, 5: 2, 6: 1, 10: 2, 11: 2, 12: 1}),
}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_curse_track_setup_by_player_count(n: int) -> None:
    start, tokens = SETUP[n]
    s = fresh(n, seed=1, curse="on")
    assert s.curse == [start] * n
    assert {space: k for space, k in enumerate(s.curse_tokens) if k} == tokens
    # "Each player places a Blessing token on the Artifact trigger slot"
    assert s.trigger == [fr.TRIGGER_BLESSING] * n
    assert needed(s, 0) == 1


def test_no_curse_without_expert_mode_and_the_blessing_variant() -> None:
    s = fresh(3, seed=1)
    assert s.curse_tokens == [0] * len(s.curse_tokens) and needed(s, 0) == 2
    b = fresh(3, seed=1, blessing=True)
    assert b.trigger == [fr.TRIGGER_BLESSING] * 3 and needed(b, 0) == 1


def test_the_marker_moves_one_space_per_anima_taking_tokens_on_the_way() -> None:
    s = fresh(3, seed=1, curse="on")  # start on space 1
    curse.advance_marker(s, 0, 2)  # a Deep Artifact: spaces 2 and 3
    assert s.curse[0] == 3 and s.trigger[0] == fr.TRIGGER_BLESSING
    curse.advance_marker(s, 0, 1)  # space 4: a light Curse token
    assert s.trigger[0] == fr.TRIGGER_LIGHT and needed(s, 0) == 2
    assert s.curse_tokens[4] == 0
    curse.advance_marker(s, 0, 2)  # space 5, 6: a light token is one "you already have"
    assert s.curse_tokens[5] == 1 and s.curse_tokens[6] == 1
    assert s.follow_cap[0] == 3
    curse.advance_marker(s, 0, 1)  # space 7: the light Curse grows
    assert s.trigger[0] == fr.TRIGGER_LIGHT_FLIPPED and s.follow_cap[0] == 2
    curse.advance_marker(s, 0, 3)  # 8, 9, 10: a dark token replaces the light one
    assert s.trigger[0] == fr.TRIGGER_DARK and needed(s, 0) == 3
    assert s.follow_cap[0] == 2  # "as well as any previous curses"
    curse.advance_marker(s, 0, 3)  # 11, 12, 13: the dark Curse grows
    assert s.trigger[0] == fr.TRIGGER_DARK_FLIPPED and s.follow_cap[0] == 1
    curse.advance_marker(s, 0, 2)  # "past square 13 ... You won't receive any new curses"
    assert s.curse[0] == 13 and s.trigger[0] == fr.TRIGGER_DARK_FLIPPED


def test_a_token_taken_by_another_is_gone_and_space_seven_flips_nothing_without_one() -> None:
    s = fresh(2, seed=1, curse="on")  # tokens on 4, 5 (light); 10, 11 (dark)
    curse.advance_marker(s, 1, 4)  # seat 1 takes the light token of space 4
    curse.advance_marker(s, 1, 1)  # space 5: already has a light token, leaves it
    curse.advance_marker(s, 0, 4)  # seat 0 on space 4: none left there
    assert s.trigger[0] == fr.TRIGGER_BLESSING
    curse.advance_marker(s, 0, 1)  # space 5: the one left
    assert s.trigger[0] == fr.TRIGGER_LIGHT
    s2 = fresh(2, seed=1, curse="on")
    s2.curse_tokens[4] = s2.curse_tokens[5] = 0  # all light tokens gone
    curse.advance_marker(s2, 0, 7)
    assert s2.trigger[0] == fr.TRIGGER_BLESSING and s2.follow_cap[0] == 3


def test_a_grown_curse_limits_the_archaeologists_who_follow_a_move() -> None:
    s = fresh(3, seed=4, curse="on")
    s.follow_cap[0] = 1
    s.leaders[0] = s.camps[3]  # the Encampment: its Archaeologist
    origin = s.leaders[0]
    s.archs[origin] += 3
    s.arch_supply -= 3
    step = next(t for t in texts(s) if t.startswith("move"))
    act(s, step)
    assert texts(s) == ["follow 0", "follow 1"]


def test_gentle_variant_gives_the_last_on_the_track_a_study_token() -> None:
    s = fresh(3, seed=4, curse="gentle")
    s.curse = [5, 1, 1]
    s.finished = [1, 1, 1]
    from wintergames.games.ice import days

    days.sunrise(s)
    owed = [f.seat for f in reversed(s.pending) if isinstance(f, fr.Logbook)]
    assert sorted(owed) == [1, 2]
    act(s, texts(s)[0])
    act(s, texts(s)[0])
    assert sum(map(bool, s.study[1])) == 1 and sum(map(bool, s.study[2])) == 1
    assert not any(s.study[0])
