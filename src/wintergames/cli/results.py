"""How the terminal names seats and says how a game ended (play and replay alike)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from wintergames.core.events import seat_name
from wintergames.core.spec import GameSpec
from wintergames.core.state import State


def typed(value: object) -> str:
    """An option value as it is typed after ``-o name=`` (``true``, not Python's ``True``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def seat_label(player: int, about: Sequence[str]) -> str:
    """``Player 2`` and, when known, who sat there: ``Player 2 (greedy)``, ``Player 1 (Ann)``.

    The log says ``Player N`` throughout, so the number stays first and the name or bot
    kind only helps to tell the seats apart.
    """
    extra = about[player] if player < len(about) else ""
    return f"{seat_name(player)} ({extra})" if extra else seat_name(player)


def result(spec: GameSpec, state: State, about: Sequence[str] = ()) -> Text:
    """The end of a game in two lines: who won, and every seat's score in the game's unit.

    >>> import wintergames as wg
    >>> state = wg.make("winter-queen", 2, seed=3, options={"first_player": "1"})
    >>> print(result(wg.get_spec("winter-queen"), state))
    The game is not over: Player 1 is to move.
    """
    if not state.is_over:
        movers = " and ".join(seat_name(p) for p in state.to_move)
        verb = "is" if len(state.to_move) == 1 else "are"
        return Text(f"The game is not over: {movers} {verb} to move.", style="yellow")
    winners = state.winners()
    names = [seat_label(p, about) for p in winners]
    # Who plays against the seats without being one (Winterborne's Balaur), as the end
    # screen's table has them: their scores, and the winner when no seat won.
    others = spec.score_breakdown(state).others if spec.score_breakdown is not None else ()
    if not names:
        names = [o.name for o in others if o.won]
    if len(names) == 1:
        line = Text(f"Winner: {names[0]}", style="bold green")
    elif names:
        line = Text(f"Winners: {' and '.join(names)} (a tie)", style="bold green")
    else:
        line = Text("No winner", style="bold red")
    scores = ", ".join([*(f"{seat_label(p, about)} {_number(v)}"
                          for p, v in enumerate(state.scores())),
                        *(f"{o.name} {sum(o.row)}" for o in others)])
    line.append(f"\nFinal scores ({spec.score_unit}): {scores}", style="bold")
    return line


def _number(value: float) -> str:
    """``12``, not ``12.0``, for a whole score given as a float."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def players_word(n: int) -> str:
    """``1 player``, ``3 players``: a game's size as the banners say it."""
    return f"{n} player{'' if n == 1 else 's'}"
