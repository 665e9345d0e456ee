"""Views and redacted history: no seat sees another's Sphinx cards, any deck order or face-down graves."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import pytest
from egizia_games import recorded_game

from domain.games.egizia import GAME, EgiziaState
from domain.games.egizia import events as ev
from domain.games.egizia.data import GRAVES_FACE_UP
from domain.games.egizia.rules.spaces import GRAVE_IDS
from domain.games.egizia.state import OVER, graves_face_up
from domain.games.egizia.words import bare_card_name
from domain.messages import Msg
from services.i18n import english, render

SPHINX_ID = re.compile(r"SPH-[A-Z0-9-]+")
CARD_OR_SPACE_ID = r"\b(?:N\d+-\d+|SPH-[A-Z0-9-]+|START-[A-Z]+|[CGO]\d+|P\d-\d|T[LRMT]\d|[RB]_[A-Z]+|S\d)\b"
LANGUAGES = ("en", "de", "ja")


def _texts(value: Any, code: str) -> list[str]:
    """Every message inside a view, an event description or a list of them, rendered in ``code``."""
    if isinstance(value, Msg):
        return [render(value, code)]
    if isinstance(value, msgspec.Struct):
        return [text for field in value.__struct_fields__ for text in _texts(getattr(value, field), code)]
    if isinstance(value, list | tuple):
        return [text for item in value for text in _texts(item, code)]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _texts(item, code)]
    return []


def _sphinx_ids(value: Any) -> list[str]:
    """The distinct Sphinx card ids the value names (a drawn card also appears in the keep commands)."""
    return sorted(set(SPHINX_ID.findall(msgspec.json.encode(value).decode())))


def _known_to(state: EgiziaState, seat: int | None, acting: set[int]) -> list[str]:
    if seat is None:
        return []
    own = list(state.players[seat].sphinx)
    return sorted(set(own + (list(state.drawn) if seat in acting else [])))


@pytest.mark.parametrize("players", [2, 4])
def test_views_hide_other_seats_sphinx_cards_decks_and_face_down_graves(players: int) -> None:
    _, _, snapshots = recorded_game(players, f"views-{players}".encode())
    for state in snapshots[::3]:
        acting = GAME.to_act(state)
        hidden_nile = {card for deck in state.nile_decks for card in deck}
        hidden_graves = state.graves[graves_face_up(state) :]
        for seat in [None, *range(players)]:
            view = GAME.view(state, seat)
            assert _sphinx_ids(view) == _known_to(state, seat, acting)
            text = msgspec.json.encode(view).decode()
            assert not any(f'"{card}"' in text for card in hidden_nile)
            assert [g.value for g in view.graves if not g.face_up] == [None] * len(hidden_graves)
            for other in view.players:
                assert (other.sphinx is not None) == (other.seat == seat)
            assert (seat is None) or (view.legal_commands == GAME.legal_commands(state, seat))


def test_every_face_down_grave_tile_is_a_secret_until_it_turns_up() -> None:
    """Its space and value (``"G7=3"``), so a move that turns one up reveals something (no undo)."""
    _, _, snapshots = recorded_game(3, b"graves")
    for state in snapshots[::5]:
        face_up = graves_face_up(state)
        tiles = [f"{GRAVE_IDS[space]}={value}" for space, value in enumerate(state.graves)]
        for seat in [None, 0, 1, 2]:
            secrets = GAME.secrets(state, seat)
            assert set(tiles[face_up:]) <= secrets and not secrets & set(tiles[:face_up])


def test_a_view_is_complete_for_drawing_the_board() -> None:
    _, _, snapshots = recorded_game(4, b"board")
    state = snapshots[0]
    view = GAME.view(state, min(GAME.to_act(state)))
    assert [space.position for space in view.river] == list(range(1, 21))
    assert sum(1 for space in view.river if space.card is not None) == 10
    assert len(view.obelisk) == 18 and len(view.graves) == 12 and len(view.temple) == 12
    assert [len(row) for row in view.pyramid] == [7, 5, 3, 1]
    assert view.prompt.text and view.prompt.waiting_for == sorted(view.to_act)
    assert msgspec.json.decode(msgspec.json.encode(view))["legal_commands"]


@pytest.mark.parametrize("players", [2, 3])
def test_redacted_history_hides_secrets_from_every_other_seat(players: int) -> None:
    final, events, _ = recorded_game(players, f"redact-{players}".encode())
    assert final.phase == OVER
    final_scoring = next(i for i, e in enumerate(events) if getattr(e, "phase", "") == "final_scoring")
    for seat in [None, *range(players)]:
        for index, event in enumerate(events):
            shown = GAME.redact(event, seat)
            assert shown is not None
            if isinstance(event, ev.GameSetUp):
                assert shown.nile_decks == [[]] * 3 and shown.sphinx_deck == []
                assert shown.graves[GRAVES_FACE_UP:] == [0] * (len(event.graves) - GRAVES_FACE_UP)
                own = event.sphinx_hands[seat] if seat is not None else []
                assert _sphinx_ids(shown) == sorted(own)
            elif isinstance(event, ev.SphinxDrawn | ev.SphinxKept) and event.seat != seat:
                assert _sphinx_ids(shown) == []
            elif isinstance(event, ev.SphinxDrawn | ev.SphinxKept):
                assert shown == event  # the seat's own draw
            else:
                assert shown == event  # public facts are shown as they are
                assert index > final_scoring or _sphinx_ids(shown) == []
            assert GAME.describe(shown, ["ann", "bob", "cy", "di"])


def test_game_over_event_is_public_and_names_the_result() -> None:
    final, events, _ = recorded_game(2, b"result")
    ended = events[-1]
    assert isinstance(ended, ev.GameEnded)
    result = GAME.result(final)
    assert result is not None
    assert GAME.redact(ended, None) == ended
    assert (ended.ranking, ended.scores) == (result.ranking, result.scores)


def test_every_event_has_a_one_line_description() -> None:
    _, events, _ = recorded_game(4, b"describe")
    lines = [english(GAME.describe(event, ["ann", "bob", "cy", "di"])) for event in events]
    assert all(line and "\n" not in line for line in lines)
    assert not [line for line in lines if re.search(CARD_OR_SPACE_ID, line)]
    assert len({type(event) for event in events}) >= 18


@pytest.mark.parametrize("players", [2, 4])
def test_no_hidden_sphinx_card_name_reaches_another_seat_in_any_language(players: int) -> None:
    """A Sphinx card held or drawn by another seat is named nowhere in a view or the redacted history, in
    English, German or Japanese (unless a card the viewer may see has the same name)."""
    _, events, snapshots = recorded_game(players, f"names-{players}".encode())
    ends = next(i for i, e in enumerate(events) if getattr(e, "phase", "") == "final_scoring")
    for state in snapshots[::4]:
        if state.phase == OVER:
            continue
        acting = GAME.to_act(state)
        for seat in [None, *range(players)]:
            known = set(_known_to(state, seat, acting))
            hidden = set(state.sphinx_deck) | {c for p in state.players for c in p.sphinx} | set(state.drawn)
            for code in LANGUAGES:
                shown = " ".join(_texts(GAME.view(state, seat), code))
                seen = {render(bare_card_name(card), code) for card in known}
                for card in hidden - known:
                    name = render(bare_card_name(card), code)
                    assert name in seen or name not in shown, (seat, code, name)
    for seat in [None, *range(players)]:
        for event in events[:ends]:
            shown_event = GAME.redact(event, seat)
            carried = set(SPHINX_ID.findall(msgspec.json.encode(shown_event).decode()))
            for code in LANGUAGES:
                line = " ".join(_texts(GAME.describe(shown_event, ["ann", "bob", "cy", "di"]), code))
                hidden = set(SPHINX_ID.findall(msgspec.json.encode(event).decode())) - carried
                seen = {render(bare_card_name(card), code) for card in carried}
                for card in hidden:
                    name = render(bare_card_name(card), code)
                    assert name in seen or name not in line, (seat, code, name, line)
