"""Each spellbook effect on hand-built boards, with the rulebook's examples."""

from __future__ import annotations

from tests.games.winter_queen.helpers import C, act, blank, depict, give_book, put
from wintergames.core.phrases import Phrase
from wintergames.games.winter_queen import scoring


def said(scored: tuple[int, Phrase]) -> tuple[int, str]:
    """An effect's VP and its reason in words."""
    return scored[0], scored[1].text


def test_border_guard_maxim_two_red_on_the_edge() -> None:
    # Rulebook, "Use a Spellbook": Border Guard with red gains 2 VP.
    s = blank(4)
    put(s, a2="red", e2="red", c3="red", b2="red", a3="green")
    assert said(scoring.border_guard(s.board, C["red"], s.params)) == (2, "a2 and e2")


def test_border_guard_mikhail_three_red_not_in_one_line() -> None:
    s = blank(4)
    put(s, a1="red", e3="red", c5="red", c2="red")
    vp, _ = scoring.border_guard(s.board, C["red"], s.params)
    assert vp == 3


def test_border_guard_counts_a_floe_depicted_on_a_royal_token() -> None:
    s = blank(4)
    depict(s, "e5", "red")
    put(s, a2="red")
    assert scoring.border_guard(s.board, C["red"], s.params)[0] == 2


def test_northern_lights_green_four_zones() -> None:
    # Rulebook example: green in the red, blue and purple provinces and on the royal
    # domain tokens gives 4 VP; two floes in one zone count once.
    s = blank(4)
    put(s, b1="green", c1="green", a2="green", b4="green", c3="green")
    vp, why = scoring.northern_lights(s.board, C["green"], s.params)
    assert vp == 4
    assert why.text == "red province, purple province, blue province and royal domain"


def test_northern_lights_counts_depicted_royal_floe_and_caps_at_five() -> None:
    s = blank(4)
    depict(s, "a1", "green")
    put(s, b1="green", e3="green", b4="green", a2="green")
    assert scoring.northern_lights(s.board, C["green"], s.params)[0] == 5


def test_magic_clouds_two_singles_and_one_group() -> None:
    s = blank(4)
    put(s, b1="green", a5="green", c3="green", d3="green", d4="green", e1="red")
    assert said(scoring.magic_clouds(s.board, C["green"], s.params)) == (
        3, "2 singles, 1 group")


def test_bright_path_stops_before_a_repeated_colour() -> None:
    # Rulebook example: purple, red, green, then a second green and a blue: 3 VP.
    s = blank(4)
    put(s, a2="purple", b2="red", c2="green", d2="green", e2="blue")
    vp, why = scoring.bright_path(s.board, C["purple"], s.params)
    assert vp == 3
    assert why.text == "from a2 east: purple, red and green"


def test_bright_path_stops_at_an_empty_space_and_counts_a_lone_floe() -> None:
    s = blank(4)
    put(s, a1="yellow", c1="red")
    assert scoring.bright_path(s.board, C["yellow"], s.params)[0] == 1
    put(s, b1="blue")
    assert scoring.bright_path(s.board, C["yellow"], s.params)[0] == 3


def test_bright_path_never_longer_than_five() -> None:
    s = blank(4)
    put(s, a3="red", b3="blue", c3="green", d3="yellow", e3="purple")
    assert scoring.bright_path(s.board, C["red"], s.params)[0] == 5


def test_bright_path_without_a_floe_of_the_colour_scores_nothing() -> None:
    s = blank(4)
    put(s, a3="red")
    assert said(scoring.bright_path(s.board, C["blue"], s.params)) == (
        0, "no blue floe on the board")


def test_forest_lights_purple_with_red_picks_the_best_floe() -> None:
    # Rulebook example: the upper purple floe has 3 red neighbours (3 VP); choosing a
    # red floe would give only 1 VP for its single purple neighbour.
    s = blank(4)
    put(s, c2="purple", d2="red", b2="red", c1="red", c4="purple")
    vp, why = scoring.forest_lights(s.board, C["purple"], C["red"], s.params)
    assert vp == 3
    assert why.text == "chose the purple floe at c2, 3 red neighbours"
    s2 = blank(4)
    put(s2, c4="purple", d2="red", c2="purple")
    assert scoring.forest_lights(s2.board, C["purple"], C["red"], s2.params)[0] == 1


def test_forest_lights_with_the_depicted_colour_placed() -> None:
    s = blank(4)
    put(s, c3="blue", d3="blue", c4="blue")
    assert scoring.forest_lights(s.board, C["blue"], C["blue"], s.params)[0] == 2


def test_wind_rose_green_six() -> None:
    # Rulebook example: 1 VP for the chosen green floe and 5 for greens on its lines.
    s = blank(4)
    put(s, c3="green", e3="green", a3="green", c5="green", c1="green", d2="green", b2="green")
    vp, why = scoring.wind_rose(s.board, C["green"], s.params)
    assert vp == 6
    assert why.text == "chose the green floe at c3"


def test_wind_rose_lines_pass_over_empty_spaces_and_other_colours() -> None:
    s = blank(4)
    put(s, a1="red", b1="blue", e1="red")
    assert scoring.wind_rose(s.board, C["red"], s.params)[0] == 2


def test_polar_star_two_empty_neighbours() -> None:
    s = blank(4)
    put(s, a1="purple")
    assert said(scoring.polar_star(s.board, C["purple"], s.params)) == (
        2, "chose the purple floe at a1")


def test_polar_star_depicted_floe_is_not_an_empty_space() -> None:
    s = blank(4)
    depict(s, "a1", "red")
    put(s, b1="purple")
    # b1 touches a1 (depicted), c1, a2, b2: three empty.
    assert scoring.polar_star(s.board, C["purple"], s.params)[0] == 3


def test_polar_star_picks_the_floe_with_most_empty_neighbours() -> None:
    s = blank(4)
    put(s, a1="purple", c3="purple", b1="red")
    assert scoring.polar_star(s.board, C["purple"], s.params)[0] == 6


def test_secret_knowledge_maria_chooses_mikhail_for_four() -> None:
    # Rulebook example: 1 for the purple on this page, 1 for another purple on her
    # books, 2 on Mikhail's (1 placed, 1 depicted on Forest Lights (purple)) = 4 VP.
    s = blank(3)
    s.current = 0
    give_book(s, 0, "SB20", b="purple")  # Northern Lights / Secret Knowledge
    give_book(s, 0, "SB06", a="purple")  # Wind Rose / Magic Clouds
    give_book(s, 1, "SB03", b="purple")  # Forest Lights (purple) / Bright Path
    give_book(s, 2, "SB07", a="red")
    act(s, "use SB20")
    gained = [e for e in s.log if e.kind == "vp"]
    assert gained[-1].vp == 4
    assert "chose Player 2" in gained[-1].text
    assert s.vp[0] == 4


def test_secret_knowledge_counts_both_the_depicted_and_a_placed_floe_on_one_page() -> None:
    s = blank(2)
    give_book(s, 0, "SB14", b="green")  # Border Guard / Secret Knowledge
    give_book(s, 1, "SB05", a="green")  # Forest Lights (green) with a green floe on it
    assert scoring.score_page(s, 0, s.books[0][0][0], 1, C["green"])[0] == 3


def test_depicted_floe_can_be_the_chosen_floe() -> None:
    s = blank(4)
    depict(s, "c3", "yellow")
    put(s, d3="yellow")
    assert scoring.wind_rose(s.board, C["yellow"], s.params)[0] == 2
