"""The game server (extra ``web``): every game over HTTP and WebSocket, stored in a database.

``create_app`` (:mod:`.app`) builds the FastAPI app; :mod:`.host` runs the games (one path
for every move: checked, committed, broadcast), :mod:`.storage` keeps them (an append-only
action log), :mod:`.bots` moves the bots in worker processes (:mod:`.workers`), :mod:`.hub` sends each
WebSocket its seat's view.
"""
