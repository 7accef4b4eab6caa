"""Each bot setting's type and range, declared once per kind (``Bot.SETTINGS``).

Every setting has a lower and an upper limit, so no setting can make a bot think for
hours or fill the memory; ``check`` refuses anything else with an ``InvalidOptionError``
naming the bot, the setting, what is allowed and a short excerpt of the value.

>>> try:
...     check("ismcts", {"depth": Setting("whole", 0, 200, none=True)}, {"depth": 1e9})
... except InvalidOptionError as err:
...     print(err)
bot 'ismcts': depth is a whole number from 0 to 200, or none; not 1000000000.0
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from wintergames.core.errors import InvalidOptionError, excerpt

EXCERPT = 40  # at most this many characters of a refused value are quoted


@dataclass(frozen=True)
class Setting:
    """One bot setting: ``whole`` (int), ``number`` (int or float), ``choice`` (one of
    ``choices``) or ``flag`` (a bool); numbers lie in [``low``, ``high``], and ``none``
    also allows None. ``about`` says in a sentence what it changes (the lobby shows it)."""

    type: Literal["whole", "number", "choice", "flag"]
    low: float = 0
    high: float = 0
    none: bool = False
    choices: tuple[str, ...] = ()
    about: str = ""

    def allowed(self, value: object) -> bool:
        if value is None:
            return self.none
        if self.type == "flag":
            return isinstance(value, bool)
        if self.type == "choice":
            return isinstance(value, str) and value in self.choices
        if isinstance(value, bool):
            return False  # True is not the number 1
        if self.type == "whole" and not isinstance(value, int):
            return False
        if not isinstance(value, int | float):
            return False
        if isinstance(value, float) and not math.isfinite(value):
            return False  # NaN and infinities (a huge int is compared exactly, below)
        return self.low <= value <= self.high

    def rule(self) -> str:
        """What is allowed, in words."""
        if self.type == "flag":
            text = "true or false"
        elif self.type == "choice":
            text = " or ".join(map(repr, self.choices))
        else:
            noun = "a whole number" if self.type == "whole" else "a number"
            text = f"{noun} from {_number(self.low)} to {_number(self.high)}"
        return text + (", or none" if self.none else "")

    def limits(self) -> dict[str, Any]:
        """The range as data (for lobbies): type, min and max or choices, and none."""
        out: dict[str, Any] = {"type": {"whole": "integer", "number": "number",
                                        "choice": "choice", "flag": "boolean"}[self.type]}
        if self.type in ("whole", "number"):
            out["min"], out["max"] = self.low, self.high
        if self.type == "choice":
            out["choices"] = list(self.choices)
        out["none"] = self.none
        return out


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def check(kind: str, table: Mapping[str, Setting], settings: Mapping[str, Any],
          subject: str | None = None) -> None:
    """``InvalidOptionError`` unless every setting is one of ``table`` and allowed by it.

    ``subject`` names what is set in the messages (``bot 'kind'`` by default; the game
    review's budget is checked here too). A seed is never a bot setting: a table seeds
    its bots itself (and the command line takes ``kind:seed=N`` apart before the settings
    are checked); it is refused unless ``table`` has it.
    """
    what = f"bot {kind!r}" if subject is None else subject
    names = ", ".join(sorted(table)) or "none"
    if "seed" in settings and "seed" not in table:
        raise InvalidOptionError(
            f"{what} has no setting 'seed'; settings: {names} "
            "(a table seeds its bots itself)")
    unknown = sorted(str(name) for name in settings if name not in table)
    if unknown:
        noun = "setting" if len(unknown) == 1 else "settings"
        shown = ", ".join(excerpt(name, EXCERPT) for name in unknown[:5])
        more = f" and {len(unknown) - 5} more" if len(unknown) > 5 else ""
        raise InvalidOptionError(f"{what} has no {noun} {shown}{more}; settings: {names}")
    for name, value in settings.items():
        setting = table[name]
        if not setting.allowed(value):
            raise InvalidOptionError(
                f"{what}: {name} is {setting.rule()}; not {excerpt(value, EXCERPT)}")
