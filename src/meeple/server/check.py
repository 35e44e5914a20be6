"""``meeple db check``: replay every stored game and name those whose log no longer replays.

A log stops replaying when the engine or its notation changed, a row was edited by hand, or
a backup of another version was restored. The server quarantines such a game (it alone
answers 503); this check finds them all at once, with the reason, before anyone asks.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator

from . import database
from .host import replay_failure
from .live import LiveGame
from .storage import Store


def broken_games(url: str, progress: Callable[[int, int], None] | None = None
                 ) -> Iterator[tuple[str, str, str]]:
    """``(game id, game name, reason)`` for every stored game at ``url`` whose log does not
    replay; ``progress(done, of)`` after each game checked."""
    engine = database.open_engine(url)
    try:
        store = Store(engine)
        ids = store.ids()
        for done, game_id in enumerate(ids, 1):
            row = store.game(game_id)
            if row is not None:
                try:
                    LiveGame.rebuild(row, store.actions(game_id))
                except Exception as e:          # whatever a log that does not replay raises
                    yield game_id, row.game, replay_failure(e)
            if progress:
                progress(done, len(ids))
    finally:
        engine.dispose()
