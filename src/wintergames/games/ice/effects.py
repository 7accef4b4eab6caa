"""Snow tile fronts (RB "Snow Tiles: Front"). Being written: see issue 17."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState


def playable(s: IceState, p: int) -> list[Action]:
    return []


def handles(action: Action) -> bool:
    return False


def play(s: IceState, p: int, action: Action) -> None:
    raise NotImplementedError(action)


def options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    raise NotImplementedError(frame)


def resolve(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    raise NotImplementedError(frame)
