"""What Winter Queen calls things: its messages and the mentions its phrases are made of.

A book is named by its pages' effects ("the book with Wind Rose / Border Guard") and a
royal token by what it shows, never by an id: the ids stay in ``ref`` and ``term``, where
the screens find the picture and the tooltip. A mention never changes, so each is made
once (``cache``): a seat's choices name the same floes and spaces a hundred times.

>>> MSG("place", seat=seat(0), floe=floe(4), stand=stand(0), space=space(12),
...     zone=zone(WQ.zone[12])).text
'Player 1 places a red floe from stand 1 on c3 (royal domain)'
>>> book(11).text
'the book with Border Guard / Northern Lights'
"""

from __future__ import annotations

from functools import cache

from wintergames.core.events import amount, seat
from wintergames.core.phrases import Catalogue, Mention
from wintergames.core.provenance import RuleIndex
from wintergames.games.winter_queen.components import DATA, EFFECT_TITLES, ROYAL, WQ

MSG = Catalogue.load(DATA / "messages.toml", "winter-queen")
RULES = RuleIndex.load(DATA / "rules.toml", "winter-queen")

__all__ = ["MSG", "RULES", "amount", "book", "books", "colour", "floe", "page", "page_side",
           "royal_token", "seat", "space", "stack", "stand", "vp", "zone"]


@cache
def floe(c: int) -> Mention:
    """A floe of colour ``c``: "red floe"."""
    name = WQ.colours[c]
    return Mention("piece", name, f"{name} floe", term=name)


@cache
def colour(c: int) -> Mention:
    """Colour ``c`` alone, where the sentence names floes already: "red"."""
    name = WQ.colours[c]
    return Mention("piece", name, name, term=name)


@cache
def space(x: int) -> Mention:
    name = WQ.cell_names[x]
    return Mention("place", name, name, term=name)


@cache
def zone(z: int) -> Mention:
    """A province ("red province") or the royal domain."""
    ref = "royal" if z == ROYAL else WQ.provinces[z]
    return Mention("place", ref, WQ.zone_name(z), term=None if z == ROYAL else ref)


@cache
def stand(i: int) -> Mention:
    return Mention("place", f"stand-{i + 1}", f"stand {i + 1}", term="stand")


@cache
def stack(province: int) -> Mention:
    name = WQ.provinces[province]
    return Mention("place", f"{name}-stack", f"the {name} stack", term=name)


@cache
def book(b: int) -> Mention:
    """Spellbook ``b`` named by its two pages."""
    data = WQ.books[b]
    titles = " / ".join(p.title(WQ.colours) for p in data.pages)
    return Mention("card", data.id, f"the book with {titles}", term=data.id)


@cache
def page(b: int, side: int) -> Mention:
    """Page ``side`` of book ``b`` as its effect: "Forest Lights (red)"."""
    p = WQ.books[b].pages[side]
    return Mention("term", p.effect, p.title(WQ.colours), term=p.effect)


@cache
def page_side(side: int) -> Mention:
    """Page A or B of a book, as its place."""
    letter = "AB"[side]
    return Mention("place", letter, f"page {letter}")


@cache
def effect(name: str) -> Mention:
    return Mention("term", name, EFFECT_TITLES[name], term=name)


@cache
def royal_token(token: int) -> Mention:
    data = WQ.royal_tokens[token]
    text = (f"(royal token with a {WQ.colours[data.depicts]} floe)" if data.depicts >= 0
            else "(open royal token)")
    return Mention("card", data.id, text, term=data.id)


def vp(n: int) -> Mention:
    return amount(n, "VP")


def books(n: int) -> Mention:
    """A number of spellbooks: "3 books", "1 book" (an overlay may allow holding one)."""
    return amount(n, "books", f"{n} book" if n == 1 else f"{n} books")
