"""Winter Queen's what-if overlay (issue 41): each value an overlay may change changes the
game exactly as the rulebook sentence it stands for says, and nothing else.

The expected numbers come from the rulebook's examples and from counting the hand-built
positions here (the counts are in the comments), never from the code under test.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

import wintergames as wg
from tests.games.winter_queen.helpers import act, blank, cell, give_book, put, stand_with
from wintergames.games.winter_queen import SPEC
from wintergames.games.winter_queen.actions import CODEC, TakeBook
from wintergames.games.winter_queen.components import ROYAL, WQ
from wintergames.games.winter_queen.params import PRINTED, params_of
from wintergames.games.winter_queen.scoring import SOURCES
from wintergames.games.winter_queen.state import WinterQueenState, check_invariants

FOREST = "effects.forest_lights.vp_per_neighbour"
ROSE_CHOSEN = "effects.wind_rose.vp_for_chosen_floe"
ROSE_LINES = "effects.wind_rose.vp_per_floe_on_lines"
BORDER = "effects.border_guard.vp_per_edge_floe"
CLOUDS = "effects.magic_clouds.vp_per_group"
PATH = "effects.bright_path.vp_per_floe"
PATH_MOST = "effects.bright_path.max_spaces"
ZONES = "effects.northern_lights.vp_per_zone"
ZONES_MOST = "effects.northern_lights.max_vp"
STAR = "effects.polar_star.vp_per_empty_neighbour"
SECRET_PAGE = "effects.secret_knowledge.vp_for_page_floe"
SECRET_BOOKS = "effects.secret_knowledge.vp_per_floe_on_books"
STAND_VP = "stand_emptied.vp"
MAX_HELD = "spellbooks.max_held"
PER_STACK = "spellbooks.per_stack"
PER_COLOUR = "floes.per_colour"
TOKENS = "royal_tokens.on_board"


def unused(n: int) -> str:
    return f"setup.{n}_players.unused_floes_per_colour"


def per_stand(n: int) -> str:
    return f"setup.{n}_players.floes_per_stand"


# -- the spellbook effects, on the rulebook's examples ------------------------------------


def _forest(s: WinterQueenState) -> None:
    # Maria: Forest Lights (purple) with red; the purple on c2 touches the reds on d2,
    # b2 and c1 (3 VP; a red floe would touch only 1 purple).
    put(s, c2="purple", d2="red", b2="red", c1="red", c4="purple")
    give_book(s, 0, "SB03", a="red")


def _rose(s: WinterQueenState) -> None:
    # Maxim: the green on c3, and 5 greens on its lines (e3, a3, c5, c1, d2): 1 + 5 VP.
    put(s, c3="green", e3="green", a3="green", c5="green", c1="green", d2="green", b2="green")
    give_book(s, 0, "SB06", a="green")


def _border(s: WinterQueenState) -> None:
    # Maxim: reds on the edge spaces a2 and e2 (c3 and b2 are inner): 2 VP.
    put(s, a2="red", e2="red", c3="red", b2="red", a3="green")
    give_book(s, 0, "SB11", a="red")


def _clouds(s: WinterQueenState) -> None:
    # Maxim: greens alone on b1 and a5, and one group c3-d3-d4: 3 VP.
    put(s, b1="green", a5="green", c3="green", d3="green", d4="green", e1="red")
    give_book(s, 0, "SB06", b="green")


def _path(s: WinterQueenState) -> None:
    # Maria: from the purple on a2 east: purple, red, green; the second green stops it: 3 VP.
    put(s, a2="purple", b2="red", c2="green", d2="green", e2="blue")
    give_book(s, 0, "SB07", b="purple")


def _zones(s: WinterQueenState) -> None:
    # Mikhail: green in the red, purple and blue provinces and the royal domain: 4 VP.
    put(s, b1="green", c1="green", a2="green", b4="green", c3="green")
    give_book(s, 0, "SB15", b="green")


def _star(s: WinterQueenState) -> None:
    # Maxim: the purple on a1 touches b1 and a2, both empty: 2 VP.
    put(s, a1="purple")
    give_book(s, 0, "SB09", b="purple")


def _secret(s: WinterQueenState) -> None:
    # Maria chooses Mikhail: 1 for the page, 1 purple on her other book, 2 on his (one
    # placed, one printed on Forest Lights (purple)): 4 VP.
    give_book(s, 0, "SB20", b="purple")
    give_book(s, 0, "SB06", a="purple")
    give_book(s, 1, "SB03", b="purple")
    give_book(s, 2, "SB07", a="red")


@dataclass(frozen=True)
class Scene:
    """A rulebook example: seat 1 uses ``book``, whose one filled page scores ``effect``;
    ``items`` counts, per VP key, the items the example pays for (the printed VP is 1
    each, so they add up to the example's total, ``printed``)."""

    effect: str
    book: str
    build: Callable[[WinterQueenState], None]
    items: dict[str, int]
    printed: int

    def play(self, overlay: dict[str, object]) -> tuple[int, WinterQueenState]:
        """The VP the use gains with ``overlay``, checked to count under its effect."""
        s = blank(3, overlay=overlay)
        self.build(s)
        act(s, f"use {self.book}")
        assert s.vp_by[0][SOURCES.index(self.effect)] == s.vp[0]
        return s.vp[0], s

    def expected(self, key: str, value: int) -> int:
        return sum((value if k == key else 1) * n for k, n in self.items.items())


SCENES = (
    Scene("Forest Lights", "SB03", _forest, {FOREST: 3}, 3),
    Scene("Wind Rose", "SB06", _rose, {ROSE_CHOSEN: 1, ROSE_LINES: 5}, 6),
    Scene("Border Guard", "SB11", _border, {BORDER: 2}, 2),
    Scene("Magic Clouds", "SB06", _clouds, {CLOUDS: 3}, 3),
    Scene("Bright Path", "SB07", _path, {PATH: 3}, 3),
    Scene("Northern Lights", "SB15", _zones, {ZONES: 4}, 4),
    Scene("Polar Star", "SB09", _star, {STAR: 2}, 2),
    Scene("Secret Knowledge", "SB20", _secret, {SECRET_PAGE: 1, SECRET_BOOKS: 3}, 4),
)
# Every effect's keys, with a value other than the printed one for each.
CHANGED = {**{key: 3 for scene in SCENES for key in scene.items}, PATH_MOST: 2, ZONES_MOST: 1}


def prefix(scene: Scene) -> str:
    """The keys of ``scene``'s effect begin with this: ``effects.wind_rose.``."""
    return f"effects.{scene.effect.lower().replace(' ', '_')}."


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.effect)
def test_each_example_scores_as_printed_without_an_overlay(scene: Scene) -> None:
    assert sum(scene.items.values()) == scene.printed
    assert scene.play({})[0] == scene.printed


@pytest.mark.parametrize(("scene", "key"), [(s, k) for s in SCENES for k in s.items
                                            if k != ZONES],
                         ids=lambda v: v if isinstance(v, str) else v.effect)
def test_an_effects_vp_per_item_multiplies_what_it_pays_for(scene: Scene, key: str) -> None:
    for value in (0, 3):
        gained, _ = scene.play({key: value})
        assert gained == scene.expected(key, value), (key, value)


@pytest.mark.parametrize("scene", SCENES, ids=lambda s: s.effect)
def test_the_other_effects_values_leave_an_effect_as_printed(scene: Scene) -> None:
    others = {k: v for k, v in CHANGED.items() if not k.startswith(prefix(scene))}
    assert set(scene.items) <= set(CHANGED) - set(others)
    assert scene.play({**others, STAND_VP: 3})[0] == scene.printed


def test_northern_lights_vp_per_zone_stops_at_its_most() -> None:
    # "Gain 1 VP for each of the 5 zones ... no more than 5 VP": 4 zones in the example.
    zones = SCENES[5]
    assert zones.play({ZONES: 2})[0] == 5  # 8, but no more than 5
    assert zones.play({ZONES: 2, ZONES_MOST: 10})[0] == 8
    assert zones.play({ZONES_MOST: 3})[0] == 3
    assert zones.play({ZONES_MOST: 0})[0] == 0


def test_bright_path_max_spaces_shortens_the_line() -> None:
    assert SCENES[4].play({PATH_MOST: 2})[0] == 2  # purple, red: the line stops there

    def five_colours(overlay: dict[str, object]) -> int:
        s = blank(3, overlay=overlay)
        put(s, a3="red", b3="blue", c3="green", d3="yellow", e3="purple")
        give_book(s, 0, "SB11", b="red")  # Border Guard / Bright Path
        act(s, "use SB11")
        return s.vp[0]

    assert five_colours({}) == 5  # a3 to e3: five distinct colours
    assert five_colours({PATH_MOST: 4}) == 4
    assert five_colours({PATH_MOST: 4, PATH: 2}) == 8


def test_secret_knowledges_reason_gives_the_vp_of_each_part() -> None:
    gained, s = SCENES[7].play({SECRET_BOOKS: 2, SECRET_PAGE: 3})
    assert gained == 3 + 2 * (1 + 2)
    why = next(e for e in s.log if e.kind == "vp")
    assert "chose Player 2: 3 for this page, 2 on own books, 4 on theirs" in why.text


# -- stands, books, floes and tokens -------------------------------------------------------


def _last_floe_explained(s: WinterQueenState) -> str:
    action = CODEC.parse("y1-a2")
    choice = dict(s.choices(0))[action]
    assert choice is not None
    return choice.explain.text


def test_taking_a_stands_last_floe_scores_stand_emptied_vp() -> None:
    # "When you take the last ice floe from a stand, immediately gain 1 VP".
    words: dict[int, str] = {}
    for value in (3, 0, 1):
        s = blank(3, overlay={STAND_VP: value})
        stand_with(s, 0, yellow=1)
        words[value] = _last_floe_explained(s)
        act(s, "y1-a2")
        assert s.vp[0] == value == s.vp_by[0][SOURCES.index("Stands emptied")]
        emptied = next(e for e in s.log if e.kind == "stand-emptied")
        assert emptied.vp == value and f"gains {value} VP" in emptied.text
    # The placement's words are kept by what they say: each overlay gets its own.
    assert "stand 1: +3 VP, and the stand is refilled" in words[3]
    assert "stand 1: +0 VP" in words[0]
    assert "stand 1: +1 VP" in words[1]


def test_max_held_is_the_most_books_a_player_may_hold() -> None:
    # "you may not have more than 3 spellbooks at the same time".
    def place_holding(held: int, overlay: dict[str, object]) -> WinterQueenState:
        s = blank(3, overlay=overlay)
        for book in ("SB01", "SB02", "SB04", "SB05")[:held]:
            give_book(s, 0, book)
        stand_with(s, 0, red=2)
        act(s, "r1-a2")
        return s

    assert place_holding(3, {}).to_move == (1,)  # printed: three books, no fourth
    four = place_holding(3, {MAX_HELD: 4})
    assert four.to_move == (0,)
    assert all(isinstance(a, TakeBook) for a in four.legal_actions())
    act(four, "take " + WQ.provinces[WQ.zone[cell("a2")]])
    assert len(four.books[0]) == 4
    check_invariants(four)
    assert place_holding(1, {MAX_HELD: 1}).to_move == (1,)


def test_the_words_state_the_overlays_most_books() -> None:
    def holding(held: int, overlay: dict[str, object]) -> tuple[str, str]:
        s = blank(3, overlay=overlay)
        for book in ("SB01", "SB02", "SB04")[:held]:
            give_book(s, 0, book)
        stand_with(s, 0, red=2)
        decision = s.decision(0)
        assert decision is not None and decision.limit is not None
        return decision.limit.text, _explained(s, "r1-a2")

    limit, then = holding(1, {MAX_HELD: 1})
    assert limit == "you hold 1 of at most 1 book"
    assert "; you hold 1 book already, so you take none" in then
    limit, then = holding(3, {})  # after the overlay's words: the printed ones, not kept ones
    assert limit == "you hold 3 of at most 3 books"
    assert "; you hold 3 books already, so you take none" in then
    assert holding(3, {MAX_HELD: 4})[0] == "you hold 3 of at most 4 books"


def _explained(s: WinterQueenState, notation: str) -> str:
    choice = dict(s.choices(0))[CODEC.parse(notation)]
    assert choice is not None
    return choice.explain.text


def test_per_stack_deals_shorter_stacks_and_keeps_the_rest_unseen() -> None:
    # Setup 6: "divide them into 4 equal stacks (5 tokens in each)".
    s = wg.make("winter-queen", 3, seed=4, options={"overlay": {PER_STACK: 2}})
    assert isinstance(s, WinterQueenState)
    assert [len(stack) for stack in s.stacks] == [2, 2, 2, 2]
    assert len(s.book_box) == 20 - 4 * 2
    check_invariants(s)  # every book in exactly one place
    view = s.observation(0)
    assert [stack["size"] for stack in view["stacks"]] == [2, 2, 2, 2]
    tops = [stack[-1] for stack in s.stacks]
    boxes = set()
    for k in range(8):
        twin = s.determinize(0, random.Random(k))
        assert twin.observation(0) == view and [st[-1] for st in twin.stacks] == tops
        check_invariants(twin)
        boxes.add(frozenset(twin.book_box))
    assert len(boxes) > 1  # the books in the box are resampled: nobody has seen them


def test_floes_per_colour_and_the_setup_table_by_player_count() -> None:
    # Components: 9 floes of each colour; Setup 3-4: the table's unused floes and floes
    # per stand for 2, 3 and 4 players.
    overlay = {PER_COLOUR: 10, unused(2): 4, per_stand(2): 5, unused(4): 2, per_stand(4): 3}
    expected = {  # players: (floes of each colour in the box, stands x floes, bag after)
        2: (4, [5, 5, 5], 5 * (10 - 4) - 3 * 5),
        3: (1, [4, 4, 4], 5 * (10 - 1) - 3 * 4),  # 3 players as printed
        4: (2, [3, 3, 3, 3], 5 * (10 - 2) - 4 * 3),
    }
    for n, (box, stands, bag) in expected.items():
        s = wg.make("winter-queen", n, seed=n, options={"overlay": overlay})
        assert isinstance(s, WinterQueenState)
        assert s.box == (box,) * 5
        assert [sum(st) for st in s.stands] == stands
        assert sum(s.bag) == bag
        check_invariants(s)  # 5 x 10 floes, every one in one place


def test_an_emptied_stand_is_refilled_with_floes_per_stand() -> None:
    # "place new ice floes from the bag on that stand (... 3 in a 2-player game)".
    s = blank(2, overlay={per_stand(2): 5})
    stand_with(s, 0, red=1)
    act(s, "r1-a2")
    assert sum(s.stands[0]) == 5


def test_royal_tokens_on_board_leaves_the_other_royal_spaces_open() -> None:
    # Setup 5: "put 1 token on each of the 5 spaces ... that show a tower or a palace".
    patterns = set()
    for seed in range(10):
        s = wg.make("winter-queen", 3, seed=seed, options={"overlay": {TOKENS: 2}})
        assert isinstance(s, WinterQueenState)
        laid = [(x, t) for x, t in zip(WQ.royal_cells, s.royal, strict=True) if t >= 0]
        assert len(laid) == 2 and len({t for _, t in laid}) == 2
        for x, t in zip(WQ.royal_cells, s.royal, strict=True):
            depicts = WQ.royal_tokens[t].depicts if t >= 0 else -1
            assert s.board[x] == depicts and s.fixed[x] == (depicts >= 0)
        assert set(s.observation(None)["royal_tokens"]) == {WQ.cell_names[x] for x, _ in laid}
        patterns.add(tuple(x for x, _ in laid))
    assert len(patterns) > 1  # which spaces get a token is drawn


def test_a_royal_space_without_a_token_is_an_open_royal_space() -> None:
    s = wg.make("winter-queen", 3, seed=2,
                options={"first_player": "1", "overlay": {TOKENS: 0}})
    assert isinstance(s, WinterQueenState)
    assert not any(s.fixed) and s.observation(0)["royal_tokens"] == {}
    assert WQ.zone[cell("c3")] == ROYAL
    stand_with(s, 0, red=2)
    act(s, "r1-c3")
    # "When you place an ice floe on such a token, you may take the top spellbook token
    # from the stack of any province."
    assert {a.province for a in s.legal_actions() if isinstance(a, TakeBook)} == \
        {-1, 0, 1, 2, 3}


def test_the_encoding_divides_by_the_overlays_counts() -> None:
    options = SPEC.validate(2, {"overlay": {PER_COLOUR: 18, PER_STACK: 4}})
    encoding = SPEC.observation_encoding
    assert encoding is not None
    s = wg.make("winter-queen", 2, seed=1, options=options)
    assert isinstance(s, WinterQueenState)
    enc = encoding(2, options)
    fields = enc.fields(enc.encode(s.observation(0), 0))
    assert np.allclose(fields["bag"], [n / 18 for n in s.bag])
    assert np.allclose(fields["stack_sizes"], [1.0] * 4)  # 4 of 4 books in each stack


# -- one params object per overlay, the same through every copy -----------------------------


def test_a_game_reads_its_params_once_and_shares_them() -> None:
    overlay = {BORDER: 2, MAX_HELD: 4}
    s = wg.make("winter-queen", 3, seed=1, options={"overlay": overlay})
    assert isinstance(s, WinterQueenState)
    assert (s.params.border_guard_vp, s.params.max_books) == (2, 4)
    assert s.clone().params is s.params
    assert s.determinize(1, random.Random(1)).params is s.params
    again = wg.make("winter-queen", 4, seed=2, options={"overlay": dict(overlay)})
    assert isinstance(again, WinterQueenState) and again.params is s.params
    loaded = wg.state_from_json(s.to_json())
    assert isinstance(loaded, WinterQueenState) and loaded.params is s.params
    assert wg.make("winter-queen", 3, seed=1).params is PRINTED  # type: ignore[attr-defined]
    assert params_of({"overlay": {BORDER: 1}}) is PRINTED  # the default changes nothing


def test_nested_tables_and_text_values_are_read_as_dotted_keys() -> None:
    s = wg.make("winter-queen", 2, seed=1, options={"overlay": {
        "effects": {"border_guard": {"vp_per_edge_floe": "2"}}, "setup.2_players": {
            "floes_per_stand": 4}}})
    assert s.options["overlay"] == {BORDER: 2, per_stand(2): 4}


@pytest.mark.parametrize(("overlay", "said"), [
    ({"effects.border_guard.vp_per_edge": 2},
     "no key 'effects.border_guard.vp_per_edge' (did you mean "
     "'effects.border_guard.vp_per_edge_floe'?)"),
    ({MAX_HELD: 0}, "'spellbooks.max_held' cannot be 0; allowed: 1 to 20"),
    ({PER_COLOUR: "many"}, "'floes.per_colour' takes a whole number"),
    ({PATH_MOST: 6}, "'effects.bright_path.max_spaces' cannot be 6; allowed: 1 to 5"),
    ({unused(3): 1.5}, "'setup.3_players.unused_floes_per_colour' takes a whole number"),
])
def test_a_bad_key_or_value_is_refused_naming_the_key(overlay: dict[str, object],
                                                      said: str) -> None:
    with pytest.raises(wg.InvalidOptionError) as refused:
        wg.make("winter-queen", 3, seed=1, options={"overlay": overlay})
    assert said in str(refused.value)


# -- what a seat sees and a bot decides depend on what it may see ---------------------------


def test_view_and_bot_choices_ignore_hidden_books_with_an_overlay() -> None:
    overlay = {PER_STACK: 3, BORDER: 2, MAX_HELD: 4, STAND_VP: 2}
    s = wg.make("winter-queen", 3, seed=6, options={"overlay": overlay})
    assert isinstance(s, WinterQueenState)
    rng = random.Random(6)
    for _ in range(12):
        actions = s.legal_actions()
        s.apply(actions[rng.randrange(len(actions))])
    me = s.to_move[0]
    other = _hidden_changed(s, me)
    assert other.params is s.params
    assert other.observation(me) == s.observation(me)
    for kind, settings in (("greedy", {}), ("ismcts", {"iterations": 60})):
        chosen = [wg.bots.make(kind, seed=3, **settings).choose(state, me)
                  for state in (s, other)]
        assert chosen[0] == chosen[1], kind


def _hidden(s: WinterQueenState) -> object:
    """What no seat has seen: the books under each stack's top, and those in the box."""
    return [st[:-1] for st in s.stacks], s.book_box


def _hidden_changed(s: WinterQueenState, me: int) -> WinterQueenState:
    """A state seat ``me`` cannot tell from ``s`` whose hidden books lie otherwise."""
    for k in range(20):
        other = s.determinize(me, random.Random(k))
        if _hidden(other) != _hidden(s):
            return other
    raise AssertionError("20 determinizations left every hidden book where it was")


def test_the_rules_page_gives_each_keys_default_and_bounds() -> None:
    doc = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "winter-queen.md")
    rows = {cells[1].strip("`"): (cells[2], cells[3])
            for line in doc.read_text(encoding="utf-8").splitlines()
            if line.startswith("| `") and len(cells := [c.strip() for c in line.split("|")]) > 4}
    assert SPEC.overlay is not None
    for key, param in SPEC.overlay.params.items():
        assert rows.get(key) == (str(param.default), param.bounds), key
