"""The one error a route answers with: an HTTP status and a message for the client."""
from __future__ import annotations


class ApiError(Exception):
    """A refusal: ``status`` (4xx) and a one-line ``message`` saying why."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message
