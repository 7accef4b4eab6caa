"""Real processes for the tests of several servers (issue 42): ``wintergames serve`` in a
subprocess, and Debian's nginx in front of such servers, each on a free port of
127.0.0.1, each stopped after its test.

- ``serving(database_url, directory, *flags)``: a server; yields once it answers.
- ``nginx(http_block, directory)``: nginx with ``http_block`` inside its ``http { }``
  and a prefix, pid file, logs and temporary files all in ``directory``; runs as the
  current user (a port above 1024 needs no root), in the foreground, until stopped.
- ``documented_nginx(backends, port)``: the nginx example of docs/server.md ("Several
  processes and hosts") with its servers at ``backends`` and listening on ``port``.
- ``answers(port, path)``: one GET on a fresh connection.
- ``serving_children(parent, port)``, ``descendants(pid)``, ``alive(pid)``,
  ``command_line(pid)``: processes as
  Linux's /proc shows them (which of a ``serve --workers N``'s children hold its
  listening socket; everything a process started).

nginx must be installed (``scripts/test-deps`` installs Debian's): a test that needs it
fails, never skips, without it.
"""

from __future__ import annotations

import contextlib
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs" / "server.md"
# The line right before the tested fenced block of docs/server.md.
DOCS_MARKER = "<!-- tested: tests/server/processes.py reads the block below"
NGINX = Path("/usr/sbin/nginx")
STARTUP = 90.0  # seconds a server may take to answer (2 shared cores, several spawns)


@dataclass
class Served:
    """A running ``wintergames serve``: its port, process and everything it printed."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on now (for a program that takes no port 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answers(port: int, path: str = "/api/games", timeout: float = 10.0) -> int:
    """The status of one GET on a fresh connection to 127.0.0.1:``port``; 0 if no
    connection could be made or no answer came."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers={"Connection": "close"})
        response = conn.getresponse()
        response.read()
        return int(response.status)
    except (OSError, http.client.HTTPException):
        return 0
    finally:
        conn.close()


def stop(process: subprocess.Popen[bytes], within: float = 30.0) -> int | None:
    """SIGTERM ``process`` and wait for it; SIGKILL if it has not ended ``within``
    seconds. Its exit code (None if it had to be killed)."""
    if process.poll() is not None:
        return process.returncode
    process.terminate()
    try:
        return process.wait(timeout=within)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
        return None


def start_serve(database_url: str, directory: Path, *flags: str,
                env: Mapping[str, str] | None = None) -> Served:
    """Start ``wintergames serve --port 0 --database-url URL *flags`` and wait until its
    first line names the port it listens on (not yet until it answers)."""
    log = directory / f"serve-{time.monotonic_ns()}.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [sys.executable, "-m", "wintergames", "serve", "--port", "0",
             "--database-url", database_url, *flags],
            stdout=sink, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env=os.environ | {"PYTHONUNBUFFERED": "1"} | dict(env or {}))
    until = time.monotonic() + STARTUP
    while not (found := re.search(r"http://127\.0\.0\.1:(\d+)/", log.read_text())):
        if process.poll() is not None or time.monotonic() > until:
            stop(process)
            pytest.fail(f"wintergames serve never said where it listens:\n{log.read_text()}")
        time.sleep(0.05)
    return Served(int(found.group(1)), process, log)


def wait_until_it_answers(served: Served) -> None:
    until = time.monotonic() + STARTUP
    while answers(served.port, timeout=2) != 200:
        if served.process.poll() is not None or time.monotonic() > until:
            stop(served.process)
            pytest.fail(f"wintergames serve never answered:\n{served.output()}")
        time.sleep(0.1)


@contextlib.contextmanager
def serving(database_url: str, directory: Path, *flags: str,
            env: Mapping[str, str] | None = None) -> Iterator[Served]:
    """A ``wintergames serve`` subprocess on a free port, answering; stopped after."""
    served = start_serve(database_url, directory, *flags, env=env)
    try:
        wait_until_it_answers(served)
        yield served
    finally:
        stop(served.process)


# -- processes, from /proc -------------------------------------------------------------

def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name (state, ppid, ...)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1].split()


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie, ended but not yet reaped, does not)."""
    fields = _stat(pid)
    return fields is not None and fields[0] != "Z"


def command_line(pid: int) -> str:
    """What ``pid`` runs, as one line ("" once it has ended)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def children(pid: int) -> set[int]:
    """The living processes whose parent is ``pid``."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and fields[0] != "Z" and int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def descendants(pid: int) -> set[int]:
    """Every living process ``pid`` started, and those they started, and so on."""
    found: set[int] = set()
    frontier = children(pid)
    while frontier:
        found |= frontier
        frontier = set().union(*(children(child) for child in frontier)) - found
    return found


def _listening_inodes(port: int) -> set[str]:
    """The inodes of the sockets listening on TCP ``port`` (/proc/net/tcp, tcp6)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "0A" and int(local.rsplit(":", 1)[1], 16) == port:  # 0A: LISTEN
                inodes.add(inode)
    return inodes


def holds_socket(pid: int, inodes: set[str]) -> bool:
    links = {f"socket:[{inode}]" for inode in inodes}
    try:
        return any(os.readlink(fd) in links for fd in Path(f"/proc/{pid}/fd").iterdir())
    except OSError:  # it ended meanwhile, or closed that file
        return False


def serving_children(parent: int, port: int) -> set[int]:
    """The children of ``parent`` that hold the socket listening on ``port``: the server
    processes of ``serve --workers N`` (its other children, such as multiprocessing's
    resource tracker, do not hold it)."""
    inodes = _listening_inodes(port)
    return {child for child in children(parent) if holds_socket(child, inodes)}


# -- nginx -----------------------------------------------------------------------------

def nginx_binary() -> Path:
    if not os.access(NGINX, os.X_OK):
        pytest.fail(f"the load balancer tests need nginx at {NGINX}: run scripts/test-deps "
                    "(as root on Debian it installs nginx-light), or apt-get install nginx")
    return NGINX


def _temp_paths(binary: Path, directory: Path) -> list[str]:
    """A ``*_temp_path`` directive into ``directory`` for each temporary folder this
    nginx was built with (Debian's are under /var/lib/nginx, not ours to write)."""
    built = subprocess.run([binary, "-V"], capture_output=True, text=True, check=True).stderr
    names = re.findall(r"--http-([a-z-]+)-temp-path=", built)
    return [f"{name.replace('-', '_')}_temp_path {directory / name};" for name in names]


def nginx_config(http_block: str, directory: Path, binary: Path = NGINX) -> str:
    """A whole nginx.conf: ``http_block`` inside ``http { }``, with every file nginx
    writes in ``directory``, and each request's backend in ``directory/access.log``."""
    # As root, nginx would run its workers as "nobody", who cannot read our directory.
    user = "user root root;\n" if os.geteuid() == 0 else ""
    temp = "\n    ".join(_temp_paths(binary, directory))
    return (f"{user}worker_processes 1;\n"
            f"pid {directory / 'nginx.pid'};\n"
            f"lock_file {directory / 'nginx.lock'};\n"
            f"error_log {directory / 'error.log'} info;\n"
            "events { worker_connections 256; }\n"
            "http {\n"
            "    log_format backends '$status|$upstream_addr|$request_method $request_uri';\n"
            f"    access_log {directory / 'access.log'} backends;\n"
            f"    {temp}\n"
            f"{http_block}\n"
            "}\n")


@dataclass
class Nginx:
    """A running nginx: its process and the folder of its logs."""

    process: subprocess.Popen[bytes]
    directory: Path

    def backends(self, at_least: int = 0) -> list[str]:
        """The backend of each request logged so far ("127.0.0.1:PORT"; several,
        comma separated, when one failed and the next was tried), once at least
        ``at_least`` are (nginx logs a request just after its answer is sent)."""
        log = self.directory / "access.log"
        until = time.monotonic() + 10
        while True:
            lines = log.read_text().splitlines() if log.exists() else []
            if len(lines) >= at_least or time.monotonic() > until:
                return [line.split("|")[1] for line in lines]
            time.sleep(0.05)

    def errors(self) -> str:
        return (self.directory / "error.log").read_text(errors="replace")


@contextlib.contextmanager
def nginx(http_block: str, directory: Path, port: int) -> Iterator[Nginx]:
    """nginx in the foreground with ``http_block`` (which listens on ``port``); yields
    once ``port`` accepts connections, and stops it (gracefully: SIGQUIT) after."""
    binary = nginx_binary()
    directory.mkdir(parents=True, exist_ok=True)
    conf = directory / "nginx.conf"
    conf.write_text(nginx_config(http_block, directory, binary))
    command = [str(binary), "-p", str(directory), "-c", str(conf),
               "-e", str(directory / "error.log"), "-g", "daemon off;"]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True)
    assert checked.returncode == 0, f"nginx refused the configuration:\n{checked.stderr}"
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    running = Nginx(process, directory)
    try:
        until = time.monotonic() + 20
        while not _accepts(port):
            assert process.poll() is None, running.errors()
            assert time.monotonic() < until, f"nginx never listened:\n{running.errors()}"
            time.sleep(0.05)
        yield running
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGQUIT)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def _accepts(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


# -- the documented example ------------------------------------------------------------

def documented_block(marker: str = DOCS_MARKER, docs: Path = DOCS) -> str:
    """The fenced block right after the line that starts with ``marker``."""
    lines = docs.read_text().splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith(marker)]
    assert len(starts) == 1, f"{docs} has {len(starts)} lines starting {marker!r}, not 1"
    fence = starts[0] + 1
    assert lines[fence].startswith("```"), f"no fenced block right after {marker!r}"
    end = lines.index("```", fence + 1)
    return "\n".join(lines[fence + 1:end])


_UPSTREAM_SERVER = re.compile(r"([ \t]*)server[ \t]+\S+:\d+([ \t]+[^;]*)?;")
_LISTEN = re.compile(r"^([ \t]*)listen[ \t]+[^;\n]+;", re.MULTILINE)


def documented_nginx(backends: Sequence[int], port: int) -> str:
    """docs/server.md's nginx example with one upstream server per port of ``backends``
    (on 127.0.0.1, with the example's parameters such as ``max_fails``), listening on
    127.0.0.1:``port``."""
    lines = documented_block().splitlines()
    servers = [i for i, line in enumerate(lines) if _UPSTREAM_SERVER.match(line)]
    assert servers, "the documented upstream has no server host:port lines"
    first = _UPSTREAM_SERVER.match(lines[servers[0]])
    assert first is not None
    indent, parameters = first.group(1), first.group(2) or ""
    ours = [f"{indent}server 127.0.0.1:{backend}{parameters};" for backend in backends]
    lines = [line for i, line in enumerate(lines) if i not in servers[1:]]
    lines[servers[0]:servers[0] + 1] = ours
    block, listens = _LISTEN.subn(rf"\1listen 127.0.0.1:{port};", "\n".join(lines))
    assert listens == 1, f"the documented server block has {listens} listen lines, not 1"
    return block
