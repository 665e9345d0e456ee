"""A submitted command's wait on the asynchronous front (api/front/): the command is checked and queued on a
thread, and its outcome is awaited on the event loop, woken by the game's notices, so waiting submits hold no
thread. The answer is made with the same functions as a blocking wait: events as the seat may see them, the
seat's view with ``?view=1``, a rule's refusal as a 422, the request's log line measured from its start."""

from __future__ import annotations

import asyncio
import json
import logging
import threading
import time
from collections.abc import Coroutine, MutableMapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import fakeredis
import fakeredis.aioredis
import pytest

from api.front import build_front
from api.front.bodies import BodyLimits
from api.front.live_hub import LiveHub, LocalSource
from api.front.loop_store import EXTENSION as LOOP_STORE
from api.front.wsgi_bridge import WsgiBridge
from services import keys
from services.observability.structured_logs import FIELDS_ATTRIBUTE
from services.store.live_notices import LOCAL_NOTICES
from services.store.read_batch import LoopReads
from tests.api.conftest import make_app
from tests.api.support import Harness, Table
from workers.embedded import EmbeddedWorker, start_embedded_worker

Answer = tuple[int, dict[str, Any]]
T = TypeVar("T")


class CountingPool(ThreadPoolExecutor):
    """A pool that counts the work handed to it."""

    handed = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.handed += 1
        return super().submit(fn, *args, **kwargs)


class Front:
    """The API's ASGI front over a test app, on one thread, its live hub fed by this process's notices."""

    def __init__(self, harness: Harness, loop_reads: bool = False, source: Any = None) -> None:
        self.hubs: list[LiveHub] = []
        self.sources: list[Any] = []
        self.headers: dict[str, str] = {}  # the last answer's
        self.pool = CountingPool(1)

        def hub(pool: Any) -> LiveHub:
            self.sources.append(source or LocalSource(LOCAL_NOTICES))
            self.hubs.append(LiveHub(self.sources[-1], pool))
            return self.hubs[-1]

        app = make_app(harness.service, harness.store, wait=10.0)
        if loop_reads:  # as on one Redis in production: outcomes read on the loop
            server = harness.store.connection_pool.connection_kwargs["server"]
            app.extensions[LOOP_STORE] = fakeredis.aioredis.FakeRedis(server=server)
        self.asgi: WsgiBridge = build_front(app, 1, BodyLimits(), pool=self.pool, live=hub)

    async def call(self, method: str, path: str, token: str | None = None, body: Any = None) -> Answer:
        raw = json.dumps(body).encode() if body is not None else b""
        headers = [(b"host", b"localhost"), (b"content-type", b"application/json")]
        headers += [(b"content-length", str(len(raw)).encode())] if body is not None else []
        headers += [(b"authorization", f"Bearer {token}".encode())] if token else []
        path, _, query = path.partition("?")
        scope = {"type": "http", "method": method, "path": path, "query_string": query.encode()}
        scope |= {"headers": headers, "scheme": "http", "server": ("localhost", 80), "root_path": ""}
        sent: list[MutableMapping[str, Any]] = []
        requested = asyncio.Event()

        async def receive() -> dict[str, Any]:
            if not requested.is_set():
                requested.set()
                return {"type": "http.request", "body": raw, "more_body": False}
            await asyncio.Event().wait()  # the client stays
            return {}

        async def send(message: MutableMapping[str, Any]) -> None:
            sent.append(message)

        await self.asgi(scope, receive, send)
        status = sent[0]["status"]
        self.headers = {name.decode("latin-1"): value.decode("latin-1") for name, value in sent[0]["headers"]}
        payload = b"".join(message.get("body", b"") for message in sent[1:])
        return status, json.loads(payload) if payload else {}

    def run(self, scenario: Coroutine[Any, Any, T]) -> T:
        """Run ``scenario`` on a loop of its own, then stop hearing notices on it."""
        try:
            return asyncio.run(scenario)
        finally:
            for source in self.sources:
                source.stop()


def test_a_command_decided_in_its_request_is_answered_with_no_wait_and_no_worker(deciding: Harness) -> None:
    table = deciding.new_game()
    seat, command = first_legal(deciding, table)
    deciding.worker.stop()  # type: ignore[attr-defined]
    front = Front(deciding)
    path = f"/api/games/{table.game_id}/commands?view=1"
    status, answer = front.run(
        front.call("POST", path, table.tokens[seat], {"command_id": "c", "command": command})
    )
    assert (status, answer["status"]) == (200, "accepted"), answer
    assert [event["type"] for event in answer["events"]] == ["toy.card_played"]
    assert answer["view"]["version"] == answer["version"]
    assert front.pool.handed == 1  # the request alone: no wait on the hub, no look after it
    assert not front.hubs or sum(hub.waiting for hub in front.hubs) == 0
    assert deciding.store.zscore(keys.due_games(), table.game_id) is None  # settled: nothing left due


def test_a_decision_that_fails_in_the_request_is_left_to_a_worker(
    deciding: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = deciding.new_game()
    seat, command = first_legal(deciding, table)

    def broken(game_id: str, command_id: str, *queueing: Any) -> None:
        raise RuntimeError("the API's decision broke")

    monkeypatch.setattr(deciding.service.components.deciding_here, "decide", broken)
    front = Front(deciding)
    path = f"/api/games/{table.game_id}/commands"
    status, answer = front.run(
        front.call("POST", path, table.tokens[seat], {"command_id": "c", "command": command})
    )
    assert (status, answer["status"]) == (200, "accepted"), answer
    assert [event["type"] for event in answer["events"]] == ["toy.card_played"]


@pytest.fixture
def harness(waiting: Harness) -> Harness:
    """A worker decides every command here: the waits these tests are about."""
    return waiting


def first_legal(harness: Harness, table: Table) -> tuple[int, dict[str, Any]]:
    seat = harness.client.get(f"/api/games/{table.game_id}/view").json["to_act"][0]
    return seat, harness.seat_view(table, seat)["view"]["legal"][0]


def read_at(harness: Harness, table: Table, seat: int, version: int) -> dict[str, Any]:
    """The read side's view of a seat once its projections have reached `version` (they follow the log)."""
    deadline = time.monotonic() + 10
    while True:
        read = harness.seat_view(table, seat)
        if read["version"] >= version or time.monotonic() > deadline:
            return read
        time.sleep(0.02)


def test_an_accepted_command_is_answered_from_the_loop_with_its_events_and_the_seats_view(
    harness: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    table = harness.new_game()
    seat, command = first_legal(harness, table)
    front = Front(harness)
    path = f"/api/games/{table.game_id}/commands?view=1"
    body = {"command_id": "c1", "command": command}
    with caplog.at_level(logging.INFO, logger="papyrus.api"):
        status, answer = front.run(front.call("POST", path, table.tokens[seat], body))
    assert status == 200, answer
    assert answer["status"] == "accepted" and answer["command_id"] == "c1"
    assert [event["type"] for event in answer["events"]] == ["toy.card_played"]
    view = answer["view"]
    assert view["seat"] == seat and view["version"] == answer["version"]
    assert view["to_act"] == answer["to_act"]
    assert view == read_at(harness, table, seat, view["version"])  # the view a read gets once it has the move
    lines = [getattr(record, FIELDS_ATTRIBUTE) for record in caplog.records if record.msg == "request"]
    submits = [line for line in lines if line["route"] == "/api/games/<game_id>/commands"]
    assert [(line["status"], line["method"]) for line in submits] == [(200, "POST")]  # the answer sent


def test_an_answer_made_on_the_loop_carries_the_headers_of_every_api_answer(harness: Harness) -> None:
    table = harness.new_game()
    seat, command = first_legal(harness, table)
    front = Front(harness)
    body = {"command_id": "c1", "command": command}
    status, answer = front.run(
        front.call("POST", f"/api/games/{table.game_id}/commands", table.tokens[seat], body)
    )
    assert status == 200 and answer["status"] == "accepted", answer
    plain = harness.client.get(f"/api/games/{table.game_id}/view")
    for name in ("X-Content-Type-Options", "Content-Security-Policy", "Referrer-Policy"):
        assert front.headers[name] == plain.headers[name], name
    assert front.headers["Content-Type"] == "application/json"


def test_a_refused_command_is_answered_422_once_the_worker_refused_it(harness: Harness) -> None:
    table = harness.new_game()
    seat, command = first_legal(harness, table)
    other = 1 - seat  # not this seat's turn: the worker's rules refuse it
    front = Front(harness)
    body = {"command_id": "wrong", "command": command}
    status, answer = front.run(
        front.call("POST", f"/api/games/{table.game_id}/commands", table.tokens[other], body)
    )
    assert status == 422, answer
    assert answer["error"]["field"] == "command"


def test_waiting_submits_hold_no_thread_and_are_answered_once_a_worker_decides(harness: Harness) -> None:
    tables = [harness.new_game() for _ in range(3)]
    moves = [first_legal(harness, table) for table in tables]
    harness.worker.stop()  # type: ignore[attr-defined]
    front = Front(harness)

    async def scenario() -> tuple[list[Answer], Answer]:
        submits = [
            asyncio.ensure_future(
                front.call(
                    "POST", f"/api/games/{t.game_id}/commands", t.tokens[s], {"command_id": "w", "command": c}
                )
            )
            for t, (s, c) in zip(tables, moves, strict=True)
        ]
        while sum(hub.waiting for hub in front.hubs) < len(tables):
            await asyncio.sleep(0.01)
        health = await asyncio.wait_for(front.call("GET", "/api/health"), 5)  # the one thread is free
        restarted: list[EmbeddedWorker] = []
        loop = asyncio.get_running_loop()
        restarted.append(await loop.run_in_executor(None, start_embedded_worker, harness.service))
        harness.worker = restarted[0]  # type: ignore[attr-defined]
        return list(await asyncio.wait_for(asyncio.gather(*submits), 9)), health

    answers, health = front.run(scenario())
    assert health[0] in (200, 503)  # answered while three submits waited on the only thread's pool
    assert [status for status, _ in answers] == [200, 200, 200]
    assert all(answer["status"] == "accepted" for _, answer in answers)
    assert sum(hub.waiting for hub in front.hubs) == 0


@pytest.mark.parametrize("seats_turn", [True, False], ids=["accepted", "refused"])
def test_an_outcome_read_on_the_loop_is_answered_with_no_second_hand_off(
    harness: Harness, seats_turn: bool
) -> None:
    table = harness.new_game()
    seat, command = first_legal(harness, table)
    front = Front(harness, loop_reads=True)
    body = {"command_id": "c1", "command": command}
    token = table.tokens[seat if seats_turn else 1 - seat]
    status, answer = front.run(front.call("POST", f"/api/games/{table.game_id}/commands", token, body))
    assert (status, answer.get("status")) == ((200, "accepted") if seats_turn else (422, None)), answer
    if seats_turn:
        assert [event["type"] for event in answer["events"]] == ["toy.card_played"]
    assert front.pool.handed == 1  # the app's request only: the outcome was read and answered on the loop
    assert front.headers["Content-Type"] == "application/json"


class PublishedNotices:
    """The game's notices as its store publishes them, messages and all (as ``papyrus api`` hears them from
    Redis); ``silent``: each message replaced by the version alone, as a notice that carries no decision."""

    def __init__(self, store: fakeredis.FakeRedis, silent: bool = False) -> None:
        self._store, self._silent = store, silent
        self._stop = threading.Event()

    def start(self, hub: LiveHub) -> None:
        self._hub, self._loop = hub, asyncio.get_running_loop()

    def watch(self, game_id: str) -> None:
        pubsub = self._store.pubsub()
        pubsub.ssubscribe(keys.live(game_id))
        assert pubsub.get_message(timeout=1)["type"] == "ssubscribe"  # subscribed before anything is queued
        threading.Thread(target=self._forward, args=(pubsub, game_id), daemon=True).start()

    def unwatch(self, game_id: str) -> None:
        pass

    def _forward(self, pubsub: Any, game_id: str) -> None:
        while not self._stop.is_set():
            message = pubsub.get_message(timeout=0.05)
            if message is not None and message["type"] == "smessage":
                data = message["data"].split(b" ")[0] if self._silent else message["data"]
                self._loop.call_soon_threadsafe(self._hub.notice, game_id, data)
        pubsub.close()

    def stop(self) -> None:
        self._stop.set()


@pytest.mark.parametrize("seats_turn", [True, False], ids=["accepted", "refused"])
def test_an_answer_made_from_the_notice_is_the_answer_a_read_makes(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, seats_turn: bool
) -> None:
    """The decision the notice carries answers the waiting submit with no read; a notice without it (the
    version alone) falls back to the read; the same command submitted again is answered from a read: all
    three answers are the same, for the submitter's seat."""
    table = harness.new_game()
    seat, command = first_legal(harness, table)
    token = table.tokens[seat if seats_turn else 1 - seat]
    reads: list[int] = []
    real_run = LoopReads.run

    async def counted(batch: LoopReads) -> None:
        reads.append(1)
        await real_run(batch)

    monkeypatch.setattr(LoopReads, "run", counted)

    def submit(command_id: str, silent: bool = False) -> tuple[Answer, int]:
        """The answer once the submit waits and a worker then decides (its notice heard), and its reads."""
        front = Front(harness, loop_reads=True, source=PublishedNotices(harness.store, silent))
        harness.worker.stop()  # type: ignore[attr-defined]
        body = {"command_id": command_id, "command": command}

        async def scenario() -> Answer:
            path = f"/api/games/{table.game_id}/commands"
            submitting = asyncio.ensure_future(front.call("POST", path, token, body))
            while sum(hub.waiting for hub in front.hubs) < 1 and not submitting.done():
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.05)
            reads.clear()
            loop = asyncio.get_running_loop()
            worker = await loop.run_in_executor(None, start_embedded_worker, harness.service)
            harness.worker = worker  # type: ignore[attr-defined]
            return await asyncio.wait_for(submitting, 9)

        return front.run(scenario()), len(reads)

    def submit_again(command_id: str) -> Answer:
        """The same command submitted again, once decided: its outcome is read."""
        front = Front(harness, loop_reads=True)
        body = {"command_id": command_id, "command": command}
        return front.run(front.call("POST", f"/api/games/{table.game_id}/commands", token, body))

    expected = (200, "accepted") if seats_turn else (422, None)
    (status, heard), read = submit("c1")
    assert (status, heard.get("status")) == expected, heard
    assert read == 0  # answered from the notice alone
    assert submit_again("c1") == (status, heard)
    if not seats_turn:
        return
    seat, command = first_legal(harness, table)
    token = table.tokens[seat]
    (status, fallback), read = submit("c2", silent=True)
    assert (status, fallback["status"], read) == (200, "accepted", 1), fallback
    assert submit_again("c2") == (status, fallback)
