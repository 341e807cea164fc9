"""A page playing one game imports that game's modules only (pygame_rules.module_name):
MicroPython in the browser pays for every import before the first move."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# In a fresh interpreter: the page's boot imports (index.html), with stand-ins for
# PyScript's modules, then one link's game; prints the app's modules then loaded.
PROBE = """
import json, sys, types
page = types.ModuleType("pyscript")
page.document = object()
page.window = types.SimpleNamespace(window=object())
ffi = types.ModuleType("pyscript.ffi")
ffi.create_proxy = ffi.to_js = lambda value: value
sys.modules.update({"pyscript": page, "pyscript.ffi": ffi})
import pygame_rules.bots
import ui.app
from ui.tables import table_for
from ui.share.links import parse_link
from ui.play.session import Session
loaded = [sorted(sys.modules)]
req = parse_link("?game=trick-of-trip&players=4&seed=1")
session = Session(req.game_id, req.players, req.seed, "normal")
table_for(req.game_id)
session.bot_move(session.next_bot())
loaded.append(sorted(sys.modules))
print(json.dumps(loaded))
"""


def game_modules(names: list[str]) -> set[str]:
    import pygame_rules

    games = {pygame_rules.module_name(game_id) for game_id in pygame_rules.GAME_IDS}
    return {n for n in names if n.rpartition(".")[2] in games}


def test_the_boot_imports_no_game_and_a_link_imports_its_own_only() -> None:
    """Nor the rest of the app (tasks.py REST_MODULES), which a link boots without."""
    import tasks

    out = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    at_boot, after_link = json.loads(out)
    assert game_modules(at_boot) == set()
    rest = {name.removesuffix(".py").replace("/", ".") for name in tasks.REST_MODULES}
    assert "ui.app" in at_boot and not rest & set(at_boot + after_link)
    assert game_modules(after_link) == {
        "pygame_rules.trick_of_trip",
        "pygame_rules.bots.trick_of_trip",
        "ui.tables.trick_of_trip",
    }


def test_an_unknown_id_names_the_known_ones_and_imports_nothing() -> None:
    import pygame_rules

    for bad in ("no-such-game", "__init__", "contract", None, 7):
        with pytest.raises(ValueError, match="trick-of-trip"):
            pygame_rules.get_game(bad)  # type: ignore[arg-type]
    assert pygame_rules.import_for("contract", "pygame_rules") is None


def test_the_controls_that_wait_for_every_game_are_the_apps_own() -> None:
    """A link's page boots with its game's modules only (static/js/host.js); the controls
    that may open another game or the lobby wait for the others (ui/app.py with_whole_app):
    each is a real control of the app, so none can be misspelt out of the wait."""
    from ui.app import OTHER_GAME_CONTROLS, App

    assert set(OTHER_GAME_CONTROLS) <= set(App.CONTROLS)
