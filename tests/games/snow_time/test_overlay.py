"""Snow Time's what-if overlay (issue 41): each key changes the game exactly as the
rulebook sentence it stands for says, and nothing else; hidden choices stay hidden with
an overlay set; a bad key or value is refused by its name.

The expected numbers are worked out here from the position each test builds, with the
printed values written out (RB, and data/track.toml's reconstruction), never read from
the code under test."""

from __future__ import annotations

import io
import json
import re
from itertools import combinations
from typing import Any

import pytest
from rich.console import Console

import wintergames as wg
from wintergames.core.encoding_check import check_observation_encoding, encoding_for
from wintergames.errors import InvalidOptionError
from wintergames.games.snow_time import text
from wintergames.games.snow_time.params import SCHEMA, params_for
from wintergames.games.snow_time.rules import HEAL_STEP
from wintergames.games.snow_time.state import SnowTimeState

from .helpers import act, game, numbers, play, refused

# The printed game's numbers, as the rulebook and our track reconstruction give them.
FINISH = 30
BONUS = {"fight": 2, "fruit": 1, "mana": 1}  # per kind of bonus space
FIRST_BONUS_SPACE = {"fruit": 4, "fight": 7, "mana": 10}
POINTS = ("fight.brawl.points", "fight.knock_down.points", "fruit.eat.points", "mana.points")


def made(n: int, seed: int, overlay: dict[str, Any]) -> SnowTimeState:
    s = wg.make("snow-time", n, seed=seed, options={"overlay": overlay})
    assert isinstance(s, SnowTimeState)
    return s


def explained(s: SnowTimeState, player: int, notation: str) -> str:
    """The one-line explanation of the legal action ``notation`` of seat ``player``."""
    choice = next(c for a, c in s.choices(player) if str(a) == notation)
    assert choice is not None
    return choice.explain.text


# -- the points of each scoring event (RB "3. Turn Resolution", B to D) ------------------


@pytest.mark.parametrize("changed", [None, *POINTS])
def test_each_scoring_event_is_worth_its_own_points_and_no_other_moves(
        changed: str | None) -> None:
    def worth(key: str) -> int:  # RB: 1 point per character, per fruit, for the lowest
        return 3 if key == changed else 1

    s = game(5, fruit={2: 2}, overlay={changed: 3} if changed else None)
    play(s, "7", "6", "4", "4", "2")
    # red alone on 7 knocks blue off 6; green and yellow fight on 4; purple alone on 2
    # eats its two fruit and is the lowest character left
    brawl = worth("fight.brawl.points")
    assert s.pawn == [worth("fight.knock_down.points"), 0, brawl, brawl,
                      2 * worth("fruit.eat.points") + worth("mana.points")]


@pytest.mark.parametrize("per", [0, 1, 3])
def test_a_snowstorm_scores_its_points_per_character_it_blows_down(per: int) -> None:
    overlay = {"special.snowstorm.points": per}
    one = game(3, overlay=overlay)
    snowstorm = explained(one, 0, "red snowstorm")
    assert ("scores a fight point for each" if per == 1 else
            f"scores {per} fight points for each") in snowstorm
    play(one, "snowstorm", "5", "3")  # two opposing characters blown down
    assert one.pawn == [2 * per, 0, 0]
    several = game(3, overlay=overlay)
    play(several, "snowstorm", "snowstorm", "3")  # several storms: each counts the 3
    assert several.pawn == [per, per, 0]


def test_points_worth_nothing_move_no_pawn_and_earn_no_bonus() -> None:
    # green and yellow stand one space before the fight bonus space 7
    s = game(4, pawns=[0, 0, 6, 6], overlay={"fight.brawl.points": 0})
    play(s, "7", "1", "4", "4")
    assert s.pawn == [0, 1, 6, 6]  # blue, alone on 1, is the lowest: its mana point
    assert numbers(s.discard[2]) == numbers(s.discard[3]) == [4]  # they still fall
    scored = {e.player for e in s.log if e.kind == "score"}
    assert scored == {1}


# -- bonus spaces (RB "E. Bonus Spaces") -------------------------------------------------

# Cards of red, blue and green with which red scores exactly one point of the kind.
ONE_POINT = {
    "fight": ("7", "6", "1"),  # red knocks blue off 6; green, alone on 1, is the lowest
    "fruit": ("6", "4", "1"),  # red eats the fruit on 6; green is the lowest
    "mana": ("1", "7", "5"),  # red is the lowest; 7 and 5 have nobody below them
}


@pytest.mark.parametrize("changed", ["fight", "fruit", "mana"])
@pytest.mark.parametrize("kind", ["fight", "fruit", "mana"])
def test_a_bonus_space_moves_a_pawn_on_by_the_value_of_its_kind(kind: str,
                                                                changed: str) -> None:
    space = FIRST_BONUS_SPACE[kind]
    s = game(3, pawns=[space - 1, 0, 0], fruit={6: 1} if kind == "fruit" else None,
             overlay={f"bonus.{changed}.value": 5})
    play(s, *ONE_POINT[kind])
    assert s.pawn[0] == space + (5 if kind == changed else BONUS[kind])


# -- the score track (RB "End of Game & Winner") -------------------------------------------


def test_the_first_pawn_to_reach_the_overlays_last_space_wins() -> None:
    s = game(3, pawns=[11, 0, 0], overlay={"track.finish": 12})
    play(s, "7", "6", "6")  # red knocks both 6s off: 2 fight, one past the last space
    assert s.is_over and s.winners() == [0] and s.pawn[0] == 12
    printed = game(3, pawns=[11, 0, 0])
    play(printed, "7", "6", "6")  # and, left alone in the tree, its mana point
    assert not printed.is_over and printed.pawn[0] == 11 + 2 + 1


def test_the_views_show_the_overlays_track() -> None:
    s = made(3, 1, {"track.finish": 13, "bonus.fight.value": 4})
    # The bonus spaces before space 13 are on the track. The fight bonus space 13 is the
    # last space now: a pawn there has won, so it is no bonus space; the others lie beyond.
    assert s.observation(None)["track"] == {"finish": 13, "bonuses": [
        {"space": 4, "kind": "fruit", "value": 1}, {"space": 7, "kind": "fight", "value": 4},
        {"space": 10, "kind": "mana", "value": 1}]}
    assert str(text.track_line(s, 0)) == "@···f··X··m··|"
    screen = Console(file=io.StringIO(), width=200, record=True)
    screen.print(text.render(s, 0))
    shown = screen.export_text()
    assert "0/13" in shown and "(4:fruit +1  7:fight +4  10:mana +1)" in shown


def test_the_rl_encoding_is_sized_by_the_overlays_track_and_dice() -> None:
    printed = encoding_for("snow-time", 3).layout.size
    overlay = {"track.finish": 40, "fruit.dice": 3}
    # per colour a one-hot of 10 more spaces, and one more die's six faces
    assert encoding_for("snow-time", 3, {"overlay": overlay}).layout.size == \
        printed + 3 * 10 + 6
    check_observation_encoding("snow-time", 3, seeds=range(2), every=3,
                               options={"overlay": {**overlay, "fruit.supply": 30}})


# -- the fruit (RB "1. Placing the Fruit") -------------------------------------------------


TWO = r"the dice show \d and \d: (a fruit on level \d and level \d|two fruit on level \d)"


@pytest.mark.parametrize(("supply", "dice", "rolled", "said"), [
    (15, 2, 2, TWO),
    # RB: "If only one fruit remains in the supply, roll only one die."
    (1, 2, 1, r"the die shows \d \(one fruit left: one die\): a fruit on level \d"),
    # RB: "If the fruit supply is empty, do not roll the dice."
    (0, 2, 0, r"the fruit supply is empty, no dice are rolled"),
    (2, 3, 2, TWO),  # three dice, but only two fruit left to place
    (15, 3, 3, r"the dice show \d, \d and \d: a fruit on level \d, level \d and level \d"),
    (15, 1, 1, r"the die shows \d: a fruit on level \d"),
    (15, 0, 0, r"no dice are rolled \(the game is played without them\)"),
])
def test_each_turn_rolls_the_dice_the_supply_allows(supply: int, dice: int, rolled: int,
                                                    said: str) -> None:
    s = made(3, 1, {"fruit.supply": supply, "fruit.dice": dice})
    assert len(s.dice) == rolled
    assert s.supply == supply - rolled and sum(s.fruit) == rolled
    assert re.fullmatch(f"Turn 1: {said}", s.log[0].text), s.log[0].text


def test_three_dice_on_one_level_say_how_many_fruit_fell_there() -> None:
    s = made(3, 2, {"fruit.dice": 3})  # this seed rolls 1, 1 and 1
    assert s.dice == (1, 1, 1) and s.fruit[0] == 3
    assert s.log[0].text == "Turn 1: the dice show 1, 1 and 1: 3 fruit on level 1"


def test_each_die_face_puts_its_fruit_on_the_overlays_level() -> None:
    upside_down = [6, 5, 4, 3, 2, 1]  # face f: level 7 - f
    for seed in range(5):
        s = made(3, seed, {"fruit.die_levels": upside_down})
        expected = [0] * 7
        for face in s.dice:
            expected[7 - face - 1] += 1
        assert s.fruit == expected
        assert f"level {7 - s.dice[-1]}" in s.log[0].text


# -- the Healer (RB "Special Cards, 1. Healer") --------------------------------------------


def test_the_healer_takes_back_up_to_the_overlays_number() -> None:
    s = game(3, discard={0: [2, 4, 6, 7]}, overlay={"special.healer.takes_back": 3})
    assert "takes back up to 3 fallen characters" in explained(s, 0, "red healer")
    play(s, "healer", "3", "1")
    assert s.phase == HEAL_STEP
    offered = sorted(numbers(a.cards) for a in s.legal_actions(0))  # type: ignore[attr-defined]
    assert offered == sorted(list(c) for n in range(4) for c in combinations([2, 4, 6, 7], n))
    decision = s.decision(0)
    assert decision is not None and decision.limit is not None
    assert decision.limit.text.startswith("at most 3, or none")
    act(s, "red heal 2+4+7")
    assert numbers(s.discard[0]) == [6]


def test_a_healer_held_to_one_card_refuses_two() -> None:
    s = game(3, discard={0: [2, 4]}, overlay={"special.healer.takes_back": 1})
    play(s, "healer", "3", "1")
    assert sorted(numbers(a.cards) for a in s.legal_actions(0)) == [  # type: ignore[attr-defined]
        [], [2], [4]]
    refused(s, "red heal 2+4", "at most 1 of the discarded red cards, not 2",
            "special.healer")


def test_a_healer_that_takes_back_none_asks_nothing_but_a_full_discard_still_returns() -> None:
    overlay = {"special.healer.takes_back": 0}
    s = game(3, discard={0: [2, 4]}, overlay=overlay)
    assert "takes back no fallen character" in explained(s, 0, "red healer")
    play(s, "healer", "3", "1")
    assert s.turn == 2 and numbers(s.discard[0]) == [2, 4]  # no choice: resolved at once
    full = game(3, discard={0: [1, 2, 3, 4, 5, 6, 7]}, overlay=overlay)
    play(full, "healer", "3", "1")  # RB's special case: all of them come back
    assert full.discard[0] == 0


# -- one set of numbers per game ------------------------------------------------------------


def test_a_game_reads_its_numbers_once_and_its_copies_share_them() -> None:
    overlay = {"track.finish": 40, "fruit.die_levels": [1, 1, 2, 2, 3, 3]}
    s = made(3, 1, overlay)
    assert s.params is made(4, 2, overlay).params  # made once per distinct overlay
    assert s.params is params_for({"fruit.die_levels": (1, 1, 2, 2, 3, 3),
                                   "track.finish": 40})
    assert s.clone().params is s.params
    obj = json.loads(json.dumps(s.to_json()))
    back = SnowTimeState.from_json(obj)
    obj["options"]["overlay"]["track.finish"] = 5  # the snapshot's owner writes into it
    assert back.params == s.params and back.options == s.options
    assert made(3, 1, {}).params.finish == FINISH


def test_hidden_choices_stay_hidden_with_an_overlay_set() -> None:
    overlay = {"track.finish": 20, "fight.brawl.points": 2, "special.healer.takes_back": 3}
    fresh = made(3, 4, overlay)
    views: set[str] = set()
    picks: dict[str, set[wg.Action]] = {"ismcts": set(), "greedy": set()}
    for blue in fresh.legal_actions(1)[:3]:  # blue and green choose first, hidden
        for green in fresh.legal_actions(2)[:3]:
            other = made(3, 4, overlay)
            other.apply(blue, 1)
            other.apply(green, 2)
            views.add(json.dumps(other.observation(0), sort_keys=True))
            picks["ismcts"].add(wg.bots.make("ismcts", seed=3, iterations=40).choose(other, 0))
            picks["greedy"].add(wg.bots.make("greedy", seed=3).choose(other, 0))
    assert len(views) == 1
    assert [len(chosen) for chosen in picks.values()] == [1, 1]


# -- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(("overlay", "said"), [
    ({"fruit.suply": 3}, "no key 'fruit.suply' (did you mean 'fruit.supply'?)"),
    ({"special.healer.takes_back": 7},
     "'special.healer.takes_back' cannot be 7; allowed: 0 to 6"),
    ({"mana.points": 0}, "'mana.points' cannot be 0; allowed: 1 to 5"),
    ({"track": {"finish": "long"}}, "'track.finish' takes a whole number"),
    ({"fruit.die_levels": [1, 2, 3]}, "'fruit.die_levels' is a list of 6 numbers"),
    ({"fruit.die_levels": [1, 2, 3, 4, 5, 7]}, "'fruit.die_levels' cannot be 7; allowed: 1 to 6"),
])
def test_a_bad_key_or_value_is_refused_by_its_name(overlay: dict[str, Any], said: str) -> None:
    with pytest.raises(InvalidOptionError) as refusal:
        wg.make("snow-time", 3, seed=1, options={"overlay": overlay})
    assert said in str(refusal.value)


def test_every_key_is_bounded_on_both_sides() -> None:
    # so the generic overlay tests play each value at both of its ends
    unbounded = [key for key, p in SCHEMA.params.items() if p.low is None or p.high is None]
    assert not unbounded
