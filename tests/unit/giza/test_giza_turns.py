"""A turn: play one tile, or discard 1 to 4, or take a scarab off one's own site; then refill to four (except
after a scarab is taken off), and the next seat clockwise plays."""

from __future__ import annotations

import pytest
from giza_support import KHAFRE, KHUFU, MENKAURE, SPHINX, Table, play, refusal, tile_in_hand, types

from domain.engine import RuleViolation
from domain.games.giza import GAME
from domain.games.giza import events as ev
from domain.games.giza.commands import Discard, Play, RemoveScarab
from domain.games.giza.data import HAND_SIZE
from services.i18n import english


def test_a_played_tile_leaves_the_hand_and_the_player_draws_back_to_four_from_the_top() -> None:
    state = Table(3).hand(0, "+4").state()
    tile = tile_in_hand(state, 0, "+4")
    top = state.pool[0]
    after, events = play(state, 0, Play(tile=tile, board=2, site=KHUFU))
    assert types(events) == [ev.TilePlaced, ev.TilesDrawn, ev.TurnPassed]
    assert after.boards[2][KHUFU] == [tile]
    assert after.hands[0][-1] == top and len(after.hands[0]) == HAND_SIZE
    assert len(after.pool) == len(state.pool) - 1
    assert after.turn == 1


def test_play_passes_clockwise_and_round_the_table() -> None:
    state = Table(3, turn=2).state()
    after, _ = play(state, 2, GAME.timeout_command(state, 2))
    assert after.turn == 0


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_a_player_may_discard_one_to_four_tiles_face_up_and_draws_as_many(count: int) -> None:
    state = Table(2).state()
    chosen = state.hands[0][:count]
    after, events = play(state, 0, Discard(tiles=chosen))
    assert types(events) == [ev.TilesDiscarded, ev.TilesDrawn, ev.TurnPassed]
    assert after.discards[-count:] == chosen
    assert len(after.hands[0]) == HAND_SIZE and not set(chosen) & set(after.hands[0])
    drawn = events[1]
    assert drawn.count == count and drawn.tiles == state.pool[:count]


def test_a_player_may_discard_even_with_a_playable_tile() -> None:
    state = Table(2).hand(0, "+5").state()
    assert any(isinstance(c, Play) for c in GAME.legal_commands(state, 0))
    tile = tile_in_hand(state, 0, "+5")
    assert Discard(tiles=[tile]) in GAME.legal_commands(state, 0)
    play(state, 0, Discard(tiles=[tile]))


def test_every_set_of_one_to_four_hand_tiles_is_offered_as_a_discard() -> None:
    state = Table(2).state()
    discards = [c for c in GAME.legal_commands(state, 0) if isinstance(c, Discard)]
    assert len(discards) == 4 + 6 + 4 + 1
    assert {len(c.tiles) for c in discards} == {1, 2, 3, 4}


def test_taking_a_scarab_off_ends_the_turn_at_once_without_drawing() -> None:
    state = Table(2).stack(0, "khafre", "+4", "SCA").state()
    scarab = state.boards[0][KHAFRE][-1]
    hand = list(state.hands[0])
    after, events = play(state, 0, RemoveScarab(site=KHAFRE))
    assert types(events) == [ev.ScarabRemoved, ev.TurnPassed]
    assert after.boards[0][KHAFRE] == state.boards[0][KHAFRE][:-1]
    assert after.discards[-1] == scarab
    assert after.hands[0] == hand and after.pool == state.pool
    assert after.turn == 1


def test_only_the_top_scarab_of_one_own_site_may_be_taken_off() -> None:
    state = Table(2).stack(0, "sphinx", "BASE", "SCA", "SCA").stack(1, "khufu", "SCA").state()
    legal = GAME.legal_commands(state, 0)
    assert RemoveScarab(site=SPHINX) in legal
    assert RemoveScarab(site=KHUFU) not in legal, "a scarab on another player's board is not ours to take off"
    after, _ = play(state, 0, RemoveScarab(site=SPHINX))
    assert len(after.boards[0][SPHINX]) == 2 and after.boards[0][SPHINX][-1].startswith("SCA")
    violation = refusal(state, 0, RemoveScarab(site=KHUFU))
    assert violation.code == "giza.no_scarab_on_top"
    assert "your own sites" in english(violation.message) and "Khufu" in english(violation.message)


def test_a_scarab_under_another_tile_cannot_be_taken_off() -> None:
    state = Table(2).stack(0, "menkaure", "+3").state()
    assert refusal(state, 0, RemoveScarab(site=MENKAURE)).code == "giza.no_scarab_on_top"


def test_a_player_who_has_a_scarab_may_still_take_a_normal_turn() -> None:
    state = Table(2).stack(0, "khafre", "+4", "SCA").hand(0, "+5").state()
    legal = GAME.legal_commands(state, 0)
    assert RemoveScarab(site=KHAFRE) in legal
    tile = tile_in_hand(state, 0, "+5")
    after, _ = play(state, 0, Play(tile=tile, board=0, site=KHUFU))
    assert after.boards[0][KHAFRE][-1].startswith("SCA")


def test_a_demolished_scarab_goes_with_the_demolish_to_the_discard_pool_and_the_player_draws() -> None:
    state = Table(2).stack(1, "khafre", "+4", "SCA").hand(0, "DEM").state()
    demolish = tile_in_hand(state, 0, "DEM")
    scarab = state.boards[1][KHAFRE][-1]
    after, events = play(state, 0, Play(tile=demolish, board=1, site=KHAFRE))
    assert types(events) == [ev.TileDemolished, ev.TilesDrawn, ev.TurnPassed]
    assert after.discards[-2:] == [scarab, demolish]
    assert len(after.hands[0]) == HAND_SIZE


def test_only_the_seat_to_play_may_act() -> None:
    state = Table(3, turn=1).state()
    violation = refusal(state, 0, Discard(tiles=state.hands[0][:1]))
    assert violation.code == "giza.not_your_turn"
    assert GAME.legal_commands(state, 0) == [] and GAME.to_act(state) == {1}


@pytest.mark.parametrize(
    ("command", "code", "field"),
    [
        (Play(tile="S+9.1", board=1, site=0), "giza.tile_unknown", "tile"),
        (Play(tile="", board=1, site=0), "giza.tile_unknown", "tile"),
        (Play(tile="S+5.1", board=1, site=0), "giza.tile_not_in_hand", "tile"),
        (Play(tile="S+5.1", board=2, site=0), "giza.board_unknown", "board"),
        (Play(tile="S+5.1", board=-1, site=0), "giza.board_unknown", "board"),
        (Play(tile="S+5.1", board=1, site=4), "giza.site_unknown", "site"),
        (Play(tile="S+5.1", board=1, site=-1), "giza.site_unknown", "site"),
        (Discard(tiles=[]), "giza.discard_count", "tiles"),
        (Discard(tiles=["SCA.1", "SCA.2", "SCA.3", "SCA.4", "SCA.5"]), "giza.discard_count", "tiles"),
        (Discard(tiles=["S+5.1"]), "giza.tile_not_in_hand", "tiles"),
        (Discard(tiles=["nonsense"]), "giza.tile_unknown", "tiles"),
        (RemoveScarab(site=7), "giza.site_unknown", "site"),
    ],
)
def test_a_malformed_command_is_refused_naming_its_field(command: object, code: str, field: str) -> None:
    state = Table(2).hand(1, "+5").state()
    violation = refusal(state, 0, command)
    assert violation.code == code
    assert violation.details == {"field": field}
    assert english(violation.message).startswith(f"{field}:") or field in english(violation.message)


def test_a_discard_naming_a_tile_twice_is_refused() -> None:
    state = Table(2).state()
    tile = state.hands[0][0]
    violation = refusal(state, 0, Discard(tiles=[tile, tile]))
    assert violation.code == "giza.discard_duplicate" and violation.details == {"field": "tiles"}


def test_a_refusal_never_names_the_tile_asked_for() -> None:
    state = Table(2).hand(1, "+5").state()
    other = tile_in_hand(state, 1, "+5")
    for command in (Play(tile=other, board=0, site=0), Discard(tiles=[other])):
        with pytest.raises(RuleViolation) as refused:
            GAME.decide(state, 0, command)
        assert other not in str(refused.value.as_dict())


def test_the_timeout_move_discards_a_tile_that_fits_nowhere_first() -> None:
    state = Table(2).hand(0, "+5", "HEAD", "T3", "-2").state()
    timeout = GAME.timeout_command(state, 0)
    assert timeout == Discard(tiles=[tile_in_hand(state, 0, "HEAD")])
    play(state, 0, timeout)


def test_the_timeout_move_discards_the_tile_worth_least_when_every_tile_fits() -> None:
    state = Table(2).hand(0, "+5", "-4", "SCA", "+2").state()
    assert GAME.timeout_command(state, 0) == Discard(tiles=[tile_in_hand(state, 0, "-4")])


def test_the_prompt_says_what_to_decide_and_notes_tiles_that_fit_nowhere() -> None:
    state = Table(2).stack(0, "khufu", "+4", "SCA").hand(0, "HEAD", "T3", "+5", "-2").state()
    prompt = GAME.view(state, 0).prompt
    assert prompt.decision == "giza.turn" and prompt.waiting_for == [0]
    text, notes = english(prompt.text), [english(note) for note in prompt.notes]
    assert "discard 1 to 4" in text and "take the scarab off your Khufu" in text
    assert any("Sphinx head fits nowhere" in note for note in notes)
    assert any("treasure 3 fits nowhere" in note and "+3 or \u22123 stone" in note for note in notes)
    other = GAME.view(state, 1).prompt
    assert other.decision == "" and other.waiting_for == [0] and other.notes == []


def test_the_prompt_says_when_no_tile_can_be_played() -> None:
    state = Table(2).hand(0, "HEAD", "HEAD", "BODY", "T3").state()
    notes = GAME.view(state, 0).prompt.notes
    assert english(notes[-1]) == "None of your tiles can be played now: discard 1 to 4 of them."
    assert not any(isinstance(c, Play) for c in GAME.legal_commands(state, 0))
