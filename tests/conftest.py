"""The order pytest-xdist's workers take the tests in (issue 37): the longest first.

``make test`` runs ``--dist worksteal``: each worker is handed an equal, contiguous share
of the collection, and a worker that runs dry takes the second half of the longest queue
left. A long test late in its share started in the run's last minute, while the other
workers had nothing left to do: a fresh clone's run spent its last two minutes on its last
5 % of tests. Here each share begins with its part of the longest tests, dealt longest
first to the share with the fewest so far; every other test keeps its place and order.
"""

from __future__ import annotations

import pytest

# The tests that take 15 s and more of a loaded run (``--durations``), longest first; a
# node id or its prefix (every parameter). A renamed test only loses its head start.
LONGEST = (
    "tests/sim/test_runs.py::test_the_pool_and_ray_play_the_same_games",
    "tests/browser/test_sprites.py::test_every_icon_the_page_draws_is_a_symbol_of_its_sprite"
    "[icecool-wizards]",
    "tests/browser/test_phone.py::test_a_game_played_to_the_end_on_a_phone[icecool-wizards]",
    "tests/sim/test_runs.py::test_a_killed_run_resumes_to_the_table_of_an_uninterrupted_one",
    "tests/games/winterborne/test_generic.py::test_generic_checks_over_100_seeded_games"
    "[seeds0-4-4]",
    "tests/games/icecool_wizards/test_generic.py::test_generic_checks_over_100_seeded_games"
    "[seeds0-2-4]",
    "tests/browser/test_ice.py::test_a_three_player_ice_game_against_two_bots_is_played_to_the"
    "_end",
    "tests/server/test_options.py::test_every_offered_option_value_makes_a_table_or_is_refused"
    "_by_its_rule[winterborne]",
    "tests/browser/test_motion.py::test_winter_queen_the_vp_another_seat_gains_fly_to_it",
    "tests/browser/test_winterborne.py::test_a_two_player_winterborne_game_against_a_bot_is"
    "_played_to_the_end",
    "tests/browser/test_icecool.py::test_the_end_screen_names_places_and_flicks_and_shows"
    "_every_log_number_whole",
    "tests/games/winterborne/test_generic.py::test_generic_checks_over_100_seeded_games"
    "[seeds0-4-3]",
    "tests/games/icecool_wizards/test_generic.py::test_generic_checks_over_100_seeded_games"
    "[seeds0-2-3]",
    "tests/browser/test_phone.py::test_a_game_played_to_the_end_on_a_phone[snow-time]",
    "tests/browser/test_motion_winterborne.py::test_a_power_used_is_marked_on_the_seats"
    "_power_card",
    "tests/rl/test_openspiel.py::test_random_simulations_pass_openspiel_checks"
    "[wintergames_icecool_wizards-2-1]",
    "tests/browser/test_breakdown.py::test_each_row_adds_up_to_its_total_and_the_total_to_the"
    "_players_list[icecool-wizards",
    "tests/cli/test_serve.py::test_access_log_is_off_by_default_and_on_with_the_flag_hiding"
    "_secrets",
    "tests/browser/test_play.py::test_a_winter_queen_table_against_two_bots_is_played_to_the"
    "_end_by_clicking",
    "tests/games/icecool_wizards/test_generic.py::test_generic_checks_over_100_seeded_games"
    "[seeds0-2-2]",
)


def share_sizes(count: int, workers: int) -> list[int]:
    """How worksteal first splits ``count`` tests over ``workers`` idle workers.

    >>> share_sizes(10, 4)
    [2, 2, 3, 3]
    """
    sizes = []
    for i in range(workers):
        sizes.append(count // (workers - i))
        count -= sizes[-1]
    return sizes


def longest_first(items: list[pytest.Item], workers: int) -> list[pytest.Item]:
    """``items`` with each worker's share opening on its part of the LONGEST tests."""
    rank = {prefix: i for i, prefix in enumerate(LONGEST)}

    def rank_of(item: pytest.Item) -> int | None:
        return next((r for prefix, r in rank.items() if item.nodeid.startswith(prefix)), None)

    ranked = sorted(((r, i) for i, item in enumerate(items)
                     if (r := rank_of(item)) is not None))
    sizes = share_sizes(len(items), workers)
    heads: list[list[pytest.Item]] = [[] for _ in sizes]
    for _, i in ranked:  # longest first, to the share with the fewest so far
        min(heads, key=len).append(items[i])
    moved = {i for _, i in ranked}
    rest = iter(item for i, item in enumerate(items) if i not in moved)
    ordered: list[pytest.Item] = []
    for head, size in zip(heads, sizes, strict=True):
        ordered += head
        ordered += [next(rest) for _ in range(max(0, size - len(head)))]
    ordered += list(rest)
    return ordered


@pytest.hookimpl(trylast=True)  # after -m has deselected: the shares are of what runs
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workers = getattr(config, "workerinput", {}).get("workercount", 1)
    if workers > 1 and len(items) > 2 * workers:
        items[:] = longest_first(items, workers)
