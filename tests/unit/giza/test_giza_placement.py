"""Every placement rule: what may go where, and a refusal naming the rule for each thing that may not."""

from __future__ import annotations

import pytest
from giza_support import KHAFRE, KHUFU, MENKAURE, SPHINX, Table, play, refusal, tile_in_hand

from domain.games.giza import GAME, GizaState
from domain.games.giza.commands import Play
from domain.games.giza.data import TILE_BY_ID
from services.i18n import english

# (tile to play, the target stack bottom to top, site) that the rules allow
ALLOWED = [
    ("+5", [], KHUFU),  # a stone on an empty pyramid site
    ("-1", [], MENKAURE),
    ("-2", ["+5"], KHUFU),  # a stone on a larger stone, signs ignored
    ("-2", ["-3"], KHUFU),
    ("+2", ["+5", "T5", "-4"], KHAFRE),
    ("-2", ["+4", "T4"], KHUFU),  # a stone on a larger treasure
    ("+1", ["+3", "T3"], KHUFU),
    ("T3", ["+3"], KHUFU),  # a treasure on a stone of its number
    ("T3", ["-3"], KHUFU),
    ("T2", ["+5", "-2"], MENKAURE),
    ("BASE", [], SPHINX),  # the Sphinx in order: base, body, head
    ("BODY", ["BASE"], SPHINX),
    ("HEAD", ["BASE", "BODY"], SPHINX),
    ("SCA", [], KHUFU),  # a scarab anywhere, on an empty site too, even on a scarab
    ("SCA", [], SPHINX),
    ("SCA", ["+1"], KHUFU),
    ("SCA", ["+4", "SCA"], KHAFRE),
    ("SCA", ["BASE", "BODY", "HEAD"], SPHINX),
    ("DEM", ["+5"], KHUFU),  # a demolish on any top tile
    ("DEM", ["+4", "T4"], KHUFU),
    ("DEM", ["+4", "SCA"], KHUFU),
    ("DEM", ["BASE"], SPHINX),
    ("DEM", ["-3"], MENKAURE),
]

# (tile, target stack, site, refusal code, words the refusal must contain)
REFUSED = [
    ("+3", ["+3"], KHUFU, "giza.stone_needs_larger_number", "larger number"),
    ("-3", ["+2"], KHUFU, "giza.stone_needs_larger_number", "larger number"),
    ("+2", ["+3", "T3", "+1"], KHUFU, "giza.stone_needs_larger_number", "larger number"),
    ("+3", ["+5", "T3"], KHUFU, "giza.stone_needs_larger_number", "treasure of a larger number"),
    ("+2", [], SPHINX, "giza.stone_only_on_pyramids", "never on the Sphinx"),
    ("+2", ["BASE"], SPHINX, "giza.stone_only_on_pyramids", "never on the Sphinx"),
    ("+2", ["+4", "SCA"], KHUFU, "giza.blocked_by_scarab", "scarab"),
    ("T3", ["+4"], KHUFU, "giza.treasure_needs_its_stone", "stone of its own number"),
    ("T3", [], KHUFU, "giza.treasure_needs_its_stone", "stone of its own number"),
    ("T4", ["+4", "T4"], KHUFU, "giza.treasure_needs_its_stone", "stone of its own number"),
    ("T3", ["+3", "SCA"], KHUFU, "giza.blocked_by_scarab", "scarab"),
    ("T3", [], SPHINX, "giza.treasure_only_on_pyramids", "never on the Sphinx"),
    ("BASE", [], KHUFU, "giza.sphinx_only_on_sphinx_site", "only on a Sphinx site"),
    ("BODY", ["+5"], KHUFU, "giza.sphinx_only_on_sphinx_site", "only on a Sphinx site"),
    ("BASE", ["BASE"], SPHINX, "giza.sphinx_base_needs_empty_site", "empty Sphinx site"),
    ("BODY", [], SPHINX, "giza.sphinx_body_needs_base", "on a Sphinx base"),
    ("BODY", ["BASE", "BODY"], SPHINX, "giza.sphinx_body_needs_base", "on a Sphinx base"),
    ("HEAD", ["BASE"], SPHINX, "giza.sphinx_head_needs_body", "never straight on a Sphinx base"),
    ("HEAD", [], SPHINX, "giza.sphinx_head_needs_body", "only on a Sphinx body"),
    ("HEAD", ["BASE", "BODY", "HEAD"], SPHINX, "giza.sphinx_head_needs_body", "only on a Sphinx body"),
    ("BODY", ["BASE", "SCA"], SPHINX, "giza.blocked_by_scarab", "scarab"),
    ("DEM", [], KHUFU, "giza.demolish_needs_a_tile", "nothing to destroy"),
    ("DEM", [], SPHINX, "giza.demolish_needs_a_tile", "nothing to destroy"),
]

NAMES = {MENKAURE: "menkaure", KHAFRE: "khafre", KHUFU: "khufu", SPHINX: "sphinx"}


def _table(tile: str, stack: list[str], site: int, board: int) -> tuple[Play, GizaState]:
    state = Table(2).stack(board, NAMES[site], *stack).hand(0, tile).state()
    return Play(tile=tile_in_hand(state, 0, tile), board=board, site=site), state


@pytest.mark.parametrize("board", [0, 1], ids=["own board", "other board"])
@pytest.mark.parametrize(("tile", "stack", "site"), ALLOWED)
def test_a_tile_may_go_where_the_rules_allow_on_any_board(
    tile: str, stack: list[str], site: int, board: int
) -> None:
    command, state = _table(tile, stack, site, board)
    assert command in GAME.legal_commands(state, 0)
    after, _ = play(state, 0, command)
    shown = after.boards[board][site]
    if tile == "DEM":
        assert len(shown) == len(stack) - 1
        assert command.tile in after.discards
    else:
        assert shown[-1] == command.tile and len(shown) == len(stack) + 1


@pytest.mark.parametrize(("tile", "stack", "site", "code", "words"), REFUSED)
def test_each_placement_rule_refuses_by_name(
    tile: str, stack: list[str], site: int, code: str, words: str
) -> None:
    for board in (0, 1):
        command, state = _table(tile, stack, site, board)
        assert command not in GAME.legal_commands(state, 0)
        violation = refusal(state, 0, command)
        assert violation.code == code
        assert words in english(violation.message), violation.message
        assert violation.details == {"field": "site"}
        assert command.tile not in english(violation.message), "a refusal never names a tile id"


def test_the_rulebook_example_of_stones_on_a_3_treasure() -> None:
    fits = {
        spec
        for spec in ("+1", "-1", "+2", "-2", "+3", "-3", "+4", "-4", "+5", "-5")
        if _fits(spec, ["+3", "T3"])
    }
    assert fits == {"+1", "-1", "+2", "-2"}


def test_the_rulebook_example_of_a_minus_2_stone() -> None:
    assert _fits("-2", ["+5"]) and _fits("-2", ["-3"]) and _fits("-2", ["-4"])
    assert not _fits("-2", ["+2"]) and not _fits("-2", ["-1"])


def test_a_3_treasure_goes_on_a_plus_3_or_minus_3_stone_only() -> None:
    fits = {spec for spec in ("+1", "-2", "+3", "-3", "+4", "-5") if _fits("T3", [spec])}
    assert fits == {"+3", "-3"}


def test_a_stone_on_a_1_stone_is_refused_but_a_scarab_or_demolish_may_go_there() -> None:
    assert not any(_fits(spec, ["+3", "+1"]) for spec in ("+1", "-1", "T2"))
    assert _fits("SCA", ["+3", "+1"]) and _fits("DEM", ["+3", "+1"])


def _fits(tile: str, stack: list[str], site: int = KHUFU) -> bool:
    command, state = _table(tile, stack, site, 1)
    return command in GAME.legal_commands(state, 0)


def test_every_kind_of_tile_but_the_scarab_has_its_refusals_tested_here() -> None:
    kinds = {TILE_BY_ID[Table(2).take(tile)].kind for tile, *_ in REFUSED}
    assert kinds == {"stone", "treasure", "sphinx_base", "sphinx_body", "sphinx_head", "demolish"}
