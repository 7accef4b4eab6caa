"""Log events: what happened, in words, and who may read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One line of a game's log.

    ``visible_to`` is ``None`` for a public event, otherwise the seats that may see it.

    >>> Event("Ann gains 3 VP").visible(1)
    True
    >>> Event("Ann draws a 7", visible_to=frozenset({0})).visible(1)
    False
    """

    text: str
    visible_to: frozenset[int] | None = None
    kind: str = "info"
    player: int | None = None
    vp: int = 0

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
        )


def seat_name(player: int) -> str:
    """How logs name a seat: seats are 0-based in the API, 1-based for people."""
    return f"Player {player + 1}"
