"""Table talk and standing: each game's chat, the index of finished games (the archive), players' profiles
and each game's ratings. The facade :class:`Social` is what the API, the jobs and the CLI use."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import msgspec

from domain import registry
from services import keys
from services.errors import ServiceError
from services.parts import Parts
from services.players.accounts import Accounts
from services.players.seating import Seating
from services.results import GameMeta
from services.social.chat import (
    ChatLimits,
    ChatMessage,
    ChatStore,
    clean_text,
    shown_to,
    speaker_of,
    valid_speaker,
)
from services.social.finished import ArchivedGame, FinishedGame, FinishedGames, Window, archived, summarise
from services.social.profiles import (
    RECENT_GAMES,
    GameRecord,
    Profile,
    ProfileStore,
    ShownRating,
    hosted_titles,
    tally,
)
from services.social.ratings import Ratings
from services.store.meta_store import OVER
from services.store.records import now_iso

MAX_PER_PAGE = 100


class ArchivePage(msgspec.Struct, kw_only=True):
    """One page of finished games, newest first: ``total`` games match the filters."""

    page: int
    per_page: int
    total: int
    games: list[ArchivedGame]


class LeaderboardEntry(msgspec.Struct, kw_only=True):
    """A place on a game's leaderboard: the player's display name (their profile: ``/players/<name>``),
    ``rating`` = mu - 3 sigma, ``games`` rated games played."""

    rank: int
    display_name: str
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
    if page < 1:
        raise ServiceError(400, "page.invalid", "page must be 1 or more.", "page")
    if not 1 <= per_page <= MAX_PER_PAGE:
        raise ServiceError(400, "per_page.invalid", f"per_page must be 1 to {MAX_PER_PAGE}.", "per_page")
    return page, per_page


def _known_game(name: str) -> str:
    if name not in registry.games():
        raise ServiceError(404, "game.unknown", f"No hosted game is called {name!r}.", "game")
    return name


class Social:
    def __init__(self, parts: Parts, accounts: Accounts, seating: Seating) -> None:
        self._parts = parts
        self._accounts = accounts
        self._seating = seating
        self.chat = ChatStore(parts.redis, ChatLimits.from_env())
        self.finished = FinishedGames(parts.redis)
        self.ratings = Ratings(parts.redis, self.finished)
        self.profiles = ProfileStore(parts.redis, accounts)

    # chat

    def post(self, meta: GameMeta, seat: int | None, account: str | None, text: object) -> ChatMessage:
        cleaned = clean_text(text, self.chat.limits.max_length)
        display = self.profiles.display_name(account) if account and seat is None else None
        speaker = speaker_of(meta, seat, account, display)
        self.chat.count_post(meta.id, speaker)
        return self.chat.append(meta.id, speaker, cleaned, now_iso(self._parts.settings.clock))

    def messages(self, game_id: str, seat: int | None) -> list[ChatMessage]:
        return shown_to(self.chat.read(game_id), self.chat.mutes(game_id, seat))

    def mute(self, game_id: str, seat: int, speaker: str, muted: bool) -> list[str]:
        self.chat.mute(game_id, seat, valid_speaker(speaker), muted)
        return sorted(self.chat.mutes(game_id, seat))

    def speaker_names(self, game_id: str, speakers: list[str]) -> dict[str, str]:
        """The name each of ``speakers`` last wrote under in this game's kept chat."""
        wanted = set(speakers)
        return {m.speaker: m.name for m in self.chat.read(game_id) if m.speaker in wanted}

    def chat_backlog(self, game_id: str, seat: int | None) -> tuple[str, list[ChatMessage]]:
        """Every message the reader sees now, and the cursor to wait for newer ones from."""
        messages = self.chat.read(game_id)
        cursor = messages[-1].id if messages else "0-0"
        return cursor, shown_to(messages, self.chat.mutes(game_id, seat))

    def chat_since(self, game_id: str, seat: int | None, after: str) -> tuple[str, list[ChatMessage]]:
        """The messages after ``after`` the reader sees, and the cursor to wait for newer ones from."""
        messages, _, muted = self.chat.catch_up(game_id, after, seat)
        return messages[-1].id if messages else after, shown_to(messages, muted)

    def wait_live(
        self, game_id: str, seat: int | None, version: int, cursor: str, timeout: float
    ) -> LiveChat:
        """Block (XREAD on the game's events and chat, no polling) up to ``timeout`` seconds for an event
        above ``version`` or a message after ``cursor``."""
        redis = self._parts.redis
        redis.xread(
            {keys.events(game_id): f"0-{version}", keys.chat(game_id): cursor},
            block=max(1, int(timeout * 1000)),
            count=1,
        )
        new, version, muted = self.chat.catch_up(game_id, cursor, seat)
        return LiveChat(version=version, cursor=new[-1].id if new else cursor, messages=shown_to(new, muted))

    # finished games

    def record_finished(self, game_id: str) -> bool:
        """Index a finished game and fold it into its game's ratings (the job run when a game ends)."""
        summary = summarise(self._parts, game_id)
        if summary is not None:
            self.finished.record(summary)
            self.ratings.apply(summary)
        self._parts.redis.zrem(keys.finished_pending(), game_id)
        return summary is not None

    def rebuild(self, on_game: Callable[[str], None] = lambda _: None) -> int:
        """Recreate the index of finished games and every game's ratings from the logs; the number of
        finished games. Run it while no game ends (a game that ends meanwhile may be left out: run it
        again)."""
        self.finished.forget_all()
        summaries: list[FinishedGame] = []
        for game_id in self._parts.meta.all_ids():
            summary = summarise(self._parts, game_id)
            if summary is not None:
                self.finished.record(summary)
                summaries.append(summary)
            on_game(game_id)
        for game in registry.games():
            self.ratings.replace_all(game, [s for s in summaries if s.game == game])
        return len(summaries)

    def archive(self, found: ArchiveFilter, page: int, per_page: int) -> ArchivePage:
        page, per_page = _paging(page, per_page)
        if found.game is not None:
            _known_game(found.game)
        player = self.profiles.account_of(found.player) if found.player else None
        if found.player and player is None:
            return ArchivePage(page=page, per_page=per_page, total=0, games=[])
        ids = self.finished.ids(found.game, player, Window(found.since, found.until))
        games = [g for g in self.finished.many(ids) if g.public]
        if found.game is not None:
            games = [g for g in games if g.game == found.game]
        if found.players is not None:
            games = [g for g in games if g.seats == found.players]
        start = (page - 1) * per_page
        names = self._display_names()
        shown = [archived(game, names) for game in games[start : start + per_page]]
        return ArchivePage(page=page, per_page=per_page, total=len(games), games=shown)

    # ratings and profiles

    def leaderboard(self, game: str, page: int, per_page: int) -> Leaderboard:
        page, per_page = _paging(page, per_page)
        title = registry.get_game(_known_game(game)).title
        start = (page - 1) * per_page
        total, ratings = self.ratings.board(game, start, per_page)
        entries = [
            LeaderboardEntry(
                rank=start + index,
                display_name=self.profiles.display_name(rating.name) or "",
                rating=round(rating.ordinal, 3),
                mu=round(rating.mu, 3),
                sigma=round(rating.sigma, 3),
                games=rating.games,
            )
            for index, rating in enumerate(ratings, start=1)
        ]
        return Leaderboard(game=game, title=title, page=page, per_page=per_page, total=total, entries=entries)

    def profile(self, display_name: str) -> Profile:
        """The profile of the account that uses ``display_name`` (in any letter case); 404 if none does."""
        key = self.profiles.account_of(display_name)
        account = self._accounts.profile(key) if key is not None else None
        if account is None:
            raise ServiceError(404, "player.unknown", f"No player is called {display_name!r}.", "name")
        finished = self.finished.many(self.profiles.all_finished(account.name))
        titles = hosted_titles().items()
        records = [self._record(game, title, account.name, finished) for game, title in titles]
        current = [g for g in self._seating.games_of(account.name) if g.status != OVER and g.public]
        names = self._display_names()
        return Profile(
            display_name=account.display_name,
            member_since=account.created_at,
            games=records,
            current=current,
            recent=[archived(game, names) for game in finished if game.public][:RECENT_GAMES],
        )

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
