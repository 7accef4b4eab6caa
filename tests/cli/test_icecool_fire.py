"""Hot-seat ICECOOL Wizards: a Fire spell's discards stay hidden between humans."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

import wintergames as wg
from tests.games.icecool_wizards.helpers import after_flick, give
from wintergames.cli.play import QuitGame, TerminalGame
from wintergames.cli.seats import Seat
from wintergames.games.icecool_wizards.state import IcecoolState
from wintergames.games.icecool_wizards.text import render


def test_hot_seat_hides_each_fire_discard_until_all_are_in() -> None:
    s = wg.make("icecool-wizards", 3, seed=2)
    assert isinstance(s, IcecoolState)
    give(s, 0, "H-fire")
    give(s, 1, "F", "H")
    give(s, 2, "S", "P")
    after_flick(s)
    answers = iter(["", "cast H-fire", "", "discard H", "", "discard S", "", "quit"])
    out = io.StringIO()
    game = TerminalGame(wg.get_spec("icecool-wizards"), s, [Seat("human")] * 3,
                        Console(file=out, width=200), ask=lambda _: next(answers))
    with pytest.raises(QuitGame):
        game.run()
    text = out.getvalue()
    _, _, rest = text.partition("Hand the screen to Player 2")
    second, _, rest = rest.partition("Hand the screen to Player 3")
    third = rest.partition("Hand the screen to Player 1")[0]
    assert "You chose to discard your Hourglass" in second
    before, chose, after = third.partition("You chose to discard your Star")
    assert chose and "Chosen: Player 2" in before  # that player 2 chose, never what
    assert "Player 2 discards" not in before and "your Hourglass" not in before
    # all in: revealed
    assert "Fire: Player 2 discards Hourglass and Player 3 discards Star" in after


def test_the_map_shows_who_has_chosen_and_only_your_own_discard() -> None:
    s = wg.make("icecool-wizards", 3, seed=2)
    assert isinstance(s, IcecoolState)
    give(s, 0, "H-fire")
    give(s, 1, "F", "H")
    give(s, 2, "S")
    after_flick(s)
    spec = wg.get_spec("icecool-wizards")
    s.apply(spec.parse_action("cast H-fire"), 0)
    s.apply(spec.parse_action("discard H"), 1)

    def shown(player: int | None) -> str:
        console = Console(file=io.StringIO(), width=200)
        console.print(render(s, player))
        return console.file.getvalue()  # type: ignore[attr-defined]

    assert "Your hidden choice: discard H" in shown(1)
    for viewer in (0, 2, None):
        assert "Choosing: Player 3" in shown(viewer) and "Chosen: Player 2" in shown(viewer)
        assert "hidden choice" not in shown(viewer)
