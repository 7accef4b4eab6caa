"""Winterborne's components, read from ``data/*.toml`` once at import.

Everything the rules look up lives in one ``Components`` value, ``WB``: the kingdom
board as a graph, the cards and their uses, allies, spoils, conquer tiles, power cards,
the season chart and the solo Balaur's numbers. The kinds of values and the indices they
use are described in ``model.py``; this module reads the files and checks them against
the counts the rulebook gives.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wintergames.games.winterborne.model import (
    ALLY_SCORING,
    BANNER_SCORING,
    BANNERS,
    CARD_TYPES,
    CHARACTERS,
    CORE_TYPES,
    COUNTING_BANNERS,
    HORN_VARIANTS,
    POWERS,
    RESOURCES,
    SEASONS,
    SET_TYPES,
    SPOILS_KINDS,
    WHITE,
    WYLDS_EFFECTS,
    Ally,
    Card,
    Components,
    Difficulty,
    Objective,
    PowerCard,
    SeasonSetup,
    Spoils,
    Use,
)

DATA = Path(__file__).parent / "data"

_HEX = {name[0].upper(): i for i, name in enumerate(CHARACTERS)} | {"*": -1}
_MOVE = re.compile(r"m(\d+)(?:/(\d+))?")
_CCW = re.compile(r"ccw(\d+)")
_GAIN = re.compile(r"\+(?:(\d+)g)?(?:(\d+)m)?(?:(\d+)x)?")
_SIMPLE = {"+any": "gain-any", "hire": "hire", "wy": "wylds", "draw": "draw"}
_CARD_KEYS = {"id", "name", "type", "uses", "reserve", "banner", "scoring", "wylds",
              "promo", "text", "vp"}
_ALLY_KEYS = {"id", "colour", "pay", "pay_any", "pay_favor", "sack_spoils", "gain",
              "gain_favor", "conquer", "scoring", "points", "per", "text"}


def _read(data: Path, name: str) -> dict[str, Any]:
    with open(data / name, "rb") as fh:
        return tomllib.load(fh)


def _check(ok: bool, where: str, message: str) -> None:
    if not ok:
        raise ValueError(f"{where}: {message}")


def _find(names: Sequence[str], name: str, what: str, where: str) -> int:
    """Index of ``name`` among ``names``, refusing a name that is not there."""
    _check(name in names, where, f"unknown {what} {name!r}")
    return list(names).index(name)


def _unique(ids: Sequence[str], where: str) -> None:
    seen: set[str] = set()
    for i in ids:
        _check(i not in seen, where, f"duplicate id {i!r}")
        seen.add(i)


def _keys(raw: dict[str, Any], allowed: set[str], where: str) -> None:
    """Refuse unknown keys: a misspelt field would otherwise silently take its default."""
    extra = set(raw) - allowed
    _check(not extra, where, f"unknown field(s) {sorted(extra)}")


def _resources(raw: dict[str, int], where: str) -> tuple[int, int, int]:
    """A gold/meat/military table as a resource triple."""
    _keys(raw, set(RESOURCES), where)
    r = (raw.get("gold", 0), raw.get("meat", 0), raw.get("military", 0))
    _check(all(isinstance(n, int) and n >= 0 for n in r), where, f"bad amounts {raw}")
    return r


def _gain_code(r: tuple[int, int, int]) -> str:
    return "+" + "".join(f"{n}{c}" for n, c in zip(r, "gmx", strict=True) if n)


# --- Card uses ---


def _move(code: str, where: str) -> Use | None:
    if m := _MOVE.fullmatch(code):
        values = tuple(int(v) for v in m.groups() if v is not None)
        _check(all(v > 0 for v in values) and list(values) == sorted(set(values)), where,
               f"bad movement circle {code!r}")
        return Use("move", code, values=values)
    if m := _CCW.fullmatch(code):
        _check(int(m[1]) > 0, where, f"bad movement circle {code!r}")
        return Use("move", code, values=(int(m[1]),), ccw=True)
    return None


def _gain(code: str, where: str) -> Use | None:
    m = _GAIN.fullmatch(code)
    if not m:
        return None
    r = (int(m[1] or 0), int(m[2] or 0), int(m[3] or 0))
    # The canonical spelling keeps codes comparable (and unique on a card).
    _check(sum(r) > 0 and code == _gain_code(r), where, f"bad gain code {code!r}")
    return Use("gain", code, resources=r)


def _use(raw: str | dict[str, Any], where: str) -> Use:
    """A use from its code, or from a table for the uses that need more (horn, castle)."""
    if isinstance(raw, dict):
        extra = dict(raw)
        code = str(extra.pop("code", ""))
        if code == "horn":
            _keys(extra, {"variant"}, where)
            variant = str(extra.get("variant", ""))
            _find(HORN_VARIANTS, variant, "horn variant", where)
            return Use("horn", code, variant=variant)
        if code == "castle":
            _keys(extra, {"character"}, where)
            return Use("castle", code, character=_find(
                CHARACTERS, str(extra.get("character", "")), "character", where))
        _check(not extra, where, f"use {code!r} takes no fields")
    else:
        code = raw
    if code in _HEX:
        return Use("hex", code, character=_HEX[code])
    if code in _SIMPLE:
        return Use(_SIMPLE[code], code)
    use = _move(code, where) or _gain(code, where)
    _check(use is not None, where, f"unknown use code {code!r}")
    assert use is not None
    return use


# --- Cards ---


def _card(raw: dict[str, Any], banner_sets: Sequence[str], where: str) -> Card:
    _keys(raw, _CARD_KEYS, where)
    where = f"{where} {raw.get('id')!r}"
    card = Card(
        id=raw["id"], name=raw["name"], type=raw["type"],
        uses=tuple(_use(u, where) for u in raw["uses"]),
        reserve=raw.get("reserve", False), banner=raw.get("banner", ""),
        scoring=raw.get("scoring", ""), wylds=raw.get("wylds", ""),
        promo=raw.get("promo", False), text=raw.get("text", ""), vp=raw.get("vp", 0),
    )
    _check_card(card, banner_sets, where)
    return card


def _check_card(card: Card, banner_sets: Sequence[str], where: str) -> None:
    _check(card.id == card.id.upper() and card.id.isalnum(), where,
           "ids are upper-case letters and digits (looked up upper-cased)")
    _check(bool(card.name and card.text), where, "needs a name and a text")
    _find(CARD_TYPES, card.type, "card type", where)
    codes = [u.code for u in card.uses]
    _check(len(codes) == len(set(codes)), where, "a use code repeats on the card")
    # Wylds are never played (RB: locked in the reserve), everything else is.
    _check(bool(card.uses) != (card.type == "wylds"), where, "only Wylds cards have no uses")
    _check((card.type == "wylds") == (card.wylds != ""), where, "Wylds effect on the wrong card")
    if card.wylds:
        _find(WYLDS_EFFECTS, card.wylds, "Wylds effect", where)
    _check(not card.promo or card.type == "wylds", where, "promo marks Wylds cards only")
    is_banner = card.type == "banner"
    _check(is_banner == (card.banner != ""), where, "banner set on the wrong card")
    _check(is_banner or card.scoring == "", where, "only banners have end-game scoring")
    if is_banner:
        _find(banner_sets, card.banner, "banner set", where)
        _find(BANNER_SCORING, card.scoring, "banner scoring", where)
    # A bonus that counts something scores its vp for each; the others have none.
    counts = card.scoring in COUNTING_BANNERS
    _check(isinstance(card.vp, int) and (card.vp > 0) == counts and card.vp >= 0, where,
           "a banner bonus that counts something needs vp > 0, every other card none")
    banner_only = {"horn", "draw", "castle"}
    _check(is_banner or not banner_only & {u.kind for u in card.uses}, where,
           "horn/draw/castle uses belong on banners")
    _check(card.type == "mercenary" or "hire" not in codes, where, "only the mercenary hires")


def _load_cards(raw: dict[str, Any], rb: dict[str, int]) -> tuple[tuple[Card, ...], dict[
        str, tuple[int, ...]]]:
    where = "cards.toml"
    names: list[str] = raw["banner_sets"]
    for name in names + raw["promo_banner_sets"]:
        _find(BANNERS, name, "banner set", where)
    _unique(names, where)
    cards = tuple(_card(c, names, where) for c in raw["card"])
    _unique([c.id for c in cards], where)
    sets = {n: tuple(i for i, c in enumerate(cards) if c.banner == n) for n in names}
    # One bonus, one number: the cards that score alike (the three Masks) score as much.
    for code in COUNTING_BANNERS:
        vps = {c.vp for c in cards if c.scoring == code}
        _check(len(vps) <= 1, where, f"the {code!r} banners differ in vp: {sorted(vps)}")
    for name, members in sets.items():
        _check(len(members) == rb["banner_set_size"], where,
               f"banner set {name!r} has {len(members)} cards, not {rb['banner_set_size']}")
    base = sum(len(m) for n, m in sets.items() if n not in raw["promo_banner_sets"])
    _check(base == rb["banner_cards"], where,
           f"{base} banner cards outside promotional sets, the rulebook has {rb['banner_cards']}")
    return cards, sets


def _check_house(cards: tuple[Card, ...], house: tuple[int, ...], rb: dict[str, int]) -> None:
    where = "cards.toml"
    _check(len(house) == rb["house_cards"], where, f"{len(house)} house cards")
    # The solo Balaur reads one character hex per house card (RB), 2 per character.
    hexes = [[u.character for u in cards[i].uses if u.kind == "hex"] for i in house]
    _check(all(len(h) == 1 and h[0] >= 0 for h in hexes), where,
           "each house card shows exactly one character's hex")
    for ch, name in enumerate(CHARACTERS):
        n = sum(h == [ch] for h in hexes)
        _check(n == rb["house_cards_per_character"], where, f"{n} {name} house cards")


def _check_core(cards: tuple[Card, ...], core: tuple[int, ...], rb: dict[str, int]) -> None:
    where = "cards.toml"
    _check(len(core) == rb["core_cards"], where, f"{len(core)} core cards")
    for t in CORE_TYPES:
        n = sum(cards[i].type == t for i in core)
        _check(n == rb["core_per_type"], where, f"{n} {t} cards, not {rb['core_per_type']}")


def _check_wylds(cards: tuple[Card, ...], wylds: tuple[int, ...], rb: dict[str, int]) -> None:
    where = "cards.toml"
    effects = [cards[i].wylds for i in wylds]
    _check(len(effects) == rb["wylds_effects"] and len(set(effects)) == len(effects), where,
           f"the Wylds must show the rulebook's {rb['wylds_effects']} effects once each")
    promo = [cards[i].promo for i in wylds]
    _check(promo == sorted(promo), where, "base Wylds come before promotional ones")
    _check(promo.count(False) == rb["wylds_cards"], where,
           f"{promo.count(False)} base Wylds, the box has {rb['wylds_cards']}")


# --- Kingdom board ---


@dataclass(frozen=True, slots=True)
class _Kingdom:
    colours: tuple[str, ...]
    province_names: tuple[str, ...]
    space_names: tuple[str, ...]
    section_names: tuple[str, ...]
    space_sections: tuple[tuple[int, ...], ...]
    crossed_cw: tuple[int, ...]
    crossed_ccw: tuple[int, ...]
    borders: tuple[tuple[int, int], ...]
    start_space: tuple[int, int, int]


def _sections(raw: list[dict[str, Any]], colours: tuple[str, ...]) -> tuple[
        tuple[str, ...], tuple[tuple[int, int], ...]]:
    """Section names (starters first, starter i of colour i) and the conquerables' borders."""
    where = "kingdom.toml sections"
    n = len(colours)
    names = tuple(s["name"] for s in raw)
    _unique(names, where)
    for i, s in enumerate(raw[:n]):
        _keys(s, {"name", "colour"}, where)
        _check(s.get("colour") == colours[i], where,
               f"starter section {i} ({s['name']}) must have colour {colours[i]!r}")
    borders = []
    for s in raw[n:]:
        _keys(s, {"name", "borders"}, where)
        a, b = (_find(colours, c, "colour", where) for c in s.get("borders", ()))
        # RB Conquer: an empty section borders two colours; here clockwise neighbours.
        _check((b - a) % n == 1, where, f"{s['name']}: borders must be clockwise neighbours")
        borders.append((a, b))
    return names, tuple(borders)


def _load_kingdom(raw: dict[str, Any], rb: dict[str, int]) -> _Kingdom:
    where = "kingdom.toml"
    colours = tuple(p["colour"] for p in raw["province"])
    names = tuple(p["name"] for p in raw["province"])
    _check(len(colours) == rb["provinces"], where, f"{len(colours)} provinces")
    _unique(colours, where)
    _unique(names, where)
    n = len(colours)
    section_names, borders = _sections(raw["section"], colours)
    spaces = raw["space"]
    space_names = tuple(s["name"] for s in spaces)
    _unique(space_names, where)
    # Six gray positions mirror the six province hexes of the main board (S1).
    _check(len(spaces) == n, where, f"{len(spaces)} gray spaces for {n} provinces")
    sections, cw, ccw = [], [], []
    for s in spaces:
        w = f"{where} {s['name']}"
        _keys(s, {"name", "sections", "cw", "ccw"}, w)
        sections.append(tuple(_find(section_names, x, "section", w) for x in s["sections"]))
        cw.append(_find(section_names, s["cw"], "section", w))
        ccw.append(_find(section_names, s["ccw"], "section", w))
        _check(sum(x < n for x in sections[-1]) == 1, w,
               "a gray space touches exactly one starter section (RB)")
        _check({cw[-1], ccw[-1]} <= set(sections[-1]) and min(cw[-1], ccw[-1]) >= n
               and cw[-1] != ccw[-1], w, "it crosses two adjacent conquerable sections")
    _check_ring(sections, cw, ccw, borders, space_names, n)
    start = tuple(_find(space_names, raw["start"].get(c, ""), "start space", where)
                  for c in CHARACTERS)
    _keys(raw["start"], set(CHARACTERS), where)
    return _Kingdom(colours, names, space_names, section_names, tuple(sections), tuple(cw),
                    tuple(ccw), borders, (start[0], start[1], start[2]))


def _check_ring(sections: list[tuple[int, ...]], cw: list[int], ccw: list[int],
                borders: tuple[tuple[int, int], ...], space_names: tuple[str, ...],
                n: int) -> None:
    """The spaces form one clockwise ring, each step crossing the section between them."""
    where = "kingdom.toml"
    _check(sorted(cw) == list(range(n, 2 * n)) == sorted(ccw), where,
           "every conquerable section is crossed once each way")
    starters = [next(x for x in secs if x < n) for secs in sections]
    _check(sorted(starters) == list(range(n)), where, "each starter touches one gray space")
    for g in range(n):
        h = (g + 1) % n
        _check(cw[g] == ccw[h], where,
               f"{space_names[g]} -> {space_names[h]} must cross one section both ways")
        # The section crossed lies between the two spaces' starters: it borders their colours.
        _check(borders[cw[g] - n] == (starters[g], starters[h]), where,
               f"section crossed after {space_names[g]} must border its neighbours' colours")


# --- Allies, spoils ---


def _ally(raw: dict[str, Any], colours: tuple[str, ...]) -> Ally:
    where = f"allies.toml {raw.get('id')!r}"
    _keys(raw, _ALLY_KEYS, where)
    ally = Ally(
        id=raw["id"], colour=_find(colours, raw["colour"], "colour", where),
        pay=_resources(raw.get("pay", {}), where), pay_any=raw.get("pay_any", 0),
        pay_favor=raw.get("pay_favor", 0), sack_spoils=raw.get("sack_spoils", False),
        gain=_resources(raw.get("gain", {}), where), gain_favor=raw.get("gain_favor", 0),
        conquer=raw.get("conquer", False), scoring=raw.get("scoring", "flat"),
        points=raw.get("points", 0), per=raw.get("per", 1), text=raw.get("text", ""),
    )
    _check(ally.id == ally.id.upper() and ally.id.isalnum(), where, "bad id")
    _check(bool(ally.text), where, "needs a text")
    _find(ALLY_SCORING, ally.scoring, "ally scoring", where)
    _check(ally.points > 0 and ally.per > 0, where, "an ally scores points > 0 per > 0 things")
    _check(ally.scoring != "flat" or ally.per == 1, where, "a flat scoring counts nothing: "
           "per is 1")
    pays = sum(ally.pay) + ally.pay_any + ally.pay_favor > 0 or ally.sack_spoils
    gains = sum(ally.gain) + ally.gain_favor > 0 or ally.conquer
    _check(pays and gains, where, "a trade pays something and gains something")
    return ally


def _load_allies(raw: dict[str, Any], colours: tuple[str, ...],
                 rb: dict[str, int]) -> tuple[Ally, ...]:
    where = "allies.toml"
    allies = tuple(_ally(a, colours) for a in raw["ally"])
    _unique([a.id for a in allies], where)
    for c, name in enumerate(colours):
        mine = [a for a in allies if a.colour == c]
        _check(len(mine) == rb["allies_per_colour"], where, f"{len(mine)} {name} allies")
        # RB prints one kind of trade and one scoring per colour.
        kinds = {(a.pay_favor, a.sack_spoils, a.conquer, a.gain_favor, a.scoring, a.points,
                  a.per) for a in mine}
        _check(len(kinds) == 1, where, f"{name} allies differ in trade kind or scoring")
    return allies


def _spoils(raw: dict[str, Any], colours: tuple[str, ...]) -> Spoils:
    where = f"spoils.toml {raw.get('id')!r}"
    kind = raw.get("kind", "")
    _find(SPOILS_KINDS, kind, "spoils kind", where)
    fields = {"province": {"colour"}, "hex": {"character"}, "move": {"value"}, "wylds": set()}
    _keys(raw, {"id", "kind"} | fields[kind], where)
    _check(set(raw) >= fields[kind], where, f"a {kind} tile needs {sorted(fields[kind])}")
    spoils = Spoils(
        id=raw["id"], kind=kind,
        colour=_find(colours, raw["colour"], "colour", where) if "colour" in raw else -1,
        character=(_find(CHARACTERS, raw["character"], "character", where)
                   if "character" in raw else -1),
        value=raw.get("value", 0),
    )
    _check(bool(spoils.id) and " " not in spoils.id, where, "bad id")
    _check(kind != "move" or spoils.value > 0, where, "a move tile needs a positive value")
    return spoils


def _load_spoils(raw: dict[str, Any], colours: tuple[str, ...],
                 rb: dict[str, int]) -> tuple[Spoils, ...]:
    where = "spoils.toml"
    spoils = tuple(_spoils(s, colours) for s in raw["spoils"])
    _unique([s.id for s in spoils], where)
    _check(len(spoils) == rb["spoils"], where, f"{len(spoils)} tiles, the rulebook has 21")
    _check(raw["spoils_per_province"] * len(colours) <= len(spoils), where,
           "not enough tiles to deal to every province")
    return spoils


# --- Set-up, solo, powers ---


def _load_seasons(raw: dict[str, Any], deck: Callable[[int, int], int], base_sets: int,
                  base_wylds: int, provinces: int) -> dict[int, SeasonSetup]:
    where = "setup.toml seasons"
    seasons = {int(n): SeasonSetup(**s) for n, s in raw.items()}
    _check(sorted(seasons) == list(range(1, len(seasons) + 1)), where, "player counts 1..n")
    for n, s in seasons.items():
        _check(0 < s.banner_sets <= base_sets and 0 <= s.wylds <= base_wylds, where,
               f"{n} players: more banner sets or Wylds than the box holds")
        # One card face up per province board, then the chart; winter gets the rest.
        winter = deck(s.banner_sets, s.wylds) - provinces - s.spring - s.summer - s.autumn
        _check(min(s.spring, s.summer, s.autumn, winter) > 0, where,
               f"{n} players: the chart leaves a season without cards")
    return seasons


def _load_objectives(raw: dict[str, Any], colours: tuple[str, ...],
                     rb: dict[str, int]) -> tuple[Objective, ...]:
    where = "setup.toml objectives"
    objectives = tuple(
        Objective(o["letter"], o["text"], _find(colours, o["colour"], "colour", where))
        for o in raw["objective"])
    _unique([o.letter for o in objectives], where)
    _check(len(objectives) == rb["objectives"] and all(o.text for o in objectives), where,
           f"the rulebook has {rb['objectives']} objectives, each with a text")
    tiles, solo = raw["conquer"]["tiles_per_colour"], raw["conquer"]["solo_tiles_per_colour"]
    _check(tiles * len(colours) == rb["conquer_tiles"], where, "conquer tile count")
    # The solo game sets the objective tiles aside and still needs its tiles per colour.
    for c, name in enumerate(colours):
        plain = tiles - sum(o.colour == c for o in objectives)
        _check(plain >= solo, where, f"too few plain {name} conquer tiles for the solo game")
    return objectives


def _load_difficulties(raw: dict[str, Any], objectives: int,
                       slots: int) -> dict[str, Difficulty]:
    where = "setup.toml difficulty"
    difficulties = {name: Difficulty(**d) for name, d in raw.items()}
    for name, d in difficulties.items():
        _check(0 < d.objectives <= min(objectives, slots), where, f"{name}: too many objectives")
    return difficulties


def _load_powers(raw: list[dict[str, Any]], rb: dict[str, int]) -> tuple[PowerCard, ...]:
    where = "setup.toml power_card"
    cards = []
    for p in raw:
        powers = tuple(p["powers"])
        _check(len(powers) == 2, p["id"], "a power card has two powers")
        for code in powers:
            _find(POWERS, code, "power", where)
        cards.append(PowerCard(p["id"], (powers[0], powers[1])))
    _unique([c.id for c in cards], where)
    _unique([code for c in cards for code in c.powers], where + " powers")
    _check(len(cards) == rb["power_cards"], where, f"{len(cards)} power cards")
    return tuple(cards)


def _load(data: Path | None = None) -> Components:
    """Read and check every data file (``data`` defaults to ``DATA``; tests pass a copy)."""
    try:
        return _build(data or DATA)
    except (KeyError, TypeError, IndexError) as e:
        # A missing table or a value of the wrong shape: still a data error, said as one.
        raise ValueError(f"Winterborne data: missing or malformed entry ({e!r})") from e


def _triple(values: list[int]) -> tuple[int, int, int]:
    """A gold, meat, military amount from the data."""
    gold, meat, military = values
    return gold, meat, military


def _build(data: Path) -> Components:
    setup = _read(data, "setup.toml")
    rb: dict[str, int] = setup["rulebook"]
    k = _load_kingdom(_read(data, "kingdom.toml"), rb)
    raw_cards = _read(data, "cards.toml")
    cards, banner_sets = _load_cards(raw_cards, rb)

    def of(*types: str) -> tuple[int, ...]:
        return tuple(i for i, c in enumerate(cards) if c.type in types)

    house, core, wylds, mercenary = of("house"), of(*CORE_TYPES), of("wylds"), of("mercenary")
    _check(len(mercenary) == 1, "cards.toml", "exactly one mercenary card")
    _check_house(cards, house, rb)
    _check_core(cards, core, rb)
    _check_wylds(cards, wylds, rb)
    allies = _load_allies(_read(data, "allies.toml"), k.colours, rb)
    raw_spoils = _read(data, "spoils.toml")
    spoils = _load_spoils(raw_spoils, k.colours, rb)
    base_sets = len([n for n in banner_sets if n not in raw_cards["promo_banner_sets"]])

    def deck(sets: int, wy: int) -> int:
        return len(core) + sets * rb["banner_set_size"] + wy

    seasons = _load_seasons(setup["seasons"], deck, base_sets, rb["wylds_cards"],
                            len(k.colours))
    objectives = _load_objectives(setup, k.colours, rb)
    objective_vp = tuple(setup["objective_vp"])
    rounds = setup["winter_rounds"]
    round_chars = tuple(_find(CHARACTERS, c, "character", "setup.toml round_power_character")
                        for c in setup["round_power_character"])
    _check(len(round_chars) == rounds == 3, "setup.toml", "one round power per winter round")
    cost = tuple(setup["explore_cost"])
    _check(len(cost) == len(SEASONS) and min(cost) >= 0, "setup.toml", "explore cost per season")
    power_favor = tuple(setup["power_favor"])
    _check(len(power_favor) == rounds and min(power_favor) >= 0, "setup.toml",
           "a power's favor cost per winter round")
    set_vp = tuple(setup["set_vp"])
    _check(len(set_vp) == len(SET_TYPES) and min(set_vp) >= 0, "setup.toml",
           "the points of an exploration set of 1 to 4 types")
    _check(setup["resources_per_vp"] > 0, "setup.toml", "resources per VP is positive")
    for b in setup["first_game_banners"]:
        _find(tuple(banner_sets), b, "banner set", "setup.toml first_game_banners")
    return Components(
        colours=k.colours, province_names=k.province_names, space_names=k.space_names,
        section_names=k.section_names, space_sections=k.space_sections,
        crossed_cw=k.crossed_cw, crossed_ccw=k.crossed_ccw, borders=k.borders,
        start_space=k.start_space, cards=cards, house=house, mercenary=mercenary[0],
        core=core, banner_sets=banner_sets, wylds=wylds, allies=allies, spoils=spoils,
        spoils_per_province=raw_spoils["spoils_per_province"],
        conquer_tiles=setup["conquer"]["tiles_per_colour"],
        solo_conquer_tiles=setup["conquer"]["solo_tiles_per_colour"],
        objectives=objectives, objective_vp=objective_vp,
        difficulties=_load_difficulties(setup["difficulty"], len(objectives),
                                        len(objective_vp)),
        power_cards=_load_powers(setup["power_card"], rb),
        round_power_character=(round_chars[0], round_chars[1], round_chars[2]),
        seasons=seasons, explore_cost=(cost[0], cost[1], cost[2], cost[3]),
        first_game_banners=tuple(setup["first_game_banners"]),
        favor_supply=setup["favor_supply"], starting_gold=setup["starting_gold"],
        hand_size=setup["hand_size"], reserve_size=setup["reserve_size"],
        resource_cap=setup["resource_cap"], rows=setup["rows"], winter_rounds=rounds,
        power_gains=setup["power_gains"], power_draws=setup["power_draws"],
        power_favor=(power_favor[0], power_favor[1], power_favor[2]),
        settlement_cost=_triple(setup["settlement_cost"]),
        conquer_cost=_triple(setup["conquer_cost"]), tax_gains=_triple(setup["tax_gains"]),
        raid_gains=_triple(setup["raid_gains"]), settlement_favor=setup["settlement_favor"],
        pray_favor=setup["pray_favor"], income_gold=setup["income_gold"],
        set_vp=(set_vp[0], set_vp[1], set_vp[2], set_vp[3]), favor_vp=setup["favor_vp"],
        resources_per_vp=setup["resources_per_vp"],
        balaur_vp_per_banner=setup["balaur_vp_per_banner"],
        card_by_id={c.id: i for i, c in enumerate(cards)},
        ally_by_id={a.id: i for i, a in enumerate(allies)},
        spoils_by_id={s.id: i for i, s in enumerate(spoils)},
    )


WB = _load()

# The kinds and vocabularies are part of this module's interface: the rules import them
# from here, beside ``WB``.
__all__ = [
    "ALLY_SCORING", "BANNERS", "BANNER_SCORING", "CARD_TYPES", "CHARACTERS", "CORE_TYPES",
    "COUNTING_BANNERS", "DATA", "HORN_VARIANTS", "POWERS", "RESOURCES", "SEASONS",
    "SET_TYPES", "SPOILS_KINDS",
    "WB", "WHITE", "WYLDS_EFFECTS", "Ally", "Card", "Components", "Difficulty", "Objective",
    "PowerCard", "SeasonSetup", "Spoils", "Use",
]
