"""Bots: they see what a player sees, through a `SeatView`, and nothing else.

Each game's heuristic bot lives in its own module here and registers itself
with `register_heuristic`. `make_bot(game_id, level, seed)` is what the UI and
the tests use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, Protocol

from ..contract import Action, Observation, State
from ..rng import Rng

LEVELS = ("random", "easy", "normal", "hard")


class SeatView:
    """What a bot may use: its observation, its legal moves, and determinizations."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game_id(self) -> str:
        return self._state.game.id

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def observation(self) -> Observation:
        return self._state.observation(self.seat)

    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions(self.seat)

    def scores(self) -> list[int]:
        """The scores so far (public in every game)."""
        return self._state.scores()

    def resample(self, rng: Rng) -> State:
        """A full state consistent with this seat's observation (fresh randomness)."""
        return self._state.resample(self.seat, rng)


class Bot(Protocol):
    def choose(self, view: SeatView) -> Action: ...


class Thinking(Protocol):
    """A decision in progress, driven in short slices so a page stays responsive."""

    def step(self, seconds: float | None = None) -> bool:
        """Think for about `seconds` (None: to the end); True once decided."""
        ...

    def best_action(self) -> Action: ...


class Decided:
    """A decision made at once, in the shape of `Thinking`."""

    def __init__(self, action: Action) -> None:
        self.action = action

    def step(self, seconds: float | None = None) -> bool:
        return True

    def best_action(self) -> Action:
        return self.action


def think(bot: Bot, view: SeatView) -> Thinking:
    """`bot`'s decision for `view`: sliced when the bot can (`start`), else made at once."""
    start = getattr(bot, "start", None)
    return start(view) if start is not None else Decided(bot.choose(view))


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: SeatView) -> Action:
        return self.rng.choice(view.legal_actions())


HeuristicFactory = Callable[[int, float], Bot]
_HEURISTICS: dict[str, HeuristicFactory] = {}


def register_heuristic(game_id: str, factory: HeuristicFactory) -> None:
    """`factory(seed, randomness)` builds the game's heuristic bot."""
    _HEURISTICS[game_id] = factory


def heuristic_factory(game_id: str) -> HeuristicFactory | None:
    """The game's heuristic bot factory, importing its module on first use (None if none)."""
    if game_id not in _HEURISTICS:
        module = game_id.replace("-", "_")
        try:
            importlib.import_module(f"{__name__}.{module}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{module}":
                raise
    return _HEURISTICS.get(game_id)


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
