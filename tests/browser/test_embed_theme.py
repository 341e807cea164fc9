"""An embedded frame's colours (`theme=light|dark|auto`): a blog post's frame matches the
blog. The theme is set by static/js/host.js before the page is first drawn; app.css's
`:root[data-theme=dark]` gives the dark palette.

The frames here are on another site, as in a blog post (tests/browser/test_embed.py):
there Chromium keeps no storage for them, so a game boots MicroPython alone (no bots'
worker), the cheapest boot there is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Frame, expect

import pygame_rules

from .conftest import BOOT_TIMEOUT, LOOK_JS, StrictPage, serious_violations

pytestmark = pytest.mark.browser

HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>My blog</title>
</head><body><h1>My blog post</h1>{frames}</body></html>"""
FRAME = '<iframe id="{id}" src="{src}" title="Card game" style="width:360px;height:740px;border:0">'
FRAME += "</iframe>"


def open_post(
    context: BrowserContext, other_site: tuple[Path, str], site_url: str, queries: list[str]
) -> tuple[StrictPage, list[Frame]]:
    """The blog post with a frame of embed.html per query; the page and its frames."""
    folder, url = other_site
    frames = "\n".join(
        FRAME.format(id=f"f{i}", src=f"{site_url}embed.html?{query}")
        for i, query in enumerate(queries)
    )
    (folder / "post.html").write_text(HOST.format(frames=frames))
    page = context.new_page()
    page.set_default_timeout(20_000)
    strict = StrictPage(page, site_url.rstrip("/"))
    page.goto(url + "post.html")
    found = []
    for i in range(len(queries)):
        owner = page.locator(f"#f{i}").element_handle()
        frame = owner.content_frame() if owner else None
        assert frame is not None
        frame.wait_for_selector("#embed-title")
        found.append(frame)
    return strict, found


def looks(frame: Frame, *selectors: str) -> dict[str, list[float]]:
    return frame.evaluate(LOOK_JS, list(selectors))


def assert_dark(frame: Frame, *selectors: str) -> None:
    """Each element is drawn on a dark ground, its text lighter (by WCAG's 4.5:1 at least)."""
    seen = looks(frame, *selectors)
    assert sorted(seen) == sorted(selectors), f"not drawn: {set(selectors) - set(seen)}"
    light = {
        s: v for s, v in seen.items() if not (v[0] < 0.2 and v[1] + 0.05 >= 4.5 * (v[0] + 0.05))
    }
    assert light == {}, f"not dark (background, text luminance): {light}"


def theme_of(frame: Frame) -> tuple[str | None, str, str]:
    """<html data-theme>, the page's computed color-scheme, and its color-scheme meta."""
    theme, scheme, meta = frame.evaluate(
        """() => [document.documentElement.dataset.theme ?? null,
            getComputedStyle(document.documentElement).colorScheme,
            document.querySelector('meta[name=color-scheme]').content]"""
    )
    return theme, scheme, meta


def foreign(problems: list[str]) -> list[str]:
    """The page's problems but the host page's own (another origin, no favicon)."""
    return [p for p in problems if "request left the origin" not in p and "404" not in p]


GAMES = list(pygame_rules.GAME_IDS)
START = ("html", ".embed-bar", "#embed-pitch", "#embed-play", "#embed-setup", ".embed-note")
TABLE = ("html", "#notice", ".table-bar .turn-status", "[data-ui=rules]", ".my-area", ".log h3")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_dark_frame_is_dark_from_its_start_to_its_table(
    browser: Browser, other_site: tuple[Path, str], site_url: str, game_id: str
) -> None:
    """`theme=dark`: the start screen and the game's table are dark, the cards keep their
    white faces, and axe finds no serious problem (contrast above all) at the table."""
    context = browser.new_context(viewport={"width": 400, "height": 800})
    try:
        query = f"game={game_id}&theme=dark&level=easy&speed=instant&seed=4"
        strict, [frame] = open_post(context, other_site, site_url, [query])
        assert theme_of(frame) == ("dark", "dark", "dark")
        assert_dark(frame, *START)
        frame.click("#embed-play")
        frame.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
        frame.wait_for_selector(".table-screen:not([data-waiting]) .my-area .prompt")
        # The storage notice (this frame keeps nothing) shows in the dark notice's colours.
        expect(frame.locator("#notice")).to_contain_text("blocks storage")
        assert_dark(frame, *TABLE, ".my-area .prompt")
        board = looks(frame, ".board")[".board"]
        assert board[0] < 0.1 and board[1] > 0.9  # the felt, darker, its text white
        faces = looks(frame, ".card:not(.back), .tb-card")[".card:not(.back), .tb-card"]
        assert faces[0] > 0.7  # a card's face stays white (or a played card's light grey)
        assert serious_violations(frame) == []  # type: ignore[arg-type]  # a Frame works
        strict.problems = foreign(strict.problems)
        strict.check()
    finally:
        context.close()


def test_auto_follows_the_system_and_the_last_theme_counts(
    browser: Browser, other_site: tuple[Path, str], site_url: str
) -> None:
    """`theme=auto` is dark in a dark system and light in a light one, and follows a change
    at once; `light`, none, or the last of several as for every setting. All of it before
    embed.js (deferred) runs: here it never does."""
    context = browser.new_context(color_scheme="dark")
    context.route("**/static/js/embed.js", lambda route: route.abort())
    queries: list[str] = [
        "game=trickbook&theme=auto",
        "game=trickbook&theme=light",
        "game=trickbook",
        "game=trickbook&theme=light&theme=dark",
        "game=trickbook&theme=dark&theme=light",
    ]
    try:
        strict, frames = open_post(context, other_site, site_url, queries)
        assert frames[0].evaluate("typeof tableOnReload") == "undefined"  # no embed.js
        dark: Any = ("dark", "dark", "dark")
        light: Any = (None, "light", "light")
        assert [theme_of(f) for f in frames] == [dark, light, light, dark, light]
        assert_dark(frames[0], *START)
        strict.page.emulate_media(color_scheme="light")
        expect(frames[0].locator("html")).not_to_have_attribute("data-theme", "dark")
        assert [theme_of(f) for f in frames] == [light, light, light, dark, light]
        page_back = looks(frames[0], "html")["html"][0]
        assert page_back > 0.8  # the light page: #eef1ec
        strict.page.emulate_media(color_scheme="dark")
        expect(frames[0].locator("html")).to_have_attribute("data-theme", "dark")
    finally:
        context.close()


def test_an_unknown_theme_is_told_and_the_frame_stays_light(
    browser: Browser, other_site: tuple[Path, str], site_url: str
) -> None:
    context = browser.new_context(color_scheme="dark")
    try:
        query = "game=trick-of-trip&theme=%3Cb%3Epurple%3C/b%3E&level=easy&speed=instant"
        strict, [frame] = open_post(context, other_site, site_url, [query])
        assert theme_of(frame) == (None, "light", "light")
        frame.click("#embed-play")
        frame.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
        expect(frame.locator("#notice")).to_have_text(
            "Theme '<b>purple</b>' is not one of light, dark, auto; the light theme is used."
        )
        assert frame.locator("#notice b").count() == 0  # text only, never HTML
        assert theme_of(frame) == (None, "light", "light")
        strict.problems = foreign(strict.problems)
        strict.check()
    finally:
        context.close()
