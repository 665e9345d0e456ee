"""An account's days off: its time zone, the weekdays its clocks do not count, its absences (services/players/
days_off.py). Every change re-settles the account's running games, whose deadlines move past the days off."""

from __future__ import annotations

from typing import Annotated

import msgspec
from flask import Response, jsonify

from api import refusals
from api.account_auth import require_account
from api.context import game_service
from api.decoding import decode_body
from api.endpoints import api_blueprint, endpoint
from services.clocks.days_off_settings import AbsenceShown, DaysOffSettings

blueprint = api_blueprint("days_off", __name__)

DateText = Annotated[str, msgspec.Meta(max_length=10)]
ZoneName = Annotated[str, msgspec.Meta(max_length=64)]


class DaysOffChange(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """What to change (a field left out stays as it is): ``zone`` (an IANA time zone such as
    ``Europe/Berlin``), ``weekend`` (ISO weekdays the clocks do not count: 1 Monday .. 7 Sunday, at most 3),
    ``floating`` (spend vacation days an hour at a time instead of timing out)."""

    zone: ZoneName | None = None
    weekend: list[int] | None = None
    floating: bool | None = None


class NewAbsence(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """An absence: its ``first`` and ``last`` day (``YYYY-MM-DD`` in your time zone, both included)."""

    first: DateText
    last: DateText


def _changed(account: str) -> None:
    service = game_service()
    service.absences.changed(account, service.days_off.doc(account).calendar())


@endpoint(
    blueprint,
    "GET",
    "/accounts/me/days-off",
    summary="Your days off: time zone, weekend days, absences and the vacation days left this year.",
    auth="account",
    responses={200: ("Your days off", DaysOffSettings)},
    refusals=(refusals.NOT_LOGGED_IN,),
)
def my_days_off() -> Response:
    return jsonify(game_service().days_off.shown(require_account()))


@endpoint(
    blueprint,
    "PUT",
    "/accounts/me/days-off",
    summary="Change your time zone, weekend days or floating vacation; your games' deadlines move.",
    auth="account",
    request=DaysOffChange,
    responses={200: ("Your days off now", DaysOffSettings)},
    refusals=(refusals.BAD_INPUT, refusals.NOT_LOGGED_IN),
)
def change_days_off() -> Response:
    account = require_account()
    body = decode_body(DaysOffChange)
    service = game_service()
    service.days_off.update(account, body.zone, body.weekend, body.floating)
    _changed(account)
    return jsonify(service.days_off.shown(account))


@endpoint(
    blueprint,
    "POST",
    "/accounts/me/absences",
    summary="Plan an absence: the clocks of all your games stand still on its days.",
    auth="account",
    request=NewAbsence,
    responses={201: ("The absence", AbsenceShown)},
    refusals=(refusals.BAD_INPUT, refusals.NOT_LOGGED_IN),
)
def add_absence() -> tuple[Response, int]:
    account = require_account()
    body = decode_body(NewAbsence)
    absence = game_service().days_off.add_absence(account, body.first, body.last)
    _changed(account)
    shown = AbsenceShown(
        id=absence.id, first=absence.first.isoformat(), last=absence.last.isoformat(), started=False
    )
    return jsonify(shown), 201


@endpoint(
    blueprint,
    "DELETE",
    "/accounts/me/absences/<absence_id>",
    summary="Cancel an absence that has not started.",
    auth="account",
    responses={200: ("Your days off now", DaysOffSettings)},
    refusals=(refusals.NOT_LOGGED_IN, refusals.UNKNOWN_ABSENCE, refusals.ABSENCE_STARTED),
)
def cancel_absence(absence_id: str) -> Response:
    account = require_account()
    service = game_service()
    service.days_off.cancel_absence(account, absence_id)
    _changed(account)
    return jsonify(service.days_off.shown(account))
