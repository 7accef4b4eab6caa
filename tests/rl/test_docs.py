"""docs/rl.md lists the fields the vectors really have."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from wintergames.rl.docs import BEGIN, END, fields_markdown
from wintergames.rl.gymnasium import single_agent

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_field_tables_in_the_docs_are_the_encodings() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, "docs/rl.md has lost its field tables"
    written = text[text.index(BEGIN):text.index(END) + len(END)]
    assert written == fields_markdown(), (
        "docs/rl.md's field tables differ from the encodings: regenerate them with "
        "`python -m wintergames.rl.docs`")


def _block_after(text: str, marker: str) -> str:
    """The first ```python block after ``marker``."""
    start = text.index("```python", text.index(marker)) + len("```python")
    return text[start:text.index("```", start)]


def test_the_policy_example_runs() -> None:
    namespace: dict[str, object] = {}
    exec(_block_after(DOC.read_text(encoding="utf-8"), "<!-- example:policy -->"), namespace)
    assert namespace["reward"] == 0.0 and not namespace["terminated"]


def test_the_factory_example_is_an_opponent(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("# my_agents.py")  # the block that begins with this line
    (tmp_path / "my_agents.py").write_text(text[start:text.index("```", start)],
                                           encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    env = single_agent("winter-queen", opponents="my_agents:make_bot", num_players=2)
    _, info = env.reset(seed=2)
    _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env.bots[1 - env.seat].kind == "policy" and info["action_mask"].any()
