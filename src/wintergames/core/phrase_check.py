"""Generic checks that a game says everything as phrases of its messages, each naming a
rule passage that exists (``core.testing`` runs them in every checked game).

A game that has no message catalogue yet (``GameSpec.messages`` is ``None``) is only
checked once it has one; from then on every event of its log must be a phrase.
"""

from __future__ import annotations

from wintergames.core.errors import RefusedByRuleError
from wintergames.core.phrases import MENTION_KINDS, Phrase
from wintergames.core.registry import get_spec
from wintergames.core.state import State


def check_catalogue(game_id: str) -> None:
    """Every message of the game names a rule passage the game has."""
    spec = get_spec(game_id)
    if spec.messages is None:
        return
    assert spec.rules is not None, f"{game_id} has messages but no rule passages"
    for msg in spec.messages:
        rule = spec.messages.template(msg).rule
        assert rule in spec.rules, f"{game_id} message {msg!r} names no passage: {rule!r}"


def check_log_phrases(state: State) -> None:
    """Every event of the log is a phrase of the game's messages that renders (each field
    given, each mention of a known kind) and names a rule passage of the game."""
    spec = get_spec(state.game_id)
    if spec.messages is None:
        return
    assert spec.rules is not None, f"{spec.id} has messages but no rule passages"
    for event in state.log:
        said = event.said
        assert isinstance(said, Phrase), f"a log line that is no phrase: {said!r}"
        assert said.catalogue is spec.messages, f"{said.msg!r} is no message of {spec.id}"
        check_phrase(said, spec.id)
        assert said.rule in spec.rules, f"{said.text!r} names no rule passage: {said.rule!r}"


def check_phrase(said: Phrase, game_id: str) -> None:
    """``said`` renders: every field given, every mention of a known kind with words."""
    assert said.text.strip(), f"{game_id}: message {said.msg!r} says nothing"
    for mention in said.mentions():
        assert mention.kind in MENTION_KINDS, (
            f"{game_id}: {said.msg!r} mentions a {mention.kind!r}; known: "
            f"{sorted(MENTION_KINDS)}")
        assert mention.text.strip(), f"{game_id}: {said.msg!r} mentions {mention!r} wordlessly"


def check_refusal(state: State, err: RefusedByRuleError) -> None:
    """A refusal names a rule passage of the game (once the game has passages)."""
    rules = get_spec(state.game_id).rules
    if rules is None:
        return
    assert err.rule is not None, f"a refusal names no rule: {err}"
    assert err.rule in rules, f"the refusal {str(err)!r} names no passage: {err.rule!r}"


def check_decisions(state: State) -> None:
    """Each seat to move has a prompt, and each of its legal actions a label and an
    explanation, in phrases of the game that name a passage (once the game states them:
    a game whose ``decision`` is still ``None`` is not checked yet)."""
    spec = get_spec(state.game_id)
    if spec.messages is None or spec.rules is None:
        return
    for player in state.to_move:
        decision = state.decision(player)
        if decision is None:
            continue
        said = decision.phrases()
        for action, choice in state.choices(player):
            assert choice is not None, f"{action} has no label though the seat has a prompt"
            said += choice.phrases()
        # Each message is rendered once per position: a turn of ICE lists about a hundred
        # choices, most of them one message with another place, and rendering them all at
        # every deep step had made the generic checks a third slower.
        rendered: set[str] = set()
        for phrase in said:
            assert phrase.catalogue is spec.messages, f"{phrase.msg!r} is no message of {spec.id}"
            assert phrase.rule in spec.rules, f"{phrase.msg!r} names no passage: {phrase.rule!r}"
            if phrase.msg not in rendered:
                rendered.add(phrase.msg)
                check_phrase(phrase, spec.id)
