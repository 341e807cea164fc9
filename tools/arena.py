"""Bot arena: seeded games between bot levels, seats rotated, results with 95% intervals.

    python -m tools.arena --game trick-of-trip --seats hard,easy,easy,easy \\
        --games 400 --seed 1

Each deal (seed S, S+1, ...) is played once per rotation of the seats, so every
bot sits in every chair of every deal; with N games and n players that is N/n
deals. A seat is a level of `make_bot` ("random", "easy", "normal", "hard"), or
"heuristic" (the heuristic bot without mistakes); search settings may follow
after "+", e.g. "hard+iterations=500+rollout=heuristic", and a heuristic seat
may slip a share of its moves, e.g. "heuristic+randomness=0.4" (Easy is 0.25). A "coach"
seat plays the move the coach would call better (pygame_rules/bots/coach.py: its analysis
search's choice), e.g. "coach" or "coach+budget=200+worlds=16".
Bots are seeded per move exactly as the app seeds them, and games run in parallel
worker processes, so a command always prints the same table. A shared win counts
1/k to each of the k winners; "win share" is per seat, so the fair share is 1/n.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool
from typing import Any

from pygame_rules import get_game
from pygame_rules.bots import LEVELS, Bot, SeatView, bot_seed, heuristic_factory, make_bot
from pygame_rules.bots.coach import CoachBot
from pygame_rules.bots.search import SEARCH_FIELDS

SEARCH_SETTINGS = SEARCH_FIELDS
# What may follow a level after "+": the search's settings, or the heuristic's slip rate.
SETTINGS = {
    "normal": SEARCH_SETTINGS,
    "hard": SEARCH_SETTINGS,
    "heuristic": ("randomness",),
    "coach": ("budget", "worlds"),
}


@dataclass(frozen=True)
class Seat:
    """One seat spec: a level and search overrides, parsed from "level+key=value+..."."""

    label: str
    level: str
    overrides: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def parse(cls, text: str) -> Seat:
        level, *pairs = text.strip().split("+")
        if level not in (*LEVELS, "heuristic", "coach"):
            known = ", ".join(LEVELS)
            raise ValueError(f"unknown seat {level!r} (use {known}, heuristic or coach)")
        allowed = SETTINGS.get(level, ())
        overrides = []
        for pair in pairs:
            name, _, value = pair.partition("=")
            if name not in allowed:
                known = ", ".join(allowed) or "none"
                raise ValueError(f"{level} takes no setting {name!r} (settings: {known})")
            setting = _parse_value(value)
            if name == "randomness" and not (
                isinstance(setting, int | float)
                and not isinstance(setting, bool)
                and 0 <= setting <= 1
            ):
                raise ValueError(f"randomness must be a number from 0 to 1, not {value!r}")
            overrides.append((name, setting))
        return cls(text.strip(), level, tuple(overrides))

    def bot(self, game_id: str, seed: int) -> Bot:
        if self.level == "heuristic":
            factory = heuristic_factory(game_id)
            if factory is None:
                raise ValueError(f"{game_id} has no heuristic bot")
            return factory(seed, float(dict(self.overrides).get("randomness", 0.0)))
        if self.level == "coach":
            return CoachBot(seed, **dict(self.overrides))
        return make_bot(game_id, self.level, seed, **dict(self.overrides))


def _parse_value(text: str) -> Any:
    for cast in (int, float):
        try:
            return cast(text)
        except ValueError:
            pass
    return {"none": None, "true": True, "false": False}.get(text.lower(), text)


@dataclass(frozen=True)
class GameResult:
    """One finished game: which spec sat where, the scores, the winners, move times."""

    index: int
    chairs: list[int]  # chairs[seat] = index into the seat specs
    scores: list[float]
    winners: list[int]
    think: list[tuple[float, int]]  # per seat: (seconds thinking, moves)


def play_game(task: tuple[str, int, list[Seat], int, dict[str, Any]]) -> GameResult:
    """Play game `index` of a match: deal seed + index // n, seats rotated by index % n."""
    game_id, seed, seats, index, options = task
    n = len(seats)
    deal_seed = seed + index // n
    rotation = index % n
    chairs = [(seat + rotation) % n for seat in range(n)]
    state = get_game(game_id).new_game(n, deal_seed, options)
    seconds = [0.0] * n
    moves_made = [0] * n
    moves = 0
    while not state.is_over():
        seat = state.acting()[0]
        # Seeded like the app seeds its bots: game seed, seat, move number.
        bot = seats[chairs[seat]].bot(game_id, bot_seed(deal_seed, seat, moves))
        start = time.process_time()  # CPU time: comparable on a busy machine
        action = bot.choose(SeatView(state, seat))
        seconds[seat] += time.process_time() - start
        moves_made[seat] += 1
        state.apply(seat, action)
        moves += 1
    return GameResult(
        index,
        chairs,
        list(state.scores()),
        state.winners(),
        list(zip(seconds, moves_made, strict=True)),
    )


def mean_interval(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (normal approximation)."""
    k = len(values)
    mean = sum(values) / k
    if k < 2:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (k - 1)
    return mean, 1.96 * math.sqrt(var / k)


def paired_margin(
    specs: list[int], players: int, results: list[GameResult]
) -> tuple[float, float] | None:
    """The seat specs `specs`' score less the others' in the same deal and chair (the same
    cards, so the deal's luck cancels out), averaged per deal: its mean and the half-width
    of its 95% interval over deals (None: no deal has both in a chair)."""
    deals: dict[int, list[GameResult]] = {}
    for r in results:
        deals.setdefault(r.index // players, []).append(r)
    values = []
    for games in deals.values():
        diffs = []
        for seat in range(players):
            mine = [r.scores[seat] for r in games if r.chairs[seat] in specs]
            others = [r.scores[seat] for r in games if r.chairs[seat] not in specs]
            if mine and others:
                diffs.append(sum(mine) / len(mine) - sum(others) / len(others))
        if diffs:
            values.append(sum(diffs) / len(diffs))
    return mean_interval(values) if values else None


def summarize(game_id: str, seats: list[Seat], results: list[GameResult]) -> list[dict[str, Any]]:
    """Per distinct seat label: seats, win share and average score with 95% intervals, and
    its score against the others' in the same deal and chair (`paired_margin`)."""
    labels = list(dict.fromkeys(s.label for s in seats))
    rows = []
    for label in labels:
        specs = [i for i, s in enumerate(seats) if s.label == label]
        wins, scores = [], []
        seconds = 0.0
        moves = 0
        for r in results:
            mine = [seat for seat, chair in enumerate(r.chairs) if chair in specs]
            wins.append(sum(1 / len(r.winners) for s in mine if s in r.winners) / len(mine))
            scores.append(sum(r.scores[s] for s in mine) / len(mine))
            seconds += sum(r.think[s][0] for s in mine)
            moves += sum(r.think[s][1] for s in mine)
        win, win_ci = mean_interval(wins)
        score, score_ci = mean_interval(scores)
        paired = paired_margin(specs, len(seats), results)
        rows.append(
            {
                "label": label,
                "seats": len(specs),
                "win": win,
                "win_ci": win_ci,
                "score": score,
                "score_ci": score_ci,
                "ms_per_move": 1000 * seconds / max(1, moves),
                "paired": paired,
            }
        )
    return rows


def format_table(
    game_id: str, seats: list[Seat], games: int, seed: int, rows: list[dict[str, Any]]
) -> str:
    n = len(seats)
    lines = [
        f"{game_id}, {n} players, {games} games (deals from seed {seed}, seats rotated), "
        f"seats {','.join(s.label for s in seats)}; fair win share {1 / n:.1%}",
        "",
        "| bot | seats | win share per seat | avg score | score vs the others,"
        " same deal and chair | CPU ms per move |",
        "|---|---|---|---|---|---|",
    ]
    for r in rows:
        paired = r.get("paired")
        versus = "-" if paired is None else f"{paired[0]:+.2f} ± {paired[1]:.2f}"
        lines.append(
            f"| {r['label']} | {r['seats']} | {r['win']:.1%} ± {r['win_ci']:.1%} "
            f"| {r['score']:.2f} ± {r['score_ci']:.2f} | {versus} | {r['ms_per_move']:.1f} |"
        )
    return "\n".join(lines)


def run_match(
    game_id: str,
    seats: list[Seat],
    games: int,
    seed: int,
    workers: int = 2,
    options: dict[str, Any] | None = None,
    progress: bool = False,
) -> list[GameResult]:
    """Play `games` games (in `workers` processes) and return them in game order."""
    tasks = [(game_id, seed, seats, i, options or {}) for i in range(games)]
    results: list[GameResult] = []
    start = time.perf_counter()
    if workers <= 1:
        iterator: Any = map(play_game, tasks)
        pool = None
    else:
        pool = Pool(workers)
        iterator = pool.imap_unordered(play_game, tasks)
    try:
        for done, result in enumerate(iterator, 1):
            results.append(result)
            if progress and (done % max(1, games // 20) == 0 or done == games):
                elapsed = time.perf_counter() - start
                print(f"  {done}/{games} games, {elapsed:.0f} s", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    results.sort(key=lambda r: r.index)
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.arena", description=__doc__)
    parser.add_argument("--game", required=True, help="game id, e.g. trick-of-trip")
    parser.add_argument("--seats", required=True, help="comma-separated seats, e.g. hard,easy")
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument(
        "--option", action="append", default=[], help="game option name=value (repeatable)"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    try:
        seats = [Seat.parse(s) for s in args.seats.split(",")]
    except ValueError as exc:
        parser.error(str(exc))
    game = get_game(args.game)
    if not game.min_players <= len(seats) <= game.max_players:
        parser.error(f"{game.title} is for {game.min_players}-{game.max_players} players")
    options = {}
    for pair in args.option:
        name, _, value = pair.partition("=")
        options[name] = _parse_value(value)
    start = time.perf_counter()
    results = run_match(
        args.game, seats, args.games, args.seed, args.workers, options, not args.quiet
    )
    rows = summarize(args.game, seats, results)
    print(format_table(args.game, seats, args.games, args.seed, rows))
    print(f"\n({time.perf_counter() - start:.0f} s with {args.workers} workers)")


if __name__ == "__main__":
    main()
