"""Hidden information, for every seat and the spectator: views and the redacted history events.

Seen by everyone: hand sizes and backs, sets, Curses, the Nile's goods, used tokens. Seen by the owner
only: the hand, the corruption pile. Seen by nobody: the deck, face-down Nile characters, face-down tokens
(except by the player choosing one, at that moment). Everything is shown once the game is over.
"""

from __future__ import annotations

import json
import re
from typing import Any

import msgspec
import pytest
from sobek_support import (
    NAMES,
    empty_hands,
    give,
    new_game,
    of_type,
    play,
    set_deck,
    set_nile,
    set_tokens,
    turn_of,
)

from domain.engine import RandomBot, apply_command, start
from domain.games.sobek import GAME, SobekOptions, SobekState
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from domain.games.sobek.data import CARDS
from domain.games.sobek.words import card_name
from services.i18n import english

VIEWERS = [None, 0, 1, 2]
CARD_ID = r"(?:ST-)?[A-Z]{3}-\d+|CH-[A-Z-]+|EV-[A-Z]+-\d"


def _text(value: Any) -> str:
    return msgspec.json.encode(value).decode()


def _shows(value: Any, card: str) -> bool:
    return re.search(rf"(?<![\w+.-]){re.escape(card)}(?![\w+.-])", _text(value)) is not None


def _seen_by(event: Any) -> dict[int | None, bool]:
    """For each viewer: whether the redacted event and its description name the event's hidden card."""
    return {
        v: _shows(GAME.redact(event, v), event.card)
        or english(card_name(event.card)) in english(GAME.describe(GAME.redact(event, v), NAMES))
        for v in VIEWERS
    }


def test_a_seat_sees_its_own_hand_and_pile_and_only_sizes_and_backs_of_the_others() -> None:
    state = new_game(3)
    give(state, 1, ["CH-THIEF", "IVO-01"])
    give(state, 1, ["WHE-01"], pile="corruption")
    for viewer in VIEWERS:
        view = GAME.view(state, viewer)
        seat_one = view.players[1]
        own = viewer == 1
        assert (seat_one.hand is not None) == own and (seat_one.corruption is not None) == own
        assert (seat_one.corruption_count is not None) == own
        assert seat_one.hand_size == 4 and seat_one.hand_backs == {"green": 2, "beige": 1, "orange": 1}
        assert _shows(view, "CH-THIEF") == own and _shows(view, "WHE-01") == own
        assert not any(_shows(view, card) for card in state.deck)


def test_nile_characters_stay_face_down_for_everyone_until_taken() -> None:
    state = turn_of(new_game(3), 0)
    set_nile(state, ["CH-QUEEN", "IVO-01", "FIS-01"])
    for viewer in VIEWERS:
        nile = GAME.view(state, viewer).nile
        assert nile[0].card is None and nile[0].back == "orange" and nile[1].card is not None
        assert not _shows(GAME.view(state, viewer), "CH-QUEEN")
    after, events = play(state, 0, cmd.Take(position=1))
    taken = of_type(events, ev.CardTaken)[0]
    assert {v: _shows(GAME.redact(taken, v), "CH-QUEEN") for v in VIEWERS} == {
        None: False,
        0: True,
        1: False,
        2: False,
    }
    assert "a face-down character" in english(GAME.describe(GAME.redact(taken, 1), NAMES))
    assert _shows(GAME.view(after, 0), "CH-QUEEN") and not _shows(GAME.view(after, 1), "CH-QUEEN")
    dealt = GAME.redact(ev.NileDealt(cards=["CH-QUEEN", "IVO-01"], backs=["orange", "beige"]), 0)
    assert dealt.cards == ["", "IVO-01"]


def test_skipped_cards_go_to_a_pile_only_its_owner_sees() -> None:
    state = turn_of(new_game(3), 0)
    set_nile(state, ["IVO-01", "CH-QUEEN", "FIS-01"])
    _, events = play(state, 0, cmd.Take(position=3))
    taken = of_type(events, ev.CardTaken)[0]
    for viewer in VIEWERS:
        shown = GAME.redact(taken, viewer)
        assert shown.skipped_count == 2
        assert shown.skipped == (["IVO-01", "CH-QUEEN"] if viewer == 0 else [])


def test_the_token_faces_are_seen_only_by_the_player_choosing_one_at_that_moment() -> None:
    state = turn_of(new_game(3), 0)
    empty_hands(state)
    give(state, 0, ["FIS-01", "FIS-02", "FIS-03"])
    set_tokens(state, ["EV-GUILD-1", "EV-FRAUD-1"])
    assert all(GAME.view(state, v).token_faces == [] for v in VIEWERS)
    choosing, _ = play(state, 0, cmd.PlaySet(cards=["FIS-01", "FIS-02", "FIS-03"]))
    for viewer in VIEWERS:
        view = GAME.view(choosing, viewer)
        assert view.tokens_face_down == 2
        assert ([t.id for t in view.token_faces] == ["EV-FRAUD-1", "EV-GUILD-1"]) == (viewer == 0)
        assert _shows(view, "EV-GUILD-1") == (viewer == 0)
        assert ("EV-GUILD-1" in GAME.secrets(choosing, viewer)) == (viewer != 0)
    after, _ = play(choosing, 0, cmd.ChooseToken(token="EV-FRAUD-1"))
    assert all(not _shows(GAME.view(after, v), "EV-GUILD-1") for v in VIEWERS)
    assert all(_shows(GAME.view(after, v), "EV-FRAUD-1") for v in VIEWERS)  # a used token is public


def _thief_game() -> SobekState:
    state = turn_of(new_game(3), 0)
    empty_hands(state)
    give(state, 0, ["CH-THIEF", "CH-VIZIER", "CH-QUEEN"])
    give(state, 1, ["ST-IVO-1", "EBO-05"])
    give(state, 2, ["WHE-01"], pile="corruption")
    return state


def test_the_thiefs_catch_is_shown_to_the_thief_and_the_robbed_player_only() -> None:
    state = _thief_game()
    after, _ = play(state, 0, cmd.PlayCharacter(card="CH-THIEF"))
    _, events = play(after, 0, cmd.Steal(target=1, back="green"))
    assert _seen_by(events[0]) == {None: False, 0: True, 1: True, 2: False}
    assert "a card with a green back" in english(GAME.describe(GAME.redact(events[0], 2), NAMES))


def test_the_vizier_sees_the_pile_and_only_he_and_its_owner_learn_the_card_taken() -> None:
    state = _thief_game()
    after, _ = play(state, 0, cmd.PlayCharacter(card="CH-VIZIER"))
    looking, _ = play(after, 0, cmd.Look(target=2))
    assert {v: _shows(GAME.view(looking, v), "WHE-01") for v in VIEWERS} == {
        None: False,
        0: True,
        1: False,
        2: True,
    }
    _, events = play(looking, 0, cmd.Pick(card="WHE-01"))
    assert _seen_by(events[0]) == {None: False, 0: True, 1: False, 2: True}


def test_the_queens_draw_shows_only_how_many_cards_to_the_others() -> None:
    state = _thief_game()
    set_deck(state, ["IVO-02", "CH-MERCHANT", "FIS-04"])
    _, events = play(state, 0, cmd.PlayCharacter(card="CH-QUEEN"))
    drawn = of_type(events, ev.CardsDrawn)[0]
    for viewer in VIEWERS:
        shown = GAME.redact(drawn, viewer)
        assert shown.cards == (drawn.cards if viewer == 0 else []) and len(shown.backs) == 3
        assert ("draws 3 cards" in english(GAME.describe(shown, NAMES))) and (
            _shows(shown, "IVO-02") == (viewer == 0)
        )


def test_purge_embalming_discards_and_the_leftover_hands_hide_the_cards_from_the_others() -> None:
    purged = ev.Purged(seat=1, goods="wheat", cards=["WHE-01", "WHE-02"], count=2)
    embalmed = ev.Embalmed(seat=1, cards=["WHE-01"], count=1)
    discarded = ev.Discarded(seat=1, card="WHE-01", back="beige")
    leftover = ev.HandsToCorruption(cards=[["IVO-01"], ["WHE-01"], []], counts=[1, 1, 0])
    for viewer in VIEWERS:
        own = viewer == 1
        assert GAME.redact(purged, viewer).count == (2 if own else -1)
        for event in (purged, embalmed, discarded, leftover):
            assert _shows(GAME.redact(event, viewer), "WHE-01") == own
            described = english(GAME.describe(GAME.redact(event, viewer), NAMES))
            assert (english(card_name("WHE-01")) in described) == own
        assert _shows(GAME.redact(leftover, viewer), "IVO-01") == (viewer == 0)


def test_the_setup_and_round_deals_hide_every_shuffle_and_the_other_hands() -> None:
    events = start(GAME, 3, SobekOptions(), b"hidden")[1]
    setup, started = events[0], of_type(events, ev.RoundStarted)[0]
    for viewer in VIEWERS:
        assert GAME.redact(setup, viewer).deals == []
        shown = GAME.redact(started, viewer)
        assert (
            shown.deck == []
            and shown.tokens == []
            and shown.unused_tokens == []
            and shown.unused_starters == []
        )
        assert [bool(hand) for hand in shown.hands] == [seat == viewer for seat in range(3)]
        assert all(
            card == "" for card, back in zip(shown.nile, shown.nile_backs, strict=True) if back == "orange"
        )
        assert shown.hand_sizes == [2, 2, 2] and shown.deck_size == 54


def _random_game(players: int, seed: bytes) -> tuple[SobekState, list[Any]]:
    state, events = start(GAME, players, SobekOptions(), seed)
    bots = [RandomBot(seat) for seat in range(players)]
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        state, new = apply_command(GAME, state, seat, bots[seat].choose(GAME, state, seat))
        events += new
    return state, events


@pytest.mark.parametrize("players", [2, 4])
def test_once_the_game_is_over_nothing_is_secret(players: int) -> None:
    final, _ = _random_game(players, b"over")
    for viewer in [None, *range(players)]:
        assert GAME.secrets(final, viewer) == set()
        view = GAME.view(final, viewer)
        assert all(p.corruption is not None and p.hand is not None for p in view.players)
        assert len(view.token_faces) == 12 - len(view.tokens_used) - sum(
            len(p.curses) for p in view.players
        ) - sum(len(s.prosperity) for p in view.players for s in p.upright)


def test_no_description_of_a_redacted_event_names_a_card_the_event_hid() -> None:
    _, events = _random_game(3, b"describe")
    for event in events:
        for viewer in VIEWERS:
            shown = GAME.redact(event, viewer)
            described = english(GAME.describe(shown, NAMES))
            assert not re.search(CARD_ID, described), described
            carried = set(re.findall(CARD_ID, json.dumps(msgspec.to_builtins(shown))))
            hidden = set(re.findall(CARD_ID, json.dumps(msgspec.to_builtins(event)))) - carried
            shown_names = {english(card_name(card)) for card in carried if card in CARDS}
            for card in hidden & set(CARDS):
                name = english(card_name(card))
                assert name in shown_names or name not in described, (card, described)
