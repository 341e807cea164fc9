"""The site under a sub-path, as GitHub Pages serves it (https://user.github.io/<repo>/)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from .conftest import PHONE, SITE, StrictPage, start_server

pytestmark = pytest.mark.browser

REPO = "trick-table"


@pytest.fixture
def subpath_url(tmp_path) -> Iterator[str]:
    """Serve a folder whose only entry is the built site, under /trick-table/."""
    (tmp_path / REPO).symlink_to(SITE, target_is_directory=True)
    server, url = start_server(tmp_path)
    yield f"{url}{REPO}/"
    server.shutdown()
    server.server_close()


def test_app_boots_plays_and_registers_its_worker_under_a_sub_path(
    browser: Browser, subpath_url: str
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    # Any request outside /trick-table/ (a root-relative URL) fails the test.
    strict = StrictPage(page, subpath_url.rstrip("/"))
    try:
        page.goto(subpath_url + "?game=trick-of-trip&players=3&seed=4&speed=instant")
        page.wait_for_selector("body[data-app-state=ready]", timeout=60_000)
        for _ in range(3):  # move three cards into group B, then offer the split
            page.locator("[data-ui=tot-move]").nth(0).click()
        page.locator("#screen [data-action]").first.click()
        expect(page.locator("[data-ui=tot-move]")).to_have_count(0)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
        scope = page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)")
        assert scope == subpath_url
        page.click("#screen [data-ui=rules]")  # the rules page is fetched relative to the app
        expect(page.locator("#rules-body h2, #rules-body h3").first).to_be_visible()
        strict.check()
    finally:
        context.close()
