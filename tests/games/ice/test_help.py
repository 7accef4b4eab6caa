"""ICE's rules at hand (data/help.toml plus the texts of the other data files): the
summary, a text for every component id the data defines, near-miss suggestions and the
terminal's `rules` / `help TERM`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wintergames.core.helptext import UnknownTermError
from wintergames.games.ice import SPEC, help_terms
from wintergames.games.ice.actions import KIND_NAMES, STUDY_ITEMS, WORDS
from wintergames.games.ice.components import IC
from wintergames.games.ice.model import DECREE_KINDS, LEVELS, PRISMATIC, TYPES
from wintergames.games.ice.params import DEFAULT
from wintergames.games.ice.payment import Item, pays

RULES = SPEC.rules_help
assert RULES is not None


def _explained(term: str) -> str:
    """The text ``help term`` gives, checked to come back under the term's own spelling
    whatever the case typed."""
    assert RULES is not None
    for typed in (term, term.lower(), term.upper()):
        name, _, text = RULES.explain(typed).partition(": ")
        assert name.lower() == term.lower() and text.strip(), typed
    return RULES.explain(term).partition(": ")[2]


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_every_tile_and_card_id_has_its_text() -> None:
    for tile in IC.tiles:
        text = _explained(tile.id)
        if tile.level == LEVELS.index("snow"):  # a Snow tile: its front's and its back's texts
            assert IC.glossary[f"front:{tile.front}"] in text
            assert IC.glossary[f"back:{tile.back}"] in text
        else:  # an Artifact: its type's effect, its Anima
            kind = "prismatic" if tile.type == PRISMATIC else TYPES[tile.type]
            assert IC.glossary[f"type:{kind}"] in text and f"{tile.anima} Anima" in text
    # Cards in their printed words: help explains the game as printed.
    for cards in (DEFAULT.requests, DEFAULT.decrees, DEFAULT.logbook):
        for card in cards:
            assert _explained(card.id) == card.text and "{" not in card.text


def test_every_event_guild_and_leader_is_explained() -> None:
    for card in DEFAULT.logbook:
        assert _explained(card.event) == card.text
    for guild in IC.guilds:
        for term in (guild.id, guild.leader):
            text = _explained(term)
            assert guild.text in text and guild.leader in text


def test_every_decree_kind_is_explained_by_its_cards() -> None:
    kinds = {d.kind for d in IC.decrees}
    assert kinds == set(DECREE_KINDS)
    for decree in DEFAULT.decrees:
        assert _explained(decree.id) == decree.text


def test_glossary_codes_are_terms_and_clashes_go_one_way() -> None:
    for key, text in IC.glossary.items():
        group, code = key.split(":")
        if group in ("front", "back", "type", "request", "action"):
            assert _explained(code) == text, key
        elif group == "guild":  # the Guild's id gives its board; its ability verb the gist
            assert text in help_terms().values()
    # "study" is the action, "shapes" the Request kind; the Decrees of those kinds are
    # reached by their card ids.
    assert _explained("study") == IC.glossary["action:study"]
    assert _explained("shapes") == IC.glossary["request:shapes"]


def test_notions_tokens_and_verbs_have_texts() -> None:
    for item in STUDY_ITEMS:
        assert "Study token" in _explained(item)
    for word in ("end", "stop", "study", "plan", "overwork", "excavate", "collect",
                 "navigate", "activate", "rebuild", "grapple"):
        assert word in WORDS
        _explained(word)
    for notion in ("EP", "RP", "anima", "azulia", "camp", "archaeologist", "leader",
                   "expedition-leader", "request", "decree", "logbook", "curse", "blessing",
                   "rift", "nunatak", "encampment", "ship's-hold", "fluent"):
        _explained(notion)


def test_every_notation_word_has_a_text() -> None:
    """Every word and action kind the notation uses answers ``help`` (the audit found
    slot, put, follow, choose, pay, take, discard, drop, done, pass and play without)."""
    kinds = [k.strip() for k in KIND_NAMES.split(",") if k.strip() != "word"]
    for word in (*WORDS, *kinds):
        assert _explained(word), word
    # shift has its own text (it used to show the Prismatic type's)
    shift = _explained("shift")
    assert shift != IC.glossary["type:prismatic"] and "slot TYPE" in shift


def test_effect_texts_state_the_rules_as_played() -> None:
    """Texts an audit found wrong against the rulebook and the code; their amounts come
    from setup.toml so the text and the game cannot part again."""
    amounts, g = IC.effects, IC.glossary
    cryo = g["guild:cryoarchitect"]  # also the text of the rebuild verb
    assert "Once a turn" in cryo and "1 EP less" in cryo and "instead of 1 more" in cryo
    assert _explained("rebuild") == cryo
    termites = g["front:polar-termites"]
    assert f"{amounts['termites_discount']} EP less" in termites
    assert "this turn" in termites and "lapses at the end of the turn" in termites
    wreck = g["front:wreck"]
    assert f"{amounts['wreck_ep']} EP (never above {IC.ep_max})" in wreck
    assert f"{amounts['wreck_rp']} RP token" in wreck
    spiders = g["front:white-spiders"]
    most = amounts["spiders_followers"] + amounts["navigator_followers"]
    assert f"up to {amounts['spiders_followers']} Archaeologist" in spiders
    assert f"up to {most} for a Navigator" in spiders and "Rift" in spiders
    assert "Rift" in g["front:boreal-smilodon"]
    rope = g["front:abseiling-rope"]
    assert "together onto one of the three places below" in rope
    assert "face down" in _explained("artifact")


def test_a_trio_request_takes_any_mix_of_its_types() -> None:
    """docs/rules/ice.md once said every item of one Type; the text and the code agree on
    a mix."""
    trio = next(r for r in IC.requests if r.kind == "trio")
    mix = [Item("artifact", 200 + i, t, 1, 1) for i, t in enumerate(trio.types)]
    assert pays(trio, mix) and "any mix" in IC.glossary["request:trio"]
    docs = Path(__file__).resolve().parents[3] / "docs" / "rules" / "ice.md"
    row = next(line for line in docs.read_text(encoding="utf-8").splitlines()
               if line.startswith("| trio"))
    assert "any mix" in row


def test_an_unknown_term_names_a_near_one() -> None:
    assert RULES is not None
    card = IC.requests[0].id  # one letter short: read as the card, saying so
    assert RULES.explain(card[:-1]).startswith(f'{card} (for "{card[:-1]}"): ')
    assert RULES.explain("explosiv rune").startswith('explosive-rune (for "explosiv rune")')
    with pytest.raises(UnknownTermError, match="did you mean"):
        RULES.explain("DEC-")
    # spaces and hyphens alike: the name as a player writes it finds the term
    assert RULES.explain("Explosive Rune") == RULES.explain("explosive-rune")


def _places(text: str, before: str, after: str) -> set[str]:
    """The place ids a help text lists between ``before`` and ``after``."""
    start = text.find(before)
    if start < 0:
        return set()
    part = text[start + len(before):].split(after, 1)[0]
    return set(re.findall(r"\b[ADSTE]\d+\b", part))


def test_every_place_id_says_where_it_lies_and_what_rests_on_it() -> None:
    """``help S30`` explains the place (it suggested the Snow tile SN30). The texts agree
    with each other: a tile on P rests on Q exactly when Q's text lists P above it."""
    ids = [f"{letter}{k}" for letter, count in
           (("T", 48), ("S", 37), ("D", 27), ("E", 45), ("A", 7)) for k in range(1, count + 1)]
    texts = {p: _explained(p) for p in ids}
    assert "SN30" not in texts["S30"] and "Surface layer" in texts["S30"]
    below = {p: _places(t, "rests on ", ".") for p, t in texts.items() if "its tile" in t}
    above = {p: _places(t, "The tile", " rest") for p, t in texts.items()}
    for place, under in below.items():
        assert under, place
        if place[0] in "ST":  # every Surface and top tile rests on three places
            assert len(under) == 3, (place, under)
        for q in under:
            assert place in above[q], f"{place} rests on {q}, but {q} does not say so"
    for place, over in above.items():
        for q in over:
            assert place in below[q], f"{q} rests on {place}, but {q} does not say so"
    assert all(not above[f"T{k}"] for k in range(1, 49))  # nothing rests on the top
    assert all(t.startswith("A board edge") for p, t in texts.items() if p[0] == "E")
