"""Which UI module draws which game, and the view each one is given.

A game's UI module (ui/<game id with underscores>.py) provides:
- `render(view: TableView) -> El`: the whole table for the human's seat;
- `describe(event, names) -> str | None`: one log line per event;
- optionally `on_ui(name, value, view)`: UI-only steps (e.g. moving a card
  between two groups before confirming) that change `view.local`;
- optionally `final_details(view) -> El | None`: extra game-over content.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pygame_rules


@dataclass
class TableView:
    """What a game module may use to draw: never the state, only the human's view."""

    game: pygame_rules.Game
    obs: dict[str, Any]
    legal: list[dict[str, Any]]
    names: list[str]
    human: int = 0
    local: dict[str, Any] = field(default_factory=dict)
    thinking: int | None = None  # a bot seat that is about to move
    reduced_motion: bool = False

    def is_legal(self, action: dict[str, Any]) -> bool:
        return action in self.legal

    def legal_of(self, kind: str) -> list[dict[str, Any]]:
        """The legal actions of one type, in the engine's order."""
        return [a for a in self.legal if a.get("type") == kind]


def is_are(name: str) -> str:
    return "are" if name == "You" else "is"


def possessive(name: str) -> str:
    """'your' for the human, else "Bot 1's"."""
    return "your" if name == "You" else f"{name}'s"


def their(name: str) -> str:
    return "your" if name == "You" else "their"


def object_name(name: str) -> str:
    """'you' in the middle of a sentence for the human."""
    return "you" if name == "You" else name


MINUS = "\u2212"  # a true minus sign, not a hyphen


def number(n: int | float) -> str:
    """A score with a true minus sign."""
    return str(n).replace("-", MINUS)


def minus_signs(text: str) -> str:
    """Text with a true minus sign before each negative number ('-2 each' from the engine)."""
    return re.sub(r"(?<![\w-])-(?=\d)", MINUS, text)


def signed(n: int) -> str:
    """Points with their sign: '+3', '0', and a true minus sign for losses."""
    return ("+" if n > 0 else "") + number(n) if n else "0"


def plural(count: int, word: str) -> str:
    """'1 trick', '3 tricks'."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def verb(name: str, third_person: str) -> str:
    """'Bot 2 leads' but 'You lead': drop the -s (or -es) for the human."""
    if name != "You":
        return third_person
    if third_person == "has":
        return "have"
    return third_person[:-2] if third_person.endswith(("shes", "ches")) else third_person[:-1]


def and_list(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


_MODULES: dict[str, ModuleType] = {}


def playable_games() -> list[pygame_rules.Game]:
    """Registered games that also have a table UI module (the rest are 'coming soon')."""
    return [
        g
        for g in pygame_rules.list_games()
        if importlib.util.find_spec(f"ui.{g.id.replace('-', '_')}") is not None
    ]


def module_for(game_id: str) -> ModuleType:
    """The UI module of a registered game (ValueError for unknown ids)."""
    pygame_rules.get_game(game_id)  # raises ValueError on unknown ids
    if game_id not in _MODULES:
        _MODULES[game_id] = importlib.import_module(f"ui.{game_id.replace('-', '_')}")
    return _MODULES[game_id]
