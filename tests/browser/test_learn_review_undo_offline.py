"""Issue 24: Learn by playing, Review and Undo (and issue 39's coach) also work offline, on a
phone, and in an embedded game (each feature's own tests go through every game: test_lessons.py,
test_review.py, test_take_back.py). One visit installs the service worker; then the
server is gone and everything below comes from its cache."""

from __future__ import annotations

import json
import random

from playwright.sync_api import Browser, Page, expect

from ui.saves import embed_save_key, save_key

from .conftest import PHONE, SITE, StrictPage, near_the_end, play_to_end, start_server
from .test_coach import COACH_TIMEOUT, PANEL, SMALL_COACH
from .test_take_back import MY_TURN, human_move, table_now


def take_back_by_keyboard(page: Page, pick: random.Random) -> None:
    """A move, then Undo by keyboard (confirmed if it asks): the table is as it was."""
    before = human_move(page, pick)
    page.wait_for_selector(MY_TURN)
    page.focus("#screen [data-ui=undo]")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "document.querySelector('.undo-bar') || [...document.querySelectorAll('.log li')]"
        ".some(li => li.textContent.includes('took back'))"
    )
    if page.locator(".undo-bar").count():
        page.focus(".undo-bar [data-ui=undo-confirm]")
        page.keyboard.press("Enter")
    page.wait_for_selector(MY_TURN)
    assert table_now(page) == before


def review_by_keyboard(page: Page) -> None:
    """At game over: Review the game, a step forward by the arrow key, then close."""
    page.focus("#screen [data-ui=review][data-value=game]")
    page.keyboard.press("Enter")
    counter = page.locator("#screen .review-counter")
    expect(counter).to_have_text("Start")
    page.keyboard.press("ArrowRight")
    expect(counter).to_contain_text("Move 1 of")
    page.click("#screen [data-ui=review-close]")
    expect(page.locator("[data-testid=game-over]")).to_be_visible()


def test_learn_review_and_undo_offline_on_a_phone_and_embedded(browser: Browser) -> None:
    server, url = start_server(SITE)
    context = browser.new_context(viewport=PHONE, has_touch=True)
    context.add_init_script(SMALL_COACH)
    page = context.new_page()
    page.set_default_timeout(30_000)
    strict = StrictPage(page, url.rstrip("/"))
    try:
        page.goto(url)
        page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        page.wait_for_selector("#offline-status[data-offline=ready], [data-offline=all]")
        # A Hard table loads the bots' engine, which the coach thinks in: then it is saved
        # for offline play too.
        page.goto(url + "?game=magic-trick-baker&seed=3&speed=instant&level=hard")
        page.wait_for_selector("body[data-bots=ready]", timeout=90_000)
        page.wait_for_selector("#offline-status[data-offline=all]", timeout=90_000)
        page.evaluate("localStorage.clear()")
        # Two games a few moves from their end (so the review comes soon): the app's, and
        # an embedded frame's.
        for key, game, players in (
            (save_key("trick-of-trip"), "trick-of-trip", 3),
            (embed_save_key("magic-trick-baker"), "magic-trick-baker", 2),
        ):
            save = json.dumps(near_the_end(game, players))
            page.evaluate("([k, s]) => localStorage.setItem(k, s)", [key, save])
        page.evaluate("localStorage.setItem('pygame-table.settings', '{\"speed\": \"instant\"}')")
        server.shutdown()
        server.server_close()
        strict.allowed_console = ["Failed to load resource"]
        pick = random.Random(2)

        # The full app: undo, the game to its end, its review.
        page.goto(url)
        page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
        page.click("#resume [data-ui=resume][data-value=trick-of-trip]")
        take_back_by_keyboard(page, pick)
        play_to_end(page, pick_seed=3)
        review_by_keyboard(page)
        # The coach weighs the whole game in the bots' worker, loaded from the cache.
        page.click("#screen [data-ui=coach-open][data-value=game]")
        page.wait_for_selector(f"{PANEL}[data-coach=done]", timeout=COACH_TIMEOUT)
        expect(page.locator(f"{PANEL} .coach-summary")).to_contain_text("decisions weighed")
        page.click("#screen [data-ui=review-close]")

        # A lesson, from the lobby, to its end.
        page.click("#screen [data-ui=lobby]")
        page.click(".game-card[data-game=magic-trick-baker] [data-ui=learn]")
        for _ in range(40):
            page.wait_for_selector(
                "#screen .table-screen:not([data-waiting]), [data-testid=lesson-end]"
            )
            if page.locator("[data-testid=lesson-end]").count():
                break
            page.locator("#screen [data-action].suggested").click()
        expect(page.locator("[data-testid=lesson-end]")).to_be_visible()

        # An embedded game (its frame's page, from the same cache): undo and review.
        page.goto(url + "embed.html?game=magic-trick-baker&speed=instant")
        page.click("#embed-play")  # the frame's game in progress, resumed
        page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
        take_back_by_keyboard(page, pick)
        play_to_end(page, pick_seed=5)
        review_by_keyboard(page)
        strict.check()
    finally:
        context.close()
        server.server_close()
