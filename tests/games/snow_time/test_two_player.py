"""The two-player variant: each player runs two colours and chooses two cards a turn."""

from __future__ import annotations

from wintergames.games.snow_time.rules import WATCH

from .helpers import act, game, play, refused


def test_each_player_runs_two_colours() -> None:
    s = game(2)
    assert s.owner == (0, 0, 1, 1)
    assert [s.name(k) for k in range(4)] == [
        "Player 1 (red)", "Player 1 (blue)", "Player 2 (green)", "Player 2 (yellow)"]


def test_two_cards_each_turn_one_colour_after_the_other() -> None:
    s = game(2)
    assert s.to_move == (0, 1)
    assert {str(a).split()[0] for a in s.legal_actions(0)} == {"red"}
    refused(s, "blue 3", "choose for red first, then for blue", "two-player")
    refused(s, "green 3", "you play red and blue, not green", "two-player", player=0)
    act(s, "red 3")
    assert s.to_move == (0, 1)
    assert {str(a).split()[0] for a in s.legal_actions(0)} == {"blue"}
    refused(s, "red 4", "already chosen for red", "turn.play")
    act(s, "blue 4")
    assert s.to_move == (1,)
    act(s, "green 7")
    assert s.turn == 1 and s.to_move == (1,)
    act(s, "yellow 1")
    assert s.turn == 2


def test_a_players_own_colours_fight_each_other() -> None:
    s = game(2)
    play(s, "5", "5", "healer", "healer")
    assert s.pawn == [1, 1, 0, 0]
    s = game(2)
    play(s, "6", "5", "healer", "2")
    assert s.pawn[:2] == [1, 0]  # red knocks its team-mate blue off level 5


def test_a_snowstorm_counts_the_team_mates_character_too() -> None:
    s = game(2)
    play(s, "snowstorm", "5", "4", "healer")
    assert s.pawn == [2, 0, 0, 0]


def test_either_pawn_reaching_the_end_wins_and_scores_count_the_furthest_pawn() -> None:
    s = game(2, pawns=[3, 29, 20, 12])
    play(s, "healer", "7", "6", "2")
    assert s.winners() == [0]
    assert s.scores() == [30, 20]


def test_only_the_healers_colour_chooses_what_it_takes_back() -> None:
    s = game(2, discard={0: [3], 1: [4]})
    play(s, "healer", "5", "4", "2")
    assert s.to_move == (0,)
    refused(s, "blue heal 4", "blue has no choice to make in this step; choose for red",
            "special.healer")
    act(s, "red heal 3")


def test_a_watcher_replays_only_its_own_colour() -> None:
    s = game(2)
    play(s, "watcher", "5", "4", "healer")
    assert s.phase == WATCH and s.to_move == (0,)
    assert {str(a).split()[0] for a in s.legal_actions(0)} == {"red"}
    refused(s, "blue 3", "blue has no choice to make in this step; choose for red",
            "special.watcher")
    act(s, "red 6")
    assert s.pawn == [1, 0, 1, 0]  # red knocks its own blue 5; green is the lowest
