"""Small wording helpers for the plain-words texts the engine and bots write (score lines,
reasons); the UI uses the same ones."""

from __future__ import annotations


def plural(count: int, word: str) -> str:
    """'1 trick', '3 tricks'."""
    return f"{count} {word}{'' if count == 1 else 's'}"
