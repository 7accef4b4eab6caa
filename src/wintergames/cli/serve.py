"""Where ``wintergames serve`` listens, and what its access log may show.

The socket is bound here, before the server starts and before any URL is printed, so a
busy port is reported with what to do instead of a URL that leads nowhere; uvicorn then
serves on this very socket (no second bind that another program could win in between).
"""

from __future__ import annotations

import errno
import logging
import re
import socket

from wintergames.core.errors import WintergamesError

# Hosts that mean "every address of this machine": a browser cannot open them as such.
EVERYWHERE = ("0.0.0.0", "::", "")


class ListenError(WintergamesError):
    """The server cannot listen where it was asked to (port busy, not allowed, no such
    address); the message says what to do."""


def listen(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host``:``port`` (port 0: one the system picks)."""
    if not 0 <= port <= 65535:
        raise ListenError(f"a port is a whole number from 0 to 65535 (0: any free one); "
                          f"not {port}")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    # As uvicorn does: a server just stopped leaves its port in TIME_WAIT for a minute,
    # which must not count as busy; a port another program listens on still refuses.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except socket.gaierror:
        sock.close()
        raise ListenError(f"cannot listen on {host!r}: no such host; use 127.0.0.1 (this "
                          "machine only) or 0.0.0.0 (every network it is on)") from None
    except OSError as err:
        sock.close()
        raise ListenError(_why(err, host, port)) from None
    return sock


def _why(err: OSError, host: str, port: int) -> str:
    where = f"{host}:{port}"
    if err.errno == errno.EADDRINUSE:
        free = _free_port_near(host, port)
        other = (f"a free one such as {free}: make run PORT={free}, or wintergames serve "
                 f"--port {free}" if free else "wintergames serve --port 0 takes any free one")
        return (f"port {port} on {host} is already in use (another wintergames server, or "
                f"another program, listens there). Stop it, or choose {other}")
    if err.errno == errno.EACCES:
        return (f"not allowed to listen on {where} (ports below 1024 need administrator "
                "rights); choose a port from 1024 up, e.g. --port 8000")
    if err.errno == errno.EADDRNOTAVAIL:
        return (f"cannot listen on {host}: it is not an address of this machine; use "
                "127.0.0.1 (this machine only) or 0.0.0.0 (every network it is on)")
    return f"cannot listen on {where}: {err.strerror or err}"


def _free_port_near(host: str, port: int) -> int | None:
    """The first port above ``port`` that can be bound now (only a suggestion: the
    server binds whatever port it is then given)."""
    for candidate in range(port + 1, min(port + 50, 65536)):
        try:
            with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                probe.bind((host, candidate))
        except OSError:
            continue
        return candidate
    return None


def url(sock: socket.socket) -> str:
    """The address a browser on this machine opens for ``sock``."""
    host, port = sock.getsockname()[:2]
    if host in EVERYWHERE:
        host = "127.0.0.1" if sock.family == socket.AF_INET else "::1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def shown_database(database_url: str) -> str:
    """The database URL without its password, for the console.

    >>> shown_database("postgresql://wg:s3cret@db.example/wintergames")
    'postgresql://wg:***@db.example/wintergames'
    >>> shown_database("sqlite:///wintergames.db")
    'sqlite:///wintergames.db'
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(database_url).render_as_string(hide_password=True)
    except (ArgumentError, ValueError):
        return database_url


# An invite link carries its seat's secret in the query (?secret=...): anyone who reads a
# log line could take the seat, and the database itself keeps only a hash of it.
_SECRET = re.compile(r"((?:^|[?&;])[^=&;?]*secret[^=&;]*=)[^&;\s]*", re.IGNORECASE)


def hide_secrets(path: str) -> str:
    """``path`` with the value of every query parameter named like a secret hidden.

    >>> hide_secrets("/api/tables/ab12/view?secret=Zx9-_k&since=3")
    '/api/tables/ab12/view?secret=***&since=3'
    >>> hide_secrets("/table/ab12?creator_secret=q1&secret=q2")
    '/table/ab12?creator_secret=***&secret=***'
    """
    return _SECRET.sub(r"\1***", path)


class HideSecrets(logging.Filter):
    """Hides secrets in uvicorn's access lines, whose arguments are (client, method, path
    with query, HTTP version, status)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) == 5 and isinstance(args[2], str):
            record.args = (args[0], args[1], hide_secrets(args[2]), args[3], args[4])
        return True
