"""Who sits where before a game starts: invitations to private games, seats held by accounts, leaving an
open game, and an account's list of games (the ones where it is their turn first)."""

from __future__ import annotations

import json
import secrets

import msgspec
import redis

from domain.messages import msg
from services import keys, validation
from services.errors import ServiceError
from services.names import name_fold
from services.players.accounts import Accounts
from services.players.seat_tokens import SeatTokens
from services.read_side.projections import Projections
from services.results import AccountGame, GameMeta, SeatGranted
from services.settings import Settings
from services.store.meta_store import OPEN, OVER, RUNNING, MetaStore, account_field, name_field
from services.store.replies import as_int, as_str

_STATUS_ORDER = {RUNNING: 0, OPEN: 1, OVER: 2}


class Seating:
    def __init__(
        self,
        connection: redis.Redis,
        settings: Settings,
        meta: MetaStore[GameMeta],
        projections: Projections,
        accounts: Accounts,
    ) -> None:
        self._redis = connection
        self._meta = meta
        self._projections = projections
        self._accounts = accounts
        self.tokens = SeatTokens(connection, settings, accounts.tokens)

    def create_invite(self, game_id: str) -> str:
        """A fresh invitation code for a private game (kept secret from the public meta)."""
        code = secrets.token_urlsafe(12)
        pipe = self._redis.pipeline(transaction=False)  # two shards on a cluster
        pipe.set(keys.invitation(code), game_id)
        pipe.set(keys.invite(game_id), code)
        pipe.execute()
        return code

    def invite_of(self, game_id: str) -> str | None:
        raw = self._redis.get(keys.invite(game_id))
        return as_str(raw) if raw is not None else None

    def game_of_invite(self, code: str) -> str:
        """The game an invitation code opens; 404 if there is none."""
        raw = self._redis.get(keys.invitation(code)) if code else None
        if raw is None:
            raise ServiceError(
                404, "invite.unknown", msg("No game has this invitation code."), field="invite"
            )
        return as_str(raw)

    def admit(self, meta: GameMeta, invite: str | None) -> None:
        """Refuse a join to a private game without its code (403). (One seat per account is checked by the
        claim itself, see ``MetaStore.claim``.)"""
        if not meta.public:
            if not invite:
                raise ServiceError(
                    403,
                    "invite.required",
                    msg("This game is private: join it with its invitation."),
                    "invite",
                )
            if invite != self.invite_of(meta.id):
                raise ServiceError(
                    403, "invite.wrong", msg("This is not this game's invitation code."), "invite"
                )

    def take_seat(
        self,
        meta: GameMeta,
        name: str,
        seat: int | None,
        account: str | None,
        invite: str | None,
        login_digest: str | None = None,
    ) -> SeatGranted:
        """Admit the player (a private game needs its invitation), claim the seat in one atomic step (see
        services/store/lua/claim.lua) and hand out its token (bound to ``login_digest``, the caller's login,
        when an account takes the seat; see services/players/seat_tokens.py)."""
        self.admit(meta, invite)
        taken = self._claim(meta, name, seat, account)
        issued = self.tokens.issue(meta.id, taken, login_digest if account else None)
        self.seated(meta.id, taken, account)
        return SeatGranted(seat=taken, token=issued.token, expires_at=issued.expires_at)

    def _claim(self, meta: GameMeta, name: str, seat: int | None, account: str | None) -> int:
        wanted = [validation.seat(meta, seat, "seat")] if seat is not None else range(meta.seats)
        claim = self._meta.claim(meta.id, wanted, name, account, name_fold(name))
        if claim.status == 1:
            return claim.seat
        if claim.status == -3:
            raise ServiceError(
                409,
                "name.taken",
                msg(
                    "Another player already plays as {name} (in any letter case): choose another name.",
                    name=name,
                ),
                field="name",
            )
        if claim.status == -1:
            raise ServiceError(409, "game.started", msg("This game has already started."))
        if claim.status == -2:
            self.seated(meta.id, claim.seat, account)
            raise ServiceError(
                409, "seat.already_yours", msg("Your account already holds a seat in this game.")
            )
        if seat is not None:
            raise ServiceError(409, "seat.taken", msg("This seat is already taken."), field="seat")
        raise ServiceError(409, "game.full", msg("Every seat of this game is taken."))

    def abandon(self, game_id: str, account: str | None) -> None:
        """Take the game out of the account's list of games."""
        if account is not None:
            self._accounts.release_game(account, game_id)

    def seated(self, game_id: str, seat: int, account: str | None) -> None:
        """List the game among the account's games (an index: the game's meta says who holds which seat)."""
        if account is not None:
            self._accounts.bind_seat(account, game_id, seat)

    def leave(self, game_id: str, seat: int) -> None:
        """Give up a seat of a game that has not started: the seat, its tokens and the account's claim go.
        409 once the game has started (or if it changed meanwhile)."""
        meta_key = keys.meta(game_id)
        with self._redis.pipeline() as pipe:
            try:
                pipe.watch(meta_key)  # type: ignore[no-untyped-call]
                status = pipe.hget(meta_key, "status")
                if status is None or as_str(status) != OPEN:
                    raise ServiceError(
                        409, "game.started", msg("You can only leave a game that has not started.")
                    )
                held = pipe.hget(meta_key, f"seat:{seat}")
                tokens = pipe.hgetall(keys.seat_tokens(game_id))
                player = json.loads(as_str(held)) if held is not None else {}
                account = player.get("account")
                pipe.multi()
                pipe.hdel(meta_key, f"seat:{seat}")
                if isinstance(player.get("name"), str):
                    pipe.hdel(meta_key, name_field(name_fold(player["name"])))
                if account:
                    pipe.hdel(meta_key, account_field(account))
                for digest, token_seat in tokens.items():
                    if as_int(token_seat) == seat:
                        pipe.hdel(keys.seat_tokens(game_id), digest)
                        pipe.hdel(keys.seat_token_terms(game_id), digest)
                pipe.execute()
            except redis.WatchError:
                raise ServiceError(
                    409, "game.busy", msg("The game changed while you left; try again.")
                ) from None
        self.abandon(game_id, account)
        meta = self._meta.get(game_id)
        if meta is not None:
            self._meta.publish_lobby(meta)

    def games_of(self, account: str) -> list[AccountGame]:
        """The account's games: the ones where it must act first (never a finished game, nor one whose seat
        a bot plays for now), then running, open and finished games, newest first within each."""
        entries = []
        for game_id, seat in self._accounts.seats(account).items():
            meta = self._meta.get(game_id)
            # The game's meta (not the account's index, which a crash may leave behind) decides.
            if meta is None or self._accounts.seat_in(account, game_id) != seat:
                continue
            to_act = set(self._projections.to_act(game_id).to_act) - meta.table.bot_played()
            your_turn = meta.status == RUNNING and seat in to_act
            fields = msgspec.structs.asdict(meta)
            entries.append(AccountGame(**fields, seat=seat, your_turn=your_turn))
        return sorted(
            entries,
            key=lambda entry: (
                not entry.your_turn,
                _STATUS_ORDER.get(entry.status, 3),
                -float(entry.created_at),
            ),
        )

    def your_turn_games(self, account: str) -> list[AccountGame]:
        """The account's games where it must act now."""
        return [entry for entry in self.games_of(account) if entry.your_turn]
