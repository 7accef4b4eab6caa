"""Small shared pieces of the games' invariant checks (``GameSpec.check_invariants``).

The checks run after every step in the tests and on every snapshot that is read, so a
field out of its range is named where it happens, not where it later breaks a rule.
"""

from __future__ import annotations


def check_in_range(name: str, value: object, low: int, high: int, meaning: str = "") -> None:
    """``AssertionError`` unless ``value`` is a whole number from ``low`` to ``high``.

    >>> check_in_range("day", 2, 1, 3)
    >>> check_in_range("day", 9, 1, 3, "a day of the game")
    Traceback (most recent call last):
    ...
    AssertionError: day is 9; it is a day of the game, 1 to 3
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        what = f"it is {meaning}, " if meaning else "it is a whole number from "
        raise AssertionError(f"{name} is {value!r}; {what}{low} to {high}")
