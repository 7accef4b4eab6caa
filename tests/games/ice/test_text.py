"""The ICE terminal view: the layers and the public pieces shown, hidden fronts and
Requests never shown."""

from __future__ import annotations

import random
import re

from rich.console import Console

import wintergames as wg
from wintergames.games.ice.actions import PLACES
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import BOARD, EMPTY
from wintergames.games.ice.state import IceState
from wintergames.games.ice.text import LEGEND, render

from .helpers import fresh, place, prompt_of, tile


def _text(state: IceState, viewer: int | None) -> str:
    console = Console(record=True, width=100, force_terminal=False)
    console.print(render(state, viewer))
    return console.export_text()


def _section(out: str, title: str, until: str) -> list[str]:
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(title))
    end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith(until))
    return lines[start + 1:end]


def _column(lines: list[str], name: str) -> int:
    for line in lines:
        m = re.search(rf"(?<![A-Z0-9]){name}(?![0-9])", line)
        if m:
            return m.start()
    raise AssertionError(f"{name} is not drawn")


def test_a_fresh_game_shows_every_place_and_the_set_up_pieces() -> None:
    s = fresh(3, seed=1)
    out = _text(s, 0)
    assert "Day 1 of 4" in out and "first player Player 1" in out
    assert "EP 5 left, 0 spent this turn (max 2)" in out
    names = ([f"T{i}" for i in range(1, 49)] + [f"S{i}" for i in range(1, 38)]
             + [f"D{i}" for i in range(1, 28)] + [f"E{i}" for i in range(1, 46)]
             + [f"A{i}" for i in range(1, 8)])
    for name in names:
        assert re.search(rf"(?<![A-Z0-9-]){name}(?![0-9])", out), name
    # RB setup F/G: an Archaeologist on each Tunnel tile and on the Encampment, with a
    # White Camp there (3 players); the Encampment sits on a centre spot.
    snow = _section(out, "Snow (top layer)", "Surface")
    assert sum(line.count("1a") for line in snow) == 13
    assert sum(line.count("tun") for line in snow) == 12
    enc = next(i for i, line in enumerate(snow) if "ENC" in line)
    col = snow[enc].index("ENC") - 4
    assert snow[enc + 1][col:col + 9].split() == ["1a", "⌂w"]
    spot = next(p for p in BOARD.centre_spots if s.tiles[p] == IC.encampment)
    assert f"{PLACES[spot]} ENC" in snow[enc]
    # Face-down Artifacts show their type and Anima (here every one is fully covered).
    surface = _section(out, "Surface", "Deep")
    assert sum(len(re.findall(r"S\d+ [heapo*]1\b", line)) for line in surface) == 37
    deep = _section(out, "Deep", "Azulia")
    assert sum(len(re.findall(r"D\d+ [heapo*]2\b", line)) for line in deep) == 27
    azulia = _section(out, "Azulia", "───")
    assert sum(line.count("1RP") for line in azulia) == 7  # every icon still covered
    # The Decrees and this seat's Requests with their texts; the others' only counted.
    for d in s.decrees:
        assert IC.decrees[d].id in out
    for c in s.requests[0]:
        assert IC.requests[c].id in out and s.params.requests[c].text[:30] in out
    assert out.count("Requests 3") == 3
    # The seat to move reads its decision below the table (the engine's prompt, as the
    # terminal prints it); another seat reads the same prompt here.
    assert "▶ You: your decision is below" in out
    assert f"▶ Player 1: {prompt_of(s, 0).text}"[:90] in " ".join(_text(s, 1).split())
    assert all(len(line) <= 100 for line in out.splitlines())


def test_a_snow_tile_is_drawn_straight_above_the_deep_tile_it_lies_over() -> None:
    out = _text(fresh(3, seed=2), 0)
    snow = _section(out, "Snow (top layer)", "Surface")
    deep = _section(out, "Deep", "Azulia")
    top = {BOARD.coord[p]: p for p in BOARD.slots[3]}
    for i, d in enumerate(BOARD.slots[1]):
        over = top[BOARD.coord[d]]
        t_name = f"T{BOARD.slots[3].index(over) + 1}"
        assert _column(snow, t_name) == _column(deep, f"D{i + 1}")


def test_the_opening_asks_for_hidden_discards() -> None:
    s = wg.make("ice", num_players=2, seed=3, options={"logbook": "off"})
    out = _text(s, 1)  # type: ignore[arg-type]
    assert "Before Day 1" in out and "your decision is below" in out
    assert out.count("Requests 5") == 2
    # how many to keep is said where the choice is made (the decision the terminal prints
    # under the table): 3, or 1 in the first game
    assert prompt_of(s, 1).text == "Choose the opening Requests to discard: you keep 3"
    first = wg.make("ice", num_players=2, seed=3, options={"first_game": True})
    assert prompt_of(first, 1).text.endswith("you keep 1")


def _mid_game() -> IceState:
    """A position built by hand: T-slots excavated down to a Surface tile, Leaders, a
    Camp, Archaeologists, Artifacts on the guild boards (one face down), a Rift."""
    s = fresh(3, seed=4)
    surface = place("S19")
    for a in BOARD.above[surface]:
        s.tile_discard.append(s.tiles[a])
        s.tiles[a] = EMPTY
        s.rift[a] = -1
        s.archs[a] = 0
    s.leaders[0] = surface
    s.leaders[2] = surface
    s.archs[surface] = 2
    s.camps[1] = place("T1")
    s.tiles[place("T2")], s.tiles[place("T3")] = s.tiles[place("T3")], s.tiles[place("T2")]
    rifts = [p for p in BOARD.slots[3] if s.tiles[p] >= 0 and IC.tiles[s.tiles[p]].back == "rift"]
    s.rift[rifts[0]] = 0
    for who, art, down in ((0, "S-HAR-1a", 0), (1, "D-OBL-2a", 1), (1, "S-EXA-3b", 0)):
        t = tile(art)
        where = s.tiles.index(t)
        s.art[who][IC.tiles[t].type].append(t)
        s.down[t] = down
        s.seen[t] = 0 if down else 1
        s.tiles[where] = EMPTY
    hold = tile("S-ACH-2a")
    s.tiles[s.tiles.index(hold)] = EMPTY
    s.hold[2].append(hold)
    s.seen[hold] = 1
    card = s.request_deck.pop()
    s.validated[2] = [card, 2, IC.requests[card].rp]
    s.study[0][3] = 1
    s.rp[2] = 4
    return s


def test_a_mid_game_position_shows_its_pieces_and_uncovered_tiles() -> None:
    s = _mid_game()
    out = _text(s, 0)
    surface = _section(out, "Surface", "Deep")
    t = IC.tiles[s.tiles[place("S19")]]
    letter = "*" if t.type == 5 else "HEAPO"[t.type]
    row = next(i for i, line in enumerate(surface) if re.search(r"\bS19 ", line))
    assert f"S19 {letter}1" in surface[row]  # upper case: nothing rests on it now
    col = surface[row].index("S19")
    assert surface[row + 1][col:col + 9].split() == ["2a", "L13"]
    snow = _section(out, "Snow", "Surface")
    for a in BOARD.above[place("S19")]:
        name = f"T{BOARD.slots[3].index(a) + 1}"
        assert not any(re.search(rf"\b{name} ", line) for line in snow)
    t1 = next(i for i, line in enumerate(snow) if re.search(r"\bT1 ", line))
    assert "⌂2" in snow[t1 + 1]
    assert re.search(r"rft-", out)
    # Guild boards: own Artifact by id, another's face-up one by id, its face-down one
    # (never seen) only by type and layer.
    assert "harmony:S-HAR-1a" in out
    assert "exalted:S-EXA-3b" in out
    assert "obliteration:?D2▼" in out and "D-OBL-2a" not in out
    assert "Study tokens philosophical" in out
    assert "RP tokens 4" in out
    card = IC.requests[s.validated[2][0]]
    assert f"Ship's Hold S-ACH-2a   validated {card.id} (Day 2, {card.rp} RP)" in out
    assert "D-OBL-2a▼" in _text(s, 1)


def test_another_seats_snow_tiles_and_requests_never_show() -> None:
    s = _mid_game()
    # Seat 1 holds two Snow tiles and its Requests; seat 0 may see backs and counts only.
    s.hand[1] = [s.tiles[place("T48")], s.tiles[place("T47")]]
    s.tiles[place("T48")] = s.tiles[place("T47")] = EMPTY
    s.rift[place("T48")] = s.rift[place("T47")] = -1
    seen = _text(s, 0)
    for t in s.hand[1]:
        assert IC.tiles[t].id not in seen
    for c in s.requests[1]:
        assert IC.requests[c].id not in seen
    assert f"Snow tiles 2 ({', '.join(sorted(IC.tiles[t].back for t in s.hand[1]))})" in seen
    # Swap them with face-down board tiles of the same backs, and the Requests with other
    # cards: nothing changes for seat 0 (nor for a spectator); seat 1's own view does.
    spectator, own = _text(s, None), _text(s, 1)
    for i, t in enumerate(s.hand[1]):
        back = IC.tiles[t].back
        slot = next(p for p in BOARD.slots[3] if s.tiles[p] >= 0
                    and IC.tiles[s.tiles[p]].back == back and IC.tiles[s.tiles[p]].front
                    != IC.tiles[t].front)
        s.hand[1][i], s.tiles[slot] = s.tiles[slot], t
    spare = [c for c in s.request_deck if c not in s.requests[1]][:len(s.requests[1])]
    s.request_deck = [c for c in s.request_deck if c not in spare] + s.requests[1]
    s.requests[1] = spare
    assert _text(s, 0) == seen
    assert _text(s, None) == spectator
    assert _text(s, 1) != own
    # The owner reads its Snow tiles with their effects.
    for t in s.hand[1]:
        assert IC.tiles[t].id in _text(s, 1)
        assert IC.glossary["front:" + IC.tiles[t].front][:30] in _text(s, 1)


def test_expert_mode_shows_the_curse_track() -> None:
    s = fresh(4, seed=5, curse="on")
    out = _text(s, 0)
    assert "Curse track (expert mode)" in out
    # RB: 4 players start on space 2; light tokens on 4, 5 and 4, 6; dark on 10, 11 and
    # 10, 12.
    track = out.split("Curse track (expert mode): ")[1].split("(l/d")[0].split()
    assert track[2] == "21234"
    assert track[4:7] == ["4ll", "5l", "6l"] and track[10:13] == ["10dd", "11d", "12d"]
    assert "Blessing" in out


def test_a_finished_game_shows_the_scores_and_the_winners() -> None:
    s = fresh(3, seed=6)
    rng = random.Random(6)
    while not s.is_over:
        p = s.to_move[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    out = _text(s, None)
    assert "Game over." in out
    for p, v in enumerate(s.scores()):
        assert f"Player {p + 1}: {v}" in out
    assert "winner: " + " and ".join(f"Player {w + 1}" for w in s.winners()) in out


def test_each_effect_decision_names_its_tile() -> None:
    """"finish the effect you are resolving" left a player to guess whose effect it was.
    Every effect code has its own prompt, and over random games each prompt met names its
    Snow tile or Artifact (the decision's piece)."""
    from wintergames.games.ice import frames as fr
    from wintergames.games.ice.prompts import DECISIONS

    effects = {kind for kind in fr.KINDS if issubclass(kind, fr.Effect)}
    assert len(effects) == 14 and effects <= set(DECISIONS)
    met = set()
    for seed in range(60):
        s = wg.make("ice", num_players=3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.to_move[0]
            legal = s.legal_actions(p)
            top = getattr(s, "pending", ())
            if top and isinstance(top[-1], fr.Effect) and not isinstance(top[-1], fr.EffectFollow):
                d = s.decision(p)
                assert d is not None and d.piece is not None
                assert d.piece.text.split()[0] in d.prompt.text, d.prompt.text
                met.add(type(top[-1]))
            s.apply(rng.choice(legal), p)
    assert len(met) >= 7, met


def test_the_legend_reads_an_artifacts_shape_from_its_id_as_the_data_has_it() -> None:
    """The guild boards name Artifacts by id; the legend says how an id tells the layer,
    type and Shape, which holds for every Artifact of the box."""
    assert "S-HAR-2a a Surface (1 Anima) Harmony Artifact of Shape 2" in " ".join(LEGEND.split())
    types = {"HAR": 0, "EXA": 1, "ACH": 2, "PHI": 3, "OBL": 4}
    for t in IC.tiles:
        if t.level == 3:
            continue
        layer, kind, rest = t.id.split("-")
        assert (layer, t.anima) == {1: ("D", 2), 2: ("S", 1)}[t.level], t.id
        if kind == "PRI":
            assert t.shape == 0, t.id
        else:
            assert (t.type, t.shape) == (types[kind], int(rest[0])), t.id
