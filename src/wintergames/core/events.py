"""Log events: what happened, as a phrase of the game's messages, and who may read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wintergames.core.phrases import Mention, Phrase

if TYPE_CHECKING:
    from wintergames.core.phrases import Catalogue


@dataclass(frozen=True, slots=True)
class Event:
    """One line of a game's log.

    ``said`` is what happened: a ``Phrase`` of the game's messages (its words, the things
    it mentions and the rule it applies). A plain string is a line from before messages
    existed (an old snapshot read back); such a line has no rule.

    ``visible_to`` is ``None`` for a public event, otherwise the seats that may see it.
    Beside its words an event carries machine-readable fields, so statistics never parse
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

    said: Phrase | str
    visible_to: frozenset[int] | None = None
    kind: str = "info"
    player: int | None = None
    vp: int = 0
    category: str | None = None
    item: str | None = None

    @property
    def text(self) -> str:
        """The line in words, as the terminal prints it."""
        return self.said if isinstance(self.said, str) else self.said.text

    @property
    def rule(self) -> str | None:
        """The id of the rule passage this event applies (``None``: an old plain line)."""
        return None if isinstance(self.said, str) else self.said.rule

    def visible(self, player: int | None) -> bool:
        """Whether seat ``player`` (``None`` = spectator) may read this event."""
        if self.visible_to is None:
            return True
        return player is not None and player in self.visible_to

    def view(self) -> dict[str, Any]:
        """The line as a screen draws it: its words and parts, its rule, who it concerns."""
        said = (self.said.view() if isinstance(self.said, Phrase)
                else {"msg": None, "rule": None, "text": self.said, "parts": [self.said]})
        return {**said, "kind": self.kind, "player": self.player, "vp": self.vp}

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "text": self.text,
            "kind": self.kind,
            "player": self.player,
            "vp": self.vp,
            "category": self.category,
            "item": self.item,
            "visible_to": None if self.visible_to is None else sorted(self.visible_to),
        }
        if isinstance(self.said, Phrase):
            out["said"] = self.said.to_json()
        return out

    @classmethod
    def from_json(cls, obj: dict[str, Any], messages: Catalogue | None = None) -> Event:
        """Read an event back; ``messages`` (the game's catalogue) reads its phrase, and
        without it (or for a line stored before messages) the words are kept as text."""
        said: Phrase | str = obj["text"]
        if messages is not None and "said" in obj:
            said = messages.phrase_from_json(obj["said"])
        seen = obj.get("visible_to")
        return cls(
            said=said,
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


def seat(player: int) -> Mention:
    """A seat as phrases mention it.

    >>> seat(0)
    Mention(kind='seat', ref=0, text='Player 1', unit=None, term=None)
    """
    return Mention("seat", player, seat_name(player))


def amount(n: int, unit: str, text: str | None = None) -> Mention:
    """``n`` of ``unit`` as phrases mention it: ``amount(3, "VP")`` says "3 VP"."""
    return Mention("amount", n, f"{n} {unit}" if text is None else text, unit=unit)
