"""Issue 24.1: Learn by playing, in the page, for every game. It starts from the lobby, the
setup screen or an embedded frame; a move that is not the lesson's gets a note (and is not
played); following the highlighted moves (class `suggested`) reaches the lesson's end,
which explains the deal's scoring and offers a real game. The lessons themselves are
played through the engine in tests/test_lessons.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from ui.lessons import LESSONS

from .conftest import StrictPage, open_app

MY_TURN_OR_END = "#screen .table-screen:not([data-waiting]), [data-testid=lesson-end]"
# Where each game's lesson is started from: the lobby's card, the setup screen, or the
# setup screen of an embedded frame (after its Play).
ENTRY = {
    "magic-trick-wray": "lobby",
    "magic-trick-baker": "setup",
    "trick-of-trip": "embed",
    "trickbook": "lobby",
}


def start_lesson(page: Page, site_url: str, game_id: str) -> None:
    entry = ENTRY[game_id]
    if entry == "embed":
        page.goto(f"{site_url}embed.html?game={game_id}&speed=instant")
        page.click("#embed-play")
        page.wait_for_selector("body[data-app-state=ready]")
        page.click(f"#screen [data-ui=learn][data-value={game_id}]")
    elif entry == "setup":
        open_app(page, f"{site_url}?game={game_id}&speed=instant")
        page.click(f"#screen [data-ui=learn][data-value={game_id}]")
    else:
        open_app(page, f"{site_url}?speed=instant")
        page.click(f".game-card[data-game={game_id}] [data-ui=learn]")


@pytest.mark.parametrize("game_id", sorted(LESSONS))
def test_learn_by_playing(phone: StrictPage, site_url: str, game_id: str) -> None:
    page = phone.page
    start_lesson(page, site_url, game_id)
    page.wait_for_selector(f".table-screen[data-game={game_id}]")
    note = page.locator("#screen .lesson-note")
    wrong_made = False
    for _ in range(len(LESSONS[game_id]["moves"]) + 5):
        page.wait_for_selector(MY_TURN_OR_END)
        if page.locator("[data-testid=lesson-end]").count():
            break
        suggested = page.locator("#screen [data-action].suggested")
        expect(suggested).to_have_count(1)
        if note.count():  # a note at this move, in the prompt
            expect(note).to_have_attribute("role", "status")
        others = page.locator("#screen [data-action]:not(.suggested):not([disabled])")
        if not wrong_made and others.count():
            before = page.locator("#screen [data-action]").count()
            others.first.click()
            expect(note).to_contain_text("Not this time: in this lesson, try")
            assert page.locator("#screen [data-action]").count() == before  # nothing played
            wrong_made = True
            continue
        suggested.click()
    else:
        raise AssertionError("the lesson did not end")
    assert wrong_made, "the lesson never offered a choice"
    end = page.locator("[data-testid=lesson-end]")
    expect(end).to_contain_text(LESSONS[game_id]["end"])
    expect(page.locator("#screen [data-action]")).to_have_count(0)
    # The offer of a real game: the setup screen of that game.
    end.locator("[data-ui=play]").click()
    expect(page.locator(f"#screen [data-ui=learn][data-value={game_id}]")).to_be_visible()
