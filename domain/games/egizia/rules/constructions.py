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
from domain.games.egizia.words import space_name
from domain.messages import Msg, msg

_BUILT, _OBELISK_ORDER, _GRAVE_TAKEN, _GRAVE_ORDER, _GRAVE_DOWN = "built", "obelisk", "taken", "order", "down"
_ROW_GAP, _SUPPORT, _TEMPLE_MIDDLE, _TEMPLE_TOP, _COLUMN_ORDER = "gap", "support", "middle", "top", "column"
MAX_PLANS = 100  # bound on the build plans offered per turn (decide accepts any legal plan)
MAX_SEARCH = 600  # bound on the plans examined while looking for them
# The plans depend only on which spaces are free, the face-up grave values and the budget, and searches and
# bots ask for the same ones again and again: the latest few are kept (never mutated: the events copy them).
PLANS_CACHED = 4096
_PLANS: dict[tuple[object, ...], list[tuple[list[str], int]]] = {}


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

    def refusal(self, space_id: str) -> Msg | None:
        """Why ``space_id`` cannot be built now, or None when it can."""
        blocker = self.blocker(space_id)
        if blocker is None:
            return None
        rule, other = blocker
        space = space_name(space_id)
        if rule == _BUILT:
            return msg("{space} is already built.", space=space)
        if rule == _OBELISK_ORDER:
            return msg(
                "The Obelisk is built bottom-up: fill every level below level {level} first.", level=other
            )
        if rule == _GRAVE_TAKEN:
            return msg("{space} is already taken.", space=space)
        if rule == _GRAVE_ORDER:
            return msg(
                "Grave tiles are taken in order without skipping: take {space} first.",
                space=space_name(other),
            )
        if rule == _GRAVE_DOWN:
            return msg(
                "{space} is still face down: name the tiles in view; each one you take turns up the next, "
                "which you may then take in the same action.",
                space=space,
            )
        if rule == _ROW_GAP:
            return msg("Each pyramid row fills from the left without gaps.")
        if rule == _SUPPORT:
            return msg("{space} needs the pyramid stone directly below it.", space=space)
        if rule == _TEMPLE_MIDDLE:
            return msg("The temple middles come only after both side columns are complete.")
        if rule == _TEMPLE_TOP:
            return msg("The temple top comes only after both middle columns are built.")
        return msg("Temple columns are built bottom to top: build {space} first.", space=space_name(other))

    def blocker(self, space_id: str) -> tuple[str, str] | None:
        """The rule that keeps ``space_id`` from being built now (and the space or level it names), or None.
        Plan searches ask this often, so it builds no message."""
        building, first, second = BUILD_SPACES[space_id]
        if building == OBELISK:
            if self.obelisk[first] != NOBODY:
                return _BUILT, ""
            level = OBELISK_VALUES[first]
            if any(self.obelisk[i] == NOBODY and OBELISK_VALUES[i] < level for i in range(len(self.obelisk))):
                return _OBELISK_ORDER, str(level)
            return None
        if building == GRAVES:
            if self.graves[first] != NOBODY:
                return _GRAVE_TAKEN, ""
            if NOBODY in self.graves[:first]:
                return _GRAVE_ORDER, GRAVE_IDS[self.graves.index(NOBODY)]
            if first >= self.face_up:
                return _GRAVE_DOWN, ""
            return None
        if building == PYRAMID:
            row = self.pyramid[first]
            if row[second] != NOBODY:
                return _BUILT, ""
            if NOBODY in row[:second]:
                return _ROW_GAP, ""
            if first and self.pyramid[first - 1][second + PYRAMID_SUPPORT_OFFSET] == NOBODY:
                return _SUPPORT, ""
            return None
        return self._temple_blocker(index=first)

    def _temple_blocker(self, index: int) -> tuple[str, str] | None:
        if self.temple[index] != NOBODY:
            return _BUILT, ""
        space = TEMPLE[index]
        missing = [req for req in space.requires if self.temple[TEMPLE_INDEX[req]] == NOBODY]
        if not missing:
            return None
        if space.part == "middle":
            return _TEMPLE_MIDDLE, ""
        if space.part == "top":
            return _TEMPLE_TOP, ""
        return _COLUMN_ORDER, missing[0]

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
            return [space_id for space_id in found if self.blocker(space_id) is None]
        # The first free space of each row and the temple spaces whose supports stand (what blocker allows,
        # asked directly: plan searches ask this thousands of times a move).
        found = []
        below: list[int] | None = None
        for ids, row in zip(PYRAMID_IDS, self.pyramid, strict=True):
            if NOBODY in row:
                first = row.index(NOBODY)
                if below is None or below[first + PYRAMID_SUPPORT_OFFSET] != NOBODY:
                    found.append(ids[first])
            below = row
        temple = self.temple
        for index, needs in enumerate(_TEMPLE_NEEDS):
            if temple[index] == NOBODY and all(temple[need] != NOBODY for need in needs):
                found.append(TEMPLE[index].id)
        return found


_TEMPLE_NEEDS = tuple(tuple(TEMPLE_INDEX[need] for need in space.requires) for space in TEMPLE)
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
    face_up = graves_face_up(state)
    key = (
        site,
        budget,
        tuple(owner == NOBODY for owner in state.obelisk),
        tuple(owner == NOBODY for owner in state.grave_owners),
        tuple(state.graves[:face_up]),
        tuple(owner == NOBODY for row in state.pyramid for owner in row),
        tuple(owner == NOBODY for owner in state.temple),
    )
    plans = _PLANS.get(key)
    if plans is None:
        if len(_PLANS) >= PLANS_CACHED:
            _PLANS.clear()
        plans = _PLANS[key] = _search_plans(Works(state), site, seat, budget)
    return list(plans)


def _search_plans(works: Works, site: str, seat: int, budget: int) -> list[tuple[list[str], int]]:
    plans = _PlanSearch(works, site, seat, budget)
    if budget > 0:
        plans.search([], 0)
    found = sorted(plans.found, key=lambda item: -item[1])
    kept = found[:MAX_PLANS]
    singles = [([space_id], works.value(space_id)) for space_id in works.candidates(site)]
    return kept + [single for single in singles if single[1] <= budget and single not in kept]
