"""The rules reference shown beside the board: every part of a turn, in the product's own words, with the
numbers of the data module."""

from __future__ import annotations

from domain.engine import RulesSection
from domain.games.giza import GAME
from domain.games.giza.data import SPHINX_POINTS, TOTAL_TILES
from services.i18n import english


def test_the_rules_reference_covers_setup_turns_placement_end_scoring_and_secrecy() -> None:
    sections = GAME.rules_reference()
    assert all(isinstance(section, RulesSection) and section.paragraphs for section in sections)
    titles = [english(section.title) for section in sections]
    assert titles == [
        "The game",
        "Setup",
        "Your turn",
        "Placing tiles",
        "The end",
        "Scoring",
        "What you may see",
    ]
    text = " ".join(english(paragraph) for section in sections for paragraph in section.paragraphs)
    assert f"There are {TOTAL_TILES} tiles" in text
    assert f"a Sphinx base {SPHINX_POINTS['sphinx_base']}" in text
    for rule in (
        "never goes straight on a base",
        "only on a stone of the same number",
        "even on another scarab",
        "Taking a scarab off ends your turn at once: you draw nothing",
        "A scarab on a 1 stone leaves that pyramid unfinished",
        "players with equal scores share the place",
    ):
        assert rule in text, rule
    assert "spec" not in text.lower() and "issue" not in text.lower()
