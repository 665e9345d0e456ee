"""Feeding aids N12-12, N12-18, N12-15, N34-15 (Q18) and the cards played on any own
turn: crew boosts N12-17 / N34-16, +6 stones N5-05, selling stones N5-06; never during final scoring."""

from __future__ import annotations

import pytest
from egizia_support import new_game, play
from nile_support import give, legal, refusal

from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.commands import Feed, PlayCard
from domain.games.egizia.state import FEEDING, FINAL_SCORING, FieldCard
from services.i18n import english


def _short(state: EgiziaState, seat: int = 1) -> EgiziaState:
    """Seat 1 feeds next: crews of strength 10, 6 grain watered (ring left), 4 grain short, 2 VP each."""
    state.ring = 0
    player = state.players[seat]
    player.crews = [2, 2, 2, 4]
    player.grain_market = 2
    player.stones = 0
    state.phase = FEEDING
    state.queue = [seat]
    return state


def test_grain_card_adds_four_grain_once() -> None:
    state = give(_short(new_game()), 1, "N12-12")
    after, events = play(state, 1, Feed(aids=["N12-12"]))
    assert ev.CrewsFed(seat=1, need=10, grain=10, missing=0, aids=["N12-12"]) in events
    assert after.players[1].score == 0 and "N12-12" not in after.players[1].hand


def test_grain_card_is_a_feeding_aid_not_a_card_play() -> None:
    state = give(_short(new_game()), 1, "N12-12")
    assert refusal(state, 1, PlayCard(card="N12-12")).code == "card.not_playable"
    assert refusal(_short(new_game()), 1, Feed(aids=["N12-12"])).code == "feed.aid_unavailable"


def test_stones_pay_for_missing_grain_one_to_one() -> None:
    state = give(_short(new_game()), 1, "N12-18")
    state.players[1].stones = 7
    assert Feed(aids=["N12-18"]) in legal(state, 1)
    after, events = play(state, 1, Feed(aids=["N12-18"]))
    assert ev.StonesChanged(seat=1, delta=-4, reason="Nile card N12-18: stones for grain") in events
    assert after.players[1].stones == 3 and after.players[1].score == 0


def test_stones_cover_only_what_the_grain_card_leaves_missing() -> None:
    state = give(_short(new_game()), 1, "N12-12", "N12-18")
    state.players[1].crews = [3, 3, 3, 4]  # 13 needed, 6 watered: 7 short
    state.players[1].stones = 10
    after, _ = play(state, 1, Feed(aids=["N12-12", "N12-18"]))
    assert after.players[1].stones == 7 and after.players[1].score == 0


def test_player_without_stones_is_not_asked_and_cannot_use_the_stones_card() -> None:
    state = give(_short(new_game()), 1, "N12-18")
    assert GAME.to_act(state) == set()
    assert refusal(state, 1, Feed(aids=["N12-18"])).code == "feed.aid_unavailable"


def test_an_aid_that_would_not_reduce_the_penalty_is_refused() -> None:
    state = give(_short(new_game()), 1, "N12-12", "N12-18")
    state.players[1].crews = [2, 2, 1, 3]  # 8 needed, 6 watered: the +4 card alone covers it
    state.players[1].stones = 5
    assert refusal(state, 1, Feed(aids=["N12-12", "N12-18"])).code == "feed.aid_useless"


@pytest.mark.parametrize("card", ["N12-15", "N34-15"])
def test_improvement_waters_a_field_one_class_better_for_the_rest_of_the_game(card: str) -> None:
    state = give(_short(new_game()), 1, card)
    state.players[1].fields.append(FieldCard(card="N12-04", grain=5, colour=1))  # yellow-green, dry now
    assert GAME.to_act(state) == {1}  # asked: the improvement could water it
    assert PlayCard(card=card, target="N12-04") in legal(state, 1)
    after, events = play(state, 1, PlayCard(card=card, target="N12-04"))
    assert events == [ev.FieldImproved(seat=1, field="N12-04", card=card)]
    assert after.players[1].fields[1].improved_by == [card]
    fed, _ = play(after, 1, Feed())
    assert fed.players[1].score == 0  # 6 + 5 grain for crews of strength 10


def test_two_improvements_stack_on_a_brown_field() -> None:
    state = give(_short(new_game()), 1, "N12-15", "N34-15")
    state.players[1].fields.append(FieldCard(card="N5-01", grain=9, colour=2))
    assert GAME.to_act(state) == {1}
    once, _ = play(state, 1, PlayCard(card="N12-15", target="N5-01"))
    twice, _ = play(once, 1, PlayCard(card="N34-15", target="N5-01"))
    assert twice.players[1].fields[1].improved_by == ["N12-15", "N34-15"]
    assert GAME.to_act(twice) == set()  # fed in full now: nothing left to ask


@pytest.mark.parametrize("card", ["N12-15", "N34-15"])
def test_improving_a_green_field_is_refused(card: str) -> None:
    state = give(_short(new_game()), 1, card)
    state.players[1].fields.append(FieldCard(card="N12-04", grain=5, colour=1))
    assert refusal(state, 1, PlayCard(card=card, target="START-FIELD")).code == "card.field"


def test_crew_boost_moves_one_crew_once_per_round() -> None:
    state = give(new_game(), 0, "N12-17")
    state.turn = 0
    after, events = play(state, 0, PlayCard(card="N12-17", crews=[3]))
    assert after.players[0].crews[3] == 3
    assert ev.CardUsed(seat=0, card="N12-17") in events
    assert refusal(after, 0, PlayCard(card="N12-17", crews=[0])).code == "card.used_this_round"
    next_round = GAME.evolve(after, ev.RoundStarted(round=2))
    assert "N12-17" not in next_round.players[0].used_this_round


def test_crew_boost_only_on_an_own_turn() -> None:
    state = give(new_game(), 0, "N12-17")
    state.turn = 1
    assert refusal(state, 0, PlayCard(card="N12-17", crews=[0])).code == "card.not_your_turn"


def test_paid_crew_boost_costs_two_stones() -> None:
    state = give(new_game(), 0, "N34-16")
    state.turn, state.players[0].stones = 0, 5
    after, _ = play(state, 0, PlayCard(card="N34-16", crews=[1]))
    assert after.players[0].crews[1] == 2 and after.players[0].stones == 3


def test_paid_crew_boost_refused_with_too_few_stones() -> None:
    state = give(new_game(), 0, "N34-16")
    state.turn, state.players[0].stones = 0, 1
    assert not [c for c in legal(state, 0) if isinstance(c, PlayCard)]
    assert refusal(state, 0, PlayCard(card="N34-16", crews=[1])).code == "card.stones"


def test_six_stones_card_adds_up_to_the_cap() -> None:
    state = give(new_game(), 0, "N5-05")
    state.turn, state.players[0].stones = 0, 22
    after, _ = play(state, 0, PlayCard(card="N5-05"))
    assert after.players[0].stones == 25 and after.players[0].hand == []


def test_six_stones_card_refused_on_a_full_stone_table() -> None:
    state = give(new_game(), 0, "N5-05")
    state.turn, state.players[0].stones = 0, 25
    assert refusal(state, 0, PlayCard(card="N5-05")).code == "card.stone_cap"


def test_selling_stones_scores_one_each_whatever_the_market() -> None:
    state = give(new_game(), 0, "N5-06")
    state.turn, state.players[0].stones = 0, 12
    assert {c.amount for c in legal(state, 0) if isinstance(c, PlayCard)} == set(range(1, 11))
    after, _ = play(state, 0, PlayCard(card="N5-06", amount=10))
    assert after.players[0].stones == 2 and after.players[0].score == 10


def test_selling_more_than_ten_or_more_than_owned_is_refused() -> None:
    state = give(new_game(), 0, "N5-06")
    state.turn, state.players[0].stones = 0, 12
    assert refusal(state, 0, PlayCard(card="N5-06", amount=11)).code == "card.amount"
    state.players[0].stones = 3
    assert refusal(state, 0, PlayCard(card="N5-06", amount=4)).code == "card.amount"


@pytest.mark.parametrize("card", ["N5-05", "N5-06", "N12-17"])
def test_no_card_is_played_during_final_scoring(card: str) -> None:
    state = give(new_game(), 0, card)
    state.phase, state.turn, state.queue = FINAL_SCORING, -1, [0, 1, 2, 3]
    state.players[0].stones = 5
    error = refusal(state, 0, PlayCard(card=card, crews=[0], amount=1))
    assert error.code == "card.not_your_turn" and "final scoring" in english(error.message)
