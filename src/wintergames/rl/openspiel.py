"""Every wintergames game as an OpenSpiel (pyspiel) Python game.

``register()`` registers ``wintergames_<game>`` (dashes become underscores) for every
game; load one with ``pyspiel.load_game("wintergames_winter_queen", {"players": 2})`` or
``pyspiel.load_game("wintergames_winter_queen(players=3,first_player=2)")``.

- Parameters: ``players``, ``seed``, every option of the game's ``GameSpec`` with its
  default and type (a text option whose values are seat numbers and ``random``, a first
  player, is an int: the number, or -1 for ``random``, because a game string reads ``2``
  back as a number), and ``overlay``: a what-if overlay as a TOML file's path or as TOML
  text (pyspiel parameters carry no lists, which an overlay's scoring tables are).
  ``spec.validate`` checks them all, as at every other entrance.
- Deals: each initial state deals a new game when it is first used: the first one the
  game of ``seed`` itself (``wintergames play --seed``), then games whose seeds are drawn
  from a generator seeded with ``seed``, the same games, in the same order, as the
  episodes of the PettingZoo environment made with that seed. ``get_rng_state`` /
  ``set_rng_state`` save and restore where the sequence stands; pickling a game keeps it.
- Chance: OpenSpiel's type says ``DETERMINISTIC``: there are no chance nodes and applying
  an action to a state always gives the same state, because all of a game's chance comes
  from the state's own seeded RNG, a hidden part of the state (``resample_from_infostate``
  resamples it with everything else the seat cannot see). A Python game cannot be
  ``SAMPLED_STOCHASTIC`` in pyspiel 2.0: serializing such a game asks the C++ game for its
  RNG state, which pyspiel does not forward to Python, so cloning in C++ and
  ``serialize_game_and_state`` failed ("GetRNGState unimplemented").
- Actions are the game's integer codec (``spec.codec``); ICECOOL Wizards is played through
  its flick grid, the part of its flicks with codec indices.
- Games with hidden-choice steps (Snow Time's cards, ICECOOL Wizards' Fire discards, ICE's
  first Requests) have simultaneous dynamics: at such a step every seat that owes a
  choice acts at once; a seat that owes none plays the extra action ``NOOP`` (the last
  index), the only one legal for it. Their other steps are ordinary single-player nodes.
- Observation tensors are the game's RL encoding (``docs/rl.md``), its named slices as
  the observer's ``dict``.
- Imperfect information: ``resample_from_infostate`` is ``state.determinize``; the
  observation string is the seat's observation (JSON) and the information-state string
  adds every event the seat has seen, so it has perfect recall.
- Returns are win shares: 1 shared among the winners (constant sum 1). A game that can
  be played solo (Winterborne against the Balaur) is general-sum at every player count
  (the type is the game's): alone, the seat gets 1 for a win and 0 for a loss.

Requires the ``bench`` extra (``pip install -e '.[bench]'``, which brings open-spiel).
"""

from __future__ import annotations

import json
import random
import tomllib
from typing import Any

import numpy as np
import pyspiel

from wintergames.core.errors import InvalidOptionError, excerpt
from wintergames.core.overlay import OVERLAY, read_overlay
from wintergames.core.registry import available_games, get_spec, make
from wintergames.core.rng import check_seed
from wintergames.core.spec import GameSpec, OptionSpec
from wintergames.core.state import State

MAX_GAME_LENGTH = 20_000  # decisions: a bound for algorithms that size buffers
RANDOM_SEAT = -1  # a seat-number option's ``random`` as an OpenSpiel parameter
RANDOM = "random"
Parameter = int | float | bool | str


def short_name(game_id: str) -> str:
    return "wintergames_" + game_id.replace("-", "_")


# -- parameters ----------------------------------------------------------------------------


def is_seat_number(option: OptionSpec) -> bool:
    """Whether ``option`` is text whose values are whole numbers and ``random`` (the first
    player). Its parameter is an int: OpenSpiel's game strings (``game.to_string()``,
    ``serialize_game_and_state``) read a ``2`` back as a number, never as text."""
    return (option.kind is str and option.choices is not None
            and all(c == RANDOM or (isinstance(c, str) and c.isdigit())
                    for c in option.choices))


def option_default(option: OptionSpec) -> Parameter:
    """``option``'s default as an OpenSpiel parameter, of the type the parameter has."""
    if is_seat_number(option):
        return RANDOM_SEAT if option.default == RANDOM else int(option.default)
    return option.kind(option.default)


def option_value(option: OptionSpec, value: Parameter) -> Any:
    """A parameter's value as ``option``'s own (``spec.validate`` checks it after)."""
    if not is_seat_number(option):
        return value
    if value == RANDOM_SEAT:
        return RANDOM
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return str(value)
    raise InvalidOptionError(f"parameter {option.name!r} is a seat number from 1, or "
                             f"{RANDOM_SEAT} for random; not {excerpt(value)}")


def parameters(spec: GameSpec) -> dict[str, Parameter]:
    """Every parameter of ``spec``'s game with its default: ``players``, ``seed``, each
    option and ``overlay`` (an empty text: none)."""
    own: dict[str, Parameter] = {"players": max(2, spec.min_players), "seed": 0}
    clash = [o.name for o in spec.options if o.name in (*own, OVERLAY)]
    if clash:
        raise ValueError(f"{spec.title}'s options {clash} clash with the OpenSpiel "
                         f"parameters {sorted((*own, OVERLAY))}")
    return {**own, **{o.name: option_default(o) for o in spec.options}, OVERLAY: ""}


def game_parameters(spec: GameSpec, num_players: int,
                    options: dict[str, Any]) -> dict[str, Parameter]:
    """The parameters that load ``spec``'s game with ``num_players`` and validated
    ``options`` (a state's own): a seat number as an int, the overlay as TOML text.

    >>> import wintergames as wg
    >>> s = wg.make("winter-queen", 3, 1, {"first_player": "2",
    ...                                   "overlay": {"stand_emptied.vp": 2}})
    >>> game_parameters(wg.get_spec("winter-queen"), 3, s.options)
    {'players': 3, 'first_player': 2, 'overlay': 'stand_emptied.vp = 2'}
    """
    params: dict[str, Parameter] = {"players": num_players}
    for option in spec.options:
        value = options[option.name]
        params[option.name] = ((RANDOM_SEAT if value == RANDOM else int(value))
                               if is_seat_number(option) else value)
    changes = options.get(OVERLAY)
    if changes:
        params[OVERLAY] = "\n".join(f"{key} = {_toml_value(value)}"
                                    for key, value in changes.items())
    return params


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return repr(value)


def overlay_tables(text: str) -> dict[str, Any]:
    """The ``overlay`` parameter's tables: TOML text when it holds an ``=`` (every TOML
    key has one), else the path of a TOML file."""
    if "=" not in text:
        return read_overlay(text.strip())
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise InvalidOptionError(f"parameter 'overlay' holds an '=', so it is read as "
                                 f"TOML text, and it is not TOML: {err}") from None


def _options(spec: GameSpec, values: dict[str, Any]) -> dict[str, Any]:
    """The game's options from the parameters' values, before ``spec.validate``."""
    options = {o.name: option_value(o, values[o.name]) for o in spec.options}
    overlay = values[OVERLAY]
    if not isinstance(overlay, str):
        raise InvalidOptionError(f"parameter 'overlay' is a TOML file's path or TOML "
                                 f"text, not {excerpt(overlay)}")
    if overlay.strip():
        options[OVERLAY] = overlay_tables(overlay)
    return options


def _known(spec: GameSpec, given: dict[str, Any]) -> dict[str, Any]:
    """``given`` over the defaults; ``InvalidOptionError`` naming an unknown parameter and
    the known ones (pyspiel's loader refuses it too; a pickled game is rebuilt here)."""
    defaults = parameters(spec)
    unknown = sorted(set(given) - set(defaults))
    if unknown:
        raise InvalidOptionError(f"{short_name(spec.id)} has no parameter "
                                 f"{', '.join(map(repr, unknown))}; parameters: "
                                 f"{', '.join(sorted(defaults))}")
    return {**defaults, **given}


def _game_type(spec: GameSpec) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(spec.id),
        long_name=f"wintergames {spec.title}",
        dynamics=(pyspiel.GameType.Dynamics.SIMULTANEOUS if spec.simultaneous
                  else pyspiel.GameType.Dynamics.SEQUENTIAL),
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(pyspiel.GameType.Utility.GENERAL_SUM if spec.min_players == 1
                 else pyspiel.GameType.Utility.CONSTANT_SUM),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=spec.observation_encoding is not None,
        parameter_specification=parameters(spec),
    )


# -- the game ------------------------------------------------------------------------------


class WintergamesGame(pyspiel.Game):
    """One of our games with its player count, seed and options, as a pyspiel game."""

    def __init__(self, spec: GameSpec, params: dict[str, Any] | None = None) -> None:
        values = _known(spec, dict(params or {}))
        self.spec = spec
        # the options every state of this game is played with, checked once (not per action);
        # ``validate`` checks the player count too
        self.options = spec.validate(values["players"], _options(spec, values))
        self.players: int = values["players"]
        self.seed = check_seed(values["seed"])
        self.codec_size = spec.codec.num_distinct(self.players, self.options)
        self.noop = self.codec_size if spec.simultaneous else None
        self._dealt = 0  # initial states dealt so far: where the sequence of deals stands
        self._seeder = random.Random(self.seed)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec_size + (self.noop is not None),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            # A game that can be played solo is general-sum at every player count (the
            # type is the game's): pyspiel then wants no utility sum, even for a duel.
            utility_sum=None if spec.min_players == 1 else 1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(spec), info, values)

    def new_initial_state(self) -> WintergamesState:
        """A new game, dealt when first used (see ``deal``)."""
        return WintergamesState(self)

    def deal(self) -> State:
        """The next game of this game's sequence: the game of ``seed`` first, then games
        whose seeds a generator seeded with ``seed`` draws (as PettingZoo's episodes)."""
        seed = self.seed if self._dealt == 0 else self._seeder.getrandbits(63)
        self._dealt += 1
        return make(self.spec.id, self.players, seed=seed, options=self.options)

    def get_rng_state(self) -> str:
        """Where the sequence of deals stands (how many games were dealt), as text: the
        game RNG state of OpenSpiel's C++ games, which pyspiel 2.0 asks no Python game
        for (``serialize_game_and_state`` rebuilds a game that deals from the first)."""
        return str(self._dealt)

    def set_rng_state(self, rng_state: str) -> None:
        """Deal on from where ``get_rng_state`` was: the same games in the same order."""
        if not (isinstance(rng_state, str) and rng_state.isdigit()):
            raise InvalidOptionError(f"a game RNG state is the number of games dealt "
                                     f"(get_rng_state), not {excerpt(rng_state)}")
        self._seeder = random.Random(self.seed)
        for _ in range(int(rng_state) - 1):  # the first deal draws nothing
            self._seeder.getrandbits(63)
        self._dealt = int(rng_state)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its parameters and where its deals stand."""
        return (_rebuild, (self.spec.id, self.get_parameters(), self.get_rng_state()))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """Observers for OpenSpiel's observation API: the game's encoding as the tensor
        (its named slices as ``dict``) for an observation; for perfect recall, the
        information-state string and no tensor."""
        if params:
            raise ValueError(f"observation parameters are not supported; given {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return InfoStateObserver()
        return EncodingObserver(self)


def _rebuild(game_id: str, params: dict[str, Any], rng_state: str) -> WintergamesGame:
    """A pickled game: loaded by pyspiel, so it is the registered game, dealing on."""
    register([game_id])
    game = pyspiel.load_game(short_name(game_id), params)
    game.set_rng_state(rng_state)
    return game


class _Held:
    """The wintergames state a pyspiel state plays, dealt when first asked for.

    pyspiel's C++ ``Clone`` (and its deserializer) start every copy as a new initial state
    and then replace its attributes with copies (``copy.deepcopy``) of the original's: a
    copy deals nothing of its own, so it takes no game from the sequence of deals and
    costs no setup, and ``__deepcopy__`` is the state's hand-written ``clone``.
    """

    __slots__ = ("game", "state")

    def __init__(self, game: WintergamesGame | None, state: State | None) -> None:
        self.game, self.state = game, state

    def get(self) -> State:
        if self.state is None:
            assert self.game is not None, "a held state has a state or a game to deal it"
            self.state, self.game = self.game.deal(), None
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(None, self.get().clone())

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Held, (None, self.get()))


class _Read(dict[int, tuple[int, list[str]]]):
    """Per seat: how much of the log it has read and the texts of it the seat may read.
    A copy copies each list of texts, not each text (``copy.deepcopy`` would walk every
    string of them, ten times the cost of the rest of a clone)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Read:
        return _Read({seat: (read, texts.copy()) for seat, (read, texts) in self.items()})


class WintergamesState(pyspiel.State):
    """A pyspiel state around one of our states."""

    def __init__(self, game: WintergamesGame, state: State | None = None) -> None:
        super().__init__(game)
        self._held = _Held(game if state is None else None, state)
        # The log only grows, so an information state reads only the events new since the
        # last time it was asked for.
        self._seen = _Read()

    @property
    def state(self) -> State:
        """Our state (a new initial state deals its game here, on first use)."""
        return self._held.get()

    @property
    def wg_game(self) -> WintergamesGame:
        # Asked of pyspiel, not kept: a C++ clone copies every attribute of the state.
        return self.get_game()

    # -- whose move --------------------------------------------------------------------

    def current_player(self) -> int:
        s = self.state
        if s.is_over:
            return pyspiel.PlayerId.TERMINAL
        if s.simultaneous:
            return pyspiel.PlayerId.SIMULTANEOUS
        return s.to_move[0]

    def _legal_actions(self, player: int) -> list[int]:
        s, game = self.state, self.wg_game
        if s.is_over:
            return []
        if player not in s.to_move:
            return [game.noop] if s.simultaneous and game.noop is not None else []
        encode, n, options = game.spec.codec.encode, game.players, game.options
        return sorted(encode(a, n, options) for a in s.legal_actions(player))

    def _apply_action(self, action: int) -> None:
        self._apply(self.state.to_move[0], action)

    def _apply_actions(self, actions: list[int]) -> None:
        movers = self.state.to_move
        for player, action in enumerate(actions):
            if player in movers:
                self._apply(player, action)

    def _apply(self, player: int, action: int) -> None:
        game = self.wg_game
        self.state.apply(game.spec.codec.decode(action, game.players, game.options), player)

    def _action_to_string(self, player: int, action: int) -> str:
        game = self.wg_game
        if action == game.noop:
            return "noop"
        return str(game.spec.codec.decode(action, game.players, game.options))

    # -- the end ---------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.state.is_over

    def returns(self) -> list[float]:
        n = self.wg_game.players
        if not self.state.is_over:
            return [0.0] * n
        winners = self.state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]

    # -- what a seat knows -------------------------------------------------------------

    def _seat(self, player: int | None) -> int:
        return self.current_player() if player is None else player

    def observation_string(self, player: int | None = None) -> str:
        return json.dumps(self.state.observation(self._seat(player)), sort_keys=True)

    def information_state_string(self, player: int | None = None) -> str:
        """What seat ``player`` sees now and every log text it could read so far: the JSON
        of ``[observation, texts]`` (the texts' part kept encoded between calls)."""
        player = self._seat(player)
        observed = json.dumps(self.state.observation(player), sort_keys=True)
        return f"[{observed}, [{', '.join(self._texts_seen(player))}]]"

    def _texts_seen(self, player: int) -> list[str]:
        """The log's texts seat ``player`` may read (``State.events_for``), each as JSON,
        kept between calls: the log only grows, so only the events since the last call
        are read."""
        log = self.state.log
        read, texts = self._seen.get(player, (0, []))
        if read > len(log):  # not while the log only grows; read it afresh then
            read, texts = 0, []
        texts.extend(json.dumps(e.text) for e in log[read:] if e.visible(player))
        self._seen[player] = (len(log), texts)
        return texts

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WintergamesState:
        seed = int(probability_sampler() * 2**53)
        return WintergamesState(self.wg_game,
                                self.state.determinize(player_id, random.Random(seed)))

    def __str__(self) -> str:
        return json.dumps(self.state.observation(None), sort_keys=True)


class EncodingObserver:
    """A seat's observation as the game's vector (``GameSpec.observation_encoding``)."""

    def __init__(self, game: WintergamesGame) -> None:
        spec = game.spec
        self.encoding = (spec.observation_encoding(game.players, game.options)
                         if spec.observation_encoding is not None else None)
        size = self.encoding.layout.size if self.encoding is not None else 0
        self.tensor = np.zeros(size, np.float32)
        self.dict = self.encoding.layout.split(self.tensor) if self.encoding else {}

    def set_from(self, state: WintergamesState, player: int) -> None:
        if self.encoding is not None:
            self.encoding.encode(state.state.observation(player), player, out=self.tensor)

    def string_from(self, state: WintergamesState, player: int) -> str:
        return state.observation_string(player)


class InfoStateObserver:
    """Perfect recall: the information-state string (no tensor)."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: WintergamesState, player: int) -> None:
        """Nothing to write: this observer has no tensor."""

    def string_from(self, state: WintergamesState, player: int) -> str:
        return state.information_state_string(player)


def _game_class(spec: GameSpec) -> type[WintergamesGame]:
    """A class per game, as pyspiel registers classes (a closure crashes it at exit)."""

    class Game(WintergamesGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            super().__init__(spec, params)

    Game.__name__ = Game.__qualname__ = "".join(p.title() for p in spec.id.split("-")) + "Game"
    return Game


def register(game_ids: list[str] | None = None) -> list[str]:
    """Register every game (or those of ``game_ids``) with pyspiel, each once; the short
    names registered."""
    specs = available_games() if game_ids is None else [get_spec(g) for g in game_ids]
    names = []
    registered = set(pyspiel.registered_names())
    for spec in specs:
        name = short_name(spec.id)
        if name not in registered:
            pyspiel.register_game(_game_type(spec), _game_class(spec))
        names.append(name)
    return names
