"""Learn by playing: Trick of Trip, the first round of deal 22 for 3 players (see
ui/lessons/lesson.py).

Moves drafted with `tools/lesson_script.py trick-of-trip --players 3 --seed 22`; the notes
are keyed to the human's moves (the index in `moves`) and tell only what the table shows."""

LESSON = {
    "game": "trick-of-trip",
    "players": 3,
    "seed": 22,
    "options": {},
    "moves": [
        [0, {"type": "split", "sets": [[3, 38, 49], [34, 41, 42]]}],
        [1, {"type": "split", "sets": [[13, 17, 32], [28, 29, 44]]}],
        [2, {"type": "split", "sets": [[4, 7, 51], [6, 23, 31]]}],
        [0, {"type": "pick", "set": 1}],
        [1, {"type": "pick", "set": 0}],
        [2, {"type": "pick", "set": 0}],
        [1, {"type": "play", "card": 29}],
        [2, {"type": "play", "card": 32}],
        [0, {"type": "play", "card": 31}],
        [1, {"type": "play", "card": 28}],
        [2, {"type": "play", "card": 7}],
        [0, {"type": "play", "card": 34}],
        [1, {"type": "play", "card": 3}],
        [2, {"type": "play", "card": 4}],
        [0, {"type": "play", "card": 6}],
        [1, {"type": "play", "card": 38}],
        [2, {"type": "play", "card": 51}],
        [0, {"type": "play", "card": 42}],
        [0, {"type": "play", "card": 23}],
        [1, {"type": "play", "card": 49}],
        [2, {"type": "play", "card": 17}],
        [1, {"type": "play", "card": 44}],
        [2, {"type": "play", "card": 13}],
        [0, {"type": "play", "card": 41}],
    ],
    "notes": {
        0: "Split your six cards into two groups of three: Bot 1 takes one, you keep the "
        "other. The lesson's split is laid out: your 4, 3 and 2 go together.",
        3: "Now pick a group from Bot 2's stand. Your hand is the group you pick plus the "
        "group Bot 1 leaves you. Take the group with the 7 of Suns.",
        8: "Low cards win: the lowest card of the led suit takes the trick. You must "
        "follow suit with a Wave (a trump, a Star, is always allowed too, but you have none).",
        11: "Bot 1's 6 won. A trick's winner keeps only the card they won with: it scores "
        "at the end of the round. Follow with your last Wave.",
        14: "Suns were led: play your 7 of Suns. With no trump in the trick, a 7 is an "
        "ordinary card.",
        17: "Bot 2 played a trump. The 7 rule: once a trump is in the trick, the first 7 "
        "played beats everything. Play your 7 of Leaves to win it.",
        18: "You won, so you lead.",
        23: "Your 6 of Leaves is the lowest Leaf in this trick: it wins.",
    },
    "end": "Each suit you won scores its highest card × how many cards of it you won. "
    "You won the 7 and the 6 of Leaves: 7 × 2 = 14. High cards lose tricks but score.",
    "score_lines": ["Round 1 over"],
    "next": "A real game has four rounds; the highest total wins.",
}
