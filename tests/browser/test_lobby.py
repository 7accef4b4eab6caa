"""The lobby: a card per game with its emblem, the new table's form offering only what the
server accepts, the open tables and recent games; readable on a phone, in both themes."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Browser, Dialog, Page, ViewportSize, expect

from tests.server.test_palette import PALETTE

from .conftest import NO_LOG, PageErrors, Server, screenshot
from .test_play import TIMEOUT

DESKTOP: ViewportSize = {"width": 1300, "height": 1000}
PHONE: ViewportSize = {"width": 390, "height": 844}


def test_the_lobby_offers_only_seats_of_the_chosen_player_count(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = page_errors.watch(browser.new_page())
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "winter-queen")
    first = page.locator("[data-option='first_player'] option")
    page.select_option("#players", "4")
    assert first.all_text_contents() == ["1", "2", "3", "4", "random"]
    page.select_option("[data-option='first_player']", "2")
    page.select_option("#players", "2")
    assert first.all_text_contents() == ["1", "2", "random"]
    assert page.locator("[data-option='first_player']").input_value() == "2"  # still allowed
    page.select_option("#players", "4")
    page.select_option("[data-option='first_player']", "4")
    page.select_option("#players", "3")
    assert first.all_text_contents() == ["1", "2", "3", "random"]
    assert page.locator("[data-option='first_player']").input_value() == "random"  # default


def test_on_a_public_server_the_seed_is_chosen_only_for_tables_of_bots(
        browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    with Server(tmp_path / "public.db", seeded_human_tables=False) as public:
        page = page_errors.watch(browser.new_page())
        page.goto(public.url)
        page.wait_for_selector("body[data-ready]")
        page.select_option("#game", "snow-time")
        page.select_option("#players", "3")
        page.select_option("[data-seat='0']", "human")
        expect(page.locator("#seed")).to_be_disabled()
        expect(page.locator("#seed-hint")).to_be_visible()  # says why, not just greyed out
        page.click("#create-button")  # a person's table is created with a drawn seed
        page.wait_for_url("**/table/**")  # the creator is taken to their seat
        expect(page.locator("a.invite")).to_have_count(1)
        page.goto(public.url)
        page.wait_for_selector("body[data-ready]")
        page.select_option("#game", "snow-time")
        page.select_option("#players", "3")
        page.select_option("[data-seat='0']", "random")
        expect(page.locator("#seed")).to_be_enabled()
        expect(page.locator("#seed-hint")).to_be_hidden()


def test_a_yes_or_no_option_is_a_checkbox_and_reaches_the_game_as_a_boolean(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = page_errors.watch(browser.new_page())
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "winterborne")
    page.select_option("#players", "2")
    mercenary = page.locator("[data-option='mercenary']")
    assert mercenary.get_attribute("type") == "checkbox" and not mercenary.is_checked()
    mercenary.check()
    page.select_option("#players", "3")  # the options are redrawn, the choice is kept
    assert page.locator("[data-option='mercenary']").is_checked()
    page.select_option("#players", "2")
    page.click("#create-button")
    page.wait_for_url("**/table/**")  # the creator is taken to their seat
    expect(page.locator("a.invite")).to_have_count(1)  # seat 2 is a bot
    invite = page.locator("a.invite").first.get_attribute("href") or ""
    path, _, query = invite.partition("?")
    table = path.rstrip("/").split("/")[-1]
    view = server.get(f"/api/tables/{table}/view?{query}")
    seat = view["observation"]["seats"][0]
    # With the mercenary, a starting deck has 7 cards: a hand of 4 and 3 left to draw.
    assert seat["hand_size"] + seat["deck_size"] == 7


def _ice_lobby(server: Server, browser: Browser, page_errors: PageErrors, players: str) -> Page:
    page = page_errors.watch(browser.new_page())
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "ice")
    page.select_option("#players", players)
    return page


def _created_view(server: Server, page: Page) -> dict[str, Any]:
    """The first seat's view of the table the lobby page has just created."""
    page.wait_for_url("**/table/**")  # the creator is taken to their seat
    expect(page.locator("a.invite").first).to_be_attached()  # folded away if only bots
    invite = page.locator("a.invite").first.get_attribute("href") or ""
    path, _, query = invite.partition("?")
    table = path.rstrip("/").split("/")[-1]
    view: dict[str, Any] = server.get(f"/api/tables/{table}/view?{query}")
    return view


def test_the_lobby_sets_up_an_ice_table_with_its_options(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = _ice_lobby(server, browser, page_errors, "4")
    assert page.locator("#players option").all_text_contents() == ["2", "3", "4", "5"]
    assert page.locator("[data-option='curse'] option").all_text_contents() == [
        "off", "on", "gentle"]
    assert "off" in page.locator("[data-option='logbook'] option").all_text_contents()
    for flag in ("first_game", "blessing"):
        assert page.locator(f"[data-option='{flag}']").get_attribute("type") == "checkbox"
    page.select_option("[data-option='curse']", "gentle")
    page.select_option("[data-option='logbook']", "off")
    page.locator("[data-option='first_game']").check()
    page.click("#create-button")
    seats = _created_view(server, page)["observation"]["seats"]
    # Expert mode, 4 players: every marker starts on space 2 with a Blessing token; a first
    # game gives everyone 2 RP tokens whatever their guild.
    assert [s["curse"] for s in seats] == [2, 2, 2, 2]
    assert [s["trigger"] for s in seats] == ["blessing"] * 4
    assert [s["rp_tokens"] for s in seats] == [2, 2, 2, 2]
    # and no guild board offers its ability: the page says so where the ability would read
    abilities = page.locator(".ice-guild > div.muted")
    expect(abilities).to_have_count(4, timeout=TIMEOUT)
    assert set(abilities.all_text_contents()) == {"First game: no guild ability."}


def test_the_lobby_offers_ices_fluent_move_variant_with_three_players(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = _ice_lobby(server, browser, page_errors, "4")
    fluent = page.locator("[data-option='fluent']")
    assert fluent.get_attribute("type") == "checkbox" and fluent.is_disabled()
    page.select_option("#players", "3")
    fluent = page.locator("[data-option='fluent']")
    assert not fluent.is_disabled()
    fluent.check()
    page.click("#create-button")
    seats = _created_view(server, page)["observation"]["seats"]
    assert [s["fluent_moves"] for s in seats] == [1, 1, 1]  # RB: one token each


def test_ice_shows_a_guild_choice_only_for_seats_that_play(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = _ice_lobby(server, browser, page_errors, "3")
    for seat in (1, 2, 3):
        expect(page.locator(f"[data-option='guild_{seat}']")).to_be_visible()
    for seat in (4, 5):  # no fourth or fifth player: nothing to choose
        expect(page.locator(f"[data-option='guild_{seat}']")).to_be_hidden()
    page.select_option("[data-option='guild_2']", "nourisher")
    page.select_option("#players", "5")
    for seat in (4, 5):
        expect(page.locator(f"[data-option='guild_{seat}']")).to_be_visible()
    page.select_option("#players", "3")
    page.click("#create-button")
    seats = _created_view(server, page)["observation"]["seats"]
    assert seats[1]["guild"] == "nourisher"


# -- tables and people: names, the creator's links, closing, recent games ------------------

HOSTILE = "<script>alert(1)</script>"  # a name that must stay text wherever it is shown


def _secret_of(url: str) -> str:
    return parse_qs(urlsplit(url).query)["secret"][0]


def _seat_of(server: Server, link: str) -> int | None:
    """The seat an invite link opens, as the server answers it."""
    parts = urlsplit(link)
    table = parts.path.split("/")[-1]
    seat: int | None = server.get(f"/api/tables/{table}/view?{parts.query}")["seat"]
    return seat


def _lobby(server: Server, page: Page, game: str, kinds: list[str]) -> None:
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", game)
    page.select_option("#players", str(len(kinds)))
    for i, kind in enumerate(kinds):
        page.select_option(f"[data-seat='{i}']", kind)


def _dialogs(page: Page) -> list[str]:
    """The messages of every alert/confirm the page opens (a name run as code would)."""
    opened: list[str] = []

    def seen(dialog: Dialog) -> None:
        opened.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", seen)
    return opened


def _forget_refusals(page_errors: PageErrors, status: int) -> None:
    """Drop the console line Chromium writes for a refused request the test made on
    purpose; any other error still fails the test."""
    line = f"the server responded with a status of {status}"
    refused = [e for e in page_errors if line in e]
    assert refused, "the refusal never reached the browser"
    page_errors[:] = [e for e in page_errors if line not in e]


def _no_script_ran(page: Page, dialogs: list[str]) -> None:
    assert dialogs == [], f"a name ran as code: {dialogs}"
    assert page.locator("#players script, #invites script, ul script").count() == 0


def test_the_creator_lands_at_their_seat_with_every_link_in_full_and_names_as_text(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    for size, suffix in ((DESKTOP, ""), (PHONE, "-phone")):
        context = browser.new_context(viewport=size)
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        page = page_errors.watch(context.new_page())
        dialogs = _dialogs(page)
        _lobby(server, page, "winter-queen", ["human", "human", "random"])
        page.fill("[data-name='0']", "  Ada ")
        page.fill("[data-name='1']", HOSTILE)
        page.click("#create-button")
        page.wait_for_url("**/table/**")
        assert _seat_of(server, page.url) == 0  # straight to the creator's own seat
        invites = page.locator("#invites")
        expect(invites).to_be_visible()
        links = page.locator("a.invite")
        expect(links).to_have_count(2)
        hrefs = [server.url + (links.nth(i).get_attribute("href") or "") for i in range(2)]
        # each link is shown in full (the text is the whole URL) and opens its own seat
        assert [links.nth(i).text_content() for i in range(2)] == hrefs
        assert all(href.startswith(f"{server.url}/table/") for href in hrefs)
        assert [_seat_of(server, href) for href in hrefs] == [0, 1]
        assert _secret_of(hrefs[0]) == _secret_of(page.url)
        spectate = page.locator("a.spectate")
        assert _seat_of(server, spectate.get_attribute("href") or "") is None
        expect(invites.locator("li[data-seat='2']")).to_contain_text("random bot")
        expect(invites.locator("li[data-seat='1'] .link-nickname")).to_have_text(HOSTILE)
        copy = invites.locator("li[data-seat='1'] button.copy")
        copy.click()
        expect(copy).to_have_text("Copied")
        assert page.evaluate("navigator.clipboard.readText()") == hrefs[1]
        invites.locator("li[data-seat='0'] button.copy").click()  # the mark moves along
        expect(invites.locator("button.copy.done")).to_have_count(1)
        expect(copy).to_have_text("Copy")
        assert page.evaluate("navigator.clipboard.readText()") == hrefs[0]
        # names are text on the table page: the list, the status and the header badge
        expect(page.locator("#players li[data-seat='1'] .nickname")).to_have_text(HOSTILE)
        expect(page.locator("#players li[data-seat='0'] .nickname")).to_have_text("Ada")
        expect(page.locator("#me")).to_have_text("you are Ada (Player 1)")
        expect(page.locator("#name-input")).to_have_value("Ada")
        screenshot(page, f"invites{suffix}", tmp_path)
        _no_script_ran(page, dialogs)
        # folded away, and remembered so: a reload keeps it folded
        page.click("#hide-invites")
        expect(invites.locator("ul.links")).to_be_hidden()
        page.reload()
        expect(page.locator("#invites")).to_be_visible()
        expect(page.locator("#invites ul.links")).to_be_hidden()
        # the lobby lists the open table with its names, as text
        page.goto(server.url)
        page.wait_for_selector("body[data-ready]")
        expect(page.locator("#open-tables")).to_contain_text(f"Ada, {HOSTILE}, random bot")
        _no_script_ran(page, dialogs)
        context.close()


def test_a_bad_name_is_explained_in_the_lobby_and_no_table_is_made(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = page_errors.watch(browser.new_page())
    _lobby(server, page, "winter-queen", ["human", "human"])
    page.fill("[data-name='0']", "x" * 40)  # the box stops at the server's limit
    expect(page.locator("[data-name='0']")).to_have_value("x" * 32)
    page.fill("[data-name='0']", "Ada")
    page.fill("[data-name='1']", "ada")
    before = page.url
    page.click("#create-button")
    expect(page.locator("#create-error")).to_contain_text(
        "Player 1 is already called Ada; Player 2 needs another name")
    assert page.url == before
    _forget_refusals(page_errors, 409)


def test_a_table_of_bots_takes_its_creator_to_the_spectator_view(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    page = page_errors.watch(browser.new_page())
    _lobby(server, page, "snow-time", ["random", "random", "random"])
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    expect(page.locator("#me")).to_have_text("spectator")
    expect(page.locator("a.invite")).to_have_count(0)
    expect(page.locator("a.spectate")).to_have_text(page.url)
    expect(page.locator("#name-form")).to_have_count(0)  # a spectator has no seat to name


def test_a_person_opening_their_invite_names_their_seat_and_everyone_sees_it(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = server.create("winter-queen", ["human", "human"], seed=4, first_player="1")
    guest = page_errors.watch(browser.new_page())  # not the creator: no links to show
    guest.goto(server.url + table["seats"][1]["invite"])
    watcher = page_errors.watch(browser.new_page())
    watcher.goto(f"{server.url}/table/{table['table']}")
    expect(watcher.locator("#players li[data-seat='1']")).to_contain_text("Player 2")
    expect(guest.locator("#invites")).to_have_count(0)
    name = guest.locator("#name-input")
    expect(name).to_have_attribute("placeholder", "Player 2")
    name.fill("x" * 40)  # the box stops at the server's limit
    expect(name).to_have_value("x" * 32)
    # another seat's name: refused, saying whose it is
    status, _ = server.post(f"/api/tables/{table['table']}/name",
                            {"secret": table["seats"][0]["secret"], "name": "Ada"})
    assert status == 200
    name.fill("ADA")
    guest.click("#name-form button")
    expect(guest.locator("#name-error")).to_contain_text("Player 1 is already called Ada")
    assert server.view(table, None)["seats"][1]["nickname"] is None
    name.fill(f"  Bob {HOSTILE} ")
    guest.click("#name-form button")
    expect(guest.locator("#name-status")).to_have_text("Saved.")
    expect(guest.locator("#name-error")).to_have_text("")
    shown = f"Bob {HOSTILE}"
    expect(guest.locator("#players li[data-seat='1'] .nickname")).to_have_text(shown)
    expect(watcher.locator("#players li[data-seat='1'] .nickname")).to_have_text(shown)
    expect(watcher.locator("#status")).to_have_text("Waiting for Ada (Player 1).")
    assert server.view(table, 0)["seats"][1]["nickname"] == shown
    _forget_refusals(page_errors, 409)


def test_the_creator_closes_a_table_and_it_is_listed_with_the_recent_games(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    done = server.create("snow-time", ["random", "greedy", "random"], seed=6)
    while not server.view(done, None, NO_LOG)["over"]:
        time.sleep(0.05)
    final = server.view(done, None)
    page = page_errors.watch(browser.new_page())
    _lobby(server, page, "winter-queen", ["human", "random"])
    page.select_option("[data-option='first_player']", "1")  # no bot moves before it closes
    page.fill("[data-name='0']", HOSTILE)
    page.click("#create-button")
    page.wait_for_url("**/table/**")
    table = page.url.split("?")[0].split("/")[-1]
    # nobody to invite (the other seat a bot): the links and the closing are folded away
    expect(page.locator("#invites")).not_to_have_attribute("open", "")
    page.click("#invites summary")
    page.click("#close-table")
    page.click("#close-cancel")  # a second thought: nothing happens
    assert server.view({"table": table, "spectator_secret": None}, None)["closed"] is None
    page.click("#close-table")
    page.click("#close-confirm")
    expect(page.locator("#status")).to_have_text(
        "This table was closed by its creator; nothing more can be played.")
    expect(page.locator("#choices")).to_have_text("Nothing to do now.")
    expect(page.locator("#close-table")).to_be_hidden()
    expect(page.locator("#invites ul.links")).to_be_hidden()  # folded: nobody will join now
    expect(page.locator("#name-form")).to_be_hidden()
    for size, suffix in ((DESKTOP, ""), (PHONE, "-phone"), (DESKTOP, "-dark"),
                         (PHONE, "-dark-phone")):
        page.set_viewport_size(size)
        theme = "dark" if "dark" in suffix else "light"
        page.evaluate(f"localStorage.setItem('wg.theme', '{theme}')")
        page.goto(server.url)
        page.wait_for_selector("body[data-ready]")
        closed = page.locator(f"#recent-games li[data-table='{table}']")
        expect(closed).to_contain_text("Closed by its creator after 0 moves.")
        expect(closed.locator(".seat").first).to_have_text(HOSTILE)
        expect(page.locator(f"#open-tables a[href='/table/{table}']")).to_have_count(0)
        ended = page.locator(f"#recent-games li[data-table='{done['table']}']")
        seats = ended.locator(".seat")
        expect(seats).to_have_count(3)
        for i, label in enumerate(["random bot", "greedy bot", "random bot"]):
            star = "★ " if i in final["winners"] else ""
            expect(seats.nth(i)).to_have_text(f"{star}{label} {final['scores'][i]}")
        # the newest first: the closed table ended after the finished game
        order = page.locator("#recent-games li[data-table]").evaluate_all(
            "items => items.map((li) => li.dataset.table)")
        assert order.index(table) < order.index(done["table"])
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"the lobby is {width} px wide at {size['width']}"
    page.click(f"#recent-games li[data-table='{done['table']}'] a.watch")
    page.wait_for_url(f"**/table/{done['table']}")
    expect(page.locator("#me")).to_have_text("spectator")
    expect(page.locator("#status")).to_contain_text("Game over")


def test_the_seats_offer_only_bots_that_play_the_game_each_described(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    catalogue = server.get("/api/games")
    described = {b["kind"]: b for b in catalogue["bot_settings"]}
    page = page_errors.watch(browser.new_page(viewport={"width": 1280, "height": 900}))
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    page.select_option("#game", "icecool-wizards")
    page.select_option("#players", "2")
    seat = page.locator("[data-seat='1']")
    assert seat.locator("option").all_text_contents() == ["human", "flick", "greedy", "ismcts",
                                                          "random"]
    seat.select_option("flick")
    about = page.locator("[data-about='1']")
    expect(about).to_contain_text(described["flick"]["about"])
    assert seat.get_attribute("aria-describedby") == about.get_attribute("id")
    about.locator("summary").click()  # each setting, its default and a sentence
    for name, text in described["flick"]["setting_about"].items():
        default = described["flick"]["settings"][name]
        expect(about.locator("dt", has_text=f"{name} (default {default})")).to_be_visible()
        expect(about.locator("dd", has_text=text)).to_be_visible()
    screenshot(page, "lobby-bot-kinds", tmp_path)
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "lobby-bot-kinds-phone", tmp_path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.set_viewport_size({"width": 1280, "height": 900})
    # another game: the flick planner is not offered, and its seat falls back to random
    page.select_option("#game", "snow-time")
    assert "flick" not in seat.locator("option").all_text_contents()
    assert seat.input_value() == "random"
    expect(about).to_contain_text(described["random"]["about"])
    expect(page.locator("[data-about='0']")).to_contain_text("A person")
    for kind in ("greedy", "ismcts", "random"):
        seat.select_option(kind)
        expect(about).to_contain_text(described[kind]["about"])
        expect(about.locator("dt")).to_have_count(len(described[kind]["settings"]))


# -- the look (issue 21): a card per game, emblems from the games' sprites, both themes ------

# The games whose sprites are drawn: their emblems must come from them (a game added later
# shows its initials until the lobby names symbols of its sprite).
DRAWN = ("winter-queen", "snow-time", "icecool-wizards", "winterborne", "ice")

# Every emblem: its game, how it is drawn, the symbols it uses and whether each is in the page.
EMBLEMS = """() => [...document.querySelectorAll('#game-cards svg.emblem')].map((svg) => ({
  game: svg.dataset.game, how: svg.dataset.emblem, title: svg.querySelector('title').textContent,
  letters: svg.querySelector('text')?.textContent ?? null,
  uses: [...svg.querySelectorAll('use')].map((u) => u.getAttribute('href')),
  found: [...svg.querySelectorAll('use')].every((u) =>
    document.querySelector(u.getAttribute('href'))?.localName === 'symbol') }))"""

# Text drawn smaller than 14px (SVG drawings aside), with what it says.
SMALL_TEXT = """() => {
  const small = [];
  const shown = (node) => { const r = document.createRange(); r.selectNodeContents(node);
                            return r.getClientRects().length > 0; };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || el.closest('svg, option') || !shown(node)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 14) small.push(`${size}px ${node.textContent.trim().slice(0, 30)}`);
  }
  // (a checkbox writes no text: its label is read above)
  for (const el of document.querySelectorAll('input:not([type=checkbox]), select, button')) {
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (el.getClientRects().length && size < 14) small.push(`${size}px <${el.localName}>`);
  }
  return small;
}"""

# Every colour the page's boxes and words are drawn in (the emblems' drawings aside).
COLOURS_USED = """() => {
  const used = {};
  const note = (colour, el) => { used[colour] ??= `${el.localName}.${el.className}`; };
  for (const el of document.body.querySelectorAll('*')) {
    if (el.closest('svg') || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if ([...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
        || (['INPUT', 'SELECT'].includes(el.tagName) && el.type !== 'checkbox')) {
      note(style.color, el);
    }
    note(style.backgroundColor, el);
    for (const side of ['Top', 'Right', 'Bottom', 'Left']) {
      if (parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none'
          && el.type !== 'checkbox') note(style[`border${side}Color`], el);
    }
  }
  return used;
}"""


def _rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def _create_named(server: Server, game: str, seats: list[str], seed: int) -> dict[str, Any]:
    """A table whose people have names: a bot kind as itself, any other word a person."""
    return server.create(game, [seat if seat in ("random", "greedy") else
                                {"kind": "human", "name": seat} for seat in seats], seed=seed)


def test_the_lobby_as_a_stranger_first_meets_it(
        browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """A lobby of its own (not the module's, which other tests fill with hostile names):
    a few tables being played and two finished games, in both themes and on a phone; the
    README's and docs' pictures of the lobby come from here."""
    with Server(tmp_path / "wg.db") as fresh:
        for game, seats in (("snow-time", ["random", "greedy", "random"]),
                            ("winter-queen", ["greedy", "random"])):
            done = fresh.create(game, seats, seed=3)
            while not fresh.view(done, None, NO_LOG)["over"]:
                time.sleep(0.05)
        _create_named(fresh, "winterborne", ["Mira", "Tomas"], seed=1)
        _create_named(fresh, "ice", ["Ada", "greedy", "greedy"], seed=2)
        _create_named(fresh, "winter-queen", ["Jon", "Ines", "greedy"], seed=4)
        for size, suffix in ((DESKTOP, ""), (PHONE, "-phone"), (DESKTOP, "-dark"),
                             (PHONE, "-dark-phone")):
            page = _open_lobby(browser, page_errors, fresh, size,
                               "dark" if "dark" in suffix else "light")
            expect(page.locator("#open-tables li[data-table]")).to_have_count(3)
            expect(page.locator("#recent-games li[data-table]")).to_have_count(2)
            expect(page.locator("#open-tables")).to_contain_text("Mira")
            screenshot(page, f"lobby{suffix}", tmp_path)
            page.context.close()


def _open_lobby(browser: Browser, page_errors: PageErrors, server: Server,
                size: ViewportSize, theme: str) -> Page:
    context = browser.new_context(viewport=size, is_mobile=size["width"] < 500,
                                  has_touch=size["width"] < 500)
    context.add_init_script(f"localStorage.setItem('wg.theme', '{theme}')")
    page = page_errors.watch(context.new_page())
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    return page


def test_each_game_is_a_card_with_its_emblem_its_line_and_its_players(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    server.create("icecool-wizards", ["human", "random"], seed=5)  # an open table to list
    games = server.get("/api/games")["games"]
    page = _open_lobby(browser, page_errors, server, DESKTOP, "light")
    cards = page.locator("#game-cards button.game-card")
    expect(cards).to_have_count(len(games))
    for i, game in enumerate(games):
        card = cards.nth(i)
        assert card.get_attribute("data-game") == game["id"]
        expect(card.locator(".card-title")).to_have_text(game["title"])
        expect(card.locator(".card-players")).to_have_text(
            f"{game['min_players']}–{game['max_players']} players")
        line = card.locator(".card-line").inner_text()
        assert 10 < len(line) <= 60, f"{game['id']}: not one short line: {line!r}"
    emblems = {e["game"]: e for e in page.evaluate(EMBLEMS)}
    assert set(emblems) == {g["id"] for g in games}
    titles = {g["id"]: g["title"] for g in games}
    for game, drawn in emblems.items():
        assert drawn["title"] == titles[game]  # spoken and shown on hover
        if game in DRAWN or drawn["how"] == "drawn":
            assert drawn["how"] == "drawn" and drawn["uses"] and drawn["found"], drawn
            prefix = {"winter-queen": "#wq-", "snow-time": "#st-", "icecool-wizards": "#iw-",
                      "winterborne": "#wb-", "ice": "#ice-"}[game]
            assert all(use.startswith(prefix) for use in drawn["uses"]), drawn  # its own sprite
        else:  # no sprite of its own yet: its initials, and no drawing borrowed from another
            assert drawn["how"] == "initials" and drawn["letters"] and not drawn["uses"], drawn
    # a card chooses its game: the form follows, and the card is marked as the choice
    page.locator("button.game-card[data-game='snow-time']").click()
    assert page.locator("#game").input_value() == "snow-time"
    expect(page.locator("#chosen-title")).to_have_text("Snow Time")
    assert page.locator("#players option").all_text_contents() == ["2", "3", "4", "5"]
    pressed = cards.evaluate_all("cs => cs.map((c) => c.getAttribute('aria-pressed'))")
    assert pressed == ["true" if g["id"] == "snow-time" else "false" for g in games]
    page.select_option("#game", "winter-queen")  # and the other way round
    expect(page.locator("button.game-card.chosen")).to_have_attribute("data-game", "winter-queen")
    expect(page.locator("#chosen-emblem svg.emblem")).to_have_attribute("data-game", "winter-queen")
    # an open table is led by its game's emblem, with a way to watch it
    table = page.locator("#open-tables li[data-table]").first
    expect(table.locator("svg.emblem")).to_have_attribute("data-game", "icecool-wizards")
    expect(table.locator("a.watch")).to_have_text("Watch")


def test_a_game_whose_sprite_lacks_the_emblems_symbols_shows_its_initials(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    context = browser.new_context(viewport=DESKTOP)
    # Snow Time's sprite as an empty drawing: loaded, but none of the emblem's symbols
    context.route("**/static/icons/snow-time.svg", lambda route: route.fulfill(
        status=200, content_type="image/svg+xml",
        body='<svg xmlns="http://www.w3.org/2000/svg"></svg>'))
    page = page_errors.watch(context.new_page())
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    emblems = {e["game"]: e for e in page.evaluate(EMBLEMS)}
    assert emblems["snow-time"]["how"] == "initials" and emblems["snow-time"]["letters"] == "ST"
    assert emblems["snow-time"]["uses"] == []
    assert emblems["winter-queen"]["how"] == "drawn"  # the others keep theirs
    # ringed with the game's own colours
    ring = page.locator("#game-cards svg.emblem[data-game='snow-time'] path").evaluate_all(
        "ps => ps.map((p) => p.getAttribute('stroke'))")
    assert ring == list(PALETTE["games"]["snow-time"]["components"]["pawn"].values())
    context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_lobby_is_drawn_in_its_themes_colours_and_reads_on_a_phone(
        server: Server, browser: Browser, page_errors: PageErrors, size: ViewportSize,
        theme: str) -> None:
    page = _open_lobby(browser, page_errors, server, size, theme)
    assert page.evaluate("document.documentElement.dataset.theme") == theme
    expect(page.locator("#theme-choice")).to_have_value(theme)
    allowed = {_rgb(c) for c in PALETTE["themes"][theme].values() if len(c) == 7}
    allowed.add("rgba(0, 0, 0, 0)")  # nothing drawn
    stray = {c: where for c, where in page.evaluate(COLOURS_USED).items() if c not in allowed}
    assert stray == {}, f"colours not of the {theme} theme: {stray}"
    if size is PHONE:
        assert page.evaluate(SMALL_TEXT) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # every game is on its card in the row of games, which pans on its own
        last = page.locator("button.game-card").last
        last.scroll_into_view_if_needed()
        box = last.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_the_theme_chosen_in_the_lobby_is_kept(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    context = browser.new_context(viewport=DESKTOP, color_scheme="light")
    page = page_errors.watch(context.new_page())
    page.goto(server.url)
    page.wait_for_selector("body[data-ready]")
    expect(page.locator("#theme-choice")).to_have_value("system")
    assert page.evaluate("document.documentElement.dataset.theme") == "light"
    page.select_option("#theme-choice", "dark")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.reload()
    page.wait_for_selector("body[data-ready]")
    assert page.evaluate("localStorage.getItem('wg.theme')") == "dark"
    expect(page.locator("#theme-choice")).to_have_value("dark")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    context.close()


def test_open_tables_leave_the_quiet_ones_behind_a_button(
        browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Issue 39 item 8: "Open tables" listed every table ever left there. A table nobody
    has moved at or named a seat of for the server's ``lobby_quiet_seconds`` waits behind
    "Show 1 quiet table"; a table just made is listed."""
    with Server(tmp_path / "quiet.db", lobby_quiet_seconds=2.0) as server:
        left = server.create("winter-queen", ["human", "human"], seed=1)
        time.sleep(2.5)
        fresh = server.create("snow-time", ["human", "human", "human"], seed=2)
        page = page_errors.watch(browser.new_page())
        page.goto(server.url + "/")
        page.wait_for_selector("body[data-ready]", timeout=TIMEOUT)
        listed = page.locator("#open-tables li[data-table]")
        expect(listed).to_have_count(1)
        assert listed.first.get_attribute("data-table") == fresh["table"]
        toggle = page.locator("#quiet-toggle")
        expect(toggle).to_have_text("Show 1 quiet table")
        expect(page.locator("#quiet-tables")).to_contain_text("for 2 seconds")
        toggle.click()
        expect(listed).to_have_count(2)
        assert left["table"] in listed.evaluate_all("ls => ls.map(l => l.dataset.table)")
        expect(toggle).to_have_text("Hide quiet tables")
        page.close()


def test_the_lobbys_name_boxes_stop_at_the_servers_limit(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 39 item 9: a name box took 80 characters the server then refused."""
    page = page_errors.watch(browser.new_page())
    page.goto(server.url + "/")
    page.wait_for_selector("body[data-ready]", timeout=TIMEOUT)
    names = page.locator("input.name")
    assert names.count() >= 2
    for i in range(names.count()):
        expect(names.nth(i)).to_have_attribute("maxlength", "32")
    page.close()
