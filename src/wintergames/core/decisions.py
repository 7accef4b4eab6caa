"""What a seat is deciding, in the game's words: the prompt, and each choice's label.

The terminal and the browser both show these, so they say the same thing at the same
moment. A ``Decision`` says what is decided (its prompt, with the rule it applies), for
which piece, what it costs, what limit applies and how many choices of the step remain.
A ``Choice`` is one legal action as people read it: a short ``label`` (a button), a
one-line ``explain`` with its cost (a tooltip, the terminal's list), and where an action
is made in two steps (a piece, then where it goes) the ``group`` it belongs to, which
says what goes there.

>>> from wintergames.core.phrases import Catalogue
>>> cat = Catalogue.from_toml('''
... [act]
... text = "Take an action"
... rule = "turn"
... [hold]
... text = "you hold {n} of {most} books"
... rule = "turn.books"
... ''', "demo")
>>> Decision(cat("act"), limit=cat("hold", n=2, most=3)).view()["limit"]["text"]
'you hold 2 of 3 books'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from orjson import Fragment

from wintergames.core.phrases import Mention, Phrase


def _said(phrase: Phrase | None) -> dict[str, Any] | None:
    return None if phrase is None else phrase.view()


@dataclass(frozen=True, slots=True)
class Decision:
    """The open decision of one seat."""

    prompt: Phrase
    piece: Mention | None = None
    cost: Phrase | None = None
    limit: Phrase | None = None
    remaining: int | None = None  # choices still to make in this step, where several are

    def view(self) -> dict[str, Any]:
        return {"prompt": self.prompt.view(),
                "piece": None if self.piece is None else self.piece.to_json(),
                "cost": _said(self.cost), "limit": _said(self.limit),
                "remaining": self.remaining}

    def phrases(self) -> list[Phrase]:
        """Every phrase the decision says (for the checks)."""
        return [p for p in (self.prompt, self.cost, self.limit) if p is not None]


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action as people read it."""

    label: Phrase
    explain: Phrase
    group: Phrase | None = None

    def view(self) -> dict[str, Any]:
        return {"label": self.label.view(), "explain": self.explain.view(),
                "group": _said(self.group)}

    def view_encoded(self) -> dict[str, Any]:
        """``view()`` with each phrase as its JSON kept from before (``orjson.Fragment``),
        for ``orjson.dumps``: a deciding view sends every choice of the seat."""
        return {"label": Fragment(self.label.view_json()),
                "explain": Fragment(self.explain.view_json()),
                "group": None if self.group is None else Fragment(self.group.view_json())}

    def phrases(self) -> list[Phrase]:
        return [p for p in (self.label, self.explain, self.group) if p is not None]
