"""A seat's own action to the view it brings, in the browser, for every game.

Starts ``wintergames serve`` on a fresh SQLite file and, per game, a table of one person
and random bots. A Chromium page at the person's seat plays random legal actions: each
is sent as a click sends it (the page's ``act``, over its WebSocket) and timed from then
until the page has drawn the view that answers it (``document.body.dataset.busy`` gone
and the version moved on), the server's check, storage and the page's drawing included;
the bots' moves that follow are not counted. Prints one JSON line per game: p50, p90,
p99 and the slowest, in milliseconds. Run on an idle machine:
``python benchmarks/click_latency.py --actions 150``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import shutil
import tempfile
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

import wintergames as wg
from load_rig import Server, http_json, percentile

# One action sent as a click sends it, and the time until the view answering it is drawn.
TIMED = """async (action) => {
  const before = document.body.dataset.version;
  const start = performance.now();
  window.wgAct(action);
  while (document.body.dataset.busy || document.body.dataset.version === before) {
    await new Promise((r) => requestAnimationFrame(r));
  }
  return performance.now() - start;
}"""
# The seat's legal actions as the page has them (the view it drew last).
LEGAL = "() => (window.wgWatch.previous?.legal ?? []).map((entry) => entry.action)"
MY_TURN = ("document.body.dataset.myTurn === '1' && !document.body.dataset.busy"
           " && document.body.dataset.queued === '0'")
GAME_OVER = "document.body.dataset.over === '1'"


def chromium() -> str:
    for name in ("chromium-headless-shell", "chromium"):
        if found := shutil.which(name):
            return found
    raise SystemExit("needs Debian's Chromium (apt-get install chromium-headless-shell)")


def play(page: Page, port: int, game: str, actions: int, rng: random.Random,
         bot: str) -> list[float]:
    """Seconds from each action of the person's to its view drawn, over fresh tables."""
    spec = wg.get_spec(game)
    times: list[float] = []
    while len(times) < actions:
        seats = [{"kind": "human"}] + [{"kind": bot}] * (max(2, spec.min_players) - 1)
        status, table = http_json("POST", port, "/api/tables", {"game": game, "seats": seats})
        assert status == 201, table
        page.goto(f"http://127.0.0.1:{port}{table['seats'][0]['invite']}")
        page.wait_for_selector("body[data-version]")
        while len(times) < actions:
            page.wait_for_function(f"({MY_TURN}) || {GAME_OVER}", timeout=120_000)
            if page.evaluate(GAME_OVER):
                break
            legal = page.evaluate(LEGAL)
            times.append(page.evaluate(TIMED, rng.choice(legal)) / 1e3)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=150, help="timed actions per game")
    parser.add_argument("--only", nargs="*", default=[s.id for s in wg.available_games()])
    parser.add_argument("--bot", default="random",
                        help="the other seats' bot (a searching one thinks beside the server)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(url=f"sqlite:///{Path(tmp) / 'wg.db'}", serve_args=[],
                        log=Path(tmp) / "serve.log")
        server.start()
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium())
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                # others' moves drawn at once: only the person's own actions are timed
                page.add_init_script("localStorage.setItem('wg.animations', 'off')")
                for game in args.only:
                    started = time.perf_counter()
                    times = play(page, server.port, game, args.actions, random.Random(1),
                                 args.bot)
                    print(json.dumps({
                        "bench": "click_latency", "game": game, "bot": args.bot,
                        "actions": len(times),
                        "p50_ms": percentile(times, 0.5), "p90_ms": percentile(times, 0.9),
                        "p99_ms": percentile(times, 0.99), "max_ms": percentile(times, 1.0),
                        "wall_s": round(time.perf_counter() - started, 1),
                        "python": platform.python_version()}), flush=True)
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
