"""The coach: how did a seat play its hand? Each real decision (more than one legal move)
is searched again from exactly what the seat knew then, with a bigger budget than Hard.

How a decision is judged (`analyse_decision`):

1. An information-set search (`Search`, bots/search.py) from `SeatView(state, seat)`, with
   `budget` playouts (default `COACH_FACTOR` times Hard's) over `COACH_FACTOR` times Hard's
   determinizations (Baker: Hard's own; `coach_search`), proposes its choice.
2. The played move and the search's choice are then valued *paired*: the same `worlds`
   determinizations (drawn by `view.resample`, never the true deal), and in each world both
   moves are played out with the same rollout seed by the game's heuristic bot for every
   seat. A move's value is the mean change, from the decision to the end of the rollout, of
   the seat's score minus the others' average (`search.rewards`, which adds half a point for
   a win when the game ends). The rollout runs as the game's search tuning says (its
   `horizon`, then on until the scores moved), so per game the unit is the game's own:
   Trick of Trip and Wray / Baker: points of the hand; Trickbook: letters of S.K.A.T.E.
   (its scores; a letter is bad, so fewer is better and the value is negated by scores()).
3. The better move is the search's choice when it is valued above the played move (the
   played move on a tie). The gap is the mean of the paired differences (better minus
   played), its noise the standard error of that mean. A decision is flagged when
   `gap > Z * noise` and `gap >= MIN_GAP` (in the game's points). When the search's choice
   is the played move, or is not valued above it, the better move is the played move, the
   gap 0 and there is no flag. So a flag needs the stronger search and the paired values to
   agree: the values alone (heuristic rollouts) once picked worse moves than Hard in Wray
   (the arena's "coach" seat, docs/coach.md).

Everything is counted, nothing timed, and every seed comes from the game's seed and the
move number, so the same hand gives the same verdicts on any machine.
"""

from __future__ import annotations

import math

from ..rng import Rng
from . import bot_seed, bots_for, heuristic_factory
from .base import SeatView
from .search import (
    Search,
    SearchConfig,
    action_key,
    config_for,
    random_policy,
    rewards,
    score_margins,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Generator
    from typing import Any

    from ..contract import Action, State

# The analysis budget: this many times Hard's playouts per decision ...
COACH_FACTOR = 4
# ... over this many times Hard's determinizations (by default COACH_FACTOR). More playouts
# over Hard's 32 worlds were no stronger than Hard in Trick of Trip, and were with four times
# the worlds too; in Baker it is the other way round: 4x playouts over Hard's worlds won
# 72.5% and 75.0% of 40 and 60 games against Hard (seeds 1 and 11), over 128 worlds 55.0%
# (docs/coach.md).
COACH_WORLDS_FACTOR = {"magic-trick-baker": 1}
# Paired worlds per decision for the played-vs-best values.
COACH_WORLDS = 48
# A gap is flagged when it exceeds Z standard errors of the paired mean ...
Z = 2.0
# ... and this many of the game's points (smaller gaps are not worth a word).
MIN_GAP = 0.1
# Playouts of the analysis search between two pieces of `judging`.
SEARCH_CHUNK = 50


def coach_budget(game_id: str) -> int:
    """Playouts per decision of the analysis search (COACH_FACTOR x Hard's)."""
    return COACH_FACTOR * config_for(game_id, "hard").iterations


def coach_search(game_id: str, budget: int) -> SearchConfig:
    """The analysis search's settings: `budget` playouts over COACH_WORLDS_FACTOR times
    Hard's determinizations (by default COACH_FACTOR times: docs/coach.md)."""
    worlds = COACH_WORLDS_FACTOR.get(game_id, COACH_FACTOR) * config_for(game_id).worlds
    return config_for(game_id, iterations=budget, worlds=worlds)


def decisions(
    game_id: str,
    num_players: int,
    seed: int,
    options: dict[str, Any] | None,
    actions: list[Any],
    seat: int,
    span: tuple[int, int | None] = (0, None),
) -> list[dict[str, Any]]:
    """The seat's real decisions in the recorded game: one dict per move of `seat` that had
    more than one legal move, {"index": move number in `actions`, "state": the state
    before it (the true one: use it only through a SeatView), "action": the move played}.
    `span`: only the moves actions[start:stop] (a hand; stop None: to the end). The game is
    replayed once; only those states are copied."""
    from .. import get_game

    start, stop = span
    stop = len(actions) if stop is None else min(stop, len(actions))
    state = get_game(game_id).new_game(num_players, seed, dict(options or {}))
    found: list[dict[str, Any]] = []
    for index, (mover, action) in enumerate(actions[:stop]):
        if index >= start and mover == seat and len(state.legal_actions(seat)) > 1:
            found.append({"index": index, "state": state.clone(), "action": action})
        state.apply(mover, action)
    return found


def _rollout_value(world: State, seat: int, action: Action, seed: int, start: float) -> float:
    """Play `action` in a copy of `world`, roll out with the heuristic bots (seeded by
    `seed`), and return the change of the seat's reward (see the module's doc)."""
    game_id = world.game.id
    config = config_for(game_id)
    state = world.clone()
    state.rng = Rng(seed)
    rng = Rng(seed ^ 0xC0AC4)
    factory = heuristic_factory(game_id)
    bots: dict[int, Any] = {}
    state.apply(seat, action)
    root_scores = list(world.scores())
    horizon = config.horizon * state.num_players
    for step in range(config.max_rollout):
        acting = state.acting()
        if not acting:
            break
        if step >= horizon and (not config.settle or list(state.scores()) != root_scores):
            break
        mover = acting[0]
        legal = state.legal_actions(mover)
        if len(legal) == 1:
            choice = legal[0]
        elif factory is None:
            choice = random_policy(state, mover, legal, rng)
        else:
            bot = bots.get(mover)
            if bot is None:
                bot = bots[mover] = factory(rng.next64() & 0xFFFFFFFF, 0.0)
            choice = bot.choose(SeatView(state, mover))
        state.apply(mover, choice)
    return rewards(state)[seat] - start


def _mean_sd(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) * (v - mean) for v in values) / (n - 1)
    return mean, math.sqrt(var)


def _round(x: float) -> float:
    return float(round(x * 1000)) / 1000


def analyse_decision(
    state: State,
    seat: int,
    played: Action,
    seed: int,
    budget: int | None = None,
    worlds: int = COACH_WORLDS,
    names: list[str] | None = None,
) -> dict[str, Any]:
    """Judge `played` for `seat` at `state`, using only what the seat sees there (see
    `judging`, which does it in small pieces)."""
    return to_the_end(judging(state, seat, played, seed, budget, worlds, names))


def to_the_end(pieces: Generator[None, None, dict[str, Any]]) -> dict[str, Any]:
    """Step a piece-by-piece analysis (`judging`) to its end; its verdict."""
    while True:
        try:
            next(pieces)
        except StopIteration as done:
            return done.value


def judging(
    state: State,
    seat: int,
    played: Action,
    seed: int,
    budget: int | None = None,
    worlds: int = COACH_WORLDS,
    names: list[str] | None = None,
) -> Generator[None, None, dict[str, Any]]:
    """`analyse_decision` a piece at a time: it yields after every SEARCH_CHUNK playouts
    and every world valued (a few milliseconds to a few tens), so a worker can read its
    messages (a cancel) between pieces; its return value is the verdict. The pieces are
    counted, never timed: the verdict is the same however it is stepped.

    Returns a JSON-able dict: "played" and "best" (actions), "played_value" and
    "best_value" (mean change of the seat's reward to the end of the rollout, in the
    game's points), "gap" (best minus played, >= 0), "noise" (standard error of the
    gap), "flagged", "reason" (the better move's reason in the game's words, or None),
    "budget", "worlds", and "visits" (the search's root moves: action, visits, value).
    """
    return (yield from judging_view(SeatView(state, seat), played, seed, budget, worlds, names))


def judging_view(
    view: SeatView,
    played: Action | None,
    seed: int,
    budget: int | None = None,
    worlds: int = COACH_WORLDS,
    names: list[str] | None = None,
) -> Generator[None, None, dict[str, Any]]:
    """`judging` from the seat's view alone; `played` None: no move was played yet (the
    coach as a player, `CoachBot`): the search's choice stands in for it."""
    seat = view.seat
    game_id = view.game_id
    if budget is None:
        budget = coach_budget(game_id)
    search = Search(view, seed, coach_search(game_id, budget))
    while not search.advance(SEARCH_CHUNK):
        yield
    # The played move and the search's choice, valued in the same worlds with the same
    # rollout seeds. Only the search's choice is ever offered as better: the rollouts play
    # the heuristic bots, which may misjudge a move (in Wray, a player choosing by these
    # values alone was weaker than Hard: docs/coach.md), so a flag needs both the stronger
    # search and the paired values to agree.
    proposed = search.best_action()
    if played is None:
        played = proposed
    played_key = action_key(played)
    candidates = [played] if action_key(proposed) == played_key else [played, proposed]
    rng = Rng(seed ^ 0x7A1C0)
    start = score_margins(view.scores())[seat]  # scores are public: the same in every world
    values: list[list[float]] = [[] for _ in candidates]
    for _ in range(worlds):
        world = view.resample(rng.spawn())
        rollout_seed = rng.next64() & 0xFFFFFFFF
        for i, action in enumerate(candidates):
            values[i].append(_rollout_value(world, seat, action, rollout_seed, start))
        yield
    means = [sum(v) / worlds for v in values]
    # The played move unless the search's choice is valued higher (ties: the played).
    top = 1 if len(candidates) > 1 and means[1] > means[0] else 0
    best = candidates[top]
    played_values, proposed_values = values[0], values[top]
    diffs = [b - p for b, p in zip(proposed_values, played_values)]
    gap, sd = _mean_sd(diffs)
    noise = sd / math.sqrt(len(diffs))
    flagged = gap > Z * noise and gap >= MIN_GAP
    played_mean, played_sd = _mean_sd(played_values)
    best_mean, best_sd = _mean_sd(proposed_values)
    reason = None
    if action_key(best) != played_key:
        names = names or [f"Player {i + 1}" for i in range(view.num_players)]
        reason = bots_for(game_id).explain(view, best, names)
    return {
        "played": played,
        "best": best,
        "played_value": _round(played_mean),
        "played_noise": _round(played_sd / math.sqrt(worlds)),
        "best_value": _round(best_mean),
        "best_noise": _round(best_sd / math.sqrt(worlds)),
        "gap": _round(gap),
        "noise": _round(noise),
        "flagged": flagged,
        "reason": reason,
        "budget": budget,
        "worlds": worlds,
        "visits": [
            {"action": r["action"], "visits": r["visits"], "value": r["value"]}
            for r in search.summary()
        ],
    }


class CoachBot:
    """The coach's analysis as a player, so that the arena can weigh what its verdicts rest
    on: at each decision, the move it would call better (`judging_view` with no move played:
    the analysis search's choice)."""

    def __init__(self, seed: int = 0, budget: int | None = None, worlds: int = COACH_WORLDS):
        self.seed = seed
        self.budget = budget
        self.worlds = worlds

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        verdict = to_the_end(judging_view(view, None, self.seed, self.budget, self.worlds))
        return verdict["best"]


class Analysis:
    """A whole hand's coaching, one decision per `step()` (for a worker: progress "4 of
    13", and it may stop between steps: `cancel()`)."""

    def __init__(
        self,
        game_id: str,
        num_players: int,
        seed: int,
        options: dict[str, Any] | None,
        actions: list[Any],
        seat: int,
        budget: int | None = None,
        worlds: int = COACH_WORLDS,
        names: list[str] | None = None,
        span: tuple[int, int | None] = (0, None),
    ) -> None:
        self.seed = seed
        self.seat = seat
        self.budget = coach_budget(game_id) if budget is None else budget
        self.worlds = worlds
        self.names = names
        self.todo = decisions(game_id, num_players, seed, options, actions, seat, span)
        self.results: list[dict[str, Any]] = []
        self.cancelled = False

    @property
    def total(self) -> int:
        return len(self.todo)

    @property
    def done(self) -> int:
        return len(self.results)

    @property
    def finished(self) -> bool:
        return self.cancelled or self.done >= self.total

    def cancel(self) -> None:
        self.cancelled = True

    def step(self) -> bool:
        """Analyse the next decision; True once all are done (or cancelled)."""
        if self.finished:
            return True
        self.results.append(to_the_end(self.judging(self.done)))
        return self.finished

    def judging(self, number: int) -> Generator[None, None, dict[str, Any]]:
        """Decision `number` (0: the first) judged a piece at a time (`judging`); its
        verdict also says where it was in the game ("index": its move number)."""
        item = self.todo[number]
        judge = judging(
            item["state"],
            self.seat,
            item["action"],
            bot_seed(self.seed, self.seat, item["index"]),
            self.budget,
            self.worlds,
            self.names,
        )
        result = yield from judge
        result["index"] = item["index"]
        return result

    def run(self) -> list[dict[str, Any]]:
        while not self.step():
            pass
        return self.results


def costliest(results: list[dict[str, Any]], k: int = 3) -> list[dict[str, Any]]:
    """The `k` flagged decisions with the biggest gaps, biggest first (ties: earliest)."""
    flagged = [i for i in range(len(results)) if results[i]["flagged"]]
    # mpy-total-key: ties by position
    order = sorted(flagged, key=lambda i: (-results[i]["gap"], i))
    return [results[i] for i in order[:k]]
