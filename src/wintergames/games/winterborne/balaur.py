"""The Balaur, the solo game's opponent (RB "Solo Rules").

The Balaur is part of the game, not a seat: its turn runs by itself after the player's.
It draws its top card and aligns the card's character hex with the leftmost free
province hex of its board (green, yellow, blue, purple, red, black); the hex says what
it does, the province where.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.events import Event
from wintergames.core.phrases import Phrase
from wintergames.games.winterborne import words as w
from wintergames.games.winterborne.components import WB
from wintergames.games.winterborne.decks import replenish

if TYPE_CHECKING:
    from wintergames.games.winterborne.state import WinterborneState

SHAMAN, EXPLORER, WARRIOR = 0, 1, 2


def card_character(card: int) -> int:
    """The character hex of a house card (the only thing the Balaur reads)."""
    return next(u.character for u in WB.cards[card].uses if u.kind == "hex")


def balaur_turn(s: WinterborneState) -> None:
    if not s.balaur_deck:
        _reshuffle(s)
    card = s.balaur_deck.pop()
    hexes = [h for h in range(6) if s.balaur_board[h] < 0 and s.balaur_spoils[h] < 0]
    if hexes:
        h = hexes[0]
        s.balaur_board[h] = card
        _act(s, card_character(card), h, w.MSG("balaur-draws", card=w.card(card)))
    else:  # pragma: no cover - six cards, six hexes: a card always finds its hex
        s.balaur_deck.insert(0, card)
    # End of the Balaur's turn.
    for h in range(6):
        if s.balaur_spoils[h] >= 0:
            s.sacked_spoils.append(s.balaur_spoils[h])
            s.balaur_spoils[h] = -1
    if not s.balaur_deck:
        _reshuffle(s)
    replenish(s)


def _reshuffle(s: WinterborneState) -> None:
    """"If the Balaur deck is empty, remove all of the cards from the Balaur board and
    shuffle them to create a new Balaur deck"."""
    s.balaur_deck += [c for c in s.balaur_board if c >= 0]
    s.balaur_board = [-1] * 6
    s.rng.shuffle(s.balaur_deck)
    s.log.append(Event(w.MSG("balaur-shuffles"), kind="balaur"))


def _act(s: WinterborneState, character: int, h: int, line: Phrase) -> None:
    """One Balaur action of ``character`` at province hex ``h`` (chained bonus actions
    follow revealed character spoils); ``line`` is its log line so far, each clause
    holding the line before it."""
    while True:
        province = h
        line = w.MSG("balaur-at", before=line, figure=w.figure(character),
                     province=w.province(province))
        if character == SHAMAN:
            if s.ally_decks[province]:
                ally = s.ally_decks[province].pop()
                s.removed_allies.append(ally)
                line = w.MSG("balaur-ally", before=line, ally=w.ally(ally))
        elif character == EXPLORER:
            card = s.explore_slot[province]
            if card >= 0:
                s.explore_slot[province] = -1
                s.balaur_pile.append(card)
                line = w.MSG("balaur-card", before=line, card=w.card(card))
        else:
            if s.conquer_left[province] > 0:
                s.conquer_left[province] -= 1
                s.solo_conquered += 1
                line = w.MSG("balaur-tile", before=line)
            line, bonus = _reveal(s, province, h, line)
            if bonus is not None:
                character, h = bonus
                continue
        break
    s.log.append(Event(line, kind="balaur"))


def _reveal(s: WinterborneState, province: int, h: int,
            line: Phrase) -> tuple[Phrase, tuple[int, int] | None]:
    """Reveal a spoils of ``province``: a character tile gives a bonus action at the next
    province hex; anything else is removed from the game and ends the turn. The line
    goes on with what was found."""
    if not s.prov_spoils[province]:
        return w.MSG("balaur-no-spoils", before=line), None
    tile = s.prov_spoils[province].pop()
    spoils = WB.spoils[tile]
    line = w.MSG("balaur-reveals", before=line, spoils=w.spoils(tile))
    if spoils.kind != "hex":
        s.sacked_spoils.append(tile)
        return line, None
    nxt = next((k for k in range(h + 1, 6)
                if s.balaur_board[k] < 0 and s.balaur_spoils[k] < 0), None)
    if nxt is None:
        # No province hex is left to align the bonus with: the chain ends here.
        s.sacked_spoils.append(tile)
        return w.MSG("balaur-no-hex", before=line), None
    s.balaur_spoils[nxt] = tile
    return line, (spoils.character, nxt)
