"""Playing in the browser, by clicking and dragging, as people do."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from .animation import SETTLED
from .conftest import POLL_MS, PageErrors, Server, open_page, screenshot

TIMEOUT = 20_000  # ms: bots answer within their budget; this machine may be slow
# A game played to its end on the page clicks its first OPENING decisions there, its middle
# over HTTP (each click costs Chromium a redraw: a whole game's cost a minute of CPU), and
# its end game on the page again.
OPENING = 12


def ready_for_the_picture(page: Page) -> None:
    """The page at rest, as the README shows it: every motion played out (no Skip button,
    no mark half-way through its pulse), the pointer in a corner (no tooltip over the board)
    and the creator's invite links (their seats' secrets) folded away."""
    page.wait_for_function(SETTLED, timeout=TIMEOUT)
    if page.locator("details#invites[open]").count():
        page.locator("#hide-invites").click()
        expect(page.locator("details#invites")).not_to_have_attribute("open", "")
    page.mouse.move(0, 0)
    expect(page.locator("#term-tip")).to_be_hidden()
    expect(page.locator("#skip-animations")).to_be_hidden()


def wait_for_my_turn_or_the_end(page: Page) -> None:
    page.wait_for_function(
        "(document.body.dataset.myTurn === '1' || document.body.dataset.over === '1')"
        " && document.body.dataset.busy === undefined", timeout=TIMEOUT, polling=POLL_MS)


def play_the_middle(page: Page, server: Server, table: dict[str, Any], seat: int,
                    done: Callable[[dict[str, Any]], bool], rng: random.Random) -> None:
    """The long middle of a game, played by ``seat`` over HTTP until ``done(observation)``,
    the page put away meanwhile on a plain JSON document of the server (it neither draws
    each step nor holds the table's line, and runs no script, where the lobby refreshes
    its list; about:blank would refuse the context's localStorage); then the seat's page
    again."""
    page.goto(server.url + "/api/games")
    server.play_until(table, seat, done, rng)
    page.goto(server.url + table["seats"][seat]["invite"])
    wait_for_my_turn_or_the_end(page)


def click_and_wait(page: Page, locator_text: str, index: int = 0) -> None:
    """Click something that sends an action, then wait for the server's answer."""
    version = page.evaluate("document.body.dataset.version")
    page.locator(locator_text).nth(index).click()
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}' || document.body.dataset.over === '1'"
        " || document.getElementById('error').textContent !== ''", timeout=TIMEOUT,
        polling=POLL_MS)
    assert page.locator("#error").text_content() == ""


def play_one_winter_queen_decision(page: Page, rng: random.Random) -> None:
    floes = page.locator("button.floe.playable")
    stacks = page.locator("g.stack.clickable")
    # a floe chosen on an earlier turn is not still chosen (clicking it again would unchoose it)
    expect(page.locator("button.floe.chosen")).to_have_count(0)
    if floes.count():
        floes.nth(rng.randrange(floes.count())).click()  # choose a floe: nothing sent yet
        targets = page.locator("g.cell.clickable, .page.playable")
        expect(targets.first).to_be_visible()
        click_and_wait(page, "g.cell.clickable, .page.playable", rng.randrange(targets.count()))
    elif stacks.count() or page.locator("#take-none").count():
        options = stacks.count() + page.locator("#take-none").count()
        pick = rng.randrange(options)
        if pick < stacks.count():
            click_and_wait(page, "g.stack.clickable", pick)
        else:
            click_and_wait(page, "#take-none")
    elif page.locator("g.cell.clickable").count():  # return a floe to the bag
        cells = page.locator("g.cell.clickable").count()
        click_and_wait(page, "g.cell.clickable", rng.randrange(cells))
    elif page.locator("button.use").count():
        click_and_wait(page, "button.use")
    else:
        click_and_wait(page, "#pass")


def test_a_winter_queen_table_against_two_bots_is_played_to_the_end_by_clicking(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    # the bots' moves shown at once, not at a reader's pace (test_motion*.py and
    # test_watch.py play them): the page waited out every animation of the game
    page = open_page(browser, page_errors, server.url, viewport={"width": 1400, "height": 1000})
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "winter-queen")
    page.select_option("#players", "3")
    page.select_option("[data-seat='0']", "human")
    page.select_option("[data-seat='1']", "greedy")
    page.select_option("[data-seat='2']", "ismcts")
    expect(page.locator("[data-settings='2']")).to_have_attribute(
        "placeholder", re.compile("iterations=1000"))
    page.fill("[data-settings='2']", "iterations=30, depth=none")
    page.fill("#seed", "21")
    page.click("#create-button")
    invite = page.locator("a.invite[data-seat='0']")
    expect(invite).to_be_attached()  # folded away: the other seats are bots
    assert page.locator("a.invite").count() == 1  # bots get no link
    link = invite.get_attribute("href")
    assert link is not None
    page.goto(server.url + link)
    wait_for_my_turn_or_the_end(page)
    rng = random.Random(5)
    table_id, secret = link.split("/table/")[1].split("?secret=")
    table = {"table": table_id, "spectator_secret": None,
             "seats": [{"secret": secret, "invite": link}]}
    final_phase = page.locator(".wq-info [data-term='final phase']")
    counted = []
    for decision in range(400):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        if decision == 8:
            ready_for_the_picture(page)
            screenshot(page, "winter-queen", tmp_path)
        if decision == OPENING:  # the middle over HTTP, the final phase on the page again
            play_the_middle(page, server, table, 0, lambda obs: obs["final_phase"], rng)
        if final_phase.count():  # the table's turns still to come, as the game counts them
            left = server.view(table, None)["observation"]["turns_left"]
            expect(final_phase).to_have_text(
                f"final phase: {left} more turn{'' if left == 1 else 's'} at the table after "
                "this one")
            counted.append(left)
        play_one_winter_queen_decision(page, rng)
        wait_for_my_turn_or_the_end(page)
    expect(page.locator("dialog#end")).to_be_visible()
    assert counted, "the final phase was never shown on a turn of yours"
    final = server.view(table, None)
    assert final["over"]
    cells = page.locator("#final-scores td.total").all_text_contents()
    shown = [int(cell) for cell in cells]
    assert shown == final["scores"]
    winners = " and ".join(f"Player {w + 1}" for w in final["winners"])
    expect(page.locator("#winners")).to_contain_text(winners)
    # the final score by source (issue 18's breakdown; tests/browser/test_breakdown.py)
    expect(page.locator("#final-scores thead")).to_contain_text("Stands emptied")


def test_snow_time_choices_in_two_browsers_stay_hidden_until_all_are_in(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("snow-time", ["human", "human", "random"], seed=8)
    pages = []
    for seat in (0, 1):  # each turn's resolution shown at once (test_motion.py plays it)
        page = open_page(browser, page_errors, server.url + table["seats"][seat]["invite"])
        wait_for_my_turn_or_the_end(page)
        pages.append(page)
    first, second = pages
    for turn in range(3):
        log_before = second.locator("#log li").count()
        card = first.locator("button.card.playable").first
        chosen = card.get_attribute("data-card")
        click_and_wait(first, "button.card.playable")
        chosen_said = first.locator(".colour[data-colour='red'] .st-chosen-said")
        expect(chosen_said).to_have_text(re.compile(
            r"^You chose red \S+ \(hidden until everyone has chosen\)$"))
        assert first.locator("#board").inner_text().lower().count("hidden") == 1
        # The other seat is told that red has chosen, never what (once the last turn's
        # resolution has played out on its page: updates wait for animations).
        expect(second.locator(".colour[data-colour='red']")).to_contain_text(
            "has chosen", timeout=TIMEOUT)
        assert "You chose" not in second.locator(".colour[data-colour='red']").inner_text()
        assert second.locator("g.played[data-colour='red']").count() == 0
        click_and_wait(second, "button.card.playable")
        for page in pages:  # a Healer may ask its owner first; take the first offer
            while page.locator("button.heal").count():
                click_and_wait(page, "button.heal")
        expect(second.locator("#log")).to_contain_text(re.compile(r"Revealed: Player 1 \(red\) "))
        assert second.locator("#log li").count() > log_before
        # red's card is the first the reveal mentions (by its id: the words say "Healer")
        revealed = second.locator("#log li[data-msg='reveal']").last.locator(".said-card")
        expect(revealed.first).to_have_attribute("data-ref", chosen or "")
        for page in pages:
            wait_for_my_turn_or_the_end(page)
        if turn == 1:
            ready_for_the_picture(first)
            screenshot(first, "snow-time", tmp_path)
        if first.evaluate("document.body.dataset.over") == "1":
            break


def icecool_at_my_penguin(server: Server, browser: Browser,
                          page_errors: PageErrors) -> tuple[dict[str, Any], Page, float, float]:
    """Seat 1 of a new ICECOOL table against a bot, and its penguin's centre on screen."""
    table = server.create("icecool-wizards", ["human", "random"], seed=4)
    page = page_errors.watch(browser.new_page(viewport={"width": 1300, "height": 1100}))
    page.goto(server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    # Both first views drawn (the one fetched, the one the socket sends as it connects): a
    # drag begun on the first board is lost when the second replaces it.
    page.wait_for_function("window.wgWatch.shown.length >= 2 && !window.wgWatch.queue.length",
                           timeout=TIMEOUT, polling=POLL_MS)
    circle = page.locator("g.penguin[data-seat='0'] circle")
    # Every view that arrives redraws the board (a broadcast may follow the first one):
    # a circle found in one drawing may be gone when its box is asked for, so ask again.
    for _ in range(10):
        expect(circle).to_be_visible(timeout=TIMEOUT)
        penguin = circle.bounding_box()
        if penguin is not None:
            break
    assert penguin is not None
    return table, page, penguin["x"] + penguin["width"] / 2, penguin["y"] + penguin["height"] / 2


def test_an_icecool_flick_is_aimed_by_dragging_and_its_path_is_drawn(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    _, page, x, y = icecool_at_my_penguin(server, browser, page_errors)
    version = page.evaluate("document.body.dataset.version")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 60, y - 60, steps=8)  # up and to the right: 45 degrees
    expect(page.locator("#aim-readout")).to_contain_text("angle 45")
    page.mouse.up()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'", timeout=TIMEOUT)
    expect(page.locator("#flick-path")).to_be_attached()
    line = page.locator("#log li", has_text="Player 1 flicks").first
    # the log says the flick in words; its notation stays the mention's ref
    flick = line.locator("[data-ref^='flick ']").get_attribute("data-ref") or ""
    found = re.search(r"^flick (\S+) (\S+) (\S+)$", flick)
    assert found, flick
    expect(line).to_contain_text("up and right")
    angle, power, spin = (float(v) for v in found.groups())
    # 12 svg units per cm and a full-power drag of 15 cm, at the board's scale on screen
    scale = page.evaluate("document.getElementById('ic-board').getScreenCTM().a")
    assert abs(angle - 45) < 1.5 and spin == 0
    assert abs(power - math.hypot(60, 60) / scale / 12 / 15) < 0.02
    page.wait_for_function("document.body.dataset.animating === undefined", timeout=TIMEOUT)
    screenshot(page, "icecool-wizards", tmp_path)


def test_a_reload_restores_the_seat_view(server: Server, browser: Browser,
                                         page_errors: PageErrors) -> None:
    table = server.create("winter-queen", ["human", "random"], seed=2)
    # the bot's answers shown at once: the view restored is the test's, not their motion
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"],
                     viewport={"width": 1280, "height": 720})
    wait_for_my_turn_or_the_end(page)
    rng = random.Random(1)
    for _ in range(3):
        play_one_winter_queen_decision(page, rng)
        wait_for_my_turn_or_the_end(page)
    before = (page.locator("#log").inner_text(), page.locator("#board").inner_text(),
              page.evaluate("document.body.dataset.version"))
    page.reload()
    wait_for_my_turn_or_the_end(page)
    after = (page.locator("#log").inner_text(), page.locator("#board").inner_text(),
             page.evaluate("document.body.dataset.version"))
    assert after == before
    expect(page.locator("#connection")).to_have_text("connected")
