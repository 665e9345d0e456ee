"""Where stones may go: the Obelisk and Graves (site 2), the Pyramid and Temple (site 3).

A build plan is an ordered list of space ids; each space must be legal at the moment it is placed. Legality is
checked on a scratch copy of the buildings (:class:`Works`) so the real state is never touched.
"""

from __future__ import annotations

from domain.games.egizia.data import OBELISK_VALUES, PYRAMID_SUPPORT_OFFSET, PYRAMID_VALUES, TEMPLE
from domain.games.egizia.rules.spaces import (
    BUILD_SPACES,
    GRAVE_IDS,
    GRAVES,
    OBELISK,
    OBELISK_IDS,
    PYRAMID,
    PYRAMID_IDS,
    SITE_OF_BUILDING,
    TEMPLE_INDEX,
)
from domain.games.egizia.state import NOBODY, EgiziaState, graves_face_up

MAX_PLANS = 100  # bound on the build plans offered per turn (decide accepts any legal plan)
MAX_SEARCH = 600  # bound on the plans examined while looking for them


class Works:
    """A scratch copy of who owns each building space.

    A plan names only grave tiles face up now: a plan reaching a tile still face down would let its cost
    (offered or refused) reveal the hidden value. Tiles turned up by the plan are taken afterwards, one at
    a time, in the same action (``rules/build_steps.py``).
    """

    __slots__ = ("face_up", "grave_values", "graves", "obelisk", "pyramid", "temple")

    def __init__(self, state: EgiziaState) -> None:
        self.obelisk = list(state.obelisk)
        self.graves = list(state.grave_owners)
        self.grave_values = state.graves
        self.face_up = graves_face_up(state)
        self.pyramid = [list(row) for row in state.pyramid]
        self.temple = list(state.temple)

    def value(self, space_id: str) -> int:
        building, first, _ = BUILD_SPACES[space_id]
        if building == OBELISK:
            return OBELISK_VALUES[first]
        if building == GRAVES:
            return self.grave_values[first]
        if building == PYRAMID:
            return PYRAMID_VALUES[first]
        return TEMPLE[first].value

    def refusal(self, space_id: str) -> str | None:
        """Why ``space_id`` cannot be built now, or None when it can."""
        building, first, second = BUILD_SPACES[space_id]
        if building == OBELISK:
            if self.obelisk[first] != NOBODY:
                return f"{space_id} is already built."
            level = OBELISK_VALUES[first]
            if any(self.obelisk[i] == NOBODY and OBELISK_VALUES[i] < level for i in range(len(self.obelisk))):
                return f"The Obelisk is built bottom-up: fill every level below level {level} first."
            return None
        if building == GRAVES:
            if self.graves[first] != NOBODY:
                return f"Grave tile {space_id} is already taken."
            if NOBODY in self.graves[:first]:
                lowest = GRAVE_IDS[self.graves.index(NOBODY)]
                return f"Grave tiles are taken in order without skipping: take {lowest} first."
            if first >= self.face_up:
                return (
                    f"Grave tile {space_id} is still face down: name the tiles in view; each one you take "
                    "turns up the next, which you may then take in the same action."
                )
            return None
        if building == PYRAMID:
            row = self.pyramid[first]
            if row[second] != NOBODY:
                return f"{space_id} is already built."
            if NOBODY in row[:second]:
                return "Each pyramid row fills from the left without gaps."
            if first and self.pyramid[first - 1][second + PYRAMID_SUPPORT_OFFSET] == NOBODY:
                return f"{space_id} needs the pyramid stone directly below it."
            return None
        return self._temple_refusal(space_id, first)

    def _temple_refusal(self, space_id: str, index: int) -> str | None:
        if self.temple[index] != NOBODY:
            return f"{space_id} is already built."
        space = TEMPLE[index]
        missing = [req for req in space.requires if self.temple[TEMPLE_INDEX[req]] == NOBODY]
        if not missing:
            return None
        if space.part == "middle":
            return "The temple middles come only after both side columns are complete."
        if space.part == "top":
            return "The temple top comes only after both middle columns are built."
        return f"Temple columns are built bottom to top: build {missing[0]} first."

    def place(self, space_id: str, seat: int) -> None:
        building, first, second = BUILD_SPACES[space_id]
        if building == OBELISK:
            self.obelisk[first] = seat
        elif building == GRAVES:
            self.graves[first] = seat
        elif building == PYRAMID:
            self.pyramid[first][second] = seat
        else:
            self.temple[first] = seat

    def clear(self, space_id: str) -> None:
        self.place(space_id, NOBODY)

    def candidates(self, site: str) -> list[str]:
        """Spaces to try next when enumerating plans, in canonical order (one representative per choice)."""
        if site == SITE_OF_BUILDING[OBELISK]:
            found = [OBELISK_IDS[self.obelisk.index(NOBODY)]] if NOBODY in self.obelisk else []
            if NOBODY in self.graves:
                found.append(GRAVE_IDS[self.graves.index(NOBODY)])
        else:
            found = [
                ids[row.index(NOBODY)]
                for ids, row in zip(PYRAMID_IDS, self.pyramid, strict=True)
                if NOBODY in row
            ]
            found += [space.id for index, space in enumerate(TEMPLE) if self.temple[index] == NOBODY]
        return [space_id for space_id in found if self.refusal(space_id) is None]


_KEY = {space_id: rank for rank, space_id in enumerate(BUILD_SPACES)}


class _PlanSearch:
    """The depth-first search of :func:`build_plans` (a class, not a closure calling itself: such a closure
    is a reference cycle, left for the garbage collector to free on every legal-commands read)."""

    def __init__(self, works: Works, site: str, seat: int, budget: int) -> None:
        self.works, self.site, self.seat, self.budget = works, site, seat, budget
        self.found: list[tuple[list[str], int]] = []

    def search(self, plan: list[str], cost: int) -> None:
        works = self.works
        for space_id in works.candidates(self.site):
            if len(self.found) >= MAX_SEARCH:
                return
            value = works.value(space_id)
            if cost + value > self.budget or (plan and _KEY[space_id] <= _KEY[plan[-1]]):
                continue
            plan.append(space_id)
            self.found.append((list(plan), cost + value))
            works.place(space_id, self.seat)
            self.search(plan, cost + value)
            works.clear(space_id)
            plan.pop()


def build_plans(state: EgiziaState, site: str, seat: int, budget: int) -> list[tuple[list[str], int]]:
    """Distinct legal plans (as sets, each in one valid order) costing 1..budget, the costliest first, then
    any single-space plan the bound cut off (so every space buildable now is always offered on its own).

    Each set of spaces is produced once: spaces are added in increasing canonical rank, which is always a
    valid build order. At most :data:`MAX_SEARCH` plans are examined and :data:`MAX_PLANS` kept.
    """
    works = Works(state)
    plans = _PlanSearch(works, site, seat, budget)
    if budget > 0:
        plans.search([], 0)
    found = sorted(plans.found, key=lambda item: -item[1])
    kept = found[:MAX_PLANS]
    singles = [([space_id], works.value(space_id)) for space_id in works.candidates(site)]
    return kept + [single for single in singles if single[1] <= budget and single not in kept]
