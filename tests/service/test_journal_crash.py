"""A crash at any point of a compaction (and of the writes around it) leaves a data file and a journal that
load to every answered change: a real process is killed before each of its file operations in turn."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from services import keys
from services.store.journal import DurableStore
from tests.service.journal_crash_child import KILLED

ROOT = Path(__file__).resolve().parents[2]


def run_child(data_file: Path, crash_at: int) -> tuple[int, dict[str, str], list[str]]:
    """The child's exit status, the last answered value of every name it changed, and its output."""
    finished = subprocess.run(
        [sys.executable, "-m", "tests.service.journal_crash_child", str(data_file), str(crash_at)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert finished.returncode in (0, KILLED), finished.stderr
    lines = finished.stdout.splitlines()
    acked = dict(line.split()[1:] for line in lines if line.startswith("acked "))
    return finished.returncode, acked, lines


def expected_values(acked: dict[str, str], lines: list[str]) -> dict[str, set[bytes | None]]:
    """Each name's answered value; a change the crash caught before it answered may or may not stay."""
    expected: dict[str, set[bytes | None]] = {name: {value.encode()} for name, value in acked.items()}
    if lines and lines[-1].startswith("sending "):
        _, name, value = lines[-1].split()
        expected.setdefault(name, {None}).add(value.encode())
    return expected


def test_a_crash_before_any_file_operation_of_a_compaction_loses_no_answered_change(tmp_path: Path) -> None:
    returncode, _, lines = run_child(tmp_path / "count" / "papyrus-data", 10**6)
    assert returncode == 0
    operations = int(lines[-1].split()[1])
    assert operations > 10  # two compactions and the changes between them
    for crash_at in range(1, operations + 1):
        data_file = tmp_path / f"crash-{crash_at}" / "papyrus-data"
        returncode, acked, lines = run_child(data_file, crash_at)
        assert returncode == KILLED
        expected = expected_values(acked, lines)
        restarted = DurableStore.open(data_file)
        try:
            found = {name: restarted.client.get(keys.account(name)) for name in expected}
        finally:
            restarted.close()
        assert all(found[name] in expected[name] for name in expected), f"crash at {crash_at}: {found}"
        left = sorted(path.name for path in data_file.parent.iterdir())
        assert left == ["papyrus-data", "papyrus-data.journal", "papyrus-data.lock"]  # no temporary file
