"""The rules of Sobek in Papyrus's own words, section by section (the rules page beside the board)."""

from __future__ import annotations

from domain.engine import RulesSection


def rules_reference() -> list[RulesSection]:
    return []
