"""Setting up the Game (RB): supplies, boards, decks, the exploration deck, the seasons.

The options are checked by the spec before this runs; here they are only read.
"""

from __future__ import annotations

from itertools import combinations
from random import Random
from typing import TYPE_CHECKING

from wintergames.core.events import Event
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.words import MSG, banner_set, cards, seat

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

OUT = -1  # a figure not in play (the white meeple before it is called, a replaced one)
CASTLE = 6  # the centre of the kingdom board
BANNERS = tuple(WB.banner_sets)
FIRST_GAME = "first-game"
RANDOM = "random"


def is_solo(s: WinterborneState) -> bool:
    return s.num_players == 1


def banner_choices(num_players: int) -> tuple[str, ...]:
    """Values of the ``banners`` option with ``num_players`` players.

    The season board's chart fixes how many sets are used; a value names them joined by
    ``+`` in box order (horn, mask, bag, book, rune, orb, potion: ``mask+bag``), or is
    ``first-game`` (the rulebook's recommendation) or ``random``.
    """
    k = WB.seasons[num_players].banner_sets
    return (FIRST_GAME, RANDOM, *("+".join(c) for c in combinations(BANNERS, k)))


def all_banner_choices() -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for n in sorted(WB.seasons):
        seen.update(dict.fromkeys(banner_choices(n)))
    return tuple(seen)


def first_player_choices(num_players: int) -> tuple[str, ...]:
    """The first player is chosen at random (from the seed) or named by seat."""
    return (*(str(seat) for seat in range(1, num_players + 1)), "random")


def chosen_banners(option: str, num_players: int, rng: Random) -> list[str]:
    """The banner sets of this game.

    ``first-game``: "For the first game, we recommend choosing from Mask, Book or Rune";
    with more sets than that wanted (4 players), the rest are drawn from the others.
    """
    k = WB.seasons[num_players].banner_sets
    if option == FIRST_GAME:
        pool = list(WB.first_game_banners)
        picked = rng.sample(pool, min(k, len(pool)))
        others = [b for b in BANNERS if b not in picked]
        picked += rng.sample(others, k - len(picked))
    elif option == RANDOM:
        picked = rng.sample(list(BANNERS), k)
    else:
        picked = option.split("+")
    return sorted(picked, key=BANNERS.index)


def setup(s: WinterborneState) -> None:
    n, rng, opts, prm = s.num_players, s.rng, s.options, s.params
    chart = prm.chart(n)
    solo = n == 1
    # Supplies; favor tokens wait on the Winter section of the season board.
    s.favor_supply = prm.favor_supply
    # Player setup.
    s.res = [[prm.starting_gold, 0, 0] for _ in range(n)]
    s.favor = [0] * n
    s.favor_card = [0] * n
    s.figures = [[*WB.start_space, OUT] for _ in range(n)]
    s.sections = [[*range(6), *([-1] * 6)] for _ in range(n)]
    s.buildings = [[0] * 12 for _ in range(n)]
    s.rows = [[0] * WB.rows for _ in range(n)]
    s.allies = [[] for _ in range(n)]
    s.spoils = [[] for _ in range(n)]
    s.power_used = [[0] * prm.winter_rounds for _ in range(n)]
    s.white_used = [0] * n
    s.reserve = [[] for _ in range(n)]
    s.discard = [[] for _ in range(n)]
    s.hand = [[] for _ in range(n)]
    s.deck = []
    s.power_card = rng.sample(range(len(WB.power_cards)), n)
    for p in range(n):
        deck = list(WB.house)
        if opts["mercenary"]:
            deck.append(WB.mercenary)
        rng.shuffle(deck)
        s.deck.append(deck)
        s.hand[p] = [deck.pop() for _ in range(prm.hand_size)]
    # Main board and provinces.
    s.ally_decks = []
    for colour in range(6):
        allies = [a for a, ally in enumerate(WB.allies) if ally.colour == colour]
        rng.shuffle(allies)
        s.ally_decks.append(allies)
    s.conquer_left = [prm.solo_conquer_tiles if solo else prm.conquer_tiles] * 6
    tiles = list(range(len(WB.spoils)))
    rng.shuffle(tiles)
    per = prm.spoils_per_province
    s.prov_spoils = [tiles[i * per:(i + 1) * per] for i in range(6)]
    s.boxed_spoils = tiles[6 * per:]
    s.sacked_spoils, s.sacked_cards, s.spent_spoils, s.removed_allies = [], [], [], []
    # The exploration deck: core + chosen banner sets + random Wylds.
    banners = chosen_banners(opts["banners"], n, rng)
    wylds = [c for c in WB.wylds if opts["promo_wylds"] or not WB.cards[c].promo]
    rng.shuffle(wylds)
    deck = [*WB.core, *(c for b in banners for c in WB.banner_sets[b]), *wylds[:chart.wylds]]
    s.box_wylds = wylds[chart.wylds:]
    rng.shuffle(deck)
    s.explore_slot = [deck.pop() for _ in range(6)]
    s.season_decks = []
    for count in (chart.spring, chart.summer, chart.autumn):
        s.season_decks.append([deck.pop() for _ in range(count)])
    s.season_decks.append(deck)  # the rest is Winter
    s.season, s.autumn_out, s.winter_round = 0, False, 0
    s.played, s.moved, s.pending = [], [], ()
    s.discount, s.over, s.line, s.line_kind = 0, False, None, "move"
    # The solo Balaur.
    s.difficulty = opts["difficulty"] if solo else ""
    s.balaur_deck, s.balaur_board, s.balaur_spoils, s.balaur_pile = [], [], [], []
    s.objectives, s.solo_conquered = [], 0
    if solo:
        s.balaur_deck = list(WB.house)
        rng.shuffle(s.balaur_deck)
        s.balaur_board = [-1] * 6
        s.balaur_spoils = [-1] * 6
        objectives = list(range(len(WB.objectives)))
        rng.shuffle(objectives)
        s.objectives = objectives[:prm.difficulty(s.difficulty).objectives]
    first = opts["first_player"]
    s.first = rng.randrange(n) if first == "random" else int(first) - 1
    s.current = s.first
    s.log.append(Event(MSG("setup", sets=tuple(banner_set(b) for b in banners),
                           wylds=chart.wylds, seat=seat(s.first)), kind="setup"))
    for p in range(n):
        s.log.append(Event(MSG("hand", cards=cards(sorted(s.hand[p]))),
                           visible_to=frozenset({p}), kind="draw", player=p))
