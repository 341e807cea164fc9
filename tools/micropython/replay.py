"""Seeded random games, written canonically into digests: the same output in every interpreter.

    PYTHONPATH=.:tests python3 tools/micropython/replay.py GAMES [options]
    node tools/micropython/run.mjs --package pygame_rules --path tests --path tools/micropython \\
        tools/micropython/replay.py GAMES [options]

xcheck.py runs it under both interpreters and compares. Options: --only ID (one game id),
--first SEED (default 0), --state-every K (default 1), --resample-every K (default 0: none),
--trace SEED (print every record of that game of --only's game, to diff).

For each game id, GAMES games: seed s = first .. first+GAMES-1, num_players cycling through
the game's range. Moves come from pygame_rules.rng.Rng (never `random`): the acting seat with
rng.below(len(acting)), the action with rng.choice(legal_actions). Into one sha256 per game
go, as canonical text (tests/canon.py): the new state's fields and generator state, and
after every move the seat, the action, its events and the scores, the state every K-th move
(the records of APPEND_ONLY fields once each, when appended), a resample for the acting seat
every K moves if asked (its APPEND_ONLY fields as whether they equal the state's), and the
final state, scores and winners. Output, one line each:

    game <id> <seed> <digest of that game>
    total <id> games=<n> moves=<m> digest=<digest of the game digests>
"""

import sys

import pygame_rules  # first: on MicroPython it registers the `__future__` stand-in
from pygame_rules.rng import Rng

# isort: split
from canon import Digest, canon
from steps import IMPL, cpu, drive

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any

    from pygame_rules import Game, State

OPTIONS = {"--only": None, "--first": 0, "--state-every": 1, "--resample-every": 0, "--trace": None}


def parse(argv: "list[str]") -> "dict[str, Any]":
    """GAMES and the options (see the module's docstring)."""
    opts: dict[str, Any] = dict(OPTIONS)
    opts["games"] = 10
    args = list(argv)
    while args:
        arg = args.pop(0)
        if arg in OPTIONS:
            if not args:
                raise SystemExit(arg + " needs a value")
            value = args.pop(0)
            opts[arg] = value if arg == "--only" else int(value)
        elif arg.isdigit():
            opts["games"] = int(arg)
        else:
            raise SystemExit("unknown argument " + arg)
    return opts


class StateRecorder:
    """Canonical text of a state's fields, except that the records of its APPEND_ONLY fields
    (never changed once appended: the contract) are written once, when new: a long game's
    history then costs once, not at every move."""

    def __init__(self, state: "State") -> None:
        self.append_only = tuple(type(state).APPEND_ONLY)
        self.seen = {name: 0 for name in self.append_only}

    def text(self, state: "State") -> str:
        """The state's new part, canonically."""
        fields = state._fields()  # a fresh dict: what to_json writes
        new = {}
        for name in self.append_only:
            records = fields.pop(name)
            new[name] = records[self.seen[name] :]
            self.seen[name] = len(records)
        return canon([[fields, state.rng.state], new])

    def resampled(self, state: "State", resample: "State") -> str:
        """A resample of `state`, canonically: its fields, except that of its APPEND_ONLY
        fields (public records, copied from `state`) it says only whether they are the
        state's. Writing them out each time cost most of a long Baker game's replay."""
        fields = resample._fields()
        own = state._fields()
        kept = {name: fields.pop(name) == own[name] for name in self.append_only}
        return canon([[fields, resample.rng.state], kept])


def play(game: "Game", players: int, seed: int, opts: "dict[str, Any]", out: "Callable") -> int:
    """One seeded random game; every record goes to out(text). Returns the moves made."""
    state = game.new_game(players, seed)
    rng = Rng(seed * 7919 + 1)
    side = Rng(seed * 104729 + 7)
    every, resample_every = opts["--state-every"], opts["--resample-every"]
    recorder = StateRecorder(state)
    out(recorder.text(state))
    moves = 0
    while True:
        acting = state.acting()
        if not acting:
            break
        seat = acting[rng.below(len(acting))]
        action = rng.choice(state.legal_actions(seat))
        if resample_every and moves % resample_every == 0:
            out(recorder.resampled(state, state.resample(seat, side.spawn())))
        events = state.apply(seat, action)
        moves += 1
        out(canon([seat, action, events, state.scores()]))
        if every and moves % every == 0:
            out(recorder.text(state))
    out(canon([state.to_json(), state.scores(), state.winners()]))
    return moves


def players_for(game: "Game", seed: int) -> int:
    """The player count of game `seed`: cycling through the game's range."""
    return game.min_players + seed % (game.max_players - game.min_players + 1)


def main(opts: "dict[str, Any]") -> "Iterator[None]":
    """Play and print (see the module's docstring); yields after every game."""
    ids = [g.id for g in pygame_rules.list_games()]
    if opts["--only"] is not None and opts["--only"] not in ids:
        raise SystemExit("unknown game id " + opts["--only"])
    if opts["--trace"] is not None:
        game = pygame_rules.get_game(opts["--only"] or ids[0])
        seed = opts["--trace"]
        play(game, players_for(game, seed), seed, opts, print)
        return
    for gid in ids:
        if opts["--only"] is not None and gid != opts["--only"]:
            continue
        game = pygame_rules.get_game(gid)
        total = Digest()
        moves = 0
        start = cpu()
        for seed in range(opts["--first"], opts["--first"] + opts["games"]):
            one = Digest()
            moves += play(game, players_for(game, seed), seed, opts, one.add)
            digest = one.hex()  # once: MicroPython's sha256 gives its digest only once
            total.add(digest)
            print(f"game {gid} {seed} {digest}")
            yield  # one game per chunk (steps.drive)
        print(f"total {gid} games={opts['games']} moves={moves} digest={total.hex()}")
        print(f"#time {IMPL} {gid} {cpu() - start:.1f} s CPU", file=sys.stderr)


drive(main(parse(sys.argv[1:])))
