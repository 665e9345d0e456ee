"""Playing a set: three or more of one goods type, amulets wild, characters as their type, joining a set of
the same type; then the event token choice while any are left."""

from __future__ import annotations

import pytest
from sobek_support import empty_hands, give, lay, new_game, play, set_tokens, turn_of

from domain.engine import RuleViolation
from domain.games.sobek import GAME
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.state import ACTION, TOKEN
from services.i18n import english


def _game(hand: list[str], tokens: list[str] | None = None) -> object:
    state = turn_of(new_game(3), 0)
    empty_hands(state)
    give(state, 0, hand)
    set_tokens(state, tokens if tokens is not None else ["EV-FLOOD-1", "EV-FRAUD-2"])
    return state


def test_a_set_of_three_lays_upright_and_opens_the_token_choice() -> None:
    state = _game(["FIS-01", "FIS-02", "ST-FIS-1", "IVO-01"])
    after, events = play(state, 0, cmd.PlaySet(cards=["FIS-01", "FIS-02", "ST-FIS-1"]))
    assert events == [
        ev.SetPlayed(seat=0, cards=["FIS-01", "FIS-02", "ST-FIS-1"], goods="fish", set=0, joined=False)
    ]
    assert after.players[0].hand == ["IVO-01"]
    assert after.players[0].upright[0].cards == ["FIS-01", "FIS-02", "ST-FIS-1"]
    assert after.pending == TOKEN and GAME.to_act(after) == {0}
    assert GAME.legal_commands(after, 0) == [
        cmd.ChooseToken(token="EV-FLOOD-1"),
        cmd.ChooseToken(token="EV-FRAUD-2"),
    ]


def test_amulets_are_wild_and_a_character_counts_as_its_goods_type() -> None:
    state = _game(["WHE-01", "AMU-01", "CH-MERCHANT", "AMU-02"])
    after, events = play(state, 0, cmd.PlaySet(cards=["WHE-01", "AMU-01", "CH-MERCHANT", "AMU-02"]))
    assert events[0].goods == "wheat" and after.players[0].upright[0].goods == "wheat"


def test_three_amulets_alone_are_a_set_of_the_seventh_goods_type() -> None:
    state = _game(["AMU-01", "AMU-02", "AMU-03"])
    _, events = play(state, 0, cmd.PlaySet(cards=["AMU-01", "AMU-02", "AMU-03"]))
    assert events[0].goods == "amulet"
    assert cmd.PlaySet(cards=["AMU-01", "AMU-02", "AMU-03"]) in GAME.legal_commands(state, 0)


def test_adding_to_an_upright_set_of_the_same_type_needs_three_cards_too() -> None:
    state = _game(["IVO-01", "IVO-04", "AMU-01", "IVO-05"])
    lay(state, 0, ["CAT-01", "CAT-02", "CAT-03"], "cattle")
    lay(state, 0, ["IVO-02", "IVO-03", "ST-IVO-1"], "ivory")
    after, events = play(state, 0, cmd.PlaySet(cards=["IVO-01", "IVO-04", "AMU-01"], join=1))
    assert events[0] == ev.SetPlayed(
        seat=0, cards=["IVO-01", "IVO-04", "AMU-01"], goods="ivory", set=1, joined=True
    )
    assert after.players[0].upright[1].cards == ["IVO-02", "IVO-03", "ST-IVO-1", "IVO-01", "IVO-04", "AMU-01"]
    with pytest.raises(RuleViolation, match="at least 3 cards"):
        GAME.decide(state, 0, cmd.PlaySet(cards=["IVO-01", "IVO-04"], join=1))
    with pytest.raises(RuleViolation, match="Only cattle cards or amulets may join your cattle set"):
        GAME.decide(state, 0, cmd.PlaySet(cards=["IVO-01", "IVO-04", "IVO-05"], join=0))
    with pytest.raises(RuleViolation, match="no upright set with that number") as refused:
        GAME.decide(state, 0, cmd.PlaySet(cards=["IVO-01", "IVO-04", "IVO-05"], join=2))
    assert refused.value.details == {"field": "join"}


def test_legal_sets_list_each_distinct_choice_once_new_and_joined() -> None:
    state = _game(["WHE-01", "WHE-02", "WHE-07", "AMU-01"])
    lay(state, 0, ["WHE-03", "WHE-04", "WHE-05"], "wheat")
    sets = [c for c in GAME.legal_commands(state, 0) if isinstance(c, cmd.PlaySet)]
    # kinds: two 1-scarab wheat, one plain wheat, one amulet
    new = [c for c in sets if c.join == -1]
    joined = [c for c in sets if c.join == 0]
    assert len(new) == len(joined) == 4  # (2,1,0) (2,0,1) (1,1,1) (2,1,1) of the three kinds
    assert cmd.PlaySet(cards=["WHE-01", "WHE-02", "WHE-07", "AMU-01"]) in new
    assert all(GAME.decide(state, 0, command) for command in sets)
    # the same choice with the other, interchangeable, 1-scarab wheat card is accepted too
    assert GAME.decide(state, 0, cmd.PlaySet(cards=["WHE-02", "WHE-07", "AMU-01"]))


@pytest.mark.parametrize(
    ("cards", "message", "code"),
    [
        (["FIS-01", "FIS-02"], "at least 3 cards", "set.size"),
        (["FIS-01", "FIS-02", "IVO-01"], "one goods type", "set.mixed"),
        (["FIS-01", "FIS-02", "FIS-03"], "do not hold every card", "cards.not_held"),
        (["FIS-01", "FIS-01", "FIS-02"], "named twice", "cards.repeated"),
        ([], "Name the cards", "cards.empty"),
    ],
)
def test_a_bad_set_is_refused_naming_the_rule_without_repeating_card_ids(
    cards: list[str], message: str, code: str
) -> None:
    state = _game(["FIS-01", "FIS-02", "IVO-01", "AMU-01"])
    with pytest.raises(RuleViolation, match=message) as refused:
        GAME.decide(state, 0, cmd.PlaySet(cards=cards))
    assert refused.value.code == code
    assert "FIS-03" not in english(refused.value.message)


def test_no_token_choice_once_the_five_tokens_of_the_round_are_gone() -> None:
    state = _game(["FIS-01", "FIS-02", "ST-FIS-1"], tokens=[])
    after, events = play(state, 0, cmd.PlaySet(cards=["FIS-01", "FIS-02", "ST-FIS-1"]))
    assert after.pending == ACTION and after.turn == 1
    assert events[-1] == ev.TurnBegan(seat=1)


def test_the_token_must_be_chosen_before_anything_else() -> None:
    state = _game(["FIS-01", "FIS-02", "ST-FIS-1", "IVO-01"])
    after, _ = play(state, 0, cmd.PlaySet(cards=["FIS-01", "FIS-02", "ST-FIS-1"]))
    with pytest.raises(RuleViolation, match="first choose which event token to resolve"):
        GAME.decide(after, 0, cmd.Take(position=1))
    with pytest.raises(RuleViolation, match="left face down this round"):
        GAME.decide(after, 0, cmd.ChooseToken(token="EV-GUILD-1"))
