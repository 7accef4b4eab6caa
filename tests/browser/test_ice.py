"""ICE in the browser: a whole game against two bots, played by clicking the board, the
cards and the buttons; and the layout the page draws the layered board with."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from wintergames.games.ice.observe import board_entries
from wintergames.games.ice.words import RULES

from .animation import SETTLED
from .conftest import (
    DESKTOP,
    LEGIBLE_PX,
    PHONE,
    POLL_MS,
    WIDE,
    PageErrors,
    Server,
    open_page,
    opens_its_rule_passage,
    screenshot,
    screenshot_folder,
)
from .test_play import TIMEOUT, click_and_wait, play_the_middle, wait_for_my_turn_or_the_end
from .test_tooltips import ice_midgame
from .test_winter_queen import faded_text

# The places' names the board writes that a piece covers (or that cover a piece): their boxes
# overlap a Leader's, a Camp's or an Archaeologists' figure.
COVERED_NAMES = """() => {
  const pieces = [...document.querySelectorAll(
    ['data-leader', 'data-camp', 'data-archaeologists'].map(a => `svg.ice-board g[${a}]`).join())]
    .map(g => g.getBoundingClientRect());
  const meet = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  return [...document.querySelectorAll('svg.ice-board text.place-name')]
    .filter(t => pieces.some(p => meet(t.getBoundingClientRect(), p))).map(t => t.textContent);
}"""

# Log text naming a place (T26, S12, E22, A3) outside a mention that says what it is.
BARE_PLACES = r"""() => {
  const bare = [];
  const walker = document.createTreeWalker(document.getElementById('log'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('.ice-place')) continue;
    bare.push(...(node.textContent.match(/(?<![\w-])[TSDEA]\d{1,2}(?![\w-])/g) || []));
  }
  return bare;
}"""

# What the board looked like when it was first drawn: the view's stylesheet (ice.css) sets
# the board's width, so an unstyled first frame shows as "none".
FIRST_FRAME = """
new MutationObserver((changes, observer) => {
  const board = document.querySelector("svg.ice-board");
  if (!board) return;
  window.firstFrame = getComputedStyle(board).maxWidth;
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
"""

# How much more often the test player picks some choices than others: it digs (so the
# lower layers show), and rarely ends its day early or spends RP on Overwork.
WEIGHTS = {"Excavate": 12.0, "End your day": 0.3, "Overwork": 0.2, "Take no Request": 0.3}


def _weight(label: str) -> float:
    return next((w for key, w in WEIGHTS.items() if label.startswith(key)), 1.0)


def _wait_after_click(page: Page, version: str) -> None:
    page.wait_for_function(
        f"document.body.dataset.version !== '{version}' || document.body.dataset.over === '1'"
        " || document.getElementById('error').textContent !== ''"
        " || document.getElementById('ice-filter') !== null"
        " || document.getElementById('ice-uses') !== null", timeout=TIMEOUT, polling=POLL_MS)
    assert page.locator("#error").text_content() == ""


def late_on_day_4(observation: dict[str, Any]) -> bool:
    """The last day, the seat's energy nearly spent: its last moves and the Sunset's
    validations are left to the page."""
    return bool(observation["day"] >= 4 and observation["seats"][observation["you"]]["ep"] <= 2)


def play_one_decision(page: Page, rng: random.Random) -> str:
    """One decision, picked at random among the orange rings on the board, the playable
    cards and the buttons of "Your move". A ring or card with several actions lists them
    first (nothing is sent); then one of those is clicked. Returns what was chosen."""
    expect(page.locator("circle.ring, button.ice-card.playable, #choices button.act").first
           ).to_be_visible(timeout=TIMEOUT)
    rings = page.locator("circle.ring")
    cards = page.locator("button.ice-card.playable")
    slots = page.locator(".ice-slot.playable")
    buttons = page.locator("#choices button.act")
    labels = buttons.all_text_contents()
    options = ([("ring", i, 1.0) for i in range(rings.count())]
               + [("card", i, 1.0) for i in range(cards.count())]
               + [("slot", i, 1.0) for i in range(slots.count())]
               + [("button", i, _weight(label)) for i, label in enumerate(labels)])
    assert options, page.locator("#choices").inner_text()
    kind, index, _ = rng.choices(options, weights=[w for *_, w in options])[0]
    version = page.evaluate("document.body.dataset.version")
    if kind == "button":
        click_and_wait(page, "#choices button.act", index)
        return labels[index]
    if kind == "slot":  # an Artifact slot of your guild board: one action
        click_and_wait(page, ".ice-slot.playable", index)
        return kind
    (rings if kind == "ring" else cards).nth(index).click()
    _wait_after_click(page, version)
    if page.locator("#ice-filter").count():  # several actions on that place
        choice = rng.randrange(page.locator("#choices button.act").count())
        click_and_wait(page, "#choices button.act", choice)
    elif page.locator("#ice-uses").count():  # a card's uses
        click_and_wait(page, "#ice-uses button.use", rng.randrange(
            page.locator("#ice-uses button.use").count()))
    return kind


def test_a_three_player_ice_game_against_two_bots_is_played_to_the_end(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("ice", ["human", "greedy", "greedy"], seed=13)
    # the bots' moves shown at once, not at a reader's pace (test_motion*.py play them)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"],
                     viewport=WIDE)
    wait_for_my_turn_or_the_end(page)
    board = page.locator("svg.ice-board")
    # Every layer is drawn: 48 Snow tiles on top, the 37 Surface and 27 Deep tiles and the
    # 45 edge slots under them, Azulia's 7 districts at the bottom.
    assert board.locator("g.layer-3 g.place").count() == 48
    assert board.locator("g.layer-2 g.place").count() == 37 + 24
    assert board.locator("g.layer-1 g.place").count() == 27 + 21
    assert board.locator("g.azulia g.place").count() == 7
    assert board.locator("line.rift").count() == 2 * board.locator(
        "g.layer-3 g.place[data-back='rift']").count()
    expect(page.locator("#ice-day")).to_contain_text("Before Day 1")
    # The view's own stylesheet (views/ice.css) is loaded and applies.
    expect(page.locator(".ice-guild").first).to_have_css("border-top-style", "solid")
    expect(page.locator("button.ice-card.playable")).to_have_count(5)  # the opening hand
    rng = random.Random(13)
    pictured = screenshot_folder() is None  # the README's picture, when pictures are taken
    for decision in range(1500):
        if page.evaluate("document.body.dataset.over") == "1":
            break
        if decision == 10:  # the middle over HTTP, the page away; Day 4's end on the page
            play_the_middle(page, server, table, 0, late_on_day_4, rng)
            continue
        # The picture: a turn of Day 4 (the ice dug into), a handful of places to act on.
        if (not pictured and page.locator("#ice-day .now[data-day='4']").count()
                and 4 <= page.locator("circle.ring").count() <= 12):
            page.wait_for_function(SETTLED, timeout=TIMEOUT)  # the board, not a motion
            screenshot(page, "ice", tmp_path)
            pictured = True
        play_one_decision(page, rng)
        wait_for_my_turn_or_the_end(page)
    assert page.evaluate("document.body.dataset.over") == "1", "the game did not end"
    # The end screen: the server's scores and winners, each seat's score line.
    final = server.view({"table": table["table"], "spectator_secret": None}, None)
    expect(page.locator("dialog#end")).to_be_visible(timeout=TIMEOUT)  # after the last motion
    shown = [int(c) for c in page.locator("#final-scores td.total").all_text_contents()]
    assert final["over"] and shown == final["scores"]
    expect(page.locator("#winners")).to_contain_text(
        " and ".join(f"Player {w + 1}" for w in final["winners"]))
    # every column of the dialog's table is headed by its category's icon
    heads = page.locator("#final-scores thead th[data-category]")
    assert heads.count() == len(final["breakdown"]["categories"]) == 5
    for i in range(heads.count()):
        expect(heads.nth(i).locator(".category-icon svg.icon")).to_have_count(1)
    # The side panel says the game is over (no move asked for) and shows the same breakdown,
    # one row per category led by the same icon, one column per seat, the totals last.
    expect(page.locator("#ice-over")).to_have_text(re.compile(r"^The game is over: .* wins?\.$"))
    expect(page.locator("#ice-prompt")).to_have_count(0)
    result = page.locator("#ice-result")
    rows = result.locator("tbody tr[data-category]")
    assert rows.count() == len(final["breakdown"]["categories"])
    for i, category in enumerate(final["breakdown"]["categories"]):
        row = rows.nth(i)
        expect(row.locator("th")).to_contain_text(category)
        expect(row.locator("th .category-icon svg.icon")).to_have_count(1)
        assert [int(v) for v in row.locator("td").all_text_contents()] == [
            seat[i] for seat in final["breakdown"]["rows"]]
    totals = result.locator("tr.total td").all_text_contents()
    assert [int(t) for t in totals] == final["scores"]
    # Something was dug: the board shows fewer Snow tiles than at the start.
    assert board.locator("g.layer-3 g.place").count() < 48
    if not pictured:  # the game went otherwise: the picture is the board at the end
        page.get_by_role("button", name="Look at the board").click()
        expect(page.locator("dialog#end")).to_be_hidden()
        page.mouse.move(0, 0)  # no tooltip where the button was
        page.wait_for_function(SETTLED, timeout=TIMEOUT)
        screenshot(page, "ice", tmp_path)


def test_the_layout_puts_each_tile_on_the_corners_of_the_three_it_rests_on() -> None:
    """components/ice.md C1: neighbouring tile centres are 1 apart, and an upper tile's
    centre lies on a shared corner of the three pieces below it, 1/sqrt(3) from each;
    each third of a piece is the rhombus towards the piece lying over it."""
    from wintergames.games.ice.layout import layout

    data = layout()
    places = {p["name"]: p for p in data["places"]}
    radius = 1 / math.sqrt(3)
    assert math.isclose(data["hex_radius"], radius, abs_tol=1e-3)

    def dist(a: dict[str, float], b: dict[str, float]) -> float:
        return math.hypot(a["x"] - b["x"], a["y"] - b["y"])

    for p in places.values():
        if p["kind"] == "tile" and p["level"] >= 2:
            assert len(p["below"]) == 3
            for b in p["below"]:
                assert math.isclose(dist(p, places[b]), radius, abs_tol=1e-3), (p["name"], b)
        for t in p["thirds"]:
            if t["over"] is not None and p["kind"] != "district":
                over = places[t["over"]]
                assert math.isclose(dist(p, over), radius, abs_tol=1e-3)
                assert math.isclose(t["at"][0], (p["x"] + over["x"]) / 2, abs_tol=1e-3)
                assert math.isclose(t["at"][1], (p["y"] + over["y"]) / 2, abs_tol=1e-3)
    # T1..T48 by rows of 4, 5, 6, 7, 8, 7, 6, 5 (C1: rings of 3 / 9 / 15 / 21 slots).
    rows: dict[float, int] = {}
    for p in places.values():
        if p["level"] == 3:
            rows[round(p["y"], 3)] = rows.get(round(p["y"], 3), 0) + 1
    assert [rows[y] for y in sorted(rows)] == [4, 5, 6, 7, 8, 7, 6, 5]
    # The centre of the board is the centre of the middle Surface tile.
    middle = [p for p in places.values() if p["level"] == 2 and p["kind"] == "tile"
              and abs(p["x"]) < 1e-6 and abs(p["y"]) < 1e-6]
    assert len(middle) == 1
    assert len(data["icons"]) == 7 and all(len(i["under"]) == 3 for i in data["icons"])
    assert data["glossary"]["front:wreck"] and data["requests"]["PRISM-a"]["text"]


def test_the_pages_board_reads_the_views_lists_as_the_engine_lists_its_places(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """The view's board is three lists (observe._board); the page reads them place by
    place (boardEntries) as ``board_entries`` does, and a replay stored before the lists
    (the board as those entries) reads the same."""
    table, views = ice_midgame(server)
    obs = views[0]["observation"]
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    expect(page.locator("svg.ice-board")).to_be_visible(timeout=TIMEOUT)
    read = page.evaluate("""([obs, old, layout]) => import('/static/js/views/ice/board.js')
        .then(m => [[...m.boardEntries(obs, layout).values()],
                    [...m.boardEntries(old, layout).values()]])""",
                         [obs, {**obs, "board": board_entries(obs)},
                          server.get("/api/games/ice/layout")])
    assert read[0] == board_entries(obs) == read[1]
    assert any("rift_axis" in e for e in read[0]) and any("tile" in e for e in read[0])


def test_the_board_is_drawn_with_its_icons_in_both_themes(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Issue 21: Artifacts show their type's glyph, Snow tiles their back's symbol, Leaders
    and Camps stand in their seat's colours, Archaeologists as figures with a count; the
    hand, the Requests, the Decrees are cards with icons; others' hands are backs with
    counts. The first frame is already styled. Screenshots, light and dark, desktop and
    phone, for docs/screenshots."""
    table, views = ice_midgame(server)
    obs = views[0]["observation"]
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"],
                     init_script=FIRST_FRAME)
    board = page.locator("svg.ice-board")
    expect(board).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("window.firstFrame") == "864px", "the board's first frame was unstyled"
    assert page.locator(".icon-sprite[data-game='ice'] symbol").count() > 40
    hrefs = board.locator("use").evaluate_all("us => us.map(u => u.getAttribute('href'))")
    # each Artifact that shows (some part not under the layer above), by its type's glyph
    entries = board_entries(obs)
    tiles = {e["place"]: e["tile"] for e in entries if e.get("tile")}
    shown = board.locator("g.on").evaluate_all(
        "gs => gs.filter(g => g.querySelector('[data-type]')).map(g => [g.dataset.on,"
        " g.querySelector('[data-type]').dataset.type,"
        " g.querySelector('use').getAttribute('href')])")
    assert len(shown) >= 5, shown
    for place, kind, href in shown:
        assert kind == tiles[place]["type"], place
        assert href == ("#ice-prismatic" if kind == "prismatic" else f"#ice-type-{kind}"), place
    assert "#ice-archaeologist" in hrefs
    # every Snow tile by its back's symbol
    snow = [e for e in entries if e.get("tile") and e["tile"]["layer"] == "snow"]
    assert board.locator("g.layer-3 g.place use.back").count() == len(snow)
    # Leaders in their seat's colour, Archaeologists as figures with their count
    colours = page.evaluate("import('/static/js/palette.js').then(m => m.PALETTE.games.ice.seats)")
    for seat, st in enumerate(obs["seats"]):
        if st["leader"]:
            leader = board.locator(f"g[data-leader='{seat + 1}'] use")
            assert leader.get_attribute("href") == "#ice-leader"
            assert leader.get_attribute("color") == colours[seat]
    crowds = [e["archaeologists"] for e in entries if e.get("archaeologists")]
    figures = board.locator("g[data-archaeologists]")
    assert figures.count() >= 1 and figures.count() <= len(crowds)
    assert figures.first.locator("use[href='#ice-archaeologist']").count() == 1
    assert figures.first.locator("text").text_content() == figures.first.get_attribute(
        "data-archaeologists")
    # the hand, the Requests and the Decrees as cards, each with its icons
    me = obs["seats"][0]
    hand = page.locator("#ice-hand button.ice-snow")
    assert hand.count() == len(me["hand"])
    for i, tile in enumerate(me["hand"]):
        card = hand.nth(i)
        assert card.locator(f"use[href='#ice-front-{tile['front']}']").count() == 1, tile
        assert card.locator(f"use[href='#ice-back-{tile['back']}']").count() == 1, tile
    requests = page.locator("#ice-hand button.ice-request")
    assert requests.count() == len(me["request_cards"])
    for i in range(requests.count()):
        assert requests.nth(i).locator(".items svg.icon").count() >= 2
        assert requests.nth(i).locator(".rp").inner_text().strip()[0].isdigit()
    assert page.locator("#ice-decrees .ice-decree use[href='#ice-decree']").count() == 3
    # the other guild's Snow tiles and Requests: backs with counts
    other = obs["seats"][1]
    backs = page.locator(".ice-guild[data-seat='1'] .ice-back-card")
    assert sorted(backs.evaluate_all("bs => bs.map(b => b.dataset.back)")) == sorted(
        set(other["snow_backs"]))
    assert page.locator(".ice-guild[data-seat='1'] use[href='#ice-request-back']").count() == 1
    # tooltips name their icon; log lines carry icons
    assert page.locator("[data-tip-icon^='ice-type-']").count() >= 5
    expect(page.locator("#log li .named svg.icon").first).to_be_attached()
    # your own Snow tiles' fronts, named in the log when taken, are led by their icon
    expect(page.locator("#log li use[href^='#ice-front-']").first).to_be_attached()
    # each guild board carries its guild's symbol (yours and the others')
    for seat, st in enumerate(obs["seats"]):
        guild = page.locator(f".ice-guild[data-seat='{seat}'] h3")
        assert guild.locator(f"use[href='#ice-guild-{st['guild']}']").count() == 1
    # revealed Logbook cards by their event's icon and name, the code only as data-code/title
    revealed = page.locator("#ice-logbook-pill .ice-named")
    assert revealed.evaluate_all("ns => ns.map(n => n.dataset.code)") == obs["logbook"]
    for i, card in enumerate(obs["logbook"]):
        event = card.removesuffix("-a").removesuffix("-b").lower()
        assert revealed.nth(i).locator(f"use[href='#ice-event-{event}']").count() == 1
        assert card not in revealed.nth(i).inner_text()
    expect(page.locator("#ice-logbook-pill")).not_to_contain_text(obs["logbook"][0])
    # Requests: the card names its kind, not its code; a line's mention of a card is drawn
    # with its icons by its ref (the code), in the engine's words
    assert all(code not in text for code, text in zip(
        me["request_cards"], requests.all_inner_texts(), strict=True))
    named = page.evaluate("""([layout]) => import('/static/js/views/ice.js').then(m => [
        {kind: 'card', ref: 'DUO-HAR-EXA-OBL',
         text: 'Duo Request (Harmony, Exalted, Obliteration)'},
        {kind: 'card', ref: 'SOMETHING-IS-COMING-a', text: 'Something is Coming'},
        {kind: 'card', ref: 'DEC-HAR', text: 'Harmony Decree'},
        {kind: 'piece', ref: 'tunnel', text: 'a tunnel Snow tile', term: 'tunnel'},
        {kind: 'amount', ref: 2, unit: 'Archaeologist', text: '2 Archaeologists'},
        {kind: 'seat', ref: 0, text: 'Player 1'}].map(mention => {
          const node = m.mention(mention, layout);
          if (!node) return null;
          document.body.append(node);
          const out = [node.dataset.code ?? null, node.innerText,
                       [...node.querySelectorAll('use')].map(u => u.getAttribute('href'))];
          node.remove();
          return out;
        }))""", [server.get("/api/games/ice/layout")])
    assert named == [
        ["DUO-HAR-EXA-OBL", "Duo Request (Harmony, Exalted, Obliteration)", ["#ice-request-back"]],
        ["SOMETHING-IS-COMING-a", "Something is Coming", ["#ice-event-something-is-coming"]],
        ["DEC-HAR", "Harmony Decree", ["#ice-decree"]],
        [None, "a tunnel Snow tile", ["#ice-back-tunnel"]],
        [None, "2 Archaeologists", ["#ice-archaeologist"]],
        None], named  # a seat: said.js draws it
    # a button's label (the engine's phrase) names a tile by its icon and name, the id kept
    # as data-code (the labels' words and costs: tests/games/ice/test_prompts.py)
    from wintergames.games.ice.actions import TILE_IDS
    from wintergames.games.ice.layout import layout
    from wintergames.games.ice.words import tile
    snow = next(i for i, f in layout()["fronts"].items() if f["talisman"])
    art = next(i for i, a in layout()["artifacts"].items() if a["shape"])
    said = [tile(TILE_IDS.index(i)).to_json() for i in (snow, art)]
    labels = page.evaluate("""([layout, said]) => import('/static/js/views/ice.js').then(m =>
        said.map(mention => {
          const box = document.createElement('p');
          box.append('Play ', m.mention(mention, layout));
          document.body.append(box);
          const out = [box.innerText, box.querySelector('[data-code]')?.dataset.code,
                       [...box.querySelectorAll('use')].map(u => u.getAttribute('href'))];
          box.remove();
          return out;
        }))""", [layout(), said])
    front = layout()["fronts"][snow]["front"]
    assert labels[0][1] == snow and snow not in labels[0][0], labels
    assert labels[0][2] == [f"#ice-front-{front}"], labels
    kind = layout()["artifacts"][art]
    assert labels[1][1] == art and art not in labels[1][0], labels
    assert labels[1][2] == [f"#ice-type-{kind['type']}"], labels
    page.locator("#ice-me").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('ice-me').scrollIntoView({block: 'start'})")
    screenshot(page, "ice-hand", tmp_path, full_page=False)
    page.evaluate("window.scrollTo(0, 0)")
    quiet_names_and_no_faded_text(page, obs)
    page.evaluate("localStorage.setItem('wg.theme', 'dark')")
    page.reload()
    expect(board).to_be_visible(timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    quiet_names_and_no_faded_text(page, obs)
    screenshot(page, "ice-dark", tmp_path, full_page=False)
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    expect(board).to_be_visible(timeout=TIMEOUT)
    screenshot(page, "ice-dark-phone", tmp_path, full_page=False)
    # On a phone the cards' text (at least .75rem) stays inside its card and the cards on screen.
    page.evaluate("document.getElementById('ice-hand').scrollIntoView({block: 'start'})")
    spill = page.locator("#ice-hand .ice-card, #ice-decrees .ice-card").evaluate_all(
        """cs => cs.filter(c => c.scrollWidth > c.clientWidth + 1
                               || c.scrollHeight > c.clientHeight + 1
                               || c.getBoundingClientRect().right > innerWidth)
                   .map(c => c.dataset.term)""")
    assert not spill, spill
    # read in one go in the page: the socket's first view, arriving as it connects, may
    # redraw the hand between a query and a read from here (a fresh-clone run read NaN)
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('#ice-hand .ice-card span,"
        " #ice-decrees .ice-card span')].filter(s => s.innerText.trim())"
        ".map(s => parseFloat(getComputedStyle(s).fontSize))")
    assert sizes and min(sizes) >= 12, sorted(sizes)[:3]
    screenshot(page, "ice-hand-phone", tmp_path, full_page=False)
    page.context.close()


def quiet_names_and_no_faded_text(page: Page, obs: dict[str, Any]) -> None:
    """No board text below full opacity (a used Artifact slot is muted by its ink and a
    dashed edge); the places' names small and plain, never under a piece; the log's places
    each a mention that says its layer."""
    assert faded_text(page) == []
    used = page.locator(".ice-slot.used")
    assert used.count() == sum(len(st["used_today"]) for st in obs["seats"])
    # Found and read in one task of the page: a view arriving between a locator's finding
    # and its evaluating redraws the panel, and a detached element's computed colour is ''.
    muted = page.evaluate("getComputedStyle(document.querySelector('.ice-guild dt')).color")
    assert muted.startswith("rgb"), muted
    for i in range(used.count()):
        expect(used.nth(i)).to_have_css("border-top-style", "dashed")
        expect(used.nth(i).locator(".t .name")).to_have_css("color", muted)
    names = page.locator("svg.ice-board text.place-name")
    assert names.count() >= 40  # the Snow tiles' at least
    styles = names.evaluate_all("ts => [...new Set(ts.map(t => getComputedStyle(t).fontSize + ' '"
                                " + getComputedStyle(t).fontWeight))]")
    assert styles == ["10px 400"], styles
    assert page.evaluate(COVERED_NAMES) == []
    assert page.locator("svg.ice-board text:not(.place-name)").evaluate_all(
        "ts => ts.filter(t => /^[TSDEA]\\d{1,2}$/.test(t.textContent))") == []
    mentions = page.locator("#log .ice-place")
    assert mentions.count() >= 1
    for term in mentions.evaluate_all("ms => ms.map(m => m.dataset.term)"):
        assert term in ("snow", "surface", "deep", "edge", "azulia"), term
    assert page.evaluate(BARE_PLACES) == []


# The codes of components (Snow tiles, the Encampment, Artifacts, Requests, Logbook cards,
# Decrees): none may show in the page's log, only in refs, terms and data-code.
CODES = re.compile(r"\bSN\d+\b|\bENC\b|\b[SD]-[A-Z]{3}-\d|\b(?:MONO|SHAPES|EITHER|DUO|TRIO|PRISM)-"
                   r"|\bDEC-[A-Z]|\b[A-Z]{4,}(?:-[A-Z]+)*-[a-z]\b|\b(?:BLIZZARD|CATACLYSM|SNOWSTORM)\b")


def mentions(line: dict[str, Any]) -> list[dict[str, Any]]:
    return [part for part in line["parts"] if isinstance(part, dict)]


def test_the_log_is_the_engines_words_with_icons_and_a_link_to_each_rule(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 38: each log line is the engine's words (a Snow tile by its front, a face-down
    tile by its back, a Request by its kind, a Logbook card by its event) with the game's
    icons found from each mention's ref, and ends with a "§" that opens the Rules dialog at
    the passage it applies. No code shows; each stays in data-code and the tooltip."""
    table, views = ice_midgame(server)
    log = views[0]["log"]
    layout = server.get("/api/games/ice/layout")
    cards = {m["ref"] for line in log for m in mentions(line) if m["kind"] == "card"}
    snow = sorted(c for c in cards if c in layout["fronts"])
    assert snow and any(c in layout["requests"] for c in cards)
    assert any(c in layout["logbook"] for c in cards)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    lines = page.locator("#log li")
    expect(lines).to_have_count(len(log), timeout=TIMEOUT)
    for i, line in enumerate(log):  # the engine's words, then the rule's link
        expect(lines.nth(i)).to_have_text(line["text"] + " §")
        assert lines.nth(i).get_attribute("data-rule") == line["rule"]
    text = page.locator("#log").inner_text()
    assert not CODES.findall(text), CODES.findall(text)
    for code in snow:  # your own Snow tiles by their fronts' names and icons
        named = page.locator(f"#log .said-card[data-code='{code}']").first
        word = "Encampment" if code == "ENC" else layout["fronts"][code]["name"].split()[0]
        expect(named).to_contain_text(word, ignore_case=True)
        expect(named.locator("svg.icon use")).to_have_attribute(
            "href", re.compile(r"#ice-(?:front|back)-"))
    taken = page.locator("#log li[data-msg='take-snow']").first  # a face-down tile by its back
    expect(taken.locator(".said-piece use[href^='#ice-back-']")).to_have_count(1)
    expect(page.locator("#log .said-card use[href^='#ice-event-']").first).to_be_attached()
    expect(page.locator("#log .said-card use[href='#ice-request-back']").first).to_be_attached()
    places = page.locator("#log .said-place")  # places: their layer is their tooltip
    assert places.count() >= 1
    assert set(places.evaluate_all("ps => ps.map(p => p.dataset.term)")) <= {
        "snow", "surface", "deep", "edge", "azulia"}
    dug = next(line for line in log if line["msg"] == "excavated")
    opens_its_rule_passage(page, page.locator("#log li[data-msg='excavated']").first,
                           dug["rule"], RULES[dug["rule"]].title)
    page.context.close()


def test_each_players_row_carries_its_guild_symbol_and_other_games_none(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """The players list (table.js, every game) takes what a view adds to a seat's row:
    ICE's guild symbol, named for hover and screen readers; Winter Queen adds nothing."""
    table, views = ice_midgame(server)
    seats = views[0]["observation"]["seats"]
    for theme, size in (("light", DESKTOP), ("dark", PHONE)):
        page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"],
                         theme=theme, viewport=size)
        rows = page.locator("#players li")
        expect(rows).to_have_count(len(seats), timeout=TIMEOUT)
        for i, seat in enumerate(seats):
            badge = rows.nth(i).locator(".seat-badge")
            expect(badge).to_have_count(1)
            expect(badge).to_have_attribute("data-guild", seat["guild"])
            expect(badge).to_have_attribute("aria-label", f"Guild: {seat['guild_name']}")
            expect(badge.locator("use")).to_have_attribute("href", f"#ice-guild-{seat['guild']}")
            # retried: the socket's first view may redraw the list as it is looked at
            expect(badge).to_be_visible()
        page.locator("#log").scroll_into_view_if_needed()
        screenshot(page, f"ice-players-log-{theme}-{size['width']}", tmp_path,
                   full_page=size["width"] > 800)
        page.context.close()
    queen = server.create("winter-queen", ["human", "human"], seed=3)
    page = open_page(browser, page_errors, server.url + queen["seats"][0]["invite"])
    expect(page.locator("#players li")).to_have_count(2, timeout=TIMEOUT)
    expect(page.locator("#players .seat-badge")).to_have_count(0)
    page.context.close()


@pytest.fixture(scope="module")
def patient_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots may think as long as they like: a greedy bot that runs out of
    time plays another move, so on a loaded machine the game went otherwise (and once
    ended with no Artifact type used on its last Day)."""
    with Server(tmp_path_factory.mktemp("patient") / "wg.db", bot_budget=600.0) as running:
        yield running


@pytest.fixture(scope="module")
def ended_ice(patient_server: Server) -> dict[str, Any]:
    """An ICE table played to its end by a person at random and two greedy bots, for the
    tests that look at the end: one game for them all (a bot game of ICE takes seconds),
    the first of a few seeds whose last Day has an Artifact type used (most have)."""
    for seed in range(13, 19):
        table = patient_server.create("ice", ["human", "greedy", "greedy"], seed=seed)
        patient_server.finish(table, seed=6)
        spectator = {"table": table["table"], "spectator_secret": None}
        if any(st["used_today"] for st in
               patient_server.view(spectator, None)["observation"]["seats"]):
            return table
    raise AssertionError("no game of seeds 13-18 used an Artifact type on its last Day")


def test_a_used_artifact_slot_is_muted_by_its_ink_and_edge_not_faded(
        patient_server: Server, browser: Browser, page_errors: PageErrors,
        ended_ice: dict[str, Any]) -> None:
    """Issue 21 audit: a used slot's type name and Artifacts were drawn at .65 opacity
    (4.45:1 on the end screen in the dark, below AA). A game is played to its end (the
    bots trigger their Artifacts): a used slot reads in the muted ink with a dashed edge,
    in both themes, a spectator watching."""
    table = ended_ice
    spectator = {"table": table["table"], "spectator_secret": None}
    obs = patient_server.view(spectator, None)["observation"]
    assert any(st["used_today"] for st in obs["seats"]), "no Artifact type used on the last Day"
    for theme, size in (("light", DESKTOP), ("dark", PHONE)):
        page = open_page(browser, page_errors, patient_server.url + table["spectator"],
                         theme=theme, viewport=size)
        expect(page.locator("svg.ice-board")).to_be_visible(timeout=TIMEOUT)
        page.evaluate("document.querySelector('dialog#end')?.close()")
        quiet_names_and_no_faded_text(page, obs)
        page.context.close()


# Each guild board's type names (Harmony ... Obliteration) that do not show whole: cut by
# an ellipsis or their box (scrollWidth over clientWidth), spilling out of their slot (or
# the slot out of its board), or drawn below the smallest legible size.
CUT_TYPE_NAMES = """(legible) => [...document.querySelectorAll('.ice-guild .ice-slot')]
  .flatMap(slot => {
    const name = slot.querySelector('.t .name');
    const box = name.getBoundingClientRect(), edge = slot.getBoundingClientRect();
    const board = slot.closest('.ice-guild').getBoundingClientRect();
    const cut = name.scrollWidth > name.clientWidth || box.left < edge.left - .5
      || box.right > edge.right + .5 || edge.right > board.right + .5
      || parseFloat(getComputedStyle(name).fontSize) < legible;
    return cut ? [`${slot.closest('.ice-guild').dataset.seat}:${name.textContent}`
                  + ` ${name.scrollWidth}/${name.clientWidth}`] : [];
  })"""


def test_every_guild_boards_type_names_read_in_full_on_desktop_and_phone(
        patient_server: Server, browser: Browser, page_errors: PageErrors,
        ended_ice: dict[str, Any]) -> None:
    """Issue 21 audit: the other seats' guild boards showed "Harm…", "Achie…", "Philos…" on
    a desktop, and on a phone all five names were cut ("Har…", "Exa…"). A game is played
    to its end (Study tokens beside the names, as at the end screen); at each size every
    type name on every guild board reads whole, at a legible size."""
    table = ended_ice
    for size, link in product((WIDE, DESKTOP, PHONE), ("spectator", "seat")):
        url = table["spectator"] if link == "spectator" else table["seats"][0]["invite"]
        page = open_page(browser, page_errors, patient_server.url + url, viewport=size)
        expect(page.locator("svg.ice-board")).to_be_visible(timeout=TIMEOUT)
        page.evaluate("document.querySelector('dialog#end')?.close()")
        assert page.locator(".ice-guild .ice-slot .t .name").count() == 3 * 5
        assert page.evaluate(CUT_TYPE_NAMES, LEGIBLE_PX) == [], (size, link)
        # Where the five wrap, the last is not left alone under three or four (Obliteration
        # was, under four, on the other seats' boards beside yours); two a row must be.
        for board in page.evaluate(SLOTS_PER_ROW):
            assert board[-1] >= 2 or len(board) == 1 or board[-2] <= 2, (size, link, board)
        page.context.close()


# For each guild board, how many type slots stand on each of its rows (by their tops).
SLOTS_PER_ROW = """() => [...document.querySelectorAll('.ice-guild .ice-slots')].map(slots => {
  const tops = [...slots.querySelectorAll('.ice-slot')].map(s => Math.round(s.offsetTop));
  return [...new Set(tops)].map(top => tops.filter(t => t === top).length);
})"""


CRYO = {"kind": "excavate", "with": "cryoarchitect"}
PLAIN = {"kind": "word", "word": "excavate"}


def test_the_cryoarchitects_two_excavations_are_two_buttons_with_their_costs(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Issue 36: "Once per turn, you may Excavate an Artifact tile on which your Camp is
    present by paying 1 EP less". Where the discount applies and saves EP, "Your move" has
    two buttons: the plain excavation, keeping the discount, and the discounted one, each
    with what it costs; clicking the discounted one pays what its button says. Three
    people play (digging often) until seat 0, the CryoArchitect, has both."""
    table = server.create("ice", ["human"] * 3, seed=12, guild_1="cryoarchitect")
    rng = random.Random(12)
    for _ in range(1500):
        seat = server.view(table, None)["to_move"][0]
        legal = server.legal(table, seat)
        if seat == 0 and CRYO in legal and PLAIN in legal:
            break
        weights = [12.0 if a in (CRYO, PLAIN) else 1.0 for a in legal]
        server.act(table, seat, rng.choices(legal, weights)[0])
    else:
        raise AssertionError("the CryoArchitect never had both ways to excavate")
    view = server.view(table, 0)
    obs = view["observation"]
    plain, cryo, ep = obs["excavation_cost"], obs["cryo_excavation_cost"], obs["seats"][0]["ep"]
    assert cryo < plain
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    page.wait_for_function(f"document.body.dataset.version === '{view['version']}'",
                           timeout=TIMEOUT)
    buttons = page.locator("#choices button.act")
    # the engine's labels, each with its cost; the plain one's tooltip says it keeps the
    # discount for later
    keep = buttons.filter(has_text=re.compile(r"^Excavate \("))
    take = buttons.filter(has_text="with the CryoArchitect's discount")
    expect(keep).to_have_text(f"Excavate ({plain} EP)")
    expect(keep).to_have_attribute("data-tip", re.compile(
        f"\\({plain} EP\\), keeping the CryoArchitect's discount for later this turn$"))
    expect(take).to_have_text(f"Excavate with the CryoArchitect's discount ({cryo} EP)")
    expect(take).to_have_attribute("data-kind", "excavate")
    page.locator("#ice-me").scroll_into_view_if_needed()
    screenshot(page, "ice-cryoarchitect-excavations", tmp_path)
    take.click()
    page.wait_for_function(f"document.body.dataset.version !== '{view['version']}'",
                           timeout=TIMEOUT)
    after = server.view(table, 0)["observation"]
    assert after["seats"][0]["ep"] == ep - cryo
