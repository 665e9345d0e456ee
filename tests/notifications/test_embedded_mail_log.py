"""Embedded mode (`papyrus serve`, no Redis) without SMTP settings: every mail is appended to the file that
PAPYRUS_MAIL_LOG names (the banner says where): the verification mail, then the game's notifications."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from tests.e2e.conftest import ROOT
from tests.e2e.test_serve import _banner, _wait_for, free_port


def _logged(path: Path, needle: str, seconds: float = 30.0) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = path.read_text() if path.exists() else ""
        if needle in text:
            return text
        time.sleep(0.1)
    raise AssertionError(f"{needle!r} never reached {path}")


@pytest.mark.parametrize("journaled", [False, True], ids=["in-memory", "data-file"])
def test_embedded_mode_without_smtp_appends_every_mail_to_the_mail_log(
    tmp_path: Path, journaled: bool
) -> None:
    port, mail_log = free_port(), tmp_path / "mail.log"
    data_file = ["--data-file", str(tmp_path / "games.data")] if journaled else []
    env = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "PAPYRUS_SMTP_URL")}
    env = {k: v for k, v in env.items() if k != "PAPYRUS_PUBLIC_URL"}  # links name the port it serves on
    env.update(PAPYRUS_MAIL_LOG=str(mail_log))
    server = subprocess.Popen(
        [sys.executable, "-m", "papyrus", "serve", "--port", str(port), *data_file],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        _banner(server, port)
        assert f"mails are appended to {mail_log}" in server.stdout.readline() + server.stdout.readline()
        base = f"http://127.0.0.1:{port}/api"
        _wait_for(f"{base}/health")
        credentials = {"name": "nefer", "password": "a long password"}
        requests.post(f"{base}/accounts", json=credentials, timeout=5)
        auth = {
            "Authorization": "Bearer "
            + requests.post(f"{base}/sessions", json=credentials, timeout=5).json()["token"]
        }
        asked = requests.put(
            f"{base}/accounts/me/email", json={"email": "nefer@example.test"}, headers=auth, timeout=5
        )
        assert asked.status_code == 200, asked.text
        text = _logged(mail_log, "Confirm your e-mail address")
        link = re.search(rf"http://127\.0\.0\.1:{port}(/verify-email/\S+)", text)
        assert link is not None, text
        page = requests.get(f"http://127.0.0.1:{port}{link.group(1)}", timeout=5)
        assert page.headers["Content-Type"].startswith("text/html") and "nefer@example.test" in page.text
        game = requests.post(f"{base}/games", json={"game": "egizia", "seats": 2}, timeout=5).json()
        seat = requests.post(
            f"{base}/games/{game['id']}/seats", json={"name": "Nefer"}, headers=auth, timeout=5
        )
        started = requests.post(
            f"{base}/games/{game['id']}/start",
            json={"fill_with_bots": True},
            headers={"Authorization": f"Bearer {seat.json()['token']}"},
            timeout=5,
        )
        assert started.status_code == 200, started.text
        logged = _logged(mail_log, "Subject: Egizia has started")
        assert logged.count("To: nefer@example.test") >= 2
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)
