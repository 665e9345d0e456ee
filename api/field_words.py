"""A refused field as a person reads it: the field by the name its form gives it, then why, in the caller's
language ("Password: at least 8 characters", not msgspec's "Expected `str` of length >= 8"). Reasons the
decoder states in a known shape are messages; any other reason is kept as written, after the field's name."""

from __future__ import annotations

import re
from collections.abc import Callable

from domain.messages import Msg, msg, msgn

FIELDS: dict[str, Msg] = {
    "name": msg("Name"),
    "password": msg("Password"),
    "new_password": msg("New password"),
    "display_name": msg("Display name"),
    "email": msg("E-mail address"),
    "url": msg("HTTPS URL"),
    "game": msg("Game"),
    "seats": msg("Players"),
    "seat": msg("Seat"),
    "text": msg("Message"),
    "language": msg("Language"),
    "clock": msg("Clock"),
    "clock.preset": msg("Time to play"),
    "clock.policy": msg("When time runs out"),
    "clock.per_move": msg("Seconds a move"),
    "clock.reserve": msg("Seconds of reserve"),
}


_REASONS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Msg]]] = [
    (
        re.compile(r"^Expected `str` of length >= (\d+)"),
        lambda found: msgn("at least {count} character", "at least {count} characters", int(found[1])),
    ),
    (
        re.compile(r"^Expected `str` of length <= (\d+)"),
        lambda found: msgn("at most {count} character", "at most {count} characters", int(found[1])),
    ),
    (re.compile(r"^Expected `\w+` >= (-?[\d.]+)"), lambda found: msg("at least {number}", number=found[1])),
    (re.compile(r"^Expected `\w+` <= (-?[\d.]+)"), lambda found: msg("at most {number}", number=found[1])),
    (re.compile(r"^Object missing required field"), lambda found: msg("required")),
    (re.compile(r"^Expected `str` matching regex"), lambda found: msg("not in the form asked for")),
    (re.compile(r"^Expected `[^`]+`, got `"), lambda found: msg("not the kind of value asked for")),
    (re.compile(r"^Object contains unknown field"), lambda found: msg("not a field of this form")),
]


def field_label(field: str) -> Msg | str:
    """What a form calls ``field`` (a JSON path such as ``clock.per_move``): its label, else the path."""
    return FIELDS.get(field, field)


def decoder_refusal(field: str, reason: str) -> Msg:
    """msgspec's ``reason`` for ``field`` as a message naming the field."""
    for pattern, words in _REASONS:
        found = pattern.search(reason)
        if found:
            return msg("{field}: {reason}", field=field_label(field), reason=words(found))
    return msg("{field}: {reason}", field=field_label(field), reason=reason)


def service_refusal(field: str, message: str) -> Msg | str:
    """A service's English ``message`` that starts with ``field`` (``"password is too common"``) as a
    message naming the field by its label; any other message as it is."""
    if field in FIELDS and message.startswith(f"{field} "):
        return msg("{field}: {reason}", field=FIELDS[field], reason=message[len(field) + 1 :])
    return message
