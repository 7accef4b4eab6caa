"""``wintergames serve`` and ``make run``: where the server listens, a busy port, the
access log."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from wintergames.cli.main import app

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]


def flat(text: str) -> str:
    return " ".join(text.split())


@contextmanager
def busy_port() -> Iterator[int]:
    """A port another program listens on."""
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        yield other.getsockname()[1]


def test_a_busy_port_is_reported_before_any_url_and_nothing_starts(tmp_path: Path) -> None:
    db = tmp_path / "never.db"
    with busy_port() as port:
        result = runner.invoke(app, ["serve", "--port", str(port),
                                     "--database-url", f"sqlite:///{db}"])
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
    out = flat(result.output)
    assert out.startswith(f"Error: port {port} on 127.0.0.1 is already in use")
    suggested = int(re.findall(r"Stop it, or choose a free one such as (\d+): ", out)[0])
    assert suggested != port
    assert f"make run PORT={suggested}, or wintergames serve --port {suggested}" in out
    with socket.socket() as probe:  # the suggestion was really free
        probe.bind(("127.0.0.1", suggested))
    assert "http://" not in out and "wintergames server on" not in out
    assert not db.exists()  # refused before the database was opened


@pytest.mark.parametrize(("host", "message"), [
    ("192.0.2.1", "cannot listen on 192.0.2.1: it is not an address of this machine; use "
                  "127.0.0.1 (this machine only) or 0.0.0.0 (every network it is on)"),
    ("no-such-host.invalid", "cannot listen on 'no-such-host.invalid': no such host"),
    ("127.0.0.1:70000", "a port is a whole number from 0 to 65535 (0: any free one); not 70000"),
    ("127.0.0.1:-1", "a port is a whole number from 0 to 65535 (0: any free one); not -1"),
])
def test_where_it_cannot_listen_is_explained(
        tmp_path: Path, host: str, message: str) -> None:
    host, _, port = host.partition(":")
    result = runner.invoke(app, ["serve", "--host", host, "--port", port or "0",
                                 "--database-url", f"sqlite:///{tmp_path / 'x.db'}"])
    assert result.exit_code == 2 and message in flat(result.output)


@contextmanager
def server(tmp_path: Path, *extra: str) -> Iterator[tuple[str, subprocess.Popen[str], str]]:
    """A real server on a port the system picks; yields its printed URL, the process and
    its first line of output."""
    process = subprocess.Popen(
        [sys.executable, "-m", "wintergames", "serve", "--port", "0",
         "--database-url", f"sqlite:///{tmp_path / 'serve.db'}", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"})
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # printed once the socket is bound
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
        assert found, first + (process.stderr.read() if process.stderr else "")
        yield found.group(0), process, first
    finally:
        process.terminate()
        process.wait(timeout=10)


def fetch(url: str) -> int:
    for _ in range(300):  # the URL is printed just before uvicorn starts serving
        try:
            with urllib.request.urlopen(url) as response:
                return int(response.status)
        except urllib.error.HTTPError as err:
            return err.code
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"{url} never answered")


def test_access_log_is_off_by_default_and_on_with_the_flag_hiding_secrets(
        tmp_path: Path) -> None:
    secret = "Seat-Secret_0123456789"
    for flag in ([], ["--access-log"]):
        with server(tmp_path, *flag) as (url, process, _):
            assert fetch(url + "api/games") == 200
            assert fetch(f"{url}api/tables/nosuchtable/view?secret={secret}&x=1") == 404
            process.terminate()
            out, err = process.communicate(timeout=10)
        if not flag:
            assert "GET /api/games" not in out + err
        else:
            assert '"GET /api/games HTTP/1.1" 200' in out
            assert '"GET /api/tables/nosuchtable/view?secret=***&x=1 HTTP/1.1" 404' in out
        assert secret not in out + err


def test_serve_says_where_it_listens_on_one_line(tmp_path: Path) -> None:
    with server(tmp_path) as (url, _, first):
        port = int(url.rsplit(":", 1)[1].strip("/"))
        assert port > 0  # port 0 asked for any free one: the real one is printed
        assert first.rstrip("\n").endswith(f"(database sqlite:///{tmp_path / 'serve.db'})")
        assert fetch(url + "api/games") == 200


def test_make_run_takes_port_and_host_from_its_command_line_only() -> None:
    def serve_line(*args: str, env: dict[str, str] | None = None) -> str:
        done = subprocess.run(["make", "-n", "run", *args], cwd=ROOT, capture_output=True,
                              text=True, check=True, env=os.environ | (env or {}))
        return next(line for line in done.stdout.splitlines() if " serve " in line)

    assert "serve --host '127.0.0.1' --port '8000' " in serve_line()
    assert "serve --host '0.0.0.0' --port '8123' " in serve_line("PORT=8123", "HOST=0.0.0.0")
    # an exported HOST (some shells set it to the machine's name) changes nothing
    assert "--host '127.0.0.1' --port '8000' " in serve_line(env={"HOST": "box", "PORT": "1"})
