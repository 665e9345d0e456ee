"""Egizia rules, one module per phase or concern."""
