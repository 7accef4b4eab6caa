"""Snow Time in the terminal: the tree, the track with its bonus spaces, every colour."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from wintergames.games.snow_time.components import POINT_KINDS, ST, cards_in
from wintergames.games.snow_time.rules import OVER

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.snow_time.state import SnowTimeState

STYLES = {"red": "red", "blue": "blue", "green": "green", "yellow": "yellow",
          "purple": "magenta"}
_BONUS_MARK = {"fruit": "f", "fight": "X", "mana": "m"}


def _style(k: int) -> str:
    return STYLES.get(ST.colours[k], "white")


def tree(s: SnowTimeState) -> Table:
    table = Table(title="The tree", show_edge=False, pad_edge=False)
    table.add_column("level", justify="right")
    table.add_column("fruit")
    table.add_column("cards on it")
    for level in range(ST.levels, 0, -1):
        cards = Text()
        for k, card in enumerate(s.played):
            if ST.is_character(card) and ST.level(card) == level:
                cards.append(f"{ST.colours[k]} {level}  ", style=_style(k))
        fruit = "●" * s.fruit[level - 1] or "·"
        table.add_row(str(level), Text(fruit, style="bold green"), cards)
    return table


def track_line(s: SnowTimeState, k: int) -> Text:
    """``0..f..X..m..`` with the pawn as ``@``: the bonus spaces and the pawn's progress."""
    line = Text()
    finish = s.params.finish
    for space, bonus in enumerate(s.params.bonus_at):
        if space == s.pawn[k]:
            line.append("@", style=f"bold {_style(k)} reverse")
        elif bonus is not None:
            line.append(_BONUS_MARK[POINT_KINDS[bonus[0]]], style="bold")
        else:
            line.append("|" if space == finish else "·", style="dim")
    return line


def _at_table(s: SnowTimeState, k: int, player: int | None) -> str:
    """What lies in front of colour ``k``: its revealed card, or a face-down choice."""
    card = s.played[k]
    if card >= 0:
        shown = ST.card_name(card)
    elif s.pending[k] is not None:
        shown = f"{s.pending[k]} (yours)" if s.owner[k] == player else "face down"
    elif s.owes[k]:
        shown = "choosing"
    else:
        shown = ""
    return f"watcher, {shown or '-'}" if s.watched[k] else shown


def _hand(mask: int) -> str:
    return " ".join(ST.card_name(c)[0].upper() if c >= ST.characters else ST.card_name(c)
                    for c in cards_in(mask))


def colours_table(s: SnowTimeState, player: int | None) -> Table:
    table = Table(show_edge=False, pad_edge=False)
    for column in ("colour", "space", "table", "hand", "discard", "used up"):
        table.add_column(column, no_wrap=column in ("colour", "hand"))
    for k in range(s.colours):
        table.add_row(
            Text(f"{ST.colours[k]} (P{s.owner[k] + 1})", style=_style(k)),
            f"{s.pawn[k]}/{s.params.finish}",
            _at_table(s, k, player),
            _hand(s.hand[k]),
            " ".join(str(c + 1) for c in cards_in(s.discard[k])) or "-",
            " ".join(ST.card_name(c)[0].upper() for c in cards_in(s.used[k])) or "-",
        )
    return table


def track(s: SnowTimeState) -> Table:
    table = Table(title="Score track", show_header=False, show_edge=False, pad_edge=False)
    table.add_column(no_wrap=True)
    table.add_column(no_wrap=True)
    for k in range(s.colours):
        table.add_row(Text(ST.colours[k], style=_style(k)), track_line(s, k))
    return table


def render(state: State, player: int | None) -> Group:
    s: SnowTimeState = state  # type: ignore[assignment]
    # what is decided now is the seat's prompt (prompts.py), printed under the board
    dice = ", ".join(map(str, s.dice)) or "none"
    head = Text(f"Turn {s.turn}.  Dice: {dice}.  Fruit in the supply: {s.supply}.",
                style="bold")
    bonuses = "  ".join(f"{space}:{kind} +{value}" for space, kind, value in s.params.bonuses)
    legend = Text(f"Track: @ pawn, f/X/m fruit/fight/mana bonus ({bonuses}).\n"
                  "Cards: H healer, W watcher, S snowstorm.", style="dim")
    parts: list[RenderableType] = [head, tree(s), colours_table(s, player), track(s), legend]
    if s.phase == OVER:
        names = " and ".join(f"Player {p + 1}" for p in s.winners())
        parts.append(Text(f"Winner: {names}", style="bold green"))
    return Group(*parts)
