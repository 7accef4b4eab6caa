"""The eight spellbook effects.

Each effect gets the board (a colour per space, -1 when empty, depicted floes
included), the colour of the floe on its page and the game's parameters (its VP per
item and its limits, ``params.Params``), and returns the VP with a short reason (a
phrase of the game's messages). Where the rulebook lets the player choose (a floe, a
direction, an opponent) and the choice only decides how many VP are gained, the best
choice is taken and named in the reason.

>>> from wintergames.games.winter_queen.params import PRINTED
>>> board = [-1] * 25
>>> board[5] = board[9] = board[12] = 4   # red on a2, e2 (edge) and c3 (inner)
>>> vp, why = border_guard(board, 4, PRINTED)
>>> vp, why.text
(2, 'a2 and e2')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from wintergames.core.phrases import Mention, Phrase
from wintergames.core.spec import ScoreBreakdown
from wintergames.games.winter_queen.components import EFFECT_TITLES, EFFECTS, WQ, Page
from wintergames.games.winter_queen.params import Params
from wintergames.games.winter_queen.words import MSG, amount, floe, seat, space, zone
from wintergames.games.winter_queen.words import colour as colour_named

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.winter_queen.state import WinterQueenState

Board = Sequence[int]
Scored = tuple[int, Phrase]
_COLOURS = WQ.colours
_EDGE_CELLS = tuple(x for x in range(WQ.num_cells) if WQ.edge[x])
_DIRECTION_NAMES = ("east", "west", "south-east", "north-west", "north-east", "south-west")

# Where VP come from (``WinterQueenState.vp_by``): each spellbook effect, whether its book
# was used during the game or applied at final scoring, then the VP for taking the last
# floe of a stand. Every VP the rulebook gives is one of these.
SOURCES = (*(EFFECT_TITLES[e] for e in EFFECTS), "Stands emptied")
STAND = len(EFFECTS)


def _floes_of(board: Board, colour: int) -> list[int]:
    return [x for x, c in enumerate(board) if c == colour]


def _best_floe(board: Board, colour: int, value: Callable[[int], int]) -> Scored:
    """The floe of ``colour`` worth most by ``value`` (the first one on a tie)."""
    floes = _floes_of(board, colour)
    if not floes:
        return 0, MSG("no-floe", floe=floe(colour))
    best = max(floes, key=value)
    return value(best), MSG("chose-floe", floe=floe(colour), space=space(best))


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def forest_lights(board: Board, depicted: int, colour: int, params: Params) -> Scored:
    """Pick a floe of either colour; 1 VP per neighbour of the other colour."""
    best = 0
    why = MSG("forest-none", colour=colour_named(depicted), other=colour_named(colour))
    for chosen, other in ((depicted, colour), (colour, depicted)):
        for x in _floes_of(board, chosen):
            near = sum(1 for y in WQ.neighbours[x] if board[y] == other)
            if near > best:
                best = near
                why = MSG("forest-chose", floe=floe(chosen), space=space(x), neighbours=amount(
                    near, "neighbours", _count(near, f"{_COLOURS[other]} neighbour")))
    return best * params.forest_lights_vp, why


def wind_rose(board: Board, colour: int, params: Params) -> Scored:
    """Pick a floe: 1 VP for it and 1 per same-colour floe on its six straight lines."""
    chosen, per_floe = params.wind_rose_chosen_vp, params.wind_rose_line_vp
    return _best_floe(board, colour, lambda x: chosen + per_floe * sum(
        1 for ray in WQ.rays[x] for y in ray if board[y] == colour))


def border_guard(board: Board, colour: int, params: Params) -> Scored:
    """1 VP per floe of the colour on an edge space."""
    hits = [x for x in _EDGE_CELLS if board[x] == colour]
    if not hits:
        return 0, MSG("none-on-edge")
    return len(hits) * params.border_guard_vp, MSG("edge-floes",
                                                   spaces=tuple(space(x) for x in hits))


def magic_clouds(board: Board, colour: int, params: Params) -> Scored:
    """1 VP per single floe or connected group of the colour."""
    seen: set[int] = set()
    groups: list[int] = []
    for start in _floes_of(board, colour):
        if start in seen:
            continue
        seen.add(start)
        todo, size = [start], 0
        while todo:
            x = todo.pop()
            size += 1
            for y in WQ.neighbours[x]:
                if board[y] == colour and y not in seen:
                    seen.add(y)
                    todo.append(y)
        groups.append(size)
    singles = sum(1 for g in groups if g == 1)
    many = len(groups) - singles
    said = MSG("groups", singles=amount(singles, "singles", _count(singles, "single")),
               groups=amount(many, "groups", _count(many, "group")))
    return len(groups) * params.magic_clouds_vp, said


def bright_path(board: Board, colour: int, params: Params) -> Scored:
    """From a floe of the colour, a straight line of adjacent floes of distinct colours
    (at most 5 spaces): 1 VP per floe on it."""
    longest = params.bright_path_max_spaces
    best, why = 0, MSG("no-floe", floe=floe(colour))
    for x in _floes_of(board, colour):
        for d, ray in enumerate(WQ.rays[x]):
            path = [colour]
            for y in ray:
                c = board[y]
                if c < 0 or c in path or len(path) == longest:
                    break
                path.append(c)
            if len(path) > best:
                best = len(path)
                why = MSG("path", space=space(x), direction=_direction(d),
                          colours=tuple(colour_named(c) for c in path))
    return best * params.bright_path_vp, why


def _direction(d: int) -> Mention:
    name = _DIRECTION_NAMES[d]
    return Mention("term", name, name)


def northern_lights(board: Board, colour: int, params: Params) -> Scored:
    """1 VP per zone (4 provinces, royal domain) holding a floe of the colour; at most 5 VP."""
    zones = sorted({WQ.zone[x] for x in _floes_of(board, colour)})
    if not zones:
        return 0, MSG("no-zone")
    gained = min(len(zones) * params.northern_lights_vp, params.northern_lights_max_vp)
    return gained, MSG("zones", zones=tuple(zone(z) for z in zones))


def polar_star(board: Board, colour: int, params: Params) -> Scored:
    """Pick a floe of the colour: 1 VP per empty neighbouring space."""
    per_space = params.polar_star_vp
    return _best_floe(board, colour,
                      lambda x: per_space * sum(1 for y in WQ.neighbours[x] if board[y] < 0))


def book_floes_of(books: list[list[int]], colour: int, skip: tuple[int, int] | None) -> int:
    """Floes of ``colour`` on books: placed, plus depicted on Forest Lights pages."""
    count = 0
    for entry in books:
        pages = WQ.books[entry[0]].pages
        for side in (0, 1):
            if entry[1 + side] == colour and (entry[0], side) != skip:
                count += 1
            if pages[side].depicted == colour:
                count += 1
    return count


def secret_knowledge(
    state: WinterQueenState, player: int, book: int, side: int, colour: int
) -> Scored:
    """1 VP for this page's floe, 1 per other floe of its colour on your and an opponent's
    books. The reason gives the VP of each part, so they add up to the gain."""
    mine = book_floes_of(state.books[player], colour, (book, side))
    theirs, best_rival = -1, -1
    for rival in range(state.num_players):
        if rival != player:
            floes = book_floes_of(state.books[rival], colour, None)
            if floes > theirs:
                theirs, best_rival = floes, rival
    params = state.params
    page_vp, per_floe = params.secret_page_vp, params.secret_book_vp
    return page_vp + per_floe * (mine + theirs), MSG(
        "secret", seat=seat(best_rival), page_vp=page_vp, mine=per_floe * mine,
        theirs=per_floe * theirs)


def score_page(
    state: WinterQueenState, player: int, book: int, side: int, colour: int
) -> Scored:
    """VP and reason for using page ``side`` of ``book`` holding a floe of ``colour``."""
    page: Page = WQ.books[book].pages[side]
    board = state.board
    effect = page.effect
    if effect == "forest-lights":
        return forest_lights(board, page.depicted, colour, state.params)
    if effect == "secret-knowledge":
        return secret_knowledge(state, player, book, side, colour)
    return _BOARD_EFFECTS[effect](board, colour, state.params)


def effect_rule(book: int, side: int) -> str:
    """The rule passage of page ``side`` of ``book``'s effect: ``effect.wind-rose``."""
    return f"effect.{WQ.books[book].pages[side].effect}"


_BOARD_EFFECTS = {
    "wind-rose": wind_rose,
    "border-guard": border_guard,
    "magic-clouds": magic_clouds,
    "bright-path": bright_path,
    "northern-lights": northern_lights,
    "polar-star": polar_star,
}


def source_of(book: int, side: int) -> int:
    """The ``SOURCES`` index of page ``side`` of ``book``: its effect."""
    return EFFECTS.index(WQ.books[book].pages[side].effect)


def score_breakdown(state: State) -> ScoreBreakdown:
    """Each seat's VP per spellbook effect and for emptied stands (``SOURCES``)."""
    assert state.game_id == "winter-queen", state.game_id
    wq = cast("WinterQueenState", state)  # the state module imports this one: no isinstance
    return ScoreBreakdown(SOURCES, tuple(tuple(row) for row in wq.vp_by))
