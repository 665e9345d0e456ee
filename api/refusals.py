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
NOT_CREATOR = Refusal(
    403, "Only the seat of the account that created the game starts it (`game.not_creator`)"
)
GAME_STARTED = Refusal(409, "The game has started")
NOT_OVER = Refusal(409, "The game is not over yet")
NO_DECISION = Refusal(422, "The seat had nothing to decide at that position, or the game has no search bot")
NAME_TAKEN = Refusal(409, "The login name or the display name is taken (letter case does not matter)")
SEAT_GIVEN_UP = Refusal(
    409,
    "The game is not running, or a game's command from a seat that resigned (`seat.resigned`) or that a bot "
    "stands in for since its time ran out (`seat.stood_in`: send `papyrus.reclaim` first)",
)

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
NOT_A_SOCKET = Refusal(426, "Not opened as a WebSocket (`socket.upgrade_required`)")
REPLICAS_UNCONFIRMED = Refusal(
    503,
    "`PAPYRUS_REQUIRE_REPLICAS` replicas did not acknowledge the command in time: it is stored and will be "
    "decided; poll its outcome",
)

BAD_EMAIL = Refusal(400, "Not an e-mail address, or unknown event names (`field` says which)")
BAD_WEBHOOK_URL = Refusal(
    400,
    "The webhook URL is refused (`webhook.url_refused`): not HTTPS, unresolvable, or resolving to a private, "
    "loopback or link-local address",
)
BAD_LINK_TOKEN = Refusal(
    404, "No such link: its token is forged, expired or for another purpose (`token.invalid`)"
)
NO_WEBHOOK = Refusal(404, "The account has no webhook")
UNKNOWN_ABSENCE = Refusal(404, "You have no absence of this id (`absence.unknown`)")
ABSENCE_STARTED = Refusal(409, "The absence has started: it can no longer be cancelled (`absence.started`)")
UNKNOWN_INVITEE = Refusal(404, "No player has this display name (`player.unknown`, `field`: `player`)")
NOT_SEATED_HERE = Refusal(403, "Only a player seated in this game may invite")
MAIL_TOO_SOON = Refusal(
    429, "A verification mail went to this account less than a minute ago (`mail.too_soon`)"
)
MAIL_UNAVAILABLE = Refusal(503, "The verification mail could not be sent (`mail.unavailable`); try again")

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

# Table talk and standing (api/blueprints/chat.py, api/blueprints/social.py).
BAD_CHAT_TEXT = Refusal(400, "Bad `text` (empty, too long, or holding control characters) or body")
BAD_SPEAKER = Refusal(400, "Bad `speaker` (`seat:<n>` or `spectator:<id>`) or body")
CHAT_NEEDS_LOGIN = Refusal(401, "No seat token and no login: only players and logged-in spectators talk")
NOT_SEATED = Refusal(403, "Your account holds no seat in this game")
SPECTATORS_SILENT = Refusal(403, "This game keeps its chat to its players (`chat.spectators_closed`)")
CHAT_TOO_FAST = Refusal(429, "Too many messages: past the rate limit (`chat.rate_limited`); see Retry-After")
BAD_CHAT_CURSOR = Refusal(400, "Bad `chat_after` (a chat message id)")
CHAT_ARCHIVED = Refusal(
    409, "The game is archived: its chat and mutes can be read, no longer changed (`chat.archived`)"
)
BAD_PAGING = Refusal(400, "Bad `page` or `per_page`")
BAD_ARCHIVE_FILTER = Refusal(400, "Bad `players`, `since`, `until` (YYYY-MM-DD), `page` or `per_page`")
UNKNOWN_HOSTED_GAME = Refusal(404, "No hosted game by that name")
UNKNOWN_PLAYER = Refusal(404, "No player by that name")
BAD_DISPLAY_NAME = Refusal(400, "Bad `display_name` (1-40 characters, no control or invisible characters)")
BAD_LANGUAGE = Refusal(400, "A `language` that is not a shipped language's code")
DISPLAY_NAME_TAKEN = Refusal(
    409, "Another player uses this display name (any letter case): `display_name.taken`"
)
# Security: what every unsafe request may be refused, and the refusals of tokens and commands.
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
# Answered by the asynchronous front (api/front/) before any endpoint runs, for every endpoint alike.
BODY_TOO_SLOW = Refusal(
    408, "The body did not arrive within `PAPYRUS_BODY_SECONDS` (`body.too_slow`): the connection is closed"
)
BODY_TOO_SLOW_ANSWER = (
    "body.too_slow",
    "The request's body did not arrive within {limit:g} s: send it at once.",
)
BODIES_AT_ONCE = Refusal(
    429,
    "The client already sends `PAPYRUS_BODIES_PER_CLIENT` bodies that have not fully arrived "
    "(`body.too_many`): the connection is closed; try again in a second",
)
BODIES_AT_ONCE_ANSWER = (
    "body.too_many",
    "Your address is already sending {limit:g} requests whose bodies have not arrived: finish those first.",
)
