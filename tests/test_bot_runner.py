"""The bot runner (ui/play/bot_runner.py), driven in CPython with asyncio and a fake clock:
slices, the time cap, pacing, leaving mid-think, illegal moves, the hint."""

from __future__ import annotations

import asyncio
import itertools
import json
import math
import time
from collections.abc import Callable
from typing import Any

import pytest
from async_run import run

import ui.play.bot_runner
import ui.play.session
from pygame_rules.bots import SeatView, think
from ui.play import bot_worker
from ui.play.bot_runner import (
    MAX_THINK,
    QUIET_MARK_AFTER,
    THINK_SLICE,
    TRICK_PAUSE,
    BotRunner,
    IllegalBotMove,
    think_limit,
)
from ui.play.session import Session
from ui.share.links import SPEEDS

Action = dict[str, Any]


class FakeClock:
    """Seconds that pass only when the runner sleeps or a fake bot thinks."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []
        self.on_sleep: Any = None  # called with the number of sleeps so far

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds
        if self.on_sleep is not None:
            self.on_sleep(len(self.sleeps))
        await asyncio.sleep(0)


class FakeThinking:
    """A decision that takes `slices` steps, each using the whole slice on the fake clock."""

    def __init__(self, clock: FakeClock, slices: int, action: Action, interim: Action) -> None:
        self.clock, self.slices = clock, slices
        self.action, self.interim = action, interim
        self.steps: list[float | None] = []

    def step(self, seconds: float | None = None) -> bool:
        self.steps.append(seconds)
        self.clock.now += seconds or 0.0
        return self.decided()

    def decided(self) -> bool:
        """Decided after `slices` slices, or at once when asked to think to the end (None:
        Session.bot_move, a replay)."""
        return None in self.steps or len(self.steps) >= self.slices

    def best_action(self) -> Action:
        return self.action if self.decided() else self.interim

    def reason(self, action: Action) -> str | None:
        return None


class Entries:
    """The performance hooks: what was marked and measured, in order."""

    def __init__(self) -> None:
        self.log: list[str] = []

    def mark(self, name: str) -> None:
        self.log.append(f"mark {name}")

    def measure(self, name: str, start: str) -> None:
        self.log.append(f"measure {name} from {start}")


def fake_bots(
    monkeypatch: pytest.MonkeyPatch,
    clock: FakeClock,
    slices: int = 3,
    action: Action | None = None,
    seeded: bool = False,
) -> list[FakeThinking]:
    """Every bot made from here on (on the page and in the worker) thinks as a
    FakeThinking; the list collects them. Its move is `action`, else the first legal one,
    or with `seeded` the legal one its seed picks: bot_seed counts the moves, so a move
    decided before another seat's move is not the one decided after it (the interim best:
    the last legal one)."""
    made: list[FakeThinking] = []

    class Bot:
        def __init__(self, seed: int) -> None:
            self.seed = seed

        def start(self, view: Any) -> FakeThinking:
            legal = view.legal_actions()
            chosen = legal[self.seed % len(legal) if seeded else 0] if action is None else action
            made.append(FakeThinking(clock, slices, chosen, legal[-1]))
            return made[-1]

    def make_bot(_game_id: str, _level: str = "normal", seed: int = 0, **_kw: Any) -> Bot:
        return Bot(seed)

    monkeypatch.setattr(ui.play.session, "make_bot", make_bot)
    monkeypatch.setattr(bot_worker, "make_bot", make_bot)
    return made


def runner_for(
    clock: FakeClock, limit: float = math.inf, speed: str = "instant"
) -> tuple[BotRunner, Entries]:
    """A runner on the fake clock, and the performance entries it records."""
    entries = Entries()
    runner = BotRunner(clock.sleep, clock, lambda: limit, entries.mark, entries.measure)
    runner.speed = speed
    return runner, entries


def bot_turn_session(players: int = 3) -> tuple[Session, int]:
    """Trick of Trip at its first step, where every seat splits at once: a bot's turn."""
    session = Session("trick-of-trip", players, 8, "easy")
    seat = session.next_bot()
    assert seat is not None
    return session, seat


def test_think_limit_reads_the_page_hook() -> None:
    assert think_limit(None) == MAX_THINK == 0.9
    assert think_limit(math.inf) == math.inf  # JS Infinity: the whole search
    assert think_limit(0) == 0.0
    assert think_limit(2.5) == 2.5
    for bad in (-1, True, "1", math.nan, None, []):
        assert think_limit(bad) == MAX_THINK, bad


def test_a_bot_thinks_in_slices_and_yields_to_the_page_between_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = FakeClock()
    made = fake_bots(monkeypatch, clock, slices=5)
    session, seat = bot_turn_session()
    runner, entries = runner_for(clock)
    action = run(runner.bot_move(session, seat))
    assert action == session.state.legal_actions(seat)[0]
    assert made[0].steps == [THINK_SLICE] * 5
    # One yield before thinking (the page draws "thinking"), one between two slices.
    assert clock.sleeps == [0] * 5
    assert entries.log == ["mark bot-think-start", "measure bot-think from bot-think-start"]
    assert session.history == []  # the runner chooses; the page plays it


def test_past_the_time_cap_a_bot_plays_the_best_move_found_so_far(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = FakeClock()
    made = fake_bots(monkeypatch, clock, slices=1000)
    session, seat = bot_turn_session()
    runner, entries = runner_for(clock, limit=0.1)
    action = run(runner.bot_move(session, seat))
    assert len(made[0].steps) == 4  # 0.03 s slices: the fourth ends past 0.1 s
    assert action == made[0].interim == session.state.legal_actions(seat)[-1]
    assert entries.log == [
        "mark bot-think-start",
        "mark bot-think-capped",
        "measure bot-think from bot-think-start",
    ]


def test_a_limit_of_zero_cuts_every_search_after_one_slice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = FakeClock()
    made = fake_bots(monkeypatch, clock, slices=1000)
    session, seat = bot_turn_session()
    runner, _ = runner_for(clock, limit=0)
    run(runner.bot_move(session, seat))
    assert len(made[0].steps) == 1


@pytest.mark.parametrize("speed", list(SPEEDS))
def test_a_bots_turn_lasts_at_least_its_speed(monkeypatch: pytest.MonkeyPatch, speed: str) -> None:
    clock = FakeClock()
    fake_bots(monkeypatch, clock, slices=3)  # 0.09 s of thinking
    session, seat = bot_turn_session()
    runner, _ = runner_for(clock, speed=speed)
    run(runner.bot_move(session, seat))
    assert clock.now == pytest.approx(max(SPEEDS[speed], 3 * THINK_SLICE))
    pauses = [s for s in clock.sleeps if s > 0]
    assert pauses == ([pytest.approx(SPEEDS[speed] - 0.09)] if SPEEDS[speed] > 0.09 else [])


def test_a_slow_thinker_is_not_paused_on_top(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    fake_bots(monkeypatch, clock, slices=50)  # 1.5 s of thinking, past "slow"
    session, seat = bot_turn_session()
    runner, _ = runner_for(clock, speed="slow")
    run(runner.bot_move(session, seat))
    assert all(s == 0 for s in clock.sleeps)


@pytest.mark.parametrize("when", [1, 3, 6])
def test_leaving_the_game_mid_think_stops_the_bot(
    monkeypatch: pytest.MonkeyPatch, when: int
) -> None:
    """Left before thinking (1), between slices (3), or during the pause (6): no move."""
    clock = FakeClock()
    made = fake_bots(monkeypatch, clock, slices=5)
    session, seat = bot_turn_session()
    runner, entries = runner_for(clock, speed="slow")
    clock.on_sleep = lambda n: runner.stop() if n == when else None
    assert run(runner.bot_move(session, seat)) is None
    assert session.history == []
    if when == 3:
        assert len(made[0].steps) == 2  # no slice after the game was left
    if when < 6:
        assert "measure bot-think from bot-think-start" not in entries.log


def test_an_illegal_bot_move_raises_and_stops_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    fake_bots(monkeypatch, clock, slices=2, action={"type": "fly"})
    session, seat = bot_turn_session()
    runner, _ = runner_for(clock)
    with pytest.raises(IllegalBotMove, match=f"Bot {seat} chose a move that is not allowed"):
        run(runner.bot_move(session, seat))
    changes: list[int | None] = []
    with pytest.raises(IllegalBotMove, match="must be of type 'split'"):
        run(runner.play(session, changes.append))
    assert changes == [seat]  # it started to think; no move was played, none asked again
    assert session.history == []


def test_play_moves_the_bots_until_it_is_the_humans_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    fake_bots(monkeypatch, clock, slices=2)
    session, _ = bot_turn_session(players=4)
    changes: list[int | None] = []
    runner, _ = runner_for(clock, speed="normal")
    run(runner.play(session, changes.append))
    assert changes == [1, None, 2, None, 3, None]  # each bot drawn thinking, then its move
    assert [seat for seat, _ in session.history] == [1, 2, 3]
    assert session.next_bot() is None and session.human_legal()


@pytest.mark.parametrize("speed", ["instant", "fast"])
def test_a_bots_decision_and_the_drawing_of_its_move_are_two_tasks(
    monkeypatch: pytest.MonkeyPatch, speed: str
) -> None:
    """The page gets a turn between a bot's last slice of thought and the table drawn with
    its move: together they were one task of up to 200 ms on a Wray table. What the drawing
    can do ahead (`prepare`) comes before that turn, with the move."""
    clock = FakeClock()
    made = fake_bots(monkeypatch, clock, slices=2)
    session, _ = bot_turn_session(players=4)
    log: list[tuple[str, int]] = []  # (what, slices thought by then)

    def slices() -> int:
        return sum(len(bot.steps) for bot in made)

    clock.on_sleep = lambda _count: log.append(("yield", slices()))
    runner, _ = runner_for(clock, speed=speed)

    def changed(seat: int | None) -> None:
        if seat is None:
            log.append(("draw", slices()))

    run(runner.play(session, changed, lambda: log.append(("prepare", slices()))))
    draws = [i for i, (what, _) in enumerate(log) if what == "draw"]
    assert draws, "the table was drawn"
    for i in draws:
        assert log[i - 1] == ("yield", log[i][1])  # nothing thought since the last yield
        assert log[i - 2] == ("prepare", log[i][1])  # and, before it, the drawing prepared
    assert sum(what == "prepare" for what, _ in log) == len(draws)
    assert log[draws[-1]] == ("draw", 6)  # three bots, two slices each


@pytest.mark.parametrize(("slices", "expected"), [(1, [None]), (10, [1, 2, 3, None])])
def test_at_instant_speed_the_table_is_drawn_once_the_bots_stop(
    monkeypatch: pytest.MonkeyPatch, slices: int, expected: list[int | None]
) -> None:
    """No redraw per bot move (nobody could see it): a bot that decides at once is never
    drawn thinking, a slow one is (after QUIET_MARK_AFTER), and the table with every move
    is drawn, and saved, when the bots stop."""
    clock = FakeClock()
    fake_bots(monkeypatch, clock, slices=slices)
    session, _ = bot_turn_session(players=4)
    changes: list[int | None] = []
    runner, _ = runner_for(clock, speed="instant")
    run(runner.play(session, changes.append))
    assert changes == expected
    assert [seat for seat, _ in session.history] == [1, 2, 3]
    assert session.next_bot() is None and session.human_legal()


def test_play_stops_when_the_game_is_left(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = FakeClock()
    fake_bots(monkeypatch, clock, slices=2)
    session, _ = bot_turn_session(players=4)
    runner, _ = runner_for(clock, speed="normal")
    changes: list[int | None] = []

    def changed(seat: int | None) -> None:
        changes.append(seat)
        if seat is None:
            runner.stop()  # the player left after the first bot's move

    run(runner.play(session, changed))
    assert changes == [1, None]
    assert len(session.history) == 1


def real_runner(speed: str = "instant") -> BotRunner:
    runner = BotRunner(asyncio.sleep, time.perf_counter, lambda: math.inf)
    runner.speed = speed
    return runner


def test_a_bot_in_the_runner_makes_the_move_session_bot_move_makes() -> None:
    """Same seed (bot_seed(game seed, seat, move number)) → the same move, sliced or not."""
    session = Session("magic-trick-wray", 4, 11, "normal")
    for _ in range(6):
        seat = session.next_bot()
        if seat is None:
            session.act(0, session.human_legal()[0])
            continue
        action = run(real_runner().bot_move(session, seat))
        replay = Session.from_save(session.to_save())
        replay.bot_move(seat)
        assert action == replay.history[-1][1]
        session.act(seat, action)


def test_the_hint_is_a_legal_move_with_a_reason() -> None:
    session = Session("magic-trick-wray", 4, 11, "easy")
    while not session.human_legal():
        session.bot_move(session.next_bot())
    found = run(real_runner().hint(session))
    assert found is not None
    action, reason = found
    assert action in session.human_legal()
    assert action == session.hint()  # the seed is the game's seed * 1009 + moves
    assert isinstance(reason, str) and reason


def test_no_hint_when_it_is_not_the_humans_move_or_the_game_was_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = Session("magic-trick-wray", 4, 11, "easy")
    while session.human_legal():
        session.act(0, session.human_legal()[0])
    assert run(real_runner().hint(session)) is None
    clock = FakeClock()
    fake_bots(monkeypatch, clock, slices=3)
    session, seat = bot_turn_session()  # the human splits too, at the same time
    runner, _ = runner_for(clock)
    clock.on_sleep = lambda n: n == 1 and session.act(seat, session.state.legal_actions(seat)[0])
    found = run(runner.hint(session))  # a bot moved while it thought: again
    assert found is not None and len(session.history) == 1
    assert found[0] in session.human_legal()
    session, _ = bot_turn_session()
    clock.on_sleep = lambda n: runner.stop()
    assert run(runner.hint(session)) is None  # the game was left


class InProcessWorker:
    """The bots' worker (ui/play/bot_worker.py) called in this process, through the same JSON
    text the page sends it; `answers` False makes it a worker that is not ready."""

    def __init__(self, answers: bool = True) -> None:
        self.answers = answers
        self.requests: list[dict[str, Any]] = []

    async def ask(
        self, request: dict[str, Any], wanted: Callable[[], bool] = lambda: True
    ) -> dict[str, Any] | None:
        self.requests.append(request)
        if not self.answers:
            return None
        reply = json.loads(await bot_worker.decide_json(json.dumps(request)))
        return reply["ok"]


def worker_runner(worker: InProcessWorker) -> BotRunner:
    runner = BotRunner(asyncio.sleep, time.perf_counter, lambda: math.inf, ask=worker.ask)
    runner.speed = "instant"
    return runner


@pytest.mark.parametrize(
    ("game_id", "players", "level"),
    [("magic-trick-wray", 4, "normal"), ("trick-of-trip", 3, "hard"), ("trickbook", 3, "normal")],
)
def test_the_worker_makes_the_move_the_page_would(game_id: str, players: int, level: str) -> None:
    """A search bot asked through the worker's JSON (State.to_json, seat, level, seed) plays
    what the same bot thinking on the page plays: once the worker is ready, a seed's game is
    the same game."""
    session = Session(game_id, players, 5, level)
    worker = InProcessWorker()
    moves = 0
    while moves < 3 and not session.is_over():
        seat = session.next_bot()
        if seat is None:
            session.act(0, session.human_legal()[0])
            continue
        action = run(worker_runner(worker).bot_move(session, seat))
        local = run(real_runner().bot_move(session, seat))
        assert action == local
        session.act(seat, action)
        moves += 1
    assert len(worker.requests) == moves
    assert all(r["limit"] is None and r["level"] == level for r in worker.requests)


def test_easy_never_asks_the_worker_and_a_worker_not_ready_leaves_the_page_thinking() -> None:
    session = Session("trick-of-trip", 3, 8, "easy")
    worker = InProcessWorker()
    seat = session.next_bot()
    assert seat is not None
    assert run(worker_runner(worker).bot_move(session, seat)) is not None
    assert worker.requests == []  # Easy decides at once on the page
    session = Session("trick-of-trip", 3, 8, "normal")
    idle = InProcessWorker(answers=False)
    action = run(worker_runner(idle).bot_move(session, seat))
    assert len(idle.requests) == 1  # asked, no answer: thought on the page instead
    assert action == run(real_runner().bot_move(session, seat))


def test_the_workers_hint_is_the_pages_hint_with_its_reason() -> None:
    session = Session("magic-trick-wray", 4, 11, "easy")
    while not session.human_legal():
        session.bot_move(session.next_bot())
    worker = InProcessWorker()
    found = run(worker_runner(worker).hint(session))
    assert found is not None and found == run(real_runner().hint(session))
    assert worker.requests[0]["names"] == session.names  # the reason names the seats


def test_a_failing_worker_answers_with_an_error_not_a_crash() -> None:
    reply = json.loads(run(bot_worker.decide_json(json.dumps({"game": "no-such-game"}))))
    assert "ok" not in reply and "no-such-game" in reply["error"]


def test_while_the_worker_loads_search_levels_play_their_rules_of_thumb_at_once() -> None:
    session = Session("trick-of-trip", 3, 8, "hard")
    seat = session.next_bot()
    assert seat is not None
    runner = BotRunner(asyncio.sleep, time.perf_counter, lambda: 0.9, quick=lambda: True)
    action = run(runner.bot_move(session, seat))
    quick = ui.play.session.quick_bot("trick-of-trip", session.next_bot_seed(seat))
    assert quick is not None
    assert action == think(quick, SeatView(session.state.clone(), seat)).best_action()


# -- a bot's move is a function of the seed and the moves before it, whenever the human
# clicks (Trick of Trip's split is simultaneous: the human splits while a bot thinks) ------


class HumanSplits:
    """The human's split at one await point of the bots' turns. `point(kind)` is called
    at each: the runner's "yield" (sleep(0)) or "pause", the worker "asked" or
    "answered"; the human splits at the `n`-th point of `kind` (None: of any kind)."""

    def __init__(self, session: Session, n: int, kind: str | None = None) -> None:
        self.session, self.n, self.kind = session, n, kind
        self.seen = 0
        self.when: str | None = None  # where the split landed; None: past the last point

    def point(self, kind: str) -> None:
        if self.kind in (None, kind):
            self.seen += 1
            if self.seen == self.n:
                assert self.session.human_legal(), "the human still has a split to make"
                self.session.act(0, self.session.human_legal()[0])
                self.when = kind

    def sleep_point(self, clock: FakeClock) -> Callable[[int], None]:
        """A FakeClock.on_sleep: a pause (seconds > 0) or a yield (sleep(0))."""
        return lambda _count: self.point("pause" if clock.sleeps[-1] > 0 else "yield")


def replayed(session: Session, seat: int, moves: int | None = None) -> Action:
    """The move a replay asks of the bot in `seat` after the first `moves` moves of
    `session` (all of them by default): the save's seed and moves, then Session.bot_move."""
    save = session.to_save()
    replay = Session.from_save({**save, "history": save["history"][:moves]})
    replay.bot_move(seat)
    action: Action = replay.history[-1][1]
    return action


def assert_each_bot_move_is_the_replays(session: Session) -> None:
    for index, (seat, action) in enumerate(session.history):
        if seat != session.human:
            assert action == replayed(session, seat, index), f"move {index}"


def stale_aware_ask(human: HumanSplits, notices: bool = True) -> Any:
    """The bots' worker (ui/play/bot_worker.py, in this process) with two await points:
    while the question is pending, and once its answer is in. `notices`: the page sees
    the question went stale before the answer comes (WorkerClient's STALE); else the
    answer about the old table comes anyway."""

    async def ask(request: dict[str, Any], wanted: Callable[[], bool]) -> dict[str, Any]:
        human.point("asked")
        await asyncio.sleep(0)
        if notices and not wanted():
            return {"action": None, "stale": True}
        reply = json.loads(await bot_worker.decide_json(json.dumps(request)))
        human.point("answered")
        await asyncio.sleep(0)
        answer: dict[str, Any] = reply["ok"]
        return answer

    return ask


@pytest.mark.parametrize("worker", ["none", "notices", "late"])
@pytest.mark.parametrize("speed", ["instant", "normal"])
@pytest.mark.parametrize("slices", [1, 3])
def test_a_bots_move_is_the_replays_wherever_the_human_splits(
    monkeypatch: pytest.MonkeyPatch, slices: int, speed: str, worker: str
) -> None:
    """The human splits at each await point of a bot's turn in turn (before it thinks,
    between two slices, while the worker is asked or once it answered, during the pause
    that paces the turn), or not at all (past the last point): the move the bot plays is
    always the one a replay of the save asks for. The bots' move is their seed's pick, so
    a decision made before the split (a move number earlier) would not be it. The worker
    is asked (Normal) or not (Easy); the page `notices` the question went stale before
    the answer, or the answer about the old table comes anyway (`late`)."""
    clock = FakeClock()
    made = fake_bots(monkeypatch, clock, slices=slices, seeded=True)
    landed: list[str | None] = []
    again = 0
    while not landed or landed[-1] is not None:
        session, seat = bot_turn_session()
        human = HumanSplits(session, len(landed) + 1)
        clock.on_sleep = human.sleep_point(clock)
        runner, _ = runner_for(clock, speed=speed)
        runner.ask = stale_aware_ask(human, worker == "notices")
        session.level = "easy" if worker == "none" else "normal"  # Easy never asks it
        first = len(made)
        action = run(runner.bot_move(session, seat))
        landed.append(human.when)
        decided = [thinking.action for thinking in made[first:]]
        assert action is not None
        assert len(session.history) == (human.when is not None)
        assert action == replayed(session, seat)
        if len(decided) > 1:  # decided before the split (not that move), then again
            assert decided[0] != action == decided[-1]
            again += 1
    points = {None, "yield"}  # past the last point; before it thinks, between two slices
    if speed != "instant":
        points.add("pause")
    if worker != "none":
        points |= {"asked", "answered"}
    assert set(landed) == points
    # At each point but the first yield and the first question (the worker not yet
    # answering, or dropped unanswered), a decision had been made on the table before
    # the split (not the move played): the bot decided again.
    assert again == len(landed) - 2 - (worker == "notices")


@pytest.mark.parametrize("path", ["page", "page in one slice", "worker"])
def test_a_bot_decides_again_when_the_human_moved_while_it_thought(
    monkeypatch: pytest.MonkeyPatch, path: str
) -> None:
    """The real Normal search, on the page (sliced by the real clock: as many slices as
    this machine needs; or in one slice, as on a machine fast enough, where the split
    landed in the pause and the move decided before it was played: issue 34) or through
    the worker (its answer about the table before the split comes anyway). The human
    splits at each point of each kind in turn (the first yield, the second...; the
    pause...), and the move played is always the replay's."""
    if path == "page in one slice":
        monkeypatch.setattr(ui.play.bot_runner, "THINK_SLICE", None)
    kinds = ["yield", "pause"] + ["asked", "answered"] * (path == "worker")
    for kind in kinds:
        for n in itertools.count(1):
            session, seat = bot_turn_session()
            session.level = "normal"
            human = HumanSplits(session, n, kind)

            async def sleep(seconds: float, human: HumanSplits = human) -> None:
                human.point("pause" if seconds > 0 else "yield")
                await asyncio.sleep(0)

            ask = stale_aware_ask(human, notices=False) if path == "worker" else None
            # The search slices by the real clock; the runner's clock stands still, so
            # the turn always ends with its pause, however long the search took.
            runner = BotRunner(sleep, lambda: 0.0, lambda: math.inf, ask=ask)
            runner.speed = "normal"
            action = run(runner.bot_move(session, seat))
            assert len(session.history) == (human.when is not None)
            assert action == replayed(session, seat)
            if human.when is None:
                break  # past the last point of this kind
        assert n > 1, f"the human split at a {kind}"


def test_deciding_again_learns_that_the_human_split_never_how() -> None:
    """A bot decides again on the table with the human's split in it, and sees that seat's
    view only: whichever split the human made, the bot's move is the same."""
    moves = set()
    for choice in range(3):
        session, seat = bot_turn_session()
        session.level = "normal"
        session.act(0, session.human_legal()[choice])
        for runner in (real_runner(), worker_runner(InProcessWorker())):
            moves.add(json.dumps(run(runner.bot_move(session, seat))))
    assert len(moves) == 1


@pytest.mark.parametrize("worker", [False, True])
def test_the_bots_moves_are_the_replays_wherever_the_human_splits(
    monkeypatch: pytest.MonkeyPatch, worker: bool
) -> None:
    """`play`, at four players: three bots split (and go on while they may) while the
    human splits at each await point in turn; each bot move in the game is the one a
    replay asks for at that point."""
    clock = FakeClock()
    fake_bots(monkeypatch, clock, slices=2, seeded=True)
    at = 1
    while True:
        session, _ = bot_turn_session(players=4)
        session.level = "normal" if worker else "easy"
        human = HumanSplits(session, at)
        clock.on_sleep = human.sleep_point(clock)
        runner, _ = runner_for(clock, speed="normal")
        runner.ask = stale_aware_ask(human) if worker else None
        run(runner.play(session, lambda _seat: None))
        if human.when is None:
            break
        assert [seat for seat, _ in session.history].count(0) == 1
        assert_each_bot_move_is_the_replays(session)
        at += 1
    assert at > 10  # every bot's turn had its await points


def test_a_question_the_table_outgrew_is_dropped_at_once_and_asked_again() -> None:
    """The worker is asked while the human may still split: once the human splits, the
    pending question is no longer wanted (the page cancels it in the worker) and the bot
    asks again about the table as it is now; that answer is its move."""
    session, seat = bot_turn_session()
    session.level = "normal"
    asked: list[dict[str, Any]] = []

    async def ask(request: dict[str, Any], wanted: Callable[[], bool]) -> dict[str, Any]:
        asked.append(request)
        if len(asked) == 1:
            assert wanted()
            session.act(0, session.human_legal()[0])  # the human splits meanwhile
            assert not wanted()
            return {"action": None, "stale": True}  # as WorkerClient answers then
        assert wanted()
        reply = json.loads(await bot_worker.decide_json(json.dumps(request)))
        return reply["ok"]

    marks: list[str] = []
    runner = BotRunner(asyncio.sleep, time.perf_counter, lambda: math.inf, ask=ask)
    runner.mark = marks.append
    action = run(runner.bot_move(session, seat))
    assert len(asked) == 2 and asked[0]["state"] != asked[1]["state"]
    assert marks.count("bot-think-start") == 2  # "bot-think" is measured from the new question
    replay = Session.from_save(session.to_save())
    replay.bot_move(seat)
    assert action == replay.history[-1][1]


def test_the_worker_drops_a_cancelled_request_between_slices(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`cancel(id)` stops that request's search at its next slice ({"cancelled": true});
    a request cancelled before its turn never starts; other requests are answered."""
    # One playout a slice (a slice always makes one): the search cannot end in its first
    # slice, however fast the machine.
    monkeypatch.setattr(bot_worker, "SLICE", 1e-9)
    session = Session("trick-of-trip", 3, 8, "hard")
    seat = session.next_bot()
    assert seat is not None
    request = session.bot_request(seat)
    assert request is not None
    request["limit"] = None  # the whole search: far longer than one slice

    async def cancel_soon(key: int) -> str:
        search = asyncio.ensure_future(bot_worker.decide_json(json.dumps({**request, "id": key})))
        await asyncio.sleep(0)
        bot_worker.cancel(key)
        return await search

    assert json.loads(run(cancel_soon(1))) == {"cancelled": True}
    bot_worker.cancel(2)
    early = run(bot_worker.decide_json(json.dumps({**request, "id": 2})))
    assert json.loads(early) == {"cancelled": True}
    request["limit"] = 0.05
    answer = json.loads(run(bot_worker.decide_json(json.dumps({**request, "id": 3}))))
    assert answer["ok"]["action"] in session.state.legal_actions(seat)
    assert not bot_worker.CANCELLED


# -- pacing at a trick's and a hand's end (issue 23.2) ------------------------------------


def session_after(ended: str, game_id: str = "trick-of-trip", players: int = 4) -> Session:
    """A game played (the human's first legal move, Easy bots) until a move ends a trick or
    a hand (`ended`) with a bot to move next."""
    session = Session(game_id, players, 6, "easy")
    while not session.is_over():
        legal = session.human_legal()
        if legal:
            session.act(session.human, legal[0])
        else:
            seat = session.next_bot()
            assert seat is not None
            session.bot_move(seat)
        if session.ended == ended and session.next_bot() is not None:
            return session
    raise AssertionError(f"no {ended} end with a bot to move next")


@pytest.mark.parametrize("game_id", ["trick-of-trip", "magic-trick-wray"])
def test_after_a_trick_the_bots_wait_before_going_on(game_id: str) -> None:
    session = session_after("trick", game_id)
    clock = FakeClock()
    runner, _ = runner_for(clock, speed="normal")
    first_bot: list[list[float]] = []
    changes: list[int | None] = []

    def changed(seat: int | None) -> None:
        if seat is not None and not first_bot:
            first_bot.append(list(clock.sleeps))
        changes.append(seat)

    run(runner.play(session, changed))
    assert first_bot and first_bot[0][0] == TRICK_PAUSE["normal"] > 0
    assert not session.awaiting_continue and changes[0] is not None  # no Continue needed


def test_after_a_hand_the_bots_wait_for_the_player_to_continue() -> None:
    session = session_after("hand")
    moves = len(session.history)
    clock = FakeClock()
    runner, _ = runner_for(clock, speed="fast")
    seen: list[tuple[bool, int]] = []

    def on_sleep(count: int) -> None:
        seen.append((session.awaiting_continue, len(session.history)))
        if count == 20:
            session.awaiting_continue = False  # the player taps Continue

    clock.on_sleep = on_sleep
    changes: list[int | None] = []
    run(runner.play(session, changes.append))
    assert changes[0] is None  # the page drew the Continue button first
    assert all(waiting and n == moves for waiting, n in seen[:19]), seen[:19]
    assert len(session.history) > moves  # and the bots went on after it


def test_at_instant_speed_nothing_waits() -> None:
    session = session_after("hand")
    clock = FakeClock()
    runner, _ = runner_for(clock, speed="instant")
    run(runner.play(session, lambda seat: None))
    assert not session.awaiting_continue
    # Only the "thinking" marks sleep (in their own tasks): no bot's turn waits.
    assert all(seconds in (0, QUIET_MARK_AFTER) for seconds in clock.sleeps)


def test_a_question_with_no_time_limit_waits_only_for_a_worker_on_its_way() -> None:
    """The whole-search hook's question (no limit) waits for a worker starting or loading,
    but one never asked to start (an Easy table's hint) answers None at once: the page
    thinks instead (it waited for ever)."""
    from ui.runtime.worker_client import WorkerClient

    client = WorkerClient()
    assert client.status == "local"
    assert run(asyncio.wait_for(client.ask({"limit": None}), 1.0)) is None

    client.status = "loading"
    with pytest.raises(asyncio.TimeoutError):
        run(asyncio.wait_for(client.ask({"limit": None}), 0.2))
