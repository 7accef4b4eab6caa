"""What a server allows each client, and how it spends its own time: one place, one check.

Every limit has a default a public server can run with; ``wintergames serve`` and
``create_app`` take overrides. Limits answer 429 (too many), 413 (too large) or a clear
error on the WebSocket; none of them ever changes a stored table.
"""

from __future__ import annotations

import dataclasses
import math
import os
from dataclasses import dataclass
from typing import Any

from wintergames.analysis.search import Budget
from wintergames.core.errors import InvalidOptionError


@dataclass(frozen=True)
class ServerSettings:
    """A server's limits. Read the field comments for units; every number is > 0."""

    bot_budget: float = 10.0  # seconds a bot may think per move, counted from its start
    bot_grace: float = 1.0  # past the budget, a bot that has not answered is replaced
    # searching bots thinking at once: they share the interpreter with the event loop,
    # so one core is always left to serve requests
    bot_workers: int = max(1, min(4, (os.cpu_count() or 1) - 1))
    max_body_bytes: int = 64 * 1024  # an HTTP request body
    max_message_bytes: int = 64 * 1024  # a WebSocket message
    tables_per_minute: int = 20  # new tables per client address in any 60 s
    max_connections_per_client: int = 32  # open WebSockets per client address
    # Open plain HTTP connections per client address (an IPv6 /64 is one address): a
    # browser opens at most 6 per site, so 64 lets some ten people share one NAT address
    # while one address alone cannot take a 1,024-file server's sockets. Connections from
    # a trusted proxy (uvicorn's forwarded_allow_ips) carry many clients: not counted.
    max_http_connections_per_client: int = 64
    # Seconds a request's line and headers may take in all, from the connection (or its
    # first byte on a kept-alive one): a browser sends them in one packet, while a client
    # that trickles a byte at a time would otherwise hold its socket forever.
    header_timeout: float = 10.0
    body_timeout: float = 30.0  # seconds a request body may take after its headers
    # Seconds a kept-alive connection may sit idle between requests (uvicorn's own
    # timer); behind a proxy that keeps connections, longer than the proxy's.
    keep_alive_seconds: int = 5
    max_watchers_per_table: int = 200  # open WebSockets per table
    # Seconds a server process's open connections (the two limits above) still count for
    # the others on its PostgreSQL database after it last renewed them (every third of
    # this): a process killed outright stops counting this long after.
    process_seen_seconds: float = 15.0
    send_queue: int = 16  # messages waiting for a slow watcher before it is dropped
    idle_seconds: float = 600.0  # a table nobody watches or moves at leaves memory
    # An unfinished table nobody has acted at or named a seat of for this long is closed
    # (kept and readable, but no more moves): a week lets a slow game among friends go on.
    close_after_seconds: float = 7 * 24 * 3600.0
    lobby_page: int = 50  # tables per lobby page (the largest a client may ask for)
    # An open table nobody has acted at or named a seat of for this long is "quiet": the
    # lobby lists it only when asked (abandoned tables would crowd out the games played).
    lobby_quiet_seconds: float = 1800.0
    # The table chat: messages per client address, and per table, in any 60 s (enough to
    # talk, too few to flood every watcher's queue).
    chat_per_minute: int = 20
    table_chat_per_minute: int = 60
    # Each seat's own share of its table's chat in any 60 s, from however many addresses:
    # below the table's, so one seat alone cannot silence the others.
    seat_chat_per_minute: int = 20
    # Reading replays: per client address in any 60 s (the page reads one game once and
    # steps in the browser), and the finished games' replays kept in memory, in bytes
    # (all of them are kept in storage).
    replay_reads_per_minute: int = 120
    replay_memory_bytes: int = 64 * 1024 * 1024
    # Game reviews (server/reviews.py), the server's budget, not the client's: ISMCTS
    # iterations per decision, the most CPU seconds one review may spend (past them it
    # stops as failed), and new reviews per client address in any 60 s.
    review_iterations: int = Budget().iterations
    review_cpu_seconds: float = 600.0
    reviews_per_minute: int = 20
    # Reviews being computed at once: per client address (on every process of the
    # database), so one client's CPU is bounded by this times review_cpu_seconds whatever
    # its rate, and on this process for all clients, so its background lane's queue is.
    reviews_at_once: int = 2
    reviews_running: int = 8
    resume_seconds: float = 5.0  # how often tables waiting for a bot are looked for
    # Several processes on PostgreSQL: a process drives a table's bots while it holds the
    # table's lease, renewed every third of this; a dead process's tables are taken over
    # once its leases expire (and the others look for them four times as often).
    bot_lease_seconds: float = 5.0
    seeded_human_tables: bool = False  # True only on test servers: clients pick seeds
    allowed_origins: tuple[str, ...] = ()  # browser origins besides the server's own

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            if field.type in ("int", "float") and (
                    isinstance(value, bool) or not isinstance(value, int | float)
                    or not math.isfinite(value) or value <= 0
                    or (field.type == "int" and not isinstance(value, int))):
                raise InvalidOptionError(
                    f"server setting {field.name} is a {field.type} > 0, not {value!r}")
            if field.type == "bool" and not isinstance(value, bool):
                raise InvalidOptionError(f"server setting {field.name} is true or false")
        if self.seat_chat_per_minute >= self.table_chat_per_minute:
            raise InvalidOptionError(
                f"server setting seat_chat_per_minute is below table_chat_per_minute "
                f"({self.table_chat_per_minute}), so one seat cannot use up a table's chat; "
                f"not {self.seat_chat_per_minute}")
        if not Budget.SETTINGS["iterations"].allowed(self.review_iterations):
            raise InvalidOptionError(
                f"server setting review_iterations is "
                f"{Budget.SETTINGS['iterations'].rule()}; not {self.review_iterations!r}")
        # A string here would match origins by substring ("a.org" in "evil-a.org,...").
        if not (isinstance(self.allowed_origins, tuple)
                and all(isinstance(o, str) and o for o in self.allowed_origins)):
            raise InvalidOptionError("server setting allowed_origins is a tuple of origins "
                                     "such as ('https://example.org',)")

    def with_text(self, items: list[str]) -> ServerSettings:
        """These settings changed by ``name=value`` texts (the ``serve --limit`` option).

        >>> ServerSettings().with_text(["bot_budget=2.5", "allowed_origins=https://a.org"]
        ...                            ).allowed_origins
        ('https://a.org',)
        """
        types = {field.name: str(field.type) for field in dataclasses.fields(self)}
        changes: dict[str, Any] = {}
        for item in items:
            name, eq, text = (part.strip() for part in item.partition("="))
            if not eq or name not in types:
                raise InvalidOptionError(f"a server setting is name=value, with a name of "
                                         f"{', '.join(sorted(types))}; not {item[:60]!r}")
            changes[name] = _convert(types[name], name, text)
        return self.replace(**changes)

    def replace(self, **changes: Any) -> ServerSettings:
        """These settings with ``changes``; an unknown name is refused, naming the known."""
        known = {field.name for field in dataclasses.fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise InvalidOptionError(f"no server setting {', '.join(unknown)}; settings: "
                                     f"{', '.join(sorted(known))}")
        return dataclasses.replace(self, **changes)


def _convert(kind: str, name: str, text: str) -> Any:
    try:
        if kind == "int":
            return int(text)
        if kind == "float":
            return float(text)
    except ValueError:
        raise InvalidOptionError(f"server setting {name} is a number, not {text[:40]!r}"
                                 ) from None
    if kind == "bool":
        if text.lower() not in ("true", "false"):
            raise InvalidOptionError(f"server setting {name} is true or false")
        return text.lower() == "true"
    return tuple(filter(None, (part.strip() for part in text.split(","))))
