"""Which engine answers the bots (ui/runtime/worker_client.py `WorkerClient.ask`), in CPython
with fakes for the page and the two workers: Pyodide's once ready; the quick engine
(MicroPython in a worker) while it loads, for a request with a time limit only; a quick
engine that fails is dropped, and leaves Pyodide's worker alone."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from async_run import run

import ui.runtime.worker_client as client
from ui.runtime.worker_client import NOTES, WorkerClient


class Attributes:
    def __init__(self) -> None:
        self.values: dict[str, str] = {}

    def setAttribute(self, name: str, value: str) -> None:  # the DOM's name
        self.values[name] = value


class Page:
    """The parts of `window` and `document` the client touches."""

    def __init__(self) -> None:
        self.body = Attributes()
        self.marks: list[str] = []
        self.warnings: list[str] = []
        self.performance = self
        self.console = self

    def mark(self, name: str) -> None:
        self.marks.append(name)

    def warn(self, text: str) -> None:
        self.warnings.append(text)

    def info(self, text: str) -> None:
        pass


class FakeEngine:
    """A worker that answers `decide_json` with `answer` (or raises it), and records what
    it was asked."""

    def __init__(self, name: str, answer: Any = None) -> None:
        self.name, self.answer = name, answer
        self.asked: list[dict[str, Any]] = []
        self.status = "ready"
        self.dropped = False

    async def decide_json(self, text: str) -> str:
        request = json.loads(text)
        self.asked.append(request)
        if self.answer is not None:
            return json.dumps(self.answer)
        return json.dumps({"ok": {"action": {"by": self.name}, "capped": False}})

    async def coach_json(self, text: str) -> str:
        self.asked.append(json.loads(text))
        return json.dumps({"ok": {"total": 0, "verdict": None}})

    def cancel(self, key: int) -> None:
        pass

    def drop(self) -> None:
        self.dropped = True
        self.status = "failed"


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Page:
    fake = Page()
    monkeypatch.setattr(client, "document", fake)
    monkeypatch.setattr(client, "window", fake)
    return fake


def loading_with_quick(quick: FakeEngine) -> WorkerClient:
    """A client whose Pyodide worker loads, and whose quick engine is `quick`."""
    worker = WorkerClient()
    worker.status = "loading"
    worker.quick_worker = quick  # type: ignore[assignment]
    return worker


def test_while_the_worker_loads_the_quick_engine_answers_a_request_with_a_limit(
    page: Page,
) -> None:
    quick = FakeEngine("quick")
    worker = loading_with_quick(quick)
    assert not worker.quick()  # no rules of thumb: the quick engine thinks
    assert worker.note("hard") == NOTES["quick"]
    answer = run(worker.ask({"game": "g", "limit": 0.9}))
    assert answer == {"action": {"by": "quick"}, "capped": False}
    assert quick.asked[0]["limit"] == 0.9


def test_before_the_quick_engine_is_ready_the_bots_play_their_rules_of_thumb(
    page: Page,
) -> None:
    quick = FakeEngine("quick")
    quick.status = "loading"
    worker = loading_with_quick(quick)
    assert worker.quick()
    assert worker.note("normal") == NOTES["loading"]
    assert run(worker.ask({"game": "g", "limit": 0.9})) is None
    assert not quick.asked


def test_once_the_worker_is_ready_it_answers_and_not_the_quick_engine(page: Page) -> None:
    quick, pyodide = FakeEngine("quick"), FakeEngine("pyodide")
    worker = loading_with_quick(quick)
    worker.status, worker.worker = "ready", pyodide
    answer = run(worker.ask({"game": "g", "limit": 0.9}))
    assert answer is not None and answer["action"] == {"by": "pyodide"}
    assert not quick.asked
    assert worker.note("hard") is None


def test_the_coach_never_asks_the_quick_engine(page: Page) -> None:
    quick = FakeEngine("quick")
    worker = loading_with_quick(quick)
    worker.status = "failed"  # nothing to wait for: the coach's answer is None at once
    assert run(worker.ask({"game": "g", "limit": 5.0}, method="coach_json")) is None
    assert not quick.asked


def test_a_quick_engine_that_fails_is_dropped_and_the_worker_still_loads(page: Page) -> None:
    quick = FakeEngine("quick", answer={"error": "RuntimeError: broken"})
    worker = loading_with_quick(quick)
    assert run(worker.ask({"game": "g", "limit": 0.9})) is None
    assert quick.dropped
    assert worker.status == "loading"  # Pyodide's worker is not given up
    assert worker.quick()  # rules of thumb again until it is ready
    assert any("quick engine dropped" in text for text in page.warnings)


@pytest.mark.parametrize(
    "limit_set, quick, started",
    [(True, True, True), (False, True, False), (True, False, False)],
    ids=["a-limit", "no-limit", "the-coach-or-a-puzzle"],
)
def test_the_quick_engine_starts_with_the_worker_where_it_will_be_asked(
    page: Page, limit_set: bool, quick: bool, started: bool
) -> None:
    """With Pyodide's worker, unless the page sets no time limit (the test hook's
    Infinity) or the caller waits for Pyodide's whole search anyway (`quick=False`)."""
    page.createElement = lambda tag: Attributes()  # type: ignore[attr-defined]
    page.body.append = lambda node: None  # type: ignore[attr-defined]
    worker = WorkerClient(quick_wanted=lambda: limit_set)
    calls: list[bool] = []
    worker.start_quick = lambda: calls.append(True)  # type: ignore[method-assign]

    async def watch() -> None:  # Pyodide's boot is not watched here
        pass

    worker._watch = watch  # type: ignore[method-assign]

    async def start() -> None:
        worker.start(quick=quick)
        await asyncio.sleep(0)

    run(start())
    assert worker.status == "loading"
    assert calls == ([True] if started else [])


def test_if_the_worker_fails_the_quick_engine_answers_for_good(page: Page) -> None:
    quick = FakeEngine("quick")
    worker = loading_with_quick(quick)
    worker.status = "failed"
    assert not worker.quick()
    assert worker.note("hard") == NOTES["failed"]
    answer = run(worker.ask({"game": "g", "limit": 0.9}))
    assert answer is not None and answer["action"] == {"by": "quick"}


def test_where_there_is_no_worker_the_quick_engine_takes_every_request(page: Page) -> None:
    """No PyScript, so no Pyodide (a frame without storage): a request with no time limit
    (a puzzle's whole search) goes to the quick engine too, MicroPython as the page."""
    quick = FakeEngine("quick")
    worker = WorkerClient(usable=False)
    worker.quick_worker = quick  # type: ignore[assignment]
    answer = run(worker.ask({"game": "g", "limit": None}))
    assert answer is not None and answer["action"] == {"by": "quick"}
    assert worker.note("hard") is None  # such a frame shows no engine note


def test_with_a_worker_coming_a_request_with_no_limit_waits_for_it(page: Page) -> None:
    """Under the test hook's Infinity the quick engine is never asked (its floats may
    differ from CPython's): the request waits while the worker loads."""
    quick = FakeEngine("quick")
    worker = loading_with_quick(quick)

    async def worker_fails_later() -> dict[str, Any] | None:
        asking = asyncio.create_task(worker.ask({"game": "g", "limit": None}))
        await asyncio.sleep(0.05)
        assert not asking.done()
        worker.status = "failed"
        return await asking

    assert run(worker_fails_later()) is None
    assert not quick.asked
