"""Winterborne's log as data (issue 38): each line is a phrase of the game's messages,
naming things as players name them (the codes in the mentions' refs) and the rule
passage it applies."""

from __future__ import annotations

import random

import pytest

import wintergames as wg
from tests.games.winterborne.helpers import YELLOW, fresh, place, play, top_ally
from tests.games.winterborne.scenario import act, give_favor, new, set_hand, to_winter
from wintergames.core.errors import ReplayError
from wintergames.core.events import Event
from wintergames.core.phrases import Phrase
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.state import WinterborneState

SPEC = wg.get_spec("winterborne")
CODES = {c.id for c in WB.cards} | {t.id for t in WB.spoils} | {a.id for a in WB.allies}


def mentioned(event: Event) -> list[tuple[str, object]]:
    assert isinstance(event.said, Phrase)
    return [(m.kind, m.ref) for m in event.said.mentions()]


def test_a_conquest_is_one_line_of_names_under_the_conquest_rule() -> None:
    s = fresh(hand=["WAR1", "SHA2"], res=(1, 0, 1))
    place(s, warrior="G4")
    play(s, "WAR1 W", "SHA2 m1", "conquer C5 black")
    assert s.line is not None and len(s.log) == 3  # said so far, not logged yet
    play(s, "take none")
    line = s.log[-1]
    assert (line.kind, line.player, line.rule) == ("conquer", 0, "warrior.conquer")
    assert line.text == ("Player 1 plays Warrior I (Warrior hex) with Shaman II (move 1), "
                         "warrior moves 1 space to G5, conquers C5 with a black tile for "
                         "1 gold and 1 military, takes no spoils")
    # the codes are the mentions' refs, where a screen finds the pictures
    assert mentioned(line) == [
        ("seat", 0), ("card", "WAR1"), ("term", "W"), ("card", "SHA2"), ("term", "m1"),
        ("piece", "warrior"), ("amount", 1), ("place", "G5"), ("place", "C5"),
        ("piece", "black"), ("amount", 1), ("amount", 1)]
    assert s.line is None


def test_a_trade_names_the_ally_by_its_province_and_what_was_paid() -> None:
    s = fresh(hand=["SHA1", "SHA2"], res=(0, 1, 0))
    place(s, shaman="G1")
    top_ally(s, YELLOW, "YE1")  # any 1 resource for 2 gold and 1 meat
    play(s, "SHA1 S", "SHA2 m1", "trade yellow", "choose meat")
    line = s.log[-1]
    assert (line.kind, line.rule) == ("trade", "shaman.trade")
    assert line.text.endswith("shaman moves 1 space to G2, trades with the yellow ally "
                              "(pays 1 meat; gains 2 gold and 1 meat)")
    assert ("card", "YE1") in mentioned(line)


def test_a_power_line_applies_the_power_and_a_resource_card_the_play() -> None:
    s = new(2)
    to_winter(s, 1)
    s.power_card[0] = 0  # WB1: move a building / two resources
    give_favor(s, 0, 3)
    act(s, "power two-resources", "choose gold", "choose meat")
    line = s.log[-1]
    assert (line.kind, line.rule) == ("move", "power.two-resources")
    assert line.text == ("Player 1 uses the Winterborne power Two Resources (1 favor) "
                         "+1 gold +1 meat")
    assert ("term", "two-resources") in mentioned(line)
    s = fresh(hand=["T1"])
    play(s, "T1 +2g")
    assert (s.log[-1].rule, s.log[-1].text) == (
        "turn.play", "Player 1 plays Treasure 1 (take 2 gold): +2 gold")


def test_the_reserve_the_end_and_the_clean_up_have_lines_and_rules_of_their_own() -> None:
    s = new(2)
    set_hand(s, 0, "T2", "SHA1", "EXP1", "WAR1")
    before = len(s.log)
    act(s, "reserve T2", "end", "discard SHA1", "done")
    said = [(e.rule, e.text, e.visible_to) for e in s.log[before:]]
    assert said[:3] == [
        ("turn.reserve", "Player 1 puts Treasure 2 into the reserve", None),
        ("turn.end", "Player 1 ends the turn", None),
        ("turn.cleanup", "Player 1 discards Shaman I", None)]
    # the draw back to four is said to its seat only, card by card
    rule, text, seen = said[-1]
    assert (rule, seen) == ("turn.draw", frozenset({0})) and text.startswith("You draw ")
    assert all(m.kind == "card" for m in s.log[-1].said.mentions())  # type: ignore[union-attr]


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_every_line_names_things_not_codes_with_terms_the_help_explains(n: int) -> None:
    """Seeded games: no line shows a card, spoils or ally code; every mention's tooltip
    term is a term of the game's help; every line names a passage."""
    terms = SPEC.rules_help.terms if SPEC.rules_help else {}
    assert SPEC.rules is not None
    for seed in range(2):
        s = wg.make("winterborne", n, seed=seed, options={"mercenary": True,
                                                           "round_power": True})
        rng = random.Random(seed)
        while not s.is_over:
            p = s.to_move[0]
            actions = s.legal_actions(p)
            s.apply(actions[rng.randrange(len(actions))], p)
        for event in s.log:
            assert event.rule in SPEC.rules, event.text
            words = set(event.text.replace(",", " ").replace(";", " ").replace("(", " ")
                        .replace(")", " ").split())
            assert not words & CODES, event.text
            assert isinstance(event.said, Phrase)
            for m in event.said.mentions():
                assert m.term is None or m.term in terms, (m, event.text)
                if m.kind == "card":  # a card, a spoils tile or an ally: its code is its ref
                    assert m.ref in CODES and m.text != m.ref, m


def test_a_move_in_progress_is_saved_with_its_words() -> None:
    s = new(2)
    set_hand(s, 0, "WAR1", "SHA2")
    place(s, warrior="G4")
    play(s, "WAR1 W", "SHA2 m1")
    again = wg.state_from_json(s.to_json())
    assert isinstance(again, WinterborneState)
    assert again.line == s.line and isinstance(again.line, Phrase)
    for state in (s, again):
        play(state, "pass")  # no special action: the line ends with the move
    assert again.log[-1] == s.log[-1]
    assert s.log[-1].text.endswith("with Shaman II (move 1), warrior moves 1 space to G5")
    assert (s.log[-1].rule, s.log[-1].kind) == ("turn.move", "move")


def test_a_snapshot_from_before_phrases_loads_between_moves_only() -> None:
    obj = new(2).to_json()
    obj["state"]["line"] = ""  # no move in progress, as the game saved it then
    assert wg.state_from_json(obj).line is None  # type: ignore[attr-defined]
    obj["state"]["line"] = "Player 1 plays WAR1 (W)"  # its words can be no phrase again
    with pytest.raises(ReplayError, match="phrase"):
        wg.state_from_json(obj)
    obj["state"]["line"] = {"msg": "no-such-message", "args": {}, "rule": "turn.move"}
    with pytest.raises(ReplayError):
        wg.state_from_json(obj)


def test_the_balaur_line_is_one_phrase_under_its_turn_rule() -> None:
    s = new(1, seed=5)
    act(s, "end", "done")
    line = next(e for e in reversed(s.log) if e.kind == "balaur")
    assert line.rule == "solo.balaur-turn"
    assert line.text.startswith("The Balaur draws Explorer I; explorer at green")
    assert mentioned(line)[:3] == [("card", "EXP1"), ("piece", "explorer"), ("place", "green")]

