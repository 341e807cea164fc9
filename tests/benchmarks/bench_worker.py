"""What a PyScript worker for the bots would cost (docs/bots.md, "Worker or time slices?").

Prints numbers, asserts nothing. Loads three pages in headless Chromium, each in a fresh
browser, and after each has booted reads the memory of all of Chromium's processes
(proportional set size from /proc, so shared pages count once):
- blank: about:blank, the browser alone;
- main: Pyodide on the main thread with the rules and bots imported (what the app does);
- main+worker: the same, plus a PyScript worker that imports them too and plays one
  Hard bot move (what moving the bots into a worker would add).
It also prints when each interpreter was ready (ms after navigation) and how long the
Hard move took in the worker.

Usage: python tests/benchmarks/bench_worker.py [runs]   (Linux only; needs a built _site/)
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
sys.path.insert(0, str(ROOT / "tests"))
from browser.conftest import start_server, system_chromium  # noqa: E402

IMPORTS = """
import time
from js import performance
import pygame_rules
from pygame_rules.bots import SeatView, make_bot
"""

MAIN = """<!doctype html><html><head><meta charset="utf-8"><title>main</title>
<script type="module" src="./static/vendor/pyscript/core.js"></script></head>
<body><script type="py" config="./pyscript.toml">{imports}
from js import document
document.body.setAttribute("data-main-ready", str(performance.now()))
{worker_call}
</script>{worker}</body></html>"""

WORKER_CALL = """
from pyscript import workers
bots = await workers["bots"]
result = await bots.hard_move()
document.body.setAttribute("data-worker", str(result))
"""

# Runs in the worker: import the rules and bots, then play one Hard move of a seeded game.
WORKER = """<script type="py" worker name="bots" config="./pyscript.toml">{imports}
ready = performance.now()

def hard_move():
    state = pygame_rules.get_game("trick-of-trip").new_game(4, 1)
    seat = state.acting()[0]
    bot = make_bot("trick-of-trip", "hard", 1)
    began = time.perf_counter()
    bot.choose(SeatView(state, seat))
    return f"{{ready:.0f}} {{(time.perf_counter() - began) * 1000:.0f}}"

__export__ = ["hard_move"]
</script>"""


def chromium_pss_mb() -> float:
    """Proportional set size of every running Chromium process, in MB."""
    total_kb = 0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if b"chrom" not in (proc / "cmdline").read_bytes():
                continue
            for line in (proc / "smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total_kb += int(line.split()[1])
        except OSError:
            continue  # the process ended, or is not ours to read
    return total_kb / 1024


def measure(url: str, kind: str) -> tuple[float, str, str]:
    """Chromium's memory once `kind` has booted, and the page's timings."""
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=system_chromium(), args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page()
        main, worker = "", ""
        if kind == "blank":
            page.goto("about:blank")
        else:
            page.goto(url + f"bench-{kind}.html")
            selector = "body[data-worker]" if kind == "main+worker" else "body[data-main-ready]"
            page.wait_for_selector(selector, state="attached", timeout=120_000)
            main = page.get_attribute("body", "data-main-ready") or ""
            worker = page.get_attribute("body", "data-worker") or ""
        time.sleep(2)  # let the heap settle after boot
        memory = chromium_pss_mb()
        browser.close()
    return memory, main, worker


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    (SITE / "bench-main.html").write_text(MAIN.format(imports=IMPORTS, worker_call="", worker=""))
    (SITE / "bench-main+worker.html").write_text(
        MAIN.format(imports=IMPORTS, worker_call=WORKER_CALL, worker=WORKER.format(imports=IMPORTS))
    )
    server, url = start_server(SITE)
    memory: dict[str, list[float]] = {"blank": [], "main": [], "main+worker": []}
    try:
        for run in range(runs):
            for kind in memory:
                mb, main_ready, worker = measure(url, kind)
                memory[kind].append(mb)
                detail = f" main ready {float(main_ready):.0f} ms" if main_ready else ""
                if worker:
                    ready, move = worker.split()
                    detail += f", worker ready {ready} ms (its clock), Hard move {move} ms"
                print(f"run {run + 1} {kind:<12} Chromium PSS {mb:7.1f} MB{detail}", flush=True)
    finally:
        server.shutdown()
    base = statistics.median(memory["blank"])
    for kind, values in memory.items():
        mb = statistics.median(values)
        print(f"median {kind:<12} {mb:7.1f} MB  (+{mb - base:.1f} MB over a blank page)")


if __name__ == "__main__":
    main()
