"""The API's settings from the environment: defaults, overrides and a clear refusal of nonsense."""

from __future__ import annotations

import pytest

from api.context import ApiConfig


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
