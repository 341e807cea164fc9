"""A table people come back to (issue 40.2 and 40.6): the table's sounds, the install offer
after a game, and a new version's notice that never interrupts a hand.

Sounds are asked for by the Python side (ui/screens/play.py) and made by static/js/sound.js,
whose test hook `window.tableSounds` lists the last names asked for and those played (never
their timing). An init script counts the AudioContexts the page makes: none before the
player's first tap or key, none while sound is off. The pure-Python side: tests/test_sounds.py.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import (
    BOOT_TIMEOUT,
    DESKTOP,
    SITE,
    StrictPage,
    open_app,
    play_to_end,
    resume_near_the_end,
    start_server,
)

pytestmark = pytest.mark.browser

SOUND_KEY = "trick-table.sound"
EMBED_SOUND_KEY = "trick-table.sound.embed"
# Every AudioContext the page makes, in window.audioContexts (before the page's scripts).
COUNT_AUDIO = """(() => {
    const Made = window.AudioContext;
    window.audioContexts = [];
    window.AudioContext = class extends Made {
        constructor(...args) { super(...args); window.audioContexts.push(this); }
    };
})();"""
# Bots play three cards before the player's first move (Easy: seeded, as in CPython).
WRAY_BOTS_FIRST = "?game=magic-trick-wray&seed=3&level=easy&speed=instant"
YOUR_TURN = "#screen .table-screen:not([data-waiting]) .my-area .prompt"


def sounds(page: Page) -> dict[str, list[str]]:
    heard: dict[str, list[str]] = page.evaluate("window.tableSounds")
    return heard


def audio_states(page: Page) -> list[str]:
    states: list[str] = page.evaluate("window.audioContexts.map((c) => c.state)")
    return states


def play_until(page: Page, wanted: set[str], key: str = "played", steps: int = 60) -> None:
    """Play on (a few clicks at a time, as the human) until every sound of `wanted` is in
    the hook's list `key`."""
    for _ in range(steps):
        if wanted <= set(sounds(page)[key]):
            return
        play_to_end(page, pick_seed=1, max_steps=4, must_end=False)
    raise AssertionError(f"never {key}: {wanted - set(sounds(page)[key])}; {sounds(page)}")


def test_sounds_wait_for_a_tap_and_the_toggle_is_remembered(
    desktop: StrictPage, site_url: str
) -> None:
    """The full app's sound is on: a link's bots play before the player has touched the
    page, and their card is asked for but not played, no AudioContext made; from the first
    tap a card, a trick and "your turn" play. Off is remembered; on a phone the toggle
    keeps the lobby's bar to one row, and gives the table's corner to the speed menu."""
    page = desktop.page
    page.context.add_init_script(COUNT_AUDIO)
    open_app(page, site_url + WRAY_BOTS_FIRST)
    page.wait_for_selector(YOUR_TURN)
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    heard = sounds(page)
    assert "card" in heard["asked"] and heard["asked"][-1] == "turn", heard
    assert heard["played"] == [] and audio_states(page) == []

    page.locator("#screen [data-action]").first.click()  # the first tap
    play_until(page, {"card", "trick", "turn"})
    assert audio_states(page) == ["running"]
    assert set(sounds(page)["asked"]) <= {"card", "trick", "turn"}  # no dice in Wray

    page.click("#sound")  # off: remembered, and the page's audio rests
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    assert page.evaluate(f"localStorage.getItem('{SOUND_KEY}')") == "off"
    page.wait_for_function("window.audioContexts[0].state === 'suspended'")
    played, asked = len(sounds(page)["played"]), len(sounds(page)["asked"])
    page.wait_for_selector(YOUR_TURN)
    page.locator("#screen [data-action]").first.click()
    page.wait_for_function(f"window.tableSounds.asked.length > {asked}")
    assert len(sounds(page)["played"]) == played

    page.reload()
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")

    page.set_viewport_size({"width": 360, "height": 740})
    expect(page.locator("#sound")).to_be_hidden()  # a phone's table: the lobby has it
    expect(page.locator("#speed")).to_be_visible()
    page.click("#screen [data-ui=lobby]")
    expect(page.locator("#lobby")).to_be_visible()
    bar: dict[str, Any] = page.evaluate(
        """() => {
            const box = (s) => document.querySelector(s).getBoundingClientRect();
            return {scroll: document.documentElement.scrollWidth, sound: box('#sound').toJSON(),
                speed: box('#speed').toJSON(), title: box('.site-title').toJSON()};
        }"""
    )
    assert bar["scroll"] <= 360 and bar["sound"]["right"] <= 360
    assert bar["sound"]["width"] >= 44 and bar["sound"]["height"] >= 44
    assert abs(bar["sound"]["top"] - bar["speed"]["top"]) < 2  # one row
    assert bar["title"]["top"] < bar["sound"]["bottom"]
    page.click("#sound")
    assert page.evaluate(f"localStorage.getItem('{SOUND_KEY}')") == "on"


def test_a_frame_is_silent_until_the_reader_turns_sound_on(
    desktop: StrictPage, site_url: str
) -> None:
    """In a blog's frame sound starts off: the reader's game asks for its sounds (a die
    rolled, a card set in Trickbook) and nothing plays, no AudioContext made, until the
    reader presses the bar's toggle, which the frame then remembers."""
    page = desktop.page
    page.context.add_init_script(COUNT_AUDIO)
    page.goto(site_url + "embed.html?game=trickbook&level=easy&speed=instant")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    page.click("#embed-play")
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    page.wait_for_selector(YOUR_TURN)
    play_until(page, {"dice", "card"}, key="asked")
    assert sounds(page)["played"] == [] and audio_states(page) == []

    page.click("#sound")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")
    assert page.evaluate(f"localStorage.getItem('{EMBED_SOUND_KEY}')") == "on"
    assert page.evaluate(f"localStorage.getItem('{SOUND_KEY}')") is None  # the app's own
    play_until(page, {"dice", "card"})
    assert audio_states(page) == ["running"]
    page.reload()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")


def test_install_offer_and_new_version_wait_for_the_end_of_the_game(
    browser: Browser, tmp_path: Path
) -> None:
    """Mid-hand, a new version (a second deploy, its service worker installed and waiting)
    is not announced; nor is the browser's install offer shown. At the game's end both are:
    the notice, and "Install Trick Table" while the browser has an offer (a synthetic
    beforeinstallprompt here), whose click shows the browser's prompt once."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    server, url = start_server(site)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    strict = StrictPage(page, url.rstrip("/"))
    install = "[data-testid=game-over] [data-ui=install]"
    try:
        resume_near_the_end(page, url, "magic-trick-baker", 2, seed=3)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        page.wait_for_selector(YOUR_TURN)

        precache = json.loads((site / "static" / "precache.json").read_text())
        old_version, new_version = precache["version"], "0123456789abcdef"
        precache["version"] = new_version
        (site / "static" / "precache.json").write_text(json.dumps(precache))
        sw = site / "sw.js"
        sw.write_text(sw.read_text().replace(old_version, new_version))
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        # Offered (no longer `hidden`) once the new worker waits, yet not shown mid-hand.
        page.wait_for_selector("#update:not([hidden])", state="attached", timeout=60_000)
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)")
        expect(page.locator("#update")).to_be_hidden()
        expect(page.locator(YOUR_TURN)).to_be_visible()

        play_to_end(page, pick_seed=1)
        expect(page.locator("#update")).to_be_visible()
        expect(page.locator("#update")).to_contain_text("A new version is available")
        expect(page.locator(install)).to_be_hidden()  # no offer from this browser
        page.evaluate(
            """() => {
                window.prompted = 0;
                const offer = new Event('beforeinstallprompt', {cancelable: true});
                offer.prompt = () => { window.prompted += 1; return Promise.resolve(); };
                dispatchEvent(offer);
                window.offerKept = offer.defaultPrevented;  // no banner of the browser's own
            }"""
        )
        assert page.evaluate("window.offerKept")
        expect(page.locator(install)).to_be_visible()
        expect(page.locator(install)).to_have_text("Install Trick Table")
        page.click(install)
        assert page.evaluate("window.prompted") == 1
        expect(page.locator(install)).to_be_hidden()  # an offer is shown once
        expect(page.locator("[data-testid=game-over] [data-ui=again]")).to_be_focused()
        # On a phone the bar's speed menu sits in the table's corner: under the notice.
        page.set_viewport_size({"width": 360, "height": 740})
        page.evaluate("window.scrollTo(0, 0)")
        clear = """() => {
            const button = document.querySelector('#update button').getBoundingClientRect();
            const hit = document.elementFromPoint(button.x + button.width / 2, button.y + 10);
            const speed = document.getElementById('speed').getBoundingClientRect();
            return hit.closest('#update') !== null && speed.top >= button.bottom;
        }"""
        page.wait_for_function(clear)  # the notice's size is observed (a task later)
        strict.check()
    finally:
        context.close()
        server.shutdown()
        server.server_close()
