"""One term per concept across all the texts of a game, in every shipped language: Egizia's crews are "Trupp"
/ 作業班 on the board, in the log and in the end-of-game breakdown alike, never "Arbeiter" / 労働者.

A game's texts are the messages extracted from its folders. A message whose English names a concept
(placeholders aside) is translated with the glossary's term (or a listed compound: "crew strength" is Stärke
/ 作業力); no translation of the game uses a synonym the glossary rules out."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from tests.unit.test_translations import ROOT, SHIPPED, Key, _forms, _keywords, catalog

PLACEHOLDER = re.compile(r"\{\w+\}|%\(\w+\)s")


@dataclass(frozen=True)
class Term:
    """A concept: ``english`` finds it in a message id; ``words`` are the translations that say it (regular
    expressions by language); ``never`` the synonyms no text of the game may use."""

    concept: str
    english: str
    words: dict[str, str]
    never: dict[str, str]


GLOSSARY: dict[str, list[Term]] = {
    "egizia": [
        Term(
            "crew",
            r"\bcrews?\b",
            {"de": r"trupp|stärke", "ja": "作業班|作業力"},
            {"de": r"arbeiter", "ja": "労働者"},
        ),
        Term("grain", r"\bgrain\b", {"de": r"getreide", "ja": "穀物"}, {"de": r"\bkorn\b", "ja": "小麦"}),
        Term("stone", r"\bstones?\b", {"de": r"stein", "ja": "石"}, {}),
        Term("Nile card", r"\bNile cards?\b", {"de": r"nilkarte", "ja": "ナイルカード"}, {}),
        Term("Sphinx card", r"\bSphinx cards?\b", {"de": r"sphinxkarte", "ja": "スフィンクスカード"}, {}),
    ],
    "giza": [
        Term("treasure", r"\btreasures?\b", {"de": r"sch[aä]tz", "ja": "宝"}, {}),
        Term("pyramid", r"\bpyramids?\b", {"de": r"pyramide", "ja": "ピラミッド"}, {}),
        Term("scarab", r"\bscarabs?\b", {"de": r"skarab", "ja": "スカラベ"}, {}),
        Term("title", r"\bGiza\b", {"de": r"giza", "ja": "ギザ"}, {"ja": "ギーザ|ギゼ"}),
    ],
    "sobek": [
        Term("corruption", r"\bcorruption\b", {"de": r"korruption", "ja": "汚職"}, {"ja": "腐敗"}),
        Term("scarab", r"\bscarabs?\b", {"de": r"skarab", "ja": "スカラベ"}, {}),
        Term("title", r"\bSobek\b", {"de": r"sobek", "ja": "セベク"}, {"ja": "ソベク"}),
    ],
}


@cache
def game_messages(game: str) -> dict[Key, tuple[str, ...]]:
    """The messages written in the game's own folders: (context, msgid) -> its ids."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[Key, tuple[str, ...]] = {}
    for path, _line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=_keywords(), strip_comment_tags=True
    ):
        ids = (message,) if isinstance(message, str) else tuple(message)
        if ids[0] and f"games/{game}/" in path.replace("\\", "/"):
            found[(context, ids[0])] = ids
    return found


def _translations(game: str, code: str) -> list[tuple[str, str]]:
    """(English, translation) of every form of every message of the game."""
    pairs = []
    for (context, msgid), ids in game_messages(game).items():
        entry = catalog(code).get(msgid, context=context)
        if entry is not None:
            pairs += [(ids[-1] if index else ids[0], form) for index, form in enumerate(_forms(entry.string))]
    return pairs


@pytest.mark.parametrize("game", sorted(GLOSSARY))
def test_each_game_has_texts_to_check(game: str) -> None:
    assert len(game_messages(game)) > 50


@pytest.mark.parametrize("code", SHIPPED)
@pytest.mark.parametrize("game", sorted(GLOSSARY))
def test_one_term_per_concept_across_a_games_texts(game: str, code: str) -> None:
    astray = []
    for term in GLOSSARY[game]:
        said, never = re.compile(term.words[code], re.I), term.never.get(code)
        for english, form in _translations(game, code):
            if re.search(term.english, PLACEHOLDER.sub("", english), re.I) and not said.search(form):
                astray.append(f"{term.concept}: {english!r} -> {form!r}")
            if never and re.search(never, form, re.I):
                astray.append(f"{term.concept} named otherwise: {english!r} -> {form!r}")
    assert not astray, "\n".join(astray)
