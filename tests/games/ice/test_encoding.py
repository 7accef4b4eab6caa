"""ICE's observation encoding (``games/ice/encoding.py``): the generic check at every
player count and with the options that change the layout, and slices read back in known
positions."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.games.ice import decision_positions as positions
from tests.games.ice.helpers import act, fresh, give, place
from wintergames.core.encoding_check import check_observation_encoding, encoding_for
from wintergames.games.ice import encoding as ice_encoding
from wintergames.games.ice import frames as fr
from wintergames.games.ice.actions import REQUEST_IDS
from wintergames.games.ice.components import IC
from wintergames.games.ice.observe import QUESTIONS
from wintergames.games.ice.state import IceState

# Random play seldom validates a Request, triggers an Artifact, pays a Request item by
# item, plays an Anima Gemstone with a choice or holds a tile in a decision (Philosophical
# collect, Prismatic slot), so the seeds are ones whose random games (at ``every=5``: the
# check's draws interleave with the moves) make every field move at least once; the game
# is short, so every fifth step is plenty.
SEEDS = {2: (13, 14, 45, 97), 3: (1, 21, 84, 149), 4: (3, 44, 58, 72), 5: (3, 25, 240)}


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_generic_check_at_every_player_count(players: int) -> None:
    seen = check_observation_encoding("ice", players, SEEDS[players], every=5)
    assert seen["seat_trigger"] == 1  # no Blessing, no Curse: named constant
    assert seen["seat_validated"] >= 2 and seen["seat_used"] >= 2


def test_generic_check_in_expert_mode_adds_the_curse_fields() -> None:
    seen = check_observation_encoding("ice", 5, (0, 17, 92, 251), options={"curse": "on"},
                                      every=5)
    assert seen["curse_tokens"] >= 2 and seen["seat_curse"] >= 2 and seen["seat_trigger"] >= 2
    names = [f.name for f in encoding_for("ice", 5, {"curse": "on"}).layout.fields]
    assert "curse_tokens" in names
    assert "curse_tokens" not in [f.name for f in encoding_for("ice", 5).layout.fields]


def test_generic_check_in_a_first_game() -> None:
    """No Logbook and no guild abilities in a first game: their slices are named constant,
    the rest still move."""
    enc = encoding_for("ice", 3, {"first_game": True})
    assert set(enc.constant) == {"logbook", "caravan", "seat_trigger", "seat_guild_tokens"}
    seen = check_observation_encoding("ice", 3, (17, 32, 36, 177, 321),
                                      options={"first_game": True}, every=5)
    assert seen["logbook"] == 1 and seen["caravan"] == 1


def split(s: IceState, viewer: int) -> dict[str, np.ndarray]:
    enc = encoding_for("ice", s.num_players, s.options)
    return enc.layout.split(enc.encode(s.observation(viewer), viewer))


def test_board_and_hands_read_back_after_setup() -> None:
    s = fresh(3, seed=1)  # seat 0 to move, no Logbook
    t7 = place("T7")  # 7 districts, 27 + 21 Deep places, 37 + 24 Surface ones, then T1..
    assert t7 == 122
    s.leaders[2] = t7
    s.archs[t7] = 3
    v = split(s, 1)
    assert v["leaders"][1].nonzero()[0].tolist() == [122]  # seat 2: next after seat 1
    assert not v["leaders"][[0, 2]].any()
    assert v["archaeologists"].tolist() == pytest.approx([a / 10 for a in s.archs])
    assert v["archaeologists"][122] == pytest.approx(0.3)
    # T1 is a Tunnel, T2 a Rift blocking axis 2 (backs: clear tunnel rift nunatak enc.).
    assert v["snow_tiles"][0].tolist() == [0, 1, 0, 0, 0, 0, 0, 0]
    assert v["snow_tiles"][1].tolist() == [0, 0, 1, 0, 0, 0, 0, 1]
    # Row 48 is S1 (under the Snow layer): no Snow tile there, an Artifact instead.
    assert not v["snow_tiles"][48].any()
    # S1 holds S-PHI-1a (philosophical = 3), D1 (row 37 after the 37 Surface slots)
    # D-OBL-2b (obliteration = 4).
    assert v["artifact_tiles"][0].tolist() == [0, 0, 0, 1, 0, 0]
    assert v["artifact_tiles"][37].tolist() == [0, 0, 0, 0, 1, 0]
    assert v["artifact_tiles"].sum() == 64
    # The White Camp on T26 (column 25), no guild Camp placed yet.
    assert v["camps"][3].nonzero()[0].tolist() == [25]
    assert not v["camps"][:3].any()
    # Seat 1's own Requests by id; seat 2 (next, row 1) and seat 0 (row 2) by count.
    mine = sorted(REQUEST_IDS.index(c) for c in s.observation(1)["seats"][1]["request_cards"])
    assert v["request_cards"].nonzero()[0].tolist() == mine == sorted(s.requests[1])
    assert v["request_cards"].sum() == 3
    assert v["seat_stats"][:, 4].tolist() == pytest.approx([3 / 6] * 3)
    # Seat 0 is first and to move: from seat 1's view, the last row.
    assert v["first_player"].tolist() == [0, 0, 1] and v["to_move"].tolist() == [0, 0, 1]
    assert v["day"].tolist() == [0, 1, 0, 0, 0]
    # Guild boards, from seat 1 on.
    assert v["seat_guild"].argmax(axis=1).tolist() == [s.guild[1], s.guild[2], s.guild[0]]
    assert v["decrees"].nonzero()[0].tolist() == sorted(s.decrees)


def test_a_known_action_and_a_snow_tile_in_hand() -> None:
    s = fresh(3, seed=1)
    act(s, "camp T5")  # seat 0 builds its Camp on T5 (tile column 4)
    sn05 = give(s, 0, "SN05")  # a clear-backed Talisman, catalogue index 4
    assert IC.top.index(sn05) == 4
    v0, v1 = split(s, 0), split(s, 1)
    assert v0["camps"][0].nonzero()[0].tolist() == [4]
    assert v1["camps"][2].nonzero()[0].tolist() == [4]  # seat 0 is seat 1's last row
    assert v0["hand"].nonzero()[0].tolist() == [4]
    assert not v1["hand"].any()  # seat 1 sees only the back and the count
    assert v1["seat_snow_backs"][2].tolist() == pytest.approx([1 / 3, 0, 0, 0, 0])
    assert v1["seat_stats"][2, 3] == pytest.approx(1 / 6)


def test_artifact_slots_show_shapes_only_to_who_has_seen_them() -> None:
    s = fresh(3, seed=1)
    deep = give(s, 0, "D-EXA-3")  # Exalted (slot 1), Deep, Shape 3
    give(s, 0, "S-PRI-1")  # Prismatic, Surface: the helper puts it in the Harmony slot
    s.down[deep], s.seen[deep] = 1, 0  # placed face down: only seat 0 knows it
    v0, v1 = split(s, 0), split(s, 1)
    # Columns: Surface basic /6, Deep basic /5, Surface Prismatic /7, Deep Prismatic /2,
    # known Shape 1 /4, Shape 2 /4, Shape 3 /3, face down /20.
    assert v0["seat_slots"][0, 1].tolist() == pytest.approx([0, 1 / 5, 0, 0, 0, 0, 1 / 3,
                                                             1 / 20])
    assert v1["seat_slots"][2, 1].tolist() == pytest.approx([0, 1 / 5, 0, 0, 0, 0, 0,
                                                             1 / 20])
    assert v0["seat_slots"][0, 0].tolist() == pytest.approx([0, 0, 1 / 7, 0, 0, 0, 0, 0])
    # The two seats' vectors differ exactly where their views differ (and by seat order).
    assert not np.array_equal(v0["seat_slots"][0], v1["seat_slots"][2])
    assert not np.array_equal(v0["request_cards"], v1["request_cards"])


def test_the_open_decision_and_whose_it_is() -> None:
    s = fresh(3, seed=1)
    s.pending = (fr.SnowLimit(2),)  # seat 2 must discard Snow tiles
    v = split(s, 1)
    assert v["decision_seat"].tolist() == [0, 1, 0]
    assert v["decision_frame"].nonzero()[0].tolist() == [fr.SnowLimit.CODE - 1] == [12]
    assert v["to_move"].tolist() == [0, 1, 0]


def test_seat_zero_and_seat_one_differ_at_the_same_step() -> None:
    s = fresh(2, seed=3)
    enc = encoding_for("ice", 2, s.options)
    a, b = enc.encode(s.observation(0), 0), enc.encode(s.observation(1), 1)
    assert not np.array_equal(a, b)
    sa, sb = enc.layout.split(a), enc.layout.split(b)
    assert sa["request_cards"].nonzero()[0].tolist() == sorted(s.requests[0])
    assert sb["request_cards"].nonzero()[0].tolist() == sorted(s.requests[1])
    # The seats are listed from the observer: each sees the other's row where it sees its own
    # swapped.
    assert np.array_equal(sa["seat_guild"], sb["seat_guild"][::-1])


# -- the open decision's context ------------------------------------------------------------

CONTEXT_FIELDS = ("decision_frame", "decision_question", "decision_under", "decision_places",
                  "decision_who", "decision_numbers", "decision_flags", "decision_tile",
                  "decision_types", "decision_request", "decision_paid",
                  "decision_excavation", "caravan")
# Rows of decision_places; columns of decision_numbers, decision_flags and decision_tile.
FROM, TO, AT, DIG, RECEIVES = range(5)
MOST, HELD = 0, 9
SURFACE_LAYER, SNOW_LAYER, PRISMATIC_TYPE, CLEAR_BACK = 1, 0, 3 + 5, 9 + 0


def context_slices(s: IceState, viewer: int,
                   expected: dict[str, dict[Any, float]]) -> None:
    """Every context field of ``viewer``'s vector is zero but the ``expected`` entries."""
    v = split(s, viewer)
    for name in CONTEXT_FIELDS:
        want = np.zeros_like(v[name])
        for index, value in expected.get(name, {}).items():
            want[index] = value
        assert np.allclose(v[name], want, atol=1e-7), (name, np.argwhere(v[name]).tolist())


def test_the_decision_is_keyed_on_its_frame_kind_a_moves_followers() -> None:
    s = positions.follow()
    assert len(split(s, 2)["decision_frame"]) == 20
    context_slices(s, 2, {"decision_frame": {fr.Follow.CODE - 1: 1},
                          "decision_places": {(FROM, place("T27")): 1},
                          "decision_numbers": {MOST: 3 / 3}})


def test_whistle_of_storms_encodes_its_question_and_both_places() -> None:
    s = positions.whistle_count()
    context_slices(s, 1, {"decision_frame": {fr.Effect.CODE - 1: 1},
                          "decision_question": {QUESTIONS.index("EFFECT_WHISTLE_COUNT"): 1},
                          "decision_places": {(FROM, place("T27")): 1, (TO, place("T28")): 1}})
    assert QUESTIONS.index("EFFECT_WHISTLE_COUNT") == 6


def test_a_collapsing_tile_is_encoded_by_its_back_in_the_excavation() -> None:
    s = positions.collect()
    expected: dict[str, dict[Any, float]] = {
        "decision_frame": {fr.Collect.CODE - 1: 1},
        "decision_under": {fr.Excavation.CODE - 1: 1},
        "decision_places": {(DIG, place("S19")): 1},
        "decision_tile": {SNOW_LAYER: 1, CLEAR_BACK: 1},
        "decision_excavation": {1: 1},  # step: take
    }
    for viewer in range(3):
        context_slices(s, viewer, expected)


def test_an_excavations_prismatic_then_its_leader_from_seat_ones_view() -> None:
    s = positions.prism_slot()
    # Seat 0 is seat 1's last row (2); decision_excavation: 8 steps, 3 Leaders, 4 Camps.
    dig: dict[str, dict[Any, float]] = {
        "decision_under": {fr.Excavation.CODE - 1: 1},
        "decision_numbers": {HELD: 2 / 10},
    }
    context_slices(s, 1, {**dig, "decision_frame": {fr.PrismSlot.CODE - 1: 1},
                          "decision_places": {(DIG, place("S20")): 1},
                          "decision_tile": {SURFACE_LAYER: 1, PRISMATIC_TYPE: 1},
                          "decision_excavation": {2: 1, 8 + 2: 1}})  # prepare, seat 0
    s = positions.leader_to()
    context_slices(s, 1, {**dig, "decision_frame": {fr.LeaderTo.CODE - 1: 1},
                          "decision_who": {2: 1},
                          "decision_places": {(DIG, place("S20")): 1,
                                              **{(RECEIVES, place(q)): 1 / 10
                                                 for q in ("D17", "D16", "D11")}},
                          "decision_excavation": {4: 1, 8 + 2: 1}})  # leaders, seat 0


def test_a_payment_encodes_the_request_and_the_anima_paid() -> None:
    s = positions.pay()
    expected: dict[str, dict[Any, float]] = {
        "decision_frame": {fr.Pay.CODE - 1: 1},
        "decision_under": {fr.HandLimit.CODE - 1: 1, fr.Validate.CODE - 1: 1},
        "decision_request": {REQUEST_IDS.index("MONO-HAR"): 1},
        "decision_paid": {0: 1 / 6},  # 1 Harmony Anima (a Surface Artifact) of 6
    }
    for viewer in range(3):  # the face-down tile's layer and type are public
        context_slices(s, viewer, expected)
    s = positions.validation()
    context_slices(s, 0, {"decision_frame": {fr.Validate.CODE - 1: 1},
                          "decision_under": {fr.HandLimit.CODE - 1: 1},
                          "decision_numbers": {6: 2 / 6}})  # 2 validations left
    act(s, "validate MONO-HAR")
    act(s, "pay study-harmony")
    context_slices(s, 0, {"decision_frame": {fr.Pay.CODE - 1: 1},
                          "decision_under": {fr.HandLimit.CODE - 1: 1, fr.Validate.CODE - 1: 1},
                          "decision_request": {REQUEST_IDS.index("MONO-HAR"): 1},
                          "decision_paid": {6 + 0: 1}})  # the Harmony Study token


def test_a_merchant_caravan_visit_encodes_the_order_and_the_sale() -> None:
    s = positions.caravan()
    frame = s.pending[-1]
    assert isinstance(frame, fr.Caravan)
    shown = [IC.top.index(t) for t in frame.display]
    base: dict[str, dict[Any, float]] = {
        "decision_frame": {fr.Logbook.CODE - 1: 1},
        "decision_question": {QUESTIONS.index("LOGBOOK_CARAVAN"): 1},
        "caravan": {i: 1 for i in shown},
    }
    context_slices(s, 1, base)  # order 0, nothing done yet
    act(s, "sell S-HAR-1a")
    context_slices(s, 1, {**base, "decision_flags": {2: 1}})  # sold
    act(s, "done")
    context_slices(s, 1, {**base, "decision_numbers": {7: 2 / 2}})  # seat 2: order 2 of 0..2


def test_a_board_seen_before_encodes_as_when_first_seen() -> None:
    """The board's tile indices are kept by its faces: a board met again (after another)
    reads the same, a changed tile reads anew, and the kept indices cannot be written."""
    s = fresh(2, seed=4)
    first = split(s, 0)
    t2 = place("T2")
    removed = s.tiles[t2], s.rift[t2]
    s.tiles[t2], s.rift[t2] = -1, -1  # T2's tile taken off
    changed = split(s, 0)
    assert not changed["snow_tiles"][1].any() and first["snow_tiles"][1].any()
    s.tiles[t2], s.rift[t2] = removed  # and put back: the board first seen
    again = split(s, 0)
    for name in ("snow_tiles", "artifact_tiles"):
        assert np.array_equal(again[name], first[name])
    kept = ice_encoding._tile_indices(s.observation(0)["board"]["tiles"],
                                      s.observation(0)["board"]["rift_axis"])
    with pytest.raises(ValueError, match="read-only"):
        kept[0][0] = 0
