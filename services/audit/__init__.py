"""Independent checks of a finished game's audit export (``papyrus verify``): no Redis, only the export and
the game's rules. ``records`` parses the JSON Lines, ``chain`` checks the hash chain and the seed,
``replay`` re-derives the setup and every decision, ``verify`` runs them all and reports."""
