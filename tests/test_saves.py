"""What a page keeps on the device (ui/saves.py), over a dict-backed stand-in for the
browser's localStorage: the save after each move, the statistics at the end (once), the
other tab's changes, the embed's own key, damaged saves, the settings."""

from __future__ import annotations

import json

import pytest

from ui import saves, storage
from ui.saves import LEAVE, REDRAW, Saves
from ui.session import SaveError, Session


class MemoryStorage:
    """localStorage's methods over a dict (getItem gives None for a missing key)."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


@pytest.fixture
def stored(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The device's storage, empty: what the code under test writes shows up here."""
    memory = MemoryStorage()
    monkeypatch.setattr(storage, "localStorage", memory)
    return memory.items


def play_to_end(session: Session) -> None:
    while not session.is_over():
        seat = session.next_bot()
        if seat is None:
            session.act(session.human, session.human_legal()[0])
        else:
            session.bot_move(seat)


def test_without_storage_nothing_is_kept_and_nothing_fails() -> None:
    """CPython has no `js`: storage degrades to "nothing stored", as a blocked one does."""
    assert storage.localStorage is None
    keeper = Saves()
    keeper.store(Session("trickbook", 2, 1, "easy"))
    assert keeper.read() is None and keeper.raw() == ""


def test_each_move_is_saved_and_the_save_rebuilds_the_game(stored: dict[str, str]) -> None:
    keeper = Saves()
    session = Session("trick-of-trip", 3, 5, "easy")
    keeper.store(session)
    assert json.loads(stored[storage.SAVE_KEY])["history"] == []
    session.act(0, session.human_legal()[0])
    keeper.store(session)
    assert keeper.read() == session.to_save()
    assert keeper.raw() == stored[storage.SAVE_KEY]
    restored = keeper.load()
    assert restored.history == session.history
    assert restored.observation() == session.observation()


def test_a_finished_game_is_cleared_and_counted_once(stored: dict[str, str]) -> None:
    keeper = Saves()
    session = Session("trickbook", 2, 3, "easy")
    keeper.store(session)
    play_to_end(session)
    keeper.store(session)
    keeper.store(session)  # saved again (a redraw, a last bot's move): counted once
    assert storage.SAVE_KEY not in stored
    won = session.human in session.winners()
    best = session.scores()[session.human]
    expected = {"played": 1, "won": int(won), "best": best}
    assert saves.read_stats() == {"trickbook": expected}
    again = Session("trickbook", 2, 3, "easy")  # the same deal, played again
    play_to_end(again)
    keeper.store(again)
    assert saves.read_stats()["trickbook"]["played"] == 2


def test_another_tab_changing_the_save_makes_a_game_here_leave(stored: dict[str, str]) -> None:
    keeper = Saves()
    session = Session("trick-of-trip", 3, 5, "easy")
    key = storage.SAVE_KEY
    assert keeper.other_tab(key, '{"format":1}', session) == (LEAVE, saves.MOVED_ELSEWHERE)
    assert keeper.other_tab(key, None, session) == (LEAVE, saves.ENDED_ELSEWHERE)
    assert keeper.other_tab(None, None, session) == (LEAVE, saves.ENDED_ELSEWHERE)  # cleared
    assert keeper.other_tab(storage.STATS_KEY, "{}", session)[0] == saves.IGNORE
    # No game here, or a finished one (its scores stay on screen): redraw the offer only.
    assert keeper.other_tab(key, "{}", None) == (REDRAW, "")
    play_to_end(session)
    assert keeper.other_tab(key, None, session) == (REDRAW, "")


def test_an_embedded_frame_keeps_its_own_save(stored: dict[str, str]) -> None:
    key = saves.embed_save_key("trickbook")
    assert key == "pygame-table.save.embed.trickbook"
    frame, app = Saves(key), Saves()
    frame.store(Session("trickbook", 2, 1, "easy"))
    assert set(stored) == {key}
    assert app.read() is None
    # The full app saving in another tab is not the frame's business, and the other way.
    session = Session("trickbook", 2, 1, "easy")
    assert frame.other_tab(storage.SAVE_KEY, "{}", session)[0] == saves.IGNORE
    assert app.other_tab(key, "{}", session)[0] == saves.IGNORE


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "Expecting property name"),
        ("[" * 5000, "nests more than"),
        ('{"format": 99, "game": "trickbook"}', "unknown format version"),
        (
            '{"format": 1, "game": "trick-of-trip", "players": 3, "seed": 5,'
            ' "history": [[0, {"type": "bogus"}]]}',
            "damaged",
        ),
    ],
)
def test_a_damaged_save_is_refused_clearly_and_kept(
    stored: dict[str, str], text: str, message: str
) -> None:
    stored[storage.SAVE_KEY] = text
    stored[storage.STATS_KEY] = '{"trickbook": {"played": 1, "won": 0, "best": 2}}'
    before = dict(stored)
    keeper = Saves()
    with pytest.raises(SaveError, match=message):
        keeper.load()
    assert stored == before  # kept, so it can be exported
    assert keeper.raw() == text
    assert not saves.restorable(keeper.read())


def test_the_bot_speed_comes_from_the_link_then_the_device(stored: dict[str, str]) -> None:
    assert saves.read_speed() == "normal"
    saves.write_speed("fast")
    assert json.loads(stored[storage.SETTINGS_KEY]) == {"speed": "fast"}
    assert saves.read_speed() == "fast"
    assert saves.read_speed("instant") == "instant"
    for text in ('{"speed": "warp"}', '{"speed": 3}', "[1]", "{oops"):
        stored[storage.SETTINGS_KEY] = text
        assert saves.read_speed() == "normal", text


def test_imported_statistics_are_checked_before_they_replace_any(stored: dict[str, str]) -> None:
    stored[storage.STATS_KEY] = '{"trickbook": {"played": 1, "won": 0, "best": 2}}'
    with pytest.raises(ValueError):
        saves.import_stats('{"trickbook": {"played": 1, "won": 5, "best": null}}')
    assert saves.read_stats()["trickbook"]["played"] == 1
    saves.import_stats('{"trick-of-trip": {"played": 3, "won": 1, "best": 40}}')
    assert saves.read_stats() == {"trick-of-trip": {"played": 3, "won": 1, "best": 40}}
    stored[storage.STATS_KEY] = "{broken"
    assert saves.read_stats() == {}
