"""A. Special cards: Watcher, Healer, Snowstorm."""

from __future__ import annotations

from wintergames.games.snow_time.components import ST
from wintergames.games.snow_time.rules import HEAL_STEP, WATCH

from .helpers import act, fruit_before_roll, game, numbers, play, refused

W, S, H = 1 << ST.watcher, 1 << ST.snowstorm, 1 << ST.healer


# -- Watcher -----------------------------------------------------------------------------


def test_a_watcher_sees_every_revealed_card_then_plays_another() -> None:
    s = game(3)
    play(s, "watcher", "5", "4")
    assert s.phase == WATCH and s.simultaneous and s.to_move == (0,)
    view = s.observation(0)
    assert [c["in_play"] for c in view["colours"]] == [None, "5", "4"]
    assert view["colours"][0]["watched"] and view["colours"][0]["used"] == ["watcher"]
    assert "red watcher" not in [str(a) for a in s.legal_actions(0)]
    act(s, "red 6")  # knocks the 5 down, eats nothing; the 4 is the lowest
    assert s.pawn == [1, 0, 1]
    assert "After the Watcher, revealed: Player 1 (red) 6" in [e.text for e in s.log]


def test_the_watcher_is_single_use() -> None:
    s = game(3)
    play(s, "watcher", "5", "4")
    # just revealed, the Watcher cannot be the second card either
    refused(s, "red watcher", "single use", "special.single-use")
    act(s, "red 1")
    assert s.used[0] == W and not s.hand[0] & W
    assert "red watcher" not in [str(a) for a in s.legal_actions(0)]
    refused(s, "red watcher", "single use and red has used it", "special.single-use")


def test_several_watchers_choose_at_the_same_time_and_reveal_together() -> None:
    s = game(3)
    play(s, "watcher", "watcher", "4")
    assert s.to_move == (0, 1)
    act(s, "red 5")
    assert s.to_move == (1,) and s.phase == WATCH
    hidden = s.observation(1)
    assert hidden["colours"][0]["has_chosen"] and hidden["colours"][0]["your_choice"] is None
    assert hidden["colours"][0]["in_play"] is None
    other = game(3)
    play(other, "watcher", "watcher", "4")
    act(other, "red 7")
    assert other.observation(1) == hidden  # blue cannot tell red's 5 from red's 7
    act(s, "blue 5")
    assert s.pawn[:2] == [1, 1]  # the two 5s fight each other


def test_a_watcher_may_follow_with_a_special_card() -> None:
    s = game(3)
    play(s, "watcher", "5", "4")
    act(s, "red snowstorm")
    assert s.pawn[0] == 2 and s.used[0] == W | S


# -- Healer ------------------------------------------------------------------------------


def test_the_healer_takes_back_up_to_two_discarded_cards_of_its_choice() -> None:
    s = game(3, discard={0: [3, 5, 6]})
    play(s, "healer", "2", "1")
    assert s.phase == HEAL_STEP and s.to_move == (0,)
    options = [str(a) for a in s.legal_actions(0)]
    assert options == ["red heal none", "red heal 3", "red heal 5", "red heal 6",
                       "red heal 3+5", "red heal 3+6", "red heal 5+6"]
    act(s, "red heal 3+6")
    assert numbers(s.discard[0]) == [5]
    assert s.hand[0] == ST.all_cards & ~(1 << 4)  # everything but the 5, Healer included


def test_the_healer_may_take_back_fewer() -> None:
    s = game(3, discard={0: [2, 4]})
    play(s, "healer", "2", "1")
    act(s, "red heal none")
    assert numbers(s.discard[0]) == [2, 4] and s.hand[0] & H


def test_the_healer_takes_only_discarded_cards() -> None:
    s = game(3, discard={0: [2, 4]})
    play(s, "healer", "2", "1")
    refused(s, "red heal 3", "discard holds 2, 4", "special.healer")
    refused(s, "red heal 2+4+6", "at most 2 of the discarded red cards, not 3",
            "special.healer")


def test_a_healer_with_nothing_discarded_needs_no_decision() -> None:
    s = game(3)
    play(s, "healer", "2", "1")
    assert s.turn == 2  # resolved at once
    assert "Player 1 (red)'s Healer takes back no card (nothing was discarded)" in [
        e.text for e in s.log
    ]


def test_special_case_every_character_discarded_takes_all_of_them_back() -> None:
    s = game(3, discard={0: [1, 2, 3, 4, 5, 6, 7]})
    assert s.legal_actions(0) == [a for a in s.legal_actions(0) if str(a).startswith("red ")]
    assert [str(a) for a in s.legal_actions(0)] == ["red healer", "red watcher",
                                                    "red snowstorm"]
    play(s, "healer", "2", "1")
    assert s.turn == 2 and s.discard[0] == 0 and s.hand[0] == ST.all_cards


def test_the_healer_never_brings_back_used_special_cards() -> None:
    s = game(3, discard={0: [1, 2, 3, 4, 5, 6, 7]})
    s.hand[0] &= ~(W | S)
    s.used[0] = W | S
    play(s, "healer", "2", "1")
    assert s.used[0] == W | S and s.hand[0] == ST.all_characters | H


def test_six_discarded_offers_every_choice_of_at_most_two() -> None:
    s = game(3, discard={0: [1, 2, 3, 4, 5, 6]})
    play(s, "healer", "2", "1")
    assert len(s.legal_actions(0)) == 1 + 6 + 15


def test_two_healers_choose_at_the_same_time() -> None:
    s = game(3, discard={0: [3], 1: [4]})
    play(s, "healer", "healer", "1")
    assert s.to_move == (0, 1)
    act(s, "blue heal 4")
    view = s.observation(0)
    assert view["colours"][1]["has_chosen"] and view["colours"][1]["your_choice"] is None
    assert view["colours"][1]["discard"] == [4]
    act(s, "red heal none")
    assert s.discard[:2] == [1 << 2, 0]


# -- Snowstorm ---------------------------------------------------------------------------


def test_a_snowstorm_discards_every_character_and_scores_the_opposing_ones() -> None:
    s = game(4, fruit={5: 1, 4: 1})
    play(s, "snowstorm", "5", "4", "4")
    assert s.pawn == [3, 0, 0, 0]
    assert [numbers(d) for d in s.discard] == [[], [5], [4], [4]]
    assert s.used[0] == S and not s.hand[0] & S
    left = fruit_before_roll(s)
    assert (left[4], left[3]) == (1, 1)  # nobody eats, nobody scores Mana


def test_several_snowstorms_each_score_every_discarded_character() -> None:
    s = game(4)
    play(s, "snowstorm", "snowstorm", "5", "3")
    assert s.pawn == [2, 2, 0, 0]
    assert s.used[:2] == [S, S]


def test_a_snowstorm_with_no_character_in_the_tree_scores_nothing() -> None:
    s = game(3, pawns=[5, 0, 0])
    play(s, "snowstorm", "healer", "healer")
    assert s.pawn == [5, 0, 0] and s.used[0] == S


def test_a_snowstorm_owner_landing_on_a_fight_space_gets_the_bonus() -> None:
    s = game(3, pawns=[5, 0, 0])
    play(s, "snowstorm", "6", "2")
    assert s.pawn[0] == 5 + 2 + 2


def test_healer_and_snowstorm_in_the_same_turn() -> None:
    s = game(4, discard={1: [2, 3]})
    play(s, "snowstorm", "healer", "5", "6")
    assert s.phase == HEAL_STEP and s.to_move == (1,)
    act(s, "blue heal 2+3")
    # The Healer takes back earlier discards, then the storm blows both characters down;
    # the Healer itself is never discarded and returns to hand.
    assert s.pawn == [2, 0, 0, 0]
    assert s.discard[1] == 0 and s.hand[1] == ST.all_cards
    assert [numbers(d) for d in s.discard[2:]] == [[5], [6]]
    texts = [e.text for e in s.log]
    heal = texts.index("Player 2 (blue)'s Healer takes back 2 and 3 (chosen by its owner)")
    storm = next(i for i, t in enumerate(texts) if t.startswith("Snowstorm from"))
    assert heal < storm
