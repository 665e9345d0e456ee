"""Two registered players and two bots play a whole game of Sobek by clicking (the second player with the
keyboard, at phone width). The board follows the service; colours and pixels are the Nile's and the goods';
and the second player's browser never receives another seat's hand, corruption pile, face-down character,
face-down token or the deck, in any response or live message before the end."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser fixture then skips these tests (or fails them when a browser is required)
    PlaywrightTimeout = TimeoutError  # type: ignore[misc,assignment]

from domain.games.sobek.data import CARDS, TOKEN_IDS
from domain.registry import get_game
from services.store.game_events import to_event
from tests.e2e.browser import pages, sobek_clicks
from tests.e2e.browser.conftest import Site
from tests.support.conformance import leaked

pytestmark = pytest.mark.browser

PASSWORD = "papyrus-pass-9"
MAX_LOOPS = 4000
PHONE = {"width": 390, "height": 844}
STALE = "your command expected another one"
WIDER_THAN_THE_SCREEN = """() => [...document.querySelectorAll("body *")]
  .filter((node) => node.getBoundingClientRect().right > innerWidth + 1).slice(0, 8)
  .map((node) => [node.tagName, node.getAttribute("class"), node.getBoundingClientRect().right])
  .map(([tag, kind, right]) => `too wide: ${tag}.${kind} ends at ${right}`)"""
GAME = get_game("sobek")
EVERY_ID = set(CARDS) | set(TOKEN_IDS)
ARTIFACTS = Path(__file__).resolve().parents[3] / "test-artifacts" / "browser"


@dataclass
class PlayedGame:
    game_id: str
    nefer: Any
    khufu: Any
    seats: dict[str, int]
    khufu_received: pages.Capture
    actions: dict[str, list[str]]
    small_targets: list[str]
    overflow: list[tuple[str, int]]
    shots: list[str]
    stale: int = 0
    retries: list[str] = field(default_factory=list)


def _seat_of(site: Site, game_id: str, name: str) -> int:
    return next(p.seat for p in site.service.meta(game_id).players if p.name == name)


def _phone_layout_problems(page: Any) -> tuple[list[str], int]:
    """Decision buttons and Nile cards smaller than 44 px, and how far the page overflows sideways."""
    small = page.evaluate(
        """() => [...document.querySelectorAll('#decisions button, #board .nile-take, #board button.token')]
          .filter((b) => b.offsetParent !== null)
          .map((b) => [b.textContent.trim().slice(0, 40), b.getBoundingClientRect()])
          .filter(([, r]) => r.width < 44 || r.height < 44).map(([t, r]) => `${t} ${r.width}x${r.height}`)"""
    )
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    if overflow > 0:
        small += page.evaluate(WIDER_THAN_THE_SCREEN)
    return small, int(overflow)


def _play(site: Site, played: PlayedGame, artifacts: Path) -> None:
    players = [("nefer", played.nefer, False), ("khufu", played.khufu, True)]
    rng = random.Random(11)
    for _ in range(MAX_LOOPS):
        if site.service.meta(played.game_id).status == "over":
            return
        acted = False
        for name, page, keyboard in players:
            if not pages.your_turn(page):
                continue
            seen = pages.version(page)
            latest = site.service.view(played.game_id, played.seats[name])
            if latest.version != seen:  # the page has not shown the newest version yet
                continue
            view = latest.view
            decision = view["prompt"]["decision"]
            if decision and decision not in played.shots:
                played.shots.append(decision)
                pages.keep_shot(page, artifacts / f"sobek-{name}-{decision.split('.')[1]}")
            if keyboard:
                small, overflow = _phone_layout_problems(page)
                played.small_targets += small
                played.overflow.append((decision, overflow))
                if overflow > 0:
                    pages.keep_shot(page, artifacts / f"sobek-overflow-{decision.split('.')[1]}")
            try:
                played.actions[name].append(sobek_clicks.decide(page, view, rng, keyboard))
            except PlaywrightTimeout:  # the page moved on meanwhile (another seat acted): look again
                played.retries.append(f"{name} v{seen}: {view['prompt']['decision']}")
                pages.keep_shot(page, artifacts / f"sobek-retry-{len(played.retries)}")
                assert len(played.retries) < 10, played.retries
                continue
            pages.wait_version_above(page, seen)
            refusal = page.locator("#refusal")
            if refusal.is_visible() and STALE in refusal.inner_text():
                played.stale += 1  # the other person acted first in a decision taken at the same time
            else:
                assert refusal.is_hidden(), refusal.inner_text()
            acted = True
        if not acted:  # bots decide, or a page has not caught up yet
            pages.await_a_turn(
                site.service, played.game_id, {played.seats[name]: page for name, page, _ in players}
            )
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def played(site: Site, browser: Any, artifacts: Path) -> Iterator[PlayedGame]:
    # Without the pulse of what changed (an outline's colour), neither page repaints all game long.
    nefer_context = browser.new_context(viewport={"width": 1400, "height": 1000}, reduced_motion="reduce")
    khufu_context = browser.new_context(viewport=PHONE, reduced_motion="reduce")
    capture = pages.Capture()
    nefer, khufu = nefer_context.new_page(), khufu_context.new_page()
    capture.attach(khufu)
    pages.register(nefer, site.base_url, "nefer", PASSWORD)
    pages.register(khufu, site.base_url, "khufu", PASSWORD)
    game_id = pages.start_with_a_guest(nefer, khufu, site.base_url, ".nile-row", pages.NewTable("sobek"))
    seats = {name: _seat_of(site, game_id, name) for name in ("nefer", "khufu")}
    result = PlayedGame(game_id, nefer, khufu, seats, capture, {"nefer": [], "khufu": []}, [], [], [])
    _play(site, result, artifacts)
    for page in (nefer, khufu):
        page.wait_for_function("() => document.getElementById('turn').textContent === 'The game is over.'")
    pages.keep_shot(nefer, artifacts / "sobek-over-desktop")
    pages.keep_shot(khufu, artifacts / "sobek-over-phone")
    try:
        yield result
    finally:
        khufu_context.unroute_all(behavior="ignoreErrors")
        nefer_context.close()
        khufu_context.close()


def test_two_people_and_two_bots_finish_a_game_by_clicking(played: PlayedGame, site: Site) -> None:
    result = site.service.view(played.game_id, None).result
    assert result is not None
    names = {p.seat: p.name for p in site.service.meta(played.game_id).players}
    prompt = played.nefer.inner_text("#prompt")
    assert f"Final ranking: 1. {names[result.ranking[0]]}" in prompt
    everything = played.actions["nefer"] + played.actions["khufu"]
    assert {"sobek.take", "sobek.play_set", "sobek.choose_token"} <= set(everything), everything
    assert played.actions["khufu"], "the keyboard player never acted"


def test_the_phone_player_had_44_pixel_targets_and_no_sideways_scrolling(played: PlayedGame) -> None:
    assert played.small_targets == []
    assert played.overflow
    assert [(decision, pixels) for decision, pixels in played.overflow if pixels > 0] == []


def test_the_finished_board_matches_the_service_for_each_player(played: PlayedGame, site: Site) -> None:
    for name, page in (("nefer", played.nefer), ("khufu", played.khufu)):
        page.reload()
        page.wait_for_selector(".nile-row")
        expected = site.service.view(played.game_id, played.seats[name], at=pages.version(page)).view
        sobek_clicks.assert_board_shows(page, expected)


def test_a_live_board_in_the_middle_of_the_game_shows_what_the_view_says(
    played: PlayedGame, site: Site
) -> None:
    page, seat = played.nefer, played.seats["nefer"]
    page.goto(f"{site.base_url}/games/{played.game_id}/history")
    page.wait_for_selector("#events li")
    middle = site.service.view(played.game_id, seat).version // 2
    page.locator("#version-slider").fill(str(middle))
    page.wait_for_function(
        "v => document.getElementById('history').dataset.shownVersion === String(v)", arg=middle
    )
    sobek_clicks.assert_board_shows(page, site.service.view(played.game_id, seat, at=middle).view)
    assert "takes the" in page.locator("#events").inner_text()
    page.screenshot(path=str(ARTIFACTS / "sobek-history.png"))


def _rgb(value: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", value)[:3])


def test_the_nile_is_blue_the_goods_have_their_colours_and_backs_show_orange(
    played: PlayedGame, site: Site
) -> None:
    page = played.nefer
    page.goto(f"{site.base_url}/games/{played.game_id}/history")
    page.wait_for_selector("#events li")
    page.locator("#version-slider").fill("3")
    page.wait_for_function("() => document.getElementById('history').dataset.shownVersion === '3'")
    river = page.locator(".nile-row")
    assert "linear-gradient" in river.evaluate("(n) => getComputedStyle(n).backgroundImage")
    png = river.screenshot(path=str(ARTIFACTS / "sobek-nile.png"))
    box = river.bounding_box()
    assert box is not None
    pixel = sobek_clicks.pixel(page, png, 6, int(box["height"]) - 6)
    assert pixel[2] > pixel[0] + 60, f"the Nile's edge is not blue: {pixel}"
    colours = {
        "ivory": (251, 246, 228),
        "ebony": (59, 42, 32),
        "cattle": (185, 85, 58),
        "fish": (40, 116, 166),
        "wheat": (233, 185, 73),
        "amulet": (17, 120, 100),
    }
    for goods, rgb in colours.items():
        cards = page.locator(f"#board .card.goods.goods-{goods}, #tableaus .card.goods.goods-{goods}")
        if cards.count():
            assert _rgb(cards.first.evaluate("(n) => getComputedStyle(n).backgroundColor")) == rgb, goods
    backs = page.locator("#board .card.back.back-orange")
    if backs.count():
        assert "rgb(230, 126, 34)" in backs.first.evaluate("(n) => getComputedStyle(n).backgroundImage")
    markers = page.locator("svg.track circle.marker")
    assert markers.count() == 4


def _secrets_by_version(site: Site, game_id: str, seat: int) -> dict[int, set[str]]:
    """What the seat may not know after each event of the game (``game.secrets``), by version."""
    secrets: dict[int, set[str]] = {}
    state = None
    for record in site.service.components.store.read(game_id):
        if record.is_engine_record:
            continue
        state = GAME.evolve(state, to_event(GAME, record))
        secrets[record.seq] = GAME.secrets(state, seat)
    return secrets


def _messages(url: str, body: bytes) -> Iterator[Any]:
    text = body.decode("utf-8", "replace")
    if url.endswith("/live"):
        for block in text.split("\n\n"):
            if block.startswith("event: view"):
                yield json.loads(block.split("data: ", 1)[1].split("\n", 1)[0])
        return
    try:
        yield json.loads(text)
    except ValueError:
        return


def _secrets_at(secrets: dict[int, set[str]], version: int) -> set[str]:
    """The secrets after the last game event at or before ``version`` (table records change none)."""
    return secrets[max(seq for seq in secrets if seq <= version)]


def _leaks(message: Any, secrets: dict[int, set[str]]) -> set[str]:
    """Secrets a message shows: a view those of its version, an event those both before and after it."""
    if not isinstance(message, dict):
        return set()
    if message.get("status") == "over":
        return set()
    found: set[str] = set()
    for entry in message.get("events") or []:
        seq = int(entry["seq"])
        found |= leaked(secrets.get(seq - 1, set()) & secrets.get(seq, set()), json.dumps(entry))
    if "version" in message and "view" in message:
        view = message["view"]
        if view is not None:  # before the start there is no view (the waiting room)
            # a move's answer carries its own version and the seat's view at the log's head, maybe later
            at = int(view.get("version", message["version"]))
            found |= leaked(_secrets_at(secrets, at), json.dumps(view))
            rest = {key: value for key, value in message.items() if key not in ("events", "view")}
            found |= leaked(_secrets_at(secrets, int(message["version"])), json.dumps(rest))
    elif "events" not in message:
        found |= leaked(set.intersection(*secrets.values()), json.dumps(message))
    return found


def test_the_second_player_never_receives_another_seats_secrets(played: PlayedGame, site: Site) -> None:
    seat = played.seats["khufu"]
    secrets = _secrets_by_version(site, played.game_id, seat)
    received = played.khufu_received.bodies
    assert any(url.endswith("/live") and b"event: view" in body for url, body in received), "no live message"
    found: dict[str, set[str]] = {}
    for url, body in received:
        if "/static/" in url or not url.split("?")[0].rsplit("/", 1)[-1] or url.endswith(".html"):
            static = leaked(EVERY_ID, body.decode("utf-8", "replace"))
            if static:
                found[url] = static
            continue
        for message in _messages(url, body):
            leaks = _leaks(message, secrets)
            if leaks:
                found.setdefault(url, set()).update(leaks)
    assert found == {}
    own_start = site.service.view(played.game_id, seat, at=3).view["players"][seat]["hand"]
    assert any(own_start[0]["id"].encode() in body for _, body in received), "khufu's own cards never arrived"


GLOSSARY = """async (gameId) => {
  const renderer = await import("/static/games/sobek/game.js");
  const body = await (await fetch(`/api/games/${gameId}/view`)).json();
  return renderer.glossary(body.view);
}"""


def test_the_renderer_lists_the_characters_and_tokens_shown_with_their_powers(
    played: PlayedGame, site: Site
) -> None:
    entries = played.nefer.evaluate(GLOSSARY, played.game_id)
    view = site.service.view(played.game_id, None).view
    played_characters = {card["id"] for card in view["discard"]}
    listed = {entry["id"]: entry for entry in entries}
    assert played_characters <= set(listed)
    assert all(entry["term"] and entry["text"] for entry in entries)
    assert {token["id"] for token in view["tokens_used"]} <= set(listed)
