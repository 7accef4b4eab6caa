"""ICE's components, read from ``data/*.toml`` once at import into ``IC``.

``IC`` holds every tile (``IC.tiles``, a tile's index is its id), the Request, Decree and
Logbook cards, the Guild boards, the set-up and turn numbers, the Expert-mode Curse track
and the glossary. The kinds of values and the indices they use are described in
``model.py``; this module reads the files and checks them against the counts the
rulebook gives. Every complaint names the file and the entry, e.g.
``cards.toml 'MONO-HAR': unknown request kind 'monoo'``.

>>> IC.tiles[IC.encampment].back, len(IC.requests), IC.excavate_cost[LEVELS.index("deep")]
('encampment', 54, 4)

Card texts are templates naming the numbers a rule sets (``request_text``, ``card_text``
fill them); ``params.py`` fills them with the values a game plays with.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from wintergames.games.ice.model import (
    ACTIONS,
    BACKS,
    DECREE_KINDS,
    FRONTS,
    GUILDS,
    LEVELS,
    LOGBOOK_EVENTS,
    PRISMATIC,
    REQUEST_KINDS,
    TYPES,
    Components,
    CurseSetup,
    Decree,
    Guild,
    Logbook,
    Request,
    Tile,
)

DATA = Path(__file__).parent / "data"

SNOW, SURFACE, DEEP = LEVELS.index("snow"), LEVELS.index("surface"), LEVELS.index("deep")
# Codes of the types in ids ("S-HAR-1a", "TRIO-HAR-PHI-OBL-b"), Prismatic last.
CODES = (*(t[:3].upper() for t in TYPES), "PRI")
_TYPE_NAMES = (*TYPES, "prismatic")
# How many types each Request kind names (prism names only the Prismatic category).
_KIND_TYPES = {"mono": 1, "shapes": 1, "either": 2, "duo": 3, "trio": 3, "prism": 1}
_COPY = re.compile(r"(.+)-([a-z])")
_GLOSSARY = {"front": FRONTS, "back": BACKS, "type": _TYPE_NAMES, "guild": GUILDS,
             "logbook": LOGBOOK_EVENTS, "request": REQUEST_KINDS, "decree": DECREE_KINDS,
             "action": ACTIONS}


# --- Reading typed values; every failure names where it happened ----------------------


def _check(ok: bool, where: str, message: str) -> None:
    if not ok:
        raise ValueError(f"{where}: {message}")


def _read(data: Path, name: str) -> dict[str, Any]:
    try:
        with open(data / name, "rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise ValueError(f"{name}: cannot be read ({e})") from e


def _keys(raw: dict[str, Any], required: set[str], optional: set[str], where: str) -> None:
    """Refuse missing and unknown keys (a misspelt key would silently take a default)."""
    missing, extra = required - set(raw), set(raw) - required - optional
    _check(not missing, where, f"missing key(s) {sorted(missing)}")
    _check(not extra, where, f"unknown key(s) {sorted(extra)}")


def _int(raw: dict[str, Any], key: str, where: str, low: int = 0) -> int:
    value = raw.get(key)
    _check(isinstance(value, int) and not isinstance(value, bool) and value >= low, where,
           f"{key} must be an integer >= {low}, not {value!r}")
    assert isinstance(value, int)
    return value


def _str(raw: dict[str, Any], key: str, where: str) -> str:
    value = raw.get(key)
    _check(isinstance(value, str) and value != "", where,
           f"{key} must be a non-empty string, not {value!r}")
    assert isinstance(value, str)
    return value


def _list(raw: dict[str, Any], key: str, where: str) -> list[Any]:
    value = raw.get(key)
    _check(isinstance(value, list), where, f"{key} must be a list")
    assert isinstance(value, list)
    return value


def _ints(raw: dict[str, Any], key: str, where: str) -> list[int]:
    values = _list(raw, key, where)
    _check(all(isinstance(v, int) and not isinstance(v, bool) for v in values), where,
           f"{key} must be a list of integers")
    return values


def _table(raw: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = raw.get(key)
    _check(isinstance(value, dict), where, f"missing table [{key}]")
    assert isinstance(value, dict)
    return value


def _tables(raw: dict[str, Any], key: str, where: str) -> list[dict[str, Any]]:
    items = _list(raw, key, where)
    _check(all(isinstance(t, dict) for t in items), where, f"every {key} must be a table")
    return items


def _code(names: Sequence[str], value: str, what: str, where: str) -> int:
    _check(value in names, where, f"unknown {what} {value!r}")
    return list(names).index(value)


def _ints_by(raw: dict[str, Any], key: str, where: str) -> dict[int, int]:
    """A table keyed by numbers ("2" = 6) as a dict of ints."""
    table = _table(raw, key, where)
    _check(all(k.isdigit() for k in table), where, f"[{key}] keys must be numbers")
    return {int(k): _int(table, k, f"{where} [{key}]") for k in table}


def _named(raw: dict[str, Any], key: str, names: Sequence[str], where: str) -> dict[str, int]:
    """A table with exactly the keys ``names``, each an integer."""
    table = _table(raw, key, where)
    _keys(table, set(names), set(), f"{where} [{key}]")
    return {n: _int(table, n, f"{where} [{key}]") for n in names}


def _where(file: str, raw: dict[str, Any], what: str, n: int) -> str:
    """``file 'ID'``, or ``file what #n`` for an entry without a usable id."""
    ident = raw.get("id")
    return f"{file} {ident!r}" if isinstance(ident, str) else f"{file} {what} #{n}"


def _unique(ids: Sequence[str], where: str) -> None:
    seen: set[str] = set()
    for i in ids:
        _check(i not in seen, f"{where} {i!r}", "duplicate id")
        seen.add(i)


_RULEBOOK_INTS = ("top_tiles", "encampments", "clear", "tunnel", "fronts", "surface_anima",
                  "deep_anima", "surface_prismatic", "deep_prismatic", "requests",
                  "requests_different", "decrees", "logbook", "guilds")
_RULEBOOK_LISTS = ("surface_per_shape", "deep_per_shape")


def _load_rulebook(raw: dict[str, Any]) -> dict[str, Any]:
    """The rulebook's counts (setup.toml [rulebook]) the other files are checked against."""
    where = "setup.toml [rulebook]"
    table = _table(raw, "rulebook", "setup.toml")
    _keys(table, set(_RULEBOOK_INTS) | set(_RULEBOOK_LISTS), set(), where)
    rb: dict[str, Any] = {k: _int(table, k, where) for k in _RULEBOOK_INTS}
    for k in _RULEBOOK_LISTS:
        rb[k] = _ints(table, k, where)
        _check(len(rb[k]) == 3, where, f"{k}: one number per Shape")
    return rb


# --- Tiles --------------------------------------------------------------------------


def _snow_tile(raw: dict[str, Any], n: int) -> Tile:
    where = _where("tiles.toml", raw, "snow tile", n)
    _keys(raw, {"id", "back", "front"}, {"talisman"}, where)
    back, front = _str(raw, "back", where), _str(raw, "front", where)
    _code(BACKS, back, "back", where)
    _code(FRONTS, front, "front", where)
    talisman = -1
    if front == "talisman":
        talisman = _code(TYPES, _str(raw, "talisman", where), "talisman type", where)
    _check(front == "talisman" or "talisman" not in raw, where, "only a Talisman has a type")
    # C3: the Encampment's face is blank, and only its face.
    _check((back == "encampment") == (front == "blank"), where,
           "the Encampment, and only it, has the blank front")
    tile_id = _str(raw, "id", where)
    expected = "ENC" if back == "encampment" else f"SN{n + 1:02d}"
    _check(tile_id == expected, where, f"id should be {expected!r} at this place")
    return Tile(tile_id, SNOW, back, front, talisman, -1, 0, 0)


def _artifact(raw: dict[str, Any], level: int, anima: int, n: int) -> Tile:
    where = _where("tiles.toml", raw, f"{LEVELS[level]} tile", n)
    kind = _code(_TYPE_NAMES, _str(raw, "type", where), "type", where)
    prefix = "S" if level == SURFACE else "D"
    if kind == PRISMATIC:
        _keys(raw, {"id", "type"}, set(), where)
        shape, pattern = 0, re.compile(rf"{prefix}-PRI-\d+")
    else:
        _keys(raw, {"id", "type", "shape"}, set(), where)
        shape = _int(raw, "shape", where, low=1)
        _check(shape <= 3, where, f"shape must be 1..3, not {shape}")
        pattern = re.compile(rf"{prefix}-{CODES[kind]}-{shape}[ab]?")
    tile_id = _str(raw, "id", where)
    _check(bool(pattern.fullmatch(tile_id)), where,
           f"id does not match its layer, type and shape ({pattern.pattern})")
    return Tile(tile_id, level, "", "", -1, kind, shape, anima)


def _check_artifacts(tiles: list[Tile], per_shape: list[int], prismatic: int,
                     where: str) -> None:
    for t, name in enumerate(TYPES):
        shapes = Counter(x.shape for x in tiles if x.type == t)
        found = [shapes[s] for s in (1, 2, 3)]
        _check(found == per_shape, where,
               f"{name} Shapes 1-3 number {found}, the rulebook has {per_shape}")
    found_prismatic = sum(x.type == PRISMATIC for x in tiles)
    _check(found_prismatic == prismatic, where,
           f"{found_prismatic} Prismatics, the rulebook has {prismatic}")


def _load_tiles(raw: dict[str, Any], rb: dict[str, Any]) -> tuple[Tile, ...]:
    file = "tiles.toml"
    _keys(raw, {"snow", "surface", "deep"}, set(), file)
    snow = _table(raw, "snow", file)
    _keys(snow, {"tiles"}, set(), f"{file} [snow]")
    top = [_snow_tile(t, n) for n, t in enumerate(_tables(snow, "tiles", f"{file} [snow]"))]
    _check(len(top) == rb["top_tiles"], f"{file} [snow]",
           f"{len(top)} tiles, the top layer has {rb['top_tiles']}")
    backs = Counter(t.back for t in top)
    _check(backs["encampment"] == rb["encampments"] and top[-1].back == "encampment",
           f"{file} [snow]", "exactly one Encampment, the last top-layer tile")
    for back in ("clear", "tunnel"):
        _check(backs[back] == rb[back], f"{file} [snow]",
               f"{backs[back]} {back} tiles, the rulebook has {rb[back]}")
    fronts = {t.front for t in top} - {"blank"}
    _check(len(fronts) == rb["fronts"], f"{file} [snow]",
           f"{len(fronts)} different fronts, the rulebook has {rb['fronts']}")
    tiles = list(top)
    for level in (SURFACE, DEEP):
        name = LEVELS[level]
        where = f"{file} [{name}]"
        section = _table(raw, name, file)
        _keys(section, {"anima", "tiles"}, set(), where)
        anima = _int(section, "anima", where, low=1)
        _check(anima == rb[f"{name}_anima"], where, f"{name} Artifacts have "
               f"{rb[f'{name}_anima']} Anima")
        layer = [_artifact(t, level, anima, n)
                 for n, t in enumerate(_tables(section, "tiles", where))]
        _check_artifacts(layer, rb[f"{name}_per_shape"], rb[f"{name}_prismatic"], where)
        tiles += layer
    _unique([t.id for t in tiles], file)
    return tuple(tiles)


# --- Cards --------------------------------------------------------------------------


def _stem(kind: str, types: tuple[int, ...]) -> str:
    """A Request's id without the copy letter: "TRIO-HAR-PHI-OBL", "PRISM"."""
    return "-".join((kind.upper(), *(CODES[t] for t in types if t != PRISMATIC)))


def _request(raw: dict[str, Any], n: int, cost: dict[str, int]) -> Request:
    where = _where("cards.toml", raw, "request", n)
    _keys(raw, {"id", "kind", "types", "rp", "text"}, {"rp3"}, where)
    kind = _str(raw, "kind", where)
    _code(REQUEST_KINDS, kind, "request kind", where)
    names = _list(raw, "types", where)
    types = tuple(_code(_TYPE_NAMES, str(x), "type", where) for x in names)
    _check(len(types) == _KIND_TYPES[kind], where,
           f"a {kind} Request names {_KIND_TYPES[kind]} type(s)")
    _check((kind == "prism") == (PRISMATIC in types), where,
           "the prism kind, and only it, names the Prismatic category")
    _check(list(types) == sorted(set(types)), where, "types must differ and be in TYPES order")
    rp = _int(raw, "rp", where, low=1)
    rp3 = _int(raw, "rp3", where, low=rp + 1) if kind == "shapes" else 0
    _check(kind == "shapes" or "rp3" not in raw, where, "only a shapes Request has rp3")
    text = _str(raw, "text", where)
    # The numbers a rule sets are named, not written out: a what-if overlay changes them.
    _check("{rp} RP" in text and "{need}" in text, where,
           "the text must name what it costs as {need} and what it gains as {rp} RP")
    stem = _stem(kind, types)
    card_id = _str(raw, "id", where)
    m = _COPY.fullmatch(card_id)
    _check(card_id == stem or (m is not None and m[1] == stem), where,
           f"id must be {stem!r}, or {stem + '-a'!r} and so on for copies")
    return Request(card_id, kind, types, rp, rp3, text, cost[kind])


def _load_requests(raw: dict[str, Any], rb: dict[str, Any],
                   cost: dict[str, int]) -> tuple[Request, ...]:
    file = "cards.toml"
    requests = tuple(_request(r, n, cost)
                     for n, r in enumerate(_tables(raw, "request", file)))
    _unique([r.id for r in requests], file)
    _check(len(requests) == rb["requests"], f"{file} request",
           f"{len(requests)} Request cards, the rulebook has {rb['requests']}")
    # Copies are one card printed several times: same cost, gain and text, ids -a, -b, ...
    faces: dict[tuple[str, tuple[int, ...]], list[Request]] = {}
    for r in requests:
        faces.setdefault((r.kind, r.types), []).append(r)
    for copies in faces.values():
        first = copies[0]
        for k, r in enumerate(copies):
            where = f"{file} {r.id!r}"
            _check((r.rp, r.rp3, r.text) == (first.rp, first.rp3, first.text), where,
                   f"differs from its copy {first.id!r}")
            stem = _stem(r.kind, r.types)
            expected = f"{stem}-{'abcdefgh'[k]}" if len(copies) > 1 else stem
            _check(r.id == expected, where, f"copy {k + 1} should be {expected!r}")
    _check(len(faces) == rb["requests_different"], f"{file} request",
           f"{len(faces)} different Requests, the rulebook has {rb['requests_different']}")
    # C5: the RP a Request gains is its kind's (an overlay changes a kind's RP at once).
    first_of_kind: dict[str, Request] = {}
    for r in requests:
        first = first_of_kind.setdefault(r.kind, r)
        _check((r.rp, r.rp3) == (first.rp, first.rp3), f"{file} {r.id!r}",
               f"gains other RP than {first.id!r}: every {r.kind} Request gains the same")
    unused = set(REQUEST_KINDS) - {r.kind for r in requests}
    _check(not unused, f"{file} request", f"no Request of kind(s) {sorted(unused)}")
    return requests


def _decree(raw: dict[str, Any], n: int) -> Decree:
    where = _where("cards.toml", raw, "decree", n)
    _keys(raw, {"id", "kind", "text"}, {"type"}, where)
    kind = _str(raw, "kind", where)
    _code(DECREE_KINDS, kind, "decree kind", where)
    _check((kind == "type") == ("type" in raw), where, "a type Decree, and only it, has a type")
    t = _code(TYPES, _str(raw, "type", where), "type", where) if kind == "type" else -1
    return Decree(_str(raw, "id", where), kind, t, _str(raw, "text", where))


def _logbook(raw: dict[str, Any], n: int) -> Logbook:
    where = _where("cards.toml", raw, "logbook", n)
    _keys(raw, {"id", "event", "icon", "text"}, set(), where)
    event, icon = _str(raw, "event", where), _str(raw, "icon", where)
    _code(LOGBOOK_EVENTS, event, "logbook event", where)
    _code(BACKS, icon, "Snow tile icon", where)
    return Logbook(_str(raw, "id", where), event, icon, _str(raw, "text", where))


def _load_cards(raw: dict[str, Any], rb: dict[str, Any]) -> tuple[
        tuple[Request, ...], dict[str, int], tuple[Decree, ...], tuple[Logbook, ...]]:
    file = "cards.toml"
    _keys(raw, {"request_cost", "request", "decree", "logbook"}, set(), file)
    cost = _named(raw, "request_cost", REQUEST_KINDS, file)
    _check(min(cost.values()) > 0, f"{file} [request_cost]", "every kind costs something")
    requests = _load_requests(raw, rb, cost)
    decrees = tuple(_decree(d, n) for n, d in enumerate(_tables(raw, "decree", file)))
    _unique([d.id for d in decrees], file)
    _check(len(decrees) == rb["decrees"], f"{file} decree",
           f"{len(decrees)} Decree cards, the rulebook has {rb['decrees']}")
    faces = Counter((d.kind, d.type) for d in decrees)
    twice = [f for f, k in faces.items() if k > 1]
    _check(not twice, f"{file} decree", f"the same Decree twice: {twice}")
    _check({d.kind for d in decrees} == set(DECREE_KINDS), f"{file} decree",
           "every pattern of RB Decree Cards needs a card")
    logbook = tuple(_logbook(b, n) for n, b in enumerate(_tables(raw, "logbook", file)))
    _unique([b.id for b in logbook], file)
    _check(len(logbook) == rb["logbook"], f"{file} logbook",
           f"{len(logbook)} Logbook cards, the rulebook has {rb['logbook']}")
    _check({b.event for b in logbook} == set(LOGBOOK_EVENTS), f"{file} logbook",
           "every event of RB Logbook Cards needs a card")
    return requests, cost, decrees, logbook


def _load_guilds(raw: dict[str, Any], rb: dict[str, Any]) -> tuple[Guild, ...]:
    file = "guilds.toml"
    _keys(raw, {"guild"}, set(), file)
    guilds: list[Guild] = []
    for n, raw_guild in enumerate(_tables(raw, "guild", file)):
        where = _where(file, raw_guild, "guild", n)
        _keys(raw_guild, {"id", "name", "leader", "starting_rp", "text"}, set(), where)
        guild = Guild(_str(raw_guild, "id", where), _str(raw_guild, "name", where),
                      _str(raw_guild, "leader", where), _int(raw_guild, "starting_rp", where),
                      _str(raw_guild, "text", where))
        _code(GUILDS, guild.id, "guild", where)
        guilds.append(guild)
    _unique([g.id for g in guilds], file)
    _check(len(guilds) == rb["guilds"] and tuple(g.id for g in guilds) == GUILDS, file,
           f"the rulebook's {rb['guilds']} Guilds, in GUILDS order")
    return tuple(guilds)


# --- Card texts ---------------------------------------------------------------------

# The amounts a Decree's or a Logbook card's text may name (``{caravan_sell_rp}``,
# ``{sets_rp[5]}``), by their setup.toml names; a Request's names its own numbers.
CARD_AMOUNTS = ("tokens_rp", "study_rp", "type_rp", "sets_rp", "shapes_rp", "all_studies_rp",
                "blizzard_archaeologists", "caravan_display", "caravan_sell_rp",
                "caravan_buy_rp")


def request_text(r: Request) -> str:
    """A Request's words with its own numbers filled in (``{need}``, ``{rp}``, ``{rp3}``).

    >>> request_text(IC.requests[0])
    'Pay 3 Anima of Harmony. Gain 6 RP.'
    """
    return r.text.format(need=r.need, rp=r.rp, rp3=r.rp3)


def card_text(template: str, amounts: Mapping[str, Any]) -> str:
    """A Decree's or a Logbook card's words with ``amounts`` (``CARD_AMOUNTS``) filled in."""
    return template.format(**amounts)


def _check_texts(requests: Sequence[Request], others: Sequence[Decree | Logbook],
                 amounts: Mapping[str, Any]) -> None:
    """Every card's text fills in with the printed numbers: a misspelt ``{name}`` stops
    the import, not a game that shows the card."""
    cards: list[Request | Decree | Logbook] = [*requests, *others]
    for card in cards:
        try:
            if isinstance(card, Request):
                request_text(card)
            else:
                card_text(card.text, amounts)
        except (KeyError, IndexError, ValueError) as e:
            raise ValueError(f"cards.toml {card.id!r}: its text names {e} in braces; it may "
                             f"name {', '.join(CARD_AMOUNTS)} (a Request: need, rp, "
                             "rp3)") from None


# --- Set-up -------------------------------------------------------------------------


def _load_curse(raw: dict[str, Any], light_supply: int,
                dark_supply: int) -> tuple[dict[int, CurseSetup], tuple[int, int], int]:
    where = "setup.toml [curse]"
    _keys(raw, {"flip", "end", "light", "dark", "players"}, set(), where)
    flip = _ints(raw, "flip", where)
    end = _int(raw, "end", where, low=1)
    _check(len(flip) == 2 and 0 < flip[0] < flip[1] <= end, where,
           "flip: the light token's space, then the dark token's, up to the end")
    base_light, base_dark = _ints(raw, "light", where), _ints(raw, "dark", where)
    curse = {}
    for count, extra in _table(raw, "players", where).items():
        w = f"{where} players {count}"
        _check(count.isdigit() and isinstance(extra, dict), w, "a table per player count")
        _keys(extra, {"start", "light", "dark"}, set(), w)
        light = tuple(sorted(base_light + _ints(extra, "light", w)))
        dark = tuple(sorted(base_dark + _ints(extra, "dark", w)))
        start = _int(extra, "start", w)
        # Light curses come before their flip, dark ones between the two flips.
        _check(all(start < s < flip[0] for s in light), w,
               f"light tokens {light} must lie after the start, before space {flip[0]}")
        _check(all(flip[0] < s < flip[1] for s in dark), w,
               f"dark tokens {dark} must lie between spaces {flip[0]} and {flip[1]}")
        _check(len(light) <= light_supply and len(dark) <= dark_supply, w,
               "more Curse tokens than the supply holds")
        curse[int(count)] = CurseSetup(start, light, dark)
    return curse, (flip[0], flip[1]), end


def _load_glossary(raw: dict[str, Any]) -> dict[str, str]:
    where = "setup.toml [glossary]"
    _keys(raw, set(_GLOSSARY), set(), where)
    glossary = {}
    for group, codes in _GLOSSARY.items():
        table = _table(raw, group, where)
        _keys(table, set(codes), set(), f"{where} [{group}]")
        for code in codes:
            glossary[f"{group}:{code}"] = _str(table, code, f"{where} [{group}]")
    return glossary


_SETUP_INTS = ("days", "ep_max", "turn_ep", "action_ep", "overwork_ep", "overwork_rp",
               "snow_hand_limit", "request_hand_limit", "deal", "keep", "first_game_deal",
               "first_game_keep",
               "first_game_rp", "row_extra", "decrees_shown", "validations",
               "first_validation_rp", "second_validation_rp", "planning_rp", "azulia_rp",
               "all_studies_rp", "fluent_steps", "hard_extra", "explorer_discount",
               "planning_ep")
_SUPPLY = ("archaeologists", "white_camps", "planning_tokens", "study_tokens",
           "fluent_move_tokens", "blessing_tokens", "light_curse_tokens",
           "dark_curse_tokens", "nourisher_archaeologists", "grappling_tokens")
_LOGBOOK_NUMBERS = ("caravan_display", "caravan_sell_rp", "caravan_buy_rp",
                    "blizzard_archaeologists")
_EFFECT_NUMBERS = ("whistle_archaeologists", "sailboat_archaeologists", "wreck_ep",
                   "wreck_rp", "termites_discount", "spiders_steps", "spiders_followers",
                   "navigator_followers", "survivors_archaeologists", "exalted_ep",
                   "achievement_ep", "harmony_archaeologists", "nourish_archaeologists",
                   "grapple_refresh", "cryo_discount", "cryo_rebuild_ep")
_DECREE_NUMBERS = ("tokens_rp", "study_rp", "type_rp")
_TABLES = {"ep_by_players", "fluent_tokens", "excavate_cost", "anima_needed",
           "move_followers", "supply", "logbook", "effects", "decree", "curse", "rulebook",
           "glossary"}


def _load_setup(raw: dict[str, Any]) -> dict[str, Any]:
    """The set-up numbers as ``Components`` keyword arguments."""
    file = "setup.toml"
    _keys(raw, set(_SETUP_INTS) | _TABLES, set(), file)
    out: dict[str, Any] = {k: _int(raw, k, file) for k in _SETUP_INTS}
    _check(out["keep"] < out["deal"] and out["first_game_keep"] < out["first_game_deal"],
           file, "players keep fewer Requests than they are dealt")
    out["ep_by_players"] = _ints_by(raw, "ep_by_players", file)
    _check(all(0 < ep <= out["ep_max"] for ep in out["ep_by_players"].values()), file,
           "a Day starts with at most ep_max EP")
    out["fluent_tokens"] = _ints_by(raw, "fluent_tokens", file)
    by_name = _named(raw, "excavate_cost", ("snow", "surface", "deep"), file)
    out["excavate_cost"] = {LEVELS.index(name): ep for name, ep in by_name.items()}
    _check(by_name["snow"] < by_name["surface"] < by_name["deep"], f"{file} [excavate_cost]",
           "the base cost grows with depth (RB)")
    out["anima_needed"] = _named(raw, "anima_needed", ("normal", "blessing", "light", "dark"),
                                 file)
    out["move_followers"] = _named(raw, "move_followers",
                                   ("normal", "light-flipped", "dark-flipped"), file)
    out |= _named(raw, "supply", _SUPPLY, file)
    out |= _named(raw, "logbook", _LOGBOOK_NUMBERS, file)
    out["effects"] = _named(raw, "effects", _EFFECT_NUMBERS, file)
    decree = _table(raw, "decree", file)
    _keys(decree, {"sets_rp", "shapes_rp", *_DECREE_NUMBERS}, set(), f"{file} [decree]")
    out["sets_rp"] = _ints_by(decree, "sets_rp", f"{file} [decree]")
    out["shapes_rp"] = _ints_by(decree, "shapes_rp", f"{file} [decree]")
    out |= {k: _int(decree, k, f"{file} [decree]") for k in _DECREE_NUMBERS}
    out["curse"], out["curse_flip"], out["curse_end"] = _load_curse(
        _table(raw, "curse", file), out["light_curse_tokens"], out["dark_curse_tokens"])
    _check(sorted(out["curse"]) == sorted(out["ep_by_players"]), f"{file} [curse]",
           "a Curse set-up for every player count")
    out["glossary"] = _load_glossary(_table(raw, "glossary", file))
    return out


# --- Everything ---------------------------------------------------------------------


def load(data: Path = DATA) -> Components:
    """Read and check every data file in ``data`` (tests pass a broken copy)."""
    raw_setup = _read(data, "setup.toml")
    rb = _load_rulebook(raw_setup)
    tiles = _load_tiles(_read(data, "tiles.toml"), rb)
    requests, cost, decrees, logbook = _load_cards(_read(data, "cards.toml"), rb)
    guilds = _load_guilds(_read(data, "guilds.toml"), rb)
    setup = _load_setup(raw_setup)
    _check_texts(requests, (*decrees, *logbook), {k: setup[k] for k in CARD_AMOUNTS})
    top = tuple(i for i, t in enumerate(tiles) if t.level == SNOW)
    return Components(
        tiles=tiles, top=top, encampment=top[-1],
        surface=tuple(i for i, t in enumerate(tiles) if t.level == SURFACE),
        deep=tuple(i for i, t in enumerate(tiles) if t.level == DEEP),
        requests=requests, request_cost=cost, decrees=decrees, logbook=logbook,
        guilds=guilds, **setup,
        tile_by_id={t.id: i for i, t in enumerate(tiles)},
        request_by_id={r.id: i for i, r in enumerate(requests)},
        decree_by_id={d.id: i for i, d in enumerate(decrees)},
        logbook_by_id={b.id: i for i, b in enumerate(logbook)},
    )


IC = load()
