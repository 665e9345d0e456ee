"""What a notification says, as a mail and as a webhook body. Only public facts: the game, the seat, whose
turn it is, the final ranking and scores, player names; never a view, an event or a command."""

from __future__ import annotations

from email.message import EmailMessage
from typing import Any

import msgspec

from domain.registry import get_game
from services.notifications.outbox import Notification
from services.results import AccountGame, GameMeta

UNSUBSCRIBE_NOTE = "Stop these mails with one click: {url}"


def title_of(game: str) -> str:
    try:
        return get_game(game).title
    except KeyError:
        return game


def game_link(public_url: str, game_id: str) -> str:
    return f"{public_url}/games/{game_id}"


def _ranking_text(note: Notification, meta: GameMeta | None) -> str:
    names = (
        meta.seat_names() if meta is not None else [f"Seat {s + 1}" for s in range(len(note.ranking or []))]
    )
    scores = note.scores or []
    places = [
        f"{place}. {names[seat] if seat < len(names) else seat} "
        f"({scores[seat] if seat < len(scores) else '-'})"
        for place, seat in enumerate(note.ranking or [], start=1)
    ]
    return "Final ranking: " + ", ".join(places) + "."


def duration(seconds: float) -> str:
    """A time left in words a player reads at a glance: seconds, minutes, hours or days."""
    for unit, size, above in (("days", 86_400, 2 * 86_400), ("hours", 3_600, 7_200), ("minutes", 60, 120)):
        if seconds >= above:
            return f"{seconds / size:.1f} {unit}"
    return f"{round(seconds)} seconds"


def describe(note: Notification, meta: GameMeta | None, public_url: str) -> tuple[str, str]:
    """The subject and the text of a notification."""
    title = title_of(note.game)
    link = game_link(public_url, note.game_id)
    if note.kind == "your_turn":
        return f"Your turn in {title}", f"It is your turn in {title}: {link}"
    if note.kind == "reminder":
        left = duration(note.seconds_left or 0.0)
        return (
            f"A quarter of your time is left in {title}",
            f"A quarter of your time is left in {title} (about {left}): {link}",
        )
    if note.kind == "game_started":
        return f"{title} has started", f"The game of {title} you joined has started: {link}"
    if note.kind == "game_ended":
        return f"{title} is over", f"The game of {title} is over. {_ranking_text(note, meta)} {link}"
    invite = f"{link}?invite={note.invite}" if note.invite else link
    return f"You are invited to {title}", f"You are invited to a game of {title}: {invite}"


def mail(to: str, subject: str, text: str, delivery: str, unsubscribe_url: str | None) -> EmailMessage:
    message = EmailMessage()
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = f"<{delivery.replace(':', '.')}@papyrus>"
    message["X-Papyrus-Delivery"] = delivery
    body = text
    if unsubscribe_url is not None:
        message["List-Unsubscribe"] = f"<{unsubscribe_url}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        page = unsubscribe_url.replace("/api/notifications/unsubscribe/", "/unsubscribe/")
        body += "\n\n" + UNSUBSCRIBE_NOTE.format(url=page)
    message.set_content(body + "\n")
    return message


def digest_text(games: list[AccountGame], public_url: str) -> tuple[str, str]:
    """The subject and text of a "your turn" mail listing every game where it is the account's turn."""
    lines = [f"- {title_of(game.game)}: {game_link(public_url, game.id)}" for game in games]
    subject = (
        f"Your turn in {title_of(games[0].game)}" if len(games) == 1 else f"Your turn in {len(games)} games"
    )
    return subject, "It is your turn in:\n" + "\n".join(lines)


def webhook_body(note: Notification, meta: GameMeta | None, public_url: str) -> bytes:
    subject, text = describe(note, meta, public_url)
    body: dict[str, Any] = {
        "delivery": note.key,
        "kind": note.kind,
        "game_id": note.game_id,
        "game": note.game,
        "version": note.version,
        "url": game_link(public_url, note.game_id),
        "subject": subject,
        "text": text,
    }
    for name in ("seat", "ranking", "scores", "seconds_left", "invite"):
        value = getattr(note, name)
        if value is not None:
            body[name] = value
    return msgspec.json.encode(body)
