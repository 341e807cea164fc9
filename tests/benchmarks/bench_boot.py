"""Boot budgets in headless Chromium (DESIGN.md): prints numbers, asserts nothing.

- lobby visible: first contentful paint of the lobby (budget < 0.5 s);
- playable table: navigation to a table with legal moves drawn, against the
  boot time of a bare PyScript+Pyodide page measured in the same run (budget
  1.2x the bare page).

Usage: python tests/benchmarks/bench_boot.py [runs]   (needs a built _site/)
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
sys.path.insert(0, str(ROOT / "tests"))
from browser.conftest import start_server, system_chromium  # noqa: E402

BARE = """<!doctype html><html><head><meta charset="utf-8"><title>bare</title>
<script type="module" src="./static/vendor/pyscript/core.js"></script></head>
<body><script type="py" config="./pyscript.toml">
from js import document, performance
document.body.setAttribute("data-ready", str(performance.now()))
</script></body></html>"""


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    (SITE / "bench-bare.html").write_text(BARE)
    server, url = start_server(SITE)
    lobby, bare, table = [], [], []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=system_chromium(), args=["--no-sandbox", "--disable-gpu"]
            )
            for _ in range(runs):
                for kind in ("bare", "table"):
                    context = browser.new_context()  # cold HTTP cache each time
                    page = context.new_page()
                    if kind == "bare":
                        page.goto(url + "bench-bare.html")
                        page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
                        bare.append(float(page.get_attribute("body", "data-ready")) / 1000)
                    else:
                        page.goto(url + "?game=trick-of-trip&players=4&seed=1&speed=instant")
                        lobby.append(
                            page.evaluate(
                                "performance.getEntriesByName('first-contentful-paint')[0]"
                                "?.startTime ?? performance.timing.domContentLoadedEventEnd"
                                " - performance.timing.navigationStart"
                            )
                            / 1000
                        )
                        page.wait_for_selector("[data-ui=tot-move]", timeout=60_000)
                        table.append(page.evaluate("performance.now()") / 1000)
                    context.close()
            browser.close()
    finally:
        server.shutdown()
        (SITE / "bench-bare.html").unlink(missing_ok=True)
    med = statistics.median
    print(f"runs: {runs} (cold cache each), Chromium headless, local server")
    print(f"lobby first paint       median {med(lobby):.3f} s   (budget < 0.5 s)  {lobby}")
    print(f"bare PyScript+Pyodide   median {med(bare):.3f} s")
    print(
        f"playable table          median {med(table):.3f} s   = {med(table) / med(bare):.2f}x"
        " bare (budget 1.2x)"
    )


if __name__ == "__main__":
    main()
