"""The printed numbers: every card, character, token and track square is where the rules put it, labelled."""

from __future__ import annotations

from collections import Counter

from domain.games.sobek.data import (
    ALL_CARDS,
    AMULET,
    ANKH,
    BEIGE,
    CARDS,
    CHARACTERS,
    DECK_IDS,
    GREEN,
    MARKET,
    NUMBER,
    ORANGE,
    STARTERS,
    TOKENS,
    TRACK,
)


def test_the_deck_has_45_beige_goods_and_9_characters_and_the_9_starters_are_green() -> None:
    assert len(DECK_IDS) == 54 and len(set(DECK_IDS)) == 54
    assert len(MARKET) == 45 and {card.back for card in MARKET} == {BEIGE}
    assert len(CHARACTERS) == 9 and {card.back for card in CHARACTERS} == {ORANGE}
    assert len(STARTERS) == 9 and {card.back for card in STARTERS} == {GREEN}
    assert Counter(card.goods for card in STARTERS) == {
        "ivory": 1,
        "ebony": 1,
        "marble": 1,
        "cattle": 2,
        "fish": 2,
        "wheat": 2,
    }
    assert all(card.scarabs == 0 for card in STARTERS + CHARACTERS)


def test_goods_totals_per_type_and_the_scarab_values() -> None:
    goods = [card for card in ALL_CARDS if not card.power]
    totals = Counter(card.goods for card in goods)
    assert totals == {"ivory": 6, "ebony": 7, "marble": 7, "cattle": 9, "fish": 10, "wheat": 10, AMULET: 5}
    values = {card.goods: card.scarabs for card in goods if card.scarabs}
    assert values == {"ivory": 3, "ebony": 2, "marble": 2, "cattle": 1, "fish": 1, "wheat": 1}
    assert sum(card.scarabs for card in MARKET) == 39
    assert [card.id for card in MARKET if card.goods == "ivory" and card.scarabs == 3] == [
        "IVO-01",
        "IVO-02",
        "IVO-03",
    ]


def test_the_nine_characters_belong_to_the_printed_goods_families() -> None:
    assert Counter(card.goods for card in CHARACTERS) == {
        "ivory": 1,
        "ebony": 1,
        "marble": 1,
        "cattle": 2,
        "fish": 2,
        "wheat": 2,
    }
    assert {card.id: card.power for card in CHARACTERS} == {
        "CH-QUEEN": "queen",
        "CH-PRIEST": "priest",
        "CH-PRIESTESS": "priest",
        "CH-SCRIBE-CAT": "scribe",
        "CH-SCRIBE-FIS": "scribe",
        "CH-VIZIER": "vizier",
        "CH-THIEF": "thief",
        "CH-COURTIER": "courtier",
        "CH-MERCHANT": "merchant",
    }


def test_twelve_tokens_two_of_each_kind_and_the_guild_symbols() -> None:
    assert len(TOKENS) == 12
    assert Counter(token.kind for token in TOKENS) == dict.fromkeys(
        ("guild", "flood", "curse", "prosperity", "embalming", "fraud"), 2
    )
    assert {token.id: token.symbol for token in TOKENS if token.kind == "guild"} == {
        "EV-GUILD-1": "ankh",
        "EV-GUILD-2": "eye",
    }


def test_the_track_is_a_101_square_table_with_numbers_on_the_tens_and_an_ankh_on_39() -> None:
    assert len(TRACK) == 101
    assert [square for square, symbol in enumerate(TRACK) if symbol == NUMBER] == list(range(0, 101, 10))
    assert TRACK[39] == ANKH
    assert [square for square in range(40) if TRACK[square] == ANKH] == [
        3,
        6,
        9,
        13,
        16,
        19,
        23,
        26,
        29,
        33,
        36,
        39,
    ]


def test_every_card_and_token_carries_a_label_and_inferred_or_default_ones_say_why() -> None:
    for item in [*ALL_CARDS, *TOKENS]:
        assert item.label in ("CONFIRMED", "INFERRED", "DEFAULT")
        assert item.label == "CONFIRMED" or item.why, item.id
    assert len(CARDS) == 63
