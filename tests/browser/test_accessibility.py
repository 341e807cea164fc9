"""Every playable game's table in Chromium: axe finds no serious problem, keys alone play.

Parametrized over the games that have a table, so a new game is covered as
soon as its UI module exists.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

import pygame_rules

from .conftest import StrictPage, open_app, play_to_end, resume_near_the_end, serious_violations

pytestmark = pytest.mark.browser

GAMES = list(pygame_rules.GAME_IDS)


def history_length(page: Page, game_id: str) -> int:
    save = page.evaluate(f"localStorage.getItem('pygame-table.save.{game_id}')")
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
    open_app(page, site_url + f"?game={game_id}&seed=4&level=easy&speed=instant")
    page.wait_for_selector(".table-screen:not([data-waiting])")
    assert serious_violations(page) == []
    # The game over: from a game near its end (a whole game here took up to 90 s).
    players = pygame_rules.get_game(game_id).default_players
    resume_near_the_end(page, site_url, game_id, players, seed=4)
    play_to_end(page, pick_seed=2)
    assert serious_violations(page) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_a_move_can_be_made_with_the_keyboard_alone(
    desktop: StrictPage, site_url: str, game_id: str
) -> None:
    """Tab reaches a legal-move control (with a visible focus ring) and Enter plays it."""
    page = desktop.page
    open_app(page, site_url + f"?game={game_id}&seed=4&level=easy&speed=instant")
    for step in range(40):  # UI-only steps first (e.g. arranging a split) until an action shows
        if human_actions(page):
            break
        play_to_end(page, pick_seed=step, max_steps=1, must_end=False)
    legal = human_actions(page)
    assert legal, "no legal-move control appeared"
    before = history_length(page, game_id)
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
        f"JSON.parse(localStorage.getItem('pygame-table.save.{game_id}')"
        f" || '{{\"history\": []}}')"
        f".history.length > {before}"
    )
    # Focus stays on the table (it fell to <body>, and the next move took 5 to 16 Tabs):
    # the next legal control is the first or second Tab away.
    page.wait_for_selector(".table-screen:not([data-waiting])")
    if page.locator("[data-testid=game-over]").count() or not human_actions(page):
        return
    assert page.evaluate("document.activeElement !== document.body"), "focus fell to <body>"
    for _ in range(3):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('data-action')"):
            break
    else:
        raise AssertionError("the next legal control is more than 3 Tabs away")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_screen_reader_hears_the_bots_moves_and_the_prompt(
    desktop: StrictPage, site_url: str, game_id: str
) -> None:
    """The table is rebuilt on every render, and a live region inserted with its text is
    not read: news goes to #announcer, one live region outside the table."""
    page = desktop.page
    open_app(page, site_url + f"?game={game_id}&seed=4&level=easy&speed=instant")
    page.wait_for_selector(".table-screen:not([data-waiting])")
    heard = page.locator("#announcer")
    expect(heard).to_have_attribute("aria-live", "polite")
    assert page.locator("#screen [aria-live], #screen [role=status]").count() == 0
    start = page.locator("#screen .log-lines li").count()
    page.evaluate(
        """() => { window.heard = [];
        // Each record's own text: two news in one task would leave only the last in
        // announcer.textContent by the time the observer runs.
        new MutationObserver((records) => records.forEach((r) => window.heard.push(
            r.type === "characterData" ? r.target.textContent
                : [...r.addedNodes].map((n) => n.textContent).join(""))))
            .observe(announcer, {childList: true, characterData: true, subtree: true}); }"""
    )
    play_to_end(page, pick_seed=1, max_steps=12, must_end=False)
    page.wait_for_selector(".table-screen:not([data-waiting])")
    told = " ".join(page.evaluate("window.heard"))
    new_lines = page.locator("#screen .log-lines li").all_inner_texts()[start:]
    assert new_lines, "nothing happened in 12 steps"
    missed = [line for line in new_lines if line not in told]
    assert not missed, f"log lines never announced: {missed}"
    prompt = page.locator("#screen .prompt strong")
    if prompt.count():
        assert heard.inner_text().endswith(prompt.inner_text())


def test_closing_the_rules_gives_focus_back_after_bots_moved(
    desktop: StrictPage, site_url: str
) -> None:
    page = desktop.page
    open_app(page, site_url + "?game=magic-trick-wray&seed=4&level=easy&speed=slow")
    page.wait_for_selector("#screen [data-ui=rules]")
    page.focus("#screen [data-ui=rules]")
    page.keyboard.press("Enter")
    expect(page.locator("#rules-dialog")).to_be_visible()
    page.wait_for_timeout(2500)  # bots move (slowly) behind the dialog: the table is redrawn
    page.keyboard.press("Escape")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    assert page.evaluate("document.activeElement.getAttribute('data-ui')") == "rules"
