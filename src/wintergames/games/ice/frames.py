"""The open decisions of ICE, and the small look-ups every rule shares.

A decision in progress is a stack of frames on ``state.pending`` (innermost last), each a
small frozen ``IceFrame`` (``core.frames``) whose first field is the seat that owes the
decision, because some decisions fall to another seat than the one whose turn it is (a
Navigator's Camp lost on someone else's turn, a Logbook event every seat resolves). An
empty stack means the player to move is free to take an action, play a Snow tile,
trigger an Artifact, use their ability, or end the turn.

The kinds are data here, at the bottom of the game's layers, because low layers open
frames that higher ones resolve (a Navigator's follower is asked in ``pieces``, answered
in ``turn``); each kind's legal answers and resolution are in ``rules.HANDLERS``, its
prompt in ``prompts``, its public context in ``observe``, every table checked complete
by a test. A saved state holds each frame as ``[CODE, seat, *arguments]`` (an effect's,
ability's or Logbook event's question after the seat), as before frames were classes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from wintergames.core.frames import Frame, FrameKinds

# The stack's operations, shared by every game (re-exported for this game's modules).
from wintergames.core.frames import pop as pop
from wintergames.core.frames import push as push
from wintergames.core.frames import replace_top as replace_top
from wintergames.core.frames import top as top

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

# Where a piece is when it is not on the board.
OFF = -1  # an Expedition Leader with its player; a Camp in its owner's supply / the pool
BOX = -2  # a White Camp not used in this game

# What a FOLLOW frame's last argument says comes after the followers.
FLUENT_NEXT, NAVIGATOR_FOLLOW = 1, 2

# Trigger slot codes: what the token on a guild board's Artifact trigger slot says.
TRIGGER_NONE, TRIGGER_BLESSING, TRIGGER_LIGHT, TRIGGER_LIGHT_FLIPPED = 0, 1, 2, 3
TRIGGER_DARK, TRIGGER_DARK_FLIPPED = 4, 5

# Incandescent Activation token.
READY, SPENT = -1, 5  # else: the Artifact type it was placed on (0..4)

# Once-per-turn and once-per-Day uses.
TURN_NAV_FOLLOW, TURN_NOURISH, TURN_CRYO, TURN_GRAPPLE, TURN_DISCOUNT = 0, 1, 2, 3, 4
TURN_EXCAVATED = 5  # 1 + the Leader's place after the last excavation (Harmony may follow)
TURN_PHILOSOPHICAL = 6  # an Anima Gemstone's Philosophical effect: one collect this turn
TURN_FLAGS = 7
DAY_NAV_CAMP, DAY_INCANDESCENT, DAY_CRYO_REBUILD = 0, 1, 2
# Slot 3 is never used; it stays so that a state's JSON (saved games) keeps its shape.
DAY_FLAGS = 4


def turn_limit(s: IceState) -> int:
    """EP the player to move may spend this turn: 1-2, or 3 with Overwork (the game's
    ``params``)."""
    return s.params.overwork_ep if s.overwork else s.params.turn_ep


def can_spend(s: IceState, p: int, ep: int) -> bool:
    """Whether this turn can still spend ``ep`` EP: EP left, and within 1-2 (3 with
    Overwork) a turn."""
    return ep <= s.ep[p] and s.spent + ep <= turn_limit(s)


def followers_limit(s: IceState, p: int) -> int:
    """Archaeologists who may follow a Move: 3, fewer under a flipped Curse token."""
    return s.follow_cap[p]


def seat_order(s: IceState) -> list[int]:
    """Clockwise from the first player."""
    return [(s.first + i) % s.num_players for i in range(s.num_players)]


# -- the frames ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IceFrame(Frame):
    """An open decision of ICE and the seat that owes it."""

    seat: int


@dataclass(frozen=True, slots=True)
class Follow(IceFrame):
    """How many Archaeologists follow a Leader from ``origin`` (0..``most``); ``then``:
    what comes after (``FLUENT_NEXT``, ``NAVIGATOR_FOLLOW`` or 0)."""

    CODE = 2
    NAME = "FOLLOW"
    origin: int
    most: int
    then: int


@dataclass(frozen=True, slots=True)
class FluentStep(IceFrame):
    """The optional next step of a Fluent Move, ``followers`` with the Leader, ``steps``
    taken so far (the game's ``params.fluent_steps`` at most)."""

    CODE = 3
    NAME = "FLUENT_STEP"
    followers: int
    steps: int

    @classmethod
    def decode(cls, args: Sequence[int]) -> FluentStep:
        """A FLUENT_STEP saved before a Fluent Move counted its steps holds no count: it
        was always asked after the first step."""
        if len(args) == 2:
            args = (*args, 1)
        return super(FluentStep, cls).decode(args)


@dataclass(frozen=True, slots=True)
class PrismSlot(IceFrame):
    """The Artifact slot a Prismatic Artifact goes to."""

    CODE = 4
    NAME = "PRISM_SLOT"
    tile: int


@dataclass(frozen=True, slots=True)
class Spread(IceFrame):
    """Which of the tied places under the excavated ``slot`` takes the next of the
    ``left`` Explorers."""

    CODE = 5
    NAME = "SPREAD"
    slot: int
    left: int


@dataclass(frozen=True, slots=True)
class LeaderTo(IceFrame):
    """Where ``leader`` (a seat's Leader) goes among the places below an excavation."""

    CODE = 6
    NAME = "LEADER_TO"
    leader: int


@dataclass(frozen=True, slots=True)
class CampTo(IceFrame):
    """Where ``camp`` (a seat's, or a White Camp) goes from the excavated ``slot``."""

    CODE = 7
    NAME = "CAMP_TO"
    camp: int
    slot: int


@dataclass(frozen=True, slots=True)
class Collect(IceFrame):
    """Keep a collapsing or destroyed ``tile`` with a Philosophical Artifact, or not."""

    CODE = 8
    NAME = "COLLECT"
    tile: int


@dataclass(frozen=True, slots=True)
class SunsetTake(IceFrame):
    """Take one Request from the Sunset row, or none."""

    CODE = 9
    NAME = "SUNSET_TAKE"


@dataclass(frozen=True, slots=True)
class Validate(IceFrame):
    """Validate a Request, or ``done``."""

    CODE = 10
    NAME = "VALIDATE"
    # Always 0, kept so saved games load: the validations left come from the seat's own
    # validated Requests (``days.validations_left``).
    today: int = 0


@dataclass(frozen=True, slots=True)
class Pay(IceFrame):
    """The next item paying Request ``card``; ``chosen``: the items put towards it so far."""

    CODE = 11
    NAME = "PAY"
    card: int
    chosen: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class HandLimit(IceFrame):
    """Discard Requests down to the hand limit."""

    CODE = 12
    NAME = "HAND_LIMIT"


@dataclass(frozen=True, slots=True)
class SnowLimit(IceFrame):
    """Discard Snow tiles down to the limit at the end of the turn."""

    CODE = 13
    NAME = "SNOW_LIMIT"


@dataclass(frozen=True, slots=True)
class Question(IceFrame):
    """A question of an effect, ability or Logbook event, saved after the seat."""

    SUB_AT = 1  # the question's code comes after the seat
    QUESTION: ClassVar[str]  # its name in the decision context


@dataclass(frozen=True, slots=True)
class Effect(Question):
    """A Snow tile's or an Artifact's question."""

    CODE = 14
    NAME = "EFFECT"


@dataclass(frozen=True, slots=True)
class Rope(Effect):
    """Abseiling Rope: where the Leader (and one Archaeologist) go."""

    SUB = 1
    QUESTION = "EFFECT_ROPE"


@dataclass(frozen=True, slots=True)
class Grapple(Effect):
    """A Grappling token: where the Icewalker's Leader goes."""

    SUB = 2
    QUESTION = "EFFECT_GRAPPLE"


@dataclass(frozen=True, slots=True)
class Rune(Effect):
    """Explosive Rune: the tile it destroys."""

    SUB = 10
    QUESTION = "EFFECT_RUNE"


@dataclass(frozen=True, slots=True)
class Gem(Effect):
    """Anima Gemstone on a Prismatic: the effect it triggers, among ``types`` (a mask)."""

    SUB = 11
    QUESTION = "EFFECT_GEM"
    types: int


@dataclass(frozen=True, slots=True)
class WhistleFrom(Effect):
    """Whistle of Storms: where the Archaeologists come from."""

    SUB = 12
    QUESTION = "EFFECT_WHISTLE_FROM"


@dataclass(frozen=True, slots=True)
class WhistleTo(Effect):
    """Whistle of Storms: the tile with a Camp they go to from ``origin``."""

    SUB = 13
    QUESTION = "EFFECT_WHISTLE_TO"
    origin: int


@dataclass(frozen=True, slots=True)
class WhistleCount(Effect):
    """Whistle of Storms: how many go from ``origin`` to ``to``."""

    SUB = 14
    QUESTION = "EFFECT_WHISTLE_COUNT"
    origin: int
    to: int


@dataclass(frozen=True, slots=True)
class Sailboat(Effect):
    """Ice Sailboat: the other Leader's place it adds to."""

    SUB = 15
    QUESTION = "EFFECT_SAILBOAT"


@dataclass(frozen=True, slots=True)
class Manta(Effect):
    """Ice Manta Ray: where it takes the Leader."""

    SUB = 16
    QUESTION = "EFFECT_MANTA"


@dataclass(frozen=True, slots=True)
class SmilodonFrom(Effect):
    """Boreal Smilodon: the place it empties."""

    SUB = 17
    QUESTION = "EFFECT_SMILODON_FROM"


@dataclass(frozen=True, slots=True)
class SmilodonTo(Effect):
    """Boreal Smilodon: the adjacent place the Archaeologists of ``origin`` go to."""

    SUB = 18
    QUESTION = "EFFECT_SMILODON_TO"
    origin: int


@dataclass(frozen=True, slots=True)
class Spiders(Effect):
    """White Spiders: where they take the Leader (1 or 2 steps)."""

    SUB = 19
    QUESTION = "EFFECT_SPIDERS"


@dataclass(frozen=True, slots=True)
class EffectFollow(Effect):
    """Archaeologists following a Snow tile's move from ``origin``: up to ``most``,
    ``base`` of them without the Navigator's extra one."""

    SUB = 20
    QUESTION = "EFFECT_FOLLOW"
    origin: int
    base: int
    most: int


@dataclass(frozen=True, slots=True)
class Obliterate(Effect):
    """An Obliteration Artifact: the tile it destroys."""

    SUB = 30
    QUESTION = "EFFECT_OBLITERATE"


@dataclass(frozen=True, slots=True)
class Ability(Question):
    """A guild ability's question."""

    CODE = 15
    NAME = "ABILITY"


@dataclass(frozen=True, slots=True)
class Rebuild(Ability):
    """The CryoArchitect's rebuilt Camp: its tile."""

    SUB = 1
    QUESTION = "ABILITY_REBUILD"


@dataclass(frozen=True, slots=True)
class Activate(Ability):
    """The Incandescent's Activation token: the slot, on a Prismatic."""

    SUB = 2
    QUESTION = "ABILITY_ACTIVATE"


@dataclass(frozen=True, slots=True)
class Logbook(Question):
    """A Logbook event's question for this seat."""

    CODE = 16
    NAME = "LOGBOOK"


@dataclass(frozen=True, slots=True)
class Study(Logbook):
    """A Study token of a type the seat lacks (Artifact Study, the Gentle variant)."""

    SUB = 1
    QUESTION = "LOGBOOK_STUDY"


@dataclass(frozen=True, slots=True)
class Flow(Logbook):
    """Prismatic Flow with the pool short: the next Prismatic tile; ``chosen`` so far."""

    SUB = 10
    QUESTION = "LOGBOOK_FLOW"
    chosen: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Haven(Logbook):
    """Safe Haven with the pool short: the next Nunatak tile; ``chosen`` so far."""

    SUB = 11
    QUESTION = "LOGBOOK_HAVEN"
    chosen: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Ordered(Logbook):
    """An event every seat resolves in turn; ``order``: this seat's place in the order
    clockwise from the first player."""

    order: int


@dataclass(frozen=True, slots=True)
class Coming(Ordered):
    """Something is Coming: a free Move, or pass."""

    SUB = 12
    QUESTION = "LOGBOOK_COMING"


@dataclass(frozen=True, slots=True)
class Caravan(Ordered):
    """Merchant Caravan: sell, buy or done; ``done``: 1 sold, 2 bought; ``display``: the
    tiles on offer (-1 once bought)."""

    SUB = 13
    QUESTION = "LOGBOOK_CARAVAN"
    done: int
    display: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Blizzard(Ordered):
    """Blizzard: the tied place to take one of the ``left`` Archaeologists from."""

    SUB = 14
    QUESTION = "LOGBOOK_BLIZZARD"
    left: int


@dataclass(frozen=True, slots=True)
class Cataclysm(Ordered):
    """Cataclysm: the uncovered tile to discard."""

    SUB = 15
    QUESTION = "LOGBOOK_CATACLYSM"


@dataclass(frozen=True, slots=True)
class Storm(Ordered):
    """Snowstorm: the slot for the returned Snow tile of ``back`` (index in BACKS)."""

    SUB = 16
    QUESTION = "LOGBOOK_STORM"
    back: int


@dataclass(frozen=True, slots=True)
class StormMove(Ordered):
    """Snowstorm: where the next Explorer covered at ``slot`` goes."""

    SUB = 17
    QUESTION = "LOGBOOK_STORM_MOVE"
    slot: int


@dataclass(frozen=True, slots=True)
class NavCamp(IceFrame):
    """Where the Navigator's Camp goes after its tile at ``origin`` went."""

    CODE = 17
    NAME = "NAV_CAMP"
    origin: int


@dataclass(frozen=True, slots=True)
class SunrisePrism(IceFrame):
    """Move each Prismatic Artifact to a new slot, or ``done``; ``moved`` so far."""

    CODE = 18
    NAME = "SUNRISE_PRISM"
    moved: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Excavation(IceFrame):
    """An excavation under way (``excavate``), at ``step``, of the tile at ``slot``."""

    CODE = 19
    NAME = "EXCAVATION"
    step: int
    slot: int
    tile: int  # the tile taken
    rope_arch: int  # 1: an Archaeologist is kept apart with the Leader (Abseiling Rope)
    apart: int  # the Leader is placed by choice: 1 Abseiling Rope, 2 a Grappling token
    camp: int  # the Camp that stood on the tile, or -1
    archs: int  # the Archaeologists it holds off the board until placed
    leaders: int  # a bit mask of the Leaders still to place
    receives: tuple[int, ...] = (0, 0, 0)  # per target place, the Explorers still to come


@dataclass(frozen=True, slots=True)
class Prepare(IceFrame):
    """Before the Explorers are placed: Rope, Survivors, a Grappling token, or pass."""

    CODE = 20
    NAME = "PREPARE"


KINDS: FrameKinds[IceFrame] = FrameKinds([
    Follow, FluentStep, PrismSlot, Spread, LeaderTo, CampTo, Collect, SunsetTake, Validate,
    Pay, HandLimit, SnowLimit, Rope, Grapple, Rune, Gem, WhistleFrom, WhistleTo,
    WhistleCount, Sailboat, Manta, SmilodonFrom, SmilodonTo, Spiders, EffectFollow,
    Obliterate, Rebuild, Activate, Study, Flow, Haven, Coming, Caravan, Blizzard,
    Cataclysm, Storm, StormMove, NavCamp, SunrisePrism, Excavation, Prepare])
