"""Winter Queen's board in the browser (issue 21): the bag drawn as a bag with its count,
another seat's floes readable (never dimmed below AA), and the board in the dark theme
on a phone, the README's picture docs/screenshots/winter-queen-dark-phone.png."""

from __future__ import annotations

import random
import re
import time
from io import StringIO
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect
from rich.console import Console

import wintergames as wg
from wintergames.cli.play import TerminalGame
from wintergames.cli.seats import Seat
from wintergames.games.winter_queen.components import WQ

from .conftest import (
    PageErrors,
    Server,
    open_page,
    opens_its_rule_passage,
    rules_loaded,
    screenshot,
)
from .test_play import (
    TIMEOUT,
    play_one_winter_queen_decision,
    ready_for_the_picture,
    wait_for_my_turn_or_the_end,
)

# Text on the board whose own or inherited opacity is below 1: it is drawn fainter than
# the colour the contrast checks (tests/server/test_palette.py) passed.
FADED_TEXT = """() => {
  const faded = [];
  const walker = document.createTreeWalker(document.getElementById('board'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    // a <title> is not drawn
    if (!node.textContent.trim() || node.parentElement.closest('title')) continue;
    let alpha = 1;
    for (let el = node.parentElement; el; el = el.parentElement) {
      const style = getComputedStyle(el);
      alpha *= Number(style.opacity) * (el instanceof SVGElement ? Number(style.fillOpacity) : 1);
    }
    if (alpha < 0.999) faded.push(`${node.textContent.trim()} (${alpha.toFixed(2)})`);
  }
  return faded;
}"""

# A text's colour and the first opaque background behind it.
INK_AND_GROUND = """e => {
  let el = e;
  while (el && ['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(el).backgroundColor)) {
    el = el.parentElement;
  }
  const ground = el ? getComputedStyle(el).backgroundColor : 'rgb(255, 255, 255)';
  return [getComputedStyle(e).color, ground];
}"""


def faded_text(page: Page) -> list[str]:
    return page.evaluate(FADED_TEXT)


def relative_luminance(rgb: str) -> float:
    channels = [int(c) / 255 for c in rgb.removeprefix("rgb(").removesuffix(")").split(",")[:3]]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_bag_and_the_stands_read_in_both_themes_and_on_a_phone(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = server.create("winter-queen", ["human", "random", "random"], seed=21)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    rng = random.Random(3)
    for _ in range(6):  # floes on the board, books taken, the bag emptier
        play_one_winter_queen_decision(page, rng)
        wait_for_my_turn_or_the_end(page)
    for theme in ("light", "dark"):
        if theme == "dark":
            page.evaluate("localStorage.setItem('wg.theme', 'dark')")
            page.reload()
            page.wait_for_selector("#wq-map", timeout=TIMEOUT)
            assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        bag = server.view(table, 0)["observation"]["bag"]
        # the bag is its symbol and its count, with each colour's floes beside it
        box = page.locator("#wq-bag")
        expect(box.locator("svg.icon use[href='#wq-bag']")).to_have_count(1)
        expect(box.locator(".bag-size")).to_have_text(str(bag["size"]))
        shown = {el.get_attribute("data-floe"): int(el.inner_text())
                 for el in box.locator(".bag-colour").all()}
        assert shown == {c: n for c, n in bag["floes"].items() if n}, shown
        for colour in shown:
            expect(box.locator(f".bag-colour[data-floe='{colour}'] use")).to_have_attribute(
                "href", f"#wq-floe-{colour}")
        # another seat's stand: its floes cannot be played, their counts still read at AA
        others = page.locator(".stand:not(.yours) button.floe:disabled .count")
        assert others.count() >= 1
        for i in range(others.count()):
            count = others.nth(i)
            ink, ground = count.evaluate(INK_AND_GROUND)
            assert contrast(ink, ground) >= 4.5, (ink, ground)
        assert faded_text(page) == []
    page.set_viewport_size({"width": 390, "height": 844})
    page.reload()
    page.wait_for_selector("#wq-map", timeout=TIMEOUT)
    wait_for_my_turn_or_the_end(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    ready_for_the_picture(page)
    screenshot(page, "winter-queen-dark-phone", tmp_path, full_page=False)
    page.context.close()


# -- names, not codes (issue 21) ---------------------------------------------------------------

# The ids the game's data gives its spellbooks and royal tokens (data/*.toml): no person
# reads them on the page; they stay in data-code. The pattern covers every id the data has.
WQ_IDS = [book.id for book in WQ.books] + [token.id for token in WQ.royal_tokens]
CODE = re.compile(r"\b(?:SB|RD)\d+\b")
# What a person reads: the board, the hands (under the board), the buttons, the log.
READ = ("#board", "#choices", "#log", "#players")


def codes_read(page: Page) -> dict[str, list[str]]:
    """The codes in the visible text (innerText) of each part of the page that shows any."""
    found = {part: CODE.findall(page.locator(part).inner_text()) for part in READ
             if page.locator(part).count()}
    return {part: codes for part, codes in found.items() if codes}


def book_name(book_id: str) -> str:
    """What players call a book: its pages' titles ("Forest Lights (red) / Border Guard")."""
    book = next(b for b in WQ.books if b.id == book_id)
    return " / ".join(page.title(WQ.colours) for page in book.pages)


def my_turn_or_over(server: Server, table: dict[str, Any]) -> dict[str, Any]:
    """Seat 0's view once it alone is to move (the bot has answered) or the game is over."""
    deadline = time.monotonic() + TIMEOUT / 1000
    while True:
        view = server.view(table, 0)
        if view["to_move"] in ([0], []):
            return view
        assert time.monotonic() < deadline, view["to_move"]
        time.sleep(0.05)


BOOKS_FIRST = ("take", "place-book", "return", "place")


def book_minded(legal: list[dict[str, Any]], rng: random.Random,
                kinds: tuple[str, ...] = BOOKS_FIRST) -> dict[str, Any]:
    """A move that takes and fills books (and uses them, if ``kinds`` says so first) when
    it can: the log then speaks of them."""
    for kind in kinds:
        some = [a for a in legal if a["kind"] == kind and a.get("province", "") is not None]
        if some:
            return rng.choice(some)
    return legal[0]


def test_no_code_is_read_on_the_board_in_hands_buttons_log_or_replay_only_names(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    assert all(CODE.fullmatch(code) for code in WQ_IDS)  # the pattern finds every id
    table = server.create("winter-queen", ["human", "random"], seed=8)
    rng = random.Random(8)
    view = my_turn_or_over(server, table)
    while not any(page["floe"] for book in view["observation"]["books"][0]
                  for page in book["pages"]) or len(view["observation"]["books"][0]) < 2:
        server.act(table, 0, book_minded(server.legal(table, 0), rng))
        view = my_turn_or_over(server, table)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    page.wait_for_selector(".book.card", timeout=TIMEOUT)
    assert codes_read(page) == {}
    # the royal tokens are drawn (their ids kept as data-code), yet none is read
    tokens = page.locator("#wq-map .royal-token")
    expect(tokens).to_have_count(len(view["observation"]["royal_tokens"]))
    assert set(tokens.evaluate_all("els => els.map((e) => e.dataset.code)")) == set(
        view["observation"]["royal_tokens"].values())
    log = page.locator("#log").inner_text()
    for book in view["observation"]["books"][0]:  # the books held, by name
        card = page.locator(f".book.card[data-code='{book['id']}']")
        for title in book_name(book["id"]).split(" / "):
            expect(card).to_contain_text(title.split(" (")[0])
        assert f"the book with {book_name(book['id'])}" in log, log
    use = page.locator("button.use")
    assert use.count() >= 1
    expect(use.first).to_contain_text("Use the book with ")  # the engine's label, as the terminal's
    screenshot(page, "winter-queen-names", tmp_path)
    while view["to_move"]:  # to the end, using books: the end screen and the replay
        server.act(table, 0, book_minded(server.legal(table, 0), rng, ("use", "take", "return",
                                                                     "place-book", "place")))
        view = my_turn_or_over(server, table)
    page.reload()
    expect(page.locator("dialog#end")).to_be_visible(timeout=TIMEOUT)
    assert codes_read(page) == {}
    assert CODE.findall(page.locator("dialog#end").inner_text()) == []
    used = [line for line in page.locator("#log").inner_text().splitlines()
            if " discards " in line]
    assert used and all(" discards the book with " in line for line in used), used
    page.goto(f"{server.url}/replay/{table['table']}?step={view['version']}")  # the last step
    page.wait_for_selector("#wq-map", timeout=TIMEOUT)
    expect(page.locator("#log li").last).to_contain_text("Final VP")
    assert "the book with " in page.locator("#log").inner_text()
    assert codes_read(page) == {}
    page.context.close()


# Each CSS animation on the page: its name, how many times it runs and how long once lasts.
PULSES = """() => document.getAnimations().filter((a) => a instanceof CSSAnimation)
  .map((a) => [a.animationName, a.effect.getTiming().iterations, a.effect.getTiming().duration])"""


def test_the_boards_marks_pulse_a_few_beats_then_stay_still(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    # A mark that pulsed for as long as a person thinks redrew the board at every frame
    # (0.7 of a core for a page of rings); WCAG 2.2.2 asks blinking to stop within 5 s.
    table = server.create("winter-queen", ["human", "random", "random"], seed=3)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    wait_for_my_turn_or_the_end(page)
    page.locator("button.floe.playable").first.click()  # its spaces ring as targets
    targets = page.locator("#board .target")
    expect(targets.first).to_be_visible()
    pulses = page.evaluate(PULSES)
    assert any(name == "pulse" for name, _, _ in pulses), pulses
    for name, times, once in pulses:
        assert times != float("inf") and times * once <= 5000, (name, times, once)
    page.wait_for_function("document.getAnimations().length === 0", timeout=TIMEOUT)
    # still marked once still: the ring at its full colour
    assert targets.count() > 0
    expect(targets.first).to_have_css("stroke-opacity", "1")


def test_each_log_line_links_to_its_rule_passage_in_the_rules_dialog(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 38: a log line is the engine's words and mentions (a floe with its icon, a
    book by its pages), and its "§" opens the Rules dialog at the passage it applies."""
    table = server.create("winter-queen", ["human", "random"], seed=8)
    view = my_turn_or_over(server, table)
    server.act(table, 0, next(a for a in server.legal(table, 0) if a["kind"] == "place"))
    view = my_turn_or_over(server, table)
    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    lines = page.locator("#log li")
    expect(lines).to_have_count(len(view["log"]), timeout=TIMEOUT)
    for i, line in enumerate(view["log"]):  # the engine's words, then the rule's link
        expect(lines.nth(i)).to_have_text(line["text"] + " §")
        assert lines.nth(i).get_attribute("data-rule") == line["rule"]
    placed = page.locator("#log li[data-msg='place']").first
    expect(placed.locator(".said-piece use[href^='#wq-floe-']")).to_have_count(1)
    opens_its_rule_passage(page, placed, "turn.board", "Placing a floe on the board")


def test_the_page_and_the_terminal_say_the_same_prompt_and_labels(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    """Issue 38: the prompt, its limit and the choices' labels are the engine's words, so
    the table page shows exactly what the terminal prints for the same position."""
    table = server.create("winter-queen", ["human", "human"], seed=8, first_player="1")
    state = wg.make("winter-queen", 2, seed=8, options={"first_player": "1"})

    def terminal() -> list[str]:
        out = StringIO()
        game = TerminalGame(wg.get_spec("winter-queen"), state, [Seat("human"), Seat("human")],
                            Console(file=out, width=2000), lambda _: "quit")
        game.show_decision(0, state.legal_actions(0))
        return out.getvalue().splitlines()

    page = open_page(browser, page_errors, server.url + table["seats"][0]["invite"])
    prompt = page.locator("#choices .wq-prompt")
    expect(prompt).to_have_text(terminal()[0] + " §")
    # a floe chosen: the page names it as the terminal heads its line of spaces
    page.locator(".stand button.floe").first.click()
    heads = [line.split(":")[0].strip() for line in terminal()[1:] if ":" in line]
    said = page.locator("#choices p").nth(1).inner_text().split(":")[0]
    assert said in heads, (said, heads)
    # placed on a province's space: the next prompt, and "Take no book" as the terminal lists it
    place = next(a for a in server.legal(table, 0)
                 if a["kind"] == "place" and a["cell"] in ("b1", "c1", "d1"))
    server.act(table, 0, place)
    state.apply(wg.get_spec("winter-queen").action_from_json(place), 0)
    lines = terminal()
    expect(prompt).to_have_text(lines[0] + " §")
    expect(page.locator("#take-none")).to_have_text(lines[1].split(" ", 3)[-1])
    # the choice's explanation is its button's tooltip, in the words of the terminal's
    # `explain N`, whatever words with terms of their own the button holds
    explained = next(choice.explain.text for action, choice in state.choices(0)
                     if choice is not None and action.to_json().get("kind") == "take"
                     and action.to_json().get("province") is None)
    rules_loaded(page)
    page.locator("#take-none").hover()
    expect(page.locator("#term-tip")).to_be_visible()
    expect(page.locator("#term-tip")).to_have_text(explained)
