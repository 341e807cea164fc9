"""Run the conformance kit (tests/conformance.py) without pytest, in either interpreter.

    node tools/micropython/run.mjs --package pygame_rules --path tests --path tools/micropython \\
        tools/micropython/kit.py [SEEDS] [GAME_ID|toy ...]
    PYTHONPATH=.:tests python3 tools/micropython/kit.py [SEEDS] [GAME_ID|toy ...]

Every check of `kit_cases` (seeded random playouts with every per-step invariant, setup
validation, determinism, resample hygiene) on the games named (default: every game and the
toy game), SEEDS seeds per player count (default: what each game's test module uses).
One check per chunk (steps.drive). Prints a line per failed check and per game; exit 1 if
any check failed.
"""

import sys

import pygame_rules  # first: on MicroPython it registers the `__future__` stand-in

# isort: split
from conformance import kit_cases  # the kit's modules have `from __future__ import ...`
from steps import IMPL, cpu, drive

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

    from pygame_rules import Game

# What each game's test module passes to conformance_suite (12 otherwise).
SUITE_SEEDS = {"toy": 8, "magic-trick-wray": 6}


def selected_games(ids: "list[str]") -> "list[Game]":
    """The games named (every game and the toy game when none is)."""
    games = [g for g in pygame_rules.list_games() if not ids or g.id in ids]
    if not ids or "toy" in ids:
        from toy_game import TOY

        games.append(TOY)
    unknown = [i for i in ids if i != "toy" and i not in [g.id for g in games]]
    if unknown:
        raise SystemExit("unknown game id(s): " + ", ".join(unknown))
    return games


def main(argv: "list[str]") -> "Iterator[None]":
    """Run the kit; yields after every check."""
    seeds = int(argv[0]) if argv and argv[0].isdigit() else None
    failed = []
    total = 0
    for game in selected_games([a for a in argv if not a.isdigit()]):
        n = seeds if seeds is not None else SUITE_SEEDS.get(game.id, 12)
        start = cpu()
        cases = kit_cases(game, n)
        for name, check, args in cases:
            total += 1
            try:
                check(*args)
            except Exception as exc:  # report and go on
                failed.append(f"{game.id} {name}: {type(exc).__name__}: {exc}")
                print("FAIL", failed[-1])
            yield  # one check per chunk: MicroPython's wasm GC runs between chunks
        print(f"{IMPL} {game.id}: {len(cases)} checks, {cpu() - start:.1f} s CPU")
    print(f"{IMPL}: {total} checks, {len(failed)} failed")
    if failed:
        sys.exit(1)


drive(main(sys.argv[1:]))
