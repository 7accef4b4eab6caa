"""Guild abilities (RB "Guild Boards", the FAQ on the Navigator's Camp), in positions
built by hand on a cleared board (see test_powers.py for the helpers and the neighbours
used: T20 touches T21, T28, T27, T19, T13, T14; S13 lies under T13, T19 and T20; T20 rests
on S13, S14 and S20).
"""

from __future__ import annotations

import pytest

from tests.games.ice.helpers import act, place, swap_into, texts
from tests.games.ice.test_powers import (
    ACH,
    S13,
    S14,
    S20,
    T13,
    T19,
    T20,
    archaeologists,
    art,
    free_word,
    game,
    refused,
    remove,
    snap,
    triggers,
)
from wintergames.core.errors import IllegalActionError
from wintergames.games.ice import conservation, days, excavate
from wintergames.games.ice import frames as fr
from wintergames.games.ice.components import IC
from wintergames.games.ice.state import IceState

# -- the Incandescent -------------------------------------------------------------------------


def incandescent(tile_id: str) -> IceState:
    """Seat 0 plays the Incandescent, its Leader on S13 holding ``tile_id``."""
    s = game(guilds="incandescent+navigator+icewalker")
    remove(s, "T13")
    swap_into(s, S13, tile_id)
    s.leaders[0] = S13
    return s


def test_incandescent_token_triggers_without_artifacts() -> None:
    s = incandescent("S-ACH-1a")
    s.ep[0] = 2
    assert "activate" in texts(s) and triggers(s) == []
    free_word(s, "activate")
    assert s.activation[0] == ACH and "activate" not in texts(s)
    assert triggers(s) == ["trigger achievement"]
    act(s, "trigger achievement")
    assert s.ep[0] == 3 and s.activation[0] == fr.SPENT and s.used[0][ACH] == 0
    assert triggers(s) == [] and "activate" not in texts(s)


def test_incandescent_twice_in_a_day() -> None:
    """"The Incandescents are the only Guild that can trigger the effect of the same
    Artifact Type twice in one Day": the slot once, the token once."""
    s = incandescent("S-ACH-1a")
    art(s, 0, "D-ACH-1a")
    s.ep[0] = 2
    free_word(s, "activate")
    act(s, "trigger achievement")
    assert s.ep[0] == 3 and s.used[0][ACH] == 1 and s.activation[0] == ACH
    act(s, "trigger achievement")
    assert s.ep[0] == 4 and s.activation[0] == fr.SPENT
    assert triggers(s) == []
    refused(s, "trigger achievement", "artifact.trigger")
    days.sunrise(s)
    assert s.activation[0] == fr.READY and s.day_flags[0][fr.DAY_INCANDESCENT] == 0


def test_incandescent_on_a_prismatic_chooses_the_slot() -> None:
    s = incandescent("S-PRI-1")
    free_word(s, "activate")
    assert s.pending[-1] == fr.Activate(0)
    assert texts(s) == ["choose harmony", "choose exalted", "choose achievement",
                        "choose philosophical", "choose obliteration"]
    act(s, "choose achievement")
    assert s.activation[0] == ACH


def test_incandescent_needs_an_artifact_tile() -> None:
    s = game(guilds="incandescent+navigator+icewalker")
    s.leaders[0] = T20
    assert "activate" not in texts(s)
    s = game(guilds="incandescent+navigator+icewalker", first_game=True)
    remove(s, "T13")
    s.leaders[0] = S13
    assert "activate" not in texts(s)  # no guild ability in a first game
    # ... so no view shows an Activation token ready, Grappling tokens or a Nourisher's
    # Archaeologists, and the page says the guilds play without their abilities
    for viewer in (0, 1, None):
        view = s.observation(viewer)
        assert view["guild_abilities"] is False
        assert not any({"activation", "grappling", "guild_archaeologists"} & set(seat)
                       for seat in view["seats"]), viewer
    played = game(guilds="incandescent+nourisher+icewalker").observation(1)
    assert played["guild_abilities"] is True
    assert [{"activation", "guild_archaeologists", "grappling"} & set(seat)
            for seat in played["seats"]] == [{"activation"}, {"guild_archaeologists"},
                                             {"grappling"}]


# -- the Navigator --------------------------------------------------------------------------------


def test_navigator_goes_to_its_camp_with_one_follower() -> None:
    s = game()
    s.camps[0] = place("T5")
    s.leaders[0] = T20
    s.archs[T20] = 2
    s.arch_supply -= 2
    free_word(s, "navigate")
    assert s.leaders[0] == place("T5") and s.ep[0] == 5
    assert texts(s) == ["follow 0", "follow 1"]
    act(s, "follow 1")
    assert s.archs[place("T5")] == 1 and s.archs[T20] == 1
    assert "navigate" not in texts(s)  # once a Day
    s.camps[2] = T20  # the Navigator's follower is once a turn: none on this Sail
    act(s, "sail T20")
    assert not s.pending and s.archs[place("T5")] == 1
    days.sunrise(s)
    s.current = 0
    assert "navigate" in texts(s)


def test_navigator_needs_its_own_camp_elsewhere() -> None:
    s = game()
    s.leaders[0] = T20
    assert "navigate" not in texts(s)
    s.camps[0] = T20
    assert "navigate" not in texts(s)


def test_navigator_camp_only_on_snow() -> None:
    """FAQ: "As Navigators can you build your camp on an Artifact tile? No." A White Camp
    it builds may go anywhere."""
    s = game()
    remove(s, "T13")
    remove(s, "T19")
    remove(s, "T20")
    legal = texts(s)
    assert "camp T21" in legal and "camp S13" not in legal
    s.camps[0] = place("T5")
    assert "camp S13" in texts(s)
    s = game(guilds="icewalker+navigator+incandescent")
    remove(s, "T13")
    remove(s, "T19")
    remove(s, "T20")
    assert "camp S13" in texts(s)


# -- the Nourisher --------------------------------------------------------------------------------


def test_nourisher_once_a_turn_onto_any_snow_tile() -> None:
    s = game(guilds="nourisher+navigator+icewalker")
    assert s.guild_archs[0] == IC.nourisher_archaeologists == 2
    remove(s, "T13")
    nourish = [a for a in texts(s) if a.startswith("nourish")]
    snow = [f"nourish T{i}" for i in range(1, 49) if i != 13]
    assert sorted(nourish) == sorted(snow)  # not S13 under it, and no Leader needed
    total = archaeologists(s)
    act(s, "nourish T40")
    assert s.archs[place("T40")] == 1 and s.guild_archs[0] == 1
    assert archaeologists(s) == total and s.ep[0] == 5
    refused(s, "nourish T41", "guild.nourisher")


def pool(s: IceState, n: int) -> None:
    """Leave ``n`` Archaeologists in the pool (the rest wait on T1)."""
    s.archs[place("T1")] += s.arch_supply - n
    s.arch_supply = n


def test_nourisher_board_refills_at_sunrise() -> None:
    """"During Sunrise reset, place up to 2 Archaeologists from the supply on your Guild
    board"."""
    s = game(guilds="nourisher+navigator+icewalker")
    for have, left, after, pool_after in ((0, 5, 2, 3), (1, 5, 2, 4), (0, 1, 1, 0),
                                          (2, 5, 2, 5)):
        s.arch_supply += s.guild_archs[0]
        s.guild_archs[0] = 0
        pool(s, left + have)
        s.guild_archs[0], s.arch_supply = have, left
        days.sunrise(s)
        assert (s.guild_archs[0], s.arch_supply) == (after, pool_after)
        assert archaeologists(s) == IC.archaeologists


# -- the Icewalker ---------------------------------------------------------------------------------


def test_icewalker_grappling_token_places_the_leader_freely() -> None:
    s = game(guilds="icewalker+navigator+incandescent")
    s.leaders[0] = T20
    s.archs[T20] = 3
    s.arch_supply -= 3
    act(s, "excavate")  # free: 2 EP - 4 Explorers
    assert s.pending[-1] == fr.Prepare(0)
    assert texts(s) == ["grapple", "pass"]
    act(s, "grapple")
    assert s.grapple[0] == 1
    assert sorted(texts(s)) == ["put S13", "put S14", "put S20"]
    act(s, "put S14")
    assert not s.pending and s.leaders[0] == S14
    assert [s.archs[q] for q in (S13, S14, S20)] == [1, 1, 1]  # placed before the Leader
    conservation.check(s)


def test_icewalker_one_token_back_each_sunrise() -> None:
    s = game(guilds="icewalker+navigator+incandescent")
    s.grapple[0] = 0
    days.sunrise(s)
    assert s.grapple[0] == 1
    days.sunrise(s)
    assert s.grapple[0] == 2
    days.sunrise(s)
    assert s.grapple[0] == 2


# -- the CryoArchitect ----------------------------------------------------------------------------


def test_cryoarchitect_excavates_its_camps_artifact_for_less() -> None:
    """"Thanks to the CryoArchitect's Camp being present, the Excavating base cost is
    reduced by 1 EP (Cost: 0 EP)": a Surface Artifact (3) with the Camp (-1, not +1),
    the Leader and one Archaeologist (-2)."""
    s = game(guilds="cryoarchitect+navigator+icewalker")
    remove(s, "T13")
    remove(s, "T19")
    remove(s, "T20")
    s.camps[0] = S13
    s.leaders[0] = S13
    s.archs[S13] = 1
    s.arch_supply -= 1
    assert excavate.cost(s, 0, S13, cryo=True) == 0
    assert excavate.cost(s, 0, S13) == 2  # "you may": without it the Camp is +1
    s.turn_flags[0][fr.TURN_CRYO] = 1  # once a turn
    assert excavate.cost(s, 0, S13, cryo=True) == 2
    s.turn_flags[0][fr.TURN_CRYO] = 0
    s.camps[0], s.camps[2] = fr.OFF, S13  # someone else's Camp: +1
    assert excavate.cost(s, 0, S13, cryo=True) == 2
    s.camps[0], s.camps[2] = place("T5"), fr.OFF
    s.leaders[0] = place("T5")
    assert excavate.cost(s, 0, place("T5"), cryo=True) == 2  # a Snow tile: no discount, +1
    t = game(guilds="navigator+cryoarchitect+icewalker")
    for q in (T13, T19, T20):
        t.tile_discard.append(t.tiles[q])
        t.tiles[q] = -1
    t.camps[0] = t.leaders[0] = S13
    t.archs[S13] = 1
    t.arch_supply -= 1
    assert excavate.cost(t, 0, S13, cryo=True) == 2  # not a CryoArchitect


def test_cryoarchitect_discount_is_a_choice_kept_for_the_deep_tile() -> None:
    """Issue 36: "Once per turn, you *may* Excavate an Artifact tile on which your Camp is
    present by paying 1 EP less". The engine took the discount by itself, even on an
    excavation that was free anyway; the turn's use was gone and the Deep tile below,
    where the Camp went, cost 3 EP instead of 1. Now plain ``excavate`` keeps it and
    ``excavate cryoarchitect`` takes it, offered only where it makes the excavation
    cheaper."""
    s = game(guilds="cryoarchitect+navigator+icewalker")
    # S13 and the Deep tile D11 under it uncovered: the Snow tiles over S13, S14 and S20
    # gone, then S14 and S20 (D11's other covers).
    for name in ("T13", "T19", "T20", "T14", "T21", "T27", "T28", "S14", "S20"):
        remove(s, name)
    swap_into(s, S13, "S-HAR-1a")  # a Harmony Artifact (no Prismatic's slot to ask)
    s.archs[S13], s.arch_supply = 3, s.arch_supply - 3
    act(s, "camp S13")  # 1 EP: the CryoArchitect's own Camp, its Leader with it
    assert s.camps[0] == s.leaders[0] == S13 and s.ep[0] == 4
    # 3 (Surface) + 1 (a Camp) - 4 Explorers: 0 EP; with the discount 0 EP too, so only
    # the plain way is offered (the discounted one would waste the turn's use).
    obs, offered = s.observation(0), texts(s)
    with pytest.raises(IllegalActionError, match="the discount saves nothing here"):
        act(s, "excavate cryoarchitect")
    act(s, "excavate")
    assert s.ep[0] == 4 and s.turn_flags[0][fr.TURN_CRYO] == 0  # the discount kept
    assert "excavate" in offered and "excavate cryoarchitect" not in offered
    assert obs["excavation_cost"] == 0 and obs["cryo_excavation_cost"] is None
    d11 = place("D11")
    while s.pending:  # the 4th Explorer, the Leader and the Camp all to D11
        act(s, "put D11")
    assert s.leaders[0] == s.camps[0] == d11 and s.archs[d11] == 1
    # D11: 4 (Deep) + 1 (a Camp) - 2 Explorers = 3 EP, over the turn's 2; with the
    # discount 4 - 1 - 2 = 1 EP.
    assert excavate.cost(s, 0, d11) == 3 and excavate.cost(s, 0, d11, cryo=True) == 1
    obs = s.observation(0)
    assert obs["excavation_cost"] is None and obs["cryo_excavation_cost"] == 1
    assert "excavate cryoarchitect" in texts(s) and "excavate" not in texts(s)
    refused(s, "excavate", "excavate.cost")
    other = s.clone()
    other.turn_flags[0][fr.TURN_CRYO] = 1
    with pytest.raises(IllegalActionError, match="already taken this turn"):
        act(other, "excavate cryoarchitect")
    act(s, "excavate cryoarchitect")
    assert s.ep[0] == 3 and s.spent == 2 and s.turn_flags[0][fr.TURN_CRYO] == 1
    while s.pending:  # the Explorers go down to Azulia
        s.apply(s.legal_actions(0)[0], 0)
    line = next(e.text for e in reversed(s.log) if e.kind == "excavate")
    assert line.endswith("(1 EP with the CryoArchitect's discount).") and "Deep" in line, line
    conservation.check(s)


def test_cryoarchitect_discount_taken_once_then_refused_for_the_rest_of_the_turn() -> None:
    """"Once per turn": after ``excavate cryoarchitect`` has been played, asking for it
    again in the same turn is refused, saying why, and changes nothing; a seat of another
    guild is told the discount is the CryoArchitect's."""
    s = game(guilds="cryoarchitect+navigator+icewalker")
    for name in ("T13", "T19", "T20"):
        remove(s, name)
    swap_into(s, S13, "S-HAR-1a")  # a Harmony Artifact (no Prismatic's slot to ask)
    s.camps[0] = s.leaders[0] = S13
    s.archs[S13], s.arch_supply = 1, s.arch_supply - 1
    assert excavate.cost(s, 0, S13, cryo=True) == 0 and excavate.cost(s, 0, S13) == 2
    act(s, "excavate cryoarchitect")
    assert s.turn_flags[0][fr.TURN_CRYO] == 1 and s.ep[0] == 5
    while s.pending:
        s.apply(s.legal_actions(0)[0], 0)
    assert s.to_move == (0,) and s.turn_flags[0][fr.TURN_CRYO] == 1  # still seat 0's turn
    assert "excavate cryoarchitect" not in texts(s)
    before = snap(s)
    with pytest.raises(IllegalActionError) as refusal:
        act(s, "excavate cryoarchitect")
    assert ("the CryoArchitect's discount was already taken this turn (once a turn)"
            in str(refusal.value))
    assert snap(s) == before

    t = game(guilds="navigator+cryoarchitect+icewalker")
    before = snap(t)
    with pytest.raises(IllegalActionError,
                       match="excavate cryoarchitect is the CryoArchitect's ability"):
        act(t, "excavate cryoarchitect")
    assert snap(t) == before


def test_cryoarchitect_rebuilds_its_camp_once_a_day() -> None:
    s = game(guilds="cryoarchitect+navigator+icewalker")
    assert "rebuild" not in texts(s)  # its Camp is not on the board
    s.camps[0] = place("T5")
    s.leaders[0] = T20
    remove(s, "T13")
    act(s, "rebuild")
    assert s.ep[0] == 4 and s.pending[-1] == fr.Rebuild(0)
    options = {a.split()[1] for a in texts(s)}
    assert "S13" not in options  # covered by T19 and T20
    assert "T5" not in options and "T26" not in options  # a Camp stands there
    assert {"T1", "T48", "T20"} <= options
    act(s, "put T40")
    assert s.camps[0] == s.leaders[0] == place("T40")
    assert "rebuild" not in texts(s)
    refused(s, "rebuild", "guild.cryoarchitect")
