"""``papyrus api``: what it refuses before starting a server, the live-stream share of its threads, and the
command line importing nothing that would fix prometheus_client's storage before the shared directory is
set (papyrus/commands/api.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from papyrus.commands.api import live_streams_default

ROOT = Path(__file__).resolve().parents[2]


def papyrus_api(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    base = {key: value for key, value in os.environ.items() if key not in {"REDIS_URL", "PAPYRUS_METRICS"}}
    return subprocess.run(
        [sys.executable, "-m", "papyrus", "api", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_redis_it_refuses_and_names_the_setting_and_the_embedded_mode() -> None:
    done = papyrus_api()
    assert done.returncode == 2
    assert "REDIS_URL is not set" in done.stderr and "papyrus serve" in done.stderr


def test_a_bad_metrics_switch_is_refused_by_name() -> None:
    done = papyrus_api(REDIS_URL="redis://127.0.0.1:6379/15", PAPYRUS_METRICS="maybe")
    assert done.returncode == 2
    assert "PAPYRUS_METRICS must be 0 or 1, got 'maybe'" in done.stderr


def test_a_bad_log_level_is_refused_by_name() -> None:
    done = papyrus_api(REDIS_URL="redis://127.0.0.1:6379/15", PAPYRUS_LOG_LEVEL="loud")
    assert done.returncode == 2
    assert "PAPYRUS_LOG_LEVEL must be one of" in done.stderr


def test_zero_threads_or_workers_are_refused_by_name() -> None:
    for flag in ("--threads", "--workers"):
        done = papyrus_api(flag, "0", REDIS_URL="redis://127.0.0.1:6379/15")
        assert done.returncode == 2
        assert f"{flag} must be a whole number >= 1, got '0'" in done.stderr


def test_a_port_out_of_range_is_refused_by_name() -> None:
    done = papyrus_api("--port", "70000", REDIS_URL="redis://127.0.0.1:6379/15")
    assert done.returncode == 2
    assert "--port must be between 1 and 65535, got 70000" in done.stderr


def test_live_pages_are_not_bounded_by_threads() -> None:
    assert int(live_streams_default()) >= 10_000  # they wait on the event loop (api/front/live_hub.py)


def imports_prometheus(code: str) -> bool:
    probe = f"import sys\n{code}\nprint('prometheus_client' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.strip() == "True"


def test_the_command_line_for_api_imports_only_that_subcommand() -> None:
    assert imports_prometheus("from papyrus.cli import build_parser; build_parser()")
    assert not imports_prometheus("from papyrus.cli import build_parser; build_parser(only='api')")


def test_mails_link_the_address_served_on_when_no_public_address_is_set() -> None:
    from papyrus.commands.api import served_url

    assert served_url("127.0.0.1", 8123) == "http://127.0.0.1:8123"
    assert served_url("0.0.0.0", 9000) == "http://127.0.0.1:9000"
    assert served_url("::", 9000) == "http://[::1]:9000"
    assert served_url("papyrus.example", 80) == "http://papyrus.example:80"
