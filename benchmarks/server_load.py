"""Server load: N tables on loopback, each with one WebSocket player and bot seats.

Starts ``wintergames serve`` on a temporary SQLite file (or ``--database-url``), creates
N Winter Queen tables (one human seat played by a WebSocket client choosing random
legal actions, two random bots), plays them all at once for ``--seconds`` and prints one
JSON line: accepted client actions per second and the p50/p99 latency from an action
sent to the client's next view received. Run: ``python benchmarks/server_load.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import websockets


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def post(url: str, body: dict[str, object]) -> dict[str, object]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.loads(response.read())


async def player(base: str, table: dict[str, Any], seed: int, until: float,
                 latencies: list[float]) -> int:
    """Play seat 0 until the game ends or time is up; returns actions accepted."""
    rng = random.Random(seed)
    secret = table["seats"][0]["secret"]
    done = 0
    async with websockets.connect(f"{base}/ws/tables/{table['table']}?secret={secret}") as ws:
        view = json.loads(await ws.recv())
        while time.perf_counter() < until and not view["over"]:
            if 0 not in view["to_move"] or not view["legal"]:
                view = json.loads(await ws.recv())
                continue
            choice = rng.choice(view["legal"])["action"]
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "version": view["version"],
                                      "action": choice}))
            reply = json.loads(await ws.recv())
            latencies.append(time.perf_counter() - sent)
            if reply.get("type") == "view":
                done += 1
                view = reply
    return done


async def run(port: int, tables: int, seconds: float) -> dict[str, object]:
    http, ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    created = [post(f"{http}/api/tables", {"game": "winter-queen", "seed": i,
                                            "seats": [{"kind": "human"}, {"kind": "random"},
                                                      {"kind": "random"}]})
               for i in range(tables)]
    latencies: list[float] = []
    start = time.perf_counter()
    counts = await asyncio.gather(*(player(ws, t, i, start + seconds, latencies)
                                    for i, t in enumerate(created)))
    elapsed = time.perf_counter() - start
    total = 0
    for t in created:
        secret = t["spectator_secret"]
        with urllib.request.urlopen(f"{http}/api/tables/{t['table']}/view?secret={secret}") as r:
            total += json.loads(r.read())["version"]
    ordered = sorted(latencies)
    return {
        "bench": "server_load",
        "tables": tables,
        "client_actions": sum(counts),
        "actions_per_s": round(sum(counts) / elapsed, 1),
        "all_actions_per_s": round(total / elapsed, 1),  # bots' moves included
        "latency_p50_ms": round(statistics.median(ordered) * 1e3, 2),
        "latency_p99_ms": round(ordered[int(len(ordered) * 0.99) - 1] * 1e3, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--database-url", default=None)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        url = args.database_url or f"sqlite:///{Path(tmp) / 'load.db'}"
        server = subprocess.Popen([sys.executable, "-m", "wintergames.cli", "serve", "--port",
                                   str(port), "--database-url", url],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games").close()
                    break
                except OSError:
                    time.sleep(0.1)
            result = asyncio.run(run(port, args.tables, args.seconds))
        finally:
            server.terminate()
            server.wait(timeout=10)
    result["database"] = url.split(":", 1)[0]
    result["python"] = platform.python_version()
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
