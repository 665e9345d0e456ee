"""PAPYRUS_REDIS_CLUSTER: what a cluster needs beside it is asked for at start, naming the setting."""

from __future__ import annotations

import pytest

from services.settings import Settings

NODE = "redis://10.0.0.1:7000/0"


@pytest.mark.parametrize(
    ("env", "refusal"),
    [
        ({"PAPYRUS_REDIS_CLUSTER": "1"}, "PAPYRUS_REDIS_CLUSTER=1 needs REDIS_URL"),
        ({"PAPYRUS_REDIS_CLUSTER": "1", "REDIS_URL": NODE}, "needs RQ_REDIS_URL"),
        ({"PAPYRUS_REDIS_CLUSTER": "maybe", "REDIS_URL": NODE}, "PAPYRUS_REDIS_CLUSTER must be 1 or 0"),
        (
            {
                "PAPYRUS_REDIS_CLUSTER": "1",
                "REDIS_URL": NODE,
                "RQ_REDIS_URL": "redis://10.0.0.2:6379/0",
                "PAPYRUS_REQUIRE_REPLICAS": "1",
            },
            "PAPYRUS_REQUIRE_REPLICAS cannot be used with PAPYRUS_REDIS_CLUSTER=1",
        ),
    ],
)
def test_a_cluster_without_what_it_needs_is_refused(env: dict[str, str], refusal: str) -> None:
    with pytest.raises(ValueError, match=refusal):
        Settings.from_env(env)


def test_a_cluster_with_its_own_rq_redis_is_taken() -> None:
    env = {"PAPYRUS_REDIS_CLUSTER": "1", "REDIS_URL": NODE, "RQ_REDIS_URL": "redis://10.0.0.2:6379/0"}
    assert Settings.from_env(env).redis_cluster
    assert not Settings.from_env({"REDIS_URL": NODE}).redis_cluster


def test_decision_jobs_wait_briefly_for_more_games_on_a_redis_server_only() -> None:
    assert Settings.from_env({"REDIS_URL": NODE, "PAPYRUS_DECISION_LINGER": "0.2"}).decision_linger == 0.2
    assert Settings.from_env({"REDIS_URL": NODE}).decision_linger == 0.05
    assert Settings.from_env({}).decision_linger == 0.0, "the embedded store's worker never waits"
    assert Settings.from_env({"REDIS_URL": NODE, "PAPYRUS_DECISION_LINGER": "0"}).decision_linger == 0.0
    with pytest.raises(ValueError, match="PAPYRUS_DECISION_LINGER"):
        Settings.from_env({"REDIS_URL": NODE, "PAPYRUS_DECISION_LINGER": "-1"})


def test_more_decision_jobs_share_the_games_only_as_far_as_the_operator_allows() -> None:
    settings = Settings.from_env({"PAPYRUS_DECISION_JOBS": "8", "PAPYRUS_DECISION_BACKLOG": "4"})
    assert (settings.decision_jobs, settings.decision_backlog) == (8, 4)
    assert (Settings.from_env({}).decision_jobs, Settings.from_env({}).decision_backlog) == (32, 32)
    with pytest.raises(ValueError, match="PAPYRUS_DECISION_JOBS must be at least 1"):
        Settings.from_env({"PAPYRUS_DECISION_JOBS": "0"})
    with pytest.raises(ValueError, match="PAPYRUS_DECISION_BACKLOG must be an integer"):
        Settings.from_env({"PAPYRUS_DECISION_BACKLOG": "many"})
