"""The one facade the API, the CLI and the workers use to run games. It knows the Game protocol, never a game.

Everything is keyed by ``game_id`` (a short url-safe string); seats are 0-based ints; the answers are the
typed results of services/results.py; a refusal is a ServiceError (services/errors.py).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from itertools import chain
from typing import Any

import msgspec
import redis

from domain.engine import Game
from domain.registry import get_game
from services import keys, validation
from services.clocks.config import ClockChoice, ClockConfig, ClockRefused, clock_from, effective_clock
from services.clocks.views import seat_clocks
from services.errors import ServiceError
from services.limits.client_seats import ClientSeats
from services.limits.open_games import OpenGames
from services.limits.paging import LobbyPages, Page
from services.limits.quotas import Quotas
from services.notifications import reminders
from services.notifications.service import Notifications
from services.notifications.settings import NotifySettings
from services.parts import Parts
from services.player_commands import GameAtSubmit, PlayerCommands, unknown_game
from services.players.accounts import Accounts
from services.players.seating import Seating
from services.processing.game_processor import GameProcessor
from services.processing.stand_ins import StandIns
from services.processing.sweep import Sweep
from services.proven_reads import ProvenReads, legal_commands_in
from services.read_side.audit_export import export_lines
from services.read_side.history import seat_history
from services.read_side.projections import ViewBody, stored_view, view_body
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
from services.social import Social
from services.social.chat import chat_lines
from services.store.connect import store_client
from services.store.meta_store import OPEN, OVER, RUNNING, meta_from
from services.table.state import table_at

__all__ = ["CommandOutcome", "GameService", "ServiceError"]
START_ATTEMPTS = 3


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
    Redis (defaults to ``settings.rq_redis_url`` when set, else the store connection).
    """

    def __init__(
        self,
        redis: redis.Redis,
        settings: Settings,
        rq_connection: redis.Redis | None = None,
        notify_settings: NotifySettings | None = None,
    ) -> None:
        if rq_connection is None:
            rq_connection = store_client(settings.rq_redis_url) if settings.rq_redis_url else redis
        self.settings = settings
        self.parts = Parts(redis, settings, rq_connection)
        self.processor = GameProcessor(self.parts)
        self.stand_ins = StandIns(self.parts)
        self.sweep = Sweep(self.parts, self.processor, self.stand_ins)
        self.commands = PlayerCommands(self.parts)
        self.accounts = Accounts(redis, settings)
        self.seating = Seating(self.parts, self.accounts)
        self.social = Social(self.parts, self.accounts, self.seating)
        self.notifications = Notifications(
            redis,
            notify_settings or NotifySettings.from_env(),
            settings.clock,
            self.seating.your_turn_games,
            self.accounts,
        )
        reminders.install()
        self.quotas = Quotas(redis, settings.quotas)
        self.proven = ProvenReads(self.parts, self.seating.tokens, self.commands, self.quotas)
        self.client_seats = ClientSeats(redis, settings.anonymous_seats_per_game)
        self.open_games = OpenGames(redis)

    def create_game(
        self,
        game: str,
        seats: int,
        options: dict[str, Any],
        public: bool = True,
        client: str | None = None,
        clock: dict[str, Any] | None = None,
        *,
        rated: bool = True,
        spectator_chat: bool = True,
    ) -> GameMeta:
        """Create an open game and answer its meta, with its invitation code when it is private (shown to
        the creator only). 400 for an unknown game, a bad seat count, options or a clock that do not
        decode (the field named). ``client``: the creating client's address (it may fill its own game).
        ``clock``: a preset or the custom form (services/clocks/config.py); without one the server's
        ``PAPYRUS_MOVE_TIMEOUT`` applies. ``rated`` false: a friendly game; ``spectator_chat`` false: only
        players talk."""
        rules = validation.known_game(game)
        validation.seat_count(rules, seats)
        decoded = validation.options(rules, options)
        chosen = chosen_clock(clock)
        doc = {
            "id": secrets.token_hex(6),
            "game": rules.name,
            "seats": seats,
            "options": msgspec.to_builtins(decoded),
            "public": bool(public),
            "created_at": self.settings.clock(),
            **({} if rated else {"rated": False}),
            **({} if spectator_chat else {"spectator_chat": False}),
            **({"clock": msgspec.to_builtins(chosen)} if chosen is not None else {}),
        }
        self.parts.meta.create(doc, doc["created_at"])
        self.client_seats.created(doc["id"], client)
        self.open_games.opened(doc["id"], doc["created_at"])
        meta = self.meta(doc["id"])
        self.parts.meta.publish_lobby(meta)
        if not meta.public:
            return msgspec.structs.replace(meta, invite=self.seating.create_invite(meta.id))
        return meta

    def join(
        self,
        game_id: str,
        player_name: str,
        seat: int | None = None,
        account: str | None = None,
        invite: str | None = None,
        login_digest: str | None = None,
        client: str | None = None,
    ) -> SeatGranted:
        """Take a seat (the first free one when ``seat`` is None); its token is shown once and stored only
        as its sha256. With ``account`` the seat belongs to that account too (one seat per account per
        game) and its token is bound to the caller's login (``login_digest``). 404 unknown game, 403 private
        game without its ``invite`` code, 409 seat taken / game started / full / account already seated.
        Without ``account``, the ``client`` (its address) may take only its share of another client's game
        (403, services/limits/client_seats.py)."""
        meta = self._open_meta(game_id)
        name = validation.player_name(player_name)
        anonymous = None if account else client
        self.client_seats.reserve(game_id, anonymous)
        try:
            granted = self.seating.take_seat(meta, name, seat, account, invite, login_digest)
        except BaseException:
            self.client_seats.give_back(game_id, anonymous)
            raise
        self.client_seats.taken(game_id, granted.seat, anonymous)
        self.parts.meta.publish_lobby(self.meta(game_id))
        return granted

    def leave(self, game_id: str, seat: int) -> GameMeta:
        """Give up ``seat`` of a game that has not started (409 once it has); the game's meta after."""
        self.seating.leave(game_id, seat)
        self.client_seats.left(game_id, seat)
        return self.meta(game_id)

    def authenticate(self, game_id: str, token: str) -> int | None:
        """The seat this live token holds in this game, or None (see services/players/seat_tokens.py)."""
        return self.seating.tokens.seat_of(game_id, token)

    def start(self, game_id: str, fill_with_bots: bool = False) -> GameMeta:
        """Run setup (the service draws and keeps the seed) and return the meta. Empty seats become bots
        when ``fill_with_bots``; otherwise 409 while a seat is empty. 409 if already started."""
        for _ in range(START_ATTEMPTS):
            meta = self._open_meta(game_id)
            empty = sorted(set(range(meta.seats)) - {player.seat for player in meta.players})
            if empty and not fill_with_bots:
                raise ServiceError(409, "seats.empty", f"Seats {empty} are still empty.")
            for seat in empty:
                self.parts.meta.claim_seat(game_id, seat, f"Bot {seat + 1}", bot=True)
            started = self.parts.meta.start_if_full(game_id, meta.seats)
            if started == 0:
                raise ServiceError(409, "game.started", "This game has already started.")
            if started == 1:
                break
            if not fill_with_bots:
                raise ServiceError(409, "seats.empty", f"Seat {-1 - started} was left meanwhile.")
        else:
            raise ServiceError(409, "game.busy", "Seats kept changing while the game started; try again.")
        self.parts.meta.set_running(game_id, True)
        self.open_games.started(game_id)
        self.parts.due.mark(game_id, self.settings.clock())  # due for its setup until set_up settles it
        self.parts.meta.publish_lobby(self.meta(game_id))
        self.processor.set_up(game_id)
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
        self.commands.queue(meta, game, seat, command, command_id, expected_version)

    def submit_and_wait(
        self,
        game_id: str,
        seat: int,
        command: dict[str, Any],
        command_id: str,
        expected_version: int | None,
        wait: float,
        found: GameAtSubmit | None = None,
    ) -> CommandOutcome:
        """The API's submit: as :meth:`submit`, but a new command expecting a version the game has left is
        answered "stale" without being written, and its outcome is awaited up to ``wait`` seconds
        ("pending" if undecided by then). The game is read once (see services/player_commands.py), or
        not at all when the caller read it (``found``: services/proven_reads.py)."""
        return self.commands.submit_and_wait(
            game_id, seat, command, command_id, expected_version, wait, found
        )

    def wait_outcome(self, game_id: str, command_id: str, timeout: float) -> CommandOutcome:
        """Block (no busy loop) up to ``timeout`` seconds for the command's outcome; status "pending" if
        it is not decided by then."""
        meta, game = self._game(game_id)
        found = self.parts.inbox.wait(game_id, command_id, timeout)
        if found is None:
            version = self.parts.store.head(game_id).version
            return CommandOutcome(command_id=command_id, status="pending", version=version)
        return self.commands.shown(game, meta, found)

    def outcome(self, game_id: str, command_id: str) -> CommandOutcome | None:
        """The outcome of a decided command, None while undecided or unknown."""
        meta, game = self._game(game_id)
        found = self.parts.inbox.outcome(game_id, command_id)
        return self.commands.shown(game, meta, found) if found is not None else None

    def poll(self, game_id: str, command_id: str) -> CommandOutcome | None:
        """The outcome of a submitted command ("pending" while undecided, at the version players see), None
        if it was never submitted. The game is read once."""
        found = self.commands.read(game_id, command_id)
        if found.outcome is not None:
            return self.commands.shown(get_game(found.meta.game), found.meta, found.outcome)
        if not self.parts.inbox.is_known(game_id, command_id):
            return None
        return CommandOutcome(command_id=command_id, status="pending", version=found.version)

    def view(self, game_id: str, seat: int | None, at: int | None = None) -> GameView:
        """What ``seat`` (None = spectator) may see: from the projection when ``at`` is None (read with the
        meta in one round trip), else replayed to version ``at`` (400 if out of range)."""
        pipe = self.parts.redis.pipeline(transaction=False)
        pipe.hgetall(keys.meta(game_id))
        if at is None:
            self.parts.projections.queue_view_reads(pipe, game_id, seat)
        replies = pipe.execute()
        meta = meta_from(replies[0])
        if meta is None:
            raise unknown_game(game_id)
        game = get_game(meta.game)
        if seat is not None:
            validation.seat(meta, seat, "seat")
        body = None
        if at is None:
            body = self.parts.projections.view_from(game, game_id, seat, stored_view(replies), meta.table)
        if body is None:
            body = self._replayed_view(meta, game, seat, at)
        config = effective_clock(meta.clock, self.settings.move_timeout)
        now = self.settings.clock()
        return GameView(
            game_id=game_id,
            seat=seat,
            version=body.version,
            status=body.status,
            to_act=body.to_act,
            result=body.result,
            view=body.view,
            clock=config,
            clocks=self._clocks(meta, config, now) if body.status == RUNNING else [],
            now=now if config is not None else None,
            table=meta.table,
        )

    def _clocks(self, meta: GameMeta, config: ClockConfig | None, now: float) -> list[SeatClockView]:
        """Every seat's time in a running game with a clock (none once it is over)."""
        if config is None:
            return []
        return seat_clocks(self.parts.deadlines.clocks(meta.id), config, meta, now)

    def _replayed_view(self, meta: GameMeta, game: Game, seat: int | None, at: int | None) -> ViewBody:
        """The view folded from the log: at ``at``, or now when no projection is written yet."""
        version = self.parts.store.head(meta.id).version
        if version == 0:
            return ViewBody(version=0, status=meta.status, to_act=[], result=None, view=None)
        if at is None:
            head, state = self.parts.projected_states.load(game, meta.id)
            return view_body(game, state, seat, head.version, meta.table)
        validation.version_in_range(at, version)
        table = meta.table if at >= version else table_at(self.parts.store.read(meta.id, upto=at))
        return view_body(game, self.parts.shared_states.at(game, meta.id, at), seat, at, table)

    def version(self, game_id: str) -> int:
        """The game's current version (its last event's seq; 0 before set-up); 404 if unknown."""
        self._game(game_id)
        return self.parts.store.head(game_id).version

    def wait_version(self, game_id: str, after: int, timeout: float) -> int:
        """Block (no busy loop) up to ``timeout`` seconds until the game's version is above ``after``; returns
        the version then (``after`` or lower if nothing was appended in time). Live pages wait on this."""
        self._game(game_id)
        return self.parts.store.wait_beyond(game_id, after, timeout)

    def legal_commands(self, game_id: str, seat: int) -> list[dict[str, Any]]:
        """The commands ``seat`` may submit now, as JSON dicts (with their "type" tag); the game and its
        state are read in one round trip (services/read_side/projected_state.py)."""
        found = self.parts.projected_states.load_with_meta(game_id)
        if found is None:
            raise unknown_game(game_id)
        return [msgspec.to_builtins(command) for command in legal_commands_in(found, seat)]

    def history(self, game_id: str, seat: int | None, after: int = 0) -> list[HistoryEntry]:
        """Every event as ``seat`` may see it, in order, with that seat's refused commands among them.
        Once the game is over nothing is redacted and every seat's refusals are listed. ``after``: only the
        entries after event ``after`` (a page that already shows the earlier ones)."""
        meta, game = self._game(game_id)
        if seat is not None:
            validation.seat(meta, seat, "seat")
        return seat_history(
            game,
            self.parts.store.read(game_id, after=after),
            self.parts.inbox.all(game_id),
            self.parts.inbox.outcomes(game_id),
            seat,
            meta.status == OVER,
            meta.seat_names(),
            after,
        )

    def export(self, game_id: str) -> Iterator[str]:
        """The full audit log as JSON Lines (format in services/read_side/audit_export.py); 409 until the
        game is over."""
        meta, _ = self._game(game_id)
        if meta.status != OVER:
            raise ServiceError(409, "game.not_over", "A game can be exported once it is over.")
        lines = export_lines(
            meta,
            self.parts.store.read(game_id),
            self.parts.inbox.all(game_id),
            self.parts.inbox.outcomes(game_id),
            self.view(game_id, None).result,
        )
        return chain(lines, chat_lines(self.social.chat.read(game_id)))

    def lobby(self) -> list[GameMeta]:
        """Public open games, oldest first."""
        return self.parts.meta.lobby()

    def lobby_page(self, limit: int, cursor: str | None) -> Page[GameMeta]:
        """At most ``limit`` public open games after ``cursor``, oldest first, and the next page's cursor."""
        return LobbyPages(self.parts.redis).page(limit, cursor)

    def your_turn(self, game_id: str, seat: int) -> YourTurn:
        meta = self.meta(game_id)
        validation.seat(meta, seat, "seat")
        projected = self.parts.projections.to_act(game_id)
        config = effective_clock(meta.clock, self.settings.move_timeout)
        deadline = self.parts.deadlines.of_game(game_id, config).get(seat)
        return YourTurn(
            game_id=game_id,
            seat=seat,
            your_turn=seat in projected.to_act,
            version=projected.version,
            deadline=deadline.deadline if deadline is not None else None,
        )

    def meta(self, game_id: str) -> GameMeta:
        """The game's meta; 404 if unknown."""
        found = self.parts.meta.get(game_id)
        if found is None:
            raise unknown_game(game_id)
        return found

    def _game(self, game_id: str) -> tuple[GameMeta, Game]:
        meta = self.meta(game_id)
        return meta, get_game(meta.game)

    def _open_meta(self, game_id: str) -> GameMeta:
        meta = self.meta(game_id)
        if meta.status != OPEN:
            raise ServiceError(409, "game.started", "This game has already started.")
        return meta
