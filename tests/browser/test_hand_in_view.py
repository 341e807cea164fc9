"""Issue 23.1: when it is your turn, your prompt and the controls of your own area are on
screen without scrolling, in every game and player count, on a phone upright and on its
side, and on a desktop (the hand used to start 680-1040 px down a 740 px phone screen)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

import pygame_rules

from .conftest import StrictPage, open_app, play_to_end

PORTRAIT = {"width": 360, "height": 740}
LANDSCAPE = {"width": 740, "height": 360}
DESKTOP_SIZE = {"width": 1280, "height": 800}

# Every player count upright; the largest table on its side and on a desktop.
CASES = [
    (game.id, n, PORTRAIT)
    for game in pygame_rules.list_games()
    for n in range(game.min_players, game.max_players + 1)
] + [
    (game.id, game.max_players, size)
    for size in (LANDSCAPE, DESKTOP_SIZE)
    for game in pygame_rules.list_games()
]

MY_TURN = (
    "#screen .table-screen:not([data-waiting]) .board :is([data-action]:not([disabled]), [data-ui])"
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
    const items = [...board.querySelectorAll('.prompt, [data-action]:not([disabled]), [data-ui]')];
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
    play_to_end(page, pick_seed=2, max_steps=12, must_end=False)
    if not page.locator("[data-testid=game-over]").count():
        assert_my_turn_in_view(page)
