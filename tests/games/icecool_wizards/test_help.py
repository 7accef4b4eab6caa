"""ICECOOL Wizards' rules at hand: the summary and a ``help`` text for every component,
checked against the component data (every id the notation and the views show)."""

from __future__ import annotations

import tomllib

import pytest

from wintergames.core.helptext import RulesHelp, UnknownTermError
from wintergames.games.icecool_wizards import SPEC, component_terms
from wintergames.games.icecool_wizards.actions import NOTATION_HELP
from wintergames.games.icecool_wizards.cards import exam_title
from wintergames.games.icecool_wizards.components import DATA, IW

from .helpers import after_flick, game, give, refused


def rules() -> RulesHelp:
    assert SPEC.rules_help is not None
    return SPEC.rules_help


def elements() -> list[str]:
    return sorted({kind.element for kind in IW.types if kind.element})


def exam_key(exam: int) -> str:
    """The id the log and the terminal give an exam card: ``exam F+H`` of "exam F+H (6
    points)"."""
    return exam_title(exam, 0).split(" (")[0]


def component_ids() -> list[str]:
    """Every id the notation, terminal view and layout JSON show for a component."""
    return [
        *(IW.type_name(t) for t in range(len(IW.types))),  # F, F-wind ... (cast, trade)
        *IW.icons,  # collect star; layout "icons"
        *elements(),  # the notation help's "wind = extra flick"
        *(exam_key(e) for e in range(len(IW.exams))),
        *IW.room_names,  # layout "rooms"
        *(d.id for d in IW.table.doorways),  # layout "doorways"
        *IW.exam_spaces,  # exam X3 ...; the map's X1..X6
    ]


@pytest.mark.parametrize("term", component_ids())
def test_every_component_is_explained_in_any_case(term: str) -> None:
    assert term in rules().terms
    for typed in (term, term.lower(), term.upper(), f"  {term.swapcase()} "):
        assert rules().explain(typed) == f"{term}: {rules().terms[term]}"


def test_the_game_notions_a_newcomer_asks_about_are_explained() -> None:
    for notion in ("lesson", "spell", "exam", "classroom", "doorway", "flick", "relocate",
                   "white line", "trade", "collect", "cast", "discard", "magic points"):
        assert rules().lookup(notion) is not None, notion


def test_every_word_of_the_notation_is_explained() -> None:
    """Each word the notation help shows (flick, relocate, cast, collect, exam, trade,
    give, take, discard, down, done) answers help."""
    words = {"flick", "relocate", "cast", "collect", "exam", "trade", "give", "take",
             "discard", "down", "done"}
    shown = {line.split()[0] for line in NOTATION_HELP.splitlines()[1:]
             if line.startswith("  ") and not line.startswith("   ")}  # one per entry
    assert shown - {"lesson"} <= words, shown - words
    for word in words:
        assert word in NOTATION_HELP and rules().lookup(word) is not None, word


def test_the_summary_gives_the_decks_and_the_spells_from_the_data() -> None:
    """Issue 18 audit: the summary gave neither the deck sizes (the exam deck running out
    ends the game) nor what the spells do, and said nothing of how an exam is paid."""
    summary = {title: " ".join(text.split()) for title, text in rules().summary}
    spells = sum(1 for card in IW.deck if IW.types[card].element)
    assert (f"The lesson deck has {len(IW.deck)} cards, {spells} of them spells (that split "
            f"is our reconstruction); the exam deck has {len(IW.exams)}") in summary["Setup"]
    for element in elements():
        assert f"{element.capitalize()}" in summary["Goal"], element
    assert "one face-up lesson per icon" in summary["A turn"]
    assert "Water card pays any icon" in summary["A turn"]


def test_a_trade_is_for_a_lesson_of_another_type_as_its_text_says() -> None:
    """The trade text said 'a different face-up lesson': only another type is offered
    (a swap of one type changes nothing), and F and F-wind are different types."""
    assert "of another type" in rules().explain("trade")
    s = game(2)
    give(s, 0, "F", "F-wind")
    give(s, 1, "F", "H")
    after_flick(s, bumped=(1,))
    trades = sorted(str(a) for a in s.legal_actions() if a.kind == "trade")
    assert trades == ["trade 2 give F take H", "trade 2 give F-wind take F",
                      "trade 2 give F-wind take H"]
    refused(s, "trade 2 give F take F", "of another type", "trade")


def test_texts_follow_the_component_data() -> None:
    terms = rules().terms
    written = tomllib.loads((DATA / "help.toml").read_text(encoding="utf-8"))["terms"]
    for t, kind in enumerate(IW.types):
        text = terms[IW.type_name(t)]
        assert f"{IW.deck.count(t)} of the {len(IW.deck)} lesson cards" in text
        assert IW.icon_names[kind.icon] in text
        if kind.element:  # a spell card tells what its spell does, from help.toml
            assert text.endswith(written[kind.element])
        else:
            assert "no spell" in text
    for e, exam in enumerate(IW.exams):
        text = terms[exam_key(e)]
        assert f"{exam.points} Magic Points" in text
        assert f"{IW.exams.count(exam)} of the {len(IW.exams)} exam cards" in text
        assert all(IW.icon_names[i] in text for i in exam.icons)
    for place in IW.places:  # a doorway's card is said to lie across that doorway
        if place.doorway:
            assert IW.icon_names[place.icon] in terms[place.doorway]
            assert f"across doorway {place.doorway}" in terms[IW.icons[place.icon]]
        else:
            assert IW.room_names[place.room] in terms[IW.icons[place.icon]]


def test_component_terms_are_built_not_written_twice() -> None:
    written = tomllib.loads((DATA / "help.toml").read_text(encoding="utf-8"))["terms"]
    built = component_terms(written)
    assert not set(built) & set(written)
    assert set(rules().terms) == set(built) | set(written)


def test_an_unknown_term_suggests_the_nearest() -> None:
    spell = next(IW.type_name(t) for t, kind in enumerate(IW.types) if kind.element)
    typo = spell[:-1]  # "F-win": the one term that near, read as it
    assert rules().explain(typo).startswith(f'{spell} (for "{typo}"): ')
    with pytest.raises(UnknownTermError, match=r"ICECOOL Wizards has no help for 'zzqq'"):
        rules().explain("zzqq")
