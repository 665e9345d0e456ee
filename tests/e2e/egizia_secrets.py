"""What one Egizia seat must never see while the game runs: deck orders, the face-down graves, and other
seats' Sphinx cards — in views, and in the events answered to its commands."""

from __future__ import annotations

from typing import Any

from domain.games.egizia.data import GRAVES_FACE_UP
from tests.support.conformance import objects


def _event_leaks(kind: Any, data: dict[str, Any], seat: int) -> list[str]:
    found = []
    if kind == "egizia.game_set_up":
        if any(data["nile_decks"]) or data["sphinx_deck"]:
            found.append("a deck order in the setup event")
        if any(hand for other, hand in enumerate(data["sphinx_hands"]) if other != seat):
            found.append("another seat's starting Sphinx cards")
        if any(data["graves"][GRAVES_FACE_UP:]):
            found.append("face-down grave tiles")
    if kind == "egizia.sphinx_drawn" and data["seat"] != seat and data["cards"]:
        found.append("another seat's drawn Sphinx cards")
    if kind == "egizia.sphinx_kept" and data["seat"] != seat and (data["kept"] or data["returned"]):
        found.append("another seat's kept Sphinx cards")
    return found


def leaks(answers: list[Any], seat: int) -> list[str]:
    found = []
    for node in objects(answers):
        if isinstance(node.get("data"), dict):
            found += _event_leaks(node.get("type"), node["data"], seat)
        if {"seat", "sphinx", "sphinx_count"} <= node.keys() and node["seat"] != seat and node["sphinx"]:
            found.append(f"seat {node['seat']}'s Sphinx cards in a view")
        if {"face_up", "value"} <= node.keys() and not node["face_up"] and node["value"] is not None:
            found.append("a face-down grave's value in a view")
    return found
