"""Hostile input: whatever a client sends as an action or an option, the answer is an
``ActionFormatError`` (or ``InvalidOptionError``) with a short message, or a legal-shaped
action, never another exception and never an echo of the whole input (issue 15)."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

import wintergames as wg
from wintergames.core.actions import MAX_NOTATION, Action
from wintergames.core.errors import excerpt
from wintergames.core.spec import GameSpec, OptionSpec

GAMES = wg.available_games()
SHORT = 300  # longest message allowed (a parse error adds the game's notation help)


def _deep(depth: int, make: Any) -> object:
    value: object = 0
    for _ in range(depth):
        value = make(value)
    return value


def _hostile() -> list[object]:
    """JSON values a client can send (and a few only Python can), each worth a refusal."""
    big = 10 ** 5000  # repr() refuses it: over 4,300 digits
    return [
        None, True, False, 0, -1, 1, 2, 7, 2 ** 63, -(2 ** 63), big, -big,
        0.5, -0.0, 5e-324, 1e308, -1e308, 1e300 * 10, float("nan"), float("inf"),
        float("-inf"), "", " ", "x" * 1_000_000, "9" * 5000, "nan", "inf", "-1", "1e308",
        "\x00", "\ud800", "²", "٣", "１", "A", "none", "kind",
        [], {}, [None], [1, 2, 3], ["x" * 100_000], list(range(100_000)),
        _deep(10_000, lambda v: [v]), _deep(10_000, lambda v: {"kind": v}),
        {"kind": "flick"}, {1: 2, None: 3, (1, 2): 4, "": 5, frozenset(): 6, big: 7},
        {"x" * 100_000: "y" * 100_000},
    ]


HOSTILE = _hostile()


def _check_from_json(spec: GameSpec, obj: object) -> Action | None:
    """The action ``obj`` reads as (which round-trips), or ``None`` if refused properly."""
    try:
        action = spec.action_from_json(obj)
    except wg.ActionFormatError as err:
        assert len(str(err)) < SHORT, f"{spec.id}: long message {str(err)[:400]!r}"
        return None
    assert isinstance(action, Action)
    assert spec.action_from_json(action.to_json()) == action
    assert spec.parse_action(str(action)) == action
    return action


def _check_parse(spec: GameSpec, text: object) -> Action | None:
    try:
        action = spec.parse_action(text)  # type: ignore[arg-type]
    except wg.ActionFormatError as err:
        help_size = len(spec.notation_help) + 1
        assert len(str(err)) < SHORT + help_size, f"{spec.id}: long message {str(err)[:400]!r}"
        return None
    assert isinstance(action, Action)
    assert spec.parse_action(str(action)) == action
    return action


def _sample_actions(spec: GameSpec, seeds: range = range(3), per_kind: int = 6) -> list[Action]:
    """A few actions of every kind: from positions of seeded random games (sampled
    flicks included), and from the game's numbered actions (every discrete kind)."""
    by_kind: dict[str, set[Action]] = defaultdict(set)
    for seed in seeds:
        n = spec.min_players + seed % (spec.max_players - spec.min_players + 1)
        state = wg.make(spec.id, n, seed)
        rng = random.Random(seed)
        for step in range(40):
            if state.is_over:
                break
            player = rng.choice(state.to_move)
            legal = state.legal_actions(player)
            if step % 5 == 0:
                for action in rng.sample(legal, min(len(legal), 10)):
                    by_kind[action.kind].add(action)
            state.apply(rng.choice(legal), player)
    n = spec.max_players
    numbered = [spec.decode(i, n) for i in range(spec.num_distinct_actions(n))]
    for action in numbered:
        by_kind[action.kind].add(action)
    rng = random.Random(0)
    return [a for kind in sorted(by_kind)
            for a in rng.sample(sorted(by_kind[kind], key=str),
                                min(per_kind, len(by_kind[kind])))]


def _mutations(obj: dict[str, Any]) -> Iterator[object]:
    """``obj`` with each field (and each list item) replaced by each hostile value, each
    field missing, and an extra field."""
    for key, value in obj.items():
        for bad in HOSTILE:
            yield {**obj, key: bad}
        yield {k: v for k, v in obj.items() if k != key}
        if isinstance(value, list):
            for bad in HOSTILE:
                yield {**obj, key: [*value, bad]}
                for i in range(len(value)):
                    yield {**obj, key: [*value[:i], bad, *value[i + 1:]]}
    for bad in HOSTILE[:12]:
        yield {**obj, "extra": bad}


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_hostile_values_at_the_top_level(spec: GameSpec) -> None:
    for bad in HOSTILE:
        assert _check_from_json(spec, bad) is None
        _check_from_json(spec, {"kind": bad})


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_hostile_values_in_every_field_of_every_kind(spec: GameSpec) -> None:
    actions = _sample_actions(spec)
    assert len({a.kind for a in actions}) >= 2
    checked = 0
    for action in actions:
        obj = action.to_json()
        assert _check_from_json(spec, obj) == action
        for mutated in _mutations(obj):
            result = _check_from_json(spec, mutated)
            checked += 1
            if result is not None:  # accepted: never by reading true as a number
                assert isinstance(mutated, dict)
                named = [v for k, v in mutated.items() if k not in ("face_down", "extra")]
                items = [x for v in named for x in (v if isinstance(v, list) else [v])]
                assert not any(x is True for x in items), \
                    f"{spec.id}: true read as a number in {excerpt(mutated)}"
    assert checked > 1000


_BAD_TOKENS = ("nan", "NaN", "inf", "-inf", "Infinity", "1e308", "-1e308", "1e999", "9" * 5000,
               "-" + "9" * 5000, "²", "٣", "１", "\x00", "0x10", "1_0", "-0", "true", "+",
               "x" * 150)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_hostile_notation(spec: GameSpec) -> None:
    for text in ("", " ", "nan", "inf", "x" * 1_000_000, "9" * 5000, "\ud800", "\x00" * 50):
        assert _check_parse(spec, text) is None
    for not_text in (None, 5, b"pass", ["done"], float("nan")):
        assert _check_parse(spec, not_text) is None
    for action in _sample_actions(spec, seeds=range(2), per_kind=3):
        words = str(action).split()
        assert _check_parse(spec, str(action)) == action
        assert _check_parse(spec, str(action) + " " * MAX_NOTATION) is None  # too long
        for i in range(len(words)):
            for bad in _BAD_TOKENS:
                _check_parse(spec, " ".join([*words[:i], bad, *words[i + 1:]]))
                _check_parse(spec, " ".join([*words[:i], words[i] + bad, *words[i + 1:]]))


# -- specific refusals --------------------------------------------------------------------


@pytest.mark.parametrize("field", ["angle", "power", "spin"])
@pytest.mark.parametrize("bad", [float("nan"), float("inf"), float("-inf"), 1e308, -1e308,
                                 10 ** 5000, 3601, -3600.5], ids=lambda v: excerpt(v, 20))
def test_icecool_flick_numbers_are_finite_and_in_range(field: str, bad: float) -> None:
    spec = wg.get_spec("icecool-wizards")
    obj = {"kind": "flick", "angle": 90, "power": 0.5, "spin": 0, field: bad}
    ranges = {"angle": r"angle is -3600\.\.3600 degrees", "power": r"power is 0\.\.1",
              "spin": r"spin is -1\.\.1"}
    with pytest.raises(wg.ActionFormatError, match=ranges[field]) as caught:
        spec.action_from_json(obj)
    assert len(str(caught.value)) < 100


def test_icecool_flick_angles_are_read_modulo_360_within_ten_turns() -> None:
    spec = wg.get_spec("icecool-wizards")
    flick = {"kind": "flick", "power": 1, "spin": 0}
    assert str(spec.action_from_json({**flick, "angle": -3600})) == "flick 0 1 0"
    assert str(spec.action_from_json({**flick, "angle": 3599.96})) == "flick 0 1 0"
    assert str(spec.action_from_json({**flick, "angle": -90})) == "flick 270 1 0"
    assert str(spec.action_from_json({**flick, "angle": -0.0})) == "flick 0 1 0"
    with pytest.raises(wg.ActionFormatError, match="finite"):
        spec.parse_action("flick inf 1 0")
    with pytest.raises(wg.ActionFormatError, match=r"angle is -3600\.\.3600 degrees"):
        spec.parse_action("flick 1e308 1 0")
    with pytest.raises(wg.ActionFormatError, match=r"power is 0\.\.1"):
        spec.parse_action(f"flick 0 {'9' * 150} 0")


@pytest.mark.parametrize(
    ("game", "obj", "field"),
    [("icecool-wizards", {"kind": "trade", "player": 1, "give": "F", "take": "H"}, "player"),
     ("icecool-wizards", {"kind": "flick", "angle": 0, "power": 1, "spin": 0}, "power"),
     ("icecool-wizards", {"kind": "flick", "angle": 1, "power": 0.5, "spin": 0}, "angle"),
     ("snow-time", {"kind": "play", "colour": "red", "card": 1}, "card"),
     ("snow-time", {"kind": "heal", "colour": "red", "cards": [1]}, "cards"),
     ("winter-queen", {"kind": "place", "floe": "red", "stand": 1, "cell": "c3"}, "stand"),
     ("winter-queen", {"kind": "place-book", "floe": "red", "stand": 1, "book": "SB01",
                       "page": "A"}, "stand")],
)
def test_true_is_not_the_number_one(game: str, obj: dict[str, Any], field: str) -> None:
    spec = wg.get_spec(game)
    spec.action_from_json(obj)  # with the number 1 it is an action
    true: object = [True] if isinstance(obj[field], list) else True
    with pytest.raises(wg.ActionFormatError):
        spec.action_from_json({**obj, field: true})


def test_codec_decode_of_a_huge_index_is_refused_briefly() -> None:
    for spec in GAMES:
        for bad in (10 ** 5000, True, 2.0, float("nan"), -1):
            with pytest.raises(wg.ActionFormatError) as caught:
                spec.decode(bad, spec.min_players)  # type: ignore[arg-type]
            assert len(str(caught.value)) < 100


# -- options ------------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), "x" * 100_000, 10 ** 5000,
                                 True, 1, 3.0, ["3"], _deep(10_000, lambda v: [v])],
                         ids=lambda v: excerpt(v, 20))
def test_hostile_option_values_are_refused_briefly(bad: object) -> None:
    spec = wg.get_spec("winter-queen")
    with pytest.raises(wg.InvalidOptionError, match="option 'first_player'") as caught:
        spec.validate(3, {"first_player": bad})
    assert len(str(caught.value)) < SHORT


def test_hostile_option_names_and_counts_are_refused_briefly() -> None:
    spec = wg.get_spec("winter-queen")
    many = {f"{i}" + "x" * 10_000: i for i in range(1000)}
    for options in (many, {1: 2, None: 3}, ["first_player"], "first_player"):
        with pytest.raises(wg.InvalidOptionError) as caught:
            spec.validate(3, options)  # type: ignore[arg-type]
        assert len(str(caught.value)) < SHORT
    for n in (True, 10 ** 5000, float("nan"), "x" * 100_000):
        with pytest.raises(wg.InvalidOptionError, match="played by 2 to 4") as caught:
            spec.validate(n, {})  # type: ignore[arg-type]
        assert len(str(caught.value)) < SHORT


def test_numeric_options_are_finite_and_never_booleans() -> None:
    ratio = OptionSpec("ratio", 1.0, "a number", kind=float)
    assert ratio.check(2, 3) == 2 and ratio.check("0.5", 3) == 0.5
    for bad in (float("nan"), float("-inf"), "nan", "inf", True, "x" * 100_000, "9" * 5000):
        with pytest.raises(wg.InvalidOptionError, match="option 'ratio'") as caught:
            ratio.check(bad, 3)
        assert len(str(caught.value)) < SHORT
    count = OptionSpec("count", 1, "a count", choices=(1, 2), kind=int)
    assert count.check(2, 3) == 2 and count.check("1", 3) == 1
    for bad in (True, 1.0, "9" * 5000, 10 ** 5000):
        with pytest.raises(wg.InvalidOptionError, match="option 'count'"):
            count.check(bad, 3)


# -- the excerpt helper -------------------------------------------------------------------


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: excerpt(v, 20))
def test_excerpt_is_short_and_safe(value: object) -> None:
    for limit in (10, 60):
        text = excerpt(value, limit)
        assert 0 < len(text) <= limit + 1
        assert text.endswith("…") or len(text) <= limit


def test_excerpt_reads_like_repr_when_short() -> None:
    for value in (None, True, 3, -2.5, "Q-wind", [1, "a"], {"kind": "flick"}, (1,), 2 ** 100):
        assert excerpt(value) == repr(value)
    assert excerpt(float("nan")) == "nan" and math.isinf(float(excerpt(float("-inf"))))
    assert excerpt(-(10 ** 5000)) == "<negative integer of ~5001 digits>"
    assert excerpt("x" * 1000, 8) == "'xxxxxxx…"
