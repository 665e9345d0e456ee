"""Helpers for the step-by-step grave tiles browser test: bring a player's seat of a running Egizia game to
the point where its build at the Obelisk and Graves goes on one space at a time (moves made through the
service, as the player would), and find the values of face-down grave tiles wherever a page received them."""

from __future__ import annotations

import json
import re
import time
import uuid
from collections.abc import Iterator
from typing import Any

from services.game_service import GameService

STEP_BY_STEP = "egizia.build_more"
DRIVE_SECONDS = 10.0  # one attempt: the first round against a bot takes well under a second when idle
ANSWER_SECONDS = 5.0
LAG_PAUSE = 0.02  # the players' view is written just after the game moves on: look again shortly
# Decisions of no interest here, in the order preferred: stop placing ships once the Obelisk/Graves site holds
# one, feed with the grain there is, build nowhere else.
QUIET = ("egizia.pass", "egizia.decline", "egizia.feed", "egizia.sphinx_keep")


def _values(view: dict[str, Any]) -> dict[str, int | None]:
    return {space["id"]: space["value"] for space in [*view["obelisk"], *view["graves"]]}


def _strength(view: dict[str, Any], seat: int, crews: list[int]) -> int:
    own = list(view["players"][seat]["crews"].values())
    return sum(own[crew] for crew in crews)


def _choice(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """What the player does next: a ship at the Obelisk/Graves site; there, the build taking a grave tile
    that leaves the most strength (no strength cards); anything else as quietly as possible."""
    legal = [dict(command) for command in view["legal_commands"]]
    at_obelisk = [
        c
        for c in legal
        if c["type"] == "egizia.place_ship" and c["space"] == "B_OBELISK" and not c["speculate"]
    ]
    if at_obelisk:
        return at_obelisk[0]
    values = _values(view)
    graves = [
        c
        for c in legal
        if c["type"] == "egizia.build"
        and not c["cards"]
        and any(space.startswith("G") for space in c["spaces"])
    ]
    if graves:
        return max(
            graves,
            key=lambda c: (
                _strength(view, seat, c["crews"]) - sum(values[space] or 0 for space in c["spaces"])
            ),
        )
    for kind in QUIET:
        quiet = [c for c in legal if c["type"] == kind]
        if quiet:
            return min(quiet, key=lambda c: len(c.get("aids", [])))
    assert legal, "the player must act but has no legal command"
    return legal[0]


def drive_to_step_by_step(service: GameService, game_id: str, seat: int) -> bool:
    """Play ``seat`` through the first round until its prompt asks it to build one more space or stop; False
    when the round ends without that (the bot built first, or a grave tile cost all the strength)."""
    deadline = time.monotonic() + DRIVE_SECONDS
    while time.monotonic() < deadline:
        shown = service.view(game_id, seat)
        view = shown.view
        if view is not None and (view["round"] > 1 or shown.status != "running"):
            return False
        if view is None or service.wait_version(game_id, shown.version, 0.0) > shown.version:
            time.sleep(LAG_PAUSE)  # the view read is older than the game: a move now would be refused
            continue
        if seat not in shown.to_act:
            service.wait_version(game_id, shown.version, 1.0)
            continue
        if view["prompt"]["decision"] == STEP_BY_STEP:
            return True
        command = _choice(view, seat)
        alone = len(view["prompt"]["waiting_for"]) == 1  # as the page: no version while others decide too
        command_id = uuid.uuid4().hex
        expected = shown.version if alone else None
        outcome = service.submit_and_wait(game_id, seat, command, command_id, expected, ANSWER_SECONDS)
        if outcome.status == "pending":
            outcome = service.wait_outcome(game_id, command_id, ANSWER_SECONDS)
        assert outcome.status == "accepted", (command, outcome)
    return False


def _documents(body: bytes) -> Iterator[Any]:
    """What a body holds: a JSON document, each JSON message of a live stream, or else its text."""
    text = body.decode("utf-8", errors="replace")
    try:
        yield json.loads(text)
        return
    except ValueError:
        pass
    messages = [line.removeprefix("data: ") for line in text.splitlines() if line.startswith("data: ")]
    if not messages:
        yield text
    for message in messages:
        yield json.loads(message)


def sentence_leaks(text: str, hidden: dict[str, int]) -> list[str]:
    """Sentences naming a face-down tile together with a number ("grave tile 7 ... value 3")."""
    found: list[str] = []
    for tile in hidden:
        named = rf"(?:\b{tile}\b|[Gg]rave tile {tile[1:]}\b)"
        found += [match.group(0) for match in re.finditer(rf"{named}[^.;\n]*\d", text)]
    return found


def _key(value: Any) -> str | int | None:
    """A tile's id or space index as a JSON field may hold it (True is no index)."""
    return value if isinstance(value, str) or type(value) is int else None


def _leaks(node: Any, hidden: dict[str, int]) -> Iterator[str]:
    if isinstance(node, dict):
        tile, space = _key(node.get("id")), _key(node.get("space"))
        if (tile in hidden or node.get("face_up") is False) and node.get("value") is not None:
            yield f"a face-down tile with its value: {node}"
        if "value" in node and (space in hidden or space in hidden.values()):
            yield f"a face-down tile's value in an event: {node}"
        graves = node.get("graves")
        if isinstance(graves, list) and all(type(value) is int for value in graves):
            shown = [graves[index] for index in hidden.values() if index < len(graves) and graves[index]]
            if shown:
                yield f"face-down tiles in the setup: {graves}"
        for value in node.values():
            yield from _leaks(value, hidden)
    elif isinstance(node, list):
        for item in node:
            yield from _leaks(item, hidden)
    elif isinstance(node, str):
        yield from sentence_leaks(node, hidden)


def received_leaks(bodies: list[tuple[str, bytes]], hidden: dict[str, int]) -> list[tuple[str, str]]:
    """Where a body shows the value of a grave tile in ``hidden`` (tile id -> space index), or of any tile
    its own view marks face down."""
    return [(url, leak) for url, body in bodies for doc in _documents(body) for leak in _leaks(doc, hidden)]
