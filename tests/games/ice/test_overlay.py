"""ICE's what-if overlay (issue 41; ``params.py``): each key changes the game exactly as
the rulebook sentence it stands for says, with the overlay's number instead of the
printed one. Expected numbers are worked out here from the overlay and a hand-built
position, never read from the code under test. The amounts of effects, abilities,
excavations and Curses: test_overlay_effects.py.

Every key of ``params.SCHEMA`` is tested here or there
(``test_every_key_has_a_test_that_sets_it``).
"""

from __future__ import annotations

import json
import pickle
import random
from pathlib import Path
from typing import Any

import pytest

import wintergames as wg
from tests.core.test_overlay_games import moved
from tests.games.ice.effect_positions import hold
from tests.games.ice.helpers import (
    act,
    fresh,
    give,
    hand_request,
    prompt_of,
    request,
    spend_the_day,
    texts,
)
from tests.games.ice.test_logbook import CAMP, calm, lift, put_archs, snow, start
from wintergames.core.errors import InvalidOptionError
from wintergames.games.ice import SPEC, days
from wintergames.games.ice import frames as fr
from wintergames.games.ice.components import IC
from wintergames.games.ice.params import DEFAULT, SCHEMA, Params, params_of
from wintergames.games.ice.payment import Item, rp_of, study
from wintergames.games.ice.scoring import decree_points
from wintergames.games.ice.scoring_state import breakdown
from wintergames.games.ice.state import IceState

HAR, EXA, ACH, PHI, OBL = range(5)
HERE = Path(__file__).parent


def overlay(**keys: Any) -> dict[str, Any]:
    """An overlay from ``key=value`` pairs, the dots of a key written as ``__``."""
    return {key.replace("__", "."): value for key, value in keys.items()}


# -- the option itself --------------------------------------------------------------------


@pytest.mark.parametrize(("changes", "said"), [
    ({"trun.ep": 3}, r"ice's overlay has no key 'trun\.ep' \(did you mean 'turn\.ep'\?\)"),
    ({"days": 1}, r"overlay key 'days' cannot be 1; allowed: 2 to 8"),
    ({"requests.mono.rp": "many"}, r"overlay key 'requests\.mono\.rp' takes a whole number"),
    ({"sunrise": {"ep": {"5_players": 2.5}}},
     r"overlay key 'sunrise\.ep\.5_players' takes a whole number"),
    ({"requests.duo.cost": 4}, r"overlay key 'requests\.duo\.cost' cannot be 4; allowed: 1 to 3"),
])
def test_a_bad_key_or_value_is_refused_naming_the_key(changes: dict[str, Any],
                                                      said: str) -> None:
    with pytest.raises(InvalidOptionError, match=said):
        wg.make("ice", 3, 1, {"overlay": changes})


def params(state: wg.State) -> Params:
    assert isinstance(state, IceState)
    return state.params


def test_an_overlay_is_made_once_kept_by_the_options_and_shared_by_every_copy() -> None:
    s = wg.make("ice", 3, 1, {"overlay": {"requests": {"mono": {"rp": 8}}, "days": 5}})
    made = params(s)
    assert s.options["overlay"] == {"days": 5, "requests.mono.rp": 8}
    assert (made.days, made.requests[request("MONO-HAR")].rp) == (5, 8)
    assert params(s.clone()) is made and params(s.determinize(1, random.Random(2))) is made
    assert params(wg.replay(s.record())) is made
    snapshot = json.loads(json.dumps(s.to_json()))
    assert params(SPEC.state_from_json(snapshot)) is made
    assert params(pickle.loads(pickle.dumps(s))) is made  # a process pool's copy too
    # A value at its printed default changes nothing: no overlay is kept at all.
    printed = wg.make("ice", 3, 1, {"overlay": {"days": IC.days}})
    assert "overlay" not in printed.options and params(printed) is DEFAULT


# Keys the parametrized tests below set, one per case.
KINDS_BY_RP = ("mono", "either", "duo", "trio")
PARAMETRIZED = {*(f"sunrise.ep.{n}_players" for n in range(2, 6)),
                *(f"guilds.{g.id}.starting_rp" for g in IC.guilds),
                *(f"requests.{kind}.rp" for kind in KINDS_BY_RP),
                *(f"requests.{kind}.cost" for kind in KINDS_BY_RP)}


def test_every_key_has_a_test_that_sets_it() -> None:
    """Each key of the schema is named in one of the overlay test files (a ``__`` of a
    keyword argument standing for a dot), or set by a parametrized test."""
    text = "".join((HERE / name).read_text() for name in
                   ("test_overlay.py", "test_overlay_effects.py")).replace("__", ".")
    missing = [key for key in SCHEMA.params if key not in text and key not in PARAMETRIZED]
    assert not missing


# -- Days and the EP of a Day (RB Gameflow, Sunrise, FAQ) -----------------------------------


def play_to_the_end(s: IceState) -> None:
    while not s.over:
        if s.pending:
            act(s, texts(s)[-1])
        else:
            spend_the_day(s)


@pytest.mark.parametrize("last", [2, 6])
def test_the_game_takes_the_overlays_number_of_days(last: int) -> None:
    """RB Gameflow: "The game takes place over 4 days"."""
    s = fresh(2, seed=12, first_game=True, overlay={"days": last})
    play_to_the_end(s)
    assert s.day == last and sum(e.kind == "day" for e in s.log) == last


def prism_payable(s: IceState, p: int, count: int, anima: int = 2) -> list[int]:
    """Hand seat ``p`` ``count`` Prism Requests and ``anima`` Surface Prismatics (1 Anima
    each) for each of them, all on its harmony slot (Prismatics are wild)."""
    cards = [c for c, r in enumerate(IC.requests) if r.kind == "prism"][:count]
    prisms = [t for t in IC.surface if IC.tiles[t].type == 5][:anima * count]
    for c in cards:
        hand_request(s, p, c)
    for t in prisms:
        give(s, p, IC.tiles[t].id)
    return cards


def validate(s: IceState, card: int) -> None:
    """Validate ``card`` and pay it with the first items offered."""
    act(s, f"validate {IC.requests[card].id}")
    while s.pending and isinstance(s.pending[-1], fr.Pay):
        act(s, texts(s)[0])


def test_validations_per_day_and_their_bonuses_as_the_overlay_sets_them() -> None:
    """RB Request Validation: "At the end of Days 2 and 3, players can validate 1 or 2
    Request cards and earn a bonus: 1 RP token bonus for the first validated Request of the
    Day. 2 RP bonus at the end of the game for the second": here 3 a Day, 3 and 5 RP."""
    s = fresh(3, seed=9, first_game=True, overlay=overlay(
        validation__per_day=3, validation__first_rp=3, validation__second_rp=5))
    s.day = 2
    cards = prism_payable(s, 0, 3)
    rp = s.rp[0]
    spend_the_day(s)
    act(s, "none")
    validate(s, cards[0])
    assert s.rp[0] == rp + 3 and s.bonus2[0] == 0
    validate(s, cards[1])
    assert s.rp[0] == rp + 3 and s.bonus2[0] == 1
    validate(s, cards[2])  # a third one on Day 2: nothing more for it
    assert (s.rp[0], s.bonus2[0], len(s.validated[0])) == (rp + 3, 1, 9)
    assert breakdown(s, 0).bonuses == 5


def test_only_the_overlays_last_day_validates_any_number() -> None:
    """Day 4 is no longer the last of 5: two at most, with the bonus; Day 5 takes all."""
    for day, validated, bonus in ((4, 2, 1), (5, 3, 0)):
        s = fresh(3, seed=9, first_game=True, overlay={"days": 5})
        s.day = day
        cards = prism_payable(s, 0, 3)
        spend_the_day(s)
        act(s, "none")
        for card in cards[:validated]:
            validate(s, card)
        assert len(s.validated[0]) == 3 * validated and s.bonus2[0] == bonus
        assert not any(t.startswith("validate") for t in texts(s)) or s.to_move != (0,)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_sunrise_gives_the_overlays_ep_for_the_player_count(n: int) -> None:
    """RB Sunrise: "6 EP for 2 players, 5 EP for 3 and 4 players, 4 EP for 5 players"."""
    ep = IC.ep_by_players[n] - 1
    s = fresh(n, seed=1, overlay={f"sunrise.ep.{n}_players": ep})
    assert s.ep == [ep] * n


def test_a_planning_token_and_the_most_ep_as_the_overlay_sets_them() -> None:
    """RB Plan: "start with an Extra EP"; FAQ: "can never exceed 6 EP"."""
    s = fresh(3, seed=1, overlay=overlay(ep__max=8, plan__ep=2))
    s.planning = [1, 0, 0]
    days.sunrise(s)
    assert s.ep == [min(8, 5 + 2), 5, 5] and s.planning == [0, 0, 0]
    capped = fresh(3, seed=1, overlay=overlay(ep__max=6, plan__ep=3))
    capped.planning = [1, 0, 0]
    days.sunrise(capped)
    assert capped.ep == [min(6, 5 + 3), 5, 5]


def test_an_unused_planning_token_scores_the_overlays_rp() -> None:
    """RB Plan: "A Planning token at the end of the game is worth 1 RP"."""
    s = fresh(3, seed=1, overlay={"plan.rp": 3})
    s.planning[0] = 1
    assert breakdown(s, 0).planning == 3 and breakdown(s, 1).planning == 0


# -- a turn (RB Actions, Player's Turn, Overwork) ---------------------------------------------


def paid_action(s: IceState) -> str:
    return next(t for t in texts(s) if t.startswith(("camp", "sail", "recruit")))


def test_a_turn_spends_the_overlays_ep() -> None:
    """RB Glossary: "Player's Turn: ... spending 1 to 2 EP": here 3."""
    s = fresh(3, seed=4, overlay={"turn.ep": 3})
    for _ in range(3):
        act(s, paid_action(s))
    assert s.spent == 3 and s.ep[0] == 5 - 3
    assert not any(t.startswith(("camp", "sail", "recruit", "move")) for t in texts(s))


def test_each_action_costs_the_overlays_ep() -> None:
    """RB Actions: Build a Camp, Recruit, Sail, Study, Plan "Cost: 1 EP": here 2."""
    s = fresh(3, seed=4, overlay={"actions.ep": 2})
    act(s, paid_action(s))
    assert (s.ep[0], s.spent) == (5 - 2, 2)
    assert s.log[-1].text.endswith("(2 EP).")
    assert not any(t.startswith(("camp", "sail", "recruit", "plan")) for t in texts(s))
    planned = fresh(3, seed=4, overlay={"actions.ep": 2})
    act(planned, "plan")
    assert planned.ep[0] == 5 - 2


def test_overwork_costs_and_allows_what_the_overlay_says() -> None:
    """RB Overwork: "costs 1 RP token ... You may spend 3 EP this turn": here 2 and 4."""
    s = fresh(3, seed=4, overlay=overlay(overwork__rp=2, overwork__ep=4))
    s.rp[0] = 3
    act(s, "overwork")
    assert s.rp[0] == 3 - 2
    for _ in range(4):
        act(s, paid_action(s))
    assert s.spent == 4
    short = fresh(3, seed=4, overlay=overlay(overwork__rp=2, overwork__ep=4))
    short.ep[0] = 3  # fewer EP than the overlay's Overwork spends
    assert "overwork" not in texts(short)
    short.ep[0], short.rp[0] = 5, 1  # fewer RP tokens than it costs
    assert "overwork" not in texts(short)


def test_the_snow_tile_hand_limit_is_the_overlays() -> None:
    """RB Snow Tiles: "If at the end of your turn, you have more than 3 Snow tiles in your
    hand, discard all tiles above that number": here 1."""
    s = fresh(3, seed=1, overlay={"snow_tiles.hand_limit": 1})
    for tile_id in ("SN01", "SN02", "SN03"):
        hold(s, 0, tile_id)
    act(s, "plan")
    act(s, "end")
    drops = 0
    while s.pending and isinstance(s.pending[-1], fr.SnowLimit):
        act(s, texts(s)[0])
        drops += 1
    assert drops == 3 - 1 and len(s.hand[0]) == 1


# -- Requests at set-up and Sunset (RB Setup P, Sunset, Discard Phase) -------------------------


def test_the_opening_deals_and_keeps_what_the_overlay_says() -> None:
    """RB Setup P: "Deal 5 Request cards to each player. Then each player discards 2 and
    keeps 3": here 7 and 1; a first game "deal 3 ... keeps 1" and "2 RP tokens": here 4, 0
    and 5."""
    changes = overlay(requests__deal=7, requests__keep=1)
    dealt = fresh(3, seed=2, opening=False, overlay=changes)
    assert [len(h) for h in dealt.requests] == [7, 7, 7]
    assert prompt_of(dealt, 0).text == "Choose the opening Requests to discard: you keep 1"
    assert [len(h) for h in fresh(3, seed=2, overlay=changes).requests] == [1, 1, 1]
    first = overlay(first_game__deal=4, first_game__keep=0, first_game__starting_rp=5)
    assert [len(h) for h in fresh(4, 2, opening=False, first_game=True,
                                  overlay=first).requests] == [4] * 4
    s = fresh(4, seed=2, first_game=True, overlay=first)
    assert [len(h) for h in s.requests] == [0] * 4 and s.rp == [5] * 4


def test_the_sunset_row_and_the_request_hand_limit_are_the_overlays() -> None:
    """RB Sunset: "a row of face-up Request cards ... (same number of cards as players + 2
    extra)": here + 0; Discard Phase: "a hand limit of 4 Requests": here 2."""
    s = fresh(3, seed=8, overlay=overlay(sunset__row_extra=0, requests__hand_limit=2))
    spend_the_day(s)
    assert len(s.row) == 3 + 0
    act(s, texts(s)[0])  # a fourth Request in hand
    discards = 0
    while s.pending and isinstance(s.pending[-1], fr.HandLimit):
        act(s, texts(s)[0])
        discards += 1
    assert discards == 4 - 2 and len(s.requests[0]) == 2


def test_a_request_kind_gains_and_costs_what_the_overlay_says() -> None:
    """RB Request Cards: "Cost: 2 Anima from any Prismatic Artifacts ... Gain: 5 RP": here
    1 Anima for 8 RP, one Surface Prismatic pays it; the card and its choice say so."""
    s = fresh(3, seed=9, first_game=True,
              overlay=overlay(requests__prism__rp=8, requests__prism__cost=1))
    s.day = 4
    card = prism_payable(s, 0, 1, anima=1)[0]
    assert s.params.requests[card].text == "Pay 1 Anima from Prismatic Artifacts only. Gain 8 RP."
    spend_the_day(s)
    act(s, "none")
    said = {str(a): c.explain.text for a, c in s.choices(0) if c is not None}
    assert said[f"validate {IC.requests[card].id}"].endswith("for 8 RP")
    validate(s, card)
    assert s.validated[0] == [card, 4, 8] and breakdown(s, 0).requests == (8,)


@pytest.mark.parametrize("kind", KINDS_BY_RP)
def test_each_kind_of_request_gains_the_overlays_rp(kind: str) -> None:
    p = params_of({"overlay": {f"requests.{kind}.rp": 11}})
    for card, printed in zip(p.requests, IC.requests, strict=True):
        assert card.rp == (11 if card.kind == kind else printed.rp)
        assert card.need == printed.need  # what it costs stays


def test_a_shapes_request_gains_the_overlays_rp_for_two_and_for_three_shapes() -> None:
    """RB Request Cards: "2 different Shapes gains 5 RP; 3 different Shapes gains 9 RP":
    here 6 and 12, paid with 2 or 3 Artifacts (at least 3 Shapes asked: only 3 pay)."""
    p = params_of({"overlay": overlay(requests__shapes__rp=6, requests__shapes__rp_3_shapes=12)})
    shapes = p.requests[request("SHAPES-ACH")]
    arts = [Item("artifact", 900 + k, ACH, k, 1) for k in (1, 2, 3)]
    assert (rp_of(shapes, arts[:2]), rp_of(shapes, arts)) == (6, 12)
    dearer = params_of({"overlay": {"requests.shapes.cost": 3}}).requests[request("SHAPES-ACH")]
    assert rp_of(dearer, arts) == 9
    with pytest.raises(ValueError, match="is not paid"):
        rp_of(dearer, arts[:2])


@pytest.mark.parametrize(("kind", "cost", "paid"), [
    ("mono", 2, [Item("artifact", 901, HAR, 1, 2)]),            # one Deep Harmony: 2 Anima
    ("either", 1, [study(EXA)]),
    ("duo", 3, [study(EXA), study(PHI), study(OBL)]),
    ("trio", 4, [Item("artifact", 902, HAR, 1, 2), study(PHI), study(OBL)])])
def test_each_kind_of_request_costs_what_the_overlay_says(kind: str, cost: int,
                                                          paid: list[Item]) -> None:
    card = next(c for c, r in enumerate(IC.requests) if r.kind == kind
                and set(r.types) >= {i.type for i in paid})
    changed = params_of({"overlay": {f"requests.{kind}.cost": cost}}).requests[card]
    assert rp_of(changed, paid) == IC.requests[card].rp
    assert f"Pay {cost} " in changed.text
    with pytest.raises(ValueError, match="is not paid"):
        rp_of(DEFAULT.requests[card], paid)  # the printed card costs otherwise


# -- scoring (RB Decree Cards, Guild Boards) --------------------------------------------------


def test_each_decree_scores_the_overlays_rp() -> None:
    """RB Decree Cards: 1 RP per RP token, per Study token, per Anima of a type; 4 RP per
    set of 5 types, 2 per set of 4; 2 RP per 2 Shapes of a type, 4 per 3: here 2, 3, 2; 7
    and 1; 3 and 10."""
    p = params_of({"overlay": overlay(
        decrees__tokens__rp=2, decrees__study__rp=3, decrees__type__rp=2,
        decrees__sets__rp_5_types=7, decrees__sets__rp_4_types=1,
        decrees__shapes__rp_2_shapes=3, decrees__shapes__rp_3_shapes=10)})
    held = [Item("artifact", 1, HAR, 1, 2), Item("artifact", 2, HAR, 2, 1),
            *(Item("artifact", 2 + k, EXA, k, 1) for k in (1, 2, 3)),
            Item("artifact", 6, ACH, 1, 1), study(PHI), study(OBL)]
    by_id = {d.id: d for d in p.decrees}
    # types: HAR 2, EXA 3, ACH 1, PHI 1, OBL 1 -> one set of 5 (7), then HAR 1, EXA 2: none
    # of 4; without the set of 5, one set of 4 (1): the best is 7.
    expected = {"DEC-TOKENS": 2 * 4, "DEC-STUDY": 3 * 2, "DEC-HAR": 2 * (2 + 1),
                "DEC-SETS": 7, "DEC-SHAPES": 3 + 10}
    for decree_id, points in expected.items():
        assert decree_points(by_id[decree_id], held, 4, p) == points, decree_id
    assert "7 RP per group of all 5 types, 1 RP per group of 4 types" in by_id["DEC-SETS"].text
    assert by_id["DEC-TOKENS"].text.startswith("2 RP for each")


@pytest.mark.parametrize("guild", [g.id for g in IC.guilds])
def test_each_guild_starts_with_the_overlays_rp(guild: str) -> None:
    """RB Guild Boards: "Anaan' mok, Navigator (starting RP: 2)" ...: here 7."""
    others = [g.id for g in IC.guilds if g.id != guild][:2]
    s = fresh(3, seed=1, guilds="+".join([guild, *others]),
              overlay={f"guilds.{guild}.starting_rp": 7})
    assert s.rp == [7, *(g.starting_rp for g in IC.guilds if g.id in others)]
    assert next(e.vp for e in s.log if e.kind == "rp") == 7


def test_the_overlays_number_of_decrees_is_revealed() -> None:
    """RB Setup J: "place 3 face up": here 6."""
    s = fresh(3, seed=1, overlay={"decrees.shown": 6})
    assert len(s.decrees) == len(set(s.decrees)) == 6


# -- the Logbook (RB Logbook Cards) ----------------------------------------------------------


def test_the_merchant_caravan_shows_buys_and_sells_as_the_overlay_says() -> None:
    """"Display up to 5 discarded Snow Tiles ... Discard 1 Artifact for 2 RP and/or spend 1
    RP to get one of the displayed tiles": here 2 tiles, 4 RP and 3 RP."""
    s = fresh(3, seed=4, logbook="on", overlay=overlay(
        logbook__merchant_caravan__display=2, logbook__merchant_caravan__sell_rp=4,
        logbook__merchant_caravan__buy_rp=3))
    for c in [(7, 1), (10, 1), (7, 4), (4, 4)]:
        lift(s, snow(*c))
    sold = give(s, 0, "S-HAR-1a")
    s.rp = [0, 0, 3]
    start(s, "MERCHANT-CARAVAN")
    card = next(e.text for e in s.log if e.text.startswith("Logbook: Merchant Caravan"))
    assert "Show up to 2 discarded Snow tiles" in card and "for 4 RP and pay 3 RP" in card
    frame = s.pending[-1]
    assert isinstance(frame, fr.Caravan) and len(frame.display) == 2
    act(s, f"sell {IC.tiles[sold].id}")
    assert s.rp[0] == 4
    act(s, texts(s)[0])  # buys the first shown tile
    assert s.rp[0] == 4 - 3 and len(s.hand[0]) == 1
    assert s.to_move == (2,)  # seat 1 has neither an Artifact nor 3 RP tokens
    act(s, texts(s)[0])
    assert s.rp[2] == 0 and not s.pending


def test_a_blizzard_brings_the_overlays_number_of_archaeologists() -> None:
    """"each player takes the 2 nearest Archaeologists closest to their own Camp": here 3
    (the two one step away, then one of the three two steps away)."""
    s = fresh(3, seed=1, overlay={"logbook.blizzard.archaeologists": 3})
    calm(s)
    s.camps[0] = snow(*CAMP)
    put_archs(s, snow(4, 1), 1)  # 1 step
    put_archs(s, snow(7, 4), 1)  # 1 step
    put_archs(s, snow(1, 1), 3)  # 2 steps
    start(s, "BLIZZARD")
    assert not s.pending
    assert s.archs[snow(*CAMP)] == 3 and s.archs[snow(1, 1)] == 3 - 1


def test_a_seat_with_all_study_tokens_takes_the_overlays_rp() -> None:
    """Artifact Study: "If a player has all 5 types, they take 2 RP instead": here 5; the
    card and its log line say so."""
    s = fresh(3, seed=1, overlay={"study.all_types_rp": 5})
    s.study[2] = [1, 1, 2, 1, 1]
    rp = list(s.rp)
    start(s, "ARTIFACT-STUDY-a")
    assert s.rp[2] == rp[2] + 5
    assert any("takes 5 RP instead" in e.text for e in s.log if e.kind == "logbook")


# -- what a seat sees and how a bot chooses -----------------------------------------------------


def test_the_rl_encoding_scales_by_the_overlays_numbers() -> None:
    """Every key at its high bound (8 Days, 12 EP, ...), expert mode on: the vector has a
    Day field for Days 0-8, and every count stays within 0..1."""
    high = {key: moved(param, "high") for key, param in SCHEMA.params.items()}
    options = SPEC.validate(3, {"overlay": high, "curse": "on"})
    assert SPEC.observation_encoding is not None
    encoding = SPEC.observation_encoding(3, options)
    fields = {f.name: f.shape for f in encoding.layout.fields}
    assert fields["day"] == (8 + 1,) and fields["seat_validated"] == (3, 8)
    s = wg.make("ice", 3, seed=7, options=dict(options))
    rng = random.Random(7)
    while not s.is_over:
        p = s.to_move[0]
        vector = encoding.encode(s.observation(p), p)
        assert vector.min() >= 0.0 and vector.max() <= 1.0
        s.apply(rng.choice(s.legal_actions(p)), p)


def test_with_an_overlay_views_and_bots_ignore_what_a_seat_cannot_see() -> None:
    """The twin (``determinize``) differs in hidden parts only: the seat's observation and
    its bots' choices stay the same, the overlay's numbers included."""
    changes = overlay(requests__mono__rp=9, turn__ep=3, snow_tiles__hand_limit=2, days=3,
                      logbook__merchant_caravan__sell_rp=4, excavate__cost__snow=1)
    s = wg.make("ice", 3, seed=3, options={"overlay": changes})
    rng = random.Random(3)
    differed = checked = 0
    for step in range(240):
        if s.is_over:
            break
        p = s.to_move[0]
        if step % 25 == 24:
            twin = s.determinize(p, random.Random(step))
            differed += twin.to_json()["state"] != s.to_json()["state"]
            assert twin.observation(p) == s.observation(p)
            for kind, settings in (("greedy", {}), ("ismcts", {"iterations": 25})):
                mine = wg.bots.make(kind, seed=11, **settings).choose(s, p)
                assert wg.bots.make(kind, seed=11, **settings).choose(twin, p) == mine
            checked += 1
        s.apply(rng.choice(s.legal_actions(p)), p)
    assert checked >= 4 and differed
