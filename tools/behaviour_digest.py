"""Fingerprints of a game's behaviour, to show that a speed-up changed nothing.

    python -m tools.behaviour_digest GAME_ID... [--quick]

Prints one hash per part and game: seeded random games (every legal move list and event,
the final state), observations and decision observations every 7 moves, resamples and
clones every 11, whole games of Easy bots, and the root summaries of Normal and Hard
searches from positions a few moves into seeded games. A change that keeps every line
(run before and after, e.g. in `git worktree add /tmp/base REV`) keeps every move the bots
make and everything the UI is told. `--quick` checks fewer games (a few seconds a game).
"""

from __future__ import annotations

import argparse
import hashlib
import json
from typing import Any

import pygame_rules
from pygame_rules import Rng
from pygame_rules.bots import SeatView, make_bot, play_out
from pygame_rules.bots.search import Search, config_for


def _put(digest: Any, value: Any) -> None:
    digest.update(json.dumps(value, sort_keys=True, default=repr).encode())


def digests(game_id: str, quick: bool = False) -> dict[str, str]:
    """Each part's hash (16 hex digits) for `game_id`."""
    game = pygame_rules.get_game(game_id)
    players = game.default_players or game.min_players
    events, observations, resamples = hashlib.sha256(), hashlib.sha256(), hashlib.sha256()
    for n in range(game.min_players, game.max_players + 1):
        for seed in range(15 if quick else 60):
            state, rng, step = game.new_game(n, seed), Rng(seed * 7 + 1), 0
            while state.acting():
                acting = state.acting()
                seat = acting[rng.below(len(acting))]
                legal = state.legal_actions(seat)
                _put(events, legal)
                _put(events, state.apply(seat, rng.choice(legal)))
                step += 1
                if step % 7 == 0:
                    _put(observations, state.observation(seat))
                    _put(observations, state.decision_observation(seat))
                    _put(observations, list(state.scores()))
                if step % 11 == 0:
                    _put(resamples, state.resample(seat, Rng(step)).to_json())
                    _put(resamples, state.clone().to_json() == state.to_json())
            _put(events, [list(state.scores()), state.winners(), state.to_json()])
    easy = hashlib.sha256()
    for seed in range(4 if quick else 12):
        state = game.new_game(players, seed)
        play_out(state, [make_bot(game_id, "easy", seed * 10 + k) for k in range(players)])
        _put(easy, state.to_json())
    searches = hashlib.sha256()
    for seed in range(3 if quick else 8):
        state, rng = game.new_game(players, seed), Rng(seed)
        for _ in range(3 + 5 * seed):
            if not state.acting():
                break
            seat = state.acting()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if not state.acting() or len(state.legal_actions(state.acting()[0])) < 2:
            continue
        for level in ("normal", "hard"):
            search = Search(SeatView(state, state.acting()[0]), seed, config_for(game_id, level))
            search.finish()
            _put(searches, [search.iterations, search.steps, search.summary()])
    parts = {
        "events": events,
        "observations": observations,
        "resample": resamples,
        "easy-games": easy,
        "search": searches,
    }
    return {name: digest.hexdigest()[:16] for name, digest in parts.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--quick", action="store_true", help="fewer games")
    args = parser.parse_args(argv)
    for game_id in args.games or [g.id for g in pygame_rules.list_games()]:
        for part, value in digests(game_id, args.quick).items():
            print(game_id, part, value)


if __name__ == "__main__":
    main()
