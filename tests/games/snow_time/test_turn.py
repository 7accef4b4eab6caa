"""Fruit placement, the simultaneous card choice, bonuses and the end of the game."""

from __future__ import annotations

import random

import pytest

import wintergames as wg
from wintergames.games.snow_time.actions import PLAY
from wintergames.games.snow_time.components import ST
from wintergames.games.snow_time.rules import CHOOSE, OVER
from wintergames.games.snow_time.state import SnowTimeState

from .helpers import fruit_before_roll, game, play, refused

# -- 1. Placing the fruit ------------------------------------------------------------------


def test_two_dice_put_one_fruit_on_each_rolled_level() -> None:
    doubles = 0
    for seed in range(300):
        s = wg.make("snow-time", 3, seed=seed)
        assert isinstance(s, SnowTimeState)
        assert len(s.dice) == 2 and s.supply == ST.fruit - 2
        for level in range(1, ST.levels + 1):
            assert s.fruit[level - 1] == sum(ST.die_levels[f - 1] == level for f in s.dice)
        doubles += s.dice[0] == s.dice[1]
    assert doubles > 0  # a double puts two fruit on one level


def test_no_fruit_ever_appears_on_level_7() -> None:
    seen: set[int] = set()
    for seed in range(200):
        s = wg.make("snow-time", 4, seed=seed)
        assert isinstance(s, SnowTimeState)
        seen.update(ST.die_levels[f - 1] for f in s.dice)
        assert s.fruit[6] == 0
    assert seen == {1, 2, 3, 4, 5, 6}


def test_one_die_when_one_fruit_is_left_and_none_when_the_supply_is_empty() -> None:
    s = game(3, fruit={1: 14})
    assert s.supply == 1
    play(s, "healer", "healer", "healer")  # nobody eats
    assert len(s.dice) == 1 and s.supply == 0
    assert "(one fruit left: one die)" in s.log[-1].text
    play(s, "healer", "healer", "healer")
    assert s.dice == () and sum(s.fruit) == ST.fruit
    assert s.log[-1].text == "Turn 3: the fruit supply is empty, no dice are rolled"


# -- 2. Playing a card, all at the same time --------------------------------------------------


def test_every_player_chooses_at_once_and_a_choice_stays_hidden() -> None:
    s = wg.make("snow-time", 4, seed=3)
    assert s.to_move == (0, 1, 2, 3) and s.simultaneous and s.current_player is None
    assert s.legal_actions() == []
    with pytest.raises(wg.NotYourTurnError, match=r"^Player 1, Player 2, Player 3 and Player 4 "
                       r"decide at the same time; say which player acts$"):
        s.apply(PLAY[0][0])
    s.apply(PLAY[1][4], 1)
    assert s.to_move == (0, 2, 3)
    with pytest.raises(wg.NotYourTurnError, match=r"^it is not Player 2's turn; "
                       r"waiting for Player 1, Player 3, Player 4$"):
        s.apply(PLAY[1][3], 1)
    mine = [e.text for e in s.events_for(1)]
    assert mine[-1] == "You chose blue 5 (hidden until everyone has chosen)"
    assert all("blue 5" not in e.text for e in s.events_for(0))
    assert s.observation(1)["colours"][1]["your_choice"] == "blue 5"
    assert s.observation(None)["colours"][1]["your_choice"] is None


def test_a_seats_view_is_the_same_whatever_another_seat_chose() -> None:
    base = wg.make("snow-time", 4, seed=5)
    views: dict[int | None, set[str]] = {}
    for action in base.legal_actions(2):
        s = base.clone()
        s.apply(action, 2)
        for seat in (0, 1, 3, None):
            views.setdefault(seat, set()).add(str(s.observation(seat)))
        assert [e.text for e in s.events_for(0)] == [e.text for e in base.events_for(0)]
    assert all(len(v) == 1 for v in views.values())


def test_determinize_resamples_only_the_others_hidden_choices() -> None:
    s = wg.make("snow-time", 3, seed=1)
    assert isinstance(s, SnowTimeState)
    s.apply(PLAY[0][6], 0)
    s.apply(PLAY[1][6], 1)
    twins = [s.determinize(2, random.Random(k)) for k in range(30)]
    assert all(t.observation(2) == s.observation(2) for t in twins)
    assert len({str(t.pending[0]) for t in twins}) > 3
    assert all(str(t.determinize(0, random.Random(1)).pending[0]) == str(t.pending[0])
               for t in twins)
    bot = wg.bots.make("random", seed=4)
    again = wg.bots.make("random", seed=4)
    assert bot.choose(s, 2) == again.choose(twins[0], 2)


def test_reveal_puts_the_cards_on_their_levels() -> None:
    s = game(3)
    play(s, "healer", "7", "")
    assert s.phase == CHOOSE and s.to_move == (2,)
    s.apply(PLAY[2][5], 2)
    reveal = next(e.text for e in s.log if e.kind == "reveal")
    assert reveal == "Revealed: Player 1 (red) Healer, Player 2 (blue) 7 and Player 3 (green) 6"


# -- refused choices ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message", "rule"),
    [
        ("blue 5", "you play red, not blue", "setup.colours"),
        ("purple 5", "you play red, not purple", "setup.colours"),
        ("red 3", "fell from the tree and lies in the discard", "cards.discard"),
        ("red heal none", "chosen after the reveal", "turn.play"),
    ],
)
def test_refused_choices_name_the_rule_and_change_nothing(
    text: str, message: str, rule: str
) -> None:
    refused(game(3, discard={0: [3]}), text, message, rule, player=0)


def test_during_the_healer_step_no_card_is_played() -> None:
    s = game(3, discard={0: [3]})
    play(s, "healer", "2", "1")
    refused(s, "red 4", "no card is played", "special.healer")


# -- E. Bonus spaces ------------------------------------------------------------------------


def test_a_bonus_needs_points_of_its_kind_this_turn() -> None:
    s = game(3, pawns=[9, 0, 0], fruit={5: 1})
    play(s, "5", "2", "healer")  # red eats (fruit) and lands on the Mana space 10
    assert s.pawn[:2] == [10, 1]  # no Mana point for red: no bonus; blue is lowest


def test_pawns_share_spaces_and_each_gets_its_bonus() -> None:
    s = game(3, pawns=[6, 6, 0])
    play(s, "4", "4", "healer")
    assert s.pawn[:2] == [9, 9]


# -- End of game ---------------------------------------------------------------------------


def test_a_pawn_reaching_the_last_space_wins_before_lower_players_score() -> None:
    s = game(3, pawns=[29, 25, 20], fruit={3: 3})
    play(s, "7", "6", "3")
    assert s.phase == OVER and s.is_over and s.to_move == ()
    assert s.winners() == [0] and s.pawn == [30, 25, 20]
    assert fruit_before_roll(s)[2] == 3 and s.fruit[2] == 3  # green never got to eat
    assert s.legal_actions(2) == []
    with pytest.raises(wg.GameOverError):
        s.apply(PLAY[2][0], 2)
    assert s.log[-1].text == "Player 1 wins the game"


def test_overshooting_the_last_space_still_ends_there() -> None:
    s = game(4, pawns=[28, 0, 0, 0])
    play(s, "7", "6", "6", "6")
    assert s.pawn[0] == ST.finish and s.winners() == [0]
    assert s.scores() == [30, 0, 0, 0]


def test_pawns_reaching_the_end_at_the_same_moment_share_the_win() -> None:
    s = game(3, pawns=[29, 29, 10])
    play(s, "5", "5", "1")
    assert s.winners() == [0, 1] and s.pawn == [30, 30, 10]
    assert s.log[-1].text == "Player 1 and Player 2 win the game"


def test_the_summary_is_logged_when_the_game_ends_mid_turn() -> None:
    s = game(3, pawns=[29, 0, 0])
    play(s, "7", "6", "1")
    summaries = [e.text for e in s.log if e.kind == "summary"]
    assert summaries == ["Player 1 (red): 1 fight (knocked out Player 2 (blue))"]


def test_observation_lists_only_allowed_keys() -> None:
    s = wg.make("snow-time", 3, seed=2)
    view = s.observation(0)
    assert set(view) == {"game", "num_players", "you", "players", "to_move", "phase", "turn",
                         "dice", "fruit", "supply", "track", "colours", "scores", "winners"}
    assert set(view["colours"][0]) == {
        "colour", "owner", "name", "pawn", "hand", "discard", "used", "in_play", "level",
        "watched", "owes_choice", "has_chosen", "your_choice", "your_card",
        "your_choice_said",
    }
    assert view["track"]["finish"] == ST.finish and len(view["track"]["bonuses"]) == 9
