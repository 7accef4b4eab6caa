"""A Markdown document of the project shown as a web page (the Rules dialog's link).

Served as Markdown, the browser offered the file for download instead of showing it; the
page is the same text rendered by markdown-it (CommonMark with tables), raw HTML in the
source escaped, in the site's own style.
"""

from __future__ import annotations

from html import escape

from markdown_it import MarkdownIt

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
        f"<main class=\"doc\">\n{_RENDER.render(markdown)}</main>\n</body>\n</html>\n"
    )
