"""Every printed number of Sobek, in one module, each with its label beside it.

CONFIRMED: stated by the rules of the online edition (Board Game Arena's help page) or the printed rulebook.
INFERRED: not printed anywhere we could read; derived from confirmed facts, with the reason.
DEFAULT: unknown; a choice made so the game can run, with the reason.

Whoever holds the physical game can correct a number here and nowhere else: the rules modules read these
tables and write no printed number in their logic.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

Label = Literal["CONFIRMED", "INFERRED", "DEFAULT"]

# --- The game -----------------------------------------------------------------------------------------------
MIN_PLAYERS: Final = 2  # CONFIRMED
MAX_PLAYERS: Final = 4  # CONFIRMED
ROUNDS: Final = 3  # CONFIRMED: at most three rounds
EARLY_END_ROUND: Final = 2  # CONFIRMED: after round 2's penalty, a score above the line ends the game
EARLY_END_ABOVE: Final = 100  # CONFIRMED "more than 100"; strictly more (exactly 100 goes on): INFERRED
STARTERS_PER_PLAYER: Final = 2  # CONFIRMED: two green-backed cards dealt to each player every round
TOKENS_PER_ROUND: Final = 5  # CONFIRMED: five of the twelve event tokens, at random, face down
NILE_SIZE: Final = 9  # CONFIRMED: nine cards dealt into the Nile
TAKE_REACH: Final = 4  # CONFIRMED: one of the first four cards from the left
SET_MINIMUM: Final = 3  # CONFIRMED: a set has at least three cards
COURTIER_MOST: Final = 2  # CONFIRMED: the Courtier adds one or two cards
QUEEN_DRAWS: Final = 3  # CONFIRMED: the Queen draws three cards from the deck
SCRIBE_LIMIT: Final = 6  # CONFIRMED: opponents holding 7 or more cards discard down to 6
PENALTY_STEP_POINTS: Final = 10  # CONFIRMED: one step back per full 10 set points of the round
CURSE_WEIGHT: Final = 2  # CONFIRMED: a Curse counts as two corruption cards
PROSPERITY_SCARABS: Final = 2  # CONFIRMED: a Prosperity token is worth two scarabs

# --- Goods types --------------------------------------------------------------------------------------------
IVORY: Final = "ivory"
EBONY: Final = "ebony"
MARBLE: Final = "marble"
CATTLE: Final = "cattle"
FISH: Final = "fish"
WHEAT: Final = "wheat"
AMULET: Final = "amulet"
# CONFIRMED: seven goods types; the amulet is the seventh and is wild in a set of another type.
GOODS: Final = (IVORY, EBONY, MARBLE, CATTLE, FISH, WHEAT, AMULET)
TRADE_GOODS: Final = (IVORY, EBONY, MARBLE, CATTLE, FISH, WHEAT)
PROSPERITY_GOODS: Final = (CATTLE, FISH, WHEAT)  # CONFIRMED: never on ivory, ebony or marble

# Card backs, as everyone sees them in a hand (the Thief picks one of them).
GREEN: Final = "green"  # starting goods
BEIGE: Final = "beige"  # market goods
ORANGE: Final = "orange"  # characters
BACKS: Final = (GREEN, BEIGE, ORANGE)


class Card(msgspec.Struct, frozen=True, kw_only=True):
    """One physical card. ``power`` names a character's power ("" for goods); names and texts in words are
    in ``words.py``."""

    id: str
    goods: str
    scarabs: int
    back: str
    label: Label
    why: str = ""
    power: str = ""


# --- Starting goods (green backs): 9 cards, no scarabs ------------------------------------------------------
# CONFIRMED: ivory 1, ebony 1, marble 1, cattle 2, fish 2, wheat 2 (the online rules page corrects the
# breakdown its own card list shows).
STARTER_COUNTS: Final = ((IVORY, 1), (EBONY, 1), (MARBLE, 1), (CATTLE, 2), (FISH, 2), (WHEAT, 2))

# --- Market goods (beige backs): 45 cards -------------------------------------------------------------------
# (goods, id prefix, cards with scarabs, scarabs on each, plain cards). Per-type totals CONFIRMED (rulebook
# totals less the starters). How many cards of a type carry scarabs, and how many (except ivory 3 and wheat 1,
# both CONFIRMED by the worked scoring example), is INFERRED from the two-player successor game's printed
# distribution; it fits every number of the online rules (three 3-scarab ivory make the 36-point set).
MARKET_GOODS: Final = (
    (IVORY, "IVO", 3, 3, 2),
    (EBONY, "EBO", 4, 2, 2),
    (MARBLE, "MAR", 3, 2, 3),
    (CATTLE, "CAT", 5, 1, 2),
    (FISH, "FIS", 5, 1, 3),
    (WHEAT, "WHE", 6, 1, 2),
)
AMULETS: Final = 5  # CONFIRMED by the rulebook (a preview says 6); amulets carry no scarabs: CONFIRMED

# --- Characters (orange backs): 9 cards, no scarabs ---------------------------------------------------------
QUEEN: Final = "queen"
PRIEST: Final = "priest"
SCRIBE: Final = "scribe"
VIZIER: Final = "vizier"
THIEF: Final = "thief"
COURTIER: Final = "courtier"
MERCHANT: Final = "merchant"

# (id, goods, power, label, why); names and powers in words: words.py. Goods types and powers CONFIRMED; the
# ninth card is INFERRED.
CHARACTER_TABLE: Final[tuple[tuple[str, str, str, Label, str], ...]] = (
    ("CH-QUEEN", IVORY, QUEEN, "CONFIRMED", ""),
    ("CH-PRIEST", EBONY, PRIEST, "CONFIRMED", ""),
    ("CH-PRIESTESS", MARBLE, PRIEST, "CONFIRMED", ""),
    ("CH-SCRIBE-CAT", CATTLE, SCRIBE, "CONFIRMED", ""),
    (
        "CH-SCRIBE-FIS",
        FISH,
        SCRIBE,
        "INFERRED",
        "nine characters but eight names; the Scribe is printed with two goods types, so two Scribes",
    ),
    ("CH-VIZIER", CATTLE, VIZIER, "CONFIRMED", ""),
    ("CH-THIEF", FISH, THIEF, "CONFIRMED", ""),
    ("CH-COURTIER", WHEAT, COURTIER, "CONFIRMED", ""),
    ("CH-MERCHANT", WHEAT, MERCHANT, "CONFIRMED", ""),
)


def _starters() -> tuple[Card, ...]:
    cards = []
    for goods, count in STARTER_COUNTS:
        for copy in range(1, count + 1):
            cards.append(
                Card(
                    id=f"ST-{goods[:3].upper()}-{copy}", goods=goods, scarabs=0, back=GREEN, label="CONFIRMED"
                )
            )
    return tuple(cards)


def _market() -> tuple[Card, ...]:
    cards = []
    why = "how many cards of a type carry scarabs is not printed in any source we could read"
    for goods, prefix, valued, scarabs, plain in MARKET_GOODS:
        for number in range(1, valued + plain + 1):
            value = scarabs if number <= valued else 0
            cards.append(
                Card(
                    id=f"{prefix}-{number:02d}",
                    goods=goods,
                    scarabs=value,
                    back=BEIGE,
                    label="INFERRED",
                    why=why,
                )
            )
    cards += [
        Card(id=f"AMU-{number:02d}", goods=AMULET, scarabs=0, back=BEIGE, label="CONFIRMED")
        for number in range(1, AMULETS + 1)
    ]
    return tuple(cards)


def _characters() -> tuple[Card, ...]:
    return tuple(
        Card(
            id=cid,
            goods=goods,
            scarabs=0,
            back=ORANGE,
            label=label,
            why=why,
            power=power,
        )
        for cid, goods, power, label, why in CHARACTER_TABLE
    )


STARTERS: Final = _starters()
MARKET: Final = _market()
CHARACTERS: Final = _characters()
ALL_CARDS: Final = STARTERS + MARKET + CHARACTERS
CARDS: Final = {card.id: card for card in ALL_CARDS}
STARTER_IDS: Final = tuple(card.id for card in STARTERS)
DECK_IDS: Final = tuple(card.id for card in MARKET + CHARACTERS)  # CONFIRMED: the 54-card deck

# --- Event tokens: 12 = 6 kinds x 2 -------------------------------------------------------------------------
GUILD: Final = "guild"
FLOOD: Final = "flood"
CURSE: Final = "curse"
PROSPERITY: Final = "prosperity"
EMBALMING: Final = "embalming"
FRAUD: Final = "fraud"

# --- Score track symbols ------------------------------------------------------------------------------------
NUMBER: Final = "number"  # CONFIRMED: the multiples of 10 carry a number, no symbol
ANKH: Final = "ankh"  # CONFIRMED: square 39 shows an ankh
EYE: Final = "eye"  # DEFAULT name (the other symbols are not named in any source we could read)
SCARAB: Final = "scarab"  # DEFAULT name


class Token(msgspec.Struct, frozen=True, kw_only=True):
    """One event token (its name and text in words: words.py)."""

    id: str
    kind: str
    label: Label
    symbol: str = ""  # the Guild's symbol
    why: str = ""


# DEFAULT: which symbol each Guild token shows is not known; one ankh and one eye, so both walks occur.
GUILD_SYMBOLS: Final = (ANKH, EYE)
TOKEN_KINDS: Final = (GUILD, FLOOD, CURSE, PROSPERITY, EMBALMING, FRAUD)  # CONFIRMED: 2 of each
TOKEN_ID_PREFIX: Final = {
    GUILD: "GUILD",
    FLOOD: "FLOOD",
    CURSE: "CURSE",
    PROSPERITY: "PROSP",
    EMBALMING: "EMBALM",
    FRAUD: "FRAUD",
}


def _tokens() -> tuple[Token, ...]:
    tokens = []
    for kind in TOKEN_KINDS:
        for copy in (1, 2):
            symbol = GUILD_SYMBOLS[copy - 1] if kind == GUILD else ""
            label: Label = "DEFAULT" if kind == GUILD else "CONFIRMED"
            why = (
                "the symbol on each Guild token is not printed in any source we could read" if symbol else ""
            )
            tokens.append(
                Token(
                    id=f"EV-{TOKEN_ID_PREFIX[kind]}-{copy}",
                    kind=kind,
                    label=label,
                    symbol=symbol,
                    why=why,
                )
            )
    return tuple(tokens)


TOKENS: Final = _tokens()
TOKEN_BY_ID: Final = {token.id: token for token in TOKENS}
TOKEN_IDS: Final = tuple(token.id for token in TOKENS)


# The score track, squares 0..100 (100 is 0 of the second lap), one entry per square so any square can be
# corrected here. CONFIRMED: every multiple of 10 is a numbered square and every other square shows a symbol;
# square 39 shows an ankh. DEFAULT layout (the full sequence is not printed in any source we could read): the
# symbol follows the units digit, 1/4/7 eye, 2/5/8 scarab, 3/6/9 ankh, which puts the ankh on 39.
TRACK_LAP: Final = 100  # CONFIRMED: above 100 the marker goes round again from 0
_N, _E, _S, _A = NUMBER, EYE, SCARAB, ANKH
# fmt: off
TRACK: Final[tuple[str, ...]] = (
    _N, _E, _S, _A, _E, _S, _A, _E, _S, _A,  # 0-9
    _N, _E, _S, _A, _E, _S, _A, _E, _S, _A,  # 10-19
    _N, _E, _S, _A, _E, _S, _A, _E, _S, _A,  # 20-29
    _N, _E, _S, _A, _E, _S, _A, _E, _S, _A,  # 30-39
    _N, _E, _S, _A, _E, _S, _A, _E, _S, _A,  # 40-49
    _N, _E, _S, _A, _E, _S, _A, _E, _S, _A,  # 50-59
    _N, _E, _S, _A, _E, _S, _A, _E, _S, _A,  # 60-69
    _N, _E, _S, _A, _E, _S, _A, _E, _S, _A,  # 70-79
    _N, _E, _S, _A, _E, _S, _A, _E, _S, _A,  # 80-89
    _N, _E, _S, _A, _E, _S, _A, _E, _S, _A,  # 90-99
    _N,  # 100 (0 of the second lap)
)
# fmt: on

# --- Tie-breaks ---------------------------------------------------------------------------------------------
# Corruption penalty: highest corruption count (cards + 2 per Curse), then most scarabs on the pile's cards,
# then every player still tied: CONFIRMED. Nobody is penalised when the highest count is 0: INFERRED.
# Final ranking: highest score wins, CONFIRMED. Equal scores share the victory and the place (the rules
# name no tie-break); the result lists the tied seats, deciding nothing, by fewer corruption points in the
# last round played, then the seeded seat order drawn for that round: DEFAULT.
# Start player: round 1 a seeded random seat (DEFAULT, not stated); rounds 2 and 3 the lowest score chooses
# (CONFIRMED), a tie for lowest broken by the round's seeded seat order (DEFAULT, a published clarification
# of another online edition).
