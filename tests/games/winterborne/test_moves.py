"""The turn and movement (RB "Playing Cards", "General Rules", Mask, Book, Potion, the
white meeple), played as scenarios through the notation.

Board expectations are typed from components/winterborne.md C2 (G_i touches S_i,
C_(i-1) and C_i; stepping clockwise from G_i crosses C_i), never computed with the
engine's tables.
"""

from __future__ import annotations

import pytest

from tests.games.winterborne.helpers import (
    BLUE,
    CASTLE,
    OUT,
    SHAMAN,
    WARRIOR,
    WHITE,
    YELLOW,
    WinterborneState,
    card,
    fresh,
    legal,
    place,
    play,
    section,
    space,
    tile,
)


def test_a_hex_then_a_movement_circle() -> None:
    """"In order to move a character, you must play a card or spoils that has one of the
    three character hex symbols ... Then play a second card or spoils with a circle
    movement symbol to determine how far that character moves." """
    s = fresh(hand=["T1", "SHA1"])
    play(s, "T1 S")
    # The hex card is spent; only the other card's circle can follow.
    assert legal(s) == {"SHA1 m2"}
    assert s.figures[0][SHAMAN] == space("G1")
    play(s, "SHA1 m2")
    assert s.figures[0][SHAMAN] == space("G3")
    assert s.hand[0] == [] and sorted(s.played) == sorted([card("T1"), card("SHA1")])
    # Then the special action is chosen (or passed).
    assert {"tax", "pray", "pass"} <= legal(s)


def test_a_spoils_circle_moves_too_and_is_sacked() -> None:
    """"The character hex and movement circle spoils are one time use actions. Combine
    these tiles with cards or spoils to move characters. Sack the tile after use." """
    s = fresh(hand=["WAR1"])
    s.spoils[0] = [tile("MV-3a")]
    play(s, "WAR1 W", "spoils MV-3a")
    assert s.figures[0][WARRIOR] == space("G2")  # G5 -> G6 -> G1 -> G2
    assert s.spoils[0] == [] and tile("MV-3a") in s.sacked_spoils


@pytest.mark.parametrize(("start", "steps", "end"), [
    ("G1", 1, "G2"), ("G1", 3, "G4"), ("G4", 3, "G1"), ("G5", 2, "G1"), ("G6", 1, "G1"),
    ("G6", 3, "G3"),
])
def test_exactly_n_spaces_clockwise_wrapping(start: str, steps: int, end: str) -> None:
    """"Characters must move the full number of spaces. If you play a 3, it must move 3
    spaces." and "Moving from one dark gray space to the next, in clockwise order, is
    considered one movement." (G6 is followed by G1.)"""
    circle = {1: "SHA2 m1", 2: "SHA1 m2", 3: "T1 m3"}[steps]
    s = fresh(hand=["W1", circle.split()[0]])
    place(s, warrior=start)
    play(s, "W1 W")
    assert legal(s) == {circle}  # one number printed, no shorter move offered
    play(s, circle)
    assert s.figures[0][WARRIOR] == space(end)


# Sections touching each gray space, typed from components.md C2 (1-based names):
# G_i touches S_i, C_(i-1) and C_i.
TOUCHING = {
    "G1": {"S1", "C6", "C1"}, "G2": {"S2", "C1", "C2"}, "G3": {"S3", "C2", "C3"},
    "G4": {"S4", "C3", "C4"}, "G5": {"S5", "C4", "C5"}, "G6": {"S6", "C5", "C6"},
}
BORDERS = {"C1": ("green", "yellow"), "C2": ("yellow", "blue"), "C3": ("blue", "purple"),
           "C4": ("purple", "red"), "C5": ("red", "black"), "C6": ("black", "green")}


def _warrior_at(start: str) -> WinterborneState:
    """Seat 0's warrior has just moved 1 clockwise onto ``start`` (resources to spare)
    and is choosing its special action."""
    s = fresh(hand=["WAR1", "SHA2"], res=(5, 5, 5))
    before = WB_SPACES[(WB_SPACES.index(start) - 1) % 6]
    place(s, warrior=before)
    play(s, "WAR1 W", "SHA2 m1")
    assert s.figures[0][WARRIOR] == space(start)
    return s


WB_SPACES = ["G1", "G2", "G3", "G4", "G5", "G6"]


@pytest.mark.parametrize("at", WB_SPACES)
def test_at_start_each_gray_space_touches_one_province_section(at: str) -> None:
    """"In the beginning of the game, each gray tile is adjacent to only one province
    section." The warrior may build only there, and conquer the two empty sections."""
    s = _warrior_at(at)
    starter = next(x for x in TOUCHING[at] if x.startswith("S"))
    conquerable = sorted(x for x in TOUCHING[at] if x.startswith("C"))
    expected = {f"settle {row} {starter}" for row in (1, 2, 3)}
    expected |= {f"conquer {c} {colour}" for c in conquerable for colour in BORDERS[c]}
    assert legal(s) == expected | {"pass"}


def test_after_conquering_c_i_both_g_i_and_g_i_plus_1_touch_it() -> None:
    """"Some character actions are limited to the province sections that are currently
    adjacent to the character." Conquering C2 (between S2 and S3) makes it a province
    section touching G2 and G3, and no other gray space."""
    s = _warrior_at("G3")
    play(s, "conquer C2 yellow", "take none")
    assert s.sections[0][section("C2")] == YELLOW
    for at in WB_SPACES:
        s2 = _warrior_at(at)
        s2.sections[0][section("C2")] = YELLOW
        builds = {a.split()[2] for a in legal(s2) if a.startswith("settle 1 ")}
        expected = {"S" + at[1]} | ({"C2"} if at in ("G2", "G3") else set())
        assert builds == expected, at


def test_same_character_acts_several_times() -> None:
    """"You may move and take actions with the same character more than once per turn." """
    s = fresh(hand=["SHA1", "SHA2", "T1", "P3"])
    play(s, "SHA1 S", "SHA2 m1", "tax", "T1 S", "P3 m1", "tax")
    assert s.figures[0][SHAMAN] == space("G3")
    assert s.res[0] == [2, 0, 2]


def test_several_characters_share_a_space() -> None:
    """"During play, any number of characters may be on the same space." """
    s = fresh(hand=["SHA1", "EXP1", "T3", "SHA2", "W1", "T1"])
    play(s, "SHA1 S", "EXP1 m2", "pass")  # shaman G1 -> G3, where the explorer starts
    play(s, "T3 W", "SHA2 m1", "pass")  # warrior G5 -> G6
    play(s, "W1 W", "T1 m3")  # warrior G6 -> G1 -> G2 -> G3
    assert s.figures[0][:3] == [space("G3")] * 3
    assert "pass" in legal(s)


def test_no_hex_without_a_movement_source() -> None:
    """A hex needs "a second card or spoils with a circle movement symbol": with no other
    circle, the hex is not offered (its other uses are)."""
    s = fresh(hand=["SHA1"])
    assert legal(s) == {"SHA1 +1g", "end"}
    s = fresh(hand=["T4"])  # any-character hex, no circle on any other card
    assert not any(a.startswith("T4 ") and a[-1] in "SEW" for a in legal(s))
    s.spoils[0] = [tile("MV-1a")]
    assert {"T4 S", "T4 E", "T4 W"} <= legal(s)
    # A hex spoils needs a circle too.
    s = fresh(hand=["T4"])
    s.spoils[0] = [tile("HX-shaman-1")]
    assert "spoils HX-shaman-1" not in legal(s)
    s.hand[0] = [card("SHA1")]
    assert "spoils HX-shaman-1" in legal(s)


def test_mask_moves_counter_clockwise() -> None:
    """Mask: "When choosing the movement action, move your character counter-clockwise
    around the kingdom board." """
    s = fresh(hand=["WAR1", "MASK3"])
    play(s, "WAR1 W", "MASK3 ccw3")
    assert s.figures[0][WARRIOR] == space("G2")  # G5 -> G4 -> G3 -> G2
    s = fresh(hand=["SHA1", "MASK1"])
    play(s, "SHA1 S", "MASK1 ccw1")
    assert s.figures[0][SHAMAN] == space("G6")  # G1 -> G6, wrapping the other way


def test_book_lets_the_player_choose_the_number() -> None:
    """Book: "When choosing the movement action, you may choose one of the two numbers in
    the circle." """
    s = fresh(hand=["WAR1", "BOOK2"])
    play(s, "WAR1 W")
    assert legal(s) == {"BOOK2 m2", "BOOK2 m3"}
    play(s, "BOOK2 m3")
    assert s.figures[0][WARRIOR] == space("G2")
    s = fresh(hand=["WAR1", "BOOK2"])
    play(s, "WAR1 W", "BOOK2 m2")
    assert s.figures[0][WARRIOR] == space("G1")


def test_potion_sends_to_the_castle_and_leaving_costs_one_movement() -> None:
    """Potion: "Discard this banner to take the special castle action and move the
    indicated character to the center castle ... it costs 1 movement to move it onto
    any dark gray section. If your character has any remaining movement, it must
    continue moving as normal." """
    s = fresh(hand=["POTION1", "SHA1", "T1"])
    play(s, "POTION1 castle")
    assert s.figures[0][SHAMAN] == CASTLE
    assert card("POTION1") in s.discard[0]
    assert "POTION1 castle" not in legal(s)  # not offered again once it is there
    play(s, "SHA1 S", "T1 m3")
    assert legal(s) == {f"exit G{i}" for i in range(1, 7)}
    play(s, "exit G5")
    assert s.figures[0][SHAMAN] == space("G1")  # G5, then 2 more: G6, G1
    assert {"tax", "pray", "pass"} <= legal(s)


def test_leaving_the_castle_with_one_movement_stops_on_the_chosen_space() -> None:
    """"it costs 1 movement to move it onto any dark gray section" (nothing remains)."""
    s = fresh(hand=["WAR1", "SHA2"], res=(1, 0, 1))
    place(s, warrior="castle")
    play(s, "WAR1 W", "SHA2 m1", "exit G3")
    assert s.figures[0][WARRIOR] == space("G3")
    # From G3 the warrior touches S3, C2 and C3 (C2 table).
    assert {"conquer C2 yellow", "conquer C3 purple"} <= legal(s)


def test_white_meeple_moves_with_any_hex_and_does_that_hex_action() -> None:
    """"The white meeple can be moved with any character hex (and movement circle).
    Perform the action of the character hex played." Here it replaced the warrior."""
    s = fresh(hand=["WAR1", "SHA1"], res=(1, 0, 1))
    s.figures[0] = [space("G1"), space("G3"), OUT, space("G4")]
    s.white_used[0] = 1
    play(s, "WAR1 W")  # the warrior is out: the white meeple is the only figure
    play(s, "SHA1 m2")
    assert s.figures[0][WHITE] == space("G6")
    # A warrior hex: the warrior's actions, from the white meeple's space G6.
    assert "conquer C5 black" in legal(s) and "conquer C6 green" in legal(s)
    assert "tax" not in legal(s)


def test_white_meeple_figure_choice_when_both_can_move() -> None:
    """A shaman hex can move the shaman or the white meeple: the player chooses, and the
    white meeple then performs the shaman's action (but earns no passive income:
    interpretation 4)."""
    s = fresh(hand=["SHA1", "SHA2"])
    s.figures[0] = [space("G1"), space("G3"), OUT, space("G4")]
    s.sections[0][section("C4")] = BLUE
    s.buildings[0][section("C4")] = 1
    play(s, "SHA1 S")
    assert legal(s) == {"figure shaman", "figure white"}
    play(s, "figure white", "SHA2 m1")
    assert s.figures[0][WHITE] == space("G5") and s.figures[0][SHAMAN] == space("G1")
    assert s.res[0] == [0, 0, 0]  # crossed the C4 settlement: no income for the white
    play(s, "tax")
    assert s.res[0] == [1, 0, 1]
