"""Trick of Trip (トリックオブトリップ) by nuun: a drafted-hand, lowest-card-wins trick game.

Cards are ints 0..53: suit s (0..3) rank r (1..12) is ``s * 12 + r - 1``; the
trump suit (4, ranks 1..6) is ``47 + r``. Each of 4 rounds starts with a
simultaneous draft (draw 6, split 3+3 onto a stand, the stand goes to a
neighbour who picks a set, the splitter keeps the other), then 6 tricks.

Observation fields (all seats): seat, acting, phase ("split" | "pick" | "play" |
"over"), round, rounds, direction ("left" | "right"), pass_to, receive_from,
hand, hand_sizes, split_done, pick_done, stands (only the two stands beside
the seat), known_hands (what the seat knows of every hand), trick,
trick_winning (the seat winning the trick in play so far, None between
tricks), leader,
turn, led_suit, trick_number, round_tricks, last_trick (the last trick taken, kept
through the next round's draft: docs/contract.md; with ``card`` and ``reason``, what
took it and why), discards, deck_size,
won, scores, score_breakdown, cards_won, round_lead, round_results, winners, and
set_size (the cards in each set of a stand, SET_SIZE).

Rules in plain words for the table (so a rule change touches this file only):
PLAY_RULE (how tricks go) and SCORE_RULE (how won cards score).
"""

from __future__ import annotations

from . import register
from .contract import Game, State
from .rng import Rng

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .contract import Action, Event, Observation

GAME_ID = "trick-of-trip"
NUM_SUITS = 4
TRUMP = 4
SUIT_RANKS = 12
TRUMP_RANKS = 6
DECK_SIZE = NUM_SUITS * SUIT_RANKS + TRUMP_RANKS
HAND_SIZE = 6
SET_SIZE = 3
ROUNDS = 4
TRICKS_PER_ROUND = 6
SEVEN = 7

# Suit names, symbols and a suggested colour for the UI (colour is never the only cue).
SUITS: list[dict[str, str]] = [
    {"key": "suns", "name": "Suns", "symbol": "☀", "color": "#c98a00"},
    {"key": "moons", "name": "Moons", "symbol": "☾", "color": "#5b4bc4"},
    {"key": "waves", "name": "Waves", "symbol": "≈", "color": "#0f7f9c"},
    {"key": "leaves", "name": "Leaves", "symbol": "♣", "color": "#2e7d32"},
    {"key": "stars", "name": "Stars", "symbol": "★", "color": "#c62828"},
]
SUIT_NAMES = [s["name"] for s in SUITS]
SUIT_SYMBOLS = [s["symbol"] for s in SUITS]

LEAD_RANDOM_FIRST = "random first lead"
LEAD_LOWEST = "lowest score"
LEAD_TIE = "lowest score, tie broken at random"

WIN_FIRST_SEVEN = "the first 7 played, as a trump was played"
WIN_LOWEST_TRUMP = "the lowest trump"
WIN_LOWEST_LED = "the lowest card of the led suit"

# The rules in plain words, for the table (see `trick_winner`, `playable_cards`, `score_of`).
PLAY_RULE = "Low cards win; a 7 beats trumps. Follow the led suit if you can."
SCORE_RULE = "per suit, highest rank × cards won"


# -- cards --------------------------------------------------------------------
def make_card(suit: int, rank: int) -> int:
    """The card id of `rank` in `suit` (TRUMP for the trump suit)."""
    return 47 + rank if suit == TRUMP else suit * SUIT_RANKS + rank - 1


def suit_of(card: int) -> int:
    return TRUMP if card >= 48 else card // SUIT_RANKS


def rank_of(card: int) -> int:
    return card - 47 if card >= 48 else card % SUIT_RANKS + 1


def is_seven(card: int) -> bool:
    """A 7 of one of the four plain suits (the trump suit has no 7)."""
    return card < 48 and card % SUIT_RANKS == SEVEN - 1


# Each card's suit and rank, as tables (the search's hot paths read them: faster than the
# arithmetic of `suit_of` and `rank_of`, which they are built from).
SUIT_OF_CARD = [suit_of(c) for c in range(DECK_SIZE)]
RANK_OF_CARD = [rank_of(c) for c in range(DECK_SIZE)]


def card_name(card: int) -> str:
    """Plain words for a card, e.g. "5 of Moons" or "2 of Stars (trump)"."""
    suit = suit_of(card)
    extra = " (trump)" if suit == TRUMP else ""
    return f"{rank_of(card)} of {SUIT_NAMES[suit]}{extra}"


# -- rules as pure functions ----------------------------------------------------
def trick_winner(trick: list[list[int]]) -> tuple[int, str]:
    """(winning seat, reason) of a trick given as [seat, card] pairs in play order.

    For a trick still in play: the seat winning it so far (the observation's
    `trick_winning`). One pass over the trick (the search asks this every trick): the
    first 7, the lowest trump and the lowest card of the led suit, then the rule."""
    led = SUIT_OF_CARD[trick[0][1]]
    seven: int | None = None  # the seat of the first 7 (seats may be negative: the bot's probe)
    trump_seat, trump_card = 0, DECK_SIZE  # DECK_SIZE: no trump yet
    led_seat, led_card = 0, DECK_SIZE
    for seat, card in trick:
        if card >= 48:  # a trump
            if card < trump_card:
                trump_seat, trump_card = seat, card
            continue
        if seven is None and card % SUIT_RANKS == SEVEN - 1:
            seven = seat
        if card // SUIT_RANKS == led and card < led_card:
            led_seat, led_card = seat, card
    if trump_card < DECK_SIZE:
        if seven is not None:
            return seven, WIN_FIRST_SEVEN
        return trump_seat, WIN_LOWEST_TRUMP
    return led_seat, WIN_LOWEST_LED


# By led suit and card: whether the card is of that suit or a trump (what a player who can
# follow may play), looked up: every card of every playout asks.
_FOLLOWS_OR_TRUMPS = [
    [SUIT_OF_CARD[c] in (led, TRUMP) for c in range(DECK_SIZE)] for led in range(NUM_SUITS)
]


def playable_cards(hand: list[int], led_suit: int | None) -> list[int]:
    """The cards of `hand` one may play to a trick whose led suit is `led_suit` (None: leading)."""
    if led_suit is None:
        return hand[:]
    suit = SUIT_OF_CARD
    for card in hand:
        if suit[card] == led_suit:
            break
    else:  # no card of the led suit: any card
        return hand[:]
    if led_suit == TRUMP:
        return [c for c in hand if suit[c] == TRUMP]
    follows = _FOLLOWS_OR_TRUMPS[led_suit]  # or a trump instead
    return [c for c in hand if follows[c]]


def score_breakdown(cards: list[int]) -> list[dict[str, int]]:
    """Per suit (trump last): highest rank won, number of cards won, and their product."""
    highest = [0] * (NUM_SUITS + 1)
    count = [0] * (NUM_SUITS + 1)
    for card in cards:
        suit = suit_of(card)
        count[suit] += 1
        highest[suit] = max(highest[suit], rank_of(card))
    return [
        {"suit": s, "highest": highest[s], "count": count[s], "points": highest[s] * count[s]}
        for s in range(NUM_SUITS + 1)
    ]


def score_of(cards: list[int]) -> int:
    """The score of a pile of won cards: sum over suits of highest rank x count."""
    highest = [0, 0, 0, 0, 0]  # NUM_SUITS + 1; inline and dict-free: the search calls this a lot
    count = [0, 0, 0, 0, 0]
    for card in cards:
        suit, rank = SUIT_OF_CARD[card], RANK_OF_CARD[card]
        count[suit] += 1
        if rank > highest[suit]:
            highest[suit] = rank
    # The five suits' products written out: quicker than a loop over them (the search
    # asks for the scores every move near a playout's end).
    return (
        highest[0] * count[0]
        + highest[1] * count[1]
        + highest[2] * count[2]
        + highest[3] * count[3]
        + highest[TRUMP] * count[TRUMP]
    )


def canonical_split(one: list[int], other: list[int]) -> list[list[int]]:
    """Two sets, each sorted, the set holding the lowest card first."""
    one, other = sorted(one), sorted(other)
    return [one, other] if one[0] < other[0] else [other, one]


def _split_positions() -> list[tuple[int, int, int, int, int, int]]:
    """The 10 splits of six sorted cards as card positions (first set, then the other):
    the first set holds the lowest card (position 0) and two of the other five, in order."""
    rest = list(range(1, HAND_SIZE))
    positions = []
    for i in range(len(rest)):
        for j in range(i + 1, len(rest)):
            d, e, f = [p for p in rest if p not in (rest[i], rest[j])]
            positions.append((0, rest[i], rest[j], d, e, f))
    return positions


_SPLIT_POSITIONS = _split_positions()  # worked out once: the search lists splits a lot


def all_splits(cards: list[int]) -> list[list[list[int]]]:
    """The 10 distinct ways to split six cards into two sets of three, canonical, in order."""
    c = sorted(cards)
    return [[[c[a], c[b], c[d]], [c[e], c[f], c[g]]] for a, b, d, e, f, g in _SPLIT_POSITIONS]


def receiver_of(seat: int, round_no: int, num_players: int) -> int:
    """Who receives `seat`'s stand: left (seat+1) in odd rounds, right (seat-1) in even ones."""
    step = 1 if round_no % 2 == 1 else -1
    return (seat + step) % num_players


def giver_to(seat: int, round_no: int, num_players: int) -> int:
    """Whose stand `seat` receives this round."""
    step = 1 if round_no % 2 == 1 else -1
    return (seat - step) % num_players


def _copy_sets(sets: list[list[int]]) -> list[list[int]]:
    """A copy of a stand's two sets (observations and events never share the state's lists)."""
    return [sets[0][:], sets[1][:]]


def _copy_record(record: dict[str, Any]) -> dict[str, Any]:
    """A copy of a trick record or lead record, lists included."""
    return {
        k: [list(v) if isinstance(v, list) else v for v in value]
        if isinstance(value, list)
        else value
        for k, value in record.items()
    }


def _random_split(cards: list[int], rng: Rng) -> list[list[int]]:
    cards = list(cards)
    rng.shuffle(cards)
    return canonical_split(cards[:SET_SIZE], cards[SET_SIZE:])


def _assign_with_voids(
    pool: list[int], needs: list[list[int]], voids: list[list[int]], rng: Rng
) -> dict[int, list[int]]:
    """Deal `needs` ([seat, count]) cards from `pool` so no seat gets a suit it is void in.

    A randomised bipartite matching (augmenting paths): it always succeeds when the
    true deal exists, which it does because the voids were inferred from real play.
    """
    cards = sorted(pool)  # sorted: the sample must not depend on the true order
    rng.shuffle(cards)
    slots = [seat for seat, count in needs for _ in range(count)]
    owner: dict[int, int] = {}

    def place(slot: int, seen: set[int]) -> bool:
        for card in cards:
            if card in seen or SUIT_OF_CARD[card] in voids[slots[slot]]:
                continue
            seen.add(card)
            if card not in owner or place(owner[card], seen):
                owner[card] = slot
                return True
        return False

    for slot in range(len(slots)):
        if not place(slot, set()):
            raise RuntimeError("no deal is consistent with the inferred voids")
    dealt: dict[int, list[int]] = {seat: [] for seat, _ in needs}
    for card in cards:
        if card in owner:
            dealt[slots[owner[card]]].append(card)
    return dealt


class TrickOfTripState(State):
    """A game of Trick of Trip; all data JSON-native (see the module docstring)."""

    APPEND_ONLY = ("round_tricks", "round_results")  # records never changed once made
    FLAT_LISTS = ("deck", "discards", "picks")
    NESTED_LISTS = ("won", "hands", "trick")

    # -- setup and round flow ---------------------------------------------------
    def setup(self) -> None:
        n = self.num_players
        self.round = 1
        self.phase = "split"
        self.deck = list(range(DECK_SIZE))
        self.rng.shuffle(self.deck)
        self.discards: list[int] = []
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.stands: list[Any] = [None] * n
        self.picks: list[Any] = [None] * n
        self.trick: list[list[int]] = []
        self.round_tricks: list[dict[str, Any]] = []
        self.last_trick: dict[str, Any] | None = None
        self.round_results: list[list[int]] = []
        first = self.rng.below(n)
        self.round_lead: dict[str, Any] = {"seat": first, "reason": LEAD_RANDOM_FIRST, "tied": []}
        self.leader = first
        self.turn = first
        self._deal()

    def _deal(self) -> list[Event]:
        """Each seat draws 6 cards for the draft of the current round."""
        events: list[Event] = []
        for seat in range(self.num_players):
            self.hands[seat] = sorted(self.deck[-HAND_SIZE:])
            del self.deck[-HAND_SIZE:]
            if not self.quiet:
                events.append(
                    {"type": "dealt", "seat": seat, "cards": list(self.hands[seat]), "to": [seat]}
                )
        self.stands = [None] * self.num_players
        self.picks = [None] * self.num_players
        self.phase = "split"
        return events

    def receiver(self, seat: int) -> int:
        return receiver_of(seat, self.round, self.num_players)

    def giver(self, seat: int) -> int:
        return giver_to(seat, self.round, self.num_players)

    def kept_set(self, seat: int) -> list[int]:
        """The set `seat` keeps from its own stand (the one its receiver did not pick)."""
        return self.stands[seat][1 - self.picks[self.receiver(seat)]]

    def picked_set(self, seat: int) -> list[int]:
        """The set `seat` picked from the stand it received."""
        return self.stands[self.giver(seat)][self.picks[seat]]

    def _choose_round_lead(self, totals: list[int]) -> dict[str, Any]:
        """The lowest current score (`totals`) leads the new round; ties broken at random
        (seeded)."""
        low = min(totals)
        tied = [s for s, t in enumerate(totals) if t == low]
        if len(tied) == 1:
            return {"seat": tied[0], "reason": LEAD_LOWEST, "tied": []}
        return {"seat": tied[self.rng.below(len(tied))], "reason": LEAD_TIE, "tied": tied}

    # -- contract ------------------------------------------------------------
    def clone(self) -> TrickOfTripState:
        """An independent copy, field by field by each field's known shape: the search
        clones a world for every playout, and this is about 3x quicker than the contract's
        generic walk (which it matches: tests/test_trick_of_trip.py). A new field must be
        added here too. Records never changed once made are shared, as APPEND_ONLY's are:
        the round's tricks and `last_trick` (one of them, or the previous round's last).
        Lists are copied by slicing, which Pyodide does in half the time of `list()`."""
        new = object.__new__(type(self))
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = dict(self.options)  # option values are plain leaves
        new.round = self.round
        new.phase = self.phase
        new.deck = self.deck[:]
        new.discards = self.discards[:]
        new.won = [cards[:] for cards in self.won]
        new.hands = [cards[:] for cards in self.hands]
        new.stands = [None if sets is None else _copy_sets(sets) for sets in self.stands]
        new.picks = self.picks[:]
        new.trick = [pair[:] for pair in self.trick]
        new.round_tricks = self.round_tricks[:]
        new.last_trick = self.last_trick
        new.round_results = self.round_results[:]
        new.round_lead = dict(self.round_lead)
        new.round_lead["tied"] = self.round_lead["tied"][:]
        new.leader = self.leader
        new.turn = self.turn
        if "quiet" in self.__dict__:  # a search's copy stays quiet (State.quiet)
            new.quiet = self.quiet
        new.rng = Rng(self.rng.state)
        return new

    def open_hands(self) -> list[list[int]]:
        """Each seat's hand (a finished game's replay only)."""
        return [list(hand) for hand in self.hands]

    def acting(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "play":  # first: most moves are plays
            return (self.turn,)
        if phase == "split":
            return tuple([s for s, stand in enumerate(self.stands) if stand is None])
        if phase == "pick":
            return tuple([s for s, pick in enumerate(self.picks) if pick is None])
        return ()

    def led_suit(self) -> int | None:
        return suit_of(self.trick[0][1]) if self.trick else None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "play":  # (most moves: asked first, without building `acting()`)
            if seat != self.turn:
                return []
            trick = self.trick
            hand = self.hands[seat]
            if trick:  # (a lead may be any card: no list of them to make)
                hand = playable_cards(hand, SUIT_OF_CARD[trick[0][1]])
            return [{"type": "play", "card": c} for c in hand]
        # The draft: the seats yet to choose act (`acting`), looked up without building it.
        if type(seat) is not int or not 0 <= seat < self.num_players:
            return []
        if self.phase == "split":
            if self.stands[seat] is not None:
                return []
            # all_splits of the hand (kept sorted), made straight into moves: a search's
            # playouts list a draft's splits again and again
            c = self.hands[seat]
            return [
                {"type": "split", "sets": [[c[a], c[b], c[d]], [c[e], c[f], c[g]]]}
                for a, b, d, e, f, g in _SPLIT_POSITIONS
            ]
        if self.phase == "pick" and self.picks[seat] is None:
            return [{"type": "pick", "set": 0}, {"type": "pick", "set": 1}]
        return []

    def why_illegal(self, seat: int, action: Any) -> str:
        """Plain-words reasons for the common mistakes, else the generic message."""
        chosen = {"split": "split your cards", "pick": "picked a set"}.get(self.phase)
        seated = type(seat) is int and 0 <= seat < self.num_players
        if chosen and seated and seat not in self.acting():
            return f"you already {chosen}: waiting for the others to choose"
        if type(seat) is not int or seat not in self.acting() or not isinstance(action, dict):
            return super().why_illegal(seat, action)
        kind = action.get("type")
        expected = {"split": "split", "pick": "pick", "play": "play"}.get(self.phase)
        if kind != expected:
            return f"now is the {self.phase} step: the move must be of type {expected!r}"
        if kind == "split":
            return (
                "split your six cards into two sets of three, each set sorted and the set "
                'holding your lowest card first, e.g. {"type": "split", "sets": [[...], [...]]}'
            )
        if kind == "pick":
            return "pick set 0 or set 1 of the stand you received"
        card = action.get("card")
        if card not in self.hands[seat]:
            return "that card is not in your hand"
        led = self.led_suit()
        if led == TRUMP:
            return "a trump was led: you must play a trump (you hold one)"
        if led is not None:
            return (
                f"you must follow suit: you hold a {SUIT_NAMES[led]} card "
                "(you may also play a trump instead)"
            )
        return super().why_illegal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out a legal move. A quiet copy (`State.quiet`: a search's playout) builds
        no events and returns []; its state changes exactly alike."""
        kind = action["type"]
        if kind != "play":
            if kind == "split":
                return self._apply_split(seat, action["sets"])
            return self._apply_pick(seat, action["set"])
        # A card played (most moves): here rather than in a method of its own, a call less
        # per move in the search; the trick's end in `_end_trick`.
        card = action["card"]
        self.hands[seat].remove(card)
        trick = self.trick
        trick.append([seat, card])
        events: list[Event] = [] if self.quiet else [{"type": "played", "seat": seat, "card": card}]
        if len(trick) < self.num_players:
            self.turn = (seat + 1) % self.num_players
            return events
        self._end_trick(trick, events)
        return events

    def _apply_split(self, seat: int, sets: list[list[int]]) -> list[Event]:
        self.stands[seat] = [sets[0][:], sets[1][:]]  # copies: the move stays the caller's
        quiet = self.quiet
        events: list[Event] = [] if quiet else [{"type": "split_made", "seat": seat}]
        if None in self.stands:  # someone is still splitting
            return events
        self.phase = "pick"
        if quiet:
            return events
        for splitter in range(self.num_players):
            receiver = self.receiver(splitter)
            events.append(
                {
                    "type": "stand_passed",
                    "splitter": splitter,
                    "receiver": receiver,
                    "sets": _copy_sets(self.stands[splitter]),
                    "to": sorted({splitter, receiver}),
                }
            )
        events.append({"type": "pick_step"})
        return events

    def _apply_pick(self, seat: int, index: int) -> list[Event]:
        self.picks[seat] = index
        quiet = self.quiet
        events: list[Event] = [] if quiet else [{"type": "pick_made", "seat": seat}]
        if None in self.picks:  # someone is still picking
            return events
        if not quiet:
            events.extend(self._stands_picked())
        for s in range(self.num_players):
            self.hands[s] = sorted(self.kept_set(s) + self.picked_set(s))
            if not quiet:
                events.append({"type": "hand", "seat": s, "cards": list(self.hands[s]), "to": [s]})
        self.phase = "play"
        self.leader = self.turn = self.round_lead["seat"]
        if not quiet:
            events.append({"type": "tricks_start", "round": self.round, "leader": self.leader})
        return events

    def _stands_picked(self) -> list[Event]:
        """Once all have picked: what each splitter and its receiver now see of the stand."""
        events: list[Event] = []
        for splitter in range(self.num_players):
            receiver = self.receiver(splitter)
            chosen = self.picks[receiver]
            events.append(
                {
                    "type": "stand_picked",
                    "splitter": splitter,
                    "receiver": receiver,
                    "set": chosen,
                    "picked": list(self.stands[splitter][chosen]),
                    "kept": list(self.stands[splitter][1 - chosen]),
                    "to": sorted({splitter, receiver}),
                }
            )
        return events

    def _end_trick(self, trick: list[list[int]], events: list[Event]) -> None:
        """The trick's last card is down: its winner takes it, the others are discarded;
        the round may end. Events go on `events` (none on a quiet copy)."""
        winner, reason = trick_winner(trick)
        won_card = 0
        discards = self.discards
        for s, c in trick:  # the winner's card to its won pile, the others' to the discards
            if s == winner:
                won_card = c
            else:
                discards.append(c)
        self.won[winner].append(won_card)
        record = {"cards": trick, "winner": winner, "card": won_card, "reason": reason}
        self.round_tricks.append(record)
        self.last_trick = record
        self.trick = []
        self.leader = self.turn = winner
        if not self.quiet:
            events.append(
                {
                    "type": "trick_won",
                    "winner": winner,
                    "card": won_card,
                    "reason": reason,
                    "trick": [list(p) for p in trick],
                    "scores": self.scores(),
                }
            )
        if len(self.round_tricks) == TRICKS_PER_ROUND:
            events.extend(self._end_round())

    def _end_round(self) -> list[Event]:
        """Record the round's scores; then either end the game or reshuffle and redeal."""
        totals = self.scores()
        self.round_results.append(totals)
        quiet = self.quiet
        events: list[Event] = (
            [] if quiet else [{"type": "round_over", "round": self.round, "scores": totals}]
        )
        if self.round == ROUNDS:
            self.phase = "over"
            if not quiet:
                events.append({"type": "game_over", "scores": totals, "winners": self.winners()})
            return events
        if self.playout_ends_at_scoring:
            return events  # its last trick raised a score (every card counts): no redeal
        self.deck.extend(self.discards)
        self.discards = []
        self.rng.shuffle(self.deck)
        self.round += 1
        self.round_tricks = []
        self.round_lead = self._choose_round_lead(totals)
        self.leader = self.turn = self.round_lead["seat"]
        if not quiet:
            events.append(
                {
                    "type": "round_start",
                    "round": self.round,
                    "direction": "left" if self.round % 2 == 1 else "right",
                    "lead": _copy_record(self.round_lead),
                }
            )
        events.extend(self._deal())
        return events

    def scores(self) -> list[int]:
        return [score_of(cards) for cards in self.won]

    def winners(self) -> list[int]:
        """Highest score; then most cards won; still tied: shared victory."""
        if self.phase != "over":
            return []
        best = max((score_of(w), len(w)) for w in self.won)
        return [s for s, w in enumerate(self.won) if (score_of(w), len(w)) == best]

    # -- what a seat sees -----------------------------------------------------------
    def _visible_stands(self, seat: int) -> list[dict[str, Any]]:
        """Own stand (once split) and the received stand (once all split); picks once all chose."""
        views = []
        revealed = self.phase in ("play", "over")
        own = self.stands[seat]
        if own is not None:
            receiver = self.receiver(seat)
            picked = self.picks[receiver] if revealed else None
            views.append(
                {"splitter": seat, "receiver": receiver, "sets": _copy_sets(own), "picked": picked}
            )
        if self.phase != "split":
            giver = self.giver(seat)
            views.append(
                {
                    "splitter": giver,
                    "receiver": seat,
                    "sets": _copy_sets(self.stands[giver]),
                    "picked": self.picks[seat],
                }
            )
        return views

    def _known_hands(self, seat: int) -> list[list[int]]:
        """Cards `seat` knows are still in each hand: its own, and 3 of each neighbour's."""
        known: list[list[int]] = [[] for _ in range(self.num_players)]
        known[seat] = list(self.hands[seat])
        if self.phase != "play":
            return known
        receiver, giver = self.receiver(seat), self.giver(seat)
        known[receiver] = [c for c in self.picked_set(receiver) if c in self.hands[receiver]]
        known[giver] = [c for c in self.kept_set(giver) if c in self.hands[giver]]
        return known

    def observation(self, seat: int) -> Observation:
        n = self.num_players
        led = self.led_suit()
        over = self.phase == "over"
        return {
            "seat": seat,
            "acting": list(self.acting()),
            "phase": self.phase,
            "num_players": n,
            "round": self.round,
            "rounds": ROUNDS,
            "direction": "left" if self.round % 2 == 1 else "right",
            "pass_to": self.receiver(seat),
            "receive_from": self.giver(seat),
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "split_done": [s is not None for s in self.stands],
            "pick_done": [p is not None for p in self.picks],
            "stands": self._visible_stands(seat),
            "known_hands": self._known_hands(seat),
            "trick": [list(p) for p in self.trick],
            # played cards are face up: everyone sees who is winning the trick so far
            "trick_winning": trick_winner(self.trick)[0] if self.trick else None,
            "leader": self.leader,
            "turn": self.turn if self.phase == "play" else None,
            "led_suit": led,
            "trick_number": len(self.round_tricks) + 1 if self.phase == "play" else None,
            "round_tricks": [_copy_record(t) for t in self.round_tricks],
            "last_trick": self._last_trick_view(),
            "discards": list(self.discards),
            "deck_size": len(self.deck),
            "won": [list(w) for w in self.won],
            "scores": self.scores(),
            "score_breakdown": [score_breakdown(w) for w in self.won],
            "cards_won": [len(w) for w in self.won],
            "round_lead": _copy_record(self.round_lead),
            "round_results": [list(r) for r in self.round_results],
            "winners": self.winners() if over else [],
            "set_size": SET_SIZE,
        }

    def _last_trick_view(self) -> dict[str, Any] | None:
        """The last trick taken (this round's, else the previous round's last), in the
        contract's shape, with the card that took it and why."""
        last = self.last_trick
        if last is None:
            return None
        this_round = bool(self.round_tricks)
        return {
            "cards": [{"seat": s, "card": c} for s, c in last["cards"]],
            "winner": last["winner"],
            "hand": self.round if this_round else self.round - 1,
            "number": len(self.round_tricks) if this_round else TRICKS_PER_ROUND,
            "card": last["card"],
            "reason": last["reason"],
        }

    # -- determinization ---------------------------------------------------------
    def resample(self, seat: int, rng: Rng) -> TrickOfTripState:
        """Redeal everything `seat` cannot see, consistent with its draft knowledge and play."""
        new = self.clone_for_resample()
        if self.phase == "split":
            new._resample_split(seat, rng)
        elif self.phase == "pick":
            new._resample_pick(seat, rng)
        elif self.phase == "play":
            new._resample_play(seat, rng)
        rng.shuffle(new.deck)
        new.rng = rng.spawn()
        return new

    def _resample_split(self, seat: int, rng: Rng) -> None:
        """Others' six drawn cards (and any split they already made, hidden) are redrawn."""
        others = [s for s in range(self.num_players) if s != seat]
        pool = list(self.deck)
        for s in others:
            pool.extend(self.hands[s])
        pool.sort()  # the true order of unseen cards must not show through
        rng.shuffle(pool)
        for s in others:
            self.hands[s] = sorted(pool[:HAND_SIZE])
            pool = pool[HAND_SIZE:]
            if self.stands[s] is not None:
                self.stands[s] = _random_split(self.hands[s], rng)
        self.deck = pool

    def _resample_pick(self, seat: int, rng: Rng) -> None:
        """Stands not beside `seat` are redrawn; others' hidden picks are redrawn."""
        visible = {seat, self.giver(seat)}
        hidden = [s for s in range(self.num_players) if s not in visible]
        pool = list(self.deck)
        for s in hidden:
            pool.extend(self.hands[s])
        pool.sort()  # the true order of unseen cards must not show through
        rng.shuffle(pool)
        for s in hidden:
            self.hands[s] = sorted(pool[:HAND_SIZE])
            pool = pool[HAND_SIZE:]
            self.stands[s] = _random_split(self.hands[s], rng)
        self.deck = pool
        for s in range(self.num_players):
            if s != seat and self.picks[s] is not None:
                self.picks[s] = rng.below(2)

    def _voids(self) -> list[list[int]]:
        """Suits each seat has shown it lacks this round (did not follow when it had to)."""
        voids: list[list[int]] = [[] for _ in range(self.num_players)]
        tricks = [t["cards"] for t in self.round_tricks]
        if self.trick:
            tricks.append(self.trick)
        for cards in tricks:
            led = suit_of(cards[0][1])
            for s, c in cards[1:]:
                suit = suit_of(c)
                shown_void = suit != led and (led == TRUMP or suit != TRUMP)
                if shown_void and led not in voids[s]:
                    voids[s].append(led)
        return voids

    def _resample_play(self, seat: int, rng: Rng) -> None:
        """Redeal the unknown part of every other hand and rebuild the hidden stands to match.

        Each seat's draft hand is two parts: the set kept from its own stand and the set
        picked from the stand it received. `seat` knows exactly the parts that lie on the
        two stands beside it; the rest is redrawn from the unseen cards, respecting the
        cards already played and the suits a seat has shown it lacks.
        """
        n = self.num_players
        own_part = [self.kept_set(s) for s in range(n)]
        recv_part = [self.picked_set(s) for s in range(n)]
        own_known = [s == self.giver(seat) or s == seat for s in range(n)]
        recv_known = [s == self.receiver(seat) or s == seat for s in range(n)]
        played: list[list[int]] = [[] for _ in range(n)]
        for record in self.round_tricks:
            for s, c in record["cards"]:
                played[s].append(c)
        for s, c in self.trick:
            played[s].append(c)

        pool = list(self.deck)
        needs: list[list[int]] = []
        known_cards: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            if s == seat:
                continue
            known = (own_part[s] if own_known[s] else []) + (recv_part[s] if recv_known[s] else [])
            known_cards[s] = known
            unknown_in_hand = [c for c in self.hands[s] if c not in known]
            pool.extend(unknown_in_hand)
            needs.append([s, len(unknown_in_hand)])
        dealt = _assign_with_voids(pool, needs, self._voids(), rng)
        dealt_cards = {c for cards in dealt.values() for c in cards}
        self.deck = sorted(c for c in pool if c not in dealt_cards)

        for s, _ in needs:  # in seat order (MicroPython dicts do not keep insertion order)
            cards = dealt[s]
            kept_in_hand = [c for c in self.hands[s] if c in known_cards[s]]
            self.hands[s] = sorted(kept_in_hand + cards)
            unknown = [c for c in played[s] if c not in known_cards[s]] + cards
            rng.shuffle(unknown)
            if not own_known[s]:
                own_part[s], unknown = sorted(unknown[:SET_SIZE]), unknown[SET_SIZE:]
            if not recv_known[s]:
                recv_part[s] = sorted(unknown[:SET_SIZE])
        for splitter in range(n):
            receiver = self.receiver(splitter)
            stand = canonical_split(own_part[splitter], recv_part[receiver])
            self.stands[splitter] = stand
            self.picks[receiver] = stand.index(sorted(recv_part[receiver]))


GAME = Game(
    id=GAME_ID,
    title="Trick of Trip",
    designer="nuun",
    min_players=3,
    max_players=5,
    pitch=(
        "Draft your hand by splitting six cards for a neighbour; "
        "low cards win tricks and 7s beat trumps."
    ),
    state_class=TrickOfTripState,
    options=(),
    default_players=4,
    trick_end=("trick_won",),
    hand_end=("round_over",),
    hand_name="round",
    trick_moves=("play",),
    # The draft's choices stay hidden: their events name only the seat.
    quiet_moves={
        "split": ("splits", "{their} cards into two sets"),
        "pick": ("picks", "one of the two sets"),
    },
)
TrickOfTripState.game = GAME
register(GAME)
