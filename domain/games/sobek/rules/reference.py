"""The rules of Sobek in Papyrus's own words, section by section (the rules page beside the board)."""

from __future__ import annotations

from domain.engine import RulesSection
from domain.games.sobek.data import (
    COURTIER_MOST,
    CURSE_WEIGHT,
    EARLY_END_ABOVE,
    EARLY_END_ROUND,
    NILE_SIZE,
    PENALTY_STEP_POINTS,
    PROSPERITY_SCARABS,
    QUEEN_DRAWS,
    ROUNDS,
    SCRIBE_LIMIT,
    SET_MINIMUM,
    STARTERS_PER_PLAYER,
    TAKE_REACH,
    TOKENS_PER_ROUND,
    TRACK_LAP,
)


def _sections() -> list[tuple[str, list[str]]]:
    return [
        (
            "The game",
            [
                f"Two to four merchants trade along the Nile for at most {ROUNDS} rounds. Sets of goods "
                "score points on a track from 0 to 100; the most corrupt merchant of each round loses "
                "some of them.",
            ],
        ),
        (
            "A round begins",
            [
                f"Every player receives {STARTERS_PER_PLAYER} green-backed starting goods. "
                f"{TOKENS_PER_ROUND} of the 12 event tokens are laid face down at random. The 54 market "
                f"cards (45 goods and 9 characters) are shuffled and {NILE_SIZE} are dealt into the Nile "
                "from left to right: goods face up, characters face down.",
                "In round 1 a random player starts. Before rounds 2 and 3, once the Nile is dealt, the "
                "player with the lowest score chooses who starts (possibly themselves); a tie for the "
                "lowest score is broken at random. Play passes to the left.",
            ],
        ),
        (
            "Your turn",
            [
                "Do exactly one of three things; you may not pass.",
                f"Take a card: one of the first {TAKE_REACH} cards of the Nile, counted from the left. "
                "Every card left of it goes face down onto your own corruption pile. The Nile is dealt "
                "again only when it is empty; when the Nile and the deck are both empty the round ends.",
                f"Play a set: {SET_MINIMUM} or more cards of one goods type, laid upright. Amulets are "
                "wild, characters count as a card of their goods type, and three amulets alone are a set "
                "of amulets. You may add the set to an upright set of yours of the same type. Then, while"
                " any event tokens are left this round, you look at all of them and resolve one of your "
                "choice.",
                "Play a character: discard it and use its power (a character used in a set has no power).",
            ],
        ),
        (
            "Event tokens",
            [
                "Guild: your marker moves to the next square showing the token's symbol; then push one "
                "opponent back to the previous square with that symbol (never below 0).",
                "Flood: take another whole turn right after this one.",
                f"Curse: give it to an opponent; it counts as {CURSE_WEIGHT} corruption cards for them.",
                f"Prosperity: worth {PROSPERITY_SCARABS} scarabs on one of your cattle, fish or wheat sets"
                " (wasted if you have none).",
                "Embalming: every card of your corruption pile goes into your hand.",
                "Fraud: your marker moves forward one square per card in your corruption pile, and "
                "everyone learns how many that is.",
            ],
        ),
        (
            "Characters",
            [
                f"Queen Sobekneferu (ivory): draw {QUEEN_DRAWS} cards from the deck.",
                "High Priest (ebony) and High Priestess (marble): name a goods type; every card of that "
                "type leaves your corruption pile.",
                f"Scribe (one cattle, one fish): every opponent holding more than {SCRIBE_LIMIT} cards "
                f"chooses cards to put on their own corruption pile until {SCRIBE_LIMIT} remain.",
                "Vizier (cattle): look at one opponent's corruption pile and take one of its cards into "
                "your hand.",
                "Thief (fish): choose an opponent and a back colour (green, beige or orange); a random "
                "card of that colour moves from their hand to yours.",
                f"Courtier (wheat): add 1 to {COURTIER_MOST} matching cards from your hand to one of your "
                "sets.",
                "Merchant (wheat): take any card of the Nile, with no corruption.",
                "A character may be played even when its power finds nothing to act on.",
            ],
        ),
        (
            "The end of a round",
            [
                "Each player may lay more sets from their hand, sideways; they cannot join a set on the "
                "table. Everything left in hand then goes to the corruption pile.",
                "An upright set scores its scarabs times its cards; a sideways set scores its scarabs "
                "only. Markers move forward by the round's set points.",
            ],
        ),
        (
            "Corruption",
            [
                f"Corruption is the cards in your pile plus {CURSE_WEIGHT} per Curse. The most corrupt "
                "player is penalised; among equal counts, the one whose pile shows more scarabs; players "
                "still tied are all penalised. Nobody is penalised when nobody has any corruption.",
                f"The penalty: one step back per full {PENALTY_STEP_POINTS} set points of the round, each "
                "step to the previous square showing the symbol the marker stands on (from a numbered "
                "square, to the previous numbered square).",
            ],
        ),
        (
            "The end of the game",
            [
                f"The game ends after round {ROUNDS}, or after round {EARLY_END_ROUND}'s penalty if a "
                f"score is above {EARLY_END_ABOVE}. Scores go on past {TRACK_LAP} on a second lap. The "
                "highest score wins; equal scores share the victory.",
            ],
        ),
        (
            "What you see",
            [
                "Your own hand and corruption pile. Of the others: how many cards each holds and their "
                "backs, their sets, their Curses, and their corruption count only if a Fraud showed it. "
                "Characters in the Nile stay face down until taken; event tokens are seen only by the "
                "player choosing one; nobody sees the deck.",
            ],
        ),
    ]


def rules_reference() -> list[RulesSection]:
    return [RulesSection(title=title, paragraphs=paragraphs) for title, paragraphs in _sections()]
