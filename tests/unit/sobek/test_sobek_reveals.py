"""What a Sobek move reveals (``domain.engine.revealing``, derived from ``secrets``): no undo takes back a
face-down character taken from the Nile or a set that showed its player the event tokens."""

from __future__ import annotations

from typing import Any

from sobek_support import empty_hands, give, new_game, set_nile, set_tokens, turn_of

from domain.engine import revealing
from domain.games.sobek import GAME, SobekState, copy_state
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev

VIEWERS = [None, 0, 1, 2]


def _reveals(state: SobekState, command: Any) -> bool:
    return revealing(GAME, copy_state(state), GAME.decide(state, 0, command), VIEWERS)


def test_a_face_down_character_taken_from_the_nile_reveals_it_a_face_up_card_does_not() -> None:
    state = turn_of(new_game(3), 0)
    set_nile(state, ["CH-THIEF", "FIS-01", "WHE-01", "IVO-01", "CAT-01"])
    assert _reveals(state, cmd.Take(position=1)), "the taker knows the character now"
    set_nile(state, ["FIS-01", "CH-THIEF", "WHE-01", "IVO-01", "CAT-01"])
    assert not _reveals(state, cmd.Take(position=1)), "everyone saw the fish card already"


def test_a_set_played_shows_its_player_the_face_down_event_tokens() -> None:
    state = turn_of(new_game(3), 0)
    empty_hands(state)
    give(state, 0, ["FIS-01", "FIS-02", "ST-FIS-1"])
    set_tokens(state, ["EV-FLOOD-1", "EV-FRAUD-2"])
    assert _reveals(state, cmd.PlaySet(cards=["FIS-01", "FIS-02", "ST-FIS-1"]))


def test_a_fraud_reveals_the_size_of_a_corruption_pile_which_no_secret_id_names() -> None:
    state = turn_of(new_game(3), 0)
    assert revealing(GAME, copy_state(state), [ev.FraudRevealed(seat=0, count=0)], VIEWERS)
