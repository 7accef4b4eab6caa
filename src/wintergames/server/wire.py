"""Reading what clients send: strict JSON, bounded in size, depth and digits.

Python's ``json`` accepts NaN and Infinity, 5,000-digit numbers (then fails converting
them) and nesting until the interpreter's recursion limit; a game server must refuse all
of them with a message, never a 500 or a dropped socket. The same parser reads HTTP
bodies (through ``StrictJSONRoute``) and WebSocket messages.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.types import ASGIApp, Receive, Scope, Send

from wintergames.server.live import ServerError

MAX_DEPTH = 32  # no request of ours nests deeper than a handful of levels
MAX_DIGITS = 40  # seeds and versions need at most 19


def parse_json(data: str | bytes, max_bytes: int) -> Any:
    """The JSON value in ``data``, or ``ServerError`` 400/413 saying what is wrong.

    >>> parse_json('{"a": [1, 2.5]}', 100)
    {'a': [1, 2.5]}
    >>> parse_json('[NaN]', 100)
    Traceback (most recent call last):
    ...
    wintergames.server.live.ServerError: numbers must be finite; NaN is not JSON
    """
    if len(data) > max_bytes:
        raise ServerError(413, "too-large",
                          f"a message is at most {max_bytes} bytes, and this is {len(data)}")
    try:
        value = json.loads(data, parse_constant=_no_constant, parse_int=_int,
                           parse_float=_float)
    except json.JSONDecodeError as err:
        raise ServerError(400, "malformed",
                          f"not JSON: {err.msg} (line {err.lineno}, column {err.colno})"
                          ) from None
    except RecursionError:
        raise ServerError(400, "malformed",
                          f"JSON nests at most {MAX_DEPTH} levels deep") from None
    except UnicodeDecodeError:
        raise ServerError(400, "malformed", "JSON text is UTF-8") from None
    _check_depth(value)
    return value


def _no_constant(name: str) -> Any:
    raise ServerError(400, "malformed", f"numbers must be finite; {name} is not JSON")


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ServerError(400, "malformed", f"numbers have at most {MAX_DIGITS} digits")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS * 2:
        raise ServerError(400, "malformed", f"numbers have at most {MAX_DIGITS} digits")
    value = float(text)
    if not math.isfinite(value):
        raise ServerError(400, "malformed", f"numbers must be finite; {text[:20]} is not")
    return value


def _check_depth(value: Any) -> None:
    level, depth = [value], 0
    while level:
        depth += 1
        if depth > MAX_DEPTH:
            raise ServerError(400, "malformed", f"JSON nests at most {MAX_DEPTH} levels deep")
        level = [child for item in level if isinstance(item, dict | list)
                 for child in (item.values() if isinstance(item, dict) else item)
                 if isinstance(child, dict | list)]


class StrictJSONRequest(Request):
    """A request whose ``json()`` is ``parse_json``: FastAPI reads bodies through it."""

    _strict: Any

    async def json(self) -> Any:
        if not hasattr(self, "_strict"):
            body = await self.body()  # the body size limit has already applied
            self._strict = parse_json(body, len(body))
        return self._strict


class StrictJSONRoute(APIRoute):
    """A route that parses a JSON body strictly before FastAPI validates it, so a refusal
    is the server's own error (FastAPI would turn it into a bare 400)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            request = StrictJSONRequest(request.scope, request.receive)
            if await request.body() and "json" in request.headers.get("content-type", "json"):
                await request.json()
            return await handler(request)

        return strict


class DeclaredSizeLimit:
    """ASGI middleware: a request that declares a body over ``max_bytes`` gets the
    server's JSON 413 before any of it is read. (Starlette's ``RequestBodyLimitMiddleware``
    counts bodies sent without a length, and the app's handlers answer those.)"""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app, self.max_bytes = app, max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            declared = dict(scope["headers"]).get(b"content-length", b"0")
            if not declared.isdigit() or int(declared) > self.max_bytes:
                response = JSONResponse(
                    {"error": {"code": "too-large",
                               "message": f"a request body is at most {self.max_bytes} bytes"}},
                    status_code=413)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)
