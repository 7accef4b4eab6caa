"""ICE's component data against the rulebook and components/ice.md.

Expectations are written out here independently of the loader: counts typed in from the
rulebook (RB) and Part C tables of components/ice.md typed in again, so a slip in a data
file or in the loader shows up as a failure.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from wintergames.games.ice import components
from wintergames.games.ice.components import IC
from wintergames.games.ice.model import (
    ACTIONS,
    BACKS,
    DECREE_KINDS,
    FRONTS,
    GUILDS,
    LOGBOOK_EVENTS,
    PRISMATIC,
    REQUEST_KINDS,
    TYPES,
    CurseSetup,
    Request,
)

HAR, EXA, ACH, PHI, OBL = range(5)
SNOW, SURFACE, DEEP = 3, 2, 1


# --- Tiles ---------------------------------------------------------------------------


def test_tile_counts_per_layer() -> None:
    # RB Setup B-D: 27 Deep, 37 Surface, 48 Snow (C2: the Encampment is one of them).
    assert len(IC.tiles) == 27 + 37 + 48 == 112
    assert [t.level for t in IC.tiles] == [SNOW] * 48 + [SURFACE] * 37 + [DEEP] * 27
    assert IC.top == tuple(range(48)) and IC.encampment == 47
    assert IC.surface == tuple(range(48, 85)) and IC.deep == tuple(range(85, 112))
    assert [t.back for t in IC.tiles[:48]].count("encampment") == 1
    assert IC.tiles[IC.encampment].id == "ENC" and IC.tiles[IC.encampment].front == "blank"


def test_ids_are_unique_and_looked_up() -> None:
    assert len({t.id for t in IC.tiles}) == 112
    assert all(IC.tile_by_id[t.id] == i for i, t in enumerate(IC.tiles))
    assert [t.id for t in IC.tiles[:3]] == ["SN01", "SN02", "SN03"]
    assert IC.tiles[48].id == "S-HAR-1a" and IC.tiles[-1].id == "D-PRI-2"


# C3, typed in again: front, copies, backs in order (C clear, T tunnel, R rift, N nunatak).
C3 = [
    ("talisman", 5, "CTRNC"), ("explosive-rune", 4, "TRNC"), ("anima-gemstone", 3, "TRN"),
    ("whistle-of-storms", 4, "CTRN"), ("abseiling-rope", 4, "CTRN"),
    ("ice-sailboat", 4, "CTRN"), ("expedition-survivors", 4, "CTRN"), ("wreck", 4, "CTRN"),
    ("polar-termites", 4, "CTRN"), ("ice-manta-ray", 3, "CTR"),
    ("boreal-smilodon", 4, "NCTR"), ("white-spiders", 4, "NCTR"),
]
LETTER = {"C": "clear", "T": "tunnel", "R": "rift", "N": "nunatak"}


def test_snow_tiles_follow_the_c3_table() -> None:
    expected = [(front, LETTER[b]) for front, n, backs in C3 for b in backs]
    assert sum(n for _, n, _ in C3) == 47 == len(expected)
    assert [(t.front, t.back) for t in IC.tiles[:47]] == expected
    assert [t.id for t in IC.tiles[:47]] == [f"SN{i:02d}" for i in range(1, 48)]


def test_snow_back_and_front_totals() -> None:
    top = IC.tiles[:48]
    assert Counter(t.back for t in top) == {"clear": 12, "tunnel": 12, "rift": 12,
                                            "nunatak": 11, "encampment": 1}
    fronts = Counter(t.front for t in top)
    assert fronts == {front: n for front, n, _ in C3} | {"blank": 1}
    assert len(set(fronts) - {"blank"}) == 12  # RB: 12 different fronts
    assert all(t.type == -1 and t.shape == 0 and t.anima == 0 for t in top)


def test_one_talisman_per_type() -> None:
    talismans = [t.talisman for t in IC.tiles if t.front == "talisman"]
    assert talismans == [HAR, EXA, ACH, PHI, OBL]
    assert all(t.talisman == -1 for t in IC.tiles if t.front != "talisman")


@pytest.mark.parametrize(("level", "per_shape", "prismatics", "anima"),
                         [(SURFACE, (2, 2, 2), 7, 1), (DEEP, (2, 2, 1), 2, 2)])
def test_artifacts_per_type_and_shape(level: int, per_shape: tuple[int, int, int],
                                      prismatics: int, anima: int) -> None:
    # RB Artifact Tiles: Surface 2 of each Shape per type + 7 Prismatics; Deep Shapes
    # 1, 1, 2, 2, 3 per type + 2 Prismatics.
    layer = [t for t in IC.tiles if t.level == level]
    assert len(layer) == 5 * sum(per_shape) + prismatics
    for t in range(5):
        shapes = Counter(x.shape for x in layer if x.type == t)
        assert (shapes[1], shapes[2], shapes[3]) == per_shape
    prism = [x for x in layer if x.type == PRISMATIC]
    assert len(prism) == prismatics and all(x.shape == 0 for x in prism)
    assert all(x.anima == anima and x.back == x.front == "" and x.talisman == -1
               for x in layer)


def test_anima_per_type() -> None:
    # C4: 6 Surface × 1 + 5 Deep × 2 per basic type; 7 × 1 + 2 × 2 Prismatic.
    anima = Counter[int]()
    for t in IC.tiles:
        anima[t.type] += t.anima
    assert {t: anima[t] for t in range(5)} == {t: 16 for t in range(5)}
    assert anima[PRISMATIC] == 11


def test_artifact_ids_follow_c4() -> None:
    codes = ["HAR", "EXA", "ACH", "PHI", "OBL"]
    surface = [f"S-{c}-{s}{x}" for c in codes for s in (1, 2, 3) for x in "ab"]
    surface += [f"S-PRI-{k}" for k in range(1, 8)]
    deep = [f"D-{c}-{s}" for c in codes for s in ("1a", "1b", "2a", "2b", "3")]
    deep += ["D-PRI-1", "D-PRI-2"]
    assert [t.id for t in IC.tiles[48:]] == surface + deep


# --- Request cards -------------------------------------------------------------------


def faces() -> Counter[tuple[str, tuple[int, ...], int, int]]:
    return Counter((r.kind, r.types, r.rp, r.rp3) for r in IC.requests)


def cards(kind: str, *types: int) -> list[Request]:
    return [r for r in IC.requests if r.kind == kind and set(r.types) == set(types)]


def test_request_totals() -> None:
    # RB: 54 Request cards, 41 of which are different, 6 kinds.
    assert len(IC.requests) == 54
    assert len(faces()) == 41
    assert {r.kind for r in IC.requests} == set(REQUEST_KINDS) and len(REQUEST_KINDS) == 6
    assert len({r.id for r in IC.requests}) == 54
    assert all(IC.request_by_id[r.id] == i for i, r in enumerate(IC.requests))
    # C5: 5 mono, 5 shapes, C(5,2) either, C(5,3) duo, 2 × C(5,3) trio, 4 prism.
    assert Counter(r.kind for r in IC.requests) == {"mono": 5, "shapes": 5, "either": 10,
                                                    "duo": 10, "trio": 20, "prism": 4}


def test_one_card_in_four_copies_and_the_rest_in_one_or_two() -> None:
    copies = Counter(faces().values())
    assert copies == {1: 30, 2: 10, 4: 1}
    four = [f for f, n in faces().items() if n == 4]
    assert four == [("prism", (PRISMATIC,), 5, 0)]


def test_rulebook_example_prismatic() -> None:
    # "2 Anima from any Prismatic Artifacts ... Gain: 5 RP."
    (face,) = {(r.types, r.rp) for r in cards("prism", PRISMATIC)}
    assert face == ((PRISMATIC,), 5) and IC.request_cost["prism"] == 2


def test_rulebook_example_trio_in_two_copies() -> None:
    # "3 Anima taken from Obliteration, Philosophical, Harmony ... 5 RP", 2 copies.
    trio = cards("trio", OBL, PHI, HAR)
    assert len(trio) == 2 and all(r.rp == 5 for r in trio)
    assert [r.id for r in trio] == ["TRIO-HAR-PHI-OBL-a", "TRIO-HAR-PHI-OBL-b"]
    assert IC.request_cost["trio"] == 3


def test_rulebook_example_duo() -> None:
    # "2 different Artifacts or Study tokens chosen from Exalted, Philosophical or
    # Obliteration. Gain: 4 RP."
    (duo,) = cards("duo", EXA, PHI, OBL)
    assert duo.rp == 4 and IC.request_cost["duo"] == 2


def test_rulebook_example_either() -> None:
    # "2 Exalted Anima, or 2 Harmony Anima ... Gain: 4 RP."
    (either,) = cards("either", EXA, HAR)
    assert either.rp == 4 and IC.request_cost["either"] == 2


def test_rulebook_example_shapes() -> None:
    # "2 or 3 Achievement Artifacts, each of different Shapes ... 5 RP; ... 9 RP."
    (shapes,) = cards("shapes", ACH)
    assert (shapes.rp, shapes.rp3) == (5, 9) and IC.request_cost["shapes"] == 2


def test_rulebook_example_mono() -> None:
    # "3 Anima taken from Obliteration Artifacts or Study tokens ... Gain: 6 RP."
    (mono,) = cards("mono", OBL)
    assert mono.rp == 6 and IC.request_cost["mono"] == 3


def test_every_request_says_what_it_costs_and_gains() -> None:
    for r in IC.requests:
        # The text names the numbers (an overlay changes them) and fills in as printed.
        assert "{need}" in r.text and "{rp} RP" in r.text, r.id
        printed = components.request_text(r)
        assert printed.startswith(f"Pay {'at least ' if r.kind == 'shapes' else ''}"
                                  f"{IC.request_cost[r.kind]} ") and f"{r.rp} RP" in printed
        assert r.need == IC.request_cost[r.kind], r.id
        assert (r.rp3 != 0) == (r.kind == "shapes"), r.id
        assert list(r.types) == sorted(set(r.types)), r.id


# --- Decrees, Logbook, Guilds --------------------------------------------------------


def test_decrees() -> None:
    assert len(IC.decrees) == 9
    assert Counter(d.kind for d in IC.decrees) == {"tokens": 1, "study": 1, "type": 5,
                                                   "sets": 1, "shapes": 1}
    assert sorted(d.type for d in IC.decrees if d.kind == "type") == [0, 1, 2, 3, 4]
    assert all(d.type == -1 for d in IC.decrees if d.kind != "type")
    assert all(d.text for d in IC.decrees)
    assert set(DECREE_KINDS) == {d.kind for d in IC.decrees}


def test_logbook_cards_and_icons() -> None:
    # C7, typed in again.
    expected = [("prismatic-flow", "clear"), ("snowstorm", "clear"),
                ("artifact-study", "tunnel"), ("artifact-study", "tunnel"),
                ("safe-haven", "nunatak"), ("cataclysm", "nunatak"),
                ("something-is-coming", "rift"), ("blizzard", "rift"),
                ("merchant-caravan", "encampment"), ("something-is-coming", "encampment")]
    assert [(b.event, b.icon) for b in IC.logbook] == expected
    assert {b.event for b in IC.logbook} == set(LOGBOOK_EVENTS)
    assert len({b.id for b in IC.logbook}) == 10 and all(b.text for b in IC.logbook)


def test_guilds() -> None:
    # RB Guild Boards: leader, Guild, starting RP.
    got = [(g.id, g.leader, g.starting_rp) for g in IC.guilds]
    assert got == [("navigator", "Anaan'mok", 2), ("incandescent", "Sikarra", 2),
                   ("icewalker", "Jif", 2), ("nourisher", "Aoï", 2),
                   ("cryoarchitect", "Ai-Den", 1)]
    assert tuple(g.id for g in IC.guilds) == GUILDS
    assert all(g.name and g.text for g in IC.guilds)


# --- Set-up numbers ------------------------------------------------------------------


def test_turn_and_setup_numbers() -> None:
    assert IC.ep_by_players == {2: 6, 3: 5, 4: 5, 5: 4}
    assert (IC.ep_max, IC.turn_ep, IC.overwork_ep, IC.overwork_rp) == (6, 2, 3, 1)
    assert (IC.snow_hand_limit, IC.request_hand_limit) == (3, 4)
    assert (IC.deal, IC.keep, IC.first_game_deal, IC.first_game_keep) == (5, 3, 3, 1)
    assert (IC.row_extra, IC.first_game_rp, IC.decrees_shown, IC.days) == (2, 2, 3, 4)
    assert (IC.validations, IC.first_validation_rp, IC.second_validation_rp) == (2, 1, 2)
    assert (IC.planning_rp, IC.azulia_rp, IC.all_studies_rp) == (1, 1, 2)
    # RB Plan "start with an Extra EP"; RB Excavating Tile Cost Rules "Every Explorer ...
    # decreases the excavation cost by 1 EP".
    assert (IC.planning_ep, IC.explorer_discount) == (1, 1)
    assert IC.fluent_tokens == {2: 2, 3: 1} and IC.fluent_steps == 2


def test_supplies() -> None:
    assert (IC.archaeologists, IC.white_camps, IC.planning_tokens) == (45, 2, 5)
    assert (IC.study_tokens, IC.fluent_move_tokens, IC.blessing_tokens) == (5, 2, 5)
    assert (IC.light_curse_tokens, IC.dark_curse_tokens) == (5, 5)
    assert (IC.nourisher_archaeologists, IC.grappling_tokens) == (2, 2)
    assert (IC.caravan_display, IC.caravan_sell_rp, IC.caravan_buy_rp) == (5, 2, 1)
    assert IC.blizzard_archaeologists == 2


def test_excavation_and_trigger_numbers() -> None:
    assert IC.excavate_cost == {SNOW: 2, SURFACE: 3, DEEP: 4} and IC.hard_extra == 1
    assert IC.anima_needed == {"normal": 2, "blessing": 1, "light": 2, "dark": 3}
    assert IC.move_followers == {"normal": 3, "light-flipped": 2, "dark-flipped": 1}
    assert IC.sets_rp == {5: 4, 4: 2} and IC.shapes_rp == {2: 2, 3: 4}
    # RB Decree Cards: "Each 1 RP token ... earns you 1 RP", "Each Study token ... 1 RP",
    # "... yields 1 RP per Anima".
    assert (IC.tokens_rp, IC.study_rp, IC.type_rp) == (1, 1, 1)


def test_curse_track_as_the_rulebook_sets_it_up() -> None:
    # RB Setting up: 4 & 5 light, 10 & 11 dark, then per count; start 0 / 1 / 2 / 2.
    assert IC.curse == {
        2: CurseSetup(0, (4, 5), (10, 11)),
        3: CurseSetup(1, (4, 5, 6), (10, 11, 12)),
        4: CurseSetup(2, (4, 4, 5, 6), (10, 10, 11, 12)),
        5: CurseSetup(2, (4, 4, 5, 5, 6), (10, 10, 11, 11, 12)),
    }
    assert IC.curse_flip == (7, 13) and IC.curse_end == 13
    # The 5-player set-up uses the whole supply (C9).
    assert len(IC.curse[5].light) == IC.light_curse_tokens


def test_glossary_covers_every_code() -> None:
    groups = {"front": FRONTS, "back": BACKS, "type": (*TYPES, "prismatic"),
              "guild": GUILDS, "logbook": LOGBOOK_EVENTS, "request": REQUEST_KINDS,
              "decree": DECREE_KINDS, "action": ACTIONS}
    keys = {f"{g}:{c}" for g, codes in groups.items() for c in codes}
    assert set(IC.glossary) == keys
    assert len(keys) == 13 + 5 + 6 + 5 + 8 + 6 + 5 + 9
    assert all(text.strip() for text in IC.glossary.values())
    assert {"action:excavate", "action:fluent-move", "action:build-camp"} <= keys


# --- The loader refuses broken data ---------------------------------------------------


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(components.DATA, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))


def test_the_copy_loads(data_copy: Path) -> None:
    assert components.load(data_copy) == IC


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("tiles.toml", 'id = "SN07", back = "rift", front = "explosive-rune"',
         'id = "SN07", back = "rift", front = "explosive-runes"',
         r"tiles\.toml 'SN07': unknown front 'explosive-runes'"),
        ("tiles.toml", 'id = "SN47", back = "rift"', 'id = "SN47", back = "encampment"',
         r"tiles\.toml 'SN47': the Encampment, and only it"),
        ("tiles.toml", '{ id = "D-PRI-2", type = "prismatic" }',
         '{ id = "D-PRI-1", type = "prismatic" }', r"tiles\.toml 'D-PRI-1': duplicate id"),
        ("tiles.toml", '{ id = "S-HAR-2a", type = "harmony", shape = 2 }',
         '{ id = "S-HAR-2a", type = "harmony", shape = "2" }',
         r"tiles\.toml 'S-HAR-2a': shape must be an integer"),
        ("tiles.toml", '  { id = "S-PRI-7", type = "prismatic" },\n', "",
         r"tiles\.toml \[surface\]: 6 Prismatics, the rulebook has 7"),
        ("tiles.toml", '{ id = "D-ACH-3", type = "achievement", shape = 3 }',
         '{ id = "D-ACH-3", type = "achievement", shape = 2 }',
         r"tiles\.toml 'D-ACH-3': id does not match"),
        ("cards.toml", 'id = "MONO-OBL"\nkind = "mono"\ntypes = ["obliteration"]\nrp = 6\n',
         'id = "MONO-OBL"\nkind = "mono"\ntypes = ["obliteration"]\n',
         r"cards\.toml 'MONO-OBL': missing key\(s\) \['rp'\]"),
        ("cards.toml", 'id = "EITHER-HAR-EXA"\nkind = "either"\ntypes = ["harmony", "exalted"]',
         'id = "EITHER-HAR-EXA"\nkind = "either"\ntypes = ["harmony", "exalter"]',
         r"cards\.toml 'EITHER-HAR-EXA': unknown type 'exalter'"),
        ("cards.toml", 'id = "TRIO-HAR-PHI-OBL-b"\nkind = "trio"\n'
         'types = ["harmony", "philosophical", "obliteration"]\nrp = 5\n',
         'id = "TRIO-HAR-PHI-OBL-b"\nkind = "trio"\n'
         'types = ["harmony", "philosophical", "obliteration"]\nrp = 6\n',
         r"cards\.toml 'TRIO-HAR-PHI-OBL-b': differs from its copy 'TRIO-HAR-PHI-OBL-a'"),
        # An overlay sets a kind's RP: every Request of a kind gains the same.
        ("cards.toml", 'id = "MONO-OBL"\nkind = "mono"\ntypes = ["obliteration"]\nrp = 6\n',
         'id = "MONO-OBL"\nkind = "mono"\ntypes = ["obliteration"]\nrp = 7\n',
         r"cards\.toml 'MONO-OBL': gains other RP than 'MONO-HAR'"),
        # A card's text names its numbers, so an overlay's card says what it does.
        ("cards.toml", 'text = "Pay {need} Anima of Obliteration. Gain {rp} RP."',
         'text = "Pay 3 Anima of Obliteration. Gain 6 RP."',
         r"cards\.toml 'MONO-OBL': the text must name what it costs as \{need\}"),
        ("cards.toml",
         'takes {all_studies_rp} RP instead."\n\n[[logbook]]\nid = "ARTIFACT-STUDY-b"',
         'takes {all_study_rp} RP instead."\n\n[[logbook]]\nid = "ARTIFACT-STUDY-b"',
         r"cards\.toml 'ARTIFACT-STUDY-a': its text names 'all_study_rp' in braces"),
        ("cards.toml", 'id = "DEC-SETS"\nkind = "sets"', 'id = "DEC-SETS"\nkind = "set"',
         r"cards\.toml 'DEC-SETS': unknown decree kind 'set'"),
        ("cards.toml", 'id = "BLIZZARD"\nevent = "blizzard"\nicon = "rift"',
         'id = "BLIZZARD"\nevent = "blizzard"\nicon = "crevasse"',
         r"cards\.toml 'BLIZZARD': unknown Snow tile icon 'crevasse'"),
        ("guilds.toml", 'leader = "Jif"\nstarting_rp = 2\n', 'leader = "Jif"\n',
         r"guilds\.toml 'icewalker': missing key\(s\) \['starting_rp'\]"),
        ("setup.toml", 'wreck = "Take 1 EP (never above 6) and a 1 RP token."\n', "",
         r"setup\.toml \[glossary\] \[front\]: missing key\(s\) \['wreck'\]"),
        ("setup.toml", "deep_prismatic = 2", "deep_prismatic = 3",
         r"tiles\.toml \[deep\]: 2 Prismatics, the rulebook has 3"),
    ],
)
def test_loader_refuses_broken_data(data_copy: Path, file: str, old: str, new: str,
                                    message: str) -> None:
    edit(data_copy / file, old, new)
    with pytest.raises(ValueError, match=message):
        components.load(data_copy)


def test_a_missing_request_card_is_counted(data_copy: Path) -> None:
    path = data_copy / "cards.toml"
    text = path.read_text()
    start = text.index('[[request]]\nid = "PRISM-d"')
    path.write_text(text[:start] + text[text.index("\n\n", start) + 2:])
    with pytest.raises(ValueError, match=r"cards\.toml request: 53 Request cards"):
        components.load(data_copy)
