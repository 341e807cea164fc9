"""Learn by playing: each game's lesson is data in `ui/lessons/<game's module>.py` (its
`LESSON`), imported when first asked for; `ui/lessons/lesson.py` plays it."""

from __future__ import annotations

import pygame_rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def lesson_for(game_id: str) -> dict[str, Any]:
    """The lesson of a registered game (ValueError for unknown ids)."""
    pygame_rules.get_game(game_id)  # raises ValueError on unknown ids
    module = pygame_rules.import_for(game_id, __name__)  # ui.lessons.<module>
    return module.LESSON  # type: ignore[attr-defined]
