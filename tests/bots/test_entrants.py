"""``load_entrant``: our kinds by name, entry points, bot objects, and what each refusal says."""

from __future__ import annotations

import random
from typing import Any

import pytest

import wintergames as wg
from tests.bots import entrant_fixtures
from wintergames.bots import RandomBot, from_text
from wintergames.bots.entrants import ForeignBot, check_entrant, is_entry_point, load_entrant
from wintergames.core.actions import Action
from wintergames.core.errors import InvalidOptionError
from wintergames.core.state import State

FIXTURES = "tests.bots.entrant_fixtures"


def _choices(bot: Any, moves: int = 30, seed: int = 2) -> list[str]:
    """The bot's choices for whoever is to move in a Winter Queen game, ``moves`` of them."""
    state = wg.make("winter-queen", 2, seed=seed)
    seen = []
    for _ in range(moves):
        player = state.to_move[0]
        action = bot.choose(state, player)
        seen.append(str(action))
        state.apply(action, player)
    return seen


@pytest.fixture(autouse=True)
def _no_calls() -> None:
    entrant_fixtures.CALLS.clear()


def test_a_kind_by_name_is_the_bot_from_text_makes() -> None:
    assert _choices(load_entrant("greedy", seed=5)) == _choices(from_text("greedy", seed=5))
    assert load_entrant("ismcts:iterations=20", seed=1).kind == "ismcts"


def test_an_entry_point_factory_is_called_with_the_seed_keyword() -> None:
    bot = load_entrant(f"{FIXTURES}:make_bot", seed=77)
    assert entrant_fixtures.CALLS == [77]
    assert isinstance(bot, ForeignBot) and bot.kind == "Uniform"
    assert _choices(bot) == _choices(entrant_fixtures.Uniform(77))


def test_a_bot_class_is_a_factory_and_stays_itself() -> None:
    bot = load_entrant("wintergames.bots.random_bot:RandomBot", seed=9)
    assert type(bot) is RandomBot
    assert _choices(bot) == _choices(RandomBot(seed=9))


def test_a_bot_object_is_used_as_it_is_and_a_foreign_one_wrapped() -> None:
    mine = RandomBot(seed=1)
    assert load_entrant(mine, seed=3) is mine
    foreign = entrant_fixtures.Uniform(4)
    wrapped = load_entrant(foreign, seed=3)
    assert isinstance(wrapped, ForeignBot) and wrapped.inner is foreign


def test_check_entrant_never_calls_a_factory() -> None:
    check_entrant(f"{FIXTURES}:make_bot", wg.get_spec("winter-queen"))
    assert entrant_fixtures.CALLS == []


@pytest.mark.parametrize(("entrant", "words"), [
    ("nowhere_at_all.policies:make", "no module named 'nowhere_at_all'"),
    (f"{FIXTURES}:nobody", "has no attribute 'nobody'; callables in it: Uniform, make_bot, "
                           "make_policy, no_seed, returns_a_number"),
    (f"{FIXTURES}:NOT_CALLABLE", "NOT_CALLABLE is a int, not a factory"),
    (f"{FIXTURES}:no_seed", r"must take the keyword seed .*its parameters: \(\)"),
    ("genius", "no bot kind 'genius'; kinds: .*or an entry point 'module:factory'"),
    ("random:depth=3", "has no setting 'depth'"),
    (object(), "lacks the bot interface: it has no method choose"),
])
def test_a_bad_entrant_is_refused_naming_what_is_wrong(entrant: Any, words: str) -> None:
    with pytest.raises(InvalidOptionError, match=words):
        load_entrant(entrant, seed=1)
    with pytest.raises(InvalidOptionError, match=words):
        check_entrant(entrant)


def test_a_factory_that_returns_no_bot_is_refused_when_called() -> None:
    with pytest.raises(InvalidOptionError,
                       match=r"returned 5 \(a int\), which lacks the bot interface"):
        load_entrant(f"{FIXTURES}:returns_a_number", seed=5)


def test_a_choose_that_cannot_take_state_and_player_is_refused() -> None:
    class Mute:
        def choose(self) -> None:
            return None

    with pytest.raises(InvalidOptionError, match=r"choose\(\) cannot be called as "
                                                 r"choose\(state, player\)"):
        load_entrant(Mute(), seed=1)  # type: ignore[arg-type]


def test_a_bot_that_cannot_play_the_game_is_refused_with_its_spec() -> None:
    with pytest.raises(InvalidOptionError, match="cannot play Winter Queen"):
        check_entrant("flick", wg.get_spec("winter-queen"))


def test_names_and_entry_points_are_told_apart() -> None:
    assert is_entry_point("my.pkg:Policy.create")
    assert not is_entry_point("ismcts:iterations=2")  # one of our kinds, with a setting
    assert not is_entry_point("random:x")  # our kind wins: its settings are then refused
    assert not is_entry_point("gredy:samples=3")  # no entry point: refused as a kind
    with pytest.raises(InvalidOptionError, match="seed is a whole number"):
        load_entrant("random", seed=True)


class Timed:
    """Takes a deadline and can copy itself."""

    def __init__(self) -> None:
        self.deadlines: list[float | None] = []
        self.rng = random.Random(0)

    def choose(self, state: State, player: int, deadline: float | None = None) -> Action:
        self.deadlines.append(deadline)
        return state.legal_actions(player)[0]

    def clone(self) -> Timed:
        twin = Timed()
        twin.rng.setstate(self.rng.getstate())
        return twin


def test_a_foreign_bot_gets_the_deadline_it_takes_and_copies_apart() -> None:
    inner = Timed()
    bot = load_entrant(inner, seed=0)
    state = wg.make("winter-queen", 2, seed=1)
    bot.choose(state, state.to_move[0], 12.5)
    assert inner.deadlines == [12.5]
    twin = bot.clone()
    assert isinstance(twin, ForeignBot) and twin.inner is not inner
    assert twin.inner.rng.random() == inner.rng.random()
    # One without clone() is deep-copied: the copy's random stream is its own.
    plain = load_entrant(entrant_fixtures.Uniform(3), seed=0)
    copy = plain.clone()
    assert isinstance(copy, ForeignBot) and isinstance(plain, ForeignBot)
    assert copy.inner is not plain.inner and copy.inner.rng is not plain.inner.rng
    assert _choices(copy) == _choices(plain)
