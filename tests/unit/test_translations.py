"""Every text players read is translated in every shipped language, and the catalogs stay usable.

The messages are extracted from the tree as ``make messages`` extracts them (babel.cfg, the Makefile's
keywords), so a message added without its translations fails here, not in front of a player. Each shipped
catalog must translate all of them (no fuzzy entry, every plural form), keep each placeholder, be compiled
(its ``.mo`` says what its ``.po`` says) and read as its language (no English left in place).
"""

from __future__ import annotations

import ast
import gettext
import re
import shlex
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_keywords, parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from services.i18n import DEFAULT_LANGUAGE, languages, render
from services.i18n.catalogs import LOCALE_DIR
from services.i18n.page_catalog import page_catalog, plural_categories

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(code for code in languages() if code != DEFAULT_LANGUAGE)
PLACEHOLDER = re.compile(r"\{(\w+)\}|%\((\w+)\)s")
Key = tuple[str | None, str]  # (context, msgid)


def _keywords() -> dict[str, object]:
    line = next(
        line for line in (ROOT / "Makefile").read_text().splitlines() if line.startswith("BABEL_KEYWORDS")
    )
    words = shlex.split(line.partition("=")[2])
    return {**DEFAULT_KEYWORDS, **parse_keywords([word for word in words if word != "-k"])}


@cache
def extracted() -> dict[Key, tuple[str, ...]]:
    """Every message of the tree: (context, msgid) -> its ids (the singular, and the plural if any)."""
    with (ROOT / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config)
    found: dict[Key, tuple[str, ...]] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT), method_map, options_map, keywords=_keywords(), strip_comment_tags=True
    ):
        ids = (message,) if isinstance(message, str) else tuple(message)
        if ids[0]:
            found[(context, ids[0])] = ids
    return found


@cache
def catalog(code: str) -> Catalog:
    with (LOCALE_DIR / code / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return read_po(source, locale=code)


def _placeholders(text: str) -> set[str]:
    return {a or b for a, b in PLACEHOLDER.findall(text)}


def test_the_shipped_languages_are_english_japanese_and_german() -> None:
    assert set(languages()) >= {"en", "ja", "de"}
    assert languages()["ja"].name == "日本語" and languages()["de"].name == "Deutsch"


def test_the_tree_has_messages_to_translate() -> None:
    assert len(extracted()) > 100


@pytest.mark.parametrize("code", SHIPPED)
def test_every_message_has_a_translation(code: str) -> None:
    shipped = catalog(code)
    missing = []
    for (context, msgid), ids in sorted(extracted().items(), key=lambda item: item[0][1]):
        entry = shipped.get(msgid, context=context)
        strings = () if entry is None else _forms(entry.string)
        complete = entry is not None and not entry.fuzzy and strings and all(strings)
        if not complete or (len(ids) > 1 and len(strings) != shipped.num_plurals):
            missing.append(f"{context + ': ' if context else ''}{msgid}")
    assert not missing, f"{code}: {len(missing)} messages without a translation, e.g. {missing[:10]}"


@pytest.mark.parametrize("code", SHIPPED)
def test_every_translation_keeps_the_placeholders(code: str) -> None:
    wrong = []
    for (context, msgid), ids in extracted().items():
        entry = catalog(code).get(msgid, context=context)
        if entry is None:
            continue
        expected = set().union(*(_placeholders(text) for text in ids))
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        for form in forms:
            found = _placeholders(form)
            # a singular form may say "one card" instead of "{count} cards"
            dropped = expected - found - {"count"} or (len(forms) == 1 and found != expected)
            if not found <= expected or dropped:
                wrong.append((msgid, form))
    assert not wrong, f"{code}: placeholders differ from the message's: {wrong[:5]}"


@pytest.mark.parametrize("code", SHIPPED)
def test_the_compiled_catalog_says_what_the_source_says(code: str) -> None:
    """``make translations`` was run after the last edit of the ``.po``."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / "messages.mo").open("rb") as compiled:
        built = {
            (message.context, _first(message.id)): _forms(message.string) for message in read_mo(compiled)
        }
    source = {
        (message.context, _first(message.id)): _forms(message.string)
        for message in catalog(code)
        if message.id and message.string and not message.fuzzy and all(_forms(message.string))
    }
    assert {key: value for key, value in built.items() if key[1]} == source


def _first(msgid: str | tuple[str, ...]) -> str:
    return msgid if isinstance(msgid, str) else msgid[0]


def _forms(string: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return (string,) if isinstance(string, str) else tuple(string)


JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z]{3,}")
NOT_TRANSLATED = {"papyrus", "egizia", "giza", "sobek", "webhook", "https", "url", "ankh"}


@pytest.mark.parametrize("code", SHIPPED)
def test_no_english_is_left_in_place(code: str) -> None:
    """A Japanese text is written in Japanese; a German one differs from the English of a sentence."""
    left = []
    for (context, msgid), _ids in extracted().items():
        entry = catalog(code).get(msgid, context=context)
        if entry is None:
            continue
        form = _forms(entry.string)[-1]
        words = [
            word for word in WORD.findall(PLACEHOLDER.sub("", msgid)) if word.lower() not in NOT_TRANSLATED
        ]
        if code == "ja" and words and not JAPANESE.search(form):
            left.append(msgid)
        if code != "ja" and len(words) >= 4 and form == msgid:
            left.append(msgid)
    assert not left, f"{code}: English left in place: {left[:10]}"


@pytest.mark.parametrize("code", [*SHIPPED, "en", "ru", "ar"])
def test_the_pages_pick_the_plural_form_gettext_picks(code: str) -> None:
    """The pages choose a form by ``Intl.PluralRules`` category; its place in ``plural_categories`` must be
    the form gettext's own rule chooses, for every count a page shows."""
    categories = plural_categories(code)
    rule = get_plural(code)
    locale = Locale.parse(code)
    assert len(categories) >= rule.num_plurals
    choose = gettext.c2py(rule.plural_expr)
    for count in range(0, 1001):
        assert categories.index(locale.plural_form(count)) == choose(count), (code, count)


def test_plural_forms_are_rendered_per_language() -> None:
    from domain.messages import msgn

    one, many = msgn("{count} card", "{count} cards", 1), msgn("{count} card", "{count} cards", 3)
    assert render(one, "en") == "1 card" and render(many, "en") == "3 cards"


def test_each_language_has_a_page_catalog() -> None:
    for code in languages():
        assert page_catalog(code).body.startswith(b"{")


def _python_message_calls() -> Iterator[tuple[str, ast.Call]]:
    for folder in ("domain", "services", "api"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
                named = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                if named and node.func.id in {"msg", "msgn", "msgp"}:
                    yield str(path.relative_to(ROOT)), node


def test_every_message_id_is_a_literal_string_pybabel_can_extract() -> None:
    """``msg(f"...")`` or ``msg(variable)`` would never reach a catalog."""
    wrong = []
    for where, call in _python_message_calls():
        literal = 2 if call.func.id in {"msgn", "msgp"} else 1
        heads = call.args[:literal]
        if len(heads) < literal or not all(
            isinstance(arg, ast.Constant) and isinstance(arg.value, str) for arg in heads
        ):
            wrong.append(f"{where}:{call.lineno}")
    assert not wrong, f"message ids that are not literal strings: {wrong}"


JS_CALL = re.compile(r"(?<![\w.$])(_|n_|p_)\(\s*(?![\"'])")


def test_every_script_message_is_a_literal_string() -> None:
    wrong = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "api" / "web" / "static").rglob("*.js"))
        if path.name != "i18n.js"
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if JS_CALL.search(line)
    ]
    assert not wrong, f"_(), n_() and p_() take literal strings: {wrong}"


JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|<[^>]*>", re.S)


def test_no_template_shows_a_word_outside_a_translation() -> None:
    """Every word a template puts on a page goes through ``_()``: what is left once the Jinja
    expressions and the tags are taken out is punctuation."""
    bare = {}
    for path in sorted((ROOT / "api" / "web" / "templates").glob("*.html")):
        words = set(re.findall(r"[A-Za-z]{2,}", JINJA.sub(" ", path.read_text()))) - {
            "Papyrus",
            "doctype",
            "html",
        }
        if words:
            bare[path.name] = sorted(words)
    assert not bare, f"words not marked for translation: {bare}"
