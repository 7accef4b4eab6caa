"""The one check of a seat number that reaches the engine from outside.

Seats are whole numbers from 0 to ``num_players - 1``. Python would let ``True`` stand
for seat 1, ``1.0`` compare equal to it and ``-1`` index the last seat, so each of them
would be taken for a seat somewhere and fail (or, worse, answer) elsewhere; here they
are refused before anything reads them.

>>> check_seat(1, 3)
1
>>> check_seat(None, 3, spectator=True) is None
True
>>> check_seat(-1, 3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
wintergames.core.errors.InvalidSeatError: a seat is a whole number from 0 to 2 ..., not -1
"""

from __future__ import annotations

from typing import overload

from wintergames.core.errors import InvalidSeatError, excerpt


@overload
def check_seat(player: object, num_players: int) -> int: ...


@overload
def check_seat(player: object, num_players: int, *, spectator: bool) -> int | None: ...


def check_seat(player: object, num_players: int, *, spectator: bool = False) -> int | None:
    """``player`` if it is a seat of a ``num_players`` game (``None`` where a spectator
    may ask), else ``InvalidSeatError`` saying what a seat is."""
    if player is None and spectator:
        return None
    if isinstance(player, int) and not isinstance(player, bool) \
            and 0 <= player < num_players:
        return player
    who = " (or None for a spectator)" if spectator else ""
    raise InvalidSeatError(
        f"a seat is a whole number from 0 to {num_players - 1} in a {num_players}-player "
        f"game{who}, not {excerpt(player)}")
