"""The run's word on the browser engines, at the end of pytest's report: each engine's
version and how its smoke went, in red when an engine failed or was not installed (its
tests then fail: a run never passes without an engine unnoticed), and a warning when the
browser suite ran but the smoke did not. Hooks for the run's main process (with xdist,
the one that reports), registered by tests/conftest.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

NAMES = {"firefox": "Firefox", "webkit": "WebKit"}


@dataclass
class Tally:
    name: str = ""
    passed: set[str] = field(default_factory=set)
    failed: set[str] = field(default_factory=set)
    missing: str = ""


TALLIES: dict[str, Tally] = {}
SUITE_RAN: list[str] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.outcome == "rerun":  # pytest-rerunfailures: the last try counts
        return
    properties = dict(report.user_properties)
    kind = properties.get("engine_kind")
    if kind is None:
        if report.when == "call" and report.nodeid.startswith("tests/browser/"):
            SUITE_RAN.append(report.nodeid)
        return
    tally = TALLIES.setdefault(kind, Tally())
    tally.name = properties.get("engine", tally.name)
    if report.failed:
        tally.failed.add(report.nodeid)
        text = str(report.longrepr)
        if "not installed here" in text:
            tally.missing = text.strip().splitlines()[-1]
    elif report.when == "call" and report.passed:
        tally.passed.add(report.nodeid)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not TALLIES:
        if SUITE_RAN:
            terminalreporter.write_sep("=", "browser engines", yellow=True)
            terminalreporter.write_line(
                "The smoke did not run in Firefox or WebKit (tests/engines/ not selected)."
            )
        return
    bad = any(t.failed or t.missing for t in TALLIES.values())
    terminalreporter.write_sep("=", "browser engines", red=bad, green=not bad)
    for kind in sorted(TALLIES):
        tally = TALLIES[kind]
        passed = len(tally.passed - tally.failed)
        failed = len(tally.failed)
        name = tally.name or NAMES.get(kind, kind)
        if tally.missing:
            line = f"{name}: NOT INSTALLED, {failed} failed: {tally.missing}"
        else:
            line = f"{name}: {passed} passed" + (f", {failed} FAILED" if failed else "")
        terminalreporter.write_line(line, red=bool(failed), green=not failed, bold=bool(failed))
    for kind in sorted(set(NAMES) - set(TALLIES)):
        terminalreporter.write_line(f"{NAMES[kind]}: no smoke test ran", yellow=True)
