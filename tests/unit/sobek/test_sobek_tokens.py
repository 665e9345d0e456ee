"""Every event token: its effect when chosen after a set, and a refusal naming its rule."""

from __future__ import annotations

import pytest
from sobek_support import empty_hands, give, lay, new_game, of_type, play, set_tokens, turn_of

from domain.engine import RuleViolation
from domain.games.sobek import GAME, SobekState
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.state import CURSE_TARGET, GUILD_PUSH, PROSPERITY_SET, TOKEN
from services.i18n import english

SET = ["FIS-01", "FIS-02", "ST-FIS-1"]


def _choosing(tokens: list[str], extra: list[str] | None = None) -> SobekState:
    """Seat 0 has just played a fish set and must choose one of ``tokens``."""
    state = turn_of(new_game(3), 0)
    empty_hands(state)
    give(state, 0, SET + (extra or []))
    set_tokens(state, tokens)
    after, _ = play(state, 0, cmd.PlaySet(cards=SET))
    assert after.pending == TOKEN
    return after


def test_guild_moves_the_marker_to_the_next_symbol_and_pushes_an_opponent_back() -> None:
    state = _choosing(["EV-GUILD-1", "EV-FLOOD-1"])
    state.players[0].score, state.players[2].score = 39, 25
    after, events = play(state, 0, cmd.ChooseToken(token="EV-GUILD-1"))  # the ankh Guild
    assert events[1] == ev.MarkerMoved(seat=0, by=0, reason="guild", before=39, after=43)
    assert after.pending == GUILD_PUSH and GAME.legal_commands(after, 0) == [
        cmd.Push(target=1),
        cmd.Push(target=2),
    ]
    done, pushed = play(after, 0, cmd.Push(target=2))
    assert pushed[0] == ev.MarkerMoved(seat=2, by=0, reason="guild push", before=25, after=23)
    assert done.players[0].score == 43 and done.players[2].score == 23 and done.turn == 1
    assert "EV-GUILD-1" in done.used_tokens and "EV-GUILD-1" not in done.tokens
    with pytest.raises(RuleViolation, match="targets one of your opponents") as refused:
        GAME.decide(after, 0, cmd.Push(target=0))
    assert refused.value.details == {"field": "target"}


def test_the_eye_guild_walks_to_eye_squares_and_a_push_stops_at_zero() -> None:
    state = _choosing(["EV-GUILD-2"])
    state.players[0].score, state.players[1].score = 99, 3
    after, events = play(state, 0, cmd.ChooseToken(token="EV-GUILD-2"))
    assert events[1].after == 101  # past 100 the marker goes round: square 1 shows an eye
    _, pushed = play(after, 0, cmd.Push(target=1))
    assert pushed[0].after == 1
    _, pushed = play(after, 0, cmd.Push(target=2))
    assert pushed[0].before == 0 and pushed[0].after == 0


def test_flood_gives_the_same_player_another_turn() -> None:
    state = _choosing(["EV-FLOOD-1"])
    after, events = play(state, 0, cmd.ChooseToken(token="EV-FLOOD-1"))
    assert of_type(events, ev.ExtraTurnGranted) == [ev.ExtraTurnGranted(seat=0, token="EV-FLOOD-1")]
    assert events[-1] == ev.TurnBegan(seat=0, extra=True)
    assert (
        after.turn == 0
        and after.extra_turns == 0
        and english(GAME.view(after, 0).prompt.text).startswith("Flood")
    )
    _, events = play(after, 0, cmd.Take(position=1))
    assert events[-1] == ev.TurnBegan(seat=1)
    with pytest.raises(RuleViolation, match="left face down this round"):
        GAME.decide(state, 0, cmd.ChooseToken(token="EV-FLOOD-2"))


def test_curse_goes_to_the_chosen_opponent_and_counts_as_two_corruption_cards() -> None:
    state = _choosing(["EV-CURSE-2"])
    after, _ = play(state, 0, cmd.ChooseToken(token="EV-CURSE-2"))
    assert after.pending == CURSE_TARGET
    done, events = play(after, 0, cmd.Curse(target=1))
    assert events[0] == ev.CurseGiven(seat=0, target=1, token="EV-CURSE-2")
    assert done.players[1].curses == ["EV-CURSE-2"]
    assert GAME.view(done, 1).players[1].corruption_count == 2
    assert [p.curses for p in GAME.view(done, 2).players][1][0].id == "EV-CURSE-2"
    with pytest.raises(RuleViolation, match="Curse targets one of your opponents"):
        GAME.decide(after, 0, cmd.Curse(target=0))


def test_prosperity_adds_two_scarabs_to_a_cattle_fish_or_wheat_set() -> None:
    state = _choosing(["EV-PROSP-1"])
    lay(state, 0, ["IVO-01", "IVO-02", "IVO-03"], "ivory")
    after, _ = play(state, 0, cmd.ChooseToken(token="EV-PROSP-1"))
    assert after.pending == PROSPERITY_SET and GAME.legal_commands(after, 0) == [cmd.Prosper(set=0)]
    done, _ = play(after, 0, cmd.Prosper(set=0))
    assert done.players[0].upright[0].prosperity == ["EV-PROSP-1"]
    assert GAME.view(done, 0).players[0].upright[0].points == (2 + 2) * 3
    with pytest.raises(RuleViolation, match="cattle, fish, wheat sets only"):
        GAME.decide(after, 0, cmd.Prosper(set=1))


def test_prosperity_without_a_cattle_fish_or_wheat_set_may_be_chosen_and_is_wasted() -> None:
    state = turn_of(new_game(3), 0)
    empty_hands(state)
    give(state, 0, ["IVO-01", "IVO-02", "IVO-03"])
    set_tokens(state, ["EV-PROSP-2"])
    after, _ = play(state, 0, cmd.PlaySet(cards=["IVO-01", "IVO-02", "IVO-03"]))
    done, events = play(after, 0, cmd.ChooseToken(token="EV-PROSP-2"))
    assert events[1] == ev.ProsperityPlaced(seat=0, token="EV-PROSP-2", set=-1)
    assert done.turn == 1 and "EV-PROSP-2" in done.used_tokens


def test_embalming_takes_the_whole_corruption_pile_into_the_hand_curses_stay() -> None:
    state = _choosing(["EV-EMBALM-1"], extra=["IVO-01"])
    give(state, 0, ["WHE-01", "CH-THIEF"], pile="corruption")
    state.players[0].curses = ["EV-CURSE-1"]
    done, events = play(state, 0, cmd.ChooseToken(token="EV-EMBALM-1"))
    assert events[1] == ev.Embalmed(seat=0, cards=["WHE-01", "CH-THIEF"], count=2)
    assert done.players[0].hand == ["IVO-01", "WHE-01", "CH-THIEF"]
    assert done.players[0].corruption == [] and done.players[0].curses == ["EV-CURSE-1"]
    with pytest.raises(RuleViolation, match="left face down this round"):
        GAME.decide(state, 0, cmd.ChooseToken(token="EV-EMBALM-2"))


def test_fraud_moves_forward_by_the_pile_and_shows_its_count_to_everyone() -> None:
    state = _choosing(["EV-FRAUD-1"])
    give(state, 0, ["WHE-01", "CH-THIEF", "IVO-04"], pile="corruption")
    state.players[0].curses = ["EV-CURSE-1"]  # a Curse is no card: Fraud does not count it
    state.players[0].score = 10
    done, events = play(state, 0, cmd.ChooseToken(token="EV-FRAUD-1"))
    assert events[1:3] == [
        ev.FraudRevealed(seat=0, count=3),
        ev.MarkerMoved(seat=0, by=0, reason="fraud", before=10, after=13),
    ]
    assert [GAME.view(done, viewer).players[0].revealed_corruption for viewer in (None, 1, 2)] == [3, 3, 3]
    assert GAME.view(done, 1).players[0].corruption_count is None
    with pytest.raises(RuleViolation, match="not your turn"):
        GAME.decide(state, 1, cmd.ChooseToken(token="EV-FRAUD-1"))
