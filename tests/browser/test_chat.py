"""The table chat in the browser: a seat writes, the other seat and a spectator read it
at once (each in a browser of its own), markup stays text, a reload keeps the history,
a spectator is told it reads only, and typing never reaches the game's controls."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from .conftest import PageErrors, Server, screenshot, screenshot_folder

TIMEOUT = 20_000  # ms
MARKUP = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">'


def named_table(server: Server, names: list[str]) -> dict[str, Any]:
    return server.create("winter-queen", [{"kind": "human", "name": name} for name in names],
                         seed=4, first_player="1")


def open_page(browser: Browser, server: Server, link: str, page_errors: PageErrors,
              width: int = 1280, height: int = 900) -> Page:
    """A page in a browser context of its own (its own cookies and storage: another
    person's browser)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = page_errors.watch(context.new_page())
    page.goto(server.url + link)
    page.wait_for_selector("body[data-version]", timeout=TIMEOUT)
    return page


def spectator_link(table: dict[str, Any]) -> str:
    return str(table["spectator"])


def chat_lines(page: Page) -> list[str]:
    return [" ".join(text.split()) for text in
            page.locator("#chat-log li").evaluate_all("(items) => items.map((li) => "
                                                      "li.querySelector('.chat-who').textContent"
                                                      " + ': ' + li.querySelector('.chat-text')"
                                                      ".textContent)")]


def test_a_seat_writes_and_the_other_seat_and_a_spectator_read_it_at_once(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    table = named_table(server, ["Ada", "Bea"])
    ada = open_page(browser, server, table["seats"][0]["invite"], page_errors)
    bea = open_page(browser, server, table["seats"][1]["invite"], page_errors)
    watcher = open_page(browser, server, spectator_link(table), page_errors)
    for page in (ada, bea, watcher):
        expect(page.locator("#chat-log li")).to_have_count(0)
    ada.fill("#chat-input", "Good luck, Bea!")
    ada.press("#chat-input", "Enter")  # Enter sends
    for page in (bea, watcher, ada):
        expect(page.locator("#chat-log li")).to_have_count(1, timeout=TIMEOUT)
    assert chat_lines(bea) == chat_lines(watcher) == ["Ada (Player 1): Good luck, Bea!"]
    assert chat_lines(ada) == ["Ada (Player 1, you): Good luck, Bea!"]
    expect(ada.locator("#chat-input")).to_have_value("")  # sent, so cleared
    expect(ada.locator("#chat-input")).to_be_focused()  # ready for the next line
    bea.fill("#chat-input", "Thanks, you too")
    bea.click("#chat-send")  # and so does the button
    for page in (ada, watcher):
        expect(page.locator("#chat-log li")).to_have_count(2, timeout=TIMEOUT)
    assert chat_lines(watcher) == ["Ada (Player 1): Good luck, Bea!",
                                   "Bea (Player 2): Thanks, you too"]  # newest at the bottom
    # The spectator reads and is told why it cannot write.
    expect(watcher.locator("#chat-form")).to_be_hidden()
    expect(watcher.locator("#chat-note")).to_have_text(
        "You are watching: spectators read the chat; only the players write in it.")
    expect(ada.locator("#chat-note")).to_be_hidden()
    # A reload shows what was said, in order.
    bea.reload()
    bea.wait_for_selector("body[data-version]", timeout=TIMEOUT)
    expect(bea.locator("#chat-log li")).to_have_count(2, timeout=TIMEOUT)
    assert chat_lines(bea) == ["Ada (Player 1): Good luck, Bea!",
                               "Bea (Player 2, you): Thanks, you too"]
    screenshot(ada, "chat", tmp_path)


def test_markup_in_a_name_or_a_message_stays_text(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = named_table(server, ["<script>x</script>", "Bea"])
    writer = open_page(browser, server, table["seats"][0]["invite"], page_errors)
    reader = open_page(browser, server, spectator_link(table), page_errors)
    writer.fill("#chat-input", MARKUP)
    writer.press("#chat-input", "Enter")
    expect(reader.locator("#chat-log li")).to_have_count(1, timeout=TIMEOUT)
    for page in (writer, reader):
        expect(page.locator("#chat-log .chat-text")).to_have_text(MARKUP)
        expect(page.locator("#chat-log .chat-who")).to_contain_text(
            "<script>x</script> (Player 1")  # ", you)" on the writer's own page
        # nothing was made of it: no element, no script run, no image asked for
        assert page.locator("#chat-log script, #chat-log img, #chat-log b").count() == 0
        assert page.evaluate("window.pwned") is None


def test_typing_in_the_chat_never_reaches_the_game_and_refusals_are_shown(
        server: Server, browser: Browser, page_errors: PageErrors) -> None:
    table = named_table(server, ["Ada", "Bea"])
    page = open_page(browser, server, table["seats"][0]["invite"], page_errors)
    version = page.get_attribute("body", "data-version")
    # whatever listens for keys on the page (a game's controls) hears none of the chat's
    page.evaluate("window.keysHeard = 0; document.addEventListener('keydown', "
                  "() => { window.keysHeard += 1; })")
    page.click("#chat-input")
    page.keyboard.type("a1 ")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Space")
    assert page.evaluate("window.keysHeard") == 0
    page.keyboard.press("Escape")  # hands the keyboard back to the page
    expect(page.locator("#chat-input")).not_to_be_focused()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("window.keysHeard") == 1
    assert page.get_attribute("body", "data-version") == version  # no move was made
    # a message of spaces is refused in words, and what was typed is given back
    page.fill("#chat-input", "   ")
    page.press("#chat-input", "Enter")
    expect(page.locator("#chat-error")).to_have_text(
        "a chat message is empty; write 1 to 300 characters", timeout=TIMEOUT)
    expect(page.locator("#chat-input")).to_have_value("   ")
    expect(page.locator("#chat-log li")).to_have_count(0)
    # the field takes no more than a message may hold, and says so near the end
    assert page.get_attribute("#chat-input", "maxlength") == "300"
    page.fill("#chat-input", "x" * 280)
    expect(page.locator("#chat-count")).to_have_text("20 of 300 characters left")
    page.press("#chat-input", "Enter")
    expect(page.locator("#chat-log li")).to_have_count(1, timeout=TIMEOUT)
    expect(page.locator("#chat-error")).to_have_text("")


def test_the_chat_on_a_phone(server: Server, browser: Browser, page_errors: PageErrors,
                             tmp_path: Path) -> None:
    table = named_table(server, ["Ada", "Bea"])
    ada = open_page(browser, server, table["seats"][0]["invite"], page_errors, 390, 844)
    bea = open_page(browser, server, table["seats"][1]["invite"], page_errors, 390, 844)
    for text in ("Shall we?", "A long word: " + "snow" * 20, "gg"):
        ada.fill("#chat-input", text)
        ada.press("#chat-input", "Enter")
    expect(bea.locator("#chat-log li")).to_have_count(3, timeout=TIMEOUT)
    bea.locator("#chat").scroll_into_view_if_needed()
    # nothing wider than the screen: a long word wraps inside the panel
    assert bea.evaluate("document.documentElement.scrollWidth") <= 390
    box = bea.locator("#chat-send").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390
    screenshot(bea, "chat-phone", tmp_path)
    folder = screenshot_folder()
    if folder is not None:
        bea.locator("#chat").screenshot(path=str(folder / "chat-phone-panel.png"))


def test_a_message_while_the_chat_is_out_of_sight_is_announced_until_seen(
        server: Server, browser: Browser, page_errors: PageErrors, tmp_path: Path) -> None:
    """Issue 39 item 10: nothing told a player a message had come while the chat was
    scrolled out of view. A notice at the top says how many came, the chat's title counts
    them, and both go once the chat is in sight; one's own messages never count."""
    table = named_table(server, ["Ada", "Bea"])
    ada = open_page(browser, server, table["seats"][0]["invite"], page_errors)
    # on a phone: the chat far below the board
    bea = open_page(browser, server, table["seats"][1]["invite"], page_errors, 390, 844)
    bea.evaluate("window.scrollTo(0, 0)")
    notice = bea.locator("#chat-unread")
    expect(notice).to_be_hidden()
    for text in ("Good luck, Bea!", "Your move"):
        ada.fill("#chat-input", text)
        ada.press("#chat-input", "Enter")
    expect(bea.locator("#chat-log li")).to_have_count(2, timeout=TIMEOUT)
    expect(notice).to_have_text("2 new messages in the chat ↓")
    expect(bea.locator("#chat-new")).to_have_text(" (2 new)")
    box = notice.bounding_box()
    assert box is not None and 0 <= box["y"] < 844  # on screen where Bea looks
    expect(ada.locator("#chat-unread")).to_be_hidden()  # Ada's own, in her sight
    screenshot(bea, "chat-unread-phone", tmp_path, full_page=False)
    notice.click()  # brings the chat into view: seen
    expect(notice).to_be_hidden(timeout=TIMEOUT)
    expect(bea.locator("#chat-new")).to_be_hidden()
    for page in (ada, bea):
        page.close()
