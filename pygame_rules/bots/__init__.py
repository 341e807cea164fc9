"""Bots: they see what a player sees, through a `SeatView`, and nothing else.

Each game's bot module (`bots/<game>.py`) declares its pieces as `BOTS = GameBots(...)`:
its heuristic bot, its search tuning and its words for a move. `bots_for(game_id)` imports
a game's module when first asked (as `pygame_rules.get_game` does the rules);
`make_bot(game_id, level, seed)` is what the UI and the tests use.
"""

from __future__ import annotations

from .. import import_for
from .base import (
    NO_BOTS,
    Bot,
    Decided,
    GameBots,
    RandomBot,
    SeatView,
    Thinking,
    think,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..contract import Action, State
    from .base import HeuristicFactory

__all__ = [
    "LEVELS",
    "Bot",
    "Decided",
    "GameBots",
    "RandomBot",
    "SeatView",
    "Thinking",
    "bot_seed",
    "bots_for",
    "explain_move",
    "heuristic_factory",
    "make_bot",
    "play_out",
    "think",
]

LEVELS = ("random", "easy", "normal", "hard")


def bots_for(game_id: str) -> GameBots:
    """The bot pieces `bots/<game's module>.py` declares as BOTS (a game without a bots
    module gets random bots and untuned search)."""
    module = import_for(game_id, __name__)
    return NO_BOTS if module is None else module.BOTS  # type: ignore[attr-defined]


def heuristic_factory(game_id: str) -> HeuristicFactory | None:
    """The game's heuristic bot factory, `factory(seed, randomness)` (None if none)."""
    return bots_for(game_id).heuristic


def explain_move(
    view: SeatView, action: Action, names: list[str], thinking: Thinking | None = None
) -> str:
    """Why `action` for `view`'s seat, in the game's own words (seats named by `names`),
    then, in brackets, how often the bot's thinking tried it (the hint prints this)."""
    reason = bots_for(view.game_id).explain(view, action, names) or ""
    tried = thinking.reason(action) if thinking is not None else None
    if not tried:
        return reason
    return f"{reason} ({tried})" if reason else tried


# Easy: the game's heuristic bot, which plays a random legal move this often.
EASY_RANDOMNESS = 0.25


def bot_seed(game_seed: int, seat: int, move: int) -> int:
    """The seed of the bot that makes move number `move` for `seat` in the game of
    `game_seed`: the app, the arena and compare_moves all seed bots this way, so a game
    replayed anywhere asks the same questions and gets the same answers."""
    return game_seed * 1009 + seat * 101 + move


def make_bot(game_id: str, level: str = "normal", seed: int = 0, **overrides: Any) -> Bot:
    """A bot for `game_id` at `level` (one of LEVELS); `overrides` tune the search levels.

    Normal and Hard are information-set MCTS (bots/search.py) with growing budgets.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        factory = heuristic_factory(game_id)
        return RandomBot(seed) if factory is None else factory(seed, EASY_RANDOMNESS)
    from .search import SearchBot, config_for

    return SearchBot(seed, config_for(game_id, level, **overrides))


def play_out(state: State, bots: list[Bot], max_steps: int = 100_000) -> State:
    """Play `state` to the end with one bot per seat (used by tests and benchmarks)."""
    for _ in range(max_steps):
        acting = state.acting()
        if not acting:
            return state
        seat = acting[0]
        state.apply(seat, bots[seat].choose(SeatView(state, seat)))
    raise RuntimeError("game did not end")
