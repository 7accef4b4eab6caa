"""Days and phases (RB "Gameflow"): the opening Requests, Sunrise, the order of turns in
the Exploration phase, each player's Sunset (the Request row, validation from Day 2,
the hand limit), the end of a Day and of the game.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from wintergames.core.events import Event
from wintergames.games.ice import frames as fr
from wintergames.games.ice import logbook, pieces
from wintergames.games.ice.components import IC
from wintergames.games.ice.curse import gentle
from wintergames.games.ice.model import REQUESTS, RP_TOKENS
from wintergames.games.ice.payment import Item, payments, rp_of, study
from wintergames.games.ice.scoring_state import log_final
from wintergames.games.ice.words import MSG, ep, request, rp, rp_tokens, seat

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState


# -- the opening (setup step P) ----------------------------------------------------------


def to_discard(s: IceState, p: int) -> int:
    """Opening Requests seat ``p`` still has to discard (5 dealt, 3 kept; first game 3, 1)."""
    return len(s.requests[p]) - opening_keep(s)


def opening_keep(s: IceState) -> int:
    """Opening Requests each seat keeps (RB Setup P: 3, in a first game 1)."""
    return s.params.first_game_keep if s.options["first_game"] else s.params.keep


def opening_discard(s: IceState, p: int, card: int) -> None:
    s.requests[p].remove(card)
    s.request_discard.append(card)
    if to_discard(s, p) == 0:
        s.keep_choice[p] = 1
        s.log.append(Event(MSG("keep", seat=seat(p)), kind="keep", player=p))
    if all(s.keep_choice):
        sunrise(s)


# -- Sunrise ---------------------------------------------------------------------------


def sunrise(s: IceState) -> None:
    """Guild reset; from Day 2 Artifacts flip up, the next first player, a Logbook card."""
    s.day += 1
    n = s.num_players
    if s.day > 1:
        s.first = (s.first + 1) % n  # "The player to the left of the first player"
    s.log.append(Event(MSG("day", day=s.day, seat=seat(s.first)), kind="day"))
    for p in range(n):
        _guild_reset(s, p)
    s.finished = [0] * n
    s.row_laid = 0
    s.current = s.first
    begin_turn(s)
    if s.day > 1:
        for p in range(n):  # Artifacts Reloading
            for t in range(5):
                s.used[p][t] = 0
                for tile in s.art[p][t]:
                    s.down[tile] = 0
                    s.seen[tile] = 1
        _sunrise_choices(s)


def _guild_reset(s: IceState, p: int) -> None:
    """RB Sunrise 1: the EP for the player count (one more with a Planning token, never
    above the most), and each Guild's tokens and Archaeologists back."""
    params = s.params
    bonus = params.plan_ep * s.planning[p]
    s.planning[p] = 0
    s.ep[p] = min(params.ep_max, params.sunrise_ep_for(s.num_players) + bonus)
    s.day_flags[p] = [0] * fr.DAY_FLAGS
    s.fluent[p] = params.fluent_tokens_for(s.num_players) \
        if s.num_players == 2 or s.options["fluent"] else 0
    if s.activation[p] != fr.READY:
        s.activation[p] = fr.READY
    if pieces.has_guild(s, p, "icewalker"):  # "just 1" flips back
        s.grapple[p] = min(params.grappling_tokens, s.grapple[p] + params.grapple_refresh)
    if pieces.has_guild(s, p, "nourisher") and s.day > 1:
        s.guild_archs[p] += pieces.from_pool(
            s, max(0, params.nourisher_archaeologists - s.guild_archs[p]))


def _sunrise_choices(s: IceState) -> None:
    """What players decide at Sunrise: moving Prismatic Artifacts (each seat, from the
    last so the first player's choice comes first off the stack), the Gentle variant's
    Study token, then the Logbook card."""
    logbook.reveal(s)
    if s.options["curse"] == "gentle":
        gentle(s)
    for p in reversed(fr.seat_order(s)):
        if any(pieces_prismatic(s, p)):
            fr.push(s, fr.SunrisePrism(p))


def pieces_prismatic(s: IceState, p: int) -> list[int]:
    """Seat ``p``'s Prismatic Artifacts on its guild board."""
    return [tile for t in range(5) for tile in s.art[p][t] if IC.tiles[tile].type == 5]


# -- turns -------------------------------------------------------------------------------


def begin_turn(s: IceState) -> None:
    s.spent = 0
    s.overwork = 0
    s.turn_flags[s.current] = [0] * fr.TURN_FLAGS


def end_turn(s: IceState, stop: bool) -> None:
    """The turn is over: the Snow hand limit, then the next seat (or this seat's Sunset
    when it is out of EP or stopped)."""
    p = s.current
    if stop or s.ep[p] == 0:
        # Out of EP is the usual end; with EP left it is the way out of a dead end.
        said = MSG("end-day", seat=seat(p), rule="turn.stop" if s.ep[p] else None)
        s.log.append(Event(said, kind="stop", player=p))
        _start_sunset(s, p)
    else:
        s.log.append(Event(MSG("end-turn", seat=seat(p), ep=ep(s.ep[p])), kind="end-turn",
                           player=p))
        next_turn(s)
    if len(s.hand[p]) > s.params.snow_hand_limit:
        fr.push(s, fr.SnowLimit(p))


def next_turn(s: IceState) -> None:
    """The next seat clockwise still exploring today; the Day ends when none is."""
    n = s.num_players
    for i in range(1, n + 1):
        q = (s.current + i) % n
        if not s.finished[q]:
            s.current = q
            begin_turn(s)
            return
    end_day(s)


# -- Sunset ------------------------------------------------------------------------------


def _start_sunset(s: IceState, p: int) -> None:
    """"The first player to begin their Sunset phase forms a row of face-up Request cards
    ... (same number of cards as players + 2 extra)"; then this seat takes one for free,
    validates (from Day 2) and keeps to the hand limit."""
    s.finished[p] = 1  # exploring is over for today (the Sunset's choices follow)
    if not s.row_laid:
        s.row_laid = 1
        for _ in range(s.num_players + s.params.row_extra):
            card = draw_request(s)
            if card < 0:
                break
            s.row.append(card)
            s.request_seen[card] = 1
        said = (MSG("row", cards=tuple(request(c) for c in s.row)) if s.row
                else MSG("row-empty"))
        s.log.append(Event(said, kind="row"))
    fr.push(s, fr.HandLimit(p))
    if s.day >= 2:
        fr.push(s, fr.Validate(p))
    if s.row:
        fr.push(s, fr.SunsetTake(p))
    else:
        settle_sunset(s)


def draw_request(s: IceState) -> int:
    """The top Request card; an empty deck is rebuilt from the shuffled discard pile (the
    rulebook never says the deck runs out: docs/rules/ice.md)."""
    if not s.request_deck:
        s.request_deck = s.request_discard
        s.request_discard = []
        s.rng.shuffle(s.request_deck)
    return s.request_deck.pop() if s.request_deck else -1


def settle_sunset(s: IceState) -> None:
    """Run the automatic ends of Sunset frames: skip a validation or hand limit that has
    nothing to decide; when the seat's Sunset is over, play goes on."""
    while (frame := fr.top(s)) is not None:
        p = frame.seat
        if isinstance(frame, fr.Validate) and not validatable(s, p):
            fr.pop(s)
            continue
        if isinstance(frame, fr.HandLimit) and \
                len(s.requests[p]) <= s.params.request_hand_limit:
            fr.pop(s)
            s.finished[p] = 1
            next_turn(s)
            continue
        return


def validations_left(s: IceState, p: int) -> int:
    """Days 2 and 3: 1 or 2 Requests; Day 4: any number (none on Day 1)."""
    if s.day < 2:
        return 0
    if s.day == s.params.days:
        return len(s.requests[p])
    today = sum(1 for i in range(1, len(s.validated[p]), 3) if s.validated[p][i] == s.day)
    return s.params.validations - today


def holdings(s: IceState, p: int) -> list[Item]:
    """What can pay a Request: every Artifact on the guild board, face up or down ("you can
    choose from ANY Artifacts on your Guild board"), and the unflipped Study tokens."""
    items = [Item("artifact", tile, IC.tiles[tile].type, IC.tiles[tile].shape,
                  IC.tiles[tile].anima) for t in range(5) for tile in s.art[p][t]]
    items += [study(t) for t in range(5) if s.study[p][t] == 1]
    return items


def validatable(s: IceState, p: int) -> list[int]:
    """Requests in hand seat ``p`` can pay now."""
    if validations_left(s, p) <= 0:
        return []
    have = holdings(s, p)
    cards = s.params.requests
    return [c for c in s.requests[p] if payments(cards[c], have)]


def pay_options(s: IceState, p: int, card: int, chosen: tuple[int, ...]) -> list[int]:
    """Item codes (a tile id, or ``len(IC.tiles) + type`` for a Study token) that extend
    ``chosen`` towards some minimal payment of ``card``."""
    out: set[int] = set()
    picked = Counter(chosen)
    for payment in payments(s.params.requests[card], holdings(s, p)):
        codes = Counter(item_code(i) for i in payment)
        if not picked - codes:  # the payment holds everything chosen so far
            out.update((codes - picked).elements())
    return sorted(out)


def item_code(item: Item) -> int:
    return item.ref if item.kind == "artifact" else len(IC.tiles) + item.ref


def complete(s: IceState, p: int, card: int, chosen: tuple[int, ...]) -> bool:
    have = {item_code(i): i for i in holdings(s, p)}
    return any(sorted(item_code(i) for i in pay) == sorted(chosen)
               for pay in payments(s.params.requests[card], list(have.values())))


def validate(s: IceState, p: int, card: int, chosen: tuple[int, ...]) -> None:
    """Pay ``card`` with ``chosen``: Artifacts to the Ship's Hold, Study tokens flipped;
    the first validation of Day 2 or 3 earns 1 RP token now, the second 2 RP at the end."""
    params = s.params
    have = {item_code(i): i for i in holdings(s, p)}
    paid = [have[c] for c in chosen]
    gained = rp_of(params.requests[card], paid)
    for item in paid:
        if item.kind == "artifact":
            for t in range(5):
                if item.ref in s.art[p][t]:
                    s.art[p][t].remove(item.ref)
            s.hold[p].append(item.ref)
            s.down[item.ref] = 0
            s.seen[item.ref] = 1
        else:
            s.study[p][item.ref] = 2
    s.requests[p].remove(card)
    s.request_seen[card] = 1
    today = sum(1 for i in range(1, len(s.validated[p]), 3) if s.validated[p][i] == s.day)
    s.validated[p] += [card, s.day, gained]
    token = s.day < params.days and today == 0
    named = request(card)
    if token:
        s.rp[p] += params.first_validation_rp
        said = MSG("validate-first", seat=seat(p), request=named, rp=rp(gained),
                   token=rp_tokens(params.first_validation_rp))
    elif s.day < params.days and today == 1:
        s.bonus2[p] += 1
        said = MSG("validate-second", seat=seat(p), request=named, rp=rp(gained),
                   bonus=rp(params.second_validation_rp))
    else:
        said = MSG("validate", seat=seat(p), request=named, rp=rp(gained))
    s.log.append(Event(said, kind="validate", player=p, vp=gained, category=REQUESTS,
                       item=IC.requests[card].id))
    if token:  # an RP token, a category of its own
        n = params.first_validation_rp
        s.log.append(Event(MSG("first-request-rp", seat=seat(p), rp=rp_tokens(n), day=s.day),
                           kind="rp", player=p, vp=n, category=RP_TOKENS,
                           item="first-request"))


# -- the end of a Day and of the game ------------------------------------------------------


def end_day(s: IceState) -> None:
    """"After every player finishes their Day, discard all remaining Request cards from
    the row, then proceed to the next Day"; the game ends after Day 4."""
    s.request_discard += s.row
    s.row = []
    if s.day >= s.params.days:
        s.over = True
        # Decrees count the Shapes of every Artifact on the guild boards, so final scoring
        # shows them all, face down ones included; once shown they stay known
        # (``determinize`` keeps seen tiles).
        for p in range(s.num_players):
            for slot in s.art[p]:
                for tile in slot:
                    s.seen[tile] = 1
        s.log.append(Event(MSG("game-end"), kind="end"))
        log_final(s)
        return
    sunrise(s)
