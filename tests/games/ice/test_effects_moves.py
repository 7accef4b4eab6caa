"""The Snow tile fronts that move Archaeologists or add them (RB "Snow Tiles", Front):
Whistle of Storms, Boreal Smilodon, Ice Sailboat, Ice Manta Ray, White Spiders; in
hand-built positions (tests/games/ice/effect_positions.py)."""

from __future__ import annotations

from tests.games.ice.effect_positions import (
    CENTRE,
    add,
    conserved,
    hold,
    plays,
    position,
    puts,
    refused,
    side,
    top_steps,
)
from tests.games.ice.helpers import act, place, texts
from wintergames.games.ice import frames as fr
from wintergames.games.ice.model import GUILDS

# --- Whistle of Storms, Boreal Smilodon --------------------------------------------------


def test_whistle_moves_up_to_two_archaeologists_to_a_camp_across_rifts() -> None:
    s = position()
    hold(s, 0, "SN13")
    s.camps[1] = place("T28")
    s.camps[3] = place("T20")
    add(s, "T27", 3)
    add(s, "T44", 1)
    s.rift[place("T27")] = 0  # blocks T27 - T28: Whistle ignores it
    act(s, "play SN13")
    assert puts(s) == {"T27", "T44"}
    act(s, "put T27")
    assert puts(s) == {"T28", "T20"}
    act(s, "put T28")
    assert texts(s) == ["follow 1", "follow 2"]
    act(s, "follow 2")
    assert s.archs[place("T27")] == 1 and s.archs[place("T28")] == 2
    assert not s.pending and s.spent == 0
    conserved(s)


def test_whistle_not_offered_without_a_camp_elsewhere() -> None:
    s = position()
    hold(s, 0, "SN13")
    add(s, "T27", 2)
    assert plays(s) == []
    refused(s, "play SN13")
    s.camps[0] = place("T27")  # the only Camp is where the Archaeologists are
    assert plays(s) == []
    s.camps[3] = place("T5")
    assert plays(s) == ["play SN13"]
    act(s, "play SN13")  # one source, one Camp: only the count is asked
    assert texts(s) == ["follow 1", "follow 2"]


def test_boreal_smilodon_moves_all_archaeologists_to_an_adjacent_place() -> None:
    s = position()
    hold(s, 0, "SN40")
    add(s, "T27", 4)
    add(s, "T9", 1)
    s.rift[place("T27")] = 0  # sides 0 and 3 (T28, T26) are blocked
    act(s, "play SN40")
    assert puts(s) == {"T27", "T9"}
    act(s, "put T27")
    assert puts(s) == {side(CENTRE, k) for k in (1, 2, 4, 5)}
    act(s, "put T35")
    assert s.archs[place("T27")] == 0 and s.archs[place("T35")] == 4
    conserved(s)


# --- Ice Sailboat --------------------------------------------------------------------


def test_ice_sailboat_adds_on_your_leader_and_another_leader() -> None:
    s = position()
    hold(s, 0, "SN21")
    s.leaders[:3] = [place("T27"), place("T35"), place("T9")]
    supply = s.arch_supply
    act(s, "play SN21")
    assert puts(s) == {"T35", "T9"} and s.archs[place("T27")] == 1
    act(s, "put T9")
    assert s.archs[place("T9")] == 1 and s.arch_supply == supply - 2
    conserved(s)


def test_ice_sailboat_as_far_as_the_pool_and_the_leaders_allow() -> None:
    s = position()
    hold(s, 0, "SN21")
    hold(s, 0, "SN22")
    s.leaders[:3] = [place("T27"), fr.OFF, fr.OFF]
    act(s, "play SN21")  # no other Leader on the board: only yours
    assert not s.pending and s.archs[place("T27")] == 1
    s.leaders[1] = place("T35")
    s.archs[place("T27")] += s.arch_supply - 1
    s.arch_supply = 1  # one left: it goes on your Leader's tile
    act(s, "play SN22")
    assert not s.pending and s.archs[place("T35")] == 0 and s.arch_supply == 0
    hold(s, 0, "SN23")
    assert plays(s) == []  # an empty pool: "you can't do so" (RB FAQ)
    refused(s, "play SN23")
    conserved(s)


# --- Ice Manta Ray, White Spiders ---------------------------------------------------------


def test_ice_manta_ray_takes_the_leader_alone_anywhere_across_rifts() -> None:
    s = position()
    hold(s, 0, "SN37")
    s.leaders[0] = place("T27")
    add(s, "T27", 2)
    s.rift[place("T27")] = 0
    act(s, "play SN37")
    options = puts(s)
    assert {"T28", "T26", "T47", "T20"} <= options and "T27" not in options
    assert "S20" not in options  # covered: no one can stand there
    act(s, "put T28")
    assert s.leaders[0] == place("T28") and s.archs[place("T27")] == 2
    assert not s.pending and s.ep[0] == 5 and s.spent == 0
    conserved(s)


def test_ice_manta_ray_lets_one_archaeologist_follow_a_navigator_once_a_turn() -> None:
    s = position(first_game=False)
    s.guild[0] = GUILDS.index("navigator")
    hold(s, 0, "SN37")
    hold(s, 0, "SN38")
    s.leaders[0] = place("T27")
    add(s, "T27", 2)
    act(s, "play SN37")
    act(s, "put T9")
    assert texts(s) == ["follow 0", "follow 1"]
    act(s, "follow 1")
    assert s.archs[place("T9")] == 1 and s.archs[place("T27")] == 1
    assert s.turn_flags[0][fr.TURN_NAV_FOLLOW] == 1
    act(s, "play SN38")
    act(s, "put T20")  # the ability is used up this turn: no question
    assert not s.pending and s.archs[place("T9")] == 1 and s.leaders[0] == place("T20")
    conserved(s)


def test_white_spiders_one_or_two_steps_and_rifts_block_them() -> None:
    s = position()
    hold(s, 0, "SN44")
    s.leaders[0] = place(CENTRE)
    add(s, CENTRE, 3)
    act(s, "play SN44")
    assert puts(s) == top_steps(CENTRE, 2, set())
    s = position()
    hold(s, 0, "SN44")
    s.leaders[0] = place(CENTRE)
    add(s, CENTRE, 3)
    s.rift[place(CENTRE)] = 0  # blocks T27-T28 and T27-T26
    act(s, "play SN44")
    blocked = {(CENTRE, side(CENTRE, 0)), (CENTRE, side(CENTRE, 3))}
    assert puts(s) == top_steps(CENTRE, 2, blocked)
    far = side(side(CENTRE, 0), 0)  # two steps straight across the rift
    assert far not in puts(s) and side(CENTRE, 0) in puts(s)  # T28 round the rift
    act(s, f"put {side(CENTRE, 1)}")
    assert texts(s) == ["follow 0", "follow 1"]  # "A single Archaeologist"
    act(s, "follow 1")
    assert s.archs[place(CENTRE)] == 2 and s.archs[place(side(CENTRE, 1))] == 1
    assert s.turn_flags[0][fr.TURN_NAV_FOLLOW] == 0
    conserved(s)


def test_white_spiders_let_a_navigator_bring_two() -> None:
    s = position(first_game=False)
    s.guild[0] = GUILDS.index("navigator")
    hold(s, 0, "SN44")
    s.leaders[0] = place(CENTRE)
    add(s, CENTRE, 3)
    act(s, "play SN44")
    act(s, "put T35")
    assert texts(s) == ["follow 0", "follow 1", "follow 2"]
    act(s, "follow 2")
    assert s.archs[place("T35")] == 2 and s.turn_flags[0][fr.TURN_NAV_FOLLOW] == 1


def test_moves_not_offered_without_the_leader_on_the_board() -> None:
    s = position()
    for t in ("SN37", "SN44"):
        hold(s, 0, t)
    assert plays(s) == []
    refused(s, "play SN37")
    refused(s, "play SN44")
