"""Where the server keeps its games unless told otherwise: standard library and
platformdirs only, so that ``meeple serve --help`` names the file without importing
SQLAlchemy (``meeple --version`` builds that help's parser too)."""
from __future__ import annotations


def default_url() -> str:
    """The SQLite file in the user's data directory (``~/.local/share/meeple/meeple.db`` on
    Linux, as platformdirs says elsewhere)."""
    from platformdirs import user_data_path
    return f"sqlite:///{user_data_path('meeple') / 'meeple.db'}"
