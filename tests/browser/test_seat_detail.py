"""A seat summed up, and whole at a tap. Where the table is short of room (a phone, a short
frame or window: ui/runtime/page.py SUMMED_SEATS) each other seat shows its summary only, its
rows of cards left out of the page; a tap on it shows it whole over the table, Escape puts
the table back. Resized across that size (a phone turned, a window widened), the table is
drawn again for it: the rows come back, and go again."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import pygame_rules

from .conftest import DESKTOP, PHONE, StrictPage, open_app, play_to_end, resize

GAMES = [(game.id, game.max_players) for game in pygame_rules.list_games()]
SUMMED = "#screen .table-screen[data-seats=summed]"
WHOLE = "#screen .table-screen:not([data-seats])"
ROWS = "#screen .board .seat > .seat-more"
TAPS = "#screen .board .seat[data-detail] > .detail-open"
PANEL = "#detail-panel"
MY_TURN = (
    "#screen .table-screen:not([data-waiting]) .board"
    " :is([data-action]:not([disabled]), [data-ui]:not([data-ui=detail]))"
)
# The part of a selector's elements outside the viewport, in px (0: all of each on screen).
OFF_SCREEN = """(els) => Math.max(0, ...els.map((el) => {
    const r = el.getBoundingClientRect();
    return Math.max(-r.top, -r.left, r.bottom - innerHeight, r.right - innerWidth);
}))"""


def off_screen(page: Page, selector: str) -> float:
    return page.locator(selector).evaluate_all(OFF_SCREEN)


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_a_phones_seat_opens_whole_and_a_resize_draws_its_rows_again(
    phone: StrictPage, site_url: str, game_id: str, players: int
) -> None:
    page = phone.page
    open_app(page, site_url + f"?game={game_id}&players={players}&seed=3&level=easy&speed=instant")
    taps = page.locator(TAPS)
    for step in range(60):  # to a turn where a seat has rows (Trick of Trip: cards played)
        page.wait_for_selector(MY_TURN)
        if taps.count():
            break
        play_to_end(page, pick_seed=step, max_steps=1, must_end=False)
    seats = taps.count()
    assert seats >= 1, "no seat is summed up"
    expect(page.locator(SUMMED)).to_have_count(1)
    expect(page.locator(ROWS)).to_have_count(0)

    # One seat whole over the table, its rows on screen; Escape puts the table back.
    key = taps.first.get_attribute("data-value")
    taps.first.click()
    expect(page.locator(f"{PANEL} .seat-more")).to_be_visible()
    assert off_screen(page, f"{PANEL} .seat-more") == 0
    expect(page.locator(f"{PANEL} [data-ui=detail]")).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(PANEL)).to_have_count(0)
    expect(page.locator(f'#screen .board [data-detail="{key}"] > .detail-open')).to_be_focused()

    # A window wide and tall enough: every seat whole, its rows drawn again, no taps.
    page.set_viewport_size(DESKTOP)
    expect(page.locator(WHOLE)).to_have_count(1)
    expect(page.locator(ROWS)).to_have_count(seats)
    for row in page.locator(ROWS).all():
        expect(row).to_be_visible()
    expect(page.locator(TAPS).first).to_be_hidden()

    # A phone again: summed up again, and play goes on so.
    page.set_viewport_size(PHONE)
    expect(page.locator(SUMMED)).to_have_count(1)
    expect(page.locator(ROWS)).to_have_count(0)
    play_to_end(page, pick_seed=2, max_steps=4, must_end=False)
    page.wait_for_selector(f"{MY_TURN}, [data-testid=game-over]")
    expect(page.locator(ROWS)).to_have_count(0)


def test_a_desktop_table_keeps_whole_seats_and_draws_them_again_on_a_phone(
    desktop: StrictPage, site_url: str
) -> None:
    """The other way round: a desktop's table has every seat's rows; narrowed to a phone's
    width the page leaves them out (`resize` waits for that drawing)."""
    page = desktop.page
    open_app(page, site_url + "?game=magic-trick-wray&players=4&seed=3&level=easy&speed=instant")
    page.wait_for_selector(MY_TURN)
    expect(page.locator(WHOLE)).to_have_count(1)
    expect(page.locator(ROWS)).to_have_count(3)
    resize(page, PHONE)
    assert page.locator(ROWS).count() == 0
    assert page.locator(SUMMED).count() == 1
