"""The Winterborne terminal view: public facts shown, hidden hands never shown."""

from __future__ import annotations

import random

from rich.console import Console

import wintergames as wg
from tests.games.winterborne.scenario import act, new, set_hand, to_winter
from wintergames.core.phrases import Mention, Phrase
from wintergames.games.winterborne.actions import Build
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.state import WinterborneState
from wintergames.games.winterborne.text import ally_short, card_uses, render


def _text(state: WinterborneState, viewer: int | None) -> str:
    console = Console(record=True, width=100, force_terminal=False)
    console.print(render(state, viewer))
    return console.export_text()


def _random_play(state: WinterborneState, steps: int, seed: int) -> WinterborneState:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _start() -> WinterborneState:
    return wg.make("winterborne", num_players=2, seed=3)  # type: ignore[return-value]


def test_card_uses_are_written_as_printed() -> None:
    # Typed from the card list: T1 is a shaman hex, move 3 or 2 gold.
    assert card_uses(WB.cards[WB.card_by_id["T1"]]) == "[S] / m3 / +2g"
    assert card_uses(WB.cards[WB.card_by_id["BOOK1"]]) == "m1/2"
    # T4's hex is any one character's: "[any]", as "*" marks the white meeple on the ring
    assert card_uses(WB.cards[WB.card_by_id["T4"]]) == "[any] / +1g1x"
    assert card_uses(WB.cards[WB.card_by_id["WY3"]]) == "Wylds: +1g"
    assert ally_short(WB.allies[WB.ally_by_id["GR4"]], 1, 3) == "1 favor→2g; VP 1/3 deck"
    # "1 point per Wylds card in your reserve and per Orb banner you own"
    assert ally_short(WB.allies[WB.ally_by_id["YE1"]], 1, 1) == "any 1→2g1m; VP 1/Wylds+Orb"
    assert ally_short(WB.allies[WB.ally_by_id["BK1"]], 2, 1) == "sack spoils→2g1m; VP 2"
    # another game's numbers (an overlay): 2 VP per 4 cards
    assert ally_short(WB.allies[WB.ally_by_id["GR4"]], 2, 4) == "1 favor→2g; VP 2/4 deck"


def test_a_card_with_the_reserve_icon_is_marked_in_the_hand() -> None:
    s = _start()
    s.hand[0] = [WB.card_by_id["T4"], WB.card_by_id["T1"]]
    hand = next(line for line in _text(s, 0).splitlines() if line.startswith("hand     T"))
    assert "T4 [any] / +1g1x (R)" in hand  # T4 carries the reserve icon, T1 does not
    assert "T1 [S] / m3 / +2g" in hand and "+2g (R)" not in hand


def test_a_card_that_stays_in_hand_or_reserve_is_marked_so() -> None:
    # A card picked up from the reserve stays in hand until the clean-up: it is not
    # advertised as one that may wait in the reserve now ("(R)"), and the others, who saw
    # it picked up, are told it is in that hand. In the clean-up a card moves once.
    s = new(2)
    set_hand(s, 0, "T2", "T4", "SHA1", "EXP1")
    act(s, "end", "reserve T2", "reserve T4", "done", "end", "done")
    act(s, "unreserve T2")
    mine = " ".join(_text(s, 0).split())  # (a long hand wraps)
    assert "T2 [E] / m2 / +2g (R: stays in hand)" in mine and "+2g (R)" not in mine
    assert "reserve T4 [any] / +1g1x (R)" in mine  # still in the reserve, free to move
    assert "(R: stays in hand) picked up from the reserve this turn" in mine
    for viewer in (1, None):
        theirs = " ".join(_text(s, viewer).split())
        assert "5 cards (hidden), among them T2 [E] / m2 / +2g (R: stays in hand)" in theirs
    act(s, "end", "reserve T2")
    assert "T2 [E] / m2 / +2g (R: stays in reserve)" in _text(s, 1)


def test_start_shows_the_public_set_up_and_own_hand() -> None:
    s = _start()
    out = _text(s, 0)
    assert "Spring" in out and "explore costs 1 meat" in out
    for colour in WB.colours:
        assert colour in out
    # Every gray space and section of the ring is drawn; figures start on G1/G3/G5.
    for name in (*WB.space_names, *WB.section_names):
        assert name in out
    assert "G1[S   ]" in out and "G3[E   ]" in out and "G5[W   ]" in out
    for cid in ("SHA2", "EXP1", "EXP2", "WAR1"):  # seat 0's hand at seed 3
        assert cid in out
    assert "EXP1 [E] / m2 / +1m" in out
    assert "hand     4 cards (hidden)" in out
    # whose move it is; what is decided, the terminal prints from the Decision
    assert "▶ Player 2 to move" in out and "play a card" not in out
    assert all(len(line) <= 100 for line in out.splitlines())


def test_the_header_counts_winter_rounds_from_one_as_the_log_does() -> None:
    s = _start()
    for rnd in (1, 2, 3):
        to_winter(s, rnd)
        assert f"Winter (winter round {rnd} of 3)" in _text(s, 0)
    # played into winter's second round: the header and the log's line name the same round
    s, rng = _start(), random.Random(1)
    while s.winter_round < 2:
        s.apply(rng.choice(s.legal_actions()))
    season_lines = [e.text for e in s.log if e.kind == "season"]
    assert season_lines[-1] == "Winter, round 2", season_lines
    assert "Winter (winter round 2 of 3)" in _text(s, 1)


def test_other_hands_do_not_change_the_view() -> None:
    s = _random_play(_start(), 80, seed=2)
    seen = _text(s, 0)
    # Replace seat 1's hand by other cards: what seat 0 sees must not change.
    other = [c for c in range(len(WB.cards)) if WB.cards[c].type == "treasure"]
    s.hand[1] = other[: len(s.hand[1])]
    assert _text(s, 0) == seen
    assert _text(s, 1) != seen


def test_hidden_hand_ids_never_appear() -> None:
    s = _start()
    # Give seat 1 cards nobody else can see anywhere on the table.
    s.hand[1] = [WB.card_by_id["MASK3"], WB.card_by_id["HORN2"]]
    out = _text(s, 0)
    assert "MASK3" not in out and "HORN2" not in out
    assert "MASK3" in _text(s, 1)
    assert "MASK3" not in _text(s, None)


def test_mid_game_allies_shown_by_id_to_owner_by_colour_to_others() -> None:
    s = _start()
    s.allies[1] = [WB.ally_by_id["PU3"]]
    assert "PU3" in _text(s, 1)
    assert "PU3" not in _text(s, 0)
    assert "allies purple" in _text(s, 0)


def test_finished_game_shows_scores_and_winner() -> None:
    s = _random_play(_start(), 20000, seed=4)
    assert s.is_over
    out = _text(s, None)
    assert "Game over" in out and "winner" in out
    for p, v in enumerate(s.scores()):
        assert f"Player {p + 1}: {v}" in out


def test_solo_shows_the_balaur_and_objectives() -> None:
    s = wg.make("winterborne", num_players=1, seed=5)
    out = _text(s, 0)  # type: ignore[arg-type]
    assert "The Balaur" in out and "score pile (0)" in out
    assert out.count("objective ") == len(s.objectives)  # type: ignore[attr-defined]
    assert "3 face down" in out  # solo spoils are face down
    _random_play(s, 40, seed=1)  # type: ignore[arg-type]
    assert "The Balaur" in _text(s, 0)  # type: ignore[arg-type]


def test_a_trade_line_says_what_was_paid_without_a_dangling_nothing() -> None:
    """"pays nothing + 1 gold" read wrong for an ally paid with any one resource (chosen
    after the trade), and "pays nothing + 1 favor" for one paid in favor. The trade's
    clause names the ally (its id the mention's ref) and says the deal."""
    deals = []
    for seed in range(40):
        state = _random_play(wg.make("winterborne", 2, seed=seed), 400, seed)  # type: ignore[arg-type]
        deals += [clause for e in state.log if e.kind == "trade"
                  for clause in _clauses(e.said) if clause.msg == "trade"]
    by_id: dict[str, str] = {}
    for clause in deals:
        ally_mention = clause.args["ally"]
        deal = clause.args["deal"]
        assert isinstance(ally_mention, Mention) and isinstance(ally_mention.ref, str)
        assert isinstance(deal, Phrase)
        colour = WB.colours[WB.allies[WB.ally_by_id[ally_mention.ref]].colour]
        assert ally_mention.text == f"{colour} ally"  # named by its province, never its id
        paid = deal.text.removeprefix("pays ").split(";")[0].split(", sacks")[0]
        assert not ("nothing and" in paid or paid.startswith("+")), paid
        by_id[ally_mention.ref] = paid
    for ally_id, what in by_id.items():
        ally = WB.allies[WB.ally_by_id[ally_id]]
        if ally.pay_any and not any(ally.pay) and not ally.pay_favor:
            assert what in ("1 gold", "1 meat", "1 military"), (ally_id, what)  # chosen, alone
        if ally.pay_favor and not any(ally.pay):
            assert what == f"{ally.pay_favor} favor", (ally_id, what)
    assert any(WB.allies[WB.ally_by_id[a]].pay_any for a in by_id)  # the case was met


def _clauses(said: Phrase | str) -> list[Phrase]:
    """A compound move's clauses, last first (each holds the line before it)."""
    assert isinstance(said, Phrase) and said.msg == "move"
    out = []
    line: object = said.args["did"]
    while isinstance(line, Phrase):
        out.append(line)
        line = line.args.get("before")
    return out


def test_the_view_prices_explore_settle_and_conquer_as_they_are_paid() -> None:
    """Each seat's view says what exploring, a settlement and a conquest cost the seat to
    move now (the Explore and Build buttons and the terminal's header read it): each legal
    one, taken on a twin, takes exactly that from its resources."""
    seen: set[tuple[str, int]] = set()
    for seed in range(6):
        s = wg.make("winterborne", num_players=2 + seed % 3, seed=seed)
        assert isinstance(s, WinterborneState)
        rng = random.Random(seed)
        while not s.is_over:
            p = s.current
            legal = s.legal_actions(p)
            priced = [a for a in legal if a.kind in ("explore", "conquer")
                      or (isinstance(a, Build) and a.building == 0)]  # a church: no price
            if priced:
                views = [s.observation(q) for q in (*range(s.num_players), None)]
                costs = [(v["explore_cost"], v["settlement_cost"], v["conquer_cost"])
                         for v in views]
                assert costs == costs[:1] * len(views)  # public: every seat sees the same
                meat, settlement, conquest = costs[0]
                prices = {"explore": {"meat": meat} if meat else {}, "build": settlement,
                          "conquer": conquest}
            for action in priced:
                twin = s.clone()
                twin.apply(action, p)
                paid = {name: before - after for name, before, after in zip(
                    ("gold", "meat", "military"), s.res[p], twin.res[p], strict=True)
                    if before != after}
                assert paid == prices[action.kind], (seed, str(action), paid)
                if (action.kind, sum(paid.values())) not in seen:
                    seen.add((action.kind, sum(paid.values())))
                    words = " + ".join(f"{n} {name}" for name, n in settlement.items())
                    assert f"explore costs {meat} meat" in _text(s, p)
                    assert f"A settlement costs {words or 'nothing'}" in _text(s, p)
            s.apply(rng.choice(legal), p)
    assert {("explore", 1), ("explore", 4), ("build", 2), ("conquer", 2)} <= seen, seen
