"""Live pages on the event loop (api/front/live_hub.py): a notice wakes every page of its game, pages in the
same state share one catch-up, a quiet page gets heartbeats and ends on time, a page whose client left
ends at once, and a game's channel is watched from its first page to its last."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from api.front.live_hub import HEARTBEAT, CaughtUp, LiveHub, LivePage, LookInStore, WaitingAnswer


class Source:
    def __init__(self) -> None:
        self.watching: list[str] = []
        self.calls: list[tuple[str, str]] = []

    def start(self, hub: LiveHub) -> None:
        self.hub = hub

    def watch(self, game_id: str) -> None:
        self.watching.append(game_id)
        self.calls.append(("watch", game_id))

    def unwatch(self, game_id: str) -> None:
        self.watching.remove(game_id)
        self.calls.append(("unwatch", game_id))


class Log:
    """A game's log as the pages' catch-up reads it: its version, and how many catch-ups ran."""

    def __init__(self) -> None:
        self.version = 1
        self.steps = 0
        self.lock = threading.Lock()

    def step(self, seen: int, cursor: str, notice: int) -> CaughtUp:
        with self.lock:
            self.steps += 1
        if self.version > seen:
            return f"id: {self.version}\n\n".encode(), self.version, cursor
        return b"", seen, cursor


def page(log: Log, released: list[int], **timing: float) -> LivePage:
    return LivePage(
        game_id="g1",
        seat=None,
        seen=1,
        cursor="0-0",
        step=log.step,
        stream_seconds=timing.get("stream_seconds", 30.0),
        heartbeat_seconds=timing.get("heartbeat_seconds", 30.0),
        release=lambda: released.append(1),
    )


class Client:
    def __init__(self) -> None:
        self.bodies: list[bytes] = []
        self.left, self.wake = asyncio.Event(), asyncio.Event()

    async def send(self, body: bytes) -> None:
        self.bodies.append(body)

    def leave(self) -> None:
        self.left.set()
        self.wake.set()


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0.01)


def test_a_notice_reaches_every_page_with_one_catch_up_for_pages_in_the_same_state() -> None:
    async def scenario() -> None:
        source, log, released = Source(), Log(), []
        hub = LiveHub(source, ThreadPoolExecutor(2))
        clients = [Client() for _ in range(50)]
        tasks = [
            asyncio.ensure_future(hub.serve(page(log, released), c.send, c.left, c.wake)) for c in clients
        ]
        await settle()
        assert source.calls == [("watch", "g1")] and hub.pages == 50
        before = log.steps
        log.version = 4
        hub.notice("g1")
        await settle()
        assert log.steps == before + 1
        assert all(c.bodies == [b"id: 4\n\n"] for c in clients)
        for client in clients:
            client.leave()
        await asyncio.gather(*tasks)
        assert source.calls == [("watch", "g1"), ("unwatch", "g1")] and hub.pages == 0
        hub.notice("g1")  # nobody waits: nothing happens

    asyncio.run(scenario())


def test_a_quiet_page_gets_heartbeats_and_ends_when_its_time_is_up() -> None:
    async def scenario() -> None:
        source, log, released = Source(), Log(), []
        hub = LiveHub(source, ThreadPoolExecutor(1))
        client = Client()
        await asyncio.wait_for(
            hub.serve(page(log, released, stream_seconds=0.35, heartbeat_seconds=0.1), *_io(client)), 2
        )
        # about one a 0.1 s over 0.35 s; a loop held up on a loaded machine sends fewer, never more
        assert 1 <= client.bodies.count(HEARTBEAT) <= 4 and set(client.bodies) == {HEARTBEAT}
        assert source.watching == []

    asyncio.run(scenario())


def test_a_failed_catch_up_ends_the_page_and_the_next_one_reads_again() -> None:
    async def scenario() -> None:
        source, log, released = Source(), Log(), []
        hub = LiveHub(source, ThreadPoolExecutor(1))
        failing = page(log, released)

        def broken(seen: int, cursor: str, notice: int) -> CaughtUp:
            raise ConnectionError("the store is away")

        failing.step = broken
        client = Client()
        await asyncio.wait_for(hub.serve(failing, *_io(client)), 2)
        assert client.bodies == [] and source.watching == []
        log.version = 2
        again = Client()
        task = asyncio.ensure_future(hub.serve(page(log, released), *_io(again)))
        await settle()
        assert again.bodies == [b"id: 2\n\n"]
        again.leave()
        await task

    asyncio.run(scenario())


def _io(client: Client) -> tuple[Any, asyncio.Event, asyncio.Event]:
    return client.send, client.left, client.wake


class CountingPool(ThreadPoolExecutor):
    """A pool that counts the hand-offs it is given."""

    def __init__(self) -> None:
        super().__init__(2)
        self.handed = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.handed += 1
        return super().submit(fn, *args, **kwargs)


def test_the_pages_of_every_seat_a_notice_woke_catch_up_in_one_hand_off_each_with_its_own_answer() -> None:
    async def scenario() -> None:
        source, log, released, pool = Source(), Log(), [], CountingPool()
        hub = LiveHub(source, pool)
        pages = [page(log, released) for _ in range(4)]
        for seat, each in enumerate(pages):
            each.seat = seat

        def fails_after_the_notice(seen: int, cursor: str, notice: int) -> CaughtUp:
            if log.version == 5:
                raise ConnectionError("the store is away")
            return log.step(seen, cursor, notice)

        pages[3].step = fails_after_the_notice
        clients = [Client() for _ in pages]
        tasks = [
            asyncio.ensure_future(hub.serve(p, c.send, c.left, c.wake))
            for p, c in zip(pages, clients, strict=True)
        ]
        await settle()
        assert not any(task.done() for task in tasks)
        pool.handed = 0
        log.version = 5
        hub.notice("g1")
        await settle()

        assert pool.handed == 1, "one hand-off for the four seats' catch-ups"
        assert [c.bodies for c in clients[:3]] == [[b"id: 5\n\n"]] * 3
        assert clients[3].bodies == [] and tasks[3].done(), "the failed catch-up ended its page only"
        for client in clients:
            client.leave()
        await asyncio.gather(*tasks)

    asyncio.run(scenario())


def test_a_waiting_answer_is_made_from_its_notice_and_looks_only_at_notices_that_tell_nothing() -> None:
    """A notice carrying the answer's decision answers it with no look; one carrying another command's
    decision costs none; a notice with no decision (a version alone, a subscription's confirmation) or one
    ``hear`` cannot answer from (LookInStore) falls back to the look."""

    async def scenario() -> None:
        hub = LiveHub(Source(), ThreadPoolExecutor(1))
        looks: list[str] = []

        def hear(message: bytes) -> str | None:
            if message == b"mine":
                return "heard"
            if message in (b"7", b"mine, too large"):
                raise LookInStore
            return None  # another command's decision

        async def look() -> str | None:
            looks.append("look")
            return "read" if len(looks) == 3 else None

        def waiting() -> WaitingAnswer[str]:
            return WaitingAnswer("g1", 5.0, lambda: None, lambda: "pending", False, look, hear)

        answering = asyncio.ensure_future(hub.answer(waiting()))
        await settle()
        hub.notice("g1", b"theirs")
        await settle()
        assert looks == [] and not answering.done()
        hub.notice("g1", b"mine")
        assert await asyncio.wait_for(answering, 1) == "heard" and looks == []

        answering = asyncio.ensure_future(hub.answer(waiting()))
        await settle()
        hub.notice("g1", b"7")  # a version alone: looked
        await settle()
        hub.notice("g1")  # a subscription confirmed: looked
        await settle()
        assert looks == ["look", "look"] and not answering.done()
        hub.notice("g1", b"mine, too large")  # its decision, but its records must be read
        assert await asyncio.wait_for(answering, 1) == "read" and looks == ["look"] * 3
        assert hub.waiting == 0

    asyncio.run(scenario())
