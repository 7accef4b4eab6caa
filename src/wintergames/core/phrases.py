"""What the engine says, as data: a message id, the things it mentions, the rule it applies.

Every sentence a game shows (a log line, a prompt, a choice's label) is a ``Phrase``: the
id of a message in the game's ``data/messages.toml``, typed ``Mention``s of the things it
names (a seat, a card, a place, an amount with its unit…), and the id of the rule it
applies. The terminal joins the words; the browser draws each mention with its icon and
tooltip. Both render the same ``parts``, so the two screens say the same, and no screen
ever reads meaning back out of English.

A catalogue holds one template per message, with the rule it applies by default:

>>> cat = Catalogue.from_toml('''
... [gain]
... text = "{seat} gains {vp}: {why}"
... rule = "scoring"
... [edge]
... text = "{n} floes on the edge"
... rule = "scoring.edge"
... ''', "demo")
>>> said = cat("gain", seat=Mention("seat", 0, "Player 1"),
...            vp=Mention("amount", 2, "2 VP", unit="VP"), why=cat("edge", n=2))
>>> said.text
'Player 1 gains 2 VP: 2 floes on the edge'
>>> [p if isinstance(p, str) else p.kind for p in said.parts()]
['seat', ' gains ', 'amount', ': 2 floes on the edge']
>>> said.rule, cat("gain", rule="scoring.edge", seat=1, vp=2, why=cat("edge", n=2)).rule
('scoring', 'scoring.edge')
>>> cat.phrase_from_json(said.to_json()) == said
True
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Union

import orjson

from wintergames.core.errors import WintergamesError

# What a mention may be. A screen draws each kind its own way (a seat in its colour, an
# amount with its unit's icon, a card or piece with the game's picture of it) and shows
# ``term``'s glossary text as its tooltip.
MENTION_KINDS = frozenset({
    "seat",      # a player; ref: the 0-based seat
    "card",      # a card, tile or token a player holds or plays; ref: its id
    "piece",     # a piece on the table (a floe, a figure, a penguin); ref: its type
    "place",     # a space, region, stand or slot; ref: its id
    "amount",    # a number of something; ref: the number, unit: what is counted
    "category",  # a scoring category; ref: the category's name
    "term",      # a named rule thing (an effect, an action); ref: its glossary key
})


class MessageError(WintergamesError, ValueError):
    """A message id the catalogue lacks, or a template with fields its call does not give."""


@dataclass(frozen=True, slots=True)
class Mention:
    """A thing a phrase names: what it is, which one, and the words for it.

    >>> Mention("amount", 3, "3 VP", unit="VP").to_json()
    {'kind': 'amount', 'ref': 3, 'text': '3 VP', 'unit': 'VP'}
    """

    kind: str
    ref: str | int | None
    text: str
    unit: str | None = None
    term: str | None = None  # the glossary key of its tooltip, where it has one

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "ref": self.ref, "text": self.text}
        if self.unit is not None:
            out["unit"] = self.unit
        if self.term is not None:
            out["term"] = self.term
        return out

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> Mention:
        return cls.checked(obj["kind"], obj["ref"], obj["text"], obj.get("unit"),
                           obj.get("term"))

    @classmethod
    def checked(cls, kind: Any, ref: Any, text: Any, unit: Any, term: Any) -> Mention:
        """A mention read back from storage, each field of its type (``MessageError``)."""
        if kind not in MENTION_KINDS or type(text) is not str \
                or type(ref) not in _REF_TYPES or type(unit) not in _WORD_TYPES \
                or type(term) not in _WORD_TYPES:
            raise MessageError(f"no mention: {[kind, ref, text, unit, term]!r:.80}")
        return cls(kind, ref, text, unit, term)


# A stored mention's field types, exactly (a bool is no ref; storage holds no subclasses).
_REF_TYPES = frozenset({str, int, type(None)})
_WORD_TYPES = frozenset({str, type(None)})

# An argument of a phrase: a mention, a phrase inside it, a plain number, or a list of
# those (said "a, b and c").
Arg = Union[Mention, "Phrase", int, tuple[Union[Mention, "Phrase"], ...]]
Part = str | Mention


@dataclass(frozen=True, slots=True)
class Template:
    """A message's words with its fields, parsed once: ``("", "seat"), (" gains ", "vp")``."""

    pieces: tuple[tuple[str, str | None], ...]
    rule: str
    fields: frozenset[str]

    @classmethod
    def parse(cls, text: str, rule: str) -> Template:
        pieces = tuple((literal, name or None)
                       for literal, name, _, _ in string.Formatter().parse(text))
        return cls(pieces, rule, frozenset(name for _, name in pieces if name is not None))


@dataclass(frozen=True, slots=True)
class Phrase:
    """One sentence (or part of one) of a game: its message, its arguments, its rule.

    Phrases are cheap to make (searches play thousands of turns a second and each turn
    logs); the words are only put together when a screen asks for them, once: a phrase
    never changes, so its words and parts are kept (the checks and every view of a long
    game read the same lines again and again).
    """

    msg: str
    args: Mapping[str, Arg]
    rule: str
    catalogue: Catalogue = field(compare=False, repr=False)
    _parts: tuple[Part, ...] | None = field(default=None, init=False, compare=False,
                                            repr=False)
    _text: str | None = field(default=None, init=False, compare=False, repr=False)
    _json: bytes | None = field(default=None, init=False, compare=False, repr=False)

    def parts(self) -> list[Part]:
        """The sentence as words and mentions, adjacent words merged."""
        return list(self._made())

    @property
    def text(self) -> str:
        if self._text is None:
            object.__setattr__(self, "_text", "".join(
                p if type(p) is str else p.text for p in self._made()))  # type: ignore[union-attr]
        return self._text or ""

    def mentions(self) -> Iterator[Mention]:
        """Every mention of the sentence, those of phrases inside it included."""
        return (p for p in self._made() if type(p) is not str)  # type: ignore[misc]

    def _made(self) -> tuple[Part, ...]:
        """The parts, put together once (a phrase never changes)."""
        made = self._parts
        if made is None:
            out: list[Part] = []
            self._render_into(out)
            made = tuple(out)
            object.__setattr__(self, "_parts", made)
        return made

    def _render_into(self, out: list[Part]) -> None:
        for literal, name in self.catalogue.template(self.msg).pieces:
            if literal:
                _add_words(out, literal)
            if name is not None:
                arg = self.args.get(name, _MISSING)
                if arg is _MISSING:
                    raise MessageError(
                        f"{self.catalogue.game}: message {self.msg!r} needs {{{name}}}; "
                        f"given {sorted(self.args)}")
                _render_arg(arg, out)  # type: ignore[arg-type]

    def to_json(self) -> dict[str, Any]:
        """The phrase as stored: message, arguments and rule (``Catalogue.phrase_from_json``
        reads it back). Each call returns new objects, its caller's to change (built
        directly: half the time of parsing a kept JSON text)."""
        return {"msg": self.msg, "args": {k: _arg_json(v) for k, v in self.args.items()},
                "rule": self.rule}

    def view(self) -> dict[str, Any]:
        """The phrase as a screen draws it: its words, its parts and its rule."""
        return {"msg": self.msg, "rule": self.rule, "text": self.text,
                "parts": [p if type(p) is str else p.to_json()  # type: ignore[union-attr]
                          for p in self._made()]}

    def view_json(self) -> bytes:
        """``view()`` as JSON, made once: a game that keeps the phrases it says again (a
        choice's label, a floe's group) has each encoded once, however many views send it.

        >>> cat = Catalogue.from_toml('[hi]\\ntext = "hi {n}"\\nrule = "r"', "demo")
        >>> said = cat("hi", n=2)
        >>> said.view_json() is said.view_json(), orjson.loads(said.view_json())["text"]
        (True, 'hi 2')
        """
        made = self._json
        if made is None:
            made = orjson.dumps(self.view())
            object.__setattr__(self, "_json", made)
        return made


_MISSING = object()


def _add_words(out: list[Part], words: str) -> None:
    if out and type(out[-1]) is str:
        out[-1] += words
    else:
        out.append(words)


def _render_arg(arg: Arg, out: list[Part]) -> None:
    if isinstance(arg, Mention):
        out.append(arg)
    elif isinstance(arg, Phrase):
        for part in arg._made():  # a phrase inside: its parts as it made them once
            if type(part) is str:
                _add_words(out, part)
            else:
                out.append(part)
    elif isinstance(arg, int):
        _add_words(out, str(arg))
    else:
        last = len(arg) - 1
        for i, item in enumerate(arg):
            if i:
                _add_words(out, " and " if i == last else ", ")
            _render_arg(item, out)


def _arg_json(arg: Arg) -> Any:
    if isinstance(arg, Mention):
        # stored compactly, [kind, ref, text, unit, term]: a long game's log holds thousands
        # (snapshots are copied and compared often; the screens get ``Mention.to_json``)
        return {"mention": [arg.kind, arg.ref, arg.text, arg.unit, arg.term]}
    if isinstance(arg, int):
        return arg
    if isinstance(arg, Phrase):
        return {"phrase": arg.to_json()}
    return [_arg_json(a) for a in arg]


class Catalogue:
    """A game's messages: ``catalogue(msg, rule=None, **args)`` makes a ``Phrase``.

    Read from ``data/messages.toml``: one table per message id, with ``text`` (a template
    whose ``{name}`` fields its arguments fill) and ``rule`` (the id of the rule passage it
    applies unless the call names another).
    """

    def __init__(self, game: str, templates: Mapping[str, Template]) -> None:
        self.game = game
        self._templates = dict(templates)

    @classmethod
    def from_toml(cls, text: str, game: str) -> Catalogue:
        data = tomllib.loads(text)
        templates: dict[str, Template] = {}
        for msg, entry in data.items():
            if not isinstance(entry, dict) or set(entry) != {"text", "rule"}:
                given = sorted(entry) if isinstance(entry, dict) else entry
                raise MessageError(f"{game}: message {msg!r} must have exactly a text and "
                                   f"a rule, not {given!r}")
            templates[msg] = Template.parse(str(entry["text"]), str(entry["rule"]))
        return cls(game, templates)

    @classmethod
    def load(cls, path: Path, game: str) -> Catalogue:
        return cls.from_toml(path.read_text(encoding="utf-8"), game)

    def __call__(self, msg: str, rule: str | None = None, **args: Arg) -> Phrase:
        template = self._templates.get(msg)
        if template is None:
            raise MessageError(f"{self.game} has no message {msg!r}")
        return Phrase(msg, args, template.rule if rule is None else rule, self)

    def __contains__(self, msg: object) -> bool:
        return msg in self._templates

    def __iter__(self) -> Iterator[str]:
        return iter(self._templates)

    def template(self, msg: str) -> Template:
        try:
            return self._templates[msg]
        except KeyError:
            raise MessageError(f"{self.game} has no message {msg!r}") from None

    def phrase_from_json(self, obj: Mapping[str, Any]) -> Phrase:
        """A stored phrase read back; ``MessageError`` when it is no phrase of this game
        (an unknown message, a field missing, an argument of no known shape)."""
        args = {str(k): self._arg_from_json(v) for k, v in obj["args"].items()}
        if not isinstance(obj["rule"], str):
            raise MessageError(f"{self.game}: a phrase's rule is a text, not {obj['rule']!r:.40}")
        said = self(obj["msg"], rule=obj["rule"], **args)
        missing = self.template(said.msg).fields.difference(args)
        if missing:
            raise MessageError(f"{self.game}: message {said.msg!r} lacks {sorted(missing)}")
        return said

    def _arg_from_json(self, obj: Any) -> Arg:
        kind = type(obj)  # JSON's own types, exactly: a bool or a float is no argument
        if kind is int:
            return obj
        if kind is list:
            items = tuple(self._arg_from_json(a) for a in obj)
            if not all(type(a) is Mention or type(a) is Phrase for a in items):
                raise MessageError(f"{self.game}: a list argument holds mentions and phrases")
            return items  # type: ignore[return-value]  # checked just above
        if kind is dict and "mention" in obj:
            stored = obj["mention"]
            if type(stored) is not list or len(stored) != 5:
                raise MessageError(f"{self.game}: a stored mention is [kind, ref, text, unit, "
                                   f"term], not {stored!r:.60}")
            return Mention.checked(*stored)
        if kind is dict and "phrase" in obj:
            return self.phrase_from_json(obj["phrase"])
        raise MessageError(f"{self.game}: {obj!r:.60} is no phrase argument")
