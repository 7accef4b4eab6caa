"""Setup (RB "Setup", "Setup for Every Player", Expert Mode, the variants).

The options are checked by the spec before this runs; here they are only read. Every
random draw (tile order, the Encampment's centre spot, Rift orientations, decks, guilds,
the first player) comes from the state's seeded RNG.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from wintergames.core.errors import InvalidOptionError
from wintergames.core.events import Event
from wintergames.games.ice import frames as fr
from wintergames.games.ice import words
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import BOARD, EMPTY
from wintergames.games.ice.model import GUILDS, RP_TOKENS
from wintergames.games.ice.words import MSG

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

RANDOM = "random"
LOGBOOK_CHOICES = ("auto", "on", "off", "setup")  # auto: on, except in a first game
CURSE_CHOICES = ("off", "on", "gentle")
WHITE_A, WHITE_B = 0, 1  # the White Camps, after the seats' Camps in ``camps``
SIDES = 6


GUILD_CHOICES = (RANDOM, *GUILDS)


def guild_option(seat: int) -> str:
    """The option naming seat ``seat``'s (1-based) Guild board."""
    return f"guild_{seat}"


def guild_choices_for(seat: int) -> Callable[[int], tuple[str, ...]]:
    """A seat beyond the players has no Guild board to choose."""
    return lambda n: GUILD_CHOICES if seat <= n else (RANDOM,)


def check_guilds(num_players: int, options: dict[str, Any]) -> None:
    """"Choose a Guild board": one board per player, so no two seats may name the same."""
    named: dict[str, int] = {}
    for seat in range(1, num_players + 1):
        guild = options[guild_option(seat)]
        if guild == RANDOM:
            continue
        if guild in named:
            raise InvalidOptionError(
                f"options {guild_option(named[guild])!r} and {guild_option(seat)!r} cannot "
                f"both be {guild!r}: each player has their own Guild board")
        named[guild] = seat


def first_player_choices(num_players: int) -> tuple[str, ...]:
    return (*(str(seat) for seat in range(1, num_players + 1)), RANDOM)


def fluent_choices(num_players: int) -> tuple[bool, ...]:
    """The Fluent Move variant is for 3 players (with 2 it is a rule, not a variant)."""
    return (False, True) if num_players == 3 else (False,)


def uses_logbook(s: IceState) -> bool:
    choice = s.options["logbook"]
    return choice in ("on", "setup") or (choice == "auto" and not s.options["first_game"])


def abilities_on(s: IceState) -> bool:
    """First game: "do not take into account Guild abilities"."""
    return not s.options["first_game"]


def expert(s: IceState) -> bool:
    return s.options["curse"] != "off"


def white_camp(s: IceState, which: int) -> int:
    """The index in ``camps`` of White Camp ``which``."""
    return s.num_players + which


def setup(s: IceState) -> None:
    n = s.num_players
    rng = s.rng
    opts = s.options
    params = s.params
    # -- the board (A-D): tiles shuffled per layer, face down; the Encampment --
    s.tiles = [EMPTY] * BOARD.n
    s.rift = [-1] * BOARD.n
    s.archs = [0] * BOARD.n
    deep = list(IC.deep)
    surface = list(IC.surface)
    rng.shuffle(deep)
    rng.shuffle(surface)
    for slot, tile in zip(BOARD.slots[1], deep, strict=True):
        s.tiles[slot] = tile
    for slot, tile in zip(BOARD.slots[2], surface, strict=True):
        s.tiles[slot] = tile
    camp_spot = BOARD.centre_spots[rng.randrange(len(BOARD.centre_spots))]
    snow = [t for t in IC.top if t != IC.encampment]
    rng.shuffle(snow)
    it = iter(snow)
    for slot in BOARD.slots[3]:
        s.tiles[slot] = IC.encampment if slot == camp_spot else next(it)
    for slot in BOARD.slots[3]:
        if IC.tiles[s.tiles[slot]].back == "rift":
            s.rift[slot] = rng.randrange(SIDES // 2)  # C1: two opposite sides, at random
    s.tile_discard = []
    s.seen = [0] * len(IC.tiles)
    s.known = [0] * len(IC.tiles)
    s.down = [0] * len(IC.tiles)
    # -- shared elements (E-K) --
    s.logbook_deck = list(range(len(IC.logbook))) if uses_logbook(s) else []
    s.logbook_shown = []
    rng.shuffle(s.logbook_deck)
    s.arch_supply = params.archaeologists
    if opts["logbook"] == "setup":
        _logbook_setup(s, camp_spot)
    else:
        for slot in BOARD.slots[3]:  # F: an Archaeologist on each Tunnel tile
            if IC.tiles[s.tiles[slot]].back == "tunnel":
                _add_archaeologist(s, slot)
    _add_archaeologist(s, camp_spot)  # G
    s.camps = [fr.OFF] * n + [fr.BOX, fr.BOX]
    if n < 5:
        s.camps[white_camp(s, WHITE_A)] = camp_spot
    if n <= 3:
        s.camps[white_camp(s, WHITE_B)] = fr.OFF  # I: the last White Camp to the pool
    s.day = 0
    decrees = list(range(len(IC.decrees)))
    rng.shuffle(decrees)
    s.decrees = sorted(decrees[:params.decrees_shown])  # J: the rest stay in the box
    s.request_deck = list(range(len(IC.requests)))
    rng.shuffle(s.request_deck)
    s.request_discard = []
    s.request_seen = [0] * len(IC.requests)
    s.request_known = [0] * len(IC.requests)
    s.row = []
    s.row_laid = 0
    s.icons_taken = [0] * len(BOARD.icons)
    # -- every player (L-P) --
    s.guild = _guilds(s)
    first_game = opts["first_game"]
    s.rp = [params.first_game_rp if first_game else params.starting_rp[g] for g in s.guild]
    s.ep = [0] * n
    s.planning = [0] * n
    s.study = [[0] * 5 for _ in range(n)]
    s.art = [[[] for _ in range(5)] for _ in range(n)]
    s.used = [[0] * 5 for _ in range(n)]
    s.hold = [[] for _ in range(n)]
    s.hand = [[] for _ in range(n)]
    s.validated = [[] for _ in range(n)]
    s.bonus2 = [0] * n
    s.leaders = [fr.OFF] * n
    fluent = params.fluent_tokens_for(n) if n == 2 or opts["fluent"] else 0
    s.fluent = [fluent] * n
    s.activation = [fr.READY] * n
    s.grapple = [params.grappling_tokens if _has(s, p, "icewalker") else 0 for p in range(n)]
    s.guild_archs = [0] * n
    for p in range(n):
        if _has(s, p, "nourisher"):
            take = min(params.nourisher_archaeologists, s.arch_supply)
            s.guild_archs[p] = take
            s.arch_supply -= take
    s.turn_flags = [[0] * fr.TURN_FLAGS for _ in range(n)]
    s.day_flags = [[0] * fr.DAY_FLAGS for _ in range(n)]
    s.finished = [0] * n
    # Expert mode and the Blessing variant.
    s.curse = [0] * n
    s.follow_cap = [params.move_followers] * n
    s.curse_tokens = [0] * (IC.curse_end + 1)
    blessed = expert(s) or opts["blessing"]
    s.trigger = [fr.TRIGGER_BLESSING if blessed else fr.TRIGGER_NONE] * n
    if expert(s):
        chart = IC.curse[n]
        s.curse = [chart.start] * n
        for space in (*chart.light, *chart.dark):
            s.curse_tokens[space] += 1
    # P: the opening Requests, dealt now, chosen together at the simultaneous step.
    deal = params.first_game_deal if first_game else params.deal
    s.requests = [[s.request_deck.pop() for _ in range(deal)] for _ in range(n)]
    for p, hand in enumerate(s.requests):
        for card in hand:
            s.request_known[card] |= 1 << p
    s.keep_choice = [0] * n
    # Q: "The player who has touched ice most recently" -> the seed, or a named seat.
    chosen = opts["first_player"]
    s.first = rng.randrange(n) if chosen == RANDOM else int(chosen) - 1
    s.current = s.first
    s.spent = 0
    s.overwork = 0
    s.over = False
    s.line = None
    s.pending = ()
    guilds = tuple(MSG("seat-guild", seat=words.seat(p), guild=words.guild(g))
                   for p, g in enumerate(s.guild))
    s.log.append(Event(MSG("guilds", guilds=guilds, seat=words.seat(s.first)), kind="setup"))
    for p, g in enumerate(s.guild):  # the starting RP tokens count in the final score
        if s.rp[p]:
            board = None if opts["first_game"] else IC.guilds[g].id
            n = s.rp[p]
            s.log.append(Event(MSG("starting-rp", seat=words.seat(p), rp=words.rp_tokens(n)),
                               kind="rp", player=p, vp=n, category=RP_TOKENS, item=board))


def _guilds(s: IceState) -> list[int]:
    """The named Guild boards, and for the other seats boards drawn from the rest."""
    chosen = [s.options[guild_option(seat)] for seat in range(1, s.num_players + 1)]
    rest = [g for g in range(len(GUILDS)) if GUILDS[g] not in chosen]
    s.rng.shuffle(rest)
    draw = iter(rest)
    return [next(draw) if g == RANDOM else GUILDS.index(g) for g in chosen]


def _has(s: IceState, p: int, guild: str) -> bool:
    return abilities_on(s) and GUILDS[s.guild[p]] == guild


def _add_archaeologist(s: IceState, place: int) -> None:
    if s.arch_supply > 0:
        s.archs[place] += 1
        s.arch_supply -= 1


def _logbook_setup(s: IceState, camp_spot: int) -> None:
    """The Logbook Setup variant replaces step F: the first Logbook card's Snow icon says
    where the Archaeologists start; the card itself is not applied (it leaves the deck)."""
    card = s.logbook_deck.pop()
    s.logbook_shown.append(card)
    icon = IC.logbook[card].icon
    s.log.append(Event(MSG("logbook-setup", card=words.logbook_card(card),
                           back=words.back(icon)),
                       kind="setup"))
    if icon == "encampment":
        # C7: the 6 neighbours, then the 6 places two steps out in the 6 straight lines.
        for k in range(SIDES):
            near = BOARD.sides[camp_spot][k]
            if near >= 0:
                _add_archaeologist(s, near)
                far = BOARD.sides[near][k]
                if far >= 0:
                    _add_archaeologist(s, far)
        return
    for slot in BOARD.slots[3]:
        if IC.tiles[s.tiles[slot]].back == icon:
            _add_archaeologist(s, slot)
