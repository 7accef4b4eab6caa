"""ICECOOL Wizards' log as data (issue 38): each line is a phrase of the game's messages
that says things as players name them (a lesson by its icon and spell, a place by its
rooms, a flick by where it goes), keeps the codes in its mentions, and names its rule."""

from __future__ import annotations

import random
import re

import wintergames as wg
from wintergames.core.events import Event
from wintergames.core.phrases import Phrase
from wintergames.games.icecool_wizards import SPEC
from wintergames.games.icecool_wizards.actions import Flick
from wintergames.games.icecool_wizards.words import flick_words

from .helpers import act, after_flick, exam_of, game, give, lay, put_exam


def said(event: Event) -> Phrase:
    assert isinstance(event.said, Phrase), event
    return event.said


def lines(events: list[Event]) -> list[tuple[str, str | None]]:
    return [(e.text, e.rule) for e in events]


def test_a_flick_through_a_doorway_and_its_collects_are_said_with_their_rules() -> None:
    s = game(2)
    lay(s, "W-fire")  # across doorway D1, between Astrology and Magic 101
    lay(s, "S")  # in the Astrology classroom
    s.penguins[0] = (8.6, 30.0)
    start = len(s.log)
    act(s, "flick 90 0.5 0")
    act(s, "collect wand")
    act(s, "collect star")
    assert lines(s.log[start:]) == [
        ("Player 1 flicks: at 90° (up), medium (50%), no spin", "turn.flick"),
        ("Player 1's penguin visited Astrology and Magic 101, passed through the doorway "
         "between Astrology and Magic 101 and touched the exam space in Astrology",
         "flick.reach"),
        ("Player 1 collects Wand (fire spell) from the doorway between Astrology and "
         "Magic 101", "collect.doorway"),
        ("Player 1 collects Star from the Astrology classroom", "collect.classroom"),
    ]
    flicked, reached, from_door, _ = (said(e) for e in s.log[start:])
    # the codes players are spared stay in the mentions, for the page's icons and tooltips
    assert [(m.kind, m.ref, m.term) for m in flicked.mentions()] == [
        ("seat", 0, None), ("term", "flick 90 0.5 0", "flick")]
    assert [m.ref for m in reached.mentions() if m.kind == "place"] == [
        "astrology", "magic101", "D1", "X1"]
    card, place = (m for m in from_door.mentions() if m.kind != "seat")
    assert (card.kind, card.ref, card.term) == ("card", "W-fire", "W-fire")
    assert (place.ref, place.term) == ("D1", "doorway between Astrology and Magic 101")


def test_an_exam_a_trade_and_a_spell_say_what_they_did() -> None:
    s = game(2)
    put_exam(s, "X3", exam_of("FH"))
    give(s, 0, "F", "P-water", "S-wind")
    give(s, 1, "H")
    after_flick(s, exams=("X3",), bumped=(1,))
    start = len(s.log)
    act(s, "trade 2 give S-wind take H")
    act(s, "exam X3 F+P-water")
    give(s, 0, "W-wind")
    act(s, "cast W-wind")
    assert lines(s.log[start:]) == [
        ("Player 1 exchanges knowledge with Player 2: gives Star (wind spell), takes Hourglass",
         "trade"),
        ("Player 1 takes the Magic Fishbone + Hourglass exam (6 Magic Points) from the exam "
         "space in Magical Creatures, paying Magic Fishbone and Potion (water spell)",
         "exam.take"),
        ("Player 1 casts Wand (wind spell): 1 extra flick this turn", "spell.wind"),
    ]
    exam = next(m for m in said(s.log[start + 1]).mentions() if m.kind == "card")
    assert (exam.ref, exam.term) == ("exam F+H", "exam F+H")  # the help's key


def test_the_end_of_the_game_names_the_totals_and_the_winner() -> None:
    s = game(2)
    s.exam_deck = []
    s.exam_spaces[0] = -1
    s.current = 1
    give(s, 1, "F")
    after_flick(s)
    s.flicks_left = 0
    start = len(s.log)
    act(s, "done", 1)
    assert s.is_over
    assert lines(s.log[start:]) == [
        ("The exam deck is empty, so the exam space in Astrology stays empty: the game ends "
         "when this round is complete", "end.last-round"),
        ("The round is complete: the game ends with Player 1 on 0 Magic Points and Player 2 "
         "on 1 Magic Point", "end.last-round"),
        ("Player 2 scores 1 Magic Point for face-up lessons: Magic Fishbone", "end.score"),
        ("Player 2 wins", "end.winner"),
    ]


def test_a_flick_is_said_by_its_angle_way_strength_and_curve() -> None:
    assert flick_words(Flick.of(0, 1, 0)) == "at 0° (right), very hard (100%), no spin"
    assert flick_words(Flick.of(22.5, 0.26, 0.04)) == (
        "at 22.5° (up and right), medium (26%), no spin")
    assert flick_words(Flick.of(-90, 0.8, -0.5)) == "at 270° (down), hard (80%), spin, curving left"
    assert flick_words(Flick.of(337.4, 0.25, 0.49)) == (
        "at 337.4° (down and right), soft (25%), a little spin, curving right")
    # flicks 15 degrees apart in the same eighth of a turn read apart
    assert flick_words(Flick.of(0, 0.5, 0)) != flick_words(Flick.of(15, 0.5, 0))


# A code a player should never read in a log line: an exam space or doorway ("X6", "D1"),
# a lesson card's notation ("H-fire"), an exam's ("exam F+H"), a flick's ("flick 60 0.5 0").
CODES = re.compile(r"\b[XD]\d\b|\b[FHWPS](-[a-z]+)?\b|exam [FHWPS]\b|flick -?\d")


def test_a_seeded_game_logs_no_codes_and_every_line_names_a_passage() -> None:
    s = wg.make("icecool-wizards", 3, seed=5)
    rng = random.Random(5)
    while not s.is_over and len(s.history) < 400:
        p = s.to_move[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    assert SPEC.rules is not None
    seen = {e.kind for e in s.log}
    assert {"flick", "flick-result", "deck", "turn"} <= seen, seen
    for event in s.log:
        assert not CODES.search(event.text), event.text
        assert event.rule in SPEC.rules, (event.text, event.rule)
