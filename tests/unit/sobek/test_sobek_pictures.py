"""Every Sobek character card has a picture of its own in /static/icons.svg, named as the board's
cards.js names it (``character-`` and the card's id without ``CH-``): the two Scribes and the High Priest and
Priestess share a power but are told apart at a glance."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from pathlib import Path

from domain.games.sobek.data import CHARACTER_TABLE

STATIC = Path(__file__).resolve().parents[3] / "api" / "web" / "static"
SVG = "{http://www.w3.org/2000/svg}"


def picture_name(card_id: str) -> str:
    return "character-" + card_id.removeprefix("CH-").lower()


def drawings() -> dict[str, str]:
    """Each symbol of icons.svg by id, as the text of what it draws."""
    root = ElementTree.parse(STATIC / "icons.svg").getroot()
    return {
        symbol.attrib["id"]: ElementTree.tostring(symbol, encoding="unicode").split(">", 1)[1]
        for symbol in root.iter(f"{SVG}symbol")
    }


def test_each_character_card_has_its_own_picture() -> None:
    drawn = drawings()
    names = [picture_name(card_id) for card_id, *_ in CHARACTER_TABLE]
    assert [name for name in names if name not in drawn] == []
    pictures = [drawn[name] for name in names]
    assert len(set(pictures)) == len(CHARACTER_TABLE), "two character cards share one picture"


def test_the_board_names_a_character_picture_by_the_card_id() -> None:
    cards_js = (STATIC / "games" / "sobek" / "cards.js").read_text()
    rule = 'characterPicture = (card) => `character-${card.id.replace(/^CH-/, "").toLowerCase()}`'
    assert rule in cards_js, "cards.js names character pictures differently from picture_name()"
