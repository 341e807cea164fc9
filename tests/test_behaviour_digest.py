"""tools/behaviour_digest.py: the same code gives the same fingerprints, and a changed rule
changes them (it is what shows that a speed-up changed no move)."""

from __future__ import annotations

import pytest

import pygame_rules.trick_of_trip as trick_of_trip
from tools.behaviour_digest import digests


def test_the_same_engine_gives_the_same_digests() -> None:
    assert digests("trick-of-trip", quick=True) == digests("trick-of-trip", quick=True)


def test_a_changed_rule_changes_the_digests(monkeypatch: pytest.MonkeyPatch) -> None:
    before = digests("trick-of-trip", quick=True)
    scores = trick_of_trip.score_of
    monkeypatch.setattr(trick_of_trip, "score_of", lambda cards: scores(cards) + len(cards))
    after = digests("trick-of-trip", quick=True)
    assert after["events"] != before["events"] and after["search"] != before["search"]
