"""The archive's tests: a real S3-compatible server (moto) for the session, a bucket per test, and the shared
Redis for the tests that run real worker processes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.integration.conftest import connection  # noqa: F401 (the shared Redis, for real processes)
from tests.support.s3_server import S3Server


@pytest.fixture(scope="session")
def s3_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[S3Server]:
    server = S3Server(tmp_path_factory.mktemp("s3"))
    yield server
    server.stop()


@pytest.fixture
def bucket(s3_server: S3Server) -> str:
    return s3_server.new_bucket()
