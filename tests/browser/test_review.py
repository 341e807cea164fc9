"""Issue 24.2: review a finished game move by move in every game (forward, back, to the
end; by keyboard and by clicks; every card face up); the last trick during play, on screen
at the player's turn on a phone (upright, on its side) and a desktop; a finished hand's
review while the bots wait; and both in an embedded frame.

To keep it short, each game resumes a save near its end (or near its first hand's end:
seeded random moves in CPython), and the player finishes it."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ui.play.session import Session
from ui.saves import embed_save_key, save_key

from .conftest import (
    StrictPage,
    near_the_end,
    open_app,
    play_to_end,
    resize,
    resume_near_the_end,
)
from .test_sizes import check_sizes

GAMES = [("magic-trick-wray", 4), ("magic-trick-baker", 2), ("trick-of-trip", 3), ("trickbook", 2)]
COUNTER = "#screen .review-counter"


TRICK_GAMES = GAMES[:3]  # Trickbook's tricks are a skater's, not tricks of cards
SIZES = [
    {"width": 360, "height": 740},
    {"width": 740, "height": 360},
    {"width": 1280, "height": 800},
]
LAST_TRICK = "#screen [data-ui=last-trick]"
PANEL = "#screen .last-trick-panel"
# Who won the trick and why, e.g. "Bot 1 won the trick with the 3 of Suns: the lowest card…",
# "You won trick 1 with the 7 of Spades: the highest…", "Bot 1 takes trick 2 with the …: …"
WON = re.compile(r"\b(won|takes?) (the )?trick( \d+)? with the [^:]+: \w")
MY_TURN = "#screen .table-screen:not([data-waiting]) [data-action]:not([disabled])"
# '' when the element is wholly inside the viewport and nothing is drawn over its centre.
IN_VIEW = """(selector) => {
    const el = document.querySelector(selector);
    if (!el) return 'missing';
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
        return `out of view: ${Math.round(r.top)}-${Math.round(r.bottom)}`;
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return hit !== null && (hit === el || el.contains(hit)) ? '' : 'covered';
}"""


def in_view(page: Page, selector: str) -> str:
    return page.evaluate(IN_VIEW, selector)


def check_last_trick(page: Page) -> None:
    """At the player's turn, once a trick is taken: Last trick is on screen without a
    scroll (a phone upright and on its side, a desktop); one tap shows the trick (its
    winner and why, on screen too), Back to play (or Escape) hides it, and play goes on."""
    size = page.viewport_size
    for viewport in SIZES:
        resize(page, viewport)
        page.wait_for_selector(MY_TURN)
        page.evaluate("scrollTo(0, 0)")
        assert in_view(page, LAST_TRICK) == "", viewport
        page.click(LAST_TRICK)
        expect(page.locator(PANEL)).to_contain_text(WON)
        expect(page.locator(LAST_TRICK)).to_have_text("Back to play")
        expect(page.locator(LAST_TRICK)).to_be_focused()
        for part in ("#last-trick-title", f"{PANEL} .last-trick-won", LAST_TRICK):
            assert in_view(page, part) == "", (viewport, part)
        if viewport == SIZES[0]:
            check_sizes(page, "#screen")  # text at least 12 px, targets 44 px, on a phone
        page.click(LAST_TRICK)
        expect(page.locator(PANEL)).to_have_count(0)
        expect(page.locator(LAST_TRICK)).to_have_text("Last trick")
        assert in_view(page, MY_TURN) == "", viewport  # back to play: your move, on screen
    # By keyboard: Enter shows it, Escape hides it.
    page.focus(LAST_TRICK)
    page.keyboard.press("Enter")
    expect(page.locator(PANEL)).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(PANEL)).to_have_count(0)
    expect(page.locator(LAST_TRICK)).to_be_focused()
    if size:
        resize(page, size)


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_review_the_game(phone: StrictPage, site_url: str, game_id: str, players: int) -> None:
    page = phone.page
    moves = len(near_the_end(game_id, players)["history"])
    resume_near_the_end(page, site_url, game_id, players)
    if (game_id, players) in TRICK_GAMES:
        check_last_trick(page)
    else:
        page.wait_for_selector("#screen .table-screen:not([data-waiting])")
        expect(page.locator(LAST_TRICK)).to_have_count(0)
    play_to_end(page)
    total = json.loads(page.get_attribute("[data-testid=game-over]", "data-record"))["history"]
    assert len(total) > moves
    page.click("#screen [data-ui=review][data-value=game]")
    counter = page.locator(COUNTER)
    expect(counter).to_have_text("Start")
    expect(page.locator("#review-title")).to_be_focused()
    cards = page.locator("#screen .review-cards > *")
    assert cards.count() >= players  # every seat's hand as dealt
    faces = cards.evaluate_all("els => els.map(e => e.className)")
    assert not [c for c in faces if "back" in c.split()]
    check_sizes(page, "#screen")  # text at least 12 px, targets 44 px, on a phone
    # On its side, the site's speed menu keeps its own row (at the table it joins the
    # table's bar; the review has none, and the menu sat over the review's box).
    page.set_viewport_size(SIZES[1])
    overlap = page.evaluate(
        """() => {
            const a = document.querySelector('#speed').getBoundingClientRect();
            const b = document.querySelector('#screen .review').getBoundingClientRect();
            return Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0 &&
                Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0;
        }"""
    )
    assert not overlap
    page.set_viewport_size(SIZES[0])
    # Keyboard: the arrows, and the buttons by Enter.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Move 2 of {len(total)}")
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(f"Move 1 of {len(total)}")
    page.locator("#screen [data-ui=review-next]").focus()
    page.keyboard.press("Enter")
    expect(counter).to_have_text(f"Move 2 of {len(total)}")
    expect(page.locator("#screen [data-ui=review-next]")).to_be_focused()
    # Clicks: back, to the end.
    page.click("#screen [data-ui=review-back]")
    expect(counter).to_have_text(f"Move 1 of {len(total)}")
    page.click("#screen [data-ui=review-end]")
    expect(counter).to_have_text(f"Move {len(total)} of {len(total)}")
    assert page.get_attribute("#screen [data-ui=review-next]", "aria-disabled") == "true"
    expect(page.locator("#screen .review-move")).to_contain_text("Game over")
    check_sizes(page, "#screen")
    page.keyboard.press("Home")
    expect(counter).to_have_text("Start")
    page.click("#screen [data-ui=review-close]")
    expect(page.locator("[data-testid=game-over]")).to_be_visible()


def near_a_hand_end(game_id: str, players: int, seed: int = 7) -> tuple[dict[str, Any], int]:
    """A save two of the player's moves before the first hand (or round) ends (seeded
    random moves in CPython), and how many moves that hand has."""
    session = Session(game_id, players, seed, "easy")
    choose = random.Random(seed)
    while "hand" not in session.move_ends:
        seat = session.waiting_for()[0]
        session.act(seat, choose.choice(session.state.legal_actions(seat)))
    mine = [i for i, (seat, _) in enumerate(session.history) if seat == session.human]
    save = session.to_save()
    save["history"] = session.history[: mine[-2]]
    return save, len(session.history)


@pytest.mark.parametrize(("game_id", "players"), TRICK_GAMES, ids=[g for g, _ in TRICK_GAMES])
def test_review_this_hand_while_the_bots_wait(
    phone: StrictPage, site_url: str, game_id: str, players: int
) -> None:
    """At a hand's (a round's) end the bots wait (every speed but Instant): the continue
    bar's Review this hand steps through it, Close gets back to the waiting table, and
    Continue plays on into the next hand, as if it had not been reviewed. (Trickbook has
    no hands: its game is reviewed from the game-over view, test_review_the_game.)"""
    page = phone.page
    save, moves = near_a_hand_end(game_id, players)
    page.goto(site_url)
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [save_key(game_id), json.dumps(save)])
    page.evaluate("localStorage.setItem('pygame-table.settings', '{\"speed\": \"fast\"}')")
    open_app(page, site_url)
    page.click(f"#resume [data-ui=resume][data-value={game_id}]")
    word = "round" if game_id == "trick-of-trip" else "hand"
    review = page.locator("#screen .continue-bar [data-ui=review][data-value=hand]")
    pick = random.Random(1)
    for _ in range(200):  # your last moves of the hand; the bots play at Fast
        if review.count():
            break
        mine = page.locator(MY_TURN)
        if mine.count():
            mine.nth(pick.randrange(mine.count())).click()
        else:
            page.wait_for_timeout(50)
    expect(review).to_have_text(f"Review this {word}")
    waiting = page.locator("#screen .table-screen")
    expect(waiting).to_have_attribute("data-waiting", "continue")
    review.click()
    expect(page.locator("#review-title")).to_have_text(f"Review: {word} 1")
    counter = page.locator(COUNTER)
    expect(counter).to_have_text("Start")
    page.click("#screen [data-ui=review-next]")
    page.click("#screen [data-ui=review-next]")
    expect(counter).to_have_text(f"Move 2 of {moves}")
    page.click("#screen [data-ui=review-back]")
    expect(counter).to_have_text(f"Move 1 of {moves}")
    page.click("#screen [data-ui=review-end]")
    expect(counter).to_have_text(f"Move {moves} of {moves}")
    expect(page.locator("#screen .review-note")).to_contain_text("The hand is over")
    page.click("#screen [data-ui=review-close]")
    # Back at the table as it was: the bots still wait for the player.
    expect(waiting).to_have_attribute("data-waiting", "continue")
    page.click("#screen .continue-bar [data-ui=continue]")
    page.wait_for_selector("#screen .table-screen:not([data-waiting])")  # your turn
    expect(page.locator("#screen .centre")).to_contain_text(f"{word.title()} 2")
    # The game went on from the hand's end: the save's moves replay in the engine, the
    # reviewed hand's among them.
    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", save_key(game_id)))
    assert stored["history"][: len(save["history"])] == json.loads(json.dumps(save["history"]))
    assert len(stored["history"]) > moves
    again = Session(game_id, players, stored["seed"], "easy")
    for seat, action in stored["history"]:
        again.act(seat, action)
    assert again.move_ends[moves - 1] == "hand" and not again.is_over()


# A blog post on the game's own site framing one game (same-site: the frame boots
# MicroPython like the app; test_embed.py has the cross-site frame).
HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title>
</head><body><h1>A post</h1><iframe id="game" src="embed.html?game={game}&speed=instant"
title="Card game" style="width:100%;height:700px;border:0"></iframe></body></html>"""


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_review_in_an_embedded_game(
    phone: StrictPage, site_url: str, game_id: str, players: int
) -> None:
    """In a frame on a phone: the last trick during play (the games with tricks), then the
    game to its end and its review, by keyboard."""
    page = phone.page
    host = HOST_PAGE.format(game=game_id)
    page.route(
        f"{site_url}post.html", lambda route: route.fulfill(content_type="text/html", body=host)
    )
    page.goto(f"{site_url}post.html")
    save = json.dumps(near_the_end(game_id, players))
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [embed_save_key(game_id), save])
    page.reload()
    page.frame_locator("#game").locator("#embed-play").click()
    frame = page.frame(url=re.compile(r"embed\.html"))
    assert frame is not None
    frame.wait_for_selector("body[data-app-state=ready]", timeout=60_000)  # Play resumed it
    if (game_id, players) in TRICK_GAMES:
        frame.wait_for_selector(MY_TURN)
        frame.click(LAST_TRICK)
        expect(frame.locator(PANEL)).to_contain_text(WON)
        frame.click(LAST_TRICK)
        expect(frame.locator(PANEL)).to_have_count(0)
    play_to_end(frame)  # type: ignore[arg-type]  # a Frame plays like a Page
    total = json.loads(frame.get_attribute("[data-testid=game-over]", "data-record"))["history"]
    frame.focus("#screen [data-ui=review][data-value=game]")
    page.keyboard.press("Enter")
    counter = frame.locator(COUNTER)
    expect(counter).to_have_text("Start")
    page.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Move 1 of {len(total)}")
    page.keyboard.press("End")
    expect(counter).to_have_text(f"Move {len(total)} of {len(total)}")
    expect(frame.locator("#screen .review-move")).to_contain_text("Game over")
    page.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(f"Move {len(total) - 1} of {len(total)}")
    frame.focus("#screen [data-ui=review-close]")
    page.keyboard.press("Enter")
    expect(frame.locator("[data-testid=game-over]")).to_be_visible()
