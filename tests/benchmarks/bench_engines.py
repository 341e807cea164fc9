"""The three browser engines side by side (docs/engines.md): prints figures, asserts nothing.

In one run, for Chromium (Playwright), Firefox ESR (puppeteer-core over WebDriver BiDi) and
WebKitGTK (WebKitWebDriver and its MiniBrowser under Xvfb), each load in a fresh browsing
context (no cache, no service worker; WebKit: a new MiniBrowser), the engines taking turns
within each round so that the load of a shared machine falls on all of them alike:
- lobby ready: from navigation to `body[data-app-state=ready]` on the lobby;
- link -> move: from navigation to a move clickable on a link's table
  (`?game=magic-trick-baker&players=2&seed=1&level=normal&speed=instant`): a visible, enabled
  `#screen [data-action]` while `.table-screen:not([data-waiting])`, first seen in a frame;
- worker ready: on that table (level Normal), from navigation to the performance mark
  `bots-worker-ready`, and from `bots-worker-start` to it (docs/test-hooks.md).
The moments are taken in the page (performance.now()), by the engines' probe that the test
server puts at the head of static/js/host.js (tests/engines/probe.js), so no driver's
round trips are in them. Median (and range) of `runs` rounds, 5 by default.

Usage: python tests/benchmarks/bench_engines.py [runs] [engine...]   (needs a built _site/)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))
from engines.drivers import Driver, EngineMissing, launch  # noqa: E402
from engines.server import serve  # noqa: E402

ENGINES = ("chromium", "firefox", "webkit")
LINK = "?game=magic-trick-baker&players=2&seed=1&level=normal&speed=instant"
TIMEOUT = 120.0  # s: a guard, not a figure
WORKER_MARKS = """() => {
    const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
    return [mark('bots-worker-start'), mark('bots-worker-ready'), document.body.dataset.bots];
}"""


def poll(driver: Driver, script: str) -> Any:
    """The first true value of `script` in the page, polled (the moment is the page's own)."""
    end = time.monotonic() + TIMEOUT
    while time.monotonic() < end:
        value = driver.evaluate(script)
        if value:
            return value
        time.sleep(0.05)
    raise TimeoutError(script)


def one_round(driver: Driver, site: str) -> dict[str, float | None]:
    """One cold lobby and one cold link, in fresh contexts: the moments, in ms."""
    driver.open(1280, 860)
    driver.goto(site)
    lobby = poll(driver, "() => window.__engineProbe?.ready")
    driver.open(1280, 860)
    driver.goto(site + LINK)
    move = poll(driver, "() => window.__engineProbe?.clickable")
    poll(driver, "() => ['ready', 'failed'].includes(document.body.dataset.bots)")
    start, ready, bots = driver.evaluate(WORKER_MARKS)
    worked = bots == "ready" and start is not None and ready is not None
    return {
        "lobby": lobby,
        "move": move,
        "worker": ready if worked else None,
        "boot": ready - start if worked else None,
    }


def med(values: list[float | None]) -> str:
    found = [v / 1000 for v in values if v is not None]
    if not found:
        return "n/a"
    missed = len(values) - len(found)
    text = f"{statistics.median(found):.2f} s ({min(found):.2f}-{max(found):.2f})"
    return text + (f" {missed} failed" if missed else "")


def main() -> None:
    args = sys.argv[1:]
    runs = int(args.pop(0)) if args and args[0].isdigit() else 5
    kinds = [kind for kind in ENGINES if not args or kind in args]
    server = serve(SITE)
    drivers: dict[str, Driver] = {}
    for kind in kinds:
        try:
            drivers[kind] = launch(kind)
        except EngineMissing as missing:
            print(f"{kind}: not installed here ({missing}): no figures")
    figures: dict[str, list[dict[str, float | None]]] = {kind: [] for kind in drivers}
    try:
        for round_number in range(runs):
            for kind, driver in drivers.items():
                try:
                    figures[kind].append(one_round(driver, server.url))
                except (TimeoutError, RuntimeError) as failed:
                    print(f"{kind}, round {round_number + 1}: {failed}")
                    figures[kind].append({"lobby": None, "move": None, "worker": None})
    finally:
        for driver in drivers.values():
            driver.close()
        server.stop()
    print(f"\nmedian (range) of {runs} cold loads each, from navigation unless said otherwise")
    header = ("engine", "lobby ready", "link -> move", "worker ready", "worker start -> ready")
    rows = [header]
    for kind, driver in drivers.items():
        found = figures[kind]
        rows.append(
            (
                driver.name,
                med([f["lobby"] for f in found]),
                med([f["move"] for f in found]),
                med([f.get("worker") for f in found]),
                med([f.get("boot") for f in found]),
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for row in rows:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths)))


if __name__ == "__main__":
    main()
