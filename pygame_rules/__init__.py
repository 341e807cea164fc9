"""Pure-Python rules for four small card games (stdlib only; runs in Pyodide).

import pygame_rules
game = pygame_rules.get_game("trick-of-trip")
state = game.new_game(num_players=4, seed=7)
"""

import sys

if sys.implementation.name == "micropython":
    # MicroPython has no __future__ module, and never evaluates annotations anyway: a
    # stand-in lets every module keep its `from __future__ import annotations` line.
    class _Future:
        annotations = True

    sys.modules.setdefault("__future__", _Future)  # type: ignore[arg-type]

from .contract import SAVE_FORMAT, Game, IllegalAction, Option, State, visible_events
from .rng import Rng

__version__ = "0.1.0"
__all__ = [
    "SAVE_FORMAT",
    "Game",
    "IllegalAction",
    "Option",
    "Rng",
    "State",
    "get_game",
    "list_games",
    "register",
    "visible_events",
]

# Lobby order; an id listed here but not registered is shown as "coming soon".
GAME_IDS = ("magic-trick-wray", "magic-trick-baker", "trick-of-trip", "trickbook")

_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (each game module calls this once)."""
    _REGISTRY[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The game with this id; ValueError naming the known ids otherwise."""
    try:
        return _REGISTRY[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise ValueError(f"unknown game id {game_id!r} (known: {known})") from None


def list_games() -> list[Game]:
    """The playable games, in lobby order."""
    return [_REGISTRY[g] for g in GAME_IDS if g in _REGISTRY]


# The games, each module registering its GAME (plain imports: what ships is what is listed).
from . import magic_trick_baker, magic_trick_wray, trick_of_trip, trickbook  # noqa: E402

__all__ += ["magic_trick_baker", "magic_trick_wray", "trick_of_trip", "trickbook"]
