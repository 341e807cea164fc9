"""Why the first bot move after boot is the slowest (docs/bots.md, "In the browser").

Prints numbers, asserts nothing. In a fresh headless Chromium, boots Pyodide on the main
thread with the rules and bots, then makes the same Hard move six times in a row (the first
move of Trick of Trip, 4 players, seed 1: the same work each time) with nothing else
running on the page. Each run
is repeated with V8's WebAssembly tiers forced, to tell a slow compiler tier from
Python's own warm-up:
- default: V8 starts Pyodide on its baseline compiler (Liftoff) and recompiles hot
  functions with its optimising one (TurboFan) in the background;
- --no-liftoff: everything is compiled by TurboFan before it runs (slower boot);
- --no-wasm-tier-up: everything stays on Liftoff.
If the first move is slower than the next ones under every flag, the cost is in the
first search itself, not in the compiler.

Usage: python tests/benchmarks/bench_first_moves.py [runs]   (needs a built _site/)
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
sys.path.insert(0, str(ROOT / "tests"))
from browser.conftest import start_server, system_chromium  # noqa: E402

MOVES = 6
PAGE = f"""<!doctype html><html><head><meta charset="utf-8"><title>first moves</title>
<script type="module" src="./static/vendor/pyscript/core.js"></script></head>
<body><py-config hidden>{{"plugins": ["!error", "!py-editor", "!py-game", "!py-terminal",
"!deprecations-manager", "!donkey", "!codemirror"]}}</py-config>
<script type="py" config="./py.json">
import time
from js import document, performance
import pygame_rules
from pygame_rules.bots import SeatView, make_bot

ready = performance.now()
times = []
for _ in range({MOVES}):
    state = pygame_rules.get_game("trick-of-trip").new_game(4, 1)
    bot = make_bot("trick-of-trip", "hard", 1)
    began = time.perf_counter()
    bot.choose(SeatView(state, state.acting()[0]))
    times.append(f"{{(time.perf_counter() - began) * 1000:5.0f}}")
document.body.setAttribute("data-ready", f"{{ready:.0f}}")
document.body.setAttribute("data-moves", " ".join(times))
</script></body></html>"""

FLAGS = ("", "--no-liftoff", "--no-wasm-tier-up")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    (SITE / "bench-first-moves.html").write_text(PAGE)
    server, url = start_server(SITE)
    print(f"{'V8 flags':<18} {'boot ms':>7}  Hard move ms, moves 1 to {MOVES}")
    try:
        with sync_playwright() as p:
            for flags in FLAGS:
                for _ in range(runs):
                    args = ["--no-sandbox", "--disable-gpu"]
                    if flags:
                        args.append(f"--js-flags={flags}")
                    browser = p.chromium.launch(executable_path=system_chromium(), args=args)
                    page = browser.new_page()
                    page.goto(url + "bench-first-moves.html")
                    page.wait_for_selector("body[data-moves]", state="attached", timeout=180_000)
                    ready = page.get_attribute("body", "data-ready")
                    moves = page.get_attribute("body", "data-moves")
                    print(f"{flags or 'default':<18} {ready:>7}  {moves}", flush=True)
                    browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
