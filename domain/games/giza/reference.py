"""The rules of Giza as Papyrus plays them, in its own words, for the rules page beside the board."""

from __future__ import annotations

from domain.engine import RulesSection
from domain.games.giza.data import (
    DEMOLISH_TILES,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEGATIVE_STONES_PER_NUMBER,
    POSITIVE_STONES_PER_NUMBER,
    SCARAB_POINTS,
    SCARAB_TILES,
    SITE_NAMES,
    SPHINX_BASE,
    SPHINX_BODY,
    SPHINX_HEAD,
    SPHINX_POINTS,
    SPHINX_TILES,
    TOTAL_TILES,
    TREASURE_NUMBERS,
    TREASURES_PER_NUMBER,
)

_PYRAMIDS = ", ".join(SITE_NAMES[:3])
_TREASURES = ", ".join(str(number) for number in TREASURE_NUMBERS)

RULES = (
    RulesSection(
        title="The game",
        paragraphs=[
            f"{MIN_PLAYERS} to {MAX_PLAYERS} players build pyramids and a Sphinx from tiles, store "
            "treasure in them and sabotage each other's buildings. Each player owns a board with three "
            f"pyramid sites ({_PYRAMIDS}) and one Sphinx site, in full view of the table. The highest "
            "score wins.",
            f"There are {TOTAL_TILES} tiles: stones numbered 1 to 5 ({POSITIVE_STONES_PER_NUMBER} positive"
            f" and {NEGATIVE_STONES_PER_NUMBER} negative of each number), treasures numbered {_TREASURES} "
            f"({TREASURES_PER_NUMBER} of each), {DEMOLISH_TILES} demolish tiles, {SCARAB_TILES} scarabs "
            f"and {sum(SPHINX_TILES.values())} Sphinx tiles (bases, bodies and heads).",
        ],
    ),
    RulesSection(
        title="Setup",
        paragraphs=[
            "All tiles are shuffled face down into the draw pool. Each player draws "
            f"{HAND_SIZE} tiles and keeps them secret. The discard pool starts empty.",
            "The start player is chosen when the game is created, or drawn at random. Play goes round the "
            "table in seat order.",
        ],
    ),
    RulesSection(
        title="Your turn",
        paragraphs=[
            "Do exactly one of these: play one tile from your hand onto any board (yours or another "
            "player's); or discard 1 to 4 tiles face up; or take a scarab off the top of one of your own "
            "sites. You may not pass, and you never have to play a tile you could play.",
            f"After a play or a discard you draw back to {HAND_SIZE} tiles. Taking a scarab off ends your "
            "turn at once: you draw nothing.",
        ],
    ),
    RulesSection(
        title="Placing tiles",
        paragraphs=[
            "A tile always goes on top of one site and becomes its top tile.",
            "Stone: only on a pyramid site that is empty, or on a stone or a treasure with a larger number "
            "(the sign does not matter here: a -2 may go on a +5, a -3 or a 4 treasure).",
            "Treasure: only on a stone of the same number (a 3 treasure on a +3 or a -3 stone), never on an "
            "empty site, another treasure or the Sphinx.",
            "Sphinx: a base only on an empty Sphinx site, a body only on a base, a head only on a body. A"
            " head never goes straight on a base. Stones and treasures never go on the Sphinx.",
            "Scarab: on any site of any board, empty or not, even on another scarab. While a scarab is on"
            " top, nothing but another scarab or a demolish may be played there.",
            "Demolish: on the top tile of any site of any board, your own included. That tile and the "
            "demolish both go to the discard pool; the tile beneath is on top again.",
        ],
    ),
    RulesSection(
        title="The end",
        paragraphs=[
            "The game ends at once when a player takes the last tile of the pool (even part-way through "
            "drawing), or when all three pyramids of any one board are complete: each with a +1 or -1 stone "
            "on top. Anyone may complete anyone's board. A scarab on a 1 stone leaves that pyramid "
            "unfinished; taking it off or demolishing it can complete the board and end the game at once.",
            "A complete board is checked after every change to a board, before anyone draws.",
        ],
    ),
    RulesSection(
        title="Scoring",
        paragraphs=[
            "Every tile on your board counts, buried or not: stones their number with its sign, treasures "
            f"their number, scarabs {SCARAB_POINTS}, a Sphinx base {SPHINX_POINTS[SPHINX_BASE]}, a body "
            f"+{SPHINX_POINTS[SPHINX_BODY]} and a head +{SPHINX_POINTS[SPHINX_HEAD]}. Unfinished and "
            "scarab-covered stacks count too; tiles in hand count nothing.",
            "Highest score wins. A tie goes to the player with fewer negative tiles (negative stones and "
            "Sphinx bases) on the board, then to the player later in turn order from the start player.",
        ],
    ),
    RulesSection(
        title="What you may see",
        paragraphs=[
            "Your own hand, every tile of your own stacks, the top tile and height of everyone else's "
            "stacks, the number of tiles left in the pool and the whole discard pool. Nobody sees the "
            "pool's order or another player's hand. The history tells each tile as it was played, as the "
            "table saw it. Once the game is over, everything is shown.",
        ],
    ),
)
