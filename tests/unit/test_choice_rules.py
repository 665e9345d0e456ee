"""The pure rules of opponents choose (services/table/choice.py) on fake times: who is asked, the majority
of answers within the day (a tie to the gentlest choice), the policy when nobody answered, and when the clock
next acts on a seat asked about or waited for."""

from __future__ import annotations

import pytest

from domain.engine import RuleViolation
from services.store.event_store import NewEvent
from services.table import commands as tc
from services.table.choice import ANSWER_SECONDS, ChoiceMoment, decide_choice, due_at, tally, voters
from services.table.state import Resignation, SeatChoice, TableState, Vote, fold_fact

T0 = 1_800_000_000.0
HUMANS = frozenset({0, 1, 2, 3})


def folded(table: TableState, facts: list[NewEvent]) -> TableState:
    for fact in facts:
        table = fold_fact(table, fact.type, fact.data)
    return table


def asked(at: float = T0) -> TableState:
    facts, _ = decide_choice(ChoiceMoment(TableState(), frozenset({0}), HUMANS, at), 0, tc.TimeOutAsk())
    return folded(TableState(), facts)


def vote(table: TableState, seat: int, choice: str, at: float) -> tuple[TableState, str | None]:
    moment = ChoiceMoment(table, frozenset({0}), HUMANS, at)
    facts, made = decide_choice(moment, seat, tc.Choose(about=0, choice=choice))
    return folded(table, facts), made


@pytest.mark.parametrize(
    ("answers", "made"),
    [
        ([], None),
        (["forfeit"], "forfeit"),
        (["forfeit", "bot"], "bot"),
        (["forfeit", "wait"], "wait"),
        (["bot", "wait", "forfeit"], "wait"),
        (["forfeit", "forfeit", "bot"], "forfeit"),
        (["bot", "bot", "wait"], "bot"),
    ],
)
def test_the_most_answers_win_and_a_tie_goes_to_the_gentlest(answers: list[str], made: str | None) -> None:
    assert tally([Vote(seat=seat, choice=choice) for seat, choice in enumerate(answers)]) == made


def test_the_players_asked_are_the_others_still_playing_their_seats() -> None:
    table = TableState(resigned=[Resignation(seat=2, reason="resigned")], stand_in=[3])
    assert voters(table, HUMANS, 0) == {1}
    assert voters(TableState(), frozenset({0}), 0) == frozenset()


def test_the_last_answer_decides_at_once_within_the_day() -> None:
    table = asked()
    entry = table.choice_for(0)
    assert entry is not None and entry.until == T0 + ANSWER_SECONDS
    table, made = vote(table, 1, "forfeit", T0 + 60)
    assert made is None
    table, made = vote(table, 2, "bot", T0 + 120)
    assert made is None
    table, made = vote(table, 3, "forfeit", T0 + ANSWER_SECONDS)
    assert made == "forfeit"


def test_an_answer_after_the_day_or_twice_or_from_the_seat_itself_is_refused() -> None:
    table = asked()
    for seat, at, code in (
        (1, T0 + ANSWER_SECONDS + 1, "choice.closed"),
        (0, T0 + 1, "choice.not_yours"),
    ):
        with pytest.raises(RuleViolation) as refused:
            vote(table, seat, "wait", at)
        assert refused.value.code == code
    table, _ = vote(table, 1, "wait", T0 + 1)
    with pytest.raises(RuleViolation) as again:
        vote(table, 1, "bot", T0 + 2)
    assert again.value.code == "choice.answered"


def test_the_clock_closes_only_after_the_day_and_then_the_answers_or_the_policy_decide() -> None:
    table = asked()
    close = tc.CloseChoice(default="pass")
    with pytest.raises(RuleViolation) as early:
        decide_choice(ChoiceMoment(table, frozenset({0}), HUMANS, T0 + ANSWER_SECONDS - 1), 0, close)
    assert early.value.code == "choice.not_over"
    late = ChoiceMoment(table, frozenset({0}), HUMANS, T0 + ANSWER_SECONDS)
    facts, made = decide_choice(late, 0, close)
    assert made == "pass" and facts[0].data["by"] == "default"
    answered, _ = vote(table, 1, "wait", T0 + 5)
    facts, made = decide_choice(late._replace(table=answered), 0, close)
    assert made == "wait" and facts[0].data["by"] == "votes"


def test_a_seat_that_moved_is_not_asked_about_and_its_question_can_be_dropped() -> None:
    with pytest.raises(RuleViolation) as moot:
        decide_choice(ChoiceMoment(TableState(), frozenset(), HUMANS, T0), 0, tc.TimeOutAsk())
    assert moot.value.code == "choice.moot"
    table = asked()
    with pytest.raises(RuleViolation) as moved:
        decide_choice(ChoiceMoment(table, frozenset(), HUMANS, T0 + 1), 1, tc.Choose(about=0, choice="bot"))
    assert moved.value.code == "choice.moot"
    facts, _ = decide_choice(ChoiceMoment(table, frozenset(), HUMANS, T0 + 1), 0, tc.DropChoice())
    assert folded(table, facts).choices == []


def test_the_clock_acts_at_the_end_of_the_day_or_of_the_extra_time_after_a_wait() -> None:
    deadline = T0 - 10
    assert due_at(None, deadline, 0.0) == deadline
    open_question = SeatChoice(seat=0, until=T0 + ANSWER_SECONDS)
    assert due_at(open_question, deadline, 0.0) == T0 + ANSWER_SECONDS
    waited = SeatChoice(seat=0, until=T0 + ANSWER_SECONDS, ruling="wait", ruled_at=T0 + 100)
    assert due_at(waited, deadline, T0 + 100 + 3600) == T0 + 3700
    passed = SeatChoice(seat=0, until=T0 + ANSWER_SECONDS, ruling="pass", ruled_at=T0 + ANSWER_SECONDS)
    assert due_at(passed, deadline, 0.0) == T0 + ANSWER_SECONDS
