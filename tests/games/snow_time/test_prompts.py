"""Issue 38: every decision of Snow Time says what is chosen, for which colour, how many
colours have yet to choose (and which of a seat's two colours is next), and every choice
has a label and a one-line explanation with what it may cost."""

from __future__ import annotations

import wintergames as wg
from wintergames.core.decisions import Decision
from wintergames.games.snow_time.components import ST
from wintergames.games.snow_time.state import SnowTimeState

from .helpers import act, game, play

MAX_HEAL = ST.healer_takes_back  # the printed Healer: "up to two"


def decided(s: SnowTimeState, player: int) -> Decision:
    decision = s.decision(player)
    assert decision is not None, f"Player {player + 1} has no prompt"
    return decision


def labels(s: SnowTimeState, player: int) -> list[str]:
    return [c.label.text for _, c in s.choices(player) if c is not None]


def explained(s: SnowTimeState, player: int, notation: str) -> str:
    return next(c.explain.text for a, c in s.choices(player) if str(a) == notation and c)


def test_everyone_chooses_a_card_and_is_told_how_many_colours_have_yet_to_choose() -> None:
    s = game(3)
    first = decided(s, 0)
    assert first.prompt.text == "Choose the card red plays this turn, face down"
    assert first.prompt.rule == "turn.play"
    assert first.piece is not None and first.piece.ref == "red"
    assert first.limit is not None
    assert first.limit.text == f"{s.colours} of {s.colours} colours yet to choose; " \
        "all are revealed together"
    assert first.remaining is None  # one colour, one choice
    play(s, "", "5")
    # blue's choice is in: no prompt to choose again; the others count one fewer
    assert s.decision(1) is None
    limit = decided(s, 2).limit
    assert limit is not None and limit.text.startswith(f"{s.colours - 1} of {s.colours} ")
    assert decided(s, 2).prompt.text == "Choose the card green plays this turn, face down"


def test_every_card_in_hand_is_a_choice_labelled_by_the_card_and_explained_with_its_level() -> None:
    s = game(3, fruit={2: 2}, discard={0: [4]})
    assert labels(s, 0) == ["Play 1", "Play 2", "Play 3", "Play 5", "Play 6", "Play 7",
                            "Play Healer", "Play Watcher", "Play Snowstorm"]
    assert explained(s, 0, "red 2") == (
        "red 2 lies face down until the reveal, then stands on level 2 (2 fruit there now); "
        "if it falls it goes to the discard")
    assert "(0 fruit there now)" in explained(s, 0, "red 3")
    # the single-use cards say what using them costs
    assert explained(s, 0, "red watcher").endswith("single use: it is then gone for good")
    assert explained(s, 0, "red snowstorm").endswith("single use: it is then gone for good")
    assert explained(s, 0, "red healer") == (
        f"The Healer lies face down; revealed, it takes back up to {MAX_HEAL} fallen characters "
        "(the discard holds 4), and it always returns to the hand")
    for _, choice in s.choices(0):
        assert choice is not None and choice.group is None  # made in one step: a card


def test_the_healers_explanation_follows_the_discard() -> None:
    empty, full = game(3), game(3, discard={1: list(range(1, ST.characters + 1))})
    assert "finds the discard empty and takes nothing back" in explained(empty, 0, "red healer")
    said = next(c.explain for a, c in full.choices(1) if str(a) == "blue healer" and c)
    assert f"takes back all {ST.characters} characters" in said.text
    assert said.rule == "special.healer-all"


def test_the_two_player_variant_says_which_colour_is_chosen_now_and_which_next() -> None:
    s = wg.make("snow-time", 2, seed=3)
    assert isinstance(s, SnowTimeState)
    red = decided(s, 0)
    assert red.prompt.text == "Choose the card red plays this turn, face down"
    assert red.limit is not None and red.limit.rule == "two-player"
    assert red.limit.text == ("red now, then blue; 4 of 4 colours yet to choose; "
                              "all are revealed together")
    assert red.remaining == len(s.colours_of(0)) == 2
    act(s, "red 5")
    blue = decided(s, 0)
    assert blue.prompt.text == "Choose the card blue plays this turn, face down"
    assert blue.remaining is None
    assert blue.limit is not None and blue.limit.text.startswith("3 of 4 colours yet to choose")
    act(s, "blue 5")
    assert s.decision(0) is None  # both choices in
    assert decided(s, 1).limit is not None


def test_after_a_watcher_only_its_colour_is_asked_for_another_card() -> None:
    s = game(3)
    play(s, "watcher", "5", "4")
    d = decided(s, 0)
    assert d.prompt.text == ("Your Watcher saw every card: choose the card red plays instead, "
                             "face down")
    assert d.prompt.rule == "special.watcher"
    assert d.limit is not None and d.limit.text == "only red chooses in this step"
    assert s.decision(1) is None and s.decision(2) is None
    assert "Play Watcher" not in labels(s, 0)
    # the revealed cards are in sight: a level's explanation names who stands there
    assert explained(s, 0, "red 5") == (
        "red 5 lies face down until the reveal, then stands on level 5 with Player 2 (blue), "
        "revealed there (0 fruit there now); if it falls it goes to the discard")
    assert "with" not in explained(s, 0, "red 6")


def test_several_watchers_are_counted_as_they_choose() -> None:
    s = game(3)
    play(s, "watcher", "watcher", "4")
    limit = decided(s, 1).limit
    assert limit is not None and limit.text.startswith("2 of 2 colours yet to choose")
    act(s, "red 5")
    limit = decided(s, 1).limit
    assert limit is not None and limit.text.startswith("1 of 2 colours yet to choose")


def test_the_healers_choice_names_the_discard_and_the_most_it_takes_back() -> None:
    s = game(3, discard={0: [3, 5, 6]})
    play(s, "healer", "2", "1")
    d = decided(s, 0)
    assert d.prompt.text == "Choose the fallen characters the red Healer takes back into the hand"
    assert d.limit is not None
    assert d.limit.text == (f"at most {MAX_HEAL}, or none; the discard holds 3, 5 and 6; "
                            "only red chooses in this step")
    assert d.limit.rule == "special.healer"
    assert labels(s, 0) == ["Take back nothing", "Take back 3", "Take back 5", "Take back 6",
                            "Take back 3 and 5", "Take back 3 and 6", "Take back 5 and 6"]
    assert explained(s, 0, "red heal 3+5") == (
        "The Healer brings 3 and 5 back to red's hand; the discard keeps 6")
    assert explained(s, 0, "red heal none") == (
        "The Healer brings nothing back to red's hand; the discard keeps 3, 5 and 6")


def test_taking_back_the_whole_discard_says_it_empties() -> None:
    s = game(3, discard={0: [2, 4]})
    play(s, "healer", "5", "1")
    assert explained(s, 0, "red heal 2+4") == (
        "The Healer brings 2 and 4 back to red's hand, which empties the discard")


def test_the_seat_sees_its_own_hidden_choice_as_a_card_and_in_the_engines_words() -> None:
    s = game(3)
    play(s, "6")
    mine, theirs = s.observation(0)["colours"][0], s.observation(1)["colours"][0]
    assert mine["your_card"] == "6"
    assert mine["your_choice_said"]["text"] == "You chose red 6 (hidden until everyone has chosen)"
    assert theirs["your_card"] is None and theirs["your_choice_said"] is None
    assert theirs["has_chosen"]


def test_a_healers_hidden_choice_shows_the_healer() -> None:
    # two Healers choose: red's choice lies hidden until blue's is in
    twin = game(3, discard={0: [3, 5], 1: [1]})
    play(twin, "healer", "healer", "1")
    act(twin, "red heal 5")
    mine = twin.observation(0)["colours"][0]
    assert mine["your_card"] == "healer"
    assert "take back 5 with the red Healer" in mine["your_choice_said"]["text"]
