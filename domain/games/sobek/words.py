"""Sobek's cards, tokens, goods and track in words players read (messages, translated by the catalogs).

The Japanese catalog follows the game's Japanese player guide (品物, スカラベ, 汚職, イベントトークン and the
characters' names).
"""

from __future__ import annotations

from domain.games.sobek.data import (
    AMULET,
    ANKH,
    BEIGE,
    CARDS,
    CATTLE,
    COURTIER,
    COURTIER_MOST,
    CURSE,
    CURSE_WEIGHT,
    EBONY,
    EMBALMING,
    EYE,
    FISH,
    FLOOD,
    FRAUD,
    GREEN,
    GUILD,
    IVORY,
    MARBLE,
    MERCHANT,
    NUMBER,
    ORANGE,
    PRIEST,
    PROSPERITY,
    PROSPERITY_SCARABS,
    QUEEN,
    QUEEN_DRAWS,
    SCARAB,
    SCRIBE,
    SCRIBE_LIMIT,
    THIEF,
    TOKEN_BY_ID,
    VIZIER,
    WHEAT,
)
from domain.messages import Msg, msg, msgn, msgp

GOODS_NAMES: dict[str, Msg] = {
    IVORY: msgp("goods", "ivory"),
    EBONY: msgp("goods", "ebony"),
    MARBLE: msgp("goods", "marble"),
    CATTLE: msgp("goods", "cattle"),
    FISH: msgp("goods", "fish"),
    WHEAT: msgp("goods", "wheat"),
    AMULET: msgp("goods", "amulet"),
}
BACK_NAMES: dict[str, Msg] = {
    GREEN: msgp("back", "green"),
    BEIGE: msgp("back", "beige"),
    ORANGE: msgp("back", "orange"),
}
SYMBOL_NAMES: dict[str, Msg] = {
    NUMBER: msgp("track", "numbered"),
    ANKH: msgp("track", "ankh"),
    EYE: msgp("track", "eye"),
    SCARAB: msgp("track", "scarab"),
}
CHARACTER_NAMES: dict[str, Msg] = {
    "CH-QUEEN": msgp("character", "Queen Sobekneferu"),
    "CH-PRIEST": msgp("character", "High Priest"),
    "CH-PRIESTESS": msgp("character", "High Priestess"),
    "CH-SCRIBE-CAT": msgp("character", "Scribe"),
    "CH-SCRIBE-FIS": msgp("character", "Scribe"),
    "CH-VIZIER": msgp("character", "Vizier"),
    "CH-THIEF": msgp("character", "Thief"),
    "CH-COURTIER": msgp("character", "Courtier"),
    "CH-MERCHANT": msgp("character", "Merchant"),
}
POWER_TEXTS: dict[str, Msg] = {
    QUEEN: msg("Draw {cards} cards from the deck.", cards=QUEEN_DRAWS),
    PRIEST: msg("Name a goods type: every card of it leaves your corruption pile."),
    SCRIBE: msg(
        "Every opponent holding more than {limit} cards discards down to {limit}, onto their own corruption "
        "pile.",
        limit=SCRIBE_LIMIT,
    ),
    VIZIER: msg("Look at one opponent's corruption pile and take one card of it into your hand."),
    THIEF: msg("Choose an opponent and a back colour: take a random card of that colour from their hand."),
    COURTIER: msg("Add one to {most} matching cards from your hand to one of your sets.", most=COURTIER_MOST),
    MERCHANT: msg("Take any one card from the Nile, with no corruption."),
}
TOKEN_NAMES: dict[str, Msg] = {
    GUILD: msgp("token", "Guild"),
    FLOOD: msgp("token", "Flood"),
    CURSE: msgp("token", "Curse"),
    PROSPERITY: msgp("token", "Prosperity"),
    EMBALMING: msgp("token", "Embalming"),
    FRAUD: msgp("token", "Fraud"),
}


def token_text(token_id: str) -> Msg:
    """What an event token does, in one sentence."""
    token = TOKEN_BY_ID[token_id]
    if token.kind == GUILD:
        return msg(
            "Move your marker forward to the next {symbol} square; push one opponent back to the previous "
            "one.",
            symbol=SYMBOL_NAMES[token.symbol],
        )
    return {
        FLOOD: msg("Take one more turn at once."),
        CURSE: msg(
            "Give it to an opponent: it counts as {weight} corruption cards for them.", weight=CURSE_WEIGHT
        ),
        PROSPERITY: msg(
            "Worth {scarabs} scarabs: put it on one of your cattle, fish or wheat sets.",
            scarabs=PROSPERITY_SCARABS,
        ),
        EMBALMING: msg("Take every card of your corruption pile into your hand."),
        FRAUD: msg(
            "Move your marker forward one square per card in your corruption pile (everyone learns it)."
        ),
    }[token.kind]


def token_name(token_id: str) -> Msg:
    return TOKEN_NAMES[TOKEN_BY_ID[token_id].kind]


def card_name(card_id: str) -> Msg:
    """``ivory (3 scarabs)``, ``Thief (fish)``: a card as a player names it."""
    card = CARDS[card_id]
    if card.power:
        return msg("{character} ({goods})", character=CHARACTER_NAMES[card_id], goods=GOODS_NAMES[card.goods])
    if not card.scarabs:
        return msg("{goods} (no scarab)", goods=GOODS_NAMES[card.goods])
    return msgn(
        "{goods} ({count} scarab)", "{goods} ({count} scarabs)", card.scarabs, goods=GOODS_NAMES[card.goods]
    )


def cards_named(card_ids: list[str]) -> list[Msg]:
    return [card_name(card) for card in card_ids]
