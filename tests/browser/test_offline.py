"""Offline: after one visit the service worker serves everything, even with no server."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from .conftest import PHONE, SITE, StrictPage, start_server

pytestmark = pytest.mark.browser


CACHED = """(async () => {
  const keys = await caches.keys();
  if (!keys.length) return [];
  const cache = await caches.open(keys[0]);
  return (await cache.keys()).map((r) => new URL(r.url).pathname);
})()"""


def test_second_visit_works_with_the_server_gone(browser: Browser) -> None:
    server, url = start_server(SITE)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    strict = StrictPage(page, url.rstrip("/"))
    try:
        page.goto(url)
        page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
        # Wait until the worker controls the page and its precache is complete.
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        page.evaluate("navigator.serviceWorker.ready")
        cached = page.evaluate(CACHED)
        assert len(cached) > 10
        # Pyodide (the bots' worker) is not fetched, nor cached, before a table is up.
        assert not [path for path in cached if "/vendor/pyodide/" in path]
        page.goto(url + "?game=magic-trick-baker&seed=3&speed=instant&level=hard")
        page.wait_for_selector("body[data-bots=ready]", timeout=90_000)
        for _ in range(300):  # then the service worker caches it for offline play
            if "/static/vendor/pyodide/pyodide.asm.wasm" in page.evaluate(CACHED):
                break
            page.wait_for_timeout(200)
        else:
            raise AssertionError("Pyodide was not cached after the first table")
        page.evaluate("localStorage.clear()")  # no saved game to offer: the link deals
        server.shutdown()
        server.server_close()
        strict.allowed_console = ["Failed to load resource"]
        page.goto(url + "?game=trick-of-trip&players=3&seed=4&speed=instant")
        page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
        page.wait_for_selector("body[data-bots=ready]", timeout=90_000)  # from the cache
        toggles = page.locator("[data-ui=tot-move]")
        for _ in range(3):  # move three cards into group B, then offer the split
            toggles.nth(0).click()
        page.locator("#screen [data-action]").first.click()
        expect(page.locator("[data-ui=tot-move]")).to_have_count(0)
        strict.check()
    finally:
        context.close()
        server.server_close()


def test_new_version_is_offered_and_replaces_the_old_cache(browser: Browser, tmp_path) -> None:
    """A deploy with new contents: the page offers a reload, and the old cache is dropped."""
    import json
    import shutil

    site = tmp_path / "site"
    shutil.copytree(SITE, site)
    server, url = start_server(site)
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    strict = StrictPage(page, url.rstrip("/"))
    cache_names = "caches.keys()"
    try:
        page.goto(url)
        page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        (old_cache,) = page.evaluate(cache_names)
        expect(page.locator("#update")).to_be_hidden()

        # "Deploy" a new version: new contents give a new precache version.
        precache = json.loads((site / "static" / "precache.json").read_text())
        old_version, new_version = precache["version"], "0123456789abcdef"
        precache["version"] = new_version
        (site / "static" / "precache.json").write_text(json.dumps(precache))
        sw = site / "sw.js"
        sw.write_text(sw.read_text().replace(old_version, new_version))
        assert old_version in old_cache

        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        expect(page.locator("#update")).to_be_visible(timeout=60_000)
        with page.expect_event("load", timeout=60_000):
            page.click("#update button")
        page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
        for _ in range(300):  # the new worker drops the old cache when it activates
            names = page.evaluate(cache_names)
            if names != [old_cache]:
                break
            page.wait_for_timeout(100)
        assert len(names) == 1 and new_version in names[0], names
        strict.check()
    finally:
        context.close()
        server.shutdown()
        server.server_close()
