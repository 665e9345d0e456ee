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
from domain.messages import msg

RULES = (
    RulesSection(
        title=msg("The game"),
        paragraphs=[
            msg(
                "Two to four merchants trade along the Nile for at most {rounds} rounds. Sets of goods "
                "score points on a track from 0 to 100; the most corrupt merchant of each round loses some "
                "of them.",
                rounds=ROUNDS,
            ),
        ],
    ),
    RulesSection(
        title=msg("A round begins"),
        paragraphs=[
            msg(
                "Every player receives {starters} green-backed starting goods. {tokens} of the 12 event "
                "tokens are laid face down at random. The 54 market cards (45 goods and 9 characters) are "
                "shuffled and {nile} are dealt into the Nile from left to right: goods face up, characters "
                "face down.",
                starters=STARTERS_PER_PLAYER,
                tokens=TOKENS_PER_ROUND,
                nile=NILE_SIZE,
            ),
            msg(
                "In round 1 a random player starts. Before rounds 2 and 3, once the Nile is dealt, the "
                "player with the lowest score chooses who starts (possibly themselves); a tie for the lowest "
                "score is broken at random. Play passes to the left."
            ),
        ],
    ),
    RulesSection(
        title=msg("Your turn"),
        paragraphs=[
            msg("Do exactly one of three things; you may not pass."),
            msg(
                "Take a card: one of the first {reach} cards of the Nile, counted from the left. Every card "
                "left of it goes face down onto your own corruption pile. The Nile is dealt again only when "
                "it is empty; when the Nile and the deck are both empty the round ends.",
                reach=TAKE_REACH,
            ),
            msg(
                "Play a set: {least} or more cards of one goods type, laid upright. Amulets are wild, "
                "characters count as a card of their goods type, and three amulets alone are a set of "
                "amulets. You may add the set to an upright set of yours of the same type. Then, while any "
                "event tokens are left this round, you look at all of them and resolve one of your choice.",
                least=SET_MINIMUM,
            ),
            msg("Play a character: discard it and use its power (a character used in a set has no power)."),
        ],
    ),
    RulesSection(
        title=msg("Event tokens"),
        paragraphs=[
            msg(
                "Guild: your marker moves to the next square showing the token's symbol; then push one "
                "opponent back to the previous square with that symbol (never below 0)."
            ),
            msg("Flood: take another whole turn right after this one."),
            msg(
                "Curse: give it to an opponent; it counts as {weight} corruption cards for them.",
                weight=CURSE_WEIGHT,
            ),
            msg(
                "Prosperity: worth {scarabs} scarabs on one of your cattle, fish or wheat sets (wasted if "
                "you have none).",
                scarabs=PROSPERITY_SCARABS,
            ),
            msg("Embalming: every card of your corruption pile goes into your hand."),
            msg(
                "Fraud: your marker moves forward one square per card in your corruption pile, and everyone "
                "learns how many that is."
            ),
        ],
    ),
    RulesSection(
        title=msg("Characters"),
        paragraphs=[
            msg("Queen Sobekneferu (ivory): draw {cards} cards from the deck.", cards=QUEEN_DRAWS),
            msg(
                "High Priest (ebony) and High Priestess (marble): name a goods type; every card of that type "
                "leaves your corruption pile."
            ),
            msg(
                "Scribe (one cattle, one fish): every opponent holding more than {limit} cards chooses "
                "cards to put on their own corruption pile until {limit} remain.",
                limit=SCRIBE_LIMIT,
            ),
            msg(
                "Vizier (cattle): look at one opponent's corruption pile and take one of its cards into your "
                "hand."
            ),
            msg(
                "Thief (fish): choose an opponent and a back colour (green, beige or orange); a random card "
                "of that colour moves from their hand to yours."
            ),
            msg(
                "Courtier (wheat): add 1 to {most} matching cards from your hand to one of your sets.",
                most=COURTIER_MOST,
            ),
            msg("Merchant (wheat): take any card of the Nile, with no corruption."),
            msg("A character may be played even when its power finds nothing to act on."),
        ],
    ),
    RulesSection(
        title=msg("The end of a round"),
        paragraphs=[
            msg(
                "Each player may lay more sets from their hand, sideways; they cannot join a set on the "
                "table. Everything left in hand then goes to the corruption pile."
            ),
            msg(
                "An upright set scores its scarabs times its cards; a sideways set scores its scarabs only. "
                "Markers move forward by the round's set points."
            ),
        ],
    ),
    RulesSection(
        title=msg("Corruption"),
        paragraphs=[
            msg(
                "Corruption is the cards in your pile plus {weight} per Curse. The most corrupt player is "
                "penalised; among equal counts, the one whose pile shows more scarabs; players still tied "
                "are all penalised. Nobody is penalised when nobody has any corruption.",
                weight=CURSE_WEIGHT,
            ),
            msg(
                "The penalty: one step back per full {points} set points of the round, each step to the "
                "previous square showing the symbol the marker stands on (from a numbered square, to the "
                "previous numbered square).",
                points=PENALTY_STEP_POINTS,
            ),
        ],
    ),
    RulesSection(
        title=msg("The end of the game"),
        paragraphs=[
            msg(
                "The game ends after round {rounds}, or after round {early}'s penalty if a score is above "
                "{above}. Scores go on past {lap} on a second lap. The highest score wins; equal scores "
                "share the victory.",
                rounds=ROUNDS,
                early=EARLY_END_ROUND,
                above=EARLY_END_ABOVE,
                lap=TRACK_LAP,
            ),
        ],
    ),
    RulesSection(
        title=msg("What you see"),
        paragraphs=[
            msg(
                "Your own hand and corruption pile. Of the others: how many cards each holds and their "
                "backs, their sets, their Curses, and their corruption count only if a Fraud showed it. "
                "Characters in the Nile stay face down until taken; event tokens are seen only by the player "
                "choosing one; nobody sees the deck."
            ),
        ],
    ),
)


def rules_reference() -> list[RulesSection]:
    return list(RULES)
