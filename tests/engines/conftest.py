"""The engines' smoke: fixtures and page helpers. Each test runs once per engine
(Firefox, WebKit; drivers.py), all of an engine's tests on one test process
(xdist_group), which keeps one browser of each engine for the run. An engine that is not
installed fails its tests (with what to install), and the run's summary says so
(summary.py)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from next_click import ACTIONS, STEPS, STEPS_JS, next_click

from ui.app import page_steps

from .drivers import Driver, EngineMissing, launch
from .server import Server, serve

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
ENGINES = ("firefox", "webkit")
DESKTOP = (1280, 860)
BOOT_TIMEOUT = 90.0  # s, as the browser suite's (a loaded machine boots slowly)
WORKER_TIMEOUT = 120.0  # s: Pyodide in WebKit took 4-8 s here, alone


class Engines:
    """One browser per engine for this test process, started when first asked."""

    def __init__(self) -> None:
        self.started: dict[str, Driver] = {}
        self.failed: dict[str, str] = {}

    def get(self, kind: str) -> Driver:
        if kind in self.failed:
            pytest.fail(self.failed[kind], pytrace=False)
        if kind not in self.started:
            try:
                self.started[kind] = launch(kind)
            except EngineMissing as missing:
                self.failed[kind] = f"{kind}: not installed here: {missing}"
                pytest.fail(self.failed[kind], pytrace=False)
        return self.started[kind]

    def close(self) -> None:
        for driver in self.started.values():
            driver.close()


@pytest.fixture(scope="session")
def engines() -> Iterator[Engines]:
    keeper = Engines()
    yield keeper
    keeper.close()


@pytest.fixture(scope="session")
def engine_site() -> Iterator[str]:
    """The built site with the probe (server.py), served for the whole run."""
    if not (SITE / "index.html").exists():
        import tasks

        tasks.build()
    server = serve(SITE)
    yield server.url
    server.stop()


@pytest.fixture
def fresh_site() -> Iterator[Server]:
    """The built site on a server of the test's own (one it may stop)."""
    server = serve(SITE)
    yield server
    server.stop()


@pytest.fixture
def other_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A folder served as another site (`localhost`; the app is on 127.0.0.1)."""
    server = serve(tmp_path, "localhost", probe=False)
    yield tmp_path, server.url
    server.stop()


@pytest.fixture(
    params=[pytest.param(kind, marks=pytest.mark.xdist_group(kind)) for kind in ENGINES]
)
def engine(
    request: pytest.FixtureRequest, engines: Engines, record_property: Any
) -> Iterator[Driver]:
    """The engine, with a fresh browsing context at a desktop's size."""
    record_property("engine_kind", request.param)
    driver = engines.get(request.param)
    record_property("engine", driver.name)
    driver.open(*DESKTOP)
    yield driver


def wait_for(driver: Driver, script: str, *args: Any, timeout: float = 20.0) -> Any:
    """Poll the function `script` in the current frame until it returns a true value;
    that value. Fails after `timeout` seconds (a guard: nothing is timed)."""
    end = time.monotonic() + timeout
    while True:
        value = driver.evaluate(script, *args)
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"waited {timeout:.0f} s in vain for: {script}")
        time.sleep(0.1)


def wait_ready(driver: Driver, timeout: float = BOOT_TIMEOUT) -> None:
    """Wait for body[data-app-state=ready]; fail at once on the state "error"."""
    state = wait_for(
        driver,
        "() => ['ready', 'error'].includes(document.body?.dataset.appState)"
        " && document.body.dataset.appState",
        timeout=timeout,
    )
    if state != "ready":
        note = driver.evaluate("() => document.querySelector('#loading-text')?.textContent")
        raise AssertionError(f"the app did not start: {note}")


# In the current frame: what went wrong in it (the probe's notes, requests that left the
# site's origin, PyScript's error boxes).
PROBLEMS_JS = """() => {
    const probe = window.__engineProbe;
    const found = probe ? [...probe.problems] : ["no probe: this page did not load host.js"];
    for (const entry of performance.getEntriesByType("resource")) {
        const url = entry.name;
        if (!url.startsWith(location.origin) && !/^(data|blob):/.test(url))
            found.push("request left the origin: " + url);
    }
    const boxes = document.querySelectorAll(".py-error").length;
    if (boxes) found.push(boxes + " .py-error element(s)");
    return found;
}"""


def problems(driver: Driver) -> list[str]:
    """The current frame's problems (PROBLEMS_JS) and the console errors and page errors
    the driver heard (Firefox's; WebKit's WebDriver hears none)."""
    return [*driver.evaluate(PROBLEMS_JS), *driver.heard()]


def assert_clean(driver: Driver) -> None:
    found = problems(driver)
    assert not found, "\n".join(found)


# In the current frame: the screen's state for the next click (next_click.py).
TURN_JS = f"""() => ({{
    over: !!document.querySelector("[data-testid=game-over]"),
    actions: document.querySelectorAll({ACTIONS!r}).length,
    steps: ({STEPS_JS})([...document.querySelectorAll({STEPS!r})]),
}})"""


def clickable(driver: Driver) -> int:
    """How many controls of the human's turn are drawn: legal moves (`data-action`), or
    else the game's own steps towards one (e.g. Trick of Trip's split)."""
    turn = driver.evaluate(TURN_JS)
    return turn["actions"] or len([s for s in turn["steps"] if s[0] not in page_steps()])


def play(driver: Driver, moves: int | None, seed: int = 0, max_steps: int = 3000) -> int:
    """Play as the human by clicking what `next_click` picks, until `moves` moves (clicks
    of `data-action` controls) are made, or, with None, until the game is over. Returns the
    moves made; fails if neither happened within `max_steps` clicks and short waits."""
    pick = random.Random(seed)
    made = 0
    for _ in range(max_steps):
        turn = driver.evaluate(TURN_JS)
        if turn["over"] or (moves is not None and made >= moves):
            return made
        click = next_click(turn["actions"], turn["steps"], page_steps(), pick)
        if click is None:
            time.sleep(0.03)
            continue
        driver.click(*click)
        made += bool(turn["actions"])
    raise AssertionError(f"{made} moves made, and the game went no further")


# In the current frame: how far the page is wider than its viewport (0: no sideways scroll).
OVERFLOW_JS = """() => {
    const root = document.documentElement;
    return Math.max(0, root.scrollWidth - root.clientWidth);
}"""
