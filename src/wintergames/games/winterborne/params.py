"""What a what-if overlay may change in Winterborne, and the numbers one game plays with.

``SCHEMA`` lists every rule number and component value a designer may change (issue 41):
prices, gains, limits, counts and points. Each key's default is read from the data files
(``components.WB``), so the data stay the one place a number lives; its bounds keep every
value a game that ends. ``Params`` holds the values of one game, typed, and
``params_of(options)`` gives the one ``Params`` of each distinct overlay (made once and
cached), which the state keeps as ``state.params`` and every rule reads.

>>> params_of({}).explore_cost
(1, 2, 3, 4)
>>> params_of({"overlay": {"explore.cost.winter": 6}}).explore_cost
(1, 2, 3, 6)
>>> params_of({"overlay": {"explore.cost.winter": 6}}) is params_of(
...     {"overlay": {"explore.cost.winter": 6}})
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from wintergames.core.overlay import OVERLAY, OverlaySchema, Param, Value
from wintergames.games.winterborne.components import (
    RESOURCES,
    SEASONS,
    WB,
    Difficulty,
    SeasonSetup,
)

Cost = tuple[int, int, int]  # gold, meat, military

# Bounds that keep every value within them a game that ends, in good time even with all
# of them at once (the generic overlay test plays every key at its high bound together,
# by random play): the seasons move on as exploration cards are taken, so what slows
# that is bounded closest. Exploring costs at most 1 meat more than printed in spring,
# summer and autumn (winter ends after its rounds whatever it costs); a resource cap is
# never below the dearest exploration; a season deck holds at most 1 card more.
MOST_EXPLORE_COST = 6  # in winter
MORE_EXPLORE_COST = 1  # in spring, summer and autumn, than printed
MORE_SEASON_CARDS = 1
LEAST_RESOURCE_CAP = MOST_EXPLORE_COST
# Winter has at most as many rounds as the round power has characters (one per round);
# the observation encoding keeps a place for each.
MOST_WINTER_ROUNDS = len(WB.round_power_character)

# The three allies' scorings that count something, by the word a key names the count.
_ALLY_UNITS = {"wylds": "wylds", "settlements": "settlements", "deck": "cards"}
_ALLY_COUNTED = {"wylds": "Wylds cards in your reserve (Orb banners count too)",
                 "settlements": "settlements you built",
                 "deck": "cards you own (hand, deck, discard pile and reserve; no Wylds)"}

# Each banner bonus that counts something: its key and what it scores per what (RB Banner
# Card Sets; the cards are named as the box's sets name them, "Bag B").
_BANNER_KEYS = {
    "mask-types": ("banners.mask.vp_per_type",
                   "VP each Mask banner scores per type of exploration card you own"),
    "bag-unconquered": ("banners.bag_a.vp_per_unconquered_section",
                        "VP Bag A scores per conquer icon showing (unconquered section)"),
    "bag-unused-winter": ("banners.bag_b.vp_per_unused_winter_round",
                          "VP Bag B scores per winter round you used no Winterborne power"),
    "bag-unbuilt-churches": ("banners.bag_c.vp_per_unbuilt_church",
                             "VP Bag C scores per church you did not build"),
    "book-bbg": ("banners.book_a.vp_per_tile",
                 "VP Book A scores per black, blue and green conquer tile you hold"),
    "book-pyr": ("banners.book_b.vp_per_tile",
                 "VP Book B scores per purple, yellow and red conquer tile you hold"),
    "book-starter-settlements": ("banners.book_c.vp_per_starter_settlement",
                                 "VP Book C scores per settlement on a starter section"),
    "potion-banners": ("banners.potion.vp_per_banner",
                       "VP each Potion banner scores per banner card you own"),
}
_SET_WORDS = ("one_type", "two_types", "three_types", "four_types")
_SEASON_WORDS = SEASONS  # spring, summer, autumn, winter
_ROUND_WORDS = tuple(f"round_{r}" for r in range(1, len(WB.power_favor) + 1))


@dataclass(frozen=True, slots=True)
class Params:
    """The rule numbers and component values of one game (the printed ones unless an
    overlay changed them). Immutable: states and their clones share one."""

    starting_gold: int
    hand_size: int
    reserve_size: int
    resource_cap: int
    favor_supply: int
    winter_rounds: int
    power_favor: tuple[int, ...]  # favor a power costs, winter round 1 first
    power_gains: int
    power_draws: int
    explore_cost: tuple[int, int, int, int]  # meat, spring..winter
    settlement_cost: Cost
    settlement_favor: int
    conquer_cost: Cost
    tax_gains: Cost
    pray_favor: int
    income_gold: int
    raid_gains: Cost
    conquer_tiles: int  # per colour
    solo_conquer_tiles: int  # per colour, in the solo game
    spoils_per_province: int
    seasons: tuple[SeasonSetup, ...]  # the season board's chart, 1 player first
    set_vp: tuple[int, int, int, int, int]  # an exploration set of 0..4 types
    favor_vp: int
    resources_per_vp: int
    ally_vp: tuple[int, ...]  # per ally card (``WB.allies``): VP per ``ally_per`` counted
    ally_per: tuple[int, ...]
    banner_vp: tuple[int, ...]  # per card (``WB.cards``): VP per thing its bonus counts
    difficulties: tuple[tuple[str, Difficulty], ...]
    objective_vp: tuple[int, ...]  # per objective slot, from the right
    balaur_vp_per_banner: int

    def chart(self, num_players: int) -> SeasonSetup:
        """The season board's chart for ``num_players`` players."""
        return self.seasons[num_players - 1]

    def difficulty(self, name: str) -> Difficulty:
        """A solo difficulty's base score and number of objectives."""
        return next(d for n, d in self.difficulties if n == name)


# -- the keys -------------------------------------------------------------------------------


def _resources(prefix: str, amounts: Cost, what: str, high: int) -> list[Param]:
    """One key per resource of a gold/meat/military amount: ``prefix.gold`` ..."""
    return [Param(f"{prefix}.{name}", amounts[r], f"{name} {what}", low=0, high=high)
            for r, name in enumerate(RESOURCES)]


def _turn_params() -> list[Param]:
    """Set-up, the turn's limits, the characters' prices and gains, the powers."""
    return [
        Param("setup.starting_gold", WB.starting_gold, "gold each player receives at set-up",
              low=0, high=6),
        Param("hand.size", WB.hand_size, "cards a hand is drawn up to (at set-up and after "
              "each turn), and the hand limit of the clean-up", low=2, high=len(WB.house)),
        Param("reserve.size", WB.reserve_size, "cards the reserve holds at most, Wylds "
              "cards included", low=1, high=5),
        Param("resources.cap", WB.resource_cap, "resources a player may hold at the end of "
              "a turn (the excess goes back)", low=LEAST_RESOURCE_CAP, high=30),
        Param("favor.supply", WB.favor_supply, "favor tokens on the season board at the "
              "start (all there are)", low=0, high=60),
        Param("winter.rounds", WB.winter_rounds, "rounds of winter; the game ends after the "
              "last", low=1, high=MOST_WINTER_ROUNDS),
        *(Param(f"powers.favor_cost.{word}", cost, f"favor a Winterborne power costs in "
                f"winter {word.replace('_', ' ')}", low=0, high=6)
          for word, cost in zip(_ROUND_WORDS, WB.power_favor, strict=True)),
        Param("powers.two_resources.gains", WB.power_gains, "resources of your choice the "
              "Two Resources power takes", low=1, high=4),
        Param("powers.discard_draw.draws", WB.power_draws, "cards the Discard and Draw "
              "power draws after its discard", low=0, high=4),
        *(Param(f"explore.cost.{season}", cost, f"meat exploring costs in {season}",
                low=0, high=MOST_EXPLORE_COST if season == "winter"
                else min(MOST_EXPLORE_COST, cost + MORE_EXPLORE_COST))
          for season, cost in zip(_SEASON_WORDS, WB.explore_cost, strict=True)),
        *_resources("warrior.settlement_cost", WB.settlement_cost, "a settlement costs",
                    high=2),
        Param("warrior.settlement_favor", WB.settlement_favor, "favor tokens a settlement "
              "earns (while the supply has them)", low=0, high=3),
        *_resources("warrior.conquer_cost", WB.conquer_cost, "a conquest costs", high=2),
        *_resources("shaman.tax", WB.tax_gains, "the shaman's tax takes", high=4),
        Param("shaman.pray_favor", WB.pray_favor, "favor tokens the shaman's pray takes "
              "(while the supply has them)", low=0, high=3),
        Param("shaman.income_gold", WB.income_gold, "gold the shaman earns for each "
              "building on a conquered section it passes", low=0, high=3),
        *_resources("explorer.raid", WB.raid_gains, "the explorer's raid takes", high=4),
    ]


def _board_params() -> list[Param]:
    """The main board's counts and the season board's chart."""
    out = [
        Param("conquer.tiles_per_colour", WB.conquer_tiles, "conquer tiles of each colour "
              "on the province boards", low=1, high=8),
        Param("solo.conquer_tiles_per_colour", WB.solo_conquer_tiles, "conquer tiles of "
              "each colour on the province boards in the solo game", low=1, high=5),
        Param("spoils.per_province", WB.spoils_per_province, "spoils tiles dealt to each "
              "province board (the rest stay in the box)", low=1,
              high=len(WB.spoils) // len(WB.colours)),
    ]
    set_size = len(next(iter(WB.banner_sets.values())))
    base_wylds = sum(1 for c in WB.wylds if not WB.cards[c].promo)
    for n, chart in sorted(WB.seasons.items()):
        counts = (chart.spring, chart.summer, chart.autumn)
        # However spring, summer and autumn are set within their bounds and however few
        # Wylds cards are drawn, winter keeps a card: the bounds share out the deck's slack.
        least = len(WB.core) + chart.banner_sets * set_size - len(WB.colours)
        room = min(MORE_SEASON_CARDS, (least - 1 - sum(counts)) // len(counts))
        assert room >= 0, f"{n} players: the chart leaves winter no card without Wylds"
        players = f"{n} player{'s' if n > 1 else ''}"
        out += [Param(f"seasons.players_{n}.{season}", count, f"cards dealt to the {season} "
                      f"deck with {players} (the season board's chart)", low=1,
                      high=count + room)
                for season, count in zip(_SEASON_WORDS, counts, strict=False)]
        out.append(Param(f"seasons.players_{n}.wylds", chart.wylds, f"Wylds cards drawn into "
                         f"the exploration deck with {players}", low=0, high=base_wylds))
    return out


def _scoring_params() -> list[Param]:
    """The end-game scoring: sets, favor, resources, allies and banners."""
    out = [Param(f"sets.vp.{word}", vp, f"VP of an exploration set of {k + 1} different "
                 "types", low=0, high=20)
           for k, (word, vp) in enumerate(zip(_SET_WORDS, WB.set_vp, strict=True))]
    out += [
        Param("favor.vp", WB.favor_vp, "VP per favor token (supply and Winterborne card)",
              low=0, high=3),
        Param("resources.per_vp", WB.resources_per_vp, "resources that make 1 VP at the end",
              low=1, high=6),
    ]
    for colour, name in enumerate(WB.colours):
        ally = next(a for a in WB.allies if a.colour == colour)  # one scoring per colour
        if ally.scoring == "flat":
            out.append(Param(f"allies.{name}.vp", ally.points, f"VP each {name} ally scores",
                             low=0, high=5))
            continue
        per = f"allies.{name}.{_ALLY_UNITS[ally.scoring]}_per_vp"
        out += [Param(f"allies.{name}.vp", ally.points, f"VP a {name} ally scores for every "
                      f"{per} {_ALLY_COUNTED[ally.scoring]}", low=0, high=5),
                Param(per, ally.per, f"{_ALLY_COUNTED[ally.scoring]} a {name} ally counts "
                      "per VP", low=1, high=6)]
    for code, (key, what) in _BANNER_KEYS.items():
        vp = next(c.vp for c in WB.cards if c.scoring == code)
        out.append(Param(key, vp, what, low=0, high=5))
    return out


def _solo_params() -> list[Param]:
    """The solo game: the Balaur's base, objectives and banner points."""
    slots = len(WB.objective_vp)
    out: list[Param] = []
    for name, d in WB.difficulties.items():
        out += [Param(f"solo.{name}.base", d.base, f"the Balaur's base score at {name} "
                      "difficulty", low=0, high=120),
                Param(f"solo.{name}.objectives", d.objectives, f"objectives used at {name} "
                      "difficulty", low=0, high=min(slots, len(WB.objectives)))]
    out += [Param(f"solo.objective_vp.slot_{k + 1}", vp, f"VP a met objective in slot "
                  f"{k + 1} (from the right of the Balaur's board) scores", low=0, high=30)
            for k, vp in enumerate(WB.objective_vp)]
    out.append(Param("solo.balaur.vp_per_banner", WB.balaur_vp_per_banner, "VP the Balaur "
                     "scores per banner card in its score pile", low=0, high=3))
    return out


SCHEMA = OverlaySchema("winterborne", [*_turn_params(), *_board_params(),
                                       *_scoring_params(), *_solo_params()])
assert {code for code in _BANNER_KEYS} == {c.scoring for c in WB.cards if c.vp}, (
    "every banner bonus that counts something has its key")


# -- the values -----------------------------------------------------------------------------


def _int(values: Mapping[str, Value], key: str) -> int:
    value = values[key]
    assert isinstance(value, int) and not isinstance(value, bool), (key, value)
    return value


def _cost(values: Mapping[str, Value], prefix: str) -> Cost:
    gold, meat, military = (_int(values, f"{prefix}.{name}") for name in RESOURCES)
    return gold, meat, military


def _seasons(values: Mapping[str, Value]) -> tuple[SeasonSetup, ...]:
    def chart(n: int) -> SeasonSetup:
        at = f"seasons.players_{n}"
        return SeasonSetup(banner_sets=WB.seasons[n].banner_sets,
                           wylds=_int(values, f"{at}.wylds"),
                           spring=_int(values, f"{at}.spring"),
                           summer=_int(values, f"{at}.summer"),
                           autumn=_int(values, f"{at}.autumn"))

    return tuple(chart(n) for n in sorted(WB.seasons))


def _allies(values: Mapping[str, Value]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Each ally card's VP and how many counted things make them."""
    vp, per = [], []
    for ally in WB.allies:
        name = WB.colours[ally.colour]
        vp.append(_int(values, f"allies.{name}.vp"))
        unit = _ALLY_UNITS.get(ally.scoring)
        per.append(1 if unit is None else _int(values, f"allies.{name}.{unit}_per_vp"))
    return tuple(vp), tuple(per)


def _build(values: Mapping[str, Value]) -> Params:
    four = tuple(_int(values, f"explore.cost.{season}") for season in _SEASON_WORDS)
    sets = tuple(_int(values, f"sets.vp.{word}") for word in _SET_WORDS)
    ally_vp, ally_per = _allies(values)
    return Params(
        starting_gold=_int(values, "setup.starting_gold"),
        hand_size=_int(values, "hand.size"),
        reserve_size=_int(values, "reserve.size"),
        resource_cap=_int(values, "resources.cap"),
        favor_supply=_int(values, "favor.supply"),
        winter_rounds=_int(values, "winter.rounds"),
        power_favor=tuple(_int(values, f"powers.favor_cost.{w}") for w in _ROUND_WORDS),
        power_gains=_int(values, "powers.two_resources.gains"),
        power_draws=_int(values, "powers.discard_draw.draws"),
        explore_cost=(four[0], four[1], four[2], four[3]),
        settlement_cost=_cost(values, "warrior.settlement_cost"),
        settlement_favor=_int(values, "warrior.settlement_favor"),
        conquer_cost=_cost(values, "warrior.conquer_cost"),
        tax_gains=_cost(values, "shaman.tax"),
        pray_favor=_int(values, "shaman.pray_favor"),
        income_gold=_int(values, "shaman.income_gold"),
        raid_gains=_cost(values, "explorer.raid"),
        conquer_tiles=_int(values, "conquer.tiles_per_colour"),
        solo_conquer_tiles=_int(values, "solo.conquer_tiles_per_colour"),
        spoils_per_province=_int(values, "spoils.per_province"),
        seasons=_seasons(values),
        set_vp=(0, sets[0], sets[1], sets[2], sets[3]),
        favor_vp=_int(values, "favor.vp"),
        resources_per_vp=_int(values, "resources.per_vp"),
        ally_vp=ally_vp,
        ally_per=ally_per,
        banner_vp=tuple(_int(values, _BANNER_KEYS[c.scoring][0]) if c.vp else 0
                        for c in WB.cards),
        difficulties=tuple((name, Difficulty(base=_int(values, f"solo.{name}.base"),
                                             objectives=_int(values, f"solo.{name}.objectives")))
                           for name in WB.difficulties),
        objective_vp=tuple(_int(values, f"solo.objective_vp.slot_{k + 1}")
                           for k in range(len(WB.objective_vp))),
        balaur_vp_per_banner=_int(values, "solo.balaur.vp_per_banner"),
    )


@cache
def _params(changes: tuple[tuple[str, Any], ...]) -> Params:
    """The ``Params`` of one overlay, by its changes (sorted key, value pairs)."""
    return _build(SCHEMA.values(dict(changes)))


def _frozen(value: Any) -> Any:
    """A value as a cache key: a list (JSON's form of a tuple) as a tuple."""
    return tuple(value) if isinstance(value, list) else value


def params_of(options: Mapping[str, Any]) -> Params:
    """The numbers a game with these (validated) ``options`` plays with: the overlay's
    changes on the data files' values; one object per distinct overlay."""
    overlay = options.get(OVERLAY)
    if not overlay:
        return DEFAULT
    return _params(tuple(sorted((key, _frozen(v)) for key, v in overlay.items())))


DEFAULT = _params(())

__all__ = ["DEFAULT", "MOST_WINTER_ROUNDS", "SCHEMA", "Cost", "Params", "params_of"]
