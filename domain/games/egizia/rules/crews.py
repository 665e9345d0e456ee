"""Which crews may build together, and how strong they are."""

from __future__ import annotations

from domain.engine import RuleViolation
from domain.games.egizia.data import CREW_NAMES, JOKER, REGULAR_CREWS
from domain.games.egizia.state import Player
from domain.games.egizia.words import CREW_WORDS
from domain.messages import msg


def check_crews(player: Player, crews: list[int], regulars: int = 1) -> int:
    """The strength of a legal crew choice: one unused regular crew (``regulars`` with Nile card N34-13),
    optionally plus the unused Joker."""
    if any(crew not in range(len(CREW_NAMES)) for crew in crews):
        raise RuleViolation(
            "build.crew",
            msg("crews: crews are 0, 1, 2 (A, B, C) and 3 (the Joker)."),
            {"field": "crews", "crews": crews},
        )
    if len(set(crews)) != len(crews):
        raise RuleViolation("build.crew", msg("crews: each crew can be named only once."), {"field": "crews"})
    regular = [crew for crew in crews if crew != JOKER]
    if not regular:
        raise RuleViolation(
            "build.joker_alone",
            msg("The Joker never builds alone: add one regular crew (A, B or C)."),
            {"field": "crews", "crews": crews},
        )
    if len(regular) > regulars:
        raise RuleViolation(
            "build.one_crew",
            msg(
                "A build action uses exactly one regular crew (A, B or C), plus the Joker if you like (the "
                "Nile card Two crews allows two regular crews)."
            ),
            {"field": "crews", "crews": crews},
        )
    for crew in crews:
        if player.crews_used[crew]:
            raise RuleViolation(
                "build.crew_used",
                msg(
                    "{crew} has already built this round: each crew builds once per round.",
                    crew=CREW_WORDS[crew],
                ),
                {"field": "crews", "crew": crew},
            )
    return sum(player.crews[crew] for crew in crews)


def crew_options(player: Player) -> list[tuple[list[int], int]]:
    """Every legal crew choice of the player now, with its strength."""
    options: list[tuple[list[int], int]] = []
    joker_free = not player.crews_used[JOKER]
    for crew in REGULAR_CREWS:
        if player.crews_used[crew]:
            continue
        options.append(([crew], player.crews[crew]))
        if joker_free:
            options.append(([crew, JOKER], player.crews[crew] + player.crews[JOKER]))
    return options
