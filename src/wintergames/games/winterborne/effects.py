"""The Wylds cards, the banners' special actions and the Winterborne powers.

RB "The Wylds Cards", "Banner Card Sets", "Winterborne Powers" and "Winterborne Power
Cards". Each is a short stack of small choices on top of the turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wintergames.core.actions import Action
from wintergames.core.decisions import Decision
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne import moving, specials
from wintergames.games.winterborne import words as w
from wintergames.games.winterborne.components import POWERS, RESOURCES, WB, WHITE
from wintergames.games.winterborne.decks import draw
from wintergames.games.winterborne.frames import (
    EXPLORER,
    FIGURES,
    FOR_FAVOR,
    FOR_SACKED,
    FREE,
    HORN_VARIANTS,
    SHAMAN,
    WARRIOR,
    Cost,
    WbFrame,
    adjacent_provinces,
    adjacent_sections,
    figure_for,
    leave_hand,
    pop,
    push,
    replace_top,
    room_for,
    say,
    wylds_in_reserve,
)
from wintergames.games.winterborne.moving import Exit
from wintergames.games.winterborne.setup import CASTLE, OUT
from wintergames.games.winterborne.specials import Act, PayAny

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState


# -- The Wylds: "activate all of The Wylds cards in your reserve ... in any order" ----------


def activate_wylds(s: WinterborneState, p: int) -> None:
    push(s, Wylds(tuple(wylds_in_reserve(s, p))))
    say(s, "activate-wylds")


def wylds_possible(s: WinterborneState, p: int, card: int) -> bool:
    effect = WB.cards[card].wylds
    _, meat, military = s.res[p]
    figs = s.figures[p]
    if effect == "military-to-meat":
        return military >= 1
    if effect == "meat-to-military":
        return meat >= 1
    if effect == "swap-shaman-explorer":
        return figs[SHAMAN] != OUT and figs[EXPLORER] != OUT
    if effect == "explorer-step":  # from the castle too: that 1 movement leaves it
        return figs[EXPLORER] != OUT
    if effect == "shaman-2":
        return figs[SHAMAN] != OUT
    if effect == "warrior-3":
        return figs[WARRIOR] != OUT
    if effect == "sacked-spoils":
        return sum(s.res[p]) >= 1 and bool(recoverable_spoils(s))
    if effect == "favor":
        return meat >= 1 and sum(s.res[p]) >= 2 and s.favor_supply > 0
    return True  # a plain gain


def resolve_wylds(s: WinterborneState, p: int, frame: Wylds, card: int) -> None:
    rest = list(frame.cards)
    rest.remove(card)
    replace_top(s, Wylds(tuple(rest)))
    effect = WB.cards[card].wylds
    say(s, "wylds-card", card=w.card(card))
    if effect in ("gold", "meat", "military"):
        s.res[p][RESOURCES.index(effect)] += 1
        say(s, "wylds-gain", gain=w.plus(1, RESOURCES.index(effect)))
    elif effect == "military-to-meat":
        s.res[p][2] -= 1
        s.res[p][1] += 2
        say(s, "wylds-exchange", paid=w.res(1, 2), got=w.res(2, 1))
    elif effect == "meat-to-military":
        s.res[p][1] -= 1
        s.res[p][2] += 2
        say(s, "wylds-exchange", paid=w.res(1, 1), got=w.res(2, 2))
    elif effect == "swap-shaman-explorer":
        figs = s.figures[p]
        figs[SHAMAN], figs[EXPLORER] = figs[EXPLORER], figs[SHAMAN]
        say(s, "wylds-swap", first=w.figure(SHAMAN), second=w.figure(EXPLORER))
    elif effect == "explorer-step":
        if s.figures[p][EXPLORER] == CASTLE:
            # Potion: "it costs 1 movement to move it onto any dark gray section": the
            # one space is the way out, to the gray space of the player's choice, so no
            # direction is asked.
            _move_without_action(s, p, EXPLORER, 1)
        else:
            push(s, Direction())
    elif effect == "shaman-2":
        _move_without_action(s, p, SHAMAN, 2)
    elif effect == "warrior-3":
        _move_without_action(s, p, WARRIOR, 3)
    elif effect == "sacked-spoils":
        push(s, Sacked())
        push(s, PayAny(FOR_SACKED, 0))
    elif effect == "favor":
        s.res[p][1] -= 1
        say(s, "wylds-return", meat=w.res(1, 1))
        push(s, PayAny(FOR_FAVOR, 0))


def _move_without_action(s: WinterborneState, p: int, fig: int, steps: int) -> None:
    if s.figures[p][fig] == CASTLE:
        push(s, Exit(fig, fig, steps, 0, 0))
    else:
        moving.walk(s, p, fig, steps, ccw=False)




def step_explorer(s: WinterborneState, p: int, ccw: bool) -> None:
    pop(s)
    moving.walk(s, p, EXPLORER, 1, ccw)






def recoverable_spoils(s: WinterborneState) -> list[int]:
    """Sacked tiles a Wylds card may take back: never a Wylds spoils ("These tiles can never
    be gained through special actions that target sacked spoils"), however it left."""
    return sorted({t for t in s.sacked_spoils if WB.spoils[t].kind != "wylds"})




def take_sacked(s: WinterborneState, p: int, tile: int) -> None:
    pop(s)
    s.sacked_spoils.remove(tile)
    s.spoils[p].append(tile)
    say(s, "takes-back", spoils=w.spoils(tile))


# -- banners: Horn, Bag, Potion -------------------------------------------------------------


def horn_sections(s: WinterborneState, p: int, variant: str) -> list[int]:
    if variant == "anywhere":
        return list(range(12))
    if variant == "free-adjacent":
        return list(adjacent_sections(s.figures[p][figure_for(s, p, WARRIOR)]))
    return sorted({sec for pos in s.figures[p] for sec in adjacent_sections(pos)})


def horn_actions(s: WinterborneState, p: int, variant: str) -> list[Action]:
    sections = horn_sections(s, p, variant)
    return specials.build_actions(s, p, tuple(sections), free=variant == "free-adjacent")






def bag_draw(s: WinterborneState, p: int) -> None:
    draw(s, p, 1, "banners.bag")
    say(s, "bag-draw")


# -- Winterborne powers -------------------------------------------------------------------


def powers_of(s: WinterborneState, p: int) -> list[int]:
    """Power indices the seat has: its card's two, and the round power if played with."""
    return list(_POWERS_OF[s.power_card[p], bool(s.options["round_power"])])


def _powers_of(card: int, round_power: bool) -> tuple[int, ...]:
    out = [POWERS.index(code) for code in WB.power_cards[card].powers]
    if round_power:
        out.append(POWERS.index("round-action"))
    return tuple(sorted(set(out)))


# By power card and the round_power option: every view and every winter's legal actions
# ask, and the answer is the printed cards'.
_POWERS_OF = {(card, on): _powers_of(card, on)
              for card in range(len(WB.power_cards)) for on in (False, True)}


def power_cost(s: WinterborneState) -> int:
    """The favor a power costs this winter round: "favor tokens equal to the number of the
    current round of winter" (1, 2, 3 as printed; ``params``)."""
    return s.params.power_favor[s.winter_round - 1]


def power_actions(s: WinterborneState, p: int) -> list[Action]:
    """"Only during winter ... only 1 power each round ... favor tokens equal to the
    number of the current round of winter"."""
    r = s.winter_round
    if r == 0 or s.power_used[p][r - 1] or s.favor[p] < power_cost(s):
        return []
    return [act.POWER[i] for i in powers_of(s, p) if power_possible(s, p, POWERS[i])]


def power_possible(s: WinterborneState, p: int, code: str) -> bool:
    if code == "move-building":
        return bool(relocate_actions(s, p))
    if code == "discard-draw":
        return bool(s.hand[p])
    if code == "swap-card":
        return bool(swap_actions(s, p))
    if code == "spoils-any":
        return bool(any_spoils_actions(s, p))
    if code == "white-meeple":
        return not s.white_used[p]
    if code == "trade":
        pos = s.figures[p][figure_for(s, p, SHAMAN)]
        return any(specials.can_trade(s, p, c) for c in adjacent_provinces(s, p, pos))
    return True  # two resources, the explore discount, the round action


_POWER_RULES = {code: f"power.{code}" for code in POWERS}  # each power's passage


def use_power(s: WinterborneState, p: int, power: int) -> None:
    r = s.winter_round
    cost = power_cost(s)
    # "Place the spent favor tokens on the current round on your Winterborne card"
    s.favor[p] -= cost
    s.favor_card[p] += cost
    s.power_used[p][r - 1] = 1
    code = POWERS[power]
    s.line = w.MSG("power", _POWER_RULES[code], seat=w.seat(p), power=w.power(code),
                   favor=w.favor(cost))
    if code == "move-building":
        push(s, Relocate())
    elif code == "two-resources":  # "Take any 2 resources from the supply" (params)
        push(s, Gain(s.params.power_gains))
    elif code == "discard-draw":
        push(s, PowerDiscard())
    elif code == "explore-discount":
        s.discount = 1
    elif code == "swap-card":
        push(s, Swap())
    elif code == "spoils-any":
        push(s, AnySpoils())
    elif code == "white-meeple":
        push(s, Replace())
    elif code == "trade":
        push(s, TradeOnly(figure_for(s, p, SHAMAN)))
    else:  # round-action: round 1 the shaman, 2 the explorer, 3 the warrior
        character = WB.round_power_character[r - 1]
        push(s, Act(character, figure_for(s, p, character)))
        say(s, "round-action", figure=w.figure(character))


def relocate_actions(s: WinterborneState, p: int) -> list[Action]:
    built = [sec for sec in range(12) if s.buildings[p][sec]]
    free = specials.build_targets(s, p, range(12))
    return [act.RELOCATE[a][b] for a in built for b in free]


def relocate(s: WinterborneState, p: int, source: int, target: int) -> None:
    pop(s)
    s.buildings[p][target] = s.buildings[p][source]
    s.buildings[p][source] = 0
    say(s, "relocate", source=w.section(source), target=w.section(target))








def power_discard(s: WinterborneState, p: int, card: int) -> None:
    pop(s)
    leave_hand(s, p, card)
    s.discard[p].append(card)
    draws = s.params.power_draws  # "Discard 1 card from your hand and draw 2 cards"
    say(s, "power-discard", card=w.card(card), n=draws)
    draw(s, p, draws, "power.discard-draw")


def swap_actions(s: WinterborneState, p: int) -> list[Action]:
    """A provision, weapon, treasure or banner from hand for any province's card."""
    mine = sorted({c for c in s.hand[p]
                   if WB.cards[c].type in ("provision", "treasure", "weapon", "banner")})
    return [act.SWAP[c][prov] for c in mine for prov in range(6)
            if s.explore_slot[prov] >= 0 and room_for(s, p, s.explore_slot[prov])]


def swap(s: WinterborneState, p: int, card: int, province: int) -> None:
    pop(s)
    got = s.explore_slot[province]
    leave_hand(s, p, card)
    s.explore_slot[province] = card
    say(s, "swap", card=w.card(card), got=w.card(got), province=w.province(province))
    specials.receive_card(s, p, got)


def any_spoils_actions(s: WinterborneState, p: int) -> list[Action]:
    return [a for prov in range(6) for a in specials.take_from(s, prov)]




def replace_figure(s: WinterborneState, p: int, character: int) -> None:
    """"Remove one of your characters from the game and replace it with the white
    meeple" (it takes the character's place)."""
    pop(s)
    figs = s.figures[p]
    figs[WHITE], figs[character] = figs[character], OUT
    s.white_used[p] = 1
    say(s, "replace", white=w.figure(WHITE), figure=w.figure(character))



# -- the frames ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Wylds(WbFrame):
    """An activation: the Wylds cards still to resolve, in any order."""

    CODE = 9
    NAME = "WYLDS"
    KEY = "wylds"
    cards: tuple[int, ...]

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        """Each Wylds card still to resolve whose effect can happen now, and ``done``
        (which lets the rest go unused: an effect you cannot or do not want to pay for)."""
        return [*(act.WYLDS[c] for c in self.cards if wylds_possible(s, p, c)), act.DONE]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        if action is act.DONE:
            pop(s)
            return
        assert isinstance(action, act.ResolveWylds)
        resolve_wylds(s, p, self, action.value)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        left = len(self.cards)
        return Decision(w.MSG("ask-wylds"), limit=w.MSG("limit-wylds", n=left), remaining=left)

    def context(self) -> dict[str, Any]:
        return {"cards": [WB.cards[c].id for c in sorted(self.cards)]}


@dataclass(frozen=True, slots=True)
class Direction(WbFrame):
    """A Wylds card's explorer step: clockwise or counter-clockwise."""

    CODE = 10
    NAME = "DIRECTION"
    KEY = "direction"

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return [act.CW, act.CCW]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        step_explorer(s, p, action is act.CCW)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        explorer = w.figure(EXPLORER)
        return Decision(w.MSG("ask-direction", figure=explorer), piece=explorer)


@dataclass(frozen=True, slots=True)
class Sacked(WbFrame):
    """A Wylds card's reward: the sacked spoils tile to take back."""

    CODE = 11
    NAME = "SACKED"
    KEY = "sacked"

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return [act.TAKE[1 + t] for t in recoverable_spoils(s)]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Take)
        take_sacked(s, p, action.value - 1)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-sacked"))


@dataclass(frozen=True, slots=True)
class Gain(WbFrame):
    """The "two resources" power: ``left`` resources of the player's choice to take."""

    CODE = 12
    NAME = "GAIN"
    KEY = "gain"
    left: int

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return list(act.CHOOSE)

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Choose)
        if self.left > 1:
            replace_top(s, Gain(self.left - 1))
        else:
            pop(s)
        s.res[p][action.value] += 1
        say(s, "power-gain", gain=w.plus(1, action.value))

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-gain"), limit=w.MSG("limit-gain", n=self.left),
                        remaining=self.left)

    def context(self) -> dict[str, Any]:
        return {"resources_left": self.left}


@dataclass(frozen=True, slots=True)
class PowerDiscard(WbFrame):
    """The "discard, then draw" power: the card to discard."""

    CODE = 13
    NAME = "POWER_DISCARD"
    KEY = "discard"

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return [act.DISCARD[c] for c in sorted(set(s.hand[p]))]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Discard)
        power_discard(s, p, action.value)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-power-discard"))


@dataclass(frozen=True, slots=True)
class Relocate(WbFrame):
    """The "move a building" power: which building, and where."""

    CODE = 14
    NAME = "RELOCATE"
    KEY = "relocate"

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return relocate_actions(s, p)

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Relocate)
        relocate(s, p, action.source, action.target)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-relocate"))


@dataclass(frozen=True, slots=True)
class Swap(WbFrame):
    """The "swap a card" power: the card from hand and the province's card."""

    CODE = 15
    NAME = "SWAP"
    KEY = "swap"

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return swap_actions(s, p)

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Swap)
        swap(s, p, action.card, action.province)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-swap"))


@dataclass(frozen=True, slots=True)
class AnySpoils(WbFrame):
    """The "spoils from any province" power: the tile to take."""

    CODE = 16
    NAME = "ANY_SPOILS"
    KEY = "spoils"

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return any_spoils_actions(s, p)

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        pop(s)
        specials.take_spoils(s, p, action)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-any-spoils"))


@dataclass(frozen=True, slots=True)
class Replace(WbFrame):
    """The "white meeple" power: the character it replaces."""

    CODE = 17
    NAME = "REPLACE"
    KEY = "replace"

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return [act.FIGURE[c] for c in range(3) if s.figures[p][c] != OUT]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Figure)
        replace_figure(s, p, action.value)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        white = w.figure(WHITE)
        return Decision(w.MSG("ask-replace", white=white), piece=white)


@dataclass(frozen=True, slots=True)
class TradeOnly(WbFrame):
    """The "trade" power: a trade of the shaman (or the white meeple for it) without
    moving, or ``pass``."""

    CODE = 18
    NAME = "TRADE_ONLY"
    KEY = "trade"
    figure: int

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        pos = s.figures[p][self.figure]
        return [*(act.TRADE[c] for c in adjacent_provinces(s, p, pos)
                  if specials.can_trade(s, p, c)), act.PASS]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        pop(s)
        specials.do_special(s, p, action)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-trade-only", figure=w.figure(self.figure)),
                        piece=w.figure(self.figure))

    def context(self) -> dict[str, Any]:
        return {"figure": FIGURES[self.figure]}  # the shaman or the white meeple for it


@dataclass(frozen=True, slots=True)
class Horn(WbFrame):
    """A Horn banner's special build: the building and its section."""

    CODE = 19
    NAME = "HORN"
    KEY = "horn"
    variant: int  # index in HORN_VARIANTS
    card: int  # the Horn banner played

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return horn_actions(s, p, HORN_VARIANTS[self.variant])

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Build)
        pop(s)
        specials.build(s, p, action, free=self.free())

    def ask(self, s: WinterborneState, p: int) -> Decision:
        cost = w.MSG("cost-build", cost=w.resources(self.settlement_cost(s)))
        return Decision(w.MSG("ask-horn", card=w.card(self.card)), piece=w.card(self.card),
                        cost=cost)

    def free(self) -> bool:
        """Whether this Horn builds without paying (Horn A, next to the warrior)."""
        return HORN_VARIANTS[self.variant] == "free-adjacent"

    def settlement_cost(self, s: WinterborneState) -> Cost:
        return FREE if self.free() else s.params.settlement_cost

    def context(self) -> dict[str, Any]:
        return {"variant": HORN_VARIANTS[self.variant], "card": WB.cards[self.card].id}
