"""Speculators: a ship placed beside a full building site takes any space freed there in phase 5.

The rules say: if none of the spaces at a site is empty, the player may place his ship next to one of the
spaces "and speculate that in phase 5 at least one of the other players there will not or cannot build
there"; a player who does not build takes his ship back, "thereby freeing up the space in the building site
for another player with a ship at this building site 'on speculation'".
"""

from __future__ import annotations

from typing import Any

from egizia_support import at_placement, at_site, new_game, of_type, play, play_on

from domain.engine import fold, run_automatic
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Build, Decline, PlaceShip
from domain.games.egizia.describe import describe_event
from domain.games.egizia.rules.round_end import ships_on_sites
from domain.games.egizia.state import NOBODY
from services.i18n import english

SPHINX, OBELISK, TEMPLE = 0, 1, 2
NAMES = ["Ada", "Bea", "Cy", "Dan"]


def _obelisk(slots: list[int], speculators: list[int]) -> EgiziaState:
    state: EgiziaState = at_site(new_game(4), OBELISK, slots, speculators)
    for player in state.players:
        player.crews, player.stones = [2, 1, 1, 2], 10
    return state


def test_a_speculator_moves_into_a_space_freed_by_a_player_who_will_not_build_there() -> None:
    # "speculate that in phase 5 at least one of the other players there will not or cannot build there"
    state = _obelisk([0, 1, 2], [NOBODY, NOBODY, 3])  # the speculator's ship waits beside S3
    state, events = play_on(state, 0, Decline())  # S1's owner will not build
    assert of_type(events, ev.Declined) == [ev.Declined(seat=0, site="B_OBELISK", slot=0, successor=3)]
    assert state.sites[OBELISK].slots == [3, 1, 2] and state.sites[OBELISK].speculators == [NOBODY] * 3
    assert GAME.to_act(state) == {3}  # it builds in the freed space's turn, now
    state, _ = play(state, 3, Build(crews=[0], spaces=["O1"], market="stone"))
    assert state.obelisk[0] == 3 and GAME.to_act(state) == {1}


def test_a_speculator_moves_into_a_space_freed_by_a_player_who_cannot_build_there() -> None:
    # "...will not or cannot build there"
    state = _obelisk([0, 1, 2], [3, NOBODY, NOBODY])  # beside S1
    state.players[2].stones = 0  # S3's owner cannot build
    state, _ = play_on(state, 0, Build(crews=[0], spaces=["O1"], market="stone"))
    state, events = play_on(state, 1, Build(crews=[0], spaces=["O2"], market="stone"))
    assert of_type(events, ev.Declined) == [
        ev.Declined(seat=2, site="B_OBELISK", slot=2, successor=3, forced=True)
    ]
    assert state.sites[OBELISK].slots == [0, 1, 3] and GAME.to_act(state) == {3}


def test_the_freed_space_goes_to_the_speculator_at_three_players_too() -> None:
    state: EgiziaState = at_site(new_game(3), TEMPLE, [0, 1], [NOBODY, 2])
    state.players[2].stones, state.players[2].crews = 4, [2, 1, 1, 2]
    state, events = play_on(state, 0, Decline())
    assert [(e.seat, e.successor) for e in of_type(events, ev.Declined)] == [(0, 2)]
    assert state.sites[TEMPLE].slots == [2, 1] and GAME.to_act(state) == {2}


def test_a_speculator_who_gets_no_space_goes_home_when_the_site_is_done() -> None:
    state = _obelisk([0, 1, 2], [NOBODY, 3, NOBODY])
    for seat, space in ((0, "O1"), (1, "O2"), (2, "O3")):
        state, events = play_on(state, seat, Build(crews=[0], spaces=[space], market="stone"))
    assert ev.SiteClosed(site="B_OBELISK", returned=[3]) in events
    assert ships_on_sites(state, 3) == 0


def test_a_full_site_offers_one_speculation_and_any_waiting_place_is_accepted() -> None:
    state = at_placement(new_game(4), 3)
    state.sites[OBELISK].slots = [0, 1, 2]
    listed = GAME.legal_commands(state, 3)
    offered = [c for c in listed if isinstance(c, PlaceShip) and c.space == "B_OBELISK"]
    assert offered == [PlaceShip(space="B_OBELISK", slot=0, speculate=True)]
    after, events = play(state, 3, PlaceShip(space="B_OBELISK", slot=2, speculate=True))
    assert after.sites[OBELISK].speculators == [NOBODY, NOBODY, 3]
    assert english(describe_event(events[-1], NAMES)) == (
        "Dan speculates at the Obelisk and Graves: the ship waits for a space to be freed."
    )


def test_of_several_speculators_the_first_in_the_player_sequence_moves_in() -> None:
    # With one ship per player per site this cannot happen at 2-4 players; the rule still has an answer.
    state = _obelisk([0, 1, NOBODY], [NOBODY, 3, 2])
    state.order = [1, 3, 2, 0]
    state, events = play_on(state, 0, Decline())
    assert [(e.seat, e.successor) for e in of_type(events, ev.Declined)] == [(0, 3)]
    assert state.sites[OBELISK].speculators == [NOBODY, NOBODY, 2]


def test_a_speculator_that_built_first_with_its_card_takes_no_freed_space() -> None:
    # Nile card N5-03: "If he has a speculative ship, all players may build." It built once: no second turn.
    state = _obelisk([0, 1, 2], [3, NOBODY, NOBODY])
    state.players[3].used_this_round = ["N5-03"]
    state, events = run_automatic(GAME, state)
    assert of_type(events, ev.CardBuildTurn) == [ev.CardBuildTurn(seat=3, site="B_OBELISK", card="N5-03")]
    state, _ = play_on(state, 3, Build(crews=[0], spaces=["O1"], market="stone"))
    state, events = play_on(state, 0, Decline())
    assert of_type(events, ev.Declined) == [ev.Declined(seat=0, site="B_OBELISK", slot=0)]
    assert state.sites[OBELISK].slots == [NOBODY, 1, 2] and GAME.to_act(state) == {1}
    assert ships_on_sites(state, 3) == 1  # its speculating ship built: it counts for the bonus


def test_a_speculator_with_the_build_last_card_moves_in_early_and_builds_only_once() -> None:
    # Nile card N34-14: "A player who placed a ship next to the regular fields to speculate can build."
    state = _obelisk([0, 1, 2], [NOBODY, 3, NOBODY])
    state.players[3].used_this_round = ["N34-14"]
    state, _ = play_on(state, 0, Decline())
    assert GAME.to_act(state) == {3}
    state, _ = play_on(state, 3, Build(crews=[0], spaces=["O1"], market="stone"))
    state, _ = play_on(state, 1, Build(crews=[0], spaces=["O2"], market="stone"))
    state, events = play_on(state, 2, Build(crews=[0], spaces=["O3"], market="stone"))
    assert not of_type(events, ev.CardBuildTurn) and ev.SiteClosed(site="B_OBELISK") in events


def test_the_history_names_the_space_the_speculator_moves_into() -> None:
    event = ev.Declined(seat=0, site="B_TEMPLE", slot=0, successor=3)
    assert english(describe_event(event, NAMES)) == (
        "Ada declines to build at the Temple and Pyramid. Dan moves into ship space 1 from speculation."
    )


def test_a_stored_decline_replays_the_speculator_into_the_freed_space_wherever_it_waited() -> None:
    state = _obelisk([0, 1, 2], [NOBODY, NOBODY, 3])
    stored: list[Any] = [ev.Declined(seat=1, site="B_OBELISK", slot=1, successor=3)]
    after = fold(GAME, stored, state)
    assert after.sites[OBELISK].slots == [0, 3, 2] and after.sites[OBELISK].speculators == [NOBODY] * 3


def test_a_whole_site_played_out_pays_the_speculator_that_moved_in_its_bonus() -> None:
    state = _obelisk([0, 1, 2], [NOBODY, NOBODY, 3])
    state.sites[TEMPLE].slots = [NOBODY] * 3
    state, _ = play_on(state, 0, Decline())
    state, _ = play_on(state, 3, Build(crews=[0], spaces=["O1"], market="stone"))
    state, _ = play_on(state, 1, Decline())
    state, events = play_on(state, 2, Decline())
    bonus = [e for e in of_type(events, ev.ScoreChanged) if "co-operation" in e.reason]
    assert bonus == [ev.ScoreChanged(seat=3, delta=1, reason="co-operation bonus, 1 ship")]
