"""Generic checks every game passes; each game's tests call them with its id.

    from wintergames.core import testing
    testing.run_generic_checks("winter-queen", num_players=3, seeds=range(200))

They raise ``AssertionError`` with the seed and step that broke.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterable, Sequence
from typing import Any

from wintergames.core.actions import Action
from wintergames.core.copy_check import check_clone, check_determinizer, snapshot
from wintergames.core.errors import GameOverError, IllegalActionError, NotYourTurnError
from wintergames.core.events import seat_name
from wintergames.core.phrase_check import (
    check_catalogue,
    check_decisions,
    check_log_phrases,
    check_refusal,
)
from wintergames.core.registry import get_spec, make
from wintergames.core.replay import replay, state_from_json
from wintergames.core.state import State
from wintergames.core.testing_refusals import Damage, check_refusals


def check_persistence(state: State) -> None:
    """``record()``/``replay()`` and ``to_json()``/``from_json()`` give the same state.

    And the state built from JSON keeps nothing of it (which is structural, so once per
    game is enough: ``from_json`` costs as much as replaying the log).
    """
    truth = snapshot(state)
    record = json.loads(json.dumps(state.record()))
    assert snapshot(replay(record)) == truth, "replay(record()) differs"
    check_from_json_owns(state, json.loads(json.dumps(state.to_json())))


def check_actions(
    state: State, rng: random.Random, unlisted: int = 5, applied: int | None = None
) -> None:
    """Every listed action applies; unlisted ones raise and change nothing.

    ``applied`` caps how many listed actions are applied (a seeded sample), for games
    whose actions are costly to apply (a flick is a physics simulation); every listed
    action is still round-tripped through its codec, notation and JSON.
    """
    spec = get_spec(state.game_id)
    n = state.num_players
    for player in state.to_move:
        actions = state.legal_actions(player)
        assert actions, f"{seat_name(player)} is to move but has no legal action"
        assert len(set(actions)) == len(actions), "legal_actions() lists an action twice"
        for action in actions:
            assert spec.decode(spec.encode(action, n, state.options), n, state.options) == action
            assert spec.parse_action(str(action)) == action, f"notation {action} does not parse"
            assert spec.action_from_json(json.loads(json.dumps(action.to_json()))) == action
        chosen = actions if applied is None or len(actions) <= applied else rng.sample(
            actions, applied)
        for action in chosen:
            state.clone().apply(action, player)
        legal = set(actions)
        size = spec.num_distinct_actions(n, state.options)
        before = snapshot(state)
        tried = 0
        for _ in range(unlisted * 20):
            action = spec.decode(rng.randrange(size), n, state.options)
            if action in legal:
                continue
            try:
                state.apply(action, player)
            except IllegalActionError as err:
                assert str(err), "an IllegalActionError must say why"
                check_refusal(state, err)
            else:
                raise AssertionError(f"unlisted action {action} was accepted")
            assert snapshot(state) == before, f"refused action {action} changed the state"
            tried += 1
            if tried == 1:
                check_offer_is_no_licence(state, player, actions, action)
            if tried >= unlisted:
                break
    for player in range(n):
        if player not in state.to_move:
            try:
                state.apply(spec.decode(0, n, state.options), player)
            except NotYourTurnError as err:
                check_refusal(state, err)  # it names the passage on the order of play
                continue
            raise AssertionError(f"{seat_name(player)} acted out of turn")


def check_offer_is_no_licence(
    state: State, player: int, offered: list[Action], stranger: Action
) -> None:
    """``apply`` trusts only the very actions of the last legal list, and only until the
    state changes: a caller who adds ``stranger`` (refused) to the list it was handed, or
    plays a listed action after another move, is still checked."""
    before = snapshot(state)
    offered.append(stranger)
    refused = _refused(state, stranger, player)
    offered.pop()
    assert refused, f"{stranger}, added to the handed-out list, was accepted"
    assert snapshot(state) == before, f"refused action {stranger} changed the state"
    twin = state.clone()
    listed = twin.legal_actions(player)
    twin.apply(listed[0], player)
    if player not in twin.to_move:
        return
    now = set(twin.clone().legal_actions(player))  # a copy asks, so twin keeps no list
    stale = [a for a in listed if a not in now]
    if stale:
        kept = snapshot(twin)
        assert _refused(twin, stale[0], player), (
            f"{stale[0]}, listed before {listed[0]}, was accepted after it")
        assert snapshot(twin) == kept, f"refused action {stale[0]} changed the state"


def _refused(state: State, action: Action, player: int) -> bool:
    try:
        state.apply(action, player)
    except IllegalActionError:
        return True
    return False


def check_observations(state: State, rng: random.Random) -> None:
    """Views are JSON and do not change when what the seat cannot see is resampled."""
    spectator = state.observation(None)
    json.dumps(spectator)
    for player in range(state.num_players):
        view = state.observation(player)
        json.dumps(view)
        twin = state.determinize(player, random.Random(rng.random()))
        assert twin.observation(player) == view, f"{seat_name(player)}'s view leaks hidden state"
        assert twin.observation(None) == spectator, "the spectator view leaks hidden state"
        # the same events, words and fields (most are the very same objects: cheap)
        assert twin.events_for(player) == state.events_for(player), \
            f"{seat_name(player)}'s log leaks hidden state"
        if player in state.to_move:
            # A seeded chooser over the seat's legal actions stands in for any bot that
            # reads only what the seat sees: resampling the unseen must not move it.
            seed = rng.randrange(1 << 30)
            mine = random.Random(seed).choice(state.legal_actions(player))
            theirs = random.Random(seed).choice(twin.legal_actions(player))
            assert theirs == mine, "the legal actions depend on hidden state"


def check_hidden_choices(state: State, rng: random.Random) -> None:
    """At a simultaneous step, what one seat sees never depends on another's choice.

    For every pair of seats still to choose, two clones let the other seat choose
    differently; the first seat's view, log, legal actions and the spectator's view must
    be identical while the step is still open.
    """
    if not state.simultaneous:
        return
    movers = state.to_move
    for other in movers:
        choices = state.legal_actions(other)
        if len(choices) < 2:
            continue
        a, b = rng.sample(choices, 2)
        left, right = state.clone(), state.clone()
        left.apply(a, other)
        right.apply(b, other)
        for seat in movers:
            if seat == other or seat not in left.to_move or seat not in right.to_move:
                continue
            where = f"{seat_name(seat)}'s view after {seat_name(other)} chose {a} or {b}"
            assert left.observation(seat) == right.observation(seat), where
            assert _lines(left, seat) == _lines(right, seat), where + " (log)"
            assert left.legal_actions(seat) == right.legal_actions(seat), where + " (actions)"
            assert left.observation(None) == right.observation(None), "spectator " + where


def _lines(state: State, seat: int) -> list[tuple[object, ...]]:
    """The log as ``seat`` reads it: each line's phrase (its message, mentions and rule:
    its words) and what the screens show beside it."""
    return [(e.said, e.kind, e.player, e.vp) for e in state.events_for(seat)]


# -- snapshots are values ----------------------------------------------------------------
#
# Whatever a state hands out (``to_json``, ``record``, ``observation``, ``scores``,
# ``legal_actions``...) belongs to the caller: a server keeps views while the game goes on,
# a bot edits its observation, a scenario test edits a ``to_json`` dict. None of it may be a
# window onto the live state, and ``state_from_json(obj)`` may keep nothing of ``obj``.
# Comparing values cannot show sharing, so these checks write into the snapshots.

# What ``overwrite`` writes: a value no game stores, so every overwritten item changes.
_MARK = "\N{SNOWMAN} overwritten"
_CONTAINERS = (list, dict, tuple)
# How many of a list's last items ``overwrite`` descends into. Long lists are histories
# (the log, the actions, a flick's path) whose entries one piece of code builds alike;
# their newest entries are what the game made since the previous deep check, and
# descending into hundreds of old ones would cost more than all other checks together.
_TAIL = 16


def overwrite(obj: object, mark: str = _MARK) -> None:
    """Write ``mark`` over every item of every list and dict reachable from ``obj``.

    Innermost first, so a list nested in a fresh one is reached before its parent drops
    it; and every list and dict also grows by one entry, so a container shared with a
    state changes whatever it held (even if it already held ``mark``). Of a long list,
    only the last ``_TAIL`` items are descended into; every item is still overwritten.
    """
    if isinstance(obj, list):
        for item in obj[-_TAIL:]:
            if isinstance(item, _CONTAINERS):
                overwrite(item, mark)
        obj[:] = [mark] * len(obj)
        obj.append(mark)
    elif isinstance(obj, dict):
        for value in obj.values():
            if isinstance(value, _CONTAINERS):
                overwrite(value, mark)
        for key in obj:
            obj[key] = mark
        obj[mark] = mark
    elif isinstance(obj, tuple):
        for item in obj[-_TAIL:]:
            if isinstance(item, _CONTAINERS):
                overwrite(item, mark)


# Whose observations a check handles: one seat (``None``: the spectator) or every seat.
# ``play_checked`` takes one seat per deep step in turn, as views are the costly part.
Seats = tuple[int | None, ...] | None


def _seats(state: State, seats: Seats) -> tuple[int | None, ...]:
    return (*range(state.num_players), None) if seats is None else seats


def _snapshots(state: State, seats: Seats) -> list[tuple[str, Any]]:
    """The JSON a caller may keep from ``state``, by the call that gave it."""
    views: list[tuple[str, Any]] = [
        ("to_json()", state.to_json()),
        ("record()", state.record()),
        ("scores()", state.scores()),
    ]
    views += [(f"observation({p})", state.observation(p)) for p in _seats(state, seats)]
    return views


def _handed_out(state: State, seats: Seats) -> list[tuple[str, Any]]:
    """Every object a caller can get from ``state``, by the call that gave it."""
    views = _snapshots(state, seats)
    views.append(("winners()", state.winners()))
    views += [(f"legal_actions({p})", state.legal_actions(p)) for p in state.to_move]
    return views


def _outward(state: State, seats: Seats) -> tuple[object, ...]:
    """What callers read from ``state``, as one value sharing nothing with any of it.

    Serialized or copied into tuples, because a result compared by ``==`` may itself be
    what the overwriting changed (a module-level dict that every view hands out).
    """
    return (
        snapshot(state),
        json.dumps([state.observation(p) for p in _seats(state, seats)]),
        tuple(state.scores()),
        tuple(state.winners()),
        state.to_move,
        tuple(tuple(state.legal_actions(p)) for p in state.to_move),
    )


def _changed(state: State, before: tuple[object, ...], seats: Seats) -> bool:
    try:
        return _outward(state, seats) != before
    except Exception:  # noqa: BLE001 - overwritten data may break the state any way at all
        return True


def _writers(state: State) -> str:
    """The calls whose result, overwritten alone, changes a clone of ``state``.

    Only on failure, so it may be slow. A fresh mark per call, because a first pass may
    already have written into data that clones share by design (the options).
    """
    found = []
    for k, (name, _) in enumerate(_handed_out(state, None)):
        twin = state.clone()
        try:
            before = _outward(twin, None)
        except Exception:  # noqa: BLE001 - the first pass broke what clones share
            continue
        overwrite(_handed_out(twin, None)[k][1], f"{_MARK} {k}")
        if _changed(twin, before, None):
            found.append(name)
    return ", ".join(found) or "a snapshot"


def check_overwrites(state: State, seats: Seats = None) -> None:
    """Writing into everything ``state`` handed out changes nothing in it.

    ``seats`` limits the observations written into (default: every seat's and the
    spectator's). Works on a clone, so ``state`` goes on unharmed even when this fails.
    """
    twin = state.clone()
    before = _outward(twin, seats)
    for _, view in _handed_out(twin, seats):
        overwrite(view)
    if _changed(twin, before, seats):
        raise AssertionError(
            f"writing into what {_writers(state)} returned changed the state: "
            "it hands out live data instead of a copy")


def check_from_json_owns(state: State, obj: dict[str, Any] | None = None) -> None:
    """``state_from_json(obj)`` equals ``state`` and keeps nothing of ``obj``.

    ``obj`` defaults to ``state.to_json()``; it is overwritten.
    """
    if obj is None:
        obj = state.to_json()
    built = state_from_json(obj)
    before = _outward(built, None)
    assert before[0] == snapshot(state), "from_json(to_json()) differs"
    overwrite(obj)
    if _changed(built, before, None):
        raise AssertionError(
            "writing into obj after state_from_json(obj) changed the built state: "
            "it keeps obj's lists instead of copying them")


# Each snapshot kept across an ``apply``: the call that gave it, the snapshot, its pickle.
Kept = list[tuple[str, Any, bytes]]


def keep_snapshots(state: State, seats: Seats = None) -> Kept:
    """Snapshots to hold across an ``apply`` (see ``check_kept``), each with its pickle.

    A snapshot that pickles to the same bytes after the ``apply`` holds what it held
    before: a pickle keeps every value and its type (True, 1 and 1.0; a list and a
    tuple), and two pickles of one object graph differ only if a container in it was
    written into. So it is at least as strict as comparing with what the same calls on
    an untouched clone give, as this once did, for the cost of two pickles instead of a
    clone and a second ``to_json``, ``record`` and view.
    """
    return [(name, view, pickle.dumps(view)) for name, view in _snapshots(state, seats)]


def check_kept(kept: Kept) -> None:
    """Snapshots kept from before an ``apply`` are still what they were then."""
    changed = [name for name, view, was in kept if pickle.dumps(view) != was]
    assert not changed, (
        f"{', '.join(changed)} taken before apply changed with it: it shares the live state")


def check_snapshots(state: State, rng: random.Random) -> None:
    """Every snapshot check at one position; ``state`` itself is never changed.

    Snapshots kept across a random legal action (on a clone) stay as they were, writing
    into anything handed out changes nothing, and ``state_from_json`` keeps nothing of
    its input. ``play_checked`` runs the same checks more cheaply: it keeps the snapshots
    across its own move (saving an ``apply``, a physics simulation in ICECOOL) and checks
    ``from_json`` once per game, in ``check_persistence``.
    """
    if not state.is_over:
        twin = state.clone()
        kept = keep_snapshots(twin)
        player = twin.to_move[0]
        actions = twin.legal_actions(player)
        twin.apply(actions[rng.randrange(len(actions))], player)
        check_kept(kept)
    check_overwrites(state)
    check_from_json_owns(state)


def check_score_breakdown(state: State) -> None:
    """At the end of a game each seat's breakdown adds up to ``scores()[seat]``, its
    categories are non-empty, distinct words, and asking for it changes nothing."""
    spec = get_spec(state.game_id)
    assert spec.score_breakdown is not None, f"{spec.title} has no score_breakdown"
    before = snapshot(state)
    b = spec.score_breakdown(state)
    assert snapshot(state) == before, "score_breakdown() changed the state"
    cats = b.categories
    assert cats, "a score breakdown without categories"
    for name in cats:
        assert isinstance(name, str) and name.strip() == name and any(
            ch.isalpha() for ch in name), f"score category {name!r} is not a word"
    assert len({c.casefold() for c in cats}) == len(cats), f"score categories repeat: {cats}"
    scores = state.scores()
    assert len(b.rows) == state.num_players, (
        f"{len(b.rows)} breakdown rows for {state.num_players} seats")
    for seat, row in enumerate(b.rows):
        assert all(isinstance(v, int) and not isinstance(v, bool) for v in row), (
            f"{seat_name(seat)}'s breakdown {row} holds something other than whole numbers")
        shown = ", ".join(f"{c} {v}" for c, v in zip(cats, row, strict=True))
        assert sum(row) == scores[seat], (
            f"{seat_name(seat)}'s breakdown ({shown}) adds up to {sum(row)}, "
            f"not to its score {scores[seat]}")
    json.dumps(b.to_json())


def check_scoring_events(state: State) -> None:
    """At the end of a game the log's scoring events account for every point: each event
    with ``vp`` names a ``category`` of the game's breakdown, and a seat's ``vp`` per
    category add up to its breakdown row (and so to its score). Counted from the
    events' fields, never their text: the arena's metrics rest on this."""
    spec = get_spec(state.game_id)
    assert spec.score_breakdown is not None, f"{spec.title} has no score_breakdown"
    b = spec.score_breakdown(state)
    column = {c: i for i, c in enumerate(b.categories)}
    sums = [[0] * len(b.categories) for _ in range(state.num_players)]
    for e in state.log:
        if e.category is None:
            assert e.vp == 0, f"an event gives {e.vp} VP without a category: {e.text!r}"
            continue
        assert e.category in column, (
            f"event category {e.category!r} is not one of the breakdown's {b.categories}: "
            f"{e.text!r}")
        if e.player is None:  # the game's own score (the Balaur's), not a seat's
            continue
        assert 0 <= e.player < state.num_players, f"event for no seat: {e.text!r}"
        sums[e.player][column[e.category]] += e.vp
    for seat, (row, counted) in enumerate(zip(b.rows, sums, strict=True)):
        wrong = [f"{c} {v} in events, {w} in the breakdown"
                 for c, v, w in zip(b.categories, counted, row, strict=True) if v != w]
        assert not wrong, f"{seat_name(seat)}'s scoring events: {'; '.join(wrong)}"
    for kind in spec.metric_kinds:
        assert isinstance(kind, str) and kind, f"metric kind {kind!r} is not an event kind"


def run_breakdown_checks(game_id: str, num_players: int, seeds: Iterable[int]) -> list[State]:
    """Seeded random games played to the end (no other check on the way, so cheap
    enough for every player count), each ending in ``check_score_breakdown``."""
    games = []
    for seed in seeds:
        state = make(game_id, num_players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            player = state.to_move[0]
            actions = state.legal_actions(player)
            state.apply(actions[rng.randrange(len(actions))], player)
        try:
            check_score_breakdown(state)
            check_scoring_events(state)
        except AssertionError as err:
            raise AssertionError(f"{game_id} {num_players}p seed {seed}: {err}") from err
        games.append(state)
    return games


def check_log_grows(state: State, before: Sequence[Any], length: int) -> None:
    """The log only grows: the terminal, the table page and the server's watchers read it
    from where they left off, so an event put in before the end (or replaced) would be
    read twice and the new one never. ``before`` is the log's last ``len(before)`` events
    before an action (all of them at deep steps, the last alone otherwise: an event put
    in before it moves it), ``length`` its length then."""
    log = state.log
    assert len(log) >= length, f"the log shrank from {length} to {len(log)} events"
    for i, was in enumerate(before, length - len(before)):
        assert log[i] is was, (f"event {i} of the log changed: {was.text!r} became "
                               f"{log[i].text!r} (the log only grows)")


def play_checked(
    game_id: str,
    num_players: int,
    seed: int,
    *,
    deep_every: int = 10,
    max_steps: int = 5000,
    applied: int | None = None,
    refusals_at: int | None = None,
    damages: tuple[Damage, ...] = (),
    options: dict[str, Any] | None = None,
) -> State:
    """One random game (with ``options``) with every check on the way; returns the
    finished state.

    At step ``refusals_at`` and at the end, bad seats, seeds and snapshots (the generic
    table and the game's ``damages``) are refused (``check_refusals``).
    """
    spec = get_spec(game_id)
    state = make(game_id, num_players, seed=seed, options=options)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        kept: Kept | None = None
        try:
            assert spec.simultaneous or not state.simultaneous, (
                "a simultaneous step in a game whose GameSpec says it has none")
            if spec.check_invariants is not None:
                spec.check_invariants(state)
            if steps % deep_every == 0:
                check_actions(state, rng, applied=applied)
                check_decisions(state)
                check_observations(state, rng)
                check_clone(state, rng)
                check_determinizer(state, rng)
                check_hidden_choices(state, rng)
                # The two snapshot checks take turns, one per deep step, each with one
                # seat's view (the spectator's too) in turn: a fraction of their cost,
                # and over a game every seat still meets both.
                deep = steps // deep_every
                seat = (*range(num_players), None)[deep // 2 % (num_players + 1)]
                if deep % 2:
                    kept = keep_snapshots(state, (seat,))
                else:
                    check_overwrites(state, (seat,))
            if steps == refusals_at:
                check_refusals(state, damages)
            player = state.to_move[0]
            actions = state.legal_actions(player)
            length = len(state.log)
            logged = list(state.log) if steps % deep_every == 0 else state.log[-1:]
            state.apply(actions[rng.randrange(len(actions))], player)
            check_log_grows(state, logged, length)
            if kept is not None:
                check_kept(kept)
        except AssertionError as err:
            where = f"{game_id} {num_players}p seed {seed} step {steps}"
            raise AssertionError(f"{where}: {err}") from err
        steps += 1
        assert steps < max_steps, f"{game_id} seed {seed}: no end after {max_steps} steps"
    if spec.check_invariants is not None:
        spec.check_invariants(state)
    try:
        # The end too: final scores may rest on what was hidden until then.
        check_observations(state, rng)
    except AssertionError as err:
        raise AssertionError(f"{game_id} {num_players}p seed {seed} at the end: {err}") from err
    scores = state.scores()
    assert len(scores) == num_players
    winners = state.winners()
    # A solo game (Winterborne against the Balaur) may end with nobody winning.
    assert (winners or num_players == 1) and set(winners) <= set(range(num_players)), (
        f"bad winners {winners}")
    assert state.legal_actions() == [] and state.to_move == ()
    try:
        state.apply(spec.decode(0, num_players, state.options), 0)
    except GameOverError as err:
        assert "over" in str(err)
    else:
        raise AssertionError("an action was accepted after the end")
    check_persistence(state)
    try:
        check_catalogue(game_id)
        check_log_phrases(state)
    except AssertionError as err:
        raise AssertionError(f"{game_id} {num_players}p seed {seed}: {err}") from err
    if refusals_at is not None:
        try:
            check_refusals(state, damages)
        except AssertionError as err:
            raise AssertionError(f"{game_id} {num_players}p seed {seed} at the end: {err}") from err
    if spec.score_breakdown is not None:
        try:
            check_score_breakdown(state)
            check_scoring_events(state)
        except AssertionError as err:
            raise AssertionError(f"{game_id} {num_players}p seed {seed}: {err}") from err
    return state


def run_generic_checks(
    game_id: str,
    num_players: int,
    seeds: Iterable[int],
    *,
    deep_every: int = 10,
    max_steps: int = 5000,
    applied: int | None = None,
    refusals_at: int = 20,
    damages: tuple[Damage, ...] = (),
) -> list[State]:
    """``play_checked`` over many seeds; returns the finished games.

    The first game also has its bad inputs refused at step ``refusals_at`` and at its
    end (with the game's own ``damages`` beside the generic table).
    """
    return [
        play_checked(game_id, num_players, s, deep_every=deep_every, max_steps=max_steps,
                     applied=applied, refusals_at=refusals_at if i == 0 else None,
                     damages=damages)
        for i, s in enumerate(seeds)
    ]
