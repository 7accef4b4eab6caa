"""Phrases: a catalogue's templates filled with mentions, read back from JSON, refused
when they name no message or leave a field empty."""

from __future__ import annotations

import pytest

from wintergames.core.events import Event, amount, seat
from wintergames.core.phrases import Catalogue, Mention, MessageError

CAT = Catalogue.from_toml('''
[take]
text = "{seat} takes {cards} ({vp})"
rule = "turn.take"
[card]
text = "the {name} card"
rule = "cards"
''', "demo")


def card(name: str) -> Mention:
    return Mention("card", name, name, term=name)


def test_a_phrase_renders_its_mentions_lists_and_inner_phrases() -> None:
    said = CAT("take", seat=seat(1), cards=(CAT("card", name=card("red")), card("blue"),
                                             card("gold")), vp=amount(2, "VP"))
    assert said.text == "Player 2 takes the red card, blue and gold (2 VP)"
    kinds = [p if isinstance(p, str) else p.kind for p in said.parts()]
    assert kinds == ["seat", " takes the ", "card", " card, ", "card", " and ", "card", " (",
                     "amount", ")"]
    assert said.view()["parts"][2] == {"kind": "card", "ref": "red", "text": "red",
                                       "term": "red"}


def test_an_event_of_a_phrase_round_trips_through_json_with_its_catalogue() -> None:
    event = Event(CAT("take", rule="turn.take-two", seat=seat(0), cards=(card("red"),),
                      vp=amount(1, "VP")), kind="take", player=0, vp=1, category="cards")
    back = Event.from_json(event.to_json(), CAT)
    assert back == event and back.rule == "turn.take-two" and back.text == event.text
    # without the catalogue the words are kept
    assert Event.from_json(event.to_json()).said == event.text


def test_a_message_the_catalogue_lacks_or_a_missing_field_is_refused() -> None:
    with pytest.raises(MessageError, match="demo has no message 'took'"):
        CAT("took")
    with pytest.raises(MessageError, match=r"'take' needs \{cards\}"):
        _ = CAT("take", seat=seat(0), vp=amount(1, "VP")).text
    stored = CAT("card", name=card("red")).to_json()
    with pytest.raises(MessageError, match="lacks"):
        CAT.phrase_from_json({**stored, "args": {}})
    with pytest.raises(MessageError, match="no mention"):
        CAT.phrase_from_json({**stored, "args": {"name": {"mention": [
            "spaceship", 1, "x", None, None]}}})
    with pytest.raises(MessageError, match="a stored mention is"):
        CAT.phrase_from_json({**stored, "args": {"name": {"mention": {"kind": "card"}}}})
    with pytest.raises(MessageError, match="no phrase argument"):
        CAT.phrase_from_json({**stored, "args": {"name": "red"}})


def test_a_catalogue_entry_needs_a_text_and_a_rule() -> None:
    with pytest.raises(MessageError, match="exactly a text and a rule"):
        Catalogue.from_toml('[take]\ntext = "x"\n', "demo")
