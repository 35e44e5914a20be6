"""What terminal play, the server and replays share: the history of a game under way (undo,
resume), replaying a record, hints and the review of a finished game, and the loop that
plays one game between agents."""
