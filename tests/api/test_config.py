"""The API's settings from the environment: defaults, overrides and a clear refusal of nonsense."""

from __future__ import annotations

import pytest

from api.context import ApiConfig
from api.runtime import runtime_from_env
from api.web.settings import LiveSettings


def test_defaults_and_overrides() -> None:
    assert ApiConfig.from_env({}) == ApiConfig(max_body_bytes=65536, submit_wait_seconds=2.0)
    tuned = ApiConfig.from_env({"PAPYRUS_MAX_BODY_BYTES": "1024", "PAPYRUS_SUBMIT_WAIT_SECONDS": "0.5"})
    assert tuned == ApiConfig(max_body_bytes=1024, submit_wait_seconds=0.5)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PAPYRUS_MAX_BODY_BYTES", "64k"),
        ("PAPYRUS_MAX_BODY_BYTES", "-1"),
        ("PAPYRUS_SUBMIT_WAIT_SECONDS", "soon"),
    ],
)
def test_a_bad_setting_is_refused_naming_it(name: str, value: str) -> None:
    with pytest.raises(ValueError, match=name):
        ApiConfig.from_env({name: value})


def test_the_store_connection_outlasts_a_live_page_heartbeat() -> None:
    """redis-py's default 5 s socket timeout broke every live stream at its first 15 s heartbeat wait."""
    runtime = runtime_from_env({"REDIS_URL": "redis://127.0.0.1:1/0", "PAPYRUS_LIVE_HEARTBEAT_SECONDS": "40"})
    try:
        assert runtime.redis.connection_pool.connection_kwargs["socket_timeout"] > 40
    finally:
        runtime.close()
    default = runtime_from_env({"REDIS_URL": "redis://127.0.0.1:1/0"})
    try:
        timeout = default.redis.connection_pool.connection_kwargs["socket_timeout"]
        assert timeout > LiveSettings().heartbeat_seconds
    finally:
        default.close()


@pytest.mark.parametrize(
    ("env", "refusal"),
    [
        ({"PAPYRUS_REQUIRE_REPLICAS": "1"}, "PAPYRUS_REQUIRE_REPLICAS needs REDIS_URL"),
        (
            {"REDIS_URL": "redis://127.0.0.1:1/0", "PAPYRUS_REQUIRE_REPLICAS": "-1"},
            "PAPYRUS_REQUIRE_REPLICAS",
        ),
        ({"REDIS_URL": "redis://127.0.0.1:1/0", "PAPYRUS_WAIT_TIMEOUT_MS": "0"}, "PAPYRUS_WAIT_TIMEOUT_MS"),
        (
            {"PAPYRUS_DATA_FILE": "x", "PAPYRUS_JOURNAL_FSYNC": "sometimes"},
            "PAPYRUS_JOURNAL_FSYNC must be one of",
        ),
    ],
)
def test_durability_settings_that_cannot_hold_are_refused_at_start(env: dict[str, str], refusal: str) -> None:
    with pytest.raises(ValueError, match=refusal):
        runtime_from_env(env)
