"""Issue 36.4: the page always says what it waits for. At a hand's (a round's) end the bots
wait for the player's Continue, and the table's bar says so (it said "Waiting for Bot 1…");
Continue is a hook the tests find like any step of play."""

from __future__ import annotations

import json
import random
import re

import pytest
from playwright.sync_api import expect

from ui.app import play_steps
from ui.saves import save_key

from .conftest import StrictPage, open_app
from .test_hand_in_view import MY_TURN
from .test_review import TRICK_GAMES, near_a_hand_end

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("game_id", "players"), TRICK_GAMES, ids=[g for g, _ in TRICK_GAMES])
def test_the_bar_says_the_table_waits_for_your_continue(
    phone: StrictPage, site_url: str, game_id: str, players: int
) -> None:
    page = phone.page
    save, _moves = near_a_hand_end(game_id, players)
    page.goto(site_url)
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [save_key(game_id), json.dumps(save)])
    page.evaluate("localStorage.setItem('pygame-table.settings', '{\"speed\": \"fast\"}')")
    open_app(page, site_url)
    page.click(f"#resume [data-ui=resume][data-value={game_id}]")
    table = page.locator("#screen .table-screen")
    status = page.locator("#screen .turn-status")
    pick = random.Random(3)
    for _ in range(200):  # your last moves of the hand; the bots play at Fast
        if table.get_attribute("data-waiting") == "continue":
            break
        mine = page.locator(MY_TURN)
        if mine.count():
            expect(status).to_have_text("Your move")
            mine.nth(pick.randrange(mine.count())).click()
        else:
            page.wait_for_timeout(50)
    expect(table).to_have_attribute("data-waiting", "continue")
    # (Trick of Trip's next round starts with everyone's draft: your move is awaited too.)
    expect(status).to_have_text(re.compile(r"^(Press Continue|Your move and Continue)$"))
    step = page.locator("#screen [data-ui=continue]")
    expect(step).to_be_visible()
    assert "continue" in play_steps()  # what play_to_end clicks when there is no move
    step.click()
    expect(table).not_to_have_attribute("data-waiting", "continue")
    expect(status).not_to_have_text(re.compile("Continue"))
