"""Setup by player count (rulebook "Setup", steps 2-8 and the table)."""

from __future__ import annotations

import pytest

import wintergames as wg
from wintergames.games.winter_queen import SPEC
from wintergames.games.winter_queen.components import ROYAL, WQ
from wintergames.games.winter_queen.state import WinterQueenState

TABLE = {2: (3, 3, 3), 3: (3, 1, 4), 4: (4, 0, 4)}  # stands, removed per colour, per stand


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_setup_follows_the_table(n: int, seed: int) -> None:
    s = wg.make("winter-queen", n, seed=seed)
    assert isinstance(s, WinterQueenState)
    stands, removed, per_stand = TABLE[n]
    assert len(s.stands) == stands
    assert all(sum(st) == per_stand for st in s.stands)
    assert s.box == (removed,) * 5
    assert sum(s.bag) == 45 - 5 * removed - stands * per_stand
    in_play = [9 - removed - s.bag[c] for c in range(5)]
    assert in_play == [sum(st[c] for st in s.stands) for c in range(5)]
    assert [len(stack) for stack in s.stacks] == [5, 5, 5, 5]
    assert sorted(b for stack in s.stacks for b in stack) == list(range(20))
    assert s.books == [[] for _ in range(n)] and s.vp == [0] * n
    assert s.to_move == (s.first,) and 0 <= s.first < n


@pytest.mark.parametrize("seed", range(6))
def test_five_of_eight_royal_tokens_lie_on_the_tower_and_palace_spaces(seed: int) -> None:
    s = wg.make("winter-queen", 3, seed=seed)
    assert isinstance(s, WinterQueenState)
    assert len(set(s.royal)) == 5 and len(WQ.royal_cells) == 5
    assert all(WQ.zone[x] == ROYAL for x in WQ.royal_cells)
    for x, token in zip(WQ.royal_cells, s.royal, strict=True):
        depicts = WQ.royal_tokens[token].depicts
        assert s.board[x] == depicts and s.fixed[x] == (depicts >= 0)
    assert not any(s.fixed[x] for x in range(25) if x not in WQ.royal_cells)


def test_royal_token_draw_varies_with_the_seed() -> None:
    draws = {wg.make("winter-queen", 3, seed=seed).royal for seed in range(20)}  # type: ignore[attr-defined]
    assert len(draws) > 10


def test_stands_between_neighbours_in_three_and_four_player_games() -> None:
    for n in (3, 4):
        s = wg.make("winter-queen", n, seed=1)
        assert isinstance(s, WinterQueenState)
        for p in range(n):
            assert sorted(s.stands_of(p)) == sorted({(p - 1) % n, p})
        # every stand is shared by exactly two neighbours
        for st in range(n):
            assert sum(st in s.stands_of(p) for p in range(n)) == 2


def test_two_players_reach_all_three_stands() -> None:
    s = wg.make("winter-queen", 2, seed=1)
    assert isinstance(s, WinterQueenState)
    assert list(s.stands_of(0)) == list(s.stands_of(1)) == [0, 1, 2]


def test_board_map_has_the_reconstructed_shape() -> None:
    zones = [WQ.zone.count(z) for z in range(5)]
    assert zones == [5, 5, 5, 5, 5]
    assert sum(WQ.edge) == 16
    assert all(len(WQ.neighbours[x]) < 6 for x in range(25) if WQ.edge[x])
    assert not any(y in WQ.royal_cells for x in WQ.royal_cells for y in WQ.neighbours[x])
    assert max(len(r) for rays in WQ.rays for r in rays) == 4  # lines of 5 spaces


def test_first_player_option_names_a_seat() -> None:
    s = wg.make("winter-queen", 3, seed=4, options={"first_player": "3"})
    assert s.to_move == (2,)
    with pytest.raises(wg.InvalidOptionError, match="allowed"):
        wg.make("winter-queen", 2, seed=4, options={"first_player": "left"})


@pytest.mark.parametrize(("n", "seat"), [(2, "3"), (2, "4"), (3, "4")])
def test_a_seat_beyond_the_player_count_is_refused_by_the_shared_check(n: int,
                                                                      seat: str) -> None:
    """Every entrance (make, CLI, server, replay) validates options through the spec."""
    allowed = ", ".join(repr(str(k)) for k in range(1, n + 1)) + ", 'random'"
    message = (f"option 'first_player' cannot be '{seat}' with {n} players "
               rf"\(setup step 8: .*\); allowed with {n} players: {allowed}$")
    with pytest.raises(wg.InvalidOptionError, match=message):
        SPEC.validate(n, {"first_player": seat})
    record = wg.make("winter-queen", n, seed=4).record()
    record["options"] = {"first_player": seat}
    with pytest.raises(wg.ReplayError, match="setup step 8"):
        wg.replay(record)


def test_a_random_participant_receives_the_winter_queen_token_by_default() -> None:
    """Setup step 8: "A random participant ... receives the Winter Queen token"."""
    assert next(o for o in SPEC.options if o.name == "first_player").default == "random"
    for n in (2, 3, 4):
        firsts = [wg.make("winter-queen", n, seed=k).to_move for k in range(40)]
        assert set(firsts) == {(p,) for p in range(n)}  # every seat occurs
        # drawn from the game's seed: the same seed gives the same holder, and saying
        # "random" explicitly is the same game
        again = [wg.make("winter-queen", n, seed=k, options={"first_player": "random"}).to_move
                 for k in range(40)]
        assert again == firsts


def test_spellbook_data_has_five_pages_per_effect() -> None:
    pages = [p.effect for b in WQ.books for p in b.pages]
    assert len(WQ.books) == 20
    assert all(pages.count(e) == 5 for e in set(pages)) and len(set(pages)) == 8
    depicted = sorted(p.depicted for b in WQ.books for p in b.pages if p.effect == "forest-lights")
    assert depicted == [0, 1, 2, 3, 4]
