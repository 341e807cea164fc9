"""Learn by playing: Trickbook, the start of deal 1 for 2 players, to the first letter
(see ui/lessons/lesson.py).

Moves drafted with `tools/lesson_script.py trickbook --seed 1 --moves 13`; the notes are
keyed to the human's moves (the index in `moves`) and tell only what the table shows."""

LESSON = {
    "game": "trickbook",
    "players": 2,
    "seed": 1,
    "options": {},
    "moves": [
        [0, {"type": "rps", "choice": "rock"}],
        [1, {"type": "rps", "choice": "rock"}],
        [0, {"type": "rps", "choice": "rock"}],
        [1, {"type": "rps", "choice": "rock"}],
        [0, {"type": "rps", "choice": "paper"}],
        [1, {"type": "rps", "choice": "rock"}],
        [0, {"type": "set", "trick": "heelflip"}],
        [1, {"type": "special", "card": "psyche"}],
        [0, {"type": "pass"}],
        [1, {"type": "set", "trick": "kickflip"}],
        [0, {"type": "set", "trick": "360-flip"}],
        [0, {"type": "special", "card": "first-try"}],
        [1, {"type": "match"}],
    ],
    "notes": {
        0: "Rock, paper, scissors decides who sets the first trick. Throw rock.",
        2: "A tie: throw again.",
        4: "Another tie. Throw paper: paper wraps rock.",
        6: "You set first. A trick card shows its difficulty: roll that or more on the die "
        "to land it. Set the Heelflip (3).",
        8: "Bot 1 played a special, Psyche!, and won the roll-off: \u22121 on your roll. A 1 "
        "missed, but a 1 also draws a special (First Try!). Focus! (+1) is not enough: pass.",
        10: "Bot 1 missed its trick too, so you set again. Set the 360 Flip (5): hard, but "
        "you hold First Try!.",
        11: "Play First Try!: you land the trick without a roll. Then Bot 1 must match it.",
    },
    "end_title": "Lesson done: how Bot 1 got a letter",
    "end": "Bot 1 missed the trick you landed, so it took a letter: S. Each miss of a "
    "landed trick adds the next letter of S.K.A.T.E.; spell it all and you are out.",
    "score_lines": ["Bot 1 got the letter"],
    "totals": "Letters to go before S.K.A.T.E.",
    "next": "A real game goes on until one skater is left; trick cards and specials "
    "keep coming as you draw.",
}
