"""A game's name in a reader's language: the title the pages and mails use; the API answers the English
edition's."""

from __future__ import annotations

import pytest

from domain.registry import get_game
from services.i18n.render import render
from services.notifications.messages import title_of

NAMES = {
    "en": ("Egizia", "Giza", "Sobek"),
    "de": ("Egizia", "Giza", "Sobek"),
    "ja": ("エジツィア", "ギザ", "セベク"),
}


@pytest.mark.parametrize("language", sorted(NAMES))
def test_each_game_has_its_communitys_name(language: str) -> None:
    shown = []
    for name in ("egizia", "giza", "sobek"):
        words = title_of(name)
        shown.append(words if isinstance(words, str) else render(words, language))
    assert tuple(shown) == NAMES[language]
    assert [get_game(name).title for name in ("egizia", "giza", "sobek")] == ["Egizia", "Giza", "Sobek"]
