"""Each legal Winterborne action as people read it: a label, an explanation, a group.

The label is a button's text, the explanation its tooltip and the terminal's
``explain N`` (with its cost), the group what a choice made in two steps on the page
belongs to: a card, then its use (or reserve, discard, swap...); a kingdom section, then
what is done there; a building, then where it goes. What an action means depends on
the open frame (``choose gold`` pays an ally, takes a resource or returns one), so each
kind of action is explained by one function that reads the frame.

>>> import wintergames as wg
>>> s = wg.make("winterborne", 2, seed=1)
>>> a, c = s.choices(s.current)[0]
>>> str(a), c.group.text, c.label.text
('SHA1 S', 'Shaman I', 'Shaman hex')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from wintergames.core.actions import Action
from wintergames.core.decisions import Choice
from wintergames.core.phrases import Mention, Phrase
from wintergames.games.winterborne import actions as act
from wintergames.games.winterborne import frames as fr
from wintergames.games.winterborne.components import WB, WHITE
from wintergames.games.winterborne.effects import (
    AnySpoils,
    Gain,
    Horn,
    PowerDiscard,
    Replace,
    Sacked,
    TradeOnly,
    Wylds,
    power_cost,
)
from wintergames.games.winterborne.frames import WbFrame
from wintergames.games.winterborne.moving import Exit, Move
from wintergames.games.winterborne.setup import CASTLE as IN_CASTLE
from wintergames.games.winterborne.specials import FreeConquer, PayAny, Room, Sack
from wintergames.games.winterborne.turn import Cap, Cleanup
from wintergames.games.winterborne.words import (
    CASTLE,
    COUNTER_CLOCKWISE,
    MSG,
    ally,
    building,
    card,
    cards,
    counted,
    favor,
    figure,
    gains,
    plus_favor,
    power,
    province,
    res,
    resources,
    resources_list,
    section,
    space,
    spoils,
    tile,
    use,
)

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState as S

Frame = WbFrame | None  # the open frame; none: the turn's free choice


def choice(s: S, a: Action, p: int) -> Choice:
    """Legal action ``a`` of seat ``p`` in the open frame."""
    frame = fr.top(s)
    return _BY_TYPE[type(a)](s, p, frame, a)


def _group_card(c: int) -> Phrase:
    return MSG("group-card", card=card(c))


def _thing(thing: Mention, rule: str) -> Phrase:
    return MSG("label-thing", rule, thing=thing)


# -- cards and spoils ---------------------------------------------------------------------------


def _play(s: S, p: int, f: Frame, a: Any) -> Choice:
    label = MSG("label-use", use=use(a.card, a.code))
    if isinstance(f, Move):
        return Choice(label, _step_with_card(s, p, f, a), _group_card(a.card))
    return Choice(label, _play_explained(s, p, a), _group_card(a.card))


def _play_explained(s: S, p: int, a: act.PlayCard) -> Phrase:
    u = WB.cards[a.card].uses[a.use]
    said, how = card(a.card), use(a.card, a.code)
    if u.kind == "hex":
        return MSG("do-hex", card=said, use=how, figure=figure(a.choice))
    if u.kind == "hire":
        return MSG("do-hire", gold=res(1, 0), card=said, use=how, figure=figure(a.choice))
    if u.kind in ("gain", "gain-any"):
        got = u.resources if u.kind == "gain" else tuple(int(r == a.choice) for r in range(3))
        return MSG("do-gain", card=said, gains=gains(got))
    if u.kind == "wylds":
        return MSG("do-wylds", card=said, cards=cards(fr.wylds_in_reserve(s, p)))
    if u.kind == "draw":
        return MSG("do-draw", card=said)
    if u.kind == "castle":
        return MSG("do-castle", card=said, figure=figure(u.character), castle=CASTLE)
    return MSG("do-horn", card=said, variant=MSG(f"horn-{u.variant}"))


def _destination(s: S, p: int, fig: int, steps: int, ccw: bool) -> int:
    """The gray space ``steps`` away, the way the figure walks (``moving.walk``)."""
    return (s.figures[p][fig] + (-steps if ccw else steps)) % len(WB.space_names)


def _step_with_card(s: S, p: int, f: Move, a: act.PlayCard) -> Phrase:
    fig, ccw = f.figure, WB.cards[a.card].uses[a.use].ccw
    args: dict[str, Any] = {"card": card(a.card), "use": use(a.card, a.code),
                            "figure": figure(fig), "steps": counted(a.choice, "space", "spaces")}
    if s.figures[p][fig] == IN_CASTLE:
        return MSG("do-step-castle", castle=CASTLE, **args)
    to = space(_destination(s, p, fig, a.choice, ccw))
    if ccw:
        return MSG("do-step-ccw", way=COUNTER_CLOCKWISE, space=to, **args)
    return MSG("do-step", space=to, **args)


def _use_spoils(s: S, p: int, f: Frame, a: Any) -> Choice:
    t = WB.spoils[a.value]
    label = _thing(spoils(a.value), "cards.spoils")
    if isinstance(f, Move):
        fig = f.figure
        args: dict[str, Any] = {"spoils": spoils(a.value), "figure": figure(fig),
                                "steps": counted(t.value, "space", "spaces")}
        if s.figures[p][fig] == IN_CASTLE:
            return Choice(label, MSG("do-step-spoils-castle", castle=CASTLE, **args))
        to = space(_destination(s, p, fig, t.value, False))
        return Choice(label, MSG("do-step-spoils", space=to, **args))
    if t.kind == "hex":
        return Choice(label, MSG("do-spoils-hex", spoils=spoils(a.value),
                                 figure=figure(t.character)))
    return Choice(label, MSG("do-spoils-wylds", spoils=spoils(a.value),
                             cards=cards(fr.wylds_in_reserve(s, p))))


def _reserve(s: S, p: int, f: Frame, a: Any) -> Choice:
    return Choice(MSG("label-reserve"), MSG("do-reserve", card=card(a.value)),
                  _group_card(a.value))


def _unreserve(s: S, p: int, f: Frame, a: Any) -> Choice:
    c = a.value
    if isinstance(f, Room):
        return Choice(MSG("label-unreserve"), MSG("do-room", card=card(c), wylds=card(f.card)),
                      _group_card(c))
    msg = "do-unreserve-cleanup" if isinstance(f, Cleanup) else "do-unreserve"
    return Choice(MSG("label-unreserve"), MSG(msg, card=card(c)), _group_card(c))


def _discard(s: S, p: int, f: Frame, a: Any) -> Choice:
    if isinstance(f, PowerDiscard):
        return Choice(MSG("label-discard", "power.discard-draw"),
                      MSG("do-power-discard", card=card(a.value), n=s.params.power_draws),
                      _group_card(a.value))
    return Choice(MSG("label-discard"), MSG("do-discard", card=card(a.value)),
                  _group_card(a.value))


def _resolve(s: S, p: int, f: Frame, a: Any) -> Choice:
    c = WB.cards[a.value]
    effect = Mention("term", c.wylds, c.text.removeprefix("When activated: ").rstrip("."),
                     term=c.id)
    return Choice(MSG("label-resolve"), MSG("do-resolve", card=card(a.value), effect=effect),
                  _group_card(a.value))


def _swap(s: S, p: int, f: Frame, a: Any) -> Choice:
    got = s.explore_slot[a.province]
    return Choice(MSG("label-swap", card=card(got), province=province(a.province)),
                  MSG("do-swap", card=card(a.card), got=card(got), province=province(a.province)),
                  _group_card(a.card))


# -- the turn's words ---------------------------------------------------------------------------


def _word(s: S, p: int, f: Frame, a: Any) -> Choice:
    if a is act.END:
        return Choice(MSG("label-end"), MSG("do-end", hand=s.params.hand_size))
    if a is act.DONE and isinstance(f, Wylds):
        return Choice(MSG("label-wylds-done"), MSG("do-wylds-done"))
    if a is act.DONE:
        return Choice(MSG("label-done"), MSG("do-done", hand=s.params.hand_size))
    if a is act.PASS and isinstance(f, TradeOnly):
        return Choice(MSG("label-no-trade"), MSG("do-no-trade"))
    if a is act.PASS:
        return Choice(MSG("label-pass"), MSG("do-pass"))
    if a is act.TAX:
        return Choice(MSG("label-tax"), MSG("do-tax", gains=gains(s.params.tax_gains)))
    if a is act.PRAY:  # as much as the supply still holds
        got = min(s.params.pray_favor, s.favor_supply)
        return Choice(MSG("label-pray"), MSG("do-pray", favor=plus_favor(got)))
    if a is act.RAID:
        return Choice(MSG("label-raid"), MSG("do-raid", gains=gains(s.params.raid_gains)))
    return _direction(s, p, a is act.CCW)


def _direction(s: S, p: int, ccw: bool) -> Choice:
    explorer = fr.EXPLORER
    to = space(_destination(s, p, explorer, 1, ccw))
    if ccw:
        return Choice(MSG("label-ccw"), MSG("do-direction-ccw", figure=figure(explorer),
                                            way=COUNTER_CLOCKWISE, space=to))
    return Choice(MSG("label-cw"), MSG("do-direction", figure=figure(explorer), space=to))


def _figure(s: S, p: int, f: Frame, a: Any) -> Choice:
    if isinstance(f, Replace):
        return Choice(_thing(figure(a.value), "power.white-meeple"),
                      MSG("do-replace", white=figure(WHITE), figure=figure(a.value)))
    return Choice(_thing(figure(a.value), "power.white-meeple"),
                  MSG("do-figure", figure=figure(a.value)))


def _exit(s: S, p: int, f: Frame, a: Any) -> Choice:
    assert isinstance(f, Exit)
    more = counted(f.steps - 1, "space", "spaces")
    return Choice(_thing(space(a.value), "banners.potion"),
                  MSG("do-exit", figure=figure(f.figure), castle=CASTLE, space=space(a.value),
                      steps=more))


def _power(s: S, p: int, f: Frame, a: Any) -> Choice:
    code = a.table[a.value]
    if code == "round-action":
        effect = MSG("power-round-action",
                     figure=figure(WB.round_power_character[s.winter_round - 1]))
    elif code == "two-resources":  # the powers whose words count: resources, cards
        effect = MSG(f"power-{code}", n=s.params.power_gains)
    elif code == "discard-draw":
        effect = MSG(f"power-{code}", n=s.params.power_draws)
    else:
        effect = MSG(f"power-{code}")
    return Choice(_thing(power(code), f"power.{code}"),
                  MSG("do-power", power=power(code), favor=favor(power_cost(s)), effect=effect))


# -- the special actions ------------------------------------------------------------------------


def _trade(s: S, p: int, f: Frame, a: Any) -> Choice:
    top = s.ally_decks[a.value][-1]
    return Choice(MSG("label-trade", province=province(a.value)),
                  MSG("do-trade", ally=ally(top), province=province(a.value), deal=_deal(top)))


def _deal(a: int) -> Phrase:
    """What an ally takes and gives, as the log says a trade ("pays 1 gold; gains ...")."""
    x = WB.allies[a]
    paid: tuple[Mention | Phrase, ...] = (
        *resources_list(x.pay), *((favor(x.pay_favor),) if x.pay_favor else ()),
        *((MSG("any-resource", n=x.pay_any),) if x.pay_any else ()),
        *((MSG("a-spoils-tile"),) if x.sack_spoils else ()))
    got: tuple[Mention | Phrase, ...] = (
        *resources_list(x.gain), *((favor(x.gain_favor),) if x.gain_favor else ()),
        *((MSG("a-free-conquest"),) if x.conquer else ()))
    if got:
        return MSG("deal", paid=paid or MSG("nothing"), gains=got)
    return MSG("deal-no-gain", paid=paid or MSG("nothing"))


def _explore(s: S, p: int, f: Frame, a: Any) -> Choice:
    meat = res(fr.explore_cost(s, p), 1)
    return Choice(MSG("label-explore", province=province(a.value)),
                  MSG("do-explore", meat=meat, card=card(s.explore_slot[a.value]),
                      province=province(a.value)))


def _conquer(s: S, p: int, f: Frame, a: Any) -> Choice:
    args: dict[str, Any] = {"section": section(a.section), "tile": tile(a.colour),
                            "cost": resources(fr.conquer_cost(s))}
    rule = "allies" if isinstance(f, FreeConquer) else None
    if s.prov_spoils[a.colour]:
        said = MSG("do-conquer-spoils", rule, province=province(a.colour), **args)
    else:
        said = MSG("do-conquer", rule, **args)
    return Choice(MSG("label-conquer", tile=tile(a.colour)), said, _on(a.section))


def _on(sec: int) -> Phrase:
    return MSG("group-section", section=section(sec))


def _build(s: S, p: int, f: Frame, a: Any) -> Choice:
    kind = building(a.building + 1)
    label = MSG("label-build", building=kind, row=a.row + 1)
    args: dict[str, Any] = {"building": kind, "row": a.row + 1, "section": section(a.section)}
    rule = "banners.horn" if isinstance(f, Horn) else None
    if a.building == 0:
        cost = resources(fr.settlement_cost(s))
        earned = min(s.params.settlement_favor, s.favor_supply)  # what the supply holds
        if earned:
            said = MSG("do-settle-favor", rule, cost=cost, favor=plus_favor(earned), **args)
        else:
            said = MSG("do-settle", rule, cost=cost, **args)
        return Choice(label, said, _on(a.section))
    colour = s.sections[p][a.section]
    if s.explore_slot[colour] >= 0:
        said = MSG("do-church", rule, province=province(colour), **args)
    else:
        said = MSG("do-church-bare", rule, **args)
    return Choice(label, said, _on(a.section))


def _relocate(s: S, p: int, f: Frame, a: Any) -> Choice:
    kind = building(s.buildings[p][a.source])
    return Choice(MSG("label-to", section=section(a.target)),
                  MSG("do-relocate", building=kind, source=section(a.source),
                      target=section(a.target)),
                  MSG("group-building", building=kind, section=section(a.source)))


def _take(s: S, p: int, f: Frame, a: Any) -> Choice:
    if a.value == 0:
        return Choice(MSG("label-no-spoils"), MSG("do-no-spoils"))
    t = a.value - 1
    if isinstance(f, Sacked):
        return Choice(_thing(spoils(t), "cards.wylds-effects"),
                      MSG("do-take-sacked", spoils=spoils(t)))
    where = next(c for c in range(len(WB.colours)) if t in s.prov_spoils[c])
    rule = "power.spoils-any" if isinstance(f, AnySpoils) else "warrior.spoils"
    return Choice(_thing(spoils(t), rule),
                  MSG("do-take", rule, spoils=spoils(t), province=province(where)))


def _facedown(s: S, p: int, f: Frame, a: Any) -> Choice:
    return Choice(MSG("label-facedown", province=province(a.value)),
                  MSG("do-facedown", province=province(a.value)))


def _choose(s: S, p: int, f: Frame, a: Any) -> Choice:
    one = res(1, a.value)
    if isinstance(f, Gain):
        return Choice(MSG("label-take", resource=one), MSG("do-gain-one", resource=one))
    if isinstance(f, Cap):
        return Choice(MSG("label-return", resource=one), MSG("do-return", resource=one))
    assert isinstance(f, PayAny)
    if f.purpose == fr.FOR_ALLY:
        said = MSG("do-pay-ally", resource=one, ally=ally(f.ally))
    elif f.purpose == fr.FOR_SACKED:
        said = MSG("do-pay-sacked", resource=one)
    else:
        said = MSG("do-pay-favor", resource=one, favor=favor(1))
    return Choice(MSG("label-pay", said.rule, resource=one), said)


def _sack(s: S, p: int, f: Frame, a: Any) -> Choice:
    assert isinstance(f, Sack)
    return Choice(MSG("label-sack", spoils=spoils(a.value)),
                  MSG("do-sack", spoils=spoils(a.value), ally=ally(f.ally)))


Explained = Callable[["S", int, Frame, Any], Choice]

# Each action type's explanation (the frame tells what it means now).
_BY_TYPE: dict[type, Explained] = {
    act.PlayCard: _play, act.UseSpoils: _use_spoils, act.Reserve: _reserve,
    act.Unreserve: _unreserve, act.Discard: _discard, act.ResolveWylds: _resolve,
    act.Swap: _swap, act.Word: _word, act.Figure: _figure, act.Exit: _exit,
    act.Power: _power, act.Trade: _trade, act.Explore: _explore, act.Conquer: _conquer,
    act.Build: _build, act.Relocate: _relocate, act.Take: _take, act.TakeHidden: _facedown,
    act.Choose: _choose, act.Sack: _sack,
}
