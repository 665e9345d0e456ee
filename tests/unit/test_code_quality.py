"""The tree stays lint-clean, formatted and strictly typed: CI fails on a regression, not a review."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


@pytest.mark.parametrize(
    "command",
    [("ruff", "check", "--output-format", "concise", "."), ("ruff", "format", "--check", "."), ("mypy",)],
    ids=["ruff-check", "ruff-format", "mypy-strict"],
)
def test_tool_is_clean(command: tuple[str, ...]) -> None:
    finished = _run(*command)
    assert finished.returncode == 0, (
        f"{' '.join(command)} found problems:\n{finished.stdout}{finished.stderr}"
    )
