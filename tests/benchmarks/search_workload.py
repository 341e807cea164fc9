"""One fixed search workload, run alike in CPython, Pyodide and MicroPython by
bench_search_speed.py: Hard's search settings, a set number of playouts from seeded
positions a few moves into each game. Prints one line per game:
`search GAME_ID PLAYOUTS SECONDS`."""

import sys

import pygame_rules
from pygame_rules import Rng
from pygame_rules.bots import SeatView
from pygame_rules.bots.base import perf_counter
from pygame_rules.bots.search import Search, config_for

PLAYOUTS = 150  # per position
POSITIONS = 4
# Before timing, a search from another deal warms the interpreter up (the bots' worker
# serves many moves: its first search's one-time costs are not what a move costs).
WARM_UP_SEED = 1000


def positions(game_id: str, seed: int = 0, count: int = POSITIONS) -> list:
    """(state, seat) at a decision with a choice, at several depths of seeded random games
    (the first from deal `seed`)."""
    game = pygame_rules.get_game(game_id)
    players = game.default_players or game.min_players
    found = []
    for deal in range(seed, seed + 1000):
        if len(found) == count:
            break
        state = game.new_game(players, deal)
        rng = Rng(deal)
        for _ in range(3 + 5 * (deal - seed)):
            acting = state.acting()
            if not acting:
                break
            state.apply(acting[0], rng.choice(state.legal_actions(acting[0])))
        acting = state.acting()
        if acting and len(state.legal_actions(acting[0])) > 1:
            found.append((state, acting[0]))
    return found


def main() -> None:
    games = sys.argv[1:] or [g.id for g in pygame_rules.list_games()]
    for game_id in games:
        for state, seat in positions(game_id, WARM_UP_SEED, 1):
            Search(SeatView(state, seat), 0, config_for(game_id, "hard")).run(iterations=PLAYOUTS)
        playouts = 0
        spent = 0.0
        for i, (state, seat) in enumerate(positions(game_id)):
            config = config_for(game_id, "hard", heuristic_prior=0)
            search = Search(SeatView(state, seat), i, config)
            began = perf_counter()
            search.run(iterations=PLAYOUTS)
            spent += perf_counter() - began
            playouts += search.iterations
        print("search", game_id, playouts, spent)


main()
