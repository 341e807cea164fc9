"""The coach in the browser (issue 39): time to the first verdict and to the whole analysis
of one finished hand, on a desktop and on an emulated phone; prints numbers, asserts nothing.

For a Wray hand and a Trick of Trip round (seeded games of Easy bots played in CPython to
the end of their first hand, resumed in headless Chromium at a Hard table so the bots'
worker is up, as it is once a Normal or Hard game has started), it clicks How did I play?
at the table and prints: the decisions weighed, seconds from the click to the first
verdict and to the last, and the main thread's longest task meanwhile (a `longtask`
PerformanceObserver; the budget is 50 ms). The coach's real budget (4x Hard's playouts,
48 worlds) unless `--budget` / `--worlds` are given (the test hooks).

Usage: python tests/benchmarks/bench_coach.py [--cpu-slowdown 1,4] [--seed 11]
       [--budget N --worlds N] [--site DIR]        (needs a built _site/)
`--cpu-slowdown` uses Chromium's CPU throttling (over CDP) to imitate a slower phone.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import (  # noqa: E402
    DESKTOP,
    PHONE,
    WATCH_LONG_TASKS,
    random_game,
    start_server,
    system_chromium,
)

from ui.saves import save_key  # noqa: E402

HANDS = [("magic-trick-wray", 4), ("trick-of-trip", 3)]
PANEL = "#screen section.coach"


def first_hand_save(game_id: str, players: int, seed: int) -> dict:
    """A save one move past the end of the game's first hand (Easy bots, random moves)."""
    session = random_game(game_id, players, seed)
    end = session.move_ends.index("hand") + 1
    save = session.to_save()
    save["history"] = session.history[: end + 1]
    save["level"] = "hard"
    return save


def measure(page: Page, base: str, game_id: str, players: int, seed: int) -> dict:
    save = first_hand_save(game_id, players, seed)
    page.goto(base)
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [save_key(game_id), json.dumps(save)])
    page.evaluate("localStorage.setItem('pygame-table.settings', '{\"speed\": \"instant\"}')")
    page.goto(base)
    page.wait_for_selector("body[data-app-state=ready]", timeout=120_000)
    page.click(f"#resume [data-ui=resume][data-value={game_id}]")
    page.wait_for_function("document.body.dataset.bots === 'ready'", timeout=300_000)
    page.evaluate(WATCH_LONG_TASKS)
    page.evaluate("performance.clearMeasures('render')")
    page.click("#screen [data-ui=coach-open][data-value=hand]")
    began = time.perf_counter()
    first = None
    while True:
        state = page.evaluate(
            f"() => {{ const p = document.querySelector('{PANEL}');"
            " return p && [p.dataset.coach, p.dataset.done, p.dataset.total]; }"
        )
        if state and first is None and int(state[1] or 0) >= 1:
            first = time.perf_counter() - began
        if state and state[0] in ("done", "stopped"):
            break
        if time.perf_counter() - began > 1800:
            break
        time.sleep(0.05)
    whole = time.perf_counter() - began
    long_tasks = page.evaluate("window.__longTasks")
    renders = page.evaluate("performance.getEntriesByName('render').map((e) => e.duration)")
    problem = page.locator(f"{PANEL} .coach-problem").all_inner_texts()
    return {
        "decisions": state[2] if state else "?",
        "first": first,
        "whole": whole,
        "longest": max(long_tasks, default=0.0),
        "long": len(long_tasks),
        "render": max(renders, default=0.0),
        "state": state[0] if state else "none",
        "problem": " ".join(problem),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu-slowdown", default="1,4", help="rates, e.g. 1,4")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--budget", type=int, help="playouts per decision (test hook)")
    parser.add_argument("--worlds", type=int, help="worlds per decision (test hook)")
    parser.add_argument("--site", default=str(ROOT / "_site"), help="a built site to serve")
    args = parser.parse_args()
    hooks = ""
    if args.budget:
        hooks += f"window.pygameCoachBudget = {args.budget};"
    if args.worlds:
        hooks += f"window.pygameCoachWorlds = {args.worlds};"
    server, base = start_server(Path(args.site))
    print(f"coach: {args.site}, seed {args.seed}, budget {args.budget or 'the coach'}'s")
    print(
        f"{'hand':<18} {'CPU':>4} {'decisions':>9} {'first s':>8} {'whole s':>8}"
        f" {'long tasks':>10} {'longest ms':>10} {'slowest redraw ms':>17}"
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=system_chromium(), args=["--no-sandbox", "--disable-gpu"]
        )
        for rate in [float(r) for r in args.cpu_slowdown.split(",")]:
            for game_id, players in HANDS:
                context = browser.new_context(viewport=PHONE if rate > 1 else DESKTOP)
                if hooks:
                    context.add_init_script(hooks)
                page = context.new_page()
                if rate > 1:
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
                found = measure(page, base, game_id, players, args.seed)
                context.close()
                first = "-" if found["first"] is None else f"{found['first']:.1f}"
                print(
                    f"{game_id:<18} x{rate:<3g} {found['decisions']:>9} {first:>8}"
                    f" {found['whole']:>8.1f} {found['long']:>10} {found['longest']:>10.0f}"
                    f" {found['render']:>17.0f}"
                    + (
                        f"  ({found['state']}: {found['problem']})"
                        if found["state"] != "done"
                        else ""
                    )
                )
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
