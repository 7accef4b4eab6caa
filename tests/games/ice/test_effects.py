"""The Snow tile fronts played from the hand (RB "Snow Tiles", Front), in hand-built
positions.

Positions are built by editing a fresh state: every Archaeologist back to the pool, no
Camp on the board, no rift unless the test sets one. A Snow tile put into a hand leaves
its hole on a far rim slot of the top layer. Expected places come from the board's static
tables (``BOARD.sides``, ``BOARD.above``, ``BOARD.below``) with code written here, never
from the functions under test.
"""

from __future__ import annotations

import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from tests.games.ice.effect_positions import (
    BOARD_NAMES,
    CENTRE,
    HAR,
    PHI,
    add,
    conserved,
    drop,
    finish,
    hold,
    plays,
    position,
    puts,
    refused,
    uncover,
)
from tests.games.ice.helpers import act, fresh, give, place, swap_into, texts, tile
from wintergames.core.actions import Action
from wintergames.games.ice import components, effects, powers
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import WORDS, Play, Word
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import BOARD
from wintergames.games.ice.state import IceState

# --- Wreck, Polar Termites ------------------------------------------------------------


def test_wreck_gains_ep_and_an_rp_token_never_above_six_ep() -> None:
    s = position()
    hold(s, 0, "SN29")
    hold(s, 0, "SN30")
    s.ep[0], rp = 5, s.rp[0]
    act(s, "play SN29")
    assert (s.ep[0], s.rp[0]) == (6, rp + 1)
    assert s.tile_discard[-1] == tile("SN29") and s.seen[tile("SN29")] == 1
    act(s, "play SN30")
    assert (s.ep[0], s.rp[0]) == (6, rp + 2)  # "can never exceed 6 EP"
    assert s.spent == 0 and not s.pending and s.hand[0] == []
    conserved(s)


def test_polar_termites_make_the_next_excavation_cost_one_ep_less() -> None:
    s = position()
    hold(s, 0, "SN33")
    s.leaders[0] = place(CENTRE)  # a Snow tile: 2 EP, -1 for the Leader on it
    s.ep[0] = 5
    act(s, "play SN33")
    assert s.turn_flags[0][fr.TURN_DISCOUNT] == 1
    act(s, "excavate")
    finish(s)
    assert s.ep[0] == 5 and s.spent == 0  # 2 - 1 (Leader) - 1 (Termites)
    assert s.turn_flags[0][fr.TURN_DISCOUNT] == 0
    conserved(s)


# --- Talisman ----------------------------------------------------------------------------


def test_talisman_excavates_the_leaders_artifact_of_its_type_for_free() -> None:
    s = position()
    hold(s, 0, "SN01")  # Talisman of Harmony
    uncover(s, "S20")
    swap_into(s, place("S20"), "S-HAR-1a")
    s.leaders[0] = place("S20")
    s.ep[0] = 1  # an excavation here costs 3 - 1: out of reach with EP
    assert "excavate" not in texts(s) and "play SN01" in texts(s)
    act(s, "play SN01")
    finish(s)
    assert tile("S-HAR-1a") in s.art[0][HAR] and s.ep[0] == 1 and s.spent == 0
    assert s.tiles[place("S20")] == -1
    assert s.leaders[0] in BOARD.below[place("S20")]
    assert s.turn_flags[0][fr.TURN_EXCAVATED] == s.leaders[0] + 1
    conserved(s)


def test_talisman_collapses_the_one_tile_covering_it() -> None:
    s = position()
    hold(s, 0, "SN01")
    uncover(s, "S20", keep="T27")  # S20 is covered by T27 alone, which is uncovered
    swap_into(s, place("S20"), "S-HAR-1a")
    cover = s.tiles[place("T27")]
    add(s, "T27", 2)
    s.leaders[0] = place("S20")
    supply = s.arch_supply
    act(s, "play SN01")
    finish(s)
    assert s.tiles[place("T27")] == -1 and cover in s.tile_discard
    assert s.arch_supply == supply + 2  # "return any game pieces"
    assert tile("S-HAR-1a") in s.art[0][HAR]
    conserved(s)


def test_talisman_refused_on_another_type_on_a_prismatic_and_under_two_tiles() -> None:
    s = position()
    hold(s, 0, "SN01")
    uncover(s, "S20")
    s.leaders[0] = place("S20")
    swap_into(s, place("S20"), "S-EXA-1a")
    assert plays(s) == []
    refused(s, "play SN01")
    swap_into(s, place("S20"), "S-PRI-1")  # "You can't Excavate a Prismatic Artifact"
    assert plays(s) == []
    refused(s, "play SN01")
    swap_into(s, place("S20"), "S-HAR-1a")  # the control: the right type is offered
    assert plays(s) == ["play SN01"]
    u = position()  # covered by T20, T27 and T28: no excavation at all
    hold(u, 0, "SN01")
    swap_into(u, place("S20"), "S-HAR-1a")
    u.leaders[0] = place("S20")
    assert plays(u) == []


# --- Explosive Rune ----------------------------------------------------------------------


def test_explosive_rune_destroys_an_uncovered_tile_unseen_and_returns_its_pieces() -> None:
    s = position()
    hold(s, 0, "SN06")
    s.leaders[1] = place("T35")
    s.camps[2] = place("T28")
    add(s, "T28", 2)
    gone = s.tiles[place("T28")]
    act(s, "play SN06")
    assert s.pending and "put T35" not in texts(s)  # "no Expedition leader on it"
    assert "put T28" in texts(s) and "put S20" not in texts(s)  # covered: not offered
    act(s, "put T28")
    assert s.tiles[place("T28")] == -1 and s.tile_discard[-1] == gone
    assert s.seen[gone] == 0  # "without looking underneath"
    assert s.archs[place("T28")] == 0 and s.camps[2] == fr.OFF
    assert not s.pending and s.hand[0] == []
    conserved(s)


def test_explosive_rune_starts_a_chain_collapse() -> None:
    s = position()
    hold(s, 0, "SN06")
    for n in ("T35", "T34", "T26", "T19"):  # T27 keeps two neighbours: T28 and T20
        drop(s, n)

    def lonely_after(tiles: list[int]) -> set[int]:
        """The chain collapse rule, written here: non-rim tiles with <= 1 tile beside."""
        t, gone = list(tiles), set()
        changed = True
        while changed:
            changed = False
            for q in range(BOARD.n):
                if t[q] >= 0 and BOARD.kind[q] == "tile" and not BOARD.rim[q]:
                    near = [x for x in BOARD.sides[q] if x >= 0 and t[x] >= 0]
                    if len(near) <= 1:
                        t[q], changed = -1, True
                        gone.add(q)
        return gone

    assert lonely_after(s.tiles) == set()
    after = list(s.tiles)
    after[place("T28")] = -1
    expected = lonely_after(after)
    assert place("T27") in expected
    act(s, "play SN06")
    act(s, "put T28")
    finish(s)
    assert {q for q in expected if s.tiles[q] >= 0} == set()
    assert all(s.tiles[q] >= 0 for q in range(BOARD.n)
               if after[q] >= 0 and q not in expected)
    conserved(s)


def test_explosive_rune_tile_collected_with_a_philosophical_artifact() -> None:
    s = position()
    hold(s, 0, "SN06")
    give(s, 0, "D-PHI-1a")  # 2 Anima: the Philosophical effect is ready
    gone = s.tiles[place("T28")]
    act(s, "play SN06")
    act(s, "put T28")
    assert texts(s) == ["collect", "pass"]
    act(s, "collect")
    assert gone in s.hand[0] and s.used[0][PHI] == 1
    conserved(s)


# --- Abseiling Rope and Expedition Survivors: only inside an excavation ---------------


def test_rope_and_survivors_never_played_outside_an_excavation() -> None:
    s = position()
    hold(s, 0, "SN17")
    hold(s, 0, "SN25")
    s.leaders[0] = place(CENTRE)
    assert plays(s) == []
    refused(s, "play SN17")
    refused(s, "play SN25")


def test_survivors_join_the_excavation_that_reveals_them() -> None:
    s = position()
    hold(s, 0, "SN25")
    s.leaders[0] = place(CENTRE)
    add(s, CENTRE, 1)
    supply = s.arch_supply
    act(s, "excavate")
    assert "play SN25" in texts(s) and "pass" in texts(s)
    act(s, "play SN25")
    finish(s)
    below = BOARD.below[place(CENTRE)]
    assert sum(s.archs[q] for q in below) == 3 and s.arch_supply == supply - 2
    assert s.leaders[0] in below and tile("SN25") in s.tile_discard
    conserved(s)


def test_rope_places_the_leader_and_one_archaeologist_apart() -> None:
    s = position()
    hold(s, 0, "SN17")
    s.leaders[0] = place(CENTRE)
    add(s, CENTRE, 2)
    act(s, "excavate")
    act(s, "play SN17")
    while s.pending[-1] != fr.Rope(0):  # the others go first
        s.apply(s.legal_actions(0)[0], 0)
    assert puts(s) == {BOARD_NAMES[q] for q in BOARD.below[place(CENTRE)]}
    target = BOARD_NAMES[BOARD.below[place(CENTRE)][2]]
    before = s.archs[place(target)]
    act(s, f"put {target}")
    finish(s)
    assert s.leaders[0] == place(target) and s.archs[place(target)] == before + 1
    conserved(s)


# --- Anima Gemstone --------------------------------------------------------------------


def gem_position(artifact: str) -> IceState:
    s = position()
    hold(s, 0, "SN10")
    uncover(s, "S20")
    swap_into(s, place("S20"), artifact)
    s.leaders[0] = place("S20")
    return s


def test_anima_gemstone_triggers_the_effect_of_the_tile_under_the_leader() -> None:
    s = gem_position("S-ACH-1a")
    s.ep[0] = 4
    act(s, "play SN10")
    assert s.ep[0] == 5 and s.used[0] == [0] * 5  # no Artifact of yours is flipped
    assert tile("SN10") in s.tile_discard and s.seen[tile("SN10")] == 1
    conserved(s)


def test_anima_gemstone_not_offered_where_it_can_do_nothing() -> None:
    s = gem_position("S-ACH-1a")
    s.ep[0] = 6  # Achievement: no room for 1 more EP
    assert plays(s) == []
    refused(s, "play SN10")
    s = gem_position("S-HAR-1a")  # Harmony only right after an excavation
    assert plays(s) == []
    s.leaders[0] = place(CENTRE) if s.tiles[place(CENTRE)] >= 0 else place("T35")
    assert plays(s) == []  # a Snow tile has no effect to trigger


def test_anima_gemstone_on_a_prismatic_offers_the_effects_that_can_act() -> None:
    s = gem_position("S-PRI-1")
    s.ep[0] = 4
    act(s, "play SN10")
    options = [t for t in texts(s) if t.startswith("choose ")]
    assert "choose achievement" in options and "choose obliteration" in options
    assert "choose harmony" not in options  # no excavation just put the Leader there
    act(s, "choose achievement")
    assert s.ep[0] == 5
    conserved(s)


def test_anima_gemstone_on_a_philosophical_arms_one_collect_this_turn() -> None:
    # "Tiles already collapsed during phase A and B of an excavation can't be recovered
    # when your leader is placed on a Philosophical Artifact during phase C": the effect
    # waits for a tile collapsing later (powers.py keeps it armed for the turn).
    s = gem_position("S-PHI-1a")
    hold(s, 0, "SN06")
    act(s, "play SN10")
    assert s.turn_flags[0][fr.TURN_PHILOSOPHICAL] == 1
    gone = s.tiles[place("T35")]
    act(s, "play SN06")
    act(s, "put T35")
    assert texts(s) == ["collect", "pass"]
    act(s, "collect")
    assert gone in s.hand[0]
    conserved(s)


def test_anima_gemstone_harmony_right_after_the_excavation() -> None:
    s = position()
    hold(s, 0, "SN10")
    uncover(s, "S20")
    swap_into(s, place("S20"), "S-HAR-1a")
    s.leaders[0] = place("S20")
    # as excavate.py leaves it: the Leader was allocated onto this Harmony tile
    s.turn_flags[0][fr.TURN_EXCAVATED] = place("S20") + 1
    supply = s.arch_supply
    assert plays(s) == ["play SN10"]
    act(s, "play SN10")
    finish(s)
    assert s.archs[place("S20")] == 1 and s.arch_supply == supply - 1
    conserved(s)


def test_anima_gemstone_exalted_still_costs_one_ep() -> None:
    s = gem_position("S-EXA-1a")
    for q in BOARD.sides[place("S20")]:  # Archaeologists on every tile beside S20
        if q >= 0 and s.tiles[q] >= 0:
            s.archs[q] = 1
            s.arch_supply -= 1
    s.ep[0], s.spent = 5, 0
    act(s, "play SN10")
    finish(s)
    assert s.ep[0] == 4 and s.spent == 1
    conserved(s)


# --- Amounts come from data -------------------------------------------------------------


@pytest.mark.parametrize(("old", "new", "message"), [
    ("wreck_rp = 1 ", "", r"setup\.toml \[effects\]: missing key\(s\) \['wreck_rp'\]"),
    ("whistle_archaeologists = 2", 'whistle_archaeologists = "2"',
     r"setup\.toml \[effects\]: whistle_archaeologists must be an integer"),
    ("[effects]", "[effect]", r"setup\.toml: .*effect"),
])
def test_broken_effects_table_is_refused(tmp_path: Path, old: str, new: str,
                                         message: str) -> None:
    data = tmp_path / "data"
    shutil.copytree(components.DATA, data)
    path = data / "setup.toml"
    text = path.read_text()
    assert text.count(old) == 1
    path.write_text(text.replace(old, new))
    with pytest.raises(ValueError, match=message):
        components.load(data)


# --- Random games with Snow tiles ---------------------------------------------------------


def random_choice(s: IceState, legal: list[Action], rng: random.Random) -> Action:
    """Random play that prefers Snow tiles, then excavating, and rarely ends a turn."""
    snow = [a for a in legal if str(a).startswith("play ") and not s.pending]
    if snow and rng.random() < 0.7:
        return rng.choice(snow)
    if Word(WORDS.index("excavate")) in legal and rng.random() < 0.6:
        return Word(WORDS.index("excavate"))
    keep = [a for a in legal if str(a) not in ("end", "stop")]
    return rng.choice(keep if keep and rng.random() < 0.9 else legal)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_games_playing_snow_tiles(players: int) -> None:
    """Whole random games: every question has an answer, pieces are conserved."""
    fronts: Counter[str] = Counter()
    for seed in range(2):
        s = fresh(players, seed, first_game=False)
        rng = random.Random(seed)
        while not s.over:
            p = s.to_move[0]
            legal = s.legal_actions(p)
            assert legal
            a = random_choice(s, legal, rng)
            if isinstance(a, Play) and not s.pending:
                fronts[IC.tiles[a.value].front] += 1
            s.apply(a, p)
            conserved(s)
    assert sum(fronts.values()) >= 3, fronts


def test_effect_amounts_match_the_rulebook() -> None:
    # RB Snow Tiles, Front, typed in: Whistle "up to 2", Sailboat "1 ... and 1 more",
    # Wreck "1 EP and 1 RP", Termites "1 EP less", Spiders "1 or 2 tiles" with "a single
    # Archaeologist", Navigator "1 Archaeologist may follow", Survivors "add 2 additional
    # Archaeologists"; RB Effects of the 5 Artifact Types: Exalted "Cost: 1 EP", Achievement
    # "add 1 EP", Harmony "take one Archaeologist"; RB Nourisher "bring 1 Archaeologist";
    # RB Icewalker "flip just 1 of your grappling tokens back"; RB CryoArchitect "paying 1
    # EP less", "Once a Day for 1 EP you can rebuild your Camp".
    assert IC.effects == {"whistle_archaeologists": 2, "sailboat_archaeologists": 1,
                          "wreck_ep": 1, "wreck_rp": 1, "termites_discount": 1,
                          "spiders_steps": 2, "spiders_followers": 1,
                          "navigator_followers": 1, "survivors_archaeologists": 2,
                          "exalted_ep": 1, "achievement_ep": 1, "harmony_archaeologists": 1,
                          "nourish_archaeologists": 1, "grapple_refresh": 1,
                          "cryo_discount": 1, "cryo_rebuild_ep": 1}
    assert effects.NOT_PLAYED == ("abseiling-rope", "expedition-survivors", "blank")
    assert hasattr(powers, "apply_effect")
