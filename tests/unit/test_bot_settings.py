"""The bots' settings: the level of the bots filling seats and of a stand-in, and the search bot's budget per
move (CPU time of its thread, capped in real time, and samples), read from the environment."""

from __future__ import annotations

import time

import pytest

from services.processing.stand_ins import WALL_FACTOR, search_budget
from services.settings import Settings


def test_by_default_seats_fill_with_casual_bots_and_a_strong_bot_stands_in_thinking_a_second() -> None:
    settings = Settings.from_env({})
    assert (settings.bot_level, settings.stand_in_level) == ("casual", "strong")
    assert settings.bot_think_ms == 1000


def test_the_levels_and_the_budget_per_move_are_settings() -> None:
    settings = Settings.from_env(
        {
            "PAPYRUS_BOT_LEVEL": "strong",
            "PAPYRUS_STAND_IN_BOT": "casual",
            "PAPYRUS_BOT_THINK_MS": "250",
            "PAPYRUS_BOT_ITERATIONS": "900",
        }
    )
    assert (settings.bot_level, settings.stand_in_level) == ("strong", "casual")
    budget = search_budget(settings)
    assert (budget.think_ms, budget.iterations, budget.wall_ms) == (250, 900, 250 * WALL_FACTOR)
    assert budget.clock is time.thread_time and budget.wall_clock is time.perf_counter
    assert search_budget(settings, 3).think_ms == 750


@pytest.mark.parametrize(
    ("name", "value"), [("PAPYRUS_STAND_IN_BOT", "grandmaster"), ("PAPYRUS_BOT_THINK_MS", "0")]
)
def test_an_unknown_level_or_no_time_to_think_is_refused_at_start(name: str, value: str) -> None:
    with pytest.raises(ValueError, match=name):
        Settings.from_env({name: value})
