"""One benchmark on two versions of the code at the same moment, each pinned to a core of
its own, then again with the cores swapped: a before-and-after comparison that this
machine's drift (a fifth over minutes) cannot bias, as both runs meet it together.

Prints every JSON line both runs print, with ``tree`` ("before" or "after") and ``run``
(1: before on the first core, 2: swapped) added. Linux only (``sched_setaffinity``),
and at least two cores. Run, with the older code checked out in a worktree::

    git worktree add --detach ../before <commit>
    python benchmarks/paired.py --before ../before/src -- benchmarks/rl_steps.py

``--after`` defaults to this checkout's ``src``. The benchmark script is this checkout's
for both: only the package under it changes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pinned(core: int, tree: Path, command: list[str]) -> subprocess.Popen[str]:
    """``command`` under this Python, importing ``wintergames`` from ``tree``, on ``core``."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.Popen(
        [sys.executable, *command], cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE,
        preexec_fn=lambda: os.sched_setaffinity(0, {core}))


def labelled(out: str, tree: str, run: int) -> list[str]:
    """The benchmark's JSON lines, each with its tree and run; other lines are dropped.

    >>> labelled('{"x": 1}\\nnot json\\n', "after", 2)
    ['{"x": 1, "tree": "after", "run": 2}']
    """
    lines = []
    for line in out.splitlines():
        if line.startswith("{"):
            lines.append(json.dumps({**json.loads(line), "tree": tree, "run": run}))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the older code's src")
    parser.add_argument("--after", type=Path, default=ROOT / "src", help="the newer code's src")
    parser.add_argument("command", nargs=argparse.REMAINDER,
                        help="-- then the benchmark script and its arguments")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("name the benchmark after --, e.g. -- benchmarks/rl_steps.py")
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        parser.error(f"two cores are needed, this process may use {len(cores)}")
    trees = {"before": args.before.resolve(), "after": args.after.resolve()}
    for run, order in ((1, ("before", "after")), (2, ("after", "before"))):
        runs = {name: pinned(core, trees[name], command)
                for core, name in zip(cores[:2], order, strict=True)}
        # both finish before either is judged: a failed run never leaves its twin running
        outs = {name: process.communicate()[0] for name, process in runs.items()}
        for name, process in runs.items():
            if process.returncode:
                sys.exit(f"the {name} run failed (exit {process.returncode})")
            for line in labelled(outs[name], name, run):
                print(line, flush=True)


if __name__ == "__main__":
    main()
