"""What a client draws Winterborne's boards with (public component data)."""

from __future__ import annotations

from typing import Any

from wintergames.games.winterborne.components import WB


def layout() -> dict[str, Any]:
    return {
        "colours": list(WB.colours),
        "provinces": list(WB.province_names),
        "spaces": list(WB.space_names),
        "sections": list(WB.section_names),
        "space_sections": [[WB.section_names[x] for x in secs] for secs in WB.space_sections],
        "cards": {c.id: {"name": c.name, "type": c.type, "text": c.text} for c in WB.cards},
    }
