"""Artifact effects (RB "Effects of the 5 Artifact Types", "Prismatic Artifacts", the
Blessing variant and the Curses), in positions built by hand on a cleared board: no
Archaeologist, no Rift, no Leader, no guild Camp. The guild abilities: test_guilds.py.

Neighbours used below, read off the board (components/ice.md C1): T20 touches T21, T28,
T27, T19, T13, T14 (in SIDES order); S13 lies under T13, T19 and T20; T20 rests on S13,
S14 and S20.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.games.ice.helpers import act, fresh, place, swap_into, texts, tile
from wintergames.core.errors import IllegalActionError
from wintergames.games.ice import artifacts, conservation, days, powers, rules
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import WORDS, Word
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import BOARD
from wintergames.games.ice.state import IceState

HAR, EXA, ACH, PHI, OBL = range(5)
SLOT = {"HAR": HAR, "EXA": EXA, "ACH": ACH, "PHI": PHI, "OBL": OBL}
T20, T21, T28, T27, T19, T13, T14 = (place(n) for n in
                                     ("T20", "T21", "T28", "T27", "T19", "T13", "T14"))
S13, S14, S20 = place("S13"), place("S14"), place("S20")


# -- building positions --------------------------------------------------------------------


def game(guilds: str = "navigator+incandescent+icewalker", **options: Any) -> IceState:
    """Day 1, seat 0 to move with 5 EP, on a board with no Archaeologist, Rift, Leader or
    guild Camp (the White Camp stays on the Encampment)."""
    s = fresh(3, 1, guilds=guilds, **options)
    for q in range(BOARD.n):
        s.arch_supply += s.archs[q]
        s.archs[q] = 0
    s.rift = [-1] * BOARD.n
    s.leaders = [fr.OFF] * 3
    for c in range(3):
        s.camps[c] = fr.OFF
    return s


def art(s: IceState, p: int, tile_id: str, slot: int = -1) -> int:
    """An Artifact onto seat ``p``'s board (its own slot, or ``slot`` for a Prismatic),
    taken from the board or the discard pile."""
    t = tile(tile_id)
    if t in s.tiles:
        s.tiles[s.tiles.index(t)] = -1
    if t in s.tile_discard:
        s.tile_discard.remove(t)
    s.art[p][SLOT.get(tile_id[2:5], slot)].append(t)
    s.seen[t] = 1
    return t


def remove(s: IceState, name: str) -> int:
    """Discard the tile on ``name`` (no collapse is worked out)."""
    slot = place(name)
    s.tile_discard.append(s.tiles[slot])
    s.tiles[slot] = -1
    return slot


def snap(s: IceState) -> Any:
    return s.to_json()["state"]


def refused(s: IceState, text: str, rule: str) -> None:
    """``text`` is refused, naming the rule passage ``rule``, and nothing changes."""
    before = snap(s)
    with pytest.raises(IllegalActionError) as refusal:
        act(s, text)
    assert refusal.value.rule == rule
    assert snap(s) == before


def archaeologists(s: IceState) -> int:
    return sum(s.archs) + s.arch_supply + sum(s.guild_archs)


def triggers(s: IceState) -> list[str]:
    return [a for a in texts(s) if a.startswith("trigger")]


def free_word(s: IceState, word: str) -> None:
    """A guild ability word, checked legal, carried out as a free action."""
    p = s.to_move[0]
    action = Word(WORDS.index(word))
    assert action in s.legal_actions(p)
    powers.use(s, p, action)
    rules.settle(s)


# -- what triggering needs -------------------------------------------------------------------


def test_two_anima_with_a_study_token_that_never_triggers_alone() -> None:
    s = game()
    s.study[0][ACH] = 1
    assert triggers(s) == []  # "A Study token alone can't trigger an Artifact effect"
    art(s, 0, "S-ACH-1a")
    assert triggers(s) == ["trigger achievement"]  # 1 Anima + the Study token
    s.study[0][ACH] = 2  # flipped paying a Request: "no longer count as extra Anima"
    assert triggers(s) == []
    art(s, 0, "S-ACH-2a")
    assert triggers(s) == ["trigger achievement"]


def test_blessing_needs_one_anima() -> None:
    s = game(blessing=True)
    s.study[0][EXA] = 1
    s.leaders[0] = T20
    s.archs[T27] = 1
    s.arch_supply -= 1
    assert triggers(s) == []
    art(s, 0, "S-ACH-1a")
    assert triggers(s) == ["trigger achievement"]


@pytest.mark.parametrize(("token", "tiles", "study", "ok"), [
    (fr.TRIGGER_BLESSING, ("S-ACH-1a",), 0, True), (fr.TRIGGER_BLESSING, (), 1, False),
    (fr.TRIGGER_LIGHT, ("S-ACH-1a",), 1, True), (fr.TRIGGER_LIGHT, ("S-ACH-1a",), 0, False),
    (fr.TRIGGER_LIGHT_FLIPPED, ("D-ACH-1a",), 0, True),
    (fr.TRIGGER_LIGHT_FLIPPED, ("S-ACH-1a",), 0, False),
    (fr.TRIGGER_DARK, ("D-ACH-1a",), 0, False), (fr.TRIGGER_DARK, ("D-ACH-1a",), 1, True),
    (fr.TRIGGER_DARK, ("S-ACH-1a", "D-ACH-1a"), 0, True),
    (fr.TRIGGER_DARK_FLIPPED, ("D-ACH-1a",), 1, True),
    (fr.TRIGGER_DARK_FLIPPED, ("S-ACH-1a",), 1, False)])
def test_curse_thresholds(token: int, tiles: tuple[str, ...], study: int, ok: bool) -> None:
    """Blessing 1 Anima, light Curse 2, dark Curse 3 (flipped or not): Surface Artifacts
    have 1 Anima, Deep ones 2, the Study token adds 1."""
    s = game(curse="on")
    s.trigger[0] = token
    for tile_id in tiles:
        art(s, 0, tile_id)
    s.study[0][ACH] = study
    assert (triggers(s) == ["trigger achievement"]) is ok


def test_a_prismatic_counts_as_anima_of_its_slot() -> None:
    s = game()
    art(s, 0, "S-PRI-1", slot=ACH)
    assert triggers(s) == []
    art(s, 0, "S-PRI-2", slot=ACH)
    assert triggers(s) == ["trigger achievement"]
    act(s, "trigger achievement")
    assert s.down[tile("S-PRI-2")] == 1 and s.down[tile("S-PRI-1")] == 0  # the top one


# -- Achievement --------------------------------------------------------------------------------


def test_achievement_once_a_day_and_never_above_six() -> None:
    s = game()
    art(s, 0, "D-ACH-1a")
    s.ep[0] = 3
    act(s, "trigger achievement")
    assert s.ep[0] == 4 and s.spent == 0
    assert s.used[0][ACH] == 1 and s.down[tile("D-ACH-1a")] == 1
    assert triggers(s) == []
    refused(s, "trigger achievement", "artifact.trigger")
    # "Any further Artifacts of this Type that you might Excavate during this Day are
    # placed face down."
    artifacts.place_artifact(s, 0, tile("S-ACH-1a"), ACH)
    assert s.down[tile("S-ACH-1a")] == 1
    s.ep[0] = IC.ep_max
    s.used[0][ACH] = 0
    assert triggers(s) == []  # nothing to gain at 6 EP
    refused(s, "trigger achievement", "artifact.trigger")


def test_achievement_does_not_raise_the_turns_spending() -> None:
    s = game()
    art(s, 0, "D-ACH-1a")
    s.leaders[0] = T20
    act(s, "move T27")
    act(s, "move T20")
    assert s.spent == 2 and s.ep[0] == 3
    act(s, "trigger achievement")
    assert s.ep[0] == 4 and s.spent == 2
    assert not any(a.startswith("move") for a in texts(s))
    refused(s, "move T27", "turn.actions")


def test_sunrise_reloads_the_artifacts() -> None:
    s = game()
    art(s, 0, "D-ACH-1a")
    s.ep[0] = 3
    act(s, "trigger achievement")
    days.sunrise(s)
    assert s.day == 2 and s.used[0][ACH] == 0 and s.down[tile("D-ACH-1a")] == 0
    s.current, s.ep[0] = 0, 3
    assert triggers(s) == ["trigger achievement"]


# -- Exalted ------------------------------------------------------------------------------------


def test_exalted_brings_one_archaeologist_from_each_adjacent_place() -> None:
    s = game()
    swap_into(s, T20, "SN07")  # a Rift tile on T20, its axis 0: sides to T21 and T19
    s.rift = [-1] * BOARD.n
    s.rift[T20] = 0
    art(s, 0, "D-EXA-1a")
    s.leaders[0] = T20
    for q, n in ((T27, 1), (T13, 2), (T21, 3), (T19, 1), (place("T26"), 2)):
        s.archs[q] = n
        s.arch_supply -= n
    total = archaeologists(s)
    act(s, "trigger exalted")
    # "Pay 1 EP to move one Archaeologist from each adjacent tile onto your Expedition
    # Leader's tile"; the Rift's sides are not crossed, T26 is not adjacent.
    assert s.archs[T20] == 2 and s.archs[T27] == 0 and s.archs[T13] == 1
    assert s.archs[T21] == 3 and s.archs[T19] == 1 and s.archs[place("T26")] == 2
    assert s.ep[0] == 4 and s.spent == 1  # "part of the EP spent during your turn"
    assert archaeologists(s) == total
    assert "end" in texts(s)


def test_exalted_needs_ep_this_turn_and_someone_to_bring() -> None:
    s = game()
    art(s, 0, "D-EXA-1a")
    s.leaders[0] = T20
    assert triggers(s) == []  # nobody next to the Leader
    s.archs[T27] = 1
    s.arch_supply -= 1
    assert triggers(s) == ["trigger exalted"]
    s.spent = 2
    assert triggers(s) == []
    refused(s, "trigger exalted", "artifact.trigger")
    s.spent, s.ep[0] = 0, 0
    assert triggers(s) == []


# -- Harmony --------------------------------------------------------------------------------------


def excavate_t20(s: IceState, archs: int = 2) -> None:
    """Seat 0's Leader and ``archs`` Archaeologists on T20; it is excavated (2 EP - the
    Explorers), the Explorers spread evenly under it (S13, S14, S20)."""
    s.leaders[0] = T20
    s.archs[T20] = archs
    s.arch_supply -= archs
    act(s, "excavate")
    while s.pending:
        act(s, texts(s)[0])


def test_harmony_only_right_after_an_excavation() -> None:
    s = game()
    art(s, 0, "D-HAR-1a")
    s.leaders[0] = T27
    assert triggers(s) == []
    s.leaders[0] = fr.OFF
    excavate_t20(s)
    at = s.leaders[0]
    assert at in (S13, S14, S20) and s.archs[at] == 0
    assert triggers(s) == ["trigger harmony"]
    supply = s.arch_supply
    act(s, "trigger harmony")
    assert s.archs[at] == 1 and s.arch_supply == supply - 1
    assert s.used[0][HAR] == 1


def test_harmony_window_closes_with_the_next_action() -> None:
    s = game()
    art(s, 0, "D-HAR-1a")
    excavate_t20(s, archs=3)
    assert triggers(s) == ["trigger harmony"]
    act(s, f"move {texts(s)[0].split()[1]}")
    assert triggers(s) == []
    refused(s, "trigger harmony", "turn.move")  # asked now: how many follow the Leader


def test_harmony_during_its_own_excavation() -> None:
    """"The effect of the Harmony artifact can be used during its own excavation"
    (Blessing: the one excavated Surface Harmony is enough)."""
    s = game(blessing=True)
    remove(s, "T13")
    remove(s, "T19")
    remove(s, "T20")
    swap_into(s, S13, "S-HAR-1a")
    s.leaders[0] = S13
    s.archs[S13] = 2
    s.arch_supply -= 2
    act(s, "excavate")  # 3 EP - 3 Explorers
    while s.pending:
        act(s, texts(s)[0])
    assert tile("S-HAR-1a") in s.art[0][HAR]
    assert triggers(s) == ["trigger harmony"]


def test_harmony_needs_an_archaeologist_in_the_pool() -> None:
    s = game()
    art(s, 0, "D-HAR-1a")
    excavate_t20(s)
    s.archs[place("T1")] += s.arch_supply
    s.arch_supply = 0
    assert triggers(s) == []


# -- Obliteration and Philosophical ---------------------------------------------------------------


def test_obliteration_targets_ignore_rifts_and_covered_tiles() -> None:
    s = game()
    art(s, 0, "D-OBL-1a")
    s.rift[T20] = 0
    s.leaders[0] = T20
    act(s, "trigger obliteration")
    assert s.pending[-1] == fr.Obliterate(0)
    expected = {"T20", "T21", "T28", "T27", "T19", "T13", "T14"}
    assert {a.split()[1] for a in texts(s)} == expected
    refused(s, "put S13", "artifact.obliteration")  # covered, and not next to the Leader's tile
    refused(s, "put T1", "artifact.obliteration")


def test_obliteration_returns_the_pieces() -> None:
    s = game()
    art(s, 0, "D-OBL-1a")
    s.leaders[0] = T20
    s.leaders[1] = T27
    s.archs[T27] = 2
    s.arch_supply -= 2
    s.camps[1] = T27
    gone = s.tiles[T27]
    supply, ep = s.arch_supply, s.ep[0]
    act(s, "trigger obliteration")
    act(s, "put T27")
    assert s.tiles[T27] == -1 and gone in s.tile_discard
    assert s.arch_supply == supply + 2 and s.leaders[1] == fr.OFF and s.camps[1] == fr.OFF
    assert s.ep[0] == ep and s.used[0][OBL] == 1 and not s.pending
    conservation.check(s)
    assert triggers(s) == []  # once a Day


def test_obliteration_of_the_leaders_own_tile() -> None:
    s = game()
    art(s, 0, "D-OBL-1a")
    s.leaders[0] = T20
    act(s, "trigger obliteration")
    act(s, "put T20")
    assert s.leaders[0] == fr.OFF and s.tiles[T20] == -1
    conservation.check(s)


def test_obliteration_with_philosophical_collects_the_tile() -> None:
    s = game()
    art(s, 0, "D-OBL-1a")
    art(s, 0, "D-PHI-1a")
    s.leaders[0] = T20
    gone = s.tiles[T27]
    act(s, "trigger obliteration")
    act(s, "put T27")
    assert s.pending[-1] == fr.Collect(0, gone)
    assert texts(s) == ["collect", "pass"]
    act(s, "collect")
    assert gone in s.hand[0] and gone not in s.tile_discard
    assert s.used[0][PHI] == 1 and s.down[tile("D-PHI-1a")] == 1
    conservation.check(s)


def philosophical_position(s: IceState) -> None:
    """Seat 0's Leader and 2 Archaeologists on S13 (a Surface Philosophical Artifact) with
    only T20 still covering it: excavating costs 3 + 1 - 3 = 1 EP and T20 collapses."""
    remove(s, "T13")
    remove(s, "T19")
    swap_into(s, S13, "S-PHI-1a")
    s.leaders[0] = S13
    s.archs[S13] = 2
    s.arch_supply -= 2


def test_philosophical_cannot_collect_with_the_artifact_being_excavated() -> None:
    """"You can't use the Anima of a Philosophical Artifact that you are currently
    excavating in order to collect the tile that was covering it" (Blessing: it alone
    would be enough)."""
    s = game(blessing=True)
    philosophical_position(s)
    cover = s.tiles[T20]
    act(s, "excavate")
    assert all(not isinstance(f, fr.Collect) for f in s.pending)
    while s.pending:
        act(s, texts(s)[0])
    assert cover in s.tile_discard
    assert tile("S-PHI-1a") in s.art[0][PHI] and s.down[tile("S-PHI-1a")] == 0


def test_philosophical_collects_the_collapsing_cover() -> None:
    s = game()
    philosophical_position(s)
    art(s, 0, "D-PHI-1a")
    cover = s.tiles[T20]
    act(s, "excavate")
    assert s.pending[-1] == fr.Collect(0, cover)
    act(s, "collect")
    while s.pending:
        act(s, texts(s)[0])
    assert cover in s.hand[0]
    # the excavated Philosophical comes face down: the type was used today
    assert s.down[tile("S-PHI-1a")] == 1
    conservation.check(s)


def test_philosophical_is_no_free_action() -> None:
    s = game()
    art(s, 0, "D-PHI-1a")
    s.leaders[0] = T20
    assert triggers(s) == []
    refused(s, "trigger philosophical", "artifact.trigger")


# -- apply_effect (the Anima Gemstone's way in) ----------------------------------------------


def test_apply_effect_spends_no_days_use() -> None:
    s = game()
    art(s, 0, "D-ACH-1a")
    s.ep[0] = 3
    powers.apply_effect(s, 0, ACH)
    assert s.ep[0] == 4 and s.used[0][ACH] == 0
    assert triggers(s) == ["trigger achievement"]


def test_apply_effect_exalted_still_costs_one_ep() -> None:
    s = game()
    s.leaders[0] = T20
    s.archs[T27] = 1
    s.arch_supply -= 1
    assert powers.can_apply(s, 0, EXA)
    powers.apply_effect(s, 0, EXA)
    assert s.ep[0] == 4 and s.spent == 1 and s.archs[T20] == 1


def test_apply_effect_philosophical_arms_one_collect_this_turn() -> None:
    s = game()
    art(s, 0, "D-OBL-1a")
    s.leaders[0] = T20
    assert powers.can_apply(s, 0, PHI)
    powers.apply_effect(s, 0, PHI)
    assert not powers.can_apply(s, 0, PHI)
    act(s, "trigger obliteration")
    act(s, "put T27")
    assert isinstance(s.pending[-1], fr.Collect)
    act(s, "collect")
    assert s.turn_flags[0][fr.TURN_PHILOSOPHICAL] == 0 and s.used[0][PHI] == 0


# -- whole games ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "seed", "curse"), [
    (2, 21, "on"), (3, 11, "on"), (4, 12, "off"), (5, 13, "on"), (3, 14, "off")])
def test_random_games_with_abilities(players: int, seed: int, curse: str) -> None:
    """Random games with guild abilities (and the Curse, or the Blessing), preferring the
    powers; pieces are conserved whenever no decision is open."""
    s = fresh(players, seed, curse=curse, blessing=curse == "off")
    rng = random.Random(seed)
    steps = 0
    while not s.over and steps < 6000:
        p = s.to_move[0]
        legal = s.legal_actions(p)
        powers_now = [a for a in legal if a.kind in ("trigger", "nourish")
                      or str(a) in ("navigate", "activate", "rebuild", "excavate")]
        pick = rng.choice(powers_now) if powers_now and rng.random() < 0.6 else \
            rng.choice([a for a in legal if str(a) != "stop"] or legal)
        s.apply(pick, p)
        steps += 1
        if not s.pending:
            conservation.check(s)
    assert s.over
