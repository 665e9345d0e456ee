"""What a player does in the browser, as Playwright steps: register, create or join a game, and make one
decision by clicking what the page offers. Plus reading the board back to compare it with the service."""

from __future__ import annotations

import base64
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from playwright.sync_api import CDPSession, Locator, Page, Route

    from services.game_service import GameService

WAIT_MS = 15_000
SHOT_QUALITY = 85
BOT_GAME_SECONDS = 120.0


def bot_game_to_the_end(service: GameService, name: str, seats: int) -> str:
    """A game of ``name`` with every seat a bot, played to its end; its id."""
    game_id = service.create_game(name, seats, {}).id
    service.start(game_id, fill_with_bots=True)
    deadline = time.monotonic() + BOT_GAME_SECONDS
    while service.meta(game_id).status != "over":
        assert time.monotonic() < deadline, f"a game of {name} bots did not end"
        time.sleep(0.2)
    return game_id


def keep_shot(page: Page, path: Path) -> None:
    """The whole page as a JPEG at ``path`` (its suffix made .jpg), for people to look at: no test reads it,
    and a PNG of a whole page costs Chromium about twice the CPU."""
    page.screenshot(path=str(path.with_suffix(".jpg")), full_page=True, quality=SHOT_QUALITY)


def register(page: Page, base_url: str, name: str, password: str, display_name: str | None = None) -> None:
    """Register the login ``name``, shown to others as ``display_name`` (``name`` unless given)."""
    page.goto(f"{base_url}/register")
    page.fill("#name", name)
    page.fill("#display-name", display_name or name)
    page.fill("#password", password)
    page.click("#account-form button[type=submit]")
    page.wait_for_url(f"{base_url}/")


def create_game(page: Page, seats: int, bots: bool) -> str:
    page.select_option("#new-game-seats", str(seats))
    page.set_checked("#new-game-bots", bots)
    page.click("#new-game button[type=submit]")
    page.wait_for_selector("#start-game")
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def choose_a_short_clock(page: Page, seconds_a_move: float) -> None:
    """Choose the new-game form's custom clock: ``seconds_a_move`` a move, no reserve, a bot plays the seat
    out of time."""
    page.wait_for_selector("#new-game-type option", state="attached")  # the form's script is ready
    page.select_option("#new-game-clock-preset", "custom")
    page.fill("#new-game-clock-per-move", str(seconds_a_move / 60))
    page.fill("#new-game-clock-reserve", "0")
    page.select_option("#new-game-clock-policy", "bot")


def join_from_lobby(page: Page, base_url: str, game_id: str) -> None:
    page.goto(f"{base_url}/")
    page.click(f"#open-games li[data-game-id='{game_id}'] button")
    page.wait_for_url(f"{base_url}/games/{game_id}")


@dataclass
class Capture:
    """Every response body a page received (documents, API answers, live streams) until :meth:`close`, or
    until a body matches ``until``. Every response but a live stream is fetched and kept before the page
    receives it. A live stream is not intercepted (the page would then see its messages only once it ends):
    Chromium hands its bytes to the test as they reach the page (``Network.streamResourceContent``), and
    they are kept when the stream ends."""

    bodies: list[tuple[str, bytes]] = field(default_factory=list)
    closed: bool = False
    until: re.Pattern[bytes] | None = None
    streams: dict[str, tuple[str, list[bytes]]] = field(default_factory=dict)

    def attach(self, page: Page) -> None:
        """Keep what ``page`` (its context's only page) receives from now on."""
        page.context.route("**/*", self.route)
        session = page.context.new_cdp_session(page)
        session.on("Network.responseReceived", lambda event: self._stream(session, event))
        session.on("Network.dataReceived", self._data)
        session.on("Network.loadingFinished", self._ended)
        session.on("Network.loadingFailed", self._ended)  # a stream the server ends early, or a page left
        session.send("Network.enable")

    def keep(self, url: str, body: bytes) -> None:
        if self.until is not None and self.until.search(body):
            self.closed = True
        if not self.closed:
            self.bodies.append((url, body))

    def route(self, route: Route) -> None:
        if _is_live(route.request.url):
            route.continue_()
            return
        response = route.fetch()
        self.keep(route.request.url, response.body())
        route.fulfill(response=response)

    def _stream(self, session: CDPSession, event: dict[str, Any]) -> None:
        url, request = event["response"]["url"], event["requestId"]
        if _is_live(url):
            chunks: list[bytes] = []
            self.streams[request] = (url, chunks)  # before asking: later bytes may arrive meanwhile
            buffered = session.send("Network.streamResourceContent", {"requestId": request})
            chunks.insert(0, base64.b64decode(buffered["bufferedData"]))

    def _data(self, event: dict[str, Any]) -> None:
        if event["requestId"] in self.streams and event.get("data"):
            self.streams[event["requestId"]][1].append(base64.b64decode(event["data"]))

    def _ended(self, event: dict[str, Any]) -> None:
        stream = self.streams.pop(event["requestId"], None)
        if stream is not None:
            self.keep(stream[0], b"".join(stream[1]))

    def restart(self) -> None:
        """A new game begins: keep its bodies from now on."""
        self.bodies.clear()
        self.closed = False

    def close(self) -> None:
        self.closed = True


def _is_live(url: str) -> bool:
    return url.split("?", 1)[0].endswith("/live")


@dataclass(frozen=True)
class NewTable:
    """The game a host opens from the lobby's form: its type (None: the form's first), its seats, and
    whether bots take the seats nobody joins."""

    game: str | None = None
    seats: int = 4
    bots: bool = True


FOUR_WITH_BOTS = NewTable()
TWO_PLAYERS = NewTable(seats=2, bots=False)


def start_with_a_guest(
    host: Page, guest: Page, base_url: str, board: str, table: NewTable = FOUR_WITH_BOTS
) -> str:
    """The host opens ``table``, the guest joins it from the lobby and the host starts it; its id, once both
    pages show ``board`` (a CSS selector)."""
    host.goto(f"{base_url}/")
    if table.game is not None:
        host.select_option("#new-game-type", table.game)
    game_id = create_game(host, seats=table.seats, bots=table.bots)
    join_from_lobby(guest, base_url, game_id)
    host.click("#start-game")
    for page in (host, guest):
        page.wait_for_selector(board, timeout=WAIT_MS)
    return game_id


def wait_for_my_turn(page: Page, polls: int = 300, poll_ms: int = 100) -> None:
    """Bots play in the background: look again shortly until this player must decide."""
    for _ in range(polls):
        if your_turn(page):
            return
        page.wait_for_timeout(poll_ms)
    raise AssertionError("it never became this player's turn")


SHOWS_VERSION = "version => Number(document.getElementById('game').dataset.version) >= version"


def await_a_turn(
    service: GameService, game_id: str, by_seat: dict[int, Page], after: int | None = None
) -> None:
    """Until a seat one of these pages plays must decide (or the game is over, or it moved past version
    ``after``) and every page shows the game that far: while only bots decide, the game's next event is
    awaited, never a fixed time."""
    deadline = time.monotonic() + BOT_GAME_SECONDS
    while True:
        shown = service.view_at_head(game_id, None)
        moved = after is not None and shown.version > after
        if moved or shown.status == "over" or set(shown.to_act) & set(by_seat):
            break
        left = deadline - time.monotonic()
        assert left > 0, f"none of seats {sorted(by_seat)} came to decide (version {shown.version})"
        service.wait_version(game_id, shown.version, left)
    for page in by_seat.values():
        page.wait_for_function(SHOWS_VERSION, arg=shown.version, timeout=WAIT_MS)


def version(page: Page) -> int:
    return int(page.get_attribute("#game", "data-version") or -1)


def your_turn(page: Page) -> bool:
    return page.get_attribute("#game", "data-your-turn") == "true"


def board_state(page: Page) -> tuple[int, str]:
    board = page.locator("#board")
    return int(board.get_attribute("data-round") or 0), board.get_attribute("data-phase") or ""


def _first(locator: Locator) -> Locator | None:
    return locator.first if locator.count() else None


def _activate(page: Page, target: Locator, keyboard: bool) -> None:
    if keyboard:
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()


def _build(page: Page) -> bool:
    """Pick crews one by one, then spaces in the order offered, until a Build or Draw button appears."""
    for crew in page.locator("#decisions .builder [data-crew]").all():
        crew.click()
        for _ in range(8):
            button = _first(page.locator("#decisions [data-build], #decisions [data-draw]"))
            if button is not None:
                button.click()
                return True
            space = _first(page.locator("svg.buildings .legal"))
            if space is None:
                break
            space.click()
    return False


def decide(page: Page, keyboard: bool = False) -> str:
    """Make one decision by clicking (or by keyboard) among what the page offers; returns what it did."""
    river = page.locator("svg.river g.legal")
    sites = page.locator("svg.river g.slot.legal")
    if river.count():
        _activate(page, sites.first if sites.count() else river.first, keyboard)
        choice = _first(page.locator("#decisions .choice button.primary"))
        if choice is not None:
            choice.click()
        return "place"
    for selector, what in (
        ("#decisions [data-keep]", "keep"),
        ("#decisions [data-command='egizia.feed']", "feed"),
    ):
        button = _first(page.locator(selector))
        if button is not None:
            button.click()
            return what
    if page.locator("#decisions .builder").count() and _build(page):
        return "build"
    for selector, what in (
        ("#decisions [data-command='egizia.end_build']", "stop building"),
        ("#decisions [data-command='egizia.decline']", "decline"),
        ("#decisions [data-command='egizia.pass']", "pass"),
    ):
        button = _first(page.locator(selector))
        if button is not None:
            button.click()
            return what
    raise AssertionError("it is this player's turn but the page offers nothing to click")


def wait_until(page: Page, condition: Callable[[], bool]) -> None:
    """Waits for a condition on what the test's own handlers saw (Playwright dispatches them meanwhile)."""
    deadline = time.monotonic() + WAIT_MS / 1000
    while not condition():
        assert time.monotonic() < deadline, "the page did not get there in time"
        page.wait_for_timeout(20)


def wait_version_above(page: Page, seen: int) -> None:
    page.wait_for_function(
        "seen => Number(document.getElementById('game').dataset.version) > seen"
        " || !document.getElementById('refusal').hidden",
        arg=seen,
        timeout=WAIT_MS,
    )


SNAPSHOT = """() => {
  const owner = (node) => Number(node.dataset.owner);
  const ships = {};
  for (const space of document.querySelectorAll("svg.river g[data-space]")) {
    const seats = [...space.querySelectorAll(".ship")].map((ship) => Number(ship.dataset.seat));
    ships[space.dataset.space] = seats.sort((a, b) => a - b);
  }
  const slots = {};
  for (const slot of document.querySelectorAll("svg.river g[data-space] .slot")) {
    slots[`${slot.closest("g[data-space]").dataset.space}/${slot.dataset.slot}`] = owner(slot);
  }
  const built = {};
  const painted = {};
  for (const space of document.querySelectorAll("svg.buildings [data-build-space]")) {
    built[space.dataset.buildSpace] = owner(space);
    painted[space.dataset.buildSpace] = getComputedStyle(space.querySelector("rect")).fill;
  }
  const swatches = {};
  for (const swatch of document.querySelectorAll("#tableaus article[data-seat] .swatch")) {
    swatches[swatch.closest("article").dataset.seat] = getComputedStyle(swatch).backgroundColor;
  }
  const players = {};
  for (const tableau of document.querySelectorAll("#tableaus article[data-seat]")) {
    const fact = (name) => tableau.querySelector(`[data-fact='${name}']`).textContent;
    const crews = {};
    for (const crew of tableau.querySelectorAll("[data-crew]")) {
      const strength = Number(crew.querySelector(".crew-strength").textContent);
      crews[crew.dataset.crew] = [strength, crew.dataset.used === "true"];
    }
    players[tableau.dataset.seat] = { score: fact("score"), stones: fact("stones"), crews };
  }
  const board = document.getElementById("board").dataset;
  return { round: Number(board.round), phase: board.phase, ships, slots, built, painted, swatches, players };
}"""


def assert_board_shows(page: Page, view: dict[str, Any]) -> None:
    """The SVG board and the tableaus show exactly what the view says, each built stone painted in its
    builder's colour (the colour of the builder's swatch in the tableaus)."""
    shown = page.evaluate(SNAPSHOT)
    assert (shown["round"], shown["phase"]) == (view["round"], view["phase"])
    for space in view["river"]:
        if space["type"] != "site":
            assert shown["ships"][space["id"]] == sorted(space["ships"]), space["id"]
    for site in view["sites"]:
        for slot, owner in enumerate(site["slots"]):
            assert shown["slots"][f"{site['id']}/{slot}"] == owner, (site["id"], slot)
    pyramid = [space for row in view["pyramid"] for space in row]
    colours = shown["swatches"]
    for space in [*view["obelisk"], *view["graves"], *pyramid, *view["temple"]]:
        assert shown["built"][space["id"]] == space["owner"], space["id"]
        painted = shown["painted"][space["id"]]  # the stone as painted: its builder's colour, else none
        if space["owner"] >= 0:
            assert painted == colours[str(space["owner"])], (space["id"], painted)
        else:
            assert painted not in colours.values(), (space["id"], painted)
    for player in view["players"]:
        tableau = shown["players"][str(player["seat"])]
        assert tableau["score"].startswith(f"{player['score']} VP")
        assert tableau["stones"].startswith(f"{player['stones']} ")
        crews = {name: [strength, player["crews_used"][name]] for name, strength in player["crews"].items()}
        assert tableau["crews"] == crews
