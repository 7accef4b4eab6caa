# The two commands of the Quick start: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test soak install dev bench lint

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

install: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .

# Installed once per change of pyproject.toml (the stamp), not on every run of the tests.
# uv installs the same packages from the same index as pip, in 7 s where pip took 75 (a fresh
# clone's CI run installs them all); like pip --no-compile it leaves byte-compiling to the
# first import, as the tests import a fraction of Ray's thousands of modules.
dev: $(VENV)/.dev-installed
$(VENV)/.dev-installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv
	$(BIN)/uv pip install --quiet --python $(BIN)/python -e '.[dev]'
	touch $@

# The main job: the web server on a local SQLite file (wintergames.db); open the URL it prints.
# `make run PORT=8123 HOST=0.0.0.0` listens elsewhere. Plain `=`, not `?=`: only the make
# command line changes them, never a HOST or PORT the shell or a platform happens to export.
HOST = 127.0.0.1
PORT = 8000
run: install
	$(BIN)/wintergames serve --host '$(HOST)' --port '$(PORT)' --database-url sqlite:///wintergames.db

lint: dev
	$(BIN)/ruff check .
	$(BIN)/mypy

# The storage tests also run on PostgreSQL and the browser tests on Chromium: when they are
# missing, scripts/test-deps installs them (as root, on Debian) and starts PostgreSQL.
# mypy keeps its cache outside the checkout, so a fresh clone on the same machine starts
# warm (the cache checks every file's hash: a changed file is checked again).
export MYPY_CACHE_DIR ?= $(HOME)/.cache/wintergames/mypy
# Bytecode is written even where the machine's environment says not to: otherwise every
# pytest worker and every subprocess of a test compiles (and pytest rewrites) each module
# again, about ten seconds per process.
unexport PYTHONDONTWRITEBYTECODE

# `make test` is the fast tier (pyproject's addopts leave out the tests marked soak);
# `make soak` runs every test, the long seed sweeps and second playthroughs too.
TEST_ENV = WG_TEST_POSTGRES_URL="$${WG_TEST_POSTGRES_URL:-$$(scripts/test-deps)}"

# Two workers per core: the browser and server tests spend much of their time waiting
# (on Chromium, on a socket), and a worker that waits leaves its core to another. A worker
# takes a new test whenever it is free (worksteal), so no long test waits at the end of a
# queue already handed out.
WORKERS ?= $(shell echo $$(( $$(nproc) * 2 )))
PYTEST = $(TEST_ENV) $(BIN)/python -m pytest -n $(WORKERS) --dist worksteal

test: lint
	$(PYTEST)

soak: lint
	WG_CHROMIUM="$${WG_CHROMIUM:-chromium}" $(PYTEST) -m "soak or not soak"

# Benchmarks report numbers (one JSON line each); they are not tests.
bench: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/random_play.py
	$(BIN)/python benchmarks/physics.py
	$(BIN)/python benchmarks/wall_fidelity.py
	$(BIN)/python benchmarks/search_speed.py --positions 4
	$(BIN)/python benchmarks/rl_steps.py
