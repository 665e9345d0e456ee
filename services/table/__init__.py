"""The table around a game: what players agree on or give up that no game's rules know about (resigning,
a bot standing in after a timeout, a paused game, taking back a move). Its facts are engine records
(``papyrus.*``) in the game's log, hash-chained like the game's own events and checked by ``papyrus verify``;
its state is folded from them and kept in the game's meta hash, written in the same step as the facts."""
