"""Where ``wintergames serve`` listens, in how many processes, and what its access log
may show.

The socket is bound here, before the server starts and before any URL is printed, so a
busy port is reported with what to do instead of a URL that leads nowhere; uvicorn then
serves on this very socket (no second bind that another program could win in between).
With ``--workers N`` above 1, uvicorn's supervisor spawns N processes that all accept on
it, and starts another when one dies (``server/processes.py`` builds each one's app).
"""

from __future__ import annotations

import errno
import logging
import os
import re
import socket
from typing import TYPE_CHECKING, Any

from wintergames.core.errors import InvalidOptionError, WintergamesError

if TYPE_CHECKING:
    from fastapi import FastAPI

    from wintergames.server.processes import Serving
    from wintergames.server.settings import ServerSettings

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


def check_workers(workers: int, database_url: str) -> None:
    """Refuse several processes on a database they cannot share (only PostgreSQL can).

    >>> check_workers(2, "postgresql://wg@db/wintergames")
    >>> check_workers(1, "sqlite:///wintergames.db")
    """
    if workers == 1:
        return
    shown = shown_database(database_url)
    if _backend(database_url) == "sqlite":
        raise InvalidOptionError(
            f"--workers {workers} needs PostgreSQL, and {shown} is SQLite: SQLite has one "
            "writer at a time and no notifications between processes. Use a postgresql:// "
            "URL (--database-url or WG_DATABASE_URL), or one process (--workers 1)")
    if _backend(database_url) != "postgresql":
        raise InvalidOptionError(f"--workers {workers} needs a postgresql:// URL (the "
                                 f"processes share its tables and notifications); not {shown}")


def _backend(database_url: str) -> str | None:
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        return make_url(database_url).get_backend_name()
    except (ArgumentError, ValueError):
        return None


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


def show_access_log() -> None:
    """Log a line per request in this process (uvicorn's own messages stay at warnings),
    with every secret in a link hidden."""
    access = logging.getLogger("uvicorn.access")
    access.setLevel(logging.INFO)
    access.addFilter(HideSecrets())


class HideSecrets(logging.Filter):
    """Hides secrets in uvicorn's access lines, whose arguments are (client, method, path
    with query, HTTP version, status)."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        if isinstance(args, tuple) and len(args) == 5 and isinstance(args[2], str):
            record.args = (args[0], args[1], hide_secrets(args[2]), args[3], args[4])
        return True


# -- running ---------------------------------------------------------------------------

def _options(settings: ServerSettings, access_log: bool) -> dict[str, Any]:
    """The ``uvicorn.Config`` options of every way to serve (one process or several)."""
    from wintergames.server.connections import uvicorn_options

    # Frames past four times the message limit are cut by uvicorn itself (close 1009);
    # smaller oversized messages get the server's own error and the socket stays open.
    # The HTTP protocol limits connections per client and the time a request may take.
    return {"log_level": "warning", "access_log": access_log,
            "ws_max_size": 4 * settings.max_message_bytes, **uvicorn_options(settings)}


def serve_here(application: FastAPI, sock: socket.socket, settings: ServerSettings,
               access_log: bool) -> None:
    """Serve ``application`` on ``sock`` in this process until stopped."""
    import uvicorn

    from wintergames.server.collector import tune_for_serving

    config = uvicorn.Config(application, **_options(settings, access_log))
    if access_log:
        show_access_log()
    tune_for_serving()  # the app and every game's data are loaded: frozen from here on
    uvicorn.Server(config).run(sockets=[sock])


def open_database(database_url: str, settings: ServerSettings,
                  workers: int) -> FastAPI | None:
    """The app on ``database_url``, to serve in this process; with several processes,
    None once the database is opened and its schema upgraded (each process builds its own
    app): a wrong URL is then one error here, not every process failing in turn."""
    if workers > 1:
        from wintergames.server.store import Store

        Store(database_url).engine.dispose()
        return None
    from wintergames.server.app import create_app  # the slow import, once the port is ours

    return create_app(database_url, settings=settings)


def serve_in_processes(serving: Serving, workers: int, sock: socket.socket) -> bool:
    """Serve on ``sock`` in ``workers`` spawned processes until stopped (SIGTERM or
    Ctrl-C stops them all); uvicorn's supervisor starts another when one dies. False if
    a process could not start at all (the supervisor then stops the others)."""
    import uvicorn
    from uvicorn.config import STARTUP_FAILURE
    from uvicorn.supervisors import Multiprocess

    from wintergames.server.processes import APP, ENVIRONMENT, HTTP_PROTOCOL

    os.environ[ENVIRONMENT] = serving.to_environment()  # what each process builds from
    options = _options(serving.settings(), serving.access_log) | {"http": HTTP_PROTOCOL}
    config = uvicorn.Config(APP, factory=True, workers=workers, **options)
    # The supervisor says when it starts a process and when one died; the processes
    # themselves stay at warnings.
    logging.getLogger("uvicorn.error").setLevel(logging.INFO)
    # Connections made while the processes start wait in the backlog, not refused.
    sock.listen(config.backlog)
    supervisor = Multiprocess(config, sockets=[sock])
    supervisor.run()
    return all(process.exitcode != STARTUP_FAILURE for process in supervisor.processes)
