"""RL's numbers read back: a vector's named fields, an index's notation, numpy indices."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest

import wintergames as wg
from wintergames.core.errors import ActionFormatError, IllegalActionError
from wintergames.core.registry import available_games
from wintergames.rl import pettingzoo as wz
from wintergames.rl.gymnasium import single_agent

GAMES = [s.id for s in available_games()]


@pytest.mark.parametrize("index", [np.int64(20), np.int32(20), np.uint16(20), np.array(20)])
def test_decode_takes_any_whole_number(index: Any) -> None:
    spec = wg.get_spec("winter-queen")
    assert spec.decode(index, 3) == spec.decode(20, 3)


@pytest.mark.parametrize(("index", "kind"), [
    (20.0, "float"), (np.float64(20), "float64"), ("20", "str"), (True, "bool"),
    (np.bool_(True), "bool"), (None, "NoneType")])
def test_decode_refuses_what_is_no_whole_number_naming_its_type(index: Any, kind: str) -> None:
    with pytest.raises(ActionFormatError,
                       match=f"an action index is a whole number .*, not a {kind}: "):
        wg.get_spec("winter-queen").decode(index, 3)


def _offsets(fields: list[tuple[str, tuple[int, ...]]]) -> dict[str, tuple[int, int]]:
    """Each field's start and end, by adding up the sizes (not the layout's own spans)."""
    spans, start = {}, 0
    for name, shape in fields:
        spans[name] = (start, start + math.prod(shape))
        start += math.prod(shape)
    return spans


@pytest.mark.parametrize("game", GAMES)
def test_fields_split_a_vector_as_the_docs_lay_it_out(game: str) -> None:
    env = single_agent(game, opponents="random", num_players=2 if game != "winterborne" else 1)
    obs, _ = env.reset(seed=3)
    layout = env.table.encoding.layout
    declared = [(f.name, f.shape) for f in layout.fields]
    fields = env.fields(obs)
    assert [(name, part.shape) for name, part in fields.items()] == declared
    for name, (start, stop) in _offsets(declared).items():
        assert np.array_equal(fields[name].ravel(), obs[start:stop])
    # the encoding object splits the same way, a batch keeps its axis, a view writes through
    batch = env.table.encoding.fields(np.stack([obs, obs * 0]))
    first = declared[0][0]
    assert batch[first].shape == (2, *declared[0][1])
    assert np.array_equal(batch[first][0], fields[first]) and not batch[first][1].any()
    fields[first].flat[0] = 7.0
    assert obs[0] == 7.0


def test_fields_refuse_a_vector_of_another_size() -> None:
    env = wz.env("winter-queen", num_players=2, seed=1)
    size = env.table.size
    with pytest.raises(ValueError, match=f"has {size} numbers .* shape \\({size + 1},\\)"):
        env.fields(np.zeros(size + 1, np.float32))


@pytest.mark.parametrize("game", GAMES)
def test_notation_is_the_games_own_writing_of_the_action(game: str) -> None:
    env = wz.env(game, num_players=2 if game != "winterborne" else 1, seed=2)
    spec, table, rng = env.table.spec, env.table, random.Random(2)
    for _ in range(6):
        mask = env.observe(env.agent_selection)["action_mask"]
        legal = np.flatnonzero(mask).tolist()
        for index in rng.sample(legal, min(4, len(legal))):
            text = env.notation(np.int64(index))
            # read back by the game's parser: the same action, so the same index
            back = spec.parse_action(text)
            assert spec.codec.encode(back, table.num_players, table.options) == index
        env.step(rng.choice(legal))


def test_notation_of_the_wait_and_of_no_index() -> None:
    par = wz.parallel_env("winter-queen", num_players=2, seed=1)
    assert par.notation(par.wait) == "wait"
    assert par.notation(20) == single_agent("winter-queen", opponents="random").notation(20)
    with pytest.raises(IllegalActionError, match="whole numbers 0\\.\\."):
        par.notation(par.wait + 1)
    with pytest.raises(IllegalActionError, match="whole numbers 0\\.\\."):
        wz.env("winter-queen", num_players=2).notation(2.0)
