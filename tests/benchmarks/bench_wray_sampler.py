"""Benchmark: Magic Trick (Wray) resample() at the start of a hand, mid-hand and late.

Run from anywhere: python tests/benchmarks/bench_wray_sampler.py [samples]
Prints, per stage, the cold cost (first sample: builds the exact counting
solver for the public information) and the mean per sample once it is built
(the solver is cached per public information, so a bot drawing many samples
for one decision pays the build once). Benchmarks print; they never assert.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame_rules
from pygame_rules import Rng
from pygame_rules.magic_trick_wray import _SOLVER_CACHE, DealSolver

GAME = pygame_rules.get_game("magic-trick-wray")
STAGES = {"start of hand": 0, "mid-hand": 6, "late": 11}
SEEDS = range(8)


def state_after(seed: int, tricks: int):
    """A random game of `seed` played until `tricks` tricks of hand 1 are complete."""
    state = GAME.new_game(4, seed)
    rng = Rng(seed + 1000)
    while state.trick_number <= tricks or state.phase != "play" or state.trick:
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def main() -> None:
    samples = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(f"Magic Trick (Wray) resample, {len(SEEDS)} games x {samples} samples per stage")
    for name, tricks in STAGES.items():
        states = [state_after(seed, tricks) for seed in SEEDS]
        hidden = sum(st.status[s].count(0) for st in states for s in range(4)) / len(states)
        cold = warm = raw = 0.0
        for state in states:
            _SOLVER_CACHE.clear()
            rng = Rng(7)
            t0 = time.perf_counter()
            state.resample(0, rng)
            cold += time.perf_counter() - t0
            t0 = time.perf_counter()
            for i in range(samples):
                state.resample(i % 4, rng)
            warm += (time.perf_counter() - t0) / samples
            suits, known = state.public_rows()
            solver = DealSolver(suits, known)
            t0 = time.perf_counter()
            for _ in range(samples):
                solver.sample_ranks(rng)
            raw += (time.perf_counter() - t0) / samples
        n = len(states)
        print(
            f"  {name:14s} ({hidden:4.1f} hidden cards): first sample {1000 * cold / n:6.2f} ms, "
            f"then {1e6 * warm / n:6.1f} us per resample() "
            f"({1e6 * raw / n:5.1f} us drawing the ranks, the rest is clone)"
        )


if __name__ == "__main__":
    main()
