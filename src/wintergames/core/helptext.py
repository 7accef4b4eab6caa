"""Rules at hand: each game's summary of its rulebook and one text per thing a player
may ask about, read from the game's ``data/help.toml`` so the terminal and the browser
say the same.

The file has a ``[summary]`` table (``goal``, ``setup``, ``turn``, ``scoring``, ``end``,
in that order, each a few sentences in our own words), a ``[terms]`` table: a key is
what a player types after ``help`` (a card id, an effect's name), its value says what
the thing does; and an ``[aliases]`` table: other words the screens use for a term (a
scoring category's title), each naming the term that explains it.

A term is found ignoring case, spaces against hyphens, plurals ("allies" finds ``ally``)
and a small misspelling when only one term is that close.

>>> rules = RulesHelp.from_toml('''
... [summary]
... goal = "Score most."
... setup = "Deal."
... turn = "Play a card."
... scoring = "1 VP a card."
... end = "When the deck is out."
... [terms]
... SB06 = "Draw two."
... ''', "demo")
>>> rules.explain("sb06")
'SB06: Draw two.'
>>> rules.explain("sb6")
'SB06 (for "sb6"): Draw two.'
>>> rules.explain("sb")
Traceback (most recent call last):
...
wintergames.core.helptext.UnknownTermError: demo has no help for 'sb'; did you mean SB06?
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from wintergames.core.errors import WintergamesError

SECTIONS = ("goal", "setup", "turn", "scoring", "end")
TITLES = {"goal": "Goal", "setup": "Setup", "turn": "A turn", "scoring": "Scoring",
          "end": "The end"}


# How close a misspelling must be to be read as a term (difflib's ratio), and how much
# closer than the next term.
_SURE, _AHEAD = 0.8, 0.1


class UnknownTermError(WintergamesError, ValueError):
    """``help TERM`` for a term the game does not know; the message suggests near ones."""


class HelpFileError(WintergamesError):
    """A game's ``help.toml`` lacks a section or holds something other than text."""


@dataclass(frozen=True)
class RulesHelp:
    """A game's rules summary and its explained terms (keys in their own spelling)."""

    game: str
    summary: tuple[tuple[str, str], ...]  # (section title, text), in SECTIONS order
    terms: Mapping[str, str]
    aliases: Mapping[str, str] = field(  # a word the screens use -> the term explaining it
        default_factory=lambda: MappingProxyType({}))

    @classmethod
    def from_toml(cls, text: str, game: str,
                  extra: Mapping[str, str] | None = None) -> RulesHelp:
        """Read a ``help.toml`` text; refuse a missing section or an empty text.

        ``extra``: terms whose texts already live in the game's other data files (a card
        list with its texts), so no text is written twice; a key in both is refused.
        """
        where = f"{game} help.toml"
        raw = tomllib.loads(text)
        summary = raw.get("summary")
        if not isinstance(summary, dict):
            raise HelpFileError(f"{where}: no [summary] table")
        unknown = sorted(set(summary) - set(SECTIONS))
        if unknown:
            raise HelpFileError(f"{where}: unknown summary section {unknown[0]!r}; "
                                f"sections: {', '.join(SECTIONS)}")
        parts = []
        for key in SECTIONS:
            parts.append((TITLES[key], _text(summary.get(key), f"{where} [summary] {key}")))
        terms = raw.get("terms", {})
        if not isinstance(terms, dict):
            raise HelpFileError(f"{where}: [terms] must be a table of texts")
        terms = {**terms}
        for key, value in (extra or {}).items():
            if key in terms:
                raise HelpFileError(f"{where}: term {key!r} is written in help.toml and in "
                                    "the game's other data; keep one")
            terms[key] = value
        seen: dict[str, str] = {}
        for key, value in terms.items():
            terms[key] = _text(value, f"{where} [terms] {key}")  # lines joined, as above
            if _folded(key) in seen:
                raise HelpFileError(f"{where}: terms {seen[_folded(key)]!r} and {key!r} differ "
                                    "only in case or in spaces, hyphens and underscores")
            seen[_folded(key)] = key
        aliases = raw.get("aliases", {})
        if not isinstance(aliases, dict):
            raise HelpFileError(f"{where}: [aliases] must be a table of term names")
        for alias, target in aliases.items():
            if not isinstance(target, str) or target not in terms:
                raise HelpFileError(f"{where}: alias {alias!r} names {target!r}, which is no "
                                    "term")
            if _folded(alias) in seen:
                raise HelpFileError(f"{where}: alias {alias!r} is a term already")
        return cls(game, tuple(parts), MappingProxyType(dict(terms)),
                   MappingProxyType(dict(aliases)))

    @classmethod
    def load(cls, data_dir: Path, game: str,
             extra: Mapping[str, str] | None = None) -> RulesHelp:
        """``from_toml`` of ``data_dir/help.toml``."""
        return cls.from_toml((data_dir / "help.toml").read_text(encoding="utf-8"), game, extra)

    def summary_text(self) -> str:
        """The summary as plain text, a titled paragraph per section."""
        return "\n\n".join(f"{title}\n{text}" for title, text in self.summary)

    def lookup(self, term: str) -> tuple[str, str] | None:
        """The term's own spelling and its text, matched ignoring case, whether words
        are joined by spaces, hyphens or underscores (``explosive rune`` finds
        ``explosive-rune``) and plurals (``allies`` finds ``ally``); an alias finds its
        term. A misspelling is not matched here (``explain`` guesses)."""
        for fold in (_folded, _singular):
            key = fold(term)
            for name, text in self.terms.items():
                if fold(name) == key:
                    return name, text
            for alias, name in self.aliases.items():
                if fold(alias) == key:
                    return name, self.terms[name]
        return None

    def explain(self, term: str) -> str:
        """``NAME: text`` for ``term``; for a small misspelling that only one term is
        close to, that term's text with the word read (``NAME (for "word"): text``);
        otherwise an ``UnknownTermError`` that lists the closest terms."""
        found = self.lookup(term)
        if found is not None:
            return f"{found[0]}: {found[1]}"
        # Each spelling a guess may be near: a term's own first, then singulars, aliases.
        names = {_folded(name): name for name in self.terms}
        for name in self.terms:
            names.setdefault(_singular(name), name)
        for alias, name in self.aliases.items():
            names.setdefault(_singular(alias), name)
        asked = _singular(term)
        near = list(dict.fromkeys(
            names[n] for n in difflib.get_close_matches(asked, names, n=4, cutoff=0.6)))
        scores = sorted(((difflib.SequenceMatcher(None, asked, n).ratio(), names[n])
                         for n in names), reverse=True)
        best = scores[0] if scores else (0.0, "")
        others = [score for score, name in scores[1:] if name != best[1]]
        # A guess only when one term is that close and clearly closer than any other.
        if best[0] >= _SURE and (not others or others[0] <= best[0] - _AHEAD):
            return f'{best[1]} (for "{term.strip()}"): {self.terms[best[1]]}'
        hint = f"did you mean {', '.join(near)}?" if near else (
            f"{len(self.terms)} terms are explained, e.g. "
            f"{', '.join(sorted(self.terms)[:6])}")
        raise UnknownTermError(f"{self.game} has no help for {term.strip()!r}; {hint}")


def _folded(term: str) -> str:
    """A term as lookups compare it: lower case, words joined by single hyphens."""
    return "-".join(term.lower().replace("_", " ").replace("-", " ").split())


def _singular(term: str) -> str:
    """``_folded``, each word made singular the simple English way ("allies" "ally",
    "exams" "exam", "boxes" "box"); short words and "ss" endings stay."""
    return "-".join(_one(word) for word in _folded(term).split("-"))


def _one(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "uses", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def _text(value: object, where: str) -> str:
    """The text with its lines joined; a blank line still starts a new paragraph."""
    if not isinstance(value, str) or not value.strip():
        raise HelpFileError(f"{where}: expected a non-empty text")
    return "\n".join(" ".join(part.split()) for part in value.strip().split("\n\n"))
