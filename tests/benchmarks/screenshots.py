"""Screenshots of the lobby and each game's table at phone and desktop sizes.

Usage: python tests/benchmarks/screenshots.py [game-id ...]  (needs a built _site/)
Writes PNGs into screenshots/ (git-ignored) for a person to look at.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from browser.conftest import (  # noqa: E402
    DESKTOP,
    PHONE,
    play_to_end,
    start_server,
    system_chromium,
)


def main() -> None:
    games = sys.argv[1:] or ["trick-of-trip"]
    server, url = start_server(ROOT / "_site")
    out = ROOT / "screenshots"
    out.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=system_chromium(), args=["--no-sandbox", "--disable-gpu"]
        )
        for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page = browser.new_page(viewport=size)
            page.goto(url)
            page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
            page.screenshot(path=out / f"lobby-{size_name}.png", full_page=True)
            for game in games:
                page.goto(url + f"?game={game}&seed=7&speed=instant")
                page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
                page.wait_for_timeout(300)
                page.screenshot(path=out / f"{game}-start-{size_name}.png", full_page=True)
                play_to_end(page, pick_seed=1, max_steps=14, must_end=False)
                page.wait_for_timeout(300)
                page.screenshot(path=out / f"{game}-mid-{size_name}.png", full_page=True)
                play_to_end(page, pick_seed=1)
                page.screenshot(path=out / f"{game}-over-{size_name}.png", full_page=True)
            page.close()
        browser.close()
    server.shutdown()
    print("screenshots in", out)


if __name__ == "__main__":
    main()
