"""Winter Queen's rules at hand: the summary, a text for every component, the terminal."""

from __future__ import annotations

import pytest

from wintergames.core.helptext import UnknownTermError
from wintergames.games.winter_queen import SPEC
from wintergames.games.winter_queen.components import EFFECT_TITLES, EFFECTS, ROYAL, WQ
from wintergames.games.winter_queen.layout import layout
from wintergames.games.winter_queen.observe import book_view

RULES = SPEC.rules_help


def _flat(text: str) -> str:
    return " ".join(text.split())


def _component_ids() -> list[str]:
    """Every id the game's data defines and its notation, views and layout show."""
    view = layout()
    return [
        *(book.id for book in WQ.books),
        *(page["effect"] for book in range(len(WQ.books)) for page in book_view(book)["pages"]),
        *(page["title"] for book in range(len(WQ.books)) for page in book_view(book)["pages"]),
        *EFFECTS,
        *EFFECT_TITLES.values(),
        *(token.id for token in WQ.royal_tokens),
        *WQ.colours,
        *WQ.provinces,
        *view["provinces"],
        *view["colours"],
        *(cell["cell"] for cell in view["cells"]),
        *(cell["zone"] for cell in view["cells"]),
        WQ.zone_name(ROYAL),
        *WQ.cell_names,
        *(option.name for option in SPEC.options),
    ]


@pytest.mark.parametrize("term", sorted(set(_component_ids())))
def test_every_component_id_is_explained_in_any_case(term: str) -> None:
    assert RULES is not None
    name, text = RULES.lookup(term) or ("", "")
    assert text.strip(), f"no help for {term!r}"
    assert RULES.explain(term.upper()) == RULES.explain(term.lower()) == f"{name}: {text}"


def test_component_texts_follow_the_data() -> None:
    """A book names both its pages, a token its printed colour, a space its zone."""
    assert RULES is not None
    for book in WQ.books:
        text = RULES.explain(book.id)
        assert all(page.title(WQ.colours) in text for page in book.pages)
    for token in WQ.royal_tokens:
        text = RULES.explain(token.id)
        if token.depicts >= 0:
            assert f"printed {WQ.colours[token.depicts]} floe" in text
        else:
            assert "open royal space" in text
    for x, name in enumerate(WQ.cell_names):
        text = RULES.explain(name)
        assert WQ.zone_name(WQ.zone[x]) in text
        assert ("not on the edge" in text) is not WQ.edge[x]
        assert all(WQ.cell_names[y] in text for y in WQ.neighbours[x])
    for effect in EFFECTS:  # the name the terminal shows and the id say the same
        shown, by_id = RULES.lookup(EFFECT_TITLES[effect]), RULES.lookup(effect)
        assert shown is not None and by_id is not None and shown[1] == by_id[1]


def test_the_game_notions_are_explained() -> None:
    assert RULES is not None
    for term in ("VP", "floe", "stand", "bag", "spellbook", "page", "stack", "province",
                 "royal domain", "royal token", "depicted", "Winter Queen token",
                 "final phase", "final scoring", "take", "use", "return", "pass"):
        assert RULES.lookup(term) is not None, term


_WORDS = {0: "no", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


def test_the_setup_summary_gives_the_data_s_counts() -> None:
    """Issue 18 audit: the bag was said to hold 9 floes of each colour in every game. The
    summary gives the box's count per colour, and per player count the floes that stay in
    the box, the bag's size and the stands."""
    assert RULES is not None
    setup = _flat(dict(RULES.summary)["Setup"])
    colours = len(WQ.colours)
    assert f"{WQ.floes_per_colour} floes of each of {_WORDS[colours]} colours" in setup
    for n, table in WQ.setups.items():
        bag = colours * (WQ.floes_per_colour - table.removed_per_colour)
        assert f"({bag})" in setup or f"All {bag} go into the bag with {n} players" in setup, n
        if table.removed_per_colour:
            assert f"{_WORDS[table.removed_per_colour]} of each" in setup
        stands, per = table.stands, table.floes_per_stand
        assert (f"{stands} stands of {per} floes with {n} players" in setup
                or f"{stands} of {per} with {n}" in setup), n


def test_the_texts_say_what_the_code_plays_at_the_end() -> None:
    """Issue 18 audit: a used book is discarded, so the final scoring is no second
    scoring; a stand refills only while the bag has floes; the last round starts with the
    token holder (rules._begin_final_phase)."""
    assert RULES is not None
    book = RULES.explain("spellbook")
    assert "once more" not in book and "nothing is discarded" in book
    stand = RULES.explain("stand")
    assert "while the bag has floes" in stand and "nothing refills it" in stand
    assert "while floes remain" in _flat(dict(RULES.summary)["A turn"])
    for text in (_flat(dict(RULES.summary)["The end"]), RULES.explain("final phase"),
                 RULES.explain("Winter Queen token")):
        assert "one last full round" in text and "plays once more" not in text


def test_an_unknown_term_names_a_near_one() -> None:
    assert RULES is not None
    book = WQ.books[-1].id
    typo = book[:-2] + book[-1]  # "SB20" -> "SB0"
    with pytest.raises(UnknownTermError, match=f"did you mean .*{book}"):
        RULES.explain(typo)
    effect = EFFECTS[0]  # "forest-lights": the singular finds it too
    assert RULES.explain(effect[:-1]) == RULES.explain(effect)
