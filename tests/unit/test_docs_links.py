"""Every file a document names exists in the repository, and no document points outside it.

A document is README.md, BENCHMARKS.md, or a markdown file under `docs/` or `deploy/`. Checked: every
relative markdown link (the file, and its `#anchor` among that file's headings); every span in backticks
that looks like a repository path (it starts with a top-level file or folder, holds a `/` or is such a
file, and has no placeholder such as `<id>` or `…`; a `path: name` span is checked for its path); and
every path in plain text that starts with a top-level folder and ends in a file extension.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
CODE_SPAN = re.compile(r"`([^`\n]+)`")
PATH = re.compile(r"[A-Za-z0-9_.\-]+(/[A-Za-z0-9_.\-]+)*/?")
PLACEHOLDER = re.compile(r"[<>*…{}]|\.\.\.")
EXTENSION = r"\.(?:py|md|lua|js|css|toml|ya?ml|conf|json|sh|svg|html)"
PROSE_PATH = re.compile(rf"(?<![\w/.`-])([a-z_]+(?:/[A-Za-z0-9_.\-]+)+{EXTENSION})\b")
UP = re.compile(r"(?<![\w.])((?:\.\./)+[A-Za-z0-9_.\-/]*)")
ABSOLUTE = re.compile(r"(?<![\w.:/])/(?:work|home|root|srv|mnt)/")


def documents() -> list[Path]:
    found = [ROOT / "README.md", ROOT / "BENCHMARKS.md"]
    for folder in ("docs", "deploy"):
        found.extend(sorted((ROOT / folder).rglob("*.md")))
    return found


def top_level_names() -> set[str]:
    return {entry.name for entry in ROOT.iterdir() if not entry.name.startswith(".")}


def link_targets(text: str) -> list[str]:
    """Relative link targets, `#anchor` included (`#anchor` alone is an anchor in the same document)."""
    return [
        match.group(1)
        for match in LINK.finditer(text)
        if not re.match(r"^[a-z][a-z0-9+.-]*:", match.group(1))
    ]


def anchors(markdown: str) -> set[str]:
    """The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as `-`."""
    headings = re.findall(r"^#+ (.+)$", re.sub(r"```.*?```", "", markdown, flags=re.S), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


def named_paths(text: str, top_level: set[str]) -> list[str]:
    """Backticked spans that look like repository paths (`services/keys.py`, `deploy/`, `Makefile`)."""
    paths = []
    for match in CODE_SPAN.finditer(text):
        span = match.group(1).split(":", 1)[0].strip()
        if PLACEHOLDER.search(span) or not PATH.fullmatch(span):
            continue
        first = span.split("/", 1)[0]
        if first not in top_level:
            continue
        if "/" in span or (ROOT / span).is_file():
            paths.append(span)
    return paths


def prose_paths(text: str, top_level: set[str]) -> list[str]:
    """Paths outside backticks and links, such as services/processing/clock_steps.py in a sentence."""
    prose = LINK.sub(" ", CODE_SPAN.sub(" ", text))
    return [path for path in PROSE_PATH.findall(prose) if path.split("/", 1)[0] in top_level]


def inside_repository(path: Path) -> bool:
    return path.resolve().is_relative_to(ROOT)


def test_every_linked_and_named_file_exists() -> None:
    top_level = top_level_names()
    broken = []
    for document in documents():
        text = document.read_text(encoding="utf-8")
        where = document.relative_to(ROOT)
        for target in link_targets(text):
            path, _, anchor = target.partition("#")
            resolved = (document.parent / path) if path else document
            if not inside_repository(resolved) or not resolved.exists():
                broken.append(f"{where}: link {target}")
            elif anchor and resolved.suffix == ".md" and anchor not in anchors(resolved.read_text("utf-8")):
                broken.append(f"{where}: anchor {target}")
        for named in named_paths(text, top_level) + prose_paths(text, top_level):
            if not (ROOT / named).exists():
                broken.append(f"{where}: path {named}")
    assert broken == []


def test_no_document_points_outside_the_repository() -> None:
    outside = []
    for document in documents():
        for number, line in enumerate(document.read_text(encoding="utf-8").splitlines(), 1):
            escapes = [up for up in UP.findall(line) if not inside_repository(document.parent / up)]
            if escapes or ABSOLUTE.search(line):
                outside.append(f"{document.relative_to(ROOT)}:{number}: {line.strip()[:100]}")
    assert outside == []


def test_the_checker_finds_what_it_should() -> None:
    text = "[a](docs/x.md) [b](https://x.org) `services/keys.py: thing` `GET /api/x` `<id>/y` `Makefile`"
    assert link_targets(text + " [c](#here)") == ["docs/x.md", "#here"]
    assert anchors("# Running (`make serve`, `REDIS_URL`)\n```\n# not a heading\n```") == {
        "running-make-serve-redis_url"
    }
    assert named_paths(text, {"services", "Makefile", "docs"}) == ["services/keys.py", "Makefile"]
    assert prose_paths("see services/keys.py, `api/x.py` and e.g. 3.5 ms", {"services", "api"}) == [
        "services/keys.py"
    ]
    assert UP.findall("[b](../BENCHMARKS.md) and ../../shared/x") == ["../BENCHMARKS.md", "../../shared/x"]
    assert not inside_repository(ROOT / "docs" / "../../shared/x")
    assert ABSOLUTE.search("(/work/main/x)") and not ABSOLUTE.search("GET /api/games and https://x/work/y")
