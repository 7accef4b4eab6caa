"""Plain HTTP connections on the real server (issue 40, item 3): a request that never
completes is closed, one client cannot hold more than its share of connections, and
neither rule touches a WebSocket or a normal keep-alive client.

Each test talks to ``wintergames serve`` in a child process over raw sockets, each from
a loopback address of its own (every 127.x.y.z is this machine), so the server sees
separate clients. 127.0.0.1 is a trusted proxy by uvicorn's default: never counted.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import re
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from websockets.sync.client import connect

DEADLINE = 1.0  # header_timeout and body_timeout of the quick server
KEEP_ALIVE = 1  # its keep_alive_seconds
SLACK = 2.5  # a closing may come this much later on a busy machine (uvicorn's own: 5 s)
LIMIT = 4  # max_http_connections_per_client of the limited server


@dataclass
class Served:
    """A running server: its port and child process."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path  # what it printed and logged


@contextlib.contextmanager
def serve(tmp: Path, *limits: str) -> Iterator[Served]:
    """``wintergames serve --port 0`` with ``--limit``s; yields once it answers."""
    out = tmp / "out.txt"
    with out.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "wintergames", "serve", "--port", "0",
             "--database-url", f"sqlite:///{tmp / 'wg.db'}",
             *(f"--limit={limit}" for limit in limits)],
            stdout=sink, stderr=subprocess.STDOUT,
            # 127.0.0.1 is the trusted proxy whatever the environment says
            env=os.environ | {"PYTHONUNBUFFERED": "1", "FORWARDED_ALLOW_IPS": "127.0.0.1"})
    try:
        until = time.monotonic() + 60
        while not (found := re.search(rb"http://127\.0\.0\.1:(\d+)/", out.read_bytes())):
            assert process.poll() is None and time.monotonic() < until, out.read_text()
            time.sleep(0.05)
        served = Served(int(found.group(1)), process, out)
        while get(served.port, "127.0.0.1") != 200:
            assert process.poll() is None and time.monotonic() < until, out.read_text()
            time.sleep(0.05)
        yield served
    finally:
        process.terminate()
        process.wait(timeout=15)


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serve(tmp_path_factory.mktemp("quick"), f"header_timeout={DEADLINE}",
               f"body_timeout={DEADLINE}", f"keep_alive_seconds={KEEP_ALIVE}") as served:
        yield served


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with serve(tmp_path_factory.mktemp("limited"), f"max_http_connections_per_client={LIMIT}",
               "header_timeout=60") as served:
        yield served


def get(port: int, source: str, path: str = "/api/games") -> int:
    """A GET on a new connection from ``source``: its status, 0 if the connection failed.
    The server closes it with its answer (so it is no longer counted once answered)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10,
                                      source_address=(source, 0))
    try:
        conn.request("GET", path, headers={"Connection": "close"})
        response = conn.getresponse()
        response.read()
        return response.status
    except (OSError, http.client.HTTPException):
        return 0
    finally:
        conn.close()


def opened(port: int, source: str, first: bytes = b"") -> socket.socket:
    """A connection from ``source`` that has sent ``first``."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10,
                                    source_address=(source, 0))
    sock.sendall(first)
    return sock


def ending(sock: socket.socket, within: float) -> tuple[float, bytes] | None:
    """Seconds until the server closed ``sock`` and what it sent first; None if it was
    still open after ``within`` seconds."""
    began, data = time.monotonic(), b""
    while (left := began + within - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            return None
        except ConnectionResetError:
            chunk = b""
        if not chunk:
            return time.monotonic() - began, data
        data += chunk
    return None


def still_open(sock: socket.socket) -> bool:
    """Whether the server has neither closed ``sock`` nor sent anything on it."""
    readable, _, _ = select.select([sock], [], [], 0)
    return not readable


HALF = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Half: "


# -- deadlines ---------------------------------------------------------------------------

def test_a_connection_that_sends_nothing_is_closed_silently(quick: Served) -> None:
    with opened(quick.port, "127.0.0.2") as sock:
        end = ending(sock, DEADLINE + SLACK)
    assert end is not None, "still open"
    assert end[1] == b""  # a browser's unused spare connection: no answer to read


def test_a_request_that_stops_mid_headers_is_answered_408_and_closed(quick: Served) -> None:
    with opened(quick.port, "127.0.0.2", HALF) as sock:
        end = ending(sock, DEADLINE + SLACK)
    assert end is not None, "still open"
    head, _, body = end[1].partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 ") and b"connection: close" in head.lower()
    assert json.loads(body)["error"] == {
        "code": "timeout", "message": f"a request's headers may take {DEADLINE:g} s at most"}


def test_headers_trickled_a_byte_at_a_time_are_cut_at_the_deadline(quick: Served) -> None:
    """Each byte comes well within any idle timer; the deadline counts from the start."""
    sent = 0
    with opened(quick.port, "127.0.0.2", HALF) as sock:
        began = time.monotonic()
        while time.monotonic() - began < DEADLINE + SLACK and still_open(sock):
            with contextlib.suppress(OSError):  # closed between the check and the send
                sock.sendall(b"a")
            sent += 1
            time.sleep(0.3)
        end = ending(sock, 0.5)
    assert end is not None, f"still open after {sent} bytes"
    assert sent >= 3 and end[1].startswith(b"HTTP/1.1 408 ")


def test_a_body_that_stops_is_answered_408_and_closed(quick: Served) -> None:
    head = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n")
    with opened(quick.port, "127.0.0.2", head + b'{"game": ') as sock:
        end = ending(sock, DEADLINE + SLACK)
    assert end is not None, "still open"
    assert end[1].startswith(b"HTTP/1.1 408 ") and b"body may take" in end[1]
    # the app saw its client gone mid-body: nothing to answer, nothing to log as an error
    assert get(quick.port, "127.0.0.3") == 200
    assert b"Traceback" not in quick.log.read_bytes()


def test_a_keep_alive_client_is_not_cut_and_is_let_go_when_idle(quick: Served) -> None:
    """Five requests on one connection over more than the header deadline all answer;
    idle, the connection is closed after keep_alive_seconds."""
    conn = http.client.HTTPConnection("127.0.0.1", quick.port, timeout=10,
                                      source_address=("127.0.0.3", 0))
    ports, statuses = set(), []
    try:
        for _ in range(5):
            conn.request("GET", "/api/games")
            response = conn.getresponse()
            response.read()
            statuses.append(response.status)
            assert conn.sock is not None
            ports.add(conn.sock.getsockname()[1])
            time.sleep(DEADLINE / 2)
        assert statuses == [200] * 5 and len(ports) == 1  # one connection, never cut
        end = ending(conn.sock, KEEP_ALIVE + SLACK)
    finally:
        conn.close()
    assert end is not None, "an idle kept-alive connection was still open"


# -- connections per client --------------------------------------------------------------

def refused_one_of(port: int, source: str, count: int) -> list[socket.socket]:
    """Open ``count`` half-sent connections from ``source``; assert that the server let go
    of exactly one of them (answered 429, or reset), and return the others, open."""
    held = [opened(port, source, HALF) for _ in range(count)]
    readable, _, _ = select.select(held, [], [], SLACK + 2)
    assert len(readable) == 1, f"{len(readable)} of {count} connections closed"
    end = ending(readable[0], SLACK)
    assert end is not None, "answered but not closed"
    assert end[1] == b"" or end[1].startswith(b"HTTP/1.1 429 "), end[1][:200]
    if end[1]:
        message = json.loads(end[1].partition(b"\r\n\r\n")[2])["error"]["message"]
        assert message == f"a client may hold {LIMIT} HTTP connections at once; close one first"
    readable[0].close()
    held.remove(readable[0])
    assert all(still_open(sock) for sock in held)
    return held


def test_one_client_holds_at_most_its_share_and_others_still_get_in(limited: Served) -> None:
    held = refused_one_of(limited.port, "127.0.0.4", LIMIT + 1)
    try:
        assert get(limited.port, "127.0.0.5") == 200  # another client, meanwhile
        # a trusted proxy (uvicorn's forwarded_allow_ips) carries many clients: not counted
        proxy = [opened(limited.port, "127.0.0.1", HALF) for _ in range(LIMIT + 2)]
        assert get(limited.port, "127.0.0.1") == 200
        assert all(still_open(sock) for sock in proxy)
        for sock in proxy:
            sock.close()
        held.pop().close()  # one let go: the client may open another
        until = time.monotonic() + SLACK + 2
        while (status := get(limited.port, "127.0.0.4")) != 200 and time.monotonic() < until:
            time.sleep(0.1)
        assert status == 200
    finally:
        for sock in held:
            sock.close()


def test_websockets_do_not_count_as_plain_connections_once_open(limited: Served) -> None:
    """More WebSockets than the plain limit open at once from one client, and once they
    are closed the client still has exactly its share of plain connections."""
    made = http.client.HTTPConnection("127.0.0.1", limited.port, timeout=10,
                                      source_address=("127.0.0.6", 0))
    made.request("POST", "/api/tables", json.dumps(
        {"game": "snow-time", "seats": [{"kind": "random"}] * 3}),
        {"Content-Type": "application/json"})
    table = json.loads(made.getresponse().read())
    made.close()
    path = f"/ws/tables/{table['table']}?secret={table['spectator_secret']}"
    with contextlib.ExitStack() as sockets:
        for _ in range(LIMIT + 2):  # all open at once
            ws = sockets.enter_context(connect(
                f"ws://127.0.0.1:{limited.port}{path}", proxy=None, open_timeout=10,
                sock=opened(limited.port, "127.0.0.7")))
            assert json.loads(ws.recv(timeout=10))["type"] == "view"
    for sock in refused_one_of(limited.port, "127.0.0.7", LIMIT + 1):
        sock.close()
