"""Seeded searches from positions of seeded games, their choices printed: the same in
every interpreter.

    PYTHONPATH=.:tests python3 tools/micropython/search_moves.py GAME_ID [POSITIONS] [PLAYOUTS]
    node tools/micropython/run.mjs --package pygame_rules --path tests --path tools/micropython \\
        tools/micropython/search_moves.py GAME_ID [POSITIONS] [PLAYOUTS]

The search bots run in Pyodide's worker, and on the page's MicroPython where there is no
worker (a blog post's puzzle); a search keys its tree by each move's repr, so a move
rebuilt another way could lose its playouts in one interpreter only. From POSITIONS
(default 3) positions a few random moves into seeded games, a Hard search of PLAYOUTS
(default 40) playouts; output, one line per position: `search <id> <seed> <digest of the
chosen move and every root move's visits and value>`.
"""

import sys

import pygame_rules  # first: on MicroPython it registers the `__future__` stand-in
from pygame_rules import Rng
from pygame_rules.bots import SeatView
from pygame_rules.bots.search import Search, config_for

# isort: split
from canon import Digest, canon


def position(game_id: str, seed: int) -> "tuple[pygame_rules.State, int]":
    """A decision with a choice, 2 + 3 * seed random moves into the game of deal `seed`."""
    game = pygame_rules.get_game(game_id)
    state = game.new_game(game.default_players or game.min_players, seed)
    rng = Rng(seed)
    for _ in range(2 + 3 * seed):
        acting = state.acting()
        if not acting:
            break
        state.apply(acting[0], rng.choice(state.legal_actions(acting[0])))
    while state.acting() and len(state.legal_actions(state.acting()[0])) < 2:
        seat = state.acting()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state, state.acting()[0]


def search(game_id: str, seed: int, playouts: int) -> str:
    state, seat = position(game_id, seed)
    found = Search(SeatView(state, seat), seed, config_for(game_id, "hard"))
    found.run(iterations=playouts)
    digest = Digest()
    digest.add(canon(found.best_action()))
    for row in found.summary():
        value = None if row["value"] is None else round(row["value"], 9)
        digest.add(canon([row["action"], row["visits"], value]))
    return f"search {game_id} {seed} {digest.hex()}"


def main(argv: "list[str]") -> None:
    game_id = argv[0]
    positions = int(argv[1]) if len(argv) > 1 else 3
    playouts = int(argv[2]) if len(argv) > 2 else 40
    for seed in range(positions):
        print(search(game_id, seed, playouts))


main(sys.argv[1:])
