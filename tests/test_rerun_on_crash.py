"""The suite reruns a test when Chromium's renderer dies, and never for anything else.

Runs an inner pytest with the project's own configuration (pyproject.toml) on tests
that raise Playwright's crash errors or an ordinary failure.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

INNER = '''
from pathlib import Path

from playwright.sync_api import Error

SEEN = Path(__file__).with_suffix(".seen")


def crash_once(name, message):
    """Raise a renderer crash the first time `name` runs, pass after."""
    marker = SEEN.with_name(name)
    if not marker.exists():
        marker.write_text("1")
        raise Error(message)


def test_renderer_crash_then_pass():
    crash_once("first", "Page.wait_for_selector: Target crashed")


def test_page_crash_then_pass():
    crash_once("second", "Page.wait_for_selector: Page crashed")


def test_crash_every_time():
    raise Error("Locator.click: Target crashed")


def test_ordinary_failure():
    assert 1 + 1 == 3
'''


def run_inner(tmp_path: Path) -> str:
    (tmp_path / "test_inner.py").write_text(INNER)
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-c",
            str(ROOT / "pyproject.toml"),
            "--rootdir",
            str(tmp_path),
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "-o",
            "reruns_delay=0",  # the pause between reruns is not what is tested
            str(tmp_path / "test_inner.py"),
        ],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
    )
    return result.stdout + result.stderr


def test_a_renderer_crash_is_rerun_twice_and_nothing_else(tmp_path: Path) -> None:
    out = run_inner(tmp_path)
    summary = out.strip().splitlines()[-1]
    # Once each for the two crashes that then pass, twice for the one that always crashes.
    assert re.search(r"2 failed, 2 passed, 4 rerun", summary), out
    assert "FAILED test_inner.py::test_crash_every_time" in out
    assert "FAILED test_inner.py::test_ordinary_failure" in out
    assert "RERUN test_inner.py::test_ordinary_failure" not in out
