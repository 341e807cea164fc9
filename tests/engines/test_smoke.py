"""The browser smoke, in Firefox and in WebKit (each test once per engine; the browser
suite runs all of it and much more in Chromium): the lobby boots; a link to each game
shows its moves and takes 20 at a phone's width; a whole game reaches its end; the bots'
worker gets ready; a reload with the server gone works; a frame on another site boots on
Play, takes moves and brings the player's turn into view; a blog post's embedded hand and
puzzle boot at once, step and answer; friends pass one phone round a table; the colours
and sound are kept; the deal of the day is dealt; the coach weighs a finished game. Every
page of the app checked has no console error, page error, PyScript error box or request off
its origin."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from endings import bots_finish_the_game, played_game
from host_pages import BLOG_POST, HOST_STATE, UNTOUCHED_HOST, VIEW_FRAME

from ui.play.daily import DAILY_LEVEL, daily_seed
from ui.play.session import Session
from ui.review.coaching import HandCoach, verdict_now
from ui.review.replay import finished_hands
from ui.runtime.storage import SAVE_KEY
from ui.saves import embed_save_key
from ui.share.embeds import FRAME_HEIGHT, view_query

from .conftest import (
    BOOT_TIMEOUT,
    ROOT,
    WORKER_TIMEOUT,
    assert_clean,
    clickable,
    play,
    problems,
    wait_for,
    wait_ready,
)
from .drivers import Driver
from .server import Server, frame_url

pytestmark = pytest.mark.engines

GAMES = [
    ("magic-trick-wray", 4),
    ("magic-trick-baker", 2),
    ("trick-of-trip", 3),
    ("trickbook", 3),
]
MY_TURN = "() => !!document.querySelector('#screen .table-screen:not([data-waiting])')"
GAME_OVER = "() => !!document.querySelector('[data-testid=game-over]')"
OVERFLOW = "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"


def test_the_lobby_boots(engine: Driver, engine_site: str) -> None:
    engine.goto(engine_site)
    wait_ready(engine)
    games = engine.evaluate("() => document.querySelectorAll('#lobby .game-card').length")
    assert games == 4
    assert_clean(engine)
    engine.goto(frame_url(engine_site, engine_site))  # at a phone's 360 px
    engine.frame("#app")
    wait_ready(engine)
    assert engine.evaluate("() => innerWidth") == 360
    assert engine.evaluate(OVERFLOW) <= 0
    assert_clean(engine)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_link_shows_moves_and_takes_20(
    engine: Driver, engine_site: str, game_id: str, players: int
) -> None:
    """At a phone's width (a 360 x 740 frame on the site's own origin)."""
    link = f"{engine_site}?game={game_id}&players={players}&seed=5&speed=instant&level=easy"
    engine.goto(frame_url(engine_site, link))
    engine.frame("#app")
    wait_ready(engine)
    wait_for(engine, MY_TURN)
    assert clickable(engine), "no legal move shown"
    assert engine.evaluate(OVERFLOW) <= 0
    made = play(engine, 20, seed=players)
    assert made == 20 or engine.evaluate(GAME_OVER), f"{made} moves, and no game over"
    assert engine.evaluate(OVERFLOW) <= 0
    assert_clean(engine)


def test_a_whole_game_reaches_its_end(engine: Driver, engine_site: str) -> None:
    engine.goto(f"{engine_site}?game=magic-trick-baker&players=2&seed=4&speed=instant&level=easy")
    wait_ready(engine)
    play(engine, None, seed=1)
    scores = engine.evaluate(
        "() => [...document.querySelectorAll('[data-testid=game-over] [data-score]')]"
        ".map(cell => cell.dataset.score)"
    )
    assert len(scores) == 2
    # The score chart (issue 40.4): one line per seat, made in SVG's namespace (an HTML
    # <polyline> would draw nothing), with its points' table behind it.
    lines = engine.evaluate(
        "() => [...document.querySelectorAll('[data-testid=game-over] .chart svg polyline')]"
        ".map(line => line instanceof SVGPolylineElement && line.getTotalLength() > 0)"
    )
    assert lines == [True, True]
    rows = engine.evaluate(
        "() => document.querySelectorAll('[data-testid=game-over] .chart-table tbody tr').length"
    )
    assert rows >= 2  # the start and at least one hand
    assert_clean(engine)


def coached(record: dict[str, Any], stop: int, budget: int, worlds: int) -> list[dict[str, Any]]:
    """The coach's verdicts on seat 0's decisions in record["history"][:stop], in CPython."""
    actions = record["history"][:stop]
    names = ["You"] + [f"Bot {i}" for i in range(1, record["players"])]
    request = {
        "game": record["game"],
        "players": record["players"],
        "seed": record["seed"],
        "options": record["options"],
        "actions": actions,
        "seat": 0,
        "span": [0, len(actions)],
        "names": names,
        "budget": budget,
        "worlds": worlds,
    }
    coach = HandCoach(request)
    return [verdict_now(coach, number) for number in range(coach.total)]


def test_the_coach_weighs_a_finished_hand(engine: Driver, engine_site: str) -> None:
    """Issue 39: a Trick of Trip game past its first round, resumed; How did I play? at the
    table weighs the round's decisions in the bots' worker (a small coach: its test hooks),
    with the verdicts CPython gives; the costliest one's button shows its move."""
    session = played_game("trick-of-trip", 11)
    stop = session.move_ends.index("hand") + 1
    save = session.to_save()
    save["history"] = session.history[: stop + 1]
    engine.goto(engine_site)
    wait_ready(engine)
    key = f"{SAVE_KEY}.trick-of-trip"
    engine.evaluate("(k, s) => localStorage.setItem(k, s)", key, json.dumps(save))
    engine.goto(engine_site)
    wait_ready(engine)
    engine.click("#resume [data-ui=resume][data-value=trick-of-trip]")
    engine.evaluate("() => { window.pygameCoachBudget = 24; window.pygameCoachWorlds = 4; }")
    wait_for(engine, "() => !!document.querySelector('#screen [data-ui=coach-open]')")
    engine.click("#screen [data-ui=coach-open][data-value=hand]")
    panel = "document.querySelector('#screen section.coach')"
    wait_for(engine, f"() => {panel}?.dataset.coach === 'done'", timeout=WORKER_TIMEOUT)
    verdicts = coached(save, stop, budget=24, worlds=4)
    counts = engine.evaluate(f"() => [{panel}.dataset.done, {panel}.dataset.total]")
    assert counts == [str(len(verdicts))] * 2, counts
    costly = engine.evaluate(
        f"() => [...{panel}.querySelectorAll('.coach-costly h4')].map(h => h.textContent)"
    )
    flagged = sorted((v for v in verdicts if v["flagged"]), key=lambda v: (-v["gap"], v["index"]))
    assert costly == [f"Move {v['index'] + 1}" for v in flagged[:3]]
    if costly:
        engine.click(f"#screen [data-ui=coach-jump][data-value='{flagged[0]['index']}']")
        counter = "() => document.querySelector('#screen .review-counter').textContent"
        assert wait_for(engine, counter).startswith(costly[0])
    assert_clean(engine)


def test_the_bots_worker_gets_ready(engine: Driver, engine_site: str) -> None:
    """And the bots' quick engine before it."""
    engine.goto(f"{engine_site}?game=magic-trick-baker&players=2&seed=3&level=normal")
    wait_ready(engine)
    bots = "document.body.dataset.bots"
    state = wait_for(
        engine, f"() => ['ready', 'failed'].includes({bots}) && {bots}", timeout=WORKER_TIMEOUT
    )
    assert state == "ready"
    # The quick engine (MicroPython in a worker of its own) was ready first, then retired.
    quick = "document.body.dataset.quickBots"
    assert wait_for(engine, f"() => {quick} === 'retired' && {quick}") == "retired"
    ready = "performance.getEntriesByName('bots-quick-ready').length"
    assert engine.evaluate(f"() => {ready}") == 1
    # Its search, asked directly (the page's own stopped once Pyodide's was ready).
    session = Session("magic-trick-wray", 4, 5, "hard")
    request = session.bot_request(session.waiting_for()[0])
    assert request is not None
    engine.evaluate(QUICK_ASK, {**request, "limit": 30, "id": 1})
    answer = json.loads(wait_for(engine, "() => window.quickAnswer", timeout=WORKER_TIMEOUT))
    assert answer["ok"]["action"] in session.state.legal_actions(request["seat"]), answer
    assert_clean(engine)


# A question to the bots' quick engine (static/js/bots-worker.js) from the page, its answer
# (JSON text) left in window.quickAnswer.
QUICK_ASK = """(request) => {
  window.quickAnswer = null;
  const worker = new Worker("./static/js/bots-worker.js", {type: "module"});
  const games = JSON.parse(document.getElementById("game-files").textContent);
  const archives = ["static/vendor/app-mpy.tar.gz", "static/vendor/app-mpy-bots.tar.gz",
    ...Object.keys(games).sort().map((game) => games[game].archive)];
  worker.addEventListener("message", ({data}) => {
    if (data.ready) {
      worker.postMessage({id: 1, method: "decide_json", text: JSON.stringify(request)});
    } else if (data.failed) {
      window.quickAnswer = JSON.stringify({failed: data.failed});
    } else if (data.id === 1) {
      window.quickAnswer = data.text;
      worker.terminate();
    }
  });
  worker.postMessage({archives});
  return true;
}"""


def test_a_reload_with_the_server_gone(engine: Driver, fresh_site: Server) -> None:
    """After one visit the service worker serves the app: reloaded with no server, a table
    is drawn and takes a move."""
    url = f"{fresh_site.url}?game=trick-of-trip&players=3&seed=4&speed=instant&level=easy"
    engine.goto(url)
    wait_ready(engine)
    wait_for(
        engine,
        "() => navigator.serviceWorker.controller !== null"
        " && ['ready', 'all'].includes(document.getElementById('offline-status').dataset.offline)",
        timeout=BOOT_TIMEOUT,
    )
    assert_clean(engine)
    fresh_site.stop()
    engine.reload()
    wait_ready(engine)
    wait_for(engine, MY_TURN)
    assert play(engine, 3) == 3
    assert_clean(engine)


def readme_host_script() -> str:
    """The README's script for a page that embeds the game (its "Embedding in a blog post")."""
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("### Embedding in a blog post") :]
    found = re.search(r"```html\n(<script>.*?</script>)\n```", section, re.S)
    assert found, "the README's host script"
    return found.group(1)


HOST_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>A blog post</title><link rel="icon" href="data:,"></head><body>
<h1>A blog post</h1><p style="height:{above}px">Play a game:</p>
<iframe id="game" src="{src}" title="Card game" allow="clipboard-write; web-share"
  style="width:100%;max-width:480px;height:{height}px;border:0"></iframe>
<p style="height:1200px">The rest of the post.</p>
{script}</body></html>"""


def host_page(folder: Path, host_url: str, site_url: str, query: str, **page: object) -> str:
    """A page on another site that frames embed.html?`query`: with the README's sizing
    script (`script=True`), or a frame of a fixed height with none."""
    script = readme_host_script().replace("https://USER.github.io", site_url.rstrip("/"))
    fields = {"above": 40, "height": 420, **page}
    text = HOST_PAGE.format(
        src=f"{site_url}embed.html?{query}",
        above=fields["above"],
        height=fields["height"],
        script=script if fields.get("script", True) else "",
    )
    (folder / "post.html").write_text(text)
    return host_url + "post.html"


def test_a_frame_on_another_site_plays(
    engine: Driver, engine_site: str, other_site: tuple[Path, str]
) -> None:
    url = host_page(*other_site, engine_site, "game=trick-of-trip&players=3&seed=8&speed=instant")
    engine.goto(url)
    engine.frame("#game")
    state = engine.evaluate("() => document.body.dataset.appState")
    assert state == "idle"  # nothing heavy loads before Play
    engine.click("#embed-play")
    wait_ready(engine)
    wait_for(engine, MY_TURN)
    assert play(engine, 5, seed=2) == 5
    assert_clean(engine)
    engine.frame(None)
    height = "() => parseInt(document.getElementById('game').style.height)"
    assert wait_for(engine, f"() => ({height})() > 420 && ({height})()")  # the host sized it
    assert engine.heard() == []


# Where the lesson's move is (the card to play), in the top page's viewport: the frame's
# place plus the move's place in the frame (the frame has no border).
MOVE_IN_FRAME = """() => {
    const move = document.querySelector('#screen [data-action].suggested');
    if (!move) return null;
    const r = move.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, inner: innerHeight};
}"""


MOVE_IN_PAGE = """(top, bottom) => {
    const box = document.getElementById('game').getBoundingClientRect();
    return {top: box.top + top, bottom: box.top + bottom, inner: innerHeight, scrolled: scrollY,
            frame: box.height};
}"""


def lesson_move_in_view(engine: Driver, sized: bool) -> str:
    """Start Learn by playing in the frame, at its first move: where the lesson's move is,
    as a note ("" when wholly in the top page's view, and in the frame's own)."""
    engine.click("#embed-setup")  # the setup screen offers the lesson (Play deals a game)
    wait_ready(engine)
    engine.click("#screen [data-ui=learn][data-value=magic-trick-baker]")
    wait_for(engine, "() => !!document.querySelector('#screen [data-action].suggested')")
    wait_for(engine, MY_TURN)
    assert_clean(engine)
    # The host's scroll answers the frame's messages a task or so later, and a card slides
    # in (docs/test-hooks.md, data-enter): measured again until in view, 5 s at most.
    deadline = time.monotonic() + 5
    while True:
        engine.frame("#game")
        in_frame = engine.evaluate(MOVE_IN_FRAME)
        engine.frame(None)
        found = engine.evaluate(MOVE_IN_PAGE, in_frame["top"], in_frame["bottom"])
        notes = []
        # (Within a pixel: the page scrolls by whole pixels, the frame's place is fractional.)
        if not (in_frame["top"] >= -1 and in_frame["bottom"] <= in_frame["inner"] + 1):
            notes.append(f"outside the frame's view: {in_frame}")
        if not (found["top"] >= -1 and found["bottom"] <= found["inner"] + 1):
            notes.append(f"outside the page's view: {found}")
        if not notes or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    if sized:
        assert found["frame"] > 420, "the host did not size the frame"
    return "; ".join(notes)


def test_a_sized_frame_brings_your_turn_into_the_page(
    engine: Driver, engine_site: str, other_site: tuple[Path, str]
) -> None:
    """The host sizes the frame to its content (the README's script), which is taller than
    the page's window: at the lesson's first move, the move is in the window. (WebKit's
    scrollIntoView() stops at a frame from another site: the frame asks the host's script
    to scroll, static/js/host.js.)"""
    engine.resize(600, 500)
    url = host_page(*other_site, engine_site, "game=magic-trick-baker&speed=instant", above=300)
    engine.goto(url)
    engine.frame("#game")
    note = lesson_move_in_view(engine, sized=True)
    assert not note, note


def test_a_fixed_frame_shows_your_turn_in_itself(
    engine: Driver, engine_site: str, other_site: tuple[Path, str]
) -> None:
    """A host with no sizing script and a frame of 420 px: the lesson's move is scrolled
    into view inside the frame."""
    engine.resize(600, 800)
    query = "game=magic-trick-baker&speed=instant"
    engine.goto(host_page(*other_site, engine_site, query, script=False))
    engine.frame("#game")
    note = lesson_move_in_view(engine, sized=False)
    assert not note, note


FRAME_STYLE = "width:100%;max-width:480px;height:420px"  # a blog column's width, as CSS


def test_a_frame_moves_nothing_before_the_reader_uses_it(
    engine: Driver, engine_site: str, other_site: tuple[Path, str]
) -> None:
    """Issue 36.2 and 36.4: the host page (another site) is reloaded while its frame was at
    its table; the frame comes back to the table by itself (its storage is partitioned, not
    blocked, in both engines), the bots end the game, and the result would take the focus
    and be scrolled to. The host page keeps its scroll and its focused field."""
    folder, host_url = other_site
    script = readme_host_script().replace("https://USER.github.io", engine_site.rstrip("/"))
    src = f"{engine_site}embed.html?game=magic-trick-baker&speed=instant"
    (folder / "post.html").write_text(
        UNTOUCHED_HOST.format(src=src, frame_style=FRAME_STYLE, script=script)
    )
    engine.resize(600, 700)
    engine.goto(host_url + "post.html")
    engine.frame("#game")
    assert engine.evaluate("() => document.body.dataset.appState") == "idle"
    save = json.dumps(bots_finish_the_game("magic-trick-baker", 2))
    engine.evaluate(
        "(key, save) => { localStorage.setItem(key, save);"
        " sessionStorage.setItem('trick-table.embed.at-table.magic-trick-baker', 'game'); }",
        embed_save_key("magic-trick-baker"),
        save,
    )
    engine.frame(None)
    engine.reload()
    assert engine.evaluate(HOST_STATE) == [300, "comment", 0]
    engine.frame("#game")
    wait_for(engine, GAME_OVER, timeout=BOOT_TIMEOUT)  # no Play: back at its table
    assert_clean(engine)
    engine.evaluate("() => parent.postMessage({type: 'probe'}, '*')")  # after all it posted
    engine.frame(None)
    wait_for(engine, "() => window.probed === true")
    engine.evaluate("() => new Promise((r) => requestAnimationFrame(() => setTimeout(r)))")
    assert engine.evaluate(HOST_STATE) == [300, "comment", 0]


def test_a_blog_posts_hand_and_puzzle(
    engine: Driver, engine_site: str, other_site: tuple[Path, str]
) -> None:
    """Issue 37: an embedded hand (360 px) and puzzle (760 px) on another site, each of the
    height its pasted code gives it: they boot at once, the hand steps forward, the puzzle
    takes the reader's move and answers it; the host page keeps its scroll and focus."""
    session = played_game("magic-trick-baker")
    start, stop = finished_hands(session)[0]
    asked = next(i for i, (seat, _) in enumerate(session.history) if i > 3 and seat == 0)
    frames = [
        ("hand", view_query(session, "hand", start, stop, 3), 360),
        ("puzzle", view_query(session, "puzzle", start, stop, asked), 760),
    ]
    folder, host_url = other_site
    html = "\n".join(
        VIEW_FRAME.format(
            id=view, src=f"{engine_site}embed.html{query}", width=width, height=FRAME_HEIGHT[view]
        )
        for view, query, width in frames
    )
    (folder / "post.html").write_text(BLOG_POST.format(frames=html, script=""))
    engine.resize(820, 700)
    engine.goto(host_url + "post.html")
    counter = "() => document.querySelector('#screen .review-counter')?.textContent"
    for view, _, width in frames:
        engine.frame(f"#{view}")
        wait_ready(engine)
        assert engine.evaluate("() => innerWidth") == width
        assert engine.evaluate(OVERFLOW) <= 0
        engine.frame(None)
    assert engine.evaluate(HOST_STATE) == [300, "comment", 0]
    engine.frame("#hand")
    assert engine.evaluate(counter) == f"Move 3 of {stop - start}"
    engine.click("#screen [data-ui=review-next]")
    wait_for(engine, f"() => ({counter})() === 'Move 4 of {stop - start}'")
    assert_clean(engine)
    engine.frame(None)
    engine.frame("#puzzle")
    assert engine.evaluate("() => document.querySelector('.puzzle-ask')?.textContent") == (
        "Puzzle: what would you play?"
    )
    engine.click("#screen [data-action]:not([disabled])")
    answer = "() => document.querySelector('[data-testid=puzzle-answer]')?.textContent"
    assert "Played in the game" in wait_for(engine, answer)
    assert_clean(engine)


# The seat a pass-and-play cover hands the device to, as text ("0" is true), while nothing
# of a table is behind it; null otherwise.
COVER = """() => {
    const cover = document.querySelector('[data-testid=hand-over]');
    const table = document.querySelector('#screen .table-screen[data-seat], #screen [data-action]');
    return cover && !table ? cover.dataset.to : null;
}"""


def test_friends_pass_the_phone(engine: Driver, engine_site: str) -> None:
    """Issue 38 at a phone's width: a game passed round one device opens on a hand-over,
    each person's simultaneous split comes behind its own, the moves go on."""
    people = "&person1=Ann&person2=Bob"
    link = f"{engine_site}?game=trick-of-trip&players=3&seed=5&speed=instant&level=easy{people}"
    engine.goto(frame_url(engine_site, link))
    engine.frame("#app")
    wait_ready(engine)
    assert wait_for(engine, COVER) == "0"
    engine.click("#screen [data-ui=take-turn]")
    wait_for(engine, "() => !!document.querySelector('#screen .table-screen[data-seat=\"0\"]')")
    assert play(engine, 1, seed=2) == 1  # Ann's split; then Bob's, behind his own cover
    assert wait_for(engine, COVER) == "1"
    made = play(engine, 12, seed=2)  # the game takes the covers as steps of play
    assert made == 12
    assert engine.evaluate(OVERFLOW) <= 0
    assert_clean(engine)


SOUNDS = "() => window.tableSounds && [...tableSounds.asked]"


def test_colours_and_sound_are_kept(engine: Driver, engine_site: str) -> None:
    """Issue 40 here: the Colours menu's Dark holds through a reload (set before the first
    paint); the sound toggle is remembered; moves ask for their sounds."""
    engine.resize(1024, 768)
    engine.goto(f"{engine_site}?game=trick-of-trip&players=3&seed=4&speed=instant&level=easy")
    wait_ready(engine)
    dark = "() => document.documentElement.dataset.theme === 'dark'"
    engine.evaluate(
        "() => { const menu = document.getElementById('theme'); menu.value = 'dark';"
        " menu.dispatchEvent(new Event('change', {bubbles: true})); }"
    )
    assert engine.evaluate(dark)
    pressed = "() => document.getElementById('sound').getAttribute('aria-pressed')"
    assert engine.evaluate(pressed) == "true"
    engine.click("#sound")
    wait_for(engine, f"() => ({pressed})() === 'false'")
    engine.reload()
    wait_ready(engine)
    assert engine.evaluate(dark) and engine.evaluate(pressed) == "false"
    engine.click("#sound")  # on again; a tap, so the page may make sounds
    wait_for(engine, f"() => ({pressed})() === 'true'")
    play(engine, 4, seed=3)
    assert "card" in wait_for(engine, SOUNDS)
    assert_clean(engine)


def test_the_deal_of_the_day(engine: Driver, engine_site: str) -> None:
    """Issue 40.5 here: a lobby card's Deal of the day deals the day's seed at the table."""
    engine.goto(engine_site)
    wait_ready(engine)
    engine.click("#lobby [data-ui=daily][data-value=trickbook]")
    wait_for(engine, MY_TURN)
    save = wait_for(engine, f"() => localStorage.getItem('{SAVE_KEY}.trickbook')")
    saved = json.loads(save)
    assert saved["seed"] == daily_seed("trickbook", saved["daily"])
    assert saved["level"] == DAILY_LEVEL
    assert_clean(engine)


def test_problems_are_seen(engine: Driver, engine_site: str) -> None:
    """The probe hears what these tests rely on it for (a test that could not fail
    otherwise): a console error, an uncaught error, a file that failed to load."""
    engine.goto(engine_site)
    wait_ready(engine)
    engine.evaluate(
        """() => {
            console.error('a console error');
            setTimeout(() => { throw new Error('an uncaught error'); });
            const img = document.createElement('img');
            img.src = './no-such-file.png';
            document.body.append(img);
        }"""
    )
    found = wait_for(
        engine, "() => (window.__engineProbe.problems.length >= 3) && window.__engineProbe.problems"
    )
    text = "\n".join(found)
    for expected in ("a console error", "an uncaught error", "no-such-file.png"):
        assert expected in text
    assert problems(engine)
