"""Winterborne in the browser: whole games played by clicking cards and buttons."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

import wintergames as wg

from .conftest import DESKTOP, PHONE, WIDE, PageErrors, Server, open_page, screenshot
from .test_motion_winterborne import road_to
from .test_play import (
    TIMEOUT,
    click_and_wait,
    play_the_middle,
    ready_for_the_picture,
    wait_for_my_turn_or_the_end,
)
from .test_winter_queen import faded_text

# A card's code as the game writes it ("EXP2", "T3", "HORN1", "WY7"), a spoils tile's
# ("HX-explorer-1") or an ally's ("PU2"): the log and the buttons show names and icons, the
# code only as a tooltip.
CODE = re.compile(r"\b(?:(?:SHA|EXP|WAR)[12]|MERC|[TPW][1-6]"
                  r"|(?:HORN|MASK|BAG|BOOK|RUNE|ORB|POTION)[1-3]|WY\d{1,2}|(?:PR|HX|MV|WY)(?:-\w+)+|(?:GR|YE|BL|PU|RE|BK)\d)\b")


def play_one_decision(page: Page, rng: random.Random,
                      snap: Callable[[], object] | None = None) -> bool:
    """One decision picked at random among the highlighted cards and the action buttons:
    a card is clicked first (nothing is sent), then one of the uses it shows; ``snap``
    (a screenshot) is taken with the card's uses open. True if a card was played."""
    cards = page.locator("button.wb-card.playable")
    buttons = page.locator("#choices button.act")
    # a view that arrives as this starts redraws everything: wait for the choices
    expect(page.locator("button.wb-card.playable, #choices button.act").first).to_be_visible(
        timeout=TIMEOUT)
    n_cards, n_buttons = cards.count(), buttons.count()
    assert n_cards + n_buttons, page.locator("#choices").inner_text()
    pick = rng.randrange(n_cards + n_buttons)
    if pick < n_cards:
        cards.nth(pick).click()
        uses = page.locator("#wb-uses button.use")
        expect(uses.first).to_be_visible()
        if snap:
            snap()
        click_and_wait(page, "#wb-uses button.use", rng.randrange(uses.count()))
        return True
    click_and_wait(page, "#choices button.act", pick - n_cards)
    return False


# The decisions played on the page before the middle of a game is played over HTTP.
OPENING = 12


def play_to_the_end(page: Page, rng: random.Random, tmp_path: Path, shot: str,
                    server: Server, table: dict[str, Any]) -> None:
    """The game played on the page to its end: its first OPENING decisions, then the middle
    over HTTP (the page away meanwhile), then from Winter's last round on, on the page
    again; ``shot`` is taken at the first card played there (the kingdom as built by then).
    """
    wait_for_my_turn_or_the_end(page)
    shot_taken = False

    def snap_now() -> None:
        page.mouse.move(1, 1)  # no tooltip over the card's uses in the picture
        screenshot(page, shot, tmp_path)

    for decision in range(3000):
        if page.evaluate("document.body.dataset.over") == "1":
            assert shot_taken
            return
        if decision == OPENING:
            play_the_middle(page, server, table, 0, lambda obs: obs["winter_round"] == 3, rng)
            continue
        snap = snap_now if decision > OPENING and not shot_taken else None
        shot_taken |= play_one_decision(page, rng, snap) and snap is not None
        wait_for_my_turn_or_the_end(page)
    raise AssertionError("the game did not end")


def test_a_two_player_winterborne_game_against_a_bot_is_played_to_the_end(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("winterborne", ["human", "random"], seed=3)
    # the bots' moves shown at once, not at a reader's pace (test_motion*.py play them)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"],
                     viewport=WIDE)
    wait_for_my_turn_or_the_end(page)
    # The kingdom is drawn: 6 gray spaces, 12 sections, the castle; province boards too.
    mine = page.locator("svg.wb-kingdom").first
    assert mine.locator("g.place").count() == 19
    expect(page.locator(".wb-province")).to_have_count(6)
    expect(page.locator("#wb-seasons")).to_contain_text("Spring")
    # The view's own stylesheet (views/winterborne.css) is loaded and applies.
    expect(page.locator(".wb-row").first).to_have_css("display", "flex")
    play_to_the_end(page, random.Random(7), tmp_path, "winterborne", server, table)
    expect(page.locator("dialog#end")).to_be_visible()
    # past seasons are muted by the ink, never by opacity: no board text below full opacity
    assert page.locator(".wb-season.done").count() == 3
    assert faded_text(page) == []
    final = server.view({"table": table["table"], "spectator_secret": None}, None)
    assert final["over"]
    cells = page.locator("#final-scores td.total").all_text_contents()
    assert [int(c) for c in cells] == final["scores"]
    winners = " and ".join(f"Player {w + 1}" for w in final["winners"])
    expect(page.locator("#winners")).to_contain_text(winners)
    # the choices panel lists the same breakdown, one line per seat
    lines = page.locator("#wb-result li").all_text_contents()
    for seat, score in enumerate(final["scores"]):
        assert lines[seat].startswith(f"Player {seat + 1}: Allies "), lines
        assert lines[seat].endswith(f" = {score} VP"), lines


def test_a_solo_winterborne_game_against_the_balaur_is_played_to_the_end(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("winterborne", ["human"], seed=5)
    # the bots' moves shown at once, not at a reader's pace (test_motion*.py play them)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"],
                     viewport=WIDE)
    wait_for_my_turn_or_the_end(page)
    expect(page.locator("#wb-balaur")).to_contain_text("Objectives")
    # each objective is drawn with its own symbol, beside its letter, points and words
    objectives = server.view(table, 0)["observation"]["balaur"]["objectives"]
    drawn = page.locator("#wb-balaur li[data-objective]")
    expect(drawn).to_have_count(len(objectives))
    for i, objective in enumerate(objectives):
        item = drawn.nth(i)
        letter = objective["letter"]
        assert item.get_attribute("data-objective") == letter
        assert item.locator("use").get_attribute("href") == f"#wb-objective-{letter.lower()}"
        expect(item).to_contain_text(objective["text"])
    # Solo spoils are face down: each province board draws their backs, with how many.
    provinces = server.view(table, 0)["observation"]["provinces"]
    for p in provinces:
        down = page.locator(f".wb-province[data-province='{p['colour']}'] .spoils .wb-spoils-down")
        expect(down).to_have_attribute("data-count", str(p["spoils_count"]))
        expect(down.locator(".count")).to_have_text(str(p["spoils_count"]))
        expect(down.locator("svg.wb-spoils-backs rect")).to_have_count(min(p["spoils_count"], 4))
    assert sum(p["spoils_count"] for p in provinces) > 0
    play_to_the_end(page, random.Random(11), tmp_path, "winterborne-solo", server, table)
    expect(page.locator("dialog#end")).to_be_visible()
    final = server.view({"table": table["table"], "spectator_secret": None}, None)
    you, balaur = final["scores"][0], final["observation"]["balaur"]["score"]
    assert isinstance(balaur, int)
    expect(page.locator("#winners")).to_have_text(
        "Player 1 wins." if you > balaur else "The Balaur wins.")
    expect(page.locator("#final-scores tr[data-other='The Balaur'] td.total")).to_have_text(
        str(balaur))
    expect(page.locator("#final-scores")).to_contain_text(str(you))


def test_the_layout_places_each_gray_space_next_to_its_three_sections() -> None:
    """components/winterborne.md C2: G_i lies outward of S_i and touches C_(i-1) and C_i;
    one hex step apart means one unit apart in the layout."""
    from wintergames.games.winterborne.layout import layout

    data = layout()
    pos = data["positions"]
    touching = {"G1": {"S1", "C6", "C1"}, "G2": {"S2", "C1", "C2"}, "G3": {"S3", "C2", "C3"},
                "G4": {"S4", "C3", "C4"}, "G5": {"S5", "C4", "C5"}, "G6": {"S6", "C5", "C6"}}
    for space, sections in touching.items():
        near = {name for name, (x, y) in pos.items()
                if abs(((x - pos[space][0]) ** 2 + (y - pos[space][1]) ** 2) ** 0.5 - 1) < 1e-3}
        assert near == sections, space
    assert pos["G1"] == [0.0, -2.0] and pos["castle"] == [0.0, 0.0]  # 12 o'clock, y down
    # a card's uses in words, keyed by the play action's "use" code (RB house cards)
    assert data["cards"]["SHA1"]["uses"] == {"S": "Shaman hex", "m2": "move 2",
                                             "+1g": "take 1 gold"}
    assert data["cards"]["MASK2"]["uses"] == {"ccw2": "move 2 counter-clockwise"}
    assert data["borders"]["C1"] == ["green", "yellow"]


DUPLICATE_IDS = """() => { const ids = [...document.querySelectorAll('[id]')].map(e => e.id);
  return ids.filter((id, i) => ids.indexOf(id) !== i); }"""
# Recorded when the board's first element is put into the page (before that frame is
# painted): was the view's stylesheet loaded, and its sprite in the page?
FIRST_FRAME = """
new MutationObserver((changes, observer) => {
  if (!document.querySelector("#wb-seasons")) return;
  observer.disconnect();
  window.wbFirstFrame = {
    styled: Boolean(document.getElementById("wb-style")?.sheet),
    icons: Boolean(document.querySelector(".icon-sprite[data-game='winterborne'] symbol")),
  };
}).observe(document, { childList: true, subtree: true });
"""


def test_the_board_is_drawn_with_its_icons_in_both_themes(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Issue 21: characters are figures, provinces wear their glyphs, buildings and the castle
    are drawn; the hand is a row of card faces with icons, decks and other hands are backs;
    the log leads cards and characters with their icons. Screenshots, light and dark,
    desktop and phone, for docs/screenshots."""
    table = server.create("winterborne", ["human", "random"], seed=3)
    # A game under way (sections conquered, something built), played over HTTP: this
    # file's whole games and test_phone.py click the page through theirs, and twenty more
    # clicks here cost half a minute on a loaded machine.
    server.play_until(table, 0, lambda obs: any(
        section["building"] for section in obs["seats"][0]["kingdom"]["sections"]),
        random.Random(7))
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"],
                     init_script=FIRST_FRAME)
    wait_for_my_turn_or_the_end(page)
    # the first board drawn was already styled, its icons in the page
    assert page.evaluate("window.wbFirstFrame") == {"styled": True, "icons": True}
    mine = page.locator("svg.wb-kingdom").first
    expect(mine.locator("g.building")).not_to_have_count(0)
    hrefs = mine.locator("use").evaluate_all("us => us.map(u => u.getAttribute('href'))")
    for drawn in ("#wb-castle", "#wb-character-shaman", "#wb-character-explorer",
                  "#wb-character-warrior", "#wb-province-"):
        assert any(h.startswith(drawn) for h in hrefs), (drawn, hrefs)
    assert any(h in ("#wb-settlement", "#wb-church") for h in hrefs), hrefs
    # the figures wear the seat's colour, not the colours of the provinces
    figure = mine.locator("g.figure[data-figure='shaman']")
    assert figure.get_attribute("color") == "#1f2f6e"
    # every card in hand or reserve is a face with its kind's icon and an icon per use
    cards = page.locator("#wb-hand .wb-card")
    assert cards.count() >= 1
    for i in range(cards.count()):
        card = cards.nth(i)
        assert card.locator(".top svg.icon use").count() == 1, card.inner_text()
        uses = card.locator("ul.uses li")
        for k in range(uses.count()):
            assert uses.nth(k).locator("svg.icon").count() >= 1, uses.nth(k).inner_text()
    # the season now says the game's explore price (winter's 4 less a power's discount)
    chips = page.evaluate("""(layout) => import('/static/js/views/winterborne.js').then(m =>
        [...m.seasonTrack({layout, view: {observation: {
          season: "winter", winter_round: 1, explore_cost: 2, season_decks: [0, 0, 0, 9],
          favor_supply: 10, played: [], autumn_out: false}}})
          .querySelectorAll(".wb-season[data-season]")]
          .map(c => c.textContent))""",
        server.get("/api/games/winterborne/layout"))
    assert chips == ["Springexplore meat 1 · 0 cards left", "Summerexplore meat 2 · 0 cards left",
                     "Autumnexplore meat 3 · 0 cards left", "Winterexplore meat 2 · round 1 of 3"
                     ], chips  # (the text beside the icons, "meat" the icon's title)
    # deck and discard are backs with counts; the other seat's hand is backs
    expect(page.locator("#wb-hand .wb-pile use[href='#wb-card-back']")).to_have_count(2)
    other = page.locator(".wb-seat[data-seat='1']")
    hand = server.view(table, 0)["observation"]["seats"][1]["hand_size"]
    backs = other.locator(".wb-backs[data-term='hand'] use[href='#wb-card-back']")
    expect(backs).to_have_count(hand)
    # with their number beside them, as the piles have (overlapping backs are not counted)
    expect(other.locator(".wb-backs[data-term='hand'] .count")).to_have_text(str(hand))
    # resources are icons with numbers; the season track has its seasons' icons
    expect(page.locator("#wb-me .wb-amount use[href^='#wb-resource-']")).to_have_count(4)
    expect(page.locator("#wb-seasons use[href^='#wb-season-']")).to_have_count(4)
    assert page.locator("#log .named use[href^='#wb-']").count() > 0
    # cards are named in the log, their codes kept as the tooltip ("plays Explorer II
    # (explorer) Explorer hex", not "plays EXP2 (E)"); so are the move buttons
    played = page.locator("#log .wb-named[data-code]")
    assert played.count() > 0
    assert CODE.fullmatch((played.first.get_attribute("title") or "").split(" ")[0])
    for where in ("#log", "#choices"):
        words = page.locator(where).inner_text()
        assert not CODE.search(words), words
    assert faded_text(page) == []
    quiet_hex_names(page)
    # the sprite's ids and the page's own never collide (a symbol is no #wb-balaur panel)
    assert page.evaluate(DUPLICATE_IDS) == []
    # (the light pictures: winterborne.png by the game played to the end above,
    # winterborne-phone.png by test_phone.py)
    page.evaluate("localStorage.setItem('wg.theme', 'dark')")
    page.reload()
    page.wait_for_selector("svg.wb-kingdom use", timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    ready_for_the_picture(page)
    screenshot(page, "winterborne-dark", tmp_path)
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector("svg.wb-kingdom use", timeout=TIMEOUT)
    wait_for_my_turn_or_the_end(page)
    ready_for_the_picture(page)
    screenshot(page, "winterborne-dark-phone", tmp_path, full_page=False)


# The kingdom's hex names a figure covers: their boxes overlap a figure's.
COVERED_HEX_NAMES = """() => {
  const meet = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  return [...document.querySelectorAll('svg.wb-kingdom')].flatMap(svg => {
    const figures = [...svg.querySelectorAll('g.figure use')].map(u => u.getBoundingClientRect());
    return [...svg.querySelectorAll('g.label text')]
      .filter(t => figures.some(f => meet(t.getBoundingClientRect(), f))).map(t => t.textContent);
  });
}"""


def quiet_hex_names(page: Page) -> None:
    """The kingdom's hex names are its quietest text (small, plain, the muted ink on an
    opaque label), never under a figure; a hex the log names says what kind of hex it is."""
    names = page.locator("svg.wb-kingdom").first.locator("g.label text")
    assert names.count() == 19
    muted = page.evaluate("import('/static/js/palette.js').then(m => m.PALETTE.themes.light.muted)")
    styles = names.evaluate_all(
        "ts => [...new Set(ts.map(t => [t.getAttribute('font-size'),"
        " getComputedStyle(t).fontWeight, t.getAttribute('fill')].join(' ')))]")
    assert styles == [f"7 400 {muted}"], styles
    backing = page.locator("svg.wb-kingdom g.label rect").evaluate_all(
        "rs => rs.filter(r => getComputedStyle(r).fillOpacity !== '1').length")
    assert backing == 0
    assert page.evaluate(COVERED_HEX_NAMES) == []
    hexes = page.locator("#log .wb-hex-name")
    assert hexes.count() >= 1
    # each explained by its own entry of the glossary ("C2: an empty section between ...")
    for term, name in hexes.evaluate_all("hs => hs.map(h => [h.dataset.term, h.textContent])"):
        assert term == name and re.fullmatch(r"[SCG][1-6]", name), (term, name)
    bare = page.locator("#log").evaluate(
        r"""log => [...log.querySelectorAll('li')].map(li => {
              const copy = li.cloneNode(true);
              copy.querySelectorAll('.wb-hex-name').forEach(n => n.remove());
              return copy.textContent; }).filter(t => /\b[SCG][1-6]\b/.test(t))""")
    assert bare == [], bare


def test_the_log_draws_the_engines_mentions_with_icons_and_links_each_line_to_its_rule(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 38: a log line is the engine's words, the things it names drawn with the
    game's icons from the mentions' kinds and refs (a card, a figure, an ally, a resource,
    a hex of the kingdom), and its "§" opens the Rules dialog at the passage it applies."""
    before, step = road_to(3, "trade")
    seat = step[0][0]
    table = server.create("winterborne", ["human", "human"], seed=3)
    for mover, action in before + step:
        server.act(table, mover, action)
    view = server.view(table, seat)
    page = open_page(browser, page_errors, server.url + table["seats"][seat]["invite"])
    expect(page.locator("#log li")).to_have_count(len(view["log"]), timeout=TIMEOUT)
    # the engine's words, then the link to the line's rule
    assert page.locator("#log li").evaluate_all(
        "ls => ls.map(l => [l.textContent, l.dataset.rule])") == [
        [line["text"] + " §", line["rule"]] for line in view["log"]]
    traded = page.locator("#log li[data-rule='shaman.trade']").last
    expect(traded.locator(".said-card[data-code] use[href^='#wb-']")).not_to_have_count(0)
    expect(traded.locator(".said-piece use[href='#wb-character-shaman']")).to_have_count(1)
    expect(traded.locator(".said-card use[href='#wb-ally-back']")).to_have_count(1)
    expect(traded.locator(".said-amount use[href^='#wb-resource-']")).not_to_have_count(0)
    expect(traded.locator(".wb-hex-name")).not_to_have_count(0)
    # every card mention keeps its code for the tooltip only
    for code in traded.locator(".said-card[data-code]").evaluate_all(
            "ns => ns.map(n => n.dataset.code)"):
        assert CODE.fullmatch(code) and code not in traded.inner_text(), code
    expect(page.locator("#rules-button")).not_to_have_class(re.compile("waiting"))
    traded.locator("a.rule-link").click()
    asked = page.locator("dialog#rules .passage.asked")  # the one passage the link asks for
    expect(asked).to_have_attribute("id", "rule-shaman.trade")
    expect(asked).to_contain_text("Trading with an ally")
    expect(asked).to_be_in_viewport()


# Any component code shown as text: "EXP1", "BOOK2", "WB3", "PU2" (a hex's name, "S1", is
# a place on the board, not a code).
VISIBLE_CODE = re.compile(r"\b[A-Z]{2,5}\d+\b")
NAMES_NOT_CODES = ["#wb-balaur", "#wb-me", "#wb-hand", "#wb-provinces", "#wb-others"]


def test_the_solo_board_shows_names_not_codes(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Solo, seed 5, after the Balaur's first turn: its board holds Explorer I (EXP1) and
    its score pile a card; the power card, the province boards' exploration cards and
    allies, the hand: each by its name and icon, the code kept as data-code."""
    table = server.create("winterborne", ["human"], seed=5, round_power=True)
    server.act(table, 0, {"kind": "word", "word": "end"})
    server.act(table, 0, {"kind": "word", "word": "done"})
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    card = page.locator("#wb-balaur .wb-bcard[data-code='EXP1']")
    expect(card).to_have_text("Explorer I")
    expect(card.locator("use[href='#wb-character-explorer']")).to_have_count(1)
    expect(page.locator("#wb-balaur .wb-chip.card[data-code]")).to_have_count(1)
    power = server.view(table, 0)["observation"]["seats"][0]["power_card"]["id"]
    card = page.locator(f"#wb-me .wb-power[data-code='{power}']")
    expect(card.locator("use[href='#wb-power']")).to_have_count(1)
    # played with the round power: the seat's powers name it after the card's two
    round_power = server.get("/api/games/winterborne/layout")["powers"]["round-action"]
    expect(card).to_contain_text(f"Round power: {round_power}")
    expect(page.locator("#wb-provinces .explore .wb-mini[data-code]")).to_have_count(6)
    for where in NAMES_NOT_CODES:
        for text in page.locator(where).all_inner_texts():
            assert not VISIBLE_CODE.search(text), (where, text)
    page.mouse.move(1, 1)
    screenshot(page, "winterborne-solo-names", tmp_path)


def test_the_two_player_board_shows_names_not_codes_on_a_phone_in_the_dark(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Seed 3, after the second seat's first trade: its ally, its power card, the province
    boards' allies and exploration cards, named; light on a desktop, dark on a phone."""
    before, step = road_to(3, "trade")
    seat = step[0][0]
    table = server.create("winterborne", ["human", "human"], seed=3)
    for mover, action in before + step:
        server.act(table, mover, action)
    for theme, viewport in (("light", DESKTOP), ("dark", PHONE)):
        page = open_page(browser, page_errors, server.url + table["seats"][seat]["invite"],
                         theme=theme, viewport=viewport)
        page.wait_for_selector("#wb-provinces .wb-province", timeout=TIMEOUT)
        expect(page.locator("#wb-me .wb-chip.ally[data-code]")).to_have_count(1)
        expect(page.locator("#wb-provinces p.ally [data-code]")).to_have_count(6)
        # "explores green ... and takes BOOK1 (Book A)": the card named once, not twice
        log = page.locator("#log").inner_text()
        assert "takes Book A" in log and not re.search(r"\b(\w+ \w+) \(\1\)", log), log
        for where in NAMES_NOT_CODES:
            for text in page.locator(where).all_inner_texts():
                assert not VISIBLE_CODE.search(text), (where, text)
        screenshot(page, f"winterborne-names-{theme}", tmp_path, full_page=theme == "light")


def road_to_a_pick_up(seed: int, limit: int = 2000) -> tuple[list[tuple[int, Any]], int, str]:
    """Seeded random play of a two-player game up to a card picked up from the reserve in a
    turn's play (no decision open): every move, the seat, and the card's code."""
    s = wg.make("winterborne", 2, seed=seed)
    rng = random.Random(1)
    moves: list[tuple[int, Any]] = []
    for _ in range(limit):
        p = s.to_move[0]
        actions = s.legal_actions(p)
        main = s.observation(p)["decision"]["frame"] == "main"
        pick = [a for a in actions if a.kind == "unreserve"] if main else []
        action = pick[0] if pick else rng.choice(actions)
        s.apply(action, p)
        moves.append((p, action))
        if pick:
            return moves, p, action.to_json()["card"]
    raise AssertionError(f"no card picked up from the reserve within {limit} moves")


def test_a_card_picked_up_from_the_reserve_says_it_stays_in_hand(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """The engine lists the cards that may not move between hand and reserve now
    (reserve_blocked); the page says so on the card's face for its seat and beside that
    seat's reserve for the other, and offers no button to put it back."""
    moves, seat, code = road_to_a_pick_up(3)
    table = server.create("winterborne", ["human", "human"], seed=3)
    for mover, action in moves:
        server.act(table, mover, action)
    assert server.view(table, None)["observation"]["reserve_blocked"] == [code]
    page = open_page(browser, page_errors, server.url + table["seats"][seat]["invite"])
    wait_for_my_turn_or_the_end(page)
    face = page.locator(f"#wb-hand button.wb-card[data-where='hand'][data-code='{code}']")
    expect(face.locator(".wb-stays")).to_have_text(" · stays in hand")
    expect(page.locator("#wb-hand .wb-stays")).to_have_count(1)
    face.click()  # its uses: no "Put ... into your reserve"
    expect(page.locator("#wb-uses")).to_be_visible()
    assert "Into the reserve" not in page.locator("#wb-uses").inner_text()
    other = open_page(browser, page_errors, server.url + table["seats"][1 - seat]["invite"])
    other.wait_for_selector("#wb-others .wb-seat", timeout=TIMEOUT)
    line = other.locator(f".wb-seat[data-seat='{seat}'] p.wb-stays[data-stays='hand']")
    expect(line).to_contain_text("Stays in hand:")
    expect(line.locator(f"[data-code='{code}']")).to_have_count(1)
    expect(other.locator("#wb-hand .wb-stays")).to_have_count(0)  # not its own cards


def test_the_autumn_deck_out_badge_goes_when_winter_comes(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 39 item 7: "Autumn deck out: winter next" stayed up through the three rounds
    of winter and after the end. It shows while autumn is the season and its deck is out,
    and goes when winter begins."""
    table = server.create("winterborne", ["human", "human"], seed=1)
    rng = random.Random(1)  # this game's autumn deck runs out before its round ends
    page = None
    while True:
        seen = server.view(table, None)
        obs = seen["observation"]
        if obs["autumn_out"] and obs["season"] == "autumn" and page is None:
            page = open_page(browser, page_errors, server.url + table["spectator"])
            expect(page.locator("#wb-seasons")).to_contain_text("Autumn deck out: winter next")
        if obs["season"] == "winter":
            break
        seat = seen["to_move"][0]
        server.act(table, seat, rng.choice(server.legal(table, seat)))
    assert page is not None, "the autumn deck never ran out before winter"
    view = server.view(table, None)
    page.wait_for_function(f"document.body.dataset.version === '{view['version']}'",
                           timeout=TIMEOUT)
    expect(page.locator("#wb-seasons [data-season='winter']")).to_have_class(re.compile("now"))
    expect(page.locator("#wb-seasons")).not_to_contain_text("Autumn deck out")


def test_the_boards_are_headed_by_the_names_people_gave_their_seats(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 39 item 9: Winterborne's kingdom was headed "Player 1 (you)" rather than
    your name (ICE's guild board alike); the name box had no maxlength."""
    for game, mine in (("winterborne", "#wb-me h3"), ("ice", "#ice-me h3")):
        table = server.create(game, [{"kind": "human", "name": "Ada"}, "random"], seed=3)
        page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
        expect(page.locator(mine)).to_contain_text("Ada (Player 1, you)")
        expect(page.locator("#name-input")).to_have_attribute("maxlength", "32")
        page.close()
