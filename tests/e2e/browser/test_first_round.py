"""Two registered players and two bots play the first round of Egizia entirely by clicking; the board is
checked after every phase, and the second player's browser never receives another seat's Sphinx cards."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from services.game_service import GameService
from tests.e2e.browser import pages
from tests.e2e.browser.conftest import Site

pytestmark = pytest.mark.browser

PASSWORD = "papyrus-pass-1"
MAX_LOOPS = 600


@dataclass
class PlayedRound:
    game_id: str
    anna: Any
    bruno: Any
    seats: dict[str, int]
    bruno_received: pages.Capture
    phases_seen: list[tuple[int, str]]
    actions: list[str] = field(default_factory=list)


def _seat_of(site: Site, game_id: str, name: str) -> int:
    players = site.service.meta(game_id).players
    return next(int(p.seat) for p in players if p.name == name)


def _play_until_round_two(service: GameService, played: PlayedRound, artifacts: Path) -> None:
    players = [(played.anna, False), (played.bruno, True)]  # the second player uses the keyboard
    for _ in range(MAX_LOOPS):
        if all(pages.board_state(page)[0] >= 2 for page, _ in players):
            return
        acted = False
        for page, keyboard in players:
            state = pages.board_state(page)
            if state not in played.phases_seen and state[0] == 1:
                played.phases_seen.append(state)
                page.screenshot(path=str(artifacts / f"round1-{len(played.phases_seen)}-{state[1]}.png"))
            if pages.your_turn(page):
                seen = pages.version(page)
                played.actions.append(pages.decide(page, keyboard=keyboard))
                pages.wait_version_above(page, seen)
                assert page.locator("#refusal").is_hidden(), page.inner_text("#refusal")
                acted = True
        if not acted:  # bots decide: look again once the game moved on
            by_seat = {played.seats["anna"]: played.anna, played.seats["bruno"]: played.bruno}
            pages.await_a_turn(service, played.game_id, by_seat, after=pages.version(played.anna))
    raise AssertionError("the first round did not end")


@pytest.fixture(scope="module")
def played(site: Site, browser: Any, artifacts: Path) -> Iterator[PlayedRound]:
    # Without the pulse of what changed (an outline's colour), neither page repaints all round long.
    anna_context = browser.new_context(viewport={"width": 1400, "height": 1000}, reduced_motion="reduce")
    bruno_context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    capture = pages.Capture()
    anna, bruno = anna_context.new_page(), bruno_context.new_page()
    capture.attach(bruno)
    pages.register(anna, site.base_url, "anna", PASSWORD)
    pages.register(bruno, site.base_url, "bruno", PASSWORD)
    game_id = pages.start_with_a_guest(anna, bruno, site.base_url, "svg.river")
    seats = {name: _seat_of(site, game_id, name) for name in ("anna", "bruno")}
    result = PlayedRound(game_id, anna, bruno, seats, capture, [])
    _play_until_round_two(site.service, result, artifacts)
    pages.keep_shot(anna, artifacts / "round2-desktop")
    try:
        yield result
    finally:
        bruno_context.unroute_all(behavior="ignoreErrors")
        anna_context.close()
        bruno_context.close()


def _phase_ends(site: Site, game_id: str, seat: int) -> dict[str, int]:
    """The last version of every phase of round 1, as the seat's views at each version say."""
    ends: dict[str, int] = {}
    last = int(site.service.view(game_id, seat).version)
    for version in range(1, last + 1):
        view = site.service.view(game_id, seat, at=version).view
        if view["round"] > 1:
            break
        ends[view["phase"]] = version
    return ends


def test_the_first_round_is_played_by_clicking_and_the_board_follows_live(played: PlayedRound) -> None:
    assert [phase for _, phase in played.phases_seen][:1] == ["placement"]
    assert {"placement", "building"} <= {phase for _, phase in played.phases_seen}
    assert {"place", "build", "keep"} <= set(played.actions), played.actions
    assert pages.board_state(played.anna)[0] == 2
    live = played.anna.locator("#live-state")
    assert int(live.get_attribute("data-connections") or 0) > 1, "the page never reconnected its live view"


def test_history_slider_shows_the_board_after_each_phase(
    played: PlayedRound, site: Site, artifacts: Path
) -> None:
    page, seat = played.anna, played.seats["anna"]
    page.goto(f"{site.base_url}/games/{played.game_id}/history")
    page.wait_for_selector("#events li")
    ends = _phase_ends(site, played.game_id, seat)
    assert {"placement", "building"} <= set(ends)
    descriptions = page.locator("#events").inner_text()
    assert "places a ship" in descriptions and "Round 2 begins." in descriptions
    for phase, version in ends.items():
        page.locator("#version-slider").fill(str(version))
        page.wait_for_function(
            "v => document.getElementById('history').dataset.shownVersion === String(v)", arg=version
        )
        expected = site.service.view(played.game_id, seat, at=version).view
        pages.assert_board_shows(page, expected)
        pages.keep_shot(page, artifacts / f"history-after-{phase}")


def test_the_live_board_matches_the_service(played: PlayedRound, site: Site) -> None:
    for name, page in (("anna", played.anna), ("bruno", played.bruno)):
        page.goto(f"{site.base_url}/games/{played.game_id}")
        page.wait_for_selector("svg.river")
        version = pages.version(page)
        expected = site.service.view(played.game_id, played.seats[name], at=version).view
        pages.assert_board_shows(page, expected)


def _sphinx_ids(site: Site, game_id: str, seat: int) -> set[str]:
    """Every Sphinx card id the seat held or drew at any version so far."""
    last = int(site.service.view(game_id, seat).version)
    ids: set[str] = set()
    for version in range(1, last + 1):
        view = site.service.view(game_id, seat, at=version).view
        own = next(p for p in view["players"] if p["seat"] == seat)
        ids |= {card["id"] for card in own["sphinx"] or []} | {card["id"] for card in view["drawn"]}
    return ids


def test_a_player_never_receives_another_seats_sphinx_cards(played: PlayedRound, site: Site) -> None:
    bruno_seat = played.seats["bruno"]
    seats = range(len(site.service.meta(played.game_id).players))
    own = _sphinx_ids(site, played.game_id, bruno_seat)
    others = set().union(*(_sphinx_ids(site, played.game_id, s) for s in seats if s != bruno_seat))
    secret = others - own
    assert own and secret, "nothing to check: every Sphinx card held is also one of bruno's"
    received = played.bruno_received.bodies
    streams = [body for url, body in received if url.endswith("/live") and b"event: view" in body]
    assert streams, "no live messages were captured"
    assert any(card.encode() in body for card in own for _, body in received), "own cards never arrived"
    leaks = {(url, card) for url, body in received for card in secret if card.encode() in body}
    assert not leaks
    page_text = played.bruno.content()
    assert not {card for card in secret if card in page_text}
