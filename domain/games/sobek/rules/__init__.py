"""Sobek's rules, one module per concern; ``fold`` is the only code that changes a state."""
