"""Where a search level and its game's heuristic bot choose differently, and which pays.

    python -m tools.compare_moves --game trickbook --players 3 --level hard

Plays seeded games in which seat 0 is the heuristic bot and the others are Easy (as in
the arena). At each of seat 0's decisions, the search level also chooses; where the two
differ, both moves are scored by full-game rollouts from worlds drawn by `resample`
for seat 0 (so only what it knows), seat 0 then playing the heuristic and the others
Easy. It prints, per kind of disagreement, how often it came up and the mean difference
in win chance (search minus heuristic), then the mean over all with a 95% interval.
The arena says whether a level wins; this says which of its choices cost or gain.

`--level best` is no bot but a ceiling: at each decision every legal move is scored by
the rollouts, the best is taken, and its gain is measured on as many fresh rollouts
(a second set, so the noise that made it look best does not count). It says how much
a search could win over the heuristic, one decision at a time, given ample time.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import defaultdict
from multiprocessing import Pool
from typing import Any

from pygame_rules import get_game
from pygame_rules.bots import SeatView, bot_seed, heuristic_factory, make_bot
from pygame_rules.contract import State
from pygame_rules.rng import Rng
from tools.arena import Seat, mean_interval

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pygame_rules.contract import Action

SEAT = 0  # the seat whose decisions are compared
BEST = "best"  # the ceiling: each decision's best move by rollouts (see the docstring)
FRESH = 0x5EED  # offsets the seed of the rollouts that measure `best`'s gain


def label(action: Action) -> str:
    """A short name for an action: its values, e.g. "special steal-turn" or "set ollie"."""
    return " ".join(str(v) for v in action.values())


def win_chance(state: State, action: Action, rollouts: int, seed: int) -> float:
    """Seat 0's share of wins after `action`, over `rollouts` games played to the end."""
    game_id = state.game.id
    factory = heuristic_factory(game_id)
    assert factory is not None
    rng = Rng(seed)
    wins = 0.0
    for i in range(rollouts):
        world = state.resample(SEAT, rng.spawn())
        world.rng = rng.spawn()
        world.apply(SEAT, action)
        moves = 0
        while not world.is_over():
            seat = world.acting()[0]
            rollout_seed = (i * 7919 + moves * 31 + seat) & 0xFFFFFFFF
            bot = (
                factory(rollout_seed, 0.0)
                if seat == SEAT
                else make_bot(game_id, "easy", rollout_seed)
            )
            world.apply(seat, bot.choose(SeatView(world, seat)))
            moves += 1
        winners = world.winners()
        wins += 1 / len(winners) if SEAT in winners else 0.0
    return wins / rollouts


def compare_game(task: tuple[str, int, int, str, int, dict[str, Any]]) -> list[tuple[str, float]]:
    """One game: (kind, search's win chance minus the heuristic's) per disagreement."""
    game_id, players, seed, level, rollouts, overrides = task
    factory = heuristic_factory(game_id)
    assert factory is not None
    state = get_game(game_id).new_game(players, seed)
    found: list[tuple[str, float]] = []
    moves = 0
    while not state.is_over():
        seat = state.acting()[0]
        move_seed = bot_seed(seed, seat, moves)
        view = SeatView(state, seat)
        if seat != SEAT:
            action = make_bot(game_id, "easy", move_seed).choose(view)
        else:
            action = factory(move_seed, 0.0).choose(view)
            legal = view.legal_actions()
            if len(legal) > 1:
                scored_by = move_seed
                if level == BEST:
                    chances = [win_chance(state, a, rollouts, move_seed) for a in legal]
                    searched = legal[chances.index(max(chances))]
                    scored_by = move_seed + FRESH
                else:
                    searched = make_bot(game_id, level, move_seed, **overrides).choose(view)
                if searched != action:
                    gain = win_chance(state, searched, rollouts, scored_by) - win_chance(
                        state, action, rollouts, scored_by
                    )
                    found.append((f"{label(searched)} vs {label(action)}", gain))
        state.apply(seat, action)
        moves += 1
    return found


def mean_and_interval(values: list[float], digits: int) -> str:
    """The mean and the half-width of its 95% interval, as text (just the mean of one)."""
    mean, half = mean_interval(values)
    if math.isinf(half):
        return f"{mean:+.{digits}f}"
    return f"{mean:+.{digits}f} ± {half:.{digits}f}"


def report(results: list[list[tuple[str, float]]]) -> str:
    """The table: per kind, count and mean gain (costliest first), then the overall mean."""
    kinds: dict[str, list[float]] = defaultdict(list)
    for game in results:
        for kind, gain in game:
            kinds[kind].append(gain)
    lines = ["| search vs heuristic | times | mean gain in win chance |", "|---|---|---|"]
    for kind, gains in sorted(kinds.items(), key=lambda kv: sum(kv[1])):
        lines.append(f"| {kind} | {len(gains)} | {sum(gains) / len(gains):+.3f} |")
    gains = [g for game in results for _, g in game]
    if len(gains) > 1:
        per_game = [sum(g for _, g in game) for game in results]
        lines.append(
            f"\n{len(gains)} disagreements in {len(results)} games; mean gain "
            f"{mean_and_interval(gains, 4)} per disagreement, "
            f"{mean_and_interval(per_game, 3)} per game"
        )
    else:
        lines.append(f"\n{len(gains)} disagreements in {len(results)} games")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tools.compare_moves", description=__doc__)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument(
        "--level",
        default="hard",
        help="search level, with +key=value overrides, or 'best' (the ceiling, see above)",
    )
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rollouts", type=int, default=300, help="per move compared")
    parser.add_argument("--seed", type=int, default=100, help="first game's seed")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if heuristic_factory(args.game) is None:
        parser.error(f"{args.game} has no heuristic bot")
    seat = Seat(BEST, BEST) if args.level == BEST else Seat.parse(args.level)
    if seat.level == "heuristic":
        parser.error("compare a level (easy, normal, hard, best) with the heuristic bot")
    tasks = [
        (args.game, args.players, args.seed + g, seat.level, args.rollouts, dict(seat.overrides))
        for g in range(args.games)
    ]
    start = time.perf_counter()
    with Pool(args.workers) as pool:
        results = pool.map(compare_game, tasks)
    print(
        f"{args.game}, {args.players} players, {args.games} games from seed {args.seed}, "
        f"{args.level} against the heuristic bot, {args.rollouts} rollouts per move\n"
    )
    print(report(results))
    print(f"\n({time.perf_counter() - start:.0f} s with {args.workers} workers)")


if __name__ == "__main__":
    main()
