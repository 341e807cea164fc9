"""The rules pages the app's rules view shows (static/rules/GAME.html)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pygame_rules

ROOT = Path(__file__).resolve().parents[1]
GAMES = [game.id for game in pygame_rules.list_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_each_rules_page_says_once_that_bots_never_see_your_cards(game_id: str) -> None:
    """Issue 7 asks the rules view to say it; the dialog added it a second time."""
    page = (ROOT / "static" / "rules" / f"{game_id}.html").read_text(encoding="utf-8")
    assert page.count("Bots never see your cards") == 1
    for shell in ("index.html", "embed.html"):
        assert "never see your cards" not in (ROOT / shell).read_text(encoding="utf-8")
