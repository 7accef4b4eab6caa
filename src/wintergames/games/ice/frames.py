"""The open decisions of ICE, and the small look-ups every rule shares.

A decision in progress is a stack of frames on ``state.pending`` (innermost last); each
frame is a tuple ``(KIND, seat, *arguments)``: the seat that owes the decision comes
second, because some decisions fall to another seat than the one whose turn it is (a
Navigator's Camp lost on someone else's turn, a Logbook event every seat resolves). An
empty stack means the player to move is free to take an action, play a Snow tile,
trigger an Artifact, use their ability, or end the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wintergames.games.ice.components import IC

if TYPE_CHECKING:
    from wintergames.games.ice.state import IceState

# Where a piece is when it is not on the board.
OFF = -1  # an Expedition Leader with its player; a Camp in its owner's supply / the pool
BOX = -2  # a White Camp not used in this game

# Frame kinds and their arguments (after the seat).
DISCARD_OPENING = 1  # (): discard one of the opening Requests (simultaneous step)
FOLLOW = 2  # (origin, most, then): how many Archaeologists follow from ``origin``
FLUENT_STEP = 3  # (followers): the optional second step of a Fluent Move
PRISM_SLOT = 4  # (tile): the Artifact slot a Prismatic Artifact goes to
SPREAD = 5  # (tile slot, extra): which tied places take the remainder of the explorers
LEADER_TO = 6  # (seat of leader, *counts): where a leader goes among the places below
CAMP_TO = 7  # (camp, removed slot): where a Camp from the excavated tile goes
COLLECT = 8  # (tile): keep a collapsing / destroyed tile with a Philosophical Artifact
SUNSET_TAKE = 9  # (): take one Request from the row, or none
VALIDATE = 10  # (validated today): validate a Request, or done
PAY = 11  # (card): the next item paying the Request
HAND_LIMIT = 12  # (): discard Requests down to the hand limit
SNOW_LIMIT = 13  # (): discard Snow tiles down to 3 at the end of the turn
EFFECT = 14  # (effect code, *arguments): a Snow tile / Artifact effect's choice
ABILITY = 15  # (ability code, *arguments): a guild ability's choice
LOGBOOK = 16  # (event, *arguments): a Logbook event's choice for this seat
NAV_CAMP = 17  # (from slot): where the Navigator's Camp goes after its tile went
SUNRISE_PRISM = 18  # (): move each Prismatic Artifact to a new slot, or done
EXCAVATION = 19  # (step, slot, *arguments): an excavation waiting for a choice
PREPARE = 20  # (): before the Explorers are placed: Rope, Survivors, a Grappling token

# What a FOLLOW frame's last argument says comes after the followers.
FLUENT_NEXT, NAVIGATOR_FOLLOW = 1, 2

# What an EFFECT frame asks (its first argument).
EFFECT_ROPE = 1  # where the Leader (and one Archaeologist) go with Abseiling Rope
EFFECT_GRAPPLE = 2  # where the Icewalker's Leader goes
# Snow tile fronts played as free actions (effects.py; codes 10..29, arguments after it).
EFFECT_RUNE = 10  # (): the tile Explosive Rune destroys (put PLACE)
EFFECT_GEM = 11  # (types mask): the effect Anima Gemstone triggers on a Prismatic (choose)
EFFECT_WHISTLE_FROM = 12  # (): where Whistle of Storms takes Archaeologists from
EFFECT_WHISTLE_TO = 13  # (from): the tile with a Camp they go to
EFFECT_WHISTLE_COUNT = 14  # (from, to): how many go (follow N)
EFFECT_SAILBOAT = 15  # (): the other Leader's place Ice Sailboat adds to
EFFECT_MANTA = 16  # (): where Ice Manta Ray takes the Leader
EFFECT_SMILODON_FROM = 17  # (): the place Boreal Smilodon empties
EFFECT_SMILODON_TO = 18  # (from): the adjacent place its Archaeologists go to
EFFECT_SPIDERS = 19  # (): where White Spiders take the Leader (1 or 2 steps)
EFFECT_FOLLOW = 20  # (origin, base, most): Archaeologists following a Snow-tile move

# Artifact effects (powers.py; codes 30..49, arguments after it).
EFFECT_OBLITERATE = 30  # (): the tile an Obliteration Artifact destroys (put PLACE)

# What a LOGBOOK frame asks (its first argument); the Logbook events add their own.
LOGBOOK_STUDY = 1  # a Study token of a type the seat lacks (Artifact Study, Gentle)
# The events (logbook.py; arguments after the code; ``order``: the seat's place in the
# order clockwise from the first player).
LOGBOOK_FLOW = 10  # (*chosen): Prismatic Flow, pool short: the next Prismatic tile (put)
LOGBOOK_HAVEN = 11  # (*chosen): Safe Haven, pool short: the next Nunatak tile (put)
LOGBOOK_COMING = 12  # (order): Something is Coming: a free Move (move PLACE) or pass
LOGBOOK_CARAVAN = 13  # (order, done mask 1 sold 2 bought, *display): sell, buy or done
LOGBOOK_BLIZZARD = 14  # (order, still to take): the tied place to take one from (put)
LOGBOOK_CATACLYSM = 15  # (order): the uncovered tile to discard (put PLACE)
LOGBOOK_STORM = 16  # (order, back): the slot for the returned Snow tile (put PLACE)
LOGBOOK_STORM_MOVE = 17  # (order, slot): where the next covered Explorer goes (put)

# What an ABILITY frame asks (its first argument).
ABILITY_REBUILD = 1  # the CryoArchitect's rebuilt Camp: the tile (put PLACE)
ABILITY_ACTIVATE = 2  # the slot of the Activation token, on a Prismatic (choose TYPE)

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


def top(s: IceState) -> tuple[int, ...] | None:
    return s.pending[-1] if s.pending else None


def push(s: IceState, kind: int, seat: int, *args: int) -> None:
    s.pending = (*s.pending, (kind, seat, *args))


def pop(s: IceState) -> tuple[int, ...]:
    frame = s.pending[-1]
    s.pending = s.pending[:-1]
    return frame


def replace_top(s: IceState, kind: int, seat: int, *args: int) -> None:
    s.pending = (*s.pending[:-1], (kind, seat, *args))


def turn_limit(s: IceState) -> int:
    """EP the player to move may spend this turn: 1-2, or 3 with Overwork (setup.toml)."""
    return IC.overwork_ep if s.overwork else IC.turn_ep


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
