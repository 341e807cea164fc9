"""Each game's table: `ui/tables/<game's module>.py` declares `TABLE = GameTable(...)`, and
is imported the first time the game is drawn (pygame_rules.module_name names the module)."""

from __future__ import annotations

import pygame_rules
from ui.tables.kit import GameTable


def table_for(game_id: str) -> GameTable:
    """The table of a registered game (ValueError for unknown ids)."""
    pygame_rules.get_game(game_id)  # raises ValueError on unknown ids
    module = pygame_rules.import_for(game_id, __name__)  # ui.tables.<module>
    return module.TABLE  # type: ignore[attr-defined]
