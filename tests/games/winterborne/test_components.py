"""Winterborne's component data against the rulebook and components/winterborne.md.

Expectations are written out here independently of the loader (counts from the
rulebook's Components list, Part C tables typed in again), so a slip in a data file or
in the loader shows up as a failure.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from wintergames.games.winterborne import components
from wintergames.games.winterborne.components import CHARACTERS, POWERS, WB

SHAMAN, EXPLORER, WARRIOR = 0, 1, 2
N = 6  # provinces (RB: six provinces)


def card(card_id: str) -> components.Card:
    return WB.cards[WB.card_by_id[card_id]]


# --- Kingdom board -------------------------------------------------------------------


def test_colours_follow_the_solo_balaur_path() -> None:
    assert WB.colours == ("green", "yellow", "blue", "purple", "red", "black")
    assert set(WB.province_names) == {"Fog Valley", "Tomb Forest", "Altar Isle",
                                      "Bloodstone Gulch", "Floating Isles",
                                      "The Black Heights"}
    assert WB.province_names[0] == "Tomb Forest"  # C1: green


def test_names_of_spaces_and_sections() -> None:
    assert WB.space_names == ("G1", "G2", "G3", "G4", "G5", "G6")
    assert WB.section_names == ("S1", "S2", "S3", "S4", "S5", "S6",
                                "C1", "C2", "C3", "C4", "C5", "C6")


def test_each_gray_space_touches_exactly_one_starter_section() -> None:
    starters = [[s for s in secs if s < N] for secs in WB.space_sections]
    assert all(len(s) == 1 for s in starters)
    assert sorted(s[0] for s in starters) == list(range(N))  # each starter by one space
    assert all(len(secs) == 3 for secs in WB.space_sections)


def test_each_conquerable_section_borders_two_neighbouring_colours() -> None:
    assert len(WB.borders) == N
    for a, b in WB.borders:
        assert a != b and (b - a) % N in (1, N - 1)
    # every colour can be conquered from exactly two empty sections
    assert Counter(c for pair in WB.borders for c in pair) == Counter(range(N)) + Counter(
        range(N))


def test_moving_round_the_ring_crosses_each_conquerable_once() -> None:
    assert sorted(WB.crossed_cw) == list(range(N, 2 * N))
    for g in range(N):
        # a clockwise step and the counter-clockwise step back cross the same section
        assert WB.crossed_ccw[(g + 1) % N] == WB.crossed_cw[g]
        assert WB.crossed_cw[g] in WB.space_sections[g]
        assert WB.crossed_ccw[g] in WB.space_sections[g]


def test_kingdom_matches_the_brief_geometry() -> None:
    for g in range(N):
        assert WB.space_sections[g] == (g, 6 + (g - 1) % 6, 6 + g)
        assert WB.crossed_cw[g] == 6 + g and WB.crossed_ccw[g] == 6 + (g - 1) % 6
    assert WB.borders == tuple((j, (j + 1) % 6) for j in range(6))


def test_section_crossed_lies_between_the_two_spaces_colours() -> None:
    for g in range(N):
        here, there = WB.space_sections[g][0], WB.space_sections[(g + 1) % N][0]
        assert set(WB.borders[WB.crossed_cw[g] - N]) == {here, there}


def test_start_spaces() -> None:
    assert WB.start_space == (0, 2, 4)  # shaman G1, explorer G3, warrior G5


# --- Cards ---------------------------------------------------------------------------


def test_six_house_cards_two_per_character() -> None:
    assert len(WB.house) == 6
    hexes = Counter(u.character for i in WB.house for u in WB.cards[i].uses if u.kind == "hex")
    assert hexes == {SHAMAN: 2, EXPLORER: 2, WARRIOR: 2}
    assert {WB.cards[i].id for i in WB.house} == {"SHA1", "SHA2", "EXP1", "EXP2", "WAR1",
                                                  "WAR2"}


def test_rulebook_example_house_card() -> None:
    # RB: "a shaman action, a 2-movement action, or a gain 1 gold action".
    assert [u.code for u in card("SHA1").uses] == ["S", "m2", "+1g"]
    assert card("SHA1").uses[2].resources == (1, 0, 0)
    assert card("WAR2").uses[1].values == (3,)


def test_eighteen_core_cards_six_of_each_type() -> None:
    assert len(WB.core) == 18
    assert Counter(WB.cards[i].type for i in WB.core) == {"treasure": 6, "provision": 6,
                                                          "weapon": 6}


def test_core_cards_per_c6() -> None:
    assert [u.code for u in card("T4").uses] == ["*", "+1g1x"]
    assert card("T4").uses[0].kind == "hex" and card("T4").uses[0].character == -1
    assert card("P4").uses[1].resources == (1, 1, 0)
    assert card("W4").uses[1].resources == (0, 1, 1)
    reserve = {WB.cards[i].id for i in WB.core if WB.cards[i].reserve}
    assert reserve == {"T2", "T4", "T6", "P2", "P4", "P6", "W2", "W4", "W6"}


def test_mercenary() -> None:
    merc = WB.cards[WB.mercenary]
    assert merc.id == "MERC" and merc.type == "mercenary"
    assert [(u.kind, u.code) for u in merc.uses] == [("hire", "hire"), ("gain-any", "+any")]


def test_banner_sets_have_three_cards() -> None:
    assert list(WB.banner_sets) == ["horn", "mask", "bag", "book", "rune", "orb", "potion"]
    for name, members in WB.banner_sets.items():
        assert len(members) == 3
        assert all(WB.cards[i].type == "banner" and WB.cards[i].banner == name
                   for i in members)
    # RB: 18 banner cards in the box; Potion is the promotional set.
    assert sum(len(m) for n, m in WB.banner_sets.items() if n != "potion") == 18


def test_banner_faces_and_scoring() -> None:
    assert [card(f"BOOK{i}").uses[0].values for i in (1, 2, 3)] == [(1, 2), (2, 3), (1, 3)]
    assert card("BOOK1").uses[0].code == "m1/2"
    assert [card(f"BOOK{i}").scoring for i in (1, 2, 3)] == [
        "book-bbg", "book-pyr", "book-starter-settlements"]
    assert [card(f"BAG{i}").scoring for i in (1, 2, 3)] == [
        "bag-unconquered", "bag-unused-winter", "bag-unbuilt-churches"]
    assert card("MASK2").uses[0].ccw and card("MASK2").uses[0].code == "ccw2"
    assert {card(f"HORN{i}").uses[0].variant for i in (1, 2, 3)} == {
        "free-adjacent", "anywhere", "adjacent-any"}
    assert all(card(f"HORN{i}").scoring == "" for i in (1, 2, 3))
    assert [card(f"POTION{i}").uses[0].character for i in (1, 2, 3)] == [0, 1, 2]
    reserve = {c.banner for c in WB.cards if c.type == "banner" and c.reserve}
    assert reserve == {"horn", "potion"}


def test_eight_base_and_three_promo_wylds() -> None:
    wylds = [WB.cards[i] for i in WB.wylds]
    assert len(wylds) == 11
    assert [w.promo for w in wylds] == [False] * 8 + [True] * 3
    assert [w.id for w in wylds] == [f"WY{i}" for i in range(1, 12)]
    assert wylds[0].wylds == "military-to-meat" and wylds[-1].wylds == "favor"
    assert all(w.uses == () and w.type == "wylds" for w in wylds)


def test_every_card_has_text_and_unique_use_codes() -> None:
    assert len(WB.cards) == 6 + 1 + 18 + 21 + 11
    assert len({c.id for c in WB.cards}) == len(WB.cards)
    for c in WB.cards:
        assert c.text and c.name, c.id
        codes = [u.code for u in c.uses]
        assert len(codes) == len(set(codes)), c.id


def test_card_lookup_by_id() -> None:
    for i, c in enumerate(WB.cards):
        assert WB.card_by_id[c.id] == i
        assert c.id == c.id.upper()


# --- Allies and spoils ----------------------------------------------------------------


def test_four_allies_per_colour() -> None:
    assert len(WB.allies) == 24
    assert Counter(a.colour for a in WB.allies) == {c: 4 for c in range(N)}
    assert all(a.text for a in WB.allies)
    assert all(WB.allies[WB.ally_by_id[a.id]] is a for a in WB.allies)


def test_ally_trades_and_scoring_by_colour() -> None:
    # RB Ally Cards: what each colour counts, the points, and per how many of them.
    expected_scoring = {"yellow": ("wylds", 1, 1), "purple": ("settlements", 1, 2),
                        "green": ("deck", 1, 3), "red": ("flat", 1, 1),
                        "black": ("flat", 2, 1), "blue": ("flat", 1, 1)}
    for a in WB.allies:
        colour = WB.colours[a.colour]
        assert (a.scoring, a.points, a.per) == expected_scoring[colour], a.id
        if colour == "yellow":
            assert a.pay_any == 1 and sum(a.gain) == 3
        elif colour == "purple":
            assert sum(a.pay) == 1 and sum(a.gain) == 2
            assert max(a.pay) == 1 and a.gain.index(2) != a.pay.index(1)  # another resource
        elif colour == "green":
            assert a.pay_favor == 1 and len([n for n in a.gain if n]) == 1
        elif colour == "red":
            assert a.conquer and sum(a.pay) > 0
        elif colour == "black":
            assert a.sack_spoils and sum(a.gain) == 3
        else:
            assert a.gain_favor == 1 and sum(a.pay) + a.pay_any == 1
    blue_any = [a for a in WB.allies if WB.colours[a.colour] == "blue" and a.pay_any]
    assert len(blue_any) == 1


def test_twenty_one_spoils() -> None:
    assert len(WB.spoils) == 21 and WB.spoils_per_province == 3
    kinds = Counter(s.kind for s in WB.spoils)
    assert kinds == {"province": 6, "hex": 6, "move": 6, "wylds": 3}
    assert sorted(s.colour for s in WB.spoils if s.kind == "province") == list(range(N))
    assert Counter(s.character for s in WB.spoils if s.kind == "hex") == {0: 2, 1: 2, 2: 2}
    assert sorted(s.value for s in WB.spoils if s.kind == "move") == [1, 1, 2, 2, 3, 3]
    assert all(" " not in s.id for s in WB.spoils)
    assert len(WB.spoils_by_id) == 21


# --- Set-up --------------------------------------------------------------------------


def test_two_player_chart_is_the_rulebook_example() -> None:
    two = WB.seasons[2]
    assert (two.banner_sets, two.wylds, two.spring, two.summer, two.autumn) == (2, 4, 3, 3, 4)
    assert WB.seasons[1] == two  # solo plays the 2-player set-up


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_winter_gets_twelve_cards_with_every_player_count(players: int) -> None:
    s = WB.seasons[players]
    deck = 18 + 3 * s.banner_sets + s.wylds
    assert deck - 6 - s.spring - s.summer - s.autumn == 12


def test_four_players_use_every_base_wylds() -> None:
    assert WB.seasons[4].wylds == 8 and WB.seasons[4].banner_sets == 4


def test_numbers() -> None:
    assert WB.explore_cost == (1, 2, 3, 4)
    assert (WB.conquer_tiles, WB.solo_conquer_tiles) == (5, 3)
    assert (WB.favor_supply, WB.starting_gold, WB.hand_size, WB.reserve_size) == (30, 1, 4, 3)
    assert (WB.resource_cap, WB.rows, WB.winter_rounds) == (12, 3, 3)
    assert WB.first_game_banners == ("mask", "book", "rune")
    assert WB.round_power_character == (SHAMAN, EXPLORER, WARRIOR)


def test_solo() -> None:
    assert {k: (d.base, d.objectives) for k, d in WB.difficulties.items()} == {
        "easy": (40, 3), "medium": (50, 4), "hard": (60, 5)}
    assert WB.objective_vp == (10,) * 5
    assert [o.letter for o in WB.objectives] == list("ABCDEFGH")
    assert all(o.text for o in WB.objectives)
    colours = [WB.colours[o.colour] for o in WB.objectives]
    assert colours == ["green", "yellow", "blue", "purple", "red", "black", "green", "blue"]
    # at least 3 plain tiles per colour remain for the solo game
    for c in range(N):
        assert 5 - colours.count(WB.colours[c]) >= 3


def test_power_cards() -> None:
    assert [p.id for p in WB.power_cards] == ["WB1", "WB2", "WB3", "WB4"]
    used = [code for p in WB.power_cards for code in p.powers]
    assert len(used) == len(set(used)) == 8
    assert set(POWERS) - set(used) == {"round-action"}
    assert WB.power_cards[3].powers == ("white-meeple", "trade")
    assert len(CHARACTERS) == 3


# --- The loader refuses broken data ---------------------------------------------------


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(components.DATA, target)
    return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_the_copy_loads(data_copy: Path) -> None:
    assert components._load(data_copy) == WB


@pytest.mark.parametrize(
    ("file", "old", "new", "message"),
    [
        ("cards.toml", 'id = "T2"', 'id = "T1"', "duplicate id"),
        ("allies.toml", 'id = "GR2"', 'id = "GR1"', "duplicate id"),
        ("spoils.toml", 'id = "MV-1b"', 'id = "MV-1a"', "duplicate id"),
        ("cards.toml", 'uses = ["S", "m3", "+2g"]', 'uses = ["S", "m3", "+2q"]', "use code"),
        ("cards.toml", 'uses = ["E", "m2", "+1m"]', 'uses = ["E", "m2", "m2"]', "repeats"),
        ("cards.toml", 'uses = ["*", "+1g1x"]', 'uses = ["*", "+1x1g"]', "use code"),
        ("cards.toml", 'uses = ["*", "+1g1x"]', 'uses = ["*", "+1g0m1x"]', "gain code"),
        ("cards.toml", 'type = "weapon"', 'type = "treasure"', "cards"),
        ("cards.toml", 'uses = ["W", "m3", "wy"]', 'uses = ["S", "m3", "wy"]', "house cards"),
        ("cards.toml", 'banner = "orb"', 'banner = "mask"', "banner set"),
        ("cards.toml", 'wylds = "gold"', 'wylds = "goold"', "Wylds effect"),
        ("cards.toml", 'wylds = "meat-to-military"\npromo = true',
         'wylds = "meat-to-military"', "base Wylds"),
        ("cards.toml", 'variant = "anywhere"', 'variant = "everywhere"', "horn variant"),
        ("cards.toml", 'scoring = "rune"', 'scoring = "runes"', "banner scoring"),
        ("cards.toml", 'text = "Move 3, or take 2 meat, or activate your Wylds."',
         'txt = "typo"', "unknown field"),
        ("kingdom.toml", 'borders = ["blue", "purple"]', 'borders = ["blue", "red"]',
         "neighbours"),
        ("kingdom.toml", 'sections = ["S3", "C2", "C3"]', 'sections = ["S3", "S2", "C3"]',
         "starter"),
        ("kingdom.toml", 'cw = "C3"', 'cw = "C4"', "cross"),
        ("kingdom.toml", 'warrior = "G5"', 'warrior = "G7"', "start space"),
        ("allies.toml", 'colour = "red"', 'colour = "blue"', "allies"),
        ("allies.toml", 'points = 2\ntext = "Sack one of your spoils, take 2 gold',
         'points = 1\ntext = "Sack one of your spoils, take 2 gold', "differ"),
        ("spoils.toml", '{ id = "WY-3", kind = "wylds" },\n', "", "21"),
        ("spoils.toml", 'kind = "move", value = 3 }', 'kind = "move" }', "needs"),
        ("setup.toml", "autumn = 8", "autumn = 20", "season"),
        ("setup.toml", '"white-meeple", "trade"', '"white-meeple", "two-resources"',
         "duplicate id"),
        ("setup.toml", '"white-meeple", "trade"', '"white-meeple", "teleport"', "power"),
        ("setup.toml", 'letter = "H"', 'letter = "A"', "duplicate id"),
        ("setup.toml", 'colour = "blue"\n\n', 'colour = "green"\n\n', "plain green"),
        ("setup.toml", "objectives = 5", "objectives = 6", "too many objectives"),
        ("setup.toml", "spring = 3\n", "sprung = 3\n", "malformed"),
    ],
)
def test_loader_refuses_broken_data(data_copy: Path, file: str, old: str, new: str,
                                    message: str) -> None:
    edit(data_copy / file, old, new)
    with pytest.raises(ValueError, match=message):
        components._load(data_copy)


def test_loader_reads_the_module_data_dir_by_default(monkeypatch: pytest.MonkeyPatch,
                                                     data_copy: Path) -> None:
    edit(data_copy / "cards.toml", 'id = "W6"', 'id = "W5"')
    monkeypatch.setattr(components, "DATA", data_copy)
    with pytest.raises(ValueError, match="duplicate id 'W5'"):
        components._load()
