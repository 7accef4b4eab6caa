"""What Snow Time says (issue 38): each log line is a phrase of the game's messages, its
words the same for the terminal and the browser, each naming the rule passage it applies;
its mentions carry the ids the page draws icons by and the glossary keys of their
tooltips."""

from __future__ import annotations

import random

import pytest

import wintergames as wg
from wintergames.core.events import Event
from wintergames.core.phrases import Mention, Phrase
from wintergames.games.snow_time.layout import layout
from wintergames.games.snow_time.resolution import score_breakdown
from wintergames.games.snow_time.state import SnowTimeState
from wintergames.games.snow_time.words import MSG, RULES

from .helpers import act, game, play

SPEC = wg.get_spec("snow-time")


def said(e: Event) -> Phrase:
    assert isinstance(e.said, Phrase), e.said
    return e.said


def lines(s: SnowTimeState, start: int = 0) -> list[tuple[str, str | None, str]]:
    """The log from ``start`` as (message, rule, words)."""
    return [(said(e).msg, e.rule, e.text) for e in s.log[start:]]


def test_a_knock_down_then_fruit_and_mana_in_words_and_rules() -> None:
    s = game(3, fruit={6: 1, 4: 2})
    start = len(s.log)
    play(s, "6", "5", "4")
    assert lines(s, start) == [
        ("chose", "turn.play", "You chose red 6 (hidden until everyone has chosen)"),
        ("chose", "turn.play", "You chose blue 5 (hidden until everyone has chosen)"),
        ("chose", "turn.play", "You chose green 4 (hidden until everyone has chosen)"),
        ("reveal", "turn.reveal",
         "Revealed: Player 1 (red) 6, Player 2 (blue) 5 and Player 3 (green) 4"),
        ("knock-down", "fight.knock-down",
         "On level 6, Player 1 (red) knocks Player 2 (blue) off level 5"),
        ("score", "fight.knock-down",
         "Player 1 (red) +1 fight (knocked out Player 2 (blue)) → space 1"),
        ("score", "fruit.eat", "Player 1 (red) +1 fruit (ate 1 fruit on level 6) → space 2"),
        ("score", "fruit.eat", "Player 3 (green) +2 fruit (ate 2 fruit on level 4) → space 2"),
        ("score", "mana", "Player 3 (green) +1 mana (lowest in the tree, on level 4) → space 3"),
        ("summary", "scoring", "Player 1 (red): 1 fight (knocked out Player 2 (blue)) and 1 fruit"),
        ("summary", "scoring", "Player 3 (green): 2 fruit and 1 mana"),
        ("roll", "turn.fruit", "Turn 2: the dice show 1 and 3: a fruit on level 1 and level 3"),
    ]
    # the fields statistics read are the same as before the words became data
    fight = s.log[start + 5]
    assert (fight.kind, fight.player, fight.vp, fight.category, fight.item) == (
        "score", 0, 1, "Fight", "6")
    # each choice is its chooser's alone
    assert [e.visible_to for e in s.log[start:start + 3]] == [frozenset({p}) for p in range(3)]


def test_a_score_line_mentions_the_colour_the_points_and_the_space() -> None:
    s = game(3, fruit={6: 1})
    start = len(s.log)
    play(s, "6", "5", "4")
    parts = said(s.log[start + 5]).parts()
    mentions = [(p.kind, p.ref, p.text, p.unit, p.term) for p in parts if isinstance(p, Mention)]
    assert mentions == [
        ("seat", 0, "Player 1", None, None),
        ("piece", "red", "(red)", None, "red"),
        ("amount", 1, "+1 fight", "fight", "fight"),
        ("seat", 1, "Player 2", None, None),
        ("piece", "blue", "(blue)", None, "blue"),
        ("place", "space-1", "space 1", None, "score track"),
    ]
    assert [p for p in parts if isinstance(p, str)] == [" ", " ", " (knocked out ", " ", ") → "]


def test_special_cards_are_named_as_players_name_them() -> None:
    s = game(3, discard={1: [2, 3]})
    start = len(s.log)
    play(s, "snowstorm", "healer", "6")
    act(s, "blue heal 2+3")
    assert lines(s, start)[3:10] == [
        ("reveal", "turn.reveal",
         "Revealed: Player 1 (red) Snowstorm, Player 2 (blue) Healer and Player 3 (green) 6"),
        ("chose-heal", "special.healer",
         "You chose to take back 2 and 3 with the blue Healer (hidden until everyone has "
         "chosen)"),
        ("heal", "special.healer",
         "Player 2 (blue)'s Healer takes back 2 and 3 (chosen by its owner)"),
        ("snowstorm", "special.snowstorm",
         "Snowstorm from Player 1 (red): every character falls (Player 3 (green))"),
        ("score", "special.snowstorm",
         "Player 1 (red) +1 fight (Snowstorm discarded Player 3 (green)) → space 1"),
        ("mana-none", "mana", "Nobody is left in the tree: no Mana point"),
        ("summary", "scoring", "Player 1 (red): 1 fight (Snowstorm discarded Player 3 (green))"),
    ]
    cards = [p for p in said(s.log[start + 3]).mentions() if p.kind == "card"]
    assert [(c.ref, c.text, c.term) for c in cards] == [
        ("snowstorm", "Snowstorm", "snowstorm"), ("healer", "Healer", "healer"), ("6", "6", "6")]


def test_a_watcher_and_a_bonus_say_their_rules() -> None:
    s = game(3, pawns=[6, 0, 0])
    start = len(s.log)
    play(s, "7", "watcher", "2")
    act(s, "blue 6")
    assert lines(s, start)[4:] == [
        ("watch", "special.watcher", "Player 2 (blue) saw every card and now plays another card"),
        ("chose", "turn.play", "You chose blue 6 (hidden until everyone has chosen)"),
        ("reveal-again", "special.watcher", "After the Watcher, revealed: Player 2 (blue) 6"),
        ("knock-down", "fight.knock-down",
         "On level 7, Player 1 (red) knocks Player 2 (blue) off level 6"),
        ("score", "fight.knock-down",
         "Player 1 (red) +1 fight (knocked out Player 2 (blue)) → space 7"),
        ("score", "mana", "Player 3 (green) +1 mana (lowest in the tree, on level 2) → space 1"),
        ("score", "bonus", "Player 1 (red) +2 bonus (ended on the fight bonus space 7) → space 9"),
        ("summary", "scoring",
         "Player 1 (red): 1 fight (knocked out Player 2 (blue)) and fight bonus +2"),
        ("summary", "scoring", "Player 3 (green): 1 mana"),
        ("roll", "turn.fruit", "Turn 2: the dice show 1 and 3: a fruit on level 1 and level 3"),
    ]
    bonus = [m for m in said(s.log[start + 10]).mentions() if m.kind == "place"]
    assert [(m.ref, m.term) for m in bonus] == [("space-7", "fight bonus"),
                                                ("space-9", "score track")]


def test_the_end_says_who_reached_the_last_space_and_who_wins() -> None:
    s = game(3, pawns=[0, 0, 29])
    start = len(s.log)
    play(s, "5", "5", "2")
    assert lines(s, start)[4:] == [
        ("brawl", "fight.brawl", "On level 5, Player 1 (red) and Player 2 (blue) fight and all "
         "fall"),
        ("score", "fight.brawl", "Player 1 (red) +1 fight (fought Player 2 (blue)) → space 1"),
        ("score", "fight.brawl", "Player 2 (blue) +1 fight (fought Player 1 (red)) → space 1"),
        ("score", "mana", "Player 3 (green) +1 mana (lowest in the tree, on level 2) → space 30"),
        ("reach", "end.winner", "Player 3 (green) reaches the last space: the game ends"),
        ("summary", "scoring", "Player 1 (red): 1 fight (fought Player 2 (blue))"),
        ("summary", "scoring", "Player 2 (blue): 1 fight (fought Player 1 (red))"),
        ("summary", "scoring", "Player 3 (green): 1 mana"),
        ("win", "end.winner", "Player 3 wins the game"),
    ]


def test_the_roll_says_how_many_dice_and_where_the_fruit_goes() -> None:
    s = game(3, fruit={1: 14})
    play(s, "healer", "healer", "healer")
    assert lines(s)[-1] == ("roll-one", "turn.fruit",
                            "Turn 2: the die shows 1 (one fruit left: one die): a fruit on level 1")
    play(s, "healer", "healer", "healer")
    assert lines(s)[-1] == ("roll-none", "turn.fruit",
                            "Turn 3: the fruit supply is empty, no dice are rolled")


def played_out(n: int, seed: int) -> SnowTimeState:
    s = wg.make("snow-time", n, seed=seed)
    assert isinstance(s, SnowTimeState)
    rng = random.Random(seed)
    while not s.is_over:
        p = s.to_move[0]
        s.apply(rng.choice(s.legal_actions(p)), p)
    return s


@pytest.mark.parametrize("n", [2, 3, 5])
def test_every_mention_has_an_icon_id_the_layout_knows_and_a_glossary_term(n: int) -> None:
    """The page draws a mention's icon by its kind and ref (views/snow-time.js) and its
    tooltip by its term: both must be of the game, in every kind of line."""
    known = layout()
    refs = {
        "piece": set(known["colours"]),
        "card": set(known["cards"]),
        "place": ({f"level-{n}" for n in range(1, known["levels"] + 1)}
                  | {f"space-{n}" for n in range(known["finish"] + 1)}),
        "category": set(score_breakdown(played_out(3, 0)).ids),
    }
    assert SPEC.rules_help is not None
    terms = set(SPEC.rules_help.terms)
    seen = set()
    for seed in range(6):
        for e in played_out(n, seed).log:
            for m in said(e).mentions():
                seen.add(said(e).msg)
                if m.kind in refs:
                    assert m.ref in refs[m.kind], (e.text, m)
                if m.kind != "seat":
                    assert m.term in terms, (e.text, m)
    assert {"reveal", "score", "summary", "win"} <= seen


def test_every_message_and_passage_belongs_together() -> None:
    """Each message applies a passage, and each passage is applied by a message or
    named by a refusal (rules.py)."""
    refusals = {"actions.notation", "cards.discard", "special.single-use", "two-player"}
    applied = {MSG.template(m).rule for m in MSG} | refusals
    assert set(RULES) == applied
