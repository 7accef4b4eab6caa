"""Every file the server serves is shipped: an installed (not editable) package holds each
one, because pyproject's package-data names it."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "wintergames"


def test_package_data_covers_every_static_and_data_file() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    globs = config["tool"]["setuptools"]["package-data"]["wintergames"]
    shipped = [p for p in (PACKAGE / "server" / "static").rglob("*") if p.is_file()]
    shipped += list((PACKAGE / "games").glob("*/data/*"))
    assert len(shipped) > 20
    # pathlib's glob, like setuptools', never lets ``*`` cross a folder.
    covered = {p for g in globs for p in PACKAGE.glob(g)}
    missing = sorted(str(p.relative_to(PACKAGE)) for p in shipped
                     if p.suffix != ".py" and "__pycache__" not in p.parts
                     and p not in covered)
    assert not missing, f"not in package-data (an installed package would lack them): {missing}"
