"""What a page keeps on the device (ui/saves.py), over a dict-backed stand-in for the
browser's localStorage: the save after each move (one per game), the statistics at the end
(once), the other tab's changes, the embed's own key, an earlier version's single save moved
to its game's key, damaged saves, the settings."""

from __future__ import annotations

import json

import pytest

from ui import jsontext, saves
from ui.play.session import SaveError, Session
from ui.runtime import storage
from ui.saves import EARLIER, IGNORE, LEAVE, REDRAW, Saves, save_key


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
    assert keeper.read("trickbook") is None and keeper.raw("trickbook") == ""
    assert keeper.entries() == []
    keeper.migrate()


def test_each_move_is_saved_and_the_save_rebuilds_the_game(stored: dict[str, str]) -> None:
    keeper = Saves()
    session = Session("trick-of-trip", 3, 5, "easy")
    keeper.store(session)
    key = save_key("trick-of-trip")
    assert key == "pygame-table.save.trick-of-trip"
    assert json.loads(stored[key])["history"] == []
    session.act(0, session.human_legal()[0])
    keeper.store(session)
    assert keeper.read("trick-of-trip") == session.to_save()
    assert keeper.raw("trick-of-trip") == stored[key]
    restored = keeper.load("trick-of-trip")
    assert restored.history == session.history
    assert restored.observation() == session.observation()


def test_the_save_is_the_whole_game_as_canonical_json_through_take_backs_and_new_games(
    stored: dict[str, str],
) -> None:
    """Each move is encoded once and kept (Saves._history_json): after every move, a
    take-back, another game in the same slot, the text stored is still exactly the game's
    canonical JSON."""
    keeper = Saves()
    key = save_key("magic-trick-wray")
    for seed in (1, 2):
        session = Session("magic-trick-wray", 4, seed, "easy")
        took_back = human_moves = 0
        while not session.is_over() and len(session.history) < 90:
            seat = session.next_bot()
            if seat is None:
                session.act(session.human, session.human_legal()[-1])
                human_moves += 1
                if human_moves % 4 == 0 and session.can_take_back():
                    session.take_back()  # the next move is another (legal[-1] of an older table)
                    took_back += 1
            else:
                session.bot_move(seat)
            keeper.store(session)
            assert stored[key] == jsontext.canonical_json(session.to_save())
        assert took_back, "the game had take-backs"


def test_a_finished_game_is_cleared_and_counted_once(stored: dict[str, str]) -> None:
    keeper = Saves()
    session = Session("trickbook", 2, 3, "easy")
    keeper.store(session)
    play_to_end(session)
    keeper.store(session)
    keeper.store(session)  # saved again (a redraw, a last bot's move): counted once
    assert stored == {storage.STATS_KEY: stored[storage.STATS_KEY]}
    won = session.human in session.winners()
    best = session.scores()[session.human]
    margin = best - session.scores()[1]
    recent = {"easy": [[int(won), margin]]}  # the result among this level's recent ones
    expected = {"played": 1, "won": int(won), "best": best, "recent": recent}
    assert saves.read_stats() == {"trickbook": expected}
    again = Session("trickbook", 2, 3, "easy")  # the same deal, played again
    play_to_end(again)
    keeper.store(again)
    assert saves.read_stats()["trickbook"]["played"] == 2


def test_each_game_keeps_its_own_save(stored: dict[str, str]) -> None:
    """Starting another game no longer deletes the saved one (issue 23.3): each game has
    its own key; discarding or finishing one leaves the others as they are."""
    keeper = Saves()
    trip = Session("trick-of-trip", 3, 5, "easy")
    trip.act(0, trip.human_legal()[0])
    keeper.store(trip)
    book = Session("trickbook", 2, 3, "easy")
    keeper.store(book)
    baker = Session("magic-trick-baker", 2, 1, "easy")
    keeper.store(baker)
    assert set(stored) == {save_key(g) for g in ("trick-of-trip", "trickbook", "magic-trick-baker")}
    # The lobby's order (the registry's), whatever order they were saved in.
    assert [slot for slot, _ in keeper.entries()] == [
        "magic-trick-baker",
        "trick-of-trip",
        "trickbook",
    ]
    assert keeper.load("trick-of-trip").history == trip.history
    keeper.discard("magic-trick-baker")
    play_to_end(book)
    keeper.store(book)
    assert keeper.entries() == [("trick-of-trip", trip.to_save())]
    assert keeper.read("trickbook") is None
    with pytest.raises(SaveError, match="no longer there"):
        keeper.load("trickbook")
    with pytest.raises(SaveError):
        keeper.load("no-such-game")


def test_a_save_under_another_games_key_is_not_resumed(stored: dict[str, str]) -> None:
    stored[save_key("trickbook")] = jsontext.canonical_json(
        Session("trick-of-trip", 3, 5).to_save()
    )
    keeper = Saves()
    with pytest.raises(SaveError, match="another game"):
        keeper.load("trickbook")
    assert not saves.restorable(keeper.read("trickbook"), "trickbook")
    assert saves.restorable(keeper.read("trickbook"))  # as a save of its own game, it is fine


def test_an_earlier_versions_save_moves_to_its_games_key(stored: dict[str, str]) -> None:
    """Before one save per game, the full app kept its only save under storage.SAVE_KEY: it
    moves, byte for byte, to its game's key, and nothing else changes."""
    session = Session("trick-of-trip", 3, 5, "easy")
    session.act(0, session.human_legal()[0])
    text = json.dumps(session.to_save())  # as an earlier version wrote it
    stored[storage.SAVE_KEY] = text
    stored[save_key("trickbook")] = "{broken"
    stored[storage.STATS_KEY] = "{}"
    keeper = Saves()
    keeper.migrate()
    assert stored == {
        save_key("trick-of-trip"): text,
        save_key("trickbook"): "{broken",
        storage.STATS_KEY: "{}",
    }
    assert keeper.load("trick-of-trip").history == session.history
    keeper.migrate()  # nothing left to move
    assert len(stored) == 3


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        '{"format": 1, "game": "<b>nope</b>", "players": 3, "seed": 5, "history": []}',
        '{"format":1,"game":"trickbook","players":2,"seed":1,"history":5}',
    ],
)
def test_an_earlier_save_that_cannot_be_moved_stays_where_it_is(
    stored: dict[str, str], text: str
) -> None:
    stored[storage.SAVE_KEY] = text
    keeper = Saves()
    keeper.migrate()
    assert stored == {storage.SAVE_KEY: text}  # kept, to export or discard from the lobby
    assert keeper.entries() == [(EARLIER, keeper.read(EARLIER))]
    assert keeper.raw(EARLIER) == text
    with pytest.raises(SaveError):
        keeper.load(EARLIER)
    keeper.discard(EARLIER)
    assert stored == {}


def test_an_earlier_save_never_replaces_a_newer_one_of_its_game(stored: dict[str, str]) -> None:
    older = jsontext.canonical_json(Session("trickbook", 2, 1, "easy").to_save())
    newer = jsontext.canonical_json(Session("trickbook", 3, 2, "easy").to_save())
    stored[storage.SAVE_KEY] = older
    stored[save_key("trickbook")] = newer
    keeper = Saves()
    keeper.migrate()
    assert stored == {storage.SAVE_KEY: older, save_key("trickbook"): newer}
    assert [slot for slot, _ in keeper.entries()] == ["trickbook", EARLIER]
    with pytest.raises(SaveError):  # resuming it would overwrite the newer one
        keeper.load(EARLIER)


def test_another_tab_changing_the_save_makes_a_game_here_leave(stored: dict[str, str]) -> None:
    keeper = Saves()
    session = Session("trick-of-trip", 3, 5, "easy")
    key = save_key("trick-of-trip")
    assert keeper.other_tab(key, '{"format":1}', session) == (LEAVE, saves.MOVED_ELSEWHERE)
    assert keeper.other_tab(key, None, session) == (LEAVE, saves.ENDED_ELSEWHERE)
    assert keeper.other_tab(None, None, session) == (LEAVE, saves.ENDED_ELSEWHERE)  # cleared
    assert keeper.other_tab(storage.STATS_KEY, "{}", session)[0] == IGNORE
    # Another game's save, or the earlier versions' key: not this table's business.
    assert keeper.other_tab(save_key("trickbook"), "{}", session)[0] == IGNORE
    assert keeper.other_tab(save_key("trickbook"), None, session)[0] == IGNORE
    assert keeper.other_tab(storage.SAVE_KEY, None, session)[0] == IGNORE
    # No game here, or a finished one (its scores stay on screen): redraw the offers only.
    assert keeper.other_tab(key, "{}", None) == (REDRAW, "")
    assert keeper.other_tab(save_key("trickbook"), "{}", None) == (REDRAW, "")
    play_to_end(session)
    assert keeper.other_tab(key, None, session) == (REDRAW, "")


def test_a_late_event_about_a_save_that_is_still_this_games_is_ignored(
    stored: dict[str, str],
) -> None:
    """A storage event is judged by the save as it is now: a clear that came late (Chromium
    delivered a storage cleared just before the page was opened to that page, after it had
    dealt and saved its game) leaves the game alone; a move made elsewhere does not."""
    keeper = Saves()
    session = Session("trick-of-trip", 3, 5, "easy")
    key = save_key("trick-of-trip")
    keeper.store(session)
    assert keeper.other_tab(None, None, session) == (IGNORE, "")
    assert keeper.other_tab(key, stored[key], session) == (IGNORE, "")
    elsewhere = Session("trick-of-trip", 3, 5, "easy")
    seat = elsewhere.waiting_for()[0]
    elsewhere.act(seat, elsewhere.state.legal_actions(seat)[0])
    keeper.store(elsewhere)
    assert keeper.other_tab(key, stored[key], session) == (LEAVE, saves.MOVED_ELSEWHERE)
    other_deal = Session("trick-of-trip", 3, 6, "easy")
    keeper.store(other_deal)
    assert keeper.other_tab(key, stored[key], session) == (LEAVE, saves.MOVED_ELSEWHERE)
    del stored[key]
    assert keeper.other_tab(None, None, session) == (LEAVE, saves.ENDED_ELSEWHERE)


def test_an_embedded_frame_keeps_its_own_save(stored: dict[str, str]) -> None:
    key = saves.embed_save_key("trickbook")
    assert key == "pygame-table.save.embed.trickbook"
    frame, app = Saves.embedded("trickbook"), Saves()
    frame.store(Session("trickbook", 2, 1, "easy"))
    assert set(stored) == {key}
    assert app.read("trickbook") is None and app.entries() == []
    assert frame.entries() == [("trickbook", frame.read("trickbook"))]
    # The full app saving in another tab is not the frame's business, and the other way.
    session = Session("trickbook", 2, 1, "easy")
    assert frame.other_tab(save_key("trickbook"), "{}", session)[0] == IGNORE
    assert frame.other_tab(storage.SAVE_KEY, "{}", None)[0] == IGNORE
    assert app.other_tab(key, "{}", session)[0] == IGNORE
    assert app.other_tab(key, "{}", None)[0] == IGNORE
    # A frame never takes over the full app's earlier save.
    stored[storage.SAVE_KEY] = jsontext.canonical_json(session.to_save())
    frame.migrate()
    assert set(stored) == {key, storage.SAVE_KEY}
    frame.store(Session("trick-of-trip", 3, 1, "easy"))  # not its game: nothing stored
    assert set(stored) == {key, storage.SAVE_KEY}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "Expecting property name"),
        ("[" * 5000, "nests more than"),
        ('{"format": 99, "game": "trick-of-trip"}', "unknown format version"),
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
    stored[save_key("trick-of-trip")] = text
    stored[storage.STATS_KEY] = '{"trickbook": {"played": 1, "won": 0, "best": 2}}'
    before = dict(stored)
    keeper = Saves()
    with pytest.raises(SaveError, match=message):
        keeper.load("trick-of-trip")
    keeper.migrate()
    assert stored == before  # kept, so it can be exported
    assert keeper.raw("trick-of-trip") == text
    assert not saves.restorable(keeper.read("trick-of-trip"))


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


def test_the_recent_results_per_game_and_level_are_capped(stored: dict[str, str]) -> None:
    stats: dict[str, object] = {}
    for i in range(saves.RECENT_CAP + 5):
        stats = saves.record_result(stats, "trick-of-trip", i % 3 == 0, 30 + i, "hard", i - 20)
    stats = saves.record_result(stats, "trick-of-trip", True, 12, "easy", 4)
    entry = stats["trick-of-trip"]
    assert isinstance(entry, dict)
    assert entry["played"] == saves.RECENT_CAP + 6
    hard = entry["recent"]["hard"]
    assert len(hard) == saves.RECENT_CAP  # the oldest five dropped
    assert hard[0] == [0, 5 - 20] and hard[-1] == [1, saves.RECENT_CAP + 4 - 20]
    assert entry["recent"]["easy"] == [[1, 4]]
    assert saves.valid_stats(stats) == stats
    # Exported and imported again, as it was.
    saves.import_stats(json.dumps(stats))
    assert saves.read_stats() == stats


def test_statistics_of_earlier_versions_and_damaged_recent_results(
    stored: dict[str, str],
) -> None:
    old = '{"trickbook": {"played": 2, "won": 1, "best": 4}, "people": {}}'
    stored[storage.STATS_KEY] = old
    assert saves.read_stats() == json.loads(old)  # no recent results: still valid
    session = Session("trickbook", 2, 3, "normal")
    play_to_end(session)
    saves.record_stats(session)
    entry = saves.read_stats()["trickbook"]
    assert entry["played"] == 3 and list(entry["recent"]) == ["normal"]
    for bad in ({"easy": [[2, 1]]}, {"easy": [[1]]}, {"easy": [[True, 1]]}, {"easy": 3}, []):
        with pytest.raises(ValueError):
            saves.valid_stats({"trickbook": {"played": 1, "won": 0, "best": 1, "recent": bad}})


def test_pass_and_play_keeps_each_persons_recent_results(stored: dict[str, str]) -> None:
    import random

    session = Session("trickbook", 3, 5, "easy", people={0: "Ann", 2: "Bob"})
    pick = random.Random(5)
    for _ in range(3000):
        if session.is_over():
            break
        seat = session.waiting_for()[0]
        session.act(seat, pick.choice(session.state.legal_actions(seat)))
    saves.record_stats(session)
    people = saves.read_stats()["people"]
    scores = session.scores()
    for seat, name in ((0, "Ann"), (2, "Bob")):
        margin = scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
        won = int(seat in session.winners())
        assert people[name]["trickbook"]["recent"] == {"easy": [[won, margin]]}
