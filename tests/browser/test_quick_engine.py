"""The bots' quick engine (static/js/bots-worker.js, ui/runtime/quick_worker.py): MicroPython
in a worker of its own, asked while the bots' worker (Pyodide) loads. Its moves are the whole
search, not the rules of thumb; it steps aside once the worker is ready; and a page that
asks for no time limit (the suite's WHOLE_SEARCH) never starts it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, Route

from ui.play.session import Session
from ui.runtime.worker_client import NOTES
from ui.share.links import encode_moves

from .conftest import (
    BOOT_TIMEOUT,
    DESKTOP,
    StrictPage,
    final_scores,
    open_app,
    play_to_end,
    position_with_bot_moves_left,
    random_game,
    replayed_scores,
    searched_bot_moves,
    strict_page,
)

pytestmark = pytest.mark.browser

# Time enough for any Hard move on a loaded machine: each move is the whole search.
LONG_LIMIT = "window.pygameThinkLimit = 120;"


@pytest.fixture
def desktop_no_sw(browser: Browser, site_url: str) -> Iterator[StrictPage]:
    """A desktop page with no service worker: the bots' worker's requests reach the routes."""
    yield from strict_page(browser, site_url, DESKTOP, service_workers="block")


def sit_down_with_pyodide_held(page: Page, url: str) -> list[Route]:
    """Open the position link `url` with Pyodide's requests held (never answered, so its
    worker loads for ever) and a long time limit, sit down at it (the player's turn), and
    wait for the quick engine; the requests held."""
    held: list[Route] = []
    page.context.route("**/static/vendor/pyodide/**", lambda route: held.append(route))
    page.add_init_script(LONG_LIMIT)
    page.goto(url)
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    page.click("[data-ui=link-continue]")
    page.wait_for_selector("body[data-quick-bots=ready]", timeout=BOOT_TIMEOUT)
    return held


def test_while_pyodide_loads_the_quick_engine_plays_the_whole_search(
    desktop_no_sw: StrictPage, site_url: str
) -> None:
    """Pyodide never arrives (its requests are held): the bots' Hard moves after the player
    sits down are the ones CPython's search makes, none cut short, so the quick engine
    thought them, not the rules of thumb (which `quick()` plays while no engine is ready)."""
    page = desktop_no_sw.page
    link, cut = position_with_bot_moves_left("magic-trick-baker", 2, 3, left=8)
    held = sit_down_with_pyodide_held(page, site_url + link + "&level=hard&speed=instant")
    assert page.evaluate("document.body.dataset.bots") == "loading"
    assert page.locator("#engine-note").text_content() == NOTES["quick"]
    play_to_end(page, pick_seed=1, worker=False)
    assert final_scores(page) == replayed_scores(page)
    assert held, "Pyodide was never asked for"
    assert page.evaluate("document.body.dataset.bots") == "loading"  # still held back
    assert page.evaluate("document.body.dataset.quickBots") == "ready"
    assert page.evaluate("performance.getEntriesByName('bot-think-capped').length") == 0
    assert len(searched_bot_moves(page, cut)) >= 8


def test_the_quick_engine_steps_aside_once_the_worker_is_ready(
    desktop: StrictPage, site_url: str
) -> None:
    page = desktop.page
    page.add_init_script(LONG_LIMIT)
    open_app(page, site_url + "?game=trick-of-trip&players=3&seed=4&level=normal&speed=instant")
    assert page.evaluate("document.body.dataset.bots") == "ready"
    page.wait_for_selector("body[data-quick-bots=retired]", timeout=BOOT_TIMEOUT)
    assert page.evaluate("performance.getEntriesByName('bots-quick-start').length") == 1


def test_a_page_with_no_time_limit_never_starts_it(desktop: StrictPage, site_url: str) -> None:
    """WHOLE_SEARCH: every move waits for the worker's whole search, so the quick engine,
    whose floats may differ from CPython's in the last bit, would never be asked."""
    page = desktop.page
    open_app(page, site_url + "?game=trick-of-trip&players=3&seed=4&level=normal&speed=instant")
    assert page.evaluate("document.body.dataset.bots") == "ready"
    assert page.evaluate("document.body.dataset.quickBots") is None
    assert page.evaluate("performance.getEntriesByName('bots-quick-start').length") == 0


def position_where_only_the_player_waits(
    game_id: str, players: int, seed: int, splits_after: int
) -> tuple[str, int]:
    """A position link to a seeded game (random moves, played out in CPython) where the
    player alone is to move, with at least `splits_after` split rounds after it (bots
    choosing with the player); and how many moves it holds."""
    session = random_game(game_id, players, seed, pick_seed=0)
    history = session.history
    replay = Session(game_id, players, seed, "easy")
    for cut, (seat, action) in enumerate(history):
        waiting = replay.waiting_for()
        later = history[cut:]
        splits = sum(1 for _, later_action in later if later_action["type"] == "split")
        if waiting == (session.human,) and splits >= splits_after * players:
            moves = encode_moves(game_id, players, seed, {}, history[:cut])
            return f"?game={game_id}&players={players}&seed={seed}&moves={moves}", cut
        replay.act(seat, action)
    raise AssertionError(f"no turn of the player alone with {splits_after} split rounds after")


def test_trick_of_trips_splits_meet_the_quick_engine_mid_thought(
    desktop_no_sw: StrictPage, site_url: str
) -> None:
    """Pyodide held back, Trick of Trip at Normal from a turn of the player's alone (so the
    quick engine is ready before any bot decides): the player splits as soon as a split is
    drawn, often while a bot still thinks about its own (its question then cancelled in the
    quick engine, and asked again about the table as it is). Every bot move is still the
    one CPython's search makes for that table."""
    page = desktop_no_sw.page
    link, cut = position_where_only_the_player_waits("trick-of-trip", 3, 6, splits_after=2)
    sit_down_with_pyodide_held(page, site_url + link + "&level=normal&speed=instant")
    play_to_end(page, pick_seed=3, worker=False)
    assert final_scores(page) == replayed_scores(page)
    assert page.evaluate("document.body.dataset.bots") == "loading"
    splits = [move for move in searched_bot_moves(page, cut) if move["type"] == "split"]
    assert len(splits) >= 4


# A request to the quick engine and its cancel, posted at once: the search (Wray, Hard, no
# time limit: 500 playouts, far more than one 50 ms slice) reads the cancel at its first
# pause and answers {"cancelled": true}; the next request is answered in full.
CANCEL_JS = """async (request) => {
  const worker = new Worker("./static/js/bots-worker.js", {type: "module"});
  const games = JSON.parse(document.getElementById("game-files").textContent);
  const archives = ["static/vendor/app-mpy.tar.gz", "static/vendor/app-mpy-bots.tar.gz",
    ...Object.keys(games).sort().map((game) => games[game].archive)];
  const next = (wanted) => new Promise((resolve) => {
    const seen = ({data}) => {
      if (!wanted(data)) return;
      worker.removeEventListener("message", seen);
      resolve(data);
    };
    worker.addEventListener("message", seen);
  });
  worker.postMessage({archives});
  const ready = await next((data) => data.ready || data.failed);
  const ask = (id) => ({id, method: "decide_json", text: JSON.stringify({...request, id})});
  worker.postMessage(ask(1));
  worker.postMessage({cancel: 1});
  const cancelled = await next((data) => data.id === 1);
  worker.postMessage(ask(2));
  const answered = await next((data) => data.id === 2);
  worker.terminate();
  return [ready, JSON.parse(cancelled.text), JSON.parse(answered.text)];
}"""


def test_the_quick_engine_drops_a_cancelled_question(desktop: StrictPage, site_url: str) -> None:
    page = desktop.page
    open_app(page, site_url)
    session = Session("magic-trick-wray", 4, 5, "hard")
    request = session.bot_request(session.waiting_for()[0])
    assert request is not None
    request["limit"] = None
    ready, cancelled, answered = page.evaluate(CANCEL_JS, request)
    assert ready["ready"].startswith("MicroPython ")
    assert cancelled == {"cancelled": True}
    assert answered["ok"]["capped"] is False
    assert answered["ok"]["action"] in session.state.legal_actions(request["seat"])
