"""The one function that renames players in a finished game's export, the form an archived game is kept in.

Names live outside the hash chain (the header's players, chat messages' names), so a renamed game still
verifies. An account's deletion replaces its player's name by a pseudonym this way in an archived game
(``GameArchive.rename``), as it does in Redis for a game still there.
"""

from __future__ import annotations

import json
from typing import Any


def renamed_export(lines: list[str], seats: dict[int, str], speakers: dict[str, str]) -> list[str]:
    """``lines`` with each seat of ``seats`` renamed (the header's players and that seat's chat messages)
    and each chat speaker of ``speakers`` (``spectator:<id>``) renamed in its messages."""
    renamed = []
    for line in lines:
        record: dict[str, Any] = json.loads(line)
        if record.get("kind") == "header":
            for player in record.get("players") or []:
                if player.get("seat") in seats:
                    player["name"] = seats[player["seat"]]
        elif record.get("kind") == "chat":
            if record.get("channel") == "table" and record.get("seat") in seats:
                record["name"] = seats[record["seat"]]
            elif record.get("speaker") in speakers:
                record["name"] = speakers[record["speaker"]]
        else:
            renamed.append(line)  # events and commands: never a name, kept byte for byte
            continue
        renamed.append(json.dumps(record, separators=(",", ":"), ensure_ascii=False))
    return renamed
