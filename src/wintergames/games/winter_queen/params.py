"""Winter Queen's what-if parameters: the numbers a designer may change, and their values
in one game.

``SCHEMA`` lists every key an overlay (the game option ``overlay``) may set, with its
default read from the data files (``data/scoring.toml``, ``data/setup.toml``), its
meaning and its bounds. ``params_of(options)`` turns a game's validated options into a
frozen ``Params``, made once per distinct overlay and shared by every state of it and
every clone, so the rules read a number with one attribute lookup.

>>> p = params_of({"overlay": {"effects.border_guard.vp_per_edge_floe": 2}})
>>> p.border_guard_vp, p.max_books, p.setup(2).floes_per_stand
(2, 3, 3)
>>> params_of({}) is PRINTED
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from wintergames.core.overlay import OVERLAY, OverlaySchema, Param, Value
from wintergames.games.winter_queen.components import WQ, PlayerSetup

PLAYER_COUNTS = tuple(sorted(WQ.setups))
_MOST_STANDS = max(s.stands for s in WQ.setups.values())

# Bounds. Every value within them (whatever the other keys hold) sets up and plays a whole
# game; the generic overlay tests play each bound with every check on.
VP_MOST = 10  # VP per counted item: ten times the printed 1 is far past any balance question
UNUSED_MOST = 4  # floes of each colour left in the box at setup
STAND_MOST = 5  # floes on a stand (setup and refill)
# The bag must fill every stand at setup even with the most floes left in the box and the
# most per stand: 5 colours x (8 - 4) = 20 = 4 stands x 5.
FLOES_LEAST = UNUSED_MOST + -(-_MOST_STANDS * STAND_MOST // len(WQ.colours))
FLOES_MOST = 2 * WQ.floes_per_colour
ZONES = len(WQ.provinces) + 1  # the provinces and the royal domain (Northern Lights)


@dataclass(frozen=True, slots=True)
class Params:
    """Every number an overlay may change, for one game. Immutable: states and their
    clones share one object."""

    stand_emptied_vp: int
    forest_lights_vp: int  # per adjacent floe of the page's other colour
    wind_rose_chosen_vp: int  # for the chosen floe itself
    wind_rose_line_vp: int  # per floe of its colour on its six lines
    border_guard_vp: int  # per floe of the colour on an edge space
    magic_clouds_vp: int  # per lone floe or group of the colour
    bright_path_vp: int  # per floe on the path
    bright_path_max_spaces: int  # the longest path
    northern_lights_vp: int  # per zone holding a floe of the colour
    northern_lights_max_vp: int  # the most the effect gives
    polar_star_vp: int  # per empty space next to the chosen floe
    secret_page_vp: int  # for the floe on the Secret Knowledge page
    secret_book_vp: int  # per other floe of its colour on the two seats' books
    max_books: int  # spellbooks a player may hold at once
    books_per_stack: int  # spellbooks in each province's stack at setup
    floes_per_colour: int  # floes of each colour in the game box
    royal_tokens: int  # royal domain tokens laid on the royal spaces at setup
    # By player count: stands, floes of each colour left in the box, floes per stand.
    setups: Mapping[int, PlayerSetup] = field(hash=False)

    def setup(self, num_players: int) -> PlayerSetup:
        """The setup table's row for ``num_players``, with this overlay's numbers."""
        return self.setups[num_players]


def _unused_key(n: int) -> str:
    return f"setup.{n}_players.unused_floes_per_colour"


def _stand_key(n: int) -> str:
    return f"setup.{n}_players.floes_per_stand"


def _vp(key: str, name: str, description: str, high: int = VP_MOST,
        low: int = 0) -> tuple[Param, str]:
    """A number of ``data/scoring.toml``, as parameter ``key`` and ``Params`` field ``name``."""
    return Param(key, WQ.scoring[key], description, low, high), name


def _rule(key: str, name: str, default: int, description: str, low: int,
          high: int) -> tuple[Param, str]:
    return Param(key, default, description, low, high), name


_E = "effects."
_FIELDS: tuple[tuple[Param, str], ...] = (
    _vp(_E + "forest_lights.vp_per_neighbour", "forest_lights_vp",
        "Forest Lights: VP per floe of the page's second colour next to the chosen floe"),
    _vp(_E + "wind_rose.vp_for_chosen_floe", "wind_rose_chosen_vp",
        "Wind Rose: VP for the chosen floe itself"),
    _vp(_E + "wind_rose.vp_per_floe_on_lines", "wind_rose_line_vp",
        "Wind Rose: VP per floe of the colour on the chosen floe's 6 straight lines"),
    _vp(_E + "border_guard.vp_per_edge_floe", "border_guard_vp",
        "Border Guard: VP per floe of the colour on an edge space"),
    _vp(_E + "magic_clouds.vp_per_group", "magic_clouds_vp",
        "Magic Clouds: VP per lone floe or group of adjacent floes of the colour"),
    _vp(_E + "bright_path.vp_per_floe", "bright_path_vp",
        "Bright Path: VP per floe on the line of distinct colours"),
    _vp(_E + "bright_path.max_spaces", "bright_path_max_spaces",
        "Bright Path: the most spaces the line may pass through (a line of distinct "
        f"colours is never longer than the {len(WQ.colours)} colours)",
        low=1, high=len(WQ.colours)),
    _vp(_E + "northern_lights.vp_per_zone", "northern_lights_vp",
        "Northern Lights: VP per zone (province or royal domain) holding a floe of the colour"),
    _vp(_E + "northern_lights.max_vp", "northern_lights_max_vp",
        "Northern Lights: the most VP the effect can bring", high=ZONES * VP_MOST),
    _vp(_E + "polar_star.vp_per_empty_neighbour", "polar_star_vp",
        "Polar Star: VP per empty space next to the chosen floe"),
    _vp(_E + "secret_knowledge.vp_for_page_floe", "secret_page_vp",
        "Secret Knowledge: VP for the floe on the page itself"),
    _vp(_E + "secret_knowledge.vp_per_floe_on_books", "secret_book_vp",
        "Secret Knowledge: VP per other floe of the colour on your books and the chosen "
        "opponent's (depicted ones included)"),
    _vp("stand_emptied.vp", "stand_emptied_vp", "VP for taking the last floe of a stand"),
    _rule("spellbooks.max_held", "max_books", WQ.max_books,
          "the most spellbooks a player may hold at the same time", 1, len(WQ.books)),
    _rule("spellbooks.per_stack", "books_per_stack", WQ.books_per_stack,
          "spellbooks in each province's stack at setup (the rest stay in the box, unseen)",
          1, len(WQ.books) // len(WQ.provinces)),
    _rule("floes.per_colour", "floes_per_colour", WQ.floes_per_colour,
          "ice floes of each colour in the game", FLOES_LEAST, FLOES_MOST),
    _rule("royal_tokens.on_board", "royal_tokens", WQ.royal_tokens_on_board,
          "royal domain tokens laid on the tower and palace spaces at setup (a royal space "
          "without one is an open royal space)",
          0, min(len(WQ.royal_cells), len(WQ.royal_tokens))),
)
_BY_COUNT: tuple[Param, ...] = tuple(
    param
    for n in PLAYER_COUNTS
    for param in (
        Param(_unused_key(n), WQ.setups[n].removed_per_colour,
              f"with {n} players: ice floes of each colour returned to the box at setup",
              0, UNUSED_MOST),
        Param(_stand_key(n), WQ.setups[n].floes_per_stand,
              f"with {n} players: ice floes put on each stand at setup and when it is "
              "refilled", 1, STAND_MOST),
    )
)

SCHEMA = OverlaySchema("winter-queen", [*(p for p, _ in _FIELDS), *_BY_COUNT])

_forgotten = set(WQ.scoring) - set(SCHEMA.params)
if _forgotten:  # a number added to scoring.toml must be read through a parameter
    raise ValueError(f"scoring.toml: {sorted(_forgotten)} have no overlay parameter")


def _whole(values: Mapping[str, Value], key: str) -> int:
    value = values[key]
    assert isinstance(value, int), f"{key} is a whole number, checked by its Param"
    return value


def _build(values: Mapping[str, Value]) -> Params:
    setups = {n: replace(WQ.setups[n], removed_per_colour=_whole(values, _unused_key(n)),
                         floes_per_stand=_whole(values, _stand_key(n)))
              for n in PLAYER_COUNTS}
    return Params(setups=setups, **{name: _whole(values, p.key) for p, name in _FIELDS})


PRINTED = _build(SCHEMA.values(None))


@lru_cache(maxsize=64)
def _made(items: tuple[tuple[str, Any], ...]) -> Params:
    return _build(SCHEMA.values(dict(items)))


def params_of(options: Mapping[str, Any]) -> Params:
    """The parameters of a game with ``options``, the same object for the same overlay
    (the game as printed without one). The overlay is checked again, which also makes it
    flat and hashable: a snapshot's options come from JSON, lists and all."""
    overlay = options.get(OVERLAY)
    if not overlay:
        return PRINTED
    changes = SCHEMA.check(overlay)
    return _made(tuple(changes.items())) if changes else PRINTED
