"""The terminal: playing a game at the keyboard, stepping through a record, and the rich
tables every command prints."""
