"""The tree stays lint-clean, formatted and strictly typed: CI fails on a regression, not a review."""

from __future__ import annotations

import ast
import re
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


PROSE_FOLDERS = ("api", "benchmarks", "deploy", "docs", "domain", "papyrus", "services", "tests", "workers")
LONGEST_DOCSTRING = 600
# Built from parts so this file does not match itself.
HISTORY = re.compile(
    r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth) "
    + "stop"
    + r"\b|\b[Ii]"
    + r"ssue [0-9]+\b"
)


def _files(*suffixes: str) -> list[Path]:
    found = [ROOT / "README.md", ROOT / "BENCHMARKS.md"] if ".md" in suffixes else []
    for folder in PROSE_FOLDERS:
        found.extend(path for path in sorted((ROOT / folder).rglob("*")) if path.suffix in suffixes)
    return found


def test_docstrings_say_what_and_why_in_a_few_lines() -> None:
    """Long reasoning belongs in docs/, where it can be read as a whole."""
    long = []
    for path in _files(".py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                docstring = ast.get_docstring(node) or ""
                if len(docstring) > LONGEST_DOCSTRING:
                    long.append(f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 1)} ({len(docstring)})")
    assert long == []


def test_no_text_cites_a_stop_or_an_issue() -> None:
    """Which stop or issue brought a line is history, which git keeps."""
    cited = []
    for path in _files(".py", ".md", ".lua", ".js", ".css", ".html", ".yaml", ".yml", ".toml", ".conf"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if HISTORY.search(line):
                cited.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}")
    assert cited == []
