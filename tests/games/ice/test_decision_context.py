"""The open decision's context in ICE's observation (``decision["context"]``): the frame
kind and its public arguments, the same for every seat except a held tile's face, which
shows only to a seat that knows it; nothing in it moves under ``determinize``."""

from __future__ import annotations

import json
import random
from typing import Any

from tests.games.ice import decision_positions as positions
from tests.games.ice.helpers import act, prompt_of
from wintergames.games.ice import frames as fr
from wintergames.games.ice.components import IC
from wintergames.games.ice.observe import FRAME_KINDS, QUESTIONS
from wintergames.games.ice.state import IceState


def context(s: IceState, viewer: int | None) -> dict[str, Any]:
    decision = s.observation(viewer)["decision"]
    assert decision is not None
    return dict(decision["context"])


def same_for_everyone(s: IceState) -> dict[str, Any]:
    ctx = context(s, None)
    for viewer in range(s.num_players):
        assert context(s, viewer) == ctx
    return ctx


def unmoved_by_determinize(s: IceState) -> None:
    for viewer in range(s.num_players):
        for k in range(12):
            twin = s.determinize(viewer, random.Random(k))
            assert twin.observation(viewer)["decision"] == s.observation(viewer)["decision"]


def test_frame_names_are_the_frame_classes_names_in_code_order() -> None:
    by_name = {kind.NAME: kind.CODE for kind in fr.KINDS}
    assert FRAME_KINDS[0] == "DISCARD_OPENING"  # code 1: no longer a frame, kept in order
    assert [by_name[name] for name in FRAME_KINDS[1:]] == list(range(2, 21))
    questions = [kind for kind in fr.KINDS if issubclass(kind, fr.Question)]
    assert [kind.QUESTION for kind in questions] == list(QUESTIONS)
    assert len(set(QUESTIONS)) == len(QUESTIONS) == 25
    # the saved codes of the questions stay what they were (old games load)
    assert {kind.QUESTION: (kind.CODE, kind.SUB) for kind in questions}["LOGBOOK_STORM_MOVE"] \
        == (16, 17)


def test_a_moves_followers() -> None:
    s = positions.follow()
    assert same_for_everyone(s) == {"frame": "FOLLOW", "from": "T27", "most": 3,
                                    "then": "none", "under": []}
    # The prompt is the engine's (State.decision), the same words every seat reads.
    assert s.observation(1)["decision"]["prompt"] == prompt_of(s, 0).text


def test_whistle_of_storms_count_names_both_places() -> None:
    s = positions.whistle_count()
    assert same_for_everyone(s) == {"frame": "EFFECT", "effect": "EFFECT_WHISTLE_COUNT",
                                    "from": "T27", "to": "T28", "under": []}
    act(s, "follow 2")
    assert s.observation(0)["decision"] is None  # a free turn again: no decision open


def test_a_collapsing_tile_shows_only_its_back_even_to_the_collector() -> None:
    s = positions.collect()
    ctx = same_for_everyone(s)
    assert ctx == {
        "frame": "COLLECT", "tile": {"layer": "snow", "back": "clear"},
        "under": ["EXCAVATION"],
        "excavation": {"at": "S19", "step": "take", "apart": None,
                       "rope_archaeologist": False, "archaeologists": 0, "leaders": [],
                       "camp": None, "receives": {}},
    }
    held = s.pending[-1].tile  # type: ignore[attr-defined]
    assert IC.tiles[held].id == "SN01"
    for viewer in (None, 0, 1, 2):
        assert "SN01" not in json.dumps(s.observation(viewer)["decision"])
    unmoved_by_determinize(s)


def test_a_prismatic_waiting_for_its_slot_then_the_leader_to_place() -> None:
    s = positions.prism_slot()
    dig: dict[str, Any] = {"at": "S20", "step": "prepare", "apart": None,
                           "rope_archaeologist": False, "archaeologists": 2, "leaders": [0],
                           "camp": None, "receives": {}}
    assert same_for_everyone(s) == {
        "frame": "PRISM_SLOT", "tile": {"layer": "surface", "type": "prismatic", "anima": 1},
        "under": ["EXCAVATION"], "excavation": dig}
    unmoved_by_determinize(s)
    s = positions.leader_to()
    assert same_for_everyone(s) == {
        "frame": "LEADER_TO", "leader": 0, "under": ["EXCAVATION"],
        "excavation": {**dig, "step": "leaders",
                       "receives": {"D17": 1, "D16": 1, "D11": 1}}}
    unmoved_by_determinize(s)


def test_a_payment_names_the_request_and_shows_each_item_paid() -> None:
    s = positions.pay()
    base = {"frame": "PAY", "request": "MONO-HAR", "under": ["HAND_LIMIT", "VALIDATE"]}
    # S-HAR-2a lay face down, known to the payer only: putting it towards the Request
    # shows it to the table, as laying the Request face up shows the card.
    shown = {**base, "paid": [
        {"id": "S-HAR-2a", "layer": "surface", "type": "harmony", "anima": 1, "shape": 2}]}
    assert context(s, 0) == context(s, 1) == context(s, 2) == context(s, None) == shown
    unmoved_by_determinize(s)


def test_resampling_mid_payment_keeps_the_request_and_the_items_in_place() -> None:
    # Before the items and the Request were public, a twin seen from another seat could
    # deal the Request to another hand or swap the face-down Artifact under the payment.
    s = positions.pay()
    card = IC.requests.index(next(r for r in IC.requests if r.id == "MONO-HAR"))
    paid = IC.tile_by_id["S-HAR-2a"]
    for k in range(30):
        twin = s.determinize(1, random.Random(k))
        assert card in twin.requests[0] and paid in twin.art[0][0]
        act(twin, "pay D-HAR-1a")
        assert not twin.pending or not isinstance(twin.pending[-1], fr.Pay)
        assert card not in twin.requests[0]


def test_the_validations_left_then_a_study_token_paid() -> None:
    s = positions.validation()
    assert same_for_everyone(s) == {"frame": "VALIDATE", "validations_left": 2,
                                    "under": ["HAND_LIMIT"]}
    act(s, "validate MONO-HAR")
    assert same_for_everyone(s) == {"frame": "PAY", "request": "MONO-HAR", "paid": [],
                                    "under": ["HAND_LIMIT", "VALIDATE"]}
    act(s, "pay study-harmony")
    assert same_for_everyone(s) == {"frame": "PAY", "request": "MONO-HAR",
                                    "paid": [{"study": "harmony"}],
                                    "under": ["HAND_LIMIT", "VALIDATE"]}
    unmoved_by_determinize(s)


def test_a_merchant_caravan_visit_says_what_was_done() -> None:
    s = positions.caravan()
    base = {"frame": "LOGBOOK", "event": "LOGBOOK_CARAVAN", "under": []}
    assert same_for_everyone(s) == {**base, "order": 0, "sold": False, "bought": False}
    shown = s.observation(1)["decision"]["caravan"]  # the display: kept as it was
    assert len(shown) == 5 and all(t.startswith("SN") for t in shown)
    act(s, "sell S-HAR-1a")
    assert same_for_everyone(s) == {**base, "order": 0, "sold": True, "bought": False}
    act(s, "done")  # seat 1 has nothing to trade: seat 2 (third in the order) may buy
    assert s.to_move == (2,)
    assert same_for_everyone(s) == {**base, "order": 2, "sold": False, "bought": False}
    unmoved_by_determinize(s)
