"""Draft a lesson's script (ui/lessons/<game>.py): play one deal with the games' rules of
thumb in every seat (the human's too) to the end of the first hand or round (or `--moves`),
and print each move with the log lines it caused, then the moves as data to paste.

    python3 tools/lesson_script.py trick-of-trip --players 3 --seed 4
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pygame_rules import get_game
from pygame_rules.bots import SeatView
from ui.play.session import Session, quick_bot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=0, help="stop after this many moves")
    args = parser.parse_args()
    game = get_game(args.game)
    players = args.players or game.default_players or game.min_players
    session = Session(args.game, players, args.seed, "easy")
    while not session.is_over():
        seat = session.waiting_for()[0]
        bot = quick_bot(args.game, 7919 * args.seed + len(session.history))
        assert bot is not None
        action = bot.choose(SeatView(session.state.clone(), seat))
        events = session.state.clone().apply(seat, action)
        kinds = [e["type"] for e in events]
        told = len(session.log)
        index = len(session.history)
        session.act(seat, action)
        who = "YOU" if seat == session.human else f"bot{seat}"
        print(f"#{index} {who} {json.dumps(action)} {kinds}")
        for line in session.log[told:]:
            print("     ", line)
        if args.moves and len(session.history) >= args.moves:
            break
        if not args.moves and game.end_of(events) == "hand":
            break
    print(json.dumps(session.history))


if __name__ == "__main__":
    main()
