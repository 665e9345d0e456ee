"""What a notification says, as a mail and as a webhook body. Only public facts: the game, the seat, whose
turn it is, the final ranking and scores, player names; never a view, an event or a command."""

from __future__ import annotations

from email import policy
from email.message import EmailMessage
from typing import Any

import msgspec

from domain.engine import ScoreLine
from domain.messages import Msg, msg, msgn
from domain.registry import get_game
from services.i18n import render
from services.processing.append_notes import Notification
from services.results import AccountGame, GameMeta

# Headers are folded only beyond RFC 5322's 998 characters: a long List-Unsubscribe URL stays one plain
# header line (folding would MIME-encode it, which mail clients do not read as a link).
MAIL_POLICY = policy.default.clone(max_line_length=998)


def title_of(game: str) -> Msg | str:
    """The game's name as the reader's community calls it (a message), the registry name if unknown."""
    try:
        return get_game(game).title_words
    except KeyError:
        return game


def game_link(public_url: str, game_id: str) -> str:
    return f"{public_url}/games/{game_id}"


ABANDONED_TEXT = msg(
    "Nobody was playing it any more at the end: it is recorded as abandoned, with no winner."
)


def _ranking_text(note: Notification, meta: GameMeta | None) -> Msg:
    """The table's final ranking in words: each seat's place (a shared place said again), name and score;
    no ranking at all for an abandoned game."""
    if note.abandoned:
        return ABANDONED_TEXT
    ranking = note.ranking or []
    names = meta.seat_names() if meta is not None else [str(s + 1) for s in range(len(ranking))]
    scores = note.scores or []
    shared = note.places or []
    places = [
        msg(
            "{place}. {name} ({score})",
            place=shared[seat] if seat < len(shared) else place,
            name=names[seat] if seat < len(names) else str(seat + 1),
            score=str(scores[seat]) if seat < len(scores) else "-",
        )
        for place, seat in enumerate(ranking, start=1)
    ]
    return msg("Final ranking: {places}.", places=places)


def signed(points: int) -> str:
    return f"\u2212{-points}" if points < 0 else str(points)


def _source(line: ScoreLine) -> Msg:
    return msg("{source} {points}", source=line.label, points=signed(line.points))


def breakdown_text(note: Notification, meta: GameMeta | None) -> list[Msg]:
    """Where each seat's points came from, best place first: a heading, then one line per player (none
    for another kind of notification, an abandoned game or a game without a breakdown)."""
    if note.kind != "game_ended" or not note.breakdown or note.abandoned:
        return []
    names = meta.seat_names() if meta is not None else []
    seats = [seat for seat in (note.ranking or range(len(note.breakdown))) if seat < len(note.breakdown)]
    lines = [
        msg(
            "{name}: {sources}",
            name=names[seat] if seat < len(names) else str(seat + 1),
            sources=[_source(line) for line in note.breakdown[seat]],
        )
        for seat in seats
    ]
    return [msg("Where the points came from:"), *lines]


def duration(seconds: float) -> Msg:
    """A time left in words a player reads at a glance: seconds, minutes, hours or days."""
    if seconds >= 2 * 86_400:
        return msg("{amount} days", amount=f"{seconds / 86_400:.1f}")
    if seconds >= 7_200:
        return msg("{amount} hours", amount=f"{seconds / 3_600:.1f}")
    if seconds >= 120:
        return msg("{amount} minutes", amount=f"{seconds / 60:.1f}")
    return msgn("{count} second", "{count} seconds", round(seconds))


def _words(note: Notification, meta: GameMeta | None, public_url: str) -> tuple[Msg, Msg]:
    title = title_of(note.game)
    link = game_link(public_url, note.game_id)
    if note.kind == "your_turn":
        return msg("Your turn in {game}", game=title), msg(
            "It is your turn in {game}: {link}", game=title, link=link
        )
    if note.kind == "reminder":
        return (
            msg("A quarter of your time is left in {game}", game=title),
            msg(
                "A quarter of your time is left in {game} (about {left}): {link}",
                game=title,
                left=duration(note.seconds_left or 0.0),
                link=link,
            ),
        )
    if note.kind == "game_started":
        return (
            msg("{game} has started", game=title),
            msg("The game of {game} you joined has started: {link}", game=title, link=link),
        )
    if note.kind == "game_ended":
        return (
            msg("{game} is over", game=title),
            msg(
                "The game of {game} is over. {ranking} {link}",
                game=title,
                ranking=_ranking_text(note, meta),
                link=link,
            ),
        )
    if note.kind == "choice_asked":
        return (
            msg("A player ran out of time in {game}", game=title),
            msg(
                "A player ran out of time in {game}. Wait for them, let a bot play their seat, or end their "
                "game as a forfeit? Answer within a day: {link}",
                game=title,
                link=link,
            ),
        )
    invite = f"{link}?invite={note.invite}" if note.invite else link
    return (
        msg("You are invited to {game}", game=title),
        msg("You are invited to a game of {game}: {link}", game=title, link=invite),
    )


def describe(
    note: Notification, meta: GameMeta | None, public_url: str, language: str = "en"
) -> tuple[str, str]:
    """The subject and the text of a notification, in the recipient's language."""
    subject, text = _words(note, meta, public_url)
    breakdown = [render(line, language) for line in breakdown_text(note, meta)]
    extra = "\n\n" + "\n".join(breakdown) if breakdown else ""
    return render(subject, language), render(text, language) + extra


def mail(
    to: str, subject: str, text: str, delivery: str, unsubscribe_url: str | None, language: str = "en"
) -> EmailMessage:
    message = EmailMessage(policy=MAIL_POLICY)
    message["To"] = to
    message["Subject"] = subject
    message["Message-ID"] = f"<{delivery.replace(':', '.')}@papyrus>"
    message["X-Papyrus-Delivery"] = delivery
    body = text
    if unsubscribe_url is not None:
        message["List-Unsubscribe"] = f"<{unsubscribe_url}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        page = unsubscribe_url.replace("/api/notifications/unsubscribe/", "/unsubscribe/")
        body += "\n\n" + render(msg("Stop these mails with one click: {url}", url=page), language)
    message.set_content(body + "\n", cte="quoted-printable")
    return message


def _text(words: Msg | str, language: str) -> str:
    return words if isinstance(words, str) else render(words, language)


def digest_text(games: list[AccountGame], public_url: str, language: str = "en") -> tuple[str, str]:
    """The subject and text of a "your turn" mail listing every game where it is the account's turn."""
    lines = [f"- {_text(title_of(game.game), language)}: {game_link(public_url, game.id)}" for game in games]
    if len(games) == 1:
        subject = msg("Your turn in {game}", game=title_of(games[0].game))
    else:
        subject = msgn("Your turn in {count} game", "Your turn in {count} games", len(games))
    return render(subject, language), render(msg("It is your turn in:"), language) + "\n" + "\n".join(lines)


def webhook_body(note: Notification, meta: GameMeta | None, public_url: str, language: str = "en") -> bytes:
    subject, text = describe(note, meta, public_url, language)
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
    for name in ("seat", "ranking", "scores", "places", "abandoned", "seconds_left", "invite"):
        value = getattr(note, name)
        if value is not None:
            body[name] = value
    return msgspec.json.encode(body)
