"""docs/adding-a-game.md shows Toy, the game the tests play (tests/support/toygame.py), whole and block by
block: every ``python`` block of the page, in order, is the file line for line (blank lines aside), so the
page cannot drift from a game that the conformance suite and the service tests check."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "adding-a-game.md"
TOY = ROOT / "tests" / "support" / "toygame.py"


def python_blocks(markdown: str) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```$", markdown, flags=re.S | re.M)


def lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def test_the_page_shows_the_toy_game_line_for_line() -> None:
    shown = lines("\n".join(python_blocks(PAGE.read_text(encoding="utf-8"))))
    kept = lines(TOY.read_text(encoding="utf-8"))
    difference = "\n".join(difflib.unified_diff(kept, shown, "toygame.py", "adding-a-game.md", lineterm=""))
    assert shown == kept, f"docs/adding-a-game.md and tests/support/toygame.py differ:\n{difference}"


def test_the_check_sees_a_block_that_drifted() -> None:
    page = "Intro.\n```python\nx = 1\n```\nMore.\n\n```python\n\ny = 2\n```\n```text\nz\n```\n"
    assert lines("\n".join(python_blocks(page))) == ["x = 1", "y = 2"]
