"""Entrants: whatever may play a seat where a bot plays. One loader serves the Gymnasium
environment's ``opponents`` and the arena's ``--bots``, so both accept the same things:

- one of our bot kinds by name, with settings: ``"greedy"``, ``"ismcts:iterations=200"``;
- an entry point ``"package.module:factory"``: the module is imported, ``factory`` (a
  dotted attribute path, so ``Class.create`` works too) is read from it and called as
  ``factory(seed=seed)``: one keyword argument, the seat's seed, a whole number that the
  caller derives afresh for every seat of every game. A bot class whose constructor takes
  ``seed`` is such a factory. What it returns is the bot;
- (in Python) an object with the bot interface, used as it is: its randomness is its own.

The bot interface is ``choose(state, player)``, or ``choose(state, player, deadline)``
(see ``bots.base``), returning one of ``state.legal_actions(player)``. An object that is
no ``Bot`` is wrapped in ``ForeignBot``, so every caller receives a ``Bot``.

A text whose part before the first ``:`` is one of our kinds is always that kind; any
other text of the form ``dotted.name:dotted.name`` is an entry point. An entry point
imports and runs code: only the command line and Python callers take one, never a client
of the server.

>>> load_entrant("random", seed=3).kind
'random'
>>> load_entrant("wintergames.bots.random_bot:RandomBot", seed=3).kind
'random'
>>> try:
...     load_entrant("wintergames.bots.random_bot:Nobody", seed=3)
... except InvalidOptionError as err:
...     print(err)  # doctest: +ELLIPSIS
entry point '...:Nobody': module wintergames.bots.random_bot has no attribute 'Nobody'; ...
"""

from __future__ import annotations

import copy
import importlib
import inspect
from collections.abc import Callable
from typing import Any, Protocol

from wintergames.bots import check_game as check_kind_plays
from wintergames.bots import check_settings as check_kind_settings
from wintergames.bots import from_text, kinds, settings_from_text
from wintergames.bots.base import Bot
from wintergames.bots.limits import EXCERPT
from wintergames.core.actions import Action
from wintergames.core.errors import InvalidOptionError, excerpt
from wintergames.core.spec import GameSpec
from wintergames.core.state import State


class Chooser(Protocol):
    """The bot interface by its shape alone: an object need not be a ``Bot`` to play."""

    def choose(self, state: State, player: int) -> Action: ...


# What an entrant may be: a kind or an entry point by text, a Bot, or any such object.
Entrant = str | Bot | Chooser
INTERFACE = "choose(state, player[, deadline])"


def is_entry_point(text: str) -> bool:
    """Whether ``text`` names an entry point rather than one of our kinds.

    >>> is_entry_point("mypkg.policies:make_bot"), is_entry_point("ismcts:iterations=20")
    (True, False)
    """
    module, colon, path = text.partition(":")
    return (bool(colon) and module.strip() not in kinds()
            and _dotted(module.strip()) and _dotted(path.strip()))


def _dotted(name: str) -> bool:
    return bool(name) and all(part.isidentifier() for part in name.split("."))


def check_entrant(entrant: object, spec: GameSpec | None = None) -> None:
    """Raise what ``load_entrant`` would, short of making the bot (no factory is called):
    an unknown kind or setting, a module or attribute that is not there, a factory that
    takes no ``seed``, an object without the bot interface. With ``spec``, a kind or a
    ``Bot`` that cannot play that game is refused too."""
    if isinstance(entrant, str):
        if is_entry_point(entrant):
            _factory(entrant)
            return
        kind, _, rest = entrant.partition(":")
        _check_kind(kind.strip())
        check_kind_settings(kind.strip(), settings_from_text(rest))
        if spec is not None:
            check_kind_plays(kind.strip(), spec)
        return
    bot = _as_bot(entrant, "the entrant")
    if spec is not None and not bot.plays(spec):
        raise InvalidOptionError(f"{bot!r} cannot play {spec.title}: {bot.NEEDS}")


def load_entrant(entrant: Entrant, seed: int) -> Bot:
    """The bot of ``entrant`` (a kind, an entry point or a bot object: see the module's
    notes), seeded with ``seed`` where it is made here; ``InvalidOptionError`` naming
    what was wrong otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidOptionError(f"an entrant's seed is a whole number, not {excerpt(seed)}")
    if not isinstance(entrant, str):
        return _as_bot(entrant, "the entrant")
    if not is_entry_point(entrant):
        _check_kind(entrant.partition(":")[0].strip())
        return from_text(entrant, seed=seed)
    made = _factory(entrant)(seed=seed)
    return _as_bot(made, f"entry point {excerpt(entrant, EXCERPT)} returned")


def _check_kind(kind: str) -> None:
    if kind not in kinds():
        raise InvalidOptionError(
            f"no bot kind {excerpt(kind, EXCERPT)}; kinds: {', '.join(kinds())}, or an entry "
            f"point 'module:factory' (a factory called with seed=)")


def _factory(text: str) -> Callable[..., object]:
    """The callable an entry point names, checked to take ``seed=``."""
    shown = excerpt(text, EXCERPT)
    module_name, _, path = (part.strip() for part in text.partition(":"))
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        missing = err.name or ""
        if module_name == missing or module_name.startswith(missing + "."):
            raise InvalidOptionError(
                f"entry point {shown}: no module named {missing!r} (is it installed, or "
                f"its folder on sys.path?)") from None
        raise InvalidOptionError(
            f"entry point {shown}: importing {module_name} failed: {err}") from err
    target: object = module
    for part in path.split("."):
        if not hasattr(target, part):
            raise InvalidOptionError(
                f"entry point {shown}: module {module_name} has no attribute {path!r}; "
                f"callables in it: {_callables(module)}")
        target = getattr(target, part)
    if not callable(target):
        raise InvalidOptionError(
            f"entry point {shown}: {path} is a {type(target).__name__}, not a factory "
            f"(it is called as {path}(seed=...))")
    if not _accepts(target, seed=0):
        raise InvalidOptionError(
            f"entry point {shown}: {path} must take the keyword seed (it is called as "
            f"{path}(seed=...)); its parameters: {_signature(target)}")
    return target


def _callables(module: Any) -> str:
    """The public callables the module itself defines (not those it imports)."""
    names = sorted(name for name, value in vars(module).items()
                   if callable(value) and not name.startswith("_")
                   and getattr(value, "__module__", None) == module.__name__)
    shown = ", ".join(names[:12])
    return (shown + (f", ... ({len(names)} in all)" if len(names) > 12 else "")) or "none"


def _accepts(function: Callable[..., object], *args: object, **kwargs: object) -> bool:
    """Whether ``function`` can be called with these arguments (by its signature; one
    Python cannot read, such as a builtin's, is taken to accept them)."""
    try:
        inspect.signature(function).bind(*args, **kwargs)
    except TypeError:
        return False
    except ValueError:
        return True
    return True


def _signature(function: Callable[..., object]) -> str:
    """The parameters of ``function`` as written, ``(state, player)``."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except ValueError:
        return "(unknown)"
    return "(" + ", ".join(str(p) for p in parameters) + ")"


def _as_bot(thing: object, source: str) -> Bot:
    """``thing`` as a ``Bot``: itself if it is one, wrapped if it has the interface."""
    if isinstance(thing, Bot):
        return thing
    choose = getattr(thing, "choose", None)
    if not callable(choose):
        raise InvalidOptionError(
            f"{source} {excerpt(thing, EXCERPT)} (a {type(thing).__name__}), which lacks the "
            f"bot interface: it has no method {INTERFACE}; an entrant is one of the bot "
            f"kinds ({', '.join(kinds())}), a 'module:factory' entry point or such an object")
    if not _accepts(choose, None, 0):
        raise InvalidOptionError(
            f"{source} a {type(thing).__name__} whose choose{_signature(choose)} cannot be "
            f"called as choose(state, player): the bot interface is {INTERFACE}")
    return ForeignBot(thing)


class ForeignBot(Bot):
    """An object with the bot interface that is no ``Bot``, made one: ``choose`` is the
    object's own (given ``deadline`` if it takes one), ``kind`` and ``searches`` are its
    own if it has them, and ``clone`` is its ``clone()`` or else a deep copy, since a
    copy of an environment must not share the object's state with the original."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.kind = str(getattr(inner, "kind", type(inner).__name__))
        # Unknown means it may take time: a server then never makes quick bots wait on it.
        self.searches = bool(getattr(inner, "searches", True))
        self.takes_deadline = _accepts(inner.choose, None, 0, deadline=None)

    def choose(self, state: State, player: int, deadline: float | None = None) -> Action:
        if self.takes_deadline:
            action: Action = self.inner.choose(state, player, deadline=deadline)
        else:
            action = self.inner.choose(state, player)
        return action

    def clone(self) -> ForeignBot:
        own = getattr(self.inner, "clone", None)
        return ForeignBot(own() if callable(own) else copy.deepcopy(self.inner))

    def __repr__(self) -> str:
        return f"<ForeignBot {self.kind}>"
