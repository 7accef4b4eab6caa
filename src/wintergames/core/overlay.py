"""What-if overlays: a designer's changes to a game's component values and rule numbers.

A game lists the values an overlay may change as ``Param``s (``GameSpec.overlay``): a
dotted key, its default from the game's data files, its meaning and its bounds. An
overlay travels as the game option ``overlay`` (``OVERLAY``): a mapping of keys to new
values, given as TOML tables or dotted keys. ``GameSpec.validate`` checks it here, so
every entrance (``make``, the arena, the environments, a server table, a replay) refuses
an unknown key or a value out of bounds the same way, and the full options, which runs,
records and snapshots keep, hold it as a flat mapping of the keys it changes, sorted.

>>> schema = OverlaySchema("demo", [
...     Param("effects.forest_lights.vp", 2, "VP a Forest Lights page scores", low=0),
...     Param("scoring.table", (1, 3, 6), "VP for 1, 2 and 3 floes", low=0)])
>>> schema.check({"effects": {"forest_lights": {"vp": "4"}}})
{'effects.forest_lights.vp': 4}
>>> schema.values({"scoring.table": [2, 4, 8]})["scoring.table"]
(2, 4, 8)
>>> try:
...     schema.check({"effects.forest_light.vp": 1})
... except ValueError as err:
...     print(str(err)[:80])
demo's overlay has no key 'effects.forest_light.vp' (did you mean 'effects.fores
"""

from __future__ import annotations

import difflib
import math
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wintergames.core.errors import InvalidOptionError, excerpt

OVERLAY = "overlay"  # the option that carries an overlay

Value = int | float | bool | tuple[int, ...] | tuple[float, ...]


@dataclass(frozen=True)
class Param:
    """One value an overlay may change: a number, a switch or a list of numbers (a scoring
    table), of the type and length of its default, within ``low``..``high``."""

    key: str
    default: Value
    description: str
    low: float | None = None
    high: float | None = None

    def check(self, value: Any) -> Value:
        """``value`` as this parameter's type (text converted), or ``InvalidOptionError``
        naming the key, the value and what is allowed."""
        if isinstance(self.default, tuple):
            if isinstance(value, str):  # from a command line: "1,2,3" or "[1, 2, 3]"
                value = [item for item in value.strip().strip("[]").split(",") if item.strip()]
            items = value if isinstance(value, list | tuple) else None
            if items is None or len(items) != len(self.default):
                raise InvalidOptionError(
                    f"overlay key {self.key!r} is a list of {len(self.default)} numbers "
                    f"({self.description}), not {excerpt(value)}")
            kind = type(self.default[0]) if self.default else int
            return tuple(self._number(item, kind) for item in items)
        if isinstance(self.default, bool):
            return self._switch(value)
        return self._number(value, type(self.default))

    def _switch(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        word = value.strip().lower() if isinstance(value, str) else None
        if word in ("true", "yes", "on"):
            return True
        if word in ("false", "no", "off"):
            return False
        raise InvalidOptionError(
            f"overlay key {self.key!r} is true or false ({self.description}), "
            f"not {excerpt(value)}")

    def _number(self, value: Any, kind: type) -> int | float:
        if isinstance(value, str):
            try:
                value = kind(value.strip())
            except ValueError:
                value = None
        ok = (not isinstance(value, bool) and isinstance(value, int | float)
              and (kind is float or isinstance(value, int))
              and math.isfinite(value))
        if not ok:
            raise InvalidOptionError(
                f"overlay key {self.key!r} takes {'a whole number' if kind is int else 'a number'}"
                f" ({self.description}), not {excerpt(value)}")
        if (self.low is not None and value < self.low) or \
                (self.high is not None and value > self.high):
            raise InvalidOptionError(
                f"overlay key {self.key!r} cannot be {value}; allowed: {self.bounds}")
        return kind(value)

    @property
    def bounds(self) -> str:
        """The allowed range in words: "0 to 10", "at least 0", "any"."""
        if self.low is not None and self.high is not None:
            return f"{_num(self.low)} to {_num(self.high)}"
        if self.low is not None:
            return f"at least {_num(self.low)}"
        if self.high is not None:
            return f"at most {_num(self.high)}"
        return "any"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


class OverlaySchema:
    """Every value of one game an overlay may change, by key."""

    def __init__(self, game: str, params: Iterable[Param]) -> None:
        self.game = game
        self.params: dict[str, Param] = {}
        for param in params:
            if param.key in self.params:
                raise ValueError(f"{game}: overlay key {param.key!r} is listed twice")
            param.check(param.default)  # a default outside its own bounds is a bug here
            self.params[param.key] = param

    def check(self, raw: Any) -> dict[str, Any]:
        """The overlay ``raw`` (tables or dotted keys) as a flat mapping of the keys it
        changes, sorted, each value checked; a key at its default is left out. Its values
        are as JSON keeps them (a list of numbers, not a tuple), so options read back from
        a record or a snapshot equal the options that were written."""
        if not isinstance(raw, Mapping):
            raise InvalidOptionError(
                f"{self.game}'s overlay is a table of keys and values, not {excerpt(raw)}")
        out: dict[str, Any] = {}
        for key, value in sorted(flatten(raw).items()):
            param = self.params.get(key)
            if param is None:
                raise InvalidOptionError(self._unknown(key))
            checked = param.check(value)
            if checked != param.default:
                out[key] = list(checked) if isinstance(checked, tuple) else checked
        return out

    def values(self, overlay: Mapping[str, Any] | None) -> dict[str, Value]:
        """Every key's value with ``overlay`` (checked) applied to the defaults; a list
        of numbers as a tuple."""
        changed = self.check(overlay or {})
        return {key: param.check(changed[key]) if key in changed else param.default
                for key, param in self.params.items()}

    def _unknown(self, key: str) -> str:
        near = difflib.get_close_matches(key, list(self.params), n=1, cutoff=0.8)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        keys = ", ".join(sorted(self.params)) or "none"
        return f"{self.game}'s overlay has no key {excerpt(key, 60)}{hint}; keys: {keys}"


def flatten(tables: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Nested tables as dotted keys: ``{"a": {"b": 1}}`` is ``{"a.b": 1}``.

    >>> flatten({"effects": {"forest_lights": {"vp": 4}}, "stands.refill": 3})
    {'effects.forest_lights.vp': 4, 'stands.refill': 3}
    """
    out: dict[str, Any] = {}
    for key, value in tables.items():
        if not isinstance(key, str):
            raise InvalidOptionError(f"an overlay's keys are names, not {excerpt(key)}")
        dotted = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(flatten(value, dotted + "."))
        elif dotted in out:
            raise InvalidOptionError(f"overlay key {dotted!r} is given twice")
        else:
            out[dotted] = value
    return out


def read_overlay(path: str | Path) -> dict[str, Any]:
    """An overlay file (TOML) as its tables; ``InvalidOptionError`` naming the file and
    what is wrong with it."""
    try:
        return tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise InvalidOptionError(f"cannot read the overlay {str(path)!r}: "
                                 f"{err.strerror or err}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise InvalidOptionError(f"the overlay {str(path)!r} is not TOML: {err}") from None
