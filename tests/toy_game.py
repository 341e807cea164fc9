"""A test-only toy game that proves the conformance kit (never in the lobby).

"Tiny Tricks": 2-3 players get 3 cards from 1..10; everyone discards one card
face down at the same time (a simultaneous, hidden decision); then two tricks,
highest card wins, winner leads. A point per trick.
"""

from __future__ import annotations

from pygame_rules import Game, Option, Rng, State
from pygame_rules.contract import copy_json


class ToyState(State):
    def setup(self) -> None:
        deck = list(range(1, 11))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[3 * i : 3 * i + 3]) for i in range(self.num_players)]
        self.stock = deck[3 * self.num_players :]
        self.pending = [None] * self.num_players  # hidden simultaneous discards
        self.discards = [[] for _ in range(self.num_players)]
        self.phase = "discard"
        self.leader = 0
        self.turn = 0
        self.trick = []  # [seat, card] pairs
        self.last_trick = None  # the contract's shape (docs/contract.md)
        self.points = [0] * self.num_players

    def acting(self) -> tuple[int, ...]:
        if self.phase == "discard":
            return tuple(s for s in range(self.num_players) if self.pending[s] is None)
        if self.phase == "play":
            return (self.turn,)
        return ()

    def legal_actions(self, seat: int) -> list[dict]:
        if seat not in self.acting():
            return []
        kind = "discard" if self.phase == "discard" else "play"
        return [{"type": kind, "card": c} for c in self.hands[seat]]

    def _apply(self, seat: int, action: dict) -> list[dict]:
        card = action["card"]
        self.hands[seat].remove(card)
        if self.phase == "discard":
            self.pending[seat] = card
            events = [{"type": "discarded", "seat": seat}]
            if all(p is not None for p in self.pending):
                for s, c in enumerate(self.pending):
                    self.discards[s].append(c)
                self.pending = [None] * self.num_players
                self.phase = "play"
                self.turn = self.leader
            return events
        self.trick.append([seat, card])
        events = [{"type": "played", "seat": seat, "card": card}]
        if len(self.trick) < self.num_players:
            self.turn = (seat + 1) % self.num_players
            return events
        winner = max(self.trick, key=lambda sc: sc[1])[0]
        self.last_trick = {
            "cards": [{"seat": s, "card": c} for s, c in self.trick],
            "winner": winner,
            "hand": 1,
            "number": 2 - len(self.hands[winner]),  # two tricks
        }
        self.points[winner] += 1
        self.trick = []
        self.leader = self.turn = winner
        events.append({"type": "trick", "winner": winner})
        if not self.hands[winner]:
            self.phase = "over"
        return events

    def observation(self, seat: int) -> dict:
        return {
            "seat": seat,
            "phase": self.phase,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "my_discards": list(self.discards[seat])
            + ([self.pending[seat]] if self.pending[seat] is not None else []),
            "chosen": [p is not None for p in self.pending],
            "trick": [list(t) for t in self.trick],
            "last_trick": copy_json(self.last_trick),
            "points": list(self.points),
            "acting": list(self.acting()),
        }

    def open_hands(self) -> list[list[int]]:
        return [list(h) for h in self.hands]

    def scores(self) -> list[int]:
        return list(self.points)

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        best = max(self.points)
        return [s for s, p in enumerate(self.points) if p == best]

    def resample(self, seat: int, rng: Rng) -> ToyState:
        """Redeal every card `seat` has not seen among the others."""
        new = self.clone_for_resample()
        unseen = list(new.stock)
        for s in range(self.num_players):
            if s != seat:
                unseen += new.hands[s] + new.discards[s]
                if new.pending[s] is not None:
                    unseen.append(new.pending[s])
        rng.shuffle(unseen)
        for s in range(self.num_players):
            if s == seat:
                continue
            k = len(new.hands[s])
            new.hands[s], unseen = sorted(unseen[:k]), unseen[k:]
            k = len(new.discards[s])
            new.discards[s], unseen = unseen[:k], unseen[k:]
            if new.pending[s] is not None:
                new.pending[s], unseen = unseen[0], unseen[1:]
        new.stock = unseen
        new.rng = rng.spawn()
        return new


TOY = Game(
    id="toy",
    title="Tiny Tricks (test only)",
    designer="the test suite",
    min_players=2,
    max_players=3,
    pitch="A toy that proves the conformance kit.",
    state_class=ToyState,
    options=(Option("dummy", "An option that changes nothing", False),),
    trick_end=("trick",),
    trick_moves=("play",),
    quiet_moves={"discard": ("discards", "a card face down")},
)
ToyState.game = TOY
