"""Winterborne's observation encoding (``encoding.py``): the generic check at every player
count and with the options, and slices read back in known positions."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from wintergames.core.encoding_check import check_observation_encoding, encoding_for
from wintergames.games.winterborne.encoding import (
    FRAMES,
    MOST_HAND,
    MOST_STEPS,
)
from wintergames.games.winterborne.observe import FRAME_KINDS

from .helpers import top_ally
from .scenario import (
    ALLY,
    CARD,
    COLOUR,
    TILE,
    act,
    build_at,
    conquer_tile,
    give,
    give_tile,
    new,
    set_hand,
    set_res,
)

C2 = 7  # the section C2 (sections: S1..S6, then C1..C6)
# The printed game's scales: twice the resource cap of 12, the Two Resources power's 2.
MOST_RESOURCES = 2 * 12
MOST_GAIN = 2


def _split(s: Any, player: int, **options: Any) -> dict[str, np.ndarray]:
    enc = encoding_for("winterborne", s.num_players, options or None)
    return enc.layout.split(enc.encode(s.observation(player), player))


def _held(block: np.ndarray) -> list[str]:
    names = {i: c for c, i in CARD.items()}
    return sorted(names[int(i)] for i in block.nonzero()[0])


@pytest.mark.parametrize(("n", "seeds", "every"), [
    (1, range(6), 1), (2, [0, 1], 2), (3, [0, 1], 4), (4, [0, 1], 4)])
def test_the_generic_check_at_every_player_count(n: int, seeds: Any, every: int) -> None:
    seen = check_observation_encoding("winterborne", n, seeds=seeds, every=every)
    assert seen["hand"] > 10 and seen["decision"] > 5


@pytest.mark.parametrize(("n", "options"), [
    (1, {"difficulty": "hard", "mercenary": True}),
    (2, {"mercenary": True, "promo_wylds": True, "round_power": True,
         "banners": "horn+potion"}),
])
def test_the_generic_check_with_options(n: int, options: dict[str, Any]) -> None:
    seen = check_observation_encoding("winterborne", n, seeds=range(3) if n == 1 else [2],
                                      options=options, every=2)
    assert seen["deck"] > 5


def test_hands_kingdoms_and_resources_by_seat() -> None:
    s = new(3)
    set_hand(s, 0, "SHA1", "T1", "WAR2")
    set_hand(s, 1, "EXP1", "EXP2")
    conquer_tile(s, 1, C2, COLOUR["yellow"])
    build_at(s, 1, C2)
    set_res(s, 1, 3, 2, 1)
    give_tile(s, 2, "MV-2a")
    top_ally(s, COLOUR["blue"], "BL3")
    zero, one = _split(s, 0), _split(s, 1)
    assert _held(zero["hand"]) == ["SHA1", "T1", "WAR2"] and zero["hand"].sum() == 3
    assert _held(one["hand"]) == ["EXP1", "EXP2"]
    assert zero["seat_sizes"][1, 0] == pytest.approx(2 / MOST_HAND)  # only the size
    for v, row in ((one, 0), (zero, 1)):  # seat 1's kingdom, from itself and from seat 0
        assert v["seat_sections"][row, C2].tolist() == [0, 1, 0, 0, 0, 0]
        assert v["seat_sections"][row, 8].sum() == 0  # C3: not conquered
        assert v["seat_buildings"][row, C2].tolist() == [1, 0]
        assert v["seat_rows"][row].tolist() == [[0.5, 0], [0, 0], [0, 0]]
        assert v["seat_resources"][row].tolist() == pytest.approx(
            [3 / MOST_RESOURCES, 2 / MOST_RESOURCES, 1 / MOST_RESOURCES])
    assert zero["seat_spoils"][2].nonzero()[0].tolist() == [TILE["MV-2a"]]
    assert one["seat_spoils"][1].nonzero()[0].tolist() == [TILE["MV-2a"]]
    # Figures on their start spaces: shaman G1, explorer G3, warrior G5, white out.
    assert zero["seat_figures"][0].argmax(axis=1).tolist() == [0, 2, 4, 7]
    assert zero["province_ally"][COLOUR["blue"]].tolist() == [0, 0, 1, 0]
    assert zero["current"].tolist() == [1, 0, 0] and one["current"].tolist() == [0, 0, 1]


def test_a_move_shows_in_the_decision_the_played_cards_and_the_figures() -> None:
    s = new(2)
    set_hand(s, 0, "T1", "SHA1")
    act(s, "T1 S")
    v = _split(s, 0)
    assert v["decision"].tolist() == [int(f == "move") for f in FRAMES]
    assert _held(v["played"]) == ["T1"] and _held(v["hand"]) == ["SHA1"]
    act(s, "SHA1 m2")  # the shaman steps from G1 to G3
    v = _split(s, 1)  # as the other seat sees it
    assert v["decision"].tolist() == [int(f == "action") for f in FRAMES]
    assert _held(v["played"]) == ["SHA1", "T1"]
    assert v["seat_figures"][1, 0].tolist() == [0, 0, 1, 0, 0, 0, 0, 0]
    assert v["seat_sizes"][1, 0] == 0 and v["hand"].sum() > 0  # its own hand, not seat 0's


def test_a_card_picked_up_from_the_reserve_is_encoded_for_every_seat() -> None:
    # It stays in hand until the clean-up (observe.reserve_blocked, public).
    s = new(2)
    set_hand(s, 0, "T2", "T4", "SHA1", "EXP1")
    act(s, "end", "reserve T2", "done", "end", "done")
    assert all(_split(s, p)["reserve_blocked"].sum() == 0 for p in (0, 1))
    act(s, "unreserve T2")
    for p in (0, 1):
        assert _held(_split(s, p)["reserve_blocked"]) == ["T2"]


def test_the_solo_game_encodes_the_balaur() -> None:
    s = new(1, difficulty="hard")
    v = _split(s, 0, difficulty="hard")
    assert "province_spoils" not in v  # face down in the solo game
    assert v["balaur_difficulty"].tolist() == [0, 0, 1]
    letters = "ABCDEFGH"
    assert [letters[i] for i in v["balaur_objectives"].argmax(axis=1)] == [
        o["letter"] for o in s.observation(0)["balaur"]["objectives"]]
    assert v["balaur_objectives"].sum() == 5
    assert v["province_counts"][:, 1:].tolist() == [[1.0, 1.0]] * 6  # 3 tiles, 3 spoils
    assert v["balaur_deck"][0] == 1.0 and v["balaur_board"].sum() == 0


def test_two_seats_see_the_same_step_differently() -> None:
    s = new(2)
    s.allies[0].append(ALLY["RE2"])
    s.ally_decks[COLOUR["red"]].remove(ALLY["RE2"])
    enc = encoding_for("winterborne", 2)
    zero, one = (enc.encode(s.observation(p), p) for p in (0, 1))
    assert (zero != one).any()
    a, b = enc.layout.split(zero), enc.layout.split(one)
    assert a["allies"].nonzero()[0].tolist() == [ALLY["RE2"]] and b["allies"].sum() == 0
    # Seat 1 sees only the colour of seat 0's ally.
    assert b["seat_ally_colours"][1].tolist() == [0, 0, 0, 0, 0.25, 0]
    assert (a["seat_ally_colours"][0] == b["seat_ally_colours"][1]).all()
    assert not (a["hand"] == b["hand"]).all()


# -- the open decision's context (decision["context"]) ---------------------------------


def _decision_fields(v: dict[str, np.ndarray]) -> dict[str, list[float]]:
    return {name: block.tolist() for name, block in v.items()
            if name.startswith("decision_")}


def _expected(s: Any, **set_: dict[int, float]) -> dict[str, list[float]]:
    """Every decision_ field zero but the indices given, for a game like ``s``."""
    enc = encoding_for("winterborne", s.num_players)
    out = {name: [0.0] * len(zeros)
           for name, zeros in _decision_fields(enc.layout.split(enc.layout.zeros())).items()}
    for name, values in set_.items():
        for i, x in values.items():
            out[name][i] = x
    return out


def _kind(name: str) -> int:
    return FRAME_KINDS.index(name)


def test_a_payment_for_an_ally_encodes_what_it_pays_for_and_the_ally() -> None:
    s = new(2)
    set_hand(s, 0, "SHA1", "SHA2")
    set_res(s, 0, 0, 1, 1)
    top_ally(s, COLOUR["yellow"], "YE1")
    act(s, "SHA1 S", "SHA2 m1", "trade yellow")
    for p in (0, 1):  # the same for both seats
        assert _decision_fields(_split(s, p)) == _expected(
            s, decision_frame={_kind("PAY_ANY"): 1.0}, decision_pay_for={0: 1.0},
            decision_ally={ALLY["YE1"]: 1.0},
            decision_resources_left={0: 1 / MOST_GAIN})


def test_a_wylds_step_encodes_the_wylds_under_it() -> None:
    s = new(2)
    give(s, 0, "reserve", "WY3", "WY4")
    set_hand(s, 0, "SHA2")
    act(s, "SHA2 wy")
    assert _decision_fields(_split(s, 1)) == _expected(
        s, decision_frame={_kind("WYLDS"): 1.0},
        decision_wylds={CARD["WY3"]: 1.0, CARD["WY4"]: 1.0})
    act(s, "wylds WY4")
    assert _decision_fields(_split(s, 1)) == _expected(
        s, decision_frame={_kind("DIRECTION"): 1.0},
        decision_below={_kind("WYLDS") - 1: 1.0}, decision_wylds={CARD["WY3"]: 1.0})


def test_leaving_the_castle_encodes_figure_steps_and_what_follows() -> None:
    s = new(2, banners="mask+potion")
    set_hand(s, 0, "POTION1", "SHA1", "EXP1")
    act(s, "POTION1 castle", "SHA1 S", "EXP1 m2")
    v = _split(s, 1, banners="mask+potion")
    assert v["decision_steps"][0] == pytest.approx(2 / MOST_STEPS)
    v["decision_steps"][0] = 1.0  # a float32 2/3, checked above
    assert _decision_fields(v) == _expected(
        s, decision_frame={_kind("EXIT"): 1.0}, decision_figure={0: 1.0},
        decision_character={0: 1.0}, decision_steps={0: 1.0}, decision_exit={1: 1.0})


def test_a_horn_build_encodes_its_variant_and_card() -> None:
    s = new(2, banners="horn+bag")
    set_hand(s, 0, "HORN1")
    act(s, "HORN1 horn")
    v = _split(s, 0, banners="horn+bag")
    assert _decision_fields(v) == _expected(
        s, decision_frame={_kind("HORN"): 1.0}, decision_horn={0: 1.0},
        decision_card={CARD["HORN1"]: 1.0})
    assert v["decision"].tolist() == [int(f == "horn") for f in FRAMES]


def test_the_main_decision_sets_only_its_kind() -> None:
    s = new(2)
    assert _decision_fields(_split(s, 0)) == _expected(s, decision_frame={0: 1.0})
