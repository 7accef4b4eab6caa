"""A review worth reading tells a random player from a searching one, and names mostly
the same worst moves whatever its seed (issue 43; the figures: benchmarks/review_quality.py).

The fast tier reviews a few seeded games of each game; the soak tier the hundred games
per game the issue asks for, where at least 95% must separate the two seats.
"""

from __future__ import annotations

import pytest

from tests.tiers import soak, soak_only
from wintergames.analysis import Budget, review
from wintergames.analysis.quality import (
    Agreement,
    agreement,
    contrast,
    random_vs_search,
    top_steps,
)

# The default budget: at 100 iterations a Winter Queen review separated only 91 of 100.
TEST_BUDGET = Budget()
PLAYER = {"icecool-wizards": 30}  # ICECOOL's search is six times slower per iteration
# The fast tier: the quick games; the long ones (a review of a random Winterborne, ICE or
# ICECOOL seat takes a minute) are in the soak tier's hundred games each.
FAST = [("winter-queen", 0), *soak_only(("winter-queen", 1), ("snow-time", 0))]
GAMES = ["winter-queen", "snow-time", "winterborne", "ice", "icecool-wizards"]


@pytest.mark.parametrize(("game", "seed"), FAST)
def test_the_random_seat_is_flagged_more_and_found_less_accurate(game: str, seed: int) -> None:
    record, weak = random_vs_search(game, seed, PLAYER.get(game, 100))
    pair = contrast(record, weak, TEST_BUDGET)
    assert len(pair.weak.worst()) > len(pair.strong.worst())
    assert pair.weak.accuracy < pair.strong.accuracy
    assert pair.separated


@soak
@pytest.mark.parametrize("game", GAMES)
def test_in_95_of_100_games_the_random_seat_comes_out_worse(game: str) -> None:
    separated = sum(contrast(*random_vs_search(game, seed, PLAYER.get(game, 100)),
                             TEST_BUDGET).separated for seed in range(100))
    assert separated >= 95


@soak
def test_two_seeds_of_one_review_mostly_name_the_same_worst_moves() -> None:
    """Most of five games: the issue asks for "most games" (the benchmark measures 50)."""
    agreed = 0
    for seed in range(5):
        record, weak = random_vs_search("winter-queen", seed, 100)
        first = review(record, weak, TEST_BUDGET)
        found = agreement(first, review(record, weak, Budget(seed=1)))
        assert found.first == top_steps(first)
        agreed += found.agree
    assert agreed >= 3


@soak
@pytest.mark.parametrize("game", GAMES)
def test_in_most_of_50_games_two_seeds_name_the_same_worst_moves(game: str) -> None:
    agreed = 0
    for seed in range(50):
        record, weak = random_vs_search(game, seed, PLAYER.get(game, 100))
        agreed += agreement(review(record, weak, TEST_BUDGET),
                            review(record, weak, Budget(seed=1))).agree
    assert agreed > 25


@pytest.mark.parametrize(("first", "second", "agree"), [
    ([1, 2, 3], [3, 2, 9], True), ([1, 2, 3], [1, 8, 9], False), ([], [], True),
    ([4], [], False), ([4], [4, 5, 6], False), ([4, 5], [5, 6, 7], False),
    ([4, 5], [5, 4], True), ([4, 5], [5], False), ([4], [4], True)])
def test_agreement_means_two_of_the_three_largest_mistakes(
        first: list[int], second: list[int], agree: bool) -> None:
    assert Agreement(first, second, 0).agree is agree
