"""Snow Time's components, read from ``data/*.toml`` once at import.

Cards of one colour are indexed 0..9: the characters 1..7 are 0..6, then the Healer,
the Watcher and the Snowstorm. A set of cards is a bitmask over those indices, which
keeps hands and discards small and their copies free.

>>> ST.card_name(4), ST.card_name(ST.healer), ST.level(4)
('5', 'healer', 5)
>>> ST.bonus_at(7)
('fight', 2)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"

POINT_KINDS = ("fight", "fruit", "mana")
FIGHT, FRUIT, MANA = range(3)


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]
    characters: int  # character cards per colour, numbered 1..characters
    specials: tuple[str, ...]
    single_use: frozenset[int]  # card indices discarded for good after use
    healer_takes_back: int  # the most discarded characters a revealed Healer brings back
    levels: int
    fruit: int
    dice: int
    die_levels: tuple[int, ...]  # level for die face 1..6
    finish: int  # the last space of the score track
    bonuses: dict[int, tuple[str, int]]  # space -> (kind of points needed, bonus)
    bonus_values: dict[str, int]  # kind of points -> the bonus of its spaces
    points: dict[str, int]  # scoring event -> points (data/scoring.toml: brawl, fruit, ...)

    @property
    def cards(self) -> int:
        """Cards per colour."""
        return self.characters + len(self.specials)

    @property
    def healer(self) -> int:
        return self.characters + self.specials.index("healer")

    @property
    def watcher(self) -> int:
        return self.characters + self.specials.index("watcher")

    @property
    def snowstorm(self) -> int:
        return self.characters + self.specials.index("snowstorm")

    @property
    def all_cards(self) -> int:
        """The bitmask of a full colour."""
        return (1 << self.cards) - 1

    @property
    def all_characters(self) -> int:
        return (1 << self.characters) - 1

    def is_character(self, card: int) -> bool:
        return 0 <= card < self.characters

    def level(self, card: int) -> int:
        """The tree level a character card is played on (its number)."""
        return card + 1

    def card_name(self, card: int) -> str:
        """``"5"`` for a character, ``"healer"`` for a special card."""
        if self.is_character(card):
            return str(card + 1)
        return self.specials[card - self.characters]

    def card_index(self, name: str) -> int | None:
        """The index of ``"5"``, ``"healer"``, ``"h"``...; ``None`` if no card has that name."""
        key = name.strip().lower()
        if key.isdigit() and 1 <= int(key) <= self.characters:
            return int(key) - 1
        for i, special in enumerate(self.specials):
            if key in (special, special[0]):
                return self.characters + i
        return None

    def bonus_at(self, space: int) -> tuple[str, int] | None:
        return self.bonuses.get(space)


def cards_in(mask: int) -> list[int]:
    """The card indices in a bitmask, lowest first.

    >>> cards_in(0b1010000101)
    [0, 2, 7, 9]
    """
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


def _load() -> Components:
    cards: dict[str, Any] = tomllib.loads((DATA / "cards.toml").read_text())
    track: dict[str, Any] = tomllib.loads((DATA / "track.toml").read_text())
    scoring: dict[str, Any] = tomllib.loads((DATA / "scoring.toml").read_text())
    specials = tuple(cards["specials"])
    characters = int(cards["characters"])
    bonuses = _bonuses(track)
    comp = Components(
        colours=tuple(cards["colours"]),
        characters=characters,
        specials=specials,
        single_use=frozenset(characters + specials.index(s) for s in cards["single_use"]),
        healer_takes_back=int(cards["healer_takes_back"]),
        levels=int(cards["levels"]),
        fruit=int(cards["fruit"]),
        dice=int(cards["dice"]),
        die_levels=tuple(cards["die_levels"]),
        finish=int(track["finish"]),
        bonuses=dict(sorted(bonuses.items())),
        bonus_values={kind: int(track["bonus"][kind]["value"]) for kind in POINT_KINDS
                      if kind in track["bonus"]},
        points={name: int(value) for name, value in scoring.items()},
    )
    if set(specials) != {"healer", "watcher", "snowstorm"}:
        raise ValueError("cards.toml: the specials are healer, watcher and snowstorm")
    if comp.levels != characters or max(comp.die_levels) >= comp.levels:
        raise ValueError("cards.toml: one level per character number, and no fruit on the top")
    if set(comp.points) != set(SCORED):
        raise ValueError(f"scoring.toml: the points are {', '.join(SCORED)}")
    return comp


# What scores points (data/scoring.toml), each worth a number of points of one kind.
SCORED = ("brawl", "knock_down", "snowstorm", "fruit", "mana")


def _bonuses(track: dict[str, Any]) -> dict[int, tuple[str, int]]:
    """The bonus spaces of ``track.toml``: space -> (kind of points needed, bonus)."""
    bonuses: dict[int, tuple[str, int]] = {}
    for kind, entry in track["bonus"].items():
        if kind not in POINT_KINDS:
            raise ValueError(f"track.toml: bonus kind {kind!r} is not in {POINT_KINDS}")
        for space in entry["spaces"]:
            if not 0 < space < track["finish"]:
                raise ValueError(f"track.toml: bonus space {space} is off the track")
            if space in bonuses:
                raise ValueError(f"track.toml: space {space} holds two bonuses")
            bonuses[int(space)] = (kind, int(entry["value"]))
    return bonuses


ST = _load()
