"""The palette (issue 21): text is readable in both themes, and colours a player must tell
apart stay apart for the common colour-vision deficiencies.

The colours are read from the client's own files (``js/palette.js``, ``theme.css``); the
colour science is coloraide's (WCAG 2.1 contrast, ΔE2000, the protan/deutan/tritan
simulations at full severity), not ours.
"""

from __future__ import annotations

import json
import re
from itertools import combinations
from typing import Any

import pytest
from coloraide import Color

from wintergames.server.app import STATIC

AA = 4.5  # WCAG 2.1 AA for normal text; no pair needs the large-text 3:1 exemption
VISIONS = (None, "protan", "deutan", "tritan")
# ΔE2000 below which two colours may be taken for one another. About 2 is just noticeable
# side by side; pieces on a board are seen apart, small, at a glance, so the check asks for
# five times that: 10 is where two colours read as different colours, not shades of one.
MIN_DELTA_E = 10.0

# Every text/background pair the page draws, by theme variable: (text, background, minimum).
PAGE_PAIRS: list[tuple[str, str, float]] = [
    ("ink", "page", AA), ("ink", "page-end", AA), ("ink", "panel", AA),
    ("muted", "page", AA), ("muted", "page-end", AA), ("muted", "panel", AA),
    ("link", "panel", AA), ("link", "page-end", AA),
    ("good", "panel", AA), ("bad", "panel", AA), ("bad", "page-end", AA),  # #error on the page
    ("ink", "button", AA), ("ink", "button-hover", AA), ("ink", "done", AA),
    ("accent-ink", "accent", AA), ("bad-ink", "bad", AA),  # primary and danger buttons
    ("ink", "highlight", AA), ("muted", "highlight", AA), ("ink", "chosen", AA),
    ("ink", "mine", AA), ("muted", "mine", AA), ("ink", "code", AA), ("ink", "last-bg", AA),
    ("header-ink", "header", AA), ("header-muted", "header", AA),
    ("header-link", "header", AA), ("header-ink", "badge", AA),
    ("tip-ink", "tip", AA), ("tip-title", "tip", AA), ("tip-note", "tip", AA),
    ("accent", "panel", AA), ("muted", "button", AA),  # lobby: folded options, placeholders
]
# Text on the board's table: the light theme's inks, on each theme's table surface.
TABLE_PAIRS: list[tuple[str, float]] = [
    ("ink", AA), ("muted", AA), ("link", AA), ("good", AA), ("bad", AA),
]
# Winter Queen's board text: (ink, background) by palette path, all at AA.
WQ_BOARD_TEXT: list[tuple[str, str]] = [
    *[("ink.cell-label", f"components.zone.{zone}")
      for zone in ("red", "green", "purple", "blue", "royal")],
    ("ink.royal", "components.zone.royal"), ("ink.royal", "ink.stack"),
    ("ink.cell-label", "ink.stack"), ("ink.cell-label", "ink.book"),
    ("ink.last-ink", "ink.last"),  # the seat number on a last turn's mark
]
# ICECOOL Wizards' board and card text: (ink, background) by palette path, all at AA.
IW_BOARD_TEXT: list[tuple[str, str]] = [
    ("ink.room-label", "ink.floor"), ("ink.room-label", "ink.floor-tile"),
    ("ink.room-label", "ink.card"), ("ink.room-label", "ink.doorway"),
    ("ink.card-ink", "ink.card"), ("ink.card-ink", "ink.doorway"),
    ("ink.points-ink", "ink.points"), ("ink.spell-ink", "ink.spell"),
    ("ink.lesson-back-ink", "ink.lesson-back"), ("ink.exam-back-ink", "ink.exam-back"),
]
# ICE's board and card text: (ink, background) by palette path, all at AA.
ICE_BOARD_TEXT: list[tuple[str, str]] = [
    ("ink.label-1", "components.layer.1"), ("ink.label-1", "components.edge.1"),
    ("ink.label-2", "components.layer.2"), ("ink.label-2", "components.edge.2"),
    *[("ink.snow-label", f"components.snow.{back}")
      for back in ("clear", "tunnel", "rift", "nunatak", "encampment")],
    ("ink.district-label", "ink.district-a"), ("ink.district-label", "ink.district-b"),
    ("ink.district-label", "ink.district-c"), ("ink.piece-line", "ink.count-bg"),
    ("ink.card-ink", "ink.card"), ("ink.card-ink", "ink.snow-card"), ("ink.card-ink", "ink.study"),
]
# Winterborne's board and card text: (ink, background) by palette path, all at AA.
WB_BOARD_TEXT: list[tuple[str, str]] = [
    ("ink.label", "ink.label-bg"), ("ink.label", "components.board.space"),
    ("ink.card-ink", "ink.card"), ("ink.card-muted", "ink.card"),
    ("ink.card-ink", "ink.balaur-bg"), ("ink.card-back-ink", "ink.card-back"),
    ("ink.ally-back-ink", "ink.ally-back"),
]

# WCAG 2.1 1.4.11 (non-text contrast): a graphic's parts a player reads against what they
# lie on. The sprite colours of Winter Queen and ICECOOL Wizards, by palette path.
NON_TEXT = 3.0
SPRITE_GRAPHICS: dict[str, list[tuple[str, str]]] = {
    "winter-queen": [
        ("ink.book-back", "sprite.queen"),  # the Queen token's crown and snowflake
        ("sprite.book-back-gold", "ink.book-back"),  # a book back's frame and snowflake
        ("sprite.book-back-line", "ink.stack"),  # a book back's edge, on the stacks' ground
        ("sprite.book-icon-line", "ink.book"),  # an open book's outline and spine
    ],
    "icecool-wizards": [
        ("sprite.seal", "ink.exam-back-ink"),  # an exam back's seal, on its scroll
    ],
}

# Snow Time's board and card text: (ink, background) by palette path, all at AA. Besides
# these, every card's number or name is drawn on its colour in that colour's ink
# (`card-ink-<colour>`, else `card-ink`: snow-time.js's onColour), checked for each pawn colour.
ST_BOARD_TEXT: list[tuple[str, str]] = [
    ("ink.label", "ink.space"), ("ink.label", "ink.finish"), ("ink.label", "ink.bonus-space"),
    ("components.fruit.stroke", "ink.bonus-space"), ("components.bonus.mana", "ink.bonus-space"),
    ("components.bonus.fight", "ink.bonus-space"), ("ink.label", "ink.card"),
]

# Within each game, the colours a player must tell apart, and how: "colour" (the colours
# alone: checked under every vision) or "symbol" (each also has its own symbol in the
# game's sprite, tests/server/test_icons.py, which stands in for the colour only under the
# colour-vision simulations: in normal vision the colours must still be ΔE 10 apart).
TELL_APART: dict[str, dict[str, str]] = {
    "winter-queen": {"floe": "symbol", "zone": "symbol"},
    "snow-time": {"pawn": "symbol"},
    "icecool-wizards": {"penguin": "colour"},
    "winterborne": {"province": "symbol"},
    "ice": {"type": "colour"},  # and a glyph each (test_icons.py)
}
# The component kinds each game's seat colours must never be taken for: a kind of
# `components`, or one colour by its palette path ("ink.path").
SEATS_APART: dict[str, list[str]] = {
    "winter-queen": ["floe"],
    "winterborne": ["province", "meeple"],
    "ice": ["type", "piece"],
    # the fruit, the bonus tokens and a card's back; not the tree, which is the board itself
    # (its brown lies under every card, each with a dark outline and its colour's glyph)
    "snow-time": ["fruit", "bonus", "ink.card-back"],
    # the last flick's path and its aim, the own-penguin ring, the card backs and badges
    "icecool-wizards": ["ink.path", "ink.aim", "ink.mine", "ink.lesson-back", "ink.exam-back",
                         "ink.spell", "ink.points"],
}
# Seat/component pairs allowed closer than MIN_DELTA_E, each with its reason: the component
# is only ever drawn as its own symbol, which no seat's piece or card resembles.
SEATS_APART_BY_SYMBOL: dict[str, dict[tuple[str, str], str]] = {
    "icecool-wizards": {
        ("blue", "ink.lesson-back"): "a lesson's back is only drawn as its card (iw-lesson-back:"
        " a framed card with its own pattern); blue is a penguin, drawn as one, or a seat's dot",
    },
}


def read_palette() -> dict[str, Any]:
    text = (STATIC / "js" / "palette.js").read_text()
    start = text.index("{", text.index("PALETTE ="))
    end = text.rindex("};")
    palette: dict[str, Any] = json.loads(text[start:end + 1])
    return palette


def css_blocks(text: str) -> dict[str, dict[str, str]]:
    """Each rule's custom properties, by selector (comments removed)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    blocks: dict[str, dict[str, str]] = {}
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        props = dict(re.findall(r"--([\w-]+)\s*:\s*([^;]+);", body))
        if props:
            blocks[" ".join(selector.split())] = {k: v.strip() for k, v in props.items()}
    return blocks


def contrast(text: str, background: str) -> float:
    return float(Color(text).contrast(background, method="wcag21"))


def seen(colour: str, vision: str | None) -> Color:
    return Color(colour) if vision is None else Color(colour).filter(vision)


def delta(a: str, b: str, vision: str | None) -> float:
    return float(seen(a, vision).delta_e(seen(b, vision), method="2000"))


def contrast_failures(pairs: list[tuple[str, str, float, str]]) -> list[str]:
    """(text, background, minimum, name) pairs below their minimum, described."""
    return [f"{name}: {text} on {background} is {contrast(text, background):.2f} < {least}"
            for text, background, least, name in pairs if contrast(text, background) < least]


def collisions(first: dict[str, str], second: dict[str, str] | None = None,
               visions: tuple[str | None, ...] = VISIONS) -> list[str]:
    """Pairs (within `first`, or between `first` and `second`) closer than MIN_DELTA_E
    in normal vision or under any of the three simulations (or only the `visions` given)."""
    pairs = (combinations(first.items(), 2) if second is None
             else ((a, b) for a in first.items() for b in second.items()))
    found = []
    for (name_a, a), (name_b, b) in pairs:
        for vision in visions:
            d = delta(a, b, vision)
            if d < MIN_DELTA_E:
                found.append(f"{name_a} {a} / {name_b} {b}: ΔE {d:.1f} ({vision or 'normal'})")
    return found


def group_collisions(colours: dict[str, str], cue: str) -> list[str]:
    """A group's colours too close for its cue: "symbol" lets each member's symbol stand in
    for its colour under the colour-vision simulations only, never in normal vision."""
    return collisions(colours, visions=(None,) if cue == "symbol" else VISIONS)


def at(tree: dict[str, Any], path: str) -> str:
    node: Any = tree
    for key in path.split("."):
        node = node[key]
    assert isinstance(node, str), path
    return node


def seat_colours(palette: dict[str, Any], game: str) -> dict[str, str]:
    seats = palette["games"][game]["seats"]
    if seats == "site":
        seats = palette["site"]["seats"]
    if isinstance(seats, str):  # the seats wear a component's colours (pawns, penguins)
        return dict(palette["games"][game]["components"][seats])
    return {f"seat {i + 1}": colour for i, colour in enumerate(seats)}


PALETTE = read_palette()
THEMES = ("light", "dark")


def test_the_palette_is_json_with_both_themes_and_every_game() -> None:
    assert set(PALETTE["themes"]) == set(THEMES)
    assert PALETTE["themes"]["light"].keys() == PALETTE["themes"]["dark"].keys()
    assert set(PALETTE["games"]) == set(TELL_APART)
    for theme in PALETTE["themes"].values():
        for colour in theme.values():
            Color(colour)  # every value parses as a colour


def test_theme_css_holds_the_palettes_theme_colours() -> None:
    blocks = css_blocks((STATIC / "theme.css").read_text())
    light, dark = PALETTE["themes"]["light"], PALETTE["themes"]["dark"]
    assert blocks[":root"] == light
    assert blocks[':root[data-theme="dark"]'] == dark
    # the board's table in the dark theme: the light colours, on the dark theme's table
    assert blocks[':root[data-theme="dark"] #board'] == {
        **light, "panel": dark["table"], "table": dark["table"]}


def test_style_css_uses_only_the_theme_variables_for_the_page() -> None:
    """style.css names no theme colour of its own: every --variable it reads exists."""
    style = (STATIC / "style.css").read_text()
    used = set(re.findall(r"var\(--([\w-]+)\)", style))
    assert used <= set(PALETTE["themes"]["light"]), used - set(PALETTE["themes"]["light"])
    assert not css_blocks(style), "style.css defines theme variables; they live in theme.css"


# A colour written as a literal: #rgb, #rrggbb(aa), rgb()/rgba()/hsl()/hsla(), or a CSS
# colour keyword as a property's whole value. Black with an alpha (#0004, #00000033) is
# a shadow's shade, not a colour anyone reads, and passes.
COLOUR_LITERAL = re.compile(
    r"#(?!000[0-9a-fA-F]\b|000000[0-9a-fA-F]{2}\b)[0-9a-fA-F]{3,8}\b(?![-\w])|\b(?:rgba?|hsla?)\(|"
    r":\s*(?:white|black|red|green|blue|yellow|grey|gray|orange|purple)\s*[;}]")
# The two files that hold the colours; the sprites draw in palette colours (test_icons.py).
COLOUR_HOMES = {"js/palette.js", "theme.css"}


def test_no_page_script_or_stylesheet_writes_a_colour_of_its_own() -> None:
    """Every colour of the client is PALETTE's or a theme variable: a literal anywhere
    else is a copy that the contrast and colour-vision checks would not see."""
    found = []
    for path in sorted(STATIC.rglob("*")):
        name = path.relative_to(STATIC).as_posix()
        if path.suffix not in {".js", ".css", ".html"} or name in COLOUR_HOMES:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            found += [f"{name}:{number}: {m.group(0)}" for m in COLOUR_LITERAL.finditer(line)]
    assert not found, "colours outside palette.js / theme.css:\n" + "\n".join(found)


def test_the_colour_literal_pattern_finds_colours_and_passes_ids() -> None:
    hits = ["fill: #fff;", "color:#1f6fd133}", "rgba(0, 0, 0, .2)", "stroke: white;", "#000;"]
    misses = ["#players li", "#wq-map", "#e4-tile", "white-space: nowrap;", "href='#b1'",
              "box-shadow: 0 1px 2px #0004;", "#00000033"]
    assert all(COLOUR_LITERAL.search(text) for text in hits)
    assert not any(COLOUR_LITERAL.search(text) for text in misses)


@pytest.mark.parametrize("theme", THEMES)
def test_every_text_pair_passes_wcag_aa(theme: str) -> None:
    colours = PALETTE["themes"][theme]
    pairs = [(colours[t], colours[b], least, f"{t} on {b}") for t, b, least in PAGE_PAIRS]
    light = PALETTE["themes"]["light"]
    pairs += [(light[t], colours["table"], least, f"{t} on the table") for t, least in TABLE_PAIRS]
    assert contrast_failures(pairs) == []


def test_winter_queens_board_text_passes_wcag_aa() -> None:
    game = PALETTE["games"]["winter-queen"]
    pairs = [(at(game, t), at(game, b), AA, f"{t} on {b}") for t, b in WQ_BOARD_TEXT]
    assert contrast_failures(pairs) == []


def test_icecool_wizards_board_text_passes_wcag_aa() -> None:
    game = PALETTE["games"]["icecool-wizards"]
    pairs = [(at(game, t), at(game, b), AA, f"{t} on {b}") for t, b in IW_BOARD_TEXT]
    assert contrast_failures(pairs) == []



def snow_time_card_text() -> list[tuple[str, str]]:
    """(ink, card colour) for each colour's cards: the ink snow-time.js's onColour picks."""
    game = PALETTE["games"]["snow-time"]
    return [(f"ink.card-ink-{colour}" if f"card-ink-{colour}" in game["ink"] else "ink.card-ink",
             f"components.pawn.{colour}") for colour in game["components"]["pawn"]]


def test_snow_time_board_and_card_text_passes_wcag_aa() -> None:
    game = PALETTE["games"]["snow-time"]
    pairs = [(at(game, t), at(game, b), AA, f"{t} on {b}")
             for t, b in ST_BOARD_TEXT + snow_time_card_text()]
    assert len(snow_time_card_text()) == 5
    assert contrast_failures(pairs) == []


def test_ice_board_text_passes_wcag_aa() -> None:
    game = PALETTE["games"]["ice"]
    pairs = [(at(game, t), at(game, b), AA, f"{t} on {b}") for t, b in ICE_BOARD_TEXT]
    assert contrast_failures(pairs) == []


def test_winterbornes_board_text_passes_wcag_aa() -> None:
    game = PALETTE["games"]["winterborne"]
    pairs = [(at(game, t), at(game, b), AA, f"{t} on {b}") for t, b in WB_BOARD_TEXT]
    assert contrast_failures(pairs) == []


@pytest.mark.parametrize("game", list(SPRITE_GRAPHICS))
def test_sprite_graphics_pass_wcag_non_text_contrast(game: str) -> None:
    palette = PALETTE["games"][game]
    pairs = [(at(palette, f), at(palette, b), NON_TEXT, f"{f} on {b}")
             for f, b in SPRITE_GRAPHICS[game]]
    assert contrast_failures(pairs) == []
    # every sprite colour of these games is in a pair: none goes unchecked
    named = {path.removeprefix("sprite.") for pair in SPRITE_GRAPHICS[game] for path in pair}
    assert set(palette["sprite"]) <= named


def test_the_checks_catch_a_bad_colour() -> None:
    """Fed known-bad colours, the checkers report them (a check that never fails is none)."""
    assert contrast_failures([("#8a8a8a", "#ffffff", AA, "grey on white")])  # 3.5:1
    assert contrast_failures([("#1d2733", "#1d2733", AA, "ink on itself")])
    # red and green floes, apart in normal vision, merge for a deuteranope
    red_green = {"red": "#d64541", "green": "#3aa655"}
    assert delta(red_green["red"], red_green["green"], None) > MIN_DELTA_E
    assert any("deutan" in c for c in collisions(red_green))
    assert collisions({"seat": "#8a5a3c"}, {"red floe": "#d64541"})  # the old brown seat


def test_a_symbol_group_must_still_stand_apart_in_normal_vision() -> None:
    """A group told apart by its symbols may merge only under the simulations: two of Winter
    Queen's floes given one colour, or Snow Time's green pawn given the red one's, fail."""
    floes = dict(PALETTE["games"]["winter-queen"]["components"]["floe"])
    assert group_collisions(floes, "symbol") == []
    assert group_collisions({**floes, "green": floes["blue"]}, "symbol")
    pawns = dict(PALETTE["games"]["snow-time"]["components"]["pawn"])
    assert group_collisions({**pawns, "green": pawns["red"]}, "symbol")
    # the same red and green floes as above: a deuteranope's merge is the symbols' to carry
    red_green = {"red": "#d64541", "green": "#3aa655"}
    assert group_collisions(red_green, "symbol") == [] != group_collisions(red_green, "colour")


@pytest.mark.parametrize(("game", "group"),
                         [(g, k) for g, groups in TELL_APART.items() for k in groups])
def test_colours_that_must_be_told_apart_stay_apart(game: str, group: str) -> None:
    colours = PALETTE["games"][game]["components"][group]
    cue = TELL_APART[game][group]
    if cue == "symbol":  # the symbols are checked in test_icons.py; say which they are
        from tests.server.test_icons import distinguishing_symbols, sprite_ids
        assert distinguishing_symbols(game, group) <= sprite_ids(game)
    assert group_collisions(colours, cue) == []


@pytest.mark.parametrize("game", list(SEATS_APART))
def test_seat_colours_never_collide_with_component_colours(game: str) -> None:
    groups = SEATS_APART[game]
    components = seat_components(game, groups)
    seats = seat_colours(PALETTE, game)
    allowed = SEATS_APART_BY_SYMBOL.get(game, {})
    found = [c for c in collisions(seats, components)
             if not any(c.startswith(f"{seat} ") and f" / {part} " in c for seat, part in allowed)]
    assert found == []
    # seats are told apart from each other too; seats that wear a component kind's colours
    # (Snow Time's pawns) are told apart as that kind is (its glyphs under the simulations)
    kind = PALETTE["games"][game]["seats"]
    cue = TELL_APART[game].get(kind, "colour") if isinstance(kind, str) else "colour"
    assert group_collisions(seats, cue) == []


def seat_components(game: str, groups: list[str]) -> dict[str, str]:
    """The colours seats are checked against, by name: a components kind's members as
    "<kind> <name>", a single colour by its palette path."""
    palette = PALETTE["games"][game]
    found = {}
    for group in groups:
        if "." in group:
            found[group] = at(palette, group)
        else:
            found |= {f"{group} {name}": colour
                      for name, colour in palette["components"][group].items()}
    return found


def test_every_symbol_exemption_names_a_real_pair_that_needs_it() -> None:
    """An allowed seat/component pair names a seat and a checked component, gives its
    reason, and is still closer than MIN_DELTA_E (else it is dropped from the list)."""
    for game, pairs in SEATS_APART_BY_SYMBOL.items():
        seats = seat_colours(PALETTE, game)
        components = seat_components(game, SEATS_APART[game])
        for (seat, part), reason in pairs.items():
            assert seat in seats and part in components and reason, (game, seat, part)
            assert collisions({seat: seats[seat]}, {part: components[part]}), \
                f"{game}: {seat} / {part} now passes; drop it from SEATS_APART_BY_SYMBOL"


def test_the_seat_check_catches_a_seat_near_a_component() -> None:
    """The audit's ICECOOL example: the old red path and the green penguin (deutan ΔE 8.3)."""
    assert any("deutan" in c for c in collisions({"green": "#2e9d4a"}, {"ink.path": "#d62728"}))


def test_winter_queen_seats_are_far_from_every_floe() -> None:
    """The closest seat/floe pair, for the record (docs/visual.md quotes it)."""
    seats = seat_colours(PALETTE, "winter-queen")
    floes = PALETTE["games"]["winter-queen"]["components"]["floe"]
    closest = min(delta(s, f, v) for s in seats.values() for f in floes.values() for v in VISIONS)
    assert closest >= MIN_DELTA_E
