"""Bots: ``wintergames.bots.make(kind, seed=..., **settings)``.

>>> import wintergames as wg
>>> wg.bots.kinds()
['flick', 'greedy', 'ismcts', 'random']
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

from wintergames.bots.base import Bot
from wintergames.bots.greedy import FlickBot, GreedyBot
from wintergames.bots.ismcts import IsmctsBot
from wintergames.bots.limits import EXCERPT, Setting, check
from wintergames.bots.random_bot import RandomBot
from wintergames.core.errors import InvalidOptionError, excerpt
from wintergames.core.registry import available_games
from wintergames.core.spec import GameSpec

_KINDS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": IsmctsBot,
    "flick": FlickBot,
}


def kinds() -> list[str]:
    return sorted(_KINDS)


def kinds_for(spec: GameSpec) -> list[str]:
    """The bot kinds that can play the game of ``spec`` (each kind declares it).

    >>> import wintergames as wg
    >>> kinds_for(wg.get_spec("winter-queen")), "flick" in kinds_for(wg.get_spec("icecool-wizards"))
    (['greedy', 'ismcts', 'random'], True)
    """
    return [kind for kind in kinds() if _KINDS[kind].plays(spec)]


def check_game(kind: str, spec: GameSpec) -> None:
    """``InvalidOptionError`` if the bot ``kind`` (a known one) cannot play ``spec``'s game,
    saying why, which games it plays and which kinds play this one."""
    factory = _KINDS[kind]
    if factory.plays(spec):
        return
    games = [other.title for other in available_games() if factory.plays(other)]
    raise InvalidOptionError(
        f"bot {kind!r} cannot play {spec.title}: {factory.NEEDS} (it plays "
        f"{', '.join(games) or 'no game here'}); bots for {spec.title}: "
        f"{', '.join(kinds_for(spec))}")


def check_seat(kind: str, settings: Mapping[str, Any], spec: GameSpec) -> None:
    """The one check of a bot seat, for the server's tables and the command line's
    ``--players`` alike: a known kind, allowed settings, and a game the kind can play."""
    check_settings(kind, settings)
    check_game(kind, spec)


def _settings(factory: type[Bot]) -> dict[str, Any]:
    """A kind's settings and their defaults, read from its constructor (``seed`` is not one:
    it is passed apart, and a table seeds its bots itself)."""
    return {name: p.default for name, p in inspect.signature(factory).parameters.items()
            if name != "seed" and p.default is not inspect.Parameter.empty}


def describe() -> list[dict[str, Any]]:
    """Every bot kind with its settings, their defaults and their limits (for lobbies and
    help).

    >>> ismcts = next(d for d in describe() if d["kind"] == "ismcts")
    >>> ismcts["settings"]["iterations"], ismcts["limits"]["iterations"]
    (1000, {'type': 'integer', 'min': 1, 'max': 100000, 'none': False})
    >>> ismcts["limits"]["rollout"]
    {'type': 'choice', 'choices': ['random', 'heuristic'], 'none': False}
    """
    described = []
    for kind in kinds():
        factory = _KINDS[kind]
        doc = (inspect.getdoc(factory) or "").splitlines()
        described.append({"kind": kind, "settings": _settings(factory),
                          "limits": {name: setting.limits()
                                     for name, setting in factory.SETTINGS.items()},
                          "summary": doc[0] if doc else "",
                          # for players: what the kind does, each setting, which games
                          "about": factory.ABOUT,
                          "setting_about": {name: setting.about
                                            for name, setting in factory.SETTINGS.items()},
                          "games": [spec.id for spec in available_games()
                                    if factory.plays(spec)]})
    return described


def check_settings(kind: str, settings: Mapping[str, Any]) -> None:
    """``InvalidOptionError`` naming what is allowed if ``kind`` is unknown, or a setting's
    name, type or value is not allowed (``seed`` is never a setting: a table seeds its
    bots itself). The server and the command line check a seat with it before making it.

    >>> check_settings("random", {"depth": 3})
    Traceback (most recent call last):
    ...
    wintergames.core.errors.InvalidOptionError: bot 'random' has no setting 'depth'; settings: none
    >>> try:
    ...     check_settings("greedy", {"samples": 10**9})
    ... except InvalidOptionError as err:
    ...     print(err)
    bot 'greedy': samples is a whole number from 1 to 16; not 1000000000
    """
    factory = _KINDS.get(kind) if isinstance(kind, str) else None
    if factory is None:
        raise InvalidOptionError(
            f"no bot kind {excerpt(kind, EXCERPT)}; kinds: {', '.join(kinds())}")
    check(kind, factory.SETTINGS, settings)


def make(kind: str, seed: int | None = None, **settings: Any) -> Bot:
    """A new bot of ``kind``; an unknown kind, or a setting ``check_settings`` refuses,
    raises ``InvalidOptionError`` (each constructor checks its values again)."""
    check_settings(kind, settings)
    factory: Callable[..., Bot] = _KINDS[kind]
    return factory(seed=seed, **settings)


def settings_from_text(text: str) -> dict[str, Any]:
    """``key=value;key=value`` as a dict: numbers, ``true``/``false``, ``none`` converted.

    >>> settings_from_text("iterations=2000;depth=none;rollout=heuristic")
    {'iterations': 2000, 'depth': None, 'rollout': 'heuristic'}
    """
    settings: dict[str, Any] = {}
    for item in filter(str.strip, text.split(";")):
        key, eq, value = (part.strip() for part in item.partition("="))
        if not eq or not key:
            raise InvalidOptionError(
                f"bot setting {excerpt(item.strip(), EXCERPT)} must look like key=value")
        if key in settings:  # the later one would silently win
            raise InvalidOptionError(f"bot setting {excerpt(key, EXCERPT)} is given twice")
        settings[key] = _value(value)
    return settings


def _value(text: str) -> Any:
    words = {"none": None, "true": True, "false": False}
    if text.lower() in words:
        return words[text.lower()]
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            continue
    return text


def from_text(text: str, seed: int | None = None) -> Bot:
    """A bot from ``kind`` or ``kind:key=value;...``; a ``seed`` setting wins over ``seed``.

    Settings are checked by ``check_settings`` like the server's, and the seed taken apart
    from them is a whole number:

    >>> for text in ("random:depth=5", "random:seed=abc", "greedy:samples=2;samples=3"):
    ...     try:
    ...         from_text(text)
    ...     except InvalidOptionError as err:
    ...         print(err)
    bot 'random' has no setting 'depth'; settings: none
    bot 'random': seed is a whole number; not 'abc'
    bot setting 'samples' is given twice
    """
    kind, _, rest = text.partition(":")
    kind = kind.strip()
    settings = settings_from_text(rest)
    check_settings(kind, {k: v for k, v in settings.items() if k != "seed"})
    if "seed" in settings:
        own = settings.pop("seed")
        # random.Random takes text or a float too, but a seed is typed to be reproduced
        # elsewhere (the server, a benchmark), where only a whole number means the same.
        if isinstance(own, bool) or not isinstance(own, int):
            raise InvalidOptionError(
                f"bot {kind!r}: seed is a whole number; not {excerpt(own, EXCERPT)}")
        seed = own
    return make(kind, seed=seed, **settings)


__all__ = ["Bot", "FlickBot", "GreedyBot", "IsmctsBot", "RandomBot", "Setting", "check_game",
           "check_seat", "check_settings", "describe", "from_text", "kinds", "kinds_for", "make",
           "settings_from_text"]
