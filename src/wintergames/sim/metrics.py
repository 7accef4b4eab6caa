"""A finished game's metrics, read from its log's structured events (never their text).

Each metric is a list with one number per seat:

- ``vp:<category>``: points scored in a category of the game's score breakdown;
- ``item:<kind>:<item>``: points scored with one card, effect, book or tile
  (``Event.item``) by events of one kind, so a Winter Queen book used during play
  (``item:vp:SB07``) is told from the same book scored at the end (``item:final-vp:SB07``);
- ``n:<kind>``: how many events of a kind the game counts (``GameSpec.metric_kinds``)
  concerned each seat;

except ``game:<kind>``, a list of one number: events of a counted kind that concern no
single seat (a Snow Time brawl among several characters).

>>> import wintergames as wg
>>> from wintergames.core.events import Event
>>> state = wg.make("winter-queen", 2, seed=1)
>>> state.log[:] = [Event("x", kind="vp", player=1, vp=3, category="Polar Star", item="B2"),
...                 Event("y", kind="vp", player=1, vp=2, category="Polar Star", item="B4")]
>>> metrics_of(state)["vp:Polar Star"], metrics_of(state)["item:vp:B2"]
([0, 5], [0, 3])
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from wintergames.core.registry import get_spec
from wintergames.core.state import State

Metrics = dict[str, list[int]]


def metrics_of(state: State) -> Metrics:
    """Every metric of ``state``'s log; the breakdown's categories are always present, at
    zero if nothing scored there, other metrics once something happened."""
    spec = get_spec(state.game_id)
    n = state.num_players
    found: Metrics = {}
    if spec.score_breakdown is not None and state.is_over:
        for category in spec.score_breakdown(state).categories:
            found[f"vp:{category}"] = [0] * n
    for e in state.log:
        seat = e.player if e.player is not None and 0 <= e.player < n else None
        if e.kind in spec.metric_kinds:
            if seat is None:
                found.setdefault(f"game:{e.kind}", [0])[0] += 1
            else:
                found.setdefault(f"n:{e.kind}", [0] * n)[seat] += 1
        if seat is None or e.category is None or not e.vp:
            continue  # the game's own score (the Balaur's) is not a seat's metric
        found.setdefault(f"vp:{e.category}", [0] * n)[seat] += e.vp
        if e.item is not None:
            found.setdefault(f"item:{e.kind}:{e.item}", [0] * n)[seat] += e.vp
    return found


def label(spec_id: str, name: str) -> str:
    """A metric's name for people: ``n:lost`` as the game describes the kind, an item by
    its code and name.

    >>> label("winter-queen", "item:final-vp:SB05")
    'VP with SB05 Forest Lights (green) + Polar Star (final-vp)'
    """
    prefix, _, rest = name.partition(":")
    if prefix in ("n", "game"):
        return get_spec(spec_id).metric_kinds.get(rest, rest)
    if prefix == "vp":
        return f"{get_spec(spec_id).score_unit}: {rest}"
    kind, _, item = rest.partition(":")
    return f"{get_spec(spec_id).score_unit} with {item_label(spec_id, item)} ({kind})"


@cache
def item_names(spec_id: str) -> Mapping[str, str]:
    """The game's names of its items (``GameSpec.item_names``), by code."""
    names = get_spec(spec_id).item_names
    return {} if names is None else dict(names())


def item_label(spec_id: str, code: str) -> str:
    """An item as reports list it: its code and, where the game names it otherwise, its
    name ("SB05 Forest Lights (red) + Polar Star", "space-7 fight bonus space 7").

    >>> item_label("winter-queen", "stand-2")
    'stand-2'
    """
    name = item_names(spec_id).get(code)
    return code if name is None or name == code else f"{code} {name}"
