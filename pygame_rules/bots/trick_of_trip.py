"""A heuristic Trick of Trip bot: it reads only its observation and its legal moves.

Ideas: low cards and trumps win tricks, 7s beat trumps, high cards score; a won
card is worth its marginal score (a low card of a suit whose high card you
already hold scores that high card again). Split so that the set the
neighbour will probably take still leaves a good one; pick the set worth more;
in tricks, weigh the chance a card wins now against its value for later.
"""

from __future__ import annotations

from ..rng import Rng
from ..trick_of_trip import (
    DECK_SIZE,
    SUIT_NAMES,
    TRICKS_PER_ROUND,
    TRUMP,
    card_name,
    is_seven,
    playable_cards,
    rank_of,
    score_of,
    suit_of,
    trick_winner,
)
from .base import GameBots, SeatView

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..contract import Action, Observation

PROBE_SEAT = -1  # a stand-in seat for "some later player" when probing a trick
WILLINGNESS = 0.9  # chance a later player who can beat us actually does
TRICK_BONUS = 2.0  # a trick won is one an opponent did not win
DENIAL_SHARE = 0.5  # how much taking an opponent's scoring card away is worth to us
KEEP_SHARE = 0.6  # how much of a card's future value we give up by playing it now
PICK_DENIAL = 0.3  # how much the set left to a neighbour counts against a pick or split


def marginal_score(won: list[int], card: int) -> int:
    """How much winning `card` adds to a pile of won cards."""
    return score_of(won + [card]) - score_of(won)


def win_power(card: int) -> float:
    """A rough chance that holding `card` eventually wins a trick with it."""
    rank = rank_of(card)
    if suit_of(card) == TRUMP:
        return 0.95 - 0.1 * (rank - 1)
    if is_seven(card):
        return 0.55
    if rank < 7:
        return 0.75 - 0.1 * (rank - 1)
    return 0.1


def card_value(card: int, won: list[int]) -> float:
    """The expected worth of holding `card` for a player whose won pile is `won`."""
    return win_power(card) * (marginal_score(won, card) + 2.0)


def set_value(cards: list[int], won: list[int]) -> float:
    return sum(card_value(c, won) for c in cards)


def pick_chance(value_a: float, value_b: float) -> float:
    """The chance a player picks set A over set B given their values (a soft choice)."""
    diff = max(-30.0, min(30.0, value_a - value_b))
    return 1.0 / (1.0 + 2.718281828 ** (-diff / 1.5))


class TrickOfTripBot:
    """Heuristic bot: split, pick and play by simple card valuation and trick probing."""

    def __init__(self, seed: int = 0, randomness: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.randomness = randomness

    def choose(self, view: SeatView) -> Action:
        legal = view.legal_actions()
        if self.randomness and self.rng.random() < self.randomness:
            return self.rng.choice(legal)
        obs = view.observation()
        if obs["phase"] == "split":
            return self.choose_split(obs, legal)
        if obs["phase"] == "pick":
            return self.choose_pick(obs, legal)
        return self.choose_play(obs, legal)

    # -- draft -----------------------------------------------------------------
    def choose_split(self, obs: Observation, legal: list[Action]) -> Action:
        """Keep the set the receiver will probably leave us as good as possible."""
        mine = obs["won"][obs["seat"]]
        theirs = obs["won"][obs["pass_to"]]

        def worth(action: Action) -> float:
            a, b = action["sets"]
            they_take_a = pick_chance(set_value(a, theirs), set_value(b, theirs))
            keep_b = set_value(b, mine) - PICK_DENIAL * set_value(a, theirs)
            keep_a = set_value(a, mine) - PICK_DENIAL * set_value(b, theirs)
            return they_take_a * keep_b + (1 - they_take_a) * keep_a

        return max(legal, key=worth)

    def choose_pick(self, obs: Observation, legal: list[Action]) -> Action:
        """Take the set worth more to us, minus what the other set gives its splitter."""
        seat = obs["seat"]
        received = next(s for s in obs["stands"] if s["receiver"] == seat)
        mine = obs["won"][seat]
        giver_won = obs["won"][received["splitter"]]
        sets = received["sets"]

        def worth(action: Action) -> float:
            take = sets[action["set"]]
            leave = sets[1 - action["set"]]
            return set_value(take, mine) - PICK_DENIAL * set_value(leave, giver_won)

        return max(legal, key=worth)

    # -- tricks ------------------------------------------------------------------
    def choose_play(self, obs: Observation, legal: list[Action]) -> Action:
        """Best expected gain now minus the future value given up."""
        info = _TrickInfo(obs)
        return max(legal, key=lambda action: info.worth(action["card"]))


class _TrickInfo:
    """What the bot can deduce about the trick in progress from its observation."""

    def __init__(self, obs: Observation) -> None:
        self.seat: int = obs["seat"]
        self.n: int = obs["num_players"]
        self.trick: list[list[int]] = obs["trick"]
        self.won: list[list[int]] = obs["won"]
        self.hand: list[int] = obs["hand"]
        self.tricks_left = TRICKS_PER_ROUND - len(obs["round_tricks"])
        known = obs["known_hands"]
        seen = set(self.hand) | set(obs["discards"])
        seen.update(c for pile in self.won for c in pile)
        seen.update(c for _, c in self.trick)
        for s, cards in enumerate(known):
            if s != self.seat:
                seen.update(cards)
        self.unseen = [c for c in range(DECK_SIZE) if c not in seen]
        self.unseen_set = set(self.unseen)
        others_known = [c for s, cards in enumerate(known) if s != self.seat for c in cards]
        self.candidates = self.unseen + others_known
        later_count = self.n - 1 - len(self.trick)
        self.later = [(self.seat + i) % self.n for i in range(1, later_count + 1)]
        self.known = known
        self.unknown_count = {
            s: obs["hand_sizes"][s] - len(known[s]) for s in range(self.n) if s != self.seat
        }
        self.voids = _voids(obs)

    def worth(self, card: int) -> float:
        after = self.trick + [[self.seat, card]]
        p_win = self.win_chance(after)
        gain = marginal_score(self.won[self.seat], card) + TRICK_BONUS
        if self.trick:
            holder = trick_winner(self.trick)[0]
            holder_card = next(c for s, c in self.trick if s == holder)
            gain += DENIAL_SHARE * marginal_score(self.won[holder], holder_card)
        keep = KEEP_SHARE * card_value(card, self.won[self.seat]) if self.tricks_left > 1 else 0.0
        return p_win * gain - keep

    def win_chance(self, after: list[list[int]]) -> float:
        """The chance we end up winning once the players after us have played."""
        leading_now = trick_winner(after)[0] == self.seat
        if not self.later:
            return 1.0 if leading_now else 0.0
        if leading_now:
            beaters = [x for x in self.candidates if not self._still_ours(after, x)]
            stay = 1.0
            for s in self.later:
                stay *= 1.0 - WILLINGNESS * self._holds_one(s, beaters)
            return stay
        flippers = [x for x in self.candidates if self._still_ours(after, x)]
        miss = 1.0
        for s in self.later:
            miss *= 1.0 - 0.5 * self._holds_one(s, flippers)
        return 1.0 - miss

    def _still_ours(self, after: list[list[int]], card: int) -> bool:
        return trick_winner(after + [[PROBE_SEAT, card]])[0] == self.seat

    def _holds_one(self, seat: int, cards: list[int]) -> float:
        """The chance `seat` holds at least one of `cards` (known cards count for sure)."""
        if any(c in self.known[seat] for c in cards):
            return 1.0
        usable = [c for c in cards if c in self.unseen_set and suit_of(c) not in self.voids[seat]]
        if not usable or not self.unseen:
            return 0.0
        miss = (1.0 - len(usable) / len(self.unseen)) ** max(0, self.unknown_count[seat])
        return 1.0 - miss


def _voids(obs: Observation) -> list[list[int]]:
    """Suits each seat has shown it lacks this round (public from the tricks played)."""
    voids: list[list[int]] = [[] for _ in range(obs["num_players"])]
    tricks: list[Any] = [t["cards"] for t in obs["round_tricks"]]
    if obs["trick"]:
        tricks.append(obs["trick"])
    for cards in tricks:
        led = suit_of(cards[0][1])
        for s, c in cards[1:]:
            suit = suit_of(c)
            if suit != led and (led == TRUMP or suit != TRUMP) and led not in voids[s]:
                voids[s].append(led)
    return voids


# How the search (bots/search.py) plays this game: a round is 8 moves per player (split,
# pick, six tricks); its tricks all score.
SEARCH_TUNING: dict[str, Any] = {"horizon": 8, "levels": {"normal": 80, "hard": 400}}


# -- the hint's words ------------------------------------------------------------------
def _names(cards: list[int]) -> str:
    """'the 2 of Moons', 'the 2 of Moons and 7 of Suns', 'the a, b and c'."""
    words = [card_name(c) for c in cards]
    if len(words) <= 1:
        return "the " + "".join(words)
    return "the " + ", ".join(words[:-1]) + " and " + words[-1]


def _strong(cards: list[int]) -> list[int]:
    """The trumps and 7s among `cards`: the cards that win tricks once a trump is out."""
    return [c for c in cards if suit_of(c) == TRUMP or is_seven(c)]


def _low(cards: list[int]) -> list[int]:
    """The low plain cards (1-3) among `cards`: the lowest of the led suit wins."""
    return [c for c in cards if suit_of(c) != TRUMP and rank_of(c) <= 3]


def _explain_split(obs: Observation, sets: list[list[int]], names: list[str]) -> str:
    to = names[obs["pass_to"]]
    one, other = sets
    text = f"offers {to} {_names(one)} or {_names(other)}; you keep the set {to} leaves"
    strong = [_strong(one), _strong(other)]
    if strong[0] and strong[1]:
        return f"{text}: both sets hold a trump or a 7, so you keep one whichever {to} takes"
    if strong[0] or strong[1]:
        kept = strong[0] or strong[1]
        if len(kept) == 1:
            return f"{text}: {to} may take your only trump or 7, {_names(kept)}, or leave it to you"
        return f"{text}: {_names(kept)} go together, to {to} or all to you"
    low = [_low(one), _low(other)]
    if low[0] and low[1]:
        return f"{text}: no trump or 7 to share, and both sets hold a low card (1-3) to win with"
    return f"{text}: you have no trump or 7 to share out"


def _explain_pick(obs: Observation, choice: int, names: list[str]) -> str:
    me = obs["seat"]
    stand = next(s for s in obs["stands"] if s["receiver"] == me)
    giver = names[stand["splitter"]]
    take, leave = stand["sets"][choice], stand["sets"][1 - choice]
    text = f"takes {_names(take)} from {giver}'s split"
    st, sl = len(_strong(take)), len(_strong(leave))
    if st != sl:
        more = "more" if st > sl else "fewer"
        text += f": {more} trumps and 7s than the other set"
        return text if st > sl else text + ", but " + _pick_other(obs, take, leave, giver)
    return f"{text}: {_pick_other(obs, take, leave, giver)}"


def _pick_other(obs: Observation, take: list[int], leave: list[int], giver: str) -> str:
    """The pick's reason beyond trumps and 7s: low cards, then points."""
    lt, ll = len(_low(take)), len(_low(leave))
    if lt > ll:
        return "more low cards (1-3), which win tricks"
    won = obs["won"][obs["seat"]]
    gain_take = max(marginal_score(won, c) for c in take)
    gain_leave = max(marginal_score(won, c) for c in leave)
    if gain_take > gain_leave:
        return f"a card worth up to {gain_take} points to your won cards"
    return f"{_names(leave)} go back to {giver}"


def _explain_play(obs: Observation, card: int, names: list[str]) -> str:
    me = obs["seat"]
    hand = obs["hand"]
    trick = [list(p) for p in obs["trick"]]
    name = f"the {card_name(card)}"
    playable = playable_cards(hand, obs["led_suit"])
    kept = [c for c in _strong(hand) if c != card]
    keeps = f", keeping {_names(kept)} for later" if kept else ""
    if not trick:
        same = [c for c in hand if suit_of(c) == suit_of(card)]
        place = "only" if len(same) == 1 else "lowest" if card == min(same) else "highest"
        if place == "highest" and card != max(same):
            place = "middle"
        suit = "trump" if suit_of(card) == TRUMP else f"{SUIT_NAMES[suit_of(card)]} card"
        return f"leads {name}, your {place} {suit}{keeps}"
    winner, why = trick_winner(trick + [[me, card]])
    holder = names[trick_winner(trick)[0]]
    if winner == me:
        worth = marginal_score(obs["won"][me], card)
        points = f", worth {worth} more points to you" if worth else ""
        left = obs["num_players"] - 1 - len(trick)
        if left == 0:
            outcome = f"wins the trick now ({why}){points}"
        else:
            still = "1 player" if left == 1 else f"{left} players"
            outcome = f"takes the trick so far ({why}), with {still} still to play{points}"
    else:
        outcome = f"leaves the trick to {holder} so far ({why})"
    if len(playable) == 1:
        return f"{name} is the only card you may play: it {outcome}"
    if winner == me:
        return f"{name} {outcome}"
    beaters = [c for c in playable if trick_winner(trick + [[me, c]])[0] == me]
    if not beaters:
        lost = f"no card you may play takes the trick from {holder} ({why})"
        return f"{lost}: throws off {name}{keeps}"
    ducks = f"the trick goes to {holder} so far ({why})"
    return f"{name} ducks: {ducks}, keeping {_names(beaters)} for a later trick"


def explain(view: SeatView, action: Action, names: list[str]) -> str | None:
    """Why a move, for the player in `view`'s seat, from that seat's observation only
    (seats named by `names`): what a split offers, what a pick takes, and whether a card
    takes the trick as it stands or what it keeps for later."""
    obs = view.observation()
    if action["type"] == "split":
        return _explain_split(obs, action["sets"], names)
    if action["type"] == "pick":
        return _explain_pick(obs, action["set"], names)
    return _explain_play(obs, action["card"], names)


BOTS = GameBots(heuristic=TrickOfTripBot, search_tuning=SEARCH_TUNING, explain=explain)
