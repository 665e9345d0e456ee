"""Standing: players' profiles and their settings, each game's leaderboard, and the archive of finished
games (per game, per player, by date and number of players)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Annotated

import msgspec
from flask import Response, jsonify, request

from api import refusals
from api.account_auth import require_account
from api.context import game_service
from api.decoding import decode_body, query_int
from api.endpoints import QueryParam, api_blueprint, endpoint
from api.errors import ApiError
from api.quota_guard import charge
from services.social import MAX_PAGE, MAX_PER_PAGE, ArchiveFilter, ArchivePage, Leaderboard
from services.social.profiles import Profile, ProfileSettings

blueprint = api_blueprint("social", __name__)
DEFAULT_PER_PAGE = 20
DAY = timedelta(days=1)
DATE = r"[1-9][0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])"
_DATE = re.compile(f"^{DATE}$")
GAME_NAME, PLAYER_NAME = r"[a-z0-9_]{1,40}", r"[^\n]{1,40}"
_GAME, _PLAYER = re.compile(GAME_NAME), re.compile(PLAYER_NAME)

PAGE = QueryParam("page", f"Which page (1 = the first, at most {MAX_PAGE}).", minimum=1, maximum=MAX_PAGE)
PER_PAGE = QueryParam(
    "per_page", "How many a page holds (1-100, default 20).", minimum=1, maximum=MAX_PER_PAGE
)


class ChangeProfile(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The profile settings a player may change."""

    display_name: Annotated[str, msgspec.Meta(max_length=200)]


def _paging() -> tuple[int, int]:
    return query_int("page", 1, MAX_PAGE) or 1, query_int("per_page", 1, MAX_PER_PAGE) or DEFAULT_PER_PAGE


def _day(name: str) -> datetime | None:
    raw = request.args.get(name)
    if raw is None:
        return None
    if not _DATE.fullmatch(raw):
        raise ApiError(400, "invalid_query", f"`{name}` must be a date YYYY-MM-DD.", name)
    year, month, day = (int(part) for part in raw.split("-"))
    return datetime(year, month, 1, tzinfo=UTC) + (day - 1) * DAY  # the 30th of February: 2 March


def _text(name: str, rule: re.Pattern[str], what: str) -> str | None:
    raw = request.args.get(name)
    if raw is not None and not rule.fullmatch(raw):
        raise ApiError(400, "invalid_query", f"`{name}` must be {what}.", name)
    return raw


def archive_filter() -> ArchiveFilter:
    since, until = _day("since"), _day("until")
    return ArchiveFilter(
        game=_text("game", _GAME, "a hosted game's name"),
        player=_text("player", _PLAYER, "a display name of 1 to 40 characters"),
        players=query_int("players", 1),
        since=since.timestamp() if since else None,
        until=(until + DAY).timestamp() - 0.000001 if until else None,
    )


@endpoint(
    blueprint,
    "GET",
    "/players/<path:name>",
    summary="A player's profile, by display name (any letter case): member since, record and rating per "
    "game, current games, last finished games with their final places.",
    responses={200: ("The profile", Profile)},
    refusals=(refusals.UNKNOWN_PLAYER,),
)
def player_profile(name: str) -> Response:
    return jsonify(game_service().social.profile(name))


@endpoint(
    blueprint,
    "GET",
    "/profiles/<public_id>",
    summary="A player's profile by their public id (``id`` of a profile, ``player_id`` of an archived seat "
    "or a leaderboard entry): the address that stays the same when the player changes their display name.",
    responses={200: ("The profile", Profile)},
    refusals=(refusals.UNKNOWN_PLAYER,),
)
def player_profile_by_id(public_id: str) -> Response:
    return jsonify(game_service().social.profile_by_id(public_id))


@endpoint(
    blueprint,
    "GET",
    "/accounts/me/profile",
    summary="Your profile settings.",
    auth="account",
    responses={200: ("Your profile settings", ProfileSettings)},
    refusals=(refusals.NOT_LOGGED_IN,),
)
def my_profile_settings() -> Response:
    name = require_account()
    shown = game_service().social.profiles.display_name(name) or name
    return jsonify(ProfileSettings(display_name=shown))


@endpoint(
    blueprint,
    "PUT",
    "/accounts/me/profile",
    summary="Change your profile settings (the display name).",
    auth="account",
    request=ChangeProfile,
    responses={200: ("Your profile settings now", ProfileSettings)},
    refusals=(
        refusals.BAD_DISPLAY_NAME,
        refusals.NOT_LOGGED_IN,
        refusals.DISPLAY_NAME_TAKEN,
        refusals.QUOTA_EXCEEDED,
    ),
)
def change_profile_settings() -> Response:
    charge("settings", account_required=True)
    name = require_account()
    body = decode_body(ChangeProfile)
    shown = game_service().social.profiles.rename(name, body.display_name)
    return jsonify(ProfileSettings(display_name=shown))


@endpoint(
    blueprint,
    "GET",
    "/ratings/<game>",
    summary="A game's leaderboard: rated players by rating (mu - 3 sigma), best first, a page at a time.",
    query=(PAGE, PER_PAGE),
    responses={200: ("One page of the leaderboard", Leaderboard)},
    refusals=(refusals.BAD_PAGING, refusals.UNKNOWN_HOSTED_GAME),
)
def leaderboard(game: str) -> Response:
    page, per_page = _paging()
    return jsonify(game_service().social.leaderboard(game, page, per_page))


@endpoint(
    blueprint,
    "GET",
    "/archive",
    summary="Finished games, newest first, a page at a time: all, one game's, one player's, by the date "
    "they ended and their number of players.",
    query=(
        QueryParam("game", "Only this hosted game's.", pattern=GAME_NAME),
        QueryParam("player", "Only the games of the player with this display name.", pattern=PLAYER_NAME),
        QueryParam("players", "Only games of this many seats.", minimum=1),
        QueryParam("since", "Only games that ended on or after this day (YYYY-MM-DD, UTC).", pattern=DATE),
        QueryParam("until", "Only games that ended on or before this day (YYYY-MM-DD, UTC).", pattern=DATE),
        PAGE,
        PER_PAGE,
    ),
    responses={200: ("One page of finished games", ArchivePage)},
    refusals=(refusals.BAD_ARCHIVE_FILTER, refusals.UNKNOWN_HOSTED_GAME),
)
def archive() -> Response:
    found = archive_filter()
    page, per_page = _paging()
    return jsonify(game_service().social.archive(found, page, per_page))
