"""Terminal rendering of ICE with rich: the four layers, every guild board, the decision.

Everything shown is read from ``state.observation(viewer)`` (plus the component texts
and rule numbers of the game's ``params``: the printed ones, or a what-if overlay's):
another seat's Snow tiles are only their backs, its Requests a count, its face-down
Artifacts their type. The one other thing read from the state is the kind of the open
decision (which question is being asked is public), for the prompt.

Each layer is a map in about 90 columns: the places of a layer sit on the same grid
across the maps (a Snow tile is drawn straight above the Deep tile it lies over), two
lines per row of hexes: the place's name with its tile, then the pieces on it.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from wintergames.games.ice.actions import PLACES
from wintergames.games.ice.components import IC
from wintergames.games.ice.geometry import BOARD, EMPTY, icon_uncovered
from wintergames.games.ice.model import TYPES
from wintergames.games.ice.observe import TILE_FACES
from wintergames.games.ice.params import DEFAULT, Params, params_of

if TYPE_CHECKING:
    from wintergames.core.state import State

WIDTH = 100
SEAT_STYLE = ("bold red", "bold blue", "bold green", "bold yellow", "bold magenta")
TYPE_STYLE = {"harmony": "green", "exalted": "yellow", "achievement": "cyan",
              "philosophical": "magenta", "obliteration": "red", "prismatic": "white"}
TYPE_LETTER = {"harmony": "H", "exalted": "E", "achievement": "A", "philosophical": "P",
               "obliteration": "O", "prismatic": "*"}
BACK_SHORT = {"clear": "clr", "tunnel": "tun", "rift": "rft", "nunatak": "nun",
              "encampment": "ENC"}
# A Rift tile's axis a blocks its sides a and a+3 (geometry SIDES order, drawn with r
# growing down the screen): the mark is the line through the two blocked sides.
RIFT_MARK = ("-", "\\", "/")
CELL = 10  # characters between two neighbouring hexes of a row
_X0 = 12.0  # the leftmost x (tripled units) of any map: the Surface layer's outer edges

LEGEND = ("Maps: each place by its name (T top/Snow, S Surface, D Deep, E board edge, A "
          "Azulia district). Snow backs: clr clear, tun tunnel, rft rift, nun nunatak, ENC "
          "the Encampment; a rift's mark (- \\ /) is the line through its two uncrossable "
          "sides. Artifacts: type letter (H harmony, E exalted, A achievement, P "
          "philosophical, O obliteration, * prismatic) and Anima: UPPER CASE uncovered (no "
          "tile on it), lower case partly covered, dim fully covered. · an empty slot. Pieces: 3a "
          "Archaeologists, L12 the Leaders of Players 1 and 2, ⌂1 Player 1's Camp, ⌂w a "
          "White Camp. Guild boards: ▼ face down (used today), ? a face you have not seen. "
          "An Artifact's id names its layer, type and Shape: S-HAR-2a a Surface (1 Anima) "
          "Harmony Artifact of Shape 2, D- the Deep (2 Anima); S-PRI-1 a Prismatic one, "
          "which has no Shape.")


def _x(coord: tuple[int, int]) -> float:
    return coord[0] + coord[1] / 2


def _column(x: float) -> int:
    return round((x + _X0) * CELL / 3)


def _present(obs: dict[str, Any]) -> list[int]:
    """A position with the public facts only: a slot holds a tile (its index) or EMPTY."""
    return [p if face is not None else EMPTY for p, face in enumerate(obs["board"]["tiles"])]


class _Pieces:
    """Who stands where: Archaeologists, Leaders and Camps by place name."""

    def __init__(self, obs: dict[str, Any]) -> None:
        self.archs = {PLACES[p]: n for p, n in enumerate(obs["board"]["archaeologists"])
                      if n}
        self.leaders: dict[str, list[int]] = defaultdict(list)
        self.camps: dict[str, list[str]] = defaultdict(list)
        for p, seat in enumerate(obs["seats"]):
            if seat["leader"]:
                self.leaders[seat["leader"]].append(p)
            if seat["camp"]:
                self.camps[seat["camp"]].append(str(p + 1))
        white = obs["camps"].get("white")
        for at in [white] if isinstance(white, str) else white or []:
            self.camps[at].append("w")

    def line(self, name: str) -> Text:
        parts: list[Text] = []
        if name in self.archs:
            parts.append(Text(f"{self.archs[name]}a", style="bold"))
        if self.leaders.get(name):
            t = Text("L", style="bold")
            for p in self.leaders[name]:
                t.append(str(p + 1), style=f"{SEAT_STYLE[p % 5]} reverse")
            parts.append(t)
        for c in self.camps.get(name, []):
            parts.append(Text("⌂" + c, style="bold" if c == "w"
                              else SEAT_STYLE[(int(c) - 1) % 5]))
        sep = " " if sum(len(x.plain) for x in parts) + len(parts) - 1 < CELL else ""
        return Text(sep).join(parts)


def _tile_label(obs: dict[str, Any], present: list[int], place: int) -> Text:
    board, name, kind = obs["board"], PLACES[place], BOARD.kind[place]
    if kind == "edge":
        return Text(f"{name} ░░", style="dim")
    if kind == "district":
        return Text(name, style="bold")
    face = board["tiles"][place]
    if face is None:
        return Text("·", style="dim")
    tile = TILE_FACES[face]
    if tile["layer"] == "snow":
        t = Text(f"{name} ")
        back = BACK_SHORT[tile["back"]]
        t.append(back, style="bold" if back == "ENC" else "")
        axis = board["rift_axis"][place]
        if axis is not None:
            t.append(RIFT_MARK[axis], style="bold red")
        return t
    above = [present[a] != EMPTY for a in BOARD.above[place]]
    letter = TYPE_LETTER[tile["type"]]
    if not any(above):  # uncovered
        t = Text(f"{name} ")
        t.append(f"{letter}{tile['anima']}", style=f"bold {TYPE_STYLE[tile['type']]}")
    elif all(above):  # out of sight: the type shows through the ice
        t = Text(f"{name} {letter.lower()}{tile['anima']}", style="dim")
    else:  # partly covered: explorers may stand on its open part
        t = Text(f"{name} ")
        t.append(f"{letter.lower()}{tile['anima']}", style=TYPE_STYLE[tile["type"]])
    return t


def layer_map(obs: dict[str, Any], level: int) -> list[Text]:
    """One layer as rows of hexes, two lines a row (the tile, then the pieces on it)."""
    present = _present(obs)
    pieces = _Pieces(obs)
    rows: dict[int, list[int]] = defaultdict(list)
    for p in range(BOARD.n):
        if BOARD.level[p] == level:
            rows[BOARD.coord[p][1]].append(p)
    out = []
    for r in sorted(rows):
        top, bottom = Text(), Text()
        for p in sorted(rows[r], key=lambda q: BOARD.coord[q][0]):
            col = _column(_x(BOARD.coord[p])) - CELL // 2 + 2
            label = _tile_label(obs, present, p)
            top.append(" " * max(0, col - len(top.plain)))
            top.append_text(label)
            stand = pieces.line(PLACES[p])
            bottom.append(" " * max(0, col - len(bottom.plain)))
            bottom.append_text(stand)
        out.append(top)
        if bottom.plain.strip():
            out.append(bottom)
    return out


def azulia(obs: dict[str, Any]) -> list[Text]:
    """Azulia's districts as a flower: each district, its 1 RP icon, the pieces on it."""
    present = _present(obs)
    pieces = _Pieces(obs)
    icon_of = {district: i for i, (district, _) in enumerate(BOARD.icons)}
    rows: dict[int, list[int]] = defaultdict(list)
    for d in BOARD.slots[0]:
        rows[math.floor((BOARD.coord[d][1] + 4.5) / 9)].append(d)
    out = []
    for row in sorted(rows):
        top, bottom = Text(), Text()
        for d in sorted(rows[row], key=lambda q: _x(BOARD.coord[q])):
            col = _column(_x(BOARD.coord[d])) - CELL // 2 + 2
            t = Text(PLACES[d], style="bold")
            if d in icon_of:
                taken = icon_uncovered(present, icon_of[d])
                t.append(" RP✓" if taken else " 1RP", style="dim" if taken else "bold yellow")
            top.append(" " * max(0, col - len(top.plain)))
            top.append_text(t)
            bottom.append(" " * max(0, col - len(bottom.plain)))
            bottom.append_text(pieces.line(PLACES[d]))
        out.append(top)
        if bottom.plain.strip():
            out.append(bottom)
    return out


def board(obs: dict[str, Any]) -> Group:
    parts: list[RenderableType] = []
    titles = {3: "Snow (top layer)", 2: "Surface Artifacts (edges E22-E45 around them)",
              1: "Deep Artifacts (edges E1-E21 around them)"}
    for level in (3, 2, 1):
        parts.append(Text(titles[level], style="bold underline"))
        parts.extend(layer_map(obs, level))
    parts.append(Text("Azulia (1RP: the district's icon still covered; RP✓ uncovered, "
                      "its RP token taken)", style="bold underline"))
    parts.extend(azulia(obs))
    return Group(*parts)


# --- the rest of the table -------------------------------------------------------------


def _seat_name(obs: dict[str, Any], p: int) -> Text:
    name = obs["seats"][p]["name"]
    return Text(name + (" (you)" if obs["you"] == p else ""), style=SEAT_STYLE[p % 5])


def _prompt(state: State | None, obs: dict[str, Any]) -> str:
    """What the seats to move decide, in the engine's words (``State.decision``, the
    prompt the terminal then lists the choices under); the viewer's own decision is
    printed below the table with its limit and choices, so it is only pointed to."""
    if state is None:
        return ""
    if obs["you"] in obs["to_move"]:
        return "your decision is below"
    said = {d.prompt.text for p in obs["to_move"] if (d := state.decision(p)) is not None}
    return "; ".join(sorted(said))


def _params(state: State | None) -> Params:
    """The rule numbers of ``state``'s game (its overlay's), the printed ones without it."""
    return DEFAULT if state is None else params_of(state.options)


def header(obs: dict[str, Any], state: State | None = None) -> Text:
    params = _params(state)
    t = Text()
    if obs["day"] == 0:
        t.append("Before Day 1", style="bold underline")
        t.append(": everyone chooses the Requests to keep (hidden until all have chosen)")
    else:
        t.append(f"Day {obs['day']} of {params.days}", style="bold underline")
    t.append("   first player ")
    t.append_text(_seat_name(obs, obs["first_player"]))
    if obs["to_move"] and obs["day"]:
        p = obs["to_move"][0]
        t.append("\nTo move: ")
        t.append_text(_seat_name(obs, p))
        seat = obs["seats"][p]
        limit = params.overwork_ep if obs["overwork"] else params.turn_ep
        t.append(f": EP {seat['ep']} left, {obs['spent_this_turn']} spent this turn (max "
                 f"{limit}{', Overwork' if obs['overwork'] else ''})")
        if obs["excavation_cost"] is not None:
            t.append(f"; excavate costs {obs['excavation_cost']} EP")
        if obs["cryo_excavation_cost"] is not None:
            t.append(f"; excavate cryoarchitect (the CryoArchitect's discount, once a turn) "
                     f"costs {obs['cryo_excavation_cost']} EP")
    t.append(f"\nPool: {obs['archaeologists_in_pool']} Archaeologists   Request deck "
             f"{obs['request_deck']}   Logbook deck {obs['logbook_deck']}   discarded "
             f"tiles {obs['discarded_tiles']}", style="dim")
    if obs["played_snow_tiles"]:
        t.append("\nSnow tiles played: " + " ".join(obs["played_snow_tiles"]), style="dim")
    return t


def _cards(title: str, ids: list[str], texts: dict[str, str]) -> RenderableType:
    """A titled list of cards, each id with its text (wrapped beside the id)."""
    if not ids:
        return Text(title, style="bold").append(" none", style="dim")
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=1)
    grid.add_column(no_wrap=True, style="bold")
    grid.add_column()
    for cid in ids:
        grid.add_row("", Text(cid), Text(texts.get(cid, "")))  # never markup
    return Group(Text(title, style="bold"), grid)


def _request_texts(params: Params) -> dict[str, str]:
    return {r.id: r.text for r in params.requests}


def _decree_texts(params: Params) -> dict[str, str]:
    return {d.id: d.text for d in params.decrees}


def _followers(n: int) -> str:
    return f"{n} follower" if n == 1 else f"{n} followers"


def trigger_text(st: dict[str, Any], params: Params) -> str:
    """What the token on a seat's trigger slot means (``st``: the seat's view): the Anima
    its slots need, and under a grown Curse how many may follow a Move."""
    token = st["trigger"]
    if token == "none":
        return ""
    if token == "blessing":
        return f"Blessing ({params.anima_blessing} Anima triggers)"
    dark = token.startswith("dark")
    text = f"{'dark' if dark else 'light'} Curse"
    anima = params.anima_dark if dark else params.anima_light
    if token.endswith("flipped"):
        return f"{text} flipped ({anima} Anima, {_followers(st['move_followers'])})"
    return f"{text} ({anima} Anima)"


def _curse_track(obs: dict[str, Any]) -> Text:
    t = Text("Curse track (expert mode): ", style="bold")
    tokens = obs["curse_tokens"]
    for space, count in enumerate(tokens):
        t.append(f"{space}", style="bold" if space in IC.curse_flip else "dim")
        kind = "d" if space > IC.curse_flip[0] else "l"
        if count:
            t.append(kind * count, style="red")
        for p, seat in enumerate(obs["seats"]):
            if seat.get("curse") == space:
                t.append(str(p + 1), style=f"{SEAT_STYLE[p % 5]} reverse")
        t.append(" ")
    t.append(f"(l/d: light/dark Curse tokens; spaces {IC.curse_flip[0]} and "
             f"{IC.curse_flip[1]} flip them)", style="dim")
    return t


def _artifact(a: dict[str, Any]) -> Text:
    if "id" in a:
        t = Text(a["id"], style=TYPE_STYLE[a["type"]])
    else:
        t = Text(f"?{a['layer'][0].upper()}{a['anima']}", style=TYPE_STYLE[a["type"]])
    if a.get("face_down"):
        t.append("▼", style="bold")
    return t


def _join(items: list[Text], empty: str = "-") -> Text:
    return Text(" ").join(items) if items else Text(empty, style="dim")


def seat(obs: dict[str, Any], p: int, params: Params = DEFAULT) -> Group:
    """One guild board: EP, tokens, Artifacts by slot, Study tokens, Ship's Hold, cards;
    card texts and rule numbers as ``params`` has them."""
    st = obs["seats"][p]
    guild = next(g for g in IC.guilds if g.id == st["guild"])
    head = _seat_name(obs, p)
    head.stylize("underline")
    head.append(f"  {guild.name} ({guild.leader})", style="bold")
    if obs["first_player"] == p:
        head.append("  first player", style="dim")
    if p in obs["to_move"]:
        head.append("  ◀ to move", style="bold green")
    if st["finished_today"]:
        head.append("  day over", style="dim")
    lines: list[RenderableType] = [head]
    info = Text(f"EP {st['ep']}   RP tokens {st['rp_tokens']}   Planning "
                f"{'yes' if st['planning'] else 'no'}   Leader {st['leader'] or 'off the board'}"
                f"   Camp {st['camp'] or 'in supply'}")
    if st["fluent_moves"]:
        info.append(f"   Fluent Move tokens {st['fluent_moves']}")
    trigger = trigger_text(st, params)
    if trigger:
        info.append(f"   trigger slot: {trigger}")
    extras = {"activation": "Activation token", "grappling": "Grappling tokens",
              "guild_archaeologists": "Archaeologists on the board"}
    for key, label in extras.items():
        if key in st:
            info.append(f"   {label} {st[key]}")
    if "curse" in st:
        info.append(f"   Curse track {st['curse']}")
    lines.append(info)
    slots = Text("Artifacts ")
    for t in TYPES:
        slots.append(f"{t}:", style=TYPE_STYLE[t])
        slots.append_text(_join([_artifact(a) for a in st["slots"][t]]))
        if t in st["used_today"]:
            slots.append(" (used)", style="dim")
        slots.append("  ")
    lines.append(slots)
    study = [Text(t + (" (flipped)" if st["study"][t] == "flipped" else ""),
                  style=TYPE_STYLE[t]) for t in TYPES if st["study"][t] != "none"]
    lines.append(Text("Study tokens ").append_text(_join(study, "none")))
    hold = Text("Ship's Hold ")
    hold.append_text(_join([_artifact(a) for a in st["ship_hold"]]))
    hold.append("   validated ")
    hold.append_text(_join([Text(f"{v['card']} (Day {v['day']}, {v['rp']} RP)")
                            for v in st["validated"]]))
    if st["second_request_bonuses"]:
        hold.append(f"   second-Request bonuses {st['second_request_bonuses']} "
                    f"({params.second_validation_rp} RP each)")
    lines.append(hold)
    backs = ", ".join(st["snow_backs"])
    lines.append(Text(f"Snow tiles {st['snow_tiles']}" + (f" ({backs})" if backs else "")
                      + f"   Requests {st['requests']}", style="dim"))
    if "hand" in st:
        fronts = {}
        for tile in st["hand"]:
            front = tile["front"]
            name = front.replace("-", " ").capitalize()
            if "talisman" in tile:
                name += f" ({tile['talisman']})"
            fronts[tile["id"]] = (f"{name} ({tile['back']} back): "
                                  f"{IC.glossary['front:' + front]}")
        lines.append(_cards("Your Snow tiles", list(fronts), fronts))
        lines.append(_cards("Your Requests", st["request_cards"], _request_texts(params)))
    return Group(*lines)


def _decision(obs: dict[str, Any], state: State | None) -> Text:
    if obs["over"]:
        t = Text("Game over. ", style="bold")
        scores = obs["scores"]
        t.append(", ".join(f"{s['name']}: {v}" for s, v in zip(obs["seats"], scores,
                                                                 strict=True)))
        winners = state.winners() if state is not None else []
        if winners:
            t.append("   winner: " + " and ".join(obs["seats"][w]["name"] for w in winners),
                     style="bold green")
        return t
    who = [("You" if p == obs["you"] else obs["seats"][p]["name"]) for p in obs["to_move"]]
    t = Text(f"▶ {' and '.join(who)}: ", style="bold green")
    t.append(_prompt(state, obs), style="bold")
    return t


def render(state: State, viewer: int | None) -> Group:
    """What seat ``viewer`` (or a spectator) sees, for the terminal."""
    obs = state.observation(viewer)
    params = _params(state)
    rule = Text("─" * WIDTH, style="dim", overflow="crop", no_wrap=True)
    parts: list[RenderableType] = [header(obs, state), board(obs), rule]
    parts.append(_cards("Decrees (scored at the end)", obs["decrees"], _decree_texts(params)))
    if obs["row"]:
        parts.append(_cards("Sunset row (take one Request when your day is over)",
                            obs["row"], _request_texts(params)))
    if obs["curse_tokens"] is not None:
        parts.append(_curse_track(obs))
    # The viewer's own board comes last, next to the decision prompt.
    order = [p for p in range(len(obs["seats"])) if p != viewer]
    if viewer is not None and 0 <= viewer < len(obs["seats"]):
        order.append(viewer)
    for p in order:
        parts.append(rule)
        parts.append(seat(obs, p, params))
    parts.append(Text(LEGEND, style="dim"))
    parts.append(_decision(obs, state))
    return Group(*parts)


__all__ = ["board", "header", "layer_map", "render", "seat"]
