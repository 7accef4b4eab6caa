"""ICECOOL Wizards' observation encoding (``encoding.py``): the generic check at every
player count, and slices read back in known positions."""

from __future__ import annotations

import pytest

from wintergames.core.encoding_check import check_observation_encoding, encoding_for
from wintergames.games.icecool_wizards.components import IW
from wintergames.games.icecool_wizards.encoding import ROOMS
from wintergames.games.icecool_wizards.params import DEFAULT

from .helpers import act, after_flick, exam_of, game, give, put_exam, t


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_generic_check_at_every_player_count(n: int) -> None:
    seen = check_observation_encoding("icecool-wizards", n, seeds=[1, 2], every=5)
    assert seen["penguins"] > 50 and seen["face_up"] > 5


def _split(n: int, s, player: int):  # type: ignore[no-untyped-def]
    enc = encoding_for("icecool-wizards", n)
    return enc.layout.split(enc.encode(s.observation(player), player))


def test_hands_board_exams_and_penguins_after_setup() -> None:
    s = game(3)
    give(s, 1, "F", "F", "W-fire")
    give(s, 2, "S-wind", down=True)
    put_exam(s, "X3", exam_of("HW"))
    v = _split(3, s, 1)  # Player 2 sees: itself, Player 3, Player 1
    up, down = v["face_up"], v["face_down"]
    assert up[0, t("F")] == pytest.approx(2 / 4)  # 4 plain fishbones in the deck
    assert up[0, t("W-fire")] == 1.0 and up[0].sum() == pytest.approx(1.5)
    assert down[1, t("S-wind")] == 1.0 and down.sum() == 1.0 and up[1:].sum() == 0
    assert v["exam_spaces"][2].tolist() == [0, 1, 1, 0, 0]  # X3: hourglass + wand
    on_board = {IW.types[b].icon: b for b in s.board if b >= 0}
    assert v["board_lessons"].nonzero()[0].tolist() == sorted(on_board.values())
    assert v["lesson_deck"][0] == pytest.approx(len(s.lesson_deck) / 31)
    # Player 1 took the start spot on its first turn; the others are not on the board.
    assert v["penguins"][2, 0] == 1.0 and v["penguins"][:2].sum() == 0
    start_room = next(k for k, r in enumerate(IW.table.rooms)
                      if r.rect[0] <= IW.start[0] <= r.rect[2]
                      and r.rect[1] <= IW.start[1] <= r.rect[3])
    assert v["penguin_rooms"][2].tolist() == [int(k == start_room) for k in range(len(ROOMS))]
    assert v["current"].tolist() == [0, 0, 1] and v["to_move"].tolist() == [0, 0, 1]
    most = DEFAULT.most_points
    assert most == 151  # the 20 exams' 120 points and the 31 lessons' 1 each
    assert v["scores"].tolist() == pytest.approx([3 / most, 1 / most, 0])
    assert v["phase"].tolist() == [1, 0, 0, 0]


def test_a_wind_spell_and_the_after_flick_choices() -> None:
    s = game(2)
    give(s, 0, "F-wind", "H")
    give(s, 1, "P")
    act(s, "cast F-wind")
    v = _split(2, s, 1)  # Player 2's view: Player 1 is the second row
    assert DEFAULT.most_flicks == 5  # 2 flicks a turn and the deck's 3 Wind spells
    assert v["flicks_left"][0] == pytest.approx(3 / DEFAULT.most_flicks)
    assert v["face_down"][1, t("F-wind")] == 1.0 and v["face_up"][1, t("F-wind")] == 0
    assert v["face_up"][0, t("P")] == pytest.approx(1 / 4)
    after_flick(s, collect=("wand",), exams=("X2", "X5"), bumped=(1,))
    mine, theirs = _split(2, s, 0), _split(2, s, 1)
    for v in (mine, theirs):
        assert v["phase"].tolist() == [0, 1, 0, 0]
        assert v["collect"].tolist() == [0, 0, 1, 0, 0]
        assert v["exams_touched"].tolist() == [0, 1, 0, 0, 1, 0]
    assert mine["bumped"].tolist() == [0, 1] and theirs["bumped"].tolist() == [1, 0]
    act(s, "trade 2 give H take P")
    assert _split(2, s, 0)["traded"].tolist() == [0, 1]


def test_a_pending_fire_discard_shows_only_in_its_owners_vector() -> None:
    s = game(4)
    give(s, 0, "W-fire")
    give(s, 1, "F", "H")
    give(s, 2, "S-wind", down=True)
    after_flick(s)
    act(s, "cast W-fire")
    act(s, "discard H", 1)
    two, three = _split(4, s, 1), _split(4, s, 2)
    assert two["your_discard"][0, t("H")] == 1.0 and two["your_discard"].sum() == 1.0
    assert three["your_discard"].sum() == 0
    assert two["fire_chosen"].tolist() == [1, 0, 0, 0]  # itself
    assert three["fire_chosen"].tolist() == [0, 0, 0, 1]  # Player 2 is left of Player 3
    assert three["fire_waiting"].tolist() == [1, 0, 0, 0]
    assert three["phase"].tolist() == [0, 0, 1, 0]
    # Public parts are the same table seen from another seat: rows rotate.
    assert (two["face_up"][0] == three["face_up"][3]).all()
    assert (two["face_down"][1] == three["face_down"][0]).all()


def test_two_seats_see_the_same_step_differently() -> None:
    s = game(2)
    give(s, 0, "H")
    enc = encoding_for("icecool-wizards", 2)
    zero, one = (enc.encode(s.observation(p), p) for p in (0, 1))
    assert (zero != one).any()
    a, b = enc.layout.split(zero), enc.layout.split(one)
    assert a["face_up"][0, t("H")] == 0.25 and b["face_up"][1, t("H")] == 0.25
    assert a["to_move"].tolist() == [1, 0] and b["to_move"].tolist() == [0, 1]
