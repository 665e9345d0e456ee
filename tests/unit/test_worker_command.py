"""A separate ``papyrus worker`` serves no page, so it cannot know the address players reach the site at:
with real mail it refuses to start without ``PAPYRUS_PUBLIC_URL`` (its links would name 127.0.0.1:8000)."""

from __future__ import annotations

from papyrus.commands.worker import public_url_refusal


def test_a_worker_sending_real_mail_needs_the_public_address() -> None:
    refused = public_url_refusal({"PAPYRUS_SMTP_URL": "smtp://mail.example:25"})
    assert refused is not None and "PAPYRUS_PUBLIC_URL" in refused
    blank = {"PAPYRUS_SMTP_URL": "smtp://mail.example:25", "PAPYRUS_PUBLIC_URL": "  "}
    assert public_url_refusal(blank) is not None
    given = {"PAPYRUS_SMTP_URL": "smtp://mail.example:25", "PAPYRUS_PUBLIC_URL": "https://papyrus.example"}
    assert public_url_refusal(given) is None
    assert public_url_refusal({}) is None, "the mail log of a developer's machine: a warning only"
