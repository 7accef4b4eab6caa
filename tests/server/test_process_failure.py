"""``kill -9`` of one of three server processes in the middle of play, behind nginx
(issue 42): every client reconnects through nginx to a live process and plays on,
nothing acknowledged is lost, no step is stored twice, every bot table finishes.

Real processes: three ``wintergames serve`` on one PostgreSQL database, and the nginx
example of docs/server.md in front of them (``tests/server/processes.py``).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import random
import signal
import time
from pathlib import Path
from typing import Any

import websockets
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from wintergames.server.store import normalized_url

from .processes import Served, answers, documented_nginx, free_port, nginx, serving
from .test_api import run_coroutine

PEOPLE = {"game": "winter-queen",
          "seats": [{"kind": "human"}, {"kind": "random"}, {"kind": "random"}]}
# searching bots: their moves take a while, so their games outlast the kill
THINKING = {"kind": "ismcts", "settings": {"iterations": 150}}
BOTS = {"game": "winter-queen", "seats": [THINKING, THINKING]}
AFTER_KILL = 6  # actions each person must have acknowledged after the kill
BOUND = 240.0  # seconds: only stops a test that would hang


async def create(port: int, body: dict[str, Any], source: str) -> dict[str, Any]:
    """A new table through nginx, from ``source`` (each person is a client of their own).
    A 502 is tried again, as a client would: nginx answers it for a request it had sent
    to the process just killed (it never sends a POST twice: docs/server.md)."""
    def post() -> tuple[int, Any]:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                          source_address=(source, 0))
        try:
            conn.request("POST", "/api/tables", body=json.dumps(body),
                         headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            raw = response.read()
            return response.status, json.loads(raw) if response.status == 201 else raw
        finally:
            conn.close()

    for _ in range(5):
        status, made = await asyncio.to_thread(post)
        if status == 201:
            return dict(made)
        assert status == 502, f"{status}: {made!r}"
        await asyncio.sleep(0.5)
    raise AssertionError("no table made through nginx in 5 tries")


class Person:
    """Seat 0 of a table with two bots, through nginx: plays random legal actions, and
    reconnects whenever its socket drops."""

    def __init__(self, port: int, slot: int, killed: asyncio.Event) -> None:
        self.port, self.source = port, f"127.2.0.{slot + 1}"
        self.rng = random.Random(slot)
        self.killed = killed
        self.acked: list[tuple[str, int, dict[str, Any]]] = []  # (table, step, action)
        self.after_kill = 0
        self.reconnects = 0

    async def play(self) -> None:
        table = await create(self.port, PEOPLE, self.source)
        while self.after_kill < AFTER_KILL:
            url = (f"ws://127.0.0.1:{self.port}/ws/tables/{table['table']}"
                   f"?secret={table['seats'][0]['secret']}")
            try:
                async with websockets.connect(url, proxy=None, max_size=1 << 24,
                                              open_timeout=20,
                                              local_addr=(self.source, 0)) as ws:
                    over = await self._on(ws, table["table"])
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError):
                self.reconnects += 1
                await asyncio.sleep(0.2)
                continue
            if over:
                table = await create(self.port, PEOPLE, self.source)

    async def _on(self, ws: Any, table_id: str) -> bool:
        """Play on one socket; True once the game is over. An action sent is answered by
        a view past its step (or an error); a view repeated meanwhile (a bot's move and
        this socket's first view can both show the same step) is not its answer."""
        view = json.loads(await asyncio.wait_for(ws.recv(), 30))
        while view["type"] == "view" and self.after_kill < AFTER_KILL:
            if view["over"]:
                return True
            if 0 in view["to_move"] and view["legal"]:
                # Winter Queen: seat 0 moves at step len(history), its view's version
                step, action = view["version"], self.rng.choice(view["legal"])["action"]
                await ws.send(json.dumps({"type": "action", "version": step,
                                          "action": action}))
                while view["type"] == "view" and view["version"] <= step:
                    view = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if view["type"] == "view":
                    self.acked.append((table_id, step, action))
                    self.after_kill += self.killed.is_set()
                continue
            view = json.loads(await asyncio.wait_for(ws.recv(), 30))
        assert view["type"] == "view", f"refused: {view}"
        return False


async def play_through_a_kill(port: int, servers: list[Served]) -> list[Person]:
    killed = asyncio.Event()
    people = [Person(port, slot, killed) for slot in range(9)]
    playing = [asyncio.create_task(person.play()) for person in people]
    # everyone sat down and played (a loaded machine may take a while), then the kill
    deadline = time.monotonic() + BOUND
    while not all(person.acked for person in people):
        assert time.monotonic() < deadline, "someone never played before the kill"
        await asyncio.sleep(0.1)
    await asyncio.sleep(1.0)
    os.kill(servers[1].process.pid, signal.SIGKILL)
    killed.set()
    await asyncio.wait_for(asyncio.gather(*playing), BOUND)
    return people


def stored(url: str) -> tuple[dict[str, list[tuple[int, dict[str, Any]]]], dict[str, bool]]:
    """Each table's stored log as (step, action), and whether each table is finished."""
    engine = create_engine(normalized_url(url))
    try:
        with engine.connect() as connection:
            logs: dict[str, list[tuple[int, dict[str, Any]]]] = {}
            for table_id, seq, action in connection.execute(text(
                    "SELECT table_id, seq, action FROM actions ORDER BY table_id, seq")):
                logs.setdefault(table_id, []).append((seq, action))
            finished = {table_id: bool(done) for table_id, done in connection.execute(
                text("SELECT id, finished FROM game_tables"))}
        return logs, finished
    finally:
        engine.dispose()


def test_a_process_killed_mid_play_loses_nothing_and_every_game_goes_on(
        postgres_url: str, tmp_path: Path) -> None:
    port = free_port()
    flags = ("--limit", "bot_lease_seconds=2")
    with serving(postgres_url, tmp_path, *flags) as a, \
            serving(postgres_url, tmp_path, *flags) as b, \
            serving(postgres_url, tmp_path, *flags) as c, \
            nginx(documented_nginx([a.port, b.port, c.port], port), tmp_path / "nginx", port):
        bot_tables = [run_coroutine(create(port, BOTS, "127.2.1.1")) for _ in range(3)]
        people = run_coroutine(play_through_a_kill(port, [a, b, c]))
        bound = time.monotonic() + BOUND
        while not all(stored(postgres_url)[1][t["table"]] for t in bot_tables):
            assert time.monotonic() < bound, "a bot table never finished"
            time.sleep(0.5)
        assert answers(port) == 200  # nginx still serves, through the live processes
    logs, _ = stored(postgres_url)
    # no step stored twice, none missing: each log is steps 0, 1, 2, ... (the unique
    # step of a table guarantees the first; a hole would be a lost write)
    for table_id, log in logs.items():
        assert [seq for seq, _ in log] == list(range(len(log))), table_id
    lost = [(t, step) for person in people for t, step, action in person.acked
            if dict(logs.get(t, [])).get(step) != action]
    assert not lost, f"acknowledged and not stored: {lost[:3]}"
    assert sum(person.reconnects for person in people) > 0, "someone was on the killed one"
    assert all(person.after_kill >= AFTER_KILL for person in people)
