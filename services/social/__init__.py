"""Table talk and standing: each game's chat, the index of finished games (the archive), players' profiles
and each game's ratings. The facade :class:`Social` is what the API, the jobs and the CLI use."""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import msgspec
import redis

from domain import registry
from services import keys
from services.archive.reader import ArchivedGames
from services.clocks.calendar import absence_on
from services.clocks.days_off import DaysOff
from services.errors import ServiceError
from services.observability.structured_logs import fields
from services.players.accounts import Accounts, name_key
from services.players.seating import Seating
from services.results import Account, GameMeta
from services.settings import Settings
from services.social.chat import (
    ChatLimits,
    ChatMessage,
    ChatStore,
    catch_up_read,
    clean_text,
    shown_to,
    speaker_of,
    valid_speaker,
)
from services.social.durations import Durations, clock_label
from services.social.finished import (
    ArchivedGame,
    FinishedGame,
    FinishedGames,
    GameRecords,
    UnfinishedLog,
    Window,
    archived,
    summarise,
    summary_of,
)
from services.social.profiles import (
    RECENT_GAMES,
    GameRecord,
    Profile,
    ProfileStore,
    ShownRating,
    hosted_titles,
    rank_above,
    tally,
)
from services.social.ratings import Ratings
from services.store.layout import entry_order
from services.store.meta_store import OVER
from services.store.read_batch import Read, Reads
from services.store.records import epoch_of, now_iso

MAX_PER_PAGE = 100
MAX_PAGE = 1_000_000  # page times per_page stays far inside the 64-bit offsets Redis reads
log = logging.getLogger(__name__)


class ArchivePage(msgspec.Struct, kw_only=True):
    """One page of finished games, newest first: ``total`` games match the filters."""

    page: int
    per_page: int
    total: int
    games: list[ArchivedGame]


class LeaderboardEntry(msgspec.Struct, kw_only=True):
    """A place on a game's leaderboard (players with equal ratings share it): the player's display name
    and public ``player_id`` (their profile: ``/profiles/<player_id>``), ``rating`` = mu - 3 sigma,
    ``games`` rated games played."""

    rank: int
    display_name: str
    player_id: str | None
    rating: float
    mu: float
    sigma: float
    games: int


class Leaderboard(msgspec.Struct, kw_only=True):
    game: str
    title: str
    page: int
    per_page: int
    total: int
    entries: list[LeaderboardEntry]


class LiveChat(msgspec.Struct, kw_only=True):
    """What a live stream waited for: the game's version now, and the new chat messages the reader sees."""

    version: int
    cursor: str
    messages: list[ChatMessage]


@dataclass(frozen=True)
class ArchiveFilter:
    """``players``: the number of seats; ``since``/``until``: when the games ended (epoch seconds)."""

    game: str | None = None
    player: str | None = None
    players: int | None = None
    since: float | None = None
    until: float | None = None


def _paging(page: int, per_page: int) -> tuple[int, int]:
    if not 1 <= page <= MAX_PAGE:
        raise ServiceError(400, "page.invalid", f"page must be 1 to {MAX_PAGE}.", "page")
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise ServiceError(400, "per_page.invalid", f"per_page must be 1 to {MAX_PER_PAGE}.", "per_page")
    return page, per_page


def shared_ranks(connection: redis.Redis, game: str, start: int, ordinals: list[float]) -> list[int]:
    """The leaderboard places of a page of ratings, best first from position ``start``: equal ratings share
    a place, also across pages."""
    ranks: list[int] = []
    for index, ordinal in enumerate(ordinals):
        if index == 0:
            ranks.append(rank_above(connection, game, ordinal))
        else:
            ranks.append(ranks[-1] if ordinal == ordinals[index - 1] else start + index + 1)
    return ranks


def _known_game(name: str) -> str:
    if name not in registry.games():
        raise ServiceError(404, "game.unknown", f"No hosted game is called {name!r}.", "game")
    return name


class SocialStores(GameRecords, Protocol):
    """What the social side reads and writes besides its own stores: finished games' records, the clock."""

    @property
    def settings(self) -> Settings: ...

    @property
    def days_off(self) -> DaysOff: ...


class Social:
    def __init__(
        self, stores: SocialStores, accounts: Accounts, seating: Seating, archive: ArchivedGames
    ) -> None:
        self._stores = stores
        self._archive = archive
        self._accounts = accounts
        self._seating = seating
        self.chat = ChatStore(stores.redis, ChatLimits.from_env())
        self.finished = FinishedGames(stores.redis)
        self.durations = Durations(stores.redis)
        self.ratings = Ratings(stores.redis, self.finished)
        self.profiles = ProfileStore(stores.redis, accounts)

    # chat

    def post(self, meta: GameMeta, seat: int | None, account: str | None, text: object) -> ChatMessage:
        self._refuse_if_archived(meta.id, meta.status)
        cleaned = clean_text(text, self.chat.limits.max_length)
        display = self.profiles.display_name(account) if account and seat is None else None
        spectator = self.chat.spectator_id(meta.id, account) if account and seat is None else ""
        if spectator and account:
            self._stores.redis.sadd(keys.account_chat_games(name_key(account)), meta.id)
        speaker = speaker_of(meta, seat, account, display, spectator)
        self.chat.count_post(meta.id, speaker)
        return self.chat.append(meta.id, speaker, cleaned, now_iso(self._stores.settings.clock))

    def messages(self, game_id: str, seat: int | None) -> list[ChatMessage]:
        messages, muted = self._chat(game_id, seat)
        return shown_to(messages, muted)

    def mutes(self, game_id: str, seat: int | None) -> set[str]:
        """The speakers ``seat`` muted in this game (none for a spectator)."""
        return self._chat(game_id, seat)[1]

    def mute(self, game_id: str, seat: int, speaker: str, muted: bool) -> list[str]:
        self._refuse_if_archived(game_id)
        self.chat.mute(game_id, seat, valid_speaker(speaker), muted)
        return sorted(self.chat.mutes(game_id, seat))

    def speaker_names(self, game_id: str, speakers: list[str]) -> dict[str, str]:
        """The name each of ``speakers`` last wrote under in this game's kept chat."""
        wanted = set(speakers)
        return {m.speaker: m.name for m in self._chat(game_id, None)[0] if m.speaker in wanted}

    def chat_backlog(self, game_id: str, seat: int | None) -> tuple[str, list[ChatMessage]]:
        """Every message the reader sees now, and the cursor to wait for newer ones from."""
        messages, muted = self._chat(game_id, seat)
        cursor = messages[-1].id if messages else "0-0"
        return cursor, shown_to(messages, muted)

    def chat_since(self, game_id: str, seat: int | None, after: str) -> tuple[str, list[ChatMessage]]:
        """The messages after ``after`` the reader sees, and the cursor to wait for newer ones from."""
        messages, _, muted = self.chat.catch_up(game_id, after, seat)
        if not messages and (archived := self._archived_chat(game_id, seat)) is not None:
            messages = [message for message in archived[0] if entry_order(message.id) > entry_order(after)]
            muted = archived[1]
        return messages[-1].id if messages else after, shown_to(messages, muted)

    def _chat(self, game_id: str, seat: int | None) -> tuple[list[ChatMessage], set[str]]:
        """Every kept message of the game and what ``seat`` muted, from Redis or, for an archived game,
        from its object and catalog entry (looked for only when Redis holds no message)."""
        messages = self.chat.read(game_id)
        if not messages and (archived := self._archived_chat(game_id, seat)) is not None:
            return archived
        return messages, self.chat.mutes(game_id, seat)

    def _archived_chat(self, game_id: str, seat: int | None) -> tuple[list[ChatMessage], set[str]] | None:
        entry = self._archive.entry(game_id)
        found = self._archive.load(game_id) if entry is not None else None
        if entry is None or found is None:
            return None
        messages = [msgspec.convert(message, ChatMessage) for message in found.chat]
        return messages, set(entry.mutes.get(seat, [])) if seat is not None else set()

    def _refuse_if_archived(self, game_id: str, status: str = OVER) -> None:
        """An archived game's chat and mutes are as archived: 409."""
        if status == OVER and self._archive.entry(game_id) is not None:
            raise ServiceError(
                409, "chat.archived", "This game is archived: its chat can be read, no longer changed."
            )

    def wait_live(
        self, game_id: str, seat: int | None, version: int, cursor: str, timeout: float
    ) -> LiveChat:
        """Block (XREAD on the game's events and chat, no polling) up to ``timeout`` seconds for an event
        above ``version`` or a message after ``cursor``."""
        redis = self._stores.redis
        redis.xread(
            {keys.events(game_id): f"0-{version}", keys.chat(game_id): cursor},
            block=max(1, int(timeout * 1000)),
            count=1,
        )
        return self.live_since(game_id, seat, cursor)

    def live_since(self, game_id: str, seat: int | None, cursor: str) -> LiveChat:
        """The head version and the messages after ``cursor`` the reader sees, read at once (a page woken
        by a notice, api/front/live_hub.py)."""
        batch = Reads(self._stores.redis)
        found = batch.add(self.live_since_read(game_id, seat, cursor))
        batch.run()
        return found.value

    @staticmethod
    def live_since_read(game_id: str, seat: int | None, cursor: str) -> Read[LiveChat]:
        """:meth:`live_since` as a read to batch."""
        read = catch_up_read(game_id, cursor, seat)

        def decode(replies: Sequence[Any]) -> LiveChat:
            new, version, muted = read.decode(replies)
            return LiveChat(
                version=version, cursor=new[-1].id if new else cursor, messages=shown_to(new, muted)
            )

        return Read(read.queue, decode)

    # finished games

    def record_finished(self, game_id: str) -> bool:
        """Index a finished game and fold it into its game's ratings (the job run when a game ends); a game
        whose log does not end it (:class:`UnfinishedLog`) stays pending, and the job fails."""
        summary = summarise(self._stores, game_id) or self._archived_summary(game_id)
        if summary is not None:
            self.finished.record(summary)
            self.ratings.apply(summary)
            self._record_duration(summary)
        self._stores.redis.zrem(keys.finished_pending(), game_id)
        return summary is not None

    def _record_duration(self, summary: FinishedGame) -> None:
        """Note how long a game that was played to its end took, from its first event (its start) to its
        last, for the lobby's estimates (a game no longer in Redis or abandoned is left out)."""
        meta = self._stores.meta.get(summary.id)
        first = self._stores.store.read(summary.id, upto=1) if meta is not None else []
        if meta is None or summary.abandoned or not first:
            return
        settings = (meta.game, meta.seats, clock_label(meta.clock))
        self.durations.record(settings, summary.id, summary.ended_at - epoch_of(first[0].at))

    def rebuild(self, on_game: Callable[[str], None] = lambda _: None) -> int:
        """Recreate the index of finished games and every game's ratings from the logs; the number of
        finished games. Run it while no game ends (a game that ends meanwhile may be left out: run it
        again)."""
        self.finished.forget_all()
        summaries: list[FinishedGame] = []
        in_redis = self._stores.meta.all_ids()
        known = set(in_redis)
        archived = [game_id for game_id in self._archive.catalog.ids() if game_id not in known]
        for game_id in [*in_redis, *archived]:
            try:
                summary = summarise(self._stores, game_id) or self._archived_summary(game_id)
            except UnfinishedLog:
                log.exception("a game over whose log does not end it is left out", extra=fields(game=game_id))
                summary = None
            if summary is not None:
                self.finished.record(summary)
                summaries.append(summary)
            on_game(game_id)
        for game in registry.games():
            self.ratings.replace_all(game, [s for s in summaries if s.game == game])
        return len(summaries)

    def _archived_summary(self, game_id: str) -> FinishedGame | None:
        """The summary of an archived game, from its object and the accounts its catalog entry keeps."""
        entry = self._archive.entry(game_id)
        found = self._archive.load(game_id) if entry is not None else None
        if entry is None or found is None:
            return None
        accounts = {seat: account for seat, account in enumerate(entry.accounts) if account}
        return summary_of(found.meta, found.records, found.commands, found.outcomes, accounts)

    def archive(self, found: ArchiveFilter, page: int, per_page: int) -> ArchivePage:
        page, per_page = _paging(page, per_page)
        if found.game is not None:
            _known_game(found.game)
        player = self.profiles.account_named(found.player) if found.player else None
        if found.player and player is None:
            return ArchivePage(page=page, per_page=per_page, total=0, games=[])
        ids = self.finished.ids(found.game, player, Window(found.since, found.until))
        games = [g for g in self.finished.many(ids) if g.public]
        if found.game is not None:
            games = [g for g in games if g.game == found.game]
        if found.players is not None:
            games = [g for g in games if g.seats == found.players]
        start = (page - 1) * per_page
        names, public_ids = self._display_names(), self._public_ids()
        shown = [archived(game, names, public_ids) for game in games[start : start + per_page]]
        return ArchivePage(page=page, per_page=per_page, total=len(games), games=shown)

    # ratings and profiles

    def leaderboard(self, game: str, page: int, per_page: int) -> Leaderboard:
        page, per_page = _paging(page, per_page)
        title = registry.get_game(_known_game(game)).title
        start = (page - 1) * per_page
        total, ratings = self.ratings.board(game, start, per_page)
        ranks = shared_ranks(self._stores.redis, game, start, [rating.ordinal for rating in ratings])
        entries = []
        for rank, rating in zip(ranks, ratings, strict=True):
            shown = self.profiles.display_name(rating.name)
            entries.append(
                LeaderboardEntry(
                    rank=rank,
                    display_name=shown or "",
                    player_id=self.profiles.public_id(rating.name) if shown is not None else None,
                    rating=round(rating.ordinal, 3),
                    mu=round(rating.mu, 3),
                    sigma=round(rating.sigma, 3),
                    games=rating.games,
                )
            )
        return Leaderboard(game=game, title=title, page=page, per_page=per_page, total=total, entries=entries)

    def profile(self, display_name: str) -> Profile:
        """The profile of the account that uses ``display_name`` (in any letter case), or used it before a
        rename; 404 if none does."""
        key = self.profiles.account_named(display_name)
        account = self._accounts.profile(key) if key is not None else None
        if account is None:
            raise ServiceError(404, "player.unknown", f"No player is called {display_name!r}.", "name")
        return self._profile(account)

    def profile_by_id(self, public_id: str) -> Profile:
        """The profile of the account with this public player id; 404 if none has it."""
        key = self.profiles.account_by_id(public_id)
        account = self._accounts.profile(key) if key is not None else None
        if account is None:
            raise ServiceError(404, "player.unknown", "No player has this id.", "id")
        return self._profile(account)

    def _profile(self, account: Account) -> Profile:
        finished = self.finished.many(self.profiles.all_finished(account.name))
        titles = hosted_titles().items()
        records = [self._record(game, title, account.name, finished) for game, title in titles]
        current = [g for g in self._seating.games_of(account.name) if g.status != OVER and g.public]
        names, ids = self._display_names(), self._public_ids()
        calendar = self._stores.days_off.of_account(account.name)
        away = absence_on(calendar, self._stores.settings.clock()) if calendar is not None else None
        return Profile(
            display_name=account.display_name,
            id=self.profiles.public_id(account.name),
            member_since=account.created_at,
            games=records,
            current=current,
            recent=[archived(game, names, ids) for game in finished if game.public][:RECENT_GAMES],
            away_until=away.last.isoformat() if away is not None else None,
            away_zone=calendar.zone if away is not None and calendar is not None else None,
        )

    def _public_ids(self) -> Callable[[str], str | None]:
        """Public player ids by account key, each read once per answer."""
        known: dict[str, str] = {}

        def public_id(account: str) -> str:
            if account not in known:
                known[account] = self.profiles.public_id(account)
            return known[account]

        return public_id

    def _display_names(self) -> Callable[[str], str | None]:
        """Display names by account key, each read once per answer."""
        known: dict[str, str | None] = {}

        def display_name(account: str) -> str | None:
            if account not in known:
                known[account] = self.profiles.display_name(account)
            return known[account]

        return display_name

    def _record(self, game: str, title: str, name: str, finished: list[FinishedGame]) -> GameRecord:
        record = tally(game, title, name, finished)
        rating = self.ratings.of(game, name)
        rank = self.profiles.rank(game, name)
        if rating is not None and rank is not None:
            record.rating = ShownRating(
                rating=round(rating.ordinal, 3),
                mu=round(rating.mu, 3),
                sigma=round(rating.sigma, 3),
                games=rating.games,
                rank=rank,
            )
        return record
