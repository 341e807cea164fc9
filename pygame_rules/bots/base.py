"""What every bot is built from: the seat's view, the bot protocols, and each game's
declared bot pieces (`GameBots`). Game bot modules import from here, never from the
package, so the package can list them in one plain table."""

from __future__ import annotations

import time

from ..rng import Rng

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any, Protocol

    from ..contract import Action, Observation, State

    HeuristicFactory = Callable[[int, float], "Bot"]
    Explain = Callable[["SeatView", Action, list[str]], str | None]
else:
    Protocol = object  # at run time the protocols are plain (documenting) classes

# A clock for thinking in slices: MicroPython has no perf_counter (its time.time() counts
# milliseconds in the WebAssembly build).
perf_counter = getattr(time, "perf_counter", time.time)


class SeatView:
    """What a bot may use: its observation, its legal moves, and determinizations."""

    __slots__ = ("_legal", "_state", "seat")

    def __init__(self, state: State, seat: int, legal: list[Action] | None = None) -> None:
        """`legal`: the seat's legal actions, when the caller has just listed them (a
        search's rollout asks a bot every move: it need not list them twice)."""
        self._state = state
        self.seat = seat
        self._legal = legal

    @property
    def game_id(self) -> str:
        return self._state.game.id

    @property
    def num_players(self) -> int:
        return self._state.num_players

    def observation(self) -> Observation:
        return self._state.observation(self.seat)

    def decision_observation(self) -> Observation:
        """The observation's fields a player decides by (`State.decision_observation`)."""
        return self._state.decision_observation(self.seat)

    def decision_facts(self) -> Any:
        """What the seat decides by, in the game's own terms (`State.decision_facts`)."""
        return self._state.decision_facts(self.seat)

    def legal_actions(self) -> list[Action]:
        if self._legal is not None:
            return list(self._legal)  # a copy, as the state gives: the caller's stays as is
        return self._state.legal_actions(self.seat)

    def scores(self) -> Sequence[int | float]:
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

    def reason(self, action: Action) -> str | None:
        """What the thinking found about `action`, in plain words (None: nothing to say)."""
        ...


class Decided:
    """A decision made at once, in the shape of `Thinking`."""

    def __init__(self, action: Action) -> None:
        self.action = action

    def step(self, seconds: float | None = None) -> bool:
        return True

    def best_action(self) -> Action:
        return self.action

    def reason(self, action: Action) -> str | None:
        return None


class Weighed:
    """A decision that values the moves one after another, as many in a slice as fit: the
    highest value wins (ties: the first, as `max` picks). A rules-of-thumb decision of tens
    of milliseconds a move, on MicroPython, is then never one long task of the page."""

    def __init__(self, legal: list[Action], value: Callable[[Action], float]) -> None:
        self.legal = legal
        self.value = value
        self.values: list[float] = []

    def step(self, seconds: float | None = None) -> bool:
        deadline = None if seconds is None else perf_counter() + seconds
        while len(self.values) < len(self.legal):
            self.values.append(self.value(self.legal[len(self.values)]))
            if deadline is not None and perf_counter() >= deadline:
                break
        return len(self.values) == len(self.legal)

    def best_action(self) -> Action:
        """The best move valued so far (the first move before any is)."""
        best = 0
        for index, value in enumerate(self.values):
            if value > self.values[best]:
                best = index
        return self.legal[best]

    def reason(self, action: Action) -> str | None:
        return None


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


def no_reason(view: SeatView, action: Action, names: list[str]) -> str | None:
    """The default `explain`: the game has no words for its moves."""
    return None


class GameBots:
    """One game's bot pieces, declared by its bot module as `BOTS` (missing ones default).

    - `heuristic(seed, randomness)`: the rules-of-thumb bot (Easy, rollouts, priors);
    - `search_tuning`: `SearchConfig` fields for this game, plus `levels`, the playouts
      per move of each search level (see search.py and docs/bots.md);
    - `explain(view, action, names)`: the move's reason in the game's words, for the
      player in `view`'s seat, naming seats by `names` (the hint says it).
    """

    def __init__(
        self,
        heuristic: HeuristicFactory | None = None,
        search_tuning: dict[str, Any] | None = None,
        explain: Explain = no_reason,
    ) -> None:
        self.heuristic = heuristic
        self.search_tuning = dict(search_tuning or {})
        self.explain = explain


NO_BOTS = GameBots()
