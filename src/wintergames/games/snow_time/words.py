"""What Snow Time calls things: its messages and the mentions its phrases are made of.

A colour is named with the seat that runs it ("Player 2 (blue)"), a card by its number or
the special card's name ("5", "Healer"), a place of the tree by its level and a place of
the track by its space. The ids the views draw by stay in ``ref`` (a colour's name, a
card's id ``"5"``/``"healer"``, ``"level-3"``, ``"space-13"``) and ``term`` keys the help
glossary (``spec.rules_help.terms``) for the tooltip.

Phrases are made on every scoring moment of every turn a search plays, so every mention
a line can need is made once here (the game has few: five colours, ten cards, seven
levels, thirty-one spaces,
sixty-one on an overlay's longest track) and lines only pick them.

>>> from wintergames.games.snow_time.components import FIGHT
>>> MSG("score", who=who(1, 1), points=points(2, FIGHT), space=space(9),
...     why=MSG("why-knock-down", who=(who(2, 2),))).text
'Player 2 (blue) +2 fight (knocked out Player 3 (green)) → space 9'
>>> MSG("reveal", cards=(played(0, 0, 4), played(1, 1, ST.healer))).text
'Revealed: Player 1 (red) 5 and Player 2 (blue) Healer'
"""

from __future__ import annotations

from functools import cache

from wintergames.core.events import seat
from wintergames.core.phrases import Catalogue, Mention, Phrase
from wintergames.core.provenance import RuleIndex
from wintergames.core.spec import category_id
from wintergames.games.snow_time.components import DATA, FRUIT, MANA, POINT_KINDS, ST
from wintergames.games.snow_time.params import FINISH_MOST

MSG = Catalogue.load(DATA / "messages.toml", "snow-time")
RULES = RuleIndex.load(DATA / "rules.toml", "snow-time")

MAX_SEATS = 5  # the game's most players (a seat never runs more colours than there are)
# The kinds of points (``SnowTimeState.earned``), as the rulebook's turn resolution names
# them: the score breakdown's categories (its ids: "fight", "fruit", "mana", "bonus").
KIND_TITLES = ("Fight", "Fruit", "Mana", "Bonus")
BONUS = 3  # the fourth kind of points: a bonus space's move
# The rule each kind of point applies, where the kind alone says it (a fight's reason
# names knock-down or brawl itself).
KIND_RULES = {FRUIT: "fruit.eat", MANA: "mana", BONUS: "bonus"}

__all__ = ["BONUS", "KIND_RULES", "KIND_TITLES", "MSG", "RULES", "bonus_points", "bonus_space",
           "card", "category", "change", "colour", "die", "each", "level", "played", "points",
           "seat",
           "space", "total", "who"]


def _colour(k: int) -> Mention:
    name = ST.colours[k]
    return Mention("piece", name, name, term=name)


def _card(c: int) -> Mention:
    ref = ST.card_name(c)
    return Mention("card", ref, ref if ST.is_character(c) else ref.capitalize(), term=ref)


def _level(n: int) -> Mention:
    return Mention("place", f"level-{n}", f"level {n}", term=f"level {n}")


def _space(n: int) -> Mention:
    bonus = ST.bonus_at(n)
    return Mention("place", f"space-{n}", f"space {n}",
                   term="score track" if bonus is None else f"{bonus[0]} bonus")


def _bonus_space(n: int) -> Mention:
    bonus = ST.bonus_at(n)
    assert bonus is not None, f"space {n} is no bonus space"
    return Mention("place", f"space-{n}", f"{bonus[0]} bonus space {n}",
                   term=f"{bonus[0]} bonus")


_COLOURS = tuple(_colour(k) for k in range(len(ST.colours)))
# A colour after the seat that runs it, in brackets: one word, so a page keeps it whole
# with its pawn's icon where the line wraps.
_BRACKETED = tuple(Mention("piece", m.ref, f"({m.text})", term=m.term) for m in _COLOURS)
_CARDS = tuple(_card(c) for c in range(ST.cards))
_LEVELS = (None, *(_level(n) for n in range(1, ST.levels + 1)))  # by level number
_SPACES = tuple(_space(n) for n in range(FINISH_MOST + 1))  # the longest track an overlay has
_BONUS_SPACES = {n: _bonus_space(n) for n in ST.bonuses}
_DICE = (None, *(Mention("amount", f, str(f), unit="pips", term="dice") for f in range(1, 7)))
# "Player 2 (blue)" for every seat and colour: the same phrase every time.
_WHO = tuple(tuple(MSG("colour-name", seat=seat(p), colour=_BRACKETED[k])
                   for k in range(len(ST.colours))) for p in range(MAX_SEATS))
_UNITS = (*POINT_KINDS, "bonus")  # by kind of point: FIGHT, FRUIT, MANA, BONUS
_TERMS = (*POINT_KINDS, "bonus space")
_CATEGORY_IDS = tuple(category_id(title) for title in KIND_TITLES)


def colour(k: int) -> Mention:
    """Colour ``k`` alone: "red", with its pawn's icon on the page."""
    return _COLOURS[k]


def who(player: int, k: int) -> Phrase:
    """Colour ``k`` with the seat that runs it: "Player 2 (blue)"."""
    return _WHO[player][k]


def card(c: int) -> Mention:
    """A card of any colour: "5", "Healer"."""
    return _CARDS[c]


@cache
def played(player: int, k: int, c: int) -> Phrase:
    """Colour ``k``'s card ``c`` as a reveal lists it: "Player 1 (red) 5"."""
    return MSG("played", who=_WHO[player][k], card=_CARDS[c])


def level(n: int) -> Mention:
    """Level ``n`` of the tree (1 at the bottom)."""
    mention = _LEVELS[n]
    assert mention is not None
    return mention


def space(n: int) -> Mention:
    """Space ``n`` of the score track, as a pawn lands on it: "space 9"."""
    return _SPACES[n]


def bonus_space(n: int) -> Mention:
    """A bonus space as a bonus's reason: "fight bonus space 7"."""
    return _BONUS_SPACES[n]


def die(face: int) -> Mention:
    """A die's face: "4"."""
    mention = _DICE[face]
    assert mention is not None
    return mention


@cache
def points(n: int, kind: int) -> Mention:
    """Points of a kind as a pawn moves by them: "+2 fight" (the few there are, made once)."""
    return Mention("amount", n, f"+{n} {_UNITS[kind]}", unit=_UNITS[kind], term=_TERMS[kind])


@cache
def total(n: int, kind: int) -> Mention:
    """A turn's points of a kind as its summary adds them up, or fruit eaten: "3 fruit"."""
    return Mention("amount", n, f"{n} {_UNITS[kind]}", unit=_UNITS[kind], term=_TERMS[kind])


@cache
def each(n: int, kind: int) -> Mention:
    """Points of a kind per thing, as a rule states them: "a fight point", "2 fight
    points"."""
    said = f"a {_UNITS[kind]} point" if n == 1 else f"{n} {_UNITS[kind]} points"
    return Mention("amount", n, said, unit=_UNITS[kind], term=_TERMS[kind])


@cache
def bonus_points(n: int, kind: int) -> Mention:
    """A bonus move as the summary names it: "fight bonus +2"."""
    name = POINT_KINDS[kind]
    return Mention("amount", n, f"{name} bonus +{n}", unit="bonus", term=f"{name} bonus")


def category(kind: int) -> Mention:
    """A kind of points as the score breakdown's category (ref: the category's id)."""
    return Mention("category", _CATEGORY_IDS[kind], _UNITS[kind], term=_TERMS[kind])


def change(n: int, kind: int) -> Mention:
    """A signed change of a seat's points of a kind: "+2", "-1"."""
    return Mention("amount", n, f"{n:+d}", unit=_UNITS[kind], term=_TERMS[kind])
