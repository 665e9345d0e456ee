"""The rules of Giza as Papyrus plays them, in its own words, for the rules page beside the board."""

from __future__ import annotations

from domain.engine import RulesSection
from domain.games.giza.data import (
    DEMOLISH_TILES,
    DISCARD_MAX,
    DISCARD_MIN,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEGATIVE_STONES_PER_NUMBER,
    POSITIVE_STONES_PER_NUMBER,
    SCARAB_POINTS,
    SCARAB_TILES,
    SPHINX_BASE,
    SPHINX_BODY,
    SPHINX_HEAD,
    SPHINX_POINTS,
    SPHINX_TILES,
    TOTAL_TILES,
    TREASURE_NUMBERS,
    TREASURES_PER_NUMBER,
)
from domain.games.giza.words import SITE_NAMES
from domain.messages import msg

RULES = (
    RulesSection(
        title=msg("The game"),
        paragraphs=[
            msg(
                "{least} to {most} players build pyramids and a Sphinx from tiles, store treasure in them "
                "and sabotage each other's buildings. Each player owns a board with three pyramid sites "
                "({pyramids}) and one Sphinx site, in full view of the table. The highest score wins.",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                pyramids=list(SITE_NAMES[:3]),
            ),
            msg(
                "There are {total} tiles: stones numbered 1 to 5 ({positive} positive and {negative} "
                "negative of each number), treasures numbered {treasures} ({per_treasure} of each), "
                "{demolish} demolish tiles, {scarabs} scarabs and {sphinx} Sphinx tiles (bases, bodies and "
                "heads).",
                total=TOTAL_TILES,
                positive=POSITIVE_STONES_PER_NUMBER,
                negative=NEGATIVE_STONES_PER_NUMBER,
                treasures=", ".join(str(number) for number in TREASURE_NUMBERS),
                per_treasure=TREASURES_PER_NUMBER,
                demolish=DEMOLISH_TILES,
                scarabs=SCARAB_TILES,
                sphinx=sum(SPHINX_TILES.values()),
            ),
        ],
    ),
    RulesSection(
        title=msg("Setup"),
        paragraphs=[
            msg(
                "All tiles are shuffled face down into the draw pool. Each player draws {hand} tiles and "
                "keeps them secret. The discard pool starts empty.",
                hand=HAND_SIZE,
            ),
            msg(
                "The start player is chosen when the game is created, or drawn at random. Play goes round "
                "the table in seat order."
            ),
        ],
    ),
    RulesSection(
        title=msg("Your turn"),
        paragraphs=[
            msg(
                "Do exactly one of these: play one tile from your hand onto any board (yours or another "
                "player's); or discard {least} to {most} tiles face up; or take a scarab off the top of one "
                "of your own sites. You may not pass, and you never have to play a tile you could play.",
                least=DISCARD_MIN,
                most=DISCARD_MAX,
            ),
            msg(
                "After a play or a discard you draw back to {hand} tiles. Taking a scarab off ends your turn "
                "at once: you draw nothing.",
                hand=HAND_SIZE,
            ),
        ],
    ),
    RulesSection(
        title=msg("Placing tiles"),
        paragraphs=[
            msg("A tile always goes on top of one site and becomes its top tile."),
            msg(
                "Stone: only on a pyramid site that is empty, or on a stone or a treasure with a larger "
                "number (the sign does not matter here: a -2 may go on a +5, a -3 or a 4 treasure)."
            ),
            msg(
                "Treasure: only on a stone of the same number (a 3 treasure on a +3 or a -3 stone), never on "
                "an empty site, another treasure or the Sphinx."
            ),
            msg(
                "Sphinx: a base only on an empty Sphinx site, a body only on a base, a head only on a body. "
                "A head never goes straight on a base. Stones and treasures never go on the Sphinx."
            ),
            msg(
                "Scarab: on any site of any board, empty or not, even on another scarab. While a scarab is "
                "on top, nothing but another scarab or a demolish may be played there."
            ),
            msg(
                "Demolish: on the top tile of any site of any board, your own included. That tile and the "
                "demolish both go to the discard pool; the tile beneath is on top again."
            ),
        ],
    ),
    RulesSection(
        title=msg("The end"),
        paragraphs=[
            msg(
                "The game ends at once when a player takes the last tile of the pool (even part-way through "
                "drawing), or when all three pyramids of any one board are complete: each with a +1 or -1 "
                "stone on top. Anyone may complete anyone's board. A scarab on a 1 stone leaves that pyramid "
                "unfinished; taking it off or demolishing it can complete the board and end the game at once."
            ),
            msg("A complete board is checked after every change to a board, before anyone draws."),
        ],
    ),
    RulesSection(
        title=msg("Scoring"),
        paragraphs=[
            msg(
                "Every tile on your board counts, buried or not: stones their number with its sign, "
                "treasures their number, scarabs {scarab}, a Sphinx base {base}, a body +{body} and a head "
                "+{head}. Unfinished and scarab-covered stacks count too; tiles in hand count nothing.",
                scarab=SCARAB_POINTS,
                base=SPHINX_POINTS[SPHINX_BASE],
                body=SPHINX_POINTS[SPHINX_BODY],
                head=SPHINX_POINTS[SPHINX_HEAD],
            ),
            msg(
                "Highest score wins. The rulebook names no tie-break: players with equal scores share the "
                "place."
            ),
        ],
    ),
    RulesSection(
        title=msg("What you may see"),
        paragraphs=[
            msg(
                "Your own hand, every tile of your own stacks, the top tile and height of everyone else's "
                "stacks, the number of tiles left in the pool and the whole discard pool. Nobody sees the "
                "pool's order or another player's hand. The history tells each tile as it was played, as the "
                "table saw it. Once the game is over, everything is shown."
            ),
        ],
    ),
)


def rules_reference() -> list[RulesSection]:
    return list(RULES)
