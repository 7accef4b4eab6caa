"""The rig under ``server_load.py``: a fresh server on a fresh database, HTTP without
surprises, the server process's CPU and memory, and the attackers that run apart.

Kept beside the benchmark (not in the package): it only drives a server from outside.
Attackers that do real work (a creation burst, 1,000 watchers) run in their own process
so their CPU does not slow the clients whose latency is measured.
"""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures
import contextlib
import functools
import http.client
import json
import math
import os
import random
import resource
import secrets
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets
from websockets.exceptions import ConnectionClosed, InvalidStatus

HOST = "127.0.0.1"
ATTACKER = "127.0.0.2"  # every attack comes from its own loopback address (own "client")
TCP_STATES = {1: "ESTABLISHED", 4: "FIN_WAIT1", 5: "FIN_WAIT2", 6: "TIME_WAIT", 7: "CLOSE",
              8: "CLOSE_WAIT", 9: "LAST_ACK", 11: "CLOSING"}


def player_address(slot: int) -> str:
    """A loopback source address per busy table: each player is its own client, so
    per-client limits see 200 people, not one."""
    return f"127.1.{slot // 250}.{slot % 250 + 1}"


def raise_nofile() -> int:
    """Raise this process's soft limit on open files to the hard one; returns it."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile, in milliseconds rounded to 0.01 (None if no values)."""
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[max(0, math.ceil(q * len(ordered)) - 1)] * 1e3, 2)


def http_json(method: str, port: int, path: str, body: Any = None, *, timeout: float = 30.0,
              source: str | None = None) -> tuple[int, Any]:
    """One request; (status, parsed JSON or None). Status 0 on a network error or timeout,
    never an exception: a refused or failing server is a measurement here."""
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout,
                                      source_address=None if source is None else (source, 0))
    try:
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, path, body=data, headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        raw = response.read()
        try:
            return response.status, json.loads(raw)
        except ValueError:
            return response.status, None
    except (OSError, http.client.HTTPException):
        return 0, None
    finally:
        conn.close()


# -- the server and its database ------------------------------------------------------

@contextlib.contextmanager
def fresh_database(database_url: str | None, tmp: Path) -> Iterator[str]:
    """A new SQLite file, or a new PostgreSQL database next to ``database_url`` (made
    with the URL's role, dropped afterwards: only the one made here is ever dropped)."""
    if database_url is None or database_url.startswith("sqlite"):
        yield f"sqlite:///{tmp / f'load-{secrets.token_hex(4)}.db'}"
        return
    from sqlalchemy import create_engine, text  # the server's own dependency

    name = f"wg_bench_{secrets.token_hex(6)}"
    parts = urllib.parse.urlsplit(database_url)
    admin = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://", 1),
                          isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield urllib.parse.urlunsplit(parts._replace(path=f"/{name}"))
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _raise_nofile_quietly() -> None:
    with contextlib.suppress(ValueError, OSError):
        raise_nofile()


def _cap_nofile(soft: int) -> None:
    """The soft open-files limit ``soft`` (a server run as under ``ulimit -n soft``)."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, hard), hard))


@dataclass
class Server:
    """``wintergames serve`` in a child process, its stderr in a file (never a pipe that
    fills and blocks it), with its soft open-files limit raised to the hard one."""

    url: str
    serve_args: list[str]
    log: Path
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    exit: str = "running"
    nofile: int | None = None  # the server's soft open-files limit (None: the hard one)
    # A command the server runs under (["py-spy", "record", ..., "--"]: a profile of it)
    wrapper: list[str] = field(default_factory=list)

    def start(self, ready_within: float = 30.0) -> None:
        with socket.socket() as probe:
            probe.bind((HOST, 0))
            self.port = probe.getsockname()[1]
        with self.log.open("wb") as err:
            self.process = subprocess.Popen(
                [*self.wrapper, sys.executable, "-m", "wintergames.cli", "serve", "--host", HOST,
                 "--port", str(self.port), "--database-url", self.url, *self.serve_args],
                stdout=subprocess.DEVNULL, stderr=err,
                preexec_fn=_raise_nofile_quietly if self.nofile is None
                else functools.partial(_cap_nofile, self.nofile))
        until = time.monotonic() + ready_within
        while time.monotonic() < until:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.errors()['first']}")
            if http_json("GET", self.port, "/api/games", timeout=2)[0] == 200:
                return
            time.sleep(0.1)
        raise RuntimeError("server not ready in time")

    @property
    def pid(self) -> int:
        """The server's process id (under a wrapper, the wrapper's child)."""
        assert self.process is not None
        if not self.wrapper:
            return self.process.pid
        for stat_file in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, IndexError):
                if int(stat_file.read_text().rsplit(")", 1)[1].split()[1]) == self.process.pid:
                    return int(stat_file.parent.name)
        return self.process.pid

    def sample(self) -> dict[str, float]:
        """CPU seconds (user + system), resident MiB and threads, from /proc."""
        try:
            stat = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
            status = Path(f"/proc/{self.pid}/status").read_text()
        except OSError:
            return {}
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        tick = os.sysconf("SC_CLK_TCK")
        return {"t": time.monotonic(), "cpu_s": (int(stat[11]) + int(stat[12])) / tick,
                "workers_cpu_s": self._children_cpu() / tick,
                "rss_mib": round(int(fields["VmRSS"].split()[0]) / 1024, 1),
                "threads": int(fields["Threads"])}

    def _children_cpu(self) -> int:
        """Clock ticks spent by the server's descendant processes alive now (its bot and
        replay workers, forked by a fork server it started): the event loop's own
        process no longer does that work."""
        stats: dict[int, tuple[int, int]] = {}  # pid -> (parent, ticks)
        for stat_file in Path("/proc").glob("[0-9]*/stat"):
            try:
                rest = stat_file.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            stats[int(stat_file.parent.name)] = (int(rest[1]), int(rest[11]) + int(rest[12]))
        ticks, family = 0, {self.pid}
        for _ in range(3):  # children, grandchildren (forked by the fork server), ...
            for pid, (parent, spent) in stats.items():
                if parent in family and pid not in family:
                    family.add(pid)
                    ticks += spent
        return ticks

    def stop(self) -> None:
        """SIGTERM, then SIGKILL after 10 s (recorded: a server that cannot stop)."""
        if self.process is None or self.process.poll() is not None:
            self.exit = "exited early" if self.process is not None else "never started"
            return
        if self.wrapper:  # the server stops; its wrapper (a profiler) then writes and ends
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGTERM)
        else:
            self.process.terminate()
        try:
            self.process.wait(timeout=30 if self.wrapper else 10)
            self.exit = "clean"
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
            self.exit = "killed after 10 s (did not stop on SIGTERM)"

    def errors(self) -> dict[str, Any]:
        """Tracebacks and ERROR lines the server logged, and the last line of the first."""
        try:
            lines = self.log.read_text(errors="replace").splitlines()
        except OSError:
            return {"count": 0, "first": None}
        count = sum(1 for line in lines if line.startswith(("Traceback", "ERROR")))
        first = next((line for line in lines if line.startswith(("ERROR", "Traceback"))), None)
        if first is not None:  # the exception line that ends the first traceback
            start = lines.index(first)
            tail = next((line for line in lines[start + 1:]
                         if line and not line.startswith((" ", "Traceback"))), first)
            first = tail[:200]
        return {"count": count, "first": first}


def cpu_between(a: dict[str, float], b: dict[str, float]) -> dict[str, float | None]:
    """The server process's CPU between two samples, and its worker processes'."""
    if not a or not b:
        return {"cpu_s": None, "cpu_cores": None, "workers_cpu_cores": None}
    spent, took = b["cpu_s"] - a["cpu_s"], max(b["t"] - a["t"], 1e-9)
    workers = max(0.0, b["workers_cpu_s"] - a["workers_cpu_s"])
    return {"cpu_s": round(spent, 2), "cpu_cores": round(spent / took, 2),
            "workers_cpu_cores": round(workers / took, 2)}


# -- the silent watcher ----------------------------------------------------------------

def tcp_sockets() -> dict[tuple[int, int], tuple[str, int, int]]:
    """Loopback TCP sockets: (local port, remote port) -> (state, tx queue, rx queue)."""
    found = {}
    with contextlib.suppress(OSError):
        for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
            cols = line.split()
            local, remote, state = cols[1], cols[2], int(cols[3], 16)
            tx, rx = (int(x, 16) for x in cols[4].split(":"))
            key = (int(local.split(":")[1], 16), int(remote.split(":")[1], 16))
            found[key] = (TCP_STATES.get(state, str(state)), tx, rx)
    return found


@dataclass
class SilentWatcher:
    """A spectator that does the WebSocket handshake itself on a raw socket with a tiny
    receive buffer and an Internet-sized MSS, then never reads: the kernel buffers fill
    and the server's sends to it block. Never answers a ping either. Its state and both
    kernel queues are read from /proc/net/tcp."""

    port: int
    path: str
    sock: socket.socket | None = None
    local_port: int = 0
    max_server_queue: int = 0  # bytes the server has sent that the watcher has not read
    max_client_queue: int = 0
    server_left: float | None = None  # when the server-side socket stopped being open
    states: list[str] = field(default_factory=list)

    def connect(self, timeout: float = 10.0) -> None:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)  # before connect
        # An Internet-sized segment (loopback's 64 KiB one lets the server's kernel buffer
        # megabytes for one socket before a send blocks, more than a game's views).
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, 1400)
        sock.bind((ATTACKER, 0))
        sock.settimeout(timeout)
        sock.connect((HOST, self.port))
        key = base64.b64encode(os.urandom(16)).decode()
        sock.sendall((f"GET {self.path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n"
                      f"Upgrade: websocket\r\nConnection: Upgrade\r\n"
                      f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                      f"Origin: http://{HOST}:{self.port}\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:  # read the answer's head only, byte by byte
            byte = sock.recv(1)
            if not byte:
                raise RuntimeError("server closed during the handshake")
            head += byte
        status = head.split(b"\r\n", 1)[0].decode(errors="replace")
        if " 101 " not in status + " ":
            raise RuntimeError(f"handshake refused: {status}")
        self.sock, self.local_port = sock, sock.getsockname()[1]

    def poll(self, started: float) -> None:
        """Record queue sizes and whether the server still holds the connection."""
        sockets = tcp_sockets()
        server_side = sockets.get((self.port, self.local_port))
        client_side = sockets.get((self.local_port, self.port))
        if server_side is not None:
            self.max_server_queue = max(self.max_server_queue, server_side[1])
        if client_side is not None:
            self.max_client_queue = max(self.max_client_queue, client_side[2])
        state = server_side[0] if server_side else "gone"
        if not self.states or self.states[-1] != state:
            self.states.append(state)
        if state != "ESTABLISHED" and self.server_left is None:
            self.server_left = round(time.monotonic() - started, 1)

    def drain(self, limit: float = 10.0) -> dict[str, Any]:
        """Finally read everything: frames by kind, the close code, and how it ended."""
        assert self.sock is not None
        data, ending = bytearray(), "still open"
        self.sock.settimeout(0.5)
        until = time.monotonic() + limit
        while time.monotonic() < until and len(data) < 64 << 20:
            try:
                chunk = self.sock.recv(1 << 16)
            except TimeoutError:
                break
            except ConnectionResetError:
                ending = "reset by server"
                break
            if not chunk:
                ending = "closed by server (EOF)"
                break
            data += chunk
        self.sock.close()
        kinds, close_code = Counter[str](), None
        at = 0
        while at + 2 <= len(data):
            opcode, size, at = data[at] & 0x0F, data[at + 1] & 0x7F, at + 2
            if size == 126:
                size, at = struct.unpack_from("!H", data, at)[0], at + 2
            elif size == 127:
                size, at = struct.unpack_from("!Q", data, at)[0], at + 8
            name = {1: "text", 2: "binary", 8: "close", 9: "ping", 10: "pong"}.get(opcode, "other")
            kinds[name] += 1
            if opcode == 8 and size >= 2 and at + 2 <= len(data):
                close_code = struct.unpack_from("!H", data, at)[0]
            at += size
        return {"unread_bytes": len(data), "frames": dict(kinds), "close_code": close_code,
                "ending": ending}


# -- attackers in their own process -----------------------------------------------------

def burst(port: int, seconds: float, limit: int, connections: int,
          body: dict[str, Any]) -> dict[str, Any]:
    """POST ``body`` to /api/tables from a few keep-alive connections, as fast as the
    server answers, for ``seconds`` or ``limit`` requests in all."""
    import threading

    statuses: Counter[int] = Counter()
    lock = threading.Lock()
    sent = [0]
    until = time.monotonic() + seconds
    data = json.dumps(body).encode()

    def worker() -> None:
        conn: http.client.HTTPConnection | None = None
        while time.monotonic() < until:
            with lock:
                if sent[0] >= limit:
                    return
                sent[0] += 1
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(HOST, port, timeout=10,
                                                      source_address=(ATTACKER, 0))
                conn.request("POST", "/api/tables", body=data,
                             headers={"Content-Type": "application/json"})
                response = conn.getresponse()
                response.read()
                status = response.status
                if response.getheader("connection", "").lower() == "close":
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException):
                status = 0
                if conn is not None:
                    conn.close()
                conn = None
            with lock:
                statuses[status] += 1
        if conn is not None:
            conn.close()

    started = time.monotonic()
    threads = [threading.Thread(target=worker) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 15)
    elapsed = time.monotonic() - started
    return {"requests": sum(statuses.values()), "seconds": round(elapsed, 1),
            "statuses": {str(k): v for k, v in sorted(statuses.items())},
            "connections": connections, "attacker_cpu_s": own_cpu()}


def own_cpu() -> float:
    """CPU seconds this process has used (an attacker's share of the machine)."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return round(usage.ru_utime + usage.ru_stime, 2)


def watchers(port: int, path: str, count: int, seconds: float, parallel: int = 100
             ) -> dict[str, Any]:
    """Open ``count`` spectator WebSockets at one table (``parallel`` at a time), each
    reading every view it is sent, for ``seconds``; how many were let in and how not."""
    nofile = raise_nofile()
    outcome: Counter[str] = Counter()
    views, opened_at, began = [0], [0.0], time.monotonic()
    gate = asyncio.Semaphore(parallel)

    async def one(until: float) -> None:
        async with gate:
            try:
                ws = await websockets.connect(f"ws://{HOST}:{port}{path}", open_timeout=15,
                                              close_timeout=1, ping_interval=None,
                                              proxy=None, local_addr=(ATTACKER, 0),
                                              origin=websockets.Origin(f"http://{HOST}:{port}"))
            except InvalidStatus as err:
                outcome[f"http {err.response.status_code}"] += 1
                return
            except (OSError, TimeoutError, websockets.InvalidHandshake) as err:
                outcome[f"error {type(err).__name__}"] += 1
                return
        try:
            first = json.loads(await asyncio.wait_for(ws.recv(), 15))
            if first.get("type") != "view":
                outcome[f"first message {first.get('type')}"] += 1
            else:
                outcome["accepted"] += 1
                opened_at[0] = max(opened_at[0], time.monotonic() - began)
            while (left := until - time.monotonic()) > 0:
                await asyncio.wait_for(ws.recv(), left)
                views[0] += 1
        except TimeoutError:
            if time.monotonic() < until:
                outcome["no first view in 15 s"] += 1
        except ConnectionClosed as err:
            code = err.rcvd.code if err.rcvd is not None else None
            outcome[f"closed by server {code}"] += 1
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(), 2)

    async def run() -> float:
        started = time.monotonic()
        await asyncio.wait_for(asyncio.gather(*(one(started + seconds) for _ in range(count))),
                               seconds + 60)
        return time.monotonic() - started

    try:
        asyncio.run(run())
    except TimeoutError:
        outcome["case timed out"] += 1
    return {"opened": count, "outcome": dict(outcome), "views_received": views[0],
            "last_accepted_after_s": round(opened_at[0], 1), "client_nofile": nofile,
            "attacker_cpu_s": own_cpu()}


def half_open(port: int, count: int, seconds: float, source: str = ATTACKER
              ) -> dict[str, Any]:
    """Hold ``count`` connections that each send half a request's headers, then nothing,
    for ``seconds``. One the server lets go is opened again a second later, as a
    persistent attacker would; how each ended is counted (the server's answer, if any)."""
    nofile = raise_nofile()
    half = f"GET /api/games HTTP/1.1\r\nHost: {HOST}:{port}\r\nX-Half: ".encode()
    endings: Counter[str] = Counter()
    now_held, most_held, opened = [0], [0], [0]

    async def hold(until: float) -> None:
        """One connection held until the server lets it go or time is up."""
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(HOST, port, local_addr=(source, 0)), 10)
        except (OSError, TimeoutError) as err:
            endings[f"connect {type(err).__name__}"] += 1
            return
        opened[0] += 1
        now_held[0] += 1
        most_held[0] = max(most_held[0], now_held[0])
        try:
            writer.write(half)
            answer = await asyncio.wait_for(reader.read(64), max(until - time.monotonic(), 0))
            endings["answered " + answer.split(b" ")[1].decode(errors="replace")
                    if answer.startswith(b"HTTP/") else "closed silently"] += 1
        except TimeoutError:
            endings["open at the end"] += 1  # held, or opened just before it
        except OSError as err:
            endings[f"server {type(err).__name__}"] += 1
        finally:
            now_held[0] -= 1
            writer.transport.abort()

    async def slot(until: float) -> None:
        while time.monotonic() < until:
            await hold(until)
            await asyncio.sleep(1)

    async def run() -> None:
        until = time.monotonic() + seconds
        await asyncio.wait_for(asyncio.gather(*(slot(until) for _ in range(count))),
                               seconds + 30)

    try:
        asyncio.run(run())
    except TimeoutError:
        endings["case timed out"] += 1
    return {"slots": count, "connections_opened": opened[0], "most_held_at_once": most_held[0],
            "endings": dict(endings), "client_nofile": nofile, "attacker_cpu_s": own_cpu()}


def make_tmp() -> tempfile.TemporaryDirectory[str]:
    return tempfile.TemporaryDirectory(prefix="wg-load-")


def replay_reader(port: int, tables: list[str], seconds: float, threads: int = 8,
                  source: str = ATTACKER) -> dict[str, Any]:
    """``threads`` threads reading the replays of ``tables`` for ``seconds``, without
    gzip (every step at once, or one step), as fast as the server answers; a 429 waits
    0.5 s. Run in a process of its own: reading megabytes must not slow the clients that
    measure. Returns the statuses and the MiB read."""
    statuses: Counter[int] = Counter()
    read = [0]
    until = time.monotonic() + seconds

    def reader(n: int) -> None:
        rng = random.Random(n)
        while time.monotonic() < until:
            table = rng.choice(tables)
            path = (f"/api/tables/{table}/replay/all" if rng.random() < 0.5
                    else f"/api/tables/{table}/replay?step={rng.randrange(500)}")
            conn = http.client.HTTPConnection(HOST, port, timeout=30,
                                              source_address=(source, 0))
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                read[0] += len(response.read())
                status = response.status
            except (OSError, http.client.HTTPException):
                status = 0  # a failed read is a measurement here
            finally:
                conn.close()
            statuses[status] += 1
            if status == 429:
                time.sleep(0.5)

    with concurrent.futures.ThreadPoolExecutor(threads) as pool:
        list(pool.map(reader, range(threads)))
    return {"statuses": {str(k): v for k, v in sorted(statuses.items())},
            "mib_read": round(read[0] / 2**20, 1)}
