"""Every game's table, by game id: the `TABLE` each UI module (ui/<game's module>.py)
declares, imported the first time the game is drawn (see pygame_rules.GAME_MODULES)."""

from __future__ import annotations

import pygame_rules

from .tables import GameTable

# Games that have a table (the others would be "coming soon"): all of them today.
PLAYABLE_IDS = pygame_rules.GAME_IDS


def playable_games() -> list[pygame_rules.Game]:
    """Registered games that also have a table, in lobby order (imports every game)."""
    return [pygame_rules.get_game(g) for g in PLAYABLE_IDS]


def table_for(game_id: str) -> GameTable:
    """The table of a registered game (ValueError for unknown ids)."""
    pygame_rules.get_game(game_id)  # raises ValueError on unknown ids
    if game_id not in PLAYABLE_IDS:
        raise ValueError(f"{game_id!r} has no table yet")
    module = pygame_rules.import_for(game_id, __name__.rpartition(".")[0])  # ui.<module>
    return module.TABLE  # type: ignore[attr-defined]
