"""`GET /api/games/<id>/history` as each seat: before the end, nothing another seat may not see; after the
end, everything (the seed included) for everyone."""

from __future__ import annotations

from typing import Any

from domain.games.egizia.data import GRAVES_FACE_UP
from tests.audit.conftest import SEATS, PlayedGame, _history_as


def secrets_of_others(history: list[dict[str, Any]], seat: int) -> list[str]:
    """Every place in ``seat``'s history that shows a deck order, a face-down grave, another seat's Sphinx
    cards, another seat's refused command, or the seed."""
    found: list[str] = []
    for entry in history:
        data = entry.get("data") or {}
        kind = entry.get("type", "")
        if entry["kind"] == "refused" and entry["seat"] != seat:
            found.append(f"seat {entry['seat']}'s refused command {entry['command_id']}")
        if kind == "egizia.game_set_up":
            if any(data["nile_decks"]) or data["sphinx_deck"]:
                found.append("a deck order")
            if any(hand for other, hand in enumerate(data["sphinx_hands"]) if other != seat):
                found.append("another seat's starting Sphinx card")
            if any(data["graves"][GRAVES_FACE_UP:]):
                found.append("a face-down grave tile")
        if kind == "egizia.sphinx_drawn" and data["seat"] != seat and data["cards"]:
            found.append(f"seat {data['seat']}'s drawn Sphinx cards")
        if kind == "egizia.sphinx_kept" and data["seat"] != seat and (data["kept"] or data["returned"]):
            found.append(f"seat {data['seat']}'s kept Sphinx cards")
        if kind.startswith("papyrus.") and "seed" in data:
            found.append("the seed")
    return found


def test_no_seat_sees_another_seats_secrets_before_the_end(played: PlayedGame) -> None:
    assert len(played.histories_before_end) >= 3
    for checkpoint in played.histories_before_end:
        for seat, history in checkpoint.items():
            assert history, "an empty history hides nothing"
            assert secrets_of_others(history, seat) == [], f"seat {seat}"


def test_after_the_end_every_seat_sees_the_whole_log(played: PlayedGame) -> None:
    for seat in range(SEATS):
        history = _history_as(played.app, played.game_id, played.tokens[seat])
        shown = secrets_of_others(history, seat)
        assert "a deck order" in shown and "the seed" in shown
        refused_seats = {entry["seat"] for entry in history if entry["kind"] == "refused"}
        assert len(refused_seats) > 1
    anonymous = played.app.test_client().get(f"/api/games/{played.game_id}/history").get_json()
    assert anonymous == _history_as(played.app, played.game_id, played.tokens[0])


def test_each_seat_sees_its_own_refusals_with_the_reason(played: PlayedGame) -> None:
    mid_game = played.histories_before_end[-1]
    refusals = [entry for history in mid_game.values() for entry in history if entry["kind"] == "refused"]
    assert refusals
    for entry in refusals:
        assert entry["violation"]["code"] and entry["violation"]["message"]
        assert entry["command_id"] and entry["at"] is not None and entry["actor"] is not None
