"""Building at the Sphinx: draw up to strength (at most 5, a stone each), keep 0 or 1, +1 VP per card back."""

from __future__ import annotations

from typing import Any

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.commands import SphinxDraw, SphinxKeep
from domain.games.egizia.data import SPHINX_MAX_DRAW, SPHINX_RETURN_VP
from domain.games.egizia.rules.cards.build_cards import (
    card_crew_options,
    check_build_crews,
    sphinx_free_draws,
    sphinx_keep_limit,
    use_build_cards,
    use_sphinx_cards,
)
from domain.games.egizia.rules.crews import crew_options
from domain.games.egizia.rules.effects import gain_score
from domain.games.egizia.rules.queries import builder
from domain.games.egizia.rules.spaces import SPHINX_SITE
from domain.games.egizia.state import NOBODY, EgiziaState
from domain.messages import msg, msgn


def sphinx_builder(state: EgiziaState) -> int:
    """The seat whose build turn at the Sphinx it is now (the one who drew ``state.drawn``), else NOBODY."""
    return builder(state) if state.site == SPHINX_SITE else NOBODY


def _is_sphinx_turn(state: EgiziaState, seat: int) -> bool:
    return seat != NOBODY and sphinx_builder(state) == seat


def max_draw(state: EgiziaState, seat: int, strength: int) -> int:
    """Most cards the seat may draw with this strength: paid up to strength and stones, plus free ones."""
    player = state.players[seat]
    paid = min(strength, player.stones)
    free = sphinx_free_draws(state, seat)
    return min(SPHINX_MAX_DRAW, paid + free, len(state.sphinx_deck))


def keep_options(state: EgiziaState, seat: int) -> list[list[str]]:
    limit = sphinx_keep_limit(state, seat)
    distinct = list(dict.fromkeys(state.drawn))
    options: list[list[str]] = [[]]
    if limit >= 1:
        options += [[card] for card in distinct]
    if limit >= 2:
        options += [[a, b] for i, a in enumerate(state.drawn) for b in state.drawn[i + 1 :]]
    return options


def sphinx_commands(state: EgiziaState, seat: int) -> list[Any]:
    if not _is_sphinx_turn(state, seat):
        return []
    if state.drawn:
        return [SphinxKeep(keep=keep) for keep in keep_options(state, seat)]
    commands: list[Any] = []
    for crews, strength in crew_options(state.players[seat]):  # the Joker may join even when not needed
        top = max_draw(state, seat, strength)
        commands.extend(SphinxDraw(crews=crews, count=count) for count in range(1, top + 1))
    free = min(sphinx_free_draws(state, seat), len(state.sphinx_deck))
    commands.extend(SphinxDraw(crews=[], count=count) for count in range(1, free + 1))
    for crews, cards, strength, floor in card_crew_options(state.players[seat]):
        low, top = max_draw(state, seat, floor), max_draw(state, seat, strength)
        commands.extend(SphinxDraw(crews=crews, count=n, cards=cards) for n in range(low + 1, top + 1))
    return commands


def decide_draw(ctx: Ctx[EgiziaState], seat: int, command: SphinxDraw) -> None:
    state = ctx.state
    if not _is_sphinx_turn(state, seat):
        raise RuleViolation("sphinx.turn", msg("It is not your turn at the Sphinx."))
    if state.drawn:
        raise RuleViolation("sphinx.keep_first", msg("You have already drawn: choose which card to keep."))
    player = state.players[seat]
    # Only free cards (N12-19) need no crew (DEFAULT Q16).
    crewless = not command.crews and not command.cards and sphinx_free_draws(state, seat) > 0
    strength = 0 if crewless else check_build_crews(player, command.crews, command.cards)
    top = max_draw(state, seat, strength)
    if not 1 <= command.count <= top:
        raise RuleViolation(
            "sphinx.count",
            msg(
                "count: you may draw 1 to {top} cards: at most your crews' strength ({strength}), your "
                "stones ({stones}) and {most} cards.",
                top=top,
                strength=strength,
                stones=state.players[seat].stones,
                most=SPHINX_MAX_DRAW,
            ),
            {"field": "count", "max": top},
        )
    free = min(command.count, sphinx_free_draws(state, seat))
    ctx.emit(
        ev.SphinxDrawn(
            seat=seat,
            crews=list(command.crews),
            count=command.count,
            stones=command.count - free,
            cards=state.sphinx_deck[: command.count],
            nile_cards=list(command.cards),
        )
    )
    use_build_cards(ctx, seat, command.cards)
    use_sphinx_cards(ctx, seat, free=free, kept=0)


def decide_keep(ctx: Ctx[EgiziaState], seat: int, command: SphinxKeep) -> None:
    state = ctx.state
    if not _is_sphinx_turn(state, seat) or not state.drawn:
        raise RuleViolation("sphinx.nothing_drawn", msg("You have no drawn Sphinx cards to choose from."))
    limit = sphinx_keep_limit(state, seat)
    if len(command.keep) > limit:
        raise RuleViolation(
            "sphinx.keep_limit",
            msgn(
                "keep: you may keep at most {count} Sphinx card.",
                "keep: you may keep at most {count} Sphinx cards.",
                limit,
            ),
            {"field": "keep"},
        )
    returned = list(state.drawn)
    for card in command.keep:
        if card not in returned:
            raise RuleViolation(
                "sphinx.not_drawn",
                msg("keep: that card is not among the cards you drew."),
                {"field": "keep", "card": card},
            )
        returned.remove(card)
    ctx.emit(
        ev.SphinxKept(
            seat=seat,
            kept_count=len(command.keep),
            returned_count=len(returned),
            kept=list(command.keep),
            returned=returned,
        )
    )
    gain_score(ctx, seat, SPHINX_RETURN_VP * len(returned), "Sphinx cards returned")
    use_sphinx_cards(ctx, seat, free=0, kept=len(command.keep))
