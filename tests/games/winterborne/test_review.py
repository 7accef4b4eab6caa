"""Rules the independent review of the implementation pinned down (docs/rules/winterborne.md)."""

from __future__ import annotations

import random

from tests.games.winterborne.scenario import (
    act,
    give,
    legal,
    new,
    ok,
    set_hand,
    set_res,
    take_tile,
)
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.state import WinterborneState


def test_a_wylds_spoils_sacked_by_any_means_is_never_taken_back() -> None:
    # Spoils: "These tiles can never be gained through special actions that target sacked
    # spoils." A black ally's sack (or the Balaur's reveal) puts one among the sacked.
    s = new(2, promo_wylds=True)
    s.sacked_spoils.append(take_tile(s, "WY-2"))
    give(s, 0, "reserve", "WY9")
    set_hand(s, 0, "SHA2")
    set_res(s, 0, 1, 0, 0)
    act(s, "SHA2 wy")
    assert legal(s) == {"done"}  # WY9 has nothing it may take: not offered
    s.sacked_spoils.append(take_tile(s, "MV-1a"))
    assert "wylds WY9" in legal(s)
    act(s, "wylds WY9", "choose gold")
    assert legal(s) == {"take MV-1a"}
    ok(s)


def test_the_hand_limit_of_4_holds_at_the_end_of_the_turn() -> None:
    # Reserve: "they do not count towards your hand limit"; "draw cards from your personal
    # deck until you have 4 cards in hand".
    s = new(2)
    set_hand(s, 0, "SHA1", "SHA2", "EXP1", "EXP2", "WAR1", "WAR2")
    act(s, "end")
    assert "done" not in legal(s)
    act(s, "discard SHA1")
    assert "done" not in legal(s)
    act(s, "discard SHA2", "done")
    assert len(s.hand[0]) == 4
    ok(s)


def test_a_blue_ally_is_not_offered_when_no_favor_token_is_left() -> None:
    # Blue Ally: "Trade a single resource and receive a favor token" — tokens are finite.
    s = new(2)
    blue = WB.colours.index("blue")
    ally = next(a for a in s.ally_decks[blue] if WB.allies[a].gain_favor)
    s.ally_decks[blue].remove(ally)
    s.ally_decks[blue].append(ally)
    s.figures[0][0] = blue  # the shaman beside the blue starter section
    set_hand(s, 0, "SHA1", "SHA2")
    set_res(s, 0, 3, 3, 3)
    act(s, "SHA1 S", "SHA2 m1")
    s.figures[0][0] = blue
    assert "trade blue" in legal(s)
    s.favor[1] += s.favor_supply
    s.favor_supply = 0
    assert "trade blue" not in legal(s)


def test_resampling_keeps_the_decks_public_cards_and_the_box_all_wylds() -> None:
    """Which core and banner cards the season decks hold is known; only their order and
    which Wylds cards were drawn for the game are not."""
    s = new(2, seed=5)
    decks = sorted(c for d in s.season_decks for c in d if WB.cards[c].type != "wylds")
    wylds_in_decks = sum(1 for d in s.season_decks for c in d if WB.cards[c].type == "wylds")
    box = len(s.box_wylds)
    for k in range(30):
        twin = s.determinize(1, random.Random(k))
        assert sorted(c for d in twin.season_decks for c in d
                      if WB.cards[c].type != "wylds") == decks
        assert sum(1 for d in twin.season_decks for c in d
                   if WB.cards[c].type == "wylds") == wylds_in_decks
        assert len(twin.box_wylds) == box
        assert all(WB.cards[c].type == "wylds" for c in twin.box_wylds)
        assert [len(d) for d in twin.season_decks] == [len(d) for d in s.season_decks]


def test_the_quick_check_of_a_main_decision_agrees_with_the_listed_actions() -> None:
    """``check`` answers main decisions without listing them all; every action of the
    codec must get the same answer both ways."""
    import wintergames as wg
    from wintergames.games.winterborne import actions, rules

    positions = 0
    for seed in range(4):
        s = wg.make("winterborne", 1 + seed, seed=seed)
        assert isinstance(s, WinterborneState)
        rng = random.Random(seed)
        while not s.is_over:
            if not s.pending and positions % 7 == 0:
                listed = set(rules.main_actions(s, s.current))
                for action in actions.ALL:
                    assert rules._legal_main(s, s.current, action) == (action in listed)
            positions += not s.pending
            s.apply(rng.choice(s.legal_actions()))
    assert positions > 100
