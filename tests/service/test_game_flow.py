"""Playing toy games through the GameService facade on fakeredis, jobs run by an RQ SimpleWorker."""

from __future__ import annotations

import hashlib
import json

import msgspec
import pytest

from domain.rng import shuffled
from services.game_service import GameService, ServiceError
from services.inputs import TableTerms
from services.results import HistoryEntry, HistoryEvent, RefusedCommand
from services.store.hash_chain import chain_breaks
from services.store.records import SEED_REVEALED, EventRecord
from tests.support.harness import drain, new_game, play_out


def events_of(history: list[HistoryEntry]) -> list[HistoryEvent]:
    return [entry for entry in history if isinstance(entry, HistoryEvent)]


def test_a_full_game_ends_with_a_result_and_a_revealed_seed(service: GameService) -> None:
    game_id, _ = new_game(service, seats=3, hand=3)
    play_out(service, game_id)
    view = service.view(game_id, None)
    assert view.status == "over" and sorted(view.result.ranking) == [0, 1, 2]
    records = service.components.store.read(game_id)
    assert records[-1].type == SEED_REVEALED
    seed = bytes.fromhex(records[-1].data["seed"])
    assert hashlib.sha256(seed).hexdigest() == records[0].data["seed_commitment"]
    deck = next(r for r in records if r.type == "toy.deck_shuffled").data["order"]
    assert deck == shuffled(seed, "toy/deck", list(range(1, 12)))
    assert chain_breaks(records) == []


def test_the_export_carries_header_chain_and_every_command(service: GameService) -> None:
    game_id, _ = new_game(service)
    with pytest.raises(ServiceError) as refused:
        list(service.export(game_id))
    assert refused.value.http_status == 409
    drain(service)
    service.submit(game_id, 0, {"type": "toy.play_card", "card": 999}, "bad-card", None)
    play_out(service, game_id)
    lines = [json.loads(line) for line in service.export(game_id)]
    header, events = lines[0], [line for line in lines if line["kind"] == "event"]
    commands = [line for line in lines if line["kind"] == "command"]
    assert header["format"] == "papyrus-export/1" and header["version"] == len(events)
    assert hashlib.sha256(bytes.fromhex(header["seed"])).hexdigest() == header["seed_commitment"]
    rebuilt = [EventRecord(**{k: v for k, v in e.items() if k != "kind"}) for e in events]
    assert chain_breaks(rebuilt) == [] and header["head_hash"] == rebuilt[-1].hash
    bad = next(c for c in commands if c["command_id"] == "bad-card")
    assert bad["outcome"]["status"] == "rejected"
    assert bad["outcome"]["violation"]["code"] == "card.not_in_hand"
    assert all(c["outcome"] is not None for c in commands)


def test_no_seat_ever_sees_another_seats_cards_or_the_deck(service: GameService) -> None:
    game_id, _ = new_game(service, seats=3, hand=3)
    drain(service)
    service.submit(game_id, 1, service.legal_commands(game_id, 1)[0], "secret-play", None)
    drain(service)
    game = service._game(game_id)[1]
    state = service.components.states.load(game, game_id)[1]
    deck = next(r for r in service.components.store.read(game_id) if r.type == "toy.deck_shuffled").data[
        "order"
    ]
    for seat in [0, 1, 2, None]:
        view = service.view(game_id, seat).view
        assert view["hand"] == (sorted(state.hands[seat]) if seat is not None else None)
        assert view["my_card"] == (state.played.get(seat) if seat is not None else None)
        history = service.history(game_id, seat)
        assert json.dumps(deck) not in msgspec.json.encode(history).decode()
        for entry in events_of(history):
            data = entry.data
            if entry.type == "toy.deck_shuffled":
                assert data["order"] == []
            if entry.type == "toy.cards_dealt" and data["seat"] != seat:
                assert data["cards"] == [] and data["count"] == 3
            if entry.type == "toy.card_played" and data["seat"] != seat:
                assert data["card"] is None


def test_the_submitting_seat_sees_its_own_move_but_not_others(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    card = service.legal_commands(game_id, 0)[0]
    service.submit(game_id, 0, card, "c0", None)
    drain(service)
    outcome = service.wait_outcome(game_id, "c0", timeout=1)
    assert outcome.status == "accepted" and outcome.events[0].data["card"] == card["card"]
    history = service.history(game_id, 1)
    assert [e.data["card"] for e in events_of(history) if e.type == "toy.card_played"] == [None]


def test_a_rule_violation_is_refused_with_a_reason_and_shown_only_to_its_seat(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    before = service.components.store.head(game_id).version
    service.submit(game_id, 0, {"type": "toy.play_card", "card": 999}, "cheat", None)
    drain(service)
    outcome = service.outcome(game_id, "cheat")
    assert outcome is not None and outcome.status == "rejected"
    assert outcome.violation is not None and outcome.violation["code"] == "card.not_in_hand"
    assert service.components.store.head(game_id).version == before
    assert [e.command_id for e in service.history(game_id, 0) if isinstance(e, RefusedCommand)] == ["cheat"]
    assert [e for e in service.history(game_id, 1) if isinstance(e, RefusedCommand)] == []


def test_an_undecodable_command_names_the_field_and_writes_nothing(service: GameService) -> None:
    game_id, _ = new_game(service)
    with pytest.raises(ServiceError) as bad:
        service.submit(game_id, 0, {"type": "toy.play_card", "card": "ace"}, "c1", None)
    assert bad.value.http_status == 400 and bad.value.field == "command.card"
    with pytest.raises(ServiceError) as unknown:
        service.submit(game_id, 0, {"type": "toy.fly"}, "c2", None)
    assert unknown.value.http_status == 400 and unknown.value.field == "command.type"
    assert service.components.inbox.all(game_id) == []


def test_a_resubmitted_command_is_applied_once_and_gets_the_first_outcome(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    card = service.legal_commands(game_id, 0)[0]
    service.submit(game_id, 0, card, "once", None)
    service.submit(game_id, 0, card, "once", None)
    drain(service)
    first = service.outcome(game_id, "once")
    version = service.components.store.head(game_id).version
    service.submit(game_id, 0, card, "once", None)
    drain(service)
    assert service.outcome(game_id, "once") == first
    assert service.components.store.head(game_id).version == version
    played = [r for r in service.components.store.read(game_id) if r.command_id == "once"]
    assert len(played) == 1 and len(service.components.inbox.all(game_id)) == 1


def test_after_the_end_a_resubmission_still_gets_its_first_outcome_and_nothing_is_appended(
    service: GameService,
) -> None:
    game_id, _ = new_game(service)
    drain(service)
    card = service.legal_commands(game_id, 0)[0]
    service.submit(game_id, 0, card, "early", None)
    play_out(service, game_id)
    first = service.outcome(game_id, "early")
    assert first is not None and first.status == "accepted" and first.events
    commands = service.components.inbox.all(game_id)
    service.submit(game_id, 0, card, "early", None)
    drain(service)
    assert service.wait_outcome(game_id, "early", timeout=1) == first
    assert service.components.inbox.all(game_id) == commands
    with pytest.raises(ServiceError) as refused:
        service.submit(game_id, 0, card, "late", None)
    assert refused.value.code == "game.over"


def test_a_command_on_a_stale_version_is_refused_as_stale(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    card = service.legal_commands(game_id, 0)[0]
    service.submit(game_id, 0, card, "old", expected_version=1)
    drain(service)
    outcome = service.outcome(game_id, "old")
    assert outcome is not None and outcome.status == "stale"


def test_seats_and_starting_are_guarded(service: GameService) -> None:
    meta = service.create_game("toy", 2, {})
    assert service.join(meta.id, "Ann", seat=1).seat == 1
    with pytest.raises(ServiceError) as taken:
        service.join(meta.id, "Bob", seat=1)
    assert taken.value.http_status == 409
    with pytest.raises(ServiceError) as empty:
        service.start(meta.id)
    assert empty.value.http_status == 409
    bob = service.join(meta.id, "Bob")
    assert bob.seat == 0 and service.authenticate(meta.id, bob.token) == 0
    assert service.authenticate(meta.id, "forged") is None
    service.start(meta.id)
    with pytest.raises(ServiceError) as late:
        service.join(meta.id, "Cy")
    assert late.value.http_status == 409


def test_bad_game_settings_name_the_field(service: GameService) -> None:
    for args, field in (
        (("nope", 2, {}), "game"),
        (("toy", 9, {}), "seats"),
        (("toy", 2, {"hand": "many"}), "options.hand"),
        (("toy", 2, {"colour": 1}), "options.colour"),
    ):
        with pytest.raises(ServiceError) as bad:
            service.create_game(*args)
        assert bad.value.http_status == 400 and bad.value.field == field


def test_the_lobby_lists_open_public_games_only(service: GameService) -> None:
    open_game = service.create_game("toy", 2, {})
    service.create_game("toy", 2, {}, terms=TableTerms(public=False))
    new_game(service)
    assert [g.id for g in service.lobby()] == [open_game.id]
    service.join(open_game.id, "Ann")
    assert service.lobby()[0].players[0].name == "Ann"


def test_your_turn_follows_who_must_act(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    assert service.your_turn(game_id, 0).your_turn is True
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "c0", None)
    drain(service)
    assert service.your_turn(game_id, 0).your_turn is False
    assert service.your_turn(game_id, 1).your_turn is True


def test_a_view_can_be_replayed_at_an_earlier_version(service: GameService) -> None:
    game_id, _ = new_game(service)
    play_out(service, game_id)
    early = service.view(game_id, 0, at=2)
    assert early.version == 2 and early.view["hand_sizes"] == []
    with pytest.raises(ServiceError) as bad:
        service.view(game_id, 0, at=10_000)
    assert bad.value.field == "at"


def test_a_bot_game_plays_itself_to_the_end(service: GameService) -> None:
    game_id, _ = new_game(service, seats=4, hand=4, bots=True)
    drain(service)
    assert service.meta(game_id).status == "over"
    actors = {r.actor for r in service.components.store.read(game_id) if r.command_id}
    assert actors == {0, 1, 2, 3}


def test_waiting_for_a_new_version_returns_once_the_log_grows(service: GameService) -> None:
    game_id, _ = new_game(service)
    drain(service)
    version = service.components.store.head(game_id).version
    assert service.wait_version(game_id, version, timeout=0.05) == version
    service.submit(game_id, 0, service.legal_commands(game_id, 0)[0], "c0", None)
    drain(service)
    assert service.wait_version(game_id, version, timeout=5) == version + 1
