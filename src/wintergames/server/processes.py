"""What each process of ``wintergames serve --workers N`` builds, from its environment.

uvicorn's supervisor (``uvicorn.supervisors.Multiprocess``) starts the N server processes
by *spawning* them: each is a fresh interpreter that unpickles the parent's
``uvicorn.Config``. So that config holds import strings, not objects: the app is
``APP``, a factory uvicorn calls once in each process, and the HTTP protocol (with its
per-client connection count and deadlines, ``connections.protocol_class``) is
``HTTP_PROTOCOL``, built on first import. Both read what the parent wrote into the
environment variable ``ENVIRONMENT`` (``Serving``): the database URL, the ``--limit``
items and whether requests are logged. The parent has checked all of them, and upgraded
the database's schema, before the first process starts; a process the supervisor starts
again after one died reads the same.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from uvicorn.config import STARTUP_FAILURE

from wintergames.server.settings import ServerSettings

if TYPE_CHECKING:
    from fastapi import FastAPI
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

ENVIRONMENT = "WG_SERVE_PROCESS"  # JSON of ``Serving``, written by the parent
APP = f"{__name__}:app"  # uvicorn.Config(APP, factory=True)
HTTP_PROTOCOL = f"{__name__}:HttpProtocol"  # uvicorn.Config(http=HTTP_PROTOCOL)


@dataclass(frozen=True)
class Serving:
    """What every server process of one ``serve`` command is built from.

    >>> Serving.from_environment({ENVIRONMENT: Serving("sqlite://", ("bot_budget=2",),
    ...                                                 True).to_environment()})
    Serving(database_url='sqlite://', limits=('bot_budget=2',), access_log=True)
    """

    database_url: str
    limits: tuple[str, ...] = ()  # ``--limit`` items, name=value
    access_log: bool = False

    def settings(self) -> ServerSettings:
        return ServerSettings().with_text(list(self.limits))

    def to_environment(self) -> str:
        return json.dumps({"database_url": self.database_url, "limits": list(self.limits),
                           "access_log": self.access_log})

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] = os.environ) -> Serving:
        text = environ.get(ENVIRONMENT)
        if text is None:
            raise RuntimeError(
                f"{ENVIRONMENT} is not set: {__name__} builds the processes of "
                "`wintergames serve --workers N`, which sets it; start the server that way")
        data: dict[str, Any] = json.loads(text)
        return cls(str(data["database_url"]), tuple(str(item) for item in data["limits"]),
                   bool(data["access_log"]))


def app() -> FastAPI:
    """This process's app (uvicorn's factory): what ``serve`` does in its one process
    after building the app, done here in each of them."""
    from wintergames.cli.serve import show_access_log
    from wintergames.server.app import create_app
    from wintergames.server.collector import tune_for_serving

    serving = Serving.from_environment()
    try:
        application = create_app(serving.database_url, settings=serving.settings())
    except Exception:  # reported here; then the supervisor stops every process
        # The parent opened this database a moment ago: a process that cannot now is not
        # started again and again (each try imports everything: a core, busy for nothing)
        # but ends the server with this error, as uvicorn does for an app it cannot load.
        logging.getLogger("uvicorn.error").exception("a server process cannot start")
        sys.exit(STARTUP_FAILURE)
    if serving.access_log:  # each process logs its own requests, secrets hidden
        show_access_log()
    tune_for_serving()  # the app and every game's data are loaded: frozen from here on
    return application


@functools.cache
def _http_protocol() -> type[HttpToolsProtocol]:
    # One class per process, made once: the class counts this process's connections.
    from wintergames.server.connections import protocol_class

    return protocol_class(Serving.from_environment().settings())


def __getattr__(name: str) -> Any:
    """``HttpProtocol``: uvicorn imports it by name (``HTTP_PROTOCOL``) in each process."""
    if name == "HttpProtocol":
        return _http_protocol()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
