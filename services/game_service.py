"""The one facade the API, the CLI and the workers use to run games. It knows the Game protocol, never a game.

Everything is keyed by ``game_id`` (a short url-safe string); seats are 0-based ints; the answers are the
typed results of services/results.py; a refusal is a ServiceError (services/errors.py).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator, Sequence
from itertools import chain
from typing import Any, NamedTuple

import msgspec
import redis

from domain.engine import Game
from domain.messages import msg
from domain.registry import get_game
from services import keys, validation
from services.analysis import Analyses, PositionAnalysis
from services.archive import GameArchive
from services.archive.layout import ArchivedLog
from services.clocks.calendar import Calendar
from services.clocks.config import ClockChoice, ClockConfig, ClockRefused, clock_from, effective_clock
from services.clocks.days_off import DaysOff
from services.clocks.days_off_settings import DaysOffService
from services.clocks.views import seat_absences, seat_clocks, seats_away
from services.composition import Components
from services.errors import ServiceError
from services.inputs import ANONYMOUS, DEFAULT_TERMS, Requester, TableTerms
from services.limits.client_seats import ClientSeats
from services.limits.open_games import OpenGames
from services.limits.paging import LobbyPages, Page
from services.limits.quotas import Quotas
from services.notifications.service import Notifications
from services.notifications.settings import NotifySettings
from services.own_data import OwnData
from services.player_commands import GameAtSubmit, PlayerCommands, Queued, Submission, unknown_game
from services.players.accounts import Accounts
from services.players.seating import Seating
from services.processing.rq_instances import rq_connections
from services.proven_reads import ProvenReads, legal_commands_in
from services.read_side.audit_export import export_lines
from services.read_side.history import Viewer, seat_history
from services.read_side.projected_state import OncePerHead
from services.read_side.projections import Projections, ViewBody, raw_view_body, view_body
from services.results import (
    CommandOutcome,
    GameMeta,
    GameView,
    HistoryEntry,
    SeatClockView,
    SeatGranted,
    YourTurn,
)
from services.settings import Settings
from services.social import LiveChat, Social
from services.social.chat import ChatMessage, catch_up_read, chat_lines, shown_to
from services.social.durations import clock_label
from services.store.command_inbox import CommandInbox, Decided, decided_in_notice
from services.store.connect import store_client
from services.store.event_store import EventStore, Head
from services.store.meta_store import OPEN, OVER, RUNNING
from services.store.read_batch import Read, Reads, Slot
from services.store.records import reveal_the_seed
from services.table.state import table_at
from services.table.state_cache import fold_records

__all__ = ["CommandOutcome", "GameService", "ServiceError"]
START_ATTEMPTS = 3
# seats' views at a head kept per process: a decision's readers (each open page, the submitter's answer)
# share the one built for their seat
SHARED_VIEWS = 1024


class LiveRead(NamedTuple):
    """What the live pages of a game woken by one notice read together (:meth:`GameService.live_step`)."""

    chat: Slot[tuple[list[ChatMessage], int, set[str]]]
    found: Slot[tuple[GameMeta, Game, Head, Any] | None]
    held: Slot[dict[int, Any]]


def chosen_clock(clock: dict[str, Any] | None) -> ClockConfig | None:
    """The clock a creator sent, decoded; 400 naming the field otherwise."""
    if clock is None:
        return None
    try:
        return clock_from(validation.decode(clock, ClockChoice, "clock"))
    except ClockRefused as refused:
        raise validation.bad(refused.field, str(refused)) from None


class GameService:
    """Runs games on the store. Construct one per process; it is thread-safe as far as redis-py is.

    ``redis`` is the game store connection (``decode_responses=False``); ``rq_connection`` is RQ's own
    Redis, or one per RQ Redis instance (defaults to ``settings``' RQ URLs, else the store connection);
    ``rq_home`` the instance this process's worker serves.
    """

    def __init__(
        self,
        redis: redis.Redis,
        settings: Settings,
        rq_connection: redis.Redis | Sequence[redis.Redis] | None = None,
        notify_settings: NotifySettings | None = None,
        rq_home: int = 0,
    ) -> None:
        if rq_connection is None:
            rq_connection = rq_connections(settings, redis, store_client)
        connections = list(rq_connection) if isinstance(rq_connection, Sequence) else [rq_connection]
        self.settings = settings
        self.components = parts = Components(redis, settings, connections, rq_home)
        self.processor = parts.processor
        self.decisions = parts.decisions
        self.stand_ins = parts.stand_ins
        self.absences = parts.absences
        self.open_games = OpenGames(redis)
        expire_open_games = self.open_games.expire
        self.sweep = parts.sweep(lambda now: expire_open_games(now, settings.open_game_ttl))
        here = parts.deciding_here if settings.decide_in_api else None
        self.commands = PlayerCommands(redis, settings, parts.store, parts.command_queue, here)
        self.accounts = Accounts(redis, settings)
        self.days_off = DaysOffService(redis, settings)
        self.seating = Seating(redis, settings, parts.meta, parts.projections, self.accounts)
        self.archive = GameArchive(redis, settings, parts.meta, parts.archive_catalog, self.export)
        self.analyses = Analyses(parts.redis, parts.scheduler, self.settings, self._state_at)
        self.social = Social(self.components, self.accounts, self.seating, self.archive.reader)
        self.notifications = Notifications(
            redis,
            notify_settings or NotifySettings.from_env(),
            settings.clock,
            self.seating.your_turn_games,
            self.accounts,
        )
        self.own_data = OwnData(
            redis, self.accounts, self.seating, self.social, self.notifications, self.archive
        )
        self.quotas = Quotas(redis, settings.quotas)
        self.proven = ProvenReads(redis, parts.projected_states, self.seating.tokens, self.quotas)
        self.client_seats = ClientSeats(redis, settings.anonymous_seats_per_game)
        self._views_at_head = OncePerHead(SHARED_VIEWS)
        self._live_reads = OncePerHead(SHARED_VIEWS)

    def create_game(
        self,
        game: str,
        seats: int,
        options: dict[str, Any],
        terms: TableTerms = DEFAULT_TERMS,
        by: Requester = ANONYMOUS,
    ) -> GameMeta:
        """Create an open game; its meta, with the invitation code of a private game (for the creator).
        400 for an unknown game, a bad seat count, options or a clock that do not decode (field named).
        ``terms``: public or private, clock, rated, spectator chat; ``by``: its client may fill its own
        game, and its account is the creator, the only one to start the game while it sits there."""
        rules = validation.known_game(game)
        validation.seat_count(rules, seats)
        decoded = validation.options(rules, options)
        chosen = chosen_clock(terms.clock)
        doc = {
            "id": secrets.token_hex(6),
            "game": rules.name,
            "seats": seats,
            "options": msgspec.to_builtins(decoded),
            "public": bool(terms.public),
            "created_at": self.settings.clock(),
            **({} if terms.rated else {"rated": False}),
            **({} if terms.spectator_chat else {"spectator_chat": False}),
            **({"clock": msgspec.to_builtins(chosen)} if chosen is not None else {}),
        }
        self.components.meta.create(doc, doc["created_at"], by.account)
        self.client_seats.created(doc["id"], by.client)
        self.open_games.opened(doc["id"], doc["created_at"])
        meta = self.meta(doc["id"])
        self.components.meta.publish_lobby(meta)
        if not meta.public:
            return msgspec.structs.replace(meta, invite=self.seating.create_invite(meta.id))
        return meta

    def join(
        self,
        game_id: str,
        player_name: str,
        seat: int | None = None,
        invite: str | None = None,
        by: Requester = ANONYMOUS,
    ) -> SeatGranted:
        """Take a seat (the first free one when ``seat`` is None); its token is shown once and stored only
        as its sha256. With ``by.account`` the seat belongs to that account too (one seat per account per
        game) and its token is bound to the caller's login. 404 unknown game, 403 private game without its
        ``invite`` code, 409 seat taken / game started / full / account already seated. A guest's client
        may take only its share of another client's game (403, services/limits/client_seats.py)."""
        meta = self._open_meta(game_id)
        name = validation.player_name(player_name)
        anonymous = None if by.account else by.client
        self.client_seats.reserve(game_id, anonymous)
        try:
            granted = self.seating.take_seat(meta, name, seat, by.account, invite, by.login_digest)
        except BaseException:
            self.client_seats.give_back(game_id, anonymous)
            raise
        self.client_seats.taken(game_id, granted.seat, anonymous)
        self.components.meta.publish_lobby(self.meta(game_id))
        return granted

    def leave(self, game_id: str, seat: int) -> GameMeta:
        """Give up ``seat`` of a game that has not started (409 once it has); the game's meta after."""
        self.seating.leave(game_id, seat)
        self.client_seats.left(game_id, seat)
        return self.meta(game_id)

    def authenticate(self, game_id: str, token: str) -> int | None:
        """The seat this live token holds in this game, or None (see services/players/seat_tokens.py)."""
        return self.seating.tokens.seat_of(game_id, token)

    def start(
        self,
        game_id: str,
        fill_with_bots: bool = False,
        bot_level: str | None = None,
        by_seat: int | None = None,
    ) -> GameMeta:
        """Run setup (the service draws and keeps the seed) and return the meta. Empty seats become bots of
        ``bot_level`` (the setting's by default) when ``fill_with_bots``; otherwise 409 while a seat is empty.
        409 if already started. 403 when ``by_seat`` (the seat asking) is not the creator's while the
        creator sits at the table."""
        level = bot_level or self.settings.bot_level
        for _ in range(START_ATTEMPTS):
            meta = self._open_meta(game_id)
            if by_seat is not None and meta.host is not None and by_seat != meta.host:
                raise ServiceError(
                    403, "game.not_creator", msg("Only the player who created this game can start it.")
                )
            empty = sorted(set(range(meta.seats)) - {player.seat for player in meta.players})
            if empty and not fill_with_bots:
                raise ServiceError(409, "seats.empty", f"Seats {empty} are still empty.")
            for seat in empty:
                self.components.meta.claim_seat(game_id, seat, f"Bot {seat + 1}", bot=True, level=level)
            started = self.components.meta.start_if_full(game_id, meta.seats)
            if started == 0:
                raise ServiceError(409, "game.started", "This game has already started.")
            if started == 1:
                break
            if not fill_with_bots:
                raise ServiceError(409, "seats.empty", f"Seat {-1 - started} was left meanwhile.")
        else:
            raise ServiceError(409, "game.busy", "Seats kept changing while the game started; try again.")
        self.components.meta.set_running(game_id, True)
        self.open_games.started(game_id)
        self.components.due.mark(game_id, self.settings.clock())  # due for its setup until set_up settles it
        self.components.meta.publish_lobby(self.meta(game_id))
        self.processor.set_up(game_id)
        self.components.absences.note_game(game_id)
        return self.meta(game_id)

    def submit(
        self,
        game_id: str,
        seat: int,
        command: dict[str, Any],
        command_id: str,
        expected_version: int | None = None,
    ) -> None:
        """Queue a player's command for the workers, who decide it (a stale ``expected_version`` included).
        It is decoded against the game's Command union first: an undecodable command raises
        ServiceError(400, "command.invalid", field=<json path such as "$.ship">) and nothing is written.
        Resubmitting a ``command_id`` is a no-op (its first outcome stands). 409 if the game is not
        running."""
        meta, game = self._game(game_id)
        self.commands.queue(meta, game, Submission(game_id, seat, command, command_id, expected_version))

    def submit_and_wait(
        self,
        game_id: str,
        seat: int,
        command: dict[str, Any],
        command_id: str,
        expected_version: int | None,
        wait: float,
    ) -> CommandOutcome:
        """The API's submit: as :meth:`submit`, but a new command expecting a version the game has left is
        answered "stale" without being written, and its outcome is awaited up to ``wait`` seconds
        ("pending" if undecided by then). The game and the command's outcome are read in one round trip
        (see services/player_commands.py)."""
        game, known = self.commands.read(game_id, command_id)
        submission = Submission(game_id, seat, command, command_id, expected_version)
        return self.commands.submit_and_wait(submission, game, known, wait)

    def submit_read_and_wait(self, submission: Submission, game: GameAtSubmit, wait: float) -> CommandOutcome:
        """:meth:`submit_and_wait` for a game the caller read with its seat token's proof
        (services/proven_reads.py)."""
        return self.commands.submit_and_wait(submission, game, None, wait)

    def submit_only(self, submission: Submission, game: GameAtSubmit | None) -> CommandOutcome | Queued:
        """:meth:`submit_and_wait` without its wait (``game``: as read with the seat token's proof, else
        read here): the outcome when known at once, else the command as queued, whose outcome
        :meth:`decided_now` reads once the game's log moves (the API's front waits for that on its event
        loop, api/front/live_hub.py)."""
        known = None
        if game is None:
            game, known = self.commands.read(submission.game_id, submission.command_id)
        return self.commands.submit(submission, game, known)

    def decided_now(self, queued: Queued) -> CommandOutcome | None:
        """A queued command's outcome as its submitter may see it, None while it is undecided."""
        return self.commands.decided_now(queued)

    def decided_with_view(
        self, queued: Queued, seat: int | None
    ) -> tuple[CommandOutcome | None, GameView | None]:
        """:meth:`decided_now` and, with ``seat``, that seat's view at the head once the command was
        accepted (as :meth:`view_at_head` builds it), read in the same round trip."""
        if seat is None:
            return self.decided_now(queued), None
        batch = Reads(self.components.redis)
        decided = batch.add(CommandInbox.decided_read(queued.game_id, queued.command_id))
        found = batch.add(self.components.projected_states.with_meta(queued.game_id))
        held = batch.add(DaysOff.holders_read(queued.game_id))
        batch.run()
        if decided.value is None:
            return None, None
        outcome = self.commands.decided_shown(queued, decided.value)
        if outcome.status != "accepted":
            return outcome, None
        return outcome, self._view_from(queued.game_id, seat, found.value, held.value)

    @staticmethod
    def decided_read(queued: Queued) -> Read[Decided | None]:
        """What :meth:`decided_now` reads, as a read to batch (for :meth:`decided_carried`)."""
        return CommandInbox.decided_read(queued.game_id, queued.command_id)

    @staticmethod
    def decided_told(queued: Queued, message: bytes) -> Decided | None:
        """What a notice of ``queued``'s game says of its decision, for :meth:`decided_carried`: None when
        it tells another command's; ``NoticeSilent`` when it tells none (read it)."""
        return decided_in_notice(message, queued.command_id)

    def decided_carried(self, queued: Queued, decided: Decided) -> CommandOutcome | None:
        """:meth:`decided_now`'s answer from what :meth:`decided_read` read, when nothing more is to be read
        (an accepted command's records came with its decision); None when its records must be read."""
        if decided.outcome.status == "accepted" and decided.records() is None:
            return None
        return self.commands.decided_shown(queued, decided)

    def still_pending(self, queued: Queued) -> CommandOutcome:
        """The answer for a queued command not decided in time: pending, at the log's version."""
        return self.commands.pending(queued)

    def wait_outcome(self, game_id: str, command_id: str, timeout: float) -> CommandOutcome:
        """Block (no busy loop) up to ``timeout`` seconds for the command's outcome; status "pending" if
        it is not decided by then."""
        meta, game = self._game(game_id)
        archived = self.archive.reader.load(game_id) if meta.status == OVER else None
        if archived is not None:
            return self._archived_outcome(archived, command_id)
        found = self.components.inbox.wait(game_id, command_id, timeout)
        if found is None:
            version = self.components.store.head(game_id).version
            return CommandOutcome(command_id=command_id, status="pending", version=version)
        return self.commands.shown(game, meta, found)

    def outcome(self, game_id: str, command_id: str) -> CommandOutcome | None:
        """The outcome of a decided command, None while undecided or unknown."""
        meta, game = self._game(game_id)
        found = self.components.inbox.outcome(game_id, command_id)
        if found is None and meta.status == OVER:
            archived = self.archive.reader.load(game_id)
            found = archived.outcomes.get(command_id) if archived is not None else None
            if archived is not None and found is not None:
                return self._archived_outcome(archived, command_id)
        return self.commands.shown(game, meta, found) if found is not None else None

    def poll(self, game_id: str, command_id: str) -> CommandOutcome | None:
        """The outcome of a submitted command ("pending" while undecided, at the version players see), None
        if it was never submitted. The game is read once."""
        game, outcome = self.commands.read(game_id, command_id)
        if outcome is not None:
            return self.commands.shown(get_game(game.meta.game), game.meta, outcome)
        if not self.components.inbox.is_known(game_id, command_id):
            return None
        return CommandOutcome(command_id=command_id, status="pending", version=game.version)

    def view(self, game_id: str, seat: int | None, at: int | None = None) -> GameView:
        """What ``seat`` (None = spectator) may see: from the projection when ``at`` is None (read with the
        meta and the head in one round trip), else replayed to version ``at`` (400 if out of range).

        A game whose meta says over is shown at the head of its log, as a running game is: its status is
        appended with its end, its final views are written after, and a view older than the head would show
        it running beside a meta saying over. The view's status is always its own version's, never the
        meta's: a reader sees the game before its end or after it, never a mix of both."""
        batch = Reads(self.components.redis)
        found = batch.add(self.components.meta.read(game_id))
        stored = batch.add(Projections.stored_view_read(game_id, seat)) if at is None else None
        head = batch.add(EventStore.head_read(game_id)) if at is None else None
        batch.run()
        meta = found.value
        archived = self._archived(game_id) if meta is None else None
        if archived is not None:
            meta = archived.meta
        if meta is None:
            raise unknown_game(game_id)
        game = get_game(meta.game)
        if seat is not None:
            validation.seat(meta, seat, "seat")
        body = None
        if stored is not None and head is not None and archived is None:
            body = self.components.projections.view_from(game, game_id, seat, stored.value, meta.table)
            if body is not None and meta.status == OVER and body.version < head.value.version:
                body = None  # the end is appended, its views not written yet: the view at the head
        if body is None:
            body = self._replayed_view(meta, game, seat, at, archived)
        return self._game_view(meta, seat, body)

    def view_at_head(self, game_id: str, seat: int | None) -> GameView:
        """``seat``'s view (None: a spectator's) at the head of the log: the projected state folded on by
        the events it lacks (a command's submitter sees its move before the worker's projections are
        written), in one round trip when they are; a game that just ended at that head too, even before its
        final views are written; a game not set up yet or archived as :meth:`view` reads it."""
        batch = Reads(self.components.redis)
        found = batch.add(self.components.projected_states.with_meta(game_id))
        held = batch.add(DaysOff.holders_read(game_id))
        batch.run()
        return self._view_from(game_id, seat, found.value, held.value)

    def live_step(
        self, game_id: str, seat: int | None, seen: int, cursor: str, notice: int | None = None
    ) -> tuple[LiveChat, GameView | None]:
        """What a live page at version ``seen`` and chat ``cursor`` lacks: the chat after ``cursor`` (with
        the head's version) and, when the version moved, ``seat``'s view as :meth:`view_at_head` builds it
        (at that version or later). The pages woken by the same ``notice`` (a number the live hub never
        gives twice) share one round trip, whatever their seat; a seat's mutes are read only for new
        messages."""
        if notice is None:
            shared = self._live_read(game_id, cursor)
        else:
            shared = self._live_reads.get((game_id, cursor, notice), lambda: self._live_read(game_id, cursor))
        messages, version, _ = shared.chat.value
        shown = messages
        if messages and seat is not None:
            shown = shown_to(messages, self.social.chat.mutes(game_id, seat))
        chat = LiveChat(version=version, cursor=messages[-1].id if messages else cursor, messages=shown)
        if version <= seen:
            return chat, None
        body = self._view_from(game_id, seat, shared.found.value, shared.held.value)
        if body.version < version:  # an archived game: its archive
            body = self.view(game_id, seat, at=version)
        return chat, body

    def _live_read(self, game_id: str, cursor: str) -> LiveRead:
        """The chat after ``cursor`` with the head's version, the game at its head and who holds its seats,
        in one round trip (decoded on first use)."""
        batch = Reads(self.components.redis)
        chat = batch.add(catch_up_read(game_id, cursor, None))
        found = batch.add(self.components.projected_states.with_meta(game_id))
        held = batch.add(DaysOff.holders_read(game_id))
        batch.run()
        return LiveRead(chat, found, held)

    def _view_from(
        self,
        game_id: str,
        seat: int | None,
        found: tuple[GameMeta, Game, Head, Any] | None,
        held: dict[int, Any],
    ) -> GameView:
        """``seat``'s view at the head ``found`` read (as :meth:`view` reads it for a game not started, or
        started but not set up, or no longer in Redis): a game whose end is appended is shown at that head
        too, whether or not its final views are written yet (:meth:`view` says why)."""
        if found is None or found[0].status == OPEN or found[2].version == 0 or found[3] is None:
            return self.view(game_id, seat)
        meta, game, head, state = found
        if seat is not None:
            validation.seat(meta, seat, "seat")
        key = (game_id, head.version, head.hash, seat, msgspec.json.encode(meta.table))
        body = self._views_at_head.get(
            key, lambda: raw_view_body(game, state, seat, head.version, meta.table)
        )
        days_off = self.components.days_off.of_holders(held) if body.status != OVER else {}
        return self._game_view(meta, seat, body, days_off)

    def _game_view(
        self, meta: GameMeta, seat: int | None, body: ViewBody, days_off: dict[int, Calendar] | None = None
    ) -> GameView:
        """``body`` with the game's clocks and who is away (``days_off``: by seat, if read already)."""
        game_id = meta.id
        config = effective_clock(meta.clock, self.settings.move_timeout)
        now = self.settings.clock()
        if days_off is None:
            days_off = self.components.days_off.of_game(game_id, meta.seats) if body.status != OVER else {}
        return GameView(
            game_id=game_id,
            seat=seat,
            version=body.version,
            status=body.status,
            to_act=body.to_act,
            result=body.result,
            view=body.view,
            clock=config,
            clocks=self._clocks(meta, config, now, days_off) if body.status == RUNNING else [],
            now=now if config is not None else None,
            table=meta.table,
            breakdown=body.breakdown,
            away=seats_away(days_off, now),
        )

    def _clocks(
        self, meta: GameMeta, config: ClockConfig | None, now: float, days_off: dict[int, Calendar]
    ) -> list[SeatClockView]:
        """Every seat's time in a running game with a clock (none once it is over)."""
        if config is None:
            return []
        return seat_clocks(self.components.deadlines.clocks(meta.id), config, meta, now, days_off)

    def _replayed_view(
        self, meta: GameMeta, game: Game, seat: int | None, at: int | None, archived: ArchivedLog | None
    ) -> ViewBody:
        """The view folded from the log: at ``at``, or now when no projection is written yet; an archived
        game's from its object."""
        version = self.components.store.head(meta.id).version if archived is None else archived.version
        if version == 0 and meta.status == OVER:  # archived since its meta was read
            archived = self._archived(meta.id)
            version = archived.version if archived is not None else 0
        if archived is not None:
            if at is not None:
                validation.version_in_range(at, version)
            return self.archive.reader.view(archived, seat, at)
        if version == 0:
            return ViewBody(version=0, status=meta.status, to_act=[], result=None, view=None)
        if at is None:
            head, state = self.components.projected_states.load(game, meta.id)
            return view_body(game, state, seat, head.version, meta.table)
        validation.version_in_range(at, version)
        table = meta.table if at >= version else table_at(self.components.store.read(meta.id, upto=at))
        return view_body(game, self.components.shared_states.at(game, meta.id, at), seat, at, table)

    def version(self, game_id: str) -> int:
        """The game's current version (its last event's seq; 0 before set-up); 404 if unknown."""
        meta, _ = self._game(game_id)
        version = self.components.store.head(game_id).version
        archived = self._archived(game_id) if version == 0 and meta.status == OVER else None
        return archived.version if archived is not None else version

    def wait_version(self, game_id: str, after: int, timeout: float) -> int:
        """Block (no busy loop) up to ``timeout`` seconds until the game's version is above ``after``; returns
        the version then (``after`` or lower if nothing was appended in time). Live pages wait on this."""
        meta, _ = self._game(game_id)
        archived = self._archived(game_id) if meta.status == OVER else None
        if archived is None:
            return self.components.store.wait_beyond(game_id, after, timeout)
        if archived.version <= after:  # an archived game never moves: wait as long as asked
            threading.Event().wait(timeout)
        return archived.version

    def legal_commands(self, game_id: str, seat: int) -> list[dict[str, Any]]:
        """The commands ``seat`` may submit now, as JSON dicts (with their "type" tag); the game and its
        state are read in one round trip (services/read_side/projected_state.py)."""
        found = self.components.projected_states.load_with_meta(game_id)
        if found is None and self._archived(game_id) is not None:
            return []  # over, and archived: nothing to play
        if found is None:
            raise unknown_game(game_id)
        return [msgspec.to_builtins(command) for command in legal_commands_in(found, seat)]

    def history(self, game_id: str, seat: int | None, after: int = 0) -> list[HistoryEntry]:
        """Every event as ``seat`` may see it, in order, with that seat's refused commands among them.
        Once the game is over nothing is redacted and every seat's refusals are listed: over as its meta
        says or as the log read says (its end appended after the meta was read). ``after``: only the
        entries after event ``after`` (a page that already shows the earlier ones)."""
        meta, game = self._game(game_id)
        if seat is not None:
            validation.seat(meta, seat, "seat")
        archived = self._finished_log(meta)
        if archived is not None:
            records = [record for record in archived.records if record.seq > after]
            commands, outcomes = archived.commands, archived.outcomes
        else:
            records = self.components.store.read(game_id, after=after)
            commands, outcomes = self.components.inbox.all(game_id), self.components.inbox.outcomes(game_id)
        over = meta.status == OVER or reveal_the_seed(records)
        viewer = Viewer(seat, over, meta.seat_names())
        return seat_history(game, records, commands, outcomes, viewer, after)

    def export(self, game_id: str) -> Iterator[str]:
        """The full audit log as JSON Lines (format in services/read_side/audit_export.py); 409 until the
        game is over."""
        meta, _ = self._game(game_id)
        if meta.status != OVER:
            raise ServiceError(409, "game.not_over", "A game can be exported once it is over.")
        archived = self._finished_log(meta)
        if archived is not None:
            return iter(archived.lines)  # the archived object is the export
        lines = export_lines(
            meta,
            self.components.store.read(game_id),
            self.components.inbox.all(game_id),
            self.components.inbox.outcomes(game_id),
            self.view(game_id, None).result,
        )
        return chain(lines, chat_lines(self.social.chat.read(game_id)))

    def lobby(self) -> list[GameMeta]:
        """Public open games, oldest first."""
        return self.components.meta.lobby()

    def lobby_page(self, limit: int, cursor: str | None) -> Page[GameMeta]:
        """At most ``limit`` public open games after ``cursor``, oldest first, and the next page's cursor."""
        return LobbyPages(self.components.redis).page(limit, cursor)

    def your_turn(self, game_id: str, seat: int) -> YourTurn:
        """Whether ``seat``'s player must act now: never once the game is over, nor while a bot plays the
        seat (resigned, forfeited or stood in for)."""
        meta = self.meta(game_id)
        validation.seat(meta, seat, "seat")
        if meta.status == OVER:
            version = self.version(game_id)
            return YourTurn(game_id=game_id, seat=seat, your_turn=False, version=version, deadline=None)
        projected = self.components.projections.to_act(game_id)
        config = effective_clock(meta.clock, self.settings.move_timeout)
        days_off = self.components.days_off.of_game(game_id, meta.seats) if config is not None else {}
        deadline = self.components.deadlines.of_game(game_id, config, days_off).get(seat)
        return YourTurn(
            game_id=game_id,
            seat=seat,
            your_turn=meta.status == RUNNING and seat in set(projected.to_act) - meta.table.bot_played(),
            version=projected.version,
            deadline=deadline.deadline if deadline is not None else None,
        )

    def for_joining(self, metas: list[GameMeta]) -> list[GameMeta]:
        """The metas with what a player wants to know before joining: the absences of their seated players
        and how long games like them took (games not over; four round trips for them all)."""
        now = self.settings.clock()
        live = [meta for meta in metas if meta.status != OVER]
        found = self.components.days_off.of_games([(meta.id, meta.seats) for meta in live if meta.players])
        seated = [meta for meta in live if meta.players]
        absences = {
            meta.id: seat_absences(days_off, now) for meta, days_off in zip(seated, found, strict=True)
        }
        wanted = [(meta.game, meta.seats, clock_label(meta.clock)) for meta in live]
        estimates = dict(
            zip([meta.id for meta in live], self.social.durations.estimates(wanted), strict=True)
        )
        return [
            msgspec.structs.replace(meta, absences=absences.get(meta.id, []), estimate=estimates.get(meta.id))
            for meta in metas
        ]

    def meta(self, game_id: str) -> GameMeta:
        """The game's meta (an archived game's from its object); 404 if unknown."""
        found = self.components.meta.get(game_id)
        if found is None:
            archived = self._archived(game_id)
            if archived is None:
                raise unknown_game(game_id)
            return archived.meta
        return found

    def account_seat(self, account: str, game_id: str) -> int | None:
        """The seat ``account`` holds in ``game_id`` (its meta says; an archived game's catalog entry)."""
        seat = self.accounts.seat_in(account, game_id)
        if seat is not None:
            return seat
        entry = self.archive.reader.entry(game_id)
        held = [seat for seat, key in enumerate(entry.accounts) if key == account.lower()] if entry else []
        return held[0] if held else None

    def analysis(self, game_id: str, version: int, seat: int) -> PositionAnalysis:
        """The search bot's view of a finished game's position (after event ``version``) for ``seat``:
        cached, or ``pending`` while a worker computes it (services/analysis.py). 409 while it runs."""
        meta, game = self._game(game_id)
        validation.seat(meta, seat, "seat")
        if meta.status == OVER:
            validation.version_in_range(version, self.version(game_id))
        return self.analyses.request(meta, game, version, seat)

    def analyse_position(self, game_id: str, version: int, seat: int) -> PositionAnalysis:
        """The analysis job: search the position and cache the answer."""
        meta, game = self._game(game_id)
        return self.analyses.make(meta, game, version, seat)

    def _state_at(self, meta: GameMeta, game: Game, version: int) -> Any:
        """The state after event ``version``, from Redis or from the game's archive."""
        archived = self._finished_log(meta)
        if archived is None:
            return self.components.shared_states.at(game, meta.id, version)
        return fold_records(game, [record for record in archived.records if record.seq <= version], None)

    def _archived(self, game_id: str) -> ArchivedLog | None:
        """The game as archived, None if it is not (its catalog entry is read: one round trip)."""
        return self.archive.reader.load(game_id)

    def _finished_log(self, meta: GameMeta) -> ArchivedLog | None:
        """A finished game's archived log when it is archived (its meta is not in Redis, or no longer:
        archived since it was read), None when Redis holds its log."""
        if meta.status != OVER or self.components.redis.exists(keys.head(meta.id)):
            return None
        return self._archived(meta.id)

    def _archived_outcome(self, archived: ArchivedLog, command_id: str) -> CommandOutcome:
        """A command's outcome in an archived game ("pending" never: every command was decided)."""
        found = archived.outcomes.get(command_id)
        if found is None:
            return CommandOutcome(command_id=command_id, status="pending", version=archived.version)
        records = [r for r in archived.records if found.first_seq <= r.seq <= found.last_seq]
        game = get_game(archived.meta.game)
        return self.commands.shown(
            game, archived.meta, found, records if found.status == "accepted" else None
        )

    def _game(self, game_id: str) -> tuple[GameMeta, Game]:
        meta = self.meta(game_id)
        return meta, get_game(meta.game)

    def _open_meta(self, game_id: str) -> GameMeta:
        meta = self.meta(game_id)
        if meta.status != OPEN:
            raise ServiceError(409, "game.started", "This game has already started.")
        return meta
