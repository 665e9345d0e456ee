"""Limits on what one client may do: quotas on writes (services/limits/quotas.py), seats per anonymous
client (services/limits/client_seats.py) and the expiry of open games that never start
(services/limits/open_games.py)."""
