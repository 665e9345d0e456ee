"""Nile cards played on their own with ``PlayCard`` during one of the owner's turns.

Anytime cards leave the hand when played; once-per-round permanent cards are marked used until the next
round. N34-12, N34-14 and N5-03 are played on a placement turn (online notes of [Y]); the others on any
own turn: placement, feeding step, own build turn. No card is ever played during final scoring.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.engine import Ctx, RuleViolation
from domain.games.egizia import events as ev
from domain.games.egizia.commands import PlayCard
from domain.games.egizia.data import CREW_NAMES, NILE_BY_ID, SHIPS_PER_PLAYER, STONE_CAP
from domain.games.egizia.rules.cards.feeding_aids import improvable_fields
from domain.games.egizia.rules.cards.holding import PLACEMENT_TURN, boostable_crews, own_turn
from domain.games.egizia.rules.effects import gain_score, gain_stones, move_crew
from domain.games.egizia.state import EgiziaState, Player
from domain.games.egizia.words import CREW_WORDS, card_name
from domain.messages import Msg, msg

Options = Callable[[EgiziaState, int, str], list[PlayCard]]
Check = Callable[[EgiziaState, int, PlayCard], None]
Effect = Callable[[Ctx[EgiziaState], int, PlayCard], None]


def _refuse(code: str, message: Msg, command: PlayCard, field: str = "card") -> RuleViolation:
    return RuleViolation(code, message, {"field": field, "card": command.card})


# --- crew boosts: N12-17 (free), N34-16 (2 stones)
def _boost_options(state: EgiziaState, seat: int, card: str) -> list[PlayCard]:
    player = state.players[seat]
    if player.stones < NILE_BY_ID[card].stones:
        return []
    return [PlayCard(card=card, crews=[crew]) for crew in boostable_crews(player)]


def _boost_check(state: EgiziaState, seat: int, command: PlayCard) -> None:
    player = state.players[seat]
    price = NILE_BY_ID[command.card].stones
    if len(command.crews) != 1 or command.crews[0] not in range(len(CREW_NAMES)):
        raise _refuse(
            "card.crew",
            msg("crews: name the one crew to move: 0, 1, 2 (A, B, C) or 3 (the Joker)."),
            command,
            "crews",
        )
    if command.crews[0] not in boostable_crews(player):
        raise _refuse(
            "card.crew_max",
            msg("{crew} is already on its last space.", crew=CREW_WORDS[command.crews[0]]),
            command,
            "crews",
        )
    if player.stones < price:
        raise _refuse(
            "card.stones",
            msg(
                "{card} costs {price} stones; you have {count}.",
                card=card_name(command.card),
                price=price,
                count=player.stones,
            ),
            command,
        )


def _boost(ctx: Ctx[EgiziaState], seat: int, command: PlayCard) -> None:
    card = NILE_BY_ID[command.card]
    ctx.emit(ev.CardUsed(seat=seat, card=card.id))
    if card.stones:
        ctx.emit(ev.StonesChanged(seat=seat, delta=-card.stones, reason=f"Nile card {card.id}"))
    move_crew(ctx, seat, command.crews[0], card.steps, f"Nile card {card.id}")


# --- stones: N5-05 (+6), N5-06 (sell up to 10 at 1 VP)
def _stones_options(state: EgiziaState, seat: int, card: str) -> list[PlayCard]:
    return [PlayCard(card=card)] if state.players[seat].stones < STONE_CAP else []


def _stones_check(state: EgiziaState, seat: int, command: PlayCard) -> None:
    if state.players[seat].stones >= STONE_CAP:
        raise _refuse(
            "card.stone_cap",
            msg("Your stone table is full ({count}): the stones would be lost.", count=STONE_CAP),
            command,
        )


def _stones(ctx: Ctx[EgiziaState], seat: int, command: PlayCard) -> None:
    ctx.emit(ev.CardUsed(seat=seat, card=command.card))
    gain_stones(ctx, seat, NILE_BY_ID[command.card].stones, f"Nile card {command.card}")


def _sell_limit(player: Player, card: str) -> int:
    return min(NILE_BY_ID[card].stones, player.stones)


def _sell_options(state: EgiziaState, seat: int, card: str) -> list[PlayCard]:
    top = _sell_limit(state.players[seat], card)
    return [PlayCard(card=card, amount=amount) for amount in range(1, top + 1)]


def _sell_check(state: EgiziaState, seat: int, command: PlayCard) -> None:
    top = _sell_limit(state.players[seat], command.card)
    if not 1 <= command.amount <= top:
        raise _refuse(
            "card.amount",
            msg(
                "amount: sell 1 to {top} stones with {card} (at most {most}, at most your stones).",
                top=top,
                card=card_name(command.card),
                most=NILE_BY_ID[command.card].stones,
            ),
            command,
            "amount",
        )


def _sell(ctx: Ctx[EgiziaState], seat: int, command: PlayCard) -> None:
    card = NILE_BY_ID[command.card]
    reason = f"Nile card {card.id}: stones sold"
    ctx.emit(ev.CardUsed(seat=seat, card=card.id))
    ctx.emit(ev.StonesChanged(seat=seat, delta=-command.amount, reason=reason))
    gain_score(ctx, seat, command.amount * card.vp, reason)


# --- field improvement: N12-15, N34-15
def _improve_options(state: EgiziaState, seat: int, card: str) -> list[PlayCard]:
    return [PlayCard(card=card, target=field) for field in improvable_fields(state.players[seat])]


def _improve_check(state: EgiziaState, seat: int, command: PlayCard) -> None:
    if command.target not in improvable_fields(state.players[seat]):
        raise _refuse(
            "card.field",
            msg("target: name one of your fields that is not green yet (by its card's id)."),
            command,
            "target",
        )


def _improve(ctx: Ctx[EgiziaState], seat: int, command: PlayCard) -> None:
    ctx.emit(ev.FieldImproved(seat=seat, field=command.target, card=command.card))


# --- placement-turn cards: N34-12, N34-14, N5-03
def _ships_on_sites(state: EgiziaState, seat: int, speculators_only: bool) -> bool:
    return any(
        seat in site.speculators or (not speculators_only and seat in site.slots) for site in state.sites
    )


def _extra_ship_ok(state: EgiziaState, seat: int) -> Msg | None:
    player = state.players[seat]
    if player.extra_ship:
        return msg("You already play a second ship after your next one.")
    ships = next(NILE_BY_ID[card].count for card in player.hand if NILE_BY_ID[card].kind == "extra_ship")
    if SHIPS_PER_PLAYER - player.ships_placed < ships:
        return msg("You need at least {count} ships left to place {count} in a row.", count=ships)
    return None


def _placement_gate(why: Callable[[EgiziaState, int], Msg | None]) -> tuple[Options, Check]:
    def options(state: EgiziaState, seat: int, card: str) -> list[PlayCard]:
        ok = own_turn(state, seat) == PLACEMENT_TURN and why(state, seat) is None
        return [PlayCard(card=card)] if ok else []

    def check(state: EgiziaState, seat: int, command: PlayCard) -> None:
        if own_turn(state, seat) != PLACEMENT_TURN:
            raise _refuse(
                "card.placement_only",
                msg(
                    "{card} is played on your turn in phase 2 (placing ships).", card=card_name(command.card)
                ),
                command,
            )
        reason = why(state, seat)
        if reason:
            raise _refuse("card.useless", reason, command)

    return options, check


def _speculator_ok(state: EgiziaState, seat: int) -> Msg | None:
    if not _ships_on_sites(state, seat, speculators_only=True):
        return msg("You have no speculating ship: speculate beside a full building site first.")
    return None


def _site_ship_ok(state: EgiziaState, seat: int) -> Msg | None:
    if not _ships_on_sites(state, seat, speculators_only=False):
        return msg("You have no ship at a building site yet.")
    return None


def _just_used(ctx: Ctx[EgiziaState], seat: int, command: PlayCard) -> None:
    ctx.emit(ev.CardUsed(seat=seat, card=command.card))


PLACEMENT_GATES: dict[str, Callable[[EgiziaState, int], Msg | None]] = {
    "extra_ship": _extra_ship_ok,
    "speculator_builds": _speculator_ok,
    "build_first": _site_ship_ok,
}
"""Why a card played on a placement turn would do nothing now (None: it may be played)."""

_EXTRA_SHIP = _placement_gate(_extra_ship_ok)
_SPECULATOR = _placement_gate(_speculator_ok)
_BUILD_FIRST = _placement_gate(_site_ship_ok)

PLAYS: dict[str, tuple[Options, Check, Effect]] = {
    "crew_boost": (_boost_options, _boost_check, _boost),
    "pay_crew_boost": (_boost_options, _boost_check, _boost),
    "stones": (_stones_options, _stones_check, _stones),
    "sell_stones": (_sell_options, _sell_check, _sell),
    "improve_field": (_improve_options, _improve_check, _improve),
    "extra_ship": (_EXTRA_SHIP[0], _EXTRA_SHIP[1], _just_used),
    "speculator_builds": (_SPECULATOR[0], _SPECULATOR[1], _just_used),
    "build_first": (_BUILD_FIRST[0], _BUILD_FIRST[1], _just_used),
}
