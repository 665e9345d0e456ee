"""What a Sobek player does in the browser: one decision by clicking (or by keyboard) what the page offers,
chosen with the seat's own view; and reading the board back to compare it with the service."""

from __future__ import annotations

import base64
import random
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

FIELDS = ("position", "card", "token", "target", "back", "goods", "seat", "set", "join")
CHOSEN_WITH_CARDS = ("sobek.play_set", "sobek.lay_sideways", "sobek.court")


FIND_MS = 5_000


def _activate(page: Page, target: Locator, keyboard: bool) -> None:
    target.wait_for(state="visible", timeout=FIND_MS)
    if keyboard:
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()


def _selector(command: dict[str, Any]) -> str:
    parts = [f"[data-command='{command['type']}']"]
    parts += [
        f"[data-{field}='{command[field]}']" for field in FIELDS if field in command and field != "cards"
    ]
    return "".join(parts)


def _choose(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A sensible human choice: a set when one can be played (the biggest), a character now and then,
    otherwise a card of the Nile; any other decision: one of its choices."""
    legal = view["legal_commands"]
    of = {kind: [c for c in legal if c["type"] == kind] for kind in {c["type"] for c in legal}}
    for kind in ("sobek.play_set", "sobek.lay_sideways", "sobek.court"):
        if of.get(kind):
            return max(of[kind], key=lambda c: (len(c["cards"]), -c.get("join", -1)))
    if of.get("sobek.play_character") and rng.random() < 0.7:
        return rng.choice(of["sobek.play_character"])
    if of.get("sobek.take"):
        return rng.choice(of["sobek.take"][:2])
    return rng.choice(legal)


def decide(page: Page, view: dict[str, Any], rng: random.Random, keyboard: bool = False) -> str:
    """Make one decision on ``page`` (whose seat's view is ``view``); returns the command type."""
    command = _choose(view, rng)
    kind = command["type"]
    if kind in CHOSEN_WITH_CARDS:
        for card in command["cards"]:
            _activate(page, page.locator(f"#decisions .chooser [data-card='{card}']"), keyboard)
        _activate(
            page, page.locator(f"#decisions [data-play='selected']{_selector(command)}").first, keyboard
        )
    elif kind in ("sobek.take", "sobek.hire"):
        _activate(page, page.locator(f"#board .nile-take[data-position='{command['position']}']"), keyboard)
    elif kind == "sobek.choose_token":
        _activate(page, page.locator(f"#board button.token[data-token='{command['token']}']"), keyboard)
    else:
        _activate(page, page.locator(f"#decisions .choices {_selector(command)}"), keyboard)
    return kind


SNAPSHOT = """() => {
  const board = document.getElementById("board");
  const nile = [...board.querySelectorAll(".nile-slot")].map((slot) => {
    const card = slot.querySelector(".card");
    const back = card.classList.contains("back");
    return { position: Number(slot.dataset.position), id: card.dataset.card || null, back };
  });
  const markers = {};
  for (const marker of board.querySelectorAll("svg.track .marker-group")) {
    markers[marker.dataset.seat] = Number(marker.dataset.score);
  }
  const players = {};
  for (const tableau of document.querySelectorAll("#tableaus article[data-seat]")) {
    const fact = (name) => tableau.querySelector(`[data-fact='${name}']`).textContent;
    const hand = [...tableau.querySelectorAll("[data-fact='my-hand'] .card")].map((c) => c.dataset.card);
    const corruption = fact("corruption");
    players[tableau.dataset.seat] = { score: fact("score"), hand: fact("hand"), cards: hand, corruption };
  }
  return { round: Number(board.dataset.round), phase: board.dataset.phase, nile, markers, players,
    faceDownTokens: board.querySelectorAll(".token.back").length };
}"""


def assert_board_shows(page: Page, view: dict[str, Any]) -> None:
    """The Nile, the markers and the tableaus show exactly what the seat's view says."""
    shown = page.evaluate(SNAPSHOT)
    assert (shown["round"], shown["phase"]) == (view["round"], view["phase"])
    expected_nile = [
        {"position": s["position"], "id": s["card"]["id"] if s["card"] else None, "back": s["card"] is None}
        for s in view["nile"]
    ]
    assert shown["nile"] == expected_nile
    for player in view["players"]:
        seat = str(player["seat"])
        assert shown["markers"][seat] == player["score"]
        tableau = shown["players"][seat]
        assert tableau["score"].startswith(f"{player['score']} ")
        assert tableau["hand"].startswith(f"{player['hand_size']} card")
        assert tableau["cards"] == [card["id"] for card in player["hand"] or []]
        if player["corruption"] is None:
            revealed = player["revealed_corruption"]
            cards = "card" if revealed == 1 else "cards"
            assert tableau["corruption"] == (
                "hidden" if revealed is None else f"{revealed} {cards} (shown by Fraud)"
            ), (seat, tableau["corruption"], revealed)


PIXEL = """async ([source, x, y]) => {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  return [...context.getImageData(x, y, 1, 1).data].slice(0, 3);
}"""


def pixel(page: Page, png: bytes, x: int, y: int) -> tuple[int, int, int]:
    """The colour of one pixel of a screenshot (decoded by the browser itself)."""
    source = "data:image/png;base64," + base64.b64encode(png).decode()
    red, green, blue = page.evaluate(PIXEL, [source, x, y])
    return red, green, blue
