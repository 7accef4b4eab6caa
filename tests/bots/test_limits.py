"""Every bot setting has limits, and every bot stops at a deadline (issue 15)."""

from __future__ import annotations

import inspect
import time
from typing import Any

import pytest

import wintergames as wg
from wintergames.bots import FlickBot, GreedyBot, IsmctsBot, Setting, check_settings
from wintergames.bots.limits import EXCERPT
from wintergames.cli.seats import parse_seat
from wintergames.core.errors import excerpt

KINDS: dict[str, type[wg.bots.Bot]] = {"random": wg.bots.RandomBot, "greedy": GreedyBot,
                                     "ismcts": IsmctsBot, "flick": FlickBot}
SETTINGS = [(kind, name, setting) for kind, factory in KINDS.items()
            for name, setting in factory.SETTINGS.items()]


def refusals(setting: Setting) -> list[Any]:
    """Values just outside ``setting`` and of the wrong types."""
    bad: list[Any] = [True, False, "1", [1], {"a": 1}, float("nan"), float("inf"),
                      float("-inf"), 10**5000]
    if setting.type in ("whole", "number"):
        bad += [setting.high + 1, setting.low - 1, setting.high * 1e9]
        if setting.type == "number":
            bad += [setting.high + 1e-6, setting.low - 1e-6]
    if setting.type == "whole":
        bad += [float(setting.low), 2.5]
    if setting.type == "choice":
        bad += [1, setting.choices[0].upper(), setting.choices[0] + " "]
    if setting.type == "flag":
        bad = [0, 1, "true", None, 1.0]
    if not setting.none and None not in bad:
        bad.append(None)
    if setting.type == "flag":
        bad = [b for b in bad if not isinstance(b, bool)]
    return bad


def accepted(setting: Setting) -> list[Any]:
    if setting.type in ("whole", "number"):
        good: list[Any] = [setting.low, setting.high]
        if setting.type == "number":
            good += [float(setting.high), (setting.low + setting.high) / 2]
    elif setting.type == "choice":
        good = list(setting.choices)
    else:
        good = [True, False]
    return good + [None] * setting.none


@pytest.mark.parametrize(("kind", "name", "setting"), SETTINGS)
def test_each_setting_refuses_what_lies_outside_its_limits(kind: str, name: str,
                                                           setting: Setting) -> None:
    for value in refusals(setting):
        for make in (lambda v: check_settings(kind, {name: v}),
                     lambda v: wg.bots.make(kind, **{name: v}),
                     lambda v: KINDS[kind](**{name: v})):  # direct construction too
            with pytest.raises(wg.InvalidOptionError) as err:
                make(value)
            message = str(err.value)
            assert message.startswith(f"bot {kind!r}: {name} is {setting.rule()}; not ")
            assert len(message) < 140


@pytest.mark.parametrize(("kind", "name", "setting"), SETTINGS)
def test_each_setting_takes_its_limits_and_default(kind: str, name: str,
                                                   setting: Setting) -> None:
    default = inspect.signature(KINDS[kind]).parameters[name].default
    for value in [*accepted(setting), default]:
        check_settings(kind, {name: value})
        KINDS[kind](**{name: value})


def test_the_limits_tables_name_exactly_the_constructors_settings() -> None:
    for factory in KINDS.values():
        params = set(inspect.signature(factory).parameters) - {"seed"}
        assert set(factory.SETTINGS) == params
    for entry in wg.bots.describe():
        assert set(entry["limits"]) == set(entry["settings"])


def test_describe_reports_each_settings_limits_beside_its_default() -> None:
    described = {d["kind"]: d for d in wg.bots.describe()}
    ismcts = described["ismcts"]
    assert ismcts["settings"]["iterations"] == 1000
    assert ismcts["limits"]["iterations"] == {"type": "integer", "min": 1, "max": 100_000,
                                              "none": False}
    assert ismcts["limits"]["seconds"]["max"] == 60 and ismcts["limits"]["seconds"]["none"]
    assert ismcts["limits"]["depth"] == {"type": "integer", "min": 0, "max": 200, "none": True}
    assert ismcts["limits"]["rollout"]["choices"] == ["random", "heuristic"]
    assert described["greedy"]["limits"]["samples"]["max"] == 16
    assert described["greedy"]["limits"]["follow_through"]["type"] == "boolean"
    assert described["flick"]["limits"]["proposals"]["max"] == 64
    assert described["random"]["limits"] == {}
    assert described["greedy"]["summary"].startswith("One step of lookahead")


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_seed_is_never_a_setting(kind: str) -> None:
    with pytest.raises(wg.InvalidOptionError,
                       match=rf"^bot '{kind}' has no setting 'seed'; .*seeds its bots itself"):
        check_settings(kind, {"seed": 5, "other": 1})


def test_the_command_line_still_takes_a_seed_apart() -> None:
    seat = parse_seat("ismcts:seed=4;iterations=30", 1, wg.get_spec("winter-queen"))
    assert isinstance(seat.bot, IsmctsBot) and seat.bot.iterations == 30
    again = wg.bots.from_text("ismcts:iterations=30", seed=4)
    state = wg.make("winter-queen", 2, seed=1)
    p = state.to_move[0]
    assert seat.bot.choose(state, p) == again.choose(state, p)


def test_refusals_quote_a_short_excerpt_of_the_value() -> None:
    huge = "x" * 10_000
    for kind, name, value in [("ismcts", "rollout", huge), ("ismcts", "iterations", huge),
                              ("greedy", "samples", 10**5000), ("ismcts", "c", [1] * 10_000),
                              ("flick", "proposals", {str(i): i for i in range(1000)})]:
        with pytest.raises(wg.InvalidOptionError) as err:
            check_settings(kind, {name: value})
        assert len(str(err.value)) < 140 and "x" * (EXCERPT + 1) not in str(err.value)
    with pytest.raises(wg.InvalidOptionError) as err:
        check_settings("greedy", {huge: 1, "y" * 500: 2, **{f"k{i}": i for i in range(100)}})
    assert len(str(err.value)) < 400 and "and 97 more" in str(err.value)
    with pytest.raises(wg.InvalidOptionError) as err:
        check_settings(huge, {})
    assert len(str(err.value)) < 120
    assert len(excerpt(huge, EXCERPT)) == EXCERPT + 1  # the shared quoting, then '…'
    assert excerpt(10**5000, EXCERPT).endswith("digits>")


# -- the deadline -----------------------------------------------------------------------


def position(game: str = "winter-queen", players: int = 2) -> tuple[wg.State, int]:
    state = wg.make(game, players, seed=3)
    return state, state.to_move[0]


@pytest.mark.parametrize(("game", "players"), [("winter-queen", 2), ("snow-time", 3),
                                               ("icecool-wizards", 2)])
def test_a_deadline_in_the_past_stops_ismcts_before_it_iterates(game: str,
                                                                players: int) -> None:
    state, p = position(game, players)
    for settings in ({"iterations": 100_000}, {"seconds": 60}, {"iterations": 100_000,
                                                                 "depth": None}):
        bot = wg.bots.make("ismcts", seed=1, **settings)
        assert isinstance(bot, IsmctsBot)
        action = bot.choose(state, p, deadline=time.monotonic() - 1)
        state.clone().apply(action, p)  # legal (raises otherwise; any flick in range is)
        assert bot.last_iterations == 0


@pytest.mark.parametrize(("kind", "game"), [("greedy", "winter-queen"), ("greedy", "snow-time"),
                                            ("flick", "icecool-wizards"),
                                            ("greedy", "icecool-wizards")])
def test_a_deadline_in_the_past_stops_greedy_before_it_judges(kind: str, game: str) -> None:
    state, p = position(game, 2 if game != "snow-time" else 3)
    bot = wg.bots.make(kind, seed=1, samples=16, proposals=64)
    assert isinstance(bot, GreedyBot)
    action = bot.choose(state, p, deadline=time.monotonic() - 1)
    state.clone().apply(action, p)
    assert bot.last_evaluated <= 1
    bot.choose(state, p)
    assert bot.last_evaluated > 1  # without one it judges every candidate


def test_the_random_bot_takes_a_deadline() -> None:
    state, p = position()
    bot = wg.bots.make("random", seed=1)
    assert bot.choose(state, p, deadline=time.monotonic() - 1) in state.legal_actions(p)


@pytest.mark.parametrize(("kind", "settings"), [("ismcts", {"iterations": 40}),
                                                ("greedy", {}), ("flick", {"proposals": 6}),
                                                ("random", {})])
def test_a_far_deadline_changes_nothing(kind: str, settings: dict[str, Any]) -> None:
    game = "icecool-wizards" if kind == "flick" else "snow-time"
    state = wg.make(game, 2, seed=5)
    free = wg.bots.make(kind, seed=9, **settings)
    bound = wg.bots.make(kind, seed=9, **settings)
    for _ in range(12):
        if state.is_over:
            break
        p = state.to_move[0]
        mine = free.choose(state, p)
        assert bound.choose(state, p, deadline=time.monotonic() + 3600) == mine
        state.apply(mine, p)
