"""Learn by playing: Magic Trick (Andrew Ulysses Baker), the first hand of deal 1 (see
ui/lessons/lesson.py).

Moves drafted with `tools/lesson_script.py magic-trick-baker --seed 1`; the notes are
keyed to the human's moves (the index in `moves`) and tell only what the table shows."""

LESSON = {
    "game": "magic-trick-baker",
    "players": 2,
    "seed": 1,
    "options": {},
    "moves": [
        [1, {"type": "down", "card": 7}],
        [0, {"type": "down", "card": 3}],
        [0, {"type": "pick", "fan": [0, 1]}],
        [0, {"type": "play", "card": 8}],
        [1, {"type": "play", "card": 9}],
        [1, {"type": "play", "card": 6}],
        [0, {"type": "play", "card": 5}],
        [1, {"type": "play", "card": 4}],
        [0, {"type": "play", "card": 0}],
        [0, {"type": "play", "card": 1}],
        [1, {"type": "play", "card": 10}],
        [0, {"type": "play", "card": 12}],
        [1, {"type": "play", "card": 11}],
    ],
    "notes": {
        1: "Every card names a Law, a rule for the hand. Bot 1 deals, so you are the pone "
        "(the player who does not deal): you lead. Put a card face down, as Bot 1 did: the "
        "4 of Rabbits (Law: Top Rabbit).",
        2: "Your card, Bot 1's and the card set aside are shuffled face down. Pick two: they "
        "become this hand's Laws, and the third is burned unseen.",
        3: "The Laws: Top Rabbit (Rabbits are trump) and Poison (each 4 you win is \u22123, each "
        "2 is +1). Stars are low (1). You lead: play the Star of Wands (Law: Moon Shot).",
        6: "A higher card of the led suit wins, so Bot 1's 2 of Wands beat your Star. "
        "Bot 1 led a Hat: you must follow suit with your 2 of Hats (Law: Topsy Turvy).",
        8: "You have no Hat left, so any card may go: a Rabbit is trump under Top Rabbit "
        "and wins. Play the Star of Rabbits (Law: Heart Break).",
        9: "You won, so you lead. Lead the 2 of Rabbits (Law: Oh, Dickens!): a trump, and "
        "under Poison each 2 you win is +1.",
        11: "Last trick: the Illusionist beats every card.",
    },
    "end": "Each player scores 1 point per 2 cards won in tricks (rounded up), then the "
    "Laws change it. Under Poison your 4 of Wands cost 3 and your 2 of Rabbits gave 1: "
    "6 cards (3) \u2212 3 + 1 = +1. Bot 1 won 4 cards and two 2s: +4.",
    "score_lines": ["Hand 1 scored"],
    "next": "A real game goes on, with new Laws every hand, until someone has 31 points.",
}
