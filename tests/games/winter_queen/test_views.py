"""What each seat sees: allow-listed observations, public VP announcements, the log."""

from __future__ import annotations

import json

import pytest

import wintergames as wg
from tests.games.winter_queen.helpers import act, bag_only, blank, give_book, put, stand_with
from wintergames.games.winter_queen.components import WQ
from wintergames.games.winter_queen.state import WinterQueenState


def test_hidden_books_under_the_stack_tops_never_appear() -> None:
    s = wg.make("winter-queen", 4, seed=12)
    assert isinstance(s, WinterQueenState)
    hidden = [WQ.books[b].id for stack in s.stacks for b in stack[:-1]]
    assert len(hidden) == 16
    for viewer in (None, 0, 1, 2, 3):
        text = json.dumps(s.observation(viewer))
        assert not [book for book in hidden if f'"{book}"' in text]
        assert all(f'"{WQ.books[st[-1]].id}"' in text for st in s.stacks)


def test_observation_shows_the_public_table() -> None:
    s = blank(3)
    put(s, c1="red")
    give_book(s, 1, "SB12", a="green")
    view = s.observation(0)
    assert view["board"][2] == {"cell": "c1", "zone": "red province", "edge": True,
                                "floe": "red", "depicted": False}
    assert view["books"][1][0]["id"] == "SB12"
    assert view["books"][1][0]["pages"][0]["floe"] == "green"
    assert [st["yours"] for st in view["stands"]] == [True, False, True]
    assert view["bag"]["size"] == sum(s.bag)
    assert view["to_move"] == [0] and view["phase"] == "main"


def test_vp_gains_are_public_in_the_log_but_totals_private() -> None:
    s = blank(3)
    put(s, a2="red", e2="red")
    give_book(s, 0, "SB12", a="red")
    act(s, "use SB12")
    gain = next(e for e in s.log if e.kind == "vp")
    assert gain.visible_to is None and gain.vp == 2
    assert gain.text == "Player 1 gains 2 VP for Border Guard with a red floe (a2 and e2)"
    assert gain.rule == "effect.border-guard"
    assert s.observation(1)["vp"] == [None, 0, None]
    assert s.observation(0)["vp"] == [2, None, None]


def test_pending_choice_is_visible_as_the_phase() -> None:
    s = blank(3)
    act(s, str(s.legal_actions()[0]))
    assert s.observation(0)["phase"] == "take-book"
    assert s.observation(None)["phase"] == "take-book"


@pytest.mark.parametrize("first", ["2", "3"])
def test_end_timing_counts_from_the_token_holder(first: str) -> None:
    # The seat just before the token holder empties the bag: exactly one round follows,
    # starting with the holder.
    holder = int(first) - 1
    last = (holder - 1) % 3
    s = blank(3)
    s.first, s.current = holder, last
    stand_with(s, last, red=1)
    bag_only(s, blue=1)
    act(s, f"r{last + 1}-c1")
    if s.observation(None)["phase"] == "take-book":
        act(s, "take none")
    order = []
    while not s.is_over:
        if s.legal_actions()[0].kind not in ("take", "return"):
            order.append(s.current)
        s.apply(s.legal_actions()[0])
    assert order == [holder, (holder + 1) % 3, (holder + 2) % 3]


def test_first_player_option_sets_the_token_holder() -> None:
    s = wg.make("winter-queen", 3, seed=1, options={"first_player": "2"})
    assert isinstance(s, WinterQueenState)
    assert s.first == 1 and s.to_move == (1,) and s.observation(0)["first_player"] == 1
