"""``wintergames serve --workers N``, its configuration by environment, and the documented
nginx in front of several servers (issue 42, item 1).

The servers are real subprocesses on PostgreSQL (a fresh database each); which process
serves is read from Linux's /proc (``tests/server/processes.py``), never from the server.
A process serves when, with every other one stopped (SIGSTOP), a request still gets an
answer: they all accept on one socket, so a stopped one cannot take it.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from sqlalchemy.engine import make_url
from typer.testing import CliRunner
from websockets.sync.client import connect
from websockets.typing import Origin

from tests.server.processes import (
    STARTUP,
    Served,
    alive,
    answers,
    command_line,
    descendants,
    documented_nginx,
    free_port,
    nginx,
    serving,
    serving_children,
    start_serve,
    stop,
    wait_until_it_answers,
)
from wintergames.cli.main import app
from wintergames.server.processes import ENVIRONMENT

if TYPE_CHECKING:
    from tests.server.conftest import Databases

runner = CliRunner()
# How long a request may take while the other processes are stopped: uvicorn's
# supervisor takes a process that does not answer its health check within 5 s for hung
# (and replaces it), so a stop lasts less.
STOPPED_AT_MOST = 3.0

def flat(text: str) -> str:
    return " ".join(text.split())


def _fresh(databases: Databases, *, migrated: bool) -> Iterator[str]:
    name = databases.create(migrated=migrated)
    try:
        yield make_url(databases.admin_url).set(database=name).render_as_string(
            hide_password=False)
    finally:
        databases.drop(name)  # WITH (FORCE): a server still connected does not stop it


@pytest.fixture
def empty_postgres_url(postgres_databases: Databases) -> Iterator[str]:
    """A PostgreSQL database with nothing in it: ``serve`` makes the schema."""
    yield from _fresh(postgres_databases, migrated=False)


@contextlib.contextmanager
def busy_port() -> Iterator[int]:
    """A port another program listens on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other.getsockname()[1]


# -- several processes -----------------------------------------------------------------

@contextlib.contextmanager
def alone(process: int, others: set[int]) -> Iterator[None]:
    """Only ``process`` accepts connections meanwhile: ``others`` are stopped (SIGSTOP)
    and go on after. Keep it to one request of at most STOPPED_AT_MOST."""
    for other in others:
        os.kill(other, signal.SIGSTOP)
    try:
        yield
    finally:
        for other in others:
            os.kill(other, signal.SIGCONT)


def answered_alone(served: Served, process: int, others: set[int]) -> bool:
    """Whether a request is answered while only ``process`` can accept it."""
    with alone(process, others):
        return answers(served.port, timeout=STOPPED_AT_MOST) == 200


def wait_until_each_serves(served: Served, workers: int) -> set[int]:
    """The ``workers`` children of ``served`` once each of them answers alone."""
    until = time.monotonic() + STARTUP
    ready: set[int] = set()
    while True:
        processes = serving_children(served.process.pid, served.port)
        ready &= processes
        for process in processes - ready:
            if answered_alone(served, process, processes - {process}):
                ready.add(process)
        if len(ready) == workers == len(processes):
            return ready
        assert time.monotonic() < until, (
            f"{len(ready)} of {workers} processes served, {len(processes)} held the port\n"
            + served.output())
        time.sleep(0.5)


def test_two_processes_serve_one_port_and_sigterm_stops_them_all(
        empty_postgres_url: str, tmp_path: Path) -> None:
    served = start_serve(empty_postgres_url, tmp_path, "--workers", "2")
    try:
        wait_until_it_answers(served)
        first = served.output().splitlines()[0]
        assert first.endswith("; 2 processes)"), first
        assert ":***@" in first  # the password is never printed
        processes = wait_until_each_serves(served, 2)
        everything = descendants(served.process.pid)  # the processes, their bot workers
        assert processes <= everything
        served.process.send_signal(signal.SIGTERM)
        assert served.process.wait(timeout=60) == 0
    finally:
        stop(served.process)
    # The fork servers and the resource tracker end as they read that their parent
    # ended: a moment after it.
    until = time.monotonic() + 10
    while (left := {pid for pid in everything if alive(pid)}) and time.monotonic() < until:
        time.sleep(0.1)
    assert not left, f"still running after SIGTERM: { {p: command_line(p) for p in left} }"
    assert answers(served.port, timeout=2) == 0  # nothing listens any more


def test_a_killed_process_is_replaced_and_requests_succeed_meanwhile(
        postgres_url: str, tmp_path: Path) -> None:
    with serving(postgres_url, tmp_path, "--workers", "2") as served:
        killed, kept = sorted(wait_until_each_serves(served, 2))
        orphans = descendants(killed)  # its fork server: ends when it reads its parent died
        os.kill(killed, signal.SIGKILL)
        statuses = []  # of requests made while a process is missing, then starting
        until = time.monotonic() + STARTUP
        while not serving_children(served.process.pid, served.port) - {kept}:
            statuses.append(answers(served.port))
            assert time.monotonic() < until, "no process was started in place of the killed"
            time.sleep(0.05)
        for _ in range(20):
            statuses.append(answers(served.port))
            time.sleep(0.05)
        processes = wait_until_each_serves(served, 2)
        assert kept in processes and killed not in processes and not alive(killed)
        assert set(statuses) == {200}, statuses
        assert not any(alive(pid) for pid in orphans), orphans


# Imported by every interpreter started with it on PYTHONPATH: in the server processes
# (whose environment names what to build), building the app fails.
BROKEN_PROCESSES = f"""
import os
if {ENVIRONMENT!r} in os.environ:
    import wintergames.server.app

    def create_app(*args, **kwargs):
        raise RuntimeError("the database went away")

    wintergames.server.app.create_app = create_app
"""


def test_a_process_that_cannot_start_stops_the_server_with_its_error(
        postgres_url: str, tmp_path: Path) -> None:
    """Not started again and again: each try would take a core to import everything."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(BROKEN_PROCESSES)
    path = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
    served = start_serve(postgres_url, tmp_path, "--workers", "2", env={"PYTHONPATH": path})
    try:
        assert served.process.wait(timeout=STARTUP) == 2
    finally:
        stop(served.process)
    out = served.output()
    assert "a server process cannot start" in out and "the database went away" in out
    assert out.count("RuntimeError: the database went away") <= 2  # one try per process
    assert ("Error: a server process could not start (see its error above); the others "
            "were stopped") in flat(out)


def test_several_processes_on_sqlite_are_refused_before_anything_starts(
        tmp_path: Path) -> None:
    db = tmp_path / "never.db"
    with busy_port() as port:  # refused before the port is even tried
        result = runner.invoke(app, ["serve", "--workers", "2", "--port", str(port),
                                     "--database-url", f"sqlite:///{db}"])
    assert result.exit_code == 2
    assert flat(result.output) == flat(
        f"Error: --workers 2 needs PostgreSQL, and sqlite:///{db} is SQLite: SQLite has one "
        "writer at a time and no notifications between processes. Use a postgresql:// URL "
        "(--database-url or WG_DATABASE_URL), or one process (--workers 1)")
    assert not db.exists()


def test_workers_below_one_are_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["serve", "--workers", "0",
                                 "--database-url", f"sqlite:///{tmp_path / 'x.db'}"],
                           env={"COLUMNS": "200"})
    assert result.exit_code == 2 and "Invalid value for '--workers'" in result.output
    assert "greater than or equal to 1" in result.output


# -- configuration by environment ------------------------------------------------------

def serve_error(*args: str, env: dict[str, str]) -> str:
    """What ``serve`` says as it refuses to start (every case here is refused)."""
    result = runner.invoke(app, ["serve", *args], env=env)
    assert result.exit_code == 2, result.output
    return flat(result.output)


def test_help_names_every_variable() -> None:
    result = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"})
    for variable in ("WG_HOST", "WG_PORT", "WG_DATABASE_URL", "WG_WORKERS", "WG_LIMIT",
                     "WG_ACCESS_LOG"):
        assert f"env var: {variable}" in result.output


def test_port_and_host_come_from_the_environment_and_the_command_line_wins() -> None:
    with busy_port() as from_env, busy_port() as from_flag:
        assert f"port {from_env} on 127.0.0.1 is already in use" in serve_error(
            env={"WG_PORT": str(from_env)})
        assert f"port {from_flag} on 127.0.0.1 is already in use" in serve_error(
            "--port", str(from_flag), env={"WG_PORT": str(from_env)})
        assert "cannot listen on 192.0.2.1: it is not an address of this machine" in (
            serve_error(env={"WG_HOST": "192.0.2.1", "WG_PORT": "0"}))
        assert f"port {from_flag} on 127.0.0.1 is already in use" in serve_error(
            "--host", "127.0.0.1", "--port", str(from_flag), env={"WG_HOST": "192.0.2.1"})


def test_workers_and_database_come_from_the_environment_and_the_command_line_wins(
        tmp_path: Path) -> None:
    env = {"WG_WORKERS": "2", "WG_DATABASE_URL": f"sqlite:///{tmp_path / 'env.db'}"}
    assert f"--workers 2 needs PostgreSQL, and sqlite:///{tmp_path / 'env.db'} is SQLite" in (
        serve_error(env=env))
    assert f"--workers 3 needs PostgreSQL, and sqlite:///{tmp_path / 'flag.db'} is SQLite" in (
        serve_error("--workers", "3", "--database-url", f"sqlite:///{tmp_path / 'flag.db'}",
                    env=env))
    with busy_port() as port:  # one process on SQLite is fine: it gets as far as the port
        assert f"port {port} on 127.0.0.1 is already in use" in serve_error(
            "--workers", "1", "--port", str(port), env=env)


def test_limits_come_from_the_environment_separated_by_spaces_and_the_command_line_wins(
        ) -> None:
    said = serve_error(env={"WG_LIMIT": "bot_budget=2 nonsense=1"})
    assert "a server setting is name=value, with a name of" in said
    assert said.endswith("not 'nonsense=1'")  # the first item was taken, the second read
    assert "server setting bot_budget is a number, not 'x'" in serve_error(
        env={"WG_LIMIT": "bot_grace=2 bot_budget=x"})
    with busy_port() as port:  # --limit replaces WG_LIMIT: its nonsense is never read
        assert f"port {port} on 127.0.0.1 is already in use" in serve_error(
            "--limit", "bot_budget=2", "--port", str(port), env={"WG_LIMIT": "nonsense"})


def test_the_access_log_comes_from_the_environment_and_the_command_line_wins(
        tmp_path: Path) -> None:
    sqlite = f"sqlite:///{tmp_path / 'log.db'}"
    for flags, logged in (((), True), (("--no-access-log",), False)):
        with serving(sqlite, tmp_path, *flags, env={"WG_ACCESS_LOG": "1"}) as served:
            assert answers(served.port, "/api/games?secret=hidden-one") == 200
            stop(served.process)
        line = '"GET /api/games?secret=*** HTTP/1.1" 200'
        assert (line in served.output()) is logged, served.output()
        assert "hidden-one" not in served.output()


def test_each_process_logs_its_requests_with_secrets_hidden(
        postgres_url: str, tmp_path: Path) -> None:
    with serving(postgres_url, tmp_path, "--workers", "2", "--access-log") as served:
        for _ in range(4):
            assert answers(served.port, "/api/tables/nosuchtable/view?secret=s3cr3t") == 404
        stop(served.process)
    lines = [line for line in served.output().splitlines() if "/api/tables/" in line]
    assert len(lines) == 4, served.output()
    assert all('"GET /api/tables/nosuchtable/view?secret=*** HTTP/1.1" 404' in line
               for line in lines)
    assert "s3cr3t" not in served.output()


def test_limits_reach_every_process(postgres_url: str, tmp_path: Path) -> None:
    """A --limit is in force in each process: both the app's (a body limit) and the HTTP
    protocol's (a request's headers deadline), which the processes build themselves."""
    with serving(postgres_url, tmp_path, "--workers", "2", "--limit", "max_body_bytes=100",
                 "--limit", "header_timeout=1") as served:
        processes = wait_until_each_serves(served, 2)
        for process in processes:
            with alone(process, processes - {process}):
                assert post_status(served.port, b"{" + b" " * 200 + b"}") == 413
            with alone(process, processes - {process}):
                assert half_sent_is_cut(served.port) == b"HTTP/1.1 408"


def post_status(port: int, body: bytes) -> int:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/api/tables", data=body,
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=STOPPED_AT_MOST) as response:
            return int(response.status)
    except urllib.error.HTTPError as err:
        return err.code


def half_sent_is_cut(port: int) -> bytes:
    """The start of the answer to a request whose headers never end (header_timeout=1)."""
    with socket.create_connection(("127.0.0.1", port), timeout=STOPPED_AT_MOST) as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        return sock.recv(12)


# -- nginx in front --------------------------------------------------------------------

def post(port: int, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return int(response.status), json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def test_the_documented_nginx_balances_two_servers_and_passes_websockets(
        postgres_url: str, tmp_path: Path) -> None:
    with (serving(postgres_url, tmp_path) as one, serving(postgres_url, tmp_path) as two):
        port = free_port()
        with nginx(documented_nginx([one.port, two.port], port), tmp_path / "nginx",
                   port) as balancer:
            status, table = post(port, "/api/tables", {
                "game": "winter-queen", "seats": [{"kind": "human"}, {"kind": "human"}]})
            assert status == 201, table
            origin = Origin(f"http://127.0.0.1:{port}")  # a browser's, on nginx's page
            secrets = [seat["secret"] for seat in table["seats"]]
            with connect(f"ws://127.0.0.1:{port}/ws/tables/{table['table']}"
                         f"?secret={secrets[0]}", origin=origin,
                         proxy=None, open_timeout=20) as ws:
                view = json.loads(ws.recv(timeout=20))
                assert view["type"] == "view" and view["version"] == 0
                mover = view["to_move"][0]
            with connect(f"ws://127.0.0.1:{port}/ws/tables/{table['table']}"
                         f"?secret={secrets[mover]}", origin=origin,
                         proxy=None, open_timeout=20) as ws:
                view = json.loads(ws.recv(timeout=20))
                action = view["legal"][0]["action"]
                ws.send(json.dumps({"type": "action", "version": 0, "action": action}))
                after = json.loads(ws.recv(timeout=20))
                assert after["type"] == "view" and after["version"] == 1, after
            for _ in range(4):  # round robin: each server gets its share
                assert answers(port) == 200
            assert {f"127.0.0.1:{one.port}", f"127.0.0.1:{two.port}"} <= set(
                balancer.backends(at_least=7)), balancer.backends()

            stop(two.process)  # a dead backend: nginx sends its requests to the other
            assert [answers(port) for _ in range(4)] == [200] * 4
            status, other = post(port, "/api/tables", {
                "game": "winter-queen", "seats": [{"kind": "human"}, {"kind": "random"}]})
            assert status == 201, other
            tried = [entry for entry in balancer.backends(at_least=12) if "," in entry]
            assert tried == [f"127.0.0.1:{two.port}, 127.0.0.1:{one.port}"], (
                balancer.backends())
