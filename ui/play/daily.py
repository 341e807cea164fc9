"""The deal of the day: one deal per game and date, the same on every device, at the game's
standard player count against Normal bots (`DAILY_LEVEL`); counted once per date in the
statistics, with a streak of consecutive dates; its result shared as spoiler-free text.

Pure Python with no imports (tests run it under MicroPython as it stands): the date is
always passed in (the page's local date, `page.today`), never read here.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

DAILY_LEVEL = "normal"
MAX_RUNS = 200  # runs of consecutive dates kept per game (the oldest go first)
DAYS_IN = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def stable_hash(text: str) -> int:
    """32-bit FNV-1a of `text`'s UTF-8 bytes: the same in every interpreter (Python's own
    hash() of a str is randomised per process in CPython, and differs in MicroPython)."""
    value = 0x811C9DC5
    for byte in text.encode():
        value = ((value ^ byte) * 0x01000193) & 0xFFFFFFFF
    return value


def daily_seed(game_id: str, date: str) -> int:
    """The seed of `game_id`'s deal of `date` ("2026-11-28")."""
    return stable_hash(f"trick-table daily {game_id} {date}")


def valid_date(text: Any) -> str | None:
    """`text` if it is a real date written YYYY-MM-DD (year 1000 on), else None."""
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-":
        return None
    digits = text[:4] + text[5:7] + text[8:]
    if not all(c in "0123456789" for c in digits):
        return None
    year, month, day = int(text[:4]), int(text[5:7]), int(text[8:])
    if year < 1000 or not 1 <= month <= 12:
        return None
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = 29 if month == 2 and leap else DAYS_IN[month - 1]
    return text if 1 <= day <= days else None


def day_number(date: str) -> int:
    """Days from 1970-01-01 to a valid `date` (proleptic Gregorian calendar)."""
    year, month, day = int(date[:4]), int(date[5:7]), int(date[8:])
    if month <= 2:
        year -= 1
    era = year // 400
    of_era = year - era * 400
    of_year = (153 * ((month + 9) % 12) + 2) // 5 + day - 1
    return era * 146097 + of_era * 365 + of_era // 4 - of_era // 100 + of_year - 719468


def countable(date: str, today: str) -> bool:
    """Whether finishing `date`'s deal counts: it is today's or yesterday's (a deal begun
    before midnight, or a friend's a time zone behind); an older one is played for fun. An
    unknown `today` ("") counts it."""
    if not valid_date(today):
        return True
    return 0 <= day_number(today) - day_number(date) <= 1


def has_date(runs: list[list[str]], date: str) -> bool:
    """Whether `date` is in the runs (each [first, last] date of consecutive ones)."""
    return any(first <= date <= last for first, last in runs)


def add_date(runs: list[list[str]], date: str) -> list[list[str]]:
    """The runs with `date` added, joined with a run it extends; sorted, oldest first."""
    if has_date(runs, date):
        return [list(run) for run in runs]
    merged: list[list[str]] = []
    for first, last in sorted([list(run) for run in runs] + [[date, date]]):
        if merged and day_number(first) - day_number(merged[-1][1]) <= 1:
            if last > merged[-1][1]:
                merged[-1][1] = last
        else:
            merged.append([first, last])
    return merged[-MAX_RUNS:]


def streak(runs: list[list[str]], today: str) -> int:
    """The current streak: consecutive dates with a finished deal of the day, up to today
    (or yesterday, while today's is still to play); 0 when the last is older."""
    if not runs or not valid_date(today):
        return 0
    first, last = runs[-1]
    if not 0 <= day_number(today) - day_number(last) <= 1:
        return 0
    return day_number(last) - day_number(first) + 1


def valid_runs(data: Any) -> list[list[str]]:
    """A game's runs read from storage or a file, checked; ValueError says what is wrong."""
    if not isinstance(data, list):
        raise ValueError("the deals of the day must be a list of dates")
    runs: list[list[str]] = []
    for run in data:
        if not (isinstance(run, list) and len(run) == 2):
            raise ValueError("the deals of the day must be pairs of dates")
        first, last = valid_date(run[0]), valid_date(run[1])
        if first is None or last is None or last < first:
            raise ValueError("a deal of the day's date is not a date")
        runs.append([first, last])
    return runs[-MAX_RUNS:]


def result_words(scores: list[Any], winners: list[int], seat: int = 0) -> str:
    """How `seat`'s game ended, in points only: "won by 12", "lost by 3", "shared the win"."""
    if seat in winners and len(winners) > 1:
        return "shared the win"
    others = [s for i, s in enumerate(scores) if i != seat]
    if seat in winners:
        won, margin = "won", scores[seat] - max(others) if others else 0
    else:
        won, margin = "lost", max(scores[w] for w in winners) - scores[seat] if winners else 0
    if margin == 0:
        return f"{won} on the tie-break"
    if margin < 0:
        return won
    number = int(margin) if margin == int(margin) else margin
    return f"{won} by {number}"


def share_text(name: str, date: str, result: str, days: int, practice: bool = False) -> str:
    """The spoiler-free line to share (no card, no move): the game's name, the date, the
    result in points, the streak."""
    parts = ["Trick Table", name, f"deal of {date}", result]
    if practice:
        parts.append("practice")
    if days > 0:
        parts.append(f"streak {days}")
    return " · ".join(parts)
