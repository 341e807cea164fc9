"""Cross-interpreter replay: the same seeded random games in CPython and MicroPython.

    python3 tools/micropython/xcheck.py [GAMES] [--only ID] [--first SEED]
        [--state-every K] [--resample-every K] [--jobs J]
    python3 tools/micropython/xcheck.py --only ID --trace SEED

Runs replay.py (GAMES games per game id, default 100) under this CPython and under
MicroPython's WebAssembly build in Node (run.mjs), one process per game id and interpreter,
J at a time (default: the number of CPUs), and prints each game id's digest from both and
whether they match; exit 1 if any differs, with the first differing seed. `--trace SEED`
plays that one game in both and prints the first record that differs.

CPython only. Also the helpers the tests use to start scripts under MicroPython.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
RUN_MJS = HERE / "run.mjs"
REPLAY = HERE / "replay.py"
NPM_PACKAGE = "@micropython/micropython-webassembly-pyscript"  # pinned in package.json
MICROPYTHON_NPM = ROOT / "node_modules" / NPM_PACKAGE
if str(ROOT) not in sys.path:  # run as a script: the engine's registry names the games
    sys.path.insert(0, str(ROOT))
from pygame_rules import GAME_IDS  # noqa: E402

INTERPRETERS = ("cpython", "micropython")


class MicroPythonMissing(RuntimeError):
    """Node or the MicroPython npm package is not installed."""


def micropython_command(script: Path, *args: str, bytecode: Path | None = None) -> list[str]:
    """The command running `script` under MicroPython in Node, with pygame_rules, tests/ and
    this folder importable. MicroPythonMissing (saying what to install) if it cannot run.
    `bytecode`: a folder holding pygame_rules compiled to .mpy (tools/mpy_bytecode.py), as
    the page ships it, imported instead of the sources."""
    node = shutil.which("node")
    if node is None:
        raise MicroPythonMissing(
            "`node` (Node.js 20+) is not on PATH: it runs MicroPython's WebAssembly build "
            "for the engine's MicroPython tests (install it, e.g. `apt-get install nodejs npm`)"
        )
    if not (MICROPYTHON_NPM / "micropython.mjs").exists():
        raise MicroPythonMissing(
            f"the npm package {NPM_PACKAGE} is not in node_modules: run `npm ci` "
            "(`python3 tasks.py test` does)"
        )
    engine = ["--path", str(bytecode)] if bytecode else ["--package", str(ROOT / "pygame_rules")]
    return [
        node,
        str(RUN_MJS),
        *engine,
        "--path",
        str(ROOT / "tests"),
        "--path",
        str(HERE),
        str(script),
        *args,
    ]


def cpython_command(script: Path, *args: str) -> list[str]:
    """The command running `script` under this CPython (env: `cpython_env()`)."""
    return [sys.executable, str(script), *args]


def cpython_env() -> dict[str, str]:
    """The environment for cpython_command: the repository and tests/ importable."""
    paths = [str(ROOT), str(ROOT / "tests")]
    if os.environ.get("PYTHONPATH"):
        paths.append(os.environ["PYTHONPATH"])
    return dict(os.environ, PYTHONPATH=os.pathsep.join(paths))


def run(
    interpreter: str,
    script: Path,
    args: list[str],
    timeout: float | None = None,
    bytecode: Path | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run `script` with `args` under "cpython" or "micropython" (from `bytecode` if given:
    see micropython_command), capturing its output."""
    if interpreter == "micropython":
        command, env = micropython_command(script, *args, bytecode=bytecode), None
    else:
        command, env = cpython_command(script, *args), cpython_env()
    return subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


@dataclass
class Replay:
    """One interpreter's replay of one game id: per-seed digests and the total line."""

    interpreter: str
    game_id: str
    digests: dict[int, str] = field(default_factory=dict)
    total: str = ""
    cpu: str = ""
    error: str = ""


def replay(
    interpreter: str,
    game_id: str,
    args: list[str],
    timeout: float | None = None,
    bytecode: Path | None = None,
) -> Replay:
    """Run replay.py for one game id (args: GAMES and options) and parse what it printed."""
    done = run(interpreter, REPLAY, [*args, "--only", game_id], timeout, bytecode)
    result = Replay(interpreter, game_id)
    for line in done.stdout.splitlines():
        words = line.split()
        if words[:2] == ["game", game_id] and len(words) == 4:
            result.digests[int(words[2])] = words[3]
        elif words[:2] == ["total", game_id]:
            result.total = " ".join(words[2:])
    for line in done.stderr.splitlines():
        if line.startswith("#time"):
            result.cpu = line.split(maxsplit=3)[3]
    if done.returncode != 0 or not result.total:
        tail = "\n".join(done.stderr.splitlines()[-15:])
        result.error = f"{interpreter} exited with {done.returncode}:\n{tail}"
    return result


@dataclass
class Comparison:
    """The replays of one game id in both interpreters."""

    game_id: str
    cpython: Replay
    micropython: Replay

    @property
    def match(self) -> bool:
        """Both ran, and every game's digest and the totals are equal."""
        a, b = self.cpython, self.micropython
        return not a.error and not b.error and a.digests == b.digests and a.total == b.total

    def first_difference(self) -> int | None:
        """The first seed whose digests differ (or that one interpreter lacks)."""
        a, b = self.cpython.digests, self.micropython.digests
        differing = [s for s in sorted(set(a) | set(b)) if a.get(s) != b.get(s)]
        return differing[0] if differing else None

    def report(self) -> str:
        """A few lines: both digests, CPU times, and the verdict."""
        lines = [f"{self.game_id}: {self.cpython.total or '(no result)'}"]
        for run_ in (self.cpython, self.micropython):
            digest = run_.total.rpartition("digest=")[2] or "-"
            lines.append(f"  {run_.interpreter:<12} {digest}  ({run_.cpu or 'no time'})")
        if self.match:
            lines.append(f"  match: {len(self.cpython.digests)} games, identical")
            return "\n".join(lines)
        lines += [r.error for r in (self.cpython, self.micropython) if r.error]
        seed = self.first_difference()
        lines.append(
            f"  DIFFER: first at seed {seed}; see the records: python3 "
            f"tools/micropython/xcheck.py --only {self.game_id} --trace {seed}"
            if seed is not None
            else "  DIFFER: the totals differ"
        )
        return "\n".join(lines)


def compare(
    game_ids: tuple[str, ...] | list[str],
    args: list[str],
    jobs: int | None = None,
    timeout: float | None = None,
    bytecode: Path | None = None,
) -> list[Comparison]:
    """Replay each game id (args: GAMES and options) in both interpreters, `jobs` processes
    at a time (MicroPython from `bytecode` if given); the comparisons in game_ids' order."""
    micropython_command(REPLAY)  # fail early, and clearly, without node
    tasks = [(interpreter, gid) for gid in game_ids for interpreter in INTERPRETERS]
    tasks.sort(key=lambda task: task[0] == "cpython")  # the slow ones first
    with ThreadPoolExecutor(jobs or os.cpu_count() or 1) as pool:
        futures = {task: pool.submit(replay, *task, args, timeout, bytecode) for task in tasks}
    return [
        Comparison(gid, futures["cpython", gid].result(), futures["micropython", gid].result())
        for gid in game_ids
    ]


def trace(game_id: str, seed: int, args: list[str]) -> int:
    """Print the first record of game `seed` that differs between the interpreters."""
    outputs = []
    for interpreter in INTERPRETERS:
        done = run(interpreter, REPLAY, [*args, "--only", game_id, "--trace", str(seed)])
        if done.returncode:
            print(f"{interpreter} failed:\n{done.stderr}")
            return 1
        outputs.append(done.stdout.splitlines())
    cpython, micropython = outputs
    for number, (a, b) in enumerate(zip(cpython, micropython), 1):
        if a != b:
            print(f"record {number} differs:\n  cpython      {a[:400]}\n  micropython  {b[:400]}")
            return 1
    if len(cpython) != len(micropython):
        print(f"records: {len(cpython)} in CPython, {len(micropython)} in MicroPython")
        return 1
    print(f"{game_id} seed {seed}: {len(cpython)} records, identical")
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module's docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=100, help="games per game id")
    parser.add_argument("--only", choices=GAME_IDS, help="one game id")
    parser.add_argument("--first", type=int, default=0, help="first seed")
    parser.add_argument("--state-every", type=int, default=1, metavar="K")
    parser.add_argument("--resample-every", type=int, default=0, metavar="K")
    parser.add_argument("--jobs", type=int, default=None, metavar="J")
    parser.add_argument("--trace", type=int, metavar="SEED", help="diff one game's records")
    opts = parser.parse_args(argv)
    args = [
        str(opts.games),
        "--first",
        str(opts.first),
        "--state-every",
        str(opts.state_every),
        "--resample-every",
        str(opts.resample_every),
    ]
    try:
        if opts.trace is not None:
            return trace(opts.only or GAME_IDS[0], opts.trace, args)
        comparisons = compare([opts.only] if opts.only else list(GAME_IDS), args, opts.jobs)
    except MicroPythonMissing as exc:
        print(exc, file=sys.stderr)
        return 2
    for comparison in comparisons:
        print(comparison.report(), flush=True)
    differ = [c.game_id for c in comparisons if not c.match]
    print("all match" if not differ else "DIFFER: " + ", ".join(differ))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
