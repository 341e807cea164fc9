"""The page's side of the bots' quick engine (static/js/bots-worker.js): MicroPython in a
worker of its own, asked in the place of the bots' worker (Pyodide) until that one is ready
(for good if it fails, or where there is none).

It runs the page's own runtime and bytecode, already downloaded, so on a phone's first visit
it is ready seconds after the first table, where Pyodide takes half a minute. Its answers
come as the other worker's do (`decide_json`, `cancel`), JSON text both ways.
"""

from __future__ import annotations

import asyncio
import json

from ui.runtime.browser import create_proxy, window

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

SCRIPT = "./static/js/bots-worker.js"
POLL = 0.01  # seconds between two looks at a pending answer


def js_object(value: dict[str, Any]) -> Any:
    """A plain JavaScript object of `value` (a worker's message must be one: MicroPython's
    FFI would pass a dict as a proxy, which the browser cannot copy)."""
    return window.JSON.parse(json.dumps(value))


class QuickWorker:
    """Starts the worker and relays its answers; `status` is loading, ready, failed, or
    retired (the bots' worker took over)."""

    def __init__(self, archives: list[str], changed: Callable[[str], None]) -> None:
        self.status = "loading"
        self.changed = changed  # told each new status
        self.answers: dict[int, str] = {}
        self.pending: set[int] = set()  # requests asked, not answered yet
        self.listeners = [create_proxy(self._message), create_proxy(self._error)]
        self.worker = window.Worker.new(SCRIPT, js_object({"type": "module"}))
        self.worker.addEventListener("message", self.listeners[0])
        self.worker.addEventListener("error", self.listeners[1])
        self.worker.postMessage(js_object({"archives": archives}))

    def _set(self, status: str) -> None:
        self.status = status
        self.changed(status)

    def _message(self, event: Any) -> None:
        data = json.loads(str(window.JSON.stringify(event.data)))
        if "ready" in data:
            window.console.info(f"bots' quick engine ready: {data['ready']}")
            self._set("ready")
        elif "failed" in data:
            window.console.warn(f"bots' quick engine failed: {data['failed']}")
            self.drop()
        elif "id" in data:
            self.answers[int(data["id"])] = data["text"]

    def _error(self, event: Any) -> None:
        """The worker's script could not load or threw: it is dropped."""
        window.console.warn(f"bots' quick engine failed: {getattr(event, 'message', event)}")
        self.drop()

    def drop(self, status: str = "failed") -> None:
        """Stop the worker for the rest of the visit: it failed or was too slow (`status`
        failed), or the bots' worker took over (retired)."""
        if self.status not in ("failed", "retired"):
            self.worker.terminate()
            self._set(status)

    async def retire(self) -> None:
        """Stop the worker once it is up and has answered what it was asked (its memory is
        freed). Never while it loads: each one that starts ends ready, or failed."""
        while self.status == "loading" or (self.pending and self.status == "ready"):
            await asyncio.sleep(POLL)
        self.drop("retired")

    async def decide_json(self, text: str) -> str:
        """ui/play/bot_worker.py `decide_json`'s answer to `text`, thought in the worker."""
        key = int(json.loads(text)["id"])
        self.pending.add(key)
        self.worker.postMessage(js_object({"id": key, "method": "decide_json", "text": text}))
        try:
            while key not in self.answers:
                if self.status != "ready":
                    return json.dumps({"error": "the quick engine stopped"})
                await asyncio.sleep(POLL)
            return self.answers.pop(key)
        finally:
            self.pending.discard(key)

    def cancel(self, key: int) -> None:
        """The page no longer needs request `key`: its search stops at its next slice."""
        self.worker.postMessage(js_object({"cancel": key}))
