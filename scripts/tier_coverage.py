"""The line and branch coverage of both tiers from one soak run (docs/testing.md).

Run the soak once with each test's coverage kept apart, then this script:

    PYTEST_ADDOPTS="--cov=wintergames --cov-branch --cov-context=test --cov-report=" make soak
    .venv/bin/python scripts/tier_coverage.py .coverage

The fast tier's coverage is the soak's with every soak test's contexts taken out (the
soak test ids come from ``pytest --collect-only -m soak``). It prints both totals and every
line or branch that only a soak test reaches: each wants a small test of its own in the
fast tier.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

COLLECT = [sys.executable, "-m", "pytest", "--collect-only", "-q", "-m", "soak", "-n", "0",
           "-o", "addopts=--doctest-modules --strict-markers "
           "--ignore=src/wintergames/server/migrations --ignore-glob=*/__main__.py"]


def soak_ids() -> set[str]:
    listed = subprocess.run(COLLECT, capture_output=True, text=True, check=True).stdout
    return {line for line in listed.splitlines() if "::" in line}


def without(data: Path, ids: set[str], into: Path) -> int:
    """A copy of the coverage data ``data`` at ``into`` without the contexts of ``ids``
    (a context is a test id and its phase: "tests/x.py::test_y|run"); how many went."""
    shutil.copy(data, into)
    with sqlite3.connect(into) as db:
        dropped = [(cid,) for cid, name in db.execute("select id, context from context")
                   if name.rsplit("|", 1)[0] in ids]
        db.executemany("delete from arc where context_id = ?", dropped)
        db.executemany("delete from line_bits where context_id = ?", dropped)
    return len(dropped)


def report(data: Path, folder: Path) -> dict[str, Any]:
    """coverage.py's JSON report of ``data``, file by file."""
    out = folder / f"{data.name}.json"
    subprocess.run([sys.executable, "-m", "coverage", "json", "-q", f"--data-file={data}",
                    "-o", str(out)], check=True)
    files: dict[str, Any] = json.loads(out.read_text())["files"]
    return files


def totals(files: dict[str, Any]) -> str:
    sums = [sum(int(f["summary"][k]) for f in files.values())
            for k in ("num_statements", "missing_lines", "num_branches", "missing_branches")]
    covered = sums[0] - sums[1] + sums[2] - sums[3]
    return (f"{100 * covered / (sums[0] + sums[2]):.2f}% ({sums[1]} of {sums[0]} lines and "
            f"{sums[3]} of {sums[2]} branches missed)")


def main(data: Path) -> None:
    ids = soak_ids()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        fast = folder / "fast-tier-coverage"  # not ".coverage.*": coverage reads those as parts
        dropped = without(data, ids, fast)
        full, quick = report(data, folder), report(fast, folder)
    print(f"{len(ids)} soak tests, {dropped} of their contexts taken out")
    print(f"soak (everything): {totals(full)}")
    print(f"fast tier:         {totals(quick)}")
    for name, seen in full.items():
        only = sorted(set(quick[name]["missing_lines"]) - set(seen["missing_lines"]))
        branches = sorted({tuple(b) for b in quick[name]["missing_branches"]}
                          - {tuple(b) for b in seen["missing_branches"]})
        if only or branches:
            print(f"only the soak reaches {name}: lines {only}, branches {branches}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else ".coverage"))
