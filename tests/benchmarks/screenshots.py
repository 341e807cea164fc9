"""Screenshots of the lobby and each game's table at phone and desktop sizes.

Usage: python tests/benchmarks/screenshots.py [game-id ...]  (needs a built _site/)
Writes PNGs into screenshots/ (git-ignored) for a person to look at.

    python tests/benchmarks/screenshots.py --docs

writes the set shown in docs/screenshots.md instead: every game's table a few moves in,
with the player to move, at 360x740, 740x360 and 1280x800 (what is on screen, no
scrolling), into docs/screenshots/.

    python tests/benchmarks/screenshots.py --review [game-id ...]

writes the review's: at the same three sizes, each game's table at the player's turn once a
trick is taken, its Last trick shown, and a finished hand's review (or, in Trickbook, the
game's) at its start, five moves in and at its end, into screenshots/.

    python tests/benchmarks/screenshots.py --dark ...

takes any of these in a dark system (Chromium's prefers-color-scheme: dark, which the app
follows), each file's name ending in -dark: `--docs --dark` makes the docs' dark set.

    python tests/benchmarks/screenshots.py --vision [--dark]

writes docs/screenshots/vision/: each game's table as in the docs' set, at 360x740, under
each of Chromium's emulated colour vision deficiencies (CDP
`Emulation.setEmulatedVisionDeficiency`), for a person to check that suits, seats,
highlights and dice are told apart without colour.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Literal

from playwright.sync_api import Page, sync_playwright

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

# The system's colours the page is shown in, and the end of its files' names.
ColorScheme = Literal["light", "dark"]
SUFFIX: dict[ColorScheme, str] = {"light": "", "dark": "-dark"}

# The docs' set: (name, viewport) and each game's link and how many of the player's clicks
# to make first (`play_moves`).
DOC_SIZES = (
    ("phone", {"width": 360, "height": 740}),
    ("landscape", {"width": 740, "height": 360}),
    ("desktop", {"width": 1280, "height": 800}),
)
DOC_GAMES = (
    ("magic-trick-wray", "players=4&seed=7", 6),
    ("magic-trick-baker", "players=2&seed=7", 4),
    ("trick-of-trip", "players=4&seed=7", 9),
    ("trickbook", "players=3&seed=7", 5),
)


@contextlib.contextmanager
def pages_by_size(scheme: ColorScheme = "light") -> Iterator[Iterator[tuple[str, Page]]]:
    """Headless Chromium; yields each of DOC_SIZES as (its name, a page in a fresh context
    of that size: touch and mobile below 760 px; the system's colours `scheme`), each
    context closed after its turn."""
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=system_chromium(), args=["--no-sandbox", "--disable-gpu"]
        )

        def each() -> Iterator[tuple[str, Page]]:
            for size_name, size in DOC_SIZES:
                phone = size["width"] < 760
                context = browser.new_context(
                    viewport=size, has_touch=phone, is_mobile=phone, color_scheme=scheme
                )
                yield size_name, context.new_page()
                context.close()

        yield each()
        browser.close()


def docs_set(url: str, scheme: ColorScheme = "light") -> None:
    """The screenshots in docs/screenshots/ (see docs/screenshots.md)."""
    out = ROOT / "docs" / "screenshots"
    out.mkdir(exist_ok=True)
    end = SUFFIX[scheme]
    with pages_by_size(scheme) as pages:
        for size_name, page in pages:
            page.goto(url)
            page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
            page.screenshot(path=out / f"lobby-{size_name}{end}.png")
            for game, link, steps in DOC_GAMES:
                page.goto(url + f"?{link}&game={game}&speed=instant&level=easy")
                page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
                play_moves(page, steps)
                page.wait_for_selector(".table-screen:not([data-waiting])", timeout=60_000)
                page.wait_for_timeout(400)  # transitions end
                page.screenshot(path=out / f"{game}-{size_name}{end}.png")
    print("screenshots in", out)


# Chromium's emulated colour vision deficiencies (CDP Emulation.setEmulatedVisionDeficiency).
VISION = ("protanopia", "deuteranopia", "tritanopia", "achromatopsia")


def vision_set(url: str, scheme: ColorScheme = "light") -> None:
    """The screenshots in docs/screenshots/vision/: each of DOC_GAMES at 360x740 under each
    of VISION (the page drawn once, its colours filtered four times)."""
    out = ROOT / "docs" / "screenshots" / "vision"
    out.mkdir(parents=True, exist_ok=True)
    end = SUFFIX[scheme]
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=system_chromium(), args=["--no-sandbox", "--disable-gpu"]
        )
        context = browser.new_context(
            viewport=PHONE, has_touch=True, is_mobile=True, color_scheme=scheme
        )
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        for game, link, steps in DOC_GAMES:
            page.goto(url + f"?{link}&game={game}&speed=instant&level=easy")
            page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
            play_moves(page, steps)
            page.wait_for_selector(".table-screen:not([data-waiting])", timeout=60_000)
            page.wait_for_timeout(400)  # transitions end
            for kind in VISION:
                cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": kind})
                page.screenshot(path=out / f"{game}-{kind}{end}.png")
            cdp.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
        browser.close()
    print("screenshots in", out)


MY_TURN = (
    "#screen .table-screen:not([data-waiting]) .board :is([data-action]:not([disabled]), [data-ui])"
)


def play_moves(page: Page, clicks: int) -> None:
    """Make `clicks` of the player's clicks, each once the bots are done and the player's
    controls are drawn: the same table each run, so two builds' pictures compare pixel for
    pixel (a step of `play_to_end` may be a 30 ms wait, and how many came depended on the
    bots' speed)."""
    for click in range(clicks):
        page.wait_for_selector(f"{MY_TURN}, [data-testid=game-over]", state="attached")
        play_to_end(page, pick_seed=click, max_steps=1, must_end=False)


def review_set(url: str, games: list[str], scheme: ColorScheme = "light") -> None:
    """The Last trick and the review screens (see the module's docstring)."""
    out = ROOT / "screenshots"
    out.mkdir(exist_ok=True)
    players = {"magic-trick-wray": 4, "magic-trick-baker": 2, "trick-of-trip": 4, "trickbook": 3}
    end = SUFFIX[scheme]
    with pages_by_size(scheme) as pages:
        for size_name, page in pages:
            for game in games:
                link = f"?game={game}&players={players[game]}&seed=7&speed=instant&level=easy"
                page.goto(url + link)
                page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
                shown = "#screen :is([data-ui=last-trick], [data-ui=review][data-value=hand])"
                for step in range(12):  # a trick taken (Trickbook: a few turns in)
                    page.wait_for_selector(f"{MY_TURN}, [data-testid=game-over]")
                    if page.locator(shown).count():
                        break
                    play_to_end(page, pick_seed=step, max_steps=1, must_end=False)
                page.evaluate("scrollTo(0, 0)")
                page.wait_for_timeout(400)  # transitions end
                page.screenshot(path=out / f"{game}-{size_name}-turn{end}.png")
                if page.locator("#screen [data-ui=last-trick]").count():
                    page.click("#screen [data-ui=last-trick]")
                    page.screenshot(path=out / f"{game}-{size_name}-last-trick{end}.png")
                    page.click("#screen [data-ui=last-trick]")
                review = "#screen [data-ui=review]"
                for step in range(600):  # to a hand's end (Trickbook: the game's)
                    if page.locator(review).count():
                        break
                    play_to_end(page, pick_seed=step, max_steps=1, must_end=False)
                page.click(review)
                page.wait_for_selector("#screen .review-counter")
                page.screenshot(path=out / f"{game}-{size_name}-review-start{end}.png")
                for _ in range(5):
                    page.click("#screen [data-ui=review-next]")
                page.screenshot(path=out / f"{game}-{size_name}-review-5{end}.png")
                page.click("#screen [data-ui=review-end]")
                page.screenshot(path=out / f"{game}-{size_name}-review-end{end}.png")
    print("screenshots in", out)


def main() -> None:
    args = sys.argv[1:]
    scheme: ColorScheme = "dark" if "--dark" in args else "light"
    args = [a for a in args if a != "--dark"]
    if args[:1] == ["--review"]:
        server, url = start_server(ROOT / "_site")
        review_set(
            url,
            args[1:] or ["magic-trick-wray", "magic-trick-baker", "trick-of-trip", "trickbook"],
            scheme,
        )
        server.shutdown()
        return
    if args == ["--vision"]:
        server, url = start_server(ROOT / "_site")
        vision_set(url, scheme)
        server.shutdown()
        return
    if args == ["--docs"]:
        server, url = start_server(ROOT / "_site")
        docs_set(url, scheme)
        server.shutdown()
        return
    games = args or ["trick-of-trip"]
    server, url = start_server(ROOT / "_site")
    out = ROOT / "screenshots"
    out.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=system_chromium(), args=["--no-sandbox", "--disable-gpu"]
        )
        for size_name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page = browser.new_page(viewport=size, color_scheme=scheme)
            end = SUFFIX[scheme]
            page.goto(url)
            page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
            page.screenshot(path=out / f"lobby-{size_name}{end}.png", full_page=True)
            for game in games:
                page.goto(url + f"?game={game}&seed=7&speed=instant")
                page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
                page.wait_for_timeout(300)
                page.screenshot(path=out / f"{game}-start-{size_name}{end}.png", full_page=True)
                play_to_end(page, pick_seed=1, max_steps=14, must_end=False)
                page.wait_for_timeout(300)
                page.screenshot(path=out / f"{game}-mid-{size_name}{end}.png", full_page=True)
                play_to_end(page, pick_seed=1)
                page.screenshot(path=out / f"{game}-over-{size_name}{end}.png", full_page=True)
            page.close()
        browser.close()
    server.shutdown()
    print("screenshots in", out)


if __name__ == "__main__":
    main()
