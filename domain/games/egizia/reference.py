"""The rules of Egizia as Papyrus plays them, section by section, for the game's rules page.

Every number comes from ``data``, so a corrected number there corrects this text too. The round spaces,
building sites and cards have their own texts in the view; this reference gives the phases and the scoring.
"""

from __future__ import annotations

from domain.engine import RulesSection
from domain.games.egizia.data import (
    ALYI_STONES,
    CARDS_PER_ROUND,
    COOP_BONUS,
    CREW_START,
    DECKS,
    GRAIN_BOTTOM_VP,
    GRAIN_PENALTY,
    GRAVE_SPACES,
    GRAVE_TABLE,
    GRAVES_FACE_UP,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PYRAMID_ROW_BONUS_PER_STONE,
    ROUNDS,
    SHIPS_PER_PLAYER,
    SITE_SLOTS_BY_PLAYERS,
    SPHINX_KEEP,
    SPHINX_MAX_DRAW,
    SPHINX_RETURN_VP,
    START_FIELD_GRAIN,
    START_QUARRY_STONES,
    START_STONES_BY_TILE,
    STONE_BOTTOM_STONES,
    STONE_CAP,
    STONE_SALE_RATE,
)

PHASE_TITLES = (
    "Phase 1: Nile cards",
    "Phase 2: placing ships",
    "Phase 3: feeding the crews",
    "Phase 4: producing stones",
    "Phase 5: building",
    "Phase 6: co-operation bonus",
    "Phase 7: the new player order",
)
FINAL_SCORING_TITLE = "Final scoring"


def _grave_table() -> str:
    bands = []
    upper = None
    for lowest, vp in GRAVE_TABLE:
        if upper is None:
            span = f"{lowest} or more"
        else:
            span = f"{lowest} to {upper}" if upper > lowest else f"{lowest}"
        bands.append(f"{span}: {vp} VP")
        upper = lowest - 1
    return "; ".join(bands)


def _overview() -> list[RulesSection]:
    slots = SITE_SLOTS_BY_PLAYERS
    return [
        RulesSection(
            title="The game",
            paragraphs=[
                f"{MIN_PLAYERS} to {MAX_PLAYERS} players build along the Nile in {ROUNDS} rounds of seven "
                "phases. The most victory points (VP) at the end win; on equal scores, the marker that "
                "reached the space first is in front and wins.",
                f"Each player has {SHIPS_PER_PLAYER} ships, three regular crews (A, B, C) starting at "
                f"strength {CREW_START[0]} and a Joker at {CREW_START[3]}, a green field of "
                f"{START_FIELD_GRAIN} grain, a quarry of {START_QUARRY_STONES} stones and, by sequence tile, "
                f"{', '.join(map(str, START_STONES_BY_TILE))} stones. The stone table holds at most "
                f"{STONE_CAP}; stones beyond it are lost.",
                f"The river has card spaces, round spaces and three building sites (the Sphinx, the Obelisk "
                f"and Graves, the Temple and Pyramid), each with {slots[MAX_PLAYERS]} ship spaces at "
                f"{MAX_PLAYERS} players and {slots[MIN_PLAYERS]} with fewer. {GRAVE_SPACES} grave tiles "
                f"lie in a row, the first {GRAVES_FACE_UP} face up.",
            ],
        )
    ]


def _placement_phases() -> list[RulesSection]:
    return [
        RulesSection(
            title=PHASE_TITLES[0],
            paragraphs=[
                f"{CARDS_PER_ROUND} Nile cards are laid out face up along the river, from deck "
                f"{DECKS[0]} in rounds 1 and 2, {DECKS[1]} in rounds 3 and 4, {DECKS[2]} in round 5.",
            ],
        ),
        RulesSection(
            title=PHASE_TITLES[1],
            paragraphs=[
                "In sequence-tile order, each player places one ship at a time, always downstream of "
                "their ships already placed this round. A player who passes places no more ships this "
                "round.",
                "A ship on a card space takes the card: an immediate card acts at once, an anytime card "
                "goes to the hand, a permanent card lies face up in front of its owner. A ship on a round "
                "space does what the space says; each round space takes one ship a round. At Passalon and "
                "Heliopolis the Joker gains 1 and the water ring may move one step. At Alyi any one crew "
                f"gains 1, then {ALYI_STONES} stones.",
                "A ship on a building site takes a free ship space there; a player has one ship per site. "
                "When every space of a site is taken, a player may speculate: the ship waits beside the "
                "site and takes any space freed there in phase 5.",
            ],
        ),
    ]


def _feeding_phases() -> list[RulesSection]:
    worst, best = GRAIN_PENALTY[0], GRAIN_PENALTY[-1]
    return [
        RulesSection(
            title=PHASE_TITLES[2],
            paragraphs=[
                "Front of the scoring track first, each player feeds crews as strong as the sum of their "
                "four crews with the grain of the fields the water ring waters (left: green fields; middle: "
                "green and yellow-green; right: all fields).",
                f"Each missing grain costs {best} to {worst} VP, as the grain-market marker shows. Feeding "
                "aids among the Nile cards may add grain first; surplus grain is lost.",
            ],
        ),
        RulesSection(
            title=PHASE_TITLES[3],
            paragraphs=["In sequence-tile order, every quarry adds its stones to its owner's stone table."],
        ),
    ]


def _building_phase() -> RulesSection:
    return RulesSection(
        title=PHASE_TITLES[4],
        paragraphs=[
            "The sites build in river order: the Sphinx, then the Obelisk and Graves, then the Temple and "
            "Pyramid. At each site the ship space nearest the Nile builds first.",
            "A build uses one regular crew that has not built this round, plus the Joker if the player "
            "likes (the Joker never builds alone). Each space costs its value in stones and in crew "
            "strength and scores its value in VP at once.",
            "A player who does not or cannot build takes the ship home; a speculator at that site moves "
            "into the freed space, whichever space it is, and builds in its turn.",
            f"Sphinx: draw up to {SPHINX_MAX_DRAW} cards, one stone each, up to the crews' strength; keep "
            f"{SPHINX_KEEP}, return the others under the deck for {SPHINX_RETURN_VP} VP each. Sphinx cards "
            "score at the end.",
            "Obelisk and Graves: the obelisk is built level by level from the bottom; grave tiles are taken "
            "in order. Each tile taken turns up the next at once, and a tile turned up during a build may "
            "be taken in the same build: after a build that takes a grave tile, the player may build one "
            "more space at a time with the strength and stones left, or stop. When the build ends, one "
            "market marker of the player's choice moves one step down.",
            "Temple and Pyramid: each pyramid row fills from the left, each stone on the one below it; the "
            "temple's side columns grow from the bottom, then the two middles, then the top. When a "
            "pyramid row is full, the player with most stones in it (the leftmost stone breaks a tie) "
            f"scores {PYRAMID_ROW_BONUS_PER_STONE} VP per own stone in the row.",
            f"Markets: a marker reaching or pushed past the bottom of the stone market gives "
            f"{STONE_BOTTOM_STONES} stones, of the grain market {GRAIN_BOTTOM_VP} VP.",
        ],
    )


def _round_end_phases() -> list[RulesSection]:
    bonus = ", ".join(f"{ships} ship{'s' if ships > 1 else ''}: {vp} VP" for ships, vp in COOP_BONUS.items())
    return [
        RulesSection(
            title=PHASE_TITLES[5],
            paragraphs=[
                "A player who spent at least one stone in phase 5 scores for the ships still on building "
                f"sites ({bonus}), front of the track first. A speculator that never built does not count. "
                "Then every ship goes home.",
            ],
        ),
        RulesSection(
            title=PHASE_TITLES[6],
            paragraphs=[
                "The lowest score takes sequence tile 1, the next lowest tile 2, and so on; of players on "
                f"the same space, the one who arrived later takes the lower tile. After round {ROUNDS} "
                "the final scoring follows.",
            ],
        ),
    ]


def _cards_and_scoring() -> list[RulesSection]:
    return [
        RulesSection(
            title="Nile cards",
            paragraphs=[
                "Anytime cards are used once on one of their owner's turns (placing a ship, feeding, their "
                "own build turn), never in the final scoring. Permanent cards work every round; those "
                "used once a round work again the next round. Each card shows its text on the board.",
            ],
        ),
        RulesSection(
            title=FINAL_SCORING_TITLE,
            paragraphs=[
                "Front of the track first, each player in turn:",
                "1. Stone sale: a stone-market marker on one of the two bottom spaces sells the stones "
                f"left, {STONE_SALE_RATE} stones for 1 VP.",
                "2. Graves: the values of the tiles taken (and of a Nile card that counts as a tile) are "
                f"added up and scored: {_grave_table()}.",
                "3. Sphinx cards: the player shows them and scores each card whose condition is met; the "
                "card worth 1 VP per 10 VP scores last.",
                "The highest score wins; on equal scores the marker that arrived first wins.",
            ],
        ),
    ]


def rules_reference() -> list[RulesSection]:
    """Egizia's rules in the product's own words: the game, each phase, the Nile cards and final scoring."""
    return [
        *_overview(),
        *_placement_phases(),
        *_feeding_phases(),
        _building_phase(),
        *_round_end_phases(),
        *_cards_and_scoring(),
    ]
