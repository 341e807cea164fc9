"""The bots' side of the table: think in short slices, stop at a time cap, pace a bot's
turn, give the human a hint, and stop when the game is left.

Pure Python: the page's pieces come in as plain callables (`sleep`, an awaitable like
asyncio.sleep; `clock`, seconds; `limit`, the time cap; `mark` and `measure`, the
performance entries; `ask`, the bots' worker), so CPython tests drive it with asyncio, a
fake clock and a fake worker. The interface is two coroutines, `bot_move` and `hint`, each
from a session to a move. A search level asks the worker first (`ui/runtime/worker_client.py`
starts it, `ui/play/bot_worker.py` answers); while the worker is not ready (or fails), the bot
thinks here, in slices, and the time cap decides how deep.
"""

from __future__ import annotations

import asyncio

from ui.play.session import BotTurn, Session
from ui.share.links import SPEEDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable
    from typing import Any

    from pygame_rules.contract import Action

    # A request and whether it is still wanted, to the worker's answer (or None).
    Ask = Callable[[dict[str, Any], Callable[[], bool]], Awaitable[dict[str, Any] | None]]

THINK_SLICE = 0.03  # seconds of search between two yields to the page (no long task)
MAX_THINK = 0.9  # a search stops here and plays the best move found: a move stays under 1 s
# How long a finished trick stays on the table before the bots go on, by bot speed; None:
# until the player taps Continue. The end of a hand or round always waits for it (but at
# instant speed, which never waits).
TRICK_PAUSE: dict[str, float | None] = {"slow": None, "normal": 1.5, "fast": 0.6, "instant": 0.0}
CONTINUE_POLL = 0.05  # seconds between two looks at whether the player continued
# At instant speed a bot's turn is drawn only when it is slow: its "thinking" mark after
# this long, and the table once the bots stop (a redraw per bot move was most of a Wray
# table's boot on MicroPython, for positions nobody could see).
QUIET_MARK_AFTER = 0.15


def think_limit(value: Any) -> float:
    """Seconds a bot may think: `value` (the page's `window.pygameThinkLimit`) when it is a
    number ≥ 0, else MAX_THINK.

    A test hook (docs/test-hooks.md): Infinity makes every bot move the whole search, so it
    is the same as CPython's on a loaded machine; 0 cuts every search short.
    """
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0:
        return float(value)
    return MAX_THINK


INFINITE = 1e300  # a limit at least this large is no limit (the test hook's Infinity)


def _no_entry(*_names: str) -> None:
    """The default performance hook: record nothing."""


class IllegalBotMove(RuntimeError):
    """A bot chose a move the engine refuses: a bug to show, never a move to skip."""


class BotRunner:
    """Runs the bots' decisions for the page, one game at a time.

    `speed` (a key of SPEEDS) is how long a bot's turn lasts at least, so the player can
    follow it. `stop()` is called when the game is left: a decision in progress ends
    without a move.
    """

    def __init__(
        self,
        sleep: Callable[[float], Awaitable[Any]],
        clock: Callable[[], float],
        limit: Callable[[], float] = lambda: MAX_THINK,
        mark: Callable[[str], Any] = _no_entry,
        measure: Callable[[str, str], Any] = _no_entry,
        ask: Ask | None = None,
        quick: Callable[[], bool] = lambda: False,
    ) -> None:
        self.sleep = sleep
        self.clock = clock
        self.limit = limit  # read at each decision: the page may change it at any time
        self.mark = mark  # performance marks: bot-think-start, bot-think-capped
        self.measure = measure  # performance measures: bot-think
        # The bots' worker: a request (Session.bot_request) and whether it is still wanted
        # to its answer ({"action", "capped", "reason"}; "action" None once no longer
        # wanted), or None when it cannot answer (not ready, failed).
        self.ask = ask
        # True while the worker is expected but not ready: a search level's bots and the
        # hint then play the game's rules of thumb at once (measured: MicroPython's
        # search, 0.9 s a move, kept the first table waiting 3-10 s).
        self.quick = quick
        self.speed = "normal"
        self.generation = 0  # bumps when the game is left, so stale decisions stop
        self.marking: object | None = None  # the bot turn whose "thinking" mark may come
        self.mark_task: Any = None

    def stop(self) -> None:
        """The game was left: every decision in progress ends without a move."""
        self.generation += 1

    async def bot_move(self, session: Session, seat: int) -> Action | None:
        """The move of the bot in `seat`, thought in slices; None if the game was left.

        A move is only ever returned for the table it was decided on: when the human moved
        meanwhile (a simultaneous choice, e.g. Trick of Trip's split), while the bot thought
        or during the pause that paces its turn, the bot decides again on the table as it
        now is (the worker drops the stale question at once; "bot-think" is measured from
        the new one). The caller plays the move with no await in between, so it is the one
        a replay asks for at that point (`Session.bot_move`: seeded by game seed, seat and
        move number): a function of the seed and the moves before it, whenever the human
        clicks and however many slices the search took. The turn lasts at least
        SPEEDS[speed] seconds. A move the engine would refuse raises IllegalBotMove.
        """
        generation = self.generation
        await self.sleep(0)  # the caller's redraw and the first slice: two tasks, not one
        if generation != self.generation:
            return None
        began = self.clock()
        self.mark("bot-think-start")
        while True:
            moves = len(session.history)
            action = await self._decide(session, seat, generation)
            if generation != self.generation:
                return None
            if action is not None and len(session.history) == moves:
                # A bot's whole decision, for tests/benchmarks/bench_bots_browser.py.
                self.measure("bot-think", "bot-think-start")
                pause = SPEEDS[self.speed] - (self.clock() - began)
                if pause > 0:
                    await self.sleep(pause)
                if generation != self.generation:
                    return None
                if len(session.history) == moves:
                    break  # decided on the table as it is: no await until it is played
            self.mark("bot-think-start")  # the table changed under the decision: again
        problem = session.illegal_reason(seat, action)
        if problem is not None:
            name = session.names[seat]
            raise IllegalBotMove(f"{name} chose a move that is not allowed ({problem})")
        return action

    async def _decide(self, session: Session, seat: int, generation: int) -> Action | None:
        """One decision of the bot in `seat` about the table as it is now: the worker's
        answer, else thought here in slices. None when the game was left or the worker's
        question went stale (the table changed under it)."""
        answer = await self._ask(session.bot_request(seat), generation, session)
        if generation != self.generation:
            return None
        if answer is not None:
            action: Action | None = answer["action"]
            return action
        turn = session.start_bot(seat, self.clock, self.quick())
        if not await self._think(turn, generation):
            return None
        return turn.action

    async def play(
        self,
        session: Session,
        changed: Callable[[int | None], Any],
        prepare: Callable[[], Any] = _no_entry,
    ) -> None:
        """Let the bots move, one after another, until it is the human's turn, the game is
        over, or it is left. `changed(seat)` as a bot starts to think, `changed(None)` once
        it has moved (the page draws, and saves); at instant speed, `changed(seat)` only for
        a bot still thinking after QUIET_MARK_AFTER, and `changed(None)` once the bots stop
        (the save is the seed and every move, so nothing is lost by saving once).
        `prepare()` comes before each `changed(None)`, in the task of the bot's move: what
        the drawing can do ahead (`GameTable.prepare`), the drawing in the next task. A
        bot's illegal move stops them all:
        IllegalBotMove, never a skipped move that would be asked for again and again."""
        generation = self.generation
        while generation == self.generation and (seat := session.next_bot()) is not None:
            if not await self._pause(session, changed, generation):
                return
            quiet = self.speed == "instant"
            if quiet:
                self._mark_if_slow(seat, changed, generation)
            else:
                changed(seat)
            action = await self.bot_move(session, seat)
            self.marking = None  # a pending "thinking" mark is for a turn that is over
            if action is None:
                return  # the game was left
            session.act(seat, action)
            if not quiet or session.next_bot() is None:
                prepare()
                await self.sleep(0)  # the decision and the drawing: two tasks, not one long one
                if generation != self.generation:
                    return  # left: a resumed game asks the bot again (seeded: the same move)
                changed(None)  # drawn and saved; at instant speed once the bots stop
            await self.sleep(0)
        self.marking = None

    def _mark_if_slow(
        self, seat: int, changed: Callable[[int | None], Any], generation: int
    ) -> None:
        """`changed(seat)` once the bot in `seat` has thought QUIET_MARK_AFTER seconds, if
        it still thinks then (instant speed)."""
        token = object()
        self.marking = token

        async def mark() -> None:
            await self.sleep(QUIET_MARK_AFTER)
            if self.marking is token and generation == self.generation:
                changed(seat)

        self.mark_task = asyncio.create_task(mark())  # kept: a task nobody holds may be lost

    async def _pause(
        self, session: Session, changed: Callable[[int | None], Any], generation: int
    ) -> bool:
        """After a move that ended a trick or a hand, let the table be read before a bot
        moves: a while (TRICK_PAUSE), or until the player continues (the page draws a
        Continue button while `session.awaiting_continue`). False if the game was left."""
        ended, session.ended = session.ended, None
        if ended is None or self.speed == "instant":
            return True
        pause = TRICK_PAUSE[self.speed] if ended == "trick" else None
        if pause is not None:
            await self.sleep(pause)
            return generation == self.generation
        session.awaiting_continue = True
        changed(None)
        while session.awaiting_continue and generation == self.generation:
            await self.sleep(CONTINUE_POLL)
        return generation == self.generation

    async def hint(
        self, session: Session, level: str = "normal", whole: bool = False
    ) -> tuple[dict[str, Any], str] | None:
        """The move a Normal bot (or one of `level`) would make in the human's seat, and
        why (plain words). `whole`: its whole search, never cut short by the time limit, so
        the answer is the same on any machine (an embedded puzzle's: its readers compare).

        None when the human has no move (or no longer has one), or when the game was left.
        When bots moved meanwhile, it is thought again for the table as it is now.
        """
        generation = self.generation
        while generation == self.generation and session.human_legal():
            moves = len(session.history)
            limit = INFINITE if whole else self.limit()
            answer = await self._ask(session.hint_request(level), generation, session, limit)
            if answer is not None:
                found = answer["action"], str(answer.get("reason") or "")
            else:
                turn = session.start_hint(self.clock, self.quick(), level)
                if turn is None or not await self._think(turn, generation, limit):
                    return None
                assert turn.action is not None  # decided
                found = turn.action, session.hint_reason(turn)
            if generation != self.generation:
                return None
            if len(session.history) == moves:
                return found
            # Bots moved meanwhile (the worker answers them first): think again about
            # the table as it is now, while the human still has a move.
        return None

    async def _ask(
        self,
        request: dict[str, Any] | None,
        generation: int,
        session: Session,
        limit: float | None = None,
    ) -> dict[str, Any] | None:
        """The worker's answer to `request` about `session`'s table as it is now (no longer
        wanted once a move changes it, or the game is left), thought for `limit` seconds at
        most (None: the page's limit); None when there is none to ask (Easy, no worker, not
        ready, failed) or the game was left meanwhile."""
        if request is None or self.ask is None:
            return None
        limit = self.limit() if limit is None else limit
        request["limit"] = limit if limit < INFINITE else None  # JSON has no Infinity
        moves = len(session.history)
        answer = await self.ask(
            request, lambda: len(session.history) == moves and generation == self.generation
        )
        if answer is None or generation != self.generation:
            return None
        if answer.get("capped"):
            self.mark("bot-think-capped")
        return answer

    async def _think(self, turn: BotTurn, generation: int, limit: float | None = None) -> bool:
        """Let a bot think in short slices, yielding to the page between them.

        False if the game was left meanwhile. A slow device stops the search at the time
        limit and takes the best move found so far (marked `bot-think-capped`).
        """
        limit = self.limit() if limit is None else limit
        while not turn.step(THINK_SLICE, None if limit >= INFINITE else limit):
            await self.sleep(0)
            if generation != self.generation:
                return False
        if turn.capped:
            self.mark("bot-think-capped")  # counted by the browser benchmark
        return generation == self.generation
