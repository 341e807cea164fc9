"""Benchmark: how fast each engine plays, piece by piece, and what a search move costs.

Run from anywhere: python tests/benchmarks/bench_playouts.py [seconds-per-game] [game-id...]
For each game and player count it prints random playouts per second (full
games), the mean cost of the contract calls a search makes (acting +
legal_actions + apply per step, clone, resample, observation), and the time of
one Normal and one Hard search move. Benchmarks print; they never assert.
With --profile it also prints the top functions of a profile of random playouts.
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame_rules
from pygame_rules import Rng
from pygame_rules.bots import SeatView, make_bot
from pygame_rules.bots.search import config_for

PLAYER_COUNTS = {"trick-of-trip": (3, 4, 5), "trickbook": (2, 4)}


def random_game(game: pygame_rules.Game, players: int, seed: int) -> int:
    """Play one game with uniformly random legal moves; return the number of steps."""
    state = game.new_game(players, seed)
    rng = Rng(seed)
    steps = 0
    while True:
        acting = state.acting()
        if not acting:
            return steps
        seat = acting[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1


def sample_states(game: pygame_rules.Game, players: int, count: int = 24) -> list:
    """(state, seat) pairs from random games where the seat has a real choice."""
    found = []
    seed = 0
    while len(found) < count:
        state = game.new_game(players, 1000 + seed)
        rng = Rng(seed)
        step = 0
        while not state.is_over():
            seat = state.acting()[0]
            legal = state.legal_actions(seat)
            if step % 11 == 3 and len(legal) > 1:
                found.append((state.clone(), seat))
            state.apply(seat, rng.choice(legal))
            step += 1
        seed += 1
    return found[:count]


def per_call(fn, states, repeat: int = 20) -> float:
    """Mean microseconds of fn(state, seat) over the sample states."""
    start = time.perf_counter()
    for _ in range(repeat):
        for state, seat in states:
            fn(state, seat)
    return 1e6 * (time.perf_counter() - start) / (repeat * len(states))


def bench(game: pygame_rules.Game, players: int, seconds: float) -> None:
    start = time.perf_counter()
    games = steps = 0
    while time.perf_counter() - start < seconds:
        steps += random_game(game, players, games)
        games += 1
    elapsed = time.perf_counter() - start
    states = sample_states(game, players)
    rng = Rng(3)
    clone = per_call(lambda s, _seat: s.clone(), states)
    resample = per_call(lambda s, seat: s.resample(seat, rng), states, 5)
    observe = per_call(lambda s, seat: s.observation(seat), states)
    legal = per_call(lambda s, seat: s.legal_actions(seat), states, 50)
    search = {}
    for level in ("normal", "hard"):
        picked = states[:: max(1, len(states) // 6)]
        t0 = time.process_time()
        for i, (state, seat) in enumerate(picked):
            make_bot(game.id, level, i).choose(SeatView(state, seat))
        search[level] = 1000 * (time.process_time() - t0) / len(picked)
    print(
        f"  {game.id:17s} {players}p: {games / elapsed:7.1f} random playouts/s "
        f"({steps / games:5.0f} steps, {1e6 * elapsed / steps:5.1f} us/step); "
        f"legal {legal:5.1f} us, clone {clone:5.1f} us, resample {resample:6.1f} us, "
        f"observation {observe:6.1f} us; search move (CPU): normal {search['normal']:5.0f} ms "
        f"({config_for(game.id, 'normal').iterations} it), hard {search['hard']:5.0f} ms "
        f"({config_for(game.id, 'hard').iterations} it)",
        flush=True,
    )


def profile(game: pygame_rules.Game, players: int) -> None:
    """Top functions (own time) while playing random games and resampling."""
    states = sample_states(game, players, 12)
    rng = Rng(5)

    def work() -> None:
        for seed in range(30):
            random_game(game, players, seed)
        for _ in range(10):
            for state, seat in states:
                state.resample(seat, rng).clone()

    profiler = cProfile.Profile()
    profiler.runcall(work)
    print(f"\n  profile: {game.id} {players}p (30 random games + 120 resample/clone)")
    pstats.Stats(profiler).sort_stats("tottime").print_stats(12)


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seconds = float(args[0]) if args and args[0].replace(".", "").isdigit() else 3.0
    ids = [a for a in args if not a.replace(".", "").isdigit()]
    games = [g for g in pygame_rules.list_games() if not ids or g.id in ids]
    print(f"Random playouts and search cost per game (CPython {sys.version.split()[0]})")
    for game in games:
        counts = PLAYER_COUNTS.get(game.id, (game.default_players or game.min_players,))
        for players in counts:
            if game.min_players <= players <= game.max_players:
                bench(game, players, seconds)
    if "--profile" in sys.argv:
        for game in games:
            profile(game, game.default_players or game.min_players)


if __name__ == "__main__":
    main()
