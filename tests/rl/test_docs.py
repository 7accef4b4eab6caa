"""docs/rl.md lists the fields the vectors really have."""

from __future__ import annotations

from pathlib import Path

from wintergames.rl.docs import BEGIN, END, fields_markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_field_tables_in_the_docs_are_the_encodings() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "docs/rl.md has lost its field tables"
    written = text[text.index(BEGIN):text.index(END) + len(END)]
    assert written == fields_markdown(), (
        "docs/rl.md's field tables differ from the encodings: regenerate them with "
        "`python -m wintergames.rl.docs`")
