"""End-of-game scoring (RB "Ending the Game", "Scoring ...", "Solo Rules: Scoring").

>>> table = (0, 1, 3, 6, 10)  # the printed points of a set of 0..4 types
>>> set_score([2, 1, 1, 0], 0, table)  # {P, T, W} and {P}: 6 + 1
7
>>> set_score([1, 1, 1, 1], 0, table), set_score([0, 0, 0, 0], 3, table)
(10, 6)
>>> set_score([2, 2, 0, 0], 0, (0, 5, 3, 6, 10))  # singles score more than pairs here
20
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import TYPE_CHECKING, cast

from wintergames.core.events import Event
from wintergames.core.phrases import Arg, Mention, Phrase
from wintergames.core.spec import OtherRow, ScoreBreakdown
from wintergames.games.winterborne import words as w
from wintergames.games.winterborne.components import SET_TYPES, WB
from wintergames.games.winterborne.frames import owned_cards
from wintergames.games.winterborne.setup import is_solo

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.winterborne.state import WinterborneState

CATEGORIES = ("allies", "buildings", "sets", "banners", "favor", "resources", "objectives",
              "base")
# The categories as the end screen heads them, in the rulebook's words ("exploration sets");
# objectives are scored in the solo game only, and the Balaur's base is its alone.
CATEGORY_TITLES = {"allies": "Allies", "buildings": "Buildings", "sets": "Exploration sets",
                   "banners": "Banners", "favor": "Favor", "resources": "Resources",
                   "objectives": "Objectives", "base": "Balaur's base"}
BALAUR = "The Balaur"  # its name on the end screen's row


@dataclass
class Breakdown:
    """A score and where it comes from (the parts add up to ``total``)."""

    parts: dict[str, int] = field(default_factory=dict)

    @property
    def total(self) -> int:
        return sum(self.parts.values())

    def said(self) -> Arg:
        """The parts that score, as a total line lists them ("allies 7, buildings 15 and
        favor 4"), or "nothing"."""
        parts = tuple(w.MSG("part", category=_part_name(k), vp=v)
                      for k, v in self.parts.items() if v)
        return parts or w.NOTHING


def _part_name(part: str) -> Mention:
    """A part of a score: a category of the end screen, or the Balaur's base (no category
    of the seats' breakdown: the difficulty sets it)."""
    if part == "base":
        return Mention("term", "difficulty", "base", term="difficulty")
    return w.category(CATEGORY_TITLES[part], part)


def set_score(counts: list[int], runes: int, table: tuple[int, ...]) -> int:
    """The best scoring of exploration sets: ``counts`` of provision, treasure, weapon and
    Wylds cards, ``runes`` Rune banners that each count as a provision, treasure or weapon,
    ``table[k]`` the points of a set of ``k`` different types (``params.set_vp``).

    Each set holds at most one card of each type and every card is in a set ("Sort your
    exploration cards into sets from 1 to 4 cards"). Every way of counting the runes is
    tried (which type each stands for, not in which order), each with the best grouping.
    """
    best = 0
    for picks in combinations_with_replacement(range(3), runes):
        c = counts.copy()
        for t in picks:
            c[t] += 1
        best = max(best, _best_grouping(tuple(sorted(c, reverse=True)), table))
    return best


@cache
def _best_grouping(counts: tuple[int, ...], table: tuple[int, ...]) -> int:
    """The most points ``counts`` (cards of each type, most first) score as sets: each set
    one card of some of the types. Exact for any table: with the printed one, whose
    points grow faster with each type added, taking the largest sets first is as good,
    but an overlay's table need not grow so (two single cards may outscore a pair). The
    types are alike but for their counts, so the counts are sorted and the result kept
    (by counts and table: an overlay's table scores other points)."""
    present = [i for i, n in enumerate(counts) if n]
    best = 0
    for size in range(1, len(present) + 1):
        for chosen in combinations(present, size):
            rest = list(counts)
            for i in chosen:
                rest[i] -= 1
            best = max(best, table[size] + _best_grouping(tuple(sorted(rest, reverse=True)),
                                                          table))
    return best


def _set_counts(cards: list[int]) -> tuple[list[int], int]:
    counts = [0, 0, 0, 0]
    runes = 0
    for c in cards:
        card = WB.cards[c]
        if card.type in SET_TYPES:
            counts[SET_TYPES.index(card.type)] += 1
        elif card.scoring == "orb":  # "counts as a Wylds card when scoring exploration sets"
            counts[3] += 1
        elif card.scoring == "rune":
            runes += 1
    return counts, runes


def owned(s: WinterborneState, p: int) -> list[int]:
    return owned_cards(s, p)


def section_colours(s: WinterborneState, p: int) -> list[int]:
    """Province sections per colour, province spoils included (RB "Scoring Buildings")."""
    per = [0] * 6
    for colour in s.sections[p]:
        if colour >= 0:
            per[colour] += 1
    for tile in s.spoils[p]:
        if WB.spoils[tile].kind == "province":
            per[WB.spoils[tile].colour] += 1
    return per


def province_buildings(s: WinterborneState, p: int) -> list[tuple[int, int, int]]:
    """Per province with a building: its colour, its buildings and its sections."""
    sections = section_colours(s, p)
    buildings = [0] * 6
    for sec, b in enumerate(s.buildings[p]):
        if b:
            buildings[s.sections[p][sec]] += 1
    return [(colour, b, n) for colour, (b, n) in enumerate(zip(buildings, sections,
                                                                 strict=True)) if b]


def building_points(s: WinterborneState, p: int) -> int:
    """Per province: buildings × province sections of that colour."""
    return sum(b * n for _, b, n in province_buildings(s, p))


def wylds_count(s: WinterborneState, p: int, orbs: bool) -> int:
    """Wylds cards in the reserve; the Orb "counts as a Wylds card when scoring ...
    yellow allies"."""
    n = sum(1 for c in s.reserve[p] if WB.cards[c].type == "wylds")
    if orbs:
        n += sum(1 for c in owned(s, p) if WB.cards[c].scoring == "orb")
    return n


def settlements_built(s: WinterborneState, p: int) -> int:
    return sum(min(r, 2) for r in s.rows[p])


def churches_built(s: WinterborneState, p: int) -> int:
    return sum(1 for r in s.rows[p] if r == 3)


def deck_size(s: WinterborneState, p: int) -> int:
    """Cards of the personal deck: everything owned except the Wylds."""
    return sum(1 for c in owned(s, p) if WB.cards[c].type != "wylds")


def ally_score(s: WinterborneState, p: int, a: int) -> int:
    """What ally ``a`` of seat ``p`` scores ("Scoring Allies", card by card): its points
    for every ``per`` things it counts ("1 point for every 2 settlements"; ``params``)."""
    ally = WB.allies[a]
    if ally.scoring == "wylds":
        counted = wylds_count(s, p, orbs=True)
    elif ally.scoring == "settlements":
        counted = settlements_built(s, p)
    elif ally.scoring == "deck":
        counted = deck_size(s, p)
    else:
        counted = 1  # a flat score
    return s.params.ally_vp[a] * (counted // s.params.ally_per[a])


def ally_points(s: WinterborneState, p: int) -> int:
    return sum(ally_score(s, p, a) for a in s.allies[p])


def conquered_colours(s: WinterborneState, p: int) -> list[int]:
    return [c for c in s.sections[p][6:] if c >= 0]


def banner_scores(s: WinterborneState, p: int) -> list[tuple[int, int]]:
    """Each banner card seat ``p`` owns with what it scores ("Banner Card Sets")."""
    cards = owned(s, p)
    banners = [c for c in cards if WB.cards[c].type == "banner"]
    types = {WB.cards[c].type for c in cards if WB.cards[c].type in
             ("provision", "treasure", "weapon", "banner", "wylds")}
    tiles = conquered_colours(s, p)
    names = WB.colours
    vp = s.params.banner_vp  # per thing counted: "score 2 points for each winter round ..."
    out = []
    for c in banners:
        code = WB.cards[c].scoring
        counted = 0
        if code == "mask-types":
            counted = len(types)
        elif code == "bag-unconquered":
            counted = sum(1 for colour in s.sections[p][6:] if colour < 0)
        elif code == "bag-unused-winter":
            counted = s.params.winter_rounds - sum(s.power_used[p])
        elif code == "bag-unbuilt-churches":
            counted = WB.rows - churches_built(s, p)
        elif code == "book-bbg":
            counted = sum(1 for t in tiles if names[t] in ("black", "blue", "green"))
        elif code == "book-pyr":
            counted = sum(1 for t in tiles if names[t] in ("purple", "yellow", "red"))
        elif code == "book-starter-settlements":
            counted = sum(1 for sec in range(6) if s.buildings[p][sec] == 1)
        elif code == "potion-banners":
            counted = len(banners)
        out.append((c, vp[c] * counted))
    return out


def banner_points(s: WinterborneState, p: int) -> int:
    return sum(points for _, points in banner_scores(s, p))


def sets_points(s: WinterborneState, cards: list[int]) -> int:
    """What ``cards`` score as exploration sets in this game (its table of set points)."""
    counts, runes = _set_counts(cards)
    return set_score(counts, runes, s.params.set_vp)


def favor_points(s: WinterborneState, p: int) -> int:
    """"Each favor token in your supply and on your Winterborne card is worth 1 point"."""
    return s.params.favor_vp * (s.favor[p] + s.favor_card[p])


def resource_points(s: WinterborneState, p: int) -> int:
    """"Every 3 resources is worth 1 point"."""
    return sum(s.res[p]) // s.params.resources_per_vp


def score(s: WinterborneState, p: int) -> Breakdown:
    """Seat ``p``'s score as the game stands (the final score once it is over)."""
    b = Breakdown({
        "allies": ally_points(s, p),
        "buildings": building_points(s, p),
        "sets": sets_points(s, owned(s, p)),
        "banners": banner_points(s, p),
        "favor": favor_points(s, p),
        "resources": resource_points(s, p),
    })
    if s.num_players == 1:
        b.parts["objectives"] = sum(
            s.params.objective_vp[slot] for slot, o in enumerate(s.objectives)
            if objective_met(s, p, WB.objectives[o].letter))
    return b


def scoring_events(s: WinterborneState, p: int) -> list[Event]:
    """Seat ``p``'s final scoring as log events, item by item where the rulebook scores
    item by item (each ally, each banner, each province's buildings, each objective) and
    one event per other category; only what scores. Their ``vp`` add up to ``score``'s
    parts, category by category (``core.testing.check_scoring_events``)."""
    who = w.seat(p)
    out: list[Event] = []

    def add(part: str, vp: int, said: str, item: str | None = None, **args: Arg) -> None:
        if vp:
            out.append(Event(w.MSG(said, None, seat=who, vp=w.vp(vp), **args), kind="score",
                             player=p, vp=vp, category=CATEGORY_TITLES[part], item=item))

    for a in s.allies[p]:
        add("allies", ally_score(s, p, a), "score-ally", WB.allies[a].id, ally=w.ally(a))
    for colour, b, n in province_buildings(s, p):
        add("buildings", b * n, "score-buildings", f"{WB.colours[colour]} province",
            buildings=w.counted(b, "building", "buildings"), province=w.province(colour),
            sections=w.counted(n, "section", "sections"))
    add("sets", sets_points(s, owned(s, p)), "score-sets")
    for c, points in banner_scores(s, p):
        add("banners", points, "score-banner", WB.cards[c].id, card=w.card(c))
    favor = s.favor[p] + s.favor_card[p]
    add("favor", favor_points(s, p), "score-favor", favor=w.favor(favor))
    held = sum(s.res[p])
    add("resources", resource_points(s, p), "score-resources",
        resources=w.counted(held, "resource", "resources"))
    if s.num_players == 1:
        for slot, o in enumerate(s.objectives):
            letter = WB.objectives[o].letter
            if objective_met(s, p, letter):
                add("objectives", s.params.objective_vp[slot], "score-objective",
                    f"objective {letter}", objective=w.objective(letter))
    return out


def balaur_events(s: WinterborneState) -> list[Event]:
    """The Balaur's exploration sets and banners as events of no seat (``player`` None);
    its base score has no category of the seats' breakdown and stays in its total line."""
    b = balaur_score(s).parts
    out = []
    n = sum(1 for c in s.balaur_pile if WB.cards[c].type == "banner")
    said: tuple[tuple[str, Phrase], ...] = (
        ("sets", w.MSG("balaur-score-sets", vp=w.vp(b["sets"]))),
        ("banners", w.MSG("balaur-score-banners", vp=w.vp(b["banners"]),
                          banners=w.counted(n, "banner", "banners"))))
    for part, line in said:
        if b[part]:
            out.append(Event(line, kind="score", vp=b[part], category=CATEGORY_TITLES[part]))
    return out


def score_breakdown(state: State) -> ScoreBreakdown:
    """Each seat's VP by the rulebook's scoring categories (``score``'s parts); in the
    solo game the Balaur, who is no seat, has a row of its own (``balaur_score``), and
    whether it won."""
    # By the game id: the state class sits above this module (its module imports this
    # one), and the spec hands over only its own game's states.
    assert state.game_id == "winterborne"
    s = cast("WinterborneState", state)
    parts = [score(s, p).parts for p in range(s.num_players)]
    if not is_solo(s):
        names = [c for c in CATEGORIES if c in parts[0]]
        return ScoreBreakdown(tuple(CATEGORY_TITLES[c] for c in names),
                              tuple(tuple(part[c] for c in names) for part in parts))
    balaur = balaur_score(s).parts
    names = [c for c in CATEGORIES if c in parts[0] or c in balaur]
    row = tuple(balaur.get(c, 0) for c in names)
    return ScoreBreakdown(tuple(CATEGORY_TITLES[c] for c in names),
                          tuple(tuple(part.get(c, 0) for c in names) for part in parts),
                          others=(OtherRow(BALAUR, row, won=not winners(s)),))


def objective_met(s: WinterborneState, p: int, letter: str) -> bool:
    """The solo objectives A-H (RB "List of Objectives")."""
    if letter == "A":
        return sets_points(s, owned(s, p)) >= 20
    if letter == "B":
        return building_points(s, p) >= 20
    if letter == "C":
        return settlements_built(s, p) == 2 * WB.rows
    if letter == "D":
        return set(conquered_colours(s, p)) == set(range(6))
    if letter == "E":
        return {WB.allies[a].colour for a in s.allies[p]} == set(range(6))
    if letter == "F":
        return sum(1 for c in owned(s, p) if WB.cards[c].type == "banner") >= 3
    if letter == "G":
        return wylds_count(s, p, orbs=False) >= 3
    if letter == "H":
        return all(s.power_used[p])
    raise ValueError(f"no objective {letter!r}")


def balaur_score(s: WinterborneState) -> Breakdown:
    """Exploration sets of its pile, 1 per banner, and the difficulty's base (``params``)."""
    pile = s.balaur_pile
    banners = sum(1 for c in pile if WB.cards[c].type == "banner")
    return Breakdown({
        "sets": sets_points(s, [c for c in pile if WB.cards[c].type != "banner"]),
        "banners": s.params.balaur_vp_per_banner * banners,
        "base": s.params.difficulty(s.difficulty).base,
    })


def tie_break(s: WinterborneState, p: int) -> tuple[int, int, int]:
    """Score, then favor (supply and card), then Wylds cards."""
    return (score(s, p).total, s.favor[p] + s.favor_card[p], wylds_count(s, p, orbs=False))


def winners(s: WinterborneState) -> list[int]:
    """The best by score and tie-breaks ("If still tied, share the victory"); solo: the
    seat if it exceeds the Balaur, else nobody."""
    if s.num_players == 1:
        return [0] if score(s, 0).total > balaur_score(s).total else []
    keys = [tie_break(s, p) for p in range(s.num_players)]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]
