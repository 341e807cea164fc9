"""What one page keeps on this device: the game in progress, the statistics, the settings.

Pure Python over `ui/storage.py` (which degrades to "nothing stored" where storage is
missing or blocked), so CPython tests drive it with a dict-backed stand-in.
"""

from __future__ import annotations

from . import storage
from .params import SPEEDS
from .session import SaveError, Session

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# What `Saves.other_tab` says the page should do about a change made in another tab.
IGNORE = "ignore"  # not our save
REDRAW = "redraw"  # keep what is on screen; redraw the offer to resume
LEAVE = "leave"  # leave the game in progress (it is out of date), and say why

ENDED_ELSEWHERE = "This game was finished or discarded in another tab or window."
MOVED_ELSEWHERE = (
    "This game went on in another tab or window: resume it here to carry on from where it is now."
)


def embed_save_key(game_id: str | None) -> str:
    """The storage key of an embedded frame's saved game: a frame in a blog post keeps its
    own game of `game_id`, apart from the full app's (storage.SAVE_KEY) and other games'."""
    return f"{storage.SAVE_KEY}.embed.{game_id}"


def restorable(save: Any) -> bool:
    """Whether a stored save rebuilds a game: its shape, and its moves replaying."""
    try:
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
        return storage.valid_stats(storage.read_json(storage.STATS_KEY) or {})
    except ValueError:
        return {}


def import_stats(text: str) -> dict[str, Any]:
    """Replace the statistics with a file's; ValueError (nothing changed) says what is wrong."""
    stats = storage.valid_stats(storage.parse_json(text))
    storage.write_json(storage.STATS_KEY, stats)
    return stats


def record_stats(session: Session) -> None:
    """Add a finished game to the statistics: played, won and best score per game."""
    won = session.human in session.winners()
    score = session.scores()[session.human]
    stats = storage.record_result(read_stats(), session.game_id, won, score)
    storage.write_json(storage.STATS_KEY, stats)


class Saves:
    """The saved game of one page (the full app's, or an embedded frame's: `key`)."""

    def __init__(self, key: str = storage.SAVE_KEY) -> None:
        self.key = key
        self._recorded: Session | None = None  # the finished game already in the stats

    def read(self) -> Any:
        """The saved game as stored (None: none; an unreadable one: a marker dict)."""
        try:
            return storage.read_json(self.key)
        except ValueError:
            return {"broken": True}

    def raw(self) -> str:
        """The stored text, for export ("" when there is none)."""
        return storage.read_raw(self.key) or ""

    def load(self) -> Session:
        """The saved game, rebuilt by replaying its moves; SaveError says what is wrong
        (storage is left as it is, so a damaged save can still be exported)."""
        try:
            data = storage.read_json(self.key)
        except ValueError as exc:
            raise SaveError(str(exc)) from None
        return Session.from_save(data)

    def discard(self) -> None:
        storage.write_raw(self.key, None)

    def store(self, session: Session) -> None:
        """After a move: save the game in progress; a finished game is no longer offered to
        resume, and goes into the statistics (once)."""
        if not session.is_over():
            storage.write_json(self.key, session.to_save())
            return
        self.discard()
        if self._recorded is not session and not session.practice:  # practice: not counted
            self._recorded = session
            record_stats(session)

    def other_tab(self, key: Any, value: Any, session: Session | None) -> tuple[str, str]:
        """What to do when another tab changed storage (`key` None: it cleared it; `value`
        None: it removed the key): IGNORE, REDRAW, or LEAVE with what to tell the player.

        A game in progress here is then out of date: it is left before its next move
        overwrites the other tab's. A finished one stays on screen."""
        if isinstance(key, str) and key != self.key:
            return IGNORE, ""
        if session is None or session.is_over():
            return REDRAW, ""
        return LEAVE, MOVED_ELSEWHERE if isinstance(value, str) else ENDED_ELSEWHERE
