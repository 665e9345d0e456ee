"""Log lines: one JSON object each with the fields that apply (or plain text for a terminal); one line per
API request and one per job; the format and level switches refuse nonsense."""

from __future__ import annotations

import io
import json
import logging
import time
from typing import Any

import pytest

from services.observability.structured_logs import (
    JsonFormatter,
    annotate,
    bound,
    configure_logging,
    fields,
    log_format_from_env,
    log_level_from_env,
)
from tests.api.support import bearer
from tests.observability.conftest import App, lines


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_line_is_one_json_object_with_its_context(captured_logs: io.StringIO) -> None:
    log = logging.getLogger("papyrus.test")
    with bound(game_id="g1", job_id="j1"):
        annotate(seat=2)
        log.info("decided %s", "c7", extra=fields(command_id="2.c7", duration_ms=1.5))
    log.warning("outside")
    inside, outside = lines(captured_logs)
    assert inside["message"] == "decided c7"
    assert (inside["level"], inside["logger"]) == ("INFO", "papyrus.test")
    assert inside["timestamp"].endswith("Z") and "T" in inside["timestamp"]
    expected = {"game_id": "g1", "job_id": "j1", "seat": 2, "command_id": "2.c7", "duration_ms": 1.5}
    assert expected.items() <= inside.items()
    assert "game_id" not in outside


def test_an_exception_is_one_line_with_its_traceback(captured_logs: io.StringIO) -> None:
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        logging.getLogger("papyrus.test").exception("failed")
    (line,) = lines(captured_logs)
    assert line["level"] == "ERROR" and "RuntimeError: boom" in line["exception"]


def test_text_for_a_terminal_json_otherwise_and_the_switch_wins() -> None:
    assert log_format_from_env({}, Terminal()) == "text"
    assert log_format_from_env({}, io.StringIO()) == "json"
    assert log_format_from_env({"PAPYRUS_LOG_FORMAT": "json"}, Terminal()) == "json"
    assert log_format_from_env({"PAPYRUS_LOG_FORMAT": "TEXT"}, io.StringIO()) == "text"
    assert log_level_from_env({}) == logging.INFO
    assert log_level_from_env({"PAPYRUS_LOG_LEVEL": "debug"}) == logging.DEBUG
    with pytest.raises(ValueError, match="PAPYRUS_LOG_FORMAT"):
        log_format_from_env({"PAPYRUS_LOG_FORMAT": "yaml"})
    with pytest.raises(ValueError, match="PAPYRUS_LOG_LEVEL"):
        log_level_from_env({"PAPYRUS_LOG_LEVEL": "loud"})


def test_the_text_format_reads_as_a_sentence_with_its_ids(captured_logs: io.StringIO) -> None:
    terminal = Terminal()
    configure_logging({"PAPYRUS_LOG_LEVEL": "DEBUG"}, terminal)
    with bound(game_id="g1"):
        logging.getLogger("papyrus.test").info("request", extra=fields(status=200))
    (line,) = terminal.getvalue().splitlines()
    assert line.endswith("INFO    papyrus.test: request  game_id=g1 status=200")


def test_one_line_per_request_and_one_per_job(app: App, captured_logs: io.StringIO) -> None:
    table = app.open_table(seats=2)
    assert app.play(table, commands=1) == [200]
    logged = lines(captured_logs)
    submits = [
        line
        for line in logged
        if line["logger"] == "papyrus.api" and line["route"] == "/api/games/<game_id>/commands"
    ]
    assert len(submits) == 1
    (submit,) = submits
    assert submit["method"] == "POST" and submit["status"] == 200 and submit["duration_ms"] > 0
    assert submit["game_id"] == table.game_id and submit["seat"] in {0, 1}
    assert submit["command_id"].startswith(f"{submit['seat']}.m")  # the stored id: seat-scoped
    # the command is decided in its request; the table's automatic steps still run as jobs
    ran = wait_for_job_lines(captured_logs, table.game_id)
    assert all(job["outcome"] == "ok" and job["job_id"].startswith("papyrus-") for job in ran)
    assert all(job["duration_ms"] >= 0 and "result" in job for job in ran)


def wait_for_job_lines(stream: io.StringIO, game_id: str) -> list[dict[str, Any]]:
    """The job lines for ``game_id``, once there is one (jobs end after the API answers)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        found = [
            line
            for line in lines(stream)
            if line["logger"] == "papyrus.jobs" and line.get("game_id") == game_id
        ]
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"no job line for game {game_id}")


def test_a_request_for_no_route_is_logged_without_its_path(app: App, captured_logs: io.StringIO) -> None:
    app.client.get("/api/nowhere?invite=secret-code", headers=bearer("a-token"))
    (line,) = [line for line in lines(captured_logs) if line["logger"] == "papyrus.api"]
    assert (line["route"], line["status"]) == ("unmatched", 404)
    assert "secret-code" not in json.dumps(line) and "a-token" not in json.dumps(line)


def test_each_line_carries_its_own_time_to_the_millisecond_across_seconds() -> None:
    formatter = JsonFormatter()
    moments = [1796198165.25, 1796198165.75, 1796198166.0045, 1796198165.9995, 1796198227.5]
    written = []
    for moment in moments:
        record = logging.LogRecord("papyrus.test", logging.INFO, "", 0, "tick", (), None)
        record.created, record.msecs = moment, (moment % 1) * 1000
        written.append(json.loads(formatter.format(record))["timestamp"])
    assert written == [
        "2026-12-02T07:56:05.250Z",
        "2026-12-02T07:56:05.750Z",
        "2026-12-02T07:56:06.004Z",
        "2026-12-02T07:56:05.999Z",
        "2026-12-02T07:57:07.500Z",
    ]
