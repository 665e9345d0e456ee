"""A bot that plays one seat over HTTP only: it reads its own view, picks one of its legal commands with its
own seeded RNG, submits it, and polls when the answer is 202."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import requests


@dataclass
class HttpBot:
    base_url: str
    game_id: str
    seat: int
    token: str
    seed: int
    accepted: set[str] = field(default_factory=set)
    refused: list[dict[str, Any]] = field(default_factory=list)
    answers: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {self.token}"
        self.random = random.Random(self.seed)

    def get(self, path: str) -> Any:
        response = self.http.get(f"{self.base_url}/api/games/{self.game_id}{path}", timeout=30)
        response.raise_for_status()
        body = response.json()
        self.answers.append(body)
        return body

    def play(self, deadline: float) -> dict[str, Any]:
        """Play until the game is over; the final view."""
        while time.monotonic() < deadline:
            view = self.get(f"/seats/{self.seat}/view")
            if view["status"] == "over":
                return dict(view)
            if self.seat not in view["to_act"]:
                time.sleep(0.02)
                continue
            legal = self.get(f"/seats/{self.seat}/legal-commands")
            if legal:
                self.submit(self.random.choice(legal), view["version"])
        raise TimeoutError(f"seat {self.seat}: the game did not finish in time")

    def submit(self, command: dict[str, Any], version: int) -> None:
        # One id per (seat, version): if a lagging view shows the same version again, the resubmission
        # returns the first outcome instead of playing twice.
        command_id = f"s{self.seat}-v{version}"
        body: dict[str, Any] = {"command_id": command_id, "command": command, "expected_version": version}
        response = self.http.post(f"{self.base_url}/api/games/{self.game_id}/commands", json=body, timeout=30)
        while response.status_code == 202:
            time.sleep(0.05)
            response = self.http.get(self.base_url + response.json()["poll"], timeout=30)
        self.answers.append(response.json())
        if response.status_code == 200:
            self.accepted.add(command_id)
        elif response.status_code in (409, 422):
            self.refused.append(response.json())  # the game moved on under us: read the view again
        else:
            response.raise_for_status()
