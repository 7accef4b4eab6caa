"""A seat's choices as the server sends them: each phrase's kept JSON is its view, made
once and never changed by what a caller does with a view it was given."""

from __future__ import annotations

import random

import orjson
import pytest

import wintergames as wg


@pytest.mark.parametrize("spec", wg.available_games(), ids=lambda s: s.id)
def test_the_kept_json_of_every_choice_is_its_view(spec: wg.GameSpec) -> None:
    rng = random.Random(7)
    state = wg.make(spec.id, spec.max_players, 3)
    checked = 0
    for _ in range(120):
        if state.is_over:
            break
        player = state.to_move[0]
        for _, choice in state.choices(player, spec.sampled_kinds):
            if choice is not None:
                assert orjson.loads(orjson.dumps(choice.view_encoded())) == choice.view()
                checked += 1
        state.apply(rng.choice(state.legal_actions(player)), player)
    assert checked > 50


def test_a_view_changed_by_its_caller_changes_no_kept_json() -> None:
    state = wg.make("winter-queen", 3, 5)
    _, choice = state.choices(state.to_move[0])[0]
    assert choice is not None
    kept = choice.explain.view_json()
    given = choice.explain.view()
    given["text"] = "something else"
    given["parts"].append("more")
    assert choice.explain.view_json() == kept
    assert orjson.loads(kept)["text"] != "something else"
    assert choice.explain.view() != given
