"""A player's taps on an emulated phone (issue 41.4: no main-thread task over 100 ms):
prints numbers, asserts nothing.

Each game at its largest table, Hard bots at fast speed, in headless Chromium with its CPU
slowed over CDP (x4 by default) at 360x740. Pyodide's files are held back (never answered),
as on a phone's first visit before the bots' worker has come: the bots' quick engine
answers (MicroPython in a worker of its own; docs/runtime-split-notes.md). Once it is ready
the script plays `--steps` of the player's steps (seeded random moves, a game's own steps,
Continue) and prints, from a `longtask` PerformanceObserver: how many main-thread tasks took
over 50 ms and over 100 ms, and the five longest. Those are the taps' redraws and the bots'
(a bot's search runs in the worker).

Usage: python tests/benchmarks/bench_taps.py [--site DIR ...] [--runs N] [--steps N]
       [--cpu-slowdown R]        (needs a built _site/)
Several `--site`s (e.g. a baseline's build first) are measured in turns within each run, so
the load of a shared machine falls on all of them alike.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from playwright.sync_api import Browser, Route, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import (  # noqa: E402
    PHONE,
    WATCH_LONG_TASKS,
    start_server,
    system_chromium,
)
from browser.test_glance import SETTLED, steps_of_play  # noqa: E402

import pygame_rules  # noqa: E402


def play(browser: Browser, base: str, game_id: str, players: int, steps: int, rate: float) -> dict:
    """The long tasks of `steps` of the player's steps at a Hard table (see the module)."""
    context = browser.new_context(viewport=PHONE, service_workers="block")
    held: list[Route] = []  # Pyodide's requests, never answered while the taps are played
    context.route("**/static/vendor/pyodide/**", lambda route: held.append(route))
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
    try:
        page.goto(f"{base}?game={game_id}&players={players}&seed=3&level=hard&speed=fast")
        page.wait_for_selector("body[data-quick-bots=ready]", timeout=120_000)
        page.evaluate(WATCH_LONG_TASKS)
        pick = random.Random(1)
        made = 0
        began = time.perf_counter()
        while made < steps and time.perf_counter() - began < 300:
            page.wait_for_selector(SETTLED, timeout=120_000)
            if page.locator("[data-testid=game-over]").count():
                break
            if page.locator("#screen .table-screen[data-waiting=continue]").count():
                page.locator("#screen [data-ui=continue]").click()
            else:
                moves = steps_of_play(page)
                if not moves:
                    page.wait_for_timeout(100)
                    continue
                moves[pick.randrange(len(moves))].click()
            made += 1
            page.wait_for_timeout(150)
        tasks: list[float] = sorted(page.evaluate("window.__longTasks"))
    finally:
        for route in held:
            route.abort()
        context.close()
    return {"steps": made, "tasks": tasks}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", action="append", type=Path, help="a built site (repeatable)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--steps", type=int, default=20, help="the player's steps per game")
    parser.add_argument("--cpu-slowdown", type=float, default=4.0)
    args = parser.parse_args()
    sites = args.site or [ROOT / "_site"]
    servers = [start_server(site) for site in sites]
    games = [(game.id, game.max_players) for game in pygame_rules.list_games()]
    print(f"taps: CPU x{args.cpu_slowdown:g}, {PHONE['width']}x{PHONE['height']}, Hard bots")
    print(f"{'site':<24} {'game':<18} {'steps':>5} {'>50 ms':>6} {'>100 ms':>7}  longest (ms)")
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=system_chromium(), args=["--no-sandbox", "--disable-gpu"]
        )
        for _ in range(args.runs):
            for site, (_, base) in zip(sites, servers, strict=True):
                for game_id, players in games:
                    found = play(browser, base, game_id, players, args.steps, args.cpu_slowdown)
                    tasks = found["tasks"]
                    longest = " ".join(f"{t:.0f}" for t in tasks[-5:])
                    print(
                        f"{str(site)[-24:]:<24} {game_id:<18} {found['steps']:>5}"
                        f" {len(tasks):>6} {sum(t > 100 for t in tasks):>7}  {longest}"
                    )
        browser.close()
    for server, _ in servers:
        server.shutdown()


if __name__ == "__main__":
    main()
