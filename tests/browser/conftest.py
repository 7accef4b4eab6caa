"""Browser tests: the real server on loopback, driven through Debian's Chromium.

Chromium comes from Debian's packages (``scripts/test-deps`` installs them); Playwright
for Python drives it by its path, so no browser is downloaded. By default that is
``chromium-headless-shell``, the same Chromium built without its windowing layers, as
Playwright itself runs headless tests: a page costs it about a third of the CPU the full
browser spends. ``make soak`` runs the suite in the full browser (``chromium``), and
``WG_CHROMIUM`` may name any other binary. Set ``WG_SCREENSHOTS=docs/screenshots`` to
refresh the README's pictures.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, Literal

import pytest
import uvicorn
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect, sync_playwright

from wintergames.core.actions import Action
from wintergames.server.app import create_app
from wintergames.server.connections import uvicorn_options
from wintergames.server.settings import ServerSettings

# What the machine's closed network needs: no background connections, no sandbox as root.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-dev-shm-usage"]
DESKTOP: ViewportSize = {"width": 1300, "height": 1000}
PHONE: ViewportSize = {"width": 390, "height": 844}
# A wide desktop: the largest boards (Winterborne, ICE) beside their side panels.
WIDE: ViewportSize = {"width": 1500, "height": 1000}
# An assertion about the page waits this long for it to hold (Playwright's 5 s default was
# once too short for a page to draw a click's answer while the other workers were busy).
expect.set_options(timeout=15_000)

# The log line a view's log starts from, for the helpers that play a game's middle over
# HTTP and read no log: a finished ICECOOL log is 600 kB a view, and parsing it at each
# of some 450 steps cost a test half a minute.
NO_LOG = 10 ** 9
# How often a wait for the page's state looks again, in ms. Playwright's default looks at
# every animation frame, which keeps Chromium drawing sixty frames a second for as long as
# a bot thinks: about a tenth of a core per waiting page, the suite's waits long.
POLL_MS = 50
LEGIBLE_PX = 7.0  # the smallest board text drawn, in CSS pixels (desktop draws 8-14)


def chromium_path() -> str:
    chosen = os.environ.get("WG_CHROMIUM")  # a path, or a command's name ("chromium")
    if chosen:
        found = shutil.which(chosen) or (chosen if Path(chosen).is_file() else None)
        if found is None:
            pytest.fail(f"WG_CHROMIUM={chosen!r} names no Chromium binary")
        return found
    for candidate in ("chromium-headless-shell", "chromium"):
        if found := shutil.which(candidate):
            return found
    pytest.fail("the browser tests need Chromium: apt-get install chromium-headless-shell "
                "chromium (or set WG_CHROMIUM to a Chromium binary)")


class Server:
    """A wintergames server in a thread of this process, on a free loopback port."""

    def __init__(self, database: Path, **settings: Any) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        # By default a test server: tables with people take the tests' seeds.
        chosen = ServerSettings().replace(**{"bot_budget": 5.0, "seeded_human_tables": True,
                                             **settings})
        app = create_app(f"sqlite:///{database}", settings=chosen)
        # the connection limits and deadlines `wintergames serve` runs with
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port,
                                                    log_level="warning",
                                                    **uvicorn_options(chosen)))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)

    def get(self, path: str) -> Any:
        """The server's JSON answer to ``GET path``."""
        with urllib.request.urlopen(self.url + path) as response:
            return json.load(response)

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        """``POST path`` with ``body`` as JSON: the status and the JSON answer (an error's
        too: the tests read what the server says of a refused request)."""
        request = urllib.request.Request(self.url + path, data=json.dumps(body).encode(),
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as err:
            return err.code, json.load(err)

    def create(self, game: str, seats: Sequence[str | dict[str, Any]], seed: int,
               **options: Any) -> dict[str, Any]:
        """A new table: each seat a kind ("human", "greedy") or a whole seat
        (``{"kind": "human", "name": "Ada"}``)."""
        body = {"game": game, "seed": seed, "options": options,
                "seats": [{"kind": s} if isinstance(s, str) else s for s in seats]}
        status, table = self.post("/api/tables", body)
        assert status == 201, table
        return dict(table)

    def view(self, table: dict[str, Any], seat: int | None,
             log_from: int = 0) -> dict[str, Any]:
        """Seat ``seat``'s view (None: the spectator's), its log from line ``log_from``
        (``NO_LOG``: none, for the loops that play a game's middle and read no log)."""
        secret = table["spectator_secret"] if seat is None else table["seats"][seat]["secret"]
        query = f"?log_from={log_from}" + ("" if secret is None else f"&secret={secret}")
        return dict(self.get(f"/api/tables/{table['table']}/view{query}"))

    def legal(self, table: dict[str, Any], seat: int) -> list[dict[str, Any]]:
        """The actions seat ``seat`` may take now, as JSON."""
        return [entry["action"] for entry in self.view(table, seat, NO_LOG)["legal"]]

    def act(self, table: dict[str, Any], seat: int, action: Action | dict[str, Any],
            version: int | None = None) -> dict[str, Any]:
        """Seat ``seat`` acts over HTTP, as another person's browser would: on the view of
        ``version`` (the one it read its legal actions from), else on the latest. The
        answer is the seat's view after the action (without its log)."""
        if version is None:
            version = self.view(table, seat, NO_LOG)["version"]
        body = {"secret": table["seats"][seat]["secret"], "version": version,
                "action": action.to_json() if isinstance(action, Action) else action,
                "log_from": NO_LOG}
        status, answer = self.post(f"/api/tables/{table['table']}/actions", body)
        assert status == 200, answer
        return dict(answer)

    def finish(self, table: dict[str, Any], seed: int = 0) -> dict[str, Any]:
        """Every person's seat plays at random (the bots play themselves) to the end; the
        spectator's last view."""
        rng = random.Random(seed)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            now = self.view(table, None, NO_LOG)
            if now["over"]:
                return self.view(table, None)
            acted = False
            for seat in now["to_move"]:
                if table["seats"][seat]["secret"]:
                    view = self.view(table, seat, NO_LOG)
                    legal = [entry["action"] for entry in view["legal"]]
                    if legal:
                        self.act(table, seat, rng.choice(legal), view["version"])
                        acted = True
            if not acted:
                time.sleep(0.02)  # the bots' move, on the server
        raise AssertionError("the game did not end")

    def bots_game(self, game: str, kinds: list[str], seed: int) -> dict[str, Any]:
        """A table played to its end (its people at random): a replay to look at."""
        table = self.create(game, kinds, seed=seed)
        self.finish(table)
        return table

    def play_until(self, table: dict[str, Any], seat: int,
                   done: Callable[[dict[str, Any]], bool], rng: random.Random) -> None:
        """Seat ``seat`` plays at random over HTTP, the bots answering as ever, until
        ``done(observation)`` or the game's end: the long middle of a game whose start and
        end a browser test plays on the page (hundreds of clicks cost minutes each)."""
        view = self.view(table, seat, NO_LOG)
        for _ in range(5000):
            if view["over"] or done(view["observation"]):
                return
            legal = [entry["action"] for entry in view["legal"]]
            if legal:  # an action's answer is the next view: one request a step
                view = self.act(table, seat, rng.choice(legal), view["version"])
            else:
                time.sleep(0.01)  # another seat's move (a bot's, on the server)
                view = self.view(table, seat, NO_LOG)
        raise AssertionError("the game did not get there in 5000 steps")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(tmp_path_factory.mktemp("server") / "wg.db") as running:
        yield running


# One Chromium per worker: each test's pages live in contexts of their own, closed as it
# ends (PageErrors), so a module meets nothing another left behind.
@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium_path(),
                                              args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture(autouse=True)
def no_page_outlives_its_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every context a test opened is closed as it ends, even one it did not watch or
    close itself (a failed test's): the next test, of any module, starts with none."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


class PageErrors(list[str]):
    """The errors the pages a test watches report; the test's pages close when it ends."""

    def __init__(self) -> None:
        super().__init__()
        self.pages: list[Page] = []

    def watch(self, page: Page) -> Page:
        page.on("pageerror", lambda err: self.append(str(err)))
        page.on("console", lambda msg: self.append(msg.text) if msg.type == "error" else None)
        self.pages.append(page)
        return page

    def close_pages(self) -> None:
        # A page left open keeps its table's WebSocket and runs its motions for the rest of
        # the module (the browser is shared): the suite slowed down as they piled up.
        for page in self.pages:
            page.context.close()


@pytest.fixture
def page_errors() -> Iterator[PageErrors]:
    errors = PageErrors()
    yield errors
    reported = list(errors)  # what a page says as it is closed is not the test's
    errors.close_pages()
    assert reported == [], f"the page reported errors: {reported}"


def open_page(browser: Browser, page_errors: PageErrors, url: str, *,
              viewport: ViewportSize = DESKTOP, theme: str | None = None,
              animations: bool = False, init_script: str | None = None,
              reduced_motion: Literal["reduce", "no-preference"] = "no-preference") -> Page:
    """``url`` in a fresh context on a light system: the kept theme when given ("light",
    "dark"; else the page follows the system), animations off unless asked for, and
    ``init_script`` run before the page's own."""
    context = browser.new_context(viewport=viewport, color_scheme="light",
                                  reduced_motion=reduced_motion)
    kept = [] if animations else ["localStorage.setItem('wg.animations', 'off')"]
    if theme is not None:
        kept.append(f"localStorage.setItem('wg.theme', '{theme}')")
    if kept:
        context.add_init_script(";".join(kept))
    if init_script is not None:
        context.add_init_script(init_script)
    page = page_errors.watch(context.new_page())
    page.goto(url)
    return page


def screenshot_folder() -> Path | None:
    """Where pictures go: ``WG_SCREENSHOTS`` when set; otherwise none are taken (a
    full-page picture costs about a second, and only the README's refresh and a person
    looking at the pages want them)."""
    folder = os.environ.get("WG_SCREENSHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


def screenshot(page: Page, name: str, tmp_path: Path, full_page: bool = True) -> Path | None:
    """A screenshot (of the whole page, or of the screen as a person holds it) in
    ``WG_SCREENSHOTS``; ``None`` when it is not set. ``tmp_path`` is kept for callers."""
    folder = screenshot_folder()
    if folder is None:
        return None
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def rules_loaded(page: Page) -> None:
    """Wait for the game's rules: the page installs its tooltips and the § links with them.
    A test that hovers before that gets no bubble (CI runs did)."""
    expect(page.locator("#rules-button")).not_to_have_class(re.compile("waiting"))


def opens_its_rule_passage(page: Page, line: Locator, rule: str, title: str) -> None:
    """A log line's "§" opens the Rules dialog at passage ``rule`` (issue 38): that passage,
    headed ``title``, in view and alone marked as the one asked for."""
    rules_loaded(page)
    line.locator("a.rule-link").click()
    expect(page.locator("dialog#rules")).to_be_visible()
    passage = page.locator("#rule-" + rule.replace(".", "\\."))
    expect(passage).to_have_class(re.compile(r"\basked\b"))
    expect(passage).to_contain_text(title)
    expect(passage).to_be_in_viewport()
    expect(page.locator("dialog#rules .passage.asked")).to_have_count(1)
