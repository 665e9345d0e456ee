"""Rules audit of the setup: the river layout, irrigation, markets, player counts, data labels."""

from __future__ import annotations

import pytest
from egizia_support import new_game

from domain.games.egizia import GAME, EgiziaOptions
from domain.games.egizia.data import (
    GRAIN_PENALTY,
    MARKET_SPACES,
    NILE_CARDS,
    PICTURED_CREWS,
    RIVER,
    SPHINX_CARDS,
    STONE_SALE_SPACES,
)
from domain.games.egizia.rules.effects import track_order
from domain.games.egizia.rules.queries import irrigated_grain
from domain.games.egizia.state import FieldCard, graves_face_up

SPEC_RIVER = [
    "C1",
    "R_EDFU",
    "C2",
    "R_THEBAE",
    "C3",
    "B_SPHINX",
    "C4",
    "R_PASSALON",
    "C5",
    "R_SELINON",
    "C6",
    "B_OBELISK",
    "C7",
    "R_BENIHASAN",
    "C8",
    "R_ALYI",
    "C9",
    "B_TEMPLE",
    "C10",
    "R_HELIOPOLIS",
]


def test_the_river_has_the_spec_layout_with_heliopolis_last() -> None:
    assert [space for space, _ in RIVER] == SPEC_RIVER
    view = GAME.view(new_game(4), None)
    assert [(s.position, s.id) for s in view.river] == list(enumerate(SPEC_RIVER, start=1))
    assert [s.position for s in view.sites] == [6, 12, 18]
    between = SPEC_RIVER[SPEC_RIVER.index("B_OBELISK") : SPEC_RIVER.index("B_TEMPLE")]
    assert sum(1 for space in between if space.startswith("C")) == 3  # [WBC13]


def test_the_pictured_crews_are_the_spec_defaults() -> None:
    assert PICTURED_CREWS == {"R_THEBAE": (0, 1), "R_SELINON": (1, 2), "R_BENIHASAN": (0, 2)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_track_starts_with_tile_one_last_and_the_highest_tile_in_front(players: int) -> None:
    state = new_game(players)
    tiles_front_to_back = [state.players[seat].tile for seat in track_order(state)]
    assert tiles_front_to_back == list(range(players, 0, -1))
    assert [state.players[seat].tile for seat in state.order] == list(range(1, players + 1))


def test_four_graves_face_up_at_the_start_and_eight_tiles_never_enter_the_game() -> None:
    state = new_game(4)
    assert len(state.graves) == 12 and graves_face_up(state) == 4
    view = GAME.view(state, 0)
    assert [g.face_up for g in view.graves] == [True] * 4 + [False] * 8
    assert [g.value for g in view.graves[:4]] == state.graves[:4]


def test_without_the_starting_sphinx_card_nobody_holds_one() -> None:
    setup = GAME.setup(3, EgiziaOptions(starting_sphinx_card=False), b"no-start")[0]
    assert setup.sphinx_hands == [[], [], []] and len(setup.sphinx_deck) == 29


@pytest.mark.parametrize(
    ("ring", "grain"),
    [(0, 6 + 2), (1, 6 + 2 + 5), (2, 6 + 2 + 5 + 7)],
)
def test_the_water_ring_waters_green_then_yellow_green_then_brown(ring: int, grain: int) -> None:
    state = new_game(2)
    state.players[0].fields += [
        FieldCard(card="N12-01", grain=2, colour=0),
        FieldCard(card="N12-04", grain=5, colour=1),
        FieldCard(card="N12-06", grain=7, colour=2),
    ]
    state.ring = ring
    assert irrigated_grain(state, 0) == grain


def test_market_tables_are_the_spec_defaults() -> None:
    assert MARKET_SPACES == 6
    assert GRAIN_PENALTY == (3, 3, 2, 2, 1, 1)  # 1 VP on the bottom two spaces is CONFIRMED
    assert STONE_SALE_SPACES == (4, 5)  # bottom and second-to-bottom


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ten_nile_cards_every_round_whatever_the_player_count(players: int) -> None:
    state = new_game(players)
    assert all(state.river_cards) and len(state.river_cards) == 10


def test_data_labels_match_what_the_sources_confirm() -> None:
    labels = {card.id: card.label for card in NILE_CARDS}
    default = {"N34-21", "N34-22", "N5-11", "N5-12"}
    assert {cid for cid, label in labels.items() if label == "DEFAULT"} == default
    fields_and_quarries = [c for c in NILE_CARDS if c.kind in ("field", "quarry")]
    assert all(card.label == "INFERRED" for card in fields_and_quarries)  # values INFERRED (Q22)
    sphinx = {card.id: card.label for card in SPHINX_CARDS}
    assert {cid for cid, label in sphinx.items() if label == "CONFIRMED"} == {
        "SPH-GRAVE1",
        "SPH-PERM2",
        "SPH-TENTH",
    }  # the only VP amounts the sources print; every other VP is DEFAULT (Q10)
    assert sum(card.copies for card in SPHINX_CARDS) == 29
    assert [sum(1 for c in NILE_CARDS if c.deck == deck) for deck in range(3)] == [22, 22, 12]
