"""Everything on Redis: the facade the API and the CLI use (game_service.py) and what it runs on."""
