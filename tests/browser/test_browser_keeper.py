"""The worker's browser is launched afresh after a renderer crash and after LIFETIME tests."""

from __future__ import annotations

import contextlib
from types import SimpleNamespace

import pytest

from browser.conftest import BrowserKeeper, pytest_runtest_makereport

pytestmark = pytest.mark.browser


def report_of(outcome: str, text: str) -> SimpleNamespace:
    return SimpleNamespace(failed=outcome == "failed", longrepr=text)


def run_hook(report: SimpleNamespace) -> None:
    steps = pytest_runtest_makereport(None, None)  # type: ignore[arg-type]
    next(steps)
    with contextlib.suppress(StopIteration):
        steps.send(SimpleNamespace(get_result=lambda: report))


def test_only_a_failed_report_naming_a_crash_marks_the_browser() -> None:
    BrowserKeeper.crash_seen = False
    run_hook(report_of("failed", "AssertionError: assert 1 == 2"))
    run_hook(report_of("passed", "Page crashed"))
    assert not BrowserKeeper.crash_seen
    run_hook(report_of("failed", "Page.wait_for_selector: Target crashed"))
    assert BrowserKeeper.crash_seen
    BrowserKeeper.crash_seen = False


def test_a_crash_and_old_age_give_a_new_browser(browser_keeper: BrowserKeeper) -> None:
    first = browser_keeper.get()
    assert browser_keeper.get() is first
    BrowserKeeper.crash_seen = True
    second = browser_keeper.get()
    assert second is not first and not first.is_connected() and second.is_connected()
    assert not BrowserKeeper.crash_seen
    browser_keeper.tests_run = BrowserKeeper.LIFETIME
    third = browser_keeper.get()
    assert third is not second and third.is_connected()
    page = third.new_page()
    page.set_content("<p>alive</p>")
    assert page.inner_text("p") == "alive"
    page.close()
