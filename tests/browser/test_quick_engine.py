"""The bots' quick engine (static/js/bots-worker.js, ui/runtime/quick_worker.py): MicroPython
in a worker of its own, asked while the bots' worker (Pyodide) loads. Its moves are the whole
search, not the rules of thumb; it steps aside once the worker is ready; and a page that
asks for no time limit (the suite's WHOLE_SEARCH) never starts it."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Route

from ui.play.session import Session

from .conftest import (
    BOOT_TIMEOUT,
    DESKTOP,
    StrictPage,
    final_scores,
    open_app,
    play_to_end,
    position_with_bot_moves_left,
    replayed_scores,
    strict_page,
)

pytestmark = pytest.mark.browser

# Time enough for any Hard move on a loaded machine: each move is the whole search.
LONG_LIMIT = "window.pygameThinkLimit = 120;"


@pytest.fixture
def desktop_no_sw(browser: Browser, site_url: str) -> Iterator[StrictPage]:
    """A desktop page with no service worker: the bots' worker's requests reach the routes."""
    yield from strict_page(browser, site_url, DESKTOP, service_workers="block")


def test_while_pyodide_loads_the_quick_engine_plays_the_whole_search(
    desktop_no_sw: StrictPage, site_url: str
) -> None:
    """Pyodide never arrives (its requests are held): the bots' Hard moves after the player
    sits down are the ones CPython's search makes, none cut short, so the quick engine
    thought them, not the rules of thumb (which `quick()` plays while no engine is ready)."""
    page = desktop_no_sw.page
    held: list[Route] = []
    page.context.route("**/static/vendor/pyodide/**", lambda route: held.append(route))
    page.add_init_script(LONG_LIMIT)
    link, cut = position_with_bot_moves_left("magic-trick-baker", 2, 3, left=8)
    page.goto(site_url + link + "&level=hard&speed=instant")
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    page.click("[data-ui=link-continue]")  # sit down at the position: the player's turn
    page.wait_for_selector("body[data-quick-bots=ready]", timeout=BOOT_TIMEOUT)
    assert page.evaluate("document.body.dataset.bots") == "loading"
    assert (
        page.locator("#engine-note").text_content() == "Bots think less until their engine loads."
    )
    play_to_end(page, pick_seed=1, worker=False)
    assert final_scores(page) == replayed_scores(page)
    assert held, "Pyodide was never asked for"
    assert page.evaluate("document.body.dataset.bots") == "loading"  # still held back
    assert page.evaluate("document.body.dataset.quickBots") == "ready"
    assert page.evaluate("performance.getEntriesByName('bot-think-capped').length") == 0
    record = json.loads(page.locator("[data-testid=game-over]").get_attribute("data-record"))
    session = Session(record["game"], record["players"], record["seed"], "hard")
    bot_moves = 0
    for seat, action in record["history"]:
        if seat != session.human and len(session.history) >= cut:
            turn = session.start_bot(seat)
            turn.step(None)
            assert turn.action == action, f"move {len(session.history)}: CPython's search differs"
            bot_moves += 1
        session.act(seat, action)
    assert bot_moves >= 8 and session.is_over()


def test_the_quick_engine_steps_aside_once_the_worker_is_ready(
    desktop: StrictPage, site_url: str
) -> None:
    page = desktop.page
    page.add_init_script(LONG_LIMIT)
    open_app(page, site_url + "?game=trick-of-trip&players=3&seed=4&level=normal&speed=instant")
    assert page.evaluate("document.body.dataset.bots") == "ready"
    page.wait_for_selector("body[data-quick-bots=retired]", timeout=BOOT_TIMEOUT)
    assert page.evaluate("performance.getEntriesByName('bots-quick-start').length") == 1


def test_a_page_with_no_time_limit_never_starts_it(desktop: StrictPage, site_url: str) -> None:
    """WHOLE_SEARCH: every move waits for the worker's whole search, so the quick engine,
    whose floats may differ from CPython's in the last bit, would never be asked."""
    page = desktop.page
    open_app(page, site_url + "?game=trick-of-trip&players=3&seed=4&level=normal&speed=instant")
    assert page.evaluate("document.body.dataset.bots") == "ready"
    assert page.evaluate("document.body.dataset.quickBots") is None
    assert page.evaluate("performance.getEntriesByName('bots-quick-start').length") == 0
