"""The full app's colours (issue 40.1): it follows the system's setting
(prefers-color-scheme, while open), and the top bar's Colours menu (#theme) chooses Auto,
Light or Dark, remembered on the device and applied by static/js/host.js before the page
is first drawn. A frame (embed.html) follows its address, never that choice
(tests/browser/test_embed_theme.py). Easy bots and the lobby: no bots' worker to boot."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

import pygame_rules

from .conftest import (
    BOOT_TIMEOUT,
    DESKTOP,
    LOOK_JS,
    PHONE,
    StrictPage,
    open_app,
    serious_violations,
    strict_page,
)

pytestmark = pytest.mark.browser

THEME_KEY = "trick-table.theme"
GAMES = list(pygame_rules.GAME_IDS)
LOBBY = ("html", ".site-bar", "#lobby-title", ".lobby-intro", ".game-card h3", "#speed", "#theme")
TABLE = ("html", ".table-bar .turn-status", "#screen [data-ui=rules]", ".my-area", "#speed")
TABLE_LINK = "?game={}&seed=4&level=easy&speed=instant"


# The page's theme as the body is first parsed (before anything is drawn, and long before
# Python runs): an init script runs before the page's own scripts.
AT_FIRST_PARSE = """new MutationObserver((_, observer) => {
    if (!document.body) return;
    observer.disconnect();
    window.themeAtFirstParse = [document.documentElement.dataset.theme ?? null,
        document.body.dataset.appState];
}).observe(document, {childList: true, subtree: true});"""

# What is wrong with the bars as drawn: a sideways scroll, or a visible control of the
# site's bar or the table's that something else covers (its centre and its edges' middles,
# inset).
BAR_PROBLEMS = """() => {
    const out = [];
    if (document.documentElement.scrollWidth > innerWidth)
        out.push('sideways scroll: ' + document.documentElement.scrollWidth + ' > ' + innerWidth);
    const controls = '.site-bar select, #screen .table-bar :is(button, a)';
    for (const c of document.querySelectorAll(controls)) {
        const r = c.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        const name = c.outerHTML.slice(0, 60);
        if (r.right > innerWidth + 0.5 || r.left < -0.5) out.push('off screen: ' + name);
        const [x0, y0, round] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2, r.height / 2];
        for (const [x, y] of [[x0, y0], [r.left + round, y0], [r.right - round, y0],
                [x0, r.top + 3], [x0, r.bottom - 3]]) {  // inside a pill's rounded ends
            const hit = document.elementFromPoint(x, y);
            if (!(hit === c || c.contains(hit)))
                out.push(name + ' covered by ' + (hit && hit.outerHTML.slice(0, 60)));
        }
    }
    return out;
}"""


def assert_dark(page: Page, *selectors: str) -> None:
    """Each element is drawn on a dark ground, its text lighter (by WCAG's 4.5:1 at least)."""
    seen = page.evaluate(LOOK_JS, list(selectors))
    assert sorted(seen) == sorted(selectors), f"not drawn: {set(selectors) - set(seen)}"
    light = {
        s: v for s, v in seen.items() if not (v[0] < 0.2 and v[1] + 0.05 >= 4.5 * (v[0] + 0.05))
    }
    assert light == {}, f"not dark (background, text luminance): {light}"


def theme_of(page: Page) -> tuple[str | None, str, str]:
    """<html data-theme>, the page's computed color-scheme, and its color-scheme meta."""
    theme, scheme, meta = page.evaluate(
        """() => [document.documentElement.dataset.theme ?? null,
            getComputedStyle(document.documentElement).colorScheme,
            document.querySelector('meta[name=color-scheme]').content]"""
    )
    return theme, scheme, meta


DARK = ("dark", "dark", "dark")
LIGHT = (None, "light", "light")


@pytest.fixture
def dark_phone(browser: Browser, site_url: str) -> Iterator[StrictPage]:
    yield from strict_page(browser, site_url, PHONE, "dark")


@pytest.fixture
def dark_desktop(browser: Browser, site_url: str) -> Iterator[StrictPage]:
    yield from strict_page(browser, site_url, DESKTOP, "dark")


@pytest.fixture
def light_desktop(browser: Browser, site_url: str) -> Iterator[StrictPage]:
    yield from strict_page(browser, site_url, DESKTOP, "light")


def test_a_dark_system_gets_a_dark_lobby_and_table(dark_desktop: StrictPage, site_url: str) -> None:
    """Nothing chosen: a dark system's app is dark, axe finds no serious problem in the
    lobby, and at a desktop's table the Colours menu keeps its place in the site's bar."""
    page = dark_desktop.page
    open_app(page, site_url)
    assert theme_of(page) == DARK
    expect(page.locator("#theme")).to_have_value("auto")
    expect(page.get_by_label("Colours")).to_be_visible()
    assert_dark(page, *LOBBY)
    assert serious_violations(page) == []
    open_app(page, site_url + TABLE_LINK.format("trick-of-trip"))
    page.wait_for_selector("#screen .table-screen:not([data-waiting]) .my-area .prompt")
    assert theme_of(page) == DARK
    assert_dark(page, *TABLE, "#theme")
    assert page.evaluate(BAR_PROBLEMS) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_each_table_is_dark_and_axe_clean_on_a_phone(
    dark_phone: StrictPage, site_url: str, game_id: str
) -> None:
    """Each game's table in a dark system: dark, its cards' faces still light, no serious
    axe finding; and on a phone upright and on its side the bar still fits (the Colours
    menu gives the table's corner to the speed menu)."""
    page = dark_phone.page
    open_app(page, site_url + TABLE_LINK.format(game_id))
    page.wait_for_selector("#screen .table-screen:not([data-waiting]) .my-area .prompt")
    assert theme_of(page) == DARK
    assert_dark(page, *TABLE, ".my-area .prompt")
    board = page.evaluate(LOOK_JS, [".board"])[".board"]
    assert board[0] < 0.1 and board[1] > 0.9  # the felt, darker, its text white
    faces = page.evaluate(LOOK_JS, [".card:not(.back), .tb-card"])[".card:not(.back), .tb-card"]
    assert faces[0] > 0.7  # a card's face stays white (or a played card's light grey)
    assert serious_violations(page) == []
    for width, height in ((360, 740), (740, 360)):
        page.set_viewport_size({"width": width, "height": height})
        expect(page.locator("#theme")).to_be_hidden()
        expect(page.locator("#speed")).to_be_visible()
        assert page.evaluate(BAR_PROBLEMS) == [], f"at {width}x{height}"


def test_the_colours_menu_is_remembered_and_applied_before_the_first_paint(
    light_desktop: StrictPage, site_url: str
) -> None:
    page = light_desktop.page
    page.context.add_init_script(AT_FIRST_PARSE)
    open_app(page, site_url)
    assert theme_of(page) == LIGHT  # a light system, nothing chosen
    page.select_option("#theme", "dark")
    assert theme_of(page) == DARK
    assert page.evaluate(f"localStorage.getItem('{THEME_KEY}')") == "dark"
    # The next visit is dark from its first parse, before Python (still loading) is up.
    page.goto(site_url, wait_until="commit")
    page.wait_for_function("window.themeAtFirstParse !== undefined")
    assert page.evaluate("window.themeAtFirstParse") == ["dark", "loading"]
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    assert theme_of(page) == DARK
    expect(page.locator("#theme")).to_have_value("dark")
    # Light under a dark system stays light; Auto then follows the system, live.
    page.emulate_media(color_scheme="dark")
    assert theme_of(page) == DARK
    page.select_option("#theme", "light")
    assert theme_of(page) == LIGHT
    assert page.evaluate(f"localStorage.getItem('{THEME_KEY}')") == "light"
    page.select_option("#theme", "auto")
    assert theme_of(page) == DARK
    assert page.evaluate(f"localStorage.getItem('{THEME_KEY}')") is None
    page.emulate_media(color_scheme="light")
    expect(page.locator("html")).not_to_have_attribute("data-theme", "dark")
    assert theme_of(page) == LIGHT
    page.emulate_media(color_scheme="dark")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")


@pytest.mark.parametrize(
    ("stored", "system", "query", "theme"),
    [
        ("dark", "light", "", LIGHT),
        ("dark", "light", "&theme=auto", LIGHT),
        ("dark", "light", "&theme=light", LIGHT),
        ("light", "dark", "&theme=dark", DARK),
        ("light", "dark", "&theme=auto", DARK),
    ],
)
def test_a_frame_follows_its_address_not_the_stored_choice(
    light_desktop: StrictPage,
    site_url: str,
    stored: str,
    system: str,
    query: str,
    theme: tuple[str | None, str, str],
) -> None:
    page = light_desktop.page
    page.emulate_media(color_scheme=system)  # type: ignore[arg-type]
    page.goto(site_url + "embed.html?game=trickbook")
    page.evaluate(f"localStorage.setItem('{THEME_KEY}', '{stored}')")
    page.goto(site_url + "embed.html?game=trickbook" + query)
    page.wait_for_selector("#embed-play")
    assert theme_of(page) == theme


def test_blocked_storage_keeps_the_choice_for_the_page_only(
    light_desktop: StrictPage, site_url: str
) -> None:
    """Storage that throws (a browser's privacy setting): the menu still works, nothing
    is remembered, and nothing fails."""
    page = light_desktop.page
    page.context.add_init_script(
        """Object.defineProperty(window, 'localStorage', {
            get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
        });"""
    )
    open_app(page, site_url)
    page.select_option("#theme", "dark")
    assert theme_of(page) == DARK
    page.reload()
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    assert theme_of(page) == LIGHT
    expect(page.locator("#theme")).to_have_value("auto")
