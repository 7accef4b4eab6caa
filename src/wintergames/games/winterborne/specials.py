"""The characters' special actions (RB "The Warrior", "The Shaman", "The Explorer") and
the ally trades (RB "Ally Cards").

After moving, a character may take one special action, most of them limited to the
province sections adjacent to it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wintergames.core.actions import Action
from wintergames.core.decisions import Decision
from wintergames.core.phrases import Arg, Mention, Phrase
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne import words as w
from wintergames.games.winterborne.components import CHARACTERS, WB, WHITE, Ally
from wintergames.games.winterborne.frames import (
    EXPLORER,
    FIGURES,
    FOR_ALLY,
    FOR_FAVOR,
    FOR_SACKED,
    FREE,
    SHAMAN,
    WARRIOR,
    Cost,
    WbFrame,
    adjacent_provinces,
    adjacent_sections,
    can_pay,
    conquer_cost,
    explore_cost,
    gain,
    is_wylds,
    mark,
    pay,
    pop,
    push,
    reserve_used,
    room_for,
    say,
    settlement_cost,
    take_favor,
)
from wintergames.games.winterborne.setup import is_solo

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

def special_actions(s: WinterborneState, p: int, hex_char: int, pos: int) -> list[Action]:
    """The special actions of ``hex_char`` for a figure on ``pos``, and ``pass``."""
    out: list[Action] = []
    if hex_char == SHAMAN:
        out += [act.TRADE[c] for c in adjacent_provinces(s, p, pos) if can_trade(s, p, c)]
        out.append(act.TAX)
        if s.favor_supply:
            out.append(act.PRAY)
    elif hex_char == EXPLORER:
        cost = explore_cost(s, p)
        if s.res[p][1] >= cost:
            out += [act.EXPLORE[c] for c in adjacent_provinces(s, p, pos)
                    if s.explore_slot[c] >= 0 and room_for(s, p, s.explore_slot[c])]
        out.append(act.RAID)
    else:
        out += conquer_actions(s, p, adjacent_sections(pos))
        out += build_actions(s, p, adjacent_sections(pos), free=False)
    out.append(act.PASS)
    return out


def do_special(s: WinterborneState, p: int, action: Action) -> None:
    """Perform a special action chosen in an ACT or TRADE_ONLY frame (already popped)."""
    if action is act.PASS:
        return
    if action is act.TAX:  # "Take 1 gold and 1 military from the supply" (params)
        tax = s.params.tax_gains
        gain(s, p, tax)
        mark(s, "tax")
        say(s, "tax", gains=w.gains(tax))
    elif action is act.PRAY:  # "Take 1 favor token from the supply"
        got = take_favor(s, p, s.params.pray_favor)
        mark(s, "pray")
        say(s, "pray", favor=w.plus_favor(got))
    elif action is act.RAID:  # "Take 2 meat from the supply."
        raid = s.params.raid_gains
        gain(s, p, raid)
        mark(s, "raid")
        say(s, "raid", gains=w.gains(raid))
    elif isinstance(action, act.Trade):
        trade(s, p, action.value)
    elif isinstance(action, act.Explore):
        explore(s, p, action.value)
    elif isinstance(action, act.Conquer):
        conquer(s, p, action.section, action.colour, free=False)
    elif isinstance(action, act.Build):
        build(s, p, action, free=False)
    else:  # pragma: no cover - the frame's legal list holds nothing else
        raise AssertionError(f"not a special action: {action}")


# -- the warrior --------------------------------------------------------------------------


def conquer_actions(s: WinterborneState, p: int, sections: tuple[int, ...] | range,
                    free: bool = False) -> list[Action]:
    """Conquer an empty section with a tile of one of its two bordering colours."""
    if not free and not can_pay(s, p, s.params.conquer_cost):
        return []
    out: list[Action] = []
    for sec in sections:
        if sec >= 6 and s.sections[p][sec] < 0:
            out += [act.CONQUER[sec][c] for c in sorted(set(WB.borders[sec - 6]))
                    if s.conquer_left[c] > 0]
    return out


def conquer(s: WinterborneState, p: int, sec: int, colour: int, free: bool) -> None:
    cost = s.params.conquer_cost
    if not free:
        pay(s, p, cost)
    s.sections[p][sec] = colour
    s.conquer_left[colour] -= 1
    mark(s, "conquer")
    if free:
        say(s, "conquer-free", section=w.section(sec), tile=w.tile(colour))
    else:
        say(s, "conquer", section=w.section(sec), tile=w.tile(colour),
            cost=w.resources(cost))
    if s.prov_spoils[colour]:
        push(s, Spoils(colour))




def take_from(s: WinterborneState, province: int) -> list[Action]:
    if not s.prov_spoils[province]:
        return []
    if is_solo(s):  # face down: any tile is as good as another
        return [act.FACEDOWN[province]]
    return [act.TAKE[1 + t] for t in sorted(s.prov_spoils[province])]


def take_spoils(s: WinterborneState, p: int, action: Action, province: int = -1) -> None:
    """Move the chosen spoils tile from its province board to the seat's supply."""
    if isinstance(action, act.TakeHidden):
        province = action.value
        tile = s.prov_spoils[province][-1]
    else:
        assert isinstance(action, act.Take)
        if action.value == 0:
            say(s, "no-spoils")
            return
        tile = action.value - 1
        province = next(c for c in range(6) if tile in s.prov_spoils[c])
    s.prov_spoils[province].remove(tile)
    s.spoils[p].append(tile)
    say(s, "take-spoils", spoils=w.spoils(tile), province=w.province(province))


def build_targets(s: WinterborneState, p: int, sections: tuple[int, ...] | range) -> list[int]:
    """Province sections among ``sections`` with no building ("only 1 building on each
    province section")."""
    return [sec for sec in sections if s.sections[p][sec] >= 0 and not s.buildings[p][sec]]


def build_actions(s: WinterborneState, p: int, sections: tuple[int, ...] | range,
                  free: bool) -> list[Action]:
    """Settlements (leftmost free of a row, 1 gold + 1 meat as printed unless ``free``)
    and churches (free, once both settlements of their row stand) on ``sections``."""
    targets = build_targets(s, p, sections)
    if not targets:
        return []
    out: list[Action] = []
    payable = free or can_pay(s, p, s.params.settlement_cost)
    for row, built in enumerate(s.rows[p]):
        if built < 2 and payable:
            out += [act.BUILD[0][row][sec] for sec in targets]
        elif built == 2:
            out += [act.BUILD[1][row][sec] for sec in targets]
    return out


def build(s: WinterborneState, p: int, action: act.Build, free: bool) -> None:
    sec = action.section
    colour = s.sections[p][sec]
    mark(s, "build")
    if action.building == 0:
        if not free:
            pay(s, p, s.params.settlement_cost)
        s.rows[p][action.row] += 1
        s.buildings[p][sec] = 1
        got = take_favor(s, p, s.params.settlement_favor)  # "Then gain 1 favor token"
        if got:
            say(s, "build-favor", building=w.building(1), row=action.row + 1,
                section=w.section(sec), favor=w.plus_favor(got))
        else:
            say(s, "build", building=w.building(1), row=action.row + 1,
                section=w.section(sec))
        return
    s.rows[p][action.row] = 3
    s.buildings[p][sec] = 2
    say(s, "build", "warrior.church", building=w.building(2), row=action.row + 1,
        section=w.section(sec))
    # "immediately take the exploration card from the province board matching the
    # province where you built the church"
    card = s.explore_slot[colour]
    if card >= 0 and room_for(s, p, card):
        s.explore_slot[colour] = -1
        say(s, "church-card", card=w.card(card), province=w.province(colour))
        receive_card(s, p, card)


# -- the explorer -------------------------------------------------------------------------


def explore(s: WinterborneState, p: int, province: int) -> None:
    cost = explore_cost(s, p)
    s.res[p][1] -= cost
    card = s.explore_slot[province]
    s.explore_slot[province] = -1  # refilled only at the end of the turn
    mark(s, "explore")
    say(s, "explore", province=w.province(province), meat=w.res(cost, 1), card=w.card(card))
    receive_card(s, p, card)


def receive_card(s: WinterborneState, p: int, card: int) -> None:
    """An exploration card goes to hand; a Wylds card to the reserve, a non-Wylds card
    going back to hand if the reserve is full (the player picks which)."""
    if not is_wylds(card):
        s.hand[p].append(card)
        return
    if len(s.reserve[p]) < s.params.reserve_size:
        s.reserve[p].append(card)
        return
    movable = sorted(c for c in s.reserve[p] if not is_wylds(c))
    if len(movable) == 1:
        make_room(s, p, card, movable[0])
    else:
        push(s, Room(card))


def make_room(s: WinterborneState, p: int, wylds: int, back: int) -> None:
    s.reserve[p].remove(back)
    s.hand[p].append(back)
    s.reserve[p].append(wylds)
    say(s, "make-room", card=w.card(back))




# -- the shaman and the allies -------------------------------------------------------------


def can_trade(s: WinterborneState, p: int, province: int) -> bool:
    """Whether the top ally of ``province`` can be paid (and, if red, conquer)."""
    if not s.ally_decks[province]:
        return False
    ally = WB.allies[s.ally_decks[province][-1]]
    if not can_pay(s, p, ally.pay) or s.favor[p] < ally.pay_favor:
        return False
    if sum(s.res[p]) - sum(ally.pay) < ally.pay_any:
        return False
    if ally.sack_spoils and not s.spoils[p]:
        return False
    if s.favor_supply < ally.gain_favor:  # a blue ally's favor token must be there to take
        return False
    return not ally.conquer or bool(conquer_actions(s, p, range(6, 12), free=True))


def trade(s: WinterborneState, p: int, province: int) -> None:
    a = s.ally_decks[province].pop()
    ally = WB.allies[a]
    s.allies[p].append(a)
    mark(s, "trade")
    pay(s, p, ally.pay)
    s.favor[p] -= ally.pay_favor
    s.favor_supply += ally.pay_favor
    # The trade is said whole once it is paid (finish_trade): what the ally takes may be
    # chosen first, a resource or a spoils tile to sack.
    if ally.pay_any:
        push(s, PayAny(FOR_ALLY, a))
        return
    if ally.sack_spoils:
        push(s, Sack(a))
        return
    finish_trade(s, p, a)


def finish_trade(s: WinterborneState, p: int, a: int, chosen: int = -1,
                 sacked: int = -1) -> None:
    """The rewards of the ally after its payment (``chosen``: the resource of the
    player's choice it took; ``sacked``: the spoils tile it took), and the trade's words."""
    ally = WB.allies[a]
    gain(s, p, ally.gain)
    got = take_favor(s, p, ally.gain_favor) if ally.gain_favor else 0
    paid = _paid(ally, chosen)
    rewards: tuple[Mention, ...] = (*w.resources_list(ally.gain),
                                    *((w.favor(got),) if got else ()))
    if sacked >= 0:
        deal = (w.MSG("deal-sack", paid=paid, spoils=w.spoils(sacked), gains=rewards)
                if rewards else w.MSG("deal-sack-no-gain", paid=paid, spoils=w.spoils(sacked)))
    else:
        deal = (w.MSG("deal", paid=paid, gains=rewards) if rewards
                else w.MSG("deal-no-gain", paid=paid))
    say(s, "trade", ally=w.ally(a), deal=deal)
    if ally.conquer:
        push(s, FreeConquer())


def _paid(ally: Ally, chosen: int) -> Arg:
    """What an ally took: its printed resources, its favor, the resource chosen for it
    ("1 favor and 1 gold"), or "nothing"."""
    paid = (*w.resources_list(ally.pay), *((w.favor(ally.pay_favor),) if ally.pay_favor else ()),
            *((w.res(1, chosen),) if chosen >= 0 else ()))
    return paid if paid else w.NOTHING


def action_cost(s: WinterborneState, p: int, character: int) -> Phrase | None:
    """What the special actions of ``character`` cost now: the warrior's and the
    explorer's prices are the same whichever section or province (a shaman's trade costs
    what its ally asks: each choice says it)."""
    if character == WARRIOR:
        return w.MSG("cost-warrior", conquer=w.resources(conquer_cost(s)),
                     settle=w.resources(settlement_cost(s)))
    if character == EXPLORER:
        return w.MSG("cost-explorer", meat=w.res(explore_cost(s, p), 1))
    return None


# -- the frames ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Act(WbFrame):
    """After a move: the moved figure's special action (that of the hex it moved by, for
    the white meeple), or ``pass``."""

    CODE = 4
    NAME = "ACT"
    KEY = "action"
    character: int  # the hex's character, whose special actions these are
    figure: int  # the figure that moved: the character or the white meeple

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return special_actions(s, p, self.character, s.figures[p][self.figure])

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        pop(s)
        do_special(s, p, action)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        cost = action_cost(s, p, self.character)
        if self.figure == WHITE:
            said = w.MSG("ask-act-white", figure=w.figure(WHITE),
                         character=w.figure(self.character))
            return Decision(said, piece=w.figure(WHITE), cost=cost)
        return Decision(w.MSG("ask-act", figure=w.figure(self.figure)),
                        piece=w.figure(self.figure), cost=cost)

    def context(self) -> dict[str, Any]:
        return {"character": CHARACTERS[self.character], "figure": FIGURES[self.figure]}


@dataclass(frozen=True, slots=True)
class Spoils(WbFrame):
    """After a conquest: one of the province's spoils tiles, or none."""

    CODE = 5
    NAME = "SPOILS"
    KEY = "spoils"
    province: int

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        """"You may select one of the available spoil tiles from the same province
        board"."""
        return [*take_from(s, self.province), act.TAKE[0]]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        pop(s)
        take_spoils(s, p, action)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-spoils", province=w.province(self.province)))

    def context(self) -> dict[str, Any]:
        return {"province": WB.colours[self.province]}


@dataclass(frozen=True, slots=True)
class PayAny(WbFrame):
    """One resource of the player's choice: for an ally (``FOR_ALLY``, ``ally``), for a
    sacked spoils tile or for a favor token (Wylds cards)."""

    CODE = 6
    NAME = "PAY_ANY"
    KEY = "pay"
    purpose: int  # FOR_ALLY, FOR_SACKED, FOR_FAVOR
    ally: int  # the ally traded with (FOR_ALLY), else 0

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return [act.CHOOSE[r] for r in range(3) if s.res[p][r] > 0]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Choose)
        pop(s)
        resource = action.value
        s.res[p][resource] -= 1
        if self.purpose == FOR_FAVOR:
            take_favor(s, p)
            say(s, "favor-for", resource=w.res(1, resource), favor=w.favor(1))
        elif self.purpose == FOR_SACKED:
            say(s, "spends", resource=w.res(1, resource))
        else:
            finish_trade(s, p, self.ally, chosen=resource)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        if self.purpose == FOR_ALLY:
            said = w.MSG("ask-pay-ally", ally=w.ally(self.ally))
            return Decision(said, piece=w.ally(self.ally),
                            cost=w.MSG("limit-pay", n=WB.allies[self.ally].pay_any))
        if self.purpose == FOR_SACKED:
            return Decision(w.MSG("ask-pay-sacked"))
        return Decision(w.MSG("ask-pay-favor", favor=w.favor(1)))

    def context(self) -> dict[str, Any]:
        for_ally = self.purpose == FOR_ALLY
        # Each pays one resource of the player's choice (an ally's "pay_any" is 1).
        return {"pays_for": PAY_PURPOSES[self.purpose],
                "ally": WB.allies[self.ally].id if for_ally else None,
                "resources_left": WB.allies[self.ally].pay_any if for_ally else 1}


PAY_PURPOSES = ("ally", "sacked-spoils", "favor")  # FOR_ALLY, FOR_SACKED, FOR_FAVOR


@dataclass(frozen=True, slots=True)
class Sack(WbFrame):
    """A black ally's price: the spoils tile to sack."""

    CODE = 7
    NAME = "SACK"
    KEY = "sack"
    ally: int

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return [act.SACK[t] for t in sorted(set(s.spoils[p]))]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Sack)
        pop(s)
        s.spoils[p].remove(action.value)
        s.sacked_spoils.append(action.value)
        finish_trade(s, p, self.ally, sacked=action.value)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-sack", ally=w.ally(self.ally)), piece=w.ally(self.ally))

    def context(self) -> dict[str, Any]:
        return {"ally": WB.allies[self.ally].id}


@dataclass(frozen=True, slots=True)
class FreeConquer(WbFrame):
    """A red ally's reward: "perform a conquer action for free on any section with the
    conquer symbol ... regardless of where your warrior is located"."""

    CODE = 8
    NAME = "FREE_CONQUER"
    KEY = "conquer"

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return conquer_actions(s, p, range(6, 12), free=True)

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Conquer)
        pop(s)
        conquer(s, p, action.section, action.colour, free=True)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-free-conquer"), cost=free_cost())

    def conquer_cost(self, s: WinterborneState) -> Cost:
        return FREE


def free_cost() -> Phrase:
    """What a red ally's conquest costs: nothing, its trade paid for it."""
    return w.MSG("costs", "allies", cost=w.resources(FREE))


@dataclass(frozen=True, slots=True)
class Room(WbFrame):
    """A Wylds card arrives at a full reserve: the non-Wylds card to take back to hand."""

    CODE = 20
    NAME = "ROOM"
    KEY = "room"
    card: int  # the Wylds card (taken in the open)

    def legal(self, s: WinterborneState, p: int) -> list[Action]:
        return [act.UNRESERVE[c] for c in sorted(s.reserve[p]) if not is_wylds(c)]

    def resolve(self, s: WinterborneState, p: int, action: Action) -> None:
        assert isinstance(action, act.Unreserve)
        pop(s)
        make_room(s, p, self.card, action.value)

    def ask(self, s: WinterborneState, p: int) -> Decision:
        return Decision(w.MSG("ask-room", card=w.card(self.card)), piece=w.card(self.card),
                        limit=reserve_used(s, p))

    def context(self) -> dict[str, Any]:
        return {"card": WB.cards[self.card].id}
