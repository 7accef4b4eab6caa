"""Where each rule comes from: a game's rule passages, each with an id every log line,
refusal and prompt can name.

A game's ``data/rules.toml`` holds one table per passage: its ``title``, the rulebook
``section`` it restates and its ``text`` in the project's own words. The same passages
close ``docs/rules/<game>.md`` (under ``PASSAGES_HEADING``), where each is a level-3
heading ``### <id>: <title>`` that the document page anchors as ``#rule-<id>``;
``scripts/write-rule-passages`` writes that section from the data.

>>> rules = RuleIndex.from_toml('''
... ["turn.place"]
... title = "Placing a floe on the board"
... section = "Place an Ice Floe on the Game Board"
... text = "Put a floe you can reach on an empty space."
... ''', "demo")
>>> rules["turn.place"].title
'Placing a floe on the board'
>>> print(rules.markdown().splitlines()[4])
### turn.place: Placing a floe on the board
>>> rules.why("turn.pass")
Traceback (most recent call last):
...
wintergames.core.provenance.UnknownRuleError: demo has no rule passage 'turn.pass'
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from wintergames.core.errors import WintergamesError

PASSAGES_HEADING = "## The rules, passage by passage"
_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789.-")


class UnknownRuleError(WintergamesError, KeyError):
    """A rule id no passage of the game carries."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True, slots=True)
class Passage:
    """One rule in the project's words, with the rulebook section it restates."""

    id: str
    title: str
    section: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title, "section": self.section,
                "text": self.text}

    def explained(self) -> str:
        """The passage as the terminal's ``why`` prints it."""
        return f"{self.id}: {self.title} (rulebook: {self.section})\n{self.text}"


def is_rule_id(text: str) -> bool:
    """Lower-case words joined by dots and hyphens: ``turn.place``, ``end.final-phase``.

    >>> is_rule_id("turn.place"), is_rule_id("Turn place"), is_rule_id(".x")
    (True, False, False)
    """
    return (bool(text) and set(text) <= _ID_CHARS and text[0] not in ".-"
            and text[-1] not in ".-" and ".." not in text)


class RuleIndex(Mapping[str, Passage]):
    """A game's rule passages by id, in their file's order."""

    def __init__(self, game: str, passages: Mapping[str, Passage]) -> None:
        self.game = game
        self._passages = dict(passages)

    @classmethod
    def from_toml(cls, text: str, game: str) -> RuleIndex:
        passages: dict[str, Passage] = {}
        for rule_id, entry in tomllib.loads(text).items():
            if not is_rule_id(rule_id):
                raise ValueError(f"{game}: {rule_id!r} is no rule id (lower-case words "
                                 "joined by '.' and '-')")
            if not isinstance(entry, dict) or set(entry) != {"title", "section", "text"}:
                raise ValueError(f"{game}: rule {rule_id!r} must have exactly a title, a "
                                 "section and a text")
            passages[rule_id] = Passage(rule_id, *(" ".join(str(entry[k]).split())
                                                   for k in ("title", "section", "text")))
        return cls(game, passages)

    @classmethod
    def load(cls, path: Path, game: str) -> RuleIndex:
        return cls.from_toml(path.read_text(encoding="utf-8"), game)

    def __getitem__(self, rule_id: str) -> Passage:
        return self._passages[rule_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._passages)

    def __len__(self) -> int:
        return len(self._passages)

    def why(self, rule_id: str) -> Passage:
        """The passage of ``rule_id``; ``UnknownRuleError`` when none carries it."""
        try:
            return self._passages[rule_id]
        except KeyError:
            raise UnknownRuleError(f"{self.game} has no rule passage {rule_id!r}") from None

    def markdown(self) -> str:
        """The passages as the closing section of ``docs/rules/<game>.md``."""
        lines = [PASSAGES_HEADING, "",
                 "Every log line, refusal and prompt of the game names one of these rules "
                 "(generated from `data/rules.toml`).", ""]
        for p in self._passages.values():
            lines += [f"### {p.id}: {p.title}", "", f"*Rulebook: {p.section}.*", "",
                      p.text, ""]
        return "\n".join(lines)


def with_passages(document: str, rules: RuleIndex) -> str:
    """``document`` with its passages section (from ``PASSAGES_HEADING`` to the end)
    replaced by, or ended with, the passages of ``rules``."""
    head, found, _ = document.partition(PASSAGES_HEADING)
    return (head if found else document.rstrip("\n") + "\n\n") + rules.markdown()

