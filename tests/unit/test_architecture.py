"""The layering promises of the code base, checked on the source tree itself: a pure domain, games named
only inside ``domain/``, Redis keys built in one place, and no import cycle in any package."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import pytest

from domain.registry import games

ROOT = Path(__file__).resolve().parents[2]
OUTER_LAYERS = ("services", "workers", "api", "papyrus")
PACKAGES = ("domain", *OUTER_LAYERS)
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


def _module_name(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_modules(module: str, path: Path, known: set[str]) -> set[str]:
    """The known modules that ``module`` imports anywhere in its file (functions included). ``from x
    import y`` imports the submodule ``x.y`` when there is one, else ``x`` itself."""
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    found.add(f"{base}.{alias.name}")
                elif base in known:
                    found.add(base)
    return found - {module}


def import_graph(root: Path, packages: tuple[str, ...]) -> dict[str, set[str]]:
    """Module -> the modules of ``packages`` it imports."""
    paths = {
        _module_name(root, path): path
        for package in packages
        for path in sorted((root / package).rglob("*.py"))
        if ".venv" not in path.parts
    }
    known = set(paths)
    return {module: _imported_modules(module, path, known) for module, path in paths.items()}


def import_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other in a circle (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for imported in sorted(graph[module]):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = [stack.pop()]
            while group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                cycles.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return cycles


@pytest.mark.parametrize("package", PACKAGES)
def test_no_package_has_an_import_cycle(package: str) -> None:
    cycles = [
        cycle
        for cycle in import_cycles(import_graph(ROOT, PACKAGES))
        if any(module.split(".")[0] == package for module in cycle)
    ]
    assert cycles == [], f"modules of {package}/ import each other in a circle: {cycles}"


def test_the_cycle_check_finds_a_cycle_through_a_function_level_and_a_submodule_import(
    tmp_path: Path,
) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg.sub import b\n")
    (package / "sub" / "b.py").write_text("def f():\n    from ..c import g\n")
    (package / "c.py").write_text("from pkg import a\n\ndef g():\n    pass\n")
    (package / "d.py").write_text("from pkg import c\n")
    assert import_cycles(import_graph(tmp_path, ("pkg",))) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
