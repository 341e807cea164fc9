"""The offline status line (#offline-status): it says the app is ready to play offline only
once the service worker holds every file, with the download sizes the build measured
(static/precache.json), and one visit then suffices to play with no network."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import PHONE, SITE, StrictPage, start_server

pytestmark = pytest.mark.browser

STATUS = "#offline-status"
TIMEOUT = 60_000
# Every cached URL's path, in the site's caches (one, but for a moment after an update).
CACHED = """(async () => {
  const paths = [];
  for (const key of await caches.keys()) {
    const cache = await caches.open(key);
    paths.push(...(await cache.keys()).map((r) => new URL(r.url).pathname));
  }
  return paths;
})()"""


def manifest() -> dict:
    return json.loads((SITE / "static" / "precache.json").read_text())


def mb(size: int) -> str:
    """As the page writes sizes (static/js/boot.js): decimal megabytes, one decimal."""
    return f"{size / 1e6:.1f} MB"


def missing_from_cache(page: Page, names: list[str]) -> list[str]:
    cached = set(page.evaluate(CACHED))
    return [name for name in names if "/" + name.removeprefix("./") not in cached]


def test_one_visit_says_ready_with_its_sizes_then_plays_offline(browser: Browser) -> None:
    """A first visit to a table: once the line says ready (with the build's download sizes)
    the cache holds every file, and with the network gone a reload goes on playing."""
    found = manifest()
    download = found["download"]
    assert download["files"] == sum(found["sizes"][name] for name in found["files"])
    server, url = start_server(SITE)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    strict = StrictPage(page, url.rstrip("/"))
    status = page.locator(STATUS)
    link = url + "?game=trick-of-trip&players=3&seed=4&speed=instant&level=easy"
    try:
        page.goto(link)
        page.wait_for_selector("body[data-app-state=ready]", timeout=TIMEOUT)
        expect(status).to_have_attribute("data-offline", "ready", timeout=TIMEOUT)
        text = status.text_content() or ""
        assert text.startswith("Ready to play offline"), text
        assert f"a {mb(download['files'])} download" in text, (text, download)
        assert f"{mb(download['later'])} more" in text, (text, download)  # nothing of it yet
        # What the line says is what the cache holds: every file of the app, no Pyodide.
        assert missing_from_cache(page, found["files"]) == []
        assert missing_from_cache(page, found["later"]) == found["later"]

        # Offline, with the browser's HTTP cache emptied: only the service worker can serve.
        page.context.new_cdp_session(page).send("Network.clearBrowserCache")
        context.set_offline(True)
        server.shutdown()
        server.server_close()
        page.reload()  # the same link: the game goes on (README, "How to play")
        page.wait_for_selector("body[data-app-state=ready]", timeout=TIMEOUT)
        toggles = page.locator("[data-ui=tot-move]")
        for _ in range(3):  # move three cards into group B, then offer the split
            toggles.nth(0).click()
        page.locator("#screen [data-action]").first.click()
        expect(page.locator("[data-ui=tot-move]")).to_have_count(0)
        # The bots pass their cards too, and the first trick's lead is ours or theirs.
        expect(page.locator(".table-screen:not([data-waiting])")).to_be_visible()
        expect(page.locator("#screen [data-action]").first).to_be_visible()
        # Offline, the worker still answers from its cache.
        expect(status).to_have_attribute("data-offline", "ready", timeout=TIMEOUT)
        strict.check()
    finally:
        context.close()
        server.server_close()


def test_line_counts_the_bots_engine_once_it_is_saved(browser: Browser) -> None:
    """A Hard table loads the bots' engine (Pyodide); once the service worker has it, the
    line gives the whole download, and the cache holds every file of both lists."""
    found = manifest()
    total = found["download"]["files"] + found["download"]["later"]
    server, url = start_server(SITE)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    strict = StrictPage(page, url.rstrip("/"))
    status = page.locator(STATUS)
    try:
        page.goto(url + "?game=magic-trick-baker&seed=3&speed=instant&level=hard")
        page.wait_for_selector("body[data-bots=ready]", timeout=90_000)
        expect(status).to_have_attribute("data-offline", "all", timeout=TIMEOUT)
        text = status.text_content() or ""
        assert text.startswith("Ready to play offline, the bots' full engine included"), text
        assert f"a {mb(total)} download" in text, (text, found["download"])
        assert missing_from_cache(page, found["files"] + found["later"]) == []
        strict.check()
    finally:
        context.close()
        server.shutdown()
        server.server_close()


def test_no_offline_claim_without_a_service_worker(browser: Browser) -> None:
    """Service workers blocked: the line says offline play is not available, never ready."""
    server, url = start_server(SITE)
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    strict = StrictPage(page, url.rstrip("/"))
    try:
        page.goto(url)
        page.wait_for_selector("body[data-app-state=ready]", timeout=TIMEOUT)
        status = page.locator(STATUS)
        expect(status).to_have_attribute("data-offline", "unavailable")
        expect(status).to_have_text("Offline play is not available in this browser.")
        strict.check()
    finally:
        context.close()
        server.shutdown()
        server.server_close()
