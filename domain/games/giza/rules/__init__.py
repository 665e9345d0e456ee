"""The rules of Giza: setup, the fold, placement, turns, game end and scoring."""
