"""A game's metrics, counted from its events' fields: checked against a count of the log
made here, and against a hand-written log."""

from __future__ import annotations

import random

import wintergames as wg
from wintergames.core.events import Event
from wintergames.core.registry import get_spec
from wintergames.games.winter_queen.components import EFFECT_TITLES, WQ
from wintergames.sim.metrics import label, metrics_of


def _random_game(game: str, players: int, seed: int) -> wg.State:
    state = wg.make(game, players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        p = state.to_move[0]
        actions = state.legal_actions(p)
        state.apply(actions[rng.randrange(len(actions))], p)
    return state


def test_counts_of_kinds_match_the_log_seat_by_seat_and_for_the_whole_game() -> None:
    kinds = get_spec("snow-time").metric_kinds
    seen_game_level = False
    for seed in range(6):
        state = _random_game("snow-time", 3, seed)
        metrics = metrics_of(state)
        for kind in kinds:
            of_seats = [sum(1 for e in state.log if e.kind == kind and e.player == p)
                        for p in range(3)]
            of_none = sum(1 for e in state.log if e.kind == kind and e.player is None)
            assert metrics.get(f"n:{kind}", [0, 0, 0]) == of_seats
            assert metrics.get(f"game:{kind}", [0]) == [of_none]
            seen_game_level |= of_none > 0
    assert seen_game_level  # Snow Time's brawls and storms concern several seats


def test_points_by_category_and_item_from_a_written_log() -> None:
    state = wg.make("winter-queen", 3, seed=2)
    state.log[:] = [
        Event("a", kind="vp", player=0, vp=2, category="Polar Star", item="SB03"),
        Event("b", kind="stand-emptied", player=2, vp=1, category="Stands emptied",
              item="stand-1"),
        Event("c", kind="take", player=2),
        Event("d", kind="vp", player=0, vp=3, category="Polar Star", item="SB07"),
        Event("e", kind="info", player=1, vp=0),
        Event("f", kind="take"),  # no seat: counted for the game
    ]
    m = metrics_of(state)
    assert m["vp:Polar Star"] == [5, 0, 0] and m["item:vp:SB07"] == [3, 0, 0]
    assert m["item:stand-emptied:stand-1"] == [0, 0, 1]
    assert m["n:stand-emptied"] == [0, 0, 1] and m["n:take"] == [0, 0, 1]
    assert m["game:take"] == [1]
    assert "n:info" not in m  # not a kind Winter Queen counts
    assert label("winter-queen", "n:take") == get_spec("winter-queen").metric_kinds["take"]
    assert label("winter-queen", "vp:Polar Star") == "VP: Polar Star"
    # an item is listed by its code and its name: a book by its two pages, from its data
    book = next(b for b in WQ.books if b.id == "SB03")
    pages = [EFFECT_TITLES[page.effect] for page in book.pages]
    shown = label("winter-queen", "item:final-vp:SB03")
    assert shown.startswith("VP with SB03 ") and shown.endswith(" (final-vp)")
    assert all(title in shown for title in pages) and " + " in shown, shown
    assert label("winter-queen", "item:stand-emptied:stand-1") == \
        "VP with stand-1 (stand-emptied)"  # no other name: the code alone
