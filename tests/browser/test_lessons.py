"""Issue 24.1: Learn by playing, in the page, for every game. It starts from the lobby, the
setup screen or an embedded frame; a move that is not the lesson's gets a note (and is not
played); following the highlighted moves (class `suggested`) reaches the lesson's end,
which explains the deal's scoring and offers a real game. At every step, on a phone
upright and on its side and on a desktop, the note and the move to make are both on
screen; the whole lesson plays by keyboard too; and the end shows the lesson's end, not
the next hand the engine has dealt. The lessons themselves are played through the engine
in tests/test_lessons.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

import pygame_rules
from ui.lessons import lesson_for

from .conftest import StrictPage, open_app

MY_TURN_OR_END = "#screen .table-screen:not([data-waiting]), [data-testid=lesson-end]"
SUGGESTED = "#screen [data-action].suggested"
WRONG = "#screen [data-action]:not(.suggested):not([disabled])"
NOTE = "#screen .lesson-note"
PORTRAIT = {"width": 360, "height": 740}
LANDSCAPE = {"width": 740, "height": 360}
DESKTOP_SIZE = {"width": 1280, "height": 800}
# Where each game's lesson is started from: the lobby's card, the setup screen, or the
# setup screen of an embedded frame (after its Choose settings).
ENTRY = {
    "magic-trick-wray": "lobby",
    "magic-trick-baker": "setup",
    "trick-of-trip": "embed",
    "trickbook": "lobby",
}

# The note, the lesson's move (the card, or the confirm button of a split or a pick) and the
# trick the note talks about (issue 36.5: Trick of Trip's was cropped): each wholly inside
# the viewport, with nothing drawn over its centre, as the page left them (the test scrolls
# nothing; a click would scroll its target into view).
OUT_OF_VIEW = """() => {
    const out = [];
    const shown = '#screen .lesson-note, #screen .suggested, #screen .trick-stage';
    for (const el of document.querySelectorAll(shown)) {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        const inside = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight &&
            r.right <= innerWidth;
        if (!inside || hit === null || !(hit === el || el.contains(hit)))
            out.push(el.className + ' @' + Math.round(r.top) + '-' + Math.round(r.bottom));
    }
    return out;
}"""


def assert_lesson_in_view(page: Page, when: str) -> None:
    out = page.evaluate(OUT_OF_VIEW)
    assert not out, f"out of view at {page.viewport_size}, {when}: {out}"


def start_lesson(page: Page, site_url: str, game_id: str) -> None:
    entry = ENTRY[game_id]
    if entry == "embed":
        page.goto(f"{site_url}embed.html?game={game_id}&speed=instant")
        page.click("#embed-setup")  # (Play deals a game at once)
        page.wait_for_selector("body[data-app-state=ready]")
        page.click(f"#screen [data-ui=learn][data-value={game_id}]")
    elif entry == "setup":
        open_app(page, f"{site_url}?game={game_id}&speed=instant")
        page.click(f"#screen [data-ui=learn][data-value={game_id}]")
    else:
        open_app(page, f"{site_url}?speed=instant")
        page.click(f".game-card[data-game={game_id}] [data-ui=learn]")


def assert_end_only(page: Page, game_id: str) -> None:
    """The lesson's end, and not the next hand under it: no table, no move, no log."""
    end = page.locator("[data-testid=lesson-end]")
    expect(end).to_contain_text(lesson_for(game_id)["end"])
    expect(page.locator("#screen [data-action]")).to_have_count(0)
    expect(page.locator("#screen .board")).to_have_count(0)
    expect(page.locator("#screen .log")).to_have_count(0)
    expect(page.locator("#screen .turn-status")).to_have_text("Lesson done")


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["360x740", "740x360"])
@pytest.mark.parametrize("game_id", pygame_rules.GAME_IDS)
def test_learn_by_playing(
    phone: StrictPage, site_url: str, game_id: str, size: dict[str, int]
) -> None:
    page = phone.page
    page.set_viewport_size(size)
    start_lesson(page, site_url, game_id)
    page.wait_for_selector(f".table-screen[data-game={game_id}]")
    note = page.locator(NOTE)
    wrong_made = False
    for step in range(len(lesson_for(game_id)["moves"]) + 1):
        page.wait_for_selector(MY_TURN_OR_END)
        if page.locator("[data-testid=lesson-end]").count():
            break
        suggested = page.locator(SUGGESTED)
        expect(suggested).to_have_count(1)
        if note.count():  # a note at this move, in the prompt
            expect(note).to_have_attribute("role", "status")
        assert_lesson_in_view(page, f"move {step}")
        others = page.locator(WRONG)
        if others.count():  # a wrong move, at every step: its note, and nothing played
            before = page.locator("#screen [data-action]").count()
            others.first.click()
            expect(note).to_contain_text("Not this time: in this lesson, try")
            assert page.locator("#screen [data-action]").count() == before
            assert_lesson_in_view(page, f"move {step}, after a wrong one")
            wrong_made = True
        suggested.click()
    else:
        raise AssertionError("the lesson did not end")
    assert wrong_made, "the lesson never offered a choice"
    assert_end_only(page, game_id)
    end = page.locator("[data-testid=lesson-end]")
    # The finished deal is there to review (not the next one), and back to the end.
    review = end.locator("[data-ui=review]")
    if review.count():
        review.click()
        expect(page.locator("#screen .review-screen")).to_be_visible()
        page.click("#screen [data-ui=review-close]")
        assert_end_only(page, game_id)
    # The offer of a real game: the setup screen of that game.
    end.locator("[data-ui=play]").click()
    expect(page.locator(f"#screen [data-ui=learn][data-value={game_id}]")).to_be_visible()


# -- by keyboard only ------------------------------------------------------------------
FOCUSED = "s => document.activeElement !== null && document.activeElement.matches(s)"


def tab_to(page: Page, selector: str, limit: int = 150) -> None:
    """Press Tab until the focus is on an element that matches `selector`."""
    for _ in range(limit):
        if page.evaluate(FOCUSED, selector):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


@pytest.mark.parametrize("game_id", pygame_rules.GAME_IDS)
def test_lesson_by_keyboard(desktop: StrictPage, site_url: str, game_id: str) -> None:
    """The whole lesson by Tab, Enter and Space: started from the setup screen, a wrong
    move and its note, every move of the lesson, the end and its offer of a real game."""
    page = desktop.page
    page.set_viewport_size(DESKTOP_SIZE)
    open_app(page, f"{site_url}?game={game_id}&speed=instant")
    tab_to(page, f"#screen [data-ui=learn][data-value={game_id}]")
    page.keyboard.press("Enter")
    page.wait_for_selector(f".table-screen[data-game={game_id}]")
    note = page.locator(NOTE)
    wrong_made = False
    for step in range(len(lesson_for(game_id)["moves"]) + 1):
        page.wait_for_selector(MY_TURN_OR_END)
        if page.locator("[data-testid=lesson-end]").count():
            break
        assert_lesson_in_view(page, f"move {step}")
        if not wrong_made and page.locator(WRONG).count():
            before = page.locator("#screen [data-action]").count()
            tab_to(page, WRONG)
            page.keyboard.press("Space")
            expect(note).to_contain_text("Not this time: in this lesson, try")
            assert page.locator("#screen [data-action]").count() == before
            assert_lesson_in_view(page, f"move {step}, after a wrong one")
            wrong_made = True
        tab_to(page, SUGGESTED)
        played = page.evaluate_handle("document.activeElement")
        page.keyboard.press("Enter" if step % 2 else "Space")
        # Played: the table is drawn anew (the move's control is gone from the page).
        page.wait_for_function("el => !el.isConnected", arg=played)
    else:
        raise AssertionError("the lesson did not end")
    assert wrong_made, "the lesson never offered a choice"
    assert_end_only(page, game_id)
    # The end's title has the focus; its offer of a real game is a Tab away.
    expect(page.locator("#lesson-end-title")).to_be_focused()
    tab_to(page, "[data-testid=lesson-end] [data-ui=play]", limit=10)
    page.keyboard.press("Enter")
    expect(page.locator(f"#screen [data-ui=learn][data-value={game_id}]")).to_be_visible()


@pytest.mark.parametrize("where", ["app", "embed"])
def test_a_reload_comes_back_to_the_lesson(phone: StrictPage, site_url: str, where: str) -> None:
    """Issue 36.4: a lesson is a table too: a reload comes back to it, at the same move (in
    the full app by its address, `?learn=GAME&step=N`; in a frame, whose address is its host
    page's, by the tab's sessionStorage). Leaving it, a reload no longer does."""
    page = phone.page
    game_id = "magic-trick-baker"
    if where == "app":
        open_app(page, f"{site_url}?speed=instant")
        page.click(f".game-card[data-game={game_id}] [data-ui=learn]")
    else:
        page.goto(f"{site_url}embed.html?game={game_id}&speed=instant")
        page.click("#embed-setup")
        page.wait_for_selector("body[data-app-state=ready]")
        page.click(f"#screen [data-ui=learn][data-value={game_id}]")
    for _ in range(3):
        page.wait_for_selector(MY_TURN_OR_END)
        page.locator(SUGGESTED).click()
    page.wait_for_selector(MY_TURN_OR_END)
    before = page.locator("#screen .board").inner_text()
    note = page.locator(NOTE).all_inner_texts()
    move = page.locator(SUGGESTED).get_attribute("data-action")
    if where == "app":
        assert "?learn=magic-trick-baker&step=" in page.url
    page.reload()
    page.wait_for_selector("body[data-app-state=ready]")
    page.wait_for_selector(MY_TURN_OR_END)
    # The same table, the same move asked for with the same note (the lesson's, at that
    # step), and no Continue left over.
    assert page.locator("#screen .board").inner_text() == before
    expect(page.locator(SUGGESTED)).to_have_count(1)
    assert page.locator(SUGGESTED).get_attribute("data-action") == move
    assert page.locator(NOTE).all_inner_texts() == note
    expect(page.locator("#screen [data-ui=continue]")).to_have_count(0)
    page.locator(SUGGESTED).click()  # and the lesson goes on from there
    page.wait_for_selector(MY_TURN_OR_END)
    page.click("#screen [data-ui=lobby]")  # Leave
    if where == "app":  # once the other games' files are in (App.after_games)
        expect(page).to_have_url(site_url)
        page.reload()
        page.wait_for_selector("body[data-app-state=ready]")
        expect(page.locator("#lobby")).to_be_visible()
    else:
        expect(page.locator("#setup-title")).to_be_visible()
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-app-state", "idle")


def test_a_lessons_odd_address_is_said(phone: StrictPage, site_url: str) -> None:
    """A lesson's address with an unknown game says so, as text, and shows the lobby; one
    with a malformed step says so and starts the lesson from its beginning."""
    page = phone.page
    open_app(page, site_url + "?learn=<img src=x onerror=alert(1)>&step=2")
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("There is no lesson for an unknown game")
    expect(page.locator("#notice")).to_contain_text("<img src=x")  # the text, never HTML
    assert page.locator("#notice img").count() == 0
    expect(page.locator("#screen .table-screen")).to_have_count(0)

    open_app(page, site_url + "?learn=magic-trick-baker&step=<b>x</b>&speed=instant")
    expect(page.locator("#notice")).to_contain_text("A lesson's step is a whole number")
    assert page.locator("#notice b").count() == 0
    page.wait_for_selector(MY_TURN_OR_END)
    expect(page.locator(SUGGESTED)).to_have_count(1)
    lesson = lesson_for("magic-trick-baker")
    first = next(i for i, (seat, _) in enumerate(lesson["moves"]) if seat == 0)  # the human's
    expect(page.locator(NOTE)).to_contain_text(lesson["notes"][first])

    # A lesson and a game in one link: the lesson opens, and the notice says the game didn't.
    open_app(page, site_url + "?learn=magic-trick-baker&game=magic-trick-wray&speed=instant")
    expect(page.locator("#notice")).to_contain_text("a lesson or a game, not both")
    page.wait_for_selector(MY_TURN_OR_END)
    expect(page.locator("#screen .table-screen.game-magic-trick-baker.lesson")).to_have_count(1)
