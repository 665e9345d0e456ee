"""What players see of Nile cards: accurate effect texts, public card plays, private Sphinx draws."""

from __future__ import annotations

import re

import pytest
from egizia_support import at_site, new_game, of_type, play
from nile_support import give

from domain.games.egizia import GAME
from domain.games.egizia import events as ev
from domain.games.egizia.commands import PlayCard, SphinxDraw
from domain.games.egizia.data import ANY, IMM, NILE_CARDS, PERM, NileCard
from domain.games.egizia.state import NOBODY
from domain.games.egizia.words import nile_text
from services.i18n import english

WORDS = {"one": 1, "two": 2, "twice": 2}


def _numbers(text: str) -> set[int]:
    words = {WORDS[word] for word in re.findall(r"[a-z]+", text.lower()) if word in WORDS}
    return {int(number) for number in re.findall(r"\d+", text)} | words


@pytest.mark.parametrize("card", NILE_CARDS, ids=lambda card: card.id)
def test_each_card_text_states_the_numbers_the_rules_use(card: NileCard) -> None:
    text = english(nile_text(card))
    numbers = _numbers(text)
    for value in (card.grain, card.stones, card.strength, card.bonus_amount, card.count, card.steps):
        if value:
            assert value in numbers, f"{card.id}: {value} missing from {text!r}"
    if card.vp:
        assert card.vp in numbers


@pytest.mark.parametrize("card", NILE_CARDS, ids=lambda card: card.id)
def test_each_card_text_says_when_it_works(card: NileCard) -> None:
    text = english(nile_text(card)).lower()
    if card.type == ANY:
        assert any(word in text for word in ("anytime", "placement turn", "at your feeding", "at the sphinx"))
    if card.type == PERM and card.kind not in ("field", "quarry"):
        assert any(
            word in text
            for word in ("once a round", "at your feeding", "at the sphinx", "each", "final scoring")
        )
    if card.type == IMM:
        assert "once a round" not in text and "anytime" not in text


def test_the_view_shows_each_held_card_with_its_text_and_used_permanents() -> None:
    state = give(new_game(), 0, "N12-17", "N5-05")
    state.turn = 0
    state, _ = play(state, 0, PlayCard(card="N12-17", crews=[0]))
    mine = GAME.view(state, 1).players[0]
    assert [(c.id, english(c.text)) for c in mine.hand] == [
        ("N5-05", "Anytime before final scoring: +6 stones.")
    ]
    assert english(mine.permanents[0].name) == "Crew training"
    assert english(mine.permanents[0].text) == "Once a round, on one of your turns: any one crew +1."
    assert mine.cards_used_this_round == ["N12-17"]


def test_free_sphinx_draws_stay_private_to_the_drawer() -> None:
    state = give(at_site(new_game(), 0, [0, 1, NOBODY]), 0, "N12-19")
    state.players[0].stones = 0
    after, events = play(state, 0, SphinxDraw(crews=[], count=2))
    drawn = of_type(events, ev.SphinxDrawn)[0]
    assert GAME.redact(drawn, 0) == drawn and drawn.cards == after.drawn
    for other in (1, 2, None):
        assert GAME.redact(drawn, other) == ev.SphinxDrawn(
            seat=0, crews=[], count=2, stones=0, cards=[], nile_cards=[]
        )
        assert GAME.view(after, other).drawn == []
    assert [GAME.redact(e, 1) for e in of_type(events, ev.CardUsed)] == [ev.CardUsed(seat=0, card="N12-19")]


def test_legal_commands_of_one_seat_never_name_another_seats_sphinx_cards() -> None:
    state = give(at_site(new_game(), 0, [0, 1, NOBODY]), 0, "N5-04")
    state.players[0].stones = 3
    after, _ = play(state, 0, SphinxDraw(crews=[0], count=1))
    assert GAME.view(after, 1).legal_commands == []
    assert GAME.view(after, 0).legal_commands
