"""The rating arithmetic: openskill's Plackett-Luce model (free-for-all results of 2 to 6 players and more),
with its defaults (mu 25, sigma 25/3). A player's shown rating is the ordinal ``mu - 3 sigma``, a
conservative estimate that rises as the model grows sure of a player. Pure functions over plain values."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec
from openskill.models import PlackettLuce

MODEL = PlackettLuce()


class Rating(msgspec.Struct, kw_only=True):
    """One account's rating in one game: ``name`` the account as registered, ``games`` rated games played."""

    name: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma


class RatedResult(msgspec.Struct, kw_only=True):
    """A rated game's result: each account with its place (1 = first; equal places tie)."""

    accounts: list[str]
    places: list[int]


def fresh(name: str) -> Rating:
    return Rating(name=name, mu=MODEL.mu, sigma=MODEL.sigma, games=0)


def rate(ratings: list[Rating], places: list[int]) -> list[Rating]:
    """The players' ratings after one game in which they finished at ``places`` (same order)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma, name=r.name)] for r in ratings]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    return [
        Rating(name=old.name, mu=team[0].mu, sigma=team[0].sigma, games=old.games + 1)
        for old, team in zip(ratings, rated, strict=True)
    ]


def fold(table: dict[str, Rating], results: Iterable[RatedResult]) -> dict[str, Rating]:
    """``table`` (account key -> rating) after ``results`` in order; untouched entries kept."""
    folded = dict(table)
    for result in results:
        current = [folded.get(name.lower()) or fresh(name) for name in result.accounts]
        for rating in rate(current, result.places):
            folded[rating.name.lower()] = rating
    return folded
