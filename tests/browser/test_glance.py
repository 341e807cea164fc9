"""Issue 36: the whole game at a glance. At every one of the human's turns, with nothing
scrolled (neither the page nor any part of it), every seat's public state, the table's
centre (the trick, the die, the trick being set), the prompt and every legal move are on
screen, and nothing is drawn over them (`elementFromPoint` at points across each); the same
at a hand's end (its summary and Continue) and on the game-over view. Played to the end in
every game on a phone upright (360x740), on its side (740x360), and inside a 600 px high
frame on another site (no sizing script on the host). No two labels run together. In a
360 px high frame, too short for the whole table, at every turn the cards in play and the
moves are in the frame's view."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Frame, Page

import pygame_rules
from ui.app import play_steps
from ui.share.links import encode_moves

from .conftest import (
    BOOT_TIMEOUT,
    NEXT_RENDERING,
    WHOLE_SEARCH,
    StrictPage,
    open_app,
    random_game,
    start_server,
)

PORTRAIT = {"width": 360, "height": 740}
LANDSCAPE = {"width": 740, "height": 360}

# The largest table of each game (the most seats to show).
GAMES = [(game.id, game.max_players) for game in pygame_rules.list_games()]

# What must be seen, by state: each selector's every match is checked.
AT_A_TURN = [
    "#screen .table-bar .turn-status",
    "#screen .board .seat",
    "#screen .board .centre",
    "#screen .board .prompt",
    "#screen [data-action]",
]
TURN_MOVES = "#screen [data-action]"
AT_CONTINUE = [
    "#screen .continue-bar",
    "#screen .board .seat",
    "#screen .board .centre",
]
AT_GAME_OVER = [
    "#game-over-title",
    "[data-testid=game-over] [data-score]",
    "[data-testid=game-over] [data-ui=again]",
]

# Each element of `selectors`: drawn, inside the viewport, and the element at points spread
# across it (a 3x3 grid, 6 px in from its edges) is itself or inside it. Also, unless
# `pageScrolls`: the page and every element are scrolled to their start (nothing was
# scrolled to show these). A selector ending in "?" may find nothing.
UNSEEN = """([selectors, pageScrolls]) => {
    const problems = [];
    const name = (el) => (el.getAttribute('aria-label') || el.textContent || el.className)
        .trim().replace(/\\s+/g, ' ').slice(0, 48);
    const where = (r) => `@${Math.round(r.left)},${Math.round(r.top)}-` +
        `${Math.round(r.right)},${Math.round(r.bottom)}`;
    const hitName = (hit) =>
        hit ? (hit.className || hit.tagName) + ' "' + name(hit) + '"' : 'nothing';
    let checked = 0;
    for (const wanted of selectors) {
        const selector = wanted.replace(/\\?$/, '');
        const els = [...document.querySelectorAll(selector)];
        if (!els.length && !wanted.endsWith('?') && !selector.includes('data-action') &&
            !selector.includes('.seat'))
            problems.push(`${selector}: none`);
        for (const el of els) {
            checked += 1;
            const r = el.getBoundingClientRect();
            if (!r.width || !r.height) {
                if (!wanted.endsWith("?")) problems.push(`${name(el)}: not drawn`);
                continue;
            }
            if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 ||
                r.right > innerWidth + 0.5) {
                problems.push(
                    `${name(el)}: off screen ${where(r)} of ${innerWidth}x${innerHeight}`);
                continue;
            }
            // 6 px in, or further where a rounded corner (a pill-shaped button) is cut off
            const radius = Math.min(parseFloat(getComputedStyle(el).borderTopLeftRadius) || 0,
                r.width / 2, r.height / 2);
            const edge = Math.max(6, 0.3 * radius + 2);
            const inset = (a, b) =>
                [a + Math.min(edge, (b - a) / 2), (a + b) / 2, b - Math.min(edge, (b - a) / 2)];
            const covered = [];
            for (const x of inset(r.left, r.right))
                for (const y of inset(r.top, r.bottom)) {
                    const hit = document.elementFromPoint(x, y);
                    if (!hit || !(hit === el || el.contains(hit)))
                        covered.push(hitName(hit));
                }
            if (covered.length)
                problems.push(
                    `${name(el)} ${where(r)}: covered by ${[...new Set(covered)].join(', ')}`);
        }
    }
    if (pageScrolls) return {checked, problems};
    if (!document.querySelector('[data-testid=game-over]') && (scrollY || scrollX))
        problems.push(`the page is scrolled to ${scrollX},${scrollY}`);
    for (const el of document.querySelectorAll('#screen *'))
        if (el.scrollTop || el.scrollLeft)
            problems.push(
                `${el.className || el.tagName} is scrolled to ${el.scrollLeft},${el.scrollTop}`);
    return {checked, problems};
}"""

# Short labels on the table (a card's caption, a seat's facts, a badge), as seen (not
# under the docked area), whose words touch a neighbour's on the same line: "0-31-31-41-4"
# where a row of rank labels ran together. Measured on the text itself (a Range), not on
# the boxes around it.
RUN_TOGETHER = """() => {
    const labels = [];
    for (const el of document.querySelectorAll('#screen .board *')) {
        if (el.children.length || !el.textContent.trim() || el.textContent.length > 30) continue;
        const box = el.getBoundingClientRect();
        if (box.width < 2 || box.height < 2) continue;  // read out only (a 1 px clip)
        if (!el.checkVisibility({visibilityProperty: true})) continue;  // a closed <details>
        const range = document.createRange();
        range.selectNodeContents(el);
        const r = range.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        const seen = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        if (seen === el || el.contains(seen)) labels.push([el.textContent.trim(), r]);  // not under
    }
    const problems = [];
    for (let i = 0; i < labels.length; i++)
        for (let j = i + 1; j < labels.length; j++) {
            const [[a, p], [b, q]] = [labels[i], labels[j]];
            const shared = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            if (shared < 0.5 * Math.min(p.height, q.height)) continue;  // not on one line
            const gap = Math.max(q.left - p.right, p.left - q.right);
            if (gap < 2) problems.push(`"${a}" and "${b}" run together (${gap.toFixed(1)} px)`);
        }
    return problems;
}"""

TURN = (
    "#screen .table-screen:not([data-waiting])"
    " :is(.board [data-action]:not([disabled]), .board [data-ui]:not([data-ui=detail]))"
)
SETTLED = ", ".join(
    [TURN, "#screen .table-screen[data-waiting=continue]", "[data-testid=game-over]"]
)


def unseen(frame: Page | Frame, selectors: list[str], page_scrolls: bool = False) -> list[str]:
    found = frame.evaluate(UNSEEN, [selectors, page_scrolls])
    assert found["checked"], selectors
    return found["problems"]


def steps_of_play(frame: Page | Frame) -> list[Any]:
    """The human's moves now: `data-action` controls, else the game's own steps."""
    moves = frame.locator("#screen [data-action]:not([disabled])")
    if moves.count():
        return [moves.nth(i) for i in range(moves.count())]
    steps = frame.locator("#screen .board [data-ui]")
    own = play_steps() - {"continue"}
    return [
        steps.nth(i) for i in range(steps.count()) if steps.nth(i).get_attribute("data-ui") in own
    ]


# What must be seen where the frame is too short for the whole table (the page scrolls
# inside it): at a turn, the cards in play (if any) and your moves; Continue; the result.
SHORT_AT_A_TURN = ["#screen .board .centre :is(.trick-stage, .trick)?", TURN_MOVES]
SHORT_AT_CONTINUE = ["#screen [data-ui=continue]"]
SHORT_AT_GAME_OVER = ["#game-over-title"]


def play_looking(
    frame: Page | Frame, seed: int, where: str, short: bool = False, max_steps: int = 2000
) -> list[str]:
    """Play to the end with random moves; at every turn, Continue and the game's end, what
    is not seen (`short`: in a frame too short for the whole table, what must still be).
    The problems found, each with the turn's number. A table at fast speed (`table_link`)
    goes on at instant speed once the bots have waited at a hand's end (Continue) and that
    has been looked at."""
    pick = random.Random(seed)
    problems: list[str] = []
    shots = os.environ.get("GLANCE_SHOTS")  # a directory: a screenshot of each problem
    for turn in range(max_steps):
        frame.wait_for_selector(SETTLED, timeout=60_000)
        over = frame.locator("[data-testid=game-over]").count() > 0
        waiting = frame.locator("#screen .table-screen[data-waiting=continue]").count() > 0
        if short:
            frame.evaluate(NEXT_RENDERING)  # the page's scrolls at a turn (static/js/embed.js)
            looks = (
                SHORT_AT_GAME_OVER if over else SHORT_AT_CONTINUE if waiting else SHORT_AT_A_TURN
            )
            found = unseen(frame, looks, page_scrolls=True)
        elif over:
            found = unseen(frame, AT_GAME_OVER)
        elif waiting:
            found = unseen(frame, AT_CONTINUE)
        else:
            found = unseen(frame, AT_A_TURN)
        found += frame.evaluate(RUN_TOGETHER)
        if found:
            problems += [f"{where} step {turn}: {p}" for p in found]
            if shots and len(problems) < 200:
                page = frame.page if isinstance(frame, Frame) else frame
                page.screenshot(path=Path(shots) / f"{where}-{turn}.png")
        if over:
            return problems
        if waiting:
            if frame.locator("#speed:not([hidden])").count():
                frame.select_option("#speed", "instant")
            frame.locator("#screen [data-ui=continue]").click()
            continue
        moves = steps_of_play(frame)
        assert moves, f"{where} step {turn}: no move to make"
        moves[pick.randrange(len(moves))].click()
    raise AssertionError(f"{where}: the game did not end")


def table_link(game_id: str, players: int) -> str:
    """A link to a seeded table of Easy bots. A game with hands: a position link at the
    player's last turn of the first hand (random moves played out in CPython), at fast
    speed, so the bots wait at that hand's end (Continue) after one trick paced, not a
    whole hand (test_the_whole_game_is_seen_at_every_turn sits down at it)."""
    seed, level = 5, "easy"
    link = f"?game={game_id}&players={players}&seed={seed}&level={level}"
    if not pygame_rules.get_game(game_id).hand_end:
        return link + "&speed=instant"
    session = random_game(game_id, players, seed, stop=lambda s: s.ended == "hand")
    last_turn = max(i for i, (seat, _) in enumerate(session.history) if seat == session.human)
    moves = encode_moves(game_id, players, seed, {}, session.history[:last_turn])
    return f"{link}&speed=fast&moves={moves}"


# Each game's largest table on a phone, upright and on its side; and Baker's on a laptop
# (1280x800), where your docked area covered the Laws' texts.
SIZED = [(game_id, players, size) for game_id, players in GAMES for size in (PORTRAIT, LANDSCAPE)]
SIZED.append(("magic-trick-baker", 2, {"width": 1280, "height": 800}))


@pytest.mark.parametrize(
    "game_id, players, size",
    SIZED,
    ids=[f"{g}-{size['width']}x{size['height']}" for g, _, size in SIZED],
)
def test_the_whole_game_is_seen_at_every_turn(
    phone: StrictPage, site_url: str, game_id: str, players: int, size: dict[str, int]
) -> None:
    page = phone.page
    page.set_viewport_size(size)
    # No card moving in or out while it is looked at (the layout is the same).
    page.emulate_media(reduced_motion="reduce")
    link = table_link(game_id, players)
    open_app(page, site_url + link)
    if "&moves=" in link:
        page.click("[data-ui=link-continue]")  # sit down at the position
    where = f"{game_id}-{size['width']}x{size['height']}"
    problems = play_looking(page, seed=3, where=where)
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} problems)"


HOST = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A post</title>
</head><body style="margin:0"><h1>A post</h1><p>Play a game:</p>
<iframe id="game" src="{src}" title="Card game"
 style="width:{width}px;height:{height}px;border:0">
</iframe><p>The rest of the post.</p></body></html>"""


@contextmanager
def a_post(
    browser: Browser, tmp_path: Path, site_url: str, query: str, size: tuple[int, int]
) -> Iterator[Frame]:
    """The embed's frame of `size` (no sizing script) on another site's page, at the table
    its Play starts (Easy bots, instant speed). The page stays free of errors."""
    width, height = size
    server, host_url = start_server(tmp_path, "localhost")  # another site, as a blog is
    context = browser.new_context(
        viewport={"width": width + 40, "height": height + 200}, reduced_motion="reduce"
    )
    context.add_init_script(WHOLE_SEARCH)
    page = context.new_page()
    page.set_default_timeout(20_000)
    strict = StrictPage(page, site_url.rstrip("/"))
    try:
        src = f"{site_url}embed.html?{query}&seed=5&level=easy&speed=instant"
        (tmp_path / "post.html").write_text(HOST.format(src=src, width=width, height=height))
        page.goto(f"{host_url}post.html")
        frame = page.frame(url=lambda url: "embed.html" in url)
        assert frame is not None
        frame.click("#embed-play")
        frame.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
        yield frame
        # The host page is another site's (and has no favicon).
        strict.problems = [
            p for p in strict.problems if "request left the origin" not in p and "404" not in p
        ]
        strict.check()
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def play_in_a_post(
    browser: Browser, tmp_path: Path, site_url: str, query: str, size: tuple[int, int]
) -> list[str]:
    """A game played to the end by `play_looking` in `a_post`'s frame; what was not seen."""
    width, height = size
    with a_post(browser, tmp_path, site_url, query, size) as frame:
        where = f"{query}-frame-{width}x{height}"
        return play_looking(frame, seed=3, where=where, short=height < 600)


# Each game in a narrow frame at its largest table, and in a blog's column at its smallest.
FRAMES = [pytest.param(game.id, game.max_players, 360) for game in pygame_rules.list_games()]
FRAMES += [pytest.param(game.id, game.min_players, 680) for game in pygame_rules.list_games()]


@pytest.mark.parametrize(
    "game_id, players, width",
    FRAMES,
    ids=[f"{p.values[0]}-{p.values[1]}p-{p.values[2]}" for p in FRAMES],
)
def test_the_whole_game_is_seen_in_a_600_px_frame(
    browser: Browser, tmp_path: Path, site_url: str, game_id: str, players: int, width: int
) -> None:
    query = f"game={game_id}&players={players}"
    problems = play_in_a_post(browser, tmp_path, site_url, query, (width, 600))
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} problems)"


@pytest.mark.parametrize(
    "game_id, players, width",
    [("trickbook", 5, 360), ("magic-trick-wray", 4, 800)],
    ids=["trickbook-5p-360", "magic-trick-wray-4p-800"],
)
def test_your_turn_is_seen_in_a_360_px_frame(
    browser: Browser, tmp_path: Path, site_url: str, game_id: str, players: int, width: int
) -> None:
    """Issue 36.2: a frame too short for the whole table (360 px high, the host without the
    sizing script). At every turn its page shows the cards in play and every move, nothing
    drawn over them (the others' seats may be scrolled above); Continue, and the result."""
    query = f"game={game_id}&players={players}"
    problems = play_in_a_post(browser, tmp_path, site_url, query, (width, 360))
    assert not problems, "\n".join(problems[:40]) + f"\n({len(problems)} problems)"


# A notice comes and goes above the table: the bar in the table bar's corner (a phone's
# bots menu, a frame's "Open full app") is where the table's bar is in the same layout, not
# a frame later (then a look, or a tap, between the two found it over the first seat).
CORNER_WITH_A_NOTICE = """(corner) => {
    const notice = document.getElementById('notice');
    const top = (selector) =>
        Math.round(document.querySelector(selector).getBoundingClientRect().top);
    const tops = [];
    for (const shown of [true, false, true, false]) {
        notice.textContent = 'A notice above the table, as long as a sentence or two.';
        notice.hidden = !shown;
        tops.push({shown, corner: top(corner), table: top('#screen .table-bar')});
    }
    return tops;
}"""


def corner_follows_the_table(frame: Page | Frame, corner: str) -> None:
    tops = frame.evaluate(CORNER_WITH_A_NOTICE, corner)
    assert all(t["corner"] == t["table"] for t in tops), tops
    assert tops[0]["table"] > tops[1]["table"], tops  # the notice moved the table down


@pytest.mark.parametrize("size", [PORTRAIT, LANDSCAPE], ids=["360x740", "740x360"])
def test_a_notice_moves_the_phones_corner_bar_with_the_table(
    phone: StrictPage, site_url: str, size: dict[str, int]
) -> None:
    page = phone.page
    page.set_viewport_size(size)
    open_app(page, site_url + "?game=trick-of-trip&players=5&seed=5&level=easy")
    page.wait_for_selector(SETTLED)
    corner_follows_the_table(page, ".site-bar")


@pytest.mark.parametrize("width", [360, 680])
def test_a_notice_moves_a_frames_open_full_app_with_the_table(
    browser: Browser, tmp_path: Path, site_url: str, width: int
) -> None:
    query = "game=magic-trick-wray&players=4"
    with a_post(browser, tmp_path, site_url, query, (width, 600)) as frame:
        frame.wait_for_selector(SETTLED)
        corner_follows_the_table(frame, "#open-full")
