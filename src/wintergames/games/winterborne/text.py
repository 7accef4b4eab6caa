"""Terminal rendering of Winterborne with rich: season, provinces, kingdoms, the decision.

Everything shown is read from ``state.observation(viewer)`` (plus the printed component
data in ``WB``), so the screen can never show what the viewer may not see: another
seat's hand is only a count, its allies only colours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from wintergames.games.winterborne.components import WB, Ally, Card
from wintergames.games.winterborne.params import Params, params_of

if TYPE_CHECKING:
    from wintergames.core.state import State

STYLE = {"green": "bold green", "yellow": "bold yellow", "blue": "bold blue",
         "purple": "bold magenta", "red": "bold red", "black": "bold bright_black"}
ABBR = {"green": "grn", "yellow": "yel", "blue": "blu", "purple": "pur", "red": "red",
        "black": "blk"}
FIGURE_MARK = {"shaman": "S", "explorer": "E", "warrior": "W", "white": "*"}
BUILDING_MARK = {None: " ", "settlement": "⌂", "church": "✝"}
RES_STYLE = {"gold": "yellow", "meat": "red", "military": "cyan"}
WYLDS_SHORT = {
    "military-to-meat": "1x→2m", "swap-shaman-explorer": "swap S↔E", "gold": "+1g",
    "explorer-step": "E 1 step", "meat": "+1m", "shaman-2": "S 2 steps", "military": "+1x",
    "warrior-3": "W 3 steps", "sacked-spoils": "any 1→sacked spoils",
    "meat-to-military": "1m→2x", "favor": "1m+any 1→1 favor",
}
# What each counting ally scoring counts, in a few characters ("1/2 settlem.": 1 VP per 2
# settlements built).
_ALLY_COUNTS = {"wylds": "Wylds+Orb", "settlements": "settlem.", "deck": "deck"}

# --- the kingdom ring ----------------------------------------------------------------
# Gray spaces sit at 12, 2, 4, 6, 8 and 10 o'clock (G1..G6 clockwise), each with its
# starter section S_i on the outside; C_i lies on the edge from G_i to G_(i+1); the
# castle is in the middle. (line, column) of each cell in a 9 x 52 character box.
_RING_W = 52
_G_AT = ((1, 22), (3, 34), (5, 34), (7, 22), (5, 9), (3, 9))
_S_AT = ((0, 22), (3, 43), (5, 43), (8, 22), (5, 0), (3, 0))
_C_AT = ((2, 32), (4, 34), (6, 32), (6, 11), (4, 9), (2, 11))
_CASTLE_AT = (4, 20)


def _res(amounts: dict[str, int]) -> Text:
    t = Text()
    for name, n in amounts.items():
        t.append(f"{name} ", style="dim")
        t.append(f"{n}  ", style=f"bold {RES_STYLE[name]}")
    return t


def _price(cost: dict[str, int]) -> str:
    """``{"gold": 1, "meat": 1}`` reads ``1 gold + 1 meat``; ``{}`` reads ``nothing``."""
    return " + ".join(f"{n} {name}" for name, n in cost.items()) or "nothing"


def _triple(r: tuple[int, int, int]) -> str:
    return "".join(f"{n}{c}" for n, c in zip(r, "gmx", strict=True) if n)


def ally_short(a: Ally, vp: int, per: int) -> str:
    """An ally's trade and scoring in a few characters, e.g. ``1 favor→2g; VP 1/3 deck``:
    ``vp`` points for every ``per`` things counted (the game's, ``params``)."""
    pay = [_triple(a.pay)] if any(a.pay) else []
    if a.pay_any:
        pay.append(f"any {a.pay_any}")
    if a.pay_favor:
        pay.append(f"{a.pay_favor} favor")
    if a.sack_spoils:
        pay.append("sack spoils")
    gain = [_triple(a.gain)] if any(a.gain) else []
    if a.gain_favor:
        gain.append(f"{a.gain_favor} favor")
    if a.conquer:
        gain.append("conquer")
    counts = _ALLY_COUNTS.get(a.scoring)
    per_words = "" if per == 1 else f"{per} "
    end = str(vp) if counts is None else f"{vp}/{per_words}{counts}"
    return f"{' '.join(pay)}→{' '.join(gain)}; VP {end}"


def _ally_words(ally_id: str, prm: Params) -> str:
    """The ally with this id in a few characters, with the game's scoring numbers."""
    a = WB.ally_by_id[ally_id]
    return ally_short(WB.allies[a], prm.ally_vp[a], prm.ally_per[a])


def card_uses(card: Card) -> str:
    """A card's uses as printed, hexes bracketed: ``[S] / m3 / +2g``; the hex of any one
    character reads ``[any]`` (the white meeple is the kingdom ring's ``*``)."""
    if card.wylds:
        return f"Wylds: {WYLDS_SHORT.get(card.wylds, card.wylds)}"
    parts = []
    for u in card.uses:
        if u.kind == "hex":
            parts.append("[any]" if u.code == "*" else f"[{u.code}]")
        elif u.kind == "castle":
            parts.append(f"castle {FIGURE_MARK[('shaman', 'explorer', 'warrior')[u.character]]}")
        else:
            parts.append(u.code)
    return " / ".join(parts)


def _cards(ids: list[str], stays: list[str] | tuple[str, ...] = (), where: str = "") -> Text:
    """Cards with their uses, one after another (rich wraps between cards); a card of
    ``stays`` (the observation's ``reserve_blocked``) is marked as staying ``where`` it
    is, hand or reserve, instead of as one that may go into the reserve."""
    if not ids:
        return Text("-", style="dim")
    t = Text()
    for i, cid in enumerate(ids):
        if i:
            t.append("   ")
        card = WB.cards[WB.card_by_id[cid]]
        t.append(cid, style="bold")
        t.append(f" {card_uses(card)}")
        if cid in stays:
            t.append(f" (R: stays in {where})", style="bold")
        elif card.reserve and not card.wylds:
            t.append(" (R)", style="dim")
    return t


def _section_cell(sec: dict[str, Any]) -> Text:
    colour = sec["colour"]
    t = Text(sec["section"] + " ", style="dim" if colour is None else "")
    if colour is None:
        t.append("···  ", style="dim")
    else:
        t.append(ABBR[colour], style=STYLE[colour])
        t.append(" " + BUILDING_MARK[sec["building"]] + " ", style="bold")
    return t


def _figures_at(figures: dict[str, str | None], place: str) -> str:
    return "".join(FIGURE_MARK[f] for f, at in figures.items() if at == place)


def ring(kingdom: dict[str, Any]) -> list[Text]:
    """The kingdom board as 9 lines: gray spaces with figures, sections, the castle."""
    cells: list[tuple[tuple[int, int], Text]] = []
    figures = kingdom["figures"]
    sections = kingdom["sections"]
    for g in range(6):
        name = WB.space_names[g]
        here = _figures_at(figures, name)
        cell = Text(name, style="dim")
        cell.append("[")
        cell.append(f"{here:<4}", style="bold reverse" if here else "")
        cell.append("]")
        cells.append((_G_AT[g], cell))
        cells.append((_S_AT[g], _section_cell(sections[g])))
        cells.append((_C_AT[g], _section_cell(sections[6 + g])))
    in_castle = _figures_at(figures, "castle")
    castle = Text("castle[", style="dim")
    castle.append(f"{in_castle:<4}", style="bold reverse" if in_castle else "")
    castle.append("]", style="dim")
    cells.append((_CASTLE_AT, castle))
    # Each line is assembled left to right from its cells, padded with blanks between.
    out = []
    for row in range(9):
        line = Text()
        for (_r, col), cell in sorted(((at, c) for at, c in cells if at[0] == row),
                                     key=lambda x: x[0][1]):
            line.append(" " * max(0, col - len(line.plain)))
            line.append_text(cell)
        out.append(line)
    return out


def ring_legend(reserve_size: int) -> str:
    """What the marks of the screen mean; ``reserve_size``: the game's reserve places."""
    return ("Kingdoms: G1..G6 gray spaces, clockwise from the top; [SEW*] shaman, explorer, "
            "warrior, white meeple; Sn starter section; Cn between Gn and Gn+1, ··· "
            "unconquered; ⌂ settlement, ✝ church; g/m/x gold/meat/military. Spoils: "
            "PR-colour counts as a section of that province at the end; HX a character "
            "hex, MV-n a movement n, WY activates your Wylds (each used once). Cards: "
            "[any] the hex of any one character; (R) the reserve icon: it may wait in "
            f"your reserve ({reserve_size} cards at most); (R: stays in hand) picked "
            "up from the reserve this turn, it stays in hand until the clean-up (or "
            "until it leaves the hand); in the clean-up, (R: stays in hand/reserve) it "
            "moved there already.")


# --- the parts ------------------------------------------------------------------------


def _header(obs: dict[str, Any]) -> Text:
    t = Text()
    season = obs["season"]
    t.append(season.capitalize(), style="bold underline")
    if season == "winter":
        t.append(f" (winter round {obs['winter_round']} of {obs['winter_rounds']})",
                 style="bold")
    t.append(f"   explore costs {obs['explore_cost']} meat", style="")
    t.append(f"\nA settlement costs {_price(obs['settlement_cost'])}; a conquest "
             f"{_price(obs['conquer_cost'])}")
    decks = "  ".join(f"{n} {k}" for n, k in zip(obs["season_decks"],
                                                ("spring", "summer", "autumn", "winter"),
                                                strict=True))
    t.append(f"\nCards left in the season decks: {decks}", style="dim")
    t.append(f"\nFavor supply {obs['favor_supply']}   first player "
             f"{obs['players'][obs['first_player']]}")
    if obs["sacked_spoils"]:
        t.append("\nSacked spoils: " + " ".join(obs["sacked_spoils"]), style="dim")
    return t


def provinces(obs: dict[str, Any], prm: Params) -> Table:
    """One row per province board: its top ally, conquer tiles, spoils, exploration card."""
    table = Table(title="Provinces (top ally: pay→gain, VP at the end; left = allies in the deck)",
                  title_justify="left", title_style="bold", box=box.SIMPLE_HEAD,
                  show_edge=False, pad_edge=False, padding=(0, 1, 0, 0))
    table.add_column("province", no_wrap=True)
    table.add_column("top ally", overflow="fold")
    table.add_column("left", justify="right", no_wrap=True)
    table.add_column("tiles", justify="right", no_wrap=True)
    table.add_column("spoils", overflow="fold")
    table.add_column("exploration card", overflow="fold")
    for p in obs["provinces"]:
        style = STYLE[p["colour"]]
        if p["ally"] is None:
            ally = Text("-", style="dim")
        else:
            ally = Text(p["ally"], style=style)
            ally.append(f" {_ally_words(p['ally'], prm)}")
        if p["spoils"] is None:
            spoils = Text(f"{p['spoils_count']} face down")
        else:
            spoils = Text(" ".join(p["spoils"]) or "-")
        explore = (_cards([p["exploration"]]) if p["exploration"]
                   else Text("-", style="dim"))
        table.add_row(Text(p["colour"], style=style), ally, str(p["allies_left"]),
                      str(p["conquer_tiles"]), spoils, explore)
    return table


def _rows(rows: list[dict[str, Any]]) -> Text:
    t = Text("house rows ", style="dim")
    for i, r in enumerate(rows):
        t.append(f"{i + 1}:", style="dim")
        t.append("⌂" * r["settlements"], style="bold")
        t.append("·" * (2 - r["settlements"]), style="dim")
        t.append("✝" if r["church"] else "·", style="bold" if r["church"] else "dim")
        t.append(" ")
    return t


def seat(obs: dict[str, Any], p: int, prm: Params) -> Group:
    """One seat: the kingdom ring beside the seat's counts, then cards and tiles."""
    st = obs["seats"][p]
    me = obs["you"] == p
    info: list[Text] = []
    head = Text(st["name"] + (" (you)" if me else ""), style="bold underline")
    if obs["first_player"] == p:
        head.append("  first player", style="dim")
    if p in obs["to_move"]:
        head.append("  ◀ to move", style="bold green")
    info.append(head)
    info.append(_res(st["resources"]))
    info.append(Text(f"favor {st['favor']} (+{st['favor_on_card']} on the power card)"))
    info.append(_rows(st["kingdom"]["rows"]))
    power = st["power_card"]
    pw = Text(f"power {power['id']}: {', '.join(power['powers'])}")
    used = [str(r + 1) for r, n in enumerate(st["powers_used"]) if n]
    if used:
        pw.append(f" (used in winter round {', '.join(used)})", style="dim")
    info.append(pw)
    if off_card := [code for code in st["powers"] if code not in power["powers"]]:
        info.append(Text(f"round power: {', '.join(off_card)}"))
    if st["white_meeple_used"]:
        info.append(Text("white meeple power used", style="dim"))
    info.append(Text(f"deck {st['deck_size']}  discard {len(st['discard'])}  "
                     f"hand {st['hand_size']}", style="dim"))
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=_RING_W, no_wrap=True)
    grid.add_column()
    grid.add_row(Text("\n").join(ring(st["kingdom"])), Text("\n").join(info))
    parts: list[RenderableType] = [grid]
    # the seat to move's cards that may not go between hand and reserve now (public)
    stays = obs["reserve_blocked"] if p == obs["current"] else []
    if me and "hand" in st:
        parts.append(Text("hand     ", style="bold").append_text(_cards(st["hand"], stays, "hand")))
    else:
        hidden = Text(f"hand     {st['hand_size']} cards (hidden)", style="dim")
        if held := [c for c in stays if c not in st["reserve"]]:
            hidden.append(", among them ", style="dim")
            hidden.append_text(_cards(held, stays, "hand"))
        parts.append(hidden)
    reserve = _cards(st["reserve"], stays, "reserve")
    parts.append(Text("reserve  ", style="bold").append_text(reserve))
    extra = Text("spoils   ", style="bold")
    extra.append(" ".join(st["spoils"]) or "-")
    extra.append("   allies ", style="bold")
    if "allies" in st:
        for a in st["allies"]:
            ally = WB.allies[WB.ally_by_id[a]]
            extra.append(a, style=STYLE[WB.colours[ally.colour]])
            extra.append(f" ({_ally_words(a, prm)})  ")
    else:
        for colour in st["ally_colours"]:
            extra.append(colour + " ", style=STYLE[colour])
    if not st["ally_colours"]:
        extra.append("-", style="dim")
    parts.append(extra)
    return Group(*parts)


def balaur(obs: dict[str, Any]) -> Text:
    b = obs["balaur"]
    t = Text(f"The Balaur ({b['difficulty']})", style="bold underline")
    t.append("  acts on the province hexes left to right, with each card's character hex",
             style="dim")
    t.append("\nboard  ")
    for colour, cid in zip(WB.colours, b["board"], strict=True):
        t.append(f"{ABBR[colour]}:", style=STYLE[colour])
        shown = "-"
        if cid:
            hexes = [u.code for u in WB.cards[WB.card_by_id[cid]].uses if u.kind == "hex"]
            shown = f"{cid}[{''.join(hexes)}]"
        t.append(f"{shown:<10}", style="bold" if cid else "dim")
    t.append(f"\ndeck {b['deck_size']}   score pile ({len(b['pile'])}): "
             + (" ".join(b["pile"]) or "-"))
    if b["score"] is not None:
        t.append(f"\nBalaur score {b['score']}", style="bold")
    for o in b["objectives"]:
        t.append(f"\nobjective {o['letter']} ({o['vp']} VP): {o['text']}")
    return t


def _decision(obs: dict[str, Any]) -> Text:
    d = obs["decision"]
    if d is None:
        scores = obs["scores"] or []
        t = Text("Game over. ", style="bold")
        t.append(", ".join(f"{n}: {v}" for n, v in zip(obs["players"], scores, strict=False)))
        if obs["winners"]:
            t.append("   winner: " + " and ".join(obs["players"][w] for w in obs["winners"]),
                     style="bold green")
        return t
    # What is decided, and its choices, the terminal prints from the game's Decision
    # (cli/play.py show_decision): here only whose decision it is.
    who = "You" if d["seat"] == obs["you"] else obs["players"][d["seat"]]
    t = Text(f"▶ {who} to move", style="bold green")
    if obs["played"]:
        # Which hex the open move belongs to is only visible from the cards played.
        t.append("   played this turn: " + " ".join(obs["played"]), style="dim")
    return t


def render(state: State, viewer: int | None) -> Group:
    """What seat ``viewer`` (or a spectator) sees, for the terminal."""
    obs = state.observation(viewer)
    # The game's numbers: the data files' with its options' overlay (options are public).
    prm = params_of(state.options)
    parts: list[RenderableType] = [_header(obs), provinces(obs, prm)]
    # The viewer's own seat comes last, next to the decision prompt.
    order = [p for p in range(obs["num_players"]) if p != viewer]
    if viewer is not None and 0 <= viewer < obs["num_players"]:
        order.append(viewer)
    for p in order:
        parts.append(Text("─" * 100, style="dim", overflow="crop", no_wrap=True))
        parts.append(seat(obs, p, prm))
    if "balaur" in obs:
        parts.append(Text("─" * 100, style="dim", overflow="crop", no_wrap=True))
        parts.append(balaur(obs))
    parts.append(Text(ring_legend(prm.reserve_size), style="dim"))
    parts.append(_decision(obs))
    return Group(*parts)
