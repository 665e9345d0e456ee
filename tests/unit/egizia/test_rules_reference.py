"""The rules reference the game page shows: every phase, the Nile cards and the final scoring, in words."""

from __future__ import annotations

import re

import msgspec

from domain.engine import RulesSection
from domain.games.egizia import GAME
from domain.games.egizia.data import COOP_BONUS, GRAVE_TABLE, SHIPS_PER_PLAYER, SPHINX_MAX_DRAW
from services.i18n import english


def _sections() -> dict[str, str]:
    return {
        english(section.title): " ".join(map(english, section.paragraphs))
        for section in GAME.rules_reference()
    }


def test_every_phase_in_order_and_the_final_scoring_have_a_section() -> None:
    titles = [english(section.title) for section in GAME.rules_reference()]
    phases = [title for title in titles if title.startswith("Phase")]
    assert phases == [
        "Phase 1: Nile cards",
        "Phase 2: placing ships",
        "Phase 3: feeding the crews",
        "Phase 4: producing stones",
        "Phase 5: building",
        "Phase 6: co-operation bonus",
        "Phase 7: the new player order",
    ]
    assert titles[-1] == "Final scoring" and titles[0] == "The game"
    assert all(isinstance(section, RulesSection) and section.paragraphs for section in GAME.rules_reference())


def test_the_numbers_come_from_the_data_tables() -> None:
    text = _sections()
    assert f"Each player has {SHIPS_PER_PLAYER} ships" in text["The game"]
    assert f"draw up to {SPHINX_MAX_DRAW} cards" in text["Phase 5: building"]
    assert (
        ", ".join(f"{n} ship{'s' if n > 1 else ''}: {vp} VP" for n, vp in COOP_BONUS.items())
        in text["Phase 6: co-operation bonus"]
    )
    assert f"{GRAVE_TABLE[0][0]} or more: {GRAVE_TABLE[0][1]} VP" in text["Final scoring"]


def test_both_rule_fixes_are_told_in_words() -> None:
    text = _sections()
    assert "takes any space freed there in phase 5" in text["Phase 2: placing ships"]
    assert "moves into the freed space, whichever space it is" in text["Phase 5: building"]
    assert "a tile turned up during a build may be taken in the same build" in text["Phase 5: building"]


def test_the_reference_reads_as_json_and_names_no_seat_number() -> None:
    encoded = msgspec.json.encode(GAME.rules_reference()).decode()
    assert not re.search(r"\bseats?\b|\bspec\b", encoded, re.IGNORECASE)
