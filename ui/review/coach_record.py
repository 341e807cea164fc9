"""The coach's results on the page: one run (a seat's decisions in a stretch of the game),
kept with the session and its save, checked when read back, and put into words.

Pure Python (no browser), so CPython tests drive it. The verdicts come from the bots' worker
(`ui/review/coaching.py`); a saved run is untrusted text: `runs_from_save` keeps only runs
whose every verdict has the right shape and names a move this game's history holds.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_RUNS = 24  # runs kept with a save (a run per hand and seat: more than a game's worth)
NUMBERS = ("played_value", "played_noise", "best_value", "best_noise", "gap", "noise")
WORDS = ("played_words", "best_words")
MAX_WORDS = 400  # characters of a move's words or a reason kept from a save


def run_key(seat: int, span: tuple[int, int]) -> str:
    """Which run: the seat and the stretch of history ("0:52:104")."""
    return f"{seat}:{span[0]}:{span[1]}"


class CoachRun:
    """One seat's decisions in history[start:stop], judged so far (`verdicts`, in order),
    out of `total` (None until the worker has counted them)."""

    def __init__(self, seat: int, span: tuple[int, int], total: int | None = None) -> None:
        self.seat = seat
        self.span = span
        self.total = total
        self.verdicts: list[dict[str, Any]] = []

    @property
    def key(self) -> str:
        return run_key(self.seat, self.span)

    @property
    def finished(self) -> bool:
        return self.total is not None and len(self.verdicts) >= self.total

    def costliest(self, k: int = 3) -> list[dict[str, Any]]:
        """The `k` flagged verdicts with the biggest gaps, biggest first (ties: earliest)."""
        flagged = [v for v in self.verdicts if v["flagged"]]
        # mpy-total-key: ties by move number
        return sorted(flagged, key=lambda v: (-v["gap"], v["index"]))[:k]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "span": list(self.span),
            "total": self.total,
            "verdicts": self.verdicts,
        }


def valid_verdict(verdict: Any, seat: int, history: list[Any], span: tuple[int, int]) -> bool:
    """Whether `verdict` has a verdict's shape and is about the seat's move it says it is
    (history[index] is that seat playing "played", inside the stretch)."""
    if not isinstance(verdict, dict):
        return False
    index = verdict.get("index")
    if type(index) is not int or not span[0] <= index < min(span[1], len(history)):
        return False
    mover, action = history[index]
    if (
        mover != seat
        or verdict.get("played") != action
        or not isinstance(verdict.get("best"), dict)
    ):
        return False
    if not all(type(verdict.get(name)) in (int, float) for name in NUMBERS):
        return False
    if type(verdict.get("flagged")) is not bool:
        return False
    reason = verdict.get("reason")
    if reason is not None and not (isinstance(reason, str) and len(reason) <= MAX_WORDS):
        return False
    return all(
        isinstance(verdict.get(name), str) and len(verdict[name]) <= MAX_WORDS for name in WORDS
    )


def run_from_json(data: Any, history: list[Any]) -> CoachRun | None:
    """A saved run checked against the game's `history` (None: damaged or not this game's)."""
    if not isinstance(data, dict):
        return None
    seat, span, total = data.get("seat"), data.get("span"), data.get("total")
    verdicts = data.get("verdicts")
    if type(seat) is not int or not isinstance(verdicts, list):
        return None
    if not (isinstance(span, list) and len(span) == 2 and all(type(n) is int for n in span)):
        return None
    if not 0 <= span[0] < span[1] <= len(history):
        return None
    if total is not None and (type(total) is not int or total < 0 or len(verdicts) > total):
        return None
    stretch = (span[0], span[1])
    if not all(valid_verdict(v, seat, history, stretch) for v in verdicts):
        return None
    run = CoachRun(seat, stretch, total)
    run.verdicts = list(verdicts)
    return run


def runs_from_save(data: Any, history: list[Any]) -> dict[str, CoachRun]:
    """The saved runs that are this game's (a damaged one is dropped, never the game)."""
    runs: dict[str, CoachRun] = {}
    if not isinstance(data, list):
        return runs
    for item in data[-MAX_RUNS:]:
        run = run_from_json(item, history)
        if run is not None:
            runs[run.key] = run
    return runs


def runs_to_save(runs: dict[str, CoachRun]) -> list[dict[str, Any]]:
    """The runs to save: the last MAX_RUNS begun, with what was judged so far."""
    return [run.to_json() for run in list(runs.values())[-MAX_RUNS:]]


def runs_before(runs: dict[str, CoachRun], stop: int) -> dict[str, CoachRun]:
    """The runs still true once the history is cut to `stop` moves (a take-back)."""
    return {key: run for key, run in runs.items() if run.span[1] <= stop}


def amount(value: float, unit: str) -> str:
    """'1.2 points', '0.4 letters': a value rounded to a tenth, in the game's unit."""
    tenths = int(abs(value) * 10 + 0.5)
    text = f"{tenths // 10}.{tenths % 10}"
    return f"{text} {unit[:-1] if text == '1.0' else unit}"


def spread(noise: float) -> str:
    """'± 0.3': an estimate's noise, never broken between the sign and the number."""
    return "±\u00a0" + amount(noise, "").strip()


def gap_words(verdict: dict[str, Any], unit: str) -> str:
    """'About 1.2 points better (± 0.3).': what the better move is worth over the one
    played, and the noise of that estimate."""
    return f"About {amount(verdict['gap'], unit)} better ({spread(verdict['noise'])})."


def value_words(value: float, noise: float, unit: str, short: bool = False) -> str:
    """'+0.3 points on the others (± 0.2)': what a move is expected to change the seat's
    score against the others' average, to the end of the hand (Trickbook's letters are
    bad, so its value, which counts a letter as -1, is said as letters fewer or more).
    `short`: '+0.3 ± 0.2' or '0.4 fewer ± 0.1', for a table that names the unit."""
    noise_words = spread(noise)
    number = amount(value, "").strip()
    if unit == "letters":
        fewer = "fewer" if value >= 0 else "more"
        if short:
            return f"{number} {fewer} {noise_words}"
        return f"{amount(value, unit)} {fewer} than the others ({noise_words})"
    sign = "+" if value >= 0 or number == "0.0" else "\u2212"
    if short:
        return f"{sign}{number} {noise_words}"
    return f"{sign}{amount(value, unit)} on the others ({noise_words})"


def summary(run: CoachRun, unit: str, person: str = "you") -> str:
    """One line for a finished run: how many decisions, how many cost the seat."""
    count = run.total or 0
    flagged = sum(1 for v in run.verdicts if v["flagged"])
    decisions = "1 decision" if count == 1 else f"{count} decisions"
    if count == 0:
        return f"No decisions to weigh: every move was forced for {person}."
    if flagged == 0:
        return f"{decisions} weighed: none clearly cost {person} {unit}. Well played."
    costly = "1 clearly cost" if flagged == 1 else f"{flagged} clearly cost"
    return f"{decisions} weighed: {costly} {person} {unit}."
