"""The JSON bodies the API reads and writes, as msgspec structs (also the source of the OpenAPI schemas)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from services.clocks.config import ClockChoice
from services.results import GameView, HistoryEvent

# A full match in both dialects: Python's ``$`` also matches before a final newline, which ``(?!\n)`` refuses.
COMMAND_ID_PATTERN = r"^[A-Za-z0-9_.-]+$(?!\n)"
CommandId = Annotated[
    str,
    msgspec.Meta(
        min_length=1,
        max_length=64,
        pattern=COMMAND_ID_PATTERN,
        description="Client-chosen id, unique per seat; resubmitting the same id is idempotent.",
    ),
]
# "Something other than white space", written so that Python's and JSON Schema's (ECMA) regexes agree:
# they differ on which characters \s covers.
PlayerName = Annotated[str, msgspec.Meta(min_length=1, max_length=40, pattern=r"[^\s\x1c-\x1f\x85\ufeff]")]
MAX_SEAT = 63
SeatNumber = Annotated[int, msgspec.Meta(ge=0, le=MAX_SEAT)]
MAX_VERSION = 10**18 - 1  # as api/decoding.py's MAX_DIGITS: a Redis stream id built from it fits
Version = Annotated[int, msgspec.Meta(ge=0, le=MAX_VERSION)]
GameName = Annotated[str, msgspec.Meta(min_length=1, max_length=40)]
SeatCount = Annotated[int, msgspec.Meta(ge=1, le=64)]


NewPassword = Annotated[str, msgspec.Meta(min_length=8, max_length=200)]


class CreateGame(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A new game: its type, number of seats, the game's own options and its clock (a preset: "slow" 1 day a
    move + 3 days reserve, "relaxed" 3 + 7 days, "fast" 2 + 10 minutes, "none"; or "custom" with
    ``per_move`` and ``reserve`` in seconds; ``policy`` when time runs out: "bot", "pass", "forfeit";
    ``opponents_choose``: the other players choose first, the policy applies if none answers in a day).
    Without a clock the server's ``PAPYRUS_MOVE_TIMEOUT`` applies."""

    game: GameName
    seats: SeatCount
    options: dict[str, Any] = {}
    public: bool = True
    rated: Annotated[
        bool, msgspec.Meta(description="false: a friendly game, never rated (games with bots never are).")
    ] = True
    spectator_chat: Annotated[
        bool, msgspec.Meta(description="false: spectators may not write in the game's chat.")
    ] = True
    clock: ClockChoice | None = None


class JoinSeat(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Take a seat (the first free one unless ``seat`` is given); a private game needs its ``invite`` code.
    When the caller is logged in, the seat also belongs to their account."""

    name: PlayerName
    seat: SeatNumber | None = None
    invite: str | None = None


BotLevel = Literal["beginner", "casual", "strong"]


class StartGame(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Start a game; empty seats become bots played by the workers when ``fill_with_bots``, of
    ``bot_level``: "beginner" (random moves), "casual" (one-move look-ahead) or "strong" (the search bot);
    the server's default level when left out."""

    fill_with_bots: bool = False
    bot_level: BotLevel | None = None


class AnalysePosition(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A position of a finished game to analyse: after event ``at``, the decision of ``seat``."""

    at: Version
    seat: SeatNumber


class SubmitCommand(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """One command for the caller's seat. ``seat``, if given, must be the caller's own seat. ``command`` is
    one of the game's commands, or one of the table's: ``{"type": "papyrus.resign"}`` (a bot plays the seat,
    which ranks last), ``papyrus.undo`` (take back your last command while no other seat acted and nothing
    was revealed), ``papyrus.pause`` (a vote: the game pauses once every seated player voted),
    ``papyrus.resume``, ``papyrus.reclaim`` (play again a seat a bot stood in for), ``papyrus.choose``
    (``about`` a seat out of time, ``choice`` "wait", "bot" or "forfeit")."""

    command_id: CommandId
    command: dict[str, Any]
    expected_version: Version | None = None
    seat: SeatNumber | None = None


class ErrorDetail(msgspec.Struct, kw_only=True):
    code: str
    message: str
    field: str | None
    details: dict[str, Any] | None = None


class ErrorBody(msgspec.Struct, kw_only=True):
    """Every refusal: ``field`` names the offending input, ``message`` the reason."""

    error: ErrorDetail


class CommandResult(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The outcome of a command: accepted (200) with the new events as you may see them (none when
    polled) and the seats that must act once it and the automatic steps it triggered have run (``to_act``;
    empty when the game is over, or when its automatic steps wait for a configured delay), or still
    pending (202, poll ``poll``). Asked with ``?view=1``, an accepted command's answer carries your seat's
    view after it (``view``: the board, who must act, your legal commands), so no read follows a move."""

    command_id: str
    status: str
    version: int
    events: list[HistoryEvent]
    to_act: list[int] | None = None
    poll: str | None = None
    view: GameView | None = None


class Invitation(msgspec.Struct, kw_only=True):
    """A private game's invitation: the code, and the link that shows the game it opens."""

    invite: str
    url: str


class LastSweep(msgspec.Struct, kw_only=True):
    """The last sweep: when it started (epoch seconds), how long ago, how many games it found due and
    moved on, and the totals since the store was created."""

    at: float
    age_seconds: float
    due: int
    repaired: int
    runs: int
    repaired_total: int


class RqHealth(msgspec.Struct, kw_only=True):
    """One RQ Redis instance (``RQ_REDIS_URLS``, by ``index``): whether it answers, its jobs queued,
    scheduled, started and failed, the games waiting for a decision job and the workers RQ lists."""

    index: int
    up: bool
    queued: int
    waiting: int
    scheduled: int
    started: int
    failed: int
    workers: int


class Health(msgspec.Struct, kw_only=True):
    """``ok`` (200) when Redis answers, a worker heartbeat is recent and the sweep ran within two
    intervals; ``degraded`` (200) when so but the oldest undecided command is older than a few seconds
    (``oldest_undecided_seconds``: the workers lag); otherwise ``unavailable`` (503) with what is
    ``missing`` (``redis``, ``rq_redis``, ``worker``, ``rq_worker``: an RQ Redis no worker serves,
    ``sweep``); ``rq``: each RQ Redis instance's figures."""

    status: str
    redis: str
    mode: str
    missing: list[str]
    workers: int
    last_sweep: LastSweep | None
    oldest_undecided_seconds: float | None = None
    rq: list[RqHealth] = []


class Liveness(msgspec.Struct, kw_only=True):
    status: str
