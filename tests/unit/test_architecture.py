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


# Each layer may import its own rank and those below; the write side and the read side share a rank.
LAYERS: tuple[tuple[int, str, tuple[str, ...]], ...] = (
    (
        0,
        "kernel",
        (
            "services.keys",
            "services.settings",
            "services.errors",
            "services.inputs",
            "services.names",
            "services.tagged_union",
            "services.quota_policy",
            "services.i18n",
            "services.observability.metrics",
            "services.observability.structured_logs",
            "services.observability.shared_figures",
            "services.observability.gc_pauses",
            "services.observability.setup",
        ),
    ),
    (1, "store", ("services.store",)),
    (
        2,
        "write side",
        (
            "services.table",
            "services.clocks",
            "services.processing",
            "services.player_commands",
            "services.validation",
            "services.replication",
        ),
    ),
    (2, "read side", ("services.read_side", "services.results", "services.audit")),
    (
        3,
        "features",
        (
            "services.players",
            "services.social",
            "services.notifications",
            "services.limits",
            "services.archive",
            "services.own_data",
            "services.analysis",
            "services.proven_reads",
            "services.operations",
            "services.observability",
        ),
    ),
    (4, "entry points", ("services.game_service", "services.composition", "api", "workers", "papyrus")),
)
# Imports that still run up a layer (none today); a new one fails the test below.
UPWARD_TODAY: set[tuple[str, str]] = set()


def layer_of(module: str) -> tuple[int, str] | None:
    """The rank and name of the layer holding ``module``: its longest matching prefix in :data:`LAYERS`."""
    found: tuple[int, str, str] | None = None
    for rank, name, prefixes in LAYERS:
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (
                found is None or len(prefix) > len(found[2])
            ):
                found = (rank, name, prefix)
    return None if found is None else (found[0], found[1])


def upward_imports(graph: dict[str, set[str]]) -> set[tuple[str, str]]:
    """Every (importer, imported) pair where the imported module stands on a higher layer."""
    upward: set[tuple[str, str]] = set()
    for module, imported in graph.items():
        below = layer_of(module)
        for target in imported:
            above = layer_of(target)
            if below is not None and above is not None and above[0] > below[0]:
                upward.add((module, target))
    return upward


def test_every_module_stands_on_a_layer() -> None:
    graph = import_graph(ROOT, OUTER_LAYERS)
    unplaced = sorted(module for module in graph if module != "services" and layer_of(module) is None)
    assert unplaced == [], f"place these modules on a layer in LAYERS: {unplaced}"


def test_no_import_runs_up_a_layer() -> None:
    upward = upward_imports(import_graph(ROOT, OUTER_LAYERS))
    new, gone = sorted(upward - UPWARD_TODAY), sorted(UPWARD_TODAY - upward)
    assert new == [], f"these imports run up a layer (see docs/architecture.md): {new}"
    assert gone == [], f"these imports are gone: strike them from UPWARD_TODAY: {gone}"


def test_the_layer_check_refuses_the_store_importing_the_write_side() -> None:
    graph = {"services.store.x": {"services.table.y", "services.keys"}, "api.z": {"services.store.x"}}
    assert upward_imports(graph) == {("services.store.x", "services.table.y")}


MOST_PARAMETERS = 6


def long_signatures(root: Path, packages: tuple[str, ...]) -> set[str]:
    """``path:function`` of every function taking more than :data:`MOST_PARAMETERS` (``self`` and ``cls``
    left out, ``*args`` and ``**kwargs`` counted)."""
    found: set[str] = set()
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    continue
                args = node.args
                names = [arg.arg for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]]
                count = len(names) - (names[:1] in (["self"], ["cls"])) + bool(args.vararg) + bool(args.kwarg)
                if count > MOST_PARAMETERS:
                    found.add(f"{path.relative_to(root)}:{node.name}")
    return found


def test_no_function_takes_more_than_six_parameters() -> None:
    found = sorted(long_signatures(ROOT, (*PACKAGES, "benchmarks", "tests")))
    assert found == [], f"these functions take more than six parameters (pass a value object): {found}"
