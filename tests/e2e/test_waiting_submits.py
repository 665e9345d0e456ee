"""Waiting submits on the asynchronous front, with real processes: ``papyrus api`` on two threads and a
``papyrus worker`` on a real Redis. With the worker stopped, more submits wait for their outcome than the
API has threads, and a read is still answered at once (no thread is held by a wait); once a worker runs
again every waiting submit is answered 200 with its events and, asked with ``?view=1``, its seat's view;
a command the rules refuse is answered 422 through the same notice, which carries what a read of the
outcome gives."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import redis
import requests

from api.outcomes import stored_command_id
from services import keys
from services.store.command_inbox import CommandInbox, NoticeSilent, decided_in_notice
from tests.e2e.conftest import REDIS_TEST_URL
from tests.e2e.test_live_notices import REACH_SECONDS, _redis_or_skip, new_game
from tests.e2e.test_observed_deployment import (
    call,
    delete_what_the_run_made,
    free_port,
    rq_keys,
    spawn,
    stop,
    wait_http,
)

API_THREADS = 2
WAITING = 4  # submits waiting at once: twice the API's threads
SUBMIT_WAIT_SECONDS = 60.0


@dataclass
class Deployment:
    api: str
    env: dict[str, str]
    logs: Path
    workers: list[Any] = field(default_factory=list)

    def start_worker(self) -> None:
        command = [sys.executable, "-m", "papyrus", "worker"]
        self.workers.append(spawn(command, self.env, self.logs / f"worker-{len(self.workers)}.log"))


@pytest.fixture
def deployment(tmp_path: Path) -> Iterator[Deployment]:
    store = _redis_or_skip()
    run = uuid.uuid4().hex[:8]
    prefix = queue = f"papyrus-waits-{run}"
    env = {
        "REDIS_URL": REDIS_TEST_URL,
        "PAPYRUS_QUEUE": queue,
        "PAPYRUS_DECIDE_IN_API": "0",  # the workers decide: the waits are tested here
        "PAPYRUS_KEY_PREFIX": prefix,
        "PAPYRUS_SUBMIT_WAIT_SECONDS": str(SUBMIT_WAIT_SECONDS),
    }
    rq_before, port = rq_keys(store), free_port()
    command = [sys.executable, "-m", "papyrus", "api", "--workers", "1", "--threads", str(API_THREADS)]
    api = spawn([*command, "--port", str(port)], env, tmp_path / "api.log")
    deployment = Deployment(f"http://127.0.0.1:{port}", env, tmp_path)
    try:
        deployment.start_worker()
        wait_http(f"{deployment.api}/api/health", api, tmp_path / "api.log")
        yield deployment
    finally:
        stop([api, *deployment.workers])
        delete_what_the_run_made(store, prefix, queue, rq_before)
        store.close()


def first_move(api: str, game_id: str, tokens: list[str]) -> tuple[int, dict[str, Any]]:
    """The seat to act and its first legal command, once the worker set the game up."""
    deadline = time.monotonic() + REACH_SECONDS
    while time.monotonic() < deadline:
        to_act = call("GET", f"{api}/api/games/{game_id}/view").json()["to_act"]
        if to_act:
            legal = call(
                "GET", f"{api}/api/games/{game_id}/seats/{to_act[0]}/legal-commands", tokens[to_act[0]]
            )
            if legal.json():
                return to_act[0], legal.json()[0]
        time.sleep(0.05)
    raise AssertionError("no seat could act")


def test_waiting_submits_hold_no_thread_and_are_answered_once_a_worker_decides(
    deployment: Deployment,
) -> None:
    api = deployment.api
    games = [new_game(api) for _ in range(WAITING + 1)]
    moves = [first_move(api, game_id, tokens) for game_id, tokens in games]
    stop(deployment.workers)  # nothing decides until a worker runs again
    answers: dict[int, requests.Response] = {}

    def submit(number: int) -> None:
        (game_id, tokens), (seat, command) = games[number], moves[number]
        body = {"command_id": "waits", "command": command}
        answers[number] = call("POST", f"{api}/api/games/{game_id}/commands?view=1", tokens[seat], body)

    submits = [threading.Thread(target=submit, args=(number,), daemon=True) for number in range(WAITING)]
    for thread in submits:
        thread.start()
    for number in range(WAITING):  # each is queued: its poll answers pending
        game_id, tokens = games[number]
        seat = moves[number][0]
        poll = f"{api}/api/games/{game_id}/commands/waits"
        deadline = time.monotonic() + REACH_SECONDS
        while call("GET", poll, tokens[seat]).status_code != 202:
            assert time.monotonic() < deadline, "the submit was not queued"
            time.sleep(0.02)
    started = time.monotonic()
    read = call("GET", f"{api}/api/games/{games[0][0]}/view")  # answered while every thread would be waiting
    assert read.status_code == 200 and time.monotonic() - started < 5.0
    assert not answers, "answered before any worker decided"

    deployment.start_worker()
    for thread in submits:
        thread.join(SUBMIT_WAIT_SECONDS / 2)
    assert sorted(answers) == list(range(WAITING))
    for number, answer in answers.items():
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["status"] == "accepted" and body["events"]
        assert body["view"]["seat"] == moves[number][0] and body["view"]["version"] == body["version"]

    game_id, tokens = games[WAITING]  # a command from the seat not to act: refused by the worker's rules
    seat, command = moves[WAITING]
    other = (seat + 1) % len(tokens)
    refused = call(
        "POST", f"{api}/api/games/{game_id}/commands", tokens[other], {"command_id": "no", "command": command}
    )
    assert refused.status_code == 422, refused.text


def test_a_decisions_notice_carries_what_a_read_of_its_outcome_gives(
    deployment: Deployment, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a real Redis, the notice ``append.lua`` publishes with a decision holds exactly the outcome and
    records a read of it gives (accepted and refused), in a few hundred bytes; the submitter's answer is
    the same either way."""
    monkeypatch.setattr(keys, "PREFIX", deployment.env["PAPYRUS_KEY_PREFIX"])
    store = redis.Redis.from_url(REDIS_TEST_URL)
    api = deployment.api
    game_id, tokens = new_game(api)
    seat, command = first_move(api, game_id, tokens)
    listening = store.pubsub()
    listening.ssubscribe(keys.live(game_id))
    assert listening.get_message(timeout=5)["type"] == "ssubscribe"
    other = (seat + 1) % len(tokens)
    inbox, sizes = CommandInbox(store), []
    for submitter, command_id, status in ((other, "no", "rejected"), (seat, "yes", "accepted")):
        body = {"command_id": command_id, "command": command}
        answer = call("POST", f"{api}/api/games/{game_id}/commands", tokens[submitter], body)
        assert answer.status_code == (200 if status == "accepted" else 422), answer.text
        stored_id, told = stored_command_id(submitter, command_id), None
        deadline = time.monotonic() + REACH_SECONDS
        while told is None and time.monotonic() < deadline:
            message = listening.get_message(timeout=0.5)
            if message is not None and message["type"] == "smessage":
                sizes.append(len(message["data"]))
                with contextlib.suppress(NoticeSilent):  # an append with no decision: the version alone
                    told = decided_in_notice(message["data"], stored_id)
        read = inbox.decided_now(game_id, stored_id)  # its decision is the last one: records and all
        assert told is not None and read is not None and told == read, command_id
        assert told.outcome.status == status and told.appended is not None
    listening.close()
    assert all(size < 2048 for size in sizes), sizes
    store.close()
