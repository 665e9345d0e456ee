"""What a Sobek player can decide. Tags are stable (``"sobek.<verb>"``); fields are JSON-friendly.

Nile positions are 1-based from the left. Sets are numbered by their index in the player's row of upright
sets (0 first). Card ids are those of ``data`` (``IVO-01``, ``ST-WHE-2``, ``CH-THIEF``); token ids too
(``EV-GUILD-1``). Back colours are ``green``, ``beige`` and ``orange``.
"""

from __future__ import annotations

from typing import Union

from domain.engine import Command


class SobekCommandBase(Command, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """A Sobek command refuses fields it does not have (a misspelt field is an error, not ignored)."""


class Take(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.take"):
    """Take the Nile card at ``position`` (1 to 4); the cards left of it go to your corruption pile."""

    position: int


class PlaySet(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.play_set"):
    """Lay ``cards`` (3 or more, one goods type, amulets wild) as a new upright set, or add them to your
    upright set number ``join`` (-1: a new set)."""

    cards: list[str]
    join: int = -1


class PlayCharacter(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.play_character"):
    """Discard a character from your hand for its power."""

    card: str


class ChooseToken(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.choose_token"):
    """After a set: the event token to resolve, among those you now see face up."""

    token: str


class Push(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.push"):
    """The Guild: the opponent whose marker goes back to the previous square of the token's symbol."""

    target: int


class Curse(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.curse"):
    """The Curse: the opponent who receives it."""

    target: int


class Prosper(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.prosper"):
    """Prosperity: your upright cattle, fish or wheat set it goes on."""

    set: int


class Steal(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.steal"):
    """The Thief: the opponent, and the back colour of the card taken at random from their hand."""

    target: int
    back: str


class Look(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.look"):
    """The Vizier: the opponent whose corruption pile you look at."""

    target: int


class Pick(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.pick"):
    """The Vizier: the card of that pile you take into your hand."""

    card: str


class Court(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.court"):
    """The Courtier: add one or two matching cards from your hand to your upright set number ``set``."""

    set: int
    cards: list[str]


class Purge(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.purge"):
    """The High Priest or Priestess: the goods type whose cards leave your corruption pile."""

    goods: str


class Hire(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.hire"):
    """The Merchant: take the Nile card at any ``position``, with no corruption."""

    position: int


class Discard(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.discard"):
    """Under the Scribe: put one card of your hand on your corruption pile (until you hold six)."""

    card: str


class LaySideways(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.lay_sideways"):
    """Round end: lay ``cards`` as a new sideways set (scores its scarabs only)."""

    cards: list[str]


class Finish(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.finish"):
    """Round end: lay no more sideways sets; what stays in your hand goes to your corruption pile."""


class ChooseStart(SobekCommandBase, frozen=True, kw_only=True, tag="sobek.choose_start"):
    """Rounds 2 and 3: the lowest score names the start player (possibly themselves)."""

    seat: int


SobekCommand = Union[  # noqa: UP007
    Take,
    PlaySet,
    PlayCharacter,
    ChooseToken,
    Push,
    Curse,
    Prosper,
    Steal,
    Look,
    Pick,
    Court,
    Purge,
    Hire,
    Discard,
    LaySideways,
    Finish,
    ChooseStart,
]
