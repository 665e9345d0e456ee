"""Open game pages and waiting submits served on the event loop: each costs a coroutine, not a thread.

The app hands a page over (:class:`LivePage`, api/web/live.py) or a submit's wait for its outcome
(:class:`WaitingAnswer`, api/blueprints/commands.py); each then waits here for its game's notices
(services/store/live_notices.py). A notice wakes every page and answer of the game; pages in the same state
(seat, version, chat cursor) share one catch-up, run on the app's threads with the API's own functions."""

from __future__ import annotations

import asyncio
import collections
import functools
import heapq
import itertools
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from services.observability.gc_pauses import FREEZE_SECONDS, LongLived

log = logging.getLogger(__name__)
Write = Callable[[bytes], Awaitable[None]]  # a chunk of the page's stream, sent
# What a page's catch-up answers: the messages to send (encoded), its new version and chat cursor.
CaughtUp = tuple[bytes, int, str]
HEARTBEAT = b": still here\n\n"
Answer = TypeVar("Answer")
# A waiting answer looks again this often without a notice: a notices connection that dropped (and is being
# opened again) delays an answer by this much at most, not until it expires.
LOOK_AGAIN_SECONDS = 0.5
# Numbers every notice of the process, never one twice: the pages a notice woke share reads by its number.
_NOTICES = itertools.count(1)
# The hub's one timer rings at most this often: the pages whose heartbeat or end fell due meanwhile are woken
# together, late by this much at most.
RING_SECONDS = 0.05


@dataclass
class LivePage:
    """A page the app opened: where it stands (``seen`` version, chat ``cursor``), how it catches up
    (``step``: a blocking function of the version, the cursor and the number of the notice that woke it,
    run on the app's threads: pages woken by one notice may share their reads; None: a read of its own),
    how long it lasts and may stay silent, and ``release`` (its slot, given back once when it ends);
    ``shape`` names the form its catch-ups take (event-stream text, a socket's frames): pages share a
    catch-up only in one shape."""

    game_id: str
    seat: int | None
    seen: int
    cursor: str
    step: Callable[[int, str, int | None], CaughtUp]
    stream_seconds: float
    heartbeat_seconds: float
    release: Callable[[], None]
    shape: str = "events"


class LookInStore(Exception):
    """Raised by a :class:`WaitingAnswer`'s ``hear``: this notice says nothing it can use; read instead."""


class LookOnThread(Exception):
    """Raised by a :class:`WaitingAnswer`'s ``look``: this answer needs more than the loop's reads; its
    ``check`` runs on the app's threads instead."""


@dataclass
class WaitingAnswer(Generic[Answer]):
    """A request waiting for its game to move (a submitted command, for its outcome): ``check`` (blocking,
    run on the app's threads) answers once it can, else None; ``look``, when given, does the same on the
    loop (no hop to a thread; :class:`LookOnThread` hands over to ``check``); ``expire`` answers after
    ``seconds`` without one; ``hear``, when given, answers from a notice's message on the loop with no read
    (None: the notice told of another command; :class:`LookInStore`: it told nothing, look)."""

    game_id: str
    seconds: float
    check: Callable[[], Answer | None]
    expire: Callable[[], Answer]
    look_first: bool = True  # check once before any notice (False: watched since before the game could move)
    look: Callable[[], Awaitable[Answer | None]] | None = None
    hear: Callable[[bytes], Answer | None] | None = None


@dataclass
class _Heard(Generic[Answer]):
    """What the notices since a waiting answer's last look gave: its answer, or whether they all told of
    a decision (another command's: nothing to read)."""

    answer: Answer | None
    told: bool


class NoticeSource(Protocol):
    """Where notices come from: ``start`` once on the loop with the hub's callbacks; ``watch``/``unwatch`` a
    game's channel when its first page opens and its last one closes."""

    def start(self, hub: LiveHub) -> None: ...

    def watch(self, game_id: str) -> None: ...

    def unwatch(self, game_id: str) -> None: ...


class _Game:
    """The open pages of one game, the count of its notices and the catch-ups shared since the last one."""

    __slots__ = ("batch", "idle_since", "pages", "serial", "shared", "waiting")

    def __init__(self) -> None:
        self.pages: set[asyncio.Event] = set()
        # each waiting answer's wake and the messages of the notices since it last looked (None: a notice
        # with none, as a subscription's confirmation)
        self.waiting: dict[asyncio.Event, list[bytes | None]] = {}
        self.idle_since: float | None = None
        self.serial = next(_NOTICES)
        self.shared: dict[tuple[str, int | None, int, str], asyncio.Future[CaughtUp]] = {}
        self.batch: list[_Step] = []  # catch-ups asked for in this turn of the loop, run in one hand-off


class LiveHub:
    """The pages and waiting answers of one API process by game, and the notices that wake them. A game's
    channel stays watched ``linger`` seconds after its last page or answer left, so the next command's
    wait in a game played on subscribes nothing."""

    def __init__(self, source: NoticeSource, pool: Executor, linger: float = 0.0) -> None:
        self._source = source
        self._pool = pool
        self._linger = linger
        self._games: dict[str, _Game] = {}
        self._started = False
        self._long_lived = LongLived()  # open pages' objects kept out of the collector's full walks
        self._freezing: asyncio.TimerHandle | None = None
        # the pages' heartbeats and ends by when they are due (due, order, wake): one timer for all of them,
        # so a page's wait is its wake event alone
        self._due: list[tuple[float, int, asyncio.Event]] = []
        self._order = itertools.count()
        self._ringing: asyncio.TimerHandle | None = None
        self._ringing_at = 0.0
        self._rang = 0.0
        # answers the app's threads said they will wait for (:meth:`arriving`), joined on the loop's next
        # notice or answer: a thread hands them over without waking the loop
        self._arriving: collections.deque[tuple[str, asyncio.Event]] = collections.deque()

    @property
    def waiting(self) -> int:
        return sum(len(game.waiting) for game in self._games.values())

    @property
    def pages(self) -> int:
        return sum(len(game.pages) for game in self._games.values())

    def watched(self) -> list[str]:
        return list(self._games)

    def notice(self, game_id: str, message: bytes | None = None) -> None:
        """On the loop: the game's log or chat grew (or its channel was subscribed again): wake its pages;
        its waiting answers are handed the notice's ``message`` too."""
        if self._arriving:
            self._join_arrived()
        game = self._games.get(game_id)
        if game is None:
            return
        game.serial = next(_NOTICES)
        game.shared.clear()
        for wake in game.pages:
            wake.set()
        for wake, heard in game.waiting.items():
            heard.append(message)
            wake.set()

    def expect(self, game_id: str, wake: asyncio.Event) -> None:
        """On the loop: watch ``game_id`` for an answer about to wait on it, ``wake`` set by its notices
        from now on (called before the request's command is queued: no notice of its decision is missed)."""
        self._start()
        self._join(game_id, wake, waiting=True)

    def arriving(self, game_id: str, wake: asyncio.Event) -> None:
        """From any thread: :meth:`expect` done on the loop at its next notice or answer, before either (the
        thread says so before the request's command is queued, so no notice of its decision is handled
        before the answer waits; a game not watched yet is subscribed then, and the subscription's
        confirmation wakes the answer, which reads an outcome decided meanwhile)."""
        self._arriving.append((game_id, wake))

    def _join_arrived(self) -> None:
        self._start()
        while self._arriving:
            game_id, wake = self._arriving.popleft()
            self._join(game_id, wake, waiting=True)

    def forget(self, game_id: str, wake: asyncio.Event) -> None:
        """On the loop: ``wake`` no longer waits on ``game_id``."""
        if self._arriving:
            self._join_arrived()
        game = self._games.get(game_id)
        if game is not None:
            game.waiting.pop(wake, None)
        self._leave(game_id, wake)

    async def answer(self, waiting: WaitingAnswer[Answer], wake: asyncio.Event | None = None) -> Answer:
        """``waiting``'s answer: its check's, run at once (unless ``wake`` was watching its game since
        before it could move, :meth:`expect`) and after each notice of its game, or its expiry's once
        ``seconds`` passed without one. A notice whose message ``hear`` can answer from costs no look; one
        that told of another command costs nothing."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + waiting.seconds
        if self._arriving:
            self._join_arrived()
        if wake is None:
            wake = asyncio.Event()
            self.expect(waiting.game_id, wake)
        look = waiting.look_first
        try:
            if look:
                wake.set()
            while True:
                if wake.is_set():
                    wake.clear()
                    heard = self._heard(waiting, wake)
                    if heard.answer is not None:
                        return heard.answer
                    if look or not heard.told:
                        look = False
                        found = await self._look(waiting)
                        if found is not None:
                            return found
                left = deadline - loop.time()
                if left <= 0:
                    return await loop.run_in_executor(self._pool, waiting.expire)
                try:
                    async with asyncio.timeout(min(left, LOOK_AGAIN_SECONDS)):
                        await wake.wait()
                except TimeoutError:
                    look = True  # no notice for a while (its connection may be down): look anyway
                    wake.set()
        finally:
            self.forget(waiting.game_id, wake)

    def _heard(self, waiting: WaitingAnswer[Answer], wake: asyncio.Event) -> _Heard[Answer]:
        """The answer ``hear`` made from a notice since the last look, if any; else whether every such
        notice told of a decision (then none was this answer's and nothing is to be read)."""
        game = self._games.get(waiting.game_id)
        heard = game.waiting.get(wake) if game is not None else None
        if game is None or not heard:
            return _Heard(None, False)
        game.waiting[wake] = []
        told = waiting.hear is not None
        for message in heard:
            if message is None or waiting.hear is None:
                told = False
                continue
            try:
                found = waiting.hear(message)
            except LookInStore:
                told = False
                continue
            if found is not None:
                return _Heard(found, True)
        return _Heard(None, told)

    async def _look(self, waiting: WaitingAnswer[Answer]) -> Answer | None:
        """``waiting``'s look on the loop, if it has one and can answer there; else its check on a thread."""
        if waiting.look is not None:
            try:
                return await waiting.look()
            except LookOnThread:
                pass
        return await asyncio.get_running_loop().run_in_executor(self._pool, waiting.check)

    def _keep_frozen(self) -> None:
        """While pages are open, what they made since (each one's current wait) is frozen every
        ``FREEZE_SECONDS`` too: a full collection would walk it all otherwise."""
        self._freezing = None
        if any(game.pages for game in self._games.values()):
            self._long_lived.freeze()
            self._freezing = asyncio.get_running_loop().call_later(FREEZE_SECONDS, self._keep_frozen)

    def _start(self) -> None:
        if not self._started:
            self._started = True
            self._source.start(self)

    async def serve(self, page: LivePage, write: Write, left: asyncio.Event, wake: asyncio.Event) -> None:
        """Continue ``page``'s stream until it is due to end or its client ``left`` (which sets ``wake`` too);
        a failed catch-up (the store unreachable) ends it as well: the browser reconnects and catches up from
        its last event."""
        self._start()
        game = self._join(page.game_id, wake)
        self._long_lived.joined()
        if self._freezing is None:
            self._freezing = asyncio.get_running_loop().call_later(FREEZE_SECONDS, self._keep_frozen)
        try:
            await self._follow(page, game, wake, write, left)
        except Exception:
            log.warning("a live page ended on an error", exc_info=True, extra={"game": page.game_id})
        finally:
            self._leave(page.game_id, wake)

    async def _follow(
        self, page: LivePage, game: _Game, wake: asyncio.Event, write: Write, left: asyncio.Event
    ) -> None:
        """The page's loop: a catch-up after each notice of its game (one at once: a notice between the
        opening and the subscription is not missed), a heartbeat after ``heartbeat_seconds`` of silence, the
        end at its deadline; it waits on ``wake`` alone, set by notices, its client's leaving and the hub's
        timer."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + page.stream_seconds
        spoke = loop.time()
        caught: int | None = None  # the game's notice the last catch-up started after
        rings = 0.0  # when the hub's timer wakes this page next (passed: it does not)
        while not left.is_set():
            if caught != game.serial:
                caught = game.serial
                body, page.seen, page.cursor = await self._catch_up(page, game)
                if body:
                    await _send(write, body, left)
                    spoke = loop.time()
            now = loop.time()
            if now >= deadline:
                return
            if now - spoke >= page.heartbeat_seconds:
                await _send(write, HEARTBEAT, left)
                spoke = now
            if rings <= now:
                rings = min(deadline, spoke + page.heartbeat_seconds)
                self._wake_at(rings, wake)
            await wake.wait()
            wake.clear()

    def _wake_at(self, due: float, wake: asyncio.Event) -> None:
        """Set ``wake`` once ``due`` passed (at most ``RING_SECONDS`` late), by the hub's one timer."""
        heapq.heappush(self._due, (due, next(self._order), wake))
        self._ring_next()

    def _ring_next(self) -> None:
        """The timer set for the earliest due page, no sooner than ``RING_SECONDS`` after it last rang."""
        if not self._due:
            return
        at = max(self._due[0][0], self._rang + RING_SECONDS)
        if self._ringing is not None:
            if at >= self._ringing_at:
                return
            self._ringing.cancel()
        self._ringing_at = at
        self._ringing = asyncio.get_running_loop().call_at(at, self._ring)

    def _ring(self) -> None:
        """Wake the pages whose heartbeat or end is due (a page that ended since: no one waits, no harm)."""
        self._ringing = None
        now = self._rang = asyncio.get_running_loop().time()
        due = self._due
        while due and due[0][0] <= now:
            heapq.heappop(due)[2].set()
        self._ring_next()

    async def _catch_up(self, page: LivePage, game: _Game) -> CaughtUp:
        """The page's catch-up, shared by the pages in the same state; the catch-ups a notice set off (its
        pages resume in the same turn of the loop) run one after another in one hand-off to the threads."""
        key = (page.shape, page.seat, page.seen, page.cursor)
        shared = game.shared.get(key)
        if shared is None:
            loop = asyncio.get_running_loop()
            shared = loop.create_future()
            game.shared[key] = shared
            shared.add_done_callback(lambda done: _forget_failed(game, key, done))
            if not game.batch:
                loop.call_soon(self._hand_over, game)
            game.batch.append(
                _Step(functools.partial(page.step, page.seen, page.cursor, game.serial), shared)
            )
        return await asyncio.shield(shared)

    def _hand_over(self, game: _Game) -> None:
        """Run the catch-ups asked for since the last hand-off on one of the threads; each page gets its
        own answer or error."""
        batch, game.batch = game.batch, []
        running = asyncio.get_running_loop().run_in_executor(self._pool, _run_steps, batch)
        running.add_done_callback(lambda done: _settle(batch, done))

    def _join(self, game_id: str, wake: asyncio.Event, waiting: bool = False) -> _Game:
        game = self._games.get(game_id)
        if game is None:
            game = self._games[game_id] = _Game()
            self._source.watch(game_id)
        if waiting:
            game.waiting.setdefault(wake, [])
        else:
            game.pages.add(wake)
        game.idle_since = None
        return game

    def _leave(self, game_id: str, wake: asyncio.Event) -> None:
        game = self._games.get(game_id)
        if game is None:
            return
        game.pages.discard(wake)
        if game.pages or game.waiting:
            return
        if self._linger > 0 and game.idle_since is None:
            loop = asyncio.get_running_loop()
            game.idle_since = loop.time()
            loop.call_later(self._linger, self._drop_idle, game_id, game)
            return
        if self._linger <= 0:
            del self._games[game_id]
            self._source.unwatch(game_id)

    def _drop_idle(self, game_id: str, game: _Game) -> None:
        """A lingering game's channel is unwatched once nothing joined it for ``linger`` seconds."""
        if self._games.get(game_id) is not game or game.pages or game.waiting or game.idle_since is None:
            return
        idle = asyncio.get_running_loop().time() - game.idle_since
        if idle + 1e-3 < self._linger:
            asyncio.get_running_loop().call_later(self._linger - idle, self._drop_idle, game_id, game)
            return
        del self._games[game_id]
        self._source.unwatch(game_id)


async def _send(write: Write, body: bytes, left: asyncio.Event) -> None:
    """Send a chunk; a client gone meanwhile (the server refuses the write) counts as ``left``."""
    try:
        await write(body)
    except Exception:  # the server's own error for a closed connection: nothing to tell anyone
        left.set()


class _Step(NamedTuple):
    """A catch-up to run on a thread, and the future its pages await."""

    run: Callable[[], CaughtUp]
    answer: asyncio.Future[CaughtUp]


def _run_steps(batch: list[_Step]) -> list[tuple[CaughtUp | None, BaseException | None]]:
    """On a thread: each step's answer, or its error."""
    answers: list[tuple[CaughtUp | None, BaseException | None]] = []
    for step in batch:
        try:
            answers.append((step.run(), None))
        except Exception as error:  # the page it belongs to ends on it (LiveHub.serve), the others go on
            answers.append((None, error))
    return answers


def _settle(
    batch: list[_Step], done: asyncio.Future[list[tuple[CaughtUp | None, BaseException | None]]]
) -> None:
    """On the loop: each step's future gets its answer (all the hand-off's error, if it failed as a whole)."""
    if done.cancelled():
        for step in batch:
            step.answer.cancel()
        return
    failure = done.exception()
    answers = [(None, failure)] * len(batch) if failure is not None else done.result()
    for step, (answer, error) in zip(batch, answers, strict=True):
        if step.answer.done():
            continue
        if error is not None:
            step.answer.set_exception(error)
        else:
            assert answer is not None
            step.answer.set_result(answer)


def _forget_failed(
    game: _Game, key: tuple[str, int | None, int, str], done: asyncio.Future[CaughtUp]
) -> None:
    if (done.cancelled() or done.exception() is not None) and game.shared.get(key) is done:
        del game.shared[key]


class LocalSource:
    """Notices published in this process (embedded mode: its worker runs here; store/live_notices.py)."""

    def __init__(self, notices: Any) -> None:
        self._notices = notices
        self._stop: Callable[[], None] | None = None

    def start(self, hub: LiveHub) -> None:
        loop = asyncio.get_running_loop()
        self._stop = self._notices.listen(lambda game_id: loop.call_soon_threadsafe(hub.notice, game_id))

    def watch(self, game_id: str) -> None:
        pass

    def unwatch(self, game_id: str) -> None:
        pass

    def stop(self) -> None:
        """Hear no more notices (the loop is closing)."""
        if self._stop is not None:
            self._stop()
            self._stop = None
