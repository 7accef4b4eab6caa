"""The Logbook (RB "Logbook Cards"): a card revealed at each Sunrise from Day 2."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action
from wintergames.core.events import Event
from wintergames.games.ice.components import IC

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState


def reveal(s: IceState) -> None:
    if not s.logbook_deck:
        return
    card = s.logbook_deck.pop()
    s.log.append(Event(f"Logbook: {IC.logbook[card].id}.", kind="logbook"))
    raise NotImplementedError(IC.logbook[card].event)


def options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    raise NotImplementedError(frame)


def resolve(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    raise NotImplementedError(frame)
