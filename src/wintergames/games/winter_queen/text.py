"""Terminal rendering of Winter Queen with rich: the hex board, stands, stacks, books."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text

from wintergames.core.events import seat_name
from wintergames.games.winter_queen.components import EFFECT_TITLES, WQ

if TYPE_CHECKING:
    from wintergames.core.state import State
    from wintergames.games.winter_queen.state import WinterQueenState

STYLE = {"blue": "bold blue", "green": "bold green", "yellow": "bold yellow",
         "purple": "bold magenta", "red": "bold red"}
# Indexed by zone: the four provinces in WQ.provinces order, then the royal domain.
_ZONE_STYLE = ("red", "green", "magenta", "blue", "white")
_ZONE_MARK = ("r", "g", "p", "b", "♛")


def _floe(colour: int, mark: str = "●") -> Text:
    name = WQ.colours[colour]
    return Text(mark, style=STYLE[name])


def _board(s: WinterQueenState) -> Text:
    out = Text("       " + "     ".join("abcde") + "\n")
    for r in range(5):
        line = Text(f"  {r + 1} " + "   " * r)
        for q in range(5):
            x = r * 5 + q
            colour = s.board[x]
            zone = WQ.zone[x]
            line.append("[", style=_ZONE_STYLE[zone])
            if colour >= 0:
                letter = WQ.colours[colour][0].upper()
                line.append_text(_floe(colour, f"*{letter}" if s.fixed[x] else f" {letter}"))
            else:
                line.append(" " + _ZONE_MARK[zone], style="dim " + _ZONE_STYLE[zone])
            line.append("]", style=_ZONE_STYLE[zone])
            line.append(" ")
        out.append_text(line)
        out.append("\n")
    out.append("  Floes: B blue, G green, Y yellow, P purple, R red; *R = printed on a royal "
               "token.\n  Empty: r/g/p/b = province, ♛ = open royal space.\n", style="dim")
    return out


def _page_text(book: int, side: int, floe: int) -> Text:
    page = WQ.books[book].pages[side]
    t = Text(f"{'AB'[side]}:{EFFECT_TITLES[page.effect]}")
    if page.depicted >= 0:
        t.append("(")
        t.append_text(_floe(page.depicted, WQ.colours[page.depicted]))
        t.append(")")
    t.append(" ")
    t.append_text(_floe(floe) if floe >= 0 else Text("·", style="dim"))
    return t


def _book_text(book: int, floes: list[int]) -> Text:
    t = Text(f"{WQ.books[book].id} ")
    t.append_text(_page_text(book, 0, floes[0]))
    t.append(" | ")
    t.append_text(_page_text(book, 1, floes[1]))
    return t


def render(state: State, viewer: int | None) -> Group:
    """What seat ``viewer`` (or a spectator) sees, for the terminal."""
    s: WinterQueenState = state  # type: ignore[assignment]
    parts: list[Text] = [_board(s)]
    stands = Text("Stands: ")
    for i, st in enumerate(s.stands):
        mine = viewer is not None and i in s.stands_of(viewer)
        stands.append(f"{i + 1}{'*' if mine else ''}=", style="bold" if mine else "dim")
        for c, n in enumerate(st):
            if n:
                stands.append_text(_floe(c, WQ.colours[c][0].upper() * n))
        if not any(st):
            stands.append("-", style="dim")
        stands.append("  ")
    stands.append(f"(bag: {sum(s.bag)})", style="dim")
    if viewer is not None:
        stands.append("   * = within your reach", style="dim")
    parts.append(stands)
    stacks = Text("Stacks: ")
    for z, stack in enumerate(s.stacks):
        stacks.append(f"{WQ.provinces[z]}({len(stack)}) ", style=_ZONE_STYLE[z])
        if stack:
            stacks.append_text(_book_text(stack[-1], [-1, -1]))
        stacks.append("   ")
    parts.append(stacks)
    over = not s.to_move
    for p in range(s.num_players):
        vp = s.vp[p] if over or p == viewer else "?"
        head = Text(f"{seat_name(p)}{' (you)' if p == viewer else ''}"
                    f"{' ♛' if p == s.first else ''}: {vp} VP", style="bold")
        parts.append(head)
        for entry in s.books[p]:
            parts.append(Text("   ").append_text(_book_text(entry[0], entry[1:])))
    if s.final_phase and not over:
        parts.append(Text(f"Final phase: {s.turns_left} more turns after this one.",
                          style="bold yellow"))
    return Group(*parts)

