"""Issue 23.1: when it is your turn, your prompt and the controls of your own area are on
screen without scrolling, in every game and player count, on a phone upright and on its
side, and on a desktop (the hand used to start 680-1040 px down a 740 px phone screen). Each
game's largest table on a phone, upright and on its side, is test_glance's, at every turn."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page

import pygame_rules

from .conftest import StrictPage, open_app

PORTRAIT = {"width": 360, "height": 740}
LANDSCAPE = {"width": 740, "height": 360}
DESKTOP_SIZE = {"width": 1280, "height": 800}

# Every player count upright but the largest, and the largest table on a desktop. The
# largest table upright and on its side: test_glance, at every turn of a whole game.
CASES = [
    (game.id, n, PORTRAIT)
    for game in pygame_rules.list_games()
    for n in range(game.min_players, game.max_players)
] + [(game.id, game.max_players, DESKTOP_SIZE) for game in pygame_rules.list_games()]

MY_TURN = (
    "#screen .table-screen:not([data-waiting]) .board"
    " :is([data-action]:not([disabled]), [data-ui]:not([data-ui=detail]))"
)

# Each of the prompt and the table's controls (your hand's, or a step in the centre):
# wholly inside the viewport, and the element at its centre is itself (nothing drawn
# over it, such as the docked hand over the centre).
OUT_OF_VIEW = """() => {
    const inView = (el) => {
        const r = el.getBoundingClientRect();
        if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        return hit !== null && (hit === el || el.contains(hit));
    };
    const board = document.querySelector('#screen .board');
    const items = [...board.querySelectorAll(
        '.prompt, [data-action]:not([disabled]), [data-ui]:not([data-ui=detail])')];
    return {
        scrolled: scrollY,
        checked: items.length,
        out: items.filter((el) => !inView(el)).map((el) =>
            (el.getAttribute('aria-label') || el.textContent).trim().slice(0, 40) + ' @' +
            Math.round(el.getBoundingClientRect().top) + '-' +
            Math.round(el.getBoundingClientRect().bottom)),
    };
}"""


def assert_my_turn_in_view(page: Page) -> None:
    page.wait_for_selector(MY_TURN)
    page.evaluate("scrollTo(0, 0)")
    found = page.evaluate(OUT_OF_VIEW)
    size = page.viewport_size
    assert found["scrolled"] == 0
    assert found["checked"] >= 2, found  # the prompt and at least one control
    assert not found["out"], f"out of view at {size}: {found['out']}"


@pytest.mark.parametrize(
    "game_id, players, size",
    CASES,
    ids=[f"{g}-{n}-{s['width']}x{s['height']}" for g, n, s in CASES],
)
def test_your_turn_is_on_screen_without_scrolling(
    desktop: StrictPage, site_url: str, game_id: str, players: int, size: dict[str, int]
) -> None:
    page = desktop.page
    page.set_viewport_size(size)
    open_app(page, site_url + f"?game={game_id}&players={players}&seed=3&level=easy&speed=instant")
    assert_my_turn_in_view(page)
    # A few turns later (a trick under way, a sleeve taken, a die rolled) it still is.
    take_turns(page, random.Random(2), clicks=12)
    if not page.locator("[data-testid=game-over]").count():
        assert_my_turn_in_view(page)


def take_turns(page: Page, pick: random.Random, clicks: int) -> None:
    """`clicks` of the human's moves or own steps (a card into a group), each once the bots
    have stopped: the same positions on a loaded machine as on a quiet one (play_to_end's
    steps include its waits, so where it stopped depended on the machine's speed)."""
    for _ in range(clicks):
        page.wait_for_selector(f"{MY_TURN}, [data-testid=game-over]")
        if page.locator("[data-testid=game-over]").count():
            return
        moves = page.locator("#screen .board [data-action]:not([disabled])")
        if not moves.count():  # the game's own steps, not the review's
            moves = page.locator(
                "#screen .board [data-ui]:not([data-ui^=review], [data-ui=last-trick],"
                " [data-ui=detail])"
            )
        moves.nth(pick.randrange(moves.count())).click()


def test_a_split_with_both_groups_filled_fits_a_phone_on_its_side(
    desktop: StrictPage, site_url: str
) -> None:
    """Trick of Trip's split at 740x360: each group's name beside its cards, so group A,
    group B and "Offer" stay on screen as cards move (group B and Offer were 30-90 px
    below it)."""
    page = desktop.page
    page.set_viewport_size(LANDSCAPE)
    open_app(page, site_url + "?game=trick-of-trip&players=5&seed=3&level=easy&speed=instant")
    for _ in range(3):  # three cards into group B, one at a time
        assert_my_turn_in_view(page)
        page.locator("#screen .my-area [data-ui]:not([aria-pressed=true])").first.click()
    assert_my_turn_in_view(page)
    assert page.locator("#screen .my-area [data-action]").count() == 1  # Offer, in view
