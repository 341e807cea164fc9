"""The page's side of the bots' worker (`ui/play/bot_worker.py`, Pyodide in a PyScript worker).

Started once the first table is drawn, so its download never delays a move. Until it is
ready the bots think on the main thread (MicroPython, in slices, capped in time); once it
is, Normal, Hard and the hint think there. A worker that fails, or does not answer in
time, is dropped for the rest of the visit: the bots go on thinking here. The page shows
which in plain words (`#engine-note`) and marks `body[data-bots]` (test hook): `starting`
(a Normal or Hard table is up; the worker starts once the player can move), `loading`,
`ready` or `failed`.

With it starts the bots' quick engine (`ui/runtime/quick_worker.py`: MicroPython in a worker,
ready in seconds), asked in its place while it loads; `body[data-quick-bots]` (test hook) is
`loading`, `ready`, `failed` or `retired` (the worker took over). Where there is no worker
(no PyScript), the quick engine starts alone and answers for good. A request with no time
limit never goes there (see `ask`), so it is not started for a page that asks none.
"""

from __future__ import annotations

import asyncio
import json

from ui.jsontext import message_json
from ui.runtime.browser import document, window
from ui.runtime.quick_worker import QuickWorker

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

WORKER_SCRIPT = "./static/py/bots.py"
# Pyodide, our sources unpacked from app.tar.gz. No window/document proxy (GitHub Pages sends
# no COOP/COEP headers, so there is no SharedArrayBuffer): the worker only answers calls
# with JSON text. JSON, not TOML: PyScript's TOML parser is never loaded.
WORKER_CONFIG = "./py.json"
# The quick engine's archives beside each game's (the page's bytecode; tasks.py).
PAGE_ARCHIVE = "static/vendor/app-mpy.tar.gz"
QUICK_ARCHIVE = "static/vendor/app-mpy-bots.tar.gz"
PAINT_DELAY = 0.1  # seconds between two looks at whether the player can move
WORKER_DELAY = 3.0  # seconds after the first table by which the worker starts anyway
POLL = 0.02  # seconds between two looks at a pending answer (or whether it is still wanted)
SLACK = 10.0  # seconds an answer may take beyond the bot's time limit
NO_LIMIT_WAIT = 300.0  # seconds to wait when the search has no time limit (a test hook)

# The answer to a question the page no longer asks: no move, decide again.
STALE: dict[str, Any] = {"action": None, "stale": True}
COMING = ("local", "starting", "loading")  # the worker is expected, not ready yet
# In plain words, short: the page's top bar shows them in the place of its title (on a
# phone on its side, of the speed menu's label), so the table never moves for them.
LOADING_NOTE = "Bots play simply until their engine loads."
QUICK_NOTE = "Bots may think less until their engine loads."  # the quick engine answers
NOTES = {
    "local": LOADING_NOTE,
    "starting": LOADING_NOTE,
    "loading": LOADING_NOTE,
    "quick": QUICK_NOTE,
    "failed": "The bots' engine did not load: they think less.",
}


async def until(ready: Callable[[], bool], limit: float) -> None:
    """Return once `ready()` is true, looked at every PAINT_DELAY, or after `limit` seconds."""
    waited = 0.0
    while waited < limit:
        await asyncio.sleep(PAINT_DELAY)
        waited += PAINT_DELAY
        if ready():
            return


class WorkerClient:
    """Starts the worker, tells when it is ready, and asks it for moves."""

    def __init__(
        self,
        changed: Callable[[], None] | None = None,
        usable: bool = True,
        quick_wanted: Callable[[], bool] = lambda: True,
    ) -> None:
        self.status = "local"  # local (not started), starting, loading, ready, failed
        self.usable = usable  # False: no worker here (no PyScript: embed.js's own boot)
        self.worker: Any = None
        self.quick_wanted = quick_wanted  # whether bots think with a time limit here
        self.quick_worker: QuickWorker | None = None
        self.changed = changed or (lambda: None)
        self.tasks: list[Any] = []
        self.asked = 0  # requests sent: each has its number as "id", to cancel it by

    def _set(self, status: str) -> None:
        self.status = status
        document.body.setAttribute("data-bots", status)
        self.changed()

    def expect(self) -> None:
        """A table that needs the worker is up: it starts soon (`body[data-bots=starting]`;
        nothing where there is no worker)."""
        if self.usable and self.status == "local":
            self._set("starting")

    async def start_when(self, can_move: Callable[[], bool]) -> None:
        """Start the worker once the player can move (or WORKER_DELAY after the first
        table), so its download and boot never delay the first move; where there is none
        (no PyScript: embed.js's own boot), the quick engine alone, which takes every
        request there (the page's own search would be MicroPython's too). (Not
        window.setTimeout: on MicroPython, a call to it from Python breaks asyncio's own
        timers with "Illegal invocation".)"""
        await until(can_move, WORKER_DELAY)
        if self.usable:
            self.start()
        elif self.quick_worker is None:
            self.start_quick()

    async def ready_for_whole_search(self) -> None:
        """Start what thinks a whole search (a puzzle's answer): the worker, or where there
        is none the quick engine (MicroPython, as the page: the same answer, off the page's
        thread); return once it is up or has failed."""
        if self.usable:
            self.start(quick=False)
            while self.status in COMING:
                await asyncio.sleep(POLL)
            return
        if self.quick_worker is None:
            self.start_quick()
        while self.quick_worker is not None and self.quick_worker.status == "loading":
            await asyncio.sleep(POLL)

    def start(self, quick: bool = True) -> None:
        """Add the worker's script to the page (once); its boot is watched in a task. With
        `quick`, the quick engine starts too (not for a puzzle's answer: its whole search
        waits for this worker)."""
        if self.status not in ("local", "starting"):
            return
        script = document.createElement("script")
        script.setAttribute("type", "py")
        script.setAttribute("worker", "")
        script.setAttribute("name", "bots")
        script.setAttribute("config", WORKER_CONFIG)
        script.setAttribute("src", WORKER_SCRIPT)
        document.body.append(script)
        window.performance.mark("bots-worker-start")
        self._set("loading")
        self.tasks.append(asyncio.create_task(self._watch()))
        if quick and self.quick_wanted():
            self.start_quick()

    def start_quick(self) -> None:
        """Start the quick engine with the page's archives: its own, and every game's. If it
        cannot start, the bots go on as if there were none."""
        try:
            games = json.loads(str(window.JSON.stringify(window.gameFiles)))
            archives = [PAGE_ARCHIVE, QUICK_ARCHIVE] + [
                games[game]["archive"] for game in sorted(games)
            ]
            self.quick_worker = QuickWorker(archives, self._quick_changed)
        except Exception as exc:
            window.console.warn(f"bots' quick engine not started: {exc}")
            return
        window.performance.mark("bots-quick-start")
        self._quick_changed("loading")

    def _quick_changed(self, status: str) -> None:
        document.body.setAttribute("data-quick-bots", status)
        if status == "ready":
            window.performance.mark("bots-quick-ready")
        self.changed()

    def quick_ready(self) -> bool:
        """Whether the quick engine answers in the worker's place now (it loads, or failed:
        the quick engine then answers for good)."""
        quick = self.quick_worker
        return self.status != "ready" and quick is not None and quick.status == "ready"

    async def _watch(self) -> None:
        from pyscript import workers

        try:
            worker = await workers["bots"]
            about = await worker.ready()
        except Exception as exc:  # a rejected promise: the worker could not boot
            window.console.warn(f"bots' worker failed: {exc}")
            self._set("failed")
            return
        self.worker = worker
        window.performance.mark("bots-worker-ready")
        window.console.info(f"bots' worker ready: {about}")
        self._set("ready")
        if self.quick_worker is not None:
            self.tasks.append(asyncio.create_task(self.quick_worker.retire()))
        cache_later = getattr(window, "cacheLater", None)  # static/js/boot.js: offline copy
        if cache_later is not None and str(cache_later) != "undefined":
            cache_later()

    def note(self, level: str) -> str | None:
        """A line for the table when its bots (at `level`) do not use the worker now."""
        if level == "easy" or not self.usable:
            return None
        coming = self.status in COMING and self.quick_ready()
        return NOTES["quick"] if coming else NOTES.get(self.status)

    def quick(self) -> bool:
        """Whether bots should play their rules of thumb now: the worker is coming (not
        started or loading) and the quick engine is not ready either; a failed or absent
        worker leaves the search to the page."""
        return self.usable and self.status in COMING and not self.quick_ready()

    async def ask(
        self,
        request: dict[str, Any],
        wanted: Callable[[], bool] = lambda: True,
        method: str = "decide_json",
    ) -> dict[str, Any] | None:
        """The worker's answer to a bot or hint request; None when it is not ready, fails
        or is too slow (then it is dropped, and the bots think on the page). Once `wanted()`
        turns False (the table changed under the question), the worker is told to drop it
        and the answer is STALE, at once. `method`: the worker's function asked
        (`coach_json`: the coach's; its failure is the coach's, and leaves the bots theirs).

        A request with no time limit (the test hook `pygameThinkLimit = Infinity`: every
        move the whole search, CPython's move) waits for a loading worker: MicroPython's
        search is not bit for bit CPython's (its floats differ in the last bit)); not for
        a worker never asked to start (an Easy table's hint: it would wait for ever).
        A request with a limit goes to the quick engine while the worker loads or if it
        failed (the bots' and the hint's, not the coach's); where there is no worker, every
        request does."""
        limit = request.get("limit")
        while limit is None and self.usable and self.status in ("starting", "loading"):
            await asyncio.sleep(POLL)
        quick_may = limit is not None or not self.usable  # (no Pyodide: MicroPython's anyway)
        if self.status == "ready":
            worker = self.worker
        elif quick_may and method == "decide_json" and self.quick_ready():
            worker = self.quick_worker
        else:
            return None
        wait = NO_LIMIT_WAIT if limit is None else float(limit) + SLACK
        self.asked += 1
        request["id"] = key = self.asked
        pending: list[Any] = []

        async def call() -> None:
            try:
                pending.append(await getattr(worker, method)(message_json(request)))
            except Exception as exc:
                pending.append(exc)

        task = asyncio.create_task(call())
        self.tasks = [t for t in self.tasks if not t.done()] + [task]
        waited = 0.0
        while not pending and waited < wait:
            await asyncio.sleep(POLL)
            waited += POLL
            if not pending and not wanted():
                worker.cancel(key)  # its search stops at its next slice
                return STALE
        answer = json.loads(str(pending[0])) if pending and isinstance(pending[0], str) else {}
        if "ok" not in answer:
            problem = answer.get("error") or (pending[0] if pending else "no answer in time")
            if method != "decide_json":
                window.console.warn(f"bots' worker, {method}: {problem}")
                return None
            if worker is self.quick_worker:
                window.console.warn(f"bots' quick engine dropped: {problem}")
                worker.drop()
                return None
            window.console.warn(f"bots' worker dropped: {problem}")
            self._set("failed")
            return None
        return answer["ok"]
