"""Plain HTTP connections: how many one client may hold, and how long a request may take.

uvicorn closes a kept-alive connection idle between requests, but not one that never
finishes its first request: a client that sends nothing, stops mid-headers or trickles a
byte at a time held its socket forever, and 1,100 of them took every file a
``ulimit -n 1024`` server had (issue 40). ``protocol_class(settings)`` is uvicorn's own
HTTP protocol (httptools, which uvicorn picks when it is installed, as
``uvicorn[standard]`` does) with three rules added:

- a client (``client_key`` of its address) holds at most
  ``max_http_connections_per_client`` plain connections; the next is answered 429 and
  closed at once, so it never holds a file. A WebSocket stops counting here when it
  upgrades: the app's own ``max_connections_per_client`` counts it from then on;
- a request's line and headers are complete within ``header_timeout`` seconds of the
  connection (or of the first byte of a later request on a kept-alive one), however
  slowly they come: a deadline, not an idle timer a byte would reset;
- its body is complete within ``body_timeout`` seconds of its headers.

A request past a deadline is answered ``408`` (when no answer is under way) and closed.
Connections from a trusted proxy (uvicorn's ``forwarded_allow_ips``, whose
``X-Forwarded-For`` the app believes) are not counted: they carry many clients, and the
proxy limits each of them itself (docs/server.md, "Behind a reverse proxy").
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
from collections import Counter
from collections.abc import Callable
from typing import Any

from uvicorn.config import Config
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.server import ServerState

from wintergames.server.quotas import client_key
from wintergames.server.settings import ServerSettings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def trusted_proxies(config: Config) -> Callable[[str], bool]:
    """Whether a peer address is a proxy uvicorn takes ``X-Forwarded-For`` from: its
    ``forwarded_allow_ips`` (addresses, networks, or ``*``) while ``proxy_headers`` is on.

    >>> trusted = trusted_proxies(Config(app=None, forwarded_allow_ips="10.0.0.0/8,::1"))
    >>> trusted("10.1.2.3"), trusted("::1"), trusted("203.0.113.7")
    (True, True, False)
    """
    allowed = config.forwarded_allow_ips
    names = allowed.split(",") if isinstance(allowed, str) else allowed
    names = [name.strip() for name in names if name.strip()]
    if not config.proxy_headers or not names:
        return lambda host: False
    if "*" in names:
        return lambda host: True
    networks: list[Network] = []
    literals: set[str] = set()  # a Unix socket path, a name: compared as written
    for name in names:
        try:
            networks.append(ipaddress.ip_network(name, strict=False))
        except ValueError:
            literals.add(name)

    def trusted(host: str) -> bool:
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return host in literals
        return any(address in network for network in networks)

    return trusted


def answer(status: int, reason: str, code: str, message: str) -> bytes:
    """A whole ``Connection: close`` response with the app's JSON error body.

    >>> answer(408, "Request Timeout", "timeout", "slow").split(b"\\r\\n")[0]
    b'HTTP/1.1 408 Request Timeout'
    """
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n\r\n")
    return head.encode() + body


def drop(transport: asyncio.BaseTransport) -> None:
    """Close ``transport`` now: a client that does not read its last answer must not
    keep the socket open until it does (``close`` alone waits to send it all)."""
    transport.close()
    if isinstance(transport, asyncio.WriteTransport) and transport.get_write_buffer_size():
        transport.abort()


def protocol_class(settings: ServerSettings) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol with ``settings``' connection limit and deadlines
    (``uvicorn.Config(http=...)``). A class serves one server: it counts that server's
    connections, and reads the trusted proxies from the first connection's config."""
    open_by_client: Counter[str] = Counter()
    trust: list[Callable[[str], bool]] = []  # of the server's config, read once

    def trusted(config: Config) -> Callable[[str], bool]:
        if not trust:
            trust.append(trusted_proxies(config))
        return trust[0]

    limit = settings.max_http_connections_per_client
    too_many = answer(429, "Too Many Requests", "too-many-connections",
                      f"a client may hold {limit} HTTP connections at once; close one "
                      "first")

    class LimitedHttpProtocol(HttpToolsProtocol):
        """One plain HTTP connection, counted against its client and under deadlines."""

        def __init__(self, config: Config, server_state: ServerState,
                     app_state: dict[str, Any],
                     _loop: asyncio.AbstractEventLoop | None = None) -> None:
            super().__init__(config, server_state, app_state, _loop)
            self.counted_as: str | None = None  # its client's key while it is counted
            self.deadline: asyncio.TimerHandle | None = None
            self.reading_body = False
            self.partial = False  # bytes of a request not yet complete were received
            self.is_trusted = trusted(config)

        # -- the count ------------------------------------------------------------------

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            host = self.client[0] if self.client else None
            if host is not None and not self.is_trusted(host):
                key = client_key(host)
                if open_by_client[key] >= limit:
                    # Answered before its request is read: one that was already sent
                    # may make the kernel reset the connection instead. Either way it
                    # holds no file.
                    transport.write(too_many)
                    drop(transport)
                    return
                open_by_client[key] += 1
                self.counted_as = key
            self.arm(settings.header_timeout, "headers")

        def release(self) -> None:
            """Stop counting this connection (once, whichever way it ends)."""
            key, self.counted_as = self.counted_as, None
            if key is not None:
                open_by_client[key] -= 1
                if not open_by_client[key]:
                    del open_by_client[key]

        def connection_lost(self, exc: Exception | None) -> None:
            self.disarm()
            self.release()
            super().connection_lost(exc)

        def handle_websocket_upgrade(self) -> None:
            self.disarm()
            self.release()
            super().handle_websocket_upgrade()

        # -- the deadlines --------------------------------------------------------------

        def arm(self, seconds: float, part: str) -> None:
            self.disarm()
            self.deadline = self.loop.call_later(seconds, self.too_slow, part, seconds)

        def disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def data_received(self, data: bytes) -> None:
            # The first byte of a later request starts its headers' deadline (uvicorn's
            # keep-alive timer covered the wait before it, and stops at any byte).
            if self.deadline is None and not self.reading_body:
                self.arm(settings.header_timeout, "headers")
            self.partial = True
            super().data_received(data)

        def on_message_begin(self) -> None:
            if self.deadline is None:  # a pipelined request, in the same bytes as the last
                self.arm(settings.header_timeout, "headers")
            self.partial = True
            super().on_message_begin()

        def on_headers_complete(self) -> None:
            self.disarm()
            super().on_headers_complete()
            self.reading_body = True
            self.arm(settings.body_timeout, "body")

        def on_message_complete(self) -> None:
            self.disarm()
            self.reading_body = self.partial = False
            super().on_message_complete()

        def too_slow(self, part: str, seconds: float) -> None:
            """Close a connection whose request ``part`` took more than ``seconds``:
            with a 408 if it sent part of a request and no other answer is under way."""
            self.deadline = None
            if self.transport.is_closing():
                return
            cycle = self.cycle
            if part == "body":  # the app may wait for it: it reads a disconnect instead
                say = cycle is not None and not cycle.response_started
                if cycle is not None and say:
                    cycle.disconnected = True
                    cycle.message_event.set()
            else:  # a pipelined request's headers: the one before may still be answered
                say = self.partial and (cycle is None or cycle.response_complete)
            if say:
                self.transport.write(answer(
                    408, "Request Timeout", "timeout",
                    f"a request's {part} may take {seconds:g} s at most"))
            drop(self.transport)

    return LimitedHttpProtocol


def uvicorn_options(settings: ServerSettings) -> dict[str, Any]:
    """The ``uvicorn.Config`` options that apply ``settings``' connection rules."""
    return {"http": protocol_class(settings), "timeout_keep_alive": settings.keep_alive_seconds}
