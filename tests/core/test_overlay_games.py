"""Every game's what-if overlay: what it may change is listed with its default and
bounds and documented; the game plays every check with each value changed to its
bounds; an overlay at the defaults is the game as printed; a record keeps it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import wintergames as wg
from wintergames.core import testing
from wintergames.core.overlay import OverlaySchema, Param

ROOT = Path(__file__).resolve().parents[2]
GAMES = wg.available_games()


def schema_of(spec: wg.GameSpec) -> OverlaySchema:
    assert spec.overlay is not None, f"{spec.id} lists nothing an overlay may change"
    return spec.overlay


def moved(param: Param, where: str) -> object:
    """``param``'s value at its ``low`` or ``high`` bound, or one step from its default."""
    default = param.default
    if isinstance(default, bool):
        return not default
    if isinstance(default, tuple):
        return [moved(Param(param.key, item, "", param.low, param.high), where)
                for item in default]
    bound = param.low if where == "low" else param.high if where == "high" else None
    if bound is not None:
        return type(default)(bound)
    step = 1 if isinstance(default, int) else 0.5
    up = default + step
    return up if param.high is None or up <= param.high else default - step


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_every_game_lists_what_an_overlay_may_change_and_documents_each_key(
        spec: wg.GameSpec) -> None:
    schema = schema_of(spec)
    assert len(schema.params) >= 3
    doc = (ROOT / "docs" / "rules" / f"{spec.id}.md").read_text(encoding="utf-8")
    missing = [key for key in schema.params if f"`{key}`" not in doc]
    assert not missing, f"docs/rules/{spec.id}.md does not list {missing}"
    for param in schema.params.values():
        assert param.description and param.key == param.key.strip().lower()


@pytest.mark.parametrize("where", ["step", "low", "high"])
@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_a_game_plays_every_check_with_each_value_moved(spec: wg.GameSpec,
                                                        where: str) -> None:
    schema = schema_of(spec)
    overlay = {key: moved(param, where) for key, param in schema.params.items()}
    for players in (spec.min_players, spec.max_players):
        state = testing.play_checked(spec.id, players, seed=5, deep_every=40,
                                     options={"overlay": overlay})
        assert state.options.get("overlay") == schema.check(overlay) or not schema.check(overlay)
        again = wg.replay(state.record())
        assert again.scores() == state.scores() and again.options == state.options


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_an_overlay_at_the_defaults_is_the_game_as_printed(spec: wg.GameSpec) -> None:
    schema = schema_of(spec)
    printed = wg.make(spec.id, spec.min_players, 9)
    same = wg.make(spec.id, spec.min_players, 9, {"overlay": {
        key: list(p.default) if isinstance(p.default, tuple) else p.default
        for key, p in schema.params.items()}})
    assert same.options == printed.options
    rng = random.Random(9)
    for _ in range(200):
        if printed.is_over:
            break
        player = printed.to_move[0]
        action = rng.choice(printed.legal_actions(player))
        assert same.legal_actions(player) == printed.legal_actions(player)
        printed.apply(action, player)
        same.apply(action, player)
    assert same.observation(None) == printed.observation(None)
    assert same.scores() == printed.scores()
