"""Every playable game's table in Chromium: axe finds no serious problem, keys alone play.

Parametrized over the games that have a table, so a new game is covered as
soon as its UI module exists.
"""

from __future__ import annotations

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from ui.tables import playable_games

from .conftest import StrictPage, open_app, play_to_end

pytestmark = pytest.mark.browser

GAMES = [g.id for g in playable_games()]


def serious_violations(page: Page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: {v['nodes'][0]['target']})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def history_length(page: Page) -> int:
    save = page.evaluate("localStorage.getItem('pygame-table.save')")
    return len(json.loads(save)["history"]) if save else 0


def human_actions(page: Page) -> list[str]:
    return page.locator("#screen [data-action]:not([disabled])").evaluate_all(
        "els => els.map(e => e.getAttribute('data-action'))"
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_table_and_game_over_have_no_serious_axe_violations(
    phone: StrictPage, site_url: str, game_id: str
) -> None:
    page = phone.page
    open_app(page, site_url + f"?game={game_id}&seed=4&speed=instant")
    page.wait_for_selector(".table-screen:not([data-waiting])")
    assert serious_violations(page) == []
    play_to_end(page, pick_seed=2)
    assert serious_violations(page) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_can_be_made_with_the_keyboard_alone(
    desktop: StrictPage, site_url: str, game_id: str
) -> None:
    """Tab reaches a legal-move control (with a visible focus ring) and Enter plays it."""
    page = desktop.page
    open_app(page, site_url + f"?game={game_id}&seed=4&speed=instant")
    for step in range(40):  # UI-only steps first (e.g. arranging a split) until an action shows
        if human_actions(page):
            break
        play_to_end(page, pick_seed=step, max_steps=1, must_end=False)
    legal = human_actions(page)
    assert legal, "no legal-move control appeared"
    before = history_length(page)
    for _ in range(300):
        page.keyboard.press("Tab")
        focused = page.evaluate("document.activeElement.getAttribute('data-action')")
        if focused:
            break
    else:
        raise AssertionError("Tab never reached a legal-move control")
    assert focused in legal
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none"), "focused control has no visible focus ring"
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-app-state", "ready")
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('pygame-table.save') || '{{\"history\": []}}')"
        f".history.length > {before}"
    )
