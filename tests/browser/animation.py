"""Watching motion in the browser tests (js/motion.js): a page whose animation clock runs at
a tenth of its speed (the DevTools Animation domain), so a motion is still running when a
test looks at it however slow the machine, and what to ask such a page."""

from __future__ import annotations

from typing import Literal

from playwright.sync_api import Browser, Page, ViewportSize

from .conftest import DESKTOP, PageErrors, open_page

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


def motions(page: Page) -> list[str]:
    """The ids of motion.js's animations running now."""
    return list(page.evaluate(MOTIONS))


def skip_and_settle(page: Page) -> None:
    """Skip: at once, nothing of motion.js runs or lingers."""
    page.locator("#skip-animations").click()
    page.wait_for_function(SETTLED, timeout=2000)
    assert motions(page) == []
    assert page.evaluate(GHOSTS) == 0
