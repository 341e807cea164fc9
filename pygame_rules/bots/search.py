"""Information-set Monte Carlo tree search (ISMCTS) for any game of the engine contract.

The bot sees only its `SeatView`. Every iteration takes a *determinization* (a full
state drawn by the game's own `resample`, so it agrees with everything the bot has
seen and nothing more), replays the tree's moves on it, adds one node, rolls out
and backs the result up. The tree is "single observer": one tree for the whole
search, its edges keyed by (seat, action), shared by every determinization; an
edge counts how often it was *available* as well as how often it was tried
(UCB with availability counts, Cowling, Powley and Whitehouse 2012).

Hidden and random things, handled through the contract alone:
- cards the bot cannot see: each determinization redraws them (`resample`);
- chance (deals, dice): each iteration gives its copy fresh randomness, so the
  tree averages over what the dice may do;
- simultaneous decisions (drafts, rock-paper-scissors): the bot decides first in
  the tree; the other seats of the same round then choose with the rollout
  policy, blind to its choice (the engine hides committed choices), so the tree
  never lets one seat react to another's hidden choice.

The search is resumable: `run(iterations=..., seconds=...)` may be called again
and again (the browser runs it in short slices) and `best_action()` answers at
any point. For a given seed the tree after k iterations is always the same, so
an iteration budget gives a reproducible move; the optional time cap only ever
stops early.
"""

from __future__ import annotations

import math

from ..contract import State
from ..rng import Rng
from . import bots_for, heuristic_factory
from .base import SeatView, perf_counter, think

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from ..contract import Action
    from .base import Thinking

    RolloutPolicy = Callable[[State, int, list[Action], Rng], Action]


class SearchConfig:
    """How hard the search thinks and how it rolls out (see docs/bots.md). Read-only:
    `SearchConfig(iterations=50)` overrides defaults, `config.replace(...)` copies."""

    iterations: int = 200  # playouts per move (the reproducible budget)
    playout_steps: int = 0  # and at most this many engine moves per playout on average
    # (0: no limit): moves whose playouts run far (a whole hand) stop sooner, and cost
    # about what the others cost. Counted, not timed, so it stays reproducible.
    seconds: float | None = None  # optional wall-clock cap per move (never used in tests)
    exploration: float = 0.7  # UCB constant, on rewards scaled to [0, 1]
    worlds: int = 32  # determinizations drawn, then reused in turn (resample is costly)
    horizon: int = 0  # rollout moves per player before the rollout may stop ...
    settle: bool = True  # ... then on until the scores change (a trick or hand is scored)
    settle_from_root: bool = False  # the change counted from the decision, not the rollout
    max_rollout: int = 1000  # hard cap on rollout steps
    rollout: str = "random"  # "random", or "heuristic" (the game's heuristic bot)
    heuristic_prior: float = 0.5  # root bonus for the heuristic bot's move (0: none)

    def __init__(self, **settings: Any) -> None:
        for name, value in settings.items():
            if name not in SEARCH_FIELDS:
                raise TypeError(f"SearchConfig has no setting {name!r}")
            setattr(self, name, value)

    def replace(self, **changes: Any) -> SearchConfig:
        """A copy with `changes` (what dataclasses.replace did)."""
        settings = {name: getattr(self, name) for name in SEARCH_FIELDS}
        settings.update(changes)
        return SearchConfig(**settings)

    def __repr__(self) -> str:
        settings = ", ".join(f"{n}={getattr(self, n)!r}" for n in SEARCH_FIELDS)
        return f"SearchConfig({settings})"


# The settings of SearchConfig, in order (what dataclasses.fields listed).
SEARCH_FIELDS = (
    "iterations",
    "playout_steps",
    "seconds",
    "exploration",
    "worlds",
    "horizon",
    "settle",
    "settle_from_root",
    "max_rollout",
    "rollout",
    "heuristic_prior",
)


# Playouts per move of the search levels, Normal a fifth of Hard. Set when a Hard move took
# about 250 ms of CPython CPU; the engines have since made it 37-56 ms (docs/bots.md,
# "Speed"). Twice the playouts were neither clearly stronger nor weaker in the arena
# (docs/bots-log.md, 2026-11-29): the speed goes to shorter waits.
LEVEL_ITERATIONS = {"normal": 100, "hard": 500}

# Per-game settings are data declared beside each game's heuristic bot (`SEARCH_TUNING` in
# bots/<game>.py, found by `bots_for`): how far a rollout must run to see the scores that
# matter, which rollout policy pays for itself, and the level budgets scaled to the game's
# speed. The search itself knows nothing of any game.


def config_for(game_id: str, level: str | None = None, **overrides: Any) -> SearchConfig:
    """The search settings for `game_id` (at `level`: its playout budget), then `overrides`."""
    tuning = dict(bots_for(game_id).search_tuning)
    levels = dict(LEVEL_ITERATIONS)
    levels.update(tuning.pop("levels", {}))
    if level is not None:
        tuning["iterations"] = levels[level]
    tuning.update(overrides)
    return SearchConfig(**tuning)


def action_key(action: Action) -> str:
    """A hashable name of an action (engines build each kind of action in one place)."""
    return repr(action)


class Node:
    """A tree edge and the node below it: who moved, what, and its statistics."""

    __slots__ = ("action", "avail", "children", "n", "seat", "w")

    def __init__(self, seat: int, action: Action) -> None:
        self.seat = seat
        self.action = action
        self.n = 0  # times tried
        self.w = 0.0  # total reward, for `seat`
        self.avail = 0  # times it was legal when its parent was visited
        self.children: dict[tuple[int, str], Node] = {}


def random_policy(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    return legal[rng.below(len(legal))]


def heuristic_policy(game_id: str) -> RolloutPolicy | None:
    """A rollout policy that asks the game's heuristic bot (None if the game has none)."""
    factory = heuristic_factory(game_id)
    if factory is None:
        return None
    bots: dict[int, Any] = {}

    def policy(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = factory(rng.next64() & 0xFFFFFFFF, 0.0)
        return bot.choose(SeatView(state, seat, legal))

    return policy


def _fast_apply(state: State) -> Callable[[int, Action], Any]:
    """`state.apply` without re-checking legality (the search only plays legal moves)."""
    if type(state).apply is State.apply:
        return state._apply
    return state.apply


def score_margins(scores: Sequence[int | float]) -> list[float]:
    """Each seat's score minus the average of the others'."""
    n = len(scores)
    total = sum(scores)
    return [s - (total - s) / (n - 1) if n > 1 else float(s) for s in scores]


def rewards(state: State) -> list[float]:
    """Each seat's score minus the average of the others' (a win counts half a point more)."""
    values = score_margins(state.scores())
    if state.is_over():
        winners = state.winners()
        for seat in winners:
            values[seat] += 0.5 / len(winners)
    return values


class Search:
    """One decision for one seat, searched in as many slices as the caller likes."""

    def __init__(self, view: SeatView, seed: int = 0, config: SearchConfig | None = None) -> None:
        self.view = view
        self.seat = view.seat
        self.config = config or config_for(view.game_id)
        # What it answers (best_action, summary, the coach's candidates) comes from here:
        # a player's state lists fresh moves, never the shared ones of a quiet copy
        # (docs/contract.md). Not copied again: on MicroPython a dict rebuilt key by key
        # may repr its keys in another order, and a move's tree key is its repr.
        self.legal = view.legal_actions()
        self.root_scores = view.scores()
        self.root = Node(-1, {"type": ""})  # the decision itself: no seat moved, no action
        self.iterations = 0
        self.steps = 0  # engine moves played in all playouts so far (tree and rollout)
        self._world_rng = Rng(seed)
        self._sim_rng = Rng(seed ^ 0x5EA2C4)
        self._worlds: list[State] = []
        self._low = math.inf
        self._high = -math.inf
        self._prior: str | None = None
        self._prior_done = False
        self._prior_thinking: Thinking | None = None
        self._policy: RolloutPolicy = random_policy
        if self.config.rollout == "heuristic":
            self._policy = heuristic_policy(view.game_id) or random_policy

    # -- public ------------------------------------------------------------------
    def run(self, iterations: int | None = None, seconds: float | None = None) -> int:
        """Search `iterations` more playouts (or until `seconds` pass); returns how many ran.

        At least one playout runs whenever any is asked for, so slices always progress.
        """
        if len(self.legal) <= 1:
            return 0
        target = None if iterations is None else self.iterations + iterations
        return self._playouts(lambda: target is not None and self.iterations >= target, seconds)

    @property
    def finished(self) -> bool:
        """True once the configured budget has run (or there is nothing to decide)."""
        config = self.config
        if len(self.legal) <= 1 or self.iterations >= config.iterations:
            return True
        return 0 < config.playout_steps * config.iterations <= self.steps

    def step(self, seconds: float | None = 0.03) -> bool:
        """Run what is left of the budget for at most `seconds`; True when finished.

        For the browser: call it from short asyncio steps until it says True. The move
        is the same however the budget is sliced.
        """
        if self.finished:
            return True
        if not self._prior_done and seconds is not None:
            self._advance_prior(seconds)  # the heuristic's opinion first, in its own slices
            return self.finished
        self.finish(seconds)
        return self.finished

    def finish(self, seconds: float | None = None) -> None:
        """Run what is left of the configured budget (or until `seconds` pass)."""
        if not self.finished:
            self._playouts(lambda: self.finished, seconds)

    def advance(self, iterations: int) -> bool:
        """At most `iterations` more playouts of what is left of the budget; True when
        finished. Counted, not timed: the tree is the same however the budget is cut."""
        if not self.finished:
            target = self.iterations + iterations
            self._playouts(lambda: self.finished or self.iterations >= target, None)
        return self.finished

    def _playouts(self, done: Callable[[], bool], seconds: float | None) -> int:
        """Playouts until `done()` or `seconds` pass (after the heuristic's prior); how many."""
        self._advance_prior(None)
        deadline = None if seconds is None else perf_counter() + seconds
        ran = 0
        while not done():
            self._iterate()
            ran += 1
            if deadline is not None and perf_counter() >= deadline:
                break
        return ran

    def best_action(self) -> Action:
        """The most tried move at the root (ties: better average, then the listed order)."""
        if len(self.legal) == 1:
            return self.legal[0]
        best, best_rank = self.legal[0], None
        for action in self.legal:
            child = self.root.children.get((self.seat, action_key(action)))
            if child is None or child.n == 0:
                continue
            rank = (child.n, child.w / child.n)
            if best_rank is None or rank > best_rank:
                best, best_rank = action, rank
        if best_rank is None and self._prior is not None:
            return next(a for a in self.legal if action_key(a) == self._prior)
        return best

    def summary(self) -> list[dict[str, Any]]:
        """The root moves with their visits and average reward, most tried first."""
        rows: list[dict[str, Any]] = []
        for action in self.legal:
            child = self.root.children.get((self.seat, action_key(action)))
            n = child.n if child else 0
            value = child.w / n if child and n else None
            rows.append({"action": action, "visits": n, "value": value})
        # mpy-total-key: ties by listed order (MicroPython's sort is not stable)
        order = sorted(range(len(rows)), key=lambda i: (-rows[i]["visits"], i))
        return [rows[i] for i in order]

    def reason(self, action: Action) -> str | None:
        """How often the search played `action` out, in plain words and short ("tried in 13
        of 80 imagined games"), to follow the game's own reason (None: there was no
        choice)."""
        if len(self.legal) <= 1:
            return None
        rows = self.summary()
        tried = sum(r["visits"] for r in rows)
        chosen = next(r for r in rows if r["action"] == action)
        return f"tried in {chosen['visits']} of {tried} imagined games"

    def _advance_prior(self, seconds: float | None) -> None:
        """Ask the game's heuristic bot which root move it likes (a gentle nudge); it may
        think in slices of `seconds` too (None: to the end)."""
        if self._prior_done:
            return
        if self._prior_thinking is None:
            factory = heuristic_factory(self.view.game_id)
            if self.config.heuristic_prior <= 0 or factory is None:
                self._prior_done = True
                return
            bot = factory(self._world_rng.next64() & 0xFFFFFFFF, 0.0)
            self._prior_thinking = think(bot, self.view)
        if self._prior_thinking.step(seconds):
            self._prior = action_key(self._prior_thinking.best_action())
            self._prior_done = True
            self._prior_thinking = None

    def _world(self) -> State:
        """A copy of the next determinization, with fresh randomness for this playout."""
        index = self.iterations % self.config.worlds
        if index == len(self._worlds):
            self._worlds.append(self.view.resample(self._world_rng.spawn()))
        state = self._worlds[index].clone()
        state.rng = self._sim_rng.spawn()
        state.quiet = True  # a playout's events are never read
        return state

    def _iterate(self) -> None:
        state = self._world()
        self.iterations += 1
        rng = self._sim_rng
        policy = self._policy
        apply = _fast_apply(state)
        node = self.root
        path: list[Node] = []
        round_left: set[int] | None = None  # seats yet to move in a simultaneous round
        round_moved = 0
        expanded = False
        while not expanded:
            acting = state.acting()
            if not acting:
                break
            if len(acting) > 1 or (round_left and set(acting) <= round_left):
                if round_left is None or not set(acting) <= round_left:
                    round_left, round_moved = set(acting), 0
                seat = self.seat if self.seat in acting else acting[0]
                in_tree = round_moved == 0
                round_left.discard(seat)
                round_moved += 1
            else:
                round_left = None
                seat = acting[0]
                in_tree = True
            legal = state.legal_actions(seat)
            if not in_tree:
                apply(seat, policy(state, seat, legal, rng))
                self.steps += 1
                continue
            node, expanded = self._select(node, seat, legal, rng)
            path.append(node)
            apply(seat, node.action)
            self.steps += 1
        result = self._rollout(state, policy, rng)
        for value in result:
            if value < self._low:
                self._low = value
            if value > self._high:
                self._high = value
        for child in path:
            child.n += 1
            child.w += result[child.seat]

    def _select(self, node: Node, seat: int, legal: list[Action], rng: Rng) -> tuple[Node, bool]:
        """The child to follow (UCB with availability), or a new one; True if new."""
        children = node.children
        fresh: list[tuple[tuple[int, str], Action]] = []
        available: list[Node] = []
        for action in legal:
            key = (seat, action_key(action))
            child = children.get(key)
            if child is None:
                fresh.append((key, action))
            else:
                child.avail += 1
                available.append(child)
        if fresh:
            pick = -1
            if node is self.root and self._prior is not None:
                pick = next((i for i, (k, _) in enumerate(fresh) if k[1] == self._prior), -1)
            if pick < 0:
                pick = rng.below(len(fresh))
            key, action = fresh[pick]
            child = children[key] = Node(seat, action)
            child.avail = 1
            return child, True
        low, span = self._low, self._high - self._low
        c = self.config.exploration
        bonus_key = self._prior if node is self.root else None
        best, best_score = available[0], -math.inf
        for child in available:
            mean = child.w / child.n
            q = (mean - low) / span if span > 0 else 0.5
            score = q + c * math.sqrt(math.log(child.avail) / child.n)
            if bonus_key is not None and action_key(child.action) == bonus_key:
                score += self.config.heuristic_prior / (child.n + 1)
            if score > best_score:
                best, best_score = child, score
        return best, False

    def _rollout(self, state: State, policy: RolloutPolicy, rng: Rng) -> list[float]:
        """Play on with `policy` until the horizon has passed and the scores moved (since
        the rollout began, or with `settle_from_root` since the decision)."""
        config = self.config
        apply = _fast_apply(state)
        start = None
        if config.settle:
            start = self.root_scores if config.settle_from_root else state.scores()
        horizon = config.horizon * state.num_players
        for step in range(config.max_rollout):
            acting = state.acting()
            if not acting:
                break
            if step >= horizon and (start is None or state.scores() != start):
                break
            if step == horizon and start is not None:
                state.playout_ends_at_scoring = True  # what follows a scoring is not played
            seat = acting[0]
            apply(seat, policy(state, seat, state.legal_actions(seat), rng))
            self.steps += 1
        return rewards(state)


class SearchBot:
    """A bot that runs one `Search` per move with a fixed iteration budget.

    Each move's search gets the next seed of the bot's own generator, so a bot kept
    for a whole game never repeats itself by accident (rock-paper-scissors!).
    """

    def __init__(self, seed: int = 0, config: SearchConfig | None = None) -> None:
        self.rng = Rng(seed)
        self.config = config

    def start(self, view: SeatView) -> Search:
        """The search for this move, not run yet (drive it with `step`, then `best_action`)."""
        return Search(view, self.rng.next64(), self.config or config_for(view.game_id))

    def choose(self, view: SeatView) -> Action:
        search = self.start(view)
        search.finish(search.config.seconds)
        return search.best_action()
