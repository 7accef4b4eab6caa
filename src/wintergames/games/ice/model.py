"""ICE's component kinds: the typed values ``components.IC`` is made of, and the
vocabularies (codes) the data files may use.

Indices used throughout the game:
- artifact types 0..4 in ``TYPES`` order, ``PRISMATIC`` (5) the wild category;
- levels 0..3 in ``LEVELS`` order (0 Azulia, 1 Deep, 2 Surface, 3 Snow);
- a tile id is its index in ``IC.tiles``: the 48 top-layer tiles (the Encampment last),
  then the 37 Surface Artifacts, then the 27 Deep Artifacts;
- a card id is its index in ``IC.requests`` / ``IC.decrees`` / ``IC.logbook``.

>>> TYPES.index("obliteration"), LEVELS.index("surface")
(4, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

TYPES = ("harmony", "exalted", "achievement", "philosophical", "obliteration")
PRISMATIC = 5  # the wild category, in the types' index space; it has no shape
LEVELS = ("azulia", "deep", "surface", "snow")
BACKS = ("clear", "tunnel", "rift", "nunatak", "encampment")
FRONTS = ("talisman", "explosive-rune", "anima-gemstone", "whistle-of-storms",
          "abseiling-rope", "ice-sailboat", "expedition-survivors", "wreck",
          "polar-termites", "ice-manta-ray", "boreal-smilodon", "white-spiders", "blank")
GUILDS = ("navigator", "incandescent", "icewalker", "nourisher", "cryoarchitect")
REQUEST_KINDS = ("mono", "shapes", "either", "duo", "trio", "prism")
DECREE_KINDS = ("tokens", "study", "type", "sets", "shapes")
LOGBOOK_EVENTS = ("prismatic-flow", "something-is-coming", "artifact-study",
                  "merchant-caravan", "safe-haven", "blizzard", "cataclysm", "snowstorm")
# The actions of the Exploration phase (RB Actions and the Fluent Move variant); the
# glossary has one text per code.
# RB "Scoring" in its order: 1. Decrees; 2. validated Requests and the 2 RP bonus per
# second Request of Days 2 and 3; 3. RP tokens, and 1 RP for an unused Planning token.
# Every event that changes a score names one of them (``Event.category``).
BREAKDOWN_CATEGORIES = ("Decrees", "Requests", "Bonus", "RP tokens", "Planning")
DECREES, REQUESTS, BONUS, RP_TOKENS, PLANNING = BREAKDOWN_CATEGORIES
ACTIONS = ("build-camp", "recruit", "sail", "study", "plan", "move", "overwork",
           "fluent-move", "excavate")


@dataclass(frozen=True, slots=True)
class Tile:
    """A hexagonal tile. Snow tiles (level 3) have a ``back`` and a ``front``; Artifact
    tiles (levels 1 and 2) have a ``type``, a ``shape`` and ``anima`` instead.

    ``id``: "SN01".."SN47", "ENC", "S-HAR-1a", ..., "S-PRI-7", "D-HAR-1a", ..., "D-PRI-2".
    ``talisman``: the Artifact type a Talisman front excavates (0..4), else -1.
    ``type``: 0..4 or ``PRISMATIC`` for Artifacts, -1 for Snow tiles.
    ``shape``: 1..3 for basic Artifacts, 0 for Prismatics and Snow tiles.
    ``anima``: 1 on the Surface, 2 in the Deep, 0 for Snow tiles.
    """

    id: str
    level: int
    back: str
    front: str
    talisman: int
    type: int
    shape: int
    anima: int


@dataclass(frozen=True, slots=True)
class Request:
    """A Request card: what it costs (by ``kind``, ``types`` and ``need``) and the RP it
    gains.

    Kinds (``need``, its kind's ``IC.request_cost``, is the Anima or the number of items
    it needs):
    - ``mono`` (T): Anima of type T;
    - ``shapes`` (T): Artifacts of type T with different Shapes, at least ``need``;
      ``rp3`` for 3 Shapes, ``rp`` for fewer;
    - ``either`` (T1, T2): Anima all of T1, or all of T2;
    - ``duo`` (T1, T2, T3): items of different types among the three;
    - ``trio`` (T1, T2, T3): Anima from any mix of the three types;
    - ``prism`` (``PRISMATIC``,): Anima from Prismatic Artifacts only.
    ``types`` are ascending. ``rp3`` is 0 except for ``shapes``. ``text`` is the card's
    words: in ``IC`` a template naming its numbers (``{need}``, ``{rp}``, ``{rp3}``), in a
    game's ``params.Params`` filled with the values that game plays with.
    """

    id: str
    kind: str
    types: tuple[int, ...]
    rp: int
    rp3: int
    text: str
    need: int


@dataclass(frozen=True, slots=True)
class Decree:
    """A Decree card: ``kind`` is tokens, study, type (then ``type`` is 0..4), sets or
    shapes; ``type`` is -1 for the kinds other than ``type``. What it scores per item is
    a rule number (``setup.toml [decree]``, a game's ``params.Params``); ``text`` names
    those numbers as ``Request.text`` does."""

    id: str
    kind: str
    type: int
    text: str


@dataclass(frozen=True, slots=True)
class Logbook:
    """A Logbook card: its ``event`` and the Snow back ``icon`` (a ``BACKS`` code) the
    Logbook Setup variant reads; ``text`` names its amounts as ``Request.text`` does."""

    id: str
    event: str
    icon: str
    text: str


@dataclass(frozen=True, slots=True)
class Guild:
    """A Guild board: ``id`` is a ``GUILDS`` code, ``text`` its ability."""

    id: str
    name: str
    leader: str
    starting_rp: int
    text: str


@dataclass(frozen=True, slots=True)
class CurseSetup:
    """Expert mode, for one player count: the Player markers' start space and the spaces
    of the light and dark Curse tokens (ascending; a space repeats when it gets two)."""

    start: int
    light: tuple[int, ...]
    dark: tuple[int, ...]


@dataclass(frozen=True)
class Components:
    tiles: tuple[Tile, ...]
    top: tuple[int, ...]  # the 48 top-layer tile ids, the Encampment last
    encampment: int  # its tile id
    surface: tuple[int, ...]  # the 37 Surface Artifact tile ids
    deep: tuple[int, ...]  # the 27 Deep Artifact tile ids
    requests: tuple[Request, ...]
    request_cost: dict[str, int]  # kind -> Anima (mono/either/trio/prism) or items needed
    decrees: tuple[Decree, ...]
    logbook: tuple[Logbook, ...]
    guilds: tuple[Guild, ...]  # in GUILDS order

    # Set-up and turn numbers (RB unless marked in setup.toml).
    days: int
    ep_by_players: dict[int, int]  # Sunrise reset, by player count (2..5)
    ep_max: int
    turn_ep: int  # EP a turn may spend
    action_ep: int  # EP an action costs (Move, Build a Camp, Recruit, Sail, Study, Plan)
    overwork_ep: int  # ... with Overwork
    overwork_rp: int  # what Overwork costs
    snow_hand_limit: int
    request_hand_limit: int
    deal: int
    keep: int
    first_game_deal: int
    first_game_keep: int
    first_game_rp: int
    row_extra: int  # the Sunset row holds players + row_extra Requests
    decrees_shown: int
    validations: int  # Requests a player may validate at the end of Days 2 and 3
    first_validation_rp: int  # RP token for the first validation of Day 2 or 3
    second_validation_rp: int  # end-of-game RP for the second one
    planning_rp: int  # an unused Planning token at the end
    azulia_rp: int  # an uncovered RP icon of Azulia
    fluent_tokens: dict[int, int]  # by player count: 2 (mandatory), 3 (variant)
    fluent_steps: int
    hard_extra: int  # the one +EP of a hard tile (modifiers never stack)
    explorer_discount: int  # EP less per Explorer on the excavated tile
    planning_ep: int  # the extra EP a Planning token gives at the next Sunrise
    excavate_cost: dict[int, int]  # base EP by level (3 snow, 2 surface, 1 deep)
    anima_needed: dict[str, int]  # trigger slot: normal, blessing, light, dark
    move_followers: dict[str, int]  # normal, light-flipped, dark-flipped
    all_studies_rp: int  # Artifact Study / Gentle variant with all 5 Study tokens

    # Supplies and guild extras.
    archaeologists: int
    white_camps: int
    planning_tokens: int
    study_tokens: int  # per type
    fluent_move_tokens: int  # per player colour
    blessing_tokens: int
    light_curse_tokens: int
    dark_curse_tokens: int
    nourisher_archaeologists: int
    grappling_tokens: int

    # Logbook amounts.
    caravan_display: int
    caravan_sell_rp: int
    caravan_buy_rp: int
    blizzard_archaeologists: int

    # Snow tile fronts' amounts (setup.toml [effects], read by effects.py).
    effects: dict[str, int]

    # Decree scoring.
    sets_rp: dict[int, int]  # types in a set (5, 4) -> RP
    shapes_rp: dict[int, int]  # different shapes of a type (2, 3) -> RP
    tokens_rp: int  # per RP token (the tokens Decree)
    study_rp: int  # per Study token (the study Decree)
    type_rp: int  # per Anima of its type (a type Decree)

    # Expert mode: Nuuka's Curse.
    curse: dict[int, CurseSetup]  # by player count (2..5)
    curse_flip: tuple[int, int]  # the spaces that flip the light, the dark token
    curse_end: int

    glossary: dict[str, str]  # "front:wreck", "type:harmony", "action:excavate", ...

    tile_by_id: dict[str, int]
    request_by_id: dict[str, int]
    decree_by_id: dict[str, int]
    logbook_by_id: dict[str, int]
