"""Structured scoring events (issue 19): every RP a seat gains or pays is in one event,
with the breakdown category and the item involved — RP tokens and validated Requests
when they happen, Decrees, second-Request bonuses and Planning at the end — and each
point only once (the final total line carries none)."""

from __future__ import annotations

import random

import wintergames as wg
from tests.games.ice.helpers import (
    act,
    fresh,
    give,
    hand_request,
    rulebook_40_rp,
    spend_the_day,
    texts,
)
from tests.games.ice.test_logbook import lift, snow, start
from wintergames.core.events import Event
from wintergames.core.testing import check_scoring_events
from wintergames.games.ice.components import IC
from wintergames.games.ice.scoring_state import final_events, log_final
from wintergames.games.ice.state import IceState

Row = tuple[int | None, int, str | None, str | None]


def rows(events: list[Event]) -> list[Row]:
    return [(e.player, e.vp, e.category, e.item) for e in events if e.category]


def test_the_rulebooks_40_rp_end_scoring_events() -> None:
    # RB "End of Game: Scoring": Daniele's Decrees 2 + 3 + 6, the 2 RP bonus for a second
    # Request on Day 3 (her Requests and 3 RP tokens were logged as she gained them).
    s = rulebook_40_rp(planning=1)
    events = final_events(s, 0)
    assert rows(events) == [
        (0, 2, "Decrees", "DEC-SETS"),
        (0, 3, "Decrees", "DEC-TOKENS"),
        (0, 6, "Decrees", "DEC-SHAPES"),
        (0, 2, "Bonus", None),
        (0, 1, "Planning", None),
    ]
    assert events[0].text == "Player 1 scores 2 RP for the Sets Decree."
    assert events[0].rule == "scoring.decrees" and events[3].rule == "sunset.bonus"
    assert events[3].text == "Player 1 scores 2 RP for 1 second Request of a Day."
    assert all(e.kind == "score" for e in events)
    before = len(s.log)
    log_final(s)
    total = s.log[-1]
    assert (total.kind, total.player, total.vp, total.category) == ("total", 1, 0, None)
    mine = s.log[before:before + len(events)]
    assert rows(mine) == rows(events)
    assert next(e for e in s.log[before:] if e.kind == "total").text == (
        "Player 1 scores 41 RP (Decrees 11, Requests 24, Bonus 2, RP tokens 3 and Planning 1).")


def give_prism_requests(s: IceState, p: int, count: int) -> list[int]:
    """Hand seat ``p`` ``count`` Prism Requests and a Deep Prismatic to pay each."""
    cards = [c for c, r in enumerate(IC.requests) if r.kind == "prism"][:count]
    for c in cards:
        hand_request(s, p, c)
    for t in [t for t in IC.deep if IC.tiles[t].type == 5][:count]:
        s.tiles[s.tiles.index(t)] = -1
        s.art[p][0].append(t)
        s.seen[t] = 1
    return cards


def test_validations_of_day_two_the_request_then_its_rp_token() -> None:
    s = fresh(3, seed=9, first_game=True)
    # the first game's 2 RP tokens, logged at the start (no Guild gives them)
    assert rows(s.log)[:3] == [(0, 2, "RP tokens", None), (1, 2, "RP tokens", None),
                               (2, 2, "RP tokens", None)]
    s.day = 2
    first, second = give_prism_requests(s, 0, 2)
    spend_the_day(s)
    act(s, "none")
    before = len(s.log)
    for card in (first, second):
        act(s, f"validate {IC.requests[card].id}")
        act(s, texts(s)[0])
    a, b = IC.requests[first].id, IC.requests[second].id
    rp = [v for v in s.validated[0][2::3]]
    assert rows(s.log[before:]) == [
        (0, rp[0], "Requests", a),
        (0, IC.first_validation_rp, "RP tokens", "first-request"),  # "1 RP token bonus"
        (0, rp[1], "Requests", b),  # its 2 RP bonus waits for the end
    ]
    assert s.log[before + 1].text == "Player 1 takes 1 RP token for the first Request of Day 2."
    assert s.log[before].text == f"Player 1 validates Prism Request ({rp[0]} RP, +1 RP token)."
    assert s.log[before + 2].text == (
        f"Player 1 validates Prism Request ({rp[1]} RP, +2 RP at the end).")
    assert [e.rule for e in s.log[before:before + 3]] == [
        "sunset.validate", "sunset.bonus", "sunset.validate"]
    # what the events hold so far is the breakdown's Requests and RP tokens
    assert sum(e.vp for e in s.log if e.player == 0 and e.category == "RP tokens") == s.rp[0]
    assert sum(e.vp for e in s.log if e.player == 0 and e.category == "Requests") == sum(rp)


def test_rp_tokens_paid_are_negative_events() -> None:
    s = fresh(3, seed=4)
    act(s, "overwork")
    assert rows(s.log[-1:]) == [(0, -IC.overwork_rp, "RP tokens", "overwork")]
    # the Merchant Caravan: sell an Artifact for 2 RP, buy a tile for 1
    s = fresh(3, seed=4)
    for c in [(7, 1), (10, 1), (7, 4), (4, 4), (4, 1), (7, -2), (10, -2)]:
        lift(s, snow(*c))
    art = give(s, 0, "S-HAR-1a")
    s.rp = [0, 0, 0]
    start(s, "MERCHANT-CARAVAN")
    before = len(s.log)
    act(s, f"sell {IC.tiles[art].id}")
    act(s, next(t for t in texts(s) if t.startswith("buy")))
    assert rows(s.log[before:]) == [(0, IC.caravan_sell_rp, "RP tokens", "merchant-caravan"),
                                    (0, -IC.caravan_buy_rp, "RP tokens", "merchant-caravan")]


def test_the_gentle_variant_and_every_option_account_for_each_rp() -> None:
    for options in ({"curse": "gentle", "logbook": "on"}, {"first_game": True}):
        for seed in range(8):
            s = wg.make("ice", 4, seed=seed, options=options)
            rng = random.Random(seed)
            while not s.is_over:
                p = s.to_move[0]
                actions = s.legal_actions(p)
                s.apply(actions[rng.randrange(len(actions))], p)
            check_scoring_events(s)


def test_every_metric_kind_occurs_in_seeded_games() -> None:
    spec = wg.get_spec("ice")
    assert set(spec.metric_kinds) == {"validate", "excavate", "overwork", "collapse", "curse"}
    seen: set[str] = set()
    collapses: list[int | None] = []
    for n in (3, 5):
        for seed in range(10):
            s = wg.make("ice", n, seed=seed, options={"curse": "on"})
            rng = random.Random(seed)
            while not s.is_over:
                p = s.to_move[0]
                actions = s.legal_actions(p)
                s.apply(actions[rng.randrange(len(actions))], p)
            check_scoring_events(s)
            seen |= {e.kind for e in s.log}
            collapses += [e.player for e in s.log if e.kind == "collapse"]
    assert set(spec.metric_kinds) <= seen
    # a chain collapse is put down to the seat whose excavation caused it
    assert collapses and None not in collapses
