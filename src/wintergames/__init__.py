"""wintergames: five winter board games played exactly by their rulebooks.

>>> import wintergames as wg
>>> [spec.id for spec in wg.available_games()]
['ice', 'icecool-wizards', 'snow-time', 'winter-queen', 'winterborne']
>>> state = wg.make("winter-queen", num_players=2, seed=1)
>>> state.apply(state.legal_actions()[0])
>>> wg.replay(state.record()).to_json() == state.to_json()
True
"""

from wintergames import bots
from wintergames.analysis import review
from wintergames.core.actions import Action
from wintergames.core.events import Event
from wintergames.core.registry import available_games, get_spec, make
from wintergames.core.replay import replay, state_from_json
from wintergames.core.spec import GameSpec, OptionSpec
from wintergames.core.state import State
from wintergames.errors import *  # noqa: F403 - the error classes are part of the top level
from wintergames.errors import __all__ as _errors

__all__ = [
    *_errors,
    "Action",
    "Event",
    "GameSpec",
    "OptionSpec",
    "State",
    "available_games",
    "bots",
    "get_spec",
    "make",
    "replay",
    "review",
    "state_from_json",
]
__version__ = "0.1.0"
