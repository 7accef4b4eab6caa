"""Several server processes on one PostgreSQL database (issue 42): what a second process
buys, how fast a change reaches another process's watchers, and what a ``kill -9`` of
one process in the middle of play costs.

Parts (``--part``, repeatable; default all), one JSON line each:
  capacity  busy tables (``server_load``'s baseline: one WebSocket player and two random
            bots each) against ``serve --workers 1`` and ``--workers 2``, at each count of
            ``--tables`` (default 150,250,350,450): p99 action -> view, actions/s, the
            server's CPU (its processes and their bot workers) and the load generator's.
            "held" is the largest count whose p99 action -> view is at most 100 ms.
  fanout    two ``serve`` processes on one database; a person acts through A over HTTP,
            a spectator of the same table watches through B: action sent -> B's view of
            it, p50/p99 (and the same for a spectator on A, for comparison).
  kill      three ``serve`` processes behind nginx; busy tables played through nginx
            (each player reconnects after its socket drops) and bot-only tables; one
            process is killed with SIGKILL half way. Acknowledged actions missing from
            storage (target 0), steps stored twice (0), each bot-only table's longest
            pause around the kill, and whether every bot table finishes.

Needs ``--database-url postgresql://...`` (a fresh database is made per run and dropped)
and, for ``kill``, nginx (``scripts/test-deps``). Run:
``python benchmarks/server_processes.py --database-url postgresql://...``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import orjson
import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from load_rig import (
    HOST,
    Server,
    fresh_database,
    http_json,
    make_tmp,
    percentile,
    player_address,
    raise_nofile,
)
from server_load import GRACE, open_tables, run_load

HELD_P99_MS = 100.0  # the bar for a busy table "held"
TWO_PEOPLE = {"game": "winter-queen", "seats": [{"kind": "human"}, {"kind": "human"}],
              "options": {"first_player": "1"}}
# bots that think (in the worker processes) for a game that outlasts the run
THINKING = {"kind": "ismcts", "settings": {"iterations": 300}}
BOTS_ONLY = {"game": "winter-queen", "seats": [THINKING, THINKING]}
WITH_BOTS = {"game": "winter-queen",
             "seats": [{"kind": "human"}, {"kind": "random"}, {"kind": "random"}]}


def server_cpu(result: dict[str, Any]) -> float | None:
    """Cores the server took in all: its own process (the supervisor, with --workers) and
    every descendant (the serving processes and their bot workers)."""
    figures = result.get("server", {})
    own, workers = figures.get("load_cpu_cores"), figures.get("workers_cpu_cores")
    return None if own is None or workers is None else round(own + workers, 2)


# -- capacity -------------------------------------------------------------------------

def capacity(args: argparse.Namespace) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    for workers in args.workers:
        for count in args.tables:
            with make_tmp() as tmp, fresh_database(args.database_url, Path(tmp)) as url:
                server = Server(url, ["--workers", str(workers)], Path(tmp) / "server.log")
                try:
                    server.start(ready_within=60)
                    tables = asyncio.run(open_tables(server.port, count))
                    result = asyncio.run(run_load(server, tables, args.seconds))
                finally:
                    server.stop()
            rows.append({"workers": workers, "tables": count,
                         "p99_ms": result["p99_ms"], "warm_p99_ms": result["warm_p99_ms"],
                         "p50_ms": result["p50_ms"], "actions_per_s": result["actions_per_s"],
                         "turn_p99_ms": result["turn_p99_ms"],
                         "unanswered": result["unanswered"],
                         "client_errors": result["client_errors"],
                         "server_cpu_cores": server_cpu(result),
                         "rig_cpu_cores": result["server"]["clients_cpu_cores"],
                         "rig_loop_lag_p99_ms": result["rig_loop_lag_ms"]["p99"],
                         "server_errors": server.errors()})
            print(json.dumps({"part": "capacity-row", **rows[-1]}), flush=True)
    held = {}
    for workers in args.workers:
        ok = [r for r in rows if r["workers"] == workers
              and r["p99_ms"] is not None and r["p99_ms"] <= HELD_P99_MS]
        best = max(ok, key=lambda r: r["tables"], default=None)
        held[str(workers)] = None if best is None else {
            "tables": best["tables"], "actions_per_s": best["actions_per_s"]}
    return {"part": "capacity", "rows": rows, "held_at_p99_100ms": held}


# -- fan-out ----------------------------------------------------------------------------

async def _watch(port: int, table: dict[str, Any], seen: dict[int, float],
                 until: float, source: str) -> None:
    """A spectator of ``table`` on ``port``: when it first saw each version."""
    url = (f"ws://{HOST}:{port}/ws/tables/{table['table']}"
           f"?secret={table['spectator_secret']}")
    async with websockets.connect(url, proxy=None, max_size=1 << 24,
                                  local_addr=(source, 0)) as ws:
        while time.monotonic() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(decode=False), until - time.monotonic())
            except TimeoutError:
                return
            message = orjson.loads(raw)
            if message.get("type") == "view":
                seen.setdefault(message["version"], time.monotonic())


async def _act_through(port: int, table: dict[str, Any], sent: dict[int, float],
                       until: float, pause: float, rng: random.Random, source: str) -> None:
    """Both seats' people, each on a WebSocket of ``port`` (``pause`` s between actions):
    when the action that made each version was sent (no thread, no HTTP: the time is the
    send's own)."""
    base = f"ws://{HOST}:{port}/ws/tables/{table['table']}?secret="
    sockets = [await websockets.connect(base + seat["secret"], proxy=None, max_size=1 << 24,
                                        local_addr=(source, 0))
               for seat in table["seats"]]
    try:
        views = [orjson.loads(await ws.recv(decode=False)) for ws in sockets]
        while time.monotonic() < until:
            mover = next((i for i, v in enumerate(views)
                          if i in v["to_move"] and v.get("legal")), None)
            if mover is None or views[mover]["over"]:
                return
            view = views[mover]
            at = time.monotonic()
            await sockets[mover].send(json.dumps({
                "type": "action", "version": view["version"],
                "action": rng.choice(view["legal"])["action"]}))
            reply = orjson.loads(await sockets[mover].recv(decode=False))
            if reply.get("type") != "view":
                return
            sent[len(sent)] = at  # the spectator's version before it was len(sent)
            views[mover] = reply
            other = 1 - mover
            # the other seat's socket got its own view of the same change
            views[other] = orjson.loads(await sockets[other].recv(decode=False))
            await asyncio.sleep(pause)
    finally:
        for ws in sockets:
            await ws.close()


def fanout(args: argparse.Namespace) -> dict[str, Any]:
    with make_tmp() as tmp, fresh_database(args.database_url, Path(tmp)) as url:
        a = Server(url, [], Path(tmp) / "a.log")
        b = Server(url, [], Path(tmp) / "b.log")
        try:
            a.start(ready_within=60)
            b.start(ready_within=60)
            out = asyncio.run(_fanout(a, b, args))
        finally:
            a.stop()
            b.stop()
        out["server_errors"] = {"a": a.errors(), "b": b.errors()}
    return {"part": "fanout", **out}


async def _fanout(a: Server, b: Server, args: argparse.Namespace) -> dict[str, Any]:
    tables = await open_tables(a.port, args.fanout_tables, TWO_PEOPLE)
    until = time.monotonic() + args.seconds
    sent: list[dict[int, float]] = [{} for _ in tables]
    on_b: list[dict[int, float]] = [{} for _ in tables]
    on_a: list[dict[int, float]] = [{} for _ in tables]
    # each table's people and spectators are a client of their own (per-client limits)
    watchers = [asyncio.create_task(_watch(server.port, t, seen, until + GRACE,
                                           player_address(i)))
                for i, (t, seen_b, seen_a) in enumerate(zip(tables, on_b, on_a, strict=True))
                for server, seen in ((b, seen_b), (a, seen_a))]
    await asyncio.sleep(1.0)  # every spectator has its first view
    rng = random.Random(7)
    await asyncio.gather(*(_act_through(a.port, t, s, until, args.fanout_pause, rng,
                                        player_address(i))
                           for i, (t, s) in enumerate(zip(tables, sent, strict=True))))
    await asyncio.sleep(GRACE)
    for task in watchers:
        task.cancel()

    def delays(seen: list[dict[int, float]]) -> tuple[list[float], int]:
        got, missing = [], 0
        for sends, views in zip(sent, seen, strict=True):
            for step, at in sends.items():
                if step + 1 in views:
                    got.append(views[step + 1] - at)
                else:
                    missing += 1
        return got, missing

    cross, missing_b = delays(on_b)
    same, missing_a = delays(on_a)
    return {"tables": len(tables), "actions": sum(len(s) for s in sent),
            "seconds": args.seconds,
            "other_process_ms": {"p50": percentile(cross, 0.5), "p99": percentile(cross, 0.99),
                                 "max": percentile(cross, 1.0), "never_seen": missing_b},
            "same_process_ms": {"p50": percentile(same, 0.5), "p99": percentile(same, 0.99),
                                "max": percentile(same, 1.0), "never_seen": missing_a}}


# -- kill -9 ------------------------------------------------------------------------------

NGINX_CONF = """
worker_processes 1;
error_log {tmp}/nginx-error.log warn;
pid {tmp}/nginx.pid;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    upstream wintergames {{
{servers}
    }}
    server {{
        listen {host}:{port};
        location / {{
            proxy_pass http://wintergames;
            proxy_next_upstream error timeout http_502 http_503;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        }}
        location /ws/ {{
            proxy_pass http://wintergames;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection "upgrade";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 60s;
        }}
    }}
}}
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def start_nginx(tmp: Path, ports: list[int]) -> tuple[subprocess.Popen[bytes], int]:
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    port = free_port()
    servers = "\n".join(f"        server {HOST}:{p} max_fails=1 fail_timeout=2s;"
                        for p in ports)
    conf = tmp / "nginx.conf"
    conf.write_text(NGINX_CONF.format(tmp=tmp, servers=servers, host=HOST, port=port))
    process = subprocess.Popen([nginx, "-c", str(conf), "-p", str(tmp), "-g", "daemon off;"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    until = time.monotonic() + 20
    while time.monotonic() < until:
        if http_json("GET", port, "/api/games", timeout=2)[0] == 200:
            return process, port
        time.sleep(0.1)
    process.kill()
    raise RuntimeError("nginx did not answer")


async def _kill_player(port: int, table: dict[str, Any], until: float,
                       acked: list[tuple[str, int, str]], record: dict[str, Any],
                       source: str) -> None:
    """Seat 0 of a table with bots, through nginx, until time is up: reconnects whenever
    its socket drops (or an action is refused: the new socket's view is the truth), and
    keeps every action the server acknowledged (the view that answered it) as (table,
    step, action)."""
    rng = random.Random(table["table"])

    def count(kind: str, what: str) -> None:
        record[kind][what] = record[kind].get(what, 0) + 1

    while time.monotonic() < until:
        url = (f"ws://{HOST}:{port}/ws/tables/{table['table']}"
               f"?secret={table['seats'][0]['secret']}")
        try:
            async with websockets.connect(url, proxy=None, max_size=1 << 24,
                                          open_timeout=10, local_addr=(source, 0)) as ws:
                view = orjson.loads(await asyncio.wait_for(ws.recv(decode=False), 10))
                step, action = -1, None  # the action sent and not yet answered
                while time.monotonic() < until and view.get("type") == "view":
                    if view["over"]:  # a new game, as a person who stays would
                        table = await asyncio.to_thread(_new_table, port, source)
                        record["games"] += 1
                        break
                    if step < 0 and 0 in view["to_move"] and view.get("legal"):
                        # seat 0 moves at step len(history), its view's version (Winter
                        # Queen has no simultaneous steps)
                        step, action = view["version"], rng.choice(view["legal"])["action"]
                        await ws.send(json.dumps({"type": "action", "version": step,
                                                  "action": action}))
                    view = orjson.loads(await asyncio.wait_for(ws.recv(decode=False), 10))
                    if step >= 0 and view.get("type") == "view" and view["version"] > step:
                        acked.append((table["table"], step,
                                      json.dumps(action, sort_keys=True)))
                        step = -1
                if view.get("type") == "error":
                    count("refused", str(view.get("code")))
                    await asyncio.sleep(0.1)
        except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as err:
            count("reconnects", type(err).__name__)
            await asyncio.sleep(0.1)


def _new_table(port: int, source: str) -> dict[str, Any]:
    status, made = http_json("POST", port, "/api/tables", WITH_BOTS, timeout=30,
                             source=source)
    if status != 201:
        raise OSError(f"a new table was refused: {status}")
    return dict(made)


def _stored(url: str) -> tuple[dict[tuple[str, int], str], int, dict[str, list[Any]]]:
    """Every stored action as (table, step) -> action, steps stored twice, and each
    table's action times."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1))
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT table_id, seq, action, created_at FROM actions"))
        stored: dict[tuple[str, int], str] = {}
        times: dict[str, list[Any]] = {}
        for table_id, seq, action, created in rows:
            stored[(table_id, seq)] = json.dumps(action, sort_keys=True)
            times.setdefault(table_id, []).append(created)
        twice = conn.execute(text("SELECT count(*) FROM (SELECT table_id, seq FROM actions "
                                  "GROUP BY table_id, seq HAVING count(*) > 1) d")).scalar()
    engine.dispose()
    return stored, int(twice or 0), times


def kill(args: argparse.Namespace) -> dict[str, Any]:
    with make_tmp() as tmp, fresh_database(args.database_url, Path(tmp)) as url:
        servers = [Server(url, [], Path(tmp) / f"s{i}.log") for i in range(3)]
        nginx = None
        try:
            for server in servers:
                server.start(ready_within=60)
            nginx, port = start_nginx(Path(tmp), [s.port for s in servers])
            out = asyncio.run(_kill(port, servers, args))
        finally:
            if nginx is not None:
                nginx.terminate()
                nginx.wait(10)
            for server in servers:
                server.stop()
        if args.logs:
            for i, server in enumerate(servers):
                shutil.copy(server.log, Path(args.logs) / f"kill-server-{i}.log")
        stored, twice, times = _stored(url)
        acked = out.pop("acked")
        lost = [a for a in acked if stored.get((a[0], a[1])) != a[2]]
        killed_at = out.pop("killed_wall")
        # each bot-only table still playing at the kill: when it next moved
        again = [min(moment for moment in moments if moment > killed_at) - killed_at
                 for moments in ([t.timestamp() for t in times.get(table_id, [])]
                                 for table_id in out.pop("bot_tables"))
                 if any(moment > killed_at for moment in moments)]
        out.update({"acknowledged_actions": len(acked), "acknowledged_lost": len(lost),
                    "lost_examples": lost[:3], "steps_stored_twice": twice,
                    "bot_tables_moving_after_kill": len(again),
                    "bot_tables_moving_again_within_s": round(max(again), 2) if again else None,
                    "server_errors": [s.errors() for s in servers]})
    return {"part": "kill", **out}


async def _kill(port: int, servers: list[Server], args: argparse.Namespace) -> dict[str, Any]:
    people = await open_tables(port, args.kill_tables, WITH_BOTS)
    bots = await open_tables(port, args.kill_bot_tables, BOTS_ONLY)
    until = time.monotonic() + args.seconds
    acked: list[tuple[str, int, str]] = []
    record: dict[str, Any] = {"refused": {}, "reconnects": {}, "games": len(people)}
    players = [asyncio.create_task(_kill_player(port, t, until, acked, record,
                                                player_address(i)))
               for i, t in enumerate(people)]
    await asyncio.sleep(args.seconds / 2)
    victim = servers[1]
    os.kill(victim.pid, signal.SIGKILL)
    killed_wall = time.time()
    await asyncio.gather(*players)
    # every bot-only table finishes (the survivors took over the dead one's)
    finish_by = time.monotonic() + 120
    unfinished = [t["table"] for t in bots]
    while unfinished and time.monotonic() < finish_by:
        await asyncio.sleep(0.5)
        still = []
        for table_id in unfinished:
            status, view = await asyncio.to_thread(http_json, "GET", port,
                                                   f"/api/tables/{table_id}/view")
            if status != 200 or not view["over"]:
                still.append(table_id)
        unfinished = still
    return {"tables": len(people), "bot_tables": [t["table"] for t in bots],
            "seconds": args.seconds, "acked": acked, "killed_wall": killed_wall,
            "bot_tables_unfinished": len(unfinished), "client_refusals": record["refused"],
            "games": record["games"],
            "client_reconnects": record["reconnects"]}


PARTS = {"capacity": capacity, "fanout": fanout, "kill": kill}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", action="append", choices=PARTS)
    parser.add_argument("--database-url", required=True, help="postgresql://...")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--workers", type=lambda s: [int(x) for x in s.split(",")],
                        default=[1, 2], help="capacity: --workers values, e.g. 1,2")
    parser.add_argument("--tables", type=lambda s: [int(x) for x in s.split(",")],
                        default=[150, 250, 350, 450], help="capacity: busy table counts")
    parser.add_argument("--fanout-tables", type=int, default=20)
    parser.add_argument("--fanout-pause", type=float, default=0.1)
    parser.add_argument("--kill-tables", type=int, default=50)
    parser.add_argument("--kill-bot-tables", type=int, default=6)
    parser.add_argument("--logs", default=None, metavar="DIR",
                        help="kill: copy each server's log into DIR")
    args = parser.parse_args()
    raise_nofile()
    for name in args.part or PARTS:
        result = PARTS[name](args)
        result.update(python=platform.python_version(), cpus=os.cpu_count(),
                      loadavg_1m=round(os.getloadavg()[0], 2))
        print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
