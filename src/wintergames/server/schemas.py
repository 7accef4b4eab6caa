"""The request bodies the server accepts, validated by pydantic.

Every whole number of a body is a ``WholeNumber``: decoded by ``wire.whole_number``, as
the WebSocket decodes its own (and ``wire.StrictJSONRoute`` a query's), so ``true``,
``"1"`` and ``1.0`` are refused alike (400 ``malformed``) wherever they come in.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field
from pydantic_core import PydanticCustomError

from wintergames.core.rng import SEED_LIMIT
from wintergames.server.wire import whole_number

MALFORMED = "malformed"  # the pydantic error type the app answers 400 malformed


def _whole(value: Any) -> int:
    try:
        return whole_number(value)
    except ValueError as err:
        raise PydanticCustomError(MALFORMED, "{rule}", {"rule": str(err)}) from None


# Checked before pydantic's own int (which takes true, "1" and 1.0 as 1).
WholeNumber = Annotated[int, Field(ge=0), BeforeValidator(_whole)]
Seed = Annotated[int, Field(ge=0, lt=SEED_LIMIT), BeforeValidator(_whole)]

LOG_FROM = ("the view's log from this line on (the lines the client already has); "
            "the answer's log_from says where its log starts")


class SeatSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: str = Field("human", max_length=40,
                      description="'human' or a bot kind such as 'random'")
    settings: dict[str, Any] = Field(default_factory=dict, description="bot settings")
    # The length and characters are checked by people.check_name, which says the rule.
    name: str | None = Field(None, description="a person's seat only: the name shown for "
                                               "it (optional)")


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=40, description="a game id, see GET /api/games")
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: Seed | None = Field(None, description="bot-only tables only: a table with a "
                                                "person at it draws its own")


class ActionRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    secret: str = Field(min_length=1, max_length=200)
    version: WholeNumber
    action: dict[str, Any]
    log_from: WholeNumber = Field(0, description=LOG_FROM)


class NameRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    secret: str = Field(min_length=1, max_length=200, description="the seat's own secret")
    name: str | None = Field(description="the seat's new name; empty or null removes it")


class CloseRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    secret: str = Field(min_length=1, max_length=200,
                        description="the creator secret returned when the table was made")


class ReviewRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    secret: str | None = Field(None, min_length=1, max_length=200,
                               description="a seat's or the spectator's secret (optional: "
                                           "anyone with the table's id may ask)")
