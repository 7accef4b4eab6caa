"""Lobby lists a page at a time: the rows of stored tables turned into JSON entries.

Both lists (open tables, recent games) fetch one row more than a page to learn whether a
next page exists, summarise only tables of games this server knows, and name the next
page by the last row's id (keyset paging: stable while tables come and go).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from wintergames.core.errors import UnknownGameError
from wintergames.core.registry import get_spec


class Row(Protocol):
    @property
    def table(self) -> str: ...

    @property
    def game(self) -> str: ...


R = TypeVar("R", bound=Row)


def page_of(rows: Sequence[R], limit: int,
            entry: Callable[[R, str], dict[str, Any]]) -> tuple[list[dict[str, Any]], str | None]:
    """The entries of the first ``limit`` of ``rows`` (fetched as ``limit + 1``) and the
    ``after`` of the following page, None on the last.

    ``entry(row, title)`` makes one entry; a row of a game this server does not know (an
    edited row) is stepped around, so one bad row never spoils a page.

    >>> from collections import namedtuple
    >>> T = namedtuple("T", "table game")
    >>> rows = [T("a", "winter-queen"), T("b", "no-such-game"), T("c", "winter-queen")]
    >>> page_of(rows, 2, lambda row, title: {"table": row.table, "title": title})
    ([{'table': 'a', 'title': 'Winter Queen'}], 'b')
    """
    listed = []
    for row in rows[:limit]:
        try:
            title = get_spec(row.game).title
        except UnknownGameError:
            continue
        listed.append(entry(row, title))
    return listed, rows[limit - 1].table if len(rows) > limit else None
