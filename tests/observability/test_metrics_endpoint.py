"""``GET /metrics`` answers Prometheus text that its parser reads, and its figures move as a game is
played: commands submitted, decided and refused by game, the submit-to-outcome latency, the projection lag,
jobs run, live streams, requests; with PAPYRUS_METRICS=0 nothing is counted and the page is gone."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families

from services.observability import metrics
from services.observability.exposition import render
from services.observability.shared_figures import metrics_enabled_from_env
from tests.api.support import bearer
from tests.observability.conftest import GAME, App

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(app: App) -> Samples:
    answer = app.client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["Content-Type"].startswith("text/plain")
    return {
        (sample.name, tuple(sorted(sample.labels.items()))): sample.value
        for family in text_string_to_metric_families(answer.get_data(as_text=True))
        for sample in family.samples
    }


def total(samples: Samples, name: str, **labels: str) -> float:
    wanted = set(labels.items())
    return sum(value for (sample, have), value in samples.items() if sample == name and wanted <= set(have))


def test_the_figures_move_when_commands_are_played(app: App) -> None:
    before = scrape(app)
    table = app.open_table()
    statuses = app.play(table, commands=4)
    stale = app.client.post(
        f"/api/games/{table.game_id}/commands",
        json={"command_id": "late", "command": {"type": "x"}, "expected_version": 1},
        headers=bearer(table.tokens[0]),
    )
    after = scrape(app)

    accepted = statuses.count(200)
    assert accepted >= 1 and stale.status_code == 409
    moved = {
        name: total(after, name, **labels) - total(before, name, **labels)
        for name, labels in {
            "papyrus_commands_submitted_total": {"game": GAME, "source": "player"},
            "papyrus_commands_decided_total": {"game": GAME, "outcome": "accepted"},
            "papyrus_commands_refused_total": {"game": GAME, "reason": "stale"},
            "papyrus_command_submit_to_outcome_seconds_count": {"game": GAME},
            "papyrus_job_duration_seconds_count": {},
        }.items()
    }
    assert moved == {
        "papyrus_commands_submitted_total": len(statuses),
        "papyrus_commands_decided_total": accepted,
        "papyrus_commands_refused_total": 1,
        "papyrus_command_submit_to_outcome_seconds_count": len(statuses),
        "papyrus_job_duration_seconds_count": pytest.approx(moved["papyrus_job_duration_seconds_count"]),
    }
    assert moved["papyrus_job_duration_seconds_count"] >= 1  # the table's automatic steps
    decided_here = {
        where: total(after, "papyrus_api_decisions_total", where=where)
        - total(before, "papyrus_api_decisions_total", where=where)
        for where in ("here", "to_worker")
    }
    assert decided_here["here"] >= 1 and sum(decided_here.values()) == len(statuses)
    lag = total(after, "papyrus_projection_lag_seconds_count", game=GAME)
    assert lag - total(before, "papyrus_projection_lag_seconds_count", game=GAME) >= 1
    route = "/api/games/<game_id>/commands"
    posted = total(after, "papyrus_http_requests_total", method="POST", route=route)
    assert (
        posted - total(before, "papyrus_http_requests_total", method="POST", route=route) == len(statuses) + 1
    )


def test_the_store_figures_are_read_at_scrape_time(app: App) -> None:
    samples = scrape(app)
    for name in (
        "papyrus_queue_depth",
        "papyrus_failed_jobs",
        "papyrus_workers_alive",
        "papyrus_oldest_undecided_command_age_seconds",
        "papyrus_sweep_interval_seconds",
        "papyrus_store_up",
    ):
        assert (name, ()) in samples, name
    assert samples[("papyrus_sweep_interval_seconds", ())] == 60
    assert samples[("papyrus_workers_alive", ())] >= 1  # the embedded worker


def test_an_open_live_stream_is_counted_until_it_ends(app: App) -> None:
    table = app.open_table(seats=2)
    before = total(scrape(app), "papyrus_live_streams_open")
    stream = app.client.get(f"/api/games/{table.game_id}/live", buffered=False)
    first = next(stream.response)  # the stream is being sent
    assert first.startswith(b"retry:")
    assert total(scrape(app), "papyrus_live_streams_open") == before + 1
    stream.close()
    assert total(scrape(app), "papyrus_live_streams_open") == before


@pytest.fixture
def metrics_off() -> Iterator[None]:
    metrics.enable(False)
    yield
    metrics.enable(True)


def test_with_metrics_off_nothing_is_counted_and_the_page_is_gone(app: App, metrics_off: None) -> None:
    table = app.open_table(seats=2)
    before = metrics.COMMANDS_SUBMITTED.labels(GAME, "player")._value.get()
    assert app.play(table, commands=2)
    assert metrics.COMMANDS_SUBMITTED.labels(GAME, "player")._value.get() == before
    gone = app.client.get("/metrics")
    assert (gone.status_code, gone.json["error"]["code"]) == (404, "metrics_off")


def test_the_switch_reads_0_or_1_and_refuses_anything_else() -> None:
    assert metrics_enabled_from_env({}) is True
    assert metrics_enabled_from_env({"PAPYRUS_METRICS": "0"}) is False
    with pytest.raises(ValueError, match="PAPYRUS_METRICS"):
        metrics_enabled_from_env({"PAPYRUS_METRICS": "off"})


class DownProbe:
    """A store that does not answer."""

    def __getattr__(self, name: str) -> Any:
        def fail() -> None:
            raise redis.ConnectionError("Redis is down")

        return fail


def test_a_store_down_still_answers_the_process_figures() -> None:
    body, _ = render(DownProbe())
    names = {family.name for family in text_string_to_metric_families(body.decode())}
    assert {"papyrus_redis_errors", "papyrus_commands_submitted"} <= names
    assert "papyrus_queue_depth" not in names
    up = [f for f in text_string_to_metric_families(body.decode()) if f.name == "papyrus_store_up"]
    assert [sample.value for sample in up[0].samples] == [0]
