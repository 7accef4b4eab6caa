"""The characters' special actions (RB "The Warrior", "The Shaman", "The Explorer") and
the ally trades (RB "Ally Cards").

After moving, a character may take one special action, most of them limited to the
province sections adjacent to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne.components import RESOURCES, WB
from wintergames.games.winterborne.frames import (
    CONQUER_COST,
    EXPLORER,
    FOR_ALLY,
    FREE_CONQUER,
    PAY_ANY,
    ROOM,
    SACK,
    SETTLEMENT_COST,
    SHAMAN,
    SPOILS,
    adjacent_provinces,
    adjacent_sections,
    can_pay,
    cost_text,
    explore_cost,
    gain,
    is_wylds,
    mark,
    pay,
    push,
    room_for,
    take_favor,
)
from wintergames.games.winterborne.setup import is_solo

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

TAX = (1, 0, 1)  # "Take 1 gold and 1 military from the supply."
RAID = (0, 2, 0)  # "Take 2 meat from the supply."


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
    if action is act.TAX:
        gain(s, p, TAX)
        mark(s, "tax")
        s.line += ", taxes (+1 gold +1 military)"
    elif action is act.PRAY:
        take_favor(s, p)
        mark(s, "pray")
        s.line += ", prays (+1 favor)"
    elif action is act.RAID:
        gain(s, p, RAID)
        mark(s, "raid")
        s.line += ", raids (+2 meat)"
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
    if not free and not can_pay(s, p, CONQUER_COST):
        return []
    out: list[Action] = []
    for sec in sections:
        if sec >= 6 and s.sections[p][sec] < 0:
            out += [act.CONQUER[sec][c] for c in sorted(set(WB.borders[sec - 6]))
                    if s.conquer_left[c] > 0]
    return out


def conquer(s: WinterborneState, p: int, sec: int, colour: int, free: bool) -> None:
    if not free:
        pay(s, p, CONQUER_COST)
    s.sections[p][sec] = colour
    s.conquer_left[colour] -= 1
    mark(s, "conquer")
    paid = "" if free else " for 1 gold + 1 military"
    s.line += f", conquers {WB.section_names[sec]} with a {WB.colours[colour]} tile{paid}"
    if s.prov_spoils[colour]:
        push(s, SPOILS, colour)


def spoils_actions(s: WinterborneState, p: int, frame: tuple[int, ...]) -> list[Action]:
    """"You may select one of the available spoil tiles from the same province board"."""
    return [*take_from(s, frame[1]), act.TAKE[0]]


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
            s.line += ", takes no spoils"
            return
        tile = action.value - 1
        province = next(c for c in range(6) if tile in s.prov_spoils[c])
    s.prov_spoils[province].remove(tile)
    s.spoils[p].append(tile)
    s.line += f", takes the {WB.colours[province]} spoils {WB.spoils[tile].id}"


def build_targets(s: WinterborneState, p: int, sections: tuple[int, ...] | range) -> list[int]:
    """Province sections among ``sections`` with no building ("only 1 building on each
    province section")."""
    return [sec for sec in sections if s.sections[p][sec] >= 0 and not s.buildings[p][sec]]


def build_actions(s: WinterborneState, p: int, sections: tuple[int, ...] | range,
                  free: bool) -> list[Action]:
    """Settlements (leftmost free of a row, 1 gold + 1 meat unless ``free``) and churches
    (free, once both settlements of their row stand) on ``sections``."""
    targets = build_targets(s, p, sections)
    if not targets:
        return []
    out: list[Action] = []
    for row, built in enumerate(s.rows[p]):
        if built < 2 and (free or can_pay(s, p, SETTLEMENT_COST)):
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
            pay(s, p, SETTLEMENT_COST)
        s.rows[p][action.row] += 1
        s.buildings[p][sec] = 1
        got = take_favor(s, p)
        s.line += (f", builds a settlement (row {action.row + 1}) on "
                   f"{WB.section_names[sec]}{' (+1 favor)' if got else ''}")
        return
    s.rows[p][action.row] = 3
    s.buildings[p][sec] = 2
    s.line += f", builds a church (row {action.row + 1}) on {WB.section_names[sec]}"
    # "immediately take the exploration card from the province board matching the
    # province where you built the church"
    card = s.explore_slot[colour]
    if card >= 0 and room_for(s, p, card):
        s.explore_slot[colour] = -1
        s.line += f" and takes {WB.cards[card].id} from {WB.colours[colour]}"
        receive_card(s, p, card)


# -- the explorer -------------------------------------------------------------------------


def explore(s: WinterborneState, p: int, province: int) -> None:
    cost = explore_cost(s, p)
    s.res[p][1] -= cost
    card = s.explore_slot[province]
    s.explore_slot[province] = -1  # refilled only at the end of the turn
    mark(s, "explore")
    s.line += (f", explores {WB.colours[province]} for {cost} meat and takes "
               f"{WB.cards[card].id} ({WB.cards[card].name})")
    receive_card(s, p, card)


def receive_card(s: WinterborneState, p: int, card: int) -> None:
    """An exploration card goes to hand; a Wylds card to the reserve, a non-Wylds card
    going back to hand if the reserve is full (the player picks which)."""
    if not is_wylds(card):
        s.hand[p].append(card)
        return
    if len(s.reserve[p]) < WB.reserve_size:
        s.reserve[p].append(card)
        return
    movable = sorted(c for c in s.reserve[p] if not is_wylds(c))
    if len(movable) == 1:
        make_room(s, p, card, movable[0])
    else:
        push(s, ROOM, card)


def make_room(s: WinterborneState, p: int, wylds: int, back: int) -> None:
    s.reserve[p].remove(back)
    s.hand[p].append(back)
    s.reserve[p].append(wylds)
    s.line += f" ({WB.cards[back].id} back to hand to make room)"


def room_actions(s: WinterborneState, p: int, frame: tuple[int, ...]) -> list[Action]:
    return [act.UNRESERVE[c] for c in sorted(s.reserve[p]) if not is_wylds(c)]


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
    # "pays 1 favor", "pays 1 gold" (any one resource, chosen next), "pays nothing": the
    # resources, the favor and the chosen resource joined by "+" only where there are two
    paid = [cost_text(ally.pay)] if any(ally.pay) else []
    paid += [f"{ally.pay_favor} favor"] if ally.pay_favor else []
    paid_text = " + ".join(paid) if paid or ally.pay_any else "nothing"
    s.line += f", trades with the {WB.colours[province]} ally {ally.id} (pays {paid_text}"
    if ally.pay_any:
        push(s, PAY_ANY, FOR_ALLY, a)
        return
    if ally.sack_spoils:
        push(s, SACK, a)
        return
    finish_trade(s, p, a)


def finish_trade(s: WinterborneState, p: int, a: int) -> None:
    """The rewards of the ally after its payment."""
    ally = WB.allies[a]
    gain(s, p, ally.gain)
    got = take_favor(s, p, ally.gain_favor) if ally.gain_favor else 0
    rewards = cost_text(ally.gain) if any(ally.gain) else ""
    if got:
        rewards = f"{rewards} + {got} favor" if rewards else f"{got} favor"
    s.line += f"; gains {rewards})" if rewards else ")"
    if ally.conquer:
        push(s, FREE_CONQUER)


def pay_any_for_ally(s: WinterborneState, p: int, a: int, resource: int) -> None:
    s.res[p][resource] -= 1
    ally = WB.allies[a]
    # after what the ally also costs ("1 favor + 1 gold"), or alone ("1 gold")
    joint = " + " if any(ally.pay) or ally.pay_favor else ""
    s.line += f"{joint}1 {RESOURCES[resource]}"
    finish_trade(s, p, a)


def sack_actions(s: WinterborneState, p: int, frame: tuple[int, ...]) -> list[Action]:
    return [act.SACK[t] for t in sorted(set(s.spoils[p]))]


def sack_for_ally(s: WinterborneState, p: int, a: int, tile: int) -> None:
    s.spoils[p].remove(tile)
    s.sacked_spoils.append(tile)
    s.line += f", sacks {WB.spoils[tile].id}"
    finish_trade(s, p, a)


def free_conquer_actions(s: WinterborneState, p: int, frame: tuple[int, ...]) -> list[Action]:
    """Red ally: "perform a conquer action for free on any section with the conquer
    symbol ... regardless of where your warrior is located"."""
    return conquer_actions(s, p, range(6, 12), free=True)

