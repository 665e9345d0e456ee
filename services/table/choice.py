"""Opponents choose: in a game whose clock has ``opponents_choose``, a seat out of time is not handled by the
policy at once; the other players still playing their own seats are asked, for a day, whether to **wait**
(another turn's time), let a **bot** play the seat or end its game as a **forfeit**. The most answers win, a
tie goes to the gentlest choice (wait, bot, forfeit), nobody answering leaves it to the policy; a seat that
plays meanwhile has the question dropped. Pure, from the commands' own times, so ``papyrus verify`` decides
the same (docs/days-off.md#opponents-choose)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from domain.engine import RuleViolation
from domain.messages import msg
from services.store.event_store import NewEvent
from services.table import commands as tc
from services.table.state import (
    CHOICE_ASKED,
    CHOICE_DROPPED,
    CHOICE_MADE,
    CHOICE_VOTED,
    SeatChoice,
    TableState,
    Vote,
)

WAIT, BOT, FORFEIT, PASS = "wait", "bot", "forfeit", "pass"
CHOICES = (WAIT, BOT, FORFEIT)  # gentlest first: a tie goes to the first of the tied
DEFAULTS = (BOT, PASS, FORFEIT)  # the clock's policies, when nobody answered
ANSWER_SECONDS = 86_400.0
BY_VOTES, BY_DEFAULT = "votes", "default"


class ChoiceMoment(NamedTuple):
    """What deciding a question reads: the table, the seats that must act now, the seats held by players
    (not bots) and the command's time (epoch seconds)."""

    table: TableState
    to_act: frozenset[int]
    humans: frozenset[int]
    at: float


def voters(table: TableState, humans: frozenset[int], about: int) -> frozenset[int]:
    """Who is asked about seat ``about``: the other players still playing their own seats."""
    return frozenset(humans - {about} - table.bot_played())


def tally(votes: Sequence[Vote]) -> str | None:
    """The choice the answers make (None: no answer): the most answers, a tie to the gentlest."""
    counts = Counter(vote.choice for vote in votes if vote.choice in CHOICES)
    if not counts:
        return None
    most = max(counts.values())
    return next(choice for choice in CHOICES if counts[choice] == most)


def due_at(entry: SeatChoice | None, deadline: float, extra: float) -> float:
    """When the clock next acts on a seat whose turn's ``deadline`` is known, never before that deadline
    (days off that began since it was asked move it on): the end of the day to answer while the question is
    open, the end of the ``extra`` time after a "wait" (when the ruling was made plus a turn's time, days off
    included by the caller), when the ruling was made after a "pass"."""
    if entry is None:
        return deadline
    if entry.open:
        return max(entry.until, deadline)
    if entry.ruling == WAIT and entry.ruled_at is not None:
        return max(deadline, extra)
    return max(deadline, entry.ruled_at or deadline)


def decide_choice(
    moment: ChoiceMoment, seat: int, command: tc.TableCommand
) -> tuple[list[NewEvent], str | None]:
    """The facts of a question's command and the choice it made, if any ("bot" and "forfeit" are for the
    caller to carry out), or :class:`RuleViolation`. ``seat`` is the command's: the voter for an answer, the
    seat out of time for the clock's."""
    if isinstance(command, tc.TimeOutAsk):
        return _ask(moment, seat), None
    if isinstance(command, tc.DropChoice):
        if moment.table.choice_for(seat) is None:
            raise RuleViolation("choice.not_asked", msg("Nobody was asked about this seat."))
        return [NewEvent(CHOICE_DROPPED, {"seat": seat})], None
    if isinstance(command, tc.Choose):
        return _answer(moment, seat, command)
    assert isinstance(command, tc.CloseChoice)
    entry = _open(moment, seat)
    if moment.at < entry.until:
        raise RuleViolation("choice.not_over", msg("The players still have time to answer."))
    made = tally(entry.votes)
    if made is None and command.default not in DEFAULTS:
        raise RuleViolation("choice.default", msg("This is not a policy of the clock."))
    chosen = made or command.default
    by = BY_VOTES if made is not None else BY_DEFAULT
    return [NewEvent(CHOICE_MADE, {"seat": seat, "choice": chosen, "by": by, "at": moment.at})], chosen


def _ask(moment: ChoiceMoment, seat: int) -> list[NewEvent]:
    entry = moment.table.choice_for(seat)
    if entry is not None and entry.open:
        raise RuleViolation("choice.asked", msg("The other players were asked already."))
    if seat not in moment.to_act:
        raise RuleViolation("choice.moot", msg("This seat has nothing to play."))
    if not voters(moment.table, moment.humans, seat):
        raise RuleViolation("choice.no_voters", msg("No other player can answer."))
    return [NewEvent(CHOICE_ASKED, {"seat": seat, "until": moment.at + ANSWER_SECONDS})]


def _open(moment: ChoiceMoment, about: int) -> SeatChoice:
    entry = moment.table.choice_for(about)
    if entry is None or not entry.open:
        raise RuleViolation("choice.not_asked", msg("Nobody is asked about this seat now."))
    if about not in moment.to_act:
        raise RuleViolation("choice.moot", msg("This player has moved since: nothing to choose."))
    return entry


def _answer(moment: ChoiceMoment, seat: int, command: tc.Choose) -> tuple[list[NewEvent], str | None]:
    about = command.about
    entry = _open(moment, about)
    asked = voters(moment.table, moment.humans, about)
    if seat not in asked:
        raise RuleViolation("choice.not_yours", msg("Only the other players still playing answer this."))
    if command.choice not in CHOICES:
        raise RuleViolation("choice.unknown", msg("Choose to wait, to let a bot play, or a forfeit."))
    if moment.at > entry.until:
        raise RuleViolation("choice.closed", msg("The day to answer is over."))
    if any(vote.seat == seat for vote in entry.votes):
        raise RuleViolation("choice.answered", msg("You answered already."))
    facts = [NewEvent(CHOICE_VOTED, {"seat": seat, "about": about, "choice": command.choice})]
    votes = [*entry.votes, Vote(seat=seat, choice=command.choice)]
    if not asked <= {vote.seat for vote in votes}:
        return facts, None
    made = tally(votes)
    assert made is not None
    facts.append(NewEvent(CHOICE_MADE, {"seat": about, "choice": made, "by": BY_VOTES, "at": moment.at}))
    return facts, made
