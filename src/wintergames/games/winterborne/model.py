"""Winterborne's component kinds: the typed values ``components.WB`` is made of, and
the vocabularies (codes) the data files may use.

Indices used throughout the game:
- resources: 0 gold, 1 meat, 2 military (``RESOURCES``);
- characters: 0 shaman, 1 explorer, 2 warrior (``CHARACTERS``); 3 is the white meeple;
- colours/provinces: 0..5 in clockwise order from 12 o'clock (``WB.colours``);
- kingdom gray spaces 0..5 clockwise (``WB.space_names``); sections 0..11, 0..5 the
  starter sections (section i has colour i), 6..11 the conquerable ones
  (``WB.section_names``);
- cards: one index per distinct card in ``WB.cards`` (house cards are the same for every
  house, so a house card index names "my copy of that card").
"""

from __future__ import annotations

from dataclasses import dataclass

RESOURCES = ("gold", "meat", "military")
CHARACTERS = ("shaman", "explorer", "warrior")
WHITE = 3  # the white meeple, in the characters' index space
# Exploration card types that score as sets (Scoring Exploration Sets).
SET_TYPES = ("provision", "treasure", "weapon", "wylds")
# Winterborne power codes (Winterborne Power Cards, in the rulebook's order).
POWERS = ("move-building", "two-resources", "discard-draw", "explore-discount", "swap-card",
          "spoils-any", "white-meeple", "trade", "round-action")
SEASONS = ("spring", "summer", "autumn", "winter")
# The code vocabularies below are what the rules know how to carry out; the data files
# may only use these, so an unknown code is a data error found at import.
CARD_TYPES = ("house", "mercenary", "treasure", "provision", "weapon", "banner", "wylds")
CORE_TYPES = ("treasure", "provision", "weapon")  # the 18 core cards
BANNERS = ("horn", "mask", "bag", "book", "rune", "orb", "potion")
BANNER_SCORING = ("mask-types", "bag-unconquered", "bag-unused-winter",
                  "bag-unbuilt-churches", "book-bbg", "book-pyr", "book-starter-settlements",
                  "rune", "orb", "potion-banners", "")
# The banner scorings that count something and score ``Card.vp`` for each (Rune and Orb
# stand in for other cards instead; a Horn scores nothing).
COUNTING_BANNERS = ("mask-types", "bag-unconquered", "bag-unused-winter",
                    "bag-unbuilt-churches", "book-bbg", "book-pyr", "book-starter-settlements",
                    "potion-banners")
WYLDS_EFFECTS = ("military-to-meat", "swap-shaman-explorer", "gold", "explorer-step", "meat",
                 "shaman-2", "military", "warrior-3", "sacked-spoils", "meat-to-military",
                 "favor")
HORN_VARIANTS = ("free-adjacent", "anywhere", "adjacent-any")
ALLY_SCORING = ("wylds", "settlements", "deck", "flat")
SPOILS_KINDS = ("province", "hex", "move", "wylds")


@dataclass(frozen=True, slots=True)
class Use:
    """One option printed on a card; a played card uses exactly one.

    ``kind`` is one of:
    - ``hex``: a character hex; ``character`` is 0..2, or -1 for any one character;
    - ``move``: a movement circle; ``values`` are the numbers to choose from (the Book
      banners print two), ``ccw`` for the Mask banners (counter-clockwise);
    - ``gain``: take ``resources`` (a gold/meat/military triple) from the supply;
    - ``gain-any``: take any one resource (the mercenary);
    - ``hire``: pay 1 gold for any character hex this turn (the mercenary);
    - ``wylds``: activate every Wylds card in your reserve;
    - ``horn``: a Horn banner's special build, ``variant`` one of ``free-adjacent``
      (adjacent to the warrior, no resource cost), ``anywhere`` (any section, normal
      cost), ``adjacent-any`` (adjacent to any of your characters, normal cost);
    - ``draw``: discard this banner and draw 1 card (Bag);
    - ``castle``: discard this banner and move ``character`` to the castle (Potion).
    ``code`` is the short notation of the use (``S``, ``m2``, ``m1/2``, ``ccw2``,
    ``+2g``, ``wy``, ...), unique on its card.
    """

    kind: str
    code: str
    character: int = -1
    values: tuple[int, ...] = ()
    ccw: bool = False
    resources: tuple[int, int, int] = (0, 0, 0)
    variant: str = ""


@dataclass(frozen=True, slots=True)
class Card:
    """A card kind. ``type``: house, mercenary, treasure, provision, weapon, banner, wylds.

    ``banner`` names the set (horn, mask, bag, book, rune, orb, potion) and ``scoring``
    the end-game bonus code of a banner (``mask-types``, ``bag-unconquered``,
    ``bag-unused-winter``, ``bag-unbuilt-churches``, ``book-bbg``, ``book-pyr``,
    ``book-starter-settlements``, ``rune``, ``orb``, ``potion-banners``, or ``""``), and
    ``vp`` the points that bonus scores for each thing it counts (``COUNTING_BANNERS``).
    ``wylds`` is a Wylds card's effect code (``military-to-meat``, ``swap-shaman-explorer``,
    ``gold``, ``explorer-step``, ``meat``, ``shaman-2``, ``military``, ``warrior-3``,
    ``sacked-spoils``, ``meat-to-military``, ``favor``); ``promo`` marks promotional Wylds.
    """

    id: str
    name: str
    type: str
    uses: tuple[Use, ...]
    reserve: bool = False
    banner: str = ""
    scoring: str = ""
    wylds: str = ""
    promo: bool = False
    text: str = ""
    vp: int = 0


@dataclass(frozen=True, slots=True)
class Ally:
    """An ally card: its trade and its end-game scoring.

    Trade: pay ``pay`` (a resource triple) plus ``pay_any`` resources of your choice plus
    ``pay_favor`` favor; or, for black allies, ``sack_spoils`` (sack one spoils tile from
    your supply). Gain ``gain`` (resource triple) and ``gain_favor`` favor; ``gain_choice``
    lists resource indices of which you take one each time (purple: "another resource"
    is printed, so it is usually empty); red allies ``conquer`` for free anywhere.
    Scoring: ``points`` VP for every ``per`` things counted, by code: ``wylds`` (Wylds
    cards in reserve, Orbs count), ``settlements`` (settlements built), ``deck`` (cards in
    your personal deck), or ``flat`` (nothing counted: ``points`` each, ``per`` 1).
    """

    id: str
    colour: int
    pay: tuple[int, int, int] = (0, 0, 0)
    pay_any: int = 0
    pay_favor: int = 0
    sack_spoils: bool = False
    gain: tuple[int, int, int] = (0, 0, 0)
    gain_favor: int = 0
    conquer: bool = False
    scoring: str = "flat"
    points: int = 0
    per: int = 1
    text: str = ""


@dataclass(frozen=True, slots=True)
class Spoils:
    """A spoils tile: ``kind`` province (``colour``), hex (``character``), move (``value``)
    or wylds (activate your Wylds; returned to the box after use)."""

    id: str
    kind: str
    colour: int = -1
    character: int = -1
    value: int = 0


@dataclass(frozen=True, slots=True)
class Objective:
    """A solo objective tile (printed on the back of a conquer tile of ``colour``)."""

    letter: str
    text: str
    colour: int


@dataclass(frozen=True, slots=True)
class PowerCard:
    """A Winterborne power card with its two power codes (see ``POWERS``)."""

    id: str
    powers: tuple[str, str]


@dataclass(frozen=True, slots=True)
class SeasonSetup:
    """The season board's chart for one player count."""

    banner_sets: int
    wylds: int
    spring: int
    summer: int
    autumn: int


@dataclass(frozen=True, slots=True)
class Difficulty:
    """A solo difficulty: the Balaur's base score and how many objectives are used."""

    base: int
    objectives: int


@dataclass(frozen=True)
class Components:
    colours: tuple[str, ...]  # 6, clockwise from 12 o'clock
    province_names: tuple[str, ...]
    space_names: tuple[str, ...]  # gray spaces, clockwise
    section_names: tuple[str, ...]  # 12: starters then conquerables
    space_sections: tuple[tuple[int, ...], ...]  # sections adjacent to each gray space
    crossed_cw: tuple[int, ...]  # section passed stepping clockwise from space g
    crossed_ccw: tuple[int, ...]  # section passed stepping counter-clockwise from g
    borders: tuple[tuple[int, int], ...]  # per conquerable section (index - 6): 2 colours
    start_space: tuple[int, int, int]  # per character
    cards: tuple[Card, ...]
    house: tuple[int, ...]  # card indices of one house's 6 cards
    mercenary: int  # card index of the mercenary
    core: tuple[int, ...]  # the 18 core exploration cards
    banner_sets: dict[str, tuple[int, ...]]  # set name -> 3 card indices (box order)
    wylds: tuple[int, ...]  # every Wylds card (base first, then promotional)
    allies: tuple[Ally, ...]
    spoils: tuple[Spoils, ...]
    spoils_per_province: int
    conquer_tiles: int  # per colour
    solo_conquer_tiles: int  # per colour, in the solo game
    objectives: tuple[Objective, ...]
    objective_vp: tuple[int, ...]  # VP under each objective slot, from the right
    difficulties: dict[str, Difficulty]
    power_cards: tuple[PowerCard, ...]
    round_power_character: tuple[int, int, int]  # the round power's character, per round
    seasons: dict[int, SeasonSetup]  # by player count (1 = the solo set-up)
    explore_cost: tuple[int, int, int, int]  # meat, per season (spring..winter)
    first_game_banners: tuple[str, ...]
    favor_supply: int
    starting_gold: int
    hand_size: int
    reserve_size: int
    resource_cap: int
    rows: int  # settlement rows on a house board
    winter_rounds: int
    power_gains: int  # resources the "two resources" power gives
    power_draws: int  # cards the "discard, then draw" power draws
    power_favor: tuple[int, int, int]  # favor a power costs in winter rounds 1..3
    settlement_cost: tuple[int, int, int]  # gold, meat, military
    conquer_cost: tuple[int, int, int]
    tax_gains: tuple[int, int, int]
    raid_gains: tuple[int, int, int]
    settlement_favor: int  # favor a settlement earns
    pray_favor: int  # favor the shaman's pray takes
    income_gold: int  # gold per building the shaman passes
    set_vp: tuple[int, int, int, int]  # an exploration set of 1, 2, 3, 4 types
    favor_vp: int  # VP per favor token
    resources_per_vp: int  # resources per VP
    balaur_vp_per_banner: int  # the solo Balaur's VP per banner card in its pile

    card_by_id: dict[str, int]  # card id (any case is looked up upper-cased) -> index
    ally_by_id: dict[str, int]
    spoils_by_id: dict[str, int]


# --- Loading ------------------------------------------------------------------------
# Every file is checked as it is read: a typo in a code, a duplicated id or a count that
# contradicts the rulebook stops the import with a ValueError naming the file, rather
# than surfacing later as a wrong rule.
