"""Browser-test fixtures: the built site on a free local port, Chromium, strict pages.

Every page opened through `app_page` fails its test on a console error, a page
error, a `.py-error` element, or any request that leaves the site's origin.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserType, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from ui.app import page_steps
from ui.runtime.page import SUMMED_SEATS

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "_site"
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 860}
BOOT_TIMEOUT = 60_000
# A hint is thought in the bots' worker after the bots' own requests (one at a time).
HINT_TIMEOUT = 30_000
# Bots think their whole budget, however loaded the machine: a bot's move in the page is
# then the one CPython's search makes, which scenario tests rely on (README, "Test hooks").
WHOLE_SEARCH = "window.pygameThinkLimit = Infinity;"
# The page's main-thread tasks over 50 ms, as they come, in window.__longTasks (ms; the
# benchmarks' measure).
WATCH_LONG_TASKS = """() => {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push(e.duration);
  }).observe({ type: "longtask" });
}"""


def system_chromium() -> str | None:
    for name in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(name).exists():
            return name
    return shutil.which("chromium")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's chromium when present (Playwright's own browser otherwise)."""
    args = dict(browser_type_launch_args)
    path = system_chromium()
    if path:
        args["executable_path"] = path
    args["args"] = [
        *args.get("args", []),
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ]
    return args


class BrowserKeeper:
    """One Chromium per test process, launched afresh after a renderer crash.

    Once a renderer has died, the same browser's next pages tend to die too (seen in CI:
    a crash's reruns crashed in bursts). A new browser process gives a rerun a clean
    start, and relaunching every `LIFETIME` tests bounds whatever a long-lived browser
    gathers.
    """

    LIFETIME = 40
    CRASH_TEXTS = ("Target crashed", "Page crashed")  # as in pyproject.toml's only_rerun
    crash_seen = False  # set by pytest_runtest_makereport below, for this test process

    def __init__(self, browser_type: BrowserType, launch_args: dict[str, Any]) -> None:
        self.browser_type = browser_type
        self.launch_args = launch_args
        self.browser: Browser | None = None
        self.tests_run = 0

    def get(self) -> Browser:
        worn = self.tests_run >= self.LIFETIME
        crashed = BrowserKeeper.crash_seen
        if self.browser is None or crashed or worn or not self.browser.is_connected():
            self.close()
            self.browser = self.browser_type.launch(**self.launch_args)
            self.tests_run = 0
            BrowserKeeper.crash_seen = False
        self.tests_run += 1
        return self.browser

    def close(self) -> None:
        if self.browser is not None:
            with contextlib.suppress(Exception):  # a browser that died is closed already
                self.browser.close()
            self.browser = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Note a renderer crash in any phase of any test, so the next test gets a new browser."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.failed and any(text in str(report.longrepr) for text in BrowserKeeper.CRASH_TEXTS):
        BrowserKeeper.crash_seen = True


@pytest.fixture(scope="session")
def browser_keeper(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any]
) -> Iterator[BrowserKeeper]:
    keeper = BrowserKeeper(browser_type, browser_type_launch_args)
    yield keeper
    keeper.close()


@pytest.fixture
def browser(browser_keeper: BrowserKeeper) -> Browser:
    """The worker's Chromium (pytest-playwright's one-per-session browser, relaunched
    after a crash: see BrowserKeeper)."""
    return browser_keeper.get()


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".toml": "text/plain",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


class SiteServer(http.server.ThreadingHTTPServer):
    """A static server for tests; a browser dropping a connection is not an error."""

    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def start_server(directory: Path, host: str = "127.0.0.1") -> tuple[SiteServer, str]:
    """Serve `directory` on a free port of `host` in a thread; the server and its URL."""
    handler = functools.partial(_Handler, directory=str(directory))
    server = SiteServer((host, 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """Serve _site/ (built by `python3 tasks.py test`, or here when missing)."""
    if not (SITE / "index.html").exists():
        import tasks

        tasks.build()
    server, url = start_server(SITE)
    yield url
    server.shutdown()
    server.server_close()


def memory_note() -> str:
    """The machine's free memory and /dev/shm, for the report of a renderer crash."""
    try:
        lines = Path("/proc/meminfo").read_text().splitlines()
        meminfo = dict(line.split(":", 1) for line in lines)
        shm = shutil.disk_usage("/dev/shm")
    except (OSError, ValueError):
        return "memory unknown"
    memory = "; ".join(
        f"{key}: {' '.join(meminfo[key].split())}"
        for key in ("MemAvailable", "Committed_AS", "CommitLimit")
        if key in meminfo
    )
    return f"{memory}; /dev/shm {shm.free // 2**20} MB free; {chrome_processes()} chrome processes"


def chrome_processes() -> int:
    """How many Chromium processes run on the machine (renderers included)."""
    count = 0
    for comm in Path("/proc").glob("[0-9]*/comm"):
        try:
            count += comm.read_text().strip() in ("chrome", "chromium")
        except OSError:
            continue
    return count


class StrictPage:
    """A page plus the problems seen on it; `check()` fails the test on any."""

    def __init__(self, page: Page, origin: str) -> None:
        self.page = page
        self.problems: list[str] = []
        self.allowed_console: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.problems.append(f"page error: {exc}"))
        page.on("request", lambda req: self._request(req.url, origin))
        self.crashed = False
        page.on("crash", self._crash)

    def _console(self, msg: Any) -> None:
        if msg.type == "error" and not any(a in msg.text for a in self.allowed_console):
            self.problems.append(f"console error: {msg.text}")

    def _crash(self, _: Any) -> None:
        # "Page crashed" is what the suite reruns on (pyproject.toml, only_rerun).
        self.crashed = True
        self.problems.append(f"Page crashed: Chromium's renderer died ({memory_note()})")

    def _request(self, url: str, origin: str) -> None:
        if not (url.startswith(origin) or url.startswith(("data:", "blob:"))):
            self.problems.append(f"request left the origin: {url}")

    def check(self) -> None:
        alive = not (self.crashed or self.page.is_closed())
        errors = self.page.locator(".py-error").count() if alive else 0
        if errors:
            self.problems.append(f"{errors} .py-error element(s)")
        assert not self.problems, "\n".join(self.problems)


def serious_violations(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it rests: once every
    timed animation that ends has ended (a card sliding in is half transparent, and its
    contrast was measured mid-slide under load), or for 3 s at most (a scroll-driven
    animation has no end)."""
    page.evaluate(
        """() => Promise.race([
            Promise.all(document.getAnimations()
                .filter(a => a.playState === "running" && a.timeline === document.timeline
                    && a.effect && a.effect.getComputedTiming().endTime !== Infinity)
                .map(a => a.finished.catch(() => null))),
            new Promise(resolve => setTimeout(resolve, 3000)),
        ])"""
    )
    results = Axe().run(page)
    return [
        f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: {v['nodes'][0]['target']})"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def open_app(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    wait_for_bots_worker(page)


# Settles once the page has rendered twice: its size's media queries told (a table redrawn
# for them), its observers and scrolls run, its layout done.
NEXT_RENDERING = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

# Whether the table at screen is drawn for the page's size: its seats summed up (their rows
# left out, `data-seats=summed`) exactly where ui/runtime/page.py's SUMMED_SEATS matches.
DRAWN_FOR_ITS_SIZE = """(query) => {
    const table = document.querySelector(
        '#screen .table-screen:not(.review-screen):not(.puzzle-screen)');
    return !table || table.matches('[data-seats=summed]') === matchMedia(query).matches;
}"""


def resize(page: Page, size: dict[str, int]) -> None:
    """Resize the page to `size` and wait until the table at screen is drawn for it: the
    page redraws a table whose seats' rows come or go in the frame after the resize
    (ui/runtime/events.py `resized`)."""
    page.set_viewport_size(size)
    page.wait_for_function(DRAWN_FOR_ITS_SIZE, arg=SUMMED_SEATS)


def wait_for_bots_worker(page: Page) -> None:
    """Once a table is up, wait while the bots' worker (Pyodide) boots. Under WHOLE_SEARCH
    Normal, Hard and the hint wait for it anyway (docs/test-hooks.md), and its boot, not
    their thinking, is what can take long on a loaded machine."""
    page.wait_for_function(
        "!['starting', 'loading'].includes(document.body.dataset.bots)",
        timeout=BOOT_TIMEOUT,
        polling=200,
    )


def strict_page(
    browser: Browser,
    site_url: str,
    viewport: dict[str, int],
    scheme: str = "light",
    service_workers: str = "allow",
) -> Iterator[StrictPage]:
    """A strict page of `viewport`, its system's colours `scheme` ("light" or "dark");
    `service_workers="block"`: every request reaches the page's routes."""
    context = browser.new_context(
        viewport=viewport,
        color_scheme=scheme,  # type: ignore[arg-type]
        service_workers=service_workers,  # type: ignore[arg-type]
    )
    context.add_init_script(WHOLE_SEARCH)
    page = context.new_page()
    page.set_default_timeout(20_000)
    strict = StrictPage(page, site_url.rstrip("/"))
    yield strict
    try:
        strict.check()
    finally:
        context.close()


@pytest.fixture
def phone(browser: Browser, site_url: str) -> Iterator[StrictPage]:
    yield from strict_page(browser, site_url, PHONE)


@pytest.fixture
def desktop(browser: Browser, site_url: str) -> Iterator[StrictPage]:
    yield from strict_page(browser, site_url, DESKTOP)


def log_numbers_fit(page: Page) -> int:
    """Assert every line number of the game log is drawn inside the log's box; the last one.

    A list's numbers are drawn in its left padding, where nothing measures them: the
    width of "200. " in the list's font (a canvas measures it) stands in for the marker.
    """
    found = page.evaluate(
        """() => {
            const list = document.querySelector('#screen .log-lines');
            const box = list.closest('.log').getBoundingClientRect();
            const lines = [...list.querySelectorAll('li')];
            const ctx = document.createElement('canvas').getContext('2d');
            return lines.map((li, i) => {
                ctx.font = getComputedStyle(li).font;
                const number = list.start + i;
                const width = ctx.measureText(number + '. ').width;
                return [number, li.getBoundingClientRect().left - width - box.left];
            });
        }"""
    )
    clipped = [(number, round(room, 1)) for number, room in found if room < 0]
    assert found and not clipped, f"log numbers cut off at the left (number, px): {clipped}"
    return found[-1][0]


def nothing_covers(page: Page, texts: str, covers: str, reach: float, apart: str = "") -> int:
    """Assert no element of `covers`, grown by `reach` px on every side (its ring: an
    outline, a box-shadow, a badge), overlaps an element of `texts`; `apart` skips pairs
    inside the same such ancestor (a card's own caption). Returns the texts checked."""
    found = page.evaluate(
        """([texts, covers, reach, apart]) => {
            const boxes = [...document.querySelectorAll(covers)];
            const labels = [...document.querySelectorAll(texts)];
            const hits = [];
            for (const label of labels) {
                const t = label.getBoundingClientRect();
                for (const box of boxes) {
                    const own = apart && label.closest(apart);
                    if (own && own === box.closest(apart)) continue;
                    const c = box.getBoundingClientRect();
                    const w = Math.min(t.right, c.right + reach) - Math.max(t.left, c.left - reach);
                    const h = Math.min(t.bottom, c.bottom + reach) - Math.max(t.top, c.top - reach);
                    if (w > 0.5 && h > 0.5 && t.width && t.height)
                        hits.push([label.textContent.slice(0, 30), Math.round(h * 10) / 10]);
                }
            }
            return [labels.length, hits];
        }""",
        [texts, covers, reach, apart],
    )
    count, hits = found
    assert count and not hits, f"covered by {covers} (text, px): {hits}"
    return count


# JavaScript for a page.evaluate body: rgb("rgb(1, 2, 3)") -> [1, 2, 3] (an alpha is
# kept, and ignored by the rest) and WCAG's contrast ratio(a, b) of two such colours.
CONTRAST_JS = """
    const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);  // [r, g, b] or [r, g, b, a]
    const lum = ([r, g, b]) => [r, g, b].map(v => {
        v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }).reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
    const ratio = (a, b) => {
        const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
        return (x + 0.05) / (y + 0.05);
    };
"""

# Per selector: the luminance (WCAG's, 0 black to 1 white) of what is drawn behind its
# first element (its own background, else the first opaque one around it) and its text's.
LOOK_JS = (
    "(selectors) => {"
    + CONTRAST_JS
    + """
    const back = el => {
        for (let n = el; n; n = n.parentElement) {
            const c = rgb(getComputedStyle(n).backgroundColor);
            if (c.length === 3 || c[3] > 0) return c;
        }
        return [255, 255, 255];
    };
    const out = {};
    for (const selector of selectors) {
        const el = document.querySelector(selector);
        if (el) out[selector] = [lum(back(el)), lum(rgb(getComputedStyle(el).color))];
    }
    return out;
}"""
)


def edges_stand_out(page: Page, selector: str, minimum: float = 3.0) -> int:
    """Assert each element of `selector` is told from what lies behind it: its border or
    its fill contrasts at least `minimum`:1 (WCAG's 3:1 for controls) with the first
    opaque background behind it. Returns how many were checked."""
    found = page.evaluate(
        """([selector]) => {"""
        + CONTRAST_JS
        + """
            const behind = el => {
                for (let n = el.parentElement; n; n = n.parentElement) {
                    const c = rgb(getComputedStyle(n).backgroundColor);
                    if (c.length === 3 || c[3] > 0) return c;
                }
                return [255, 255, 255];
            };
            return [...document.querySelectorAll(selector)].map(el => {
                const style = getComputedStyle(el), back = behind(el);
                const edge = ratio(rgb(style.borderTopColor), back);
                const best = Math.max(edge, ratio(rgb(style.backgroundColor), back));
                return [el.textContent.trim().slice(0, 30), Math.round(best * 100) / 100];
            });
        }""",
        [selector],
    )
    faint = [(text, ratio) for text, ratio in found if ratio < minimum]
    assert found and not faint, f"hard to tell from their backdrop (text, contrast): {faint}"
    return len(found)


# play_to_end's look at the table: null once the game is over, else [the number of legal
# moves drawn (`next_click.ACTIONS`), the game's steps (`next_click.STEPS_JS`) when there
# is none].
TABLE_NOW_JS = """([actions, steps]) => {
    if (document.querySelector('[data-testid=game-over]')) return null;
    const count = document.querySelectorAll(actions).length;
    const found = count ? [] : [...document.querySelectorAll(steps)];
    return [count, (%s)(found)];
}"""


def play_to_end(
    page: Page,
    pick_seed: int = 0,
    max_steps: int = 3000,
    must_end: bool = True,
    worker: bool = True,
) -> None:
    """Play as the human by clicking drawn controls until the game-over view appears.

    Clicks a `data-action` control when one is drawn (the first enabled one,
    rotating by `pick_seed`), else a game's own `data-ui` step (e.g. moving a
    card between groups); waits for bots otherwise. A step is a click or a 30 ms wait, so
    where a game stops with `must_end=False` depends on the bots' speed (test_hand_in_view's
    take_turns clicks only between the bots' turns). `worker=False`: no wait for the bots'
    worker first (a test that holds it back).
    """
    import random

    from next_click import ACTIONS, STEPS, STEPS_JS, next_click

    if worker:
        wait_for_bots_worker(page)
    pick = random.Random(pick_seed)
    nav = page_steps()  # not moves; and a hint lands later, redrawing the table meanwhile
    table_now = TABLE_NOW_JS % STEPS_JS
    for _ in range(max_steps):
        # One snapshot of the table per step (one round trip, not three): whether the game
        # is over, how many moves are drawn, and else the steps, each clicked by what it
        # is, not by its place (a hint arriving may redraw the table meanwhile).
        seen = page.evaluate(table_now, [ACTIONS, STEPS])
        if seen is None:
            return
        count, steps = seen
        click = next_click(count, steps, nav, pick)
        if click is None:
            page.wait_for_timeout(30)
            continue
        selector, index = click
        if count:
            page.locator(selector).nth(index).click()
            continue
        step = page.locator(selector).first
        try:
            step.click(timeout=5_000)
        except PlaywrightTimeoutError:
            if step.count():  # still drawn, yet not clickable: a fault, not a redraw
                raise
    if must_end:
        raise AssertionError("the game did not reach its end")


def final_scores(page: Page) -> list[int]:
    cells = page.locator("[data-testid=game-over] [data-score]")
    by_seat = {
        int(cells.nth(i).get_attribute("data-seat")): int(cells.nth(i).get_attribute("data-score"))
        for i in range(cells.count())
    }
    return [by_seat[s] for s in sorted(by_seat)]


def replayed_scores(page: Page) -> list[int]:
    """The engine's scores for the finished game, replayed in CPython from its record."""
    import pygame_rules

    record = json.loads(page.locator("[data-testid=game-over]").get_attribute("data-record"))
    game = pygame_rules.get_game(record["game"])
    state = game.new_game(record["players"], record["seed"], record["options"])
    for seat, action in record["history"]:
        state.apply(seat, action)
    assert state.is_over()
    return state.scores()


def random_game(
    game_id: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    pick_seed: int | None = None,
    stop: Callable[[Any], bool] = lambda session: False,
) -> Any:
    """A seeded game of Easy bots played in CPython, every seat's move picked at random
    (`random.Random(pick_seed)`, the game's seed by default), to its end or until
    `stop(session)`: the Session."""
    import random

    from ui.play.session import Session

    session = Session(game_id, players, seed, "easy", options)
    choose = random.Random(seed if pick_seed is None else pick_seed)
    while not session.is_over() and not stop(session):
        seat = session.waiting_for()[0]
        session.act(seat, choose.choice(session.state.legal_actions(seat)))
    return session


def position_with_bot_moves_left(
    game_id: str, players: int, seed: int, left: int
) -> tuple[str, int]:
    """A position link to a seeded game (Easy bots, random moves, played out in CPython) at
    the player's last turn with at least `left` bot moves after it in that game; and how
    many moves it holds."""
    from ui.share.links import encode_moves

    session = random_game(game_id, players, seed, pick_seed=0)
    history = session.history
    bots_after = 0
    for cut in reversed(range(len(history))):
        seat = history[cut][0]
        if seat == session.human and bots_after >= left:
            moves = encode_moves(game_id, players, seed, {}, history[:cut])
            return f"?game={game_id}&players={players}&seed={seed}&moves={moves}", cut
        bots_after += seat != session.human
    raise AssertionError(f"no turn of the player with {left} bot moves after it")


def searched_bot_moves(page: Page, cut: int = 0) -> list[dict[str, Any]]:
    """The bots' moves from move `cut` of the game the page's game-over view records, each
    checked to be the one CPython's search makes at the game's level for that table."""
    from ui.play.session import Session

    record = json.loads(page.locator("[data-testid=game-over]").get_attribute("data-record"))
    session = Session(record["game"], record["players"], record["seed"], record["level"])
    moves = []
    for seat, action in record["history"]:
        if seat != session.human and len(session.history) >= cut:
            turn = session.start_bot(seat)
            turn.step(None)
            assert turn.action == action, f"move {len(session.history)}: CPython's search differs"
            moves.append(action)
        session.act(seat, action)
    assert session.is_over()
    return moves


def near_the_end(
    game_id: str, players: int, seed: int = 7, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A save of a game two of the player's moves from its end (Easy bots; seeded random
    moves in CPython). Tests about a game's end start from it instead of playing a whole
    game in the page, which costs a minute in Wray."""
    session = random_game(game_id, players, seed, options)
    mine = [i for i, (seat, _) in enumerate(session.history) if seat == session.human]
    save = session.to_save()
    save["history"] = session.history[: mine[-2]]
    return save


def resume_near_the_end(
    page: Page,
    site_url: str,
    game_id: str,
    players: int,
    seed: int = 7,
    options: dict[str, Any] | None = None,
) -> None:
    """Store `near_the_end`'s save as the app's saved game (bots at Instant speed), open the
    lobby and resume it."""
    from ui.saves import save_key

    save = json.dumps(near_the_end(game_id, players, seed, options))
    page.goto(site_url)
    page.evaluate("([k, s]) => localStorage.setItem(k, s)", [save_key(game_id), save])
    page.evaluate("localStorage.setItem('pygame-table.settings', '{\"speed\": \"instant\"}')")
    open_app(page, site_url)
    page.click(f"#resume [data-ui=resume][data-value={game_id}]")
    page.wait_for_selector("#screen .table-screen")


@pytest.fixture
def other_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A second site for a blog post that frames the game: its folder and its address, on
    `localhost` (the game itself is served from 127.0.0.1)."""
    server, url = start_server(tmp_path, "localhost")
    yield tmp_path, url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def open_storage_chromium(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any]
) -> Iterator[Browser]:
    """Chromium letting a frame from another site keep storage (partitioned by the top
    site, as Firefox and WebKit do by default): there a frame boots PyScript, keeps its
    game, and has its bots' worker. (The suite's Chromium blocks it.) One per test
    process: each test opens a context of its own."""
    args = dict(browser_type_launch_args)
    args["args"] = [*args.get("args", []), "--disable-features=TrackingProtection3pcd"]
    browser = browser_type.launch(**args)
    yield browser
    browser.close()
