"""Reading what clients send: strict JSON, bounded in size, depth and digits.

Python's ``json`` accepts NaN and Infinity, 5,000-digit numbers (then fails converting
them) and nesting until the interpreter's recursion limit; a game server must refuse all
of them with a message, never a 500 or a dropped socket. The same parser reads HTTP
bodies (through ``StrictJSONRoute``) and WebSocket messages.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Coroutine, Iterator
from typing import Any, get_args

from fastapi import Request, Response
from fastapi.dependencies.models import Dependant
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Receive, Scope, Send

from wintergames.server.live import ServerError

MAX_DEPTH = 32  # no request of ours nests deeper than a handful of levels
MAX_DIGITS = 40  # seeds and versions need at most 19
WHOLE_RULE = f"a whole number from 0, unquoted, of at most {MAX_DIGITS} digits"
WHOLE_TEXT_RULE = f"a whole number from 0: at most {MAX_DIGITS} of the digits 0-9, nothing else"


def whole_number(value: Any) -> int:
    """``value`` if it is a whole number a request may carry (a version, a log line, a
    seed, a count), or ``ValueError`` saying what is allowed. The one check of every
    entrance: ``true``, ``"1"`` and ``1.0`` are not 1 (Python and pydantic would say so).

    >>> whole_number(12)
    12
    >>> for wrong in (True, "1", 1.0, -1):
    ...     try:
    ...         whole_number(wrong)
    ...     except ValueError as err:
    ...         print(err)
    a whole number from 0, unquoted, of at most 40 digits; not true
    a whole number from 0, unquoted, of at most 40 digits; not "1"
    a whole number from 0, unquoted, of at most 40 digits; not 1.0
    a whole number from 0, unquoted, of at most 40 digits; not -1
    """
    if isinstance(value, bool) or not isinstance(value, int) or not (
            0 <= value < 10 ** MAX_DIGITS):
        raise ValueError(f"{WHOLE_RULE}; not {_excerpt(value)}")
    return value


def whole_number_text(text: str) -> int:
    """A query parameter's whole number, the text twin of ``whole_number``: digits 0-9
    alone (no sign, space, ``_`` or point), or ``ValueError`` saying what is allowed.

    >>> whole_number_text("40")
    40
    >>> try:
    ...     whole_number_text("1.0")
    ... except ValueError as err:
    ...     print(err)
    a whole number from 0: at most 40 of the digits 0-9, nothing else; not "1.0"
    """
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS):
        raise ValueError(f"{WHOLE_TEXT_RULE}; not {_excerpt(text)}")
    return int(text)


def _excerpt(value: Any) -> str:
    """What was sent, as JSON names it, cut short (a refusal quotes only an excerpt)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not from JSON (a caller's own value): say it as is
        text = repr(value)
    return text if len(text) <= 24 else text[:23] + "…"


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
    is the server's own error (FastAPI would turn it into a bare 400), and reads its whole
    number query parameters by ``whole_number_text`` (FastAPI takes "1.0", "+1" and
    "1_0" as numbers)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        numbers = whole_number_queries(self)

        async def strict(request: Request) -> Response:
            request = StrictJSONRequest(request.scope, request.receive)
            for name in numbers:
                for text in request.query_params.getlist(name):
                    try:
                        whole_number_text(text)
                    except ValueError as err:
                        raise ServerError(400, "malformed", f"{name}: {err}") from None
            try:
                body = await request.body()
            except ClientDisconnect:
                # The client hung up (or ran out of time) mid-body: nobody is left to
                # read an answer, and nothing was done.
                return Response(status_code=400)
            if body and "json" in request.headers.get("content-type", "json"):
                await request.json()
            return await handler(request)

        return strict


def whole_number_queries(route: APIRoute) -> list[str]:
    """The names of ``route``'s query parameters that are whole numbers (``int`` or
    ``int | None``), its dependencies' included."""
    def fields(dependant: Dependant) -> Iterator[Any]:
        yield from dependant.query_params
        for inner in dependant.dependencies:
            yield from fields(inner)

    return [field.alias for field in fields(route.dependant)
            if field.field_info.annotation is int
            or set(get_args(field.field_info.annotation)) == {int, type(None)}]


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
