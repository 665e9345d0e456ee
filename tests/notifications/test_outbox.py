"""The outbox: notifications are written by the very append that causes them, once per turn, with a
de-duplication key; a refused (stale) append writes none."""

from __future__ import annotations

from collections import Counter

import msgspec
import pytest

from domain.engine import apply_command, start
from domain.games.giza import GAME as GIZA
from domain.games.giza.state import GizaState
from services import keys
from services.clocks.reminders import QuarterLeft
from services.game_service import GameService
from services.i18n import english
from services.inputs import Requester
from services.notifications.messages import ABANDONED_TEXT, describe, signed, webhook_body
from services.notifications.outbox import enqueue_reminder
from services.processing.append_notes import Notification, Reached, after_append
from services.results import GameMeta, Player
from services.store.event_store import Alongside, Head, StaleVersion
from tests.notifications.conftest import CapturedMail
from tests.notifications.support import account_game, address, outbox_notes, with_email
from tests.support.harness import FakeClock, drain, play_out, sweep_later


@pytest.mark.usefixtures("keep_outbox")
def test_the_start_notifies_every_account_seat_and_the_seats_to_act(service: GameService) -> None:
    game_id = account_game(service, ["Ann", "Bob"])
    service.processor.set_up(game_id)
    started = outbox_notes(service, game_id)
    assert sorted((n.kind, n.seat) for n in started) == [("game_started", 0), ("game_started", 1)]
    setup_version = service.components.store.head(game_id).version
    assert all(n.key == f"{game_id}:{setup_version}:game_started:{n.seat}" for n in started)
    drain(service)  # the automatic deal, after which both seats must play
    turns = [n for n in outbox_notes(service, game_id) if n.kind == "your_turn"]
    version = service.components.store.head(game_id).version
    assert sorted(n.seat for n in turns) == [0, 1] and {n.version for n in turns} == {version}


def test_a_refused_append_writes_no_notification(service: GameService) -> None:
    game_id = account_game(service, ["Ann", "Bob"])
    service.processor.set_up(game_id)
    store = service.components.store
    before = service.components.redis.xlen(keys.notify_outbox(game_id))
    head = store.head(game_id)
    with pytest.raises(StaleVersion):
        store.append(game_id, Head(head.version - 1, head.hash), [], alongside=Alongside(outbox_entry=b"[]"))
    assert service.components.redis.xlen(keys.notify_outbox(game_id)) == before


@pytest.mark.usefixtures("keep_outbox")
def test_each_turn_notifies_its_seat_once_and_the_end_carries_the_ranking(service: GameService) -> None:
    game_id = account_game(service, ["Ann", "Bob", "Cy"], hand=3)
    play_out(service, game_id)
    notes = outbox_notes(service, game_id)
    turns = Counter(n.seat for n in notes if n.kind == "your_turn")
    assert turns == {0: 3, 1: 3, 2: 3}  # three rounds, every seat plays once a round
    keys_seen = [n.key for n in notes]
    assert len(keys_seen) == len(set(keys_seen))
    ended = [n for n in notes if n.kind == "game_ended"]
    result = service.view(game_id, None).result
    assert [n.seat for n in ended] == [0, 1, 2]
    assert all(n.ranking == list(result.ranking) and n.scores == list(result.scores) for n in ended)


@pytest.mark.usefixtures("keep_outbox")
def test_bots_and_seats_without_an_account_are_not_notified(service: GameService) -> None:
    meta = service.create_game("toy", 3, {"hand": 2})
    service.join(meta.id, "Ann", by=Requester(account="Ann"))
    service.join(meta.id, "Guest")
    service.start(meta.id, fill_with_bots=True)
    play_out(service, meta.id)
    assert {n.seat for n in outbox_notes(service, meta.id)} == {0}


def test_delivered_entries_leave_the_outbox_and_each_mail_goes_once(
    service: GameService, mails: CapturedMail
) -> None:
    with_email(service, "Ann")
    game_id = account_game(service, ["Ann", "Bob"])
    drain(service)
    assert outbox_notes(service, game_id) == []
    subjects = sorted(m["Subject"] for m in mails.to(address("Ann")))
    assert subjects == ["Toy has started", "Your turn in Toy"]
    service.notifications.delivery.deliver_game(game_id)
    assert len(mails.to(address("Ann"))) == 2


def test_the_reminder_entry_point_queues_one_reminder_per_seat_and_version(
    service: GameService, mails: CapturedMail
) -> None:
    with_email(service, "Ann")
    game_id = account_game(service, ["Ann", "Bob"])
    drain(service)
    version = service.components.store.head(game_id).version
    first = enqueue_reminder(service.components.redis, "toy", QuarterLeft(game_id, 0, version, 6 * 3600, 0.0))
    second = enqueue_reminder(
        service.components.redis, "toy", QuarterLeft(game_id, 0, version, 6 * 3600, 0.0)
    )
    assert first == second == f"{game_id}:{version}:reminder:0"
    assert service.notifications.sweep("test") == 2
    reminders = [m for m in mails.to(address("Ann")) if "quarter" in m["Subject"]]
    assert len(reminders) == 1
    assert reminders[0]["X-Papyrus-Delivery"] == f"{first}:mail"
    assert "6.0 hours" in reminders[0].get_content()
    assert outbox_notes(service, game_id) == []


def test_a_delivered_outbox_leaves_no_key_behind(service: GameService, mails: CapturedMail) -> None:
    with_email(service, "Ann")
    game_id = account_game(service, ["Ann", "Bob"])
    play_out(service, game_id)
    assert mails.to(address("Ann"))[-1]["Subject"] == "Toy is over"
    assert not service.components.redis.exists(keys.notify_outbox(game_id), keys.notify_invited(game_id))
    assert service.components.redis.zscore(keys.notify_due(), game_id) is None


def test_a_worker_dying_before_queueing_the_delivery_is_repaired_by_the_sweep(
    service: GameService, mails: CapturedMail, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    with_email(service, "Ann")
    game_id = account_game(service, ["Ann", "Bob"], hand=2)
    drain(service)
    before = len(mails.to(address("Ann")))
    for seat in (0, 1):
        service.submit(game_id, seat, service.legal_commands(game_id, seat)[0], f"c{seat}", None)
    with monkeypatch.context() as dying:  # the appends happen; nothing after them is queued or marked
        dying.setattr(service.components.notify, "schedule", lambda game_id, cause: None)
        dying.setattr(service.processor.next_steps, "settle", lambda *args, **kwargs: None)
        service.processor.process_game(game_id)
    waiting = outbox_notes(service, game_id)
    assert [(n.kind, n.seat) for n in waiting] == [("your_turn", 0), ("your_turn", 1)]
    assert service.components.redis.zscore(keys.notify_due(), game_id) is None
    service.components.scheduler.queue.empty()
    sweep_later(service, clock)
    drain(service)
    assert [m["Subject"] for m in mails.to(address("Ann"))][before:] == ["Your turn in Toy"]
    assert outbox_notes(service, game_id) == []


def test_a_reminder_joins_the_clocks_own_step_and_exists_only_if_that_step_ran(
    service: GameService, mails: CapturedMail
) -> None:
    with_email(service, "Ann")
    game_id = account_game(service, ["Ann", "Bob"])
    drain(service)
    redis = service.components.redis
    abandoned = redis.pipeline(transaction=True)
    enqueue_reminder(redis, "toy", QuarterLeft(game_id, 0, 7, 900, 0.0), step=abandoned)
    abandoned.reset()  # the clock's step never ran (its worker died before EXEC)
    service.notifications.sweep("test")
    assert outbox_notes(service, game_id) == [] and not [m for m in mails.sent if "quarter" in m["Subject"]]
    step = redis.pipeline(transaction=True)
    step.hset(keys.deadlines(game_id), "0", "clock state")  # the clock's own write, in the same MULTI
    key = enqueue_reminder(redis, "toy", QuarterLeft(game_id, 0, 7, 900, 0.0), step=step)
    assert outbox_notes(service, game_id) == []  # nothing before the step runs
    step.execute()
    assert [n.key for n in outbox_notes(service, game_id)] == [key]
    service.notifications.sweep("test-2")
    assert [m["X-Papyrus-Delivery"] for m in mails.sent if "quarter" in m["Subject"]] == [f"{key}:mail"]


def _decide(service: GameService, game_id: str, seat: int, command_id: str) -> None:
    service.submit(game_id, seat, {"type": "papyrus.resign"}, command_id, None)
    drain(service)


@pytest.mark.usefixtures("keep_outbox")
def test_a_game_ended_by_a_resignation_tells_everyone_with_the_tables_ranking(service: GameService) -> None:
    game_id = account_game(service, ["Ann", "Bob"], hand=3)
    drain(service)
    _decide(service, game_id, 0, "ann-gives-up")
    ended = [n for n in outbox_notes(service, game_id) if n.kind == "game_ended"]
    assert [n.seat for n in ended] == [0, 1], "both players learn that the game ended"
    assert all(n.ranking == [1, 0] for n in ended), "the seat that resigned ranks last"


@pytest.mark.usefixtures("keep_outbox")
def test_the_end_mail_ranks_a_seat_that_resigned_mid_game_last(service: GameService) -> None:
    game_id = account_game(service, ["Ann", "Bob", "Cy"], hand=3)
    drain(service)
    _decide(service, game_id, 0, "ann-gives-up")
    play_out(service, game_id)
    ended = [n for n in outbox_notes(service, game_id) if n.kind == "game_ended"]
    result = service.view(game_id, None).result
    assert result is not None and result.ranking[-1] == 0
    assert [n.seat for n in ended] == [0, 1, 2]
    assert all(n.ranking == list(result.ranking) and n.ranking[-1] == 0 for n in ended)


@pytest.mark.usefixtures("keep_outbox")
def test_a_seat_that_resigned_is_never_told_it_is_its_turn(service: GameService) -> None:
    game_id = account_game(service, ["Ann", "Bob", "Cy"], hand=3)
    drain(service)
    _decide(service, game_id, 0, "ann-gives-up")
    after = service.components.store.head(game_id).version
    play_out(service, game_id)
    told = [n for n in outbox_notes(service, game_id) if n.kind == "your_turn" and n.version > after]
    assert told and {n.seat for n in told} == {1, 2}, "the bot plays Ann's turns: nobody tells her"


def test_the_end_mail_says_each_shared_place_and_names_no_winner_of_an_abandoned_game() -> None:
    meta = GameMeta(
        id="g1",
        game="toy",
        seats=3,
        options={},
        public=True,
        created_at=0.0,
        status="over",
        players=[Player(seat=seat, name=name, bot=False) for seat, name in enumerate(["Ann", "Bob", "Cy"])],
    )
    shared = Notification(
        key="k", kind="game_ended", game_id="g1", game="toy", version=9, seat=0,
        ranking=[1, 2, 0], scores=[1, 5, 5], places=[3, 1, 1], abandoned=False,
    )  # fmt: skip
    _, text = describe(shared, meta, "https://papyrus.test")
    assert "Final ranking: 1. Bob (5), 1. Cy (5), 3. Ann (1)." in text
    abandoned = msgspec.structs.replace(shared, places=[1, 1, 1], abandoned=True)
    _, text = describe(abandoned, meta, "https://papyrus.test")
    assert english(ABANDONED_TEXT) in text and "Final ranking" not in text
    body = msgspec.json.decode(webhook_body(abandoned, meta, "https://papyrus.test"))
    assert body["abandoned"] is True and body["places"] == [1, 1, 1]


def test_a_notification_is_written_in_the_recipients_language() -> None:
    """The account's language setting picks the words of its mails and webhooks (English without one)."""
    note = Notification(key="g:3:your_turn:0", kind="your_turn", game_id="g", game="giza", version=3, seat=0)
    assert describe(note, None, "https://papyrus.example", "ja")[0] == "ギザであなたの手番"
    assert describe(note, None, "https://papyrus.example", "de")[0] == "Du bist am Zug in Giza"
    assert describe(note, None, "https://papyrus.example")[0] == "Your turn in Giza"


def test_the_game_ended_mail_says_where_each_players_points_came_from_in_their_language() -> None:
    """A finished Giza game's end carries each seat's points by pyramid and Sphinx, best place first."""
    state = _finished_giza()
    notes = after_append(Reached(GIZA, "g2", 40, state), set(), frozenset({0, 1}))
    assert [n.kind for n in notes] == ["game_ended", "game_ended"]
    breakdown = notes[0].breakdown
    assert (
        breakdown is not None and [sum(line.points for line in lines) for lines in breakdown] == state.scores
    )
    meta = GameMeta(
        id="g2", game="giza", seats=2, options={}, public=True, created_at=0.0, status="over",
        players=[Player(seat=0, name="Ann", bot=False), Player(seat=1, name="Bob", bot=False)],
    )  # fmt: skip
    _, text = describe(notes[0], meta, "https://papyrus.test")
    first = state.ranking[0]
    points = [line.points for line in breakdown[first]]
    expected = ", ".join(
        f"{site} {signed(value)}"
        for site, value in zip(["Menkaure", "Khafre", "Khufu", "Great Sphinx"], points, strict=True)
    )
    assert f"Where the points came from:\n{['Ann', 'Bob'][first]}: {expected}\n" in text + "\n"
    _, german = describe(notes[0], meta, "https://papyrus.test", "de")
    assert "Woher die Punkte kamen:" in german
    _, japanese = describe(notes[0], meta, "https://papyrus.test", "ja")
    assert "得点の内訳" in japanese


def _finished_giza() -> GizaState:
    state, _ = start(GIZA, 2, None, b"\x01" * 32)
    move = 0
    while GIZA.result(state) is None:
        seat = min(GIZA.to_act(state))
        state, _ = apply_command(GIZA, state, seat, GIZA.bot(move).choose(GIZA, state, seat))
        move += 1
    return state
