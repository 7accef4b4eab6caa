"""The server over HTTP and WebSocket: lobby, seats, refusals, hidden information."""

from __future__ import annotations

import asyncio
import random
import re
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from wintergames import get_spec, make
from wintergames.server.app import create_app
from wintergames.server.live import LiveTable, Viewer, fallback_move
from wintergames.server.models import Seat

T = TypeVar("T")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # a test server: tables with people take the test's seeds
    with TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}",
                               seeded_human_tables=True)) as c:
        yield c


def new_table(client: TestClient, game: str, kinds: list[str], seed: int | None = 3,
              **options: Any) -> dict[str, Any]:
    body = {"game": game, "seats": [{"kind": k} for k in kinds], "seed": seed,
            "options": options}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def view(client: TestClient, table: dict[str, Any], seat: int | None) -> dict[str, Any]:
    secret = table["spectator_secret"] if seat is None else table["seats"][seat]["secret"]
    response = client.get(f"/api/tables/{table['table']}/view", params={"secret": secret})
    assert response.status_code == 200, response.text
    return response.json()


def act(client: TestClient, table: dict[str, Any], seat: int, action: dict[str, Any],
        version: int) -> Any:
    return client.post(f"/api/tables/{table['table']}/actions",
                       json={"secret": table["seats"][seat]["secret"], "version": version,
                             "action": action})


def wait_until(poll: Callable[[], T], done: Callable[[T], bool]) -> T:
    """Poll until ``done``; the generous limit only stops a test that would hang (a loaded
    machine once took over 30 s for two bots to finish a game while the table was polled)."""
    deadline = time.monotonic() + 180
    now = poll()
    while not done(now):
        if time.monotonic() > deadline:
            # What it last saw, for a hang seen once in CI and never again (a bots' game
            # that never ended): who was to move, at which version, the log's last lines.
            raise AssertionError(f"the table never got there; it last showed {_gist(now)}")
        time.sleep(0.02)
        now = poll()
    return now


def _gist(polled: object) -> str:
    if isinstance(polled, dict) and "version" in polled:
        keys = ("version", "over", "to_move", "simultaneous", "closed")
        shown = {key: polled[key] for key in keys if key in polled}
        shown["log_tail"] = (polled.get("log") or [])[-3:]
        return repr(shown)[:3000]
    return repr(polled)[:3000]


def run_coroutine(coroutine: Coroutine[Any, Any, T]) -> T:
    """``coroutine`` run to its end in a loop of its own, on a thread of its own: this
    thread may already run one (a worker that ran a browser test keeps Playwright's loop
    running, and ``asyncio.run`` refuses to start inside it)."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


def wait_for_turn(client: TestClient, table: dict[str, Any], seat: int) -> dict[str, Any]:
    """The view of ``seat`` once it is to move or the game is over (bots think meanwhile)."""
    return wait_until(lambda: view(client, table, seat),
                      lambda v: seat in v["to_move"] or v["over"])


def test_the_lobby_lists_games_and_bots(client: TestClient) -> None:
    data = client.get("/api/games").json()
    assert [g["id"] for g in data["games"]] == ["ice", "icecool-wizards", "snow-time",
                                               "winter-queen", "winterborne"]
    assert "random" in data["bots"]
    ismcts = next(b for b in data["bot_settings"] if b["kind"] == "ismcts")
    assert ismcts["settings"]["iterations"] == 1000 and ismcts["summary"]
    wq = next(g for g in data["games"] if g["id"] == "winter-queen")
    assert wq["options"][0]["name"] == "first_player"


def test_creating_a_table_gives_one_secret_link_per_human_seat(client: TestClient) -> None:
    table = new_table(client, "winter-queen", ["human", "random", "human"])
    seats = table["seats"]
    assert seats[0]["invite"] == f"/table/{table['table']}?secret={seats[0]['secret']}"
    assert seats[1]["secret"] is None and seats[1]["invite"] is None
    assert seats[0]["secret"] != seats[2]["secret"]
    assert table["spectator"].endswith(table["spectator_secret"])
    listed = client.get("/api/tables").json()["tables"]
    assert [t["table"] for t in listed] == [table["table"]]


def test_secrets_are_stored_hashed(client: TestClient) -> None:
    table = new_table(client, "winter-queen", ["human", "human"])
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    with store.session() as session:
        hashes = [s.secret_hash for s in session.scalars(select(Seat))]
    assert all(h and len(h) == 64 for h in hashes)
    assert not {s["secret"] for s in table["seats"]} & set(hashes)


@pytest.mark.parametrize(
    ("body", "code", "message"),
    [({"game": "chess", "seats": [{}, {}]}, "unknown-game", "no game 'chess'"),
     ({"game": "winter-queen", "seats": [{}]}, "bad-option", "played by 2 to 4"),
     ({"game": "winter-queen", "seats": [{}, {"kind": "wizard"}]}, "bad-option",
      "no bot kind 'wizard'"),
     ({"game": "winter-queen", "seats": [{}, {}], "options": {"speed": 2}}, "bad-option",
      "no option 'speed'"),
     ({"game": "winter-queen", "seats": [{}, {"kind": "ismcts", "settings": {"foo": 1}}]},
      "bad-option", "bot 'ismcts' has no setting 'foo'; settings: c, depth, iterations,"),
     # A bot seat's seed is the table's: a seed among the settings is not one of them.
     ({"game": "winter-queen", "seats": [{}, {"kind": "random", "settings": {"seed": 4}}]},
      "bad-option", "bot 'random' has no setting 'seed'; settings: none"),
     ({"game": "winter-queen", "seats": [{}, {}], "colour": 2}, "invalid-request",
      "colour: Extra inputs are not permitted")],
)
def test_bad_tables_are_refused_with_a_reason(client: TestClient, body: dict[str, Any],
                                              code: str, message: str) -> None:
    response = client.post("/api/tables", json=body)
    assert response.status_code in (400, 422)
    error = response.json()["error"]
    assert error["code"] == code and message in error["message"]


def test_a_seat_plays_and_the_bots_answer(client: TestClient) -> None:
    table = new_table(client, "winter-queen", ["human", "random", "random"], first_player="1")
    v = view(client, table, 0)
    assert v["to_move"] == [0] and v["legal"]
    response = act(client, table, 0, v["legal"][0]["action"], v["version"])
    assert response.status_code == 200
    while 0 in response.json()["to_move"] and response.json()["legal"]:
        v = response.json()
        response = act(client, table, 0, v["legal"][0]["action"], v["version"])
    v = wait_for_turn(client, table, 0)
    assert v["to_move"] == [0]
    assert any(line["text"].startswith("Player 3 ") for line in v["log"])


def test_a_client_asks_only_for_the_log_lines_it_does_not_have(client: TestClient) -> None:
    table = new_table(client, "winter-queen", ["human", "random", "random"], first_player="1")
    v = view(client, table, 0)
    v = act(client, table, 0, v["legal"][0]["action"], v["version"]).json()
    full = wait_for_turn(client, table, 0)
    lines = len(full["log"])
    assert full["log_from"] == 0 and lines >= 2
    for start in (1, lines - 1, lines, lines + 5):
        part = client.get(f"/api/tables/{table['table']}/view",
                          params={"secret": table["seats"][0]["secret"], "log_from": start})
        assert part.status_code == 200, part.text
        assert part.json() == {**full, "log_from": start, "log": full["log"][start:]}
    body = {"secret": table["seats"][0]["secret"], "version": full["version"],
            "action": full["legal"][0]["action"], "log_from": lines - 1}
    answer = client.post(f"/api/tables/{table['table']}/actions", json=body).json()
    assert answer["log_from"] == lines - 1 and answer["log"][0] == full["log"][-1]
    assert answer["log"] == view(client, table, 0)["log"][lines - 1:][:len(answer["log"])]
    for bad in (-1, "x", 1.5):  # not a whole number: malformed, as everywhere (issue 40)
        refused = client.get(f"/api/tables/{table['table']}/view",
                             params={"secret": table["seats"][0]["secret"], "log_from": bad})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "malformed"
        assert refused.json()["error"]["message"].startswith("log_from: a whole number")
        refused = client.post(f"/api/tables/{table['table']}/actions",
                              json={**body, "log_from": bad})
        assert refused.status_code == 400 and refused.json()["error"]["code"] == "malformed"
        assert refused.json()["error"]["message"].startswith("log_from: a whole number")


def test_each_legal_entry_has_its_words_but_a_continuous_ranges_grid_points(
        client: TestClient) -> None:
    """ICECOOL's 288 listed flicks come without words (the decision states the range and
    the page aims a flick itself); each other choice has its label and explanation."""
    table = new_table(client, "icecool-wizards", ["human", "human"], seed=4)
    v = view(client, table, 0)
    flicks = [entry for entry in v["legal"] if entry["action"]["kind"] == "flick"]
    assert len(flicks) == len(v["legal"]) > 100
    assert all(set(entry) == {"action", "notation"} for entry in flicks), flicks[0]
    assert "any angle" in v["decision"]["limit"]["text"], v["decision"]
    after = act(client, table, 0, flicks[0]["action"], v["version"]).json()  # then: Done...
    worded = [entry for entry in after["legal"] if entry["action"]["kind"] != "flick"]
    assert worded and all(e["label"]["text"] and e["explain"]["text"] for e in worded), worded


def test_refusals_name_the_rule_and_change_nothing(client: TestClient) -> None:
    table = new_table(client, "winter-queen", ["human", "human"], first_player="1")
    v = view(client, table, 0)
    legal = v["legal"][0]["action"]
    cases = [
        (client.get(f"/api/tables/{table['table']}/view", params={"secret": "nope"}), 403,
         "bad-secret"),
        (act(client, table, 1, legal, 0), 409, "not-your-turn"),
        (act(client, table, 0, {"kind": "place", "floe": "red", "stand": 9, "cell": "c3"},
             0), 400, "malformed"),
        (act(client, table, 0, {"kind": "use", "book": "SB01"}, 0), 422, "illegal"),
        (act(client, table, 0, legal, 5), 409, "stale"),
        (client.post(f"/api/tables/{table['table']}/actions", json={"secret": "x"}), 422,
         "invalid-request"),
        (client.get("/api/tables/nothere/view"), 404, "no-table"),
    ]
    for response, status, code in cases:
        assert response.status_code == status, response.text
        assert response.json()["error"]["code"] == code
        assert response.json()["error"]["message"]
        # the rule that refused the action, by its passage's id (out of turn: the order of
        # play); nothing else names one
        named = {"illegal": "turn.use", "not-your-turn": "setup.first-player"}
        assert response.json()["error"].get("rule") == named.get(code)
    assert view(client, table, 0) == v
    passages = client.get("/api/games/winter-queen/rules").json()["passages"]
    assert "turn.use" in {p["id"] for p in passages}


def test_a_double_submit_is_stale(client: TestClient) -> None:
    table = new_table(client, "winter-queen", ["human", "human"], first_player="1")
    v = view(client, table, 0)
    assert act(client, table, 0, v["legal"][0]["action"], v["version"]).status_code == 200
    again = act(client, table, 0, v["legal"][0]["action"], v["version"])
    assert again.status_code == 409 and again.json()["error"]["code"] == "stale"


def test_spectators_see_no_private_information_and_cannot_act(client: TestClient) -> None:
    table = new_table(client, "winter-queen", ["human", "human"])
    spectator = view(client, table, None)
    assert spectator["seat"] is None and spectator["legal"] == []
    assert spectator["observation"]["vp"] == [None, None]
    response = client.post(f"/api/tables/{table['table']}/actions",
                           json={"secret": table["spectator_secret"], "version": 0,
                                 "action": {"kind": "pass"}})
    assert response.status_code == 403 and response.json()["error"]["code"] == "spectator"


def test_simultaneous_choices_stay_hidden_and_are_not_stale(client: TestClient) -> None:
    tables = [new_table(client, "snow-time", ["human"] * 3, seed=8) for _ in range(2)]
    for table, card in zip(tables, (5, 6), strict=True):
        v = view(client, table, 0)
        assert v["simultaneous"] and v["to_move"] == [0, 1, 2]
        response = act(client, table, 0, {"kind": "play", "colour": "red", "card": card},
                       v["version"])
        assert response.status_code == 200, response.text
    others = [view(client, t, 1) for t in tables]
    for v in others:
        v.pop("table")
    assert others[0] == others[1]  # seat 2 cannot tell red's 5 from red's 6
    first = tables[0]
    v1 = view(client, first, 1)
    assert v1["version"] == 0  # red's hidden choice did not change blue's decision
    assert act(client, first, 1, {"kind": "play", "colour": "blue", "card": 2},
               v1["version"]).status_code == 200


def test_a_finished_game_replays_step_by_step(client: TestClient) -> None:
    table = new_table(client, "snow-time", ["random"] * 3, seed=2)
    early = client.get(f"/api/tables/{table['table']}/replay", params={"step": 0})
    assert early.status_code == 409  # only once the game is over
    v = wait_until(lambda: view(client, table, None), lambda v: v["over"])
    steps = client.get(f"/api/tables/{table['table']}/replay", params={"step": 0}).json()
    assert steps["step"] == 0 and steps["steps"] > 10
    last = client.get(f"/api/tables/{table['table']}/replay",
                      params={"step": steps["steps"]}).json()
    assert last["observation"]["winners"] == v["winners"]


def test_websocket_play_and_errors(client: TestClient) -> None:
    table = new_table(client, "winter-queen", ["human", "human"], first_player="1")
    secret = table["seats"][0]["secret"]
    with client.websocket_connect(f"/ws/tables/{table['table']}?secret={secret}") as ws:
        first = ws.receive_json()
        assert first["type"] == "view" and first["seat"] == 0
        ws.send_text("not json")
        assert ws.receive_json()["code"] == "malformed"
        ws.send_json({"type": "action", "version": 99, "action": first["legal"][0]["action"]})
        assert ws.receive_json()["code"] == "stale"
        ws.send_json({"type": "action", "version": first["version"],
                      "action": {"kind": "use", "book": "SB01"}})
        refused = ws.receive_json()
        assert (refused["code"], refused["rule"]) == ("illegal", "turn.use")
        ws.send_json({"type": "action", "version": first["version"],
                      "action": first["legal"][0]["action"]})
        after = ws.receive_json()
        assert after["type"] == "view" and after["version"] == 1
    with client.websocket_connect(f"/ws/tables/{table['table']}?secret=bad") as ws:
        assert ws.receive_json()["code"] == "bad-secret"


def test_every_seat_and_spectator_is_told_of_each_change(client: TestClient) -> None:
    table = new_table(client, "winter-queen", ["human", "human"], first_player="1")
    url = f"/ws/tables/{table['table']}?secret="
    with client.websocket_connect(url + table["seats"][0]["secret"]) as one, \
            client.websocket_connect(url + table["spectator_secret"]) as watcher:
        v = one.receive_json()
        watcher.receive_json()
        one.send_json({"type": "action", "version": v["version"],
                       "action": v["legal"][0]["action"]})
        mine = one.receive_json()
        theirs = watcher.receive_json()
        assert mine["version"] == 1 and theirs["seat"] is None
        assert theirs["observation"]["vp"] == [None, None]


def test_a_bot_over_its_move_budget_is_replaced_by_a_random_legal_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bot is held until the test lets it go, so whatever the table does before
    # then is the fallback's doing; no step of this test depends on how fast it runs.
    from wintergames.bots.random_bot import RandomBot

    release = threading.Event()
    asked: list[int] = []  # each time the table asked the bot for a move
    results: list[bool] = []  # what each of those late attempts came to
    choose, play_bot = RandomBot.choose, LiveTable.play_bot

    def held(self: RandomBot, state: Any, player: int, deadline: float | None = None) -> Any:
        # a bot that ignores its deadline: the table must not wait for it
        assert release.wait(timeout=60), "the test never let the bot go"
        return choose(self, state, player)

    def recorded(self: LiveTable, seat: int, deadline: float | None = None,
                 allowed: Any = None) -> bool:
        asked.append(seat)
        played = play_bot(self, seat, deadline, allowed)
        results.append(played)
        return played

    monkeypatch.setattr(RandomBot, "choose", held)
    monkeypatch.setattr(LiveTable, "play_bot", recorded)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'wg.db'}", bot_budget=0.05,
                                   seeded_human_tables=True)) as c:
        table = new_table(c, "snow-time", ["human", "human", "random"], seed=5)
        v0, v1 = view(c, table, 0), view(c, table, 1)
        act(c, table, 0, v0["legal"][0]["action"], v0["version"])
        act(c, table, 1, v1["legal"][0]["action"], v1["version"])
        v = wait_until(lambda: view(c, table, 0),
                       lambda v: v["observation"]["turn"] == 2 and v["to_move"] == [0, 1])
        hub = c.app.state.hub  # type: ignore[attr-defined]
        log = hub.store.actions(table["table"])
        assert len(asked) >= 2 and not results  # asked twice or more; nothing answered yet
        release.set()  # the held bot now answers every move it was asked for, too late
        wait_until(lambda: len(results), lambda n: n == len(asked))
        assert not any(results), "a late bot move was committed"
        assert hub.store.actions(table["table"]) == log  # the late moves were dropped
        assert view(c, table, 0)["version"] == v["version"]
    # Every move of the bot's seat is the table's seeded fallback move for that step.
    state = make("snow-time", 3, 5)
    bot_moves = 0
    for seat, obj in log:
        if seat == 2:
            assert obj == fallback_move(table["table"], state, 2).to_json()
            bot_moves += 1
        state.apply(get_spec("snow-time").action_from_json(obj), seat)
    assert bot_moves >= 2  # a card in turn 1 (more if it was the Watcher) and in turn 2


def test_the_web_client_is_served_with_a_view_module_and_layout_for_every_game(
        client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "/static/js/lobby.js" in lobby.text
    page = client.get("/table/abc?secret=x")
    assert page.status_code == 200 and "/static/js/table.js" in page.text
    # the pages have no icon, and a browser asking for one anyway (a JSON document shown,
    # the full Chromium of the soak) is told so rather than "not found"
    assert '<link rel="icon" href="data:,">' in lobby.text
    icon = client.get("/favicon.ico")
    assert icon.status_code == 204 and icon.content == b""
    for game in client.get("/api/games").json()["games"]:
        module = client.get(f"/static/js/views/{game['id']}.js")
        assert module.status_code == 200 and "export function render" in module.text
        layout = client.get(f"/api/games/{game['id']}/layout")
        assert layout.status_code == 200 and layout.json()


def test_an_unknown_game_has_no_layout(client: TestClient) -> None:
    response = client.get("/api/games/chess/layout")
    assert response.status_code == 404
    assert "chess" in response.json()["error"]["message"]


def test_every_game_serves_its_rules_summary_terms_and_interpretations(
        client: TestClient) -> None:
    for game in client.get("/api/games").json()["games"]:
        rules = client.get(f"/api/games/{game['id']}/rules")
        assert rules.status_code == 200, rules.text
        body = rules.json()
        assert [s["title"] for s in body["summary"]] == [
            "Goal", "Setup", "A turn", "Scoring", "The end"]
        assert all(s["text"] for s in body["summary"]) and body["terms"]
        known = get_spec(game["id"]).rules_help
        assert known is not None and body["terms"] == dict(known.terms)
        doc = client.get(body["interpretations"])  # served from the source tree
        # a page the browser shows (Markdown was offered as a download), every heading of
        # the file a heading of the page
        assert doc.status_code == 200 and doc.headers["content-type"].startswith("text/html")
        source = (Path(__file__).parents[2] / "docs" / "rules"
                  / f"{game['id']}.md").read_text(encoding="utf-8")
        headings = [line.lstrip("#").strip() for line in source.splitlines()
                    if line.startswith("#")]
        assert headings and len(re.findall(r"<h[1-6][ >]", doc.text)) == len(headings)
        assert "<h1>" in doc.text and 'href="/"' in doc.text
    missing = client.get("/api/games/chess/rules")
    assert missing.status_code == 404 and "chess" in missing.json()["error"]["message"]
    assert client.get("/docs/rules/chess.md").status_code == 404


@pytest.mark.parametrize(("game", "seats"), [("winter-queen", 3), ("snow-time", 3),
                                             ("icecool-wizards", 2)])
def test_a_seat_payload_is_the_same_whatever_it_cannot_see(client: TestClient, game: str,
                                                           seats: int) -> None:
    """Resample everything seat 0 cannot see (others' hidden choices and scores, bag and
    deck order): the payload the server sends seat 0 must not change."""
    table = new_table(client, game, ["human"] * seats, seed=6)
    rng = random.Random(3)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for _ in range(12):
        v = view(client, table, None)
        for seat in v["to_move"][1:] + v["to_move"][:1]:  # seat 0 last at simultaneous steps
            mine = view(client, table, seat)
            if mine["legal"] and (seat != 0 or len(v["to_move"]) == 1):
                act(client, table, seat, rng.choice(mine["legal"])["action"], mine["version"])
                break
        live = hub.table(table["table"])
        before = live.view(Viewer(0))
        real = live.state
        for trial in range(3):
            live.state = real.determinize(0, random.Random(trial))
            assert live.view(Viewer(0)) == before
        live.state = real


def test_search_bots_with_settings_sit_at_a_table(client: TestClient) -> None:
    body = {"game": "snow-time", "seed": 4, "options": {},
            "seats": [{"kind": "human"}, {"kind": "ismcts", "settings": {"iterations": 20}},
                      {"kind": "greedy", "settings": {"samples": 1}}]}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table = response.json()
    v = wait_for_turn(client, table, 0)
    mine = v["legal"][0]["action"]
    assert act(client, table, 0, mine, v["version"]).status_code == 200
    # the bots choose in their threads; the turn resolves
    wait_until(lambda: view(client, table, 0),
               lambda v: any(line["text"].startswith("Revealed") for line in v["log"]))
    bad = dict(body, seats=[{"kind": "human"}, {"kind": "ismcts",
                                                "settings": {"iterations": 0}}, {"kind": "human"}])
    refused = client.post("/api/tables", json=bad)
    assert refused.status_code == 400 and "iterations" in refused.json()["error"]["message"]
