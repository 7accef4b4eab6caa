"""A Markdown document of the project shown as a web page (the Rules dialog's link).

Served as Markdown, the browser offered the file for download instead of showing it; the
page is the same text rendered by markdown-it (CommonMark with tables), raw HTML in the
source escaped, in the site's own style.
"""

from __future__ import annotations

from html import escape
from itertools import pairwise

from markdown_it import MarkdownIt

from wintergames.core.provenance import is_rule_id

_RENDER = MarkdownIt("commonmark", {"html": False}).enable("table")


def document_page(markdown: str, title: str) -> str:
    """The HTML page of ``markdown`` titled ``title``, with a way back to the lobby.

    >>> page = document_page("# Notes\\n\\n| a |\\n|---|\\n| <b>1</b> |", "Notes")
    >>> "<h1>Notes</h1>" in page and "<td>&lt;b&gt;1&lt;/b&gt;</td>" in page
    True
    """
    return (
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{escape(title)} — wintergames</title>\n"
        # the theme (issue 21): set before the first paint; its colours, then the styles
        "<script src=\"/static/js/theme.js\"></script>\n"
        "<link rel=\"stylesheet\" href=\"/static/theme.css\">\n"
        "<link rel=\"stylesheet\" href=\"/static/style.css\">\n"
        "<link rel=\"icon\" href=\"data:,\">\n</head>\n"
        "<body class=\"doc-page\">\n<header><a href=\"/\" class=\"home\">wintergames</a></header>\n"
        f"<main class=\"doc\">\n{_rendered(markdown)}</main>\n</body>\n</html>\n"
    )


def _rendered(markdown: str) -> str:
    """The Markdown as HTML, each rule passage's heading (``### turn.place: …``) anchored as
    ``#rule-turn.place``, where the pages' rule links point.

    >>> _rendered("### turn.place: Placing")
    '<h3 id="rule-turn.place">turn.place: Placing</h3>\\n'
    """
    tokens = _RENDER.parse(markdown)
    for opening, inline in pairwise(tokens):
        if opening.type == "heading_open" and opening.tag == "h3":
            rule_id, colon, _ = inline.content.partition(": ")
            if colon and is_rule_id(rule_id):
                opening.attrSet("id", f"rule-{rule_id}")
    return _RENDER.renderer.render(tokens, _RENDER.options, {})
