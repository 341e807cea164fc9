"""Issue 23.3: starting another game no longer deletes the saved one. Each game keeps its
own save; the lobby lists them all; starting a game that has one asks first."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from .conftest import StrictPage, open_app, play_to_end
from .test_sizes import check_sizes

pytestmark = pytest.mark.browser


def saved(page: Page, game_id: str) -> str | None:
    return page.evaluate(f"localStorage.getItem('pygame-table.save.{game_id}')")


def test_each_game_keeps_its_save_and_the_lobby_lists_them(
    phone: StrictPage, site_url: str
) -> None:
    page = phone.page
    # Game A from a link, a few moves, then back to the lobby.
    open_app(page, site_url + "?game=trick-of-trip&players=3&seed=5&level=easy&speed=instant")
    play_to_end(page, max_steps=8, must_end=False)
    page.wait_for_selector(".table-screen:not([data-waiting])")
    board_a = page.locator(".board").inner_text()
    save_a = saved(page, "trick-of-trip")
    assert save_a and json.loads(save_a)["history"]
    page.click("[data-ui=lobby]")
    expect(page.locator("#resume .resume")).to_have_count(1)

    # Game B from the lobby's setup form: nothing asked, A's save untouched.
    page.click('[data-ui=play][data-value="trickbook"]')
    page.check("input[name=level][value=easy]")
    page.click("[data-ui=start]")
    page.wait_for_selector(".table-screen[data-game=trickbook]:not([data-waiting])")
    play_to_end(page, max_steps=1, must_end=False)
    page.wait_for_selector(".table-screen:not([data-waiting])")
    save_b = saved(page, "trickbook")
    assert save_b and json.loads(save_b)["history"]
    assert saved(page, "trick-of-trip") == save_a
    page.click("[data-ui=lobby]")

    # Both listed, each with its game and designer; resuming A carries on with A.
    offers = page.locator("#resume .resume")
    expect(offers).to_have_count(2)
    expect(offers.nth(0)).to_contain_text("Trick of Trip (nuun): 3 players,")
    expect(offers.nth(1)).to_contain_text("Trickbook (")
    check_sizes(page, "#resume")  # 12 px text, 44 px targets, as the rest of the lobby
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.click('[data-ui=resume][data-value="trick-of-trip"]')
    page.wait_for_selector(".table-screen[data-game=trick-of-trip]:not([data-waiting])")
    assert page.locator(".board").inner_text() == board_a

    # Starting A again asks first; neither save changes until the player answers.
    page.click("[data-ui=lobby]")
    page.click('[data-ui=play][data-value="trick-of-trip"]')
    page.click("[data-ui=start]")
    expect(page.locator("#conflict-title")).to_be_focused()
    expect(page.locator("#screen")).to_contain_text("a game of Trick of Trip (nuun) in progress")
    assert (saved(page, "trick-of-trip"), saved(page, "trickbook")) == (save_a, save_b)

    # Discarding B asks too: kept on "Keep it", gone on "Discard it"; A stays.
    page.click("[data-ui=lobby]")
    page.click('[data-ui=discard-save][data-value="trickbook"]')
    expect(page.locator("#resume .discard-question")).to_be_focused()
    check_sizes(page, "#resume")
    page.click('[data-ui=cancel-discard][data-value="trickbook"]')
    assert saved(page, "trickbook") == save_b
    page.click('[data-ui=discard-save][data-value="trickbook"]')
    page.click('[data-ui=confirm-discard][data-value="trickbook"]')
    expect(offers).to_have_count(1)
    assert saved(page, "trickbook") is None and saved(page, "trick-of-trip") == save_a
