"""A model-based test of the table around each game (hypothesis stateful) on fakeredis, with the real
processing and a fake clock: random moves, table commands, time passing, absences, opponents' answers.
After every step: no undo hides again what a viewer saw; a seat's time grows only by its allowance at a
turn's start, or by the time its turn ran since its player's absence began (by the service's calendar); an
absent seat never times out; an absence is no seat acting for an undo; each opponents' choice is carried
out once; no move is offered to a bot's seat, nor once over; a game over verifies."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any, ClassVar

import fakeredis
import msgspec
import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from domain.registry import get_game
from services import keys
from services.audit.verify import verify_export
from services.clocks import bank
from services.clocks.calendar import midnight
from services.clocks.config import ClockConfig
from services.errors import ServiceError
from services.inputs import Requester, TableTerms
from services.results import CommandOutcome
from services.store.game_events import to_event
from services.store.records import ENGINE_PREFIX, EventRecord
from services.table.state import (
    CHOICE_ASKED,
    CHOICE_DROPPED,
    CHOICE_MADE,
    DAYS_OFF,
    RESIGNED,
    STAND_IN,
    UNDONE,
    TableState,
)
from services.table.undo import fold_effective
from tests.service.test_clocks import run_due_jobs
from tests.support.harness import FakeClock, drain, make_service

PASSWORD = "correct horse battery"
PER_MOVE, RESERVE = 30.0, 60.0
MOST_SEATS = 4
TABLE_COMMANDS = (
    *["papyrus.pause"] * 3,
    *["papyrus.resume"] * 3,
    *["papyrus.reclaim"] * 3,
    "papyrus.decline_pause",
    "papyrus.withdraw_pause",
    "papyrus.resign",
)
WAITS = (1.0, 7.0, PER_MOVE / 2, PER_MOVE + 1, PER_MOVE + RESERVE + 1)
SLACK = 1e-6
CHOICES = ("wait", "bot", "forfeit")
CARRIED_OUT = {"bot": STAND_IN, "forfeit": RESIGNED}
GAME_ID = "0a1b2c3d4e5f"


def describe(outcome: CommandOutcome | None) -> str:
    if outcome is None:
        return "refused at once"
    return outcome.status if outcome.violation is None else f"{outcome.status} {outcome.violation['code']}"


def out_of_time(record: EventRecord) -> int | None:
    """The seat the clock acted on out of time with ``record`` (its command ids name the seat), if any."""
    kind, _, rest = (record.command_id or "").partition("-")
    if record.actor == "timeout" and kind in ("timeout", "ask", "close"):
        return int(rest.split("-")[0])
    return None


UNTIMED_BOT_MS = 3_600_000  # a stand-in's thinking time, far more than its samples ever take


class TableModel(RuleBasedStateMachine):
    """One game of ``game_name`` per example, its seats held by accounts."""

    game_name: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__()
        self.clock = FakeClock()
        self.connection = fakeredis.FakeRedis(server=fakeredis.FakeServer())
        # A stand-in's move must depend on the example only: its search stops at its samples, never at a
        # time a busy machine would reach first (hypothesis replays an example and expects the same game).
        self.service = make_service(
            self.connection, self.clock, queue_name="papyrus-model", bot_think_ms=UNTIMED_BOT_MS
        )
        self.game = get_game(self.game_name)
        self.game_id = ""
        self.seats = 0
        self.config = ClockConfig(per_move=PER_MOVE, reserve=RESERVE)
        self.sent = 0
        self.version = 0
        self.state: Any = None
        self.records: list[EventRecord] = []
        self.secret: dict[int | None, set[str]] = {}
        self.seen: dict[int | None, set[str]] = {}
        self.turns_moved: dict[int, list[tuple[float, float]]] = {}
        self.ended_checked = False
        self.last_mover: int | None = None
        self.away: set[int] = set()
        self.away_since: dict[int, float] = {}  # when each away seat's clock stopped counting
        self.started_at = self.clock.now
        self.began: dict[int, float] = {}  # when each seat's running turn last (re)started, by the model
        self.undoable: int | None = None  # the seat that moved with no seat acting since (absences aside)
        self.across_absence = False  # an absence was recorded since that move
        self.made: dict[int, int] = {}  # seat -> choices made since it was last asked

    # the steps

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        """A game with every seat held by an account; its seed (and so its deal and its bots, seeded by the
        game's id, which is fixed) drawn with the rest, so that an example plays the same every time."""
        self.seats = data.draw(st.integers(self.game.min_players, min(self.game.max_players, MOST_SEATS)))
        policy = data.draw(st.sampled_from(["bot", "pass", "forfeit"]))
        choose = data.draw(st.booleans())
        seed = data.draw(st.binary(min_size=32, max_size=32))
        clock = {
            "preset": "custom",
            "per_move": PER_MOVE,
            "reserve": RESERVE,
            "policy": policy,
            "opponents_choose": choose,
        }
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr("services.game_service.secrets", SimpleNamespace(token_hex=lambda size: GAME_ID))
            meta = self.service.create_game(self.game_name, self.seats, {}, terms=TableTerms(clock=clock))
        for seat in range(self.seats):
            self.service.accounts.register(f"player{seat}", PASSWORD, display_name=f"Player {seat}")
            self.service.join(
                meta.id, f"Player {seat}", invite=meta.invite, by=Requester(account=f"player{seat}")
            )
        self.game_id = meta.id
        self.connection.set(keys.seed(meta.id), seed)
        self.service.start(meta.id)
        self.turns_moved = {seat: [] for seat in range(self.seats)}
        self._step(lambda: drain(self.service, due_scheduled=False))

    @precondition(lambda self: bool(self._players_to_act()))
    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        seat = data.draw(st.sampled_from(self._players_to_act()))
        legal = self.service.legal_commands(self.game_id, seat)
        command = data.draw(st.sampled_from(legal))
        before = self._remaining()
        folded = len(self.records)
        outcome = self._step(lambda: self._send(seat, command))
        assert outcome is not None and outcome.status == "accepted", outcome
        self.turns_moved[seat].append((before[seat], self.clock.now))
        self.last_mover = seat
        quiet = all(
            record.actor == seat or (record.actor == "system" and record.command_id is None)
            for record in self.records[folded:]
        )
        over = self.service.meta(self.game_id).status == "over"
        self.undoable, self.across_absence = (seat if quiet and not over else None), False

    @rule(seat=st.integers(0, MOST_SEATS - 1), last_mover=st.booleans())
    def undo(self, seat: int, last_mover: bool) -> None:
        """Mostly the seat that moved last takes its move back (any seat asks otherwise)."""
        seat = self.last_mover if last_mover and self.last_mover is not None else seat % self.seats
        folded, undoable, across_absence = len(self.records), self.undoable, self.across_absence
        outcome = self._step(lambda: self._send(seat, {"type": "papyrus.undo"}))
        event(f"papyrus.undo: {describe(outcome)}")
        if seat == undoable:
            assert outcome is not None and describe(outcome) in ("accepted", "rejected undo.revealed"), (
                f"seat {seat}'s undo with no seat acting since its move: {describe(outcome)}"
            )
            if across_absence:
                event(f"papyrus.undo across an absence: {describe(outcome)}")
        if outcome is not None and outcome.status == "accepted":
            self._check_the_undone_turn_resumed(seat, self._timed_out(seat, self.records[folded:]))

    @rule(seat=st.integers(0, MOST_SEATS - 1), kind=st.sampled_from(TABLE_COMMANDS))
    def table_command(self, seat: int, kind: str) -> None:
        outcome = self._step(lambda: self._send(seat % self.seats, {"type": kind}))
        event(f"{kind}: {describe(outcome)}")

    @rule(
        seat=st.integers(0, MOST_SEATS - 1),
        about=st.integers(0, MOST_SEATS - 1),
        choice=st.sampled_from(CHOICES),
    )
    def answer(self, seat: int, about: int, choice: str) -> None:
        """A player answers the question about a seat out of time (mostly one that was asked about)."""
        asked = [entry.seat for entry in self.service.meta(self.game_id).table.choices if entry.open]
        about = asked[about % len(asked)] if asked else about % self.seats
        command = {"type": "papyrus.choose", "about": about, "choice": choice}
        outcome = self._step(lambda: self._send(seat % self.seats, command))
        event(f"papyrus.choose: {describe(outcome)}")

    @rule(seat=st.integers(0, MOST_SEATS - 1))
    def goes_away(self, seat: int) -> None:
        """The seat's player is away from today for three days: longer than any example lasts."""
        seat %= self.seats
        account = f"player{seat}"
        today = self.service.days_off.today(self.service.days_off.doc(account))
        try:
            away = self.service.days_off.add_absence(
                account, today.isoformat(), (today + dt.timedelta(days=2)).isoformat()
            )
        except ServiceError:
            return  # away already
        calendar = self.service.days_off.doc(account).calendar()
        self.away_since.setdefault(seat, midnight(calendar, away.first))
        self._step(lambda: self._changed(account, calendar), away=seat)
        self.away.add(seat)
        event("goes away")

    @rule(seconds=st.sampled_from(WAITS))
    def time_passes(self, seconds: float) -> None:
        def wait() -> None:
            self.clock.advance(seconds)
            run_due_jobs(self.service, self.clock)

        self._step(wait)

    def teardown(self) -> None:
        try:
            if self.game_id and self.service.meta(self.game_id).status != "over":
                for seat in range(self.seats):
                    self._step(lambda seat=seat: self._send(seat, {"type": "papyrus.resign"}))
                assert self.service.meta(self.game_id).status == "over", "every player resigned"
            if self.game_id:
                self.a_finished_game_is_recorded_once_and_verifies()
        finally:
            self.connection.close()

    # what every step checks

    @invariant()
    def no_seat_a_bot_plays_and_nobody_once_over_is_offered_a_move(self) -> None:
        if not self.game_id:
            return
        meta = self.service.meta(self.game_id)
        idle = set(range(self.seats)) if meta.status == "over" else meta.table.bot_played()
        for seat in sorted(idle):
            assert self.service.legal_commands(self.game_id, seat) == [], f"seat {seat} is offered a move"
        if meta.status == "over":
            assert self.service.view(self.game_id, None).to_act == []

    @invariant()
    def a_finished_game_is_recorded_once_and_verifies(self) -> None:
        if not self.game_id or self.ended_checked or self.service.meta(self.game_id).status != "over":
            return
        self.ended_checked = True
        drain(self.service, due_scheduled=False)
        event(f"over: {'by the rules' if self.game.result(self.state) else 'by the table'}")
        summary = self.service.social.finished.get(self.game_id)
        assert summary is not None, "the finished game is in the archive"
        assert self.connection.zscore(keys.finished_pending(), self.game_id) is None
        ratings = self.service.social.ratings.table(self.game_name)
        for player in summary.players:
            assert player.account is not None
            games = ratings[player.account].games if player.account in ratings else 0
            assert games == (1 if summary.rated else 0), "rated once, or not at all"
        table = self.service.meta(self.game_id).table
        places = {player.seat: player.place for player in summary.players}
        self._check_standings(table, places, summary.abandoned)
        result = self.service.view(self.game_id, None).result
        assert result is not None and list(result.places) == [places[seat] for seat in range(self.seats)]
        verdict = verify_export(self.service.export(self.game_id))
        assert verdict.ok, verdict.summary()

    # helpers

    def _changed(self, account: str, calendar: Any) -> None:
        self.service.absences.changed(account, calendar)
        drain(self.service, due_scheduled=False)

    def _check_the_clock(self, record: EventRecord, following: list[EventRecord]) -> None:
        """No timeout for a seat whose player is away (the clock's command ids name the seat); each choice
        the opponents made once per question, and carried out by the fact that follows it."""
        timed_out = out_of_time(record)
        assert timed_out not in self.away, f"seat {timed_out} timed out while its player is away"
        if record.type in (CHOICE_ASKED, CHOICE_DROPPED):
            self.made[record.data["seat"]] = 0
        if record.type == CHOICE_MADE:
            seat = record.data["seat"]
            self.made[seat] = self.made.get(seat, 0) + 1
            assert self.made[seat] == 1, f"two choices made about seat {seat} for one question"
            expected = CARRIED_OUT.get(record.data["choice"])
            if expected is not None:
                assert following and following[0].type == expected and following[0].data["seat"] == seat

    def _players_to_act(self) -> list[int]:
        if not self.game_id:
            return []
        meta = self.service.meta(self.game_id)
        if meta.status == "over" or meta.table.paused:
            return []
        to_act = self.service.view(self.game_id, None).to_act
        return [seat for seat in to_act if seat not in meta.table.bot_played()]

    def _send(self, seat: int, command: dict[str, Any]) -> CommandOutcome | None:
        self.sent += 1
        command_id = f"model-{self.sent}"
        try:
            self.service.submit(self.game_id, seat, command, command_id, None)
        except ServiceError:
            return None  # refused before it was queued (a resigned seat, a game over)
        drain(self.service, due_scheduled=False)
        return self.service.outcome(self.game_id, command_id)

    def _step(
        self, act: Callable[[], CommandOutcome | None], away: int | None = None
    ) -> CommandOutcome | None:
        """Do one step, fold what it appended into the model and check the secrets and the clocks: a seat's
        time grows only when its turn changed (it ended, or another began), and by the allowance at most;
        or, the seat whose player went ``away`` in this step, by the time its running turn ran since the
        absence began (its days off count from their midnight on). A step that appends anything but the
        record of an absence is another seat acting for the undo of the last move."""
        running = self.service.meta(self.game_id).status != "over"
        before, turns = self._remaining(), self._turns()
        folded = len(self.records)
        outcome = act()
        self._fold_new_records()
        new = self.records[folded:]
        if any(record.type != DAYS_OFF for record in new):
            self.undoable = None
        self.across_absence |= any(record.type == DAYS_OFF for record in new)
        if running and self.service.meta(self.game_id).status != "over":
            after, turns_after = self._remaining(), self._turns()
            for seat in range(self.seats):
                allowance = PER_MOVE if turns_after[seat] != turns[seat] else 0.0
                if seat == away and turns[seat] is not None:
                    began = self.began.get(seat, self.started_at)
                    allowance += max(0.0, self.clock.now - max(self.away_since[seat], began))
                assert after[seat] <= before[seat] + allowance + SLACK, f"seat {seat} got time back"
            for seat in range(self.seats):
                if turns_after[seat] is not None and turns_after[seat] != turns[seat]:
                    self.began[seat] = self.clock.now
        return outcome

    def _remaining(self) -> list[float]:
        clocks = self.service.components.deadlines.clocks(self.game_id)
        days_off = self.service.components.days_off.of_game(self.game_id, self.seats)
        fresh = bank.fresh(self.config)
        return [
            bank.remaining(clocks.get(seat, fresh), self.config, self.clock.now, days_off.get(seat))
            for seat in range(self.seats)
        ]

    def _turns(self) -> list[int | None]:
        """Since which version each seat's turn runs (None: it is not on the clock)."""
        clocks = self.service.components.deadlines.clocks(self.game_id)
        return [clocks[seat].since if seat in clocks else None for seat in range(self.seats)]

    def _check_the_undone_turn_resumed(self, seat: int, timed_out: bool) -> None:
        """The undone turn runs on with the time it had left when it ended, less the time since (not while
        its player was away); ``timed_out``: nothing was left, the clock acted on the seat at once and its
        next turn has its allowance (the step's check)."""
        remaining, at = self.turns_moved[seat].pop()
        counted = max(0.0, min(self.clock.now, self.away_since.get(seat, self.clock.now)) - at)  # not away
        left = max(0.0, remaining - counted)
        if timed_out:
            assert left <= SLACK, f"the clock acted on seat {seat} after its undo with {left} s left"
            return
        assert self._remaining()[seat] <= left + SLACK, "an undo gave time back"

    @staticmethod
    def _timed_out(seat: int, records: list[EventRecord]) -> bool:
        """Whether the clock acted on ``seat`` out of time among ``records``."""
        return any(out_of_time(record) == seat for record in records)

    def _fold_new_records(self) -> None:
        new = self.service.components.store.read(self.game_id, after=self.version)
        for index, record in enumerate(new):
            self._check_the_clock(record, new[index + 1 :])
            self.records.append(record)
            if record.type == UNDONE:
                self._undone()
            elif not record.type.startswith(ENGINE_PREFIX):
                self._folded(record)
        if new:
            self.version = new[-1].seq
        if self.service.meta(self.game_id).status != "over":
            _, served = self.service.components.states.load(self.game, self.game_id)
            assert msgspec.msgpack.encode(served) == msgspec.msgpack.encode(self.state), "the model's state"

    def _viewers(self) -> list[int | None]:
        return [None, *range(self.seats)]

    def _folded(self, record: EventRecord) -> None:
        self.state = self.game.evolve(self.state, to_event(self.game, record))
        for viewer in self._viewers():
            now = self.game.secrets(self.state, viewer)
            self.seen.setdefault(viewer, set()).update(self.secret.get(viewer, set()) - now)
            self.secret[viewer] = now

    def _undone(self) -> None:
        self.state = fold_effective(self.game, self.records, None)
        for viewer in self._viewers():
            now = self.game.secrets(self.state, viewer)
            hidden_again = (now - self.secret.get(viewer, set())) & self.seen.get(viewer, set())
            assert not hidden_again, (
                f"an undo hid again from viewer {viewer} what it had seen: {hidden_again}"
            )
            self.secret[viewer] = now

    def _check_standings(self, table: TableState, places: dict[int, int], abandoned: bool) -> None:
        """Seats that resigned or forfeited share the last place; a game nobody played to its end is
        abandoned, every seat sharing the one place; the others keep the game's own order."""
        assert abandoned == (set(range(self.seats)) <= table.bot_played())
        if abandoned:
            assert set(places.values()) == {1}
            return
        fallen = {entry.seat for entry in table.resigned}
        kept = [seat for seat in range(self.seats) if seat not in fallen]
        assert all(places[seat] == len(kept) + 1 for seat in fallen), places
        assert all(places[seat] <= len(kept) for seat in kept), places
        result = self.game.result(self.state) if table.ended is None else None
        if result is not None:
            order = [seat for seat in result.ranking if seat not in fallen]
            assert [places[seat] for seat in order] == sorted(places[seat] for seat in order), places


FAST = settings(
    max_examples=4,
    stateful_step_count=15,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
# The same examples on every run, as the fast ones: a suite's verdict does not depend on its luck. Other
# examples are explored on purpose, with pytest's --hypothesis-seed.
DEEP = settings(FAST, max_examples=12, stateful_step_count=30, derandomize=True)


def machine(name: str) -> type[TableModel]:
    return type(f"{name.capitalize()}Table", (TableModel,), {"game_name": name})


EgiziaTable, GizaTable, SobekTable = (machine(name) for name in ("egizia", "giza", "sobek"))

TestEgiziaTable = EgiziaTable.TestCase
TestEgiziaTable.settings = FAST
TestGizaTable = GizaTable.TestCase
TestGizaTable.settings = FAST
TestSobekTable = SobekTable.TestCase
TestSobekTable.settings = FAST


@pytest.mark.slow
@pytest.mark.parametrize("model", [EgiziaTable, GizaTable, SobekTable], ids=["egizia", "giza", "sobek"])
def test_the_table_holds_over_many_more_random_examples(model: type[TableModel]) -> None:
    run_state_machine_as_test(model, settings=DEEP)


class Scripted:
    """The draws of a written-out example, in order, in place of hypothesis's data."""

    def __init__(self, *values: object) -> None:
        self.values = list(values)

    def draw(self, strategy: st.SearchStrategy[Any]) -> Any:
        return self.values.pop(0)


def test_an_undo_whose_turn_ran_out_meanwhile_lets_the_clock_act_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three-seat Egizia, the seats not to act first away (so nobody times out): a move, 91 s, its undo. The
    turn resumes with 90 - 91 s left and the clock passes for the seat in the undo's step; the seat's next
    turn has its allowance, which is no time given back."""
    monkeypatch.setattr(f"{__name__}.event", lambda *args: None)
    model = EgiziaTable()
    model.start(Scripted(3, "pass", False, bytes(32)))  # type: ignore[arg-type]
    first = model._players_to_act()[0]
    for seat in sorted(set(range(3)) - {first}):
        model.goes_away(seat)
    move = model.service.legal_commands(model.game_id, first)[0]
    model.move(Scripted(first, move))  # type: ignore[arg-type]
    model.time_passes(PER_MOVE + RESERVE + 1)
    model.undo(first, last_mover=True)
    undone, timed_out = model.records[-2:]
    assert undone.type == UNDONE, "the undo was accepted"
    assert model._timed_out(first, [timed_out]), "the clock acted on the seat at once"
    model.teardown()


def test_an_undo_across_its_players_absence_is_accepted_and_gives_no_time_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three-seat Egizia: the first seat uses 31 s, moves, and its player goes away from today; its undo is
    accepted (an absence is no seat acting), and the turn resumes with the 59 s it had left, frozen: the
    absence counts from its midnight, which gives none of the 31 s back, and nothing runs while away."""
    monkeypatch.setattr(f"{__name__}.event", lambda *args: None)
    model = EgiziaTable()
    model.start(Scripted(3, "pass", False, bytes(32)))  # type: ignore[arg-type]
    first = model._players_to_act()[0]
    model.time_passes(PER_MOVE + 1)
    move = model.service.legal_commands(model.game_id, first)[0]
    model.move(Scripted(first, move))  # type: ignore[arg-type]
    model.time_passes(7.0)
    model.goes_away(first)
    assert model.records[-1].type == DAYS_OFF, "the absence is recorded after the move"
    model.time_passes(7.0)
    model.undo(first, last_mover=True)
    assert model.records[-1].type == UNDONE, "the undo was accepted"
    shown = model.service.view(model.game_id, first).clocks[first]
    assert (shown.running, shown.remaining) == (False, PER_MOVE + RESERVE - PER_MOVE - 1)
    model.teardown()
