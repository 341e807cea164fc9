"""Issue 23.7: the lobby's buttons stay put when the loading bar goes, and a finished game
shows its result and "Play again" on screen (Wray's sheet pushed it below a desktop's fold;
Trick of Trip's final table must not widen a 360 px phone)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import StrictPage, open_app, play_to_end, resume_near_the_end

FIRST_PLAY = "document.querySelector('.game-card [data-ui=play]').getBoundingClientRect().top"


def test_the_lobby_does_not_move_when_python_is_ready(phone: StrictPage, site_url: str) -> None:
    page = phone.page
    page.add_init_script(
        "addEventListener('DOMContentLoaded', () => { window.__playTop = " + FIRST_PLAY + "; })"
    )
    open_app(page, site_url)
    before = page.evaluate("window.__playTop")
    assert isinstance(before, (int, float))
    assert page.evaluate(FIRST_PLAY) == before


@pytest.mark.parametrize(
    "game_id, players, size",
    [("magic-trick-wray", 4, (1280, 800)), ("trick-of-trip", 5, (360, 740))],
)
def test_the_result_and_play_again_are_on_screen_at_the_end(
    desktop: StrictPage, site_url: str, game_id: str, players: int, size: tuple[int, int]
) -> None:
    page = desktop.page
    page.set_viewport_size({"width": size[0], "height": size[1]})
    resume_near_the_end(page, site_url, game_id, players, seed=2)
    play_to_end(page, pick_seed=4)
    page.wait_for_timeout(100)  # the scroll to the result
    boxes = page.evaluate(
        """() => ['#game-over-title', '[data-testid=game-over] [data-ui=again]'].map((s) => {
            const r = document.querySelector(s).getBoundingClientRect();
            return [r.top, r.bottom];
        })"""
    )
    for top, bottom in boxes:
        assert top >= 0 and bottom <= size[1], boxes
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]


def test_a_round_ends_on_the_table_until_the_player_continues(
    phone: StrictPage, site_url: str
) -> None:
    """Issue 23.2: Trick of Trip went straight from a round's last trick into the next draft.
    Now the bots wait (body of the table: data-waiting=continue) for the player's Continue."""
    page = phone.page
    open_app(page, site_url + "?game=trick-of-trip&players=3&seed=2&level=easy&speed=fast")
    bar = page.locator("#screen .continue-bar [data-ui=continue]")
    for _ in range(600):  # a round: the draft and six tricks, 0.3 s a bot move, 0.6 s a trick
        if bar.count():
            break
        actions = page.locator("#screen [data-action]:not([disabled])")
        if actions.count():
            actions.first.click()
            continue
        steps = page.locator("#screen .board [data-ui]")
        if steps.count():
            steps.first.click()
            continue
        page.wait_for_timeout(100)
    assert bar.count() == 1, "no Continue at the end of a trick or round"
    table = page.locator("#screen .table-screen")
    assert table.get_attribute("data-waiting") == "continue"
    moves = page.locator("#screen .log li").count()
    page.wait_for_timeout(1500)  # longer than any timed pause: the bots still wait
    assert page.locator("#screen .log li").count() == moves
    assert page.locator("#screen .last-trick").count() == 1  # the trick is still drawn
    bar.click()
    expect(bar).to_have_count(0)
    expect(table).not_to_have_attribute("data-waiting", "continue")
