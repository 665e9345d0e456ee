"""Egizia's cards, places, crews and building spaces in words players read (messages, translated by the
catalogs). A card is named by what it does, never by its id; its rules text is a second message."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from domain.games.egizia.data import (
    ALYI_STONES,
    COLOUR_NAMES,
    CREW_NAMES,
    DECKS,
    EDFU_MARKET_STEPS,
    GRAIN_MARKET,
    JOKER,
    NILE_BY_ID,
    NO_SHARED_SPACE,
    OBELISK_VALUES,
    PICTURED_CREWS,
    RING_SPACES,
    SPHINX_BY_ID,
    SPHINX_KEEP,
    SPHINX_MAX_DRAW,
    SPHINX_RETURN_VP,
    START_FIELD_ID,
    START_QUARRY_ID,
    NileCard,
    SphinxCard,
)
from domain.games.egizia.rules.spaces import BUILD_SPACES, GRAVES, OBELISK, PYRAMID
from domain.messages import Msg, msg, msgn, msgp

SITE_WORDS: dict[str, Msg] = {
    "B_SPHINX": msgp("site", "the Sphinx"),
    "B_OBELISK": msgp("site", "the Obelisk and Graves"),
    "B_TEMPLE": msgp("site", "the Temple and Pyramid"),
}
ROUND_SPACE_WORDS: dict[str, Msg] = {
    "R_EDFU": msgp("place", "Edfu"),
    "R_THEBAE": msgp("place", "Thebae"),
    "R_PASSALON": msgp("place", "Passalon"),
    "R_SELINON": msgp("place", "Selinon"),
    "R_BENIHASAN": msgp("place", "Beni Hasan"),
    "R_ALYI": msgp("place", "Alyi"),
    "R_HELIOPOLIS": msgp("place", "Heliopolis"),
}
CREW_WORDS: tuple[Msg, ...] = (
    msgp("crew", "crew A"),
    msgp("crew", "crew B"),
    msgp("crew", "crew C"),
    msgp("crew", "Joker"),
)
RING_WORDS: tuple[Msg, ...] = (msgp("ring", "left"), msgp("ring", "middle"), msgp("ring", "right"))
COLOUR_WORDS: dict[str, Msg] = {
    "green": msgp("irrigation", "green"),
    "yellow-green": msgp("irrigation", "yellow-green"),
    "brown": msgp("irrigation", "brown"),
}
MARKET_WORDS: dict[str, Msg] = {
    "stone": msgp("market", "stone market"),
    GRAIN_MARKET: msgp("market", "grain market"),
}
DECK_WORDS: tuple[Msg, ...] = (
    msgp("deck", "rounds 1 and 2"),
    msgp("deck", "rounds 3 and 4"),
    msgp("deck", "round 5"),
)
DECK_INDEX = {name: index for index, name in enumerate(DECKS)}
TYPE_WORDS: dict[str, Msg] = {
    "IMM": msgp("card type", "immediate"),
    "ANY": msgp("card type", "anytime"),
    "PERM": msgp("card type", "permanent"),
}
BUILDING_WORDS: dict[str, Msg] = {
    "obelisk": msgp("building", "the Obelisk"),
    "graves": msgp("building", "the Graves"),
    "pyramid": msgp("building", "the Pyramid"),
    "temple": msgp("building", "the Temple"),
}


def crews_words(crews: Sequence[int]) -> Msg:
    """``crew A + the Joker``: the crews of one action."""
    if not crews:
        return msg("no crew")
    return msg("{crews}", crews=[CREW_WORDS[crew] for crew in crews])


def crew_by_name(name: str) -> Msg:
    return CREW_WORDS[CREW_NAMES.index(name)]


@cache  # a constant per id: views and histories reuse one message instead of building it again
def place_words(space: str) -> Msg:
    """A river space as a player calls it: a town, a building site, or a card space by its number."""
    if space in ROUND_SPACE_WORDS:
        return ROUND_SPACE_WORDS[space]
    if space in SITE_WORDS:
        return SITE_WORDS[space]
    return msg("card space {number}", number=space.lstrip("C"))


# --- Nile cards ---------------------------------------------------------------------------------------------
def _field_name(card: NileCard) -> Msg:
    if card.colour == 0:
        return msgp("card", "Green field ({grain} grain)", grain=card.grain)
    if card.colour == 1:
        return msgp("card", "Yellow-green field ({grain} grain)", grain=card.grain)
    return msgp("card", "Brown field ({grain} grain)", grain=card.grain)


def _bonus(card: NileCard) -> Msg:
    amount = card.bonus_amount
    if card.bonus == "grain_market":
        return msg("when taken, your grain-market marker moves {count} down", count=amount)
    if card.bonus == "stone_market":
        return msg("when taken, your stone-market marker moves {count} down", count=amount)
    if card.bonus == "vp":
        return msg("when taken, +{count} VP", count=amount)
    return msg("when taken, +{count} stones", count=amount)


def _field_text(card: NileCard) -> Msg:
    text = msg(
        "A {colour} field: {grain} grain at each feeding while the water ring irrigates it.",
        colour=COLOUR_WORDS[COLOUR_NAMES[card.colour]],
        grain=card.grain,
    )
    return msg("{text} Bonus: {bonus}.", text=text, bonus=_bonus(card)) if card.bonus else text


def _special_name(card: NileCard) -> Msg:
    kind = card.kind
    if kind == "market":
        if card.market == GRAIN_MARKET:
            return msgp("card", "Grain trader")
        return msgp("card", "Stone trader")
    if kind == "strength":
        return msgp("card", "+{strength} strength", strength=card.strength)
    if kind == "crews_shown":
        if JOKER in card.crews:
            return msgp("card", "Crews A, B and Joker +1")
        return msgp("card", "Crews A, B and C +1")
    if kind == "building_vp":
        if "obelisk" in card.buildings:
            return msgp("card", "Obelisk and Graves points")
        return msgp("card", "Pyramid and Temple points")
    if kind == "stones":
        return msgp("card", "+{stones} stones", stones=card.stones)
    return _NAMES[kind]


_NAMES: dict[str, Msg] = {
    "grain_surplus": msgp("card", "Extra grain"),
    "double_action": msgp("card", "Double action"),
    "improve_field": msgp("card", "Irrigation"),
    "occupied_round_space": msgp("card", "Shared round space"),
    "crew_boost": msgp("card", "Crew training"),
    "stones_for_grain": msgp("card", "Stones for grain"),
    "sphinx_extra": msgp("card", "Sphinx favour"),
    "crews_choice": msgp("card", "Two crew steps"),
    "extra_ship": msgp("card", "Two ships"),
    "two_crews": msgp("card", "Two crews"),
    "speculator_builds": msgp("card", "Speculators build"),
    "pay_crew_boost": msgp("card", "Paid training"),
    "upstream": msgp("card", "Upstream"),
    "leftover_card": msgp("card", "Leftover card"),
    "build_first": msgp("card", "Build first"),
    "sphinx_keep2": msgp("card", "Keep two Sphinx cards"),
    "sell_stones": msgp("card", "Stone sale"),
}


def _special_text(card: NileCard) -> Msg:
    kind = card.kind
    if kind == "grain_surplus":
        return msg(
            "Anytime, at your feeding: +{grain} grain for this feeding (a surplus is lost).", grain=card.grain
        )
    if kind == "strength":
        return msg("Anytime: +{strength} strength for one build action.", strength=card.strength)
    if kind == "double_action":
        return msg("Anytime, with a ship placement: that round space acts twice (not at Heliopolis).")
    if kind == "improve_field":
        return msg("Anytime: one of your fields counts one irrigation level better for the rest of the game.")
    if kind == "occupied_round_space":
        return msg("Once a round: place a ship on a round space that has a ship (not at Heliopolis).")
    if kind == "crew_boost":
        return msg("Once a round, on one of your turns: any one crew +1.")
    if kind == "stones_for_grain":
        return msg("At your feeding: pay stones for missing grain, 1 stone per grain.")
    if kind == "sphinx_extra":
        return msgn(
            "At the Sphinx: draw up to {count} extra card for free (at most {most} in all; free ones need "
            "no crew).",
            "At the Sphinx: draw up to {count} extra cards for free (at most {most} in all; free ones need "
            "no crew).",
            card.count,
            most=SPHINX_MAX_DRAW,
        )
    if kind == "market":
        return msg(
            "Your {market} marker moves {count} spaces down.",
            market=MARKET_WORDS[card.market],
            count=card.steps,
        )
    if kind == "crews_choice":
        return msg("Two different crews +1 each, or one crew +2.")
    if kind == "extra_ship":
        return msg("Anytime, on your placement turn: place two ships in a row.")
    if kind == "two_crews":
        return msg("Anytime: one build action with two unused regular crews (plus the Joker if you like).")
    if kind == "speculator_builds":
        return msg(
            "On your placement turn: this round your speculating ships build too, after the regular ships."
        )
    if kind == "pay_crew_boost":
        return msg(
            "Once a round, on one of your turns: pay {stones} stones, any one crew +1.", stones=card.stones
        )
    if kind == "upstream":
        return msg("Once a round: place a ship upstream of your last one (later ships go downstream of it).")
    if kind == "leftover_card":
        return msg("At the end of each placement phase: take one card left on the river.")
    if kind == "crews_shown":
        return msg("{crews} +1 each.", crews=[CREW_WORDS[crew] for crew in card.crews])
    return _special_text_late(card)


def _special_text_late(card: NileCard) -> Msg:
    kind = card.kind
    if kind == "build_first":
        return msg("On your placement turn: this round you build first at every site where you have a ship.")
    if kind == "sphinx_keep2":
        return msg("At the Sphinx: keep {count} drawn cards instead of 1.", count=card.count)
    if kind == "stones":
        return msg("Anytime before final scoring: +{stones} stones.", stones=card.stones)
    if kind == "sell_stones":
        return msg(
            "Anytime before final scoring: sell up to {stones} stones at {vp} VP each.",
            stones=card.stones,
            vp=card.vp,
        )
    if kind == "grave_card":
        return msg("Final scoring: counts as a grave tile worth {value}.", value=card.vp)
    buildings = [BUILDING_WORDS[building] for building in card.buildings]
    return msg("+{vp} VP per stone of yours in {buildings}.", vp=card.vp, buildings=buildings)


def nile_name(card: NileCard) -> Msg:
    if card.kind == "field":
        return _field_name(card)
    if card.kind == "quarry":
        return msgp("card", "Quarry ({stones} stones)", stones=card.stones)
    if card.kind == "grave_card":
        return msgp("card", "Grave worth {value}", value=card.vp)
    return _special_name(card)


def nile_text(card: NileCard) -> Msg:
    if card.kind == "field":
        return _field_text(card)
    if card.kind == "quarry":
        return msg("A quarry: +{stones} stones in every round's production.", stones=card.stones)
    return _special_text(card)


# --- Sphinx cards -------------------------------------------------------------------------------------------
def sphinx_name(card: SphinxCard) -> Msg:
    kind = card.kind
    if kind == "obelisk_level":
        return msgp("card", "Obelisk to level {level}", level=card.level)
    if kind == "building_done":
        return {
            "pyramid": msgp("card", "Pyramid complete"),
            "temple": msgp("card", "Temple complete"),
        }.get(card.building, msgp("card", "Graves complete"))
    if kind == "table":
        return {
            "stone": msgp("card", "Stone market race"),
            "grain": msgp("card", "Grain market race"),
        }.get(card.market, msgp("card", "Crew race"))
    if kind == "own_stones":
        return msgp(
            "card", "{count} stones in {building}", count=card.minimum, building=BUILDING_WORDS[card.building]
        )
    if kind == "last_market":
        if card.market == GRAIN_MARKET:
            return msgp("card", "Grain market bottom")
        return msgp("card", "Stone market bottom")
    return _SPHINX_NAMES[kind]


_SPHINX_NAMES: dict[str, Msg] = {
    "own_each": msgp("card", "Everywhere"),
    "per_grave_stone": msgp("card", "Grave keeper"),
    "last_crew": msgp("card", "Strongest crew"),
    "last_joker": msgp("card", "Strongest Joker"),
    "per_permanent": msgp("card", "Patron"),
    "tenth": msgp("card", "One in ten"),
}


def sphinx_text(card: SphinxCard) -> Msg:
    kind, vp = card.kind, card.vp
    if kind == "obelisk_level":
        return msg(
            "Final scoring: {vp} VP if level {level} of the Obelisk is built.", vp=vp, level=card.level
        )
    if kind == "building_done":
        if card.building == "graves":
            return msg("Final scoring: {vp} VP if every grave tile is taken.", vp=vp)
        return msg(
            "Final scoring: {vp} VP if {building} is complete.", vp=vp, building=BUILDING_WORDS[card.building]
        )
    if kind == "table":
        table = "/".join(str(points) for points in card.table)
        who = {
            "stone": msg("players on the stone-market bottom"),
            "grain": msg("players on the grain-market bottom"),
        }.get(card.market, msg("players with a crew on its last space"))
        return msg("Final scoring: with 1/2/3/4 {who}: {table} VP.", who=who, table=table)
    if kind == "own_stones":
        return msg(
            "Final scoring: {vp} VP with at least {count} stones of yours in {building}.",
            vp=vp,
            count=card.minimum,
            building=BUILDING_WORDS[card.building],
        )
    if kind == "own_each":
        return msg(
            "Final scoring: {vp} VP with at least {count} stones of yours in each of the Obelisk, the "
            "Graves, the Pyramid and the Temple.",
            vp=vp,
            count=card.minimum,
        )
    return _sphinx_text_late(card)


def _sphinx_text_late(card: SphinxCard) -> Msg:
    kind, vp = card.kind, card.vp
    if kind == "per_grave_stone":
        return msg("Final scoring: {vp} VP per stone of yours on the Graves.", vp=vp)
    if kind == "last_market":
        return msg(
            "Final scoring: {vp} VP if your {market} marker is on the bottom.",
            vp=vp,
            market=MARKET_WORDS[card.market],
        )
    if kind == "last_crew":
        return msg("Final scoring: {vp} VP if one of your regular crews is on its last space.", vp=vp)
    if kind == "last_joker":
        return msg("Final scoring: {vp} VP if your Joker is on its last space.", vp=vp)
    if kind == "per_permanent":
        return msg("Final scoring: {vp} VP per permanent Nile card of yours (not fields or quarries).", vp=vp)
    return msg("Final scoring, scored last: +1 VP per 10 VP of your score.")


# --- any card by id -----------------------------------------------------------------------------------------
START_NAMES: dict[str, Msg] = {
    START_QUARRY_ID: msgp("card", "Start quarry"),
    START_FIELD_ID: msgp("card", "Start field"),
}


@cache
def bare_card_name(card_id: str) -> Msg:
    """A Nile or Sphinx card (or a start field or quarry) by name, as the card itself shows it."""
    if card_id in NILE_BY_ID:
        return nile_name(NILE_BY_ID[card_id])
    if card_id in SPHINX_BY_ID:
        return sphinx_name(SPHINX_BY_ID[card_id])
    return START_NAMES.get(card_id, msgp("card", "a card"))


@cache
def card_name(card_id: str) -> Msg:
    """A card's name as a sentence quotes it (“+6 stones”, 「+6 ストーン」)."""
    return msgp("quoted card name", "“{name}”", name=bare_card_name(card_id))


@cache
def card_text(card_id: str) -> Msg:
    if card_id in NILE_BY_ID:
        return nile_text(NILE_BY_ID[card_id])
    return sphinx_text(SPHINX_BY_ID[card_id])


def cards_named(card_ids: Sequence[str]) -> list[Msg | str]:
    return [card_name(card) for card in card_ids]


# --- building spaces ----------------------------------------------------------------------------------------
@cache
def space_name(space_id: str) -> Msg:
    """A building space: ``obelisk level 3``, ``grave tile 5``, ``pyramid row 2, space 1``, ``temple, left
    column, space 2``."""
    building, first, second = BUILD_SPACES[space_id]
    if building == OBELISK:
        return msg("obelisk level {level}", level=OBELISK_VALUES[first])
    if building == GRAVES:
        return msg("grave tile {number}", number=first + 1)
    if building == PYRAMID:
        return msg("pyramid row {row}, space {number}", row=first + 1, number=second + 1)
    column = space_id[1]
    number = int(space_id[2:])
    if column == "L":
        return msg("temple, left column, space {number}", number=number)
    if column == "R":
        return msg("temple, right column, space {number}", number=number)
    if column == "M":
        return msg("temple, middle, space {number}", number=number)
    return msg("temple, top, space {number}", number=number)


def spaces_named(space_ids: Sequence[str]) -> list[Msg | str]:
    return [space_name(space) for space in space_ids]


@cache
def space_text(space_id: str) -> Msg:
    """What a round space or building site does, from the printed numbers of ``data``."""
    if space_id == "R_EDFU":
        return msg("Stone-market and grain-market markers {count} down each.", count=EDFU_MARKET_STEPS)
    if space_id in PICTURED_CREWS:
        return msg("{crews} +1 each.", crews=[CREW_WORDS[crew] for crew in PICTURED_CREWS[space_id]])
    if space_id in RING_SPACES:
        if space_id in NO_SHARED_SPACE:
            return msg(
                "Joker +1; you may move the water ring one step (no shared ship, no double action here)."
            )
        return msg("Joker +1; you may move the water ring one step.")
    if space_id == "R_ALYI":
        return msg("Any one crew +1, then +{stones} stones.", stones=ALYI_STONES)
    if space_id == "B_SPHINX":
        return msg(
            "Draw up to {most} Sphinx cards, 1 stone each; keep {keep}, +{vp} VP per card returned.",
            most=SPHINX_MAX_DRAW,
            keep=SPHINX_KEEP,
            vp=SPHINX_RETURN_VP,
        )
    if space_id == "B_OBELISK":
        return msg("Build the Obelisk and take grave tiles; then one market marker 1 down.")
    if space_id == "B_TEMPLE":
        return msg("Build the Pyramid and the Temple; a completed pyramid row pays its majority.")
    return msg("A Nile card lies here until a ship takes it.")
