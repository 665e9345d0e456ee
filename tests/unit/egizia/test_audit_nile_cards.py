"""Rules audit of the Nile cards: decisions the rules leave to the player, and their timing."""

from __future__ import annotations

from egizia_support import at_site, new_game, of_type, play, play_on
from nile_support import give, legal, refusal

from domain.engine import run_automatic
from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Decline, Feed, Pass, PlayCard
from domain.games.egizia.data import POSITION
from domain.games.egizia.rules.spaces import CARD_INDEX
from domain.games.egizia.state import FEEDING, NOBODY
from services.i18n import english


def _short_by_four(stones: int) -> EgiziaState:
    """Seat 1 feeds next: crews of strength 10, 6 grain watered, 4 grain short at 1 VP each."""
    state: EgiziaState = give(new_game(), 1, "N12-18")
    state.ring = 0
    player = state.players[1]
    player.crews = [2, 2, 2, 4]
    player.grain_market = 4
    player.stones = stones
    state.phase, state.queue = FEEDING, [1]
    return state


def test_stones_for_grain_may_pay_fewer_stones_than_missing_grain() -> None:
    state = _short_by_four(stones=7)
    offered = [c for c in legal(state, 1) if c.aids == ["N12-18"]]
    assert offered == [Feed(aids=["N12-18"]), *(Feed(aids=["N12-18"], stones=k) for k in (1, 2, 3))]
    after, events = play(state, 1, Feed(aids=["N12-18"], stones=1))
    assert ev.StonesChanged(seat=1, delta=-1, reason="Nile card N12-18: stones for grain") in events
    assert after.players[1].stones == 6 and after.players[1].score == -3  # 3 grain still missing, 1 VP each


def test_stones_for_grain_pays_every_useful_stone_by_default() -> None:
    after, _ = play(_short_by_four(stones=3), 1, Feed(aids=["N12-18"]))
    assert after.players[1].stones == 0 and after.players[1].score == -1


def test_paying_more_stones_than_missing_grain_or_stones_held_is_refused() -> None:
    state = _short_by_four(stones=7)
    assert refusal(state, 1, Feed(aids=["N12-18"], stones=5)).code == "feed.stones"
    assert refusal(_short_by_four(stones=2), 1, Feed(aids=["N12-18"], stones=3)).code == "feed.stones"
    assert refusal(state, 1, Feed(aids=["N12-18"], stones=-1)).code == "feed.stones"
    no_card = refusal(state, 1, Feed(aids=[], stones=2))
    assert no_card.code == "feed.stones" and "Stones for grain" in english(no_card.message)


def test_a_speculator_with_no_placement_left_still_gets_a_turn_to_play_the_speculation_card() -> None:
    state = give(new_game(4), 0, "N34-14")
    state.turn = 0
    state.sites[2].slots = [1, 2, 3]
    state.sites[2].speculators = [0, NOBODY, NOBODY]
    state.players[0].last_position = POSITION["B_TEMPLE"]
    state.river_cards[CARD_INDEX["C10"]] = ""
    state.river_ships[POSITION["R_HELIOPOLIS"] - 1] = [1]
    assert GAME.to_act(state) == {0}  # no ship can go downstream, but the card may still be played
    assert legal(state, 0) == [Pass(), PlayCard(card="N34-14")]
    assert "play a Nile card, or pass" in english(GAME.view(state, 0).prompt.text)
    after, _ = play(state, 0, PlayCard(card="N34-14"))
    assert "N34-14" in after.players[0].used_this_round and GAME.to_act(after) == set()
    assert GAME.advance(after) == [ev.Passed(seat=0, forced=True)]


def test_a_player_with_no_placement_and_no_card_to_play_is_passed() -> None:
    state = new_game(4)
    state.turn = 0
    state.players[0].last_position = POSITION["R_HELIOPOLIS"]
    assert GAME.to_act(state) == set() and GAME.advance(state) == [ev.Passed(seat=0, forced=True)]


def test_a_speculator_declining_its_build_first_turn_goes_home_and_cannot_move_in_later() -> None:
    state: EgiziaState = at_site(new_game(4), 1, [0, 1, 2], [3, NOBODY, NOBODY])
    state.players[3].used_this_round = ["N5-03"]
    state.players[0].stones = 0  # S1's owner cannot build: the space would go to a waiting speculator
    state, events = run_automatic(GAME, state)
    assert of_type(events, ev.CardBuildTurn) == [ev.CardBuildTurn(seat=3, site="B_OBELISK", card="N5-03")]
    state, events = play_on(state, 3, Decline())
    assert state.sites[1].speculators == [NOBODY, NOBODY, NOBODY]
    assert [(e.seat, e.successor) for e in of_type(events, ev.Declined)] == [(3, NOBODY), (0, NOBODY)]
    assert 3 not in state.sites[1].slots
