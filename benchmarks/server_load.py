"""Server load: busy tables on loopback, and whether one client can hurt everyone else.

Every case starts ``wintergames serve`` on a fresh database (a temporary SQLite file, or
a new PostgreSQL database made next to ``--database-url`` and dropped afterwards) and
plays N busy Winter Queen tables: one WebSocket player choosing random legal actions (a
table that ends is replaced by a new one) and two random bots. It prints one JSON line
per case: the p50/p99 latency from an action sent to the player's next view (the clock
starts once every player has its socket open and its first view), the
"turn" latency (action sent -> the player's next turn, the bots' moves included), and,
beside the attack's own figures, the same for the OTHER busy tables during the attack.

Cases (``--case``, repeatable; default all):
  baseline        N busy tables (``--tables``, default 50)
  silent-watcher  + one spectator at table 0 that completes the handshake on a raw socket
                  with a 2 KiB receive buffer, then never reads (nor answers pings)
  overlong-bot    + 3 bot-only tables of ISMCTS bots with the heaviest settings accepted
                  (``{"seconds": 1e9}`` first); server CPU and memory after the load
  creation-burst  + one client POSTing tables from 4 connections for the whole case
                  (at most 3,000 requests); then GET /api/tables timed 10 times
  watchers-1000   + 1,000 spectator WebSockets at table 0, each reading its views
  load-200        200 busy tables (target: p99 action -> view <= 100 ms on 2 cores)
  half-open       + 1,100 connections from one client that send half a request's headers
                  and stop, with the server under ``ulimit -n 1024``; another client's
                  GET /api/games twice a second: how many succeed
  searching-table + 1 bot-only table of default ISMCTS Winterborne bots
  starving        + 3 bot-only tables of the heaviest ISMCTS bots allowed; table 0 plays
                  against a default ISMCTS bot (its "attacked" figures: the person's wait)
  replay-flood    + 8 finished Winterborne games, then 8 threads of one client reading
                  their replays without gzip (all steps, or one step) as fast as answered

Attackers connect from 127.0.0.2, each busy table's player from its own 127.1.x.y, so
per-client limits see them as different clients. ``--serve-arg=--some-limit=N`` passes
options through to ``wintergames serve``. Every wait is bounded; a case that overruns
its bound is reported as such. Run: ``python benchmarks/server_load.py --seconds 10``.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import contextlib
import json
import multiprocessing
import os
import platform
import random
import re
import socket
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from load_rig import (
    ATTACKER,
    HOST,
    Server,
    SilentWatcher,
    burst,
    cpu_between,
    fresh_database,
    half_open,
    http_json,
    make_tmp,
    own_cpu,
    percentile,
    player_address,
    raise_nofile,
    replay_reader,
    watchers,
)

CASES = ("baseline", "silent-watcher", "overlong-bot", "creation-burst", "watchers-1000",
         "load-200", "half-open", "searching-table", "starving", "replay-flood")
NOFILE = {"half-open": 1024}  # the server's soft open-files limit, by case (else the hard)
VICTIM = "127.0.0.3"  # the client the half-open case measures, apart from the attacker
TABLE = {"game": "winter-queen",
         "seats": [{"kind": "human"}, {"kind": "random"}, {"kind": "random"}]}
GRACE = 5.0  # how long a reply to an action sent just before the end may take
RIG_PROCESSES = 4  # processes the busy tables' players are spread over
# The players' first actions spread evenly over this many seconds, as people sitting down
# do: all 200 at one instant is a queue of its own (200 x 1 ms of service: the last one
# waits 200 ms), which the "warm" figures leave out as well.
RAMP = 1.0
WARM_UP = 3.0  # seconds after the load starts that the "warm" figures leave out
Attack = Callable[[float, asyncio.Event, list["Busy"]], Awaitable[dict[str, Any]]]


@dataclass
class Busy:
    """One busy table's player and what it measured."""

    slot: int
    table: dict[str, Any]
    body: dict[str, Any] = field(default_factory=lambda: TABLE)  # of its next table
    samples: list[tuple[float, float]] = field(default_factory=list)  # (sent, action->view)
    turns: list[tuple[float, float]] = field(default_factory=list)  # (sent, action->turn)
    actions: int = 0
    moves: int = 0  # versions seen to advance, the bots' moves included
    games: int = 1
    unanswered: int = 0  # actions whose reply, or next turn, had not come by the deadline
    errors: Counter[str] = field(default_factory=Counter)


async def recv(ws: Any, deadline: float) -> dict[str, Any] | None:
    left = deadline - time.monotonic()
    if left <= 0:
        return None
    try:
        # orjson: the rig shares the machine with the server, and json.loads of a deciding
        # view (180 kB) took more of a core than making it did
        message = orjson.loads(await asyncio.wait_for(ws.recv(decode=False), left))
    except TimeoutError:
        return None
    return message if isinstance(message, dict) else {"type": "not an object"}


async def play_game(ws: Any, busy: Busy, rng: random.Random, until: float,
                    reply_deadline: float, view: dict[str, Any] | None = None) -> str:
    """Play seat 0 on one connection (``view``: its first view, received already);
    returns why it stopped ('over', 'time', ...)."""
    view = view or await recv(ws, until)
    if view is None:
        if time.monotonic() < until + 0.05:  # connected just before the end: not an error
            busy.errors["no first view"] += 1
        return "time"
    if view.get("type") != "view":
        busy.errors[f"first {view.get('code')}"] += 1
        return "error"
    version, pending = view["version"], None

    def seen(message: dict[str, Any]) -> None:
        nonlocal version, pending
        busy.moves += max(0, message["version"] - version)
        version = max(version, message["version"])
        mine = 0 in message["to_move"] and message.get("legal")
        if pending is not None and (mine or message["over"]):
            busy.turns.append((pending, time.monotonic() - pending))
            pending = None

    while not view["over"]:
        if time.monotonic() >= until and pending is None:
            return "time"
        if 0 not in view["to_move"] or not view.get("legal"):
            # waiting for the bots: a turn owed after an action is waited for as a reply
            message = await recv(ws, until if pending is None else reply_deadline)
            if message is None and pending is not None:
                busy.turns.append((pending, time.monotonic() - pending))  # censored
                busy.unanswered += 1
                return "unanswered"
            if message is None:
                return "time"
            if message.get("type") != "view":
                busy.errors[f"error {message.get('code')}"] += 1
                return "error"
            view = message
            seen(view)
            continue
        if time.monotonic() >= until:
            return "time"
        choice = rng.choice(view["legal"])["action"]
        sent = time.monotonic()
        await asyncio.wait_for(ws.send(json.dumps({"type": "action", "version": view["version"],
                                                   "action": choice})), GRACE)
        reply = await recv(ws, reply_deadline)
        busy.samples.append((sent, time.monotonic() - sent))  # censored if None
        if reply is None:
            busy.unanswered += 1
            return "unanswered"
        if reply.get("type") != "view":
            busy.errors[f"error {reply.get('code')}"] += 1
            return "error"
        busy.actions += 1
        pending = sent
        view = reply
        seen(view)
    return "over"


def connect(port: int, busy: Busy) -> Any:
    """The player's WebSocket to its table's seat 0 (``async with`` it)."""
    t = busy.table
    return websockets.connect(
        f"ws://{HOST}:{port}/ws/tables/{t['table']}?secret={t['seats'][0]['secret']}",
        open_timeout=10, close_timeout=1, proxy=None, max_size=1 << 24,
        local_addr=(player_address(busy.slot), 0),
        origin=websockets.Origin(f"http://{HOST}:{port}"))


async def sit_down(port: int, busy: Busy) -> tuple[Any, dict[str, Any]] | None:
    """Open the player's socket and read its first view, before the clock starts: one
    process opening 200 sockets at once is a storm of handshakes in the load generator
    as much as in the server, not busy tables. None: it failed (counted; it retries)."""
    try:
        ws = await connect(port, busy)
    except (InvalidHandshake, OSError, TimeoutError) as err:
        busy.errors[f"sitting {type(err).__name__}"] += 1
        return None
    view = await recv(ws, time.monotonic() + 30)
    if view is None or view.get("type") != "view":
        busy.errors["sitting: no first view"] += 1
        await ws.close()
        return None
    return ws, view


async def player(port: int, busy: Busy, until: float, reply_deadline: float,
                 seated: tuple[Any, dict[str, Any]] | None = None, after: float = 0.0) -> None:
    """Play busy tables until time is up (``seated``: its socket and first view, from
    ``sit_down``; ``after``: seconds before its first action): reconnect after an error,
    a new table after the game ends."""
    await asyncio.sleep(after)
    rng = random.Random(busy.slot)
    source = player_address(busy.slot)
    while time.monotonic() < until:
        try:
            if seated is not None:
                ws, first = seated
                seated = None
                async with ws:
                    why = await play_game(ws, busy, rng, until, reply_deadline, first)
            else:
                async with connect(port, busy) as ws:
                    why = await play_game(ws, busy, rng, until, reply_deadline)
        except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as err:
            busy.errors[type(err).__name__] += 1
            await asyncio.sleep(0.2)
            continue
        if why in ("time", "unanswered"):
            return
        if why == "over":
            status, made = await asyncio.to_thread(http_json, "POST", port, "/api/tables",
                                                   busy.body, timeout=10, source=source)
            if status == 201:
                busy.table, busy.games = made, busy.games + 1
            else:
                busy.errors[f"new table refused {status}"] += 1
                await asyncio.sleep(1)


async def open_tables(port: int, count: int, body: dict[str, Any] = TABLE,
                      slot0: int = 0) -> list[dict[str, Any]]:
    gate = asyncio.Semaphore(8)

    async def one(slot: int) -> dict[str, Any]:
        async with gate:
            status, made = await asyncio.to_thread(http_json, "POST", port, "/api/tables", body,
                                                   timeout=30, source=player_address(slot))
        if status != 201:
            raise RuntimeError(f"creating a busy table answered {status}: {made}")
        return dict(made)

    return list(await asyncio.gather(*(one(slot0 + i) for i in range(count))))


def latencies(busy: list[Busy], kind: str, skip: int | None = None,
              window: tuple[float, float] | None = None) -> list[float]:
    lo, hi = window or (0.0, float("inf"))
    return [value for b in busy if b.slot != skip
            for sent, value in getattr(b, kind) if lo <= sent <= hi]


def summary(busy: list[Busy], elapsed: float, attacked: int | None,
            window: tuple[float, float] | None, start: float = 0.0) -> dict[str, Any]:
    """The figures of all busy tables, of the others during the attack, of the attacked;
    and of all tables once warm (``WARM_UP`` seconds after ``start``: every player acts
    at once when the load starts)."""
    every = latencies(busy, "samples")
    warm = latencies(busy, "samples", window=(start + WARM_UP, float("inf")))
    others = latencies(busy, "samples", attacked, window)
    errors: Counter[str] = Counter()
    for b in busy:
        errors.update(b.errors)
    out: dict[str, Any] = {
        "tables": len(busy),
        "client_actions": sum(b.actions for b in busy),
        "actions_per_s": round(sum(b.actions for b in busy) / elapsed, 1),
        "all_moves_per_s": round(sum(b.moves for b in busy) / elapsed, 1),  # bots included
        "games_started": sum(b.games for b in busy),
        "p50_ms": percentile(every, 0.5), "p99_ms": percentile(every, 0.99),
        "max_ms": percentile(every, 1.0),
        "warm_p50_ms": percentile(warm, 0.5), "warm_p99_ms": percentile(warm, 0.99),
        "turn_p50_ms": percentile(latencies(busy, "turns"), 0.5),
        "turn_p99_ms": percentile(latencies(busy, "turns"), 0.99),
        "others_p50_ms": percentile(others, 0.5), "others_p99_ms": percentile(others, 0.99),
        "others_turn_p99_ms": percentile(latencies(busy, "turns", attacked, window), 0.99),
        "unanswered": sum(b.unanswered for b in busy),
        "client_errors": dict(errors),
        # where the tail is: each second of the run, its actions and their p99
        "by_second": [[len(in_s), percentile(in_s, 0.99)] for in_s in (
            latencies(busy, "samples", window=(start + i, start + i + 1))
            for i in range(int(elapsed + 0.999)))],
    }
    if attacked is not None:
        hit = busy[attacked]
        values = [v for _, v in hit.samples]
        out["attacked_table"] = {
            "actions": hit.actions, "p50_ms": percentile(values, 0.5),
            "p99_ms": percentile(values, 0.99), "max_ms": percentile(values, 1.0),
            "turn_p99_ms": percentile([v for _, v in hit.turns], 0.99),
            "unanswered": hit.unanswered, "errors": dict(hit.errors)}
    return out


async def loop_lag(lags: list[float], until: float, tick: float = 0.01) -> None:
    """How late the load generator's loop wakes from ``tick`` s sleeps, until ``until``."""
    while (now := time.monotonic()) < until:
        await asyncio.sleep(tick)
        lags.append(max(0.0, time.monotonic() - now - tick))


@dataclass
class Share:
    """One process's players: they sit down, wait for the others at ``ready``, play
    ``seconds``, and send back their figures (the players, the loop's lags, its CPU)."""

    port: int
    busy: list[Busy]
    players: int  # in all the shares
    seconds: float
    attacked: int | None
    attacked_wait: float


def play_share(share: Share, ready: Any, results: Any) -> None:
    """A process's part of the load (``multiprocessing`` target)."""

    async def run() -> tuple[list[Busy], list[float], float]:
        seats = await asyncio.gather(*(sit_down(share.port, b) for b in share.busy))
        await asyncio.to_thread(ready.wait)
        c0, until = own_cpu(), time.monotonic() + share.seconds
        lags: list[float] = []
        lag_task = asyncio.create_task(loop_lag(lags, until))
        await asyncio.gather(*(
            player(share.port, b, until,
                   until + (share.attacked_wait if b.slot == share.attacked else GRACE), seated,
                   RAMP * b.slot / share.players)
            for b, seated in zip(share.busy, seats, strict=True)))
        lag_task.cancel()
        return share.busy, lags, own_cpu() - c0

    results.put(asyncio.run(run()))


async def run_load(server: Server, tables: list[dict[str, Any]], seconds: float,
                   attack: Attack | None = None, attacked: int | None = None,
                   attacked_wait: float = GRACE,
                   bodies: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    """Play the busy tables for ``seconds`` with ``attack`` running beside them; then
    let the server idle 5 s to see what it still spends. ``bodies``: the table a slot
    makes when its game ends, where it is not a busy one.

    The players run in ``RIG_PROCESSES`` processes: one loop serving 200 sockets woke
    up to 230 ms late, and every reply it measured meanwhile counted that delay."""
    busy = [Busy(i, t, (bodies or {}).get(i, TABLE)) for i, t in enumerate(tables)]
    done = asyncio.Event()
    spawn = multiprocessing.get_context("spawn")
    parts = min(RIG_PROCESSES, len(busy))
    ready, results = spawn.Barrier(parts + 1), spawn.Queue()
    shares = [Share(server.port, busy[i::parts], len(busy), seconds, attacked, attacked_wait)
              for i in range(parts)]
    processes = [spawn.Process(target=play_share, args=(share, ready, results), daemon=True)
                 for share in shares]
    for process in processes:
        process.start()
    await asyncio.to_thread(ready.wait, 120)  # every player seated: the clock starts
    s0 = server.sample()
    start = time.monotonic()
    until = start + seconds
    window = [start, until]
    attack_result: dict[str, Any] = {}

    async def attacking() -> None:
        if attack is not None:
            attack_result.update(await attack(until, done, busy))
            window[1] = min(window[1], time.monotonic())

    attack_task = asyncio.create_task(attacking())
    answers = [await asyncio.to_thread(results.get, True, seconds + 120) for _ in processes]
    for process in processes:
        process.join(10)
    played = {b.slot: b for share_busy, _, _ in answers for b in share_busy}
    busy = [played[b.slot] for b in busy]
    lags = [lag for _, share_lags, _ in answers for lag in share_lags]
    clients_cpu = sum(cpu for _, _, cpu in answers)
    elapsed = min(time.monotonic(), until) - start
    done.set()
    try:
        await asyncio.wait_for(attack_task, 90)
    except TimeoutError:
        attack_result["attack"] = "did not end within 90 s of the load"
    s1 = server.sample()
    await asyncio.sleep(5)
    s2 = server.sample()
    result = summary(busy, elapsed, attacked,
                     None if attack is None else (window[0], window[1]), start)
    result["seconds"] = round(elapsed, 1)
    # the load generator's own delays: a late wake-up of its loop delays every reply it
    # measures then, so the latencies above are an upper bound by about this much
    result["rig_loop_lag_ms"] = {"p99": percentile(lags, 0.99), "max": percentile(lags, 1.0)}
    result.update(attack_result)
    result["server"] = {
        "load_cpu_cores": cpu_between(s0, s1)["cpu_cores"],
        "workers_cpu_cores": cpu_between(s0, s1)["workers_cpu_cores"],
        # the measuring clients' own share of the machine (attackers apart run elsewhere)
        "clients_cpu_cores": round(clients_cpu / max(elapsed, 1e-9), 2),
        "idle_cpu_cores_5s_after": cpu_between(s1, s2)["cpu_cores"],
        "rss_mib": [s.get("rss_mib") for s in (s0, s1, s2)],  # start, end, 5 s after
        "threads": [s.get("threads") for s in (s0, s1, s2)],
    }
    return result


# -- the cases ------------------------------------------------------------------------

async def baseline(server: Server, args: argparse.Namespace, count: int = 0) -> dict[str, Any]:
    return await run_load(server, await open_tables(server.port, count or args.tables),
                          args.seconds)


async def silent_watcher(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    tables = await open_tables(server.port, args.tables)
    opened: list[SilentWatcher] = []

    async def watch(table: dict[str, Any]) -> None:
        watcher = SilentWatcher(server.port, f"/ws/tables/{table['table']}"
                                             f"?secret={table['spectator_secret']}")
        await asyncio.wait_for(asyncio.to_thread(watcher.connect), 15)
        opened.append(watcher)

    await watch(tables[0])
    assert opened[0].sock is not None
    rcvbuf = opened[0].sock.getsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF)

    async def attack(until: float, done: asyncio.Event, busy: list[Busy]) -> dict[str, Any]:
        """Watch table 0 silently; when its game ends (or it moves on), watch the next one
        too, as a persistent attacker would (at most 50 connections, the old kept open)."""
        started, watched, failed = time.monotonic(), tables[0]["table"], []
        while not done.is_set():
            for watcher in opened:
                watcher.poll(started)
            table = busy[0].table
            if table["table"] != watched and time.monotonic() < until and len(opened) < 50:
                watched = table["table"]
                try:
                    await watch(table)
                except (OSError, RuntimeError, TimeoutError) as err:
                    failed.append(f"{type(err).__name__}: {err}"[:120])
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), 0.5)
        for watcher in opened:
            watcher.poll(started)
        drained = [await asyncio.to_thread(w.drain) for w in opened]
        first = opened[0]
        return {"silent_watcher": {
            "how": "raw-socket handshake, SO_RCVBUF 2048, MSS 1400, never reads or pongs",
            "rcvbuf_bytes": rcvbuf,
            "connections": len(opened), "refused": failed,
            "let_go_by_server": sum(w.server_left is not None for w in opened),
            "first": {
                "max_unsent_bytes_at_server": first.max_server_queue,
                "max_unread_bytes_at_watcher": first.max_client_queue,
                "server_socket_states": first.states,
                "server_let_go_after_s": first.server_left,
                "read_at_the_end": drained[0]}}}

    return await run_load(server, tables, args.seconds, attack, attacked=0,
                          attacked_wait=args.stall_wait)


def _limit(described: Any, name: str) -> float | None:
    """An upper limit for setting ``name`` if the server's bot description names one."""
    if isinstance(described, dict):
        for key, value in described.items():
            if key == name and isinstance(value, dict):
                for word in ("max", "maximum", "most", "upper", "le", "limit"):
                    if isinstance(value.get(word), int | float):
                        return float(value[word])
            if ("limit" in key or "max" in key) and isinstance(value, dict) \
                    and isinstance(value.get(name), int | float):
                return float(value[name])
            found = _limit(value, name)
            if found is not None:
                return found
    elif isinstance(described, list):
        for item in described:
            found = _limit(item, name)
            if found is not None:
                return found
    return None


async def overlong_bot(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    tables = await open_tables(server.port, args.tables)
    _, games = await asyncio.to_thread(http_json, "GET", server.port, "/api/games", timeout=10)
    described = (games or {}).get("bot_settings", [])
    ismcts: dict[str, Any] = next((d for d in described if d.get("kind") == "ismcts"), {})

    async def attack(until: float, done: asyncio.Event, busy: list[Busy]) -> dict[str, Any]:
        candidates: list[dict[str, Any]] = [{"seconds": 1e9}]
        refused: list[dict[str, Any]] = []
        used: dict[str, Any] | None = None
        made: list[dict[str, Any]] = []
        tried: set[str] = set()
        while candidates and len(refused) < 6:
            settings = candidates.pop(0)
            tried.add(json.dumps(settings))
            body = {"game": "winter-queen", "seats": [{"kind": "ismcts", "settings": settings}] * 3}
            status, answer = await asyncio.to_thread(http_json, "POST", server.port,
                                                     "/api/tables", body, timeout=10,
                                                     source=ATTACKER)
            if status == 201:
                used, made = settings, [answer]
                break
            message = json.dumps(answer)[:300]
            refused.append({"settings": settings, "status": status, "answer": message})
            name = next(iter(settings))
            stated = re.search(r"(?:at most|<=|maximum(?: is)?|up to|max(?:imum)?)\s*"
                               r"([0-9][0-9.e+]*)", message)
            limit = _limit(ismcts, name) or (float(stated.group(1).rstrip(".")) if stated
                                             else None)
            fresh = limit is not None and json.dumps({name: limit}) not in tried
            if fresh and limit is not None and limit < settings[name]:
                candidates.append({name: int(limit) if name == "iterations" else limit})
            if name == "seconds":
                candidates.append({"iterations": 10**6})
        if used is not None:
            for _ in range(2):  # three such tables in all
                status, answer = await asyncio.to_thread(
                    http_json, "POST", server.port, "/api/tables",
                    {"game": "winter-queen", "seats": [{"kind": "ismcts", "settings": used}] * 3},
                    timeout=10, source=ATTACKER)
                if status == 201:
                    made.append(answer)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), until - time.monotonic() + 120)
        moves = []
        for t in made:
            status, view = await asyncio.to_thread(
                http_json, "GET", server.port,
                f"/api/tables/{t['table']}/view?secret={t['spectator_secret']}", timeout=10)
            moves.append(view.get("version") if status == 200 and view else f"status {status}")
        return {"overlong_bot": {"refused": refused, "used": used, "tables": len(made),
                                 "moves_at_those_tables": moves}}

    return await run_load(server, tables, args.seconds, attack)


async def creation_burst(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    tables = await open_tables(server.port, args.tables)
    loop = asyncio.get_running_loop()
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=spawn) as pool:
        pool.submit(int).result(timeout=60)  # the attacker's process is up before the load

        async def attack(until: float, done: asyncio.Event, busy: list[Busy]) -> dict[str, Any]:
            got = await asyncio.wait_for(loop.run_in_executor(
                pool, burst, server.port, until - time.monotonic(), 3000, 4, TABLE),
                args.seconds + 60)
            return {"burst": got}

        result = await run_load(server, tables, args.seconds, attack)
    timings: list[float] = []
    listed: int | str | None = None
    size = 0
    give_up = time.monotonic() + 120
    for _ in range(10):
        if time.monotonic() > give_up:
            break
        began = time.monotonic()
        status, lobby = await asyncio.to_thread(http_json, "GET", server.port, "/api/tables",
                                                timeout=60)
        timings.append(time.monotonic() - began)
        if status == 200 and isinstance(lobby, dict):
            listed = len(lobby.get("tables", []))
            size = len(json.dumps(lobby))
        else:
            listed = f"status {status}"
    result["lobby_after_burst"] = {"calls": len(timings), "p50_ms": percentile(timings, 0.5),
                                   "max_ms": percentile(timings, 1.0), "listed": listed,
                                   "bytes": size}
    return result


async def watchers_1000(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    tables = await open_tables(server.port, args.tables)
    t0 = tables[0]
    path = f"/ws/tables/{t0['table']}?secret={t0['spectator_secret']}"
    loop = asyncio.get_running_loop()
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=spawn) as pool:
        pool.submit(int).result(timeout=60)

        async def attack(until: float, done: asyncio.Event, busy: list[Busy]) -> dict[str, Any]:
            got = await asyncio.wait_for(loop.run_in_executor(
                pool, watchers, server.port, path, 1000, until - time.monotonic()),
                args.seconds + 90)
            return {"watchers": got}

        return await run_load(server, tables, args.seconds, attack, attacked=0)


async def load_200(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    return await baseline(server, args, 200)


async def victim_requests(port: int, until: float, start_after: float = 2.5
                          ) -> dict[str, Any]:
    """GET /api/games from ``VICTIM`` on a new connection every 0.5 s, from
    ``start_after`` s (the attacker's connections are open by then) until ``until``."""
    loop = asyncio.get_running_loop()
    with concurrent.futures.ThreadPoolExecutor(16) as threads:
        await asyncio.sleep(start_after)
        asked = []
        while time.monotonic() < until:
            asked.append(loop.run_in_executor(threads, lambda: http_json(
                "GET", port, "/api/games", timeout=5, source=VICTIM)[0]))
            await asyncio.sleep(0.5)
        statuses = Counter(await asyncio.gather(*asked))
    return {"ok": statuses[200], "of": sum(statuses.values()),
            "statuses": {str(k): v for k, v in sorted(statuses.items())}}


async def half_open_case(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    tables = await open_tables(server.port, args.tables)
    loop = asyncio.get_running_loop()
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=spawn) as pool:
        pool.submit(int).result(timeout=60)

        async def attack(until: float, done: asyncio.Event, busy: list[Busy]) -> dict[str, Any]:
            held = loop.run_in_executor(pool, half_open, server.port, 1100,
                                        until - time.monotonic())
            victims = await victim_requests(server.port, until)
            return {"half_open": await asyncio.wait_for(held, args.seconds + 60),
                    "victims": victims, "server_nofile": NOFILE["half-open"]}

        return await run_load(server, tables, args.seconds, attack)


async def bot_tables(port: int, body: dict[str, Any], count: int) -> list[dict[str, Any]]:
    """``count`` tables of ``body`` made by the attacker (refusals skipped)."""
    made = []
    for _ in range(count):
        status, answer = await asyncio.to_thread(http_json, "POST", port, "/api/tables", body,
                                                 timeout=10, source=ATTACKER)
        if status == 201:
            made.append(answer)
    return made


async def views_of(port: int, tables: list[dict[str, Any]]) -> list[dict[str, Any] | int]:
    """Each table's spectator view, or the status that said why not."""
    views: list[dict[str, Any] | int] = []
    for t in tables:
        status, view = await asyncio.to_thread(
            http_json, "GET", port, f"/api/tables/{t['table']}/view?secret={t['spectator_secret']}",
            timeout=10)
        views.append(view if status == 200 and view else status)
    return views


async def moves_at(port: int, tables: list[dict[str, Any]]) -> list[Any]:
    """How far each table got (its version), or the status that said why not."""
    return [v["version"] if isinstance(v, dict) else f"status {v}"
            for v in await views_of(port, tables)]


async def searching_table(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Item 1 of issue 40: a bot-only table of default ISMCTS Winterborne bots (a new one
    whenever its game ends) beside the busy tables."""
    tables = await open_tables(server.port, args.tables)
    body = {"game": "winterborne", "seats": [{"kind": "ismcts"}] * 2}

    async def attack(until: float, done: asyncio.Event, busy: list[Busy]) -> dict[str, Any]:
        made = await bot_tables(server.port, body, 1)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), until - time.monotonic() + 120)
        return {"searching_table": {"tables": len(made),
                                    "moves": await moves_at(server.port, made)}}

    return await run_load(server, tables, args.seconds, attack)


async def starving(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Item 2 of issue 40: three bot-only tables of the heaviest ISMCTS bots allowed, then
    busy table 0 plays against a default ISMCTS bot: how long its person waits for it."""
    victim = {"game": "winter-queen",
              "seats": [{"kind": "human"}, {"kind": "ismcts"}, {"kind": "random"}]}
    tables = await open_tables(server.port, args.tables - 1)
    settings = _heaviest(await asyncio.to_thread(http_json, "GET", server.port, "/api/games",
                                                 timeout=10))
    heavy = {"game": "winter-queen", "seats": [{"kind": "ismcts", "settings": settings}] * 3}
    hogs = await bot_tables(server.port, heavy, 3)
    tables = [*await open_tables(server.port, 1, victim, slot0=args.tables), *tables]

    async def attack(until: float, done: asyncio.Event, busy: list[Busy]) -> dict[str, Any]:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(done.wait(), until - time.monotonic() + 120)
        return {"starving": {"heavy_settings": settings,
                             "hog_tables": len(hogs),
                             "moves_at_hogs": await moves_at(server.port, hogs)}}

    return await run_load(server, tables, args.seconds, attack, attacked=0,
                          attacked_wait=60.0, bodies={0: victim})


def _heaviest(games: tuple[int, Any]) -> dict[str, Any]:
    """The largest ISMCTS settings ``GET /api/games`` says are allowed."""
    described = (games[1] or {}).get("bot_settings", [])
    ismcts: dict[str, Any] = next((d for d in described if d.get("kind") == "ismcts"), {})
    limits = ismcts.get("limits", {})
    return {name: limits[name]["max"] for name in ("iterations", "seconds")
            if isinstance(limits.get(name), dict) and limits[name].get("max") is not None}


async def replay_flood(server: Server, args: argparse.Namespace) -> dict[str, Any]:
    """Item 4 of issue 40: finished long games (Winterborne, random bots), then 8 threads
    of the attacker reading their replays without gzip, and single steps, beside the
    busy tables."""
    finished = await bot_tables(server.port, {"game": "winterborne",
                                              "seats": [{"kind": "random"}] * 2}, 8)
    for _ in range(600):  # bounded: random bots end a game in seconds
        if all(isinstance(v, dict) and v["over"] for v in await views_of(server.port, finished)):
            break
        await asyncio.sleep(0.5)
    tables = await open_tables(server.port, args.tables)

    loop = asyncio.get_running_loop()
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(1, mp_context=spawn) as pool:
        pool.submit(int).result(timeout=60)

        async def attack(until: float, done: asyncio.Event, busy: list[Busy]
                         ) -> dict[str, Any]:
            reading = loop.run_in_executor(pool, replay_reader, server.port,
                                           [t["table"] for t in finished],
                                           until - time.monotonic())
            return {"replay_flood": {"finished_games": len(finished),
                                     **await asyncio.wait_for(reading, args.seconds + 90)}}

        return await run_load(server, tables, args.seconds, attack)


RUN: dict[str, Callable[[Server, argparse.Namespace], Awaitable[dict[str, Any]]]] = {
    "baseline": baseline, "silent-watcher": silent_watcher, "overlong-bot": overlong_bot,
    "creation-burst": creation_burst, "watchers-1000": watchers_1000, "load-200": load_200,
    "half-open": half_open_case, "searching-table": searching_table, "starving": starving,
    "replay-flood": replay_flood}


def run_case(name: str, args: argparse.Namespace) -> dict[str, Any]:
    """One case on a fresh server and database; always a result, never an exception."""
    result: dict[str, Any] = {"bench": "server_load", "case": name,
                              "loadavg_1m_before": round(os.getloadavg()[0], 2)}
    bound = args.seconds + args.stall_wait + 300
    with make_tmp() as tmp, fresh_database(args.database_url, Path(tmp)) as url:
        wrapper = ([] if args.profile is None else
                   ["py-spy", "record", "--format", "raw", "--rate", "200", "--nonblocking",
                    "--gil", "--output", str(Path(args.profile) / f"{name}.txt"), "--"])
        server = Server(url, args.serve_arg, Path(tmp) / "server.log", nofile=NOFILE.get(name),
                        wrapper=wrapper)
        try:
            server.start()
            result.update(asyncio.run(asyncio.wait_for(RUN[name](server, args), bound)))
        except TimeoutError:
            result["error"] = f"case did not end within {bound:.0f} s"
        except Exception as err:  # noqa: BLE001 - a failing case is reported, the next runs
            result["error"] = f"{type(err).__name__}: {str(err)[:300]}"
        finally:
            server.stop()
        result["server_exit"] = server.exit
        result["server_errors"] = server.errors()
        if args.serve_arg:
            result["serve_args"] = args.serve_arg
    result["database"] = url.split(":", 1)[0].split("+")[0]
    result["python"] = platform.python_version()
    result["cpus"] = os.cpu_count()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--case", action="append", choices=CASES,
                        help="a case to run (repeatable; default: all)")
    parser.add_argument("--tables", type=int, default=50, help="busy tables (not load-200)")
    parser.add_argument("--seconds", type=float, default=15.0, help="load time per case")
    parser.add_argument("--stall-wait", type=float, default=60.0,
                        help="silent-watcher: how long the attacked table's last action "
                             "may wait for its reply after the load")
    parser.add_argument("--database-url", default=None,
                        help="postgresql://... (a fresh database is made per case and "
                             "dropped); default: a temporary SQLite file per case")
    parser.add_argument("--serve-arg", action="append", default=[],
                        help="passed through to 'wintergames serve' (repeatable; "
                             "write --serve-arg=--option=value)")
    parser.add_argument("--profile", default=None, metavar="DIR",
                        help="run the server under py-spy (pip install py-spy), sampling "
                             "what holds the interpreter lock: a raw "
                             "profile per case, DIR/CASE.txt (folded stacks)")
    args = parser.parse_args()
    raise_nofile()
    for name in args.case or CASES:
        print(json.dumps(run_case(name, args)), flush=True)


if __name__ == "__main__":
    main()
