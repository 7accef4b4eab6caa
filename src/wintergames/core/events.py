"""Log events: what happened, in words, and who may read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One line of a game's log.

    ``visible_to`` is ``None`` for a public event, otherwise the seats that may see it.
    Beside its text an event carries machine-readable fields, so statistics never parse
    text: ``kind`` (what happened), ``player`` (the seat it concerns), and for an event
    that changes a score ``vp`` (the points it adds to ``player``'s score, negative for a
    loss) with ``category`` (one of the game's ``score_breakdown`` categories). ``item``
    names the card, effect or tile involved. At the end of every game a seat's ``vp``
    per ``category`` add up to its breakdown (``core.testing.check_scoring_events``).

    >>> Event("Ann gains 3 VP").visible(1)
    True
    >>> Event("Ann draws a 7", visible_to=frozenset({0})).visible(1)
    False
    >>> e = Event("Ann gains 3 VP", kind="vp", player=0, vp=3, category="Polar Star",
    ...           item="book-2")
    >>> Event.from_json(e.to_json()) == e
    True
    """

    text: str
    visible_to: frozenset[int] | None = None
    kind: str = "info"
    player: int | None = None
    vp: int = 0
    category: str | None = None
    item: str | None = None

    def visible(self, player: int | None) -> bool:
        """Whether seat ``player`` (``None`` = spectator) may read this event."""
        if self.visible_to is None:
            return True
        return player is not None and player in self.visible_to

    def to_json(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "kind": self.kind,
            "player": self.player,
            "vp": self.vp,
            "category": self.category,
            "item": self.item,
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Event:
        seen = obj.get("visible_to")
        return cls(
            text=obj["text"],
            visible_to=None if seen is None else frozenset(seen),
            kind=obj.get("kind", "info"),
            player=obj.get("player"),
            vp=obj.get("vp", 0),
            category=obj.get("category"),
            item=obj.get("item"),
        )


def seat_name(player: int) -> str:
    """How logs name a seat: seats are 0-based in the API, 1-based for people."""
    return f"Player {player + 1}"
