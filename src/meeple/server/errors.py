"""The one error a route answers with: an HTTP status and a message for the client."""
from __future__ import annotations

from typing import Any


class ApiError(Exception):
    """A refusal: ``status`` (4xx) and a one-line ``message`` saying why
    (a string, or the engine's words: a ``Text`` said in the reader's language)."""

    def __init__(self, status: int, message: Any):
        super().__init__(message)
        self.status, self.message = status, message
