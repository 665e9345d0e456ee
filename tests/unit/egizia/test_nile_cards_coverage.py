"""In the shared run of 2,000 random-bot games, every Nile card is taken and every playable card is used."""

from __future__ import annotations

import pytest
from test_random_games import GAMES, random_run

from domain.games.egizia.data import NILE_BY_ID

FULL_RUN = 2000
pytestmark = pytest.mark.xdist_group("egizia-random-run")  # one xdist worker plays the shared run


@pytest.mark.slow
@pytest.mark.skipif(GAMES < FULL_RUN, reason="coverage is asserted on the full 2,000-game run only")
def test_every_card_is_taken_and_every_playable_card_is_used() -> None:
    report = random_run().card_plays.report()
    assert set(report) == set(NILE_BY_ID)
    assert [card for card, plays in report.items() if not plays["taken"]] == []
    assert [card for card, plays in report.items() if plays["used"] == 0] == []


@pytest.mark.slow
def test_a_card_is_never_used_more_often_than_it_could_be() -> None:
    """An anytime card is used at most once per time it was taken (it leaves the hand when played)."""
    report = random_run().card_plays.report()
    anytime = [card.id for card in NILE_BY_ID.values() if card.type == "ANY"]
    for card in anytime:
        used, taken = report[card]["used"], report[card]["taken"]
        assert used is not None and used <= taken, card
