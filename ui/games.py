"""Every game's table, by game id: one plain table of the `TABLE` each UI module declares."""

from __future__ import annotations

import pygame_rules

from . import magic_trick_baker, magic_trick_wray, trick_of_trip, trickbook
from .tables import GameTable

TABLES: dict[str, GameTable] = {
    "magic-trick-wray": magic_trick_wray.TABLE,
    "magic-trick-baker": magic_trick_baker.TABLE,
    "trick-of-trip": trick_of_trip.TABLE,
    "trickbook": trickbook.TABLE,
}


def playable_games() -> list[pygame_rules.Game]:
    """Registered games that also have a table (the rest are 'coming soon')."""
    return [g for g in pygame_rules.list_games() if g.id in TABLES]


def table_for(game_id: str) -> GameTable:
    """The table of a registered game (ValueError for unknown ids)."""
    pygame_rules.get_game(game_id)  # raises ValueError on unknown ids
    try:
        return TABLES[game_id]
    except KeyError:
        raise ValueError(f"{game_id!r} has no table yet") from None
