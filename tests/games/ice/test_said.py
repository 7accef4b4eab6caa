"""What ICE says (issue 38): every log line is a phrase of data/messages.toml naming the
rule passage it applies; things are named as players say them (the code stays in the
mention's ref and term); every refusal names its rule."""

from __future__ import annotations

import random
import re

import pytest

from tests.games.ice import decision_positions as at
from tests.games.ice.helpers import act, fresh, give, prompt_of, spend_the_day, texts
from wintergames.core.errors import IllegalActionError
from wintergames.core.phrases import Mention, Phrase
from wintergames.core.registry import get_spec
from wintergames.core.replay import state_from_json
from wintergames.core.testing import snapshot
from wintergames.games.ice import words
from wintergames.games.ice.components import IC
from wintergames.games.ice.state import IceState
from wintergames.games.ice.words import MSG, RULES

# The codes the engine keeps out of its words: tile, Request, Decree and Logbook ids.
CODES = re.compile(r"\bSN\d+\b|\bENC\b|\b[SD]-[A-Z]{3}-\d|\b(?:MONO|SHAPES|EITHER|DUO|TRIO|PRISM)-"
                   r"|\bDEC-[A-Z]|\b[A-Z]{4,}(?:-[A-Z]+)*-[a-z]\b|\b(?:BLIZZARD|CATACLYSM|SNOWSTORM)\b")


def refused(s: IceState, text: str, match: str, rule: str) -> None:
    """``text`` is refused with a message matching ``match``, naming the rule passage
    ``rule``, and nothing changes."""
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match=match) as refusal:
        act(s, text)
    assert refusal.value.rule == rule
    assert snapshot(s) == before


def said(s: IceState, start: int) -> list[tuple[str, str | None]]:
    """The log's words and rules from line ``start`` on."""
    return [(e.text, e.rule) for e in s.log[start:]]


def phrase(s: IceState, line: int) -> Phrase:
    said = s.log[line].said
    assert isinstance(said, Phrase), said
    return said


def test_a_turn_logs_what_it_did_in_words_with_the_rule_of_each_line() -> None:
    s = fresh(3, seed=1, first_game=True)
    assert said(s, 0)[0] == ("Guilds: Player 1 (Navigator), Player 2 (CryoArchitect) and "
                             "Player 3 (Incandescent). Player 1 is the first player.",
                             "setup.guilds")
    start = len(s.log)
    act(s, "sail T26")
    act(s, "move T27")  # the Encampment's Archaeologist may follow
    act(s, "follow 1")
    give(s, 0, "SN29")  # a Wreck
    act(s, "play SN29")
    act(s, "excavate")  # a tunnel Snow tile, free with two Explorers on it
    while s.pending:
        act(s, texts(s)[0])
    assert said(s, start) == [
        ("Player 1 sails to T26 (1 EP).", "turn.sail"),
        ("Player 1 moves to T27 with 1 Archaeologist (1 EP).", "turn.move"),
        ("Player 1 plays Wreck: +1 EP, +1 RP token.", "snow.wreck"),
        ("Player 1 takes a tunnel Snow tile into their hand.", "excavate.take"),
        ("It is Wreck.", "excavate.take"),
        ("Player 1 excavates a tunnel Snow tile (0 EP).", "turn.excavate"),
    ]
    wreck, taken, private = s.log[start + 2], s.log[start + 3], s.log[start + 4]
    taken_said, private_said = phrase(s, start + 3), phrase(s, start + 4)
    assert (wreck.kind, wreck.vp, wreck.category, wreck.item) == ("snow-tile", 1, "RP tokens",
                                                                  "SN29")
    # the Snow tile taken: public by its back, its front only to its owner, its id a ref
    assert private.visible_to == frozenset({0}) and taken.visible_to is None
    assert [(m.kind, m.ref, m.term) for m in taken_said.mentions()] == [
        ("seat", 0, None), ("piece", "tunnel", "tunnel")]
    assert [(m.kind, m.ref, m.text, m.term) for m in private_said.mentions()] == [
        ("card", "SN30", "Wreck", "SN30")]
    moved = phrase(s, start + 1)
    assert moved.msg == "moved-paid"
    assert [p if isinstance(p, str) else (p.kind, p.text) for p in moved.parts()] == [
        ("seat", "Player 1"), " moves to ", ("place", "T27"), " with ",
        ("amount", "1 Archaeologist"), " (", ("amount", "1 EP"), ")."]


def test_the_sunset_names_requests_by_kind_and_types() -> None:
    s = fresh(3, seed=2, first_game=True)
    spend_the_day(s)
    row = s.log[-1]
    assert row.rule == "sunset.row" and row.text.startswith("The Request row: ")
    cards = [m for m in phrase(s, -1).mentions() if m.kind == "card"]
    assert [m.ref for m in cards] == [IC.requests[c].id for c in s.row]
    assert all(m.text.endswith(")") or m.text == "Prism Request" for m in cards)
    assert not CODES.search(row.text), row.text
    act(s, f"take {IC.requests[s.row[0]].id}")
    assert s.log[-1].text == f"Player 1 takes {cards[0].text} from the row."


def test_refusals_name_the_rule_that_refuses_them() -> None:
    s = fresh(3, seed=1, first_game=True, opening=False)
    refused(s, "plan", "Choose the opening Requests", "setup.requests")
    s = fresh(3, seed=1, first_game=True)
    refused(s, "move T27", "not on the board", "turn.move")
    refused(s, "excavate", "excavate the tile your Leader is on", "turn.excavate")
    refused(s, "end", "spends 1-2 EP", "turn.end")
    refused(s, "activate", "not possible now", "guild.incandescent")
    act(s, "sail T26")
    act(s, "move T27")
    refused(s, "follow 2", "How many Archaeologists follow", "turn.move")
    act(s, "follow 0")
    refused(s, "recruit T26", "costs 1 EP", "turn.actions")
    s2 = fresh(2, seed=1, first_game=True)
    refused(s2, "plan", "not used with 2 players", "turn.plan")
    spend_the_day(s)
    refused(s, "validate PRISM-a", "take a Request from the Sunset row", "sunset.row")


def test_every_open_decision_names_a_passage() -> None:
    """Each frame's prompt applies a passage of rules.toml (a refusal names the same)."""
    for kind, said in ((at.follow(), "turn.move"), (at.whistle_count(), "snow.whistle-of-storms"),
                       (at.collect(), "artifact.philosophical"), (at.pay(), "sunset.validate"),
                       (at.caravan(), "logbook.merchant-caravan")):
        p = kind.pending[-1].seat
        assert prompt_of(kind, p).rule == said
        assert said in RULES


@pytest.mark.parametrize("players,options", [
    (2, {}), (3, {"curse": "gentle", "logbook": "on"}), (4, {"logbook": "setup"}),
    (5, {"first_game": True})])
def test_no_line_shows_a_code_and_every_tooltip_is_a_help_term(
        players: int, options: dict[str, object]) -> None:
    """Codes stay in refs and terms; the terms are keys of the game's help."""
    help_ = get_spec("ice").rules_help
    assert help_ is not None
    terms = help_.terms
    for seed in range(3):
        s = fresh(players, seed=seed, opening=False, **options)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.to_move[0]
            s.apply(rng.choice(s.legal_actions(p)), p)
        for event in s.log:
            assert isinstance(event.said, Phrase) and event.rule in RULES
            if event.visible_to is None:
                assert not CODES.search(event.text), event.text
            for m in event.said.mentions():
                assert m.term is None or m.term in terms, (event.text, m)
                if m.kind == "card" and m.ref in IC.tile_by_id:  # a tile named by its face:
                    tile = IC.tile_by_id[str(m.ref)]  # one everybody, or its reader, has seen
                    readers = event.visible_to or range(players)
                    assert s.seen[tile] or all(s.known[tile] >> p & 1 for p in readers), (
                        event.text, m)


def test_a_line_under_way_is_kept_in_a_snapshot() -> None:
    s = fresh(3, seed=1, first_game=True)
    act(s, "sail T26")
    act(s, "move T27")  # waiting for its followers: the line is under way
    assert isinstance(s.line, Phrase) and s.line.text == "Player 1 moves to T27"
    back = state_from_json(s.to_json())
    assert isinstance(back, IceState) and back.line == s.line
    act(back, "follow 1")
    assert back.log[-1].text == "Player 1 moves to T27 with 1 Archaeologist (1 EP)."
    # a snapshot from before lines were phrases held "" between moves
    obj = fresh(3, seed=1, first_game=True).to_json()
    assert obj["state"]["line"] is None
    obj["state"]["line"] = ""
    assert state_from_json(obj).line is None  # type: ignore[attr-defined]


def test_every_message_applies_a_passage_and_the_things_have_their_names() -> None:
    assert all(MSG.template(msg).rule in RULES for msg in MSG)
    assert words.tile(IC.tile_by_id["ENC"]).text == "the Encampment"
    assert words.tile(IC.tile_by_id["SN33"]).text == "Swarm of Polar Termites"
    assert words.hidden(IC.tile_by_id["D-PRI-1"]) == Mention(
        "piece", "prismatic", "a Deep Prismatic Artifact", term="prismatic")
    duo = next(c for c, r in enumerate(IC.requests) if r.id == "DUO-HAR-EXA-OBL")
    assert words.request(duo).text == "Duo Request (Harmony, Exalted, Obliteration)"
    assert [words.logbook_card(c).text for c, b in enumerate(IC.logbook)
            if b.event == "something-is-coming"] == ["Something is Coming"] * 2
