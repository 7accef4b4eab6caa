"""Snow tile fronts played from the hand (RB "Snow Tiles", Front; "Effects or Abilities":
"At any time during your turn, you may play any number of Snow tiles for free from your
hand and apply their effects ... The played tiles are then placed in the discard pile").

``playable`` lists the ``play TILE`` actions open now (a front that could do nothing now
is not offered); ``play`` discards the tile face up and starts its effect. An effect with
choices asks them one at a time through ``frames.Effect`` frames (``QUESTIONS``), each a
short list; a question with one possible answer is answered
at once. Abseiling Rope and Expedition Survivors only work inside an excavation, where
``excavate.py`` offers them; they are never played from here. The amounts live in
``data/setup.toml`` ``[effects]``; a game reads them from its ``params``:

>>> from wintergames.games.ice.params import DEFAULT
>>> DEFAULT.whistle_archaeologists, DEFAULT.wreck_rp
(2, 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.events import Event
from wintergames.core.phrases import Arg
from wintergames.games.ice import excavate, pieces, powers
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import Choose, Follow, Play, Put
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import BOARD, adjacent, excavation, exposed, uncovered_tiles
from wintergames.games.ice.model import FRONTS, PRISMATIC, RP_TOKENS
from wintergames.games.ice.words import (
    MSG,
    archaeologists,
    artifact_type,
    close,
    ep,
    front,
    grow,
    hidden,
    place,
    rp_tokens,
    seat,
    tile,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from wintergames.games.ice.state import IceState

HARMONY = 0
# Fronts that only act inside an excavation (excavate.py's PREPARE step), and the blank.
NOT_PLAYED = ("abseiling-rope", "expedition-survivors", "blank")
# The passage of each front (its effect's rule).
FRONT_RULES = {code: f"snow.{code}" for code in FRONTS if code != "blank"}


# -- what each front could do now ------------------------------------------------------


def talisman_slot(s: IceState, p: int, tile: int) -> int:
    """The slot a Talisman excavates: the Leader's Artifact tile of the Talisman's type
    (never a Prismatic), uncovered or covered by one uncovered tile; else -1."""
    at = s.leaders[p]
    if at < 0 or not pieces.is_tile(at) or s.tiles[at] < 0:
        return -1
    under = IC.tiles[s.tiles[at]]
    if under.level == 3 or under.type != IC.tiles[tile].talisman:
        return -1
    return at if excavation(s.tiles, at) is not None else -1


def rune_targets(s: IceState) -> list[int]:
    """"1 fully uncovered tile with no Expedition leader on it" (any layer)."""
    taken = set(s.leaders)
    return [q for q in uncovered_tiles(s.tiles) if q not in taken]


def gem_types(s: IceState, p: int) -> list[int]:
    """The Artifact effects Anima Gemstone can trigger now: the type of the Artifact tile
    under the Leader (any type on a Prismatic) whose effect would do something
    (``powers.can_apply``: Harmony only right after an excavation, Exalted with 1 EP the
    turn may still spend, ...)."""
    at = s.leaders[p]
    if at < 0 or not pieces.is_tile(at) or s.tiles[at] < 0:
        return []
    under = IC.tiles[s.tiles[at]]
    if under.level == 3:
        return []
    types = range(5) if under.type == PRISMATIC else (under.type,)
    # Harmony: "only ... after an excavation where you allocate your Expedition Leader onto
    # a Harmony Artifact" - the Leader is still where that excavation put it.
    allocated = s.turn_flags[p][fr.TURN_EXCAVATED] == at + 1
    return [t for t in types if (t != HARMONY or allocated) and powers.can_apply(s, p, t)]


def camp_places(s: IceState) -> set[int]:
    """Tiles with a Camp that pieces can stand on."""
    return {at for at in s.camps if at >= 0 and exposed(s.tiles, at)}


def whistle_sources(s: IceState) -> list[int]:
    """Places with Archaeologists and some other tile with a Camp to send them to."""
    camps = camp_places(s)
    return [q for q in range(BOARD.n) if s.archs[q] > 0 and camps - {q}]


def sailboat_others(s: IceState, p: int) -> list[int]:
    """Places of the other Expedition Leaders on the board."""
    return sorted({at for q, at in enumerate(s.leaders) if q != p and at >= 0})


def manta_places(s: IceState, p: int) -> list[int]:
    """"any tile on the board": every place a Leader can stand on but its own."""
    at = s.leaders[p]
    if at < 0:
        return []
    return [q for q in range(BOARD.n) if q != at and exposed(s.tiles, q)]


def smilodon_sources(s: IceState) -> list[int]:
    return [q for q in range(BOARD.n)
            if s.archs[q] > 0 and adjacent(s.tiles, s.rift, q)]


def spider_places(s: IceState, p: int) -> list[int]:
    """Places 1 or 2 Moves from the Leader (Rifts block: only Whistle and Manta Ray
    ignore them)."""
    at = s.leaders[p]
    if at < 0:
        return []
    reach = {at}
    ring = [at]
    for _ in range(s.params.spiders_steps):
        ring = [x for q in ring for x in adjacent(s.tiles, s.rift, q) if x not in reach]
        reach.update(ring)
    reach.discard(at)
    return sorted(reach)


def _max_discount(s: IceState) -> int:
    """The most any excavation can cost: Polar Termites beyond it would save nothing."""
    return max(s.params.excavate_cost) + s.params.hard_extra


def can_play(s: IceState, p: int, tile: int) -> bool:
    """Whether the Snow tile ``tile`` from ``p``'s hand could do something now."""
    front = IC.tiles[tile].front
    on_board = s.leaders[p] >= 0
    if front == "talisman":
        return talisman_slot(s, p, tile) >= 0
    if front == "explosive-rune":
        return bool(rune_targets(s))
    if front == "anima-gemstone":
        return bool(gem_types(s, p))
    if front == "whistle-of-storms":
        return bool(whistle_sources(s))
    if front == "ice-sailboat":
        return s.arch_supply > 0 and (on_board or bool(sailboat_others(s, p)))
    if front == "wreck":
        return True  # the RP token always comes
    if front == "polar-termites":
        return s.turn_flags[p][fr.TURN_DISCOUNT] < _max_discount(s)
    # The two below stop at the first place found (this runs for every hand each turn).
    if front == "ice-manta-ray":
        at = s.leaders[p]
        return on_board and any(q != at and exposed(s.tiles, q) for q in range(BOARD.n))
    if front == "boreal-smilodon":
        return any(s.archs[q] > 0 and adjacent(s.tiles, s.rift, q) for q in range(BOARD.n))
    if front == "white-spiders":
        return bool(spider_places(s, p))
    return False  # NOT_PLAYED


# -- the public entry points -----------------------------------------------------------


def playable(s: IceState, p: int) -> list[Action]:
    """The ``play`` actions open to ``p`` with no decision pending on their turn."""
    if not s.hand[p] or s.pending or s.current != p or s.day == 0:
        return []
    known: dict[tuple[str, int], bool] = {}
    out: list[Action] = []
    for n in sorted(s.hand[p]):
        t = IC.tiles[n]
        key = (t.front, t.talisman)
        if key not in known:
            known[key] = can_play(s, p, n)
        if known[key]:
            out.append(Play.ALL[n])
    return out


def handles(action: Action) -> bool:
    return isinstance(action, Play)


def play(s: IceState, p: int, action: Action) -> None:
    """Play the Snow tile (already checked legal): it goes face up to the discard pile and
    its effect starts."""
    assert isinstance(action, Play)
    n = action.value
    s.hand[p].remove(n)
    s.seen[n] = 1
    s.tile_discard.append(n)
    code = IC.tiles[n].front
    s.line = MSG("play", rule=FRONT_RULES[code], seat=seat(p), tile=tile(n))
    _START[code](s, p, n)


# The Snow tiles' questions (``frames``), answered by ``options`` and ``resolve``.
Asked = (fr.Rune | fr.Gem | fr.WhistleFrom | fr.WhistleTo | fr.WhistleCount | fr.Sailboat
         | fr.Manta | fr.SmilodonFrom | fr.SmilodonTo | fr.Spiders | fr.EffectFollow)
QUESTIONS: tuple[type[fr.Effect], ...] = (
    fr.Rune, fr.Gem, fr.WhistleFrom, fr.WhistleTo, fr.WhistleCount, fr.Sailboat, fr.Manta,
    fr.SmilodonFrom, fr.SmilodonTo, fr.Spiders, fr.EffectFollow)


def options(s: IceState, frame: Asked) -> list[Action]:
    """The answers to an open Snow-tile question."""
    p = frame.seat
    if isinstance(frame, fr.Rune):
        return [Put.ALL[q] for q in rune_targets(s)]
    if isinstance(frame, fr.Gem):
        return [Choose.ALL[t] for t in range(5) if frame.types >> t & 1]
    if isinstance(frame, fr.WhistleFrom):
        return [Put.ALL[q] for q in whistle_sources(s)]
    if isinstance(frame, fr.WhistleTo):
        return [Put.ALL[q] for q in sorted(camp_places(s) - {frame.origin})]
    if isinstance(frame, fr.WhistleCount):
        most = min(s.params.whistle_archaeologists, s.archs[frame.origin])
        return [Follow.ALL[n] for n in range(1, most + 1)]
    if isinstance(frame, fr.Sailboat):
        return [Put.ALL[q] for q in sailboat_others(s, p)]
    if isinstance(frame, fr.Manta):
        return [Put.ALL[q] for q in manta_places(s, p)]
    if isinstance(frame, fr.SmilodonFrom):
        return [Put.ALL[q] for q in smilodon_sources(s)]
    if isinstance(frame, fr.SmilodonTo):
        return [Put.ALL[q] for q in adjacent(s.tiles, s.rift, frame.origin)]
    if isinstance(frame, fr.Spiders):
        return [Put.ALL[q] for q in spider_places(s, p)]
    return [Follow.ALL[n] for n in range(frame.most + 1)]


def resolve(s: IceState, frame: Asked, action: Action) -> None:
    """Apply the answer to a Snow-tile question (the frame is already popped)."""
    p = frame.seat
    assert isinstance(action, Put | Choose | Follow)
    value = action.value
    if isinstance(frame, fr.Rune):
        _destroy(s, p, value)
    elif isinstance(frame, fr.Gem):
        _trigger(s, p, value)
    elif isinstance(frame, fr.WhistleFrom):
        _ask(s, fr.WhistleTo(p, value))
    elif isinstance(frame, fr.WhistleTo):
        _ask(s, fr.WhistleCount(p, frame.origin, value))
    elif isinstance(frame, fr.WhistleCount):
        _shift(s, frame.origin, frame.to, value)
        _done(s, p, "shift-archaeologists", n=archaeologists(value),
              origin=place(frame.origin), to=place(frame.to))
    elif isinstance(frame, fr.Sailboat):
        n = pieces.add_archaeologists(s, value, s.params.sailboat_archaeologists)
        _done(s, p, "sailboat-there", n=archaeologists(n), place=place(value))
    elif isinstance(frame, fr.Manta | fr.Spiders):
        _leader_to(s, p, value, spiders=isinstance(frame, fr.Spiders))
    elif isinstance(frame, fr.SmilodonFrom):
        _ask(s, fr.SmilodonTo(p, value))
    elif isinstance(frame, fr.SmilodonTo):
        n = s.archs[frame.origin]
        _shift(s, frame.origin, value, n)
        _done(s, p, "shift-archaeologists", n=archaeologists(n), origin=place(frame.origin),
              to=place(value))
    else:
        _shift(s, frame.origin, s.leaders[p], value)
        if value > frame.base:  # the Navigator's once-a-turn extra follower was used
            s.turn_flags[p][fr.TURN_NAV_FOLLOW] = 1
        if value:
            _done(s, p, "followers", n=archaeologists(value))
        else:
            _done(s, p)


# -- helpers ---------------------------------------------------------------------------


def _ask(s: IceState, frame: Asked) -> None:
    """Ask a question, or answer it at once when only one answer is possible."""
    answers = options(s, frame)
    assert answers, f"Snow-tile question {frame} with no answer"
    if len(answers) == 1:
        resolve(s, frame, answers[0])
    else:
        fr.push(s, frame)


def _done(s: IceState, p: int, msg: str | None = None, vp: int = 0, item: str | None = None,
          **args: Arg) -> None:
    """Log the Snow tile's effect, its last clause ``msg`` (with ``args``) added; ``vp``
    RP tokens it gave (the Wreck's)."""
    line = s.line if msg is None else grow(s.line, msg, **args)
    s.log.append(Event(close(line, "played"), kind="snow-tile", player=p, vp=vp,
                       category=RP_TOKENS if vp else None, item=item))
    s.line = None


def _shift(s: IceState, origin: int, to: int, count: int) -> None:
    s.archs[origin] -= count
    s.archs[to] += count


def _nav_extra(s: IceState, p: int) -> int:
    """Navigator: "Once per turn, 1 Archaeologist may follow your Expedition Leader when
    you move via ... Use of a Snow tile"."""
    if pieces.has_guild(s, p, "navigator") and not s.turn_flags[p][fr.TURN_NAV_FOLLOW]:
        return s.params.navigator_followers
    return 0


def _leader_to(s: IceState, p: int, to: int, spiders: bool) -> None:
    """Ice Manta Ray / White Spiders: the Leader moves; Archaeologists may follow."""
    origin = s.leaders[p]
    s.leaders[p] = to
    s.line = grow(s.line, "leader-to", place=place(to))
    base = s.params.spiders_followers if spiders else 0
    most = min(s.archs[origin], base + _nav_extra(s, p))
    _ask(s, fr.EffectFollow(p, origin, base, most))


# -- each front's start ----------------------------------------------------------------


def _talisman(s: IceState, p: int, n: int) -> None:
    """"Excavate a tile of the corresponding Artifact Type for free, if your Expedition
    Leader is on it." The excavation is free, so it neither spends the Polar Termites'
    discount nor the CryoArchitect's once-a-turn reduction (``start`` without ``cryo``)."""
    slot = talisman_slot(s, p, n)
    _done(s, p, "talisman-on", place=place(slot))
    excavate.start(s, p, slot, 0, front("talisman"), rule=FRONT_RULES["talisman"])
    excavate.advance(s)


def _rune(s: IceState, p: int, tile: int) -> None:
    _ask(s, fr.Rune(p))


def _destroy(s: IceState, p: int, slot: int) -> None:
    """"Destroy (without looking underneath) 1 fully uncovered tile ... Any game elements
    on it are returned"; a Philosophical Artifact may collect it, and a chain collapse
    may follow."""
    _done(s, p, "rune", tile=hidden(s.tiles[slot]), place=place(slot))
    excavate.lose_tile(s, p, slot, front("explosive-rune"))
    excavate.collapse_chain(s, p)
    pieces.award_icons(s, p)


def _gemstone(s: IceState, p: int, tile: int) -> None:
    types = gem_types(s, p)
    if len(types) == 1:
        _trigger(s, p, types[0])
        return
    fr.push(s, fr.Gem(p, sum(1 << t for t in types)))


def _trigger(s: IceState, p: int, t: int) -> None:
    """Anima Gemstone: the effect of type ``t`` as if triggered, no Artifact of the
    player's flipped; ``powers.apply_effect`` logs the line and charges Exalted's 1 EP."""
    s.line = grow(s.line, "gem", type=artifact_type(t))
    powers.apply_effect(s, p, t)


def _whistle(s: IceState, p: int, tile: int) -> None:
    _ask(s, fr.WhistleFrom(p))


def _sailboat(s: IceState, p: int, tile: int) -> None:
    """"Place 1 Archaeologist from the reserve on the tile of your Expedition Leader and 1
    more Archaeologist on the tile of another Expedition Leader" (as far as the pool
    lasts; RB FAQ)."""
    at = s.leaders[p]
    if at >= 0:
        n = pieces.add_archaeologists(s, at, s.params.sailboat_archaeologists)
        s.line = grow(s.line, "sailboat-here", n=archaeologists(n), place=place(at))
    if sailboat_others(s, p) and s.arch_supply > 0:
        _ask(s, fr.Sailboat(p))
    else:
        _done(s, p)


def _wreck(s: IceState, p: int, n: int) -> None:
    """"Gain 1 EP and 1 RP" (EP "can never exceed 6", RB FAQ)."""
    params = s.params
    gained = max(0, min(params.wreck_ep, params.ep_max - s.ep[p]))
    s.ep[p] += gained
    s.rp[p] += params.wreck_rp
    _done(s, p, "wreck", vp=params.wreck_rp, item=IC.tiles[n].id, ep=ep(gained),
          rp=rp_tokens(params.wreck_rp))


def _termites(s: IceState, p: int, tile: int) -> None:
    """"Excavate for 1 EP less": the next excavation this turn (turn.py applies it)."""
    s.turn_flags[p][fr.TURN_DISCOUNT] += s.params.termites_discount
    _done(s, p, "termites", ep=ep(s.params.termites_discount))


def _manta(s: IceState, p: int, tile: int) -> None:
    _ask(s, fr.Manta(p))


def _smilodon(s: IceState, p: int, tile: int) -> None:
    _ask(s, fr.SmilodonFrom(p))


def _spiders(s: IceState, p: int, tile: int) -> None:
    _ask(s, fr.Spiders(p))


_START: dict[str, Callable[[IceState, int, int], None]] = {
    "talisman": _talisman, "explosive-rune": _rune, "anima-gemstone": _gemstone,
    "whistle-of-storms": _whistle, "ice-sailboat": _sailboat, "wreck": _wreck,
    "polar-termites": _termites, "ice-manta-ray": _manta, "boreal-smilodon": _smilodon,
    "white-spiders": _spiders,
}
