"""The tile games' features and pieces in words for people (:class:`~meeple.core.text.Text`):
``feature_word("road")`` is a road in the reader's language, where a driver translates it."""
from __future__ import annotations

from ..core.text import cwords

FEATURES = {"road": cwords("feature", "road"), "city": cwords("feature", "city"),
            "field": cwords("feature", "field"), "monastery": cwords("feature", "monastery"),
            "river": cwords("feature", "river"), "forest": cwords("feature", "forest"),
            "meadow": cwords("feature", "meadow"), "lake": cwords("feature", "lake"),
            "river system": cwords("feature", "river system")}
PIECES = {"follower": cwords("piece", "follower"), "hut": cwords("piece", "hut")}


def feature_word(kind: str) -> str:
    """A feature's kind (``"road"``) in words, or the kind itself where it has none."""
    return FEATURES.get(kind, kind)
