"""A pytest plugin that measures, not a test: the CPU seconds each test costs, its worker's
whole process tree included (the Chromium a browser test drives, the subprocesses a CLI
test starts). One JSON line per test goes to ``$WG_CPU_OUT`` (default ``cpu.jsonl``).

Wall-clock durations mislead on a loaded machine (a test waiting for a starved neighbour
looks slow); CPU seconds say what a test itself costs. Linux only (it reads /proc)::

    PYTHONPATH=benchmarks pytest -p cpu_meter -n 4 tests/browser
    python -c "import json; rows = [json.loads(l) for l in open('cpu.jsonl')]; \\
        [print(r['cpu'], r['id']) for r in sorted(rows, key=lambda r: -r['cpu'])[:30]]"
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator

import pytest

_TICK = os.sysconf("SC_CLK_TCK")


class _Meter:
    """CPU seconds used by this worker's process tree since the meter started.

    Sampled every 0.2 s, each process's rise since its last sample added: a process that
    ended between two samples is caught by the one that reaped it (its cutime, cstime),
    where that is in the tree; Chromium's own reaping happens outside it at times, which a
    difference of two totals would count as time given back.
    """

    def __init__(self, root: int) -> None:
        self.root = root
        self.total = 0.0
        self._seen: dict[int, float] = {}
        self._lock = threading.Lock()

    def sample(self) -> float:
        found = _processes()
        children: dict[int, list[int]] = {}
        for pid, (parent, _) in found.items():
            children.setdefault(parent, []).append(pid)
        todo = [self.root]
        with self._lock:
            while todo:
                pid = todo.pop()
                todo += children.get(pid, [])
                used = found.get(pid, (0, 0.0))[1]
                self.total += max(0.0, used - self._seen.get(pid, 0.0))
                self._seen[pid] = used
            return self.total


def _processes() -> dict[int, tuple[int, float]]:
    """Every process: its parent, and the CPU seconds it and its reaped children used."""
    found: dict[int, tuple[int, float]] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as stat:
                text = stat.read()
        except OSError:  # gone meanwhile
            continue
        fields = text[text.rindex(")") + 2:].split()  # after the command's name
        used = sum(int(f) for f in fields[11:15]) / _TICK  # utime stime cutime cstime
        found[int(name)] = (int(fields[1]), used)
    return found


_METER = _Meter(os.getpid())


def _sampling() -> None:
    while True:
        _METER.sample()
        time.sleep(0.2)


threading.Thread(target=_sampling, daemon=True).start()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item) -> Iterator[None]:
    start, began = _METER.sample(), time.monotonic()
    yield
    line = {"id": item.nodeid, "cpu": round(_METER.sample() - start, 2),
            "wall": round(time.monotonic() - began, 2)}
    with open(os.environ.get("WG_CPU_OUT", "cpu.jsonl"), "a", encoding="utf-8") as out:
        out.write(json.dumps(line) + "\n")
