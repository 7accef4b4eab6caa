"""A table in memory: the state rebuilt from its action log, seats, versions and views.

The server is the only authority. An action arrives with the secret of a seat and the
version the seat chose on; it is checked on a copy of the state, written to the
append-only log, and only then becomes the table's state. Nothing changes on refusal.

A seat's *version* is the length of the history when its current decision began. At a
simultaneous step (Snow Time) another seat's hidden choice does not change what this
seat may do, so its version stays and its choice is not stale.
"""

from __future__ import annotations

import json
import logging
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import orjson
from fastapi.responses import Response
from sqlalchemy.exc import DBAPIError, IntegrityError

from wintergames import bots
from wintergames.core.actions import Action
from wintergames.core.errors import ActionFormatError, GameOverError, WintergamesError
from wintergames.core.events import Event, seat_name
from wintergames.core.overlay import OVERLAY
from wintergames.core.registry import get_spec, make
from wintergames.core.state import State
from wintergames.server.models import GameTable
from wintergames.server.store import Progress, Store, TableClosedError, hash_secret, utc

SPECTATOR = -1  # the seat number of a spectator in versions and views
logger = logging.getLogger(__name__)


RACES = 3  # times a person's action is tried again after losing a race to another process
MESSAGE_LIMIT = 400  # characters of a refusal's message: none echoes a whole input


class ServerError(Exception):
    """A refused request: an HTTP status, a short code and a message for people (cut to
    ``MESSAGE_LIMIT`` characters, whatever it quotes)."""

    def __init__(self, status: int, code: str, message: str,
                 headers: dict[str, str] | None = None, rule: str | None = None) -> None:
        if len(message) > MESSAGE_LIMIT:
            message = message[:MESSAGE_LIMIT - 1] + "…"
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.headers = headers or {}
        self.rule = rule  # the rule passage that refuses an action, where the game names one

    def to_json(self) -> dict[str, str]:
        """``code`` and ``message``, and ``rule`` where a rule refused the request."""
        out = {"code": self.code, "message": self.message}
        if self.rule is not None:
            out["rule"] = self.rule
        return out


NAME_MAX = 32  # characters of a seat's name: a full name fits, a list of seats stays readable


def check_unique(names: Sequence[str | None], seat: int) -> None:
    """Refuse seat ``seat``'s name when another seat of the table already has it (in any
    case: two "Alice"s could not be told apart), naming that seat.

    >>> try:
    ...     check_unique(["Ada", None, "ada"], 2)
    ... except ServerError as err:
    ...     print(err.code, err.message)
    name-taken Player 1 is already called Ada; Player 3 needs another name
    """
    mine = names[seat]
    if mine is None:
        return
    for other, name in enumerate(names):
        if other != seat and name is not None and name.casefold() == mine.casefold():
            raise ServerError(409, "name-taken", f"{seat_name(other)} is already called "
                              f"{name}; {seat_name(seat)} needs another name")


@dataclass(frozen=True)
class Viewer:
    """Who is looking: a seat, or a spectator (``seat`` is None)."""

    seat: int | None

    @property
    def label(self) -> str:
        return "spectator" if self.seat is None else seat_name(self.seat)


def fallback_move(table_id: str, state: State, seat: int) -> Action:
    """The random legal move a table plays for a bot over its budget at ``state``.

    Seeded by the table and the step, so a replay of the table's log meets the same moves.
    """
    rng = random.Random(f"{table_id}:{len(state.history)}:{seat}")
    return rng.choice(state.legal_actions(seat))


def think(bot: bots.Bot, position: State, seat: int, budget: float
          ) -> tuple[Action, bots.Bot]:
    """What ``bot`` plays for ``seat`` at ``position`` within ``budget`` seconds from now,
    and the bot as it is afterwards (its random generator moved on): run in a worker
    process, so both travel back by pickle."""
    return bot.choose(position, seat, deadline=time.monotonic() + budget), bot


def storage_unavailable() -> ServerError:
    """The refusal while the database fails: nothing was changed, try again."""
    return ServerError(503, "storage-unavailable", "the server cannot reach its storage; "
                       "nothing was changed, try again in a moment",
                       headers={"Retry-After": "5"})


def closed_error(closed_by: str, ended_at: datetime) -> ServerError:
    """The refusal of anything but reading at a closed table, saying who closed it when."""
    who = "by its creator" if closed_by == "creator" else "after nobody played at it for a while"
    return ServerError(409, "closed", f"this table was closed {who} on "
                       f"{ended_at:%Y-%m-%d at %H:%M} UTC; nothing more can be played at it "
                       "(it stays open to read)")


class StaleTableError(ServerError):
    """This copy of a table is behind its stored log (another writer got there first, or
    the database failed mid-write): it is dropped and the next request reloads it."""


class LostRaceError(ServerError):
    """Another server process stored this step first; this copy has caught up with it
    (several processes on one database), so the choice can be judged again."""

    def __init__(self) -> None:
        super().__init__(409, "stale", "the game moved on meanwhile (another move was "
                         "stored first); choose again on the new view")


def dumps(value: Any) -> str:
    """``value`` as compact JSON text, by orjson: a view is built for every move of every
    table, and its encoding was the largest part of the server's time at 200 tables.

    >>> dumps({"seats": (1, 2), 3: None})
    '{"seats":[1,2],"3":null}'
    """
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # an integer past 64 bits (a seed someone chose): json writes any
        return json.dumps(value, separators=(",", ":"))


def json_text(text: str) -> Response:
    """A view already made into JSON text (``LiveTable.view_json``), sent as it is."""
    return Response(content=text, media_type="application/json")


class LiveTable:
    """One table: its state, its seats and who may do what.

    ``stale`` becomes true when this copy can no longer be trusted to match storage; the
    hub then rebuilds the table from its rows.
    """

    def __init__(self, row: GameTable, log: list[tuple[int, dict[str, Any]]], store: Store):
        self.id = row.id
        self.store = store
        self.spec = get_spec(row.game)
        indices = sorted(seat.index for seat in row.seats)
        if indices != list(range(row.num_players)):
            raise ValueError(f"a {row.num_players}-player table needs seats 0..."
                             f"{row.num_players - 1}, and its stored seats are {indices}")
        in_order = sorted(row.seats, key=lambda seat: seat.index)
        self.kinds = [seat.kind for seat in in_order]
        self.nicknames: list[str | None] = [seat.nickname for seat in in_order]
        self.creator_hash = row.creator_hash
        # Set once when the table is closed (by its creator or the idle rule), never cleared.
        self.closed_by: str | None = row.closed_by
        self.ended_at = None if row.ended_at is None else utc(row.ended_at)
        self.secrets = {seat.secret_hash: seat.index for seat in row.seats if seat.secret_hash}
        self.spectator_hash = row.spectator_hash
        self.seed = row.seed
        self.stale = False
        self.after_game_started = False  # the hub's work for a game that ended (a replay made)
        # views as sent for the current version: the view but its log, its log lines, both
        self._texts: dict[int | None, tuple[str, list[str], str]] = {}
        # Each log line as JSON text, made once: at the end of a long game the log is most
        # of every view (ICECOOL: 1,700 lines, 600 kB), and it only grows.
        self._lines: list[tuple[Event, str]] = []
        self.state: State = make(row.game, row.num_players, row.seed, dict(row.options))
        self.lock = threading.RLock()
        self.bots = {
            seat.index: bots.make(seat.kind, seed=row.seed + seat.index, **seat.settings)
            for seat in row.seats if seat.kind != "human"
        }
        self.decision = [0] * row.num_players
        self._legal: list[list[Action]] = [self.state.legal_actions(p)
                                           for p in range(row.num_players)]
        # Every action was accepted once, so the log replays; rows that do not (a damaged
        # database) raise here, and the hub reports that table as unreadable.
        for player, obj in log:
            self._advance(self.spec.action_from_json(obj), player)

    # -- who is asking ------------------------------------------------------------------

    def viewer(self, secret: str | None) -> Viewer:
        """The seat a secret opens; the spectator secret (or none) opens the spectator view."""
        if secret is None:
            return Viewer(None)
        digest = hash_secret(secret)
        if digest in self.secrets:
            return Viewer(self.secrets[digest])
        if digest == self.spectator_hash:
            return Viewer(None)
        raise ServerError(403, "bad-secret", "this link opens no seat of this table")

    # -- what a viewer sees -------------------------------------------------------------

    @property
    def version(self) -> int:
        return len(self.state.history)

    def view(self, viewer: Viewer) -> dict[str, Any]:
        """Everything ``viewer`` may see, and (for a seat to move) what it may do."""
        with self.lock:
            return {**self._view_but_log(viewer), "log_from": 0,
                    "log": [e.view() for e in self.state.events_for(viewer.seat)]}

    def view_json(self, viewer: Viewer, log_from: int = 0) -> str:
        """``view(viewer)`` as JSON text, its log from line ``log_from`` on (a client that
        keeps the lines it has asks only for the new ones; ``"log_from"`` in the answer
        says where its ``"log"`` starts).

        Made once per version and seat however many watch (a thousand spectators cost one
        view), each log line once per table.
        """
        with self.lock:
            made = self._texts.get(viewer.seat)
            if made is None:
                head = self._head_json(viewer)[:-1]
                lines = [line for event, line in self._line_texts()
                         if event.visible(viewer.seat)]
                made = self._texts[viewer.seat] = (
                    head, lines, f'{head}, "log_from": 0, "log": [{",".join(lines)}]}}')
            head, lines, whole = made
            if log_from == 0:
                return whole
            return f'{head}, "log_from": {log_from}, "log": [{",".join(lines[log_from:])}]}}'

    def view_text(self, viewer: Viewer) -> str:
        """The view message a watcher's socket receives."""
        return '{"type": "view", ' + self.view_json(viewer)[1:]

    def _line_texts(self) -> list[tuple[Event, str]]:
        log, kept = self.state.log, self._lines
        # the log only grows; a state put in its place (a trial's copy) shares its events
        if len(kept) > len(log) or (kept and (kept[0][0] is not log[0]
                                              or kept[-1][0] is not log[len(kept) - 1])):
            kept.clear()
        kept.extend((e, dumps(e.view())) for e in log[len(kept):])
        return kept

    def _head_json(self, viewer: Viewer) -> str:
        """The view but its log as JSON text, its choices' phrases as each keeps them."""
        try:
            return orjson.dumps(self._view_but_log(viewer, encoded=True),
                                option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:  # past orjson's integers: ``dumps`` writes the plain view
            return dumps(self._view_but_log(viewer))

    def _view_but_log(self, viewer: Viewer, encoded: bool = False) -> dict[str, Any]:
        """The view but its log; ``encoded``: its choices' phrases as kept JSON, for
        ``dumps`` alone (``Choice.view_encoded``)."""
        with self.lock:
            s, seat = self.state, viewer.seat
            deciding = seat is not None and seat in s.to_move and not self.closed_by
            # each legal action with its label and explanation, in the game's words, but
            # for the grid points of a continuous range (ICECOOL's 288 flicks): the page
            # aims a flick itself and the decision states the range, where their words
            # made each view of the seat to move 350 kB
            legal = (s.choices(seat, self.spec.sampled_kinds)
                     if deciding and seat is not None else [])
            decision = s.decision(seat) if deciding and seat is not None else None
            return {
                "table": self.id,
                "game": self.spec.id,
                "title": self.spec.title,
                "seat": seat,
                # "name" is how the log and the rules name the seat; "nickname" is the
                # name its person typed (None: none), shown beside it.
                "seats": [{"seat": i, "name": seat_name(i), "nickname": self.nicknames[i],
                           "kind": kind} for i, kind in enumerate(self.kinds)],
                "name_max": NAME_MAX,  # the longest name the server takes (a form's maxlength)
                "closed": None if not self.closed_by or self.ended_at is None else {
                    "by": self.closed_by, "at": self.ended_at.isoformat()},
                "version": self.decision[seat] if seat is not None else self.version,
                "to_move": list(s.to_move),
                "simultaneous": s.simultaneous,
                "over": s.is_over,
                "winners": s.winners(),
                "scores": s.scores() if s.is_over else None,
                # what the scores count ("VP"), and at the end where each seat's comes from
                "score_unit": self.spec.score_unit, "score_unit_one": self.spec.score_unit_one,
                # a what-if table's changed rule numbers (None: the game as printed)
                "overlay": s.options.get(OVERLAY),
                "breakdown": self._breakdown(),
                # drawn by the server and kept secret while it could predict hidden draws
                "seed": self.seed if s.is_over else None,
                "observation": s.observation(seat),
                # what the seat decides (the prompt, its limit...) where the game says it
                "decision": None if decision is None else decision.view(),
                "legal": [{"action": a.to_json(), "notation": str(a),
                           **({} if choice is None else
                              choice.view_encoded() if encoded else choice.view())}
                          for a, choice in legal],
            }

    def _breakdown(self) -> dict[str, Any] | None:
        """The end screen's table: each seat's score by the game's categories (None
        before the end, when some parts may still be hidden)."""
        made = self.spec.score_breakdown
        return made(self.state).to_json() if made is not None and self.state.is_over else None

    def progress(self, state: State | None = None) -> Progress:
        """Where the game stands (or would, at ``state``), as the lobby and the bot
        resumer read it from storage."""
        s = self.state if state is None else state
        return Progress(moves=len(s.history), finished=s.is_over, to_move=tuple(s.to_move),
                        bot_to_move=any(p in self.bots for p in s.to_move),
                        scores=tuple(s.scores()) if s.is_over else None,
                        winners=tuple(s.winners()) if s.is_over else None)

    # -- acting ---------------------------------------------------------------------------

    def act(self, viewer: Viewer, version: int, obj: Any) -> None:
        """Check, store, then perform one action of a seat; raise ``ServerError`` if refused."""
        seat = viewer.seat
        if seat is None:
            raise ServerError(403, "spectator", "spectators watch; they cannot act")
        with self.lock:
            self._check_open()
            if seat not in self.state.to_move or version != self.decision[seat]:
                # Through a load balancer, a client's next action may reach a process
                # whose copy has not heard of the last one yet: storage says.
                self._follow_storage()
            if seat not in self.state.to_move:
                waiting = ", ".join(seat_name(p) for p in self.state.to_move)
                raise ServerError(409, "not-your-turn",
                                  f"it is not {seat_name(seat)}'s turn; waiting for {waiting}",
                                  rule=self.state.turn_rule)
            if version != self.decision[seat]:
                raise ServerError(409, "stale",
                                  f"the game moved on since version {version} (now "
                                  f"{self.decision[seat]}); choose again on the new view")
            try:
                action = self.spec.action_from_json(obj)
            except ActionFormatError as err:
                raise ServerError(400, "malformed", str(err)) from None
            for _ in range(RACES):
                try:
                    self._commit(action, seat)
                    return
                except LostRaceError:
                    # another seat's choice at a simultaneous step leaves this one's
                    # decision (and its version) as it was: still a valid choice
                    if seat not in self.state.to_move or version != self.decision[seat]:
                        raise
            raise LostRaceError()

    def play_bot(self, seat: int, deadline: float | None = None,
                 allowed: Callable[[str], bool] | None = None) -> bool:
        """Let the bot of ``seat`` choose and play; False if the game moved on meanwhile.

        The bot thinks on a copy without holding the lock, so people keep playing, and
        stops at ``deadline`` (``time.monotonic()``); its move is committed only if
        nothing happened in between. A bot that fails plays the fallback move (logged).
        """
        asked = self.position_for(seat)
        if asked is None:
            return False
        version, position = asked
        try:
            action = self.bots[seat].choose(position, seat, deadline=deadline)
        except Exception:  # a bot's bug must not stop the table: log it, play on
            logger.exception("the %s bot of table %r failed; it plays the fallback move",
                             self.kinds[seat], self.id)
            action = fallback_move(self.id, position, seat)
        return self.commit_bot(seat, version, action, allowed)

    def position_for(self, seat: int) -> tuple[int, State] | None:
        """The version and a copy of the state the bot of ``seat`` decides on, or None
        if it has nothing to decide (not its turn, a closed or stale table)."""
        with self.lock:
            if (self.stale or self.closed_by or seat not in self.state.to_move
                    or seat not in self.bots):
                return None
            return self.version, self.state.clone()

    def commit_bot(self, seat: int, version: int, action: Action,
                   allowed: Callable[[str], bool] | None = None) -> bool:
        """Play the move the bot of ``seat`` chose at ``version``; False (nothing played)
        if the game moved on meanwhile, or ``allowed(table id)`` says this process may
        no longer store its bots' moves (its lease ran out)."""
        with self.lock:
            if self.version != version or self.closed_by:
                return False
            if allowed is not None and not allowed(self.id):
                return False
            try:
                self._commit(action, seat)
            except LostRaceError:
                return False  # a person's choice at a simultaneous step came first
            return True

    def fallback(self, seat: int, version: int,
                 allowed: Callable[[str], bool] | None = None) -> None:
        """A bot that overran its budget: a seeded random legal move instead (unless
        ``allowed(table id)`` says this process may no longer store its bots' moves)."""
        with self.lock:
            if (not self.stale and not self.closed_by and seat in self.state.to_move
                    and self.version == version and (allowed is None or allowed(self.id))):
                self._commit(fallback_move(self.id, self.state, seat), seat)

    def bots_to_move(self) -> list[int]:
        with self.lock:
            return [] if self.closed_by else [p for p in self.state.to_move if p in self.bots]

    # -- people -------------------------------------------------------------------------

    def rename(self, viewer: Viewer, nickname: str | None) -> None:
        """Store, then show, the name a seat's person gave it (``nickname`` is checked
        by ``people.check_name``); refused for spectators and once the table ended."""
        if viewer.seat is None:
            raise ServerError(403, "spectator", "a spectator has no seat to name")
        with self.lock:
            self._check_open("its seats keep the names they ended with")
            names = list(self.nicknames)
            names[viewer.seat] = nickname
            check_unique(names, viewer.seat)
            try:
                self.store.set_nickname(self.id, viewer.seat, nickname)
            except TableClosedError:
                self._closed_meanwhile()
                raise self._closed() from None
            self.nicknames[viewer.seat] = nickname
            self._texts.clear()

    def close(self, creator_secret: str) -> None:
        """The creator closes the table: stored first, then no more actions here."""
        if self.creator_hash is None or hash_secret(creator_secret) != self.creator_hash:
            raise ServerError(403, "bad-secret", "this secret does not close this table: "
                              "only the creator secret given when it was made does")
        with self.lock:
            self._check_open("a finished table is kept as it ended, with nothing to close")
            ended = self.store.close(self.id, "creator")
            if ended is None:  # closed (or over) by someone else meanwhile
                self._closed_meanwhile()
                raise self._closed()
            self.mark_closed("creator", ended)

    def mark_closed(self, closed_by: str, ended_at: datetime) -> None:
        """This copy learns its table was closed in storage (never the other way)."""
        with self.lock:
            self.closed_by, self.ended_at = closed_by, ended_at
            self._texts.clear()

    def _check_open(self, after_the_end: str = "no more actions") -> None:
        if self.closed_by:
            raise self._closed()
        if self.state.is_over:
            raise ServerError(409, "game-over", f"the game is over; {after_the_end}")

    def _closed(self) -> ServerError:
        if self.closed_by and self.ended_at is not None:
            return closed_error(self.closed_by, self.ended_at)
        return StaleTableError(409, "conflict", "the table changed meanwhile; take the new "
                               "view and choose again")

    def _closed_meanwhile(self) -> None:
        """Storage says the table ended behind this copy's back: learn how, or (if even
        that cannot be read) leave it to be reloaded."""
        try:
            closed_by, ended_at = self.store.ending(self.id)
        except DBAPIError:
            closed_by = ended_at = None
        if closed_by and ended_at is not None:
            self.mark_closed(closed_by, ended_at)
        else:
            self.stale = True

    def _commit(self, action: Action, seat: int) -> None:
        if self.closed_by:
            raise self._closed()
        if self.stale:
            raise StaleTableError(409, "conflict", "this table was reloaded; take the new "
                                  "view and choose again")
        trial = self.state.clone()
        try:
            trial.apply(action, seat)
        except GameOverError as err:
            raise ServerError(409, "game-over", str(err)) from None
        except WintergamesError as err:
            raise ServerError(422, "illegal", str(err),
                              rule=getattr(err, "rule", None)) from None
        try:
            self.store.append(self.id, self.version, seat, action.to_json(),
                              self.progress(trial))
        except IntegrityError:
            # Another writer stored this step first: this copy is behind the log.
            if self._follow_storage():
                raise LostRaceError() from None
            self.stale = True
            raise StaleTableError(409, "conflict", "the table changed meanwhile; take the "
                                  "new view and choose again") from None
        except TableClosedError:
            self._closed_meanwhile()
            raise self._closed() from None
        except DBAPIError:
            # Whether the write landed is unknown: storage, not this copy, is the truth.
            self.stale = True
            raise
        self._advance(action, seat, applied=trial)

    # -- what another server process stored ------------------------------------------------

    def catch_up(self, rows: list[tuple[int, int, dict[str, Any]]]) -> bool:
        """Play the stored actions this copy has not seen (another process stored them),
        as (step, player, action) from ``Store.actions_since``; whether any was new.

        Steps this copy already has are skipped (its own move may have landed since they
        were read); a gap means this copy cannot follow its log: it becomes ``stale``.
        """
        with self.lock:
            before = self.version
            for step, player, obj in rows:
                if step < self.version:
                    continue
                if step > self.version:
                    self.stale = True
                    break
                self._advance(self.spec.action_from_json(obj), player)
            return self.version != before

    def _follow_storage(self) -> bool:
        """Where processes share storage, play what another stored beyond this copy;
        whether this copy now follows its log (False alone on SQLite: one process)."""
        if not self.store.shared:
            return False
        self.catch_up(self.store.actions_since(self.id, self.version))
        return not self.stale

    def refresh(self, row: GameTable) -> None:
        """Learn what another process changed in the table's row: seats' names and
        secrets (a rematch seat claimed), and whether it was closed."""
        with self.lock:
            in_order = sorted(row.seats, key=lambda seat: seat.index)
            self.nicknames = [seat.nickname for seat in in_order]
            # merged, never replaced: a seat's secret is given once and kept, and a row
            # read a moment ago may not have the one this process just claimed
            self.secrets.update({seat.secret_hash: seat.index for seat in row.seats
                                 if seat.secret_hash})
            if row.closed_by and row.ended_at is not None and not self.closed_by:
                self.closed_by, self.ended_at = row.closed_by, utc(row.ended_at)
            self._texts.clear()

    def _advance(self, action: Action, seat: int, applied: State | None = None) -> None:
        if applied is None:
            self.state.apply(action, seat)
        else:
            self.state = applied
        self._texts.clear()
        movers = self.state.to_move
        for p in range(len(self.decision)):
            legal = self.state.legal_actions(p) if p in movers else []
            # The actor always starts a new decision (a double submit is stale); others
            # only when what they may do changed.
            if p == seat or legal != self._legal[p]:
                self.decision[p] = self.version
                self._legal[p] = legal
