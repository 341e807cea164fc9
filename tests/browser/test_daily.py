"""The deal of the day (issue 40.5) in the page: dealt from the lobby for the device's date
(`window.pygameToday`), resumed as the daily, its result shared without spoilers, counted
once, the streak in the lobby's statistics."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from ui.play import daily
from ui.saves import save_key

from .conftest import (
    PHONE,
    StrictPage,
    near_the_end,
    open_app,
    play_to_end,
    serious_violations,
)

pytestmark = pytest.mark.browser

GAME = "trickbook"
TODAY = "2026-11-28"
STATS = "pygame-table.stats"
# The device's date, the share sheet and the clipboard, stubbed; the bots' search cut short
# (a Normal bot then plays on the page at once, never waiting for the worker).
STUBS = f"""
window.pygameToday = {json.dumps(TODAY)};
window.pygameThinkLimit = 0;
window.sent = [];
navigator.share = (data) => {{ window.sent.push(data); return Promise.resolve(); }};
Object.defineProperty(navigator, "clipboard", {{
    value: {{ writeText: (text) => {{ window.copied = text; return Promise.resolve(); }} }},
}});
"""
SHOTS = os.environ.get("DAILY_SCREENSHOTS")  # a folder: screenshots of the result there


def stats(page: Page) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem({json.dumps(STATS)})") or "{}")


def finish_from_near_the_end(page: Page, site_url: str) -> None:
    """Store today's deal two of the player's moves from its end as the saved game, and
    play it out from the lobby's Deal of the day (which resumes it: it is today's)."""
    game = near_the_end(GAME, 2, daily.daily_seed(GAME, TODAY))
    game["level"], game["daily"] = daily.DAILY_LEVEL, TODAY
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [save_key(GAME), json.dumps(game)])
    open_app(page, site_url)
    page.click(f".game-card[data-game={GAME}] [data-ui=daily]")
    page.wait_for_selector("#screen .table-screen")
    assert page.evaluate("location.search") == f"?game={GAME}&daily={TODAY}"
    play_to_end(page)


def test_the_deal_of_the_day_from_the_lobby_shared_and_counted_once(
    phone: StrictPage, site_url: str
) -> None:
    page = phone.page
    page.context.add_init_script(STUBS)
    page.goto(site_url)
    page.evaluate(
        "([k, s]) => { localStorage.setItem(k, s);"
        " localStorage.setItem('pygame-table.settings', '{\"speed\": \"instant\"}'); }",
        [STATS, json.dumps({"daily": {GAME: [["2026-11-26", "2026-11-27"]]}})],
    )
    open_app(page, site_url)
    page.click(f".game-card[data-game={GAME}] [data-ui=daily]")
    page.wait_for_selector("#screen .table-screen")
    saved = json.loads(page.evaluate(f"localStorage.getItem({json.dumps(save_key(GAME))})"))
    assert saved["seed"] == daily.daily_seed(GAME, TODAY) == 2081224638
    assert (saved["daily"], saved["level"], saved["players"]) == (TODAY, "normal", 2)
    page.click("#screen [data-ui=lobby]")

    finish_from_near_the_end(page, site_url)
    box = page.locator("[data-testid=game-over] .daily-result")
    expect(box.locator("#daily-title")).to_have_text(f"Deal of the day, {TODAY}")
    text = box.locator("#daily-text").input_value()
    line, link = text.split("\n")
    assert line.startswith(f"Trick Table · Trickbook (Jacob Hauberg Hansen) · deal of {TODAY} · ")
    assert line.endswith(" · streak 3") and link == f"{site_url}?game={GAME}&daily={TODAY}"
    result = line.split(" · ")[3]
    assert result.split(" by ")[0] in ("won", "lost", "shared the win"), result
    box.locator("[data-ui=daily-copy]").click()
    expect(box.locator("#daily-status")).to_have_text("Result copied.")
    assert page.evaluate("window.copied") == text
    box.locator("[data-ui=daily-send]").click()
    expect(box.locator("#daily-status")).to_have_text("Result shared.")
    assert page.evaluate("window.sent") == [
        {"title": "Deal of the day — Trick Table", "text": line, "url": link}
    ]
    assert serious_violations(page) == []
    counted = stats(page)
    assert counted[GAME]["played"] == 1 and counted["daily"][GAME] == [["2026-11-26", TODAY]]
    if SHOTS:
        box.scroll_into_view_if_needed()
        page.screenshot(path=str(Path(SHOTS) / "daily-game-over-360.png"))
        page.emulate_media(color_scheme="dark")
        page.screenshot(path=str(Path(SHOTS) / "daily-game-over-360-dark.png"))
        page.set_viewport_size({"width": 1280, "height": 800})
        page.screenshot(path=str(Path(SHOTS) / "daily-game-over-1280-dark.png"))
        page.emulate_media(color_scheme="light")
        page.set_viewport_size(PHONE)

    # Reload, and finish today's deal again: it is not counted twice.
    finish_from_near_the_end(page, site_url)
    assert stats(page) == counted
    expect(page.locator("#daily-text")).to_have_value(text)
    page.click("[data-testid=game-over] [data-ui=lobby]")
    page.locator("#stats-box > details > summary").click()
    row = page.locator("#stats-box .game-stats tbody tr", has_text="Trickbook")
    expect(row.locator("td").last).to_have_text("3")  # the daily streak
    expect(page.locator("#stats-box .game-stats thead th").last).to_have_text("Streak")
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "daily-lobby-360.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 800})
        page.screenshot(path=str(Path(SHOTS) / "daily-lobby-1280.png"), full_page=True)
        page.set_viewport_size(PHONE)


def test_a_bad_daily_link_says_why_and_shows_the_setup(phone: StrictPage, site_url: str) -> None:
    page = phone.page
    page.context.add_init_script(STUBS)
    open_app(page, site_url + f"?game={GAME}&daily=%3Cb%3Etomorrow%3C%2Fb%3E")
    expect(page.locator("#notice")).to_contain_text("'<b>tomorrow</b>' was ignored")
    assert page.locator("#notice b").count() == 0  # words, never markup
    expect(page.locator("#setup-title")).to_be_visible()
    page.click("#screen [data-ui=daily]")  # the setup's Deal of the day
    page.wait_for_selector("#screen .table-screen")
    assert page.evaluate("location.search") == f"?game={GAME}&daily={TODAY}"
