"""Pure game rules: stdlib and msgspec only. No Redis, RQ, Flask, clock or OS randomness."""
