"""Artifact effects and guild abilities. Being written: see issue 17."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.core.actions import Action

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState


def available(s: IceState, p: int) -> list[Action]:
    return []


def use(s: IceState, p: int, action: Action) -> None:
    raise NotImplementedError(action)


def effect_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    raise NotImplementedError(frame)


def resolve_effect(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    raise NotImplementedError(frame)


def ability_options(s: IceState, frame: tuple[int, ...]) -> list[Action]:
    raise NotImplementedError(frame)


def resolve_ability(s: IceState, frame: tuple[int, ...], action: Action) -> None:
    raise NotImplementedError(frame)
