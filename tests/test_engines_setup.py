"""The engines' smoke never passes without an engine unnoticed: `tasks.py test` installs
Firefox ESR, WebKitGTK's driver and Xvfb, or says in a banner what it could not; and
pytest's summary says, in red, which engine was not installed (tests/engines/summary.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import tasks

ROOT = Path(__file__).resolve().parents[1]


def test_tasks_installs_the_missing_engine_packages_or_says_loudly_it_could_not(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    present = {"firefox-esr"}
    asked: list[tuple[str, ...]] = []
    monkeypatch.setattr(tasks.shutil, "which", lambda name: name if name in present else None)
    monkeypatch.setattr(tasks, "apt_install", lambda *packages: asked.append(packages) or False)
    assert tasks.ensure_engines() == ["webkit2gtk-driver", "xvfb"]
    assert asked == [("webkit2gtk-driver", "xvfb")]
    banner = capsys.readouterr().out
    assert "Not installed: webkit2gtk-driver xvfb" in banner
    assert "will FAIL" in banner

    present |= {"WebKitWebDriver", "Xvfb"}
    asked.clear()
    assert tasks.ensure_engines() == []
    assert asked == []
    assert capsys.readouterr().out == ""


ENGINE_TESTS = """
import pytest

@pytest.fixture(params=["firefox", "webkit"])
def engine(request, record_property):
    record_property("engine_kind", request.param)
    if request.param == "webkit":
        pytest.fail("webkit: not installed here: no WebKitWebDriver", pytrace=False)
    record_property("engine", "Firefox 1.2")

def test_boots(engine):
    pass
"""


def test_the_summary_names_a_missing_engine_and_the_run_fails(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(
        "from engines.summary import pytest_runtest_logreport, pytest_terminal_summary\n"
    )
    (tmp_path / "test_smoke.py").write_text(ENGINE_TESTS)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "tests")}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", str(tmp_path)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1, run.stdout
    summary = run.stdout[run.stdout.index("browser engines") :]
    assert "Firefox 1.2: 1 passed" in summary
    assert "WebKit: NOT INSTALLED, 1 failed" in summary
    assert "no WebKitWebDriver" in summary
