"""Every error answer the endpoints document, in one table: each blueprint names the refusals an endpoint
may answer, and the OpenAPI document lists them from here (all with the one error body of api/errors.py;
refusals of one endpoint that share a status are documented together)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Refusal:
    status: int
    description: str


BAD_INPUT = Refusal(400, "Bad input (`field` names it and says why)")
BAD_COMMAND = Refusal(400, "Malformed JSON, unknown command type, wrong field type or oversized body")
BAD_SEAT_NUMBER = Refusal(400, "Bad seat number")
BAD_AT = Refusal(400, "Bad `at`")
BAD_AFTER = Refusal(400, "Bad `after`")
BAD_LIVE_CURSOR = Refusal(400, "Bad `Last-Event-ID` / `after`")
BAD_COMMAND_ID = Refusal(400, "Not a command id (1-64 of A-Z a-z 0-9 _ . -)")
BAD_PAGE = Refusal(400, "Bad `limit` or `cursor`")
BAD_CREDENTIALS = Refusal(400, "A bad name or password (the field says which)")
NAME_NEEDED = Refusal(400, "A player name is needed when you are not logged in")

NO_SEAT_TOKEN = Refusal(401, "No valid seat token")
TOKEN_HOLDS_NO_SEAT = Refusal(401, "A token that holds no seat in this game")
NOT_LOGGED_IN = Refusal(401, "Not logged in, or the login token expired")
LOGIN_FAILED = Refusal(401, "Wrong name or password (the same answer for both)")

NOT_YOUR_SEAT = Refusal(403, "That seat is not yours")
JOIN_REFUSED = Refusal(
    403,
    "A private game without its invitation code, or an anonymous client that already holds its share of "
    "seats of a game someone else created (`seats.client_limit`: log in)",
)

UNKNOWN_GAME = Refusal(404, "Unknown game")
UNKNOWN_COMMAND = Refusal(404, "A command id this seat never submitted (`field`: `command_id`)")
UNKNOWN_INVITE = Refusal(404, "No game has this invitation code")
NO_INVITATION = Refusal(404, "A public game: anyone may join it, no invitation needed")

STALE_VERSION = Refusal(409, "`expected_version` was stale: nothing changed")
SEAT_UNAVAILABLE = Refusal(
    409,
    "Seat taken, game full or started, your account already sits here, or another player of the game has "
    "this name in any letter case (`name.taken`)",
)
CANNOT_START = Refusal(409, "Already started, or a seat is empty")
GAME_STARTED = Refusal(409, "The game has started")
NOT_OVER = Refusal(409, "The game is not over yet")
NAME_TAKEN = Refusal(409, "The login name or the display name is taken (letter case does not matter)")

RULES_REFUSE = Refusal(422, "The rules refuse this command (`error.details` says why)")

STORE_UNAVAILABLE = Refusal(
    503,
    "The game store does not answer right now (`store_unavailable`), or every store connection of this "
    "server is in use (`server_busy`): try again after `Retry-After` seconds",
)
LIVE_BUSY = Refusal(
    503,
    "The store does not answer, or this server holds as many live views as it may in all "
    "(`live.busy`) or from your address (`live.too_many_from_client`): reconnect after `Retry-After` seconds",
)
REPLICAS_UNCONFIRMED = Refusal(
    503,
    "`PAPYRUS_REQUIRE_REPLICAS` replicas did not acknowledge the command in time: it is stored and will be "
    "decided; poll its outcome",
)

QUOTA_EXCEEDED = Refusal(
    429, "Too many requests of this kind from your account or address (`quota.exceeded`); see Retry-After"
)
THROTTLED = Refusal(
    429,
    "Too many login attempts from this address for this name (exponential back-off), or for this name or "
    "from this address in all; see Retry-After",
)

# What an endpoint under /games/<id>/seats/<seat>/ refuses: a bad seat number, no seat, another's seat.
SEAT_REFUSALS = (BAD_SEAT_NUMBER, NO_SEAT_TOKEN, NOT_YOUR_SEAT, UNKNOWN_GAME)

# Security (issue 13): what every unsafe request may be refused, and the refusals of tokens and commands.
UNSUPPORTED_MEDIA = Refusal(
    415,
    "A body not sent as `Content-Type: application/json` (`content_type.unsupported`, field `Content-Type`)",
)
FOREIGN_ORIGIN = Refusal(
    403,
    "A change sent with the session cookie (or a login) from another site: its `Origin` or `Sec-Fetch-Site` "
    "is not this service's own (`origin.forbidden`)",
)
COMMAND_ID_REUSED = Refusal(409, "This `command_id` was already used with another body (`command_id.reused`)")
SEAT_TOKEN_NEEDED = Refusal(401, "No seat token, or one that is unknown, expired or revoked")
WRONG_PASSWORD = Refusal(403, "The current password is wrong (`password.wrong`)")
