"""Notifications: what a game's events tell its players, and the channels that carry it (e-mail, webhooks;
the open page reads its own live view). See docs/notifications.md."""
