"""What ICE calls things: its messages, its rule passages and the mentions its phrases are
made of.

A thing is named as a player says it, never by its code: a Snow tile by its front
("Abseiling Rope"), an Artifact by its type, Anima and Shape, a Request by its kind and
types, a Decree by what it counts, a Logbook card by its event. The code stays in the
mention's ``ref`` (where a screen finds the picture) and ``term`` (the help entry of its
tooltip). A tile nobody may see is named by what shows of it ("a tunnel Snow tile").

Every mention is made once, at import: a search logs thousands of lines a second, and
each line only picks ready-made mentions.

>>> MSG("recruit", seat=seat(0), archaeologist=ARCHAEOLOGIST,
...     place=place(PLACES.index("T26")), ep=ep(1)).text
'Player 1 recruits an Archaeologist on T26 (1 EP).'
>>> tile(TILE_IDS.index("SN18")).text, hidden(TILE_IDS.index("SN18")).text
('Abseiling Rope', 'a tunnel Snow tile')
>>> request(0).text, decree(2).text
('Mono Request (Harmony)', 'Harmony Decree')
"""

from __future__ import annotations

from functools import cache

from wintergames.core.events import amount
from wintergames.core.events import seat as seat_mention
from wintergames.core.phrases import Arg, Catalogue, Mention, Phrase
from wintergames.core.provenance import RuleIndex
from wintergames.games.ice.actions import PLACES, TILE_IDS
from wintergames.games.ice.components import DATA, IC
from wintergames.games.ice.geometry import BOARD
from wintergames.games.ice.model import BACKS, FRONTS, GUILDS, LEVELS, PRISMATIC, TYPES

MSG = Catalogue.load(DATA / "messages.toml", "ice")
RULES = RuleIndex.load(DATA / "rules.toml", "ice")


# -- seats and places ----------------------------------------------------------------------

_SEATS = tuple(seat_mention(p) for p in range(len(GUILDS)))


def seat(p: int) -> Mention:
    """Seat ``p``: "Player 1"."""
    return _SEATS[p]


def _layer(q: int) -> str:
    """The help term of place ``q``'s layer (its tooltip: what a T, S, D, E or A place is)."""
    return "edge" if BOARD.kind[q] == "edge" else LEVELS[BOARD.level[q]]


_PLACES = tuple(Mention("place", name, name, term=_layer(q)) for q, name in enumerate(PLACES))


def place(q: int) -> Mention:
    """Place ``q`` by its name on the board ("T26"), its layer as the tooltip."""
    return _PLACES[q]


# -- tiles ---------------------------------------------------------------------------------

_TYPE_NAMES = (*(t.title() for t in TYPES), "Prismatic")
_TYPE_CODES = (*TYPES, "prismatic")
_TYPES = tuple(Mention("term", code, name, term=code)
               for code, name in zip(_TYPE_CODES, _TYPE_NAMES, strict=True))


def artifact_type(t: int) -> Mention:
    """Artifact type ``t`` (0..4, or PRISMATIC): "Harmony"."""
    return _TYPES[t]


def _front_title(front: str) -> str:
    """A Snow tile front as the rulebook names it: "Swarm of Polar Termites"."""
    if front == "polar-termites":
        return "Swarm of Polar Termites"
    return front.replace("-", " ").title().replace(" Of ", " of ")


_FRONTS = {f: Mention("term", f, _front_title(f), term=f) for f in FRONTS if f != "blank"}


def front(code: str) -> Mention:
    """A Snow tile front as a thing of the rules ("Polar Termites" in an excavation's cost)."""
    return _FRONTS[code]


def _tile_name(n: int) -> str:
    t = IC.tiles[n]
    if t.level == 3:
        if t.front == "blank":
            return "the Encampment"
        title = _front_title(t.front)
        return f"{title} ({_TYPE_NAMES[t.talisman]})" if t.talisman >= 0 else title
    shape = f", Shape {t.shape}" if t.type != PRISMATIC else ""
    return f"{_TYPE_NAMES[t.type]} Artifact (Anima {t.anima}{shape})"


def _public_name(n: int) -> tuple[str, str]:
    """What shows of a face-down tile, and its help term: its back, or its layer and type."""
    t = IC.tiles[n]
    if t.level == 3:
        article = "an" if t.back[0] in "aeiou" else "a"
        return f"{article} {t.back} Snow tile", t.back
    return f"a {LEVELS[t.level].title()} {_TYPE_NAMES[t.type]} Artifact", _TYPE_CODES[t.type]


_TILES = tuple(Mention("card", TILE_IDS[n], _tile_name(n), term=TILE_IDS[n])
               for n in range(len(IC.tiles)))
_HIDDEN = tuple(Mention("piece", term, text, term=term)
                for text, term in (_public_name(n) for n in range(len(IC.tiles))))


def tile(n: int) -> Mention:
    """Tile ``n`` face up: a Snow tile by its front, an Artifact by type, Anima, Shape."""
    return _TILES[n]


def hidden(n: int) -> Mention:
    """Tile ``n`` as everybody sees it face down: "a tunnel Snow tile", "a Deep Harmony
    Artifact" (``ref``: the back or the type, whose picture a screen shows)."""
    return _HIDDEN[n]


_BACKS = {b: Mention("piece", b, b.title(), term=b) for b in BACKS}


def back(code: str) -> Mention:
    """A Snow tile's landscape, as the icon a Logbook card shows: "Tunnel"."""
    return _BACKS[code]


# -- cards ---------------------------------------------------------------------------------

def _request_name(c: int) -> str:
    r = IC.requests[c]
    if r.kind == "prism":
        return "Prism Request"
    names = [_TYPE_NAMES[t] for t in r.types]
    joined = " or ".join(names) if r.kind == "either" else ", ".join(names)
    return f"{r.kind.title()} Request ({joined})"


_DECREE_KINDS = {"tokens": "RP tokens", "study": "Study tokens", "sets": "Sets",
                 "shapes": "Shapes"}


def _decree_name(d: int) -> str:
    dec = IC.decrees[d]
    what = _TYPE_NAMES[dec.type] if dec.kind == "type" else _DECREE_KINDS[dec.kind]
    return f"{what} Decree"


def _event_name(event: str) -> str:
    """A Logbook event as the rulebook names it: "Something is Coming"."""
    return " ".join(w if w == "is" else w.title() for w in event.split("-"))


_REQUESTS = tuple(Mention("card", r.id, _request_name(c), term=r.id)
                  for c, r in enumerate(IC.requests))
_DECREES = tuple(Mention("card", d.id, _decree_name(n), term=d.id)
                 for n, d in enumerate(IC.decrees))
_LOGBOOK = tuple(Mention("card", b.id, _event_name(b.event), term=b.id) for b in IC.logbook)
_GUILDS = tuple(Mention("term", g.id, g.name, term=g.id) for g in IC.guilds)


def request(c: int) -> Mention:
    """Request card ``c`` by its kind and types: "Duo Request (Harmony, Exalted, ...)"."""
    return _REQUESTS[c]


def decree(d: int) -> Mention:
    """Decree card ``d`` by what it counts: "Harmony Decree", "Sets Decree"."""
    return _DECREES[d]


def logbook_card(c: int) -> Mention:
    """Logbook card ``c`` by its event: "Something is Coming"."""
    return _LOGBOOK[c]


@cache
def logbook_effect(c: int, text: str) -> Mention:
    """What Logbook card ``c`` does, in the card's words (data/cards.toml) as the game
    fills them in: ``text`` is its ``params.logbook[c].text`` (the cache is keyed by it,
    so each overlay's amounts show)."""
    # (the help names an event by its card: only events with two cards have a term of
    # their own)
    return Mention("term", IC.logbook[c].event, text, term=IC.logbook[c].id)


def guild(g: int) -> Mention:
    """Guild board ``g`` by its name: "Navigator"."""
    return _GUILDS[g]


# -- pieces and tokens ---------------------------------------------------------------------

ARCHAEOLOGIST = Mention("piece", "archaeologist", "Archaeologist", term="archaeologist")
ARCHAEOLOGISTS = Mention("piece", "archaeologist", "Archaeologists", term="archaeologist")
LEADER = Mention("piece", "leader", "Expedition Leader", term="expedition-leader")
CAMP = Mention("piece", "camp", "Camp", term="camp")
WHITE_CAMP = Mention("piece", "white-camp", "White Camp", term="white-camp")
PLANNING = Mention("piece", "planning", "Planning token", term="planning")
GRAPPLING = Mention("piece", "grappling", "Grappling token", term="icewalker")
ACTIVATION = Mention("piece", "activation", "Activation token", term="incandescent")
LIGHT_CURSE_TOKEN = Mention("piece", "light-curse", "light Curse token", term="light-curse")
DARK_CURSE_TOKEN = Mention("piece", "dark-curse", "dark Curse token", term="dark-curse")
LIGHT_CURSE = Mention("piece", "light-curse", "light Curse", term="light-curse")
DARK_CURSE = Mention("piece", "dark-curse", "dark Curse", term="dark-curse")
CRYO_DISCOUNT = Mention("term", "cryoarchitect", "the CryoArchitect's discount",
                        term="cryoarchitect")
_STUDY = tuple(Mention("piece", f"study-{code}", f"{name} Study token", term=f"study-{code}")
               for code, name in zip(TYPES, _TYPE_NAMES, strict=False))

# Why a tile's pieces went back (``pieces.remove_tile``).
COLLAPSED = Mention("term", "collapse", "collapse", term="collapse")
CHAIN_COLLAPSED = Mention("term", "collapse", "chain collapse", term="collapse")
DESTROYED = Mention("term", "destroy", "destroyed", term="destroy")
CATACLYSM = Mention("term", "cataclysm", "Cataclysm",
                    term=next(b.id for b in IC.logbook if b.event == "cataclysm"))


def study_token(t: int) -> Mention:
    """The Study token of type ``t``: "Harmony Study token"."""
    return _STUDY[t]


# -- amounts -------------------------------------------------------------------------------

def ep(n: int) -> Mention:
    return _amount(n, "EP")


def rp(n: int) -> Mention:
    """Renown Points scored (at the end, or as the value of a card)."""
    return _amount(n, "RP")


def rp_tokens(n: int) -> Mention:
    """RP tokens taken or paid: "1 RP token", "2 RP tokens"."""
    return _counted(n, "RP token")


def archaeologists(n: int) -> Mention:
    return _counted(n, "Archaeologist")


def second_requests(n: int) -> Mention:
    return _counted(n, "second Request")


@cache
def _amount(n: int, unit: str) -> Mention:
    return amount(n, unit)


@cache
def _counted(n: int, unit: str) -> Mention:
    """``n`` things of ``unit``, the noun in the plural unless one."""
    return amount(n, unit, f"{n} {unit}" if n == 1 else f"{n} {unit}s")


# -- one line for a move of several decisions ----------------------------------------------

def grow(line: Phrase | None, msg: str, **args: Arg) -> Phrase:
    """The line under way with one more clause (``msg`` wraps it as ``{line}``)."""
    assert line is not None, f"{msg}: no line under way"
    return MSG(msg, None, line=line, **args)  # the message's own rule


def lead(line: Phrase) -> Phrase:
    """The phrase a line began with, under its clauses."""
    while isinstance(inner := line.args.get("line"), Phrase):
        line = inner
    return line


def close(line: Phrase | None, msg: str, **args: Arg) -> Phrase:
    """The finished line: ``msg`` ends it, applying the rule its lead applies (the move it
    began with: a Move, an excavation, a Snow tile's front...)."""
    assert line is not None, f"{msg}: no line under way"
    return MSG(msg, rule=lead(line).rule, line=line, **args)
