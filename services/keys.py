"""Every Redis key Papyrus uses is built here.

A game's keys share the hash tag ``{game:<id>}`` so they live on one Redis Cluster shard and one Lua
script may touch them all. The few cross-game keys (the game index and the lobby) carry no game tag and
are never used inside a game's Lua script.

Every key starts with ``PAPYRUS_KEY_PREFIX`` (default ``papyrus``), read once at import, so several
deployments or test runs can share one Redis without seeing each other's games.
"""

from __future__ import annotations

import os

PREFIX = os.environ.get("PAPYRUS_KEY_PREFIX", "") or "papyrus"


def _game(game_id: str, suffix: str) -> str:
    return f"{PREFIX}:{{game:{game_id}}}:{suffix}"


def events(game_id: str) -> str:
    """Stream of accepted event records: one entry per run of records appended together, id ``0-<seq of
    its last record>`` (see services/store/layout.py), compacted once the game is over
    (store/compaction.py)."""
    return _game(game_id, "events")


def live(game_id: str) -> str:
    """Sharded pub/sub channel (SPUBLISH) of the game's notices: its log grew (the message is the new head
    version, published by the script that appends, with the command's decision when it records one) or its
    chat did (``c``). The game's hash tag puts it on
    the game's shard; open pages wait on it (api/front/live_hub.py)."""
    return _game(game_id, "live")


def game_of_live(channel: str) -> str | None:
    """The game id of a :func:`live` channel; None for another name."""
    start, end = channel.find("{game:"), channel.rfind("}:live")
    return channel[start + 6 : end] if 0 <= start < end else None


def commands(game_id: str) -> str:
    """Stream of submitted command records."""
    return _game(game_id, "commands")


def command_ids(game_id: str) -> str:
    """Hash command_id -> id of its entry in the command stream (idempotent submission; dropped once the
    game is over and every command decided: the outcomes hash answers then)."""
    return _game(game_id, "command_ids")


def command_fingerprints(game_id: str) -> str:
    """Hash command_id -> the first 16 bytes of the sha256 of the submitted body (command and expected
    version), raw (older entries: the whole digest in hex): a command id sent again with another body is
    refused (409 ``command_id.reused``)."""
    return _game(game_id, "command_fingerprints")


def head(game_id: str) -> str:
    """Hash {version, hash, checkpoint}: the last event seq, its hash and the last decided command entry."""
    return _game(game_id, "head")


def outcomes(game_id: str) -> str:
    """Hash command_id -> encoded outcome."""
    return _game(game_id, "outcomes")


def decided(game_id: str) -> str:
    """Capped stream of decided commands (its last entry: the command id, its outcome and the records
    appended with it), expiring a minute after it; waiters block on it."""
    return _game(game_id, "decided")


def meta(game_id: str) -> str:
    """Hash of the game's meta (game, seats, options, status, players...)."""
    return _game(game_id, "meta")


def seat_tokens(game_id: str) -> str:
    """Hash sha256(token) -> seat."""
    return _game(game_id, "seat_tokens")


def seat_token_terms(game_id: str) -> str:
    """Hash sha256(seat token) -> JSON {login, expires_at}: the login digest an account's seat token is bound
    to, or the expiry of an anonymous one (services/players/seat_tokens.py)."""
    return _game(game_id, "seat_token_terms")


def seed(game_id: str) -> str:
    """The secret seed, until the game is over."""
    return _game(game_id, "seed")


def invite(game_id: str) -> str:
    """The invitation code of a private game."""
    return _game(game_id, "invite")


def snapshot(game_id: str) -> str:
    """Hash {version, state}: a cache of the folded state."""
    return _game(game_id, "snapshot")


def projection(game_id: str, name: str) -> str:
    """Hash {version, body} for one projection (``public``, ``to_act``, ``state``: the folded state seat
    views are built from, or a finished game's ``seat:<n>``)."""
    return _game(game_id, f"view:{name}")


def deadlines(game_id: str) -> str:
    """Hash seat -> JSON of the seat's clock (its reserve, and since when its turn runs:
    services/clocks/bank.py)."""
    return _game(game_id, "deadlines")


def reminders_sent(game_id: str) -> str:
    """Hash ``<seat>:<since>`` -> 1 once the quarter-left reminder of that seat's turn since version ``since``
    went out, so it goes out once (services/clocks/reminders.py); dropped when the game ends."""
    return _game(game_id, "reminded")


def process_queued(game_id: str) -> str:
    """Flag set while a process_game job for this game is queued and not yet started."""
    return _game(game_id, "process_queued")


def client_seats(game_id: str) -> str:
    """Hash: the client that created the game, how many seats each anonymous client took, which client
    took each seat (digests of addresses; services/limits/client_seats.py)."""
    return _game(game_id, "client_seats")


def game_keys(game_id: str) -> list[str]:
    """Every key the store holds for one game (the seat projections are found by pattern)."""
    return [
        events(game_id),
        commands(game_id),
        command_ids(game_id),
        head(game_id),
        outcomes(game_id),
        decided(game_id),
        meta(game_id),
        seat_tokens(game_id),
        seat_token_terms(game_id),
        command_fingerprints(game_id),
        seed(game_id),
        invite(game_id),
        snapshot(game_id),
        deadlines(game_id),
        process_queued(game_id),
        chat(game_id),
        reminders_sent(game_id),
        notify_outbox(game_id),
        notify_invited(game_id),
        client_seats(game_id),
    ]


def finished_game_leftovers(game_id: str) -> list[str]:
    """Keys a finished game no longer needs: scheduling state, the state snapshot and who took which seat
    from which address (only joining and leaving an open game read it). The waiters' wake-up stream is not
    among them: it is left to expire soon after (services/store/event_store.py, FINISHED_DECIDED_TTL_MS), as
    the last command's submitter may not have read it yet."""
    return [
        deadlines(game_id),
        process_queued(game_id),
        snapshot(game_id),
        reminders_sent(game_id),
        notify_invited(game_id),
        projection(game_id, "state"),
        client_seats(game_id),
    ]


def archived_game_keys(game_id: str, seats: int) -> list[str]:
    """Every key a finished game has before it is archived, in the order ``archive_game.lua`` reads them: the
    head, the meta, the command stream, the outcomes, the chat, each seat's chat mutes, then the rest (its
    views and the seats' chat rate counters included; a spectator's expires with its window)."""
    contents = [head(game_id), meta(game_id), commands(game_id), outcomes(game_id), chat(game_id)]
    mutes = [chat_mutes(game_id, seat) for seat in range(seats)]
    views = [projection(game_id, name) for name in ("public", "to_act", "state")]
    views += [projection(game_id, f"seat:{seat}") for seat in range(seats)]
    rates = [chat_rate(game_id, f"seat:{seat}") for seat in range(seats)]
    rest = [key for key in game_keys(game_id) if key not in contents]
    return [*contents, *mutes, *rest, *views, *rates]


def everything_pattern() -> str:
    """Every Papyrus key under the current prefix."""
    return f"{PREFIX}:*"


def projection_pattern(game_id: str) -> str:
    return _game(game_id, "view:*")


def games() -> str:
    """Sorted set of every game id, scored by creation time."""
    return f"{PREFIX}:games"


def running_games() -> str:
    """Set of the ids of games in progress."""
    return f"{PREFIX}:games:running"


def lobby() -> str:
    """Hash game_id -> encoded meta of public open games."""
    return f"{PREFIX}:lobby"


def open_games() -> str:
    """Sorted set game id -> created_at of the games not started yet (services/limits/open_games.py)."""
    return f"{PREFIX}:games:open"


def open_games_filled() -> str:
    """Set once every open game created before the open-games index existed was entered in it."""
    return f"{PREFIX}:games:open:filled"


def lobby_order() -> str:
    """Sorted set game id -> created_at of the lobby's games, so the lobby is read a page at a time
    (services/limits/paging.py)."""
    return f"{PREFIX}:lobby:order"


def due_games() -> str:
    """Sorted set game id -> epoch seconds when the game next needs a worker (services/store/due_index.py)."""
    return f"{PREFIX}:games:due"


def due_index_filled() -> str:
    """Set once every game running when the due index first came into use was entered in it."""
    return f"{PREFIX}:games:due:filled"


def sweep_lock() -> str:
    """Held for one sweep interval by the worker that ran the last sweep (SET NX PX, never released): the
    next sweep is due when it expires, whichever worker takes it then."""
    return f"{PREFIX}:sweep:lock"


def last_sweep() -> str:
    """Hash describing the last sweep (when, by whom, games due and repaired) and running totals."""
    return f"{PREFIX}:sweep:last"


def worker_heartbeats() -> str:
    """Sorted set worker name -> epoch seconds of its last heartbeat."""
    return f"{PREFIX}:workers"


def scheduler_lock() -> str:
    """On RQ's Redis: held for a moment by the worker moving due scheduled jobs onto the queue."""
    return f"{PREFIX}:scheduler:lock"


def ready_games() -> str:
    """On RQ's Redis: list of game ids waiting for a decision job (services/processing/ready_games.py); one
    hash tag with :func:`decision_job_leases`, which the same scripts touch."""
    return f"{PREFIX}:{{ready}}:games"


def decision_job_leases() -> str:
    """On RQ's Redis: the decision jobs queued or running, each with when its lease runs out (a sorted set;
    a lease not renewed runs out on its own)."""
    return f"{PREFIX}:{{ready}}:leases"


def decision_job_holds() -> str:
    """On RQ's Redis: the game each decision job is deciding (a hash, job id -> game id), so that the game of
    a job whose lease ran out is noted as waiting again instead of waiting for the sweep."""
    return f"{PREFIX}:{{ready}}:holds"


def game_tag_pattern() -> str:
    """Every key of every game (to find keys whose game no longer exists)."""
    return f"{PREFIX}:{{game:*}}:*"


def game_id_of(key: str) -> str | None:
    """The game id of a game's key (None for a key that is not a game's)."""
    start = f"{PREFIX}:{{game:"
    if not key.startswith(start):
        return None
    game_id, closing, _ = key[len(start) :].partition("}")
    return game_id if closing else None


# Accounts are not per game: each has its own hash tag ``{account:<lowercased name>}``; login tokens,
# login-failure counters and invitation codes are looked up on their own and carry their own tags.


def _account(name_key: str, suffix: str) -> str:
    return f"{PREFIX}:{{account:{name_key}}}:{suffix}"


def account_part(name_key: str, suffix: str) -> str:
    """One of an account's keys by its suffix (``doc``, ``games``...): erasing an account deletes them all."""
    return _account(name_key, suffix)


def account(name_key: str) -> str:
    """JSON {name, password (scrypt), created_at} of one account (``name_key`` = lowercased name)."""
    return _account(name_key, "doc")


def account_games(name_key: str) -> str:
    """Hash game_id -> seat the account holds in that game."""
    return _account(name_key, "games")


def account_logins(name_key: str) -> str:
    """Set of the sha256 digests of an account's login tokens (revoked together at a password change)."""
    return _account(name_key, "logins")


def account_chat_games(name_key: str) -> str:
    """Set of the games whose chat the account wrote in as a spectator (its own data, and its erasure)."""
    return _account(name_key, "chat_games")


def account_devices(name_key: str) -> str:
    """Hash sha256(device cookie) -> when it was last used to log in: the browsers the account trusts."""
    return _account(name_key, "devices")


def account_addresses(name_key: str) -> str:
    """Sorted set client address (IPv4, or an IPv6 /64) -> when it last logged in to the account."""
    return _account(name_key, "addresses")


def device_failures(name_key: str, digest: str) -> str:
    """Counter of wrong passwords sent with one trusted device cookie (expires with its window)."""
    return _account(name_key, f"device-failures:{digest}")


def display_name(folded: str) -> str:
    """The lowercased login name of the account that uses this display name (``folded``: casefolded)."""
    return f"{PREFIX}:{{display:{folded}}}"


def player_id(public_id: str) -> str:
    """The account (its key) a public player id stands for: profile links use it, so a rename keeps them."""
    return f"{PREFIX}:{{player-id:{public_id}}}"


def former_display_name(folded: str) -> str:
    """The account that used this display name before a rename: links to the old name still find it."""
    return f"{PREFIX}:{{former-display:{folded}}}"


def account_token(digest: str) -> str:
    """JSON {name, expires_at} for one login token, by sha256 of the token; expires with it."""
    return f"{PREFIX}:{{token:{digest}}}"


def login_failures(kind: str, value: str) -> str:
    """Counter of recent login attempts (refunded when one succeeds) for one name (``kind`` "name") or
    client address ("address"): the ceilings of services/players/login_throttle.py."""
    return f"{PREFIX}:{{login:{kind}:{value}}}:failures"


def login_backoff(name_key: str, address: str) -> str:
    """Hash {attempts, next_at}: the exponential back-off of one (name, client address) pair."""
    return f"{PREFIX}:{{login:pair:{name_key}:{address}}}:backoff"


def invitation(code: str) -> str:
    """The id of the private game an invitation code opens."""
    return f"{PREFIX}:{{invite:{code}}}"


# Table talk and standing (services/social/): a game's chat lives with the game (its hash tag); the index of
# finished games, the ratings of each game and a player's profile are projections of finished games' logs
# (``papyrus rebuild-ratings`` recreates them), each group under a tag of its own.


def chat(game_id: str) -> str:
    """Stream of the game's chat messages (MessagePack: channel, seat, account, name, text, version, at),
    capped at ``services.social.chat.MAX_MESSAGES_KEPT``; kept with the game and exported with it."""
    return _game(game_id, "chat")


def chat_speaker_secret() -> str:
    """The random key spectators' chat ids are derived with (services/social/chat.py), made once."""
    return f"{PREFIX}:chat:speaker-secret"


def chat_rate(game_id: str, speaker: str) -> str:
    """Counter of one speaker's recent messages in a game (``speaker``: ``seat:<n>`` or ``spectator:<id>``),
    created with the window as its expiry and incremented atomically (MULTI: SET NX EX, INCR)."""
    return _game(game_id, f"chat:rate:{speaker}")


def chat_mutes(game_id: str, seat: int) -> str:
    """Set of the speakers ``seat`` has muted in this game (their messages are not shown to it)."""
    return _game(game_id, f"chat:mutes:{seat}")


def finished_docs() -> str:
    """Hash game_id -> MessagePack summary of a finished game (players, ranking, scores, seat fates,
    ended_at) under one-letter keys; one written under full names still reads
    (services/social/finished.py)."""
    return f"{PREFIX}:{{finished}}:docs"


def finished_pending() -> str:
    """Sorted set game_id -> when to retry: finished games whose ``record_finished_game`` job has not done its
    work yet (left by a job lost with its worker: the sweeping worker queues it again when due)."""
    return f"{PREFIX}:{{finished}}:pending"


def finished_index(game: str | None = None) -> str:
    """Sorted set of finished game ids by when they ended: every game's (``game`` None) or one game's."""
    return f"{PREFIX}:{{finished}}:by:{game or '*all*'}"


def game_durations(game: str, seats: int, clock: str) -> str:
    """Sorted set of finished game ids by how long they ran (seconds), for one game, player count and
    clock (services/social/durations.py)."""
    return f"{PREFIX}:{{finished}}:durations:{game}:{seats}:{clock}"


def account_days_off(name_key: str) -> str:
    """JSON of an account's days off (services/clocks/days_off_settings.py): time zone, weekend days,
    absences, floating vacation and the hours of it spent."""
    return _account(name_key, "days_off")


def account_finished(name_key: str) -> str:
    """Sorted set of the finished games an account played, by when they ended."""
    return _account(name_key, "finished")


def _ratings(game: str, suffix: str) -> str:
    return f"{PREFIX}:{{ratings:{game}}}:{suffix}"


def ratings(game: str) -> str:
    """Hash account name key -> JSON {name, mu, sigma, games} of one game's ratings."""
    return _ratings(game, "table")


def rating_board(game: str) -> str:
    """Sorted set account name key -> ordinal (mu - 3 sigma): the game's leaderboard."""
    return _ratings(game, "board")


def rated_games(game: str) -> str:
    """Sorted set game_id -> order score of the games already folded into the game's ratings."""
    return _ratings(game, "applied")


def ratings_lock(game: str) -> str:
    """Held (SET NX PX) while a job folds a finished game into the game's ratings."""
    return _ratings(game, "lock")


# The archive of finished games (services/archive/): where each one's object is and the hash it must have,
# and when each finished game is due to be archived.


def archived_games() -> str:
    """Hash game_id -> MessagePack of an archived game's catalog entry (services/store/archive_catalog.py):
    the sha256 and size of its object, the accounts that held its seats, its seats' chat mutes."""
    return f"{PREFIX}:{{archive}}:games"


def archive_due() -> str:
    """Sorted set game_id -> epoch seconds when a finished game is due to be archived."""
    return f"{PREFIX}:{{archive}}:due"


def archive_due_filled() -> str:
    """Set once every game that ended before archiving was turned on was scheduled in the due set."""
    return f"{PREFIX}:{{archive}}:due:filled"


def archive_lease() -> str:
    """Held (SET NX PX, renewed while it works) by the job archiving the due games; expires if it dies."""
    return f"{PREFIX}:{{archive}}:lease"


# Notifications (services/notifications/): a game's outbox lives with the game's keys (written by its Lua
# step); delivery bookkeeping and an account's notification settings carry their own tags.


def notify_outbox(game_id: str) -> str:
    """Stream of notifications a game's appends caused (one entry per append, a JSON list), deleted entry by
    entry once every channel delivered them."""
    return _game(game_id, "outbox")


def notify_invited(game_id: str) -> str:
    """Set of the account name keys invited to an open game (services/notifications/invitations.py)."""
    return _game(game_id, "invited")


def notify_due() -> str:
    """Sorted set game id -> when its outbox next needs a delivery attempt (the notification sweep)."""
    return f"{PREFIX}:notify:due"


def notify_digests() -> str:
    """Sorted set account name key -> when its pending "your turn" digest mail may go out."""
    return f"{PREFIX}:notify:digests"


def notify_sweep_lock() -> str:
    """Held (SET NX PX) by the worker delivering the due outboxes and digests this moment."""
    return f"{PREFIX}:notify:sweep_lock"


def notify_signing_key() -> str:
    """Random key signing unsubscribe and verification links when PAPYRUS_SECRET_KEY is not set."""
    return f"{PREFIX}:notify:signing_key"


def notify_delivery(dedup_key: str) -> str:
    """State of one delivery (a notification on one channel): "sent" or "failed" (expires after a week)."""
    return f"{PREFIX}:{{notify:{dedup_key}}}:state"


def notify_claim(dedup_key: str) -> str:
    """Held (SET NX PX) by the worker sending one delivery; expires if that worker dies."""
    return f"{PREFIX}:{{notify:{dedup_key}}}:claim"


def notify_attempts(dedup_key: str) -> str:
    """Hash {attempts, next_at} of a delivery that failed and waits for its next try."""
    return f"{PREFIX}:{{notify:{dedup_key}}}:attempts"


def notify_settings(name_key: str) -> str:
    """JSON of an account's notification settings (e-mail, events per channel, webhook)."""
    return _account(name_key, "notify")


def notify_mail_slot(name_key: str) -> str:
    """Set (NX, expiring after the digest interval) when a "your turn" mail went to the account."""
    return _account(name_key, "mail_slot")


def notify_verification_to(address_digest: str) -> str:
    """Counter of verification mails sent to one address (by sha256 of it) in the current day."""
    return f"{PREFIX}:{{mailto:{address_digest}}}:verifications"


def notify_verification_sent(name_key: str) -> str:
    """Set (NX, expiring) when a verification mail went to the account's new address: one a minute."""
    return _account(name_key, "verification_sent")


def notify_webhook_failures(name_key: str) -> str:
    """Counter of the account's webhook attempts that failed in a row (reset by a success)."""
    return _account(name_key, "webhook_failures")


def quota(action: str, subject_digest: str) -> str:
    """Counter of one action's uses by one subject (a digest of ``account:<name>`` or ``address:<ip>``) in
    the current window; expires with the window (services/limits/quotas.py)."""
    return f"{PREFIX}:{{quota:{action}:{subject_digest}}}"


def analysis(game_id: str, version: int, seat: int) -> str:
    """String (JSON, with a TTL): the search bot's analysis of a finished game's position for a seat. No game
    tag: a cache that outlives the game's keys when it is archived, and that nothing else reads."""
    return f"{PREFIX}:analysis:{game_id}:{version}:{seat}"
