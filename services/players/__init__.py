"""Players: accounts and login tokens, and who sits where before a game starts."""
