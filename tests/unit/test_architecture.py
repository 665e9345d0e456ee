"""The layering promises of design.md §2, checked on the source tree itself."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from domain.registry import games

ROOT = Path(__file__).resolve().parents[2]
OUTER_LAYERS = ("services", "workers", "api", "papyrus")
DOMAIN_MAY_IMPORT = {"domain", "msgspec", "__future__"}
FORBIDDEN_IN_DOMAIN = {"time", "datetime", "os", "secrets", "socket", "uuid", "threading"}


def _python_files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def _imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_domain_draws_randomness_only_from_seeded_generators() -> None:
    unseeded = re.compile(r"(?<![\w.])random\.(?!Random\()\w+\(|SystemRandom")
    users = [
        str(path.relative_to(ROOT)) for path in _python_files("domain") if unseeded.search(path.read_text())
    ]
    assert users == [], f"domain/ may only use seeded random.Random(seed) or domain.rng: {users}"


def test_domain_imports_only_stdlib_msgspec_and_itself() -> None:
    offenders: dict[str, set[str]] = {}
    for path in _python_files("domain"):
        roots = _imported_roots(path)
        foreign = {
            root for root in roots if root not in DOMAIN_MAY_IMPORT and root not in sys.stdlib_module_names
        }
        impure = roots & FORBIDDEN_IN_DOMAIN
        if foreign | impure:
            offenders[str(path.relative_to(ROOT))] = foreign | impure
    assert offenders == {}, f"domain/ must stay pure (no I/O, clock or OS randomness): {offenders}"


@pytest.mark.parametrize("game_name", sorted(games()))
def test_no_outer_layer_names_a_game(game_name: str) -> None:
    pattern = re.compile(rf"\b{re.escape(game_name)}\b", re.IGNORECASE)
    named = [
        str(path.relative_to(ROOT))
        for layer in OUTER_LAYERS
        for path in _python_files(layer)
        if pattern.search(path.read_text())
    ]
    assert named == [], f"only domain/ may name the game {game_name!r}: {named}"


def test_every_redis_key_is_built_in_services_keys() -> None:
    key_literal = re.compile(r"""["']papyrus:|\{game:""")
    built_elsewhere = [
        str(path.relative_to(ROOT))
        for layer in OUTER_LAYERS
        for path in _python_files(layer)
        if path != ROOT / "services" / "keys.py" and key_literal.search(path.read_text())
    ]
    assert built_elsewhere == [], f"Redis keys must be built in services/keys.py: {built_elsewhere}"


def test_outer_layers_never_import_a_game_package() -> None:
    importers = [
        str(path.relative_to(ROOT))
        for layer in OUTER_LAYERS
        for path in _python_files(layer)
        if "domain.games" in path.read_text()
    ]
    assert importers == [], (
        f"services/workers/api/papyrus reach games only through domain.registry: {importers}"
    )
