"""The app's MicroPython bytecode is unpacked by static/js/mpy-files.js, not by PyScript:
a host that inflates the archive itself still works, and a missing or odd archive stops
the boot with a plain message instead of running Python on half a file system."""

from __future__ import annotations

import gzip
import io
import tarfile
import time
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Route, expect

from .conftest import BOOT_TIMEOUT, DESKTOP, SITE, StrictPage, strict_page

ARCHIVE = "static/vendor/app-mpy.tar.gz"
REST = "static/vendor/app-mpy-rest.tar.gz"
TABLE = "?game=trick-of-trip&players=3&seed=1"


def the_tar() -> bytes:
    """The built archive's tar, inflated."""
    return gzip.decompress((SITE / ARCHIVE).read_bytes())


def with_entry(extra: tarfile.TarInfo, data: bytes = b"") -> bytes:
    """The built archive with one more entry first, gzipped again."""
    out = io.BytesIO()
    with (
        tarfile.open(fileobj=io.BytesIO(the_tar())) as source,
        tarfile.open(fileobj=out, mode="w", format=tarfile.USTAR_FORMAT) as tar,
    ):
        extra.size = len(data)
        tar.addfile(extra, io.BytesIO(data))
        for member in source.getmembers():
            tar.addfile(member, source.extractfile(member))
    return gzip.compress(out.getvalue())


def test_a_host_that_sends_the_tar_inflated_still_boots(desktop: StrictPage, site_url: str) -> None:
    """fetch() inflates an archive sent with Content-Encoding: gzip: the hook gets the tar
    itself and takes it as it is."""
    page = desktop.page
    page.route(f"{site_url}{ARCHIVE}", lambda route: route.fulfill(body=the_tar()))
    page.goto(site_url + TABLE)
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    expect(page.get_by_role("region", name="Game log")).to_contain_text(
        "New game of Trick of Trip, seed 1."
    )


def test_pyscripts_own_package_is_imported_as_bytecode(desktop: StrictPage, site_url: str) -> None:
    """PyScript writes its `pyscript` package's source before the page's script; the page
    imports the same package compiled at build time (tasks.py python_archives)."""
    page = desktop.page
    page.goto(site_url + TABLE)
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    imported = page.evaluate("performance.getEntriesByName('mpy-pyscript')[0].detail")
    assert imported.endswith("/precompiled/pyscript/__init__.mpy"), imported


def test_the_hook_is_in_place_however_late_its_file_comes(
    desktop: StrictPage, site_url: str
) -> None:
    """PyScript starts from mpy-files.js's own import of core.js: a late answer for the
    file delays PyScript too, never lets MicroPython run the page's Python without the
    app (CI saw "no module named 'pygame_rules'" when core.js was a script of its own)."""
    page = desktop.page

    def late(route: Route) -> None:
        time.sleep(1.5)
        route.continue_()

    page.route(f"{site_url}static/js/mpy-files.js", late)
    page.goto(site_url + TABLE)
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    expect(page.get_by_role("region", name="Game log")).to_contain_text("New game of Trick")


def directory() -> bytes:
    info = tarfile.TarInfo("extra")
    info.type = tarfile.DIRTYPE
    return with_entry(info)


def outside() -> bytes:
    return with_entry(tarfile.TarInfo("../outside.mpy"), b"x")


@pytest.mark.parametrize(
    "answer, says",
    [
        (lambda route: route.fulfill(status=404, body="gone"), "HTTP 404"),
        (lambda route: route.fulfill(body=directory()), "unexpected entry extra"),
        (lambda route: route.fulfill(body=outside()), "unsafe path ../outside.mpy"),
    ],
    ids=["missing", "a directory", "a path outside"],
)
def test_an_archive_that_cannot_be_unpacked_stops_the_boot_with_a_message(
    browser: Browser, site_url: str, answer: Callable[[Route], None], says: str
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.route(f"{site_url}{ARCHIVE}", answer)
        page.goto(site_url + TABLE)
        page.wait_for_selector("body[data-app-state=error]", timeout=BOOT_TIMEOUT)
        expect(page.locator("#loading-text")).to_contain_text("The app's files could not be loaded")
        expect(page.locator("#loading-text")).to_contain_text(says)
        expect(page.locator("#screen .table-screen")).to_have_count(0)
    finally:
        context.close()


OTHER_GAMES = ("magic-trick-wray", "magic-trick-baker", "trickbook")  # TABLE's is trick-of-trip


@pytest.fixture
def unserved(browser: Browser, site_url: str) -> Iterator[StrictPage]:
    """A desktop page whose requests all reach its routes: no service worker (a worker's
    own fetches, once it controls the page, pass by page.route)."""
    yield from strict_page(browser, site_url, DESKTOP, service_workers="block")


def test_a_link_boots_with_its_games_bytecode_and_the_lobby_waits_for_the_others(
    unserved: StrictPage, site_url: str
) -> None:
    """A link to one game downloads the app's archive and that game's before its table
    (tasks.py python_archives, static/js/host.js), the rest of the app and the other games
    once the player can move; the lobby, which names every game, opens once they are there."""
    page = unserved.page
    asked: list[str] = []
    held: list[Route] = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(site_url)))
    for part in [*(f"app-mpy-{game_id}" for game_id in OTHER_GAMES), "app-mpy-rest"]:
        page.route(f"{site_url}static/vendor/{part}.tar.gz", lambda r: held.append(r))
    page.goto(site_url + TABLE)
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    archives = [url for url in asked if url.startswith("static/vendor/app-mpy")]
    assert sorted(archives) == sorted([ARCHIVE, "static/vendor/app-mpy-trick-of-trip.tar.gz"])
    deadline = time.monotonic() + 20
    while len(held) < len(OTHER_GAMES) + 1 and time.monotonic() < deadline:
        page.wait_for_timeout(100)  # the rest is asked for once the player can move
    assert len(held) == len(OTHER_GAMES) + 1
    assert page.evaluate("appModules.missing(true)") == len(OTHER_GAMES) + 1
    assert page.evaluate("appModules.missing(false)") == 1  # the rest of the app
    page.click("[data-ui=lobby]")  # answered at once (ui/app.py on_click): it waits
    expect(page.locator("#lobby")).to_be_hidden()
    for route in held:
        route.continue_()
    expect(page.locator("#lobby")).to_be_visible()
    assert page.evaluate("appModules.missing(true)") == 0
    expect(page.locator("#resume")).to_contain_text("Trick of Trip")  # the saved games' list
    page.click("#lobby [data-ui=play][data-value=trickbook]")
    expect(page.locator("#screen h2")).to_contain_text("Trickbook")


def test_other_games_that_cannot_be_fetched_are_said_so(
    unserved: StrictPage, site_url: str
) -> None:
    """Offline on a link's first visit (no service worker yet): the lobby cannot open; the
    table stays, and a notice says why."""
    page = unserved.page
    unserved.allowed_console.append("404")
    for game_id in OTHER_GAMES:
        page.route(
            f"{site_url}static/vendor/app-mpy-{game_id}.tar.gz",
            lambda route: route.fulfill(status=404, body="gone"),
        )
    page.goto(site_url + TABLE)
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    page.click("[data-ui=lobby]")
    expect(page.locator("#notice")).to_contain_text("Part of the app could not be loaded")
    expect(page.locator("#notice")).to_contain_text("HTTP 404")
    expect(page.locator("#screen .table-screen")).to_be_visible()
    expect(page.locator("#lobby")).to_be_hidden()


def test_an_embedded_frame_never_downloads_another_games_files(
    unserved: StrictPage, site_url: str
) -> None:
    """A blog's frame shows one game: its boot, its table and its own controls (leaving
    the table for the setup screen here) ask for no other game's bytecode or stylesheet,
    only the rest of the app's (ui/app.py with_whole_app)."""
    page = unserved.page
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(site_url)))
    page.goto(site_url + "embed.html?game=trick-of-trip")
    page.click("#embed-play")
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    page.click("[data-ui=lobby]")  # a frame's "lobby" is its game's setup screen
    expect(page.locator("#screen [data-ui=start]")).to_be_visible()
    expect(page.locator("#screen h2")).to_contain_text("Trick of Trip")
    assert page.evaluate("appModules.missing(false)") == 0
    assert page.evaluate("appModules.missing(true)") == len(OTHER_GAMES)
    others = [url for url in asked if any(game in url for game in OTHER_GAMES)]
    assert others == []
    assert "static/vendor/app-mpy-trick-of-trip.tar.gz" in asked
    assert REST in asked


def test_a_tables_panel_clicked_before_the_rest_of_the_app_opens_once_it_has_come(
    unserved: StrictPage, site_url: str
) -> None:
    """The Link panel's code is the rest of the app's (tasks.py REST_MODULES): clicked while
    it is still coming, the click waits for it, then opens the panel (ui/app.py on_click)."""
    page = unserved.page
    held: list[Route] = []
    page.route(f"{site_url}{REST}", lambda route: held.append(route))
    page.goto(site_url + TABLE)
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    page.click("[data-ui=share]")
    deadline = time.monotonic() + 20
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert len(held) == 1
    expect(page.locator("#share-deal")).to_have_count(0)
    held[0].continue_()
    expect(page.locator("#share-deal")).to_be_visible()
    assert page.evaluate("appModules.missing(false)") == 0


def test_a_finished_game_shows_its_end_once_the_rest_of_the_app_has_come(
    unserved: StrictPage, site_url: str
) -> None:
    """The game over's screen is the rest of the app's: a shared game's last position,
    continued before it has come, is drawn without it, then with it (ui/screens/play.py
    game_over, ui/app.py whole_app_loaded)."""
    from ui.play.session import Session
    from ui.share.links import position_link

    session = Session("trick-of-trip", 3, 1, "easy")
    while not session.is_over():  # every seat played by an Easy bot, to the end
        session.bot_move(session.state.acting()[0])
    page = unserved.page
    held: list[Route] = []
    page.route(f"{site_url}{REST}", lambda route: held.append(route))
    page.goto(site_url + position_link(session))
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    page.click("[data-ui=link-continue]")
    expect(page.locator("#screen .table-screen")).to_be_visible()
    expect(page.locator("[data-testid=game-over]")).to_have_count(0)
    deadline = time.monotonic() + 20
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("[data-testid=game-over]")).to_be_visible()


def test_a_link_to_a_setup_waits_for_the_rest_of_the_app(
    unserved: StrictPage, site_url: str
) -> None:
    """A link to a game's setup (no deal) boots with that game's modules; its screen is the
    rest of the app's, drawn once it has come (no other game's: a setup needs none), and
    the page is ready then."""
    page = unserved.page
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(site_url)))
    page.goto(site_url + "?game=trickbook")
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    expect(page.locator("#screen h2")).to_contain_text("Trickbook")
    expect(page.locator("#screen [data-ui=start]")).to_be_visible()
    assert REST in asked
    others = {"magic-trick-wray", "magic-trick-baker", "trick-of-trip"}  # not trickbook
    assert [url for url in asked if any(game in url for game in others)] == []


def test_a_rules_link_boots_with_the_rest_of_the_app_for_its_lobby(
    unserved: StrictPage, site_url: str
) -> None:
    """`?rules=` names one game but no table: the page's lobby shows at once, styled (its
    cards' rules are the rest of the app's: static/css/rest.css), under the game's rules."""
    page = unserved.page
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(site_url)))
    page.goto(site_url + "?rules=trickbook")
    page.wait_for_selector("body[data-app-state=ready]", timeout=BOOT_TIMEOUT)
    assert REST in asked and "static/css/rest.css" in asked
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-title")).to_contain_text("Trickbook")
    card = page.locator(".game-card").first
    assert card.evaluate("card => getComputedStyle(card).borderTopWidth") == "6px"
    # From the first paint: written in by host.js while the page was parsed (render-blocking),
    # before the page's later scripts, where the rest fetched later would add it at the end.
    assert page.evaluate(
        """() => {
            const style = document.querySelector('link[href="./static/css/rest.css"]');
            const boot = document.querySelector('script[src="./static/js/boot.js"]');
            return Boolean(style.compareDocumentPosition(boot) & Node.DOCUMENT_POSITION_FOLLOWING);
        }"""
    )


def test_a_games_stylesheet_that_cannot_be_loaded_stops_the_boot_with_a_message(
    browser: Browser, site_url: str
) -> None:
    """A link's table is never drawn without its game's stylesheet (host.js gameStyle,
    awaited with the game's bytecode): a missing one stops the boot and says which."""
    context = browser.new_context(viewport=DESKTOP, service_workers="block")
    try:
        page = context.new_page()
        missing = f"{site_url}static/css/trick-of-trip.css"
        page.route(missing, lambda route: route.fulfill(status=404))
        page.goto(site_url + TABLE)
        page.wait_for_selector("body[data-app-state=error]", timeout=BOOT_TIMEOUT)
        text = page.locator("#loading-text")
        expect(text).to_contain_text("The app's files could not be loaded")
        expect(text).to_contain_text("/static/css/trick-of-trip.css could not be loaded")
        expect(page.locator("#screen .table-screen")).to_have_count(0)
    finally:
        context.close()
