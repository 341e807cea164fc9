"""What one page keeps on this device: the games in progress, the statistics, the settings.

Pure Python over `ui/runtime/storage.py` (which degrades to "nothing stored" where storage is
missing or blocked), so CPython tests drive it with a dict-backed stand-in.
"""

from __future__ import annotations

import pygame_rules
from ui import jsontext
from ui.play import daily
from ui.play.session import SaveError, Session, check_save
from ui.runtime import storage
from ui.share.links import SPEEDS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# What `Saves.other_tab` says the page should do about a change made in another tab.
IGNORE = "ignore"  # not our save, or another game's while a game is played here
REDRAW = "redraw"  # keep what is on screen; redraw the offers to resume
LEAVE = "leave"  # leave the game in progress (it is out of date), and say why

ENDED_ELSEWHERE = "This game was finished or discarded in another tab or window."
MOVED_ELSEWHERE = (
    "This game went on in another tab or window: resume it here to carry on from where it is now."
)


# The slot of a save still under storage.SAVE_KEY, where versions before one save per game
# kept the full app's only save: `Saves.migrate` moves it to its game's key when it can.
EARLIER = "earlier"


def save_key(game_id: str) -> str:
    """The storage key of the full app's saved game of `game_id` (one per game)."""
    return f"{storage.SAVE_KEY}.{game_id}"


def embed_save_key(game_id: str | None) -> str:
    """The storage key of an embedded frame's saved game: a frame in a blog post keeps its
    own game of `game_id`, apart from the full app's (`save_key`) and other games'."""
    return f"{storage.SAVE_KEY}.embed.{game_id}"


def restorable(save: Any, game_id: str | None = None) -> bool:
    """Whether a stored save rebuilds a game (of `game_id`, when given: the save was found
    under that game's key): its shape, and its moves replaying."""
    try:
        check_save(save, game_id)
        Session.from_save(save)
    except SaveError:
        return False
    return True


def read_speed(link_speed: str | None = None) -> str:
    """Bot speed: the link's, else the one stored on this device, else normal."""
    try:
        settings = storage.read_json(storage.SETTINGS_KEY) or {}
    except ValueError:
        settings = {}
    speed = settings.get("speed") if isinstance(settings, dict) else None
    stored = speed if isinstance(speed, str) and speed in SPEEDS else None
    return link_speed or stored or "normal"


def write_speed(speed: str) -> None:
    storage.write_json(storage.SETTINGS_KEY, {"speed": speed})


def read_stats() -> dict[str, Any]:
    """The statistics on this device ({} when there are none or they are damaged)."""
    try:
        return valid_stats(storage.read_json(storage.STATS_KEY) or {})
    except ValueError:
        return {}


def import_stats(text: str) -> dict[str, Any]:
    """Replace the statistics with a file's; ValueError (nothing changed) says what is wrong."""
    stats = valid_stats(jsontext.parse_json(text))
    storage.write_json(storage.STATS_KEY, stats)
    return stats


PEOPLE = "people"  # the statistics' pass-and-play results: name to game to counts
DAILY = "daily"  # the deals of the day finished: game to runs of consecutive dates
RECENT = "recent"  # a game's statistics: level to its last games, [won (1 or 0), margin]
RECENT_CAP = 50  # the games kept per game and level (the charts draw them)


def daily_runs(stats: dict[str, Any], game_id: str) -> list[list[str]]:
    """The runs of consecutive dates of `game_id`'s deals of the day finished ([] none)."""
    return list((stats.get(DAILY) or {}).get(game_id) or [])


def margin(scores: list[int | float], seat: int) -> int | float:
    """How far `seat` finished ahead of the best other seat (negative: behind)."""
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


def record_stats(session: Session, today: str = "") -> bool:
    """Add a finished game to the statistics: played, won and best score per game, and the
    game's result among the recent ones at its bot level; a game passed round the device,
    each person's under their name (not the device's own). A deal of the day counts once
    per date (and only today's or yesterday's: `daily.countable`), its date added to the
    game's runs. False when nothing was counted."""
    stats = read_stats()
    date = session.daily
    if date:
        runs = daily_runs(stats, session.game_id)
        if daily.has_date(runs, date) or not daily.countable(date, today):
            return False
        dailies = dict(stats.get(DAILY) or {})
        dailies[session.game_id] = daily.add_date(runs, date)
        stats[DAILY] = dailies
    winners, scores = session.winners(), session.scores()
    level = session.level
    if not session.passed:
        stats = record_result(
            stats, session.game_id, 0 in winners, scores[0], level, margin(scores, 0)
        )
    else:
        people = dict(stats.get(PEOPLE) or {})
        for seat in session.humans:
            name = session.names[seat]
            won = seat in winners
            people[name] = record_result(
                people.get(name) or {},
                session.game_id,
                won,
                scores[seat],
                level,
                margin(scores, seat),
            )
        stats[PEOPLE] = people
    storage.write_json(storage.STATS_KEY, stats)
    return True


class Saves:
    """The saved games of one page, one per slot: the full app keeps one per game (the slot
    is the game id, the key `save_key`), so starting a game never touches another game's;
    an embedded frame keeps only its own game's (`Saves.embedded`). The full app also reads
    the single key of earlier versions (slot EARLIER) until `migrate` has moved it."""

    def __init__(self, slots: list[tuple[str, str]] | None = None) -> None:
        if slots is None:
            slots = [(g, save_key(g)) for g in pygame_rules.GAME_IDS]
            slots.append((EARLIER, storage.SAVE_KEY))
        self.slots = slots  # (slot, storage key), in the order the lobby lists them
        self._recorded: Session | None = None  # the finished game already in the stats
        self._encoded: list[tuple[list[Any], str]] = []  # the last saved moves, as JSON
        self._coach: list[tuple[Any, str]] = []  # the coach's verdicts, each as JSON
        self.today: Callable[[], str] = lambda: ""  # the device's date (the page's)

    @classmethod
    def embedded(cls, game_id: str | None) -> Saves:
        return cls([(str(game_id), embed_save_key(game_id))])

    def key(self, slot: str) -> str | None:
        """The storage key of `slot` (None: this page keeps no such save)."""
        for name, key in self.slots:
            if name == slot:
                return key
        return None

    def read(self, slot: str) -> Any:
        """The saved game as stored (None: none; an unreadable one: a marker dict)."""
        key = self.key(slot)
        try:
            return None if key is None else storage.read_json(key)
        except ValueError:
            return {"broken": True}

    def entries(self) -> list[tuple[str, Any]]:
        """(slot, save as `read` gives it) for every save stored, in the lobby's order."""
        return [(slot, self.read(slot)) for slot, key in self.slots if storage.read_raw(key)]

    def raw(self, slot: str) -> str:
        """The stored text, for export ("" when there is none)."""
        key = self.key(slot)
        return (storage.read_raw(key) if key else None) or ""

    def load(self, slot: str) -> Session:
        """The saved game, rebuilt by replaying its moves; SaveError says what is wrong
        (storage is left as it is, so a damaged save can still be exported). Only a game's
        own slot is resumed: a save under the earlier key is moved there first."""
        key = self.key(slot)
        if key is None or slot == EARLIER:
            raise SaveError("there is no such saved game")
        try:
            data = storage.read_json(key)
        except ValueError as exc:
            raise SaveError(str(exc)) from None
        if data is None:
            raise SaveError("it is no longer there (finished or discarded in another tab?)")
        check_save(data, slot)
        return Session.from_save(data)

    def discard(self, slot: str) -> None:
        key = self.key(slot)
        if key is not None:
            storage.write_raw(key, None)

    def store(self, session: Session) -> None:
        """After a move: save the game in progress under its game's key; a finished game is
        no longer offered to resume, and goes into the statistics (once)."""
        key = self.key(session.game_id)
        if key is None:  # not this page's game (an embed's link named none)
            return
        if not session.is_over():
            save = session.to_save()
            save["history"] = self._history_json(session.history)
            if "coach" in save:
                save["coach"] = self._coach_json(save["coach"])
            storage.write_json(key, save)
            return
        storage.write_raw(key, None)
        if self._recorded is not session and not session.practice:  # practice: not counted
            self._recorded = session
            record_stats(session, self.today())

    def _history_json(self, history: list[list[Any]]) -> jsontext.Encoded:
        """The moves as canonical JSON, each move encoded once (a move is never changed;
        a take-back drops the moves after it): every bot's move is saved, and encoding a
        whole Wray game anew took up to 17 ms on MicroPython."""
        encoded = self._encoded
        same = 0
        while same < len(encoded) and same < len(history) and encoded[same][0] is history[same]:
            same += 1
        del encoded[same:]
        for move in history[same:]:
            encoded.append((move, jsontext.canonical_json(move)))
        return jsontext.Encoded("[" + ",".join(text for _, text in encoded) + "]")

    def _coach_json(self, runs: list[dict[str, Any]]) -> jsontext.Encoded:
        """The coach's runs (`runs_to_save`) as JSON, each verdict encoded once (a save is
        written after every move and every verdict; encoding a whole hand's verdicts anew
        each time was most of a verdict's task on a slow phone)."""
        known = self._coach
        self._coach = []  # what this save holds: the verdicts of runs no longer saved go
        saved = []
        for run in runs:
            texts = []
            for verdict in run["verdicts"]:
                text = next((t for v, t in known if v is verdict), None)
                if text is None:
                    text = jsontext.canonical_json(verdict)
                self._coach.append((verdict, text))
                texts.append(jsontext.Encoded(text))
            entry = dict(run)
            entry["verdicts"] = texts
            saved.append(entry)
        return jsontext.Encoded(jsontext.canonical_json(saved))

    def migrate(self) -> None:
        """Move the save of an earlier version (one save for all games) to its game's key,
        as it is, so an upgrade loses no game. A damaged one, or one whose game already has
        a save under its own key, stays where it is: the lobby shows it, to export or
        discard."""
        old = self.key(EARLIER)
        raw = storage.read_raw(old) if old else None
        if old is None or raw is None:
            return
        try:
            data = jsontext.parse_json(raw)
            check_save(data)
        except ValueError:  # SaveError too
            return
        key = self.key(data["game"])
        if key is not None and storage.read_raw(key) is None and storage.write_raw(key, raw):
            storage.write_raw(old, None)

    def other_tab(self, key: Any, value: Any, session: Session | None) -> tuple[str, str]:
        """What to do when another tab changed storage (`key` None: it cleared it; `value`
        None: it removed the key): IGNORE, REDRAW, or LEAVE with what to tell the player.

        A game in progress here is out of date when its own save changed: it is left
        before its next move overwrites the other tab's. Another game's save changing does
        not concern it. A finished game stays on screen. What counts is the save as it is
        now, not the event: one that comes late (a storage cleared just before this page
        was opened, Chromium) finds this game saved as this page left it, and is ignored."""
        if isinstance(key, str) and all(key != k for _, k in self.slots):
            return IGNORE, ""
        if session is None or session.is_over():
            return REDRAW, ""
        if isinstance(key, str) and key != self.key(session.game_id):
            return IGNORE, ""
        if self.holds(session):
            return IGNORE, ""
        return LEAVE, MOVED_ELSEWHERE if isinstance(value, str) else ENDED_ELSEWHERE

    def holds(self, session: Session) -> bool:
        """Whether the game's save is `session` as it is now: its deal and every move."""
        save = self.read(session.game_id)
        return (
            isinstance(save, dict)
            and save.get("players") == session.players
            and save.get("seed") == session.seed
            and save.get("history") == session.history
        )


def record_result(
    stats: dict[str, Any],
    game_id: str,
    won: bool,
    score: int | float,
    level: str | None = None,
    margin: int | float | None = None,
) -> dict[str, Any]:
    """Statistics after one finished game: played, won and best score per game; with a
    bot `level` and a `margin`, the result joins that level's recent ones (the last
    RECENT_CAP)."""
    entry = dict(stats.get(game_id) or {"played": 0, "won": 0, "best": None})
    entry["played"] = int(entry.get("played", 0)) + 1
    entry["won"] = int(entry.get("won", 0)) + (1 if won else 0)
    best = entry.get("best")
    entry["best"] = score if best is None else max(int(best), score)
    if level is not None and margin is not None:
        recent = dict(entry.get(RECENT) or {})
        recent[level] = (list(recent.get(level) or []) + [[1 if won else 0, margin]])[-RECENT_CAP:]
        entry[RECENT] = recent
    updated = dict(stats)
    updated[game_id] = entry
    return updated


def valid_stats(data: Any) -> dict[str, Any]:
    """Statistics read from a file or storage, checked; ValueError says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError("statistics must be an object of games")
    clean: dict[str, Any] = {}
    for game_id, entry in data.items():
        if game_id == DAILY:  # each game's deals of the day: runs of dates
            if not isinstance(entry, dict):
                raise ValueError("the deals of the day must be an object of games")
            clean[DAILY] = {str(g)[:40]: daily.valid_runs(runs) for g, runs in entry.items()}
            continue
        if game_id == PEOPLE:  # each person's: name to their own statistics
            if not isinstance(entry, dict):
                raise ValueError("the people's statistics must be an object of names")
            clean[PEOPLE] = {str(name)[:40]: valid_counts(c) for name, c in entry.items()}
            continue
        if not isinstance(game_id, str) or not isinstance(entry, dict):
            raise ValueError("each game's statistics must be an object")
        clean[game_id] = game_counts(game_id, entry)
    return clean


def valid_counts(data: Any) -> dict[str, Any]:
    """One person's statistics per game, checked (no people inside)."""
    if not isinstance(data, dict) or PEOPLE in data:
        raise ValueError("a person's statistics must be an object of games")
    return {str(game_id): game_counts(str(game_id), entry) for game_id, entry in data.items()}


def game_counts(game_id: str, entry: Any) -> dict[str, Any]:
    """One game's played, won and best score, checked; ValueError says what is wrong."""
    if not isinstance(entry, dict):
        raise ValueError("each game's statistics must be an object")
    played, won, best = entry.get("played"), entry.get("won"), entry.get("best")
    if not (type(played) is int and type(won) is int and 0 <= won <= played):
        raise ValueError(f"bad played/won counts for {game_id[:40]!r}")
    if best is not None and type(best) is not int:  # JSON true is no count
        raise ValueError(f"bad best score for {game_id[:40]!r}")
    counts: dict[str, Any] = {"played": played, "won": won, "best": best}
    recent = entry.get(RECENT)  # absent from statistics of earlier versions
    if recent is not None:
        counts[RECENT] = valid_recent(game_id, recent)
    return counts


def valid_recent(game_id: str, recent: Any) -> dict[str, list[list[int | float]]]:
    """A game's recent results per bot level, checked: each [won (1 or 0), margin], the
    last RECENT_CAP kept; ValueError says what is wrong."""
    if not isinstance(recent, dict):
        raise ValueError(f"bad recent results for {game_id[:40]!r}")
    clean: dict[str, list[list[int | float]]] = {}
    for level, results in recent.items():
        if not isinstance(results, list):
            raise ValueError(f"bad recent results for {game_id[:40]!r}")
        for result in results:
            if not (
                isinstance(result, list)
                and len(result) == 2
                and result[0] in (0, 1)
                and type(result[0]) is int
                and type(result[1]) in (int, float)
            ):
                raise ValueError(f"bad recent result for {game_id[:40]!r}")
        clean[str(level)[:20]] = [list(r) for r in results[-RECENT_CAP:]]
    return clean
