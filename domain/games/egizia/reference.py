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
from domain.messages import Msg, msg, msgn

PHASE_TITLES = (
    msg("Phase 1: Nile cards"),
    msg("Phase 2: placing ships"),
    msg("Phase 3: feeding the crews"),
    msg("Phase 4: producing stones"),
    msg("Phase 5: building"),
    msg("Phase 6: co-operation bonus"),
    msg("Phase 7: the new player order"),
)
FINAL_SCORING_TITLE = msg("Final scoring")


def _grave_table() -> list[Msg | str]:
    bands: list[Msg | str] = []
    upper = None
    for lowest, vp in GRAVE_TABLE:
        if upper is None:
            bands.append(msg("{lowest} or more: {vp} VP", lowest=lowest, vp=vp))
        elif upper > lowest:
            bands.append(msg("{lowest} to {upper}: {vp} VP", lowest=lowest, upper=upper, vp=vp))
        else:
            bands.append(msg("{lowest}: {vp} VP", lowest=lowest, vp=vp))
        upper = lowest - 1
    return bands


def _overview() -> list[RulesSection]:
    slots = SITE_SLOTS_BY_PLAYERS
    return [
        RulesSection(
            title=msg("The game"),
            paragraphs=[
                msg(
                    "{least} to {most} players build along the Nile in {rounds} rounds of seven phases. The "
                    "most victory points (VP) at the end win; on equal scores, the marker that reached the "
                    "space first is in front and wins.",
                    least=MIN_PLAYERS,
                    most=MAX_PLAYERS,
                    rounds=ROUNDS,
                ),
                msg(
                    "Each player has {ships} ships, three regular crews (A, B, C) starting at strength "
                    "{crew} and a Joker at {joker}, a green field of {grain} grain, a quarry of {quarry} "
                    "stones and, by sequence tile, {stones} stones. The stone table holds at most {cap}; "
                    "stones beyond it are lost.",
                    ships=SHIPS_PER_PLAYER,
                    crew=CREW_START[0],
                    joker=CREW_START[3],
                    grain=START_FIELD_GRAIN,
                    quarry=START_QUARRY_STONES,
                    stones=", ".join(map(str, START_STONES_BY_TILE)),
                    cap=STONE_CAP,
                ),
                msg(
                    "The river has card spaces, round spaces and three building sites (the Sphinx, the "
                    "Obelisk and Graves, the Temple and Pyramid), each with {most_slots} ship spaces at "
                    "{most} players and {fewer_slots} with fewer. {graves} grave tiles lie in a row, the "
                    "first {face_up} face up.",
                    most_slots=slots[MAX_PLAYERS],
                    most=MAX_PLAYERS,
                    fewer_slots=slots[MIN_PLAYERS],
                    graves=GRAVE_SPACES,
                    face_up=GRAVES_FACE_UP,
                ),
            ],
        )
    ]


def _placement_phases() -> list[RulesSection]:
    return [
        RulesSection(
            title=PHASE_TITLES[0],
            paragraphs=[
                msg(
                    "{count} Nile cards are laid out face up along the river, from the deck of rounds 1 and "
                    "2 in rounds 1 and 2, of rounds 3 and 4 in rounds 3 and 4, of round 5 in round 5.",
                    count=CARDS_PER_ROUND,
                ),
            ],
        ),
        RulesSection(
            title=PHASE_TITLES[1],
            paragraphs=[
                msg(
                    "In sequence-tile order, each player places one ship at a time, always downstream of "
                    "their ships already placed this round. A player who passes places no more ships this "
                    "round."
                ),
                msg(
                    "A ship on a card space takes the card: an immediate card acts at once, an anytime card "
                    "goes to the hand, a permanent card lies face up in front of its owner. A ship on a "
                    "round space does what the space says; each round space takes one ship a round. At "
                    "Passalon and Heliopolis the Joker gains 1 and the water ring may move one step. At "
                    "Alyi any one crew gains 1, then {stones} stones.",
                    stones=ALYI_STONES,
                ),
                msg(
                    "A ship on a building site takes a free ship space there; a player has one ship per "
                    "site. When every space of a site is taken, a player may speculate: the ship waits "
                    "beside the site and takes any space freed there in phase 5."
                ),
            ],
        ),
    ]


def _feeding_phases() -> list[RulesSection]:
    worst, best = GRAIN_PENALTY[0], GRAIN_PENALTY[-1]
    return [
        RulesSection(
            title=PHASE_TITLES[2],
            paragraphs=[
                msg(
                    "Front of the scoring track first, each player feeds crews as strong as the sum of "
                    "their four crews with the grain of the fields the water ring waters (left: green "
                    "fields; middle: green and yellow-green; right: all fields)."
                ),
                msg(
                    "Each missing grain costs {best} to {worst} VP, as the grain-market marker shows. "
                    "Feeding aids among the Nile cards may add grain first; surplus grain is lost.",
                    best=best,
                    worst=worst,
                ),
            ],
        ),
        RulesSection(
            title=PHASE_TITLES[3],
            paragraphs=[
                msg("In sequence-tile order, every quarry adds its stones to its owner's stone table.")
            ],
        ),
    ]


def _building_phase() -> RulesSection:
    return RulesSection(
        title=PHASE_TITLES[4],
        paragraphs=[
            msg(
                "The sites build in river order: the Sphinx, then the Obelisk and Graves, then the Temple "
                "and Pyramid. At each site the ship space nearest the Nile builds first."
            ),
            msg(
                "A build uses one regular crew that has not built this round, plus the Joker if the player "
                "likes (the Joker never builds alone). Each space costs its value in stones and in crew "
                "strength and scores its value in VP at once."
            ),
            msg(
                "A player who does not or cannot build takes the ship home; a speculator at that site moves "
                "into the freed space, whichever space it is, and builds in its turn."
            ),
            msg(
                "Sphinx: draw up to {most} cards, one stone each, up to the crews' strength; keep {keep}, "
                "return the others under the deck for {vp} VP each. Sphinx cards score at the end.",
                most=SPHINX_MAX_DRAW,
                keep=SPHINX_KEEP,
                vp=SPHINX_RETURN_VP,
            ),
            msg(
                "Obelisk and Graves: the obelisk is built level by level from the bottom; grave tiles are "
                "taken in order. Each tile taken turns up the next at once, and a tile turned up during a "
                "build may be taken in the same build: after a build that takes a grave tile, the player "
                "may build one more space at a time with the strength and stones left, or stop. When the "
                "build ends, one market marker of the player's choice moves one step down."
            ),
            msg(
                "Temple and Pyramid: each pyramid row fills from the left, each stone on the one below it; "
                "the temple's side columns grow from the bottom, then the two middles, then the top. When "
                "a pyramid row is full, the player with most stones in it (the leftmost stone breaks a "
                "tie) scores {vp} VP per own stone in the row.",
                vp=PYRAMID_ROW_BONUS_PER_STONE,
            ),
            msg(
                "Markets: a marker reaching or pushed past the bottom of the stone market gives {stones} "
                "stones, of the grain market {vp} VP.",
                stones=STONE_BOTTOM_STONES,
                vp=GRAIN_BOTTOM_VP,
            ),
        ],
    )


def _round_end_phases() -> list[RulesSection]:
    bonus: list[Msg | str] = [
        msgn("{count} ship: {vp} VP", "{count} ships: {vp} VP", ships, vp=vp)
        for ships, vp in COOP_BONUS.items()
    ]
    return [
        RulesSection(
            title=PHASE_TITLES[5],
            paragraphs=[
                msg(
                    "A player who spent at least one stone in phase 5 scores for the ships still on "
                    "building sites ({bonus}), front of the track first. A speculator that never built "
                    "does not count. Then every ship goes home.",
                    bonus=bonus,
                ),
            ],
        ),
        RulesSection(
            title=PHASE_TITLES[6],
            paragraphs=[
                msg(
                    "The lowest score takes sequence tile 1, the next lowest tile 2, and so on; of players "
                    "on the same space, the one who arrived later takes the lower tile. After round "
                    "{rounds} the final scoring follows.",
                    rounds=ROUNDS,
                ),
            ],
        ),
    ]


def _cards_and_scoring() -> list[RulesSection]:
    return [
        RulesSection(
            title=msg("Nile cards"),
            paragraphs=[
                msg(
                    "Anytime cards are used once on one of their owner's turns (placing a ship, feeding, "
                    "their own build turn), never in the final scoring. Permanent cards work every round; "
                    "those used once a round work again the next round. Each card shows its text on the "
                    "board."
                ),
            ],
        ),
        RulesSection(
            title=FINAL_SCORING_TITLE,
            paragraphs=[
                msg("Front of the track first, each player in turn:"),
                msg(
                    "1. Stone sale: a stone-market marker on one of the two bottom spaces sells the stones "
                    "left, {rate} stones for 1 VP.",
                    rate=STONE_SALE_RATE,
                ),
                msg(
                    "2. Graves: the values of the tiles taken (and of a Nile card that counts as a tile) "
                    "are added up and scored: {table}.",
                    table=_grave_table(),
                ),
                msg(
                    "3. Sphinx cards: the player shows them and scores each card whose condition is met; "
                    "the card worth 1 VP per 10 VP scores last."
                ),
                msg("The highest score wins; on equal scores the marker that arrived first wins."),
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
