"""Icons (issue 21): every component kind of a drawn game has its symbol in the game's
sprite (``static/icons/<game>.svg``). The ids required are worked out here from the game's
own component data, so a new effect or colour in the data files needs its icon."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from wintergames.games.ice.components import IC
from wintergames.games.ice.model import BACKS as ICE_BACKS
from wintergames.games.ice.model import TYPES as ICE_TYPES
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.snow_time.components import ST
from wintergames.games.winter_queen.components import EFFECTS, WQ
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.model import CHARACTERS as WB_CHARACTERS
from wintergames.games.winterborne.model import RESOURCES as WB_RESOURCES
from wintergames.games.winterborne.model import SEASONS as WB_SEASONS
from wintergames.server.app import STATIC

from .test_palette import PALETTE

SVG = "{http://www.w3.org/2000/svg}"

# Games whose components are still drawn as text and plain shapes: issue 21's later steps.
# The gap is explicit: drawing one means moving it from here to REQUIRED below.
STILL_TO_DRAW: tuple[str, ...] = ()


def winter_queen_ids() -> set[str]:
    """Floes by colour, the effects the spellbooks print, royal tokens, the Winter Queen
    token, a book's back and front, the empty page a floe goes on, and the bag."""
    printed = {page.effect for book in WQ.books for page in book.pages}
    assert printed <= set(EFFECTS)
    return ({f"wq-floe-{colour}" for colour in WQ.colours}
            | {f"wq-effect-{effect}" for effect in printed}
            | ({"wq-royal"} if WQ.royal_tokens else set())
            | {"wq-queen", "wq-book-back", "wq-book", "wq-floe-empty", "wq-bag"})


def snow_time_ids() -> set[str]:
    """Pawns by colour, fruit, every card of a colour (characters 1..7 and the specials)
    and a card's back, each level of the tree, the bonus spaces' kinds, a die."""
    return ({f"st-pawn-{colour}" for colour in ST.colours}
            | {f"st-card-{ST.card_name(card)}" for card in range(ST.cards)}
            | {f"st-level-{level}" for level in range(1, ST.levels + 1)}
            | {f"st-bonus-{kind}" for kind, _ in ST.bonuses.values()}
            | ({"st-fruit"} if ST.fruit else set()) | ({"st-die"} if ST.dice else set())
            | {"st-card-back"})


def icecool_wizards_ids() -> set[str]:
    """The lesson icons, the spells by the elements the deck prints, a penguin of every
    colour, the cards' backs, an exam, a classroom floor and a doorway."""
    printed = {kind.element for kind in IW.types if kind.element is not None}
    return ({f"iw-lesson-{name}" for name in IW.icons}
            | {f"iw-spell-{element}" for element in printed}
            | {f"iw-penguin-{colour}" for colour in IW.colours}
            | {"iw-lesson-back", "iw-exam-back", "iw-exam"}
            | ({"iw-floor"} if IW.table.rooms else set())
            | ({"iw-doorway"} if IW.table.doorways else set()))


def winterborne_ids() -> set[str]:
    """The characters and the white meeple, the resources and favor, settlement, church
    and castle, each province colour, the conquer tile, the spoils kinds the tiles print,
    the ally back, each card type (a banner by its set, promotional sets included), the
    card back, the power card, the seasons and, for the solo game, the Balaur and each of
    its objectives (by the letter the game gives it)."""
    banners = {card.banner for card in WB.cards if card.type == "banner"}
    return ({f"wb-character-{name}" for name in (*WB_CHARACTERS, "white")}
            | {f"wb-resource-{name}" for name in (*WB_RESOURCES, "favor")}
            | {f"wb-province-{colour}" for colour in WB.colours}
            | {f"wb-spoils-{tile.kind}" for tile in WB.spoils}
            | {f"wb-card-{card.type}" for card in WB.cards if card.type != "banner"}
            | {f"wb-banner-{name}" for name in banners}
            | {f"wb-season-{season}" for season in WB_SEASONS}
            | ({"wb-balaur-head"} if WB.difficulties else set())
            | {f"wb-objective-{objective.letter.lower()}" for objective in WB.objectives}
            | {"wb-settlement", "wb-church", "wb-castle", "wb-conquer", "wb-ally-back",
               "wb-card-back", "wb-power"})


def ice_ids() -> set[str]:
    """The five Artifact types and the Prismatic, every Snow tile back and every front the
    tiles print (the Encampment's blank front shows its back), the pieces (Archaeologist,
    Leader, Camp, White Camp), Azulia's district and its RP icon, the tokens (RP, EP,
    Planning, Study, Grappling, Fluent Move), the Ship's Hold, the Request card's back, a
    Decree, a Logbook card and, for Expert mode, the Curse tokens and track; each Shape
    an Artifact prints, each guild board and each event the Logbook cards print."""
    snow = [tile for tile in IC.tiles if tile.level == 3]
    return ({f"ice-type-{kind}" for kind in ICE_TYPES} | {"ice-prismatic"}
            | {f"ice-shape-{tile.shape}" for tile in IC.tiles if tile.level < 3 and tile.shape}
            | {f"ice-guild-{guild.id}" for guild in IC.guilds}
            | {f"ice-event-{card.event}" for card in IC.logbook}
            | {f"ice-back-{back}" for back in ICE_BACKS}
            | {f"ice-front-{tile.front}" for tile in snow if tile.front != "blank"}
            | {"ice-archaeologist", "ice-leader", "ice-camp", "ice-district", "ice-azulia-rp"}
            | ({"ice-white-camp"} if IC.white_camps else set())
            | {"ice-rp", "ice-ep", "ice-planning", "ice-study", "ice-grappling", "ice-fluent",
               "ice-hold", "ice-request-back", "ice-decree", "ice-logbook"}
            | ({"ice-curse", "ice-curse-dark", "ice-curse-track"} if IC.curse else set()))


REQUIRED = {"ice": ice_ids, "winter-queen": winter_queen_ids, "snow-time": snow_time_ids,
            "icecool-wizards": icecool_wizards_ids, "winterborne": winterborne_ids}


def sprite(game: str) -> ET.Element:
    return ET.parse(STATIC / "icons" / f"{game}.svg").getroot()


def sprite_ids(game: str) -> set[str]:
    return {symbol.attrib["id"] for symbol in sprite(game).iter(f"{SVG}symbol")}


def distinguishing_symbols(game: str, group: str) -> set[str]:
    """The symbols that tell a group of like-coloured components apart (test_palette.py)."""
    if (game, group) == ("winter-queen", "floe"):
        return {f"wq-floe-{colour}" for colour in WQ.colours}
    if (game, group) == ("winter-queen", "zone"):  # a province is its floe colour's symbol
        return {f"wq-floe-{province}" for province in WQ.provinces} | {"wq-royal"}
    if (game, group) == ("snow-time", "pawn"):  # a pawn wears its colour and a glyph
        return {f"st-pawn-{colour}" for colour in ST.colours}
    if (game, group) == ("winterborne", "province"):  # a hexagon in its colour with a glyph
        return {f"wb-province-{colour}" for colour in WB.colours}
    if (game, group) == ("ice", "type"):  # an Artifact in its type's colour with a glyph
        return {f"ice-type-{kind}" for kind in ICE_TYPES} | {"ice-prismatic"}
    raise KeyError((game, group))


def test_every_game_is_drawn_or_listed_as_still_to_draw() -> None:
    games = {path.stem for path in (STATIC / "js" / "views").glob("*.js")}
    assert games == set(REQUIRED) | set(STILL_TO_DRAW)
    assert not set(REQUIRED) & set(STILL_TO_DRAW)
    assert {path.stem for path in (STATIC / "icons").glob("*.svg")} == set(REQUIRED)


@pytest.mark.parametrize("game", list(REQUIRED))
def test_the_sprite_is_svg_with_unique_symbol_ids_each_with_a_viewbox(game: str) -> None:
    root = sprite(game)
    assert root.tag == f"{SVG}svg"
    ids = [element.attrib["id"] for element in root.iter() if "id" in element.attrib]
    assert len(ids) == len(set(ids)), "an id is used twice"
    for symbol in root.iter(f"{SVG}symbol"):
        assert "viewBox" in symbol.attrib, symbol.attrib["id"]
        assert len(symbol), f"{symbol.attrib['id']} draws nothing"


@pytest.mark.parametrize("game", list(REQUIRED))
def test_every_component_kind_has_its_icon(game: str) -> None:
    missing = REQUIRED[game]() - sprite_ids(game)
    assert not missing, f"{game}'s sprite lacks {sorted(missing)}"


def test_each_winter_queen_floe_has_its_palette_colour_and_its_own_glyph() -> None:
    """The sprite's floes are the palette's colours (one source of truth, checked), and
    no two floes share a glyph: colour-blind players tell them apart by the shape."""
    floes = PALETTE["games"]["winter-queen"]["components"]["floe"]
    assert set(floes) == set(WQ.colours)
    glyphs = set()
    for symbol in sprite("winter-queen").iter(f"{SVG}symbol"):
        colour = symbol.attrib["id"].removeprefix("wq-floe-")
        if colour not in floes:
            continue
        hexagon, *glyph = list(symbol)
        assert hexagon.attrib["fill"].lower() == floes[colour], colour
        drawn = "".join(re.sub(r"\s+", " ", ET.tostring(part, encoding="unicode"))
                        .replace(floes[colour], "") for part in glyph)
        assert glyph and drawn not in glyphs, f"{colour}'s glyph is another floe's"
        glyphs.add(drawn)


def test_each_snow_time_pawn_has_its_palette_colour_and_its_own_glyph() -> None:
    """Red and green pawns merge for a deuteranope: each pawn also has a glyph of its own."""
    pawns = PALETTE["games"]["snow-time"]["components"]["pawn"]
    assert set(pawns) == set(ST.colours)
    glyphs = set()
    for symbol in sprite("snow-time").iter(f"{SVG}symbol"):
        colour = symbol.attrib["id"].removeprefix("st-pawn-")
        if colour not in pawns:
            continue
        body, head, *glyph = list(symbol)
        assert body.attrib["fill"].lower() == head.attrib["fill"].lower() == pawns[colour], colour
        drawn = "".join(ET.tostring(part, encoding="unicode") for part in glyph)
        assert glyph and drawn not in glyphs, f"{colour}'s glyph is another pawn's"
        glyphs.add(drawn)


def test_each_icecool_penguin_wears_its_palette_colour() -> None:
    """A penguin's symbol is drawn in the palette's colour for it (one source of truth)."""
    penguins = PALETTE["games"]["icecool-wizards"]["components"]["penguin"]
    assert set(penguins) == set(IW.colours)
    symbols = {s.attrib["id"]: s for s in sprite("icecool-wizards").iter(f"{SVG}symbol")}
    for colour, value in penguins.items():
        fills = {part.attrib.get("fill", "").lower() for part in symbols[f"iw-penguin-{colour}"]}
        assert value in fills, colour
        assert not (fills & set(penguins.values())) - {value}, f"{colour} wears another's colour"


def test_each_ice_artifact_type_has_its_palette_colour_and_its_own_glyph() -> None:
    """The five types also stay apart by colour (test_palette.py); each Artifact symbol is
    its palette colour and carries a glyph no other type has, the Prismatic included."""
    types = PALETTE["games"]["ice"]["components"]["type"]
    assert set(types) == {*ICE_TYPES, "prismatic"}
    symbols = {s.attrib["id"]: s for s in sprite("ice").iter(f"{SVG}symbol")}
    glyphs = set()
    for kind, value in types.items():
        name = "ice-prismatic" if kind == "prismatic" else f"ice-type-{kind}"
        artifact, *glyph = list(symbols[name])
        assert artifact.attrib["fill"].lower() == value, kind
        drawn = "".join(ET.tostring(part, encoding="unicode") for part in glyph)
        assert glyph and drawn not in glyphs, f"{kind}'s glyph is another type's"
        glyphs.add(drawn)


def test_each_winterborne_province_has_its_palette_colour_and_its_own_glyph() -> None:
    """Red and green, blue and purple merge for some colour-blind players: each province's
    hexagon is its palette colour and carries a glyph no other province has."""
    provinces = PALETTE["games"]["winterborne"]["components"]["province"]
    assert set(provinces) == set(WB.colours)
    glyphs = set()
    for colour, value in provinces.items():
        symbol = next(s for s in sprite("winterborne").iter(f"{SVG}symbol")
                      if s.attrib["id"] == f"wb-province-{colour}")
        hexagon, *glyph = list(symbol)
        assert hexagon.attrib["fill"].lower() == value, colour
        drawn = "".join(ET.tostring(part, encoding="unicode") for part in glyph)
        assert glyph and drawn not in glyphs, f"{colour}'s glyph is another province's"
        glyphs.add(drawn)


def colours(group: object) -> set[str]:
    """Every colour a palette group holds, however deeply nested, in lower case."""
    if isinstance(group, dict):
        return set().union(*(colours(v) for v in group.values()))
    if isinstance(group, list):
        return set().union(*(colours(v) for v in group))
    return {str(group).lower()}


# Every attribute an SVG element can write a colour in; a sprite writing one elsewhere (a
# style attribute or element) is caught by test_a_sprite_writes_colours_only_as_attributes.
COLOUR_ATTRIBUTES = ("fill", "stroke", "color", "stop-color", "flood-color", "lighting-color")


def written_colours(root: ET.Element) -> set[tuple[str, str, str]]:
    """(the element's id or tag, the attribute, the colour in lower case) for every colour
    the sprite writes."""
    return {(element.attrib.get("id", element.tag), key, element.attrib[key].lower())
            for element in root.iter() for key in COLOUR_ATTRIBUTES if key in element.attrib}


def stray_colours(game: str, root: ET.Element) -> list[tuple[str, str, str]]:
    """The colours a sprite writes that are neither its game's palette colours, the themes'
    nor currentColor (the view's choice) or none."""
    allowed = (colours(PALETTE["games"][game]) | colours(PALETTE["themes"])
               | {"currentcolor", "none"})
    return sorted(item for item in written_colours(root) if item[2] not in allowed)


@pytest.mark.parametrize("game", list(REQUIRED))
def test_every_colour_a_sprite_writes_is_a_palette_colour(game: str) -> None:
    """One source of truth (docs/visual.md): each fill and stroke the game's sprite writes
    is one of the palette's colours for that game or its themes' (or currentColor, the
    view's choice), so the contrast and colour-vision checks (test_palette.py) see every
    colour drawn; and each colour of the game's own sprite group is drawn somewhere (no
    stale copies)."""
    colours_of_game = PALETTE["games"][game]
    written = written_colours(sprite(game))
    assert len(written) > 20, f"{game}.svg: too few colours found; is the parse right?"
    stray = stray_colours(game, sprite(game))
    assert not stray, f"colours in {game}.svg outside the palette: {stray}"
    unused = colours(colours_of_game.get("sprite", {})) - {colour for _, _, colour in written}
    assert not unused, f"palette sprite colours {game}.svg never draws: {sorted(unused)}"


@pytest.mark.parametrize("game", list(REQUIRED))
def test_a_sprite_writes_colours_only_as_attributes(game: str) -> None:
    """The check above reads the colour attributes: a style attribute or element would
    hide a colour from it."""
    root = sprite(game)
    assert not list(root.iter(f"{SVG}style")), f"{game}.svg has a <style> element"
    styled = sorted(element.attrib.get("id", element.tag) for element in root.iter()
                    if "style" in element.attrib)
    assert not styled, f"{game}.svg has style attributes: {styled}"


def test_the_sprite_colour_check_catches_a_stray_colour() -> None:
    """A colour no palette holds, written into a sprite, is reported (and a palette colour
    of another game is not this game's)."""
    root = sprite("winter-queen")
    assert stray_colours("winter-queen", root) == []
    symbol = next(root.iter(f"{SVG}symbol"))
    ET.SubElement(symbol, f"{SVG}circle", {"r": "1", "fill": "#123456"})
    ET.SubElement(symbol, f"{SVG}circle", {"r": "1", "stroke": "#F0C040"})  # Winterborne's gold
    assert [colour for _, _, colour in stray_colours("winter-queen", root)] == [
        "#123456", "#f0c040"]
