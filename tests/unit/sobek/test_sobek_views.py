"""What a player reads: the prompt of every decision with its notes, the history in words, the rules page."""

from __future__ import annotations

from sobek_support import NAMES, empty_hands, give, new_game, play, set_nile, turn_of

from domain.games.sobek import GAME
from domain.games.sobek import commands as cmd
from domain.games.sobek import events as ev
from services.i18n import english


def test_the_player_on_turn_reads_the_action_and_why_an_option_is_missing() -> None:
    state = turn_of(new_game(3), 0)
    empty_hands(state)
    give(state, 0, ["IVO-01", "WHE-01"])
    set_nile(state, ["FIS-01", "FIS-02"])
    prompt = GAME.view(state, 0).prompt
    assert prompt.decision == "sobek.action" and "take one of the first 2 Nile cards" in english(prompt.text)
    assert [english(note) for note in prompt.notes] == [
        "Only 2 cards are left in the Nile.",
        "You hold no set: a set needs 3 cards of one goods type (amulets are wild).",
        "You hold no character to play for its power.",
    ]
    waiting = GAME.view(state, 1).prompt
    assert waiting.decision == "" and waiting.waiting_for == [0]


def test_each_decision_has_its_own_code() -> None:
    state = turn_of(new_game(3), 0)
    empty_hands(state)
    give(state, 0, ["CH-THIEF", "CH-VIZIER"])
    give(state, 1, ["FIS-01"])
    thief, _ = play(state, 0, cmd.PlayCharacter(card="CH-THIEF"))
    assert GAME.view(thief, 0).prompt.decision == "sobek.steal"
    vizier, _ = play(state, 0, cmd.PlayCharacter(card="CH-VIZIER"))
    assert GAME.view(vizier, 0).prompt.decision == "sobek.look"
    assert GAME.view(vizier, 1).prompt.decision == ""


def test_the_history_names_seats_by_their_players_names() -> None:
    taken = ev.CardTaken(
        seat=1, position=3, card="IVO-01", back="beige", skipped=["WHE-01", "FIS-01"], skipped_count=2
    )
    text = english(GAME.describe(taken, NAMES))
    taking = "Ben takes Nile card 3: ivory (3 scarabs). The 2 cards left of it go to their"
    assert text == f"{taking} corruption pile: wheat (1 scarab), fish (1 scarab)."
    hidden = english(GAME.describe(GAME.redact(taken, 0), NAMES))
    assert hidden == f"{taking} corruption pile."
    penalty = ev.PenaltyApplied(seat=2, steps=3, symbol="ankh", before=39, after=29)
    assert english(GAME.describe(penalty, NAMES)) == (
        "Cleo's corruption penalty: 3 steps back to the previous ankh square, from 39 to 29."
    )


def test_the_rules_page_covers_every_part_of_the_game() -> None:
    titles = [english(section.title) for section in GAME.rules_reference()]
    assert titles == [
        "The game",
        "A round begins",
        "Your turn",
        "Event tokens",
        "Characters",
        "The end of a round",
        "Corruption",
        "The end of the game",
        "What you see",
    ]
    assert all(section.paragraphs for section in GAME.rules_reference())
