"""Issue 24.3: take back your last move in every game, in the page. Before any move the
control says why it cannot; after one it brings back the table as it was before that move
(the same legal moves); a take-back after something hidden was shown asks first and makes
the game practice (shown, saved in the record, not counted)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Page

import pygame_rules
from ui.play.session import Session
from ui.runtime.storage import STATS_KEY
from ui.share.links import encode_moves

from .conftest import StrictPage, final_scores, open_app, play_to_end, replayed_scores

NAV = {"hint", "rules", "share", "lobby", "undo", "undo-confirm", "undo-cancel"}
MY_TURN = "#screen .table-screen:not([data-waiting])"


def legal_moves(page: Page) -> list[str]:
    found = page.locator("#screen [data-action]")
    return sorted(found.evaluate_all("els => els.map(e => e.dataset.action)"))


def table_now(page: Page) -> tuple[str, list[str]]:
    """What the table shows (its text) and the moves drawn on it."""
    return page.inner_text("#screen .board"), legal_moves(page)


def human_move(page: Page, pick: random.Random) -> tuple[str, list[str]]:
    """Make one move as the player (through the game's own steps where it needs several
    taps); the table as it was before its first tap."""
    page.wait_for_selector(MY_TURN)
    before = table_now(page)
    for _ in range(40):
        page.wait_for_selector(MY_TURN)
        actions = page.locator("#screen [data-action]:not([disabled])")
        if actions.count():
            actions.nth(pick.randrange(actions.count())).click()
            return before
        steps = page.locator("#screen .board [data-ui]").evaluate_all(
            "els => els.map(el => [el.dataset.ui, el.dataset.value ?? null])"
        )
        name, value = pick.choice([s for s in steps if s[0] not in NAV])
        selector = f'#screen [data-ui="{name}"]' + (f'[data-value="{value}"]' if value else "")
        page.locator(selector).first.click()
    raise AssertionError("no move could be made")


@pytest.mark.parametrize("game_id", [g.id for g in pygame_rules.list_games()])
def test_take_back_in_every_game(desktop: StrictPage, site_url: str, game_id: str) -> None:
    page = desktop.page
    open_app(page, site_url + f"?game={game_id}&seed=5&level=easy&speed=instant")
    page.wait_for_selector(MY_TURN)
    undo = page.locator("#screen [data-ui=undo]")
    assert undo.get_attribute("aria-disabled") == "true"
    assert "nothing to take back" in undo.get_attribute("title")
    undo.dispatch_event("click")  # playwright will not click what says it is disabled
    page.wait_for_selector("#notice:not([hidden])")
    assert "nothing to take back" in page.inner_text("#notice")

    pick = random.Random(game_id)
    for _ in range(3):
        before = human_move(page, pick)
        page.wait_for_selector(MY_TURN)
        if page.locator("[data-testid=game-over]").count():
            pytest.fail("the game ended within three moves")
        assert undo.get_attribute("aria-disabled") is None
        undo.focus()
        page.keyboard.press("Enter")  # by keyboard
        bar = page.locator(".undo-bar")
        page.wait_for_function(
            "document.querySelector('.undo-bar') || [...document.querySelectorAll('.log li')]"
            ".some(li => li.textContent.includes('took back'))"
        )
        if bar.count():
            assert "practice" in bar.inner_text()
            page.click(".undo-bar [data-ui=undo-confirm]")
        page.wait_for_selector(MY_TURN)
        assert table_now(page) == before
        assert "took back" in page.locator(".log li").last.inner_text()
        if bar.count() == 0 and "(practice)" in page.inner_text(".turn-status"):
            break  # practice already: the rest plays on as practice
        human_move(page, pick)  # a move again, so the next take-back has one to undo


PRACTICE_GAME = ("trick-of-trip", 3, 2)  # game, players, seed


def _bots_move(session: Session) -> None:
    """The bots' moves until the player's turn or the end, as the page's Easy bots make them."""
    while not session.is_over() and not session.human_legal():
        seat = session.next_bot()
        assert seat is not None
        turn = session.start_bot(seat)
        turn.step(None)
        session.act(seat, turn.action)


def _session_after(history: list[list[Any]]) -> Session:
    session = Session(*PRACTICE_GAME, "easy")
    for seat, action in history:
        session.act(seat, action)
    return session


def late_position() -> str:
    """A position link to the practice game near its end: a seeded game played out in
    CPython, cut at the latest turn of the player where every move they may make is
    followed by something hidden being shown (so its take-back makes the game practice)
    and not by the end. The test's subject is the practice game's end and record, not the
    rest of the game, which clicking through took most of its time."""
    game_id, players, seed = PRACTICE_GAME
    session = _session_after([])
    pick = random.Random(0)
    while True:
        _bots_move(session)
        if session.is_over():
            break
        session.act(session.human, pick.choice(session.human_legal()))
    history = session.history
    turns = [i for i, (seat, _) in enumerate(history) if seat == session.human]
    for cut in reversed(turns):
        every_move_reveals = True
        for action in _session_after(history[:cut]).human_legal():
            after = _session_after(history[:cut])
            after.act(after.human, action)
            _bots_move(after)
            offer = after.take_back_offer()
            if after.is_over() or offer is None or not offer.reveals:
                every_move_reveals = False
                break
        if every_move_reveals:
            moves = encode_moves(game_id, players, seed, {}, history[:cut])
            return f"?game={game_id}&players={players}&seed={seed}&level=easy&moves={moves}"
    raise AssertionError("no turn of the player where every move reveals something")


def test_a_practice_game_says_so_at_its_end_and_in_its_record(
    desktop: StrictPage, site_url: str
) -> None:
    page = desktop.page
    open_app(page, site_url + late_position() + "&speed=instant")
    page.click("[data-ui=link-continue]")  # play on from the position
    pick = random.Random(3)
    while True:
        human_move(page, pick)
        page.wait_for_selector(MY_TURN)
        page.click("#screen [data-ui=undo]")
        if page.locator(".undo-bar").count():
            page.click(".undo-bar [data-ui=undo-confirm]")
            break
    page.wait_for_selector(MY_TURN)
    assert "(practice)" in page.inner_text(".turn-status")
    page.reload()  # the save keeps it (reloading a link goes on with its game)
    page.wait_for_selector("body[data-app-state=ready]")
    page.wait_for_selector(MY_TURN)
    assert "(practice)" in page.inner_text(".turn-status")
    play_to_end(page, pick_seed=4)
    over = page.locator("[data-testid=game-over]")
    assert "practice game" in over.inner_text()
    assert json.loads(over.get_attribute("data-record"))["practice"] is True
    assert final_scores(page) == replayed_scores(page)
    stats = page.evaluate(f"localStorage.getItem('{STATS_KEY}')")
    assert stats is None or "trick-of-trip" not in json.loads(stats)
