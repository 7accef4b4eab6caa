"""``core.frames``: a decision stack of small frozen frames, saved as ints (issue 38)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import pytest

from wintergames.core.errors import InvalidStateError
from wintergames.core.frames import Frame, FrameKinds, pop, push, replace_top, top


@dataclass(frozen=True, slots=True)
class Pick(Frame):
    CODE = 1
    NAME = "PICK"
    piece: int

    def context(self) -> dict[str, Any]:
        return {"piece": self.piece}


@dataclass(frozen=True, slots=True)
class Rest(Frame):
    CODE = 2
    NAME = "REST"
    seat: int
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Bare(Frame):
    CODE = 3
    NAME = "BARE"


KINDS: FrameKinds[Frame] = FrameKinds([Rest, Pick, Bare])


class Holder:
    def __init__(self) -> None:
        self.pending: tuple[Frame, ...] = ()


@pytest.mark.parametrize("frame", [Pick(4), Rest(1, (5, 6, 7)), Rest(0), Bare()])
def test_a_frame_saved_as_ints_reads_back_equal(frame: Frame) -> None:
    saved = list(frame.encode())
    assert all(type(x) is int for x in saved) and saved[0] == frame.CODE
    assert KINDS.decode(saved) == frame


def test_a_trailing_tuple_is_spread_out() -> None:
    assert Rest(2, (8, 9)).encode() == (2, 2, 8, 9)
    assert Bare().encode() == (3,)


def test_frames_are_values() -> None:
    frame = Pick(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.piece = 2  # type: ignore[misc]
    assert frame == Pick(1) and hash(frame) == hash(Pick(1)) and frame != Pick(2)
    assert not hasattr(frame, "__dict__")  # slots: small, as a search makes many


def test_the_kinds_come_in_the_order_of_their_codes() -> None:
    assert [kind.NAME for kind in KINDS] == ["PICK", "REST", "BARE"]
    assert len(KINDS) == 3


def test_two_kinds_may_not_share_a_code() -> None:
    @dataclass(frozen=True, slots=True)
    class Other(Frame):
        CODE = 1
        NAME = "OTHER"

    with pytest.raises(ValueError, match="share the code 1"):
        FrameKinds([Pick, Other])


@pytest.mark.parametrize("saved", [[], [9], [1], [1, 2, 3], [3, 0]])
def test_a_saved_frame_that_fits_no_kind_is_refused(saved: list[int]) -> None:
    with pytest.raises(InvalidStateError):
        KINDS.decode(saved)


def test_a_tuple_field_must_come_last() -> None:
    @dataclass(frozen=True, slots=True)
    class Wrong(Frame):
        CODE = 7
        NAME = "WRONG"
        cards: tuple[int, ...]
        seat: int

    with pytest.raises(TypeError, match="comes last"):
        Wrong.decode([1, 2])


def test_the_stack_is_innermost_last_and_never_changed_in_place() -> None:
    s = Holder()
    assert top(s) is None
    push(s, Pick(1))
    before = s.pending
    push(s, Rest(0, (1,)))
    assert before == (Pick(1),)  # a clone sharing the old tuple keeps its stack
    assert top(s) == Rest(0, (1,))
    replace_top(s, Rest(0))
    assert s.pending == (Pick(1), Rest(0))
    assert pop(s) == Rest(0) and pop(s) == Pick(1) and top(s) is None


def test_the_public_view_is_allow_listed_by_each_kind() -> None:
    assert Pick(3).context() == {"piece": 3}
    assert Rest(1, (2,)).context() == {}  # nothing unless a kind lists it


@dataclass(frozen=True, slots=True)
class Asked(Frame):
    """Kinds sharing code 5, told apart by a question saved after the seat."""

    CODE = 5
    NAME = "ASK"
    SUB_AT = 1
    seat: int


@dataclass(frozen=True, slots=True)
class AskWhere(Asked):
    SUB = 1
    place: int


@dataclass(frozen=True, slots=True)
class AskHow(Asked):
    SUB = 2
    ways: tuple[int, ...] = ()


def test_kinds_sharing_a_code_are_told_apart_by_their_question() -> None:
    kinds: FrameKinds[Frame] = FrameKinds([AskHow, AskWhere, Pick])
    assert AskWhere(2, 7).encode() == (5, 2, 1, 7)  # code, seat, question, place
    assert AskHow(0, (3, 4)).encode() == (5, 0, 2, 3, 4)
    for frame in (AskWhere(2, 7), AskHow(0, (3, 4)), AskHow(1)):
        assert kinds.decode(frame.encode()) == frame
    assert [kind.__name__ for kind in kinds] == ["Pick", "AskWhere", "AskHow"]
    for saved in ([5, 2], [5, 2, 9, 7]):
        with pytest.raises(InvalidStateError):
            kinds.decode(saved)
