"""ICE's decisions as data (prompts.py, choices.py): every frame kind states its prompt,
and each prompt names the piece, the cost and the limit with the numbers of the game's
data and the state; every legal action has a label and an explanation with its cost."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import wintergames as wg
from tests.games.ice import decision_positions as at
from tests.games.ice.helpers import act, fresh, place, request, spend_the_day
from wintergames.core.errors import IllegalActionError
from wintergames.core.phrase_check import check_decisions
from wintergames.games.ice import frames as fr
from wintergames.games.ice import prompts, rules, turn
from wintergames.games.ice.components import IC
from wintergames.games.ice.state import IceState
from wintergames.games.ice.words import RULES


def labels(s: IceState) -> dict[str, str]:
    """Each legal action of the seat to move (in notation) with its button's label."""
    return {str(a): c.label.text for a, c in s.choices(s.to_move[0]) if c is not None}


def explained(s: IceState, notation: str) -> str:
    return next(c.explain.text for a, c in s.choices(s.to_move[0])
                if str(a) == notation and c is not None)


def test_every_frame_kind_and_every_question_of_a_frame_has_its_prompt() -> None:
    # every kind a saved state may hold has its answers, its resolution and its prompt;
    # the Excavation frame waits under the others and is never asked
    kinds = set(fr.KINDS)
    assert len(kinds) == 41
    assert set(rules.HANDLERS) == set(prompts.DECISIONS) == kinds - {fr.Excavation}


def test_a_frame_kind_without_a_prompt_would_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    s = at.follow()
    monkeypatch.delitem(prompts.DECISIONS, fr.Follow)
    with pytest.raises(KeyError):
        prompts.decision(s, 0)


def test_the_opening_discard_counts_down_to_the_requests_kept() -> None:
    s = fresh(3, opening=False)
    d = prompts.decision(s, 0)
    assert d.prompt.text == f"Choose the opening Requests to discard: you keep {IC.keep}"
    assert d.remaining == IC.deal - IC.keep
    assert d.limit is not None and d.limit.text == (
        f"you hold {IC.deal} and keep {IC.keep}: {IC.deal - IC.keep} more to discard")
    first = prompts.decision(fresh(3, opening=False, first_game=True), 0)
    assert first.remaining == IC.first_game_deal - IC.first_game_keep


def test_a_turn_names_the_leader_and_the_ep_spent_of_the_turns_limit() -> None:
    s = fresh(3)
    d = prompts.decision(s, 0)
    assert d.piece is not None and d.piece.text == "Expedition Leader"
    left = s.ep[0]
    assert d.limit is not None
    assert d.limit.text == f"0 of {IC.turn_ep} EP spent this turn, {left} EP left today"
    act(s, "overwork")
    d = prompts.decision(s, 0)
    assert d.limit is not None and d.limit.rule == "turn.overwork"
    assert f"of {IC.overwork_ep} EP spent this turn" in d.limit.text


def test_a_turn_with_its_ep_spent_says_only_free_things_or_the_end_remain() -> None:
    s = fresh(3)
    s.spent = IC.turn_ep
    assert prompts.decision(s, 0).prompt.text.startswith("Your turn: no more EP to spend this turn")
    assert labels(s)["end"] == "End your turn"


def test_each_paid_action_says_its_cost_from_the_data() -> None:
    s = fresh(3)
    s.leaders[0] = place("T27")
    said = {c.group.text for _, c in s.choices(0) if c is not None and c.group is not None}
    assert f"Move your Expedition Leader ({IC.action_ep} EP)" in said
    assert explained(s, "move T28") == (f"Move your Expedition Leader to T28 ({IC.action_ep} "
                                        "EP); then say how many Archaeologists follow")
    assert labels(s)["move T28"] == "to T28"
    cost = turn.excavation_cost(s, 0)
    assert cost is not None and labels(s)["excavate"] == f"Excavate ({cost} EP)"
    assert labels(s)["overwork"] == f"Overwork ({IC.overwork_rp} RP token)"


def test_the_followers_decision_says_how_many_may_follow() -> None:
    s = at.follow()
    d = prompts.decision(s, 0)
    frame = s.pending[-1]
    assert isinstance(frame, fr.Follow)
    most = frame.most
    assert d.prompt.text == "How many Archaeologists follow your Expedition Leader from T27?"
    assert d.limit is not None and d.limit.text == f"up to {most} Archaeologists"
    assert labels(s) == {f"follow {n}": f"{n} Archaeologist{'s' if n != 1 else ''}"
                         for n in range(most + 1)}


def test_a_validation_counts_the_requests_validated_today() -> None:
    s = at.validation()
    d = prompts.decision(s, 0)
    assert d.prompt.text == "Sunset: validate a Request from your hand, or done"
    assert d.limit is not None and d.limit.text == f"0 of at most {IC.validations} validated today"
    rp = IC.requests[request("MONO-HAR")].rp
    assert explained(s, "validate MONO-HAR").endswith(f"for {rp} RP")
    assert labels(s)["done"] == "Done"


def test_a_payment_names_the_request_and_the_items_paid() -> None:
    s = at.pay()
    d = prompts.decision(s, 0)
    assert d.piece is not None and d.piece.ref == "MONO-HAR"
    assert d.limit is not None and d.limit.text == "1 paid so far"
    assert labels(s)["pay D-HAR-1a"].startswith("Pay with Harmony Artifact")


def test_the_hand_limit_counts_down_to_the_limit_of_the_data() -> None:
    s = fresh(3, seed=9)
    s.day = 2
    spend_the_day(s)
    act(s, "none")
    while s.pending and isinstance(s.pending[-1], fr.Validate):
        act(s, "done")
    extra = [c for c in s.request_deck[:3]]
    s.requests[0].extend(extra)
    for c in extra:
        s.request_deck.remove(c)
    fr.push(s, fr.HandLimit(0))
    held = len(s.requests[0])
    d = prompts.decision(s, 0)
    assert d.prompt.text == f"Discard Requests down to {IC.request_hand_limit}"
    assert d.remaining == held - IC.request_hand_limit
    assert d.limit is not None and d.limit.text == (
        f"you hold {held}, at most {IC.request_hand_limit}: "
        f"{held - IC.request_hand_limit} more to discard")


def test_the_snow_hand_limit_counts_down_to_the_limit_of_the_data() -> None:
    s = fresh(3)
    s.hand[0] = [t for t in range(len(IC.tiles)) if IC.tiles[t].level == 3][:5]
    fr.push(s, fr.SnowLimit(0))
    d = prompts.decision(s, 0)
    assert d.prompt.text == f"Discard Snow tiles down to {IC.snow_hand_limit}"
    assert d.remaining == 5 - IC.snow_hand_limit
    assert all(label.startswith("Discard ") for label in labels(s).values())


def test_a_placement_names_the_piece_and_groups_its_places() -> None:
    s = at.leader_to()
    d = prompts.decision(s, s.to_move[0])
    assert d.piece is not None and d.piece.text == "Expedition Leader"
    for a, c in s.choices(s.to_move[0]):
        assert c is not None and c.group is not None
        assert c.group.text == "Choose a place: Expedition Leader"
        assert c.label.text == str(a).split()[1]
        assert c.explain.text == f"Put the Expedition Leader on {c.label.text} (no EP)"


def test_a_refusal_says_the_open_decisions_prompt_and_rule() -> None:
    s = at.follow()
    with pytest.raises(IllegalActionError) as err:
        act(s, "end")
    assert prompts.decision(s, 0).prompt.text in str(err.value)
    assert err.value.rule == "turn.move"


@pytest.mark.parametrize("n,options", [(2, {}), (3, {"logbook": "on"}),
                                       (5, {"curse": "on", "blessing": True})])
def test_every_decision_of_a_random_game_is_said(n: int, options: dict[str, object]) -> None:
    """Each step (the generic checks sample them): the prompt and each legal action's
    label, explanation and group are phrases of the game naming a rule passage."""
    s = wg.make("ice", n, seed=n, options=options)
    assert isinstance(s, IceState)
    asked = list(_each_decision_checked(s, random.Random(n)))
    assert {None, fr.Follow, fr.SunsetTake} <= {kind for kind, _ in asked}
    assert all(rule in RULES for _, rule in asked)


def _each_decision_checked(s: IceState, rng: random.Random
                           ) -> Iterator[tuple[type[fr.IceFrame] | None, str]]:
    """Plays ``s`` at random to its end, checking every decision's phrases (check_decisions)
    on the way; yields each decision's frame kind (None: none open) and its prompt's rule."""
    while not s.is_over:
        check_decisions(s)
        seat = s.to_move[0]
        yield (type(s.pending[-1]) if s.pending and s.day else None,
               prompts.decision(s, seat).prompt.rule)
        s.apply(rng.choice(s.legal_actions(seat)), seat)
