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
    "import_for",
    "list_games",
    "module_name",
    "register",
    "visible_events",
]

# The registry: every game, in lobby order, one line a game (a tuple: a dict keeps no order
# on MicroPython). Nothing else lists the games: the build writes the lobby's cards, the
# embed's titles and the stylesheet bundle from this (tasks.py), and each game's modules
# are named for its id, "-" written "_" (`module_name`): its rules pygame_rules/<module>.py
# (`GAME = Game(...)`, `register(GAME)`), its bots bots/<module>.py, its table
# ui/tables/<module>.py, its lesson ui/lessons/<module>.py. A game's modules are imported
# the first time the game is asked for: a page playing one game never loads the others
# (MicroPython in the browser pays for every import before the first move).
GAME_IDS = (
    "magic-trick-wray",
    "magic-trick-baker",
    "trick-of-trip",
    "trickbook",
)


def module_name(game_id: str) -> str:
    """The name of a game's modules in every package: "trick-of-trip" -> "trick_of_trip"."""
    return game_id.replace("-", "_")


_REGISTRY: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game to the registry (each game module calls this once)."""
    _REGISTRY[game.id] = game
    return game


def import_for(game_id: str, package: str) -> object:
    """`package`'s module for `game_id` (e.g. "pygame_rules.bots" -> its bots), imported
    now if need be; None for an id with no module."""
    if not isinstance(game_id, str) or game_id not in GAME_IDS:
        return None
    name = f"{package}.{module_name(game_id)}"
    if name not in sys.modules:
        __import__(name)
    return sys.modules[name]


def get_game(game_id: str) -> Game:
    """The game with this id; ValueError naming the known ids otherwise."""
    game = _REGISTRY.get(game_id) if isinstance(game_id, str) else None
    if game is None and import_for(game_id, __name__) is not None:
        game = _REGISTRY.get(game_id)
    if game is None:
        known = ", ".join(sorted(GAME_IDS))
        raise ValueError(f"unknown game id {game_id!r} (known: {known})")
    return game


def list_games() -> list[Game]:
    """The playable games, in lobby order (every game's module is imported)."""
    return [get_game(g) for g in GAME_IDS]
