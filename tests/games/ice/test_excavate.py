"""Excavate (RB "Excavate", "Excavating Tile Cost Rules", "The 3 steps of an Excavation",
"Placement Rule", "Chain Collapse Rule", Azulia): the rulebook's worked example, the cost
in every modifier combination, collapses, the Placement Rule, Camps and icons."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.games.ice.helpers import act, fresh, place, swap_into, texts, tile
from tests.games.ice.test_powers import PHI, T20, art, game, philosophical_position, remove
from wintergames.core.errors import IllegalActionError
from wintergames.games.ice import SPEC, excavate
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import Word
from wintergames.games.ice.conservation import check, check_stable
from wintergames.games.ice.geometry import BOARD, EMPTY, chain_collapse
from wintergames.games.ice.state import IceState
from wintergames.games.ice.text import header
from wintergames.games.ice.turn import CRYO_EXCAVATE, EXCAVATE

T27, S19, S20, S26 = place("T27"), place("S19"), place("S20"), place("S26")
T19, T26 = place("T19"), place("T26")


def clear_top(s: IceState, keep: tuple[int, ...] = ()) -> None:
    """Discard the Snow tiles around T27 (except ``keep``) so it can be dug from all
    sides without collapses getting in the way of a test about something else."""
    for slot in (T19, T26, place("T20"), place("T28"), place("T34"), place("T35")):
        if slot not in keep and s.tiles[slot] >= 0:
            s.tile_discard.append(s.tiles[slot])
            s.archs[slot] = 0
            s.tiles[slot] = EMPTY
            s.rift[slot] = -1


def empty_board_pieces(s: IceState) -> None:
    """No Archaeologist or Camp anywhere (all back to the pool)."""
    s.arch_supply += sum(s.archs)
    s.archs = [0] * BOARD.n
    s.camps = [-1] * s.num_players + [-2, -2]


def resolve(s: IceState, choices: dict[type[fr.IceFrame], str]) -> None:
    """Answer the open frames: by frame kind from ``choices``, else the first option."""
    while s.pending:
        kind = type(s.pending[-1])
        act(s, choices.get(kind, texts(s)[0]))


def explorers(s: IceState, q: int) -> int:
    return s.archs[q] + sum(1 for at in s.leaders if at == q)


def test_jans_excavations_from_the_rulebook() -> None:
    """RB "Example of an excavation": Jan moves his Leader to an adjacent tile, taking an
    Archaeologist with him (1 EP). The Snow tile has a Camp: 2 + 1 = 3, but 3 Explorers make
    it free. He spends another EP to move on to the Artifact tile below, where there are now
    4 Explorers: free again. He takes the Artifact and allocates the Explorers, the other
    player's Leader among them, as evenly as possible on the tiles below."""
    s = fresh(2, seed=3)
    empty_board_pieces(s)
    clear_top(s, keep=(T27, T19))
    swap_into(s, T27, "SN01")  # a Clear tile (no Nunatak)
    s.leaders[0] = T19  # Jan, with one Archaeologist, next to T27
    s.archs[T19] = 1
    s.camps[2] = T27  # the White Camp, and an Archaeologist
    s.archs[T27] = 1
    s.leaders[1] = S20  # the other player's Leader and an Archaeologist wait on S20
    s.archs[S20] = 1
    s.arch_supply -= 3
    check(s)
    ep = s.ep[0]
    act(s, "move T27")
    act(s, "follow 1")
    assert explorers(s, T27) == 3
    assert excavate.cost(s, 0, T27) == 0  # 2 + 1 (Camp) - 3 Explorers
    act(s, "excavate")
    # 3 Explorers onto S19 (0), S20 (2), S26 (0): one each onto S19 and S26, and the third
    # to one of them (a tie: Jan's choice); Jan's Leader goes to S19; the Camp to S26.
    resolve(s, {fr.Spread: "put S19", fr.LeaderTo: "put S19", fr.CampTo: "put S26"})
    assert s.ep[0] == ep - 1
    assert [explorers(s, q) for q in (S19, S20, S26)] == [2, 2, 1]
    assert s.leaders[0] == S19 and s.camps[2] == S26
    assert len(s.hand[0]) == 1  # the Snow tile, secretly in hand
    act(s, "move S20")  # "spend another EP to move on to the Artifact tile"
    act(s, "follow 1")
    assert explorers(s, S20) == 4
    assert excavate.cost(s, 0, S20) == 0  # 3 - 4 Explorers, never below 0
    artifact = s.tiles[S20]
    act(s, "excavate")
    resolve(s, {fr.PrismSlot: "slot harmony"})
    assert s.ep[0] == ep - 2
    assert any(artifact in slot for slot in s.art[0])
    deep = [q for q in BOARD.below[S20]]
    # 4 Explorers (2 Leaders, 2 Archaeologists) onto 3 Deep tiles: 2, 1, 1.
    assert sorted(explorers(s, q) for q in deep) == [1, 1, 2]
    assert s.leaders[0] in deep and s.leaders[1] in deep
    check(s)


def test_excavation_cost_in_every_modifier_combination() -> None:
    """Base 2 / 3 / 4; +1 for a Camp, a Nunatak or one covering tile, never more than +1;
    -1 per Explorer; never below 0."""
    s = fresh(3, seed=5, guilds="navigator+incandescent+icewalker")
    empty_board_pieces(s)
    clear_top(s)
    swap_into(s, T27, "SN04")  # a Nunatak (Talisman) tile
    assert excavate.cost(s, 0, T27) == 3  # 2 + 1 Nunatak
    s.camps[s.num_players] = T27
    assert excavate.cost(s, 0, T27) == 3  # Nunatak and Camp: still +1
    swap_into(s, T27, "SN01")  # a Clear tile
    assert excavate.cost(s, 0, T27) == 3  # the Camp alone
    s.camps[s.num_players] = -1
    assert excavate.cost(s, 0, T27) == 2
    s.archs[T27], s.arch_supply = 1, s.arch_supply - 1
    assert excavate.cost(s, 0, T27) == 1
    s.leaders[0] = s.leaders[1] = T27  # any Leader counts
    assert excavate.cost(s, 0, T27) == 0
    s.archs[T27] += 5
    s.arch_supply -= 5
    assert excavate.cost(s, 0, T27) == 0  # never below 0
    # Surface: 3; partly covered by exactly one uncovered tile: +1.
    s2 = fresh(3, seed=5)
    empty_board_pieces(s2)
    clear_top(s2, keep=(T27,))
    assert excavate.cost(s2, 0, S19) == 3 + 1  # T27 still covers a third of S19
    s2.camps[s2.num_players] = S19
    assert excavate.cost(s2, 0, S19) == 4  # partly covered and a Camp: still +1
    s2.tiles[T27] = EMPTY
    assert excavate.cost(s2, 0, S19) == 4  # the Camp alone
    s2.camps[s2.num_players] = -1
    assert excavate.cost(s2, 0, S19) == 3
    # Deep: 4.
    for slot in (S19, S20, place("S25"), place("S18"), place("S13"), place("S12")):
        s2.tiles[slot] = EMPTY
    d = place("D10")
    assert excavate.cost(s2, 0, d) == 4


def test_a_tile_under_two_tiles_or_under_a_covered_tile_cannot_be_excavated() -> None:
    s = fresh(3, seed=7)
    # At setup S19 lies under three Snow tiles.
    assert excavate.cost(s, 0, S19) is None
    s.tiles[T19] = EMPTY
    assert excavate.cost(s, 0, S19) is None  # still under two
    s.tiles[T26] = EMPTY
    # Now only T27 covers S19, and T27 is uncovered: allowed, +1.
    assert excavate.cost(s, 0, S19) is not None
    # A Deep tile whose one cover (a Surface tile) is itself under a Snow tile: refused.
    d = place("D16")  # under S19, S20, S26
    s.tiles[S20] = s.tiles[S26] = EMPTY
    assert excavate.cost(s, 0, d) is None  # S19 still lies partly under T27
    s.tiles[T27] = EMPTY
    assert excavate.cost(s, 0, d) is not None


def test_excavating_a_partly_covered_tile_collapses_the_cover() -> None:
    """Step A: "the tile that was covering collapses: discard it and return any game
    pieces to their respective reserves or players"."""
    s = fresh(3, seed=11)
    empty_board_pieces(s)
    clear_top(s, keep=(T27,))
    s.archs[T27] = 2
    s.arch_supply -= 2
    s.leaders[1] = T27
    s.leaders[0] = S19
    s.ep[0] = 6
    s.overwork = 1
    covering = s.tiles[T27]
    pool = s.arch_supply
    act(s, "excavate")  # 3 + 1 - 1 (the Leader)
    while s.pending:
        act(s, texts(s)[0])
    assert s.tiles[T27] == EMPTY and covering in s.tile_discard
    assert s.arch_supply == pool + 2  # the cover's Archaeologists went back to the pool
    assert s.leaders[1] == -1  # the other Leader returned to its player
    assert s.ep[0] == 6 - 3
    check(s)


@pytest.mark.parametrize(("explorers", "existing", "expected"), [
    (3, (0, 0, 0), [1, 1, 1]),
    (2, (1, 0, 0), [1, 1, 1]),  # one onto each empty place
    (4, (3, 0, 0), [3, 2, 2]),
    (6, (0, 0, 0), [2, 2, 2]),
])
def test_placement_rule_as_evenly_as_possible(explorers: int, existing: tuple[int, int, int],
                                              expected: list[int]) -> None:
    """"Explorers should be placed as evenly as possible among the tiles below ... there
    may already be Explorers on lower tiles ... These must be taken into consideration"."""
    s = fresh(3, seed=13)
    empty_board_pieces(s)
    clear_top(s, keep=(T27,))
    below = [S19, S20, S26]
    for q, n in zip(below, existing, strict=True):
        s.archs[q] = n
    s.archs[T27] = explorers - 1
    s.arch_supply -= sum(existing) + explorers - 1
    s.leaders[0] = T27
    s.ep[0] = 6
    act(s, "excavate")
    while s.pending:
        act(s, texts(s)[0])
    got = [s.archs[q] + sum(1 for at in s.leaders if at == q) for q in below]
    assert sorted(got) == sorted(expected)
    check(s)


def test_a_tie_in_the_placement_rule_is_the_players_choice() -> None:
    s = fresh(3, seed=13)
    empty_board_pieces(s)
    clear_top(s, keep=(T27,))
    s.archs[T27] = 1
    s.arch_supply -= 1
    s.leaders[0] = T27
    s.ep[0] = 6
    act(s, "excavate")  # 2 Explorers onto 3 empty places: which two is the player's choice
    options = texts(s)
    assert sorted(options) == sorted(f"put {n}" for n in ("S19", "S20", "S26"))
    act(s, "put S26")
    assert sorted(texts(s)) == ["put S19", "put S20"]  # the second: S19 or S20
    act(s, "put S19")
    assert sorted(texts(s)) == ["put S19", "put S26"]  # and where the Leader goes
    act(s, "put S26")
    while s.pending:
        act(s, texts(s)[0])
    assert [explorers(s, q) for q in (S19, S20, S26)] == [1, 0, 1]
    assert s.leaders[0] == S26


def test_a_camp_goes_below_or_back_to_its_owner() -> None:
    s = fresh(3, seed=17)
    empty_board_pieces(s)
    clear_top(s, keep=(T27,))
    s.camps[1] = T27  # seat 1's Camp
    s.leaders[0] = T27
    s.ep[0] = 6
    act(s, "excavate")
    while s.pending and not texts(s)[0].startswith("put S"):
        act(s, texts(s)[0])
    while s.pending:
        if isinstance(s.pending[-1], fr.CampTo):  # any tile below without a Camp
            assert sorted(texts(s)) == ["put S19", "put S20", "put S26"]
            act(s, "put S20")
        else:
            act(s, texts(s)[0])
    assert s.camps[1] == S20
    check(s)


def test_refused_excavation_changes_nothing() -> None:
    s = fresh(3, seed=19)
    s.leaders[0] = S19  # under three tiles: not even standing there is normal, but say so
    before = s.to_json()["state"]
    with pytest.raises(IllegalActionError, match="uncovered"):
        act(s, "excavate")
    assert s.to_json()["state"] == before


def test_the_view_says_what_excavating_costs_as_paid() -> None:
    """Every seat's view (and the terminal's header) says what Excavate costs the seat to
    move while it may excavate: the EP the excavation then takes; nothing otherwise."""
    seen = set()
    for seed in range(6):
        s = fresh(3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.to_move[0]
            legal = s.legal_actions(p)
            cost = s.observation(None)["excavation_cost"]
            assert all(s.observation(q)["excavation_cost"] == cost for q in range(3))
            if Word.ALL[EXCAVATE] in legal:
                twin = s.clone()
                twin.apply(Word.ALL[EXCAVATE], p)
                assert s.ep[p] - twin.ep[p] == cost, (seed, len(s.history))
                assert f"excavate costs {cost} EP" in header(s.observation(p), s).plain
                seen.add(cost)
            else:
                assert cost is None
                assert "excavate costs" not in header(s.observation(p), s).plain
            s.apply(rng.choice(legal), p)
    assert {0, 1, 2} <= seen  # random play excavates mostly where Archaeologists stand


def test_the_view_says_what_each_way_of_excavating_costs() -> None:
    """With a CryoArchitect at the table, ``excavate`` and ``excavate cryoarchitect`` (the
    discount, issue 36) each cost what every seat's view and the terminal's header say:
    the EP the excavation then takes. The discounted way is offered only where it is
    cheaper than the plain one, and taking it spends the turn's use (random games that
    favour excavating)."""
    seen = 0
    for seed in range(8):
        s = fresh(3, seed=seed, guilds="cryoarchitect+navigator+icewalker")
        rng = random.Random(seed)
        while not s.is_over:
            p = s.to_move[0]
            legal = s.legal_actions(p)
            obs = s.observation(None)
            plain, cryo = obs["excavation_cost"], obs["cryo_excavation_cost"]
            assert all(s.observation(q)["cryo_excavation_cost"] == cryo for q in range(3))
            line = header(s.observation(p), s).plain
            if CRYO_EXCAVATE in legal:
                assert cryo is not None and cryo < excavate.cost(
                    s, p, s.leaders[p], s.turn_flags[p][fr.TURN_DISCOUNT])
                twin = s.clone()
                twin.apply(CRYO_EXCAVATE, p)
                assert s.ep[p] - twin.ep[p] == cryo and twin.turn_flags[p][fr.TURN_CRYO] == 1
                assert (f"excavate cryoarchitect (the CryoArchitect's discount, once a turn) "
                        f"costs {cryo} EP") in line
                seen += 1
            else:
                assert cryo is None and "excavate cryoarchitect" not in line
            if Word.ALL[EXCAVATE] in legal:
                twin = s.clone()
                flag = s.turn_flags[p][fr.TURN_CRYO]
                twin.apply(Word.ALL[EXCAVATE], p)
                assert s.ep[p] - twin.ep[p] == plain and twin.turn_flags[p][fr.TURN_CRYO] == flag
            weights = [12.0 if a in (CRYO_EXCAVATE, Word.ALL[EXCAVATE]) else 1.0 for a in legal]
            s.apply(rng.choices(legal, weights)[0], p)
    assert seen >= 2


# -- the Chain Collapse Rule inside an excavation ----------------------------------------------
#
# "As soon as a tile has only one adjacent tile at the same level, it collapses": within an
# excavation that is right after step A (the cover collapses) and right after step B (the
# tile is taken), before any Explorer is placed in step C (the Anima Gemstone: "Tiles
# already collapsed during phase A and B of an excavation"). Positions are built on the
# cleared board of test_powers.py, stable to begin with, then played.


def dig(s: IceState, *names: str) -> None:
    """Take the tiles on ``names`` off the board (building a position; a Camp on one goes
    back), which stays stable."""
    for name in names:
        slot = remove(s, name)
        s.camps = [fr.OFF if at == slot else at for at in s.camps]
    check_stable(s)


def invariants(s: IceState) -> None:
    """``SPEC.check_invariants``, as the generic checks run it after every step (the
    board's stability check among them)."""
    assert SPEC.check_invariants is not None
    SPEC.check_invariants(s)


def decisions(s: IceState, choices: dict[type[fr.IceFrame], str]) -> list[type[fr.IceFrame]]:
    """Answer the open frames (by kind from ``choices``, else the first option), the board
    stable at each; the kinds asked, in order."""
    asked: list[type[fr.IceFrame]] = []
    while s.pending:
        check_stable(s)
        kind = type(s.pending[-1])
        asked.append(kind)
        act(s, choices.get(kind, texts(s)[0]))
    check_stable(s)
    return asked


def test_a_tile_left_alone_collapses_before_the_navigators_camp_moves() -> None:
    """Audit F1: the Navigator excavates T8, which holds their Camp. T7 beside it keeps
    only T3 then, so it collapses as the tile is taken (step B), sending seat 1's Leader
    and an Archaeologist on it back, before the Leader is placed below (C) and before the
    Camp looks for a Snow tile: T7 is never offered (it was, and then collapsed under the
    Camp, which had to move again)."""
    s = game()  # seat 0: the Navigator
    dig(s, "T13", "T12", "T6", "T2")  # T7 keeps T8 and T3 beside it
    t7, t8 = place("T7"), place("T8")
    swap_into(s, t8, "SN01")  # a Clear tile: nothing to play into the excavation
    s.camps[0] = s.leaders[0] = t8
    s.leaders[1] = t7
    s.archs[t7] = 1
    s.arch_supply -= 1
    lone, pool = s.tiles[t7], s.arch_supply
    act(s, "excavate")  # 2 + 1 (the Camp) - 1 (the Leader)
    assert isinstance(s.pending[-1], fr.Spread)  # where the Leader goes below: T7 is gone already
    assert s.tiles[t7] == EMPTY and lone in s.tile_discard
    assert s.leaders[1] == fr.OFF and s.archs[t7] == 0 and s.arch_supply == pool + 1
    check_stable(s)
    act(s, "put S3")
    assert s.pending[-1] == fr.NavCamp(0, t8)
    assert sorted(texts(s)) == ["put T14", "put T3", "put T4", "put T9"]
    act(s, "put T9")
    assert not s.pending and s.camps[0] == place("T9") and s.leaders[0] == place("S3")
    assert sum(1 for e in s.log if e.kind == "collapse") == 1
    check_stable(s)
    check(s)


def cover_position(**options: Any) -> IceState:
    """Seat 0's Leader and 2 Archaeologists on S13, a Surface Philosophical Artifact under
    T20 alone; T14 beside T20 keeps only T20 and T21 (1 EP: 3 + 1 - 3)."""
    s = game(**options)
    philosophical_position(s)
    dig(s, "T15", "T8", "T9")
    return s


def test_tiles_falling_with_the_cover_are_not_collected_by_the_artifact_being_excavated() -> None:
    """Step A: T20, the cover, collapses, and T14, left with T21 alone, at once with it,
    before the Philosophical Artifact is taken (B). "You can't use the Anima of a
    Philosophical Artifact that you are currently excavating in order to collect the tile
    that was covering it": nor the tiles that fell with it (Blessing: the Artifact alone
    would be enough; it was offered T14 when the chain collapse came at the end)."""
    s = cover_position(blessing=True)
    cover, lone = s.tiles[T20], s.tiles[place("T14")]
    act(s, "excavate")
    assert fr.Collect not in decisions(s, {})
    assert cover in s.tile_discard and lone in s.tile_discard
    assert tile("S-PHI-1a") in s.art[0][PHI] and s.down[tile("S-PHI-1a")] == 0
    assert s.used[0][PHI] == 0
    check(s)


def test_the_cover_is_offered_first_then_the_tiles_that_fell_with_it() -> None:
    """With a Philosophical effect ready before the excavation, the collapsing tiles are
    offered in the order they fell: the cover (T20), then T14; once one is collected the
    effect is spent and the other is discarded. All before the Explorers are placed."""
    s = cover_position()
    art(s, 0, "D-PHI-1a")
    cover, lone = s.tiles[T20], s.tiles[place("T14")]
    act(s, "excavate")
    assert s.pending[-1] == fr.Collect(0, cover)
    assert s.tiles[place("T14")] == EMPTY
    act(s, "pass")
    assert s.pending[-1] == fr.Collect(0, lone)
    act(s, "collect")
    assert fr.Collect not in decisions(s, {})
    assert cover in s.tile_discard and lone in s.hand[0]
    check(s)


# S11 (its Leader and 2 Archaeologists there, nothing above it) with S12 beside it keeping
# only S11 and S13 on the Surface: S12 collapses as S11 is taken. The top tiles over the
# Surface tiles taken away go too, and the board is stable.
S11_POSITION = ("S6", "S7", "S18", "S19", "T6", "T7", "T11", "T12", "T13", "T17", "T18",
                "T19", "T25", "T26", "T27")


def taken_position(artifact: str) -> IceState:
    s = game(blessing=True)
    dig(s, *S11_POSITION)
    s11 = place("S11")
    swap_into(s, s11, artifact)
    s.leaders[0] = s11
    s.archs[s11] = 2
    s.arch_supply -= 2
    return s


def test_the_artifact_just_taken_may_collect_a_tile_that_falls_as_it_is_taken() -> None:
    """Step B: "From now on, these Snow or Artifact tiles can be used by you." S12 falls
    as S11 is taken, after the Philosophical Artifact on it reaches the guild board, so it
    may collect S12 (Blessing), and is asked before the Explorers are placed (C)."""
    s = taken_position("S-PHI-1a")
    lone = s.tiles[place("S12")]
    act(s, "excavate")
    assert s.pending[-1] == fr.Collect(0, lone)
    assert texts(s) == ["collect", "pass"]
    act(s, "collect")
    assert decisions(s, {})[0] == fr.LeaderTo
    assert lone in [t for slot in s.art[0] for t in slot]
    assert s.used[0][PHI] == 1 and s.down[tile("S-PHI-1a")] == 1
    check(s)


@pytest.mark.parametrize("slot", ["philosophical", "exalted"])
def test_a_prismatic_just_taken_is_slotted_before_a_collect(slot: str) -> None:
    """A Prismatic taken in step B waits for its slot; S12, fallen as S11 was taken, is
    offered to collect right after, when the Prismatic makes the Philosophical effect
    ready (Blessing), and discarded otherwise: before the Explorers are placed either
    way."""
    s = taken_position("S-PRI-1")
    lone = s.tiles[place("S12")]
    act(s, "excavate")
    assert isinstance(s.pending[-1], fr.PrismSlot) and s.tiles[place("S12")] == EMPTY
    check_stable(s)
    act(s, f"slot {slot}")
    if slot == "philosophical":
        assert s.pending[-1] == fr.Collect(0, lone)
        act(s, "collect")
        assert lone in [t for pile in s.art[0] for t in pile]
    else:
        assert lone in s.tile_discard
    assert decisions(s, {})[0] == fr.LeaderTo
    check(s)


@pytest.mark.parametrize("players", [3, 5])
def test_random_games_with_a_navigator_keep_the_board_stable_in_excavations(
        players: int) -> None:
    """Random games with the Navigator (and the other guilds): after every action, inside
    an excavation too, ``SPEC.check_invariants`` holds, its stability check included, and
    no tile is left for the Chain Collapse Rule (before, the 5-player games here had one
    at a decision inside an excavation, where a Navigator could be offered it for their
    Camp). Some of the Navigator's Camp moves come inside an excavation."""
    line_up = ["navigator", "icewalker", "cryoarchitect", "nourisher", "incandescent"][:players]
    moves = 0
    for seed in range(12):
        s = fresh(players, seed=seed, logbook="on", first_player="random",
                  guilds="+".join(line_up))
        rng = random.Random(seed)
        while not s.is_over:
            p = s.to_move[0]
            s.apply(rng.choice(s.legal_actions(p)), p)
            invariants(s)
            assert not chain_collapse(s.tiles), (seed, len(s.history))
            moves += (bool(s.pending) and isinstance(s.pending[-1], fr.NavCamp)
                      and any(isinstance(f, fr.Excavation) for f in s.pending))
    assert moves >= 2


def test_the_stability_check_holds_inside_an_excavation_too() -> None:
    """``check_stable`` is no longer skipped while an excavation is under way: a lone tile
    at one of its decisions is found."""
    s = game()
    dig(s, "T13", "T12", "T6", "T2")
    s.leaders[0] = place("T14")
    s.archs[place("T14")] = 1
    s.arch_supply -= 1
    act(s, "excavate")  # the Leader and an Archaeologist: which two places below
    assert isinstance(s.pending[-1], fr.Spread)
    check_stable(s)
    remove(s, "T3")  # T7 is left with T8 alone
    with pytest.raises(AssertionError, match="T7"):
        check_stable(s)
