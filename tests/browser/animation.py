"""Watching motion in the browser tests (js/motion.js): a page whose animation clock runs at
a tenth of its speed (the DevTools Animation domain), so a motion is still running when a
test looks at it however slow the machine, and what to ask such a page.

A slowed motion is not waited for at a tenth of its speed (issue 37: that was most of
these tests' time): the page's clock is moved on to the moment a test looks at
(``fast_forward``), and a motion that must end by itself, unskipped, plays out at its own
speed once it was looked at (``play_out``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from playwright.sync_api import Browser, Page, ViewportSize

from wintergames.core.actions import Action

from .conftest import DESKTOP, NO_LOG, PageErrors, Server, open_page

# The view has drawn every step it was sent and no motion is running.
SETTLED = ("document.body.dataset.animating === undefined"
           " && document.body.dataset.queued === '0'")
# The animations js/motion.js runs (their ids), and those with a transform in a keyframe.
MOTIONS = """() => document.getAnimations()
  .filter((a) => (a.id || '').startsWith('motion-') && a.playState === 'running')
  .map((a) => a.id)"""
MOVING = """() => document.getAnimations()
  .filter((a) => a.playState === 'running' && a.effect && a.effect.getKeyframes()
    .some((k) => k.transform && k.transform !== 'none'))
  .map((a) => a.id || (a.effect.target && a.effect.target.tagName))"""
GHOSTS = "() => document.querySelectorAll('#motion-layer > *').length"


def watch(browser: Browser, page_errors: PageErrors, url: str,
          motion: Literal["reduce", "no-preference"] = "no-preference",
          theme: str = "light", viewport: ViewportSize = DESKTOP) -> Page:
    """A page watching the table with animations on, its animation clock slowed tenfold."""
    page = open_page(browser, page_errors, url, viewport=viewport, theme=theme,
                     animations=True, reduced_motion=motion)
    page.wait_for_selector("body[data-version]")
    set_clock(page, 0.1)
    return page


def set_clock(page: Page, rate: float) -> None:
    """Run the page's animation clock at ``rate`` (0 stops it: every motion holds still, so
    a test can look at several at once however long its looking takes on a loaded machine)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Animation.enable")
    cdp.send("Animation.setPlaybackRate", {"playbackRate": rate})


# Moves the page's animation clock on, `step` ms at a time, until `holds()` (or `timeout`
# ms of real time went by): every animation on the page jumps ahead by the same time, as
# if the clock had run (what one motion waits for of another keeps its order), and between
# two steps the page runs what an animation's end set off (the next motion of a step, a
# view from the queue) and takes what the server sends meanwhile.
FAST_FORWARD = """async ([step, timeout]) => {
  const holds = () => Boolean(%s);
  const deadline = performance.now() + timeout;
  while (!holds()) {
    if (performance.now() > deadline) return false;
    for (const a of document.getAnimations()) {
      if (a.playState === 'running' && a.currentTime !== null) a.currentTime += step;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return true;
}"""


def fast_forward(page: Page, condition: str, step: float = 20, timeout: float = 20_000) -> None:
    """Move the page's animation clock on to the moment ``condition`` (a JavaScript
    expression) holds, instead of waiting for it at a tenth of the clock's speed; from there
    the clock runs on, slowed, while the test looks. ``step`` (ms) is how far a motion may
    have gone past that moment; a condition still false after ``timeout`` ms fails the test."""
    assert page.evaluate(FAST_FORWARD % condition, [step, timeout]), (
        f"not within {timeout} ms: {condition}")


def play_out(page: Page) -> None:
    """Let what runs play out to its end by itself, unskipped, at the clock's own speed (a
    test has looked at it already); the clock is then slowed again for what comes next."""
    set_clock(page, 1)
    page.wait_for_function(SETTLED, timeout=20_000)
    set_clock(page, 0.1)


def play(server: Server, table: dict[str, Any], moves: Sequence[tuple[int, Action]]) -> None:
    """The seats' ``moves`` over HTTP, the road to the position a test watches: each on the
    version the action before answered with (``Server.act`` reads the seat's view first,
    twice the requests on roads of hundreds of moves). A seat whose decision did not start
    with the last move (its legal actions unchanged) answers "stale": it reads its view."""
    actions = f"/api/tables/{table['table']}/actions"
    version: int | None = None
    for seat, action in moves:
        body = {"secret": table["seats"][seat]["secret"], "action": action.to_json(),
                "log_from": NO_LOG}  # the answer's log unread: none sent
        status, answer = (409, {}) if version is None else server.post(
            actions, {**body, "version": version})
        if status == 409:  # the first move, or a seat whose decision started earlier
            status, answer = server.post(
                actions, {**body, "version": server.view(table, seat, NO_LOG)["version"]})
        assert status == 200, answer
        version = answer["version"]


def motions(page: Page) -> list[str]:
    """The ids of motion.js's animations running now."""
    return list(page.evaluate(MOTIONS))


def skip_and_settle(page: Page) -> None:
    """Skip: at once, nothing of motion.js runs or lingers."""
    page.locator("#skip-animations").click()
    page.wait_for_function(SETTLED, timeout=2000)
    assert motions(page) == []
    assert page.evaluate(GHOSTS) == 0
