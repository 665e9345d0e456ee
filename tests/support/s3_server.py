"""A real S3-compatible server for the tests: moto's, in server mode, started on a free loopback port once per
test session (under pytest-xdist, once per worker process), each test in a bucket of its own."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import boto3
import pytest

START_SECONDS = 30.0
CREDENTIALS = {
    "AWS_ACCESS_KEY_ID": "papyrus-test",
    "AWS_SECRET_ACCESS_KEY": "papyrus-test-secret",
    "AWS_DEFAULT_REGION": "us-east-1",
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class S3Server:
    """``moto_server`` on loopback: ``endpoint`` is its URL; the credentials it accepts are set in this
    process's environment (and so in every process the tests start)."""

    def __init__(self, directory: Path) -> None:
        server = shutil.which("moto_server") or str(Path(sys.executable).parent / "moto_server")
        if not Path(server).exists():
            pytest.fail("moto_server is not installed: pip install -e '.[dev]'")
        os.environ.update(CREDENTIALS)
        self.port = _free_port()
        self.endpoint = f"http://127.0.0.1:{self.port}"
        self.log = (directory / "moto.log").open("wb")
        self.process = subprocess.Popen(
            [server, "-H", "127.0.0.1", "-p", str(self.port)], stdout=self.log, stderr=subprocess.STDOUT
        )
        session = boto3.session.Session()
        self.client = session.client("s3", endpoint_url=self.endpoint, region_name="us-east-1")
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                self.client.list_buckets()
                return
            except Exception:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self.stop()
                    raise
                time.sleep(0.1)

    def new_bucket(self) -> str:
        name = f"papyrus-{uuid.uuid4().hex[:16]}"
        self.client.create_bucket(Bucket=name)
        return name

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(30)
        self.log.close()
