"""Where a tile may go: every placement rule of the rulebook, each refusal naming its rule.

A tile always goes on top of exactly one stack (one site of one board, any player's) and becomes its top tile.
"""

from __future__ import annotations

from domain.games.giza.data import (
    DEMOLISH,
    SCARAB,
    SPHINX_BASE,
    SPHINX_BODY,
    SPHINX_HEAD,
    SPHINX_KINDS,
    SPHINX_SITE,
    STONE,
    TILE_BY_ID,
    TILES,
    TREASURE,
    Tile,
)
from domain.games.giza.words import signed, tile_name
from domain.messages import Msg, msg

Problem = tuple[str, Msg]  # (refusal code, the rule in words)

BLOCKED_BY_SCARAB: Problem = (
    "giza.blocked_by_scarab",
    msg("A scarab lies on top of this site: only another scarab or a demolish may be played on a scarab."),
)
DEMOLISH_NEEDS_TILE: Problem = (
    "giza.demolish_needs_a_tile",
    msg("A demolish destroys the top tile of a site: this site is empty, so there is nothing to destroy."),
)
STONE_ONLY_ON_PYRAMIDS: Problem = (
    "giza.stone_only_on_pyramids",
    msg("Stones are built only on pyramid sites, never on the Sphinx."),
)
TREASURE_ONLY_ON_PYRAMIDS: Problem = (
    "giza.treasure_only_on_pyramids",
    msg("Treasures go only on pyramid sites, never on the Sphinx."),
)
SPHINX_ONLY_ON_SPHINX_SITE: Problem = (
    "giza.sphinx_only_on_sphinx_site",
    msg("Sphinx tiles go only on a Sphinx site, never on a pyramid."),
)
SPHINX_BASE_NEEDS_EMPTY_SITE: Problem = (
    "giza.sphinx_base_needs_empty_site",
    msg("A Sphinx base goes only on an empty Sphinx site."),
)
SPHINX_BODY_NEEDS_BASE: Problem = (
    "giza.sphinx_body_needs_base",
    msg("A Sphinx body goes only directly on a Sphinx base."),
)
SPHINX_HEAD_NEEDS_BODY: Problem = (
    "giza.sphinx_head_needs_body",
    msg("A Sphinx head goes only on a Sphinx body, never straight on a Sphinx base."),
)


def top_tile(stack: list[str]) -> Tile | None:
    return TILE_BY_ID[stack[-1]] if stack else None


STONE_NEEDS_LARGER_NUMBER = "giza.stone_needs_larger_number"
TREASURE_NEEDS_ITS_STONE = "giza.treasure_needs_its_stone"


def _stone_problem(tile: Tile, top: Tile | None) -> Problem:
    return (
        STONE_NEEDS_LARGER_NUMBER,
        msg(
            "A stone goes only on an empty pyramid site, on a stone of a larger number or on a treasure of a "
            "larger number (signs ignored): a {number} stone cannot go on the {top} on top here.",
            number=tile.number,
            top=tile_name(top) if top is not None else "",
        ),
    )


def _treasure_problem(tile: Tile, top: Tile | None) -> Problem:
    return (
        TREASURE_NEEDS_ITS_STONE,
        msg(
            "A treasure goes only on a stone of its own number: a {number} treasure needs a {plus} or "
            "{minus} stone on top of the pyramid.",
            number=tile.number,
            plus=signed(tile.number),
            minus=signed(-tile.number),
        ),
    )


_WORDED = {STONE_NEEDS_LARGER_NUMBER: _stone_problem, TREASURE_NEEDS_ITS_STONE: _treasure_problem}
_SPHINX_NEEDS = {
    SPHINX_BASE: (None, SPHINX_BASE_NEEDS_EMPTY_SITE),
    SPHINX_BODY: (SPHINX_BASE, SPHINX_BODY_NEEDS_BASE),
    SPHINX_HEAD: (SPHINX_BODY, SPHINX_HEAD_NEEDS_BODY),
}


def _broken_rule(tile: Tile, site: int, top: Tile | None) -> Problem | str | None:
    """The rule that keeps ``tile`` off a site whose top tile is ``top``: a refusal, or only the code of one
    whose words depend on the tiles (built by :func:`placement_problem` alone, since legal-move generation
    asks this for every tile and site), or ``None`` if it may go there."""
    kind = tile.kind
    if kind == SCARAB:
        return None  # a scarab goes on any site, empty or not, even on another scarab
    if kind == DEMOLISH:
        return DEMOLISH_NEEDS_TILE if top is None else None  # any top tile of any board may be destroyed
    on_sphinx = site == SPHINX_SITE
    if kind in SPHINX_KINDS:
        if not on_sphinx:
            return SPHINX_ONLY_ON_SPHINX_SITE
    elif on_sphinx:
        return STONE_ONLY_ON_PYRAMIDS if kind == STONE else TREASURE_ONLY_ON_PYRAMIDS
    if top is not None and top.kind == SCARAB:
        return BLOCKED_BY_SCARAB
    if kind == STONE:
        fits_stone = top is None or (top.kind in (STONE, TREASURE) and top.number > tile.number)
        return None if fits_stone else STONE_NEEDS_LARGER_NUMBER
    if kind == TREASURE:
        fits_treasure = top is not None and top.kind == STONE and top.number == tile.number
        return None if fits_treasure else TREASURE_NEEDS_ITS_STONE
    below, problem = _SPHINX_NEEDS[kind]
    return None if (top.kind if top else None) == below else problem


def placement_problem(tile: Tile, site: int, stack: list[str]) -> Problem | None:
    """Why ``tile`` may not go on top of ``stack`` at ``site`` (any board), or ``None`` if it may."""
    top = top_tile(stack)
    broken = _broken_rule(tile, site, top)
    return _WORDED[broken](tile, top) if isinstance(broken, str) else broken


def fits(tile: Tile, site: int, stack: list[str]) -> bool:
    return _broken_rule(tile, site, top_tile(stack)) is None


_FITTING: dict[tuple[bool, str | None], frozenset[str]] = {}


def fitting(site: int, stack: list[str]) -> frozenset[str]:
    """The ids of every tile that :func:`fits` on ``stack`` at ``site``, remembered by Sphinx site or not and
    top tile (all the rules read): legal-move generation and the bots ask this for every site."""
    key = (site == SPHINX_SITE, stack[-1] if stack else None)
    known = _FITTING.get(key)
    if known is None:
        known = _FITTING[key] = frozenset(tile.id for tile in TILES if fits(tile, site, stack))
    return known
