"""What an ICE seat is deciding, in the game's words (``State.decision``).

ICE's open decisions are a stack of frames (``frames.py``); the one on top is asked. Each
frame kind, each question of an effect, ability or Logbook event included, has its
prompt in ``DECISIONS`` (a kind missing there fails a test). With
no frame open the seat takes a turn: the prompt names the Leader and the EP spent of the
turn's limit (``turn_ep``, ``overwork_ep`` with Overwork). Every number comes from the
game's ``params`` (its data, or a what-if overlay) or the state.

>>> import wintergames as wg
>>> s = wg.make("ice", 2, seed=1)
>>> d = s.decision(0)
>>> d.prompt.text, d.limit.text
('Choose the opening Requests to discard: you keep 3', 'you hold 5 and keep 3: 2 more to discard')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from wintergames.core.decisions import Decision
from wintergames.core.phrases import Mention
from wintergames.games.ice import frames as fr
from wintergames.games.ice.artifacts import OBLITERATION
from wintergames.games.ice.days import opening_keep
from wintergames.games.ice.words import (
    ACTIVATION,
    ARCHAEOLOGIST,
    ARCHAEOLOGISTS,
    CAMP,
    GRAPPLING,
    LEADER,
    MSG,
    WHITE_CAMP,
    archaeologists,
    artifact_type,
    ep,
    front,
    hidden,
    place,
    request,
    rp_tokens,
    seat,
    tile,
)

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState as S

Stater = Callable[["S", Any], Decision]  # each typed for its own frame kind


def decision(s: S, p: int) -> Decision:
    """The prompt of seat ``p``, who is to move: the opening discard, a turn, or the frame
    on top of the stack."""
    if s.day == 0:
        return _opening(s, p)
    if not s.pending:
        return _turn(s, p)
    frame = s.pending[-1]
    return DECISIONS[type(frame)](s, frame)


# -- no frame: the opening discard, a turn ---------------------------------------------------

def _opening(s: S, p: int) -> Decision:
    keep = opening_keep(s)
    held = len(s.requests[p])
    return Decision(MSG("ask-opening", keep=keep),
                    limit=MSG("limit-keep", held=held, keep=keep, more=held - keep),
                    remaining=held - keep)


def _turn(s: S, p: int) -> Decision:
    """A turn: what is spent of the turn's EP limit, and what is left today."""
    most = fr.turn_limit(s)
    ask = "ask-turn" if s.spent < most and s.ep[p] > 0 else "ask-turn-end"
    limit = MSG("limit-ep", "turn.overwork" if s.overwork else None, spent=s.spent,
                most=most, left=ep(s.ep[p]))
    return Decision(MSG(ask, leader=LEADER), piece=LEADER, limit=limit)


# -- the frames ------------------------------------------------------------------------------

def _follow(s: S, frame: fr.Follow) -> Decision:
    rule = "guild.navigator" if frame.then == fr.NAVIGATOR_FOLLOW else None
    return Decision(MSG("ask-follow", rule, archaeologists=ARCHAEOLOGISTS, leader=LEADER,
                        place=place(frame.origin)),
                    piece=ARCHAEOLOGIST, cost=MSG("cost-paid", rule),
                    limit=MSG("limit-followers", rule, most=archaeologists(frame.most)))


def _fluent_step(s: S, frame: fr.FluentStep) -> Decision:
    return Decision(MSG("ask-fluent-step", leader=LEADER), piece=LEADER,
                    cost=MSG("cost-fluent", ep=ep(s.params.action_ep)),
                    limit=MSG("limit-fluent", steps=s.params.fluent_steps))


def _prism_slot(s: S, frame: fr.PrismSlot) -> Decision:
    return Decision(MSG("ask-prism-slot", tile=tile(frame.tile)), piece=tile(frame.tile))


def _spread(s: S, frame: fr.Spread) -> Decision:
    left = frame.left
    return Decision(MSG("ask-spread", archaeologist=ARCHAEOLOGIST), piece=ARCHAEOLOGIST,
                    limit=MSG("limit-places-left", left=left), remaining=left)


def _leader_to(s: S, frame: fr.LeaderTo) -> Decision:
    return Decision(MSG("ask-leader-to", seat=seat(frame.leader), leader=LEADER), piece=LEADER)


def _camp_piece(camp: int, s: S) -> Mention:
    return CAMP if camp < s.num_players else WHITE_CAMP


def _camp_to(s: S, frame: fr.CampTo) -> Decision:
    camp = _camp_piece(frame.camp, s)
    return Decision(MSG("ask-camp-to", camp=camp), piece=camp)


def shown_tile(s: S, n: int) -> Mention:
    """Tile ``n`` as everyone may name it: its face once seen, else what shows of it (a
    collapsing Snow tile keeps its face hidden, even from the seat that may collect it)."""
    return tile(n) if s.seen[n] else hidden(n)


def _collect(s: S, frame: fr.Collect) -> Decision:
    held = shown_tile(s, frame.tile)
    return Decision(MSG("ask-collect", tile=held), piece=held,
                    cost=MSG("cost-none", "artifact.philosophical"))


def _prepare(s: S, frame: fr.Prepare) -> Decision:
    return Decision(MSG("ask-prepare", grappling=GRAPPLING))


def _nav_camp(s: S, frame: fr.NavCamp) -> Decision:
    return Decision(MSG("ask-nav-camp", camp=CAMP), piece=CAMP)


def _down_to(s: S, held: int, most: int, ask: str) -> Decision:
    """Discard down to ``most`` of ``held``: how many more, and the rule's limit."""
    rule = MSG(ask, most=most).rule
    return Decision(MSG(ask, most=most), limit=MSG("limit-down-to", rule, held=held,
                                                   most=most, more=held - most),
                    remaining=held - most)


def _snow_limit(s: S, frame: fr.SnowLimit) -> Decision:
    return _down_to(s, len(s.hand[frame.seat]), s.params.snow_hand_limit, "ask-snow-limit")


def _hand_limit(s: S, frame: fr.HandLimit) -> Decision:
    return _down_to(s, len(s.requests[frame.seat]), s.params.request_hand_limit,
                    "ask-hand-limit")


def _sunset_take(s: S, frame: fr.SunsetTake) -> Decision:
    return Decision(MSG("ask-sunset-take"),
                    limit=MSG("limit-requests", held=len(s.requests[frame.seat]),
                              most=s.params.request_hand_limit))


def validated_today(s: S, p: int) -> int:
    """Requests seat ``p`` validated today (its validations are triples card, day, RP)."""
    return sum(1 for i in range(1, len(s.validated[p]), 3) if s.validated[p][i] == s.day)


def _validate(s: S, frame: fr.Validate) -> Decision:
    n = validated_today(s, frame.seat)
    limit = (MSG("limit-validated-last", n=n) if s.day == s.params.days
             else MSG("limit-validated", n=n, most=s.params.validations))
    return Decision(MSG("ask-validate"), limit=limit)


def _pay(s: S, frame: fr.Pay) -> Decision:
    card = request(frame.card)
    return Decision(MSG("ask-pay", request=card), piece=card,
                    limit=MSG("limit-paid", n=len(frame.chosen)))


def _sunrise_prism(s: S, frame: fr.SunrisePrism) -> Decision:
    return Decision(MSG("ask-sunrise-prism"))


# -- the frames of several questions: effects, abilities, Logbook events --------------------

def _asks(msg: str, piece: Mention | None = None, **args: Mention) -> Stater:
    """A decision that only says ``msg`` (its mentions fixed), for ``piece``."""
    def state(s: S, frame: fr.IceFrame) -> Decision:
        return Decision(MSG(msg, None, **args), piece=piece)
    return state


def _effect_follow(s: S, frame: fr.EffectFollow) -> Decision:
    return Decision(MSG("ask-effect-follow", archaeologists=ARCHAEOLOGISTS, leader=LEADER),
                    piece=ARCHAEOLOGIST, cost=MSG("cost-none", "snow.play"),
                    limit=MSG("limit-followers", "snow.play", most=archaeologists(frame.most)))


def _whistle_count(s: S, frame: fr.WhistleCount) -> Decision:
    most = min(s.params.whistle_archaeologists, s.archs[frame.origin])
    return Decision(MSG("ask-whistle-count", archaeologists=ARCHAEOLOGISTS),
                    piece=ARCHAEOLOGIST, cost=MSG("cost-none", "snow.whistle-of-storms"),
                    limit=MSG("limit-followers", "snow.whistle-of-storms",
                              most=archaeologists(most)))


def _caravan(s: S, frame: fr.Caravan) -> Decision:
    return Decision(MSG("ask-logbook-caravan", sell=rp_tokens(s.params.caravan_sell_rp),
                        buy=rp_tokens(s.params.caravan_buy_rp)))


def _sailboat(s: S, frame: fr.Sailboat) -> Decision:
    n = archaeologists(s.params.sailboat_archaeologists)
    return Decision(MSG("ask-sailboat", leader=LEADER, n=n), piece=front("ice-sailboat"))


# Each frame kind's prompt, by its class: a kind missing here fails a test.
DECISIONS: dict[type[fr.IceFrame], Stater] = {
    fr.Follow: _follow,
    fr.FluentStep: _fluent_step,
    fr.PrismSlot: _prism_slot,
    fr.Spread: _spread,
    fr.LeaderTo: _leader_to,
    fr.CampTo: _camp_to,
    fr.Collect: _collect,
    fr.Prepare: _prepare,
    fr.NavCamp: _nav_camp,
    fr.SnowLimit: _snow_limit,
    fr.SunsetTake: _sunset_take,
    fr.Validate: _validate,
    fr.Pay: _pay,
    fr.HandLimit: _hand_limit,
    fr.SunrisePrism: _sunrise_prism,
    fr.Rope: _asks("ask-rope", front("abseiling-rope"), leader=LEADER,
                   archaeologist=ARCHAEOLOGIST),
    fr.Grapple: _asks("ask-grapple", GRAPPLING, leader=LEADER),
    fr.Rune: _asks("ask-rune", front("explosive-rune")),
    fr.Gem: _asks("ask-gem", front("anima-gemstone")),
    fr.WhistleFrom: _asks("ask-whistle-from", front("whistle-of-storms"),
                          archaeologists=ARCHAEOLOGISTS),
    fr.WhistleTo: _asks("ask-whistle-to", front("whistle-of-storms"), camp=CAMP),
    fr.WhistleCount: _whistle_count,
    fr.Sailboat: _sailboat,
    fr.Manta: _asks("ask-manta", front("ice-manta-ray"), leader=LEADER),
    fr.SmilodonFrom: _asks("ask-smilodon-from", front("boreal-smilodon")),
    fr.SmilodonTo: _asks("ask-smilodon-to", front("boreal-smilodon"),
                         archaeologists=ARCHAEOLOGISTS),
    fr.Spiders: _asks("ask-spiders", front("white-spiders"), leader=LEADER),
    fr.EffectFollow: _effect_follow,
    fr.Obliterate: _asks("ask-obliterate", artifact_type(OBLITERATION)),
    fr.Rebuild: _asks("ask-rebuild", CAMP, camp=CAMP),
    fr.Activate: _asks("ask-activate", ACTIVATION, activation=ACTIVATION),
    fr.Study: _asks("ask-logbook-study"),
    fr.Flow: _asks("ask-logbook-flow"),
    fr.Haven: _asks("ask-logbook-haven"),
    fr.Coming: _asks("ask-logbook-coming", LEADER, leader=LEADER),
    fr.Caravan: _caravan,
    fr.Blizzard: _asks("ask-logbook-blizzard", ARCHAEOLOGIST, archaeologist=ARCHAEOLOGIST),
    fr.Cataclysm: _asks("ask-logbook-cataclysm"),
    fr.Storm: _asks("ask-logbook-storm"),
    fr.StormMove: _asks("ask-logbook-storm-move"),
}
