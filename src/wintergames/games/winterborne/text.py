"""Terminal rendering of Winterborne with rich (to be completed)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from rich.text import Text

if TYPE_CHECKING:
    from wintergames.core.state import State


def render(state: State, viewer: int | None) -> Text:
    """What seat ``viewer`` (or a spectator) sees, for the terminal."""
    return Text(json.dumps(state.observation(viewer), indent=1))
