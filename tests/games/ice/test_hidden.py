"""Hidden information in ICE: what ``determinize`` must keep (everything the seat has
seen, publicly or privately), what it may resample, and what observations never show."""

from __future__ import annotations

import random

import pytest

from tests.games.ice.helpers import act, fresh, give, place, spend_the_day, swap_into, texts
from wintergames.games.ice import frames as fr
from wintergames.games.ice import pieces
from wintergames.games.ice.actions import PLACES
from wintergames.games.ice.components import IC
from wintergames.games.ice.conservation import check
from wintergames.games.ice.geometry import BOARD, covers
from wintergames.games.ice.layout import layout
from wintergames.games.ice.model import LEVELS, PRISMATIC, TYPES
from wintergames.games.ice.observe import board_entries
from wintergames.games.ice.state import IceState
from wintergames.games.ice.words import COLLAPSED


def twins(s: IceState, viewer: int, n: int = 30) -> list[IceState]:
    out = []
    for k in range(n):
        twin = s.determinize(viewer, random.Random(k))
        assert isinstance(twin, IceState)
        out.append(twin)
    return out


def test_determinize_at_a_collect_decision_keeps_every_tile_somewhere() -> None:
    """The collapsing cover waits in the Philosophical player's decision; the tile being
    excavated still lies on its slot. Both may be resampled, never duplicated or lost."""
    s = fresh(3, seed=5, first_game=True)
    give(s, 0, "D-PHI-1a")  # 2 Anima: a Philosophical effect ready
    slot = place("S19")
    for cover in covers(s.tiles, slot)[:2]:
        s.tile_discard.append(pieces.remove_tile(s, cover, COLLAPSED))
    s.pending = ()
    s.leaders[0] = slot
    s.ep[0] = 6
    s.overwork = 1
    check(s)
    act(s, "excavate")
    assert s.pending and isinstance(s.pending[-1], fr.Collect)
    assert texts(s) == ["collect", "pass"]
    for twin in twins(s, 0):
        check(twin)
        assert twin.legal_actions(0) == s.legal_actions(0)
        assert twin.observation(0) == s.observation(0)
        for choice in ("collect", "pass"):
            play = twin.clone()
            act(play, choice)
            while play.pending and play.to_move == (0,):
                act(play, texts(play)[0])
            check(play)
    # A search's draws: a frame holding a tile goes the general way, and draws the same.
    for viewer in range(3):
        draw = s.determinizer(viewer)
        for k in range(5):
            assert draw(random.Random(k)).to_json() == \
                s.determinize(viewer, random.Random(k)).to_json()


def test_the_determinizer_of_a_seat_that_is_not_at_the_table_is_refused() -> None:
    s = fresh(2, seed=1)
    for seat in (2, -1, "0", None):
        with pytest.raises(ValueError, match="seat"):
            s.determinizer(seat)  # type: ignore[arg-type]


def test_a_request_taken_from_the_row_stays_in_that_hand() -> None:
    s = fresh(3, seed=8, first_game=True)
    mine = set(s.request_discard)  # seat 0 knows its own opening discards ...
    own_discards = [c for c in mine if s.request_known[c] & 1]
    spend_the_day(s)
    act(s, "none")
    spend_the_day(s)  # seat 1 takes a card in full view
    taken = s.row[0]
    act(s, f"take {IC.requests[taken].id}")
    for twin in twins(s, 0):
        assert taken in twin.requests[1]
        assert all(c in twin.request_discard for c in own_discards)
        assert sorted(twin.requests[0]) == sorted(s.requests[0])
    # ... while seat 1's unseen cards do move about
    assert len({tuple(sorted(t.requests[1])) for t in twins(s, 0)}) > 1


def test_a_snow_tile_dropped_for_the_hand_limit_stays_known_to_the_dropper() -> None:
    s = fresh(3, seed=4, first_game=True)
    for tid in ("SN29", "SN30", "SN31", "SN32"):
        give(s, 0, tid)
    act(s, "plan")
    act(s, "end")
    dropped = s.legal_actions(0)[0]
    s.apply(dropped, 0)
    tile = dropped.value  # type: ignore[attr-defined]
    assert all(tile in t.tile_discard for t in twins(s, 0))
    # the other seats never saw its front: for them it may be another tile of its back
    assert any(tile not in t.tile_discard for t in twins(s, 1))


def test_face_down_flags_stay_with_their_places() -> None:
    s = fresh(3, seed=6, first_game=True)
    s.used[1][0] = 1
    face_down = IC.tile_by_id["S-HAR-2a"]
    swap_into(s, place("S19"), "S-HAR-2a")
    s.tiles[place("S19")] = -1
    from wintergames.games.ice.artifacts import place_artifact

    place_artifact(s, 1, face_down, 0)  # placed face down: seat 0 never saw it
    assert s.down[face_down] == 1 and not s.seen[face_down]
    for twin in twins(s, 0):
        top = twin.art[1][0][-1]
        assert twin.down[top] == 1
        assert IC.tiles[top].type == 0 and IC.tiles[top].level == 2
        assert sum(twin.down) == sum(s.down)
    assert len({t.art[1][0][-1] for t in twins(s, 0)}) > 1


def test_no_mid_game_score_tells_the_shape_of_a_face_down_artifact() -> None:
    """With a Shapes Decree out, a score would reveal a face-down Artifact's Shape."""
    s = fresh(3, seed=6, first_game=True)
    s.decrees[0] = IC.decree_by_id["DEC-SHAPES"]
    s.used[1][0] = 1
    from wintergames.games.ice.artifacts import place_artifact

    give(s, 1, "S-HAR-1a")
    a, b = IC.tile_by_id["S-HAR-2a"], IC.tile_by_id["S-HAR-1b"]
    for t in (a, b):
        s.tiles[s.tiles.index(t)] = -1
    s.tile_discard.append(b)
    place_artifact(s, 1, a, 0)
    seen_by_0 = s.observation(0)
    s.art[1][0][-1], s.tile_discard[-1] = b, a  # another Shape, face down
    s.down[b], s.down[a] = 1, 0
    assert s.observation(0) == seen_by_0
    assert seen_by_0["scores"] is None and seen_by_0["your_score"] == s.scores()[0]


def test_a_navigator_camp_with_no_snow_tile_left_goes_back_without_a_deadlock() -> None:
    s = fresh(3, seed=9, guilds="navigator+icewalker+nourisher")
    camp_slot = next(q for q in (place("T27"), place("T26")) if q not in s.camps)
    for slot in BOARD.slots[3]:
        if slot != camp_slot and s.tiles[slot] >= 0:
            s.tile_discard.append(pieces.remove_tile(s, slot, COLLAPSED))
    s.pending = ()
    s.camps[0] = camp_slot
    s.leaders[0] = camp_slot
    s.ep[0] = 6
    act(s, "excavate")
    while s.pending:
        assert texts(s), "a decision with nothing to choose"
        act(s, texts(s)[0])
    assert s.camps[0] == fr.OFF
    check(s)


def test_final_scoring_shows_every_face_down_artifact() -> None:
    # Found by the RL encoding check: a Shapes Decree scored a face-down Artifact whose
    # Shape the other seats could not know, so the final scores moved when it was
    # resampled. Final scoring shows every guild board's Artifacts, and they stay known.
    from wintergames.games.ice.artifacts import place_artifact
    from wintergames.games.ice.days import end_day

    s = fresh(3, seed=6, first_game=True)
    s.decrees[0] = IC.decree_by_id["DEC-SHAPES"]
    s.used[1][0] = 1
    face_down = IC.tile_by_id["S-HAR-2a"]
    swap_into(s, place("S19"), "S-HAR-2a")
    s.tiles[place("S19")] = -1
    place_artifact(s, 1, face_down, 0)
    assert s.down[face_down] and not s.seen[face_down]
    s.pending = ()
    s.day = IC.days
    end_day(s)
    assert s.is_over and s.seen[face_down] and s.down[face_down]
    view = s.observation(0)
    shown = view["seats"][1]["slots"]
    assert any(a.get("id") == IC.tiles[face_down].id for slot in shown.values() for a in slot)
    for twin in twins(s, 0):
        assert twin.art[1][0][-1] == face_down
        assert twin.observation(0) == view and twin.scores() == s.scores()


def test_the_board_shows_each_tile_by_its_public_face_only() -> None:
    """``board``: per place, the tile's public face (a Snow tile's back, an Artifact's
    layer, type and Anima), never which tile; a Rift's axis only under a Rift tile, the
    Archaeologists; ``board_entries`` and the layout's ``tile_faces`` read it back."""
    s = fresh(2, seed=8)
    for _ in range(60):  # a few turns in: tiles excavated, Archaeologists spread
        if s.over:
            break
        p = s.to_move[0]
        s.apply(random.Random(len(s.history)).choice(s.legal_actions(p)), p)
    board = s.observation(0)["board"]
    assert sorted(board) == ["archaeologists", "rift_axis", "tiles"]
    assert board["archaeologists"] == s.archs
    faces = layout()["tile_faces"]
    for at, (face, axis) in enumerate(zip(board["tiles"], board["rift_axis"], strict=True)):
        tile = s.tiles[at]
        if tile < 0:
            assert face is None and axis is None
            continue
        t = IC.tiles[tile]
        shown = faces[face]
        if t.level == 3:
            assert shown == {"layer": "snow", "back": t.back}
            assert axis == (s.rift[at] if s.rift[at] >= 0 else None)
        else:  # what shows through the ice: layer, type (Prismatic by name), Anima
            kind = "prismatic" if t.type == PRISMATIC else TYPES[t.type]
            assert shown == {"layer": LEVELS[t.level], "type": kind, "anima": t.anima}
            assert axis is None
        assert t.id not in face  # a face names no tile
    entries = board_entries(s.observation(1))
    assert [e["place"] for e in entries] == [PLACES[p] for p in range(BOARD.n)]
    assert all((e.get("tile") is None) == (s.tiles[p] < 0) for p, e in enumerate(entries))
