"""Shared test helpers for ICE: fresh states past the opening, and small position edits."""

from __future__ import annotations

from typing import Any

from wintergames.core.phrases import Phrase
from wintergames.core.registry import get_spec
from wintergames.core.state import State
from wintergames.games.ice.actions import CODEC, PLACES
from wintergames.games.ice.components import IC
from wintergames.games.ice.model import TYPES
from wintergames.games.ice.state import IceState

DEFAULTS: dict[str, Any] = {"first_game": False, "logbook": "off", "curse": "off",
                            "blessing": False, "fluent": False, "first_player": "1"}


def guilds(line_up: str) -> dict[str, str]:
    """``"navigator+icewalker"`` as options: seat 1 the Navigator, seat 2 the Icewalker."""
    return {f"guild_{i}": g for i, g in enumerate(line_up.split("+"), start=1)}


def fresh(players: int = 3, seed: int = 1, opening: bool = True, **options: Any) -> IceState:
    """A new game (Day 1, first player seat 0, no Logbook unless asked) with every seat's
    opening Requests already chosen (the lowest ids kept) unless ``opening`` is False."""
    line_up = options.pop("guilds", None)
    opts = {**DEFAULTS, **options, **(guilds(line_up) if line_up else {})}
    s = IceState(players, seed, get_spec("ice").validate(players, opts))
    if opening:
        while s.day == 0:
            p = s.to_move[0]
            s.apply(s.legal_actions(p)[-1], p)
    return s


def place(name: str) -> int:
    """A place index from its notation name (``T12``, ``S3``, ``E4``, ``A1``)."""
    return PLACES.index(name.upper())


def tile(tile_id: str) -> int:
    return IC.tile_by_id[tile_id]


def act(s: IceState, text: str) -> None:
    """Apply an action written in notation for the seat to move."""
    s.apply(CODEC.parse(text), s.to_move[0])


def prompt_of(s: State, seat: int) -> Phrase:
    """The prompt of ``seat``'s open decision (the engine's words, State.decision)."""
    decision = s.decision(seat)
    assert decision is not None, f"seat {seat} owes no decision"
    return decision.prompt


def texts(s: IceState) -> list[str]:
    """The legal actions of the seat to move, in notation."""
    return [str(a) for a in s.legal_actions(s.to_move[0])]


def give(s: IceState, p: int, tile_id: str) -> int:
    """Put a tile into seat ``p``'s hand (Snow) or onto its guild board (Artifact), taking
    it from wherever it was (board slot or discard pile)."""
    t = tile(tile_id)
    if t in s.tiles:
        s.tiles[s.tiles.index(t)] = -1
    if t in s.tile_discard:
        s.tile_discard.remove(t)
    info = IC.tiles[t]
    if info.level == 3:
        s.hand[p].append(t)
        s.known[t] |= 1 << p  # as excavate.gain does: the seat has seen its front
    else:
        s.art[p][info.type if info.type < 5 else 0].append(t)
        s.seen[t] = 1
    return t


def swap_into(s: IceState, slot: int, tile_id: str) -> None:
    """Make the tile ``tile_id`` lie on ``slot`` (swapping with whatever tile lay there),
    keeping every tile somewhere."""
    t = tile(tile_id)
    old = s.tiles[slot]
    if t in s.tiles:
        s.tiles[s.tiles.index(t)] = old
    elif t in s.tile_discard:
        s.tile_discard[s.tile_discard.index(t)] = old
    s.tiles[slot] = t
    s.rift[slot] = 0 if IC.tiles[t].back == "rift" else -1





def spend_the_day(s: IceState) -> None:
    """The seat to move ends its turn with no EP left (as if it had spent them all), so its
    Sunset starts: the rulebook has no other way into Sunset."""
    s.ep[s.current] = 0
    s.spent = max(s.spent, 1)
    act(s, "end")


def decree(decree_id: str) -> int:
    return next(i for i, d in enumerate(IC.decrees) if d.id == decree_id)


def request(request_id: str) -> int:
    return next(i for i, r in enumerate(IC.requests) if r.id == request_id)


def rulebook_40_rp(planning: int) -> IceState:
    """RB "End of Game: Scoring": Daniele's collection (Harmony Shapes 1 and 2, Exalted 1
    (Deep), 2 and 3 (Deep), Achievement 1, two Prismatics, the flipped Philosophical Study
    token), Decrees SETS / TOKENS / SHAPES, her five Requests with the day and RP each
    earned, the second-Request bonus, 3 RP tokens, and ``planning`` tokens (seat 0)."""
    s = fresh(2)
    for tile in ("S-HAR-1a", "S-HAR-2a", "D-EXA-1a", "S-EXA-2a", "D-EXA-3", "S-ACH-1a",
                 "S-PRI-1", "S-PRI-2"):
        give(s, 0, tile)
    s.study[0] = [0] * 5
    s.study[0][TYPES.index("philosophical")] = 2
    s.decrees = [decree("DEC-SETS"), decree("DEC-TOKENS"), decree("DEC-SHAPES")]
    s.validated[0] = [request("DUO-ACH-PHI-OBL"), 1, 4, request("SHAPES-HAR"), 2, 5,
                      request("MONO-EXA"), 2, 6, request("PRISM-a"), 3, 5,
                      request("EITHER-HAR-EXA"), 3, 4]
    s.bonus2[0], s.rp[0], s.planning[0] = 1, 3, planning
    return s


def hand_request(s: IceState, p: int, card: int) -> None:
    """Move Request ``card`` into seat ``p``'s hand, from wherever it lies (deck, discard,
    the Sunset row or another hand)."""
    for pile in (s.request_deck, s.request_discard, s.row, *s.requests):
        if card in pile:
            pile.remove(card)
    s.requests[p].append(card)
