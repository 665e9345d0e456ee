"""Rules audit: one correct English line per event type, and a view complete for drawing the board."""

from __future__ import annotations

import re
import typing
from typing import Any

import msgspec
from egizia_games import recorded_game
from egizia_support import at_site, new_game, play

from domain.engine import RuleViolation
from domain.games.egizia import GAME, EgiziaOptions
from domain.games.egizia import events as ev
from domain.games.egizia.commands import SphinxDraw
from domain.games.egizia.state import NOBODY
from services.i18n import english

ONE_OF_EACH: list[tuple[Any, str]] = [
    (
        ev.GameSetUp(
            seed_commitment="abcdef0123456789",
            options=EgiziaOptions(),
            players=3,
            tiles=[2, 1, 3],
            nile_decks=[[], [], []],
            deck_sizes=[22, 22, 12],
            sphinx_deck=[],
            sphinx_deck_size=26,
            sphinx_hands=[[], [], []],
            graves=[],
        ),
        "A game for 3 players is set up.",
    ),
    (ev.RoundStarted(round=2), "Round 2 begins."),
    (ev.NileCardsLaidOut(deck=1, cards=["N34-01"] * 10), "10 Nile cards of rounds 3 and 4 are laid out."),
    (ev.ShipPlaced(seat=0, space="R_ALYI"), "Seat 1 places a ship on Alyi."),
    (
        ev.ShipPlaced(seat=1, space="B_OBELISK", slot=2, speculate=True),
        "Seat 2 speculates at the Obelisk and Graves: the ship waits for a space to be freed.",
    ),
    (
        ev.NileCardTaken(seat=2, space="C4", card="N12-20"),
        "Seat 3 takes the Nile card “Stone trader”.",
    ),
    (ev.Passed(seat=0), "Seat 1 passes for the rest of the round."),
    (ev.ScoreChanged(seat=1, delta=-4, reason="crews not fed"), "Seat 2 loses 4 VP (crews not fed)."),
    (ev.StonesChanged(seat=0, delta=1, reason="quarries"), "Seat 1 gains 1 stone (quarries)."),
    (
        ev.CrewMoved(seat=0, crew=3, delta=1, reason="Passalon"),
        "Seat 1's Joker gains 1 strength (Passalon).",
    ),
    (
        ev.MarketMoved(seat=0, market="grain", to=5, reason="Edfu"),
        "Seat 1's grain market marker moves down to space 6.",
    ),
    (ev.RingMoved(seat=2, to=0), "Seat 3 moves the water ring to the left."),
    (ev.PlacementEnded(discarded=["N12-01"]), "Ship placement ends; 1 Nile card leaves the river."),
    (ev.PhaseStarted(phase="feeding"), "Phase 3: the crews are fed, front of the scoring track first."),
    (
        ev.CrewsFed(seat=1, need=14, grain=12, missing=2),
        "Seat 2 is 2 grain short feeding crews of strength 14.",
    ),
    (
        ev.CrewsFed(seat=0, need=10, grain=12, missing=0, aids=["N12-12"]),
        "Seat 1 feeds crews of strength 10 with 12 grain. Feeding aids: “Extra grain”.",
    ),
    (
        ev.SphinxDrawn(seat=0, crews=[1], count=2, stones=2, cards=[]),
        "Seat 1 draws 2 Sphinx cards with crew B, paying 2 stones.",
    ),
    (
        ev.SphinxKept(seat=0, kept_count=1, returned_count=1, kept=[], returned=[]),
        "Seat 1 keeps 1 Sphinx card and returns 1 under the deck.",
    ),
    (
        ev.Built(seat=0, site="B_OBELISK", crews=[0, 3], spaces=["O1", "O2", "G1"], cost=7),
        "Seat 1 builds obelisk level 1, obelisk level 1, grave tile 1 at the Obelisk and Graves with crew A, "
        "Joker for 7 stones.",
    ),
    (ev.GraveRevealed(space=4, value=3), "Grave tile 5 is turned face up: value 3."),
    (
        ev.Declined(seat=0, site="B_SPHINX", slot=0, successor=2),
        "Seat 1 declines to build at the Sphinx. Seat 3 moves into ship space 1 from speculation.",
    ),
    (
        ev.BuildGoesOn(seat=0, site="B_OBELISK", strength=3, market="grain"),
        "Seat 1 may go on building at the Obelisk and Graves one space at a time (3 strength left; the grain "
        "market marker moves when the action ends).",
    ),
    (
        ev.BuiltMore(seat=1, site="B_OBELISK", space="G5", value=2),
        "Seat 2 goes on and takes grave tile 5 (value 2) for 2 stones.",
    ),
    (
        ev.BuiltMore(seat=1, site="B_OBELISK", space="O3", value=2),
        "Seat 2 goes on and builds obelisk level 2 for 2 stones.",
    ),
    (ev.BuildEnded(seat=0, site="B_OBELISK"), "Seat 1 stops building at the Obelisk and Graves."),
    (
        ev.BuildEnded(seat=0, site="B_OBELISK", forced=True),
        "Seat 1 can pay for no further space: the build action at the Obelisk and Graves ends.",
    ),
    (ev.SiteClosed(site="B_TEMPLE"), "Building at the Temple and Pyramid is over."),
    (ev.ShipsReturned(), "All ships return home."),
    (
        ev.SequenceSet(tiles=[2, 1]),
        "New sequence: Seat 1 takes sequence tile 2, Seat 2 takes sequence tile 1.",
    ),
    (
        ev.DeckRemoved(deck=0, count=2),
        "The rest of the Nile cards of rounds 1 and 2 (2 cards) leaves the game.",
    ),
    (ev.SphinxRevealed(seat=1, cards=["SPH-OBL7"]), "Seat 2 reveals Sphinx cards: “Obelisk to level 7”."),
    (ev.GameEnded(ranking=[1, 0], scores=[10, 12]), "Game over. Ranking: Seat 2 (12 VP), Seat 1 (10 VP)."),
    (
        ev.CardUsed(seat=0, card="N5-05"),
        "Seat 1 uses the Nile card “+6 stones”.",
    ),
    (
        ev.FieldImproved(seat=0, field="N12-06", card="N12-15"),
        "Seat 1 improves their field “Brown field (7 grain)” with “Irrigation”.",
    ),
    (ev.CardDeclined(seat=0, card="N34-18"), "Seat 1 does not use the Nile card “Leftover card” this round."),
    (
        ev.CardBuildTurn(seat=0, site="B_SPHINX", card="N5-03"),
        "Seat 1 builds at the Sphinx out of turn with “Build first”.",
    ),
]

SEATS = ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]


def test_every_event_type_has_its_own_correct_english_line() -> None:
    assert {type(event) for event, _ in ONE_OF_EACH} == set(typing.get_args(ev.EgiziaEvent))
    for event, line in ONE_OF_EACH:
        assert english(GAME.describe(event, SEATS)) == line


def test_the_view_lists_every_board_element_the_web_board_draws() -> None:
    state = new_game(4)
    state.sites[0].slots = [0, 1, 2]
    state.sites[0].speculators = [NOBODY, 3, NOBODY]
    view = msgspec.to_builtins(GAME.view(state, 0))
    assert [space["position"] for space in view["river"]] == list(range(1, 21))
    cards = [space["card"] for space in view["river"] if space["type"] == "card"]
    assert all(card["text"] and card["name"] and card["type"] in ("IMM", "ANY", "PERM") for card in cards)
    assert [space["name"]["id"] for space in view["river"] if space["type"] == "round"] == [
        "Edfu",
        "Thebae",
        "Passalon",
        "Selinon",
        "Beni Hasan",
        "Alyi",
        "Heliopolis",
    ]
    sphinx = view["sites"][0]
    assert sphinx["slots"] == [0, 1, 2] and sphinx["speculators"] == [-1, 3, -1] and sphinx["position"] == 6
    assert {"obelisk", "graves", "pyramid", "temple", "markets", "ring", "track"} <= set(view)
    assert len(view["track"]) == 4 and view["ring"] == "middle"
    me, other = view["players"][0], view["players"][1]
    for key in (
        "crews",
        "crews_used",
        "stone_market",
        "grain_market",
        "fields",
        "quarries",
        "hand",
        "permanents",
    ):
        assert key in me
    assert me["track_place"] == view["track"].index(0) + 1
    assert me["sphinx"] and other["sphinx"] is None and other["sphinx_count"] == 1
    assert view["sphinx_deck_size"] == 29 - 4 and view["nile_deck_sizes"] == {"1/2": 12, "3/4": 22, "5": 12}


def test_drawn_sphinx_cards_are_shown_to_the_drawer_only() -> None:
    state = at_site(new_game(4), 0, [0, 1, NOBODY])
    state.players[0].stones = 2
    state, _ = play(state, 0, SphinxDraw(crews=[0], count=1))
    assert [card.id for card in GAME.view(state, 0).drawn] == state.drawn
    assert GAME.view(state, 1).drawn == [] and GAME.view(state, None).drawn == []


def test_round_spaces_and_sites_say_what_they_do() -> None:
    texts = {space.id: english(space.text) for space in GAME.view(new_game(2), None).river}
    assert texts["R_THEBAE"] == "crew A, crew B +1 each."
    assert texts["R_ALYI"] == "Any one crew +1, then +2 stones."
    assert "no double action" in texts["R_HELIOPOLIS"] and "no double" not in texts["R_PASSALON"]
    assert len({texts[space] for space in texts if not space.startswith("C")}) == 10
    assert all(
        texts[space] == "A Nile card lies here until a ship takes it."
        for space in texts
        if space.startswith("C")
    )


def test_no_history_line_prompt_or_refusal_calls_a_player_by_seat_number() -> None:
    names = ["Ada", "Bea", "Cy", "Dan"]
    lines = [english(GAME.describe(event, names)) for event, _ in ONE_OF_EACH]
    _, _, snapshots = recorded_game(4, b"names")
    for state in snapshots[::5]:
        for viewer in range(4):
            prompt = GAME.view(state, viewer).prompt
            lines += [english(prompt.text), *map(english, prompt.notes)]
            for command in GAME.legal_commands(state, (viewer + 1) % 4)[:3]:
                try:
                    GAME.decide(state, viewer, command)
                except RuleViolation as violation:
                    lines.append(english(violation.message))
    assert [line for line in lines if re.search(r"\bseats?\s*\d", line, re.IGNORECASE)] == []
