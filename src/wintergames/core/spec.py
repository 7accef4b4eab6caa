"""``GameSpec``: what a game is (id, title, players, options) and how to build it."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import TYPE_CHECKING, Any, Protocol

from wintergames.core.errors import ActionFormatError, InvalidOptionError, excerpt
from wintergames.core.helptext import RulesHelp
from wintergames.core.overlay import OVERLAY, OverlaySchema
from wintergames.core.phrases import Catalogue
from wintergames.core.provenance import RuleIndex

if TYPE_CHECKING:
    from wintergames.core.actions import Action
    from wintergames.core.encoding import ObservationEncoding
    from wintergames.core.state import State


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name, default, allowed values and meaning.

    ``choices`` lists every allowed value; ``None`` means any value of ``kind``. Where a
    rule allows fewer values at some player counts (a seat number), ``choices_for(n)``
    gives the values allowed with ``n`` players and ``limited_by`` names that rule; the
    default must be allowed at every player count.
    """

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] | None = None
    kind: type = str
    choices_for: Callable[[int], tuple[Any, ...]] | None = field(
        default=None, repr=False, compare=False)
    limited_by: str = ""

    def allowed(self, num_players: int) -> tuple[Any, ...] | None:
        """The values allowed with ``num_players`` players (``None``: any of ``kind``)."""
        if self.choices_for is None:
            return self.choices
        return self.choices_for(num_players)

    def check(self, value: Any, num_players: int) -> Any:
        """The value if allowed with ``num_players`` players (text is converted to ``kind``).

        Values come from clients, so a refusal quotes only an excerpt of them; ``true`` is
        not the number 1 and no option is ever NaN or infinite.
        """
        if isinstance(value, str) and self.kind is not str:
            value = self._convert(value)
        if isinstance(value, float) and not math.isfinite(value):
            raise InvalidOptionError(
                f"option {self.name!r} must be a finite number, not {excerpt(value)}")
        if self.choices is not None and (not self._is_kind(value) or value not in self.choices):
            allowed = _shown(self.choices, self.description)
            # JSON's 3 and '3' print alike in a list of choices: say which one is wanted.
            kind = (f" (it must be {self.kind.__name__}, given {type(value).__name__})"
                    if not self._is_kind(value) else "")
            raise InvalidOptionError(
                f"option {self.name!r} cannot be {excerpt(value)}{kind}; allowed: {allowed}"
            )
        if self.choices is None and not self._is_kind(value):
            raise InvalidOptionError(
                f"option {self.name!r} must be a {self.kind.__name__}, not {excerpt(value)}"
            )
        here = self.allowed(num_players)
        if here is not None and value not in here:
            allowed = _shown(here, self.description)
            rule = f" ({self.limited_by})" if self.limited_by else ""
            raise InvalidOptionError(
                f"option {self.name!r} cannot be {excerpt(value)} with {num_players} players"
                f"{rule}; allowed with {num_players} players: {allowed}"
            )
        return value

    def _is_kind(self, value: Any) -> bool:
        """Whether ``value`` is of ``kind``: ``True`` is no number, an int is a float."""
        if isinstance(value, bool):
            return self.kind is bool
        if self.kind is float:
            return isinstance(value, int | float)
        return isinstance(value, self.kind)

    def _convert(self, text: str) -> Any:
        if self.kind is bool:
            # ``bool("off")`` is True: a switch reads only the words people use for one.
            word = text.strip().lower()
            if word in _BOOL_WORDS:
                return _BOOL_WORDS[word]
            raise InvalidOptionError(
                f"option {self.name!r} is on or off, not {excerpt(text)}; allowed: "
                f"{', '.join(_BOOL_WORDS)} (any case)")
        try:
            return self.kind(text)
        except ValueError:  # also an int of over 4,300 digits
            raise InvalidOptionError(
                f"option {self.name!r} must be a {self.kind.__name__}, not {excerpt(text)}"
            ) from None


_BOOL_WORDS = {"true": True, "false": False, "yes": True, "no": False,
               "on": True, "off": False, "1": True, "0": False}


def _shown(values: tuple[Any, ...], description: str, most: int = 12) -> str:
    """The allowed values for a message: all of them, or the first few, how many there
    are and the option's description (ICE's guild line-ups run to hundreds)."""
    if len(values) <= most:
        return ", ".join(excerpt(v) for v in values)
    first = ", ".join(excerpt(v) for v in values[:most // 2])
    return f"{first}, ... ({len(values)} values in all: {description})"


@dataclass(frozen=True)
class ScoreBreakdown:
    """Where each seat's final score comes from: ``categories`` in the game's own words
    and, per seat, one whole number per category. A seat's row adds up to its score
    (``core.testing.check_score_breakdown`` holds every game to that). Each category also
    has an id (``ids``: the words in lower case joined by hyphens unless the game names
    them), which screens key their icons on, never the words.

    >>> b = ScoreBreakdown(("Exams", "Lessons taken", "spells"), ((5, 3, 1), (2, 4, 0)))
    >>> b.totals
    (9, 6)
    >>> b.to_json()["ids"]
    ['exams', 'lessons-taken', 'spells']
    """

    categories: tuple[str, ...]
    rows: tuple[tuple[int, ...], ...]
    ids: tuple[str, ...] = ()
    # Who plays against the seats without being one (Winterborne's Balaur), each with its
    # row in the same categories and whether it won: the end screen gives it a row.
    others: tuple[OtherRow, ...] = ()

    def __post_init__(self) -> None:
        if not self.ids:
            object.__setattr__(self, "ids", tuple(category_id(c) for c in self.categories))
        if len(self.ids) != len(self.categories):
            raise ValueError(f"a score breakdown names {len(self.ids)} ids for "
                             f"{len(self.categories)} categories")
        # A ragged table would misalign every column after the gap: refuse it when built.
        for seat, row in enumerate(self.rows):
            if len(row) != len(self.categories):
                raise ValueError(
                    f"a score breakdown row has one number per category: Player {seat + 1}'s "
                    f"has {len(row)} for {len(self.categories)} categories")
        for other in self.others:
            if len(other.row) != len(self.categories):
                raise ValueError(f"a score breakdown row has one number per category: "
                                 f"{other.name}'s has {len(other.row)} for "
                                 f"{len(self.categories)} categories")

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's row summed: its score."""
        return tuple(sum(row) for row in self.rows)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"categories": list(self.categories), "ids": list(self.ids),
                               "rows": [list(r) for r in self.rows]}
        if self.others:
            out["others"] = [{"name": o.name, "row": list(o.row), "won": o.won}
                             for o in self.others]
        return out


@dataclass(frozen=True)
class OtherRow:
    """The score of one who plays against the seats without being a seat (a solo game's
    opponent), in the breakdown's categories, and whether it won the game."""

    name: str
    row: tuple[int, ...]
    won: bool


def clockwise(first: int, num_players: int) -> tuple[int, ...]:
    """The order of play clockwise from seat ``first``: the seat numbers going up, as
    every game here passes play to ``(seat + 1) % n``.

    >>> clockwise(2, 4)
    (2, 3, 0, 1)
    """
    return tuple((first + k) % num_players for k in range(num_players))


def category_id(category: str) -> str:
    """A scoring category's id from its words: ``"Stands emptied"`` is ``stands-emptied``.

    >>> category_id("Forest Lights"), category_id("VP from rooms & exams")
    ('forest-lights', 'vp-from-rooms-exams')
    """
    return "-".join("".join(ch if ch.isalnum() else " " for ch in category.lower()).split())


class ActionCodec(Protocol):
    """How a game reads, writes and numbers its actions."""

    def parse(self, text: str) -> Action: ...

    def from_json(self, obj: Any) -> Action: ...

    def num_distinct(self, num_players: int, options: Mapping[str, Any]) -> int: ...

    def encode(self, action: Action, num_players: int, options: Mapping[str, Any]) -> int: ...

    def decode(self, index: int, num_players: int, options: Mapping[str, Any]) -> Action: ...


@dataclass(frozen=True)
class GameSpec:
    """Everything outside callers need to know about one game."""

    id: str
    title: str
    min_players: int
    max_players: int
    summary: str
    new_state: Callable[[int, int | None, dict[str, Any]], State] = field(repr=False)
    state_from_json: Callable[[dict[str, Any]], State] = field(repr=False)
    codec: ActionCodec = field(repr=False)
    options: tuple[OptionSpec, ...] = ()
    notation_help: str = ""
    render: Callable[[State, int | None], Any] | None = field(default=None, repr=False)
    # Raises AssertionError when a component went missing (tests run it after every step).
    check_invariants: Callable[[State], None] | None = field(default=None, repr=False)
    # A rule that ties options together (ICE: no two seats with one Guild board): raises
    # InvalidOptionError naming it. ``validate`` runs it, so every entrance does.
    check_options: Callable[[int, dict[str, Any]], None] | None = field(
        default=None, repr=False)
    # Kinds of action whose listed actions only sample a continuous range (a flick grid):
    # any in-range value is legal too, so lists show them as one entry with an example.
    sampled_kinds: frozenset[str] = frozenset()
    # Whether some steps collect every seat's hidden choice at once (``State.simultaneous``).
    # Interfaces that fix their turn structure up front (OpenSpiel's dynamics) read this.
    simultaneous: bool = False
    # A picture of the position (PNG), and the kinds of action after which one is worth it.
    plot: Callable[[State, Path], None] | None = field(default=None, repr=False)
    plot_after: frozenset[str] = frozenset()
    # Public component data a client draws the board with (JSON): the same for every
    # table of the game, so a browser fetches it once. Nothing here is ever hidden.
    layout: Callable[[], dict[str, Any]] | None = field(default=None, repr=False)
    # For bots: an estimate of every seat's final score from any full state (bots call it
    # on determinizations), and the score difference that counts as clearly ahead.
    heuristic: Callable[[State], list[float]] | None = field(default=None, repr=False)
    heuristic_scale: float = 1.0
    # What the game says and why: its messages (every log line, prompt and label is a
    # phrase of them) and its rule passages, which every phrase and refusal names by id.
    messages: Catalogue | None = field(default=None, repr=False)
    rules: RuleIndex | None = field(default=None, repr=False)
    # For a game a lone seat plays against the game itself (Winterborne's Balaur): the
    # value the seat's heuristic estimate must reach to be even with the game, from any
    # full state. Bots judge a solo position by the seat's estimate against it.
    par: Callable[[State], float] | None = field(default=None, repr=False)
    # For games with sampled kinds: a few promising actions of those kinds for ``player``
    # (``propose(state, player, rng, count)``), which search bots consider instead of the
    # whole sampled grid. Game knowledge, so it lives with the game.
    propose: Callable[[State, int, Random, int], list[Action]] | None = field(
        default=None, repr=False)
    # Rules at hand (``data/help.toml``): the rulebook's summary in our words and a text
    # per thing a player may ask about; the terminal's ``rules`` / ``help TERM`` and the
    # browser's Rules panel and tooltips show it.
    rules_help: RulesHelp | None = field(default=None, repr=False)
    # What ``scores()`` counts, in the rulebook's word ("VP", "Magic Points"), so the end
    # of a game and a replay say "12 VP" as the game itself does.
    score_unit: str = "points"
    # The same word for a score of 1 or -1 ("1 Magic Point", "1 VP"): screens choose between
    # the two by the number, and never make a singular from the plural's spelling.
    score_unit_one: str = "point"
    # One short line (at most 60 characters) where games are listed side by side, as the
    # lobby's cards; ``summary`` is the longer description.
    tagline: str = ""
    # Where each seat's final score comes from, by the rulebook's scoring categories (the
    # end screen's table); called on a finished game. Each game computes it from sums it
    # keeps as it scores, never from its log's text.
    score_breakdown: Callable[[State], ScoreBreakdown] | None = field(default=None, repr=False)
    # Events worth counting in statistics (the arena's game metrics): an event ``kind``
    # of the log and what one such event is, in words ("lost": "penguins off the board").
    metric_kinds: Mapping[str, str] = field(default_factory=dict, repr=False, hash=False)
    # For RL: ``observation(player)`` as named slices over one flat float32 vector
    # (``core.encoding``), at a player count and (validated) options. The RL environments
    # of ``wintergames.rl`` are built from it; ``docs/rl.md`` lists its fields.
    observation_encoding: Callable[[int, Mapping[str, Any]], ObservationEncoding] | None = \
        field(default=None, repr=False)
    # What a what-if overlay may change (``core.overlay``): component values and named
    # rule numbers, each with its default from the data files and its bounds. The option
    # ``overlay`` carries the changes; ``validate`` checks them here.
    overlay: OverlaySchema | None = field(default=None, repr=False)
    # The order of play, read from a game just set up: the seat that plays 1st, 2nd, ...
    # (``clockwise(first, n)`` from the game's first player). None for a game where no
    # seat plays before another (every choice made at once, hidden). Statistics report
    # by turn position with it: a randomly drawn first player is not seat 1.
    turn_order: Callable[[State], tuple[int, ...]] | None = field(default=None, repr=False)
    # What an ``Event.item`` code names, in words ("SB05": "Forest Lights + Polar Star"),
    # for statistics that list items; a code without an entry is shown as it is.
    item_names: Callable[[], Mapping[str, str]] | None = field(default=None, repr=False)

    @property
    def players_range(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def validate(self, num_players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The full option dict (defaults filled in), or ``InvalidOptionError``.

        The one check of a game's options: ``make`` (and so the CLI, the server and
        ``replay``) runs it, so a game is never set up with options its rules refuse.
        """
        if isinstance(num_players, bool) or not isinstance(num_players, int) \
                or num_players not in self.players_range:
            raise InvalidOptionError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, "
                f"not {excerpt(num_players)}"
            )
        if options is not None and not isinstance(options, Mapping):
            raise InvalidOptionError(
                f"a game's options are a mapping of names to values, not {excerpt(options)}")
        given = dict(options or {})
        overlay = given.pop(OVERLAY, None)
        known = {o.name: o for o in self.options}
        unknown = [name for name in given if name not in known]
        if unknown:
            allowed = ", ".join(sorted(known)) or "none"
            names = sorted(excerpt(name, 30) for name in unknown[:3])
            more = f" (and {len(unknown) - 3} more)" if len(unknown) > 3 else ""
            raise InvalidOptionError(
                f"{self.title} has no option {', '.join(names)}{more}; options: {allowed}"
            )
        checked = {name: opt.check(given.get(name, opt.default), num_players)
                   for name, opt in known.items()}
        if overlay is not None:
            if self.overlay is None:
                raise InvalidOptionError(f"{self.title} takes no overlay: no value of it "
                                         f"can be changed")
            changes = self.overlay.check(overlay)
            if changes:  # none: the game as printed, its options as without one
                checked[OVERLAY] = changes
        if self.check_options is not None:
            self.check_options(num_players, checked)
        return checked

    def overlay_values(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Every value an overlay may change, as validated ``options`` set it (the
        defaults where they hold no overlay)."""
        if self.overlay is None:
            return {}
        return self.overlay.values(options.get(OVERLAY))

    def parse_action(self, text: str) -> Action:
        return self.codec.parse(text)

    def action_from_json(self, obj: Any) -> Action:
        return self.codec.from_json(obj)

    def num_distinct_actions(
        self, num_players: int, options: Mapping[str, Any] | None = None
    ) -> int:
        return self.codec.num_distinct(num_players, self.validate(num_players, options))

    def encode(
        self, action: Action, num_players: int, options: Mapping[str, Any] | None = None
    ) -> int:
        return self.codec.encode(action, num_players, self.validate(num_players, options))

    def decode(
        self, index: int, num_players: int, options: Mapping[str, Any] | None = None
    ) -> Action:
        """The action of a codec index: any whole number (a numpy integer too, as RL code
        holds them); anything else is refused naming its type.

        >>> import numpy as np
        >>> import wintergames as wg
        >>> spec = wg.get_spec("winter-queen")
        >>> spec.decode(np.int64(20), 3) == spec.decode(20, 3)
        True
        >>> spec.decode(20.0, 3)
        Traceback (most recent call last):
        ...
        wintergames.core.errors.ActionFormatError: an action index is a whole number (an int \
or a numpy integer), not a float: 20.0
        """
        whole = _whole_index(index)
        return self.codec.decode(whole, num_players, self.validate(num_players, options))


def _whole_index(index: object) -> int:
    """``index`` as an ``int`` if it is integral (``operator.index``: a numpy integer
    too), never a bool (numpy's refuses ``operator.index`` itself)."""
    try:
        if isinstance(index, bool):
            raise TypeError
        return operator.index(index)  # type: ignore[arg-type]
    except TypeError:
        raise ActionFormatError(
            f"an action index is a whole number (an int or a numpy integer), not a "
            f"{type(index).__name__}: {excerpt(index)}") from None
