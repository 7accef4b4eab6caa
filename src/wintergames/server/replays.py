"""Replays of finished games: computed once in a worker process, kept in storage, and
served (all steps at once, or one step) from what was kept.

A finished game never changes, so everything a replay viewer needs (every step's
observation and the viewer's log) is computed in one pass over the record, in a worker
process (a long game takes a second or two: never on the event loop), stored compressed
with an index of where each step's observation and each log line lie in the text, and
kept in memory while there is room. One step is then a slice of that text: no game is
replayed and no JSON parsed to answer it. Only what the viewer may see is in it, and only
once the game is over (the seed, and so every hidden draw, is public from then on).
"""

from __future__ import annotations

import asyncio
import gzip
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from wintergames.core.events import seat_name
from wintergames.core.registry import get_spec, make
from wintergames.core.state import State
from wintergames.server.live import LiveTable, dumps
from wintergames.server.store import Store

SPECTATOR_KEY = -1  # the seat number under which a spectator's replay is stored


def _json(value: Any) -> bytes:
    return dumps(value).encode()


def seats_of(live: LiveTable) -> list[dict[str, Any]]:
    """Each seat's number, name, the name its person typed, and kind."""
    return [{"seat": i, "name": seat_name(i), "nickname": live.nicknames[i], "kind": kind}
            for i, kind in enumerate(live.kinds)]


@dataclass
class Book:
    """A finished game's replay as one seat (or a spectator) saw it.

    ``gz`` is the JSON of every step at once, compressed; ``index`` says where, in the
    uncompressed text, the log lines start (``log_start``), where each line ends
    (``line_ends``) and, for each step, its observation's span and how many log lines
    are written by then (``frames``: ``[start, end, lines]``).
    """

    gz: bytes
    index: dict[str, Any]
    text: bytes | None = field(default=None, repr=False)  # the uncompressed JSON, once read

    @property
    def steps(self) -> int:
        return len(self.index["frames"]) - 1

    def size(self) -> int:
        return len(self.gz) + len(self.text or b"")

    def step(self, table_id: str, step: int) -> bytes:
        """The JSON of one step: the observation then, and the log written by then."""
        assert self.text is not None, "read the text (Replays.text) first"
        start, end, lines = self.index["frames"][step]
        log_start, ends = self.index["log_start"], self.index["line_ends"]
        log = self.text[log_start:ends[lines - 1]] if lines else b""
        return (b'{"table":' + _json(table_id) + b',"step":' + str(step).encode()
                + b',"steps":' + str(self.steps).encode() + b',"observation":'
                + self.text[start:end] + b',"log":[' + log + b"]}")


def make_book(table_id: str, record: dict[str, Any], seats: list[dict[str, Any]],
              seat: int | None) -> Book:
    """Every step of a finished game as a spectator saw it (or, with ``seat``, as that
    seat saw it: its own hand, the log lines shown to it alone), in one pass over its
    ``record`` (``State.record()``). Run in a worker process.

    Step 0 is the set-up, step N the position after N actions. The log only grows, so it
    is sent once and each frame says how many of its lines are written by then (``log``).
    Who acted is public (a seat that has chosen is shown as such); what they chose is told
    only by the log and the observation, never by the action itself.
    """
    spec = get_spec(record["game"])
    state = make(record["game"], record["num_players"], record["seed"], record["options"])
    lines: list[bytes] = []
    frames: list[tuple[bytes, bytes, int]] = []  # (head, observation, lines by then)
    read = 0  # entries of state.log already looked at

    def frame(step: int, actor: int | None) -> None:
        nonlocal read
        lines.extend(_json(e.view()) for e in state.log[read:] if e.visible(seat))
        read = len(state.log)
        head = _json({"step": step, "actor": actor, "to_move": list(state.to_move),
                      "simultaneous": state.simultaneous, "log": len(lines)})
        frames.append((head[:-1] + b',"observation":', _json(state.observation(seat)),
                       len(lines)))

    frame(0, None)
    for step, (player, obj) in enumerate(record["actions"], 1):
        state.apply(spec.action_from_json(obj), player)
        frame(step, player)
    return _bound(_head(table_id, spec.id, record, seats, seat, state), lines, frames)


def _head(table_id: str, game: str, record: dict[str, Any], seats: list[dict[str, Any]],
          seat: int | None, final: State) -> bytes:
    spec = get_spec(game)
    made = spec.score_breakdown  # where each score came from, as on the end screen
    return _json({"table": table_id, "game": spec.id, "title": spec.title, "seat": seat,
                  "steps": len(record["actions"]), "seats": seats,
                  "score_unit": spec.score_unit, "score_unit_one": spec.score_unit_one,
                  "scores": final.scores(), "winners": final.winners(),
                  "breakdown": made(final).to_json() if made is not None else None,
                  "seed": record["seed"]})


def _bound(head: bytes, lines: list[bytes], frames: list[tuple[bytes, bytes, int]]) -> Book:
    """The whole JSON text, compressed, and where each line and observation lies in it
    (the text itself stays behind: a worker sends back only the compressed form)."""
    text = bytearray(head[:-1] + b',"log":[')
    log_start, line_ends = len(text), []
    for i, line in enumerate(lines):
        text += b"," if i else b""
        text += line
        line_ends.append(len(text))
    text += b'],"frames":['
    spans = []
    for i, (frame_head, observation, written) in enumerate(frames):
        text += (b"," if i else b"") + frame_head
        spans.append([len(text), len(text) + len(observation), written])
        text += observation + b"}"
    text += b"]}"
    return Book(gzip.compress(bytes(text), compresslevel=6),
                {"log_start": log_start, "line_ends": line_ends, "frames": spans})


Compute = Callable[..., Awaitable[Any]]  # runs a module-level function in a worker


class Replays:
    """The replays of finished games: in memory while they fit in ``memory_bytes``
    (the latest used kept), in storage for good, computed by ``compute`` (a worker
    process) at most once per table and viewer however many ask at once."""

    def __init__(self, store: Store, compute: Compute, memory_bytes: int) -> None:
        self.store, self.compute, self.memory_bytes = store, compute, memory_bytes
        self._kept: OrderedDict[tuple[str, int], Book] = OrderedDict()
        self._making: dict[tuple[str, int], asyncio.Future[Book]] = {}
        self.computed = 0  # passes made (for tests and curiosity)

    async def book(self, live: LiveTable, seat: int | None, client: str) -> Book:
        """The replay of the finished table ``live`` as ``seat`` saw it (None: a
        spectator), from memory, storage, or (the first time) a worker: ``client``'s
        turn among the workers."""
        key = (live.id, SPECTATOR_KEY if seat is None else seat)
        kept = self._kept.get(key)
        if kept is not None:
            self._kept.move_to_end(key)
            return kept
        making = self._making.get(key)
        if making is None:
            making = self._making[key] = asyncio.ensure_future(self._make(live, seat, client))
            making.add_done_callback(lambda _: self._making.pop(key, None))
        return await asyncio.shield(making)

    async def text(self, book: Book) -> bytes:
        """The uncompressed JSON of ``book`` (decompressed in a thread the first time:
        zlib lets the event loop run meanwhile)."""
        if book.text is None:
            book.text = await asyncio.to_thread(gzip.decompress, book.gz)
            self._fit()
        return book.text

    async def _make(self, live: LiveTable, seat: int | None, client: str) -> Book:
        key = (live.id, SPECTATOR_KEY if seat is None else seat)
        stored = await asyncio.to_thread(self.store.replay, *key)
        if stored is not None:
            book = Book(*stored)
        else:
            with live.lock:
                record = live.state.record()
            book = await self.compute(client, make_book, live.id, record, seats_of(live), seat)
            self.computed += 1
            await asyncio.to_thread(self.store.add_replay, *key, book.gz, book.index)
        self._kept[key] = book
        self._fit()
        return book

    def _fit(self) -> None:
        """Forget the replays used longest ago until the rest fit in memory (the latest
        one always stays)."""
        while len(self._kept) > 1 and sum(b.size() for b in self._kept.values()) > \
                self.memory_bytes:
            self._kept.popitem(last=False)
