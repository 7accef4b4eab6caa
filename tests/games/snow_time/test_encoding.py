"""Snow Time's observation encoding (``games/snow_time/encoding.py``)."""

from __future__ import annotations

import numpy as np
import pytest

from tests.games.snow_time.helpers import act, game, play
from wintergames.core.encoding_check import check_observation_encoding, encoding_for
from wintergames.games.snow_time.state import SnowTimeState


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_generic_encoding_checks(n: int) -> None:
    seen = check_observation_encoding("snow-time", n, range(3))
    assert seen["hand"] > 20 and seen["your_choice"] > 5


def test_sizes_per_player_count() -> None:
    # the two-player variant lists four colours and two choices of yours
    sizes = {n: encoding_for("snow-time", n).layout.size for n in (2, 3, 4, 5)}
    assert sizes == {2: 327, 3: 247, 4: 315, 5: 383}


def _split(s: SnowTimeState, player: int) -> dict[str, np.ndarray]:
    enc = encoding_for("snow-time", s.num_players)
    return enc.layout.split(enc.encode(s.observation(player), player))


def test_tree_track_and_cards_read_back_in_a_known_position() -> None:
    s = game(3, fruit={2: 1, 5: 2}, pawns=[4, 0, 7], discard={1: [3, 5]})
    red = _split(s, 0)
    assert red["fruit"].tolist() == pytest.approx([0, 1 / 15, 0, 0, 2 / 15, 0, 0])
    assert red["supply"].tolist() == pytest.approx([12 / 15])
    assert [int(np.argmax(d)) + 1 for d in red["dice"][: len(s.dice)]] == list(s.dice)
    assert red["phase"].tolist() == [1, 0, 0, 0]
    assert red["turn"].tolist() == pytest.approx([1 / 60])
    # red (yours) first, then blue, then green
    assert [int(np.argmax(row)) for row in red["pawn_space"]] == [4, 0, 7]
    assert red["pawn"].tolist() == pytest.approx([4 / 30, 0, 7 / 30])
    assert red["discard"][1].tolist() == [0, 0, 1, 0, 1, 0, 0]  # blue's 3 and 5
    assert red["hand"][1].tolist() == [1, 1, 0, 1, 0, 1, 1, 1, 1, 1]
    assert red["hand"][0].sum() == 10 and red["discard"][0].sum() == 0
    assert red["scores"].tolist() == pytest.approx([4 / 30, 0, 7 / 30])
    assert red["to_move"].tolist() == [1, 1, 1]
    # every colour owes a card, none has chosen; only red's is red's to decide
    assert red["status"].tolist() == [[0, 1, 0, 1], [0, 1, 0, 0], [0, 1, 0, 0]]
    # green's view: green, red, blue
    green = _split(s, 2)
    assert green["discard"][2].tolist() == red["discard"][1].tolist()
    assert [int(np.argmax(row)) for row in green["pawn_space"]] == [7, 4, 0]
    assert green["scores"].tolist() == pytest.approx([7 / 30, 4 / 30, 0])


def test_a_hidden_choice_shows_only_to_its_owner() -> None:
    s = game(3)
    play(s, "5")  # red chooses face down
    red, blue = _split(s, 0), _split(s, 1)
    assert red["your_choice"][0].tolist() == [0, 0, 0, 0, 1] + [0] * 13
    assert red["status"][0].tolist() == [0, 1, 1, 0] and red["to_move"].tolist() == [0, 1, 1]
    assert red["hand"][0].sum() == 10  # a choice is still in hand until the reveal
    assert blue["your_choice"].sum() == 0
    assert blue["status"][2].tolist() == [0, 1, 1, 0]  # red, two seats on from blue
    assert blue["status"][0].tolist() == [0, 1, 0, 1]
    enc = encoding_for("snow-time", 3)
    assert not np.array_equal(enc.encode(s.observation(0), 0), enc.encode(s.observation(1), 1))
    # the reveal puts the cards in play and on the levels
    play(s, "", "5", "healer")
    red = _split(s, 0)
    assert red["your_choice"].sum() == 0
    assert red["phase"].tolist() == [1, 0, 0, 0] and red["turn"].tolist() == pytest.approx(
        [2 / 60])


def test_healer_choices_and_the_watcher_step() -> None:
    s = game(3, discard={0: [3, 5], 1: [2]})
    play(s, "healer", "healer", "4")
    assert s.phase == 2
    act(s, "red heal 3+5")
    red = _split(s, 0)
    assert red["phase"].tolist() == [0, 0, 1, 0]
    assert red["in_play"][0].tolist() == [0] * 7 + [1, 0, 0]  # the Healer
    assert red["in_play"][2].tolist() == [0, 0, 0, 1] + [0] * 6  # green's 4
    assert np.flatnonzero(red["your_choice"][0]).tolist() == [10 + 2, 10 + 4]
    act(s, "blue heal none")  # the turn resolves
    w = game(3)
    play(w, "watcher", "3", "4")
    red = _split(w, 0)
    assert red["phase"].tolist() == [0, 1, 0, 0]
    assert red["used"][0].tolist() == [1, 0]  # the Watcher is used up at once
    assert red["status"][0].tolist() == [1, 1, 0, 1] and red["status"][1].tolist() == [0] * 4
    act(w, "red healer")  # the second card reveals at once: the turn resolves
    red = _split(w, 0)
    assert red["phase"].tolist() == [1, 0, 0, 0] and red["status"][0].tolist() == [0, 1, 0, 1]
    assert red["used"][0].tolist() == [1, 0]
    assert red["hand"][0].tolist() == [1] * 7 + [1, 0, 1]  # the Healer came back


def test_two_player_variant_lists_your_two_colours_first() -> None:
    s = game(2, pawns=[3, 5, 2, 9])
    play(s, "6")  # red chosen: blue is next for Player 1
    first, second = _split(s, 0), _split(s, 1)
    assert first["status"][:, 3].tolist() == [0, 1, 0, 0]  # blue decides next
    assert first["your_choice"][0, 5] == 1 and first["your_choice"][1].sum() == 0
    assert second["status"][:, 3].tolist() == [1, 0, 0, 0]  # green for Player 2
    assert second["status"][2].tolist() == [0, 1, 1, 0]  # red, seen by Player 2
    assert [int(np.argmax(row)) for row in second["pawn_space"]] == [2, 9, 3, 5]
    assert second["scores"].tolist() == pytest.approx([9 / 30, 5 / 30])
