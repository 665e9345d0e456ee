"""An account's notification settings: e-mail address (verified by a mailed link), the events each channel
carries, the webhook (URL and secret rotation); the verification and one-click unsubscribe links."""

from __future__ import annotations

from typing import Annotated

import msgspec
from flask import Response, jsonify, redirect, url_for
from werkzeug.wrappers import Response as BaseResponse

from api import refusals
from api.account_auth import require_account
from api.context import game_service
from api.decoding import decode_body
from api.endpoints import Freeform, api_blueprint, endpoint
from api.quota_guard import charge
from services.notifications.preferences import EMAIL_PATTERN
from services.notifications.service import NotificationSettingsView, WebhookSecret
from services.processing.append_notes import Kind

blueprint = api_blueprint("notifications", __name__)
EventList = Annotated[list[Kind], msgspec.Meta(max_length=10)]


class EventChoice(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """Which events each channel carries (any of your_turn, reminder, game_started, game_ended,
    invitation, choice_asked); an omitted channel keeps its choice, an empty list turns it off."""

    mail_events: EventList | None = None
    webhook_events: EventList | None = None


class EmailAddress(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The address to verify: a link is mailed to it, and mails go to it once the link is opened."""

    email: Annotated[str, msgspec.Meta(max_length=254, pattern=f"^{EMAIL_PATTERN}$")]


class WebhookUrl(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The HTTPS URL that receives signed POSTs (a public address unless the operator allows private
    ones)."""

    url: Annotated[str, msgspec.Meta(max_length=2000)]


SETTINGS = (200, ("The account's notification settings", NotificationSettingsView))


@endpoint(
    blueprint,
    "GET",
    "/accounts/me/notifications",
    summary="Your notification settings: e-mail, the events of each channel, the webhook.",
    auth="account",
    responses=dict([SETTINGS]),
    refusals=(refusals.NOT_LOGGED_IN,),
)
def notification_settings() -> Response:
    return jsonify(game_service().notifications.settings_of(require_account()))


@endpoint(
    blueprint,
    "PUT",
    "/accounts/me/notifications",
    summary="Choose the events that each channel (mail, webhook) carries.",
    auth="account",
    request=EventChoice,
    responses=dict([SETTINGS]),
    refusals=(refusals.BAD_INPUT, refusals.BAD_EMAIL, refusals.NOT_LOGGED_IN, refusals.QUOTA_EXCEEDED),
)
def choose_events() -> Response:
    charge("settings", account_required=True)
    body = decode_body(EventChoice)
    notifications = game_service().notifications
    return jsonify(notifications.choose_events(require_account(), body.mail_events, body.webhook_events))


@endpoint(
    blueprint,
    "PUT",
    "/accounts/me/email",
    summary="Set your e-mail address: a verification link is mailed to it; mails go there once verified.",
    auth="account",
    request=EmailAddress,
    responses=dict([SETTINGS]),
    refusals=(
        refusals.BAD_INPUT,
        refusals.BAD_EMAIL,
        refusals.NOT_LOGGED_IN,
        refusals.MAIL_TOO_SOON,
        refusals.MAIL_UNAVAILABLE,
        refusals.QUOTA_EXCEEDED,
    ),
)
def set_email() -> Response:
    charge("settings", account_required=True)
    body = decode_body(EmailAddress)
    return jsonify(game_service().notifications.request_email(require_account(), body.email))


@endpoint(
    blueprint,
    "DELETE",
    "/accounts/me/email",
    summary="Remove your e-mail address (no more mails).",
    auth="account",
    responses=dict([SETTINGS]),
    refusals=(refusals.NOT_LOGGED_IN, refusals.QUOTA_EXCEEDED),
)
def remove_email() -> Response:
    charge("settings", account_required=True)
    return jsonify(game_service().notifications.remove_email(require_account()))


@endpoint(
    blueprint,
    "GET",
    "/notifications/verify/<token>",
    summary="Open the verification link mailed to a new address: mails go to that address from now on.",
    responses=dict([SETTINGS]),
    refusals=(refusals.BAD_LINK_TOKEN,),
)
def verify_email(token: str) -> Response:
    return jsonify(game_service().notifications.verify_email(token))


@endpoint(
    blueprint,
    "POST",
    "/notifications/unsubscribe/<token>",
    summary="One-click unsubscribe (RFC 8058, the mails' List-Unsubscribe): no more mails to the account.",
    responses=dict([SETTINGS]),
    refusals=(refusals.BAD_LINK_TOKEN,),
)
def unsubscribe(token: str) -> Response:
    return jsonify(game_service().notifications.unsubscribe(token))


@endpoint(
    blueprint,
    "GET",
    "/notifications/unsubscribe/<token>",
    summary="The unsubscribe link opened in a browser (a mail program that does not post it, a person "
    "following the List-Unsubscribe address): 303 to its page, which asks before unsubscribing. Nothing "
    "changes on a GET.",
    responses={
        303: (
            "To the page `/unsubscribe/<token>`, a button that posts this address",
            Freeform("Redirect", "A short page linking to that address", media_type="text/html"),
        )
    },
    reads_store=False,
)
def unsubscribe_in_browser(token: str) -> BaseResponse:
    return redirect(url_for("web.unsubscribe_page", token=token), code=303)


@endpoint(
    blueprint,
    "PUT",
    "/accounts/me/webhook",
    summary="Set your webhook URL; answers a new signing secret (shown once) and re-enables the webhook.",
    auth="account",
    request=WebhookUrl,
    responses={200: ("The webhook URL and its new secret", WebhookSecret)},
    refusals=(refusals.BAD_INPUT, refusals.BAD_WEBHOOK_URL, refusals.NOT_LOGGED_IN, refusals.QUOTA_EXCEEDED),
)
def set_webhook() -> Response:
    charge("settings", account_required=True)
    body = decode_body(WebhookUrl)
    return jsonify(game_service().notifications.set_webhook(require_account(), body.url))


@endpoint(
    blueprint,
    "POST",
    "/accounts/me/webhook/secret",
    summary="Rotate your webhook's signing secret: the new one (shown once) signs every delivery from now.",
    auth="account",
    responses={200: ("The webhook URL and its new secret", WebhookSecret)},
    refusals=(refusals.NOT_LOGGED_IN, refusals.NO_WEBHOOK, refusals.QUOTA_EXCEEDED),
)
def rotate_webhook_secret() -> Response:
    charge("settings", account_required=True)
    return jsonify(game_service().notifications.rotate_webhook_secret(require_account()))


@endpoint(
    blueprint,
    "DELETE",
    "/accounts/me/webhook",
    summary="Remove your webhook.",
    auth="account",
    responses=dict([SETTINGS]),
    refusals=(refusals.NOT_LOGGED_IN, refusals.QUOTA_EXCEEDED),
)
def remove_webhook() -> Response:
    charge("settings", account_required=True)
    return jsonify(game_service().notifications.remove_webhook(require_account()))


class Invitation(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """The player to invite to the game, by the display name others see (login names stay private)."""

    player: Annotated[str, msgspec.Meta(max_length=64)]


class InvitationSent(msgspec.Struct, kw_only=True):
    """Who was invited to which game (the player is told by the channels they chose)."""

    game_id: str
    player: str


@endpoint(
    blueprint,
    "POST",
    "/games/<game_id>/invitations",
    summary="Invite a player (by display name) to this open game (you hold a seat in it); they are told by "
    "mail or webhook.",
    auth="account",
    request=Invitation,
    responses={202: ("The invitation is on its way", InvitationSent)},
    refusals=(
        refusals.BAD_INPUT,
        refusals.NOT_LOGGED_IN,
        refusals.NOT_SEATED_HERE,
        refusals.UNKNOWN_GAME,
        refusals.UNKNOWN_INVITEE,
        refusals.GAME_STARTED,
        refusals.QUOTA_EXCEEDED,
    ),
)
def invite(game_id: str) -> tuple[Response, int]:
    charge("invite", account_required=True)
    body = decode_body(Invitation)
    service = game_service()
    note = service.notifications.invitations.invite(game_id, require_account(), body.player)
    service.components.notify.schedule(game_id, f"invite-{note.key.rsplit(':', 1)[1]}")
    return jsonify(InvitationSent(game_id=game_id, player=body.player)), 202
