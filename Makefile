# The two commands of the Quick start: `make run` and `make test`.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test install dev bench lint

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

install: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .

dev: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'

# The main job: a terminal game of Winter Queen against two random bots.
run: install
	$(BIN)/wintergames play winter-queen --players human,random,random

lint: dev
	$(BIN)/ruff check .

test: dev
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

# Benchmarks report numbers (one JSON line each); they are not tests.
bench: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/random_play.py
	$(BIN)/python benchmarks/physics.py
