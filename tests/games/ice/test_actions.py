"""The Exploration phase's actions (RB "Actions"): Build a Camp, Recruit, Sail, Study,
Plan, Move (followers, Rifts, edges), Fluent Move; and bad input refused with the rule it
breaks, the state unchanged."""

from __future__ import annotations

from typing import Any

import pytest

import wintergames as wg
from tests.games.ice.helpers import act, fresh, place, swap_into, texts
from wintergames.core.errors import ActionFormatError, IllegalActionError
from wintergames.games.ice.conservation import check
from wintergames.games.ice.geometry import BOARD, EMPTY, adjacent
from wintergames.games.ice.state import IceState

T27, T19, T26, T20 = place("T27"), place("T19"), place("T26"), place("T20")


def refused(s: IceState, text: str, match: str, rule: str) -> None:
    """``text`` is refused with a message matching ``match``, naming the rule passage
    ``rule``, and nothing changes."""
    before = s.to_json()["state"]
    with pytest.raises(IllegalActionError, match=match) as refusal:
        act(s, text)
    assert refusal.value.rule == rule
    assert s.to_json()["state"] == before


def test_build_a_camp_own_first_then_a_white_one_leader_comes_along() -> None:
    # 3 players: one White Camp on the Encampment, one in the pool (no guild abilities)
    s = fresh(3, seed=1, first_game=True)
    encampment = s.camps[3]
    assert s.camps[4] == -1
    act(s, "camp T1")
    assert s.camps[0] == place("T1") and s.leaders[0] == place("T1") and s.ep[0] == 4
    act(s, "camp T2")  # own Camp on the board: a White Camp from the pool
    assert s.camps[4] == place("T2") and s.leaders[0] == place("T2")
    act(s, "end")
    # seat 1 may still build its own; then no White Camp is left for a second one
    act(s, "camp T3")
    assert s.camps[1] == place("T3") and s.camps[4] == place("T2")
    assert not any(t.startswith("camp") for t in texts(s))
    assert encampment == s.camps[3]
    refused(s, f"camp {_name(s.camps[3])}", "no Camp to build", "turn.build-camp")
    check(s)


def _name(place_index: int) -> str:
    from wintergames.games.ice.actions import PLACES

    return PLACES[place_index]


def test_a_camp_never_goes_on_a_covered_tile_an_edge_or_azulia() -> None:
    s = fresh(3, seed=1)
    sites = {t.split()[1] for t in texts(s) if t.startswith("camp")}
    # At setup only the 48 Snow tiles are uncovered; one of them holds the Encampment's Camp.
    assert sites == {f"T{i}" for i in range(1, 49)} - {_name(s.camps[3])}
    refused(s, "camp S19", "uncovered tile", "turn.build-camp")
    refused(s, "camp E1", "uncovered tile", "turn.build-camp")
    refused(s, "camp A1", "uncovered tile", "turn.build-camp")


def test_recruit_and_sail_go_to_tiles_with_a_camp() -> None:
    s = fresh(3, seed=2)
    camp = s.camps[3]
    pool = s.arch_supply
    act(s, f"recruit {_name(camp)}")
    assert s.archs[camp] == 2 and s.arch_supply == pool - 1
    act(s, f"sail {_name(camp)}")
    assert s.leaders[0] == camp and s.spent == 2
    s2 = fresh(3, seed=2)
    refused(s2, "recruit T1" if s2.camps[3] != place("T1") else "recruit T2", "Camp",
            "turn.recruit")
    s2.arch_supply, s2.archs[0] = 0, s2.archs[0] + s2.arch_supply
    refused(s2, f"recruit {_name(s2.camps[3])}", "no Archaeologist", "turn.recruit")


def test_move_brings_up_to_three_archaeologists_from_the_leaders_tile() -> None:
    s = fresh(3, seed=3)
    camp = s.camps[3]
    s.leaders[0] = camp
    s.archs[camp] = 5
    s.arch_supply -= 4
    step = _name(adjacent(s.tiles, s.rift, camp)[0])
    act(s, f"move {step}")
    assert texts(s) == ["follow 0", "follow 1", "follow 2", "follow 3"]
    before = s.archs[place(step)]
    act(s, "follow 3")
    assert s.archs[camp] == 2 and s.archs[place(step)] == before + 3
    assert s.leaders[0] == place(step) and s.ep[0] == 4
    check(s)


def test_a_rift_blocks_its_two_sides_for_moves() -> None:
    s = fresh(3, seed=4)
    swap_into(s, T27, "SN03")  # a Rift tile
    s.leaders[0] = T27
    for axis in range(3):
        s.rift[T27] = axis
        steps = set(adjacent(s.tiles, s.rift, T27))
        blocked = {BOARD.sides[T27][axis], BOARD.sides[T27][axis + 3]}
        assert not steps & blocked
        assert {q for q in BOARD.sides[T27] if q >= 0} - blocked <= steps
        refused(s, f"move {_name(BOARD.sides[T27][axis])}", "not adjacent", "turn.move")


def test_moves_go_down_onto_what_shows_and_onto_board_edges_but_not_top_edges() -> None:
    s = fresh(3, seed=5)
    for slot in (T19, T26):
        s.tile_discard.append(s.tiles[slot])
        s.tiles[slot] = EMPTY
    s.leaders[0] = T27
    steps = {_name(q) for q in adjacent(s.tiles, s.rift, T27)}
    assert "S19" in steps  # now only a third of S19 lies under T27
    assert "S20" not in steps  # still under T20 and T28 too: nothing of it shows
    rim = place("T1")
    s.leaders[0] = rim
    assert all(BOARD.kind[q] != "edge" for q in adjacent(s.tiles, s.rift, rim))


def test_study_takes_the_type_under_the_leader_once_never_prismatic() -> None:
    s = fresh(3, seed=6)
    for slot in (T19, T26, T27):
        s.tile_discard.append(s.tiles[slot])
        s.tiles[slot] = EMPTY
    swap_into(s, place("S19"), "S-HAR-1a")
    s.leaders[0] = place("S19")
    act(s, "study")
    assert s.study[0] == [1, 0, 0, 0, 0]
    refused(s, "study", "Study", "turn.study")
    swap_into(s, place("S19"), "S-PRI-1")
    s.study[0][0] = 0
    refused(s, "study", "Study", "turn.study")


def test_plan_one_token_at_a_time() -> None:
    s = fresh(3, seed=6)
    act(s, "plan")
    assert s.planning[0] == 1
    refused(s, "plan", "Planning token", "turn.plan")


def test_fluent_move_two_steps_for_one_ep_once_a_day() -> None:
    s = fresh(2, seed=7)
    camp = s.camps[2]
    s.leaders[0] = camp
    first = adjacent(s.tiles, s.rift, camp)[0]
    act(s, f"fluent {_name(first)}")
    act(s, "follow 1")
    second = next(t for t in texts(s) if t.startswith("move"))
    assert "pass" in texts(s)
    act(s, second)
    assert s.leaders[0] == place(second.split()[1]) and s.ep[0] == 5 and s.fluent[0] == 1
    assert s.archs[s.leaders[0]] >= 1  # the follower came both steps


@pytest.mark.parametrize("text", ["move", "move T99", "fly T1", "follow", "camp  ", "x" * 300,
                                  "trigger sparkly", "take NOPE"])
def test_unreadable_notation_is_refused_clearly(text: str) -> None:
    spec = wg.get_spec("ice")
    with pytest.raises(ActionFormatError):
        spec.parse_action(text)


@pytest.mark.parametrize("refusal", [
    lambda spec: spec.parse_action("excavate navigator"),
    lambda spec: spec.action_from_json({"kind": "excavate", "with": "navigator"})],
    ids=["notation", "json"])
def test_an_unknown_way_to_excavate_is_refused_in_words(refusal: Any) -> None:
    """Audit F3: ``excavate navigator`` said "there is no with 'navigator'; withs:
    cryoarchitect" (the JSON field's name). It says what excavate takes, as the other
    kinds say what they name ("there is no type 'x'; types: harmony, ...")."""
    with pytest.raises(ActionFormatError) as refused:
        refusal(wg.get_spec("ice"))
    assert str(refused.value) == (
        "there is no way to excavate 'navigator'; excavate takes no word or "
        "'cryoarchitect' (the CryoArchitect's discount)")
    with pytest.raises(ActionFormatError, match="there is no type 'sparkly'; types: harmony"):
        wg.get_spec("ice").parse_action("trigger sparkly")


@pytest.mark.parametrize("obj", [{"kind": "move", "place": "T99"}, {"kind": "follow", "count": 9},
                                 {"kind": "follow", "count": True}, {"kind": "nope"},
                                 {"place": "T1"}, ["move", "T1"],
                                 {"kind": "follow", "count": 10 ** 5000}])
def test_bad_json_actions_are_refused(obj: Any) -> None:
    spec = wg.get_spec("ice")
    with pytest.raises(ActionFormatError):
        spec.action_from_json(obj)


def test_out_of_turn_and_unknown_options_are_refused() -> None:
    s = fresh(3, seed=8)
    with pytest.raises(wg.NotYourTurnError):
        s.apply(s.legal_actions(0)[0], 1)
    with pytest.raises(wg.InvalidOptionError, match="curse"):
        wg.make("ice", 3, options={"curse": "maybe"})
    with pytest.raises(wg.InvalidOptionError, match="each player has their own Guild board"):
        wg.make("ice", 2, options={"guild_1": "navigator", "guild_2": "navigator"})
    with pytest.raises(wg.InvalidOptionError, match="there is no seat 4"):
        wg.make("ice", 3, options={"guild_4": "navigator"})
    named = wg.make("ice", 3, seed=2, options={"guild_2": "nourisher", "guild_3": "navigator"})
    assert isinstance(named, IceState)
    assert [named.guild[1], named.guild[2]] == [3, 0] and named.guild[0] not in (0, 3)
    with pytest.raises(wg.InvalidOptionError, match="2 to 5 players"):
        wg.make("ice", 1)
