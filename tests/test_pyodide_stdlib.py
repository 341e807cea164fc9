"""The lean Pyodide stdlib (tools/pyodide_stdlib.py) has every module the bots worker needs.

Builds the lean python_stdlib.zip from the bots worker's imports, as the site build does,
then boots a fresh Pyodide in Node on it (PyScript's worker bootstrap, the app's packages
unpacked into the cwd), plays one Hard bot move and formats tracebacks. Fails when any
stdlib module is asked for and absent from the lean zip, even if the importer caught the
ImportError. About 10-20 s (two Pyodide boots in Node).
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from tools.pyodide_stdlib import (
    BOTS_WORKER_IMPORTS,
    BOTS_WORKER_PACKAGES,
    LeanStdlibError,
    build_lean_stdlib,
    check_lean_stdlib,
)

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
PACKAGES = [ROOT / package for package in BOTS_WORKER_PACKAGES]

# Run in the lean Pyodide after the imports (the build never ran it): one Hard bot move,
# JSON text both ways, and an illegal move's traceback with source lines from the app.
HARD_MOVE = """
import json, traceback
import pygame_rules
from pygame_rules.bots import SeatView, make_bot

state = pygame_rules.get_game("trick-of-trip").new_game(4, 1)
seat = state.acting()[0]
action = make_bot("trick-of-trip", "hard", 1).choose(SeatView(state, seat))
assert action in state.legal_actions(seat), action
assert json.loads(json.dumps(action)) == action
try:
    state.apply(seat, {"type": "no such move"})
except pygame_rules.IllegalAction:
    text = traceback.format_exc()
else:
    raise AssertionError("an illegal move was accepted")
assert "Traceback (most recent call last)" in text, text
assert "raise IllegalAction(" in text, text  # a source line of pygame_rules/contract.py
"""

pytestmark = pytest.mark.skipif(
    not shutil.which("node") or not (NODE_MODULES / "pyodide" / "pyodide.mjs").exists(),
    reason="needs Node and the npm packages (python3 tasks.py test installs them)",
)


def test_bots_worker_plays_a_hard_move_on_the_lean_stdlib(tmp_path: Path) -> None:
    out = tmp_path / "python_stdlib.zip"
    try:
        report = build_lean_stdlib(NODE_MODULES, out, BOTS_WORKER_IMPORTS, PACKAGES, verify=False)
        result = check_lean_stdlib(
            NODE_MODULES,
            out,
            BOTS_WORKER_IMPORTS,
            PACKAGES,
            code=HARD_MOVE,
            expected_boot=report["boot_modules"],
        )
    except LeanStdlibError as exc:
        pytest.fail(str(exc))
    print(json.dumps({"sizes": report["sizes"], "timings": result["timings"]}))

    sizes = report["sizes"]
    assert sizes["lean"]["raw"] < 0.7 * sizes["full"]["raw"], sizes
    names = zipfile.ZipFile(out).namelist()
    assert not [name for name in names if name.endswith(".py")], "sources in the lean zip"
    for member in ("json/__init__.pyc", "pyodide/__init__.pyc", "_pyodide/_base.pyc"):
        assert member in names
    # Everything the worker loaded came from the lean zip, precompiled.
    assert all(member.endswith(".pyc") for member in result["modules"].values())
    assert "ValueError: from an exported function" in result["jsTraceback"]
