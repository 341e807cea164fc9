"""Bots in the browser, against the app's budgets: prints numbers, asserts nothing.

For each game, at each level asked for, plays a seeded game in headless Chromium
(the human clicking random legal moves, bots at speed "instant") and prints:
- a bot's whole decision once the bots' worker is ready ("bot-think" performance
  measures the app records, including the round trip to the worker):
  median, 90th percentile and worst, against the budget of 1 s at Hard;
- how many decisions the app's time limit (0.9 s) cut short ("bot-think-capped");
- the longest main-thread task after boot (a `longtask` PerformanceObserver),
  against the budget of 100 ms while bots think;
- the slowest redraw of the table ("render" measures), which is one task too;
- the human's clicks (Event Timing): from the click to the next paint, median and worst
  (what web pages call interaction to next paint; no budget of ours, 200 ms is
  "good" on the web), and the click handler's own time, worst.

Usage: python tests/benchmarks/bench_bots_browser.py [--levels hard,normal] [--moves 40]
       [--cpu-slowdown 4] [game-id ...]           (needs a built _site/)
`--cpu-slowdown` uses Chromium's CPU throttling to imitate a slower phone.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import PHONE, play_to_end, start_server, system_chromium  # noqa: E402

import pygame_rules  # noqa: E402

WATCH_LONG_TASKS = """() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: "longtask" });
  window.__clicks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name !== "click") continue;
      window.__clicks.push([e.duration, e.processingEnd - e.processingStart]);
    }
  }).observe({ type: "event", durationThreshold: 16 });
}"""


def durations(page: Page, name: str) -> list[float]:
    """The app's performance measures called `name`, in seconds."""
    return page.evaluate(f"performance.getEntriesByName('{name}').map((e) => e.duration / 1000)")


def bot_times(page: Page) -> list[float]:
    return durations(page, "bot-think")


def measure(
    page: Page, url: str, moves: int
) -> tuple[list[float], list[float], list[float], int, list[list[float]]]:
    """Bot decision times (s), redraw times (s), long tasks (ms), decisions cut short by
    the time limit, and the human's clicks ([to next paint, handler] ms; those of 16 ms
    or less are not recorded), over `moves` decisions."""
    page.goto(url)
    page.wait_for_selector("body[data-app-state=ready]", timeout=120_000)
    # Normal and Hard think in the bots' worker once it is ready (rules of thumb before):
    # measure from then on.
    page.wait_for_function(
        "!['starting', 'loading'].includes(document.body.dataset.bots)", timeout=120_000
    )
    page.evaluate(
        "performance.clearMeasures('bot-think'); performance.clearMarks('bot-think-capped')"
    )
    page.evaluate(WATCH_LONG_TASKS)
    for step in range(2000):
        if len(bot_times(page)) >= moves or page.locator("[data-testid=game-over]").count():
            break
        play_to_end(page, pick_seed=step, max_steps=1, must_end=False)
    capped = page.evaluate("performance.getEntriesByName('bot-think-capped').length")
    long_tasks = page.evaluate("window.__longTasks")
    clicks = page.evaluate("window.__clicks")
    return bot_times(page), durations(page, "render"), long_tasks, capped, clicks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--levels", default="hard,normal")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--cpu-slowdown", type=float, default=1.0)
    args = parser.parse_args()
    games = args.games or [g.id for g in pygame_rules.list_games()]
    server, base = start_server(ROOT / "_site")
    print(
        f"Chromium headless, phone viewport, CPU slowdown x{args.cpu_slowdown:g}, "
        f"about {args.moves} bot decisions per game and level"
    )
    print(
        f"{'game':<18} {'level':<7} {'moves':>5} {'median s':>9} {'p90 s':>7} {'worst s':>8}"
        f" {'capped':>6} {'long tasks':>10} {'longest ms':>10} {'redraw median/worst ms':>22}"
        f" {'click->paint median/worst ms':>28} {'click handler worst ms':>22}"
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=system_chromium(), args=["--no-sandbox", "--disable-gpu"]
        )
        for game in games:
            for level in args.levels.split(","):
                context = browser.new_context(viewport=PHONE)
                page = context.new_page()
                if args.cpu_slowdown > 1:
                    cdp = context.new_cdp_session(page)
                    cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_slowdown})
                url = base + f"?game={game}&seed=3&level={level}&speed=instant"
                times, renders, long_tasks, capped, clicks = measure(page, url, args.moves)
                context.close()
                if not times:
                    print(f"{game:<18} {level:<7} no bot move measured")
                    continue
                times.sort()
                p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
                print(
                    f"{game:<18} {level:<7} {len(times):>5} {statistics.median(times):>9.3f}"
                    f" {p90:>7.3f} {times[-1]:>8.3f} {capped:>6} {len(long_tasks):>10}"
                    f" {max(long_tasks, default=0):>10.0f}"
                    f" {statistics.median(renders) * 1000:>15.0f}/{max(renders) * 1000:<6.0f}"
                    + (
                        f" {statistics.median(c[0] for c in clicks):>21.0f}/"
                        f"{max(c[0] for c in clicks):<6.0f}"
                        f" {max(c[1] for c in clicks):>22.0f}"
                        if clicks
                        else f" {'none over 16 ms':>28}"
                    )
                )
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
