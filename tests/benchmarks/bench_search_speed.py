"""Search playouts per second in each interpreter the bots run in: prints, asserts nothing.

The same workload (search_workload.py: Hard's settings, 150 playouts from each of four
seeded positions per game) in CPython (tests, arena), Pyodide (the bots' worker; run in
Node by tools/pyodide_run.mjs, the npm build the site ships) and MicroPython's WebAssembly
build (the page; tools/micropython/run.mjs). With --root DIR (repeatable) it runs each
interpreter on DIR's pygame_rules too, alternating with this tree's, so that a baseline
(e.g. `git worktree add /tmp/base REV`) is measured in the same run on the same machine.

Usage: python tests/benchmarks/bench_search_speed.py [--runs N] [--root DIR]... [GAME_ID...]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WORKLOAD = Path(__file__).with_name("search_workload.py")


def command(interpreter: str, root: Path, games: list[str]) -> list[str]:
    if interpreter == "CPython":
        return [sys.executable, str(WORKLOAD), *games]
    if interpreter == "Pyodide":
        runner = str(ROOT / "tools/pyodide_run.mjs")
        return ["node", runner, "--root", str(root), str(WORKLOAD), *games]
    run = str(ROOT / "tools/micropython/run.mjs")
    return ["node", run, "--package", str(root / "pygame_rules"), str(WORKLOAD), *games]


def rates(interpreter: str, root: Path, games: list[str]) -> dict[str, float]:
    """Playouts per second per game, from one run of the workload."""
    cmd = command(interpreter, root, games)
    env = {"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin:/usr/local/bin"}
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stdout
    found = {}
    for line in out.splitlines():
        if line.startswith("search "):
            _, game, playouts, seconds = line.split()
            found[game] = int(playouts) / float(seconds)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--root", action="append", type=Path, default=[])
    parser.add_argument("games", nargs="*")
    args = parser.parse_args()
    roots = [ROOT, *args.root]
    results: dict[tuple[str, Path], list[dict[str, float]]] = {}
    for _ in range(args.runs):
        for interpreter in ("CPython", "Pyodide", "MicroPython"):
            for root in roots:  # alternated: a busy moment falls on each tree alike
                found = rates(interpreter, root, args.games)
                results.setdefault((interpreter, root), []).append(found)
    games = sorted({g for runs in results.values() for found in runs for g in found})
    print(f"Search playouts per second (Hard's settings), median of {args.runs} run(s)")
    print(f"  {'interpreter':12s} {'tree':28s} " + " ".join(f"{g:>18s}" for g in games))
    for (interpreter, root), runs in results.items():
        cells = [statistics.median(found[g] for found in runs) for g in games]
        tree = "this tree" if root == ROOT else str(root)[-28:]
        print(f"  {interpreter:12s} {tree:28s} " + " ".join(f"{c:18.0f}" for c in cells))


if __name__ == "__main__":
    main()
