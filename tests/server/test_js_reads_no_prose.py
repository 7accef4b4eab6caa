"""The pages read the engine's fields, never its English (issue 38): no script under
static/js applies a regular expression to event, prompt, label or notation text.

Every regular expression the scripts hold is listed here with what it reads; one that is
not listed fails the test, so a new one is looked at before it lands. The scan finds
regex literals (``/.../flags`` where an expression starts) and ``RegExp(`` calls.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC_JS = Path(__file__).resolve().parents[2] / "src" / "wintergames" / "server" / "static" / "js"

# A regex literal opens where an expression may start: after one of these characters or
# after `return`; a division never does (it follows a value). Template strings are left
# out first: a path in one ("/replay/all") is no regex.
LITERAL = re.compile(r"(?:^|[(,=:\[!&|?{;]|\breturn)\s*"
                     r"(/(?![/*])(?:\\.|\[(?:\\.|[^\]\\])*\]|[^/\\\n])+/[a-z]*)")
CONSTRUCTED = re.compile(r"\bRegExp\s*\(")

# (file, the regex as written): what it reads, none of it the engine's words.
ALLOWED = {
    ("tooltip.js", "/[_-]/g"): "a glossary term's key (its id), made comparable",
    ("tooltip.js", "/\\s+/"): "a glossary term's key (its id), made comparable",
    ("lobby.js", "/\\s+/"): "a game's title, for its initials on the lobby's emblem",
    ("lobby.js", "/[,\\s]+/"): "the bot settings a person types (iterations=30, depth=none)",
    ("lobby.js", "/^-?\\d+(\\.\\d+)?$/"): "a typed bot setting's value, read as a number",
    ("review.js", "/^(0|[1-9][0-9]{0,5})$/"): "the page address's ?review= seat, a number "
                                              "before it goes into a request's path",
}


def scripts() -> list[Path]:
    return sorted(STATIC_JS.rglob("*.js"))


def regexes(source: str) -> list[str]:
    """The regular expressions a script's code holds (comments left out).

    >>> regexes('const a = b / 2; x.split(/\\\\s+/); // not /this/')
    ['/\\\\s+/']
    """
    code = re.sub(r"^\s*//.*$|^\s*/?\*.*$", "", source, flags=re.MULTILINE)
    code = re.sub(r"\s//\s.*$", "", code, flags=re.MULTILINE)
    code = re.sub(r"`(?:\\.|[^`\\])*`", "``", code)
    return LITERAL.findall(code) + [m.group(0) for m in CONSTRUCTED.finditer(code)]


def test_the_scan_finds_the_regular_expressions_it_looks_for() -> None:
    # a literal after "(", after "return", a RegExp built from a string; not a division
    found = regexes("f(/a+b/g); function g() { return /^x$/i.test(y); }\n"
                    "const r = new RegExp(words); const half = w / 2 / 3;")
    assert found == ["/a+b/g", "/^x$/i", "RegExp("]


@pytest.mark.parametrize("script", scripts(), ids=lambda p: str(p.relative_to(STATIC_JS)))
def test_no_script_applies_a_regular_expression_it_was_not_allowed(script: Path) -> None:
    found = regexes(script.read_text())
    unlisted = [r for r in found if (script.name, r) not in ALLOWED]
    assert not unlisted, (
        f"{script.relative_to(STATIC_JS)} applies {unlisted}: read the view's fields and "
        "mentions instead of the engine's words (docs/views.md), or list the regex in "
        "ALLOWED with what it reads")


def test_every_allowed_regular_expression_is_still_there() -> None:
    held = {(p.name, r) for p in scripts() for r in regexes(p.read_text())}
    assert set(ALLOWED) <= held, sorted(set(ALLOWED) - held)
