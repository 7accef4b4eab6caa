"""Winter Queen's components, read from ``data/*.toml`` once at import.

The geometry every effect needs (neighbours, the six straight rays from each
space, edge spaces, zones) is worked out here once, so the rules only look it up.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wintergames.core.overlay import flatten

DATA = Path(__file__).parent / "data"

EFFECTS = (
    "forest-lights",
    "wind-rose",
    "border-guard",
    "magic-clouds",
    "bright-path",
    "northern-lights",
    "polar-star",
    "secret-knowledge",
)
EFFECT_TITLES = {
    "forest-lights": "Forest Lights",
    "wind-rose": "Wind Rose",
    "border-guard": "Border Guard",
    "magic-clouds": "Magic Clouds",
    "bright-path": "Bright Path",
    "northern-lights": "Northern Lights",
    "polar-star": "Polar Star",
    "secret-knowledge": "Secret Knowledge",
}
ROYAL = 4  # zone index of the royal domain spaces; provinces are 0..3


@dataclass(frozen=True, slots=True)
class Page:
    effect: str
    depicted: int  # colour printed on a Forest Lights page, -1 for none

    def title(self, colours: tuple[str, ...]) -> str:
        """``"Forest Lights (purple)"``, ``"Wind Rose"``."""
        name = EFFECT_TITLES[self.effect]
        return f"{name} ({colours[self.depicted]})" if self.depicted >= 0 else name


@dataclass(frozen=True, slots=True)
class Book:
    id: str
    pages: tuple[Page, Page]


@dataclass(frozen=True, slots=True)
class RoyalToken:
    id: str
    depicts: int  # colour of the printed floe, -1 for an open space


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    stands: int
    removed_per_colour: int
    floes_per_stand: int
    stands_reach_all: bool


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]
    provinces: tuple[str, ...]
    cell_names: tuple[str, ...]
    coords: tuple[tuple[int, int], ...]
    zone: tuple[int, ...]
    edge: tuple[bool, ...]
    neighbours: tuple[tuple[int, ...], ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]
    royal_cells: tuple[int, ...]
    books: tuple[Book, ...]
    royal_tokens: tuple[RoyalToken, ...]
    setups: dict[int, PlayerSetup]
    floes_per_colour: int
    books_per_stack: int
    max_books: int
    royal_tokens_on_board: int
    # VP and limits of the effects and of an emptied stand (``data/scoring.toml``) by
    # dotted key ("effects.bright_path.max_spaces"); the rules read them through the
    # state's parameters (``params.py``), never from here.
    scoring: dict[str, int]

    @property
    def num_cells(self) -> int:
        return len(self.cell_names)

    def zone_name(self, zone: int) -> str:
        return "royal domain" if zone == ROYAL else f"{self.provinces[zone]} province"


def _read(name: str) -> dict[str, Any]:
    with open(DATA / name, "rb") as fh:
        return tomllib.load(fh)


def _page(text: str, colours: tuple[str, ...]) -> Page:
    effect, _, colour = text.partition(":")
    if effect not in EFFECTS:
        raise ValueError(f"spellbooks.toml: unknown effect {effect!r}")
    return Page(effect, colours.index(colour) if colour else -1)


def _counted(setup: dict[str, Any], cells: int, tokens: int) -> int:
    """Royal tokens laid out at setup: at most one per royal space, from the tokens there are."""
    count = setup["royal_tokens_on_board"]
    if not 0 <= count <= min(cells, tokens):
        raise ValueError(f"setup.toml: royal_tokens_on_board {count} is more than the "
                         f"{cells} royal spaces or the {tokens} tokens")
    return int(count)


def load() -> Components:
    setup = _read("setup.toml")
    board = _read("board.toml")
    colours = tuple(setup["colours"])
    provinces = tuple(board["provinces"])
    cells = board["cell"]
    coords = tuple((c["q"], c["r"]) for c in cells)
    index = {xy: i for i, xy in enumerate(coords)}
    directions = [tuple(d) for d in board["directions"]]

    def ray(cell: int, d: tuple[int, int]) -> tuple[int, ...]:
        q, r = coords[cell]
        out = []
        while (q + d[0], r + d[1]) in index:
            q, r = q + d[0], r + d[1]
            out.append(index[(q, r)])
        return tuple(out)

    rays = tuple(tuple(ray(i, d) for d in directions) for i in range(len(cells)))
    zone = tuple(ROYAL if c["zone"] == "royal" else provinces.index(c["zone"]) for c in cells)
    royal_tokens = tuple(
        RoyalToken(t["id"], colours.index(t["depicts"]) if t["depicts"] else -1)
        for t in _read("royal_tokens.toml")["tokens"]
    )
    royal_cells = tuple(i for i, z in enumerate(zone) if z == ROYAL)
    return Components(
        colours=colours,
        provinces=provinces,
        cell_names=tuple(f"{'abcdefghij'[q]}{r + 1}" for q, r in coords),
        coords=coords,
        zone=zone,
        edge=tuple(bool(c["edge"]) for c in cells),
        neighbours=tuple(tuple(r[0] for r in rs if r) for rs in rays),
        rays=rays,
        royal_cells=royal_cells,
        books=tuple(
            Book(b["id"], (_page(b["pages"][0], colours), _page(b["pages"][1], colours)))
            for b in _read("spellbooks.toml")["books"]
        ),
        royal_tokens=royal_tokens,
        setups={int(n): PlayerSetup(**s) for n, s in setup["players"].items()},
        floes_per_colour=setup["floes_per_colour"],
        books_per_stack=setup["books_per_stack"],
        max_books=setup["max_books"],
        royal_tokens_on_board=_counted(setup, len(royal_cells), len(royal_tokens)),
        scoring={key: int(value) for key, value in flatten(_read("scoring.toml")).items()},
    )


WQ = load()
