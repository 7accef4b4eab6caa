"""After a game, in the browser: the replay viewer, Download record, Rematch, Back to lobby."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from typer.testing import CliRunner

from wintergames.cli.main import app as cli

from .conftest import PageErrors, Server, screenshot
from .test_ice import CODES as ICE_CODES

TIMEOUT = 30_000  # ms: bots answer within their budget; this machine may be slow


def open_page(browser: Browser, server: Server, path: str, errors: PageErrors,
              width: int = 1280, height: int = 900) -> Page:
    page = errors.watch(browser.new_page(viewport={"width": width, "height": height}))
    page.goto(server.url + path)
    return page


def at_step(page: Page, step: int) -> None:
    expect(page.locator("body")).to_have_attribute("data-step", str(step), timeout=TIMEOUT)


# -- the replay viewer ------------------------------------------------------------------


def test_the_replay_steps_back_and_forth_with_the_log_in_step(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.bots_game("winter-queen", ["random", "greedy", "random"], seed=21)
    data = server.get(f"/api/tables/{table['table']}/replay/all")
    steps = data["steps"]
    page = open_page(browser, server, f"/replay/{table['table']}", page_errors)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/replay/all" in r.url else None)
    at_step(page, 0)
    expect(page.locator("#where")).to_contain_text(f"step 0 of {steps}")
    expect(page.locator("#back")).to_be_disabled()
    page.check("#single")  # step by step, as asked (turn by turn is the default)
    board_at_start = page.inner_html("#board")

    def log_matches(step: int) -> None:
        frames = data["frames"]
        lines = page.locator("#log li")
        expect(lines).to_have_count(frames[step]["log"])
        fresh = frames[step]["log"] - (frames[step - 1]["log"] if step else 0)
        expect(page.locator("#log li.current")).to_have_count(fresh)
        if fresh:  # the step's last line is marked, and visible inside the log's box
            last = page.locator("#log li.last")
            # the engine's words, then the link to the rule the line applies
            line = data["log"][frames[step]["log"] - 1]
            expect(last).to_have_text(line["text"] + (" §" if line["rule"] else ""))
            box, inner = page.locator("#log").bounding_box(), last.bounding_box()
            assert box and inner and box["y"] - 1 <= inner["y"] <= box["y"] + box["height"]

    page.click("#next")
    at_step(page, 1)
    log_matches(1)
    assert page.inner_html("#board") != board_at_start  # a floe was placed
    page.keyboard.press("ArrowRight")
    at_step(page, 2)
    log_matches(2)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    at_step(page, 0)
    assert page.inner_html("#board") == board_at_start  # back to the very same set-up
    expect(page.locator("#final")).to_be_hidden()
    page.locator("#slider").focus()  # the slider takes its own keys: End is the last step
    page.keyboard.press("End")
    at_step(page, steps)
    log_matches(steps)
    final = page.locator("#final")
    expect(final).to_be_visible()
    for seat, score in enumerate(data["scores"]):
        expect(final.locator("#final-table tr").nth(seat + 1).locator("td").nth(1)).to_have_text(
            str(score))
    # where the points came from: a row per category, led by its effect's icon, a column
    # per seat, the totals equal to the scores
    parts = final.locator("#final-breakdown")
    categories = data["breakdown"]["categories"]
    expect(parts.locator("tbody tr[data-category]")).to_have_count(len(categories))
    for k, category in enumerate(categories):
        row = parts.locator(f"tbody tr[data-category='{category}']")
        cells = [int(t) for t in row.locator("td").all_text_contents()]
        assert cells == [seat_row[k] for seat_row in data["breakdown"]["rows"]], category
        if category != "Stands emptied":  # every Winter Queen effect has its icon
            icon = row.locator(".category-icon use")
            assert icon.get_attribute("href") == "#wq-effect-" + category.lower().replace(" ", "-")
    totals = parts.locator("tr.total td").all_text_contents()
    assert [int(t) for t in totals] == data["scores"]
    expect(page.locator("#next")).to_be_disabled()
    screenshot(page, "replay", tmp_path)
    # the middle of the game, dragged to with the slider; the address keeps the step
    middle = steps // 2
    page.locator("#slider").evaluate(
        f"(el) => {{ el.value = '{middle}'; el.dispatchEvent(new Event('input')); }}")
    at_step(page, middle)
    log_matches(middle)
    assert page.url.endswith(f"?step={middle}")
    # every step came with the first answer: stepping asked the server nothing more
    assert asked == []
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    at_step(page, middle)
    # single steps again: whether a reload keeps a ticked box is the browser's choice
    # (on a game whose middle step ends no turn, turn by turn went two steps on); the
    # box then gives the focus back, or the arrow keys would be the box's
    page.check("#single")
    page.evaluate("document.activeElement.blur()")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "replay-phone", tmp_path)
    # on a phone the step controls stay at the top while the board scrolls under them
    page.mouse.wheel(0, 600)
    page.keyboard.press("ArrowRight")
    at_step(page, middle + 1)
    bar = page.locator("#replay-bar").bounding_box()
    assert bar is not None and bar["y"] <= 1


@pytest.mark.parametrize(("game", "kinds"), [
    ("snow-time", ["random", "random", "greedy"]),
    ("winterborne", ["random", "random"]),
    ("ice", ["random", "random", "random"]),
    ("icecool-wizards", ["random", "random"]),
])
def test_every_game_replays_on_its_own_board(server: Server, browser: Browser,
                                             page_errors: PageErrors, game: str,
                                             kinds: list[str]) -> None:
    table = server.bots_game(game, kinds, seed=22)
    final = server.view(table, None)
    page = open_page(browser, server, f"/replay/{table['table']}?step=1", page_errors)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    at_step(page, 1)
    assert page.locator("#board").inner_html() != ""
    page.keyboard.press("End")
    at_step(page, final["version"])
    expect(page.locator("#final")).to_be_visible()
    if game == "ice":  # the replay's log draws the engine's mentions, as the table's does
        refs = {part["ref"] for line in final["log"] for part in line["parts"]
                if isinstance(part, dict) and part["kind"] == "card"}
        shown = page.locator("#log").inner_text()
        assert ICE_CODES.search(" ".join(map(str, refs))), refs  # the codes are refs ...
        assert not ICE_CODES.findall(shown), ICE_CODES.findall(shown)  # ... never words
        expect(page.locator("#log .said-card[data-code] svg.icon").first).to_be_attached()
    cells = page.locator("#final-table tr td:nth-child(2)")
    expect(cells).to_have_text([str(s) for s in final["scores"]])
    page.keyboard.press("Home")
    at_step(page, 0)
    page.wait_for_timeout(300)  # a view's animation of the last step ends without errors


def test_a_game_still_played_or_unknown_shows_why_there_is_no_replay(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("winter-queen", ["human", "random"], seed=23)
    page = open_page(browser, server, f"/replay/{table['table']}", page_errors)
    expect(page.locator("#problem h2")).to_have_text("This game is not over yet")
    expect(page.locator("#problem a[href^='/table/']")).to_have_text("Watch the table")
    page_errors.clear()  # the browser reports the refused request; the page explains it
    page.goto(server.url + "/replay/nosuchtable")
    expect(page.locator("#problem h2")).to_have_text("There is no such game")
    page_errors.clear()


# -- the end of a game: Download record, Rematch, Back to lobby ---------------------------


def test_download_record_from_the_end_dialog_replays_in_the_terminal(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.bots_game("snow-time", ["greedy", "random"], seed=24)
    final = server.view(table, None)
    page = open_page(browser, server, f"/table/{table['table']}", page_errors)
    dialog = page.locator("dialog#end")
    expect(dialog).to_be_visible(timeout=TIMEOUT)
    expect(dialog.locator("#end-actions a.replay")).to_have_attribute(
        "href", f"/replay/{table['table']}")
    screenshot(page, "end-dialog-actions", tmp_path)
    with page.expect_download() as download:
        dialog.locator("#end-actions a.download").click()
    assert download.value.suggested_filename == f"snow-time-{table['table']}.json"
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    result = CliRunner().invoke(cli, ["replay", str(path), "--no-pause"])
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())
    scores = ", ".join(f"Player {i + 1} ({kind}) {score}" for i, (kind, score)
                       in enumerate(zip(["greedy", "random"], final["scores"], strict=True)))
    assert f"Final scores (points): {scores}" in shown, shown[-300:]
    assert f"{final['version']} actions" in shown
    # the same file from the replay page
    page.goto(server.url + f"/replay/{table['table']}")
    with page.expect_download() as again:
        page.click("#download")
    assert Path(again.value.path()).read_bytes() == path.read_bytes()
    # Back to lobby, from under the board once the dialog is closed
    page.goto(server.url + f"/table/{table['table']}")
    expect(dialog).to_be_visible(timeout=TIMEOUT)
    dialog.locator("form[method=dialog] button").click()
    page.locator("#after-bar a.lobby").click()
    page.wait_for_url(server.url + "/")
    # and the lobby's recent games lead back to this replay
    item = page.locator(f"#recent-games li[data-table='{table['table']}']")
    item.locator("a.replay").click()
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    assert page.url.startswith(server.url + f"/replay/{table['table']}")


def test_a_rematch_takes_each_player_to_their_own_seat_and_spectators_to_watch(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    status, table = server.post("/api/tables", {
        "game": "winter-queen", "seed": 25, "options": {"first_player": "1"},
        "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "<b>Bea</b>"},
                  {"kind": "random"}]})
    assert status == 201
    server.finish(table)
    ada = open_page(browser, server, table["seats"][0]["invite"], page_errors)
    bea = open_page(browser, server, table["seats"][1]["invite"], page_errors)
    spectator = open_page(browser, server, f"/table/{table['table']}", page_errors)
    for page in (ada, bea, spectator):
        expect(page.locator("dialog#end")).to_be_visible(timeout=TIMEOUT)
    expect(spectator.locator("#end-actions .rematch")).to_have_count(0)  # theirs to start
    expect(bea.locator("#end-rematch")).to_have_text("Rematch")
    ada.click("#end-rematch")
    ada.wait_for_url(lambda url: "/table/" in url and table["table"] not in url,
                     timeout=TIMEOUT)
    new_id = ada.url.split("/table/")[1].split("?")[0]
    assert new_id != table["table"]
    expect(ada.locator("#me")).to_have_text("you are Ada (Player 1)", timeout=TIMEOUT)
    expect(ada.locator("#players li[data-seat='1'] .nickname")).to_have_text("<b>Bea</b>")
    # the others learn of it on their own pages, without reloading
    expect(bea.locator("#end-rematch")).to_have_text("Join the rematch", timeout=TIMEOUT)
    screenshot(bea, "rematch-join", tmp_path)
    bea.click("#end-rematch")
    bea.wait_for_url(re.compile(f"/table/{new_id}\\?secret="), timeout=TIMEOUT)
    expect(bea.locator("#me")).to_have_text("you are <b>Bea</b> (Player 2)", timeout=TIMEOUT)
    assert bea.url != ada.url  # each has a secret of their own
    watch = spectator.locator("#end-rematch")
    expect(watch).to_have_text("Watch the rematch", timeout=TIMEOUT)
    expect(watch).to_have_attribute("href", f"/table/{new_id}")
    # asking again from the old page lands at the same seat of the same table
    ada.goto(server.url + table["seats"][0]["invite"])
    expect(ada.locator("dialog#end")).to_be_visible(timeout=TIMEOUT)
    expect(ada.locator("#end-rematch")).to_have_text("Join the rematch", timeout=TIMEOUT)
    first = bea.url.replace(f"/table/{new_id}", "")
    ada.click("#end-rematch")
    ada.wait_for_url(re.compile(f"/table/{new_id}\\?secret="), timeout=TIMEOUT)
    assert not ada.url.endswith(first)
    assert server.get(f"/api/tables/{table['table']}/rematch")["table"] == new_id
    # the old game's replay names its people as text, never as markup
    spectator.goto(server.url + f"/replay/{table['table']}")
    spectator.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    expect(spectator.locator("#players li[data-seat='1'] .nickname")).to_have_text("<b>Bea</b>")
    expect(spectator.locator("#players .nickname *")).to_have_count(0)


def test_the_replay_steps_turn_by_turn_and_jumps_to_a_turn(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 39 item 2: a 22-turn Winterborne game was 419 replay steps. The replay goes a
    seat's whole turn at a time (its steps until another seat acts), its lines marked in
    the log; single steps on demand; and straight to turn N."""
    table = server.bots_game("winterborne", ["random", "random"], seed=5)
    data = server.get(f"/api/tables/{table['table']}/replay/all")
    frames, steps = data["frames"], data["steps"]
    ends = [0] + [n for n in range(1, steps + 1)
                  if n == steps or frames[n + 1]["actor"] != frames[n]["actor"]]
    assert steps > 3 * (len(ends) - 1)  # turns of several steps each
    page = open_page(browser, server, f"/replay/{table['table']}", page_errors)
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    expect(page.locator("#where")).to_have_text(
        f"Turn 0 of {len(ends) - 1} · step 0 of {steps}")
    page.click("#next")
    at_step(page, ends[1])  # the first seat's whole first turn
    turn_lines = frames[ends[1]]["log"] - frames[0]["log"]
    expect(page.locator("#log li.current")).to_have_count(turn_lines)
    page.keyboard.press("ArrowRight")
    at_step(page, ends[2])
    page.keyboard.press("ArrowLeft")
    at_step(page, ends[1])
    page.check("#single")
    expect(page.locator("#next")).to_have_text("Step ▶")
    page.click("#next")
    at_step(page, ends[1] + 1)
    page.uncheck("#single")
    page.fill("#turn", "5")
    page.click("#turn-form button")
    at_step(page, ends[5])
    expect(page.locator("#where")).to_have_text(
        f"Turn 5 of {len(ends) - 1} · step {ends[5]} of {steps}")


def test_a_seats_replay_shows_its_own_hand_as_it_was(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 39 item 2: after the game, a seat's Replay shows the game as that seat saw it
    (its hand at each step); a spectator's shows the public view."""
    table = server.create("winterborne", ["human", "random"], seed=5)
    server.finish(table)
    page = open_page(browser, server, table["seats"][0]["invite"], page_errors)
    link = page.locator("#end-actions a.replay")
    expect(link).to_have_attribute("href", re.compile(r"\?secret="), timeout=TIMEOUT)
    page.goto(server.url + (link.get_attribute("href") or ""))
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    expect(page.locator("header .badge")).to_have_text("replay · as Player 1 saw it")
    expect(page.locator("#wb-hand .wb-card").first).to_be_visible()
    page.goto(f"{server.url}/replay/{table['table']}")  # a spectator's: no hand
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
    expect(page.locator("header .badge")).to_have_text("replay · as a spectator saw it")
    expect(page.locator("#wb-hand")).to_have_count(0)


def test_no_replay_shows_an_empty_panel_under_its_log(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 39 item 2: at the end of a Winterborne replay an empty panel sat under the
    log (the view's list of results, with nothing in it there). Every game's replay shows
    no panel without words, at the set-up and at the end."""
    for game, kinds in (("winterborne", ["random", "random"]), ("ice", ["random", "random"]),
                        ("snow-time", ["random"] * 3), ("winter-queen", ["random"] * 2)):
        table = server.bots_game(game, kinds, seed=3)
        for step in (0, 100000):
            page = open_page(browser, server, f"/replay/{table['table']}?step={step}",
                             page_errors)
            page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT)
            empty = page.evaluate("""() => [...document.querySelectorAll('aside > section')]
              .filter((s) => !s.hidden && getComputedStyle(s).display !== 'none'
                             && !s.innerText.trim()).map((s) => s.id)""")
            assert empty == [], (game, step, empty)
            page.close()
