"""ICE's what-if overlay, part two (part one: test_overlay.py): the amounts of
excavations, Moves, Artifact effects, Snow tiles, guild abilities and Curses. Each test
changes a key and checks the rulebook sentence it stands for with the overlay's number,
in a position built by hand (the helpers of the tests of each rule); every expected
number is worked out here."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.ice.effect_positions import CENTRE, add, conserved, hold, puts, top_steps
from tests.games.ice.helpers import act, fresh, place, prompt_of, swap_into, texts
from tests.games.ice.test_excavate import S19, T27, clear_top, empty_board_pieces
from tests.games.ice.test_overlay import overlay
from tests.games.ice.test_powers import (
    ACH,
    S13,
    T20,
    T21,
    archaeologists,
    art,
    excavate_t20,
    free_word,
    game,
    remove,
    triggers,
)
from wintergames.games.ice import conservation, curse, days, excavate, pieces
from wintergames.games.ice import frames as fr
from wintergames.games.ice.geometry import BOARD, EMPTY
from wintergames.games.ice.state import IceState

# -- excavation (RB Excavating Tile Cost Rules, Azulia) ----------------------------------------


def test_an_excavation_costs_what_the_overlay_says() -> None:
    """"Snow tile cost: 2 EP, Surface Artifact cost: 3 EP, Deep Artifact cost: 4 EP";
    hard tiles "cost 1 EP more ... never be more than +1"; "Every Explorer present on a
    tile decreases the excavation cost by 1 EP": here 3 / 5 / 6, +2 and -2 an Explorer."""
    changes = overlay(excavate__cost__snow=3, excavate__cost__surface=5,
                      excavate__cost__deep=6, excavate__hard_extra=2,
                      excavate__explorer_discount=2)
    s = fresh(3, seed=5, guilds="navigator+incandescent+icewalker", overlay=changes)
    empty_board_pieces(s)
    clear_top(s)
    swap_into(s, T27, "SN04")  # a Nunatak
    assert excavate.cost(s, 0, T27) == 3 + 2
    s.camps[s.num_players] = T27
    assert excavate.cost(s, 0, T27) == 3 + 2  # a Nunatak and a Camp: still one extra
    swap_into(s, T27, "SN01")  # a Clear tile
    s.camps[s.num_players] = -1
    assert excavate.cost(s, 0, T27) == 3
    s.archs[T27], s.arch_supply = 1, s.arch_supply - 1
    assert excavate.cost(s, 0, T27) == 3 - 2
    s.leaders[0] = T27
    assert excavate.cost(s, 0, T27) == max(0, 3 - 2 * 2)
    surface = fresh(3, seed=5, overlay=changes)
    empty_board_pieces(surface)
    clear_top(surface, keep=(T27,))
    assert excavate.cost(surface, 0, S19) == 5 + 2  # T27 still covers a third of S19
    for name in ("S19", "S20", "S25", "S18", "S13", "S12"):
        surface.tiles[place(name)] = EMPTY
    assert excavate.cost(surface, 0, place("D10")) == 6


def test_an_uncovered_azulia_icon_pays_the_overlays_rp() -> None:
    """"If a player uncovers a whole 1 RP icon after an excavation, they take a 1 RP
    token": here 3, once per icon."""
    s = fresh(3, seed=1, overlay={"azulia.rp": 3})
    for slot in BOARD.icons[0][1]:  # the three Deep tiles over the icon
        s.tile_discard.append(s.tiles[slot])
        s.tiles[slot] = EMPTY
    rp = s.rp[0]
    pieces.award_icons(s, 0)
    pieces.award_icons(s, 0)
    assert s.rp[0] == rp + 3


@pytest.mark.parametrize("total", [20, 5])
def test_the_game_has_the_overlays_archaeologists(total: int) -> None:
    """45 Archaeologists (components): here 20 or 5; set-up F and G place one on each of
    the 12 Tunnel tiles and one on the Encampment as far as they last."""
    s = fresh(3, seed=1, first_game=True, overlay={"supply.archaeologists": total})
    placed = min(total, 12 + 1)
    assert sum(s.archs) == placed and s.arch_supply == total - placed
    conservation.check(s)


# -- Moves (RB Move, Fluent Move, Curses) -------------------------------------------------------


def test_a_move_brings_the_overlays_followers() -> None:
    """"they can move 1-3 Archaeologists with them": here 1."""
    s = game(overlay={"move.followers": 1})
    s.leaders[0] = T20
    s.archs[T20], s.arch_supply = 3, s.arch_supply - 3
    act(s, "move T21")
    assert texts(s) == ["follow 0", "follow 1"]


@pytest.mark.parametrize(("token", "space", "key", "most"), [
    (fr.TRIGGER_LIGHT, 7, "curse.light_flipped.followers", 1),
    (fr.TRIGGER_DARK, 13, "curse.dark_flipped.followers", 0)])
def test_a_grown_curse_limits_moves_to_the_overlays_followers(token: int, space: int,
                                                              key: str, most: int) -> None:
    """"Light Curse token, when flipped: ... only bring 2 Archaeologists"; dark: 1."""
    s = game(curse="on", overlay={key: most})
    s.curse[0], s.trigger[0] = space - 1, token
    curse.advance_marker(s, 0, 1)
    assert s.follow_cap[0] == most
    noun = "Archaeologist" if most == 1 else "Archaeologists"
    assert s.log[-1].text.endswith(f"a Move takes at most {most} {noun} along.")


def test_fluent_move_tokens_are_the_overlays() -> None:
    """2 players: "both players start with 2 Fluent Move tokens each"; the 3-player
    variant: "Each player starts with one": here 3 and 2, back each Day."""
    s = fresh(2, seed=6, overlay={"fluent_move.tokens.2_players": 3})
    assert s.fluent == [3, 3]
    s.fluent = [0, 1]
    days.sunrise(s)
    assert s.fluent == [3, 3]
    assert fresh(3, seed=6, fluent=True,
                 overlay={"fluent_move.tokens.3_players": 2}).fluent == [2, 2, 2]


@pytest.mark.parametrize("steps", [1, 3])
def test_a_fluent_move_takes_the_overlays_steps(steps: int) -> None:
    """"move up to 2 adjacent tiles (instead of 1) at the cost of 1 EP": here 1 or 3."""
    s = fresh(2, seed=6, first_game=True, overlay={"fluent_move.steps": steps})
    s.rift = [-1] * BOARD.n
    s.arch_supply += sum(s.archs)
    s.archs = [0] * BOARD.n
    s.leaders[0] = place(CENTRE)
    ep = s.ep[0]
    act(s, f"fluent {BOARD_NAME[BOARD.sides[place(CENTRE)][0]]}")
    taken = 1
    while s.pending:  # each further step, while the Fluent Move allows one
        assert isinstance(s.pending[-1], fr.FluentStep) and texts(s)[-1] == "pass"
        act(s, texts(s)[0])
        taken += 1
    assert taken == steps and s.ep[0] == ep - 1 and s.fluent[0] == 1


BOARD_NAME = {place(n): n for n in (f"T{i}" for i in range(1, 49))}


# -- Artifact effects (RB Effects of the 5 Artifact Types, Blessing, Curses) -------------------


def test_artifacts_trigger_with_the_overlays_anima() -> None:
    """"As soon as a slot contains Artifacts totaling 2 or more Anima": here 3; the
    Blessing's 1 Anima: here 2; a light Curse's 2 and a dark one's 3: here 1 and 2."""
    s = game(overlay={"artifacts.anima_to_trigger": 3})
    s.study[0][ACH] = 1
    art(s, 0, "S-ACH-1a")
    assert triggers(s) == []  # 2 Anima
    art(s, 0, "S-ACH-2a")
    assert triggers(s) == ["trigger achievement"]
    blessed = game(blessing=True, overlay={"variant.blessing.anima": 2})
    art(blessed, 0, "S-ACH-1a")
    assert triggers(blessed) == []
    blessed.study[0][ACH] = 1
    assert triggers(blessed) == ["trigger achievement"]
    cursed = game(curse="on", overlay=overlay(curse__light__anima=1, curse__dark__anima=2))
    art(cursed, 0, "S-ACH-1a")
    cursed.trigger[0] = fr.TRIGGER_LIGHT
    assert triggers(cursed) == ["trigger achievement"]
    cursed.trigger[0] = fr.TRIGGER_DARK_FLIPPED
    assert triggers(cursed) == []
    cursed.study[0][ACH] = 1
    assert triggers(cursed) == ["trigger achievement"]


def test_achievement_adds_the_overlays_ep() -> None:
    """"Immediately add 1 EP to your Exploration Track" (never above 6): here 2."""
    s = game(overlay={"artifacts.achievement.ep": 2})
    art(s, 0, "D-ACH-1a")
    s.ep[0] = 3
    act(s, "trigger achievement")
    assert s.ep[0] == 3 + 2
    capped = game(overlay={"artifacts.achievement.ep": 2})
    art(capped, 0, "D-ACH-1a")
    act(capped, "trigger achievement")
    assert capped.ep[0] == min(6, 5 + 2)


def test_exalted_costs_the_overlays_ep() -> None:
    """"Exalted Artifacts — Cost: 1 EP ... This cost is part of the EP spent during your
    turn": here 2, so a turn that spent 1 of its 2 cannot."""
    s = game(overlay={"artifacts.exalted.ep": 2})
    art(s, 0, "D-EXA-1a")
    s.leaders[0] = T20
    s.archs[T21], s.arch_supply = 1, s.arch_supply - 1
    s.spent = 1
    assert triggers(s) == []
    s.spent = 0
    act(s, "trigger exalted")
    assert (s.ep[0], s.spent, s.archs[T20]) == (5 - 2, 2, 1)


def test_harmony_brings_the_overlays_archaeologists() -> None:
    """"take one Archaeologist from the reserve and place it on your Expedition Leader's
    tile": here 2."""
    s = game(overlay={"artifacts.harmony.archaeologists": 2})
    art(s, 0, "D-HAR-1a")
    excavate_t20(s)
    at, supply = s.leaders[0], s.arch_supply
    act(s, "trigger harmony")
    assert s.archs[at] == 2 and s.arch_supply == supply - 2


# -- Snow tiles (RB Snow Tiles, Front) -------------------------------------------------------


def board(**changes: Any) -> IceState:
    """A first game's Day 1 with the overlay ``changes``: no Archaeologist, Camp or Rift
    on the board (effect_positions.position with an overlay)."""
    s = fresh(3, 1, first_game=True, overlay=changes)
    s.arch_supply += sum(s.archs)
    s.archs = [0] * BOARD.n
    s.camps = [fr.OFF if at >= 0 else at for at in s.camps]
    s.rift = [-1] * BOARD.n
    return s


def test_the_wreck_gives_the_overlays_ep_and_rp() -> None:
    """"Wreck: Gain 1 EP and 1 RP": here 2 EP and 3 RP tokens."""
    s = board(**overlay(snow_tiles__wreck__ep=2, snow_tiles__wreck__rp=3))
    hold(s, 0, "SN29")
    s.ep[0], rp = 3, s.rp[0]
    act(s, "play SN29")
    assert (s.ep[0], s.rp[0]) == (3 + 2, rp + 3)


def test_polar_termites_take_the_overlays_ep_off() -> None:
    """"Swarm of Polar Termites: Excavate for 1 EP less": here 2 (a Snow tile of 4 EP,
    the Leader on it: 4 - 1 - 2)."""
    s = board(**overlay(snow_tiles__polar_termites__discount=2, excavate__cost__snow=4))
    hold(s, 0, "SN33")
    s.leaders[0] = place(CENTRE)
    act(s, "play SN33")
    act(s, "excavate")
    while s.pending:
        act(s, texts(s)[0])
    assert s.ep[0] == 5 - (4 - 1 - 2)


def test_whistle_of_storms_sends_the_overlays_archaeologists() -> None:
    """"Move up to 2 Archaeologists from any one tile to a tile with a Camp": here 3."""
    s = board(**{"snow_tiles.whistle_of_storms.archaeologists": 3})
    hold(s, 0, "SN13")
    s.camps[1] = place("T28")
    add(s, "T27", 4)
    act(s, "play SN13")
    assert texts(s) == ["follow 1", "follow 2", "follow 3"]
    act(s, "follow 3")
    assert s.archs[place("T28")] == 3 and s.archs[place("T27")] == 1


def test_the_ice_sailboat_places_the_overlays_archaeologists() -> None:
    """"Place 1 Archaeologist from the reserve on the tile of your Expedition Leader and 1
    more Archaeologist on the tile of another Expedition Leader": here 2 and 2."""
    s = board(**{"snow_tiles.ice_sailboat.archaeologists": 2})
    hold(s, 0, "SN21")
    s.leaders[:3] = [place("T27"), place("T35"), place("T9")]
    supply = s.arch_supply
    act(s, "play SN21")
    assert s.archs[place("T27")] == 2
    assert prompt_of(s, 0).text.endswith("whose tile gets 2 Archaeologists")
    act(s, "put T9")
    assert s.archs[place("T9")] == 2 and s.arch_supply == supply - 4
    conserved(s)


def test_expedition_survivors_add_the_overlays_archaeologists() -> None:
    """"When you Excavate, add 2 additional Archaeologists from the reserve": here 4."""
    s = board(**{"snow_tiles.expedition_survivors.archaeologists": 4})
    hold(s, 0, "SN25")
    s.leaders[0] = place(CENTRE)
    add(s, CENTRE, 1)
    supply = s.arch_supply
    act(s, "excavate")
    act(s, "play SN25")
    while s.pending:
        act(s, texts(s)[0])
    assert sum(s.archs[q] for q in BOARD.below[place(CENTRE)]) == 1 + 4
    assert s.arch_supply == supply - 4


def test_white_spiders_go_the_overlays_steps_with_its_followers() -> None:
    """"Move your Expedition Leader 1 or 2 tiles in any direction. A single Archaeologist
    can follow you": here 1 tile and 2 Archaeologists."""
    s = board(**overlay(snow_tiles__white_spiders__steps=1,
                        snow_tiles__white_spiders__followers=2))
    hold(s, 0, "SN44")
    s.leaders[0] = place(CENTRE)
    add(s, CENTRE, 3)
    act(s, "play SN44")
    assert puts(s) == top_steps(CENTRE, 1, set())
    act(s, "put T35")
    assert texts(s) == ["follow 0", "follow 1", "follow 2"]


# -- guild abilities (RB Guild Boards) -------------------------------------------------------------


def test_the_navigator_takes_the_overlays_followers() -> None:
    """"Once per turn, 1 Archaeologist may follow your Expedition Leader": here none."""
    s = game(overlay={"guilds.navigator.followers": 0})
    s.camps[0] = place("T5")
    s.leaders[0] = T20
    s.archs[T20], s.arch_supply = 2, s.arch_supply - 2
    free_word(s, "navigate")
    assert s.leaders[0] == place("T5") and not s.pending and s.archs[T20] == 2


def test_the_nourisher_holds_and_brings_the_overlays_archaeologists() -> None:
    """"place 2 Archaeologists on their respective slots"; "you can bring 1 Archaeologist
    from your Guild board to a Snow tile"; "During Sunrise reset, place up to 2": here 3
    held and 2 brought a turn."""
    s = game(guilds="nourisher+navigator+icewalker", overlay=overlay(
        guilds__nourisher__archaeologists=3, guilds__nourisher__per_turn=2))
    assert s.guild_archs[0] == 3
    total = archaeologists(s)
    act(s, "nourish T40")
    assert s.archs[place("T40")] == 2 and s.guild_archs[0] == 3 - 2
    assert s.log[-1].text.startswith("Player 1 brings 2 Archaeologists")
    days.sunrise(s)
    assert s.guild_archs[0] == 3 and archaeologists(s) == total


def test_the_icewalker_has_and_gets_back_the_overlays_grappling_tokens() -> None:
    """"2 Icewalker Grappling tokens"; "During Sunrise reset, flip just 1 of your grappling
    tokens back": here 3 tokens, 2 back a Day."""
    s = game(guilds="icewalker+navigator+incandescent", overlay=overlay(
        guilds__icewalker__grappling_tokens=3, guilds__icewalker__tokens_back=2))
    assert s.grapple[0] == 3
    s.grapple[0] = 0
    days.sunrise(s)
    assert s.grapple[0] == 2
    days.sunrise(s)
    assert s.grapple[0] == 3


def test_the_cryoarchitect_saves_and_rebuilds_for_the_overlays_ep() -> None:
    """"Excavate an Artifact tile on which your Camp is present by paying 1 EP less (not 1
    EP more)"; "Once a Day for 1 EP you can rebuild your Camp": here 2 less and 2 EP (a
    Surface Artifact of 5 EP, two Explorers on it)."""
    s = game(guilds="cryoarchitect+navigator+icewalker", overlay=overlay(
        guilds__cryoarchitect__discount=2, guilds__cryoarchitect__rebuild_ep=2,
        excavate__cost__surface=5))
    for name in ("T13", "T19", "T20"):
        remove(s, name)
    s.camps[0] = s.leaders[0] = S13
    s.archs[S13], s.arch_supply = 1, s.arch_supply - 1
    assert excavate.cost(s, 0, S13, cryo=True) == 5 - 2 - 2
    assert excavate.cost(s, 0, S13) == 5 + 1 - 2
    r = game(guilds="cryoarchitect+navigator+icewalker",
             overlay={"guilds.cryoarchitect.rebuild_ep": 2})
    r.camps[0], r.leaders[0] = place("T5"), T20
    remove(r, "T13")
    act(r, "rebuild")
    assert (r.ep[0], r.spent) == (5 - 2, 2)
    act(r, "put T40")
    assert r.log[-1].text.endswith("(2 EP, once a Day).")
