"""Seeded games of the rules-of-thumb bots, the moves printed: the same in every interpreter.

    PYTHONPATH=.:tests python3 tools/micropython/bot_moves.py GAME_ID [GAMES] [MOVES]
    node tools/micropython/run.mjs --package pygame_rules --path tests --path tools/micropython \\
        tools/micropython/bot_moves.py GAME_ID [GAMES] [MOVES]

The page plays these bots on MicroPython while the search bots' worker loads (and Easy
always): every seat is the game's heuristic bot (seeded; with Easy's slips in odd games),
deciding in zero-second slices as the page's BotRunner drives it, for at most MOVES moves
(default 60) of GAMES games (default 2; seeds 0..GAMES-1, the smallest table). Output, one
line per game: `bots <id> <seed> <moves> <digest of the moves and the scores>`.
"""

import sys

import pygame_rules  # first: on MicroPython it registers the `__future__` stand-in
from pygame_rules.bots import SeatView, heuristic_factory, think

# isort: split
from canon import Digest, canon

EASY_SLIPS = 0.15  # the randomness of Easy's slips in the odd games


def play(game_id: str, seed: int, moves: int) -> str:
    game = pygame_rules.get_game(game_id)
    state = game.new_game(game.min_players, seed)
    factory = heuristic_factory(game_id)
    assert factory is not None, game_id
    slips = EASY_SLIPS if seed % 2 else 0.0
    bots = [factory(seed * 10 + seat, slips) for seat in range(game.min_players)]
    digest = Digest()
    played = 0
    while not state.is_over() and played < moves:
        seat = state.acting()[0]
        thinking = think(bots[seat], SeatView(state.clone(), seat))
        while not thinking.step(0.0):
            pass
        action = thinking.best_action()
        state.apply(seat, action)
        digest.add(canon([seat, action, state.scores()]))
        played += 1
    return f"bots {game_id} {seed} {played} {digest.hex()}"


def main(argv: "list[str]") -> None:
    game_id = argv[0]
    games = int(argv[1]) if len(argv) > 1 else 2
    moves = int(argv[2]) if len(argv) > 2 else 60
    for seed in range(games):
        print(play(game_id, seed, moves))


main(sys.argv[1:])
