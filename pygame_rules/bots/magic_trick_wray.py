"""Magic Trick (Chris Wray) heuristic bot: deduce ranks, bid what it can take, steer to the bid.

It sees only its observation. From it, `rank_distributions` gives the exact
probability of every rank for every hidden card (its own included). A card's
"strength" is its usual chance to win the trick it is played in (measured in
bot games); the sum over its hidden cards estimates the tricks it will still
take. It sleeves the card whose likely rank best matches that estimate, then
plays the card that brings its projected trick count closest to its bid.
"""

from __future__ import annotations

from math import exp

from ..magic_trick_wray import (
    HAND_SIZE,
    HEARTS,
    NUM_RANKS,
    SUITS,
    hand_points,
    rank_distributions,
)
from ..rng import Rng
from ..words import plural
from .base import Decided, GameBots, SeatView

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..contract import Action, Observation
    from .base import Thinking

    Dist = list[list[list[float] | None]]
# Usual chance that a card of this rank wins the trick it is played in (measured).
HEART_STRENGTH = [0.28, 0.33, 0.34, 0.36, 0.42, 0.58, 0.76, 0.99]
PLAIN_STRENGTH = [0.01, 0.02, 0.04, 0.08, 0.14, 0.24, 0.4, 0.66]
# Taking more tricks is much easier to arrange than avoiding them (measured in bot games).
STEER_UP = 1.5
STEER_DOWN = 0.5
TRICK_SPREAD = 1.1
# Sleeve as soon as the best bid promises this many points (lower as the hand goes on).
SLEEVE_THRESHOLD = 1.0
SLEEVE_THRESHOLD_STEP = 0.25
# A later player with a card that beats ours plays it about this often.
BEAT_TENDENCY = 0.6
MAX_TRICKS = HAND_SIZE - 1  # a hand's tricks: every card but the sleeved one
# Play: a win chance below HOPELESS is not worth a strong card; how much to save / shed
# strong cards (tuned against random bots and itself).
HOPELESS = 0.1
SAVE_WEIGHT = 0.3
SHED_WEIGHT = 0.1


def odds_of(dist: Dist, seat: int, pos: int) -> list[float]:
    """The rank odds of a card still hidden (only hidden cards have odds)."""
    probs = dist[seat][pos]
    assert probs is not None, "a revealed card has no rank odds"
    return probs


def strength(suit: int, probs: list[float]) -> float:
    """Usual chance that a card with rank odds `probs` wins the trick it is played in."""
    table = HEART_STRENGTH if suit == HEARTS else PLAIN_STRENGTH
    return sum(p * t for p, t in zip(probs, table))


def bid_points(bid: int, tricks: int) -> int:
    """A hand's points for `tricks` taken on `bid`, before any prestige bonus."""
    return hand_points(bid, tricks, 0, False)[0]


def expected_bid_score(bid_probs: list[float], expected_tricks: float) -> float:
    """Expected points of sleeving a card with these rank odds, then steering toward it."""
    total = 0.0
    for bid, p in enumerate(bid_probs):
        if p <= 0:
            continue
        pull = max(-STEER_DOWN, min(STEER_UP, bid - expected_tricks))
        mean = expected_tricks + pull
        weights = [exp(-((t - mean) ** 2) / (2 * TRICK_SPREAD**2)) for t in range(MAX_TRICKS + 1)]
        norm = sum(weights)
        total += p * sum(w * bid_points(bid, t) for t, w in enumerate(weights)) / norm
    return total


def known_or_deduced(obs: Observation, dist: Dist, seat: int, pos: int) -> list[float]:
    """Rank odds of a card: deduced for a hidden card, certain for a revealed one."""
    probs = dist[seat][pos]
    if probs is not None:
        return probs
    rank = obs["rows"][seat]["ranks"][pos]
    return [1.0 if r == rank else 0.0 for r in range(NUM_RANKS)]


def hidden_strength(obs: Observation, seat: int, dist: Dist, skip: int = -1) -> float:
    """Tricks `seat`'s hidden cards (all but position `skip`) should usually take."""
    row = obs["rows"][seat]
    total = 0.0
    for pos, status in enumerate(row["status"]):
        if status == "hidden" and pos != skip:
            total += strength(row["suits"][pos], odds_of(dist, seat, pos))
    return total


def beat_chance(
    obs: Observation, dist: Dist, other: int, led: int, heart: int, led_rank: int
) -> float:
    """Chance `other` (still to play) beats our (heart rank, led rank); -1 means none."""
    row = obs["rows"][other]
    hidden = [p for p, st in enumerate(row["status"]) if st == "hidden"]
    led_cards = [p for p in hidden if row["suits"][p] == led]
    hearts = [p for p in hidden if row["suits"][p] == HEARTS]
    if led_cards and led != HEARTS:
        if heart >= 0:
            return 0.0
        top = odds_of(dist, other, led_cards[-1])  # the rightmost card of a suit is its highest
        return sum(top[led_rank + 1 :])
    if not hearts:
        return 0.0
    top = odds_of(dist, other, hearts[-1])
    return sum(top[heart + 1 :]) if heart >= 0 else 1.0


def trick_win_chance(
    obs: Observation, dist: Dist, me: int, trick: list[dict], suit: int, rank: int
) -> float:
    """Chance that `me` takes `trick` (cards before mine) with (suit, rank)."""
    led = trick[0]["suit"] if trick else suit
    best_heart = max((c["rank"] for c in trick if c["suit"] == HEARTS), default=-1)
    best_led = max((c["rank"] for c in trick if c["suit"] == led), default=-1)
    if suit == HEARTS:
        if rank < best_heart:
            return 0.0
        heart, led_rank = rank, -1
    elif suit == led:
        if best_heart >= 0 or rank < best_led:
            return 0.0
        heart, led_rank = -1, rank
    else:
        return 0.0
    played = {c["seat"] for c in trick} | {me}
    chance = 1.0
    for other in range(obs["num_players"]):
        if other not in played:
            chance *= 1.0 - BEAT_TENDENCY * beat_chance(obs, dist, other, led, heart, led_rank)
    return chance


def card_win_chance(obs: Observation, dist: Dist, me: int, trick: list[dict], pos: int) -> float:
    """Chance that my card at `pos` (rank odds deduced) takes `trick`."""
    suit = obs["rows"][me]["suits"][pos]
    probs = known_or_deduced(obs, dist, me, pos)
    return sum(
        p * trick_win_chance(obs, dist, me, trick, suit, r) for r, p in enumerate(probs) if p > 0
    )


def expected_tricks(obs: Observation, me: int, dist: Dist, skip: int = -1) -> float:
    """Tricks won + my chance in the open trick + what my hidden cards (but `skip`) should take."""
    total = obs["tricks_won"][me] + hidden_strength(obs, me, dist, skip)
    trick = obs["trick"]
    for i, card in enumerate(trick):
        if card["seat"] == me:
            total += card_win_chance(obs, dist, me, trick[:i], card["pos"])
    return total


class MagicTrickWrayBot:
    """Bids from deduced rank odds and steers its trick count to the bid."""

    def __init__(self, seed: int = 0, randomness: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.randomness = randomness

    def choose(self, view: SeatView) -> Action:
        thinking = self.start(view)
        thinking.step(None)
        return thinking.best_action()

    def start(self, view: SeatView) -> Thinking:
        """The decision, in two slices (`Deduced`): the rank odds, then the moves."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return Decided(legal[0])
        if self.randomness and self.rng.random() < self.randomness:
            return Decided(self.rng.choice(legal))
        return Deduced(self, view.observation(), legal)

    def decide(self, obs: Observation, dist: Dist, legal: list[Action]) -> Action:
        if obs["phase"] == "sleeve":
            return self.sleeve_or_pass(obs, dist, legal)
        return self.play(obs, dist, legal)

    def sleeve_or_pass(self, obs: Observation, dist: Dist, legal: list[Action]) -> Action:
        """Sleeve the card whose likely rank best matches my expected tricks, if good enough."""
        me = obs["seat"]
        best, best_score = None, float("-inf")
        for action in legal:
            if action["type"] != "sleeve":
                continue
            pos = action["pos"]
            score = expected_bid_score(
                odds_of(dist, me, pos), expected_tricks(obs, me, dist, skip=pos)
            )
            if score > best_score:
                best, best_score = action, score
        threshold = SLEEVE_THRESHOLD - SLEEVE_THRESHOLD_STEP * obs["trick_number"]
        if best is not None and (best_score >= threshold or {"type": "pass"} not in legal):
            return best
        return {"type": "pass"}

    def play(self, obs: Observation, dist: Dist, legal: list[Action]) -> Action:
        """Under my target: win with the cheapest card that likely does it; else lose safely.

        The target is my bid, or before sleeving my expected tricks. When winning this
        trick is unlikely anyway, keep strong cards and play the weakest; when avoiding
        tricks, prefer throwing strong cards where they cannot win.
        """
        me = obs["seat"]
        row = obs["rows"][me]
        bid = obs["bids"][me]
        won = obs["tricks_won"][me]
        target = expected_tricks(obs, me, dist) if bid is None else bid
        want = won < target
        best, best_value = legal[0], float("-inf")
        for action in legal:
            pos = action["pos"]
            win = card_win_chance(obs, dist, me, obs["trick"], pos)
            power = strength(row["suits"][pos], odds_of(dist, me, pos))
            if want:
                value = win - SAVE_WEIGHT * power if win >= HOPELESS else -power - 1.0
            else:
                value = -win + SHED_WEIGHT * power
            if value > best_value + 1e-9:
                best, best_value = action, value
        return best


class Deduced:
    """`MagicTrickWrayBot`'s decision as `Thinking`: the exact rank odds in one slice (the
    deal solver's count: 20-40 ms on MicroPython at a hand's start, more the first time),
    the moves valued in the next, so the page draws between them."""

    def __init__(self, bot: MagicTrickWrayBot, obs: Observation, legal: list[Action]) -> None:
        self.bot = bot
        self.obs = obs
        self.legal = legal
        self.dist: Dist | None = None
        self.action: Action | None = None

    def step(self, seconds: float | None = None) -> bool:
        if self.dist is None:
            self.dist = rank_distributions(self.obs)
            if seconds is not None:
                return False
        if self.action is None:
            self.action = self.bot.decide(self.obs, self.dist, self.legal)
        return True

    def best_action(self) -> Action:
        """The decision (made now if the slices did not reach it: a rule of thumb is
        never cut short)."""
        self.step(None)
        assert self.action is not None
        return self.action

    def reason(self, action: Action) -> str | None:
        return None


# How the search (bots/search.py) plays this game: random rollouts to the end of the hand
# (scores change only when a hand is scored), and no further: once the tree has passed the
# end of the hand, the next hand would add only noise, and a whole hand of time to every
# such playout. A playout from the first move of a hand is 13 tricks, about 56 moves; from
# the middle of a hand about half that (36 at the median): 40 keeps the hand's first moves
# near the others' time (under 1 s in the browser at Hard).
SEARCH_TUNING: dict[str, Any] = {"settle_from_root": True, "playout_steps": 40}


def explain(view: SeatView, action: Action, names: list[str]) -> str | None:
    """Why a move, for the player in `view`'s seat ("your"): which card of its suit it is
    (the row's order is all anyone knows of its rank), what it does in the trick, and
    where it leaves the bid."""
    obs = view.observation()
    me = obs["seat"]
    row = obs["rows"][me]
    if action["type"] == "pass":
        return "keeps your sleeve empty for now: a later card may fit your tricks better"
    pos = action["pos"]
    suit = row["suits"][pos]
    name = SUITS[suit]["name"]
    same = [p for p, s in enumerate(row["suits"]) if s == suit and row["status"][p] == "hidden"]
    place = "your lowest" if pos == same[0] else "your highest" if pos == same[-1] else "a middle"
    if action["type"] == "sleeve":
        return f"sleeves {place} {name} card as your bid"
    led = obs["led_suit"]
    if led is None:
        how = f"leads {place} {name} card"
    elif suit == led:
        how = f"follows suit with {place} {name} card"
    elif suit == HEARTS:
        how = f"trumps with {place} heart"
    else:
        how = f"throws off a {name} card (it cannot win)"
    bid = obs["bids"][me] if obs["sleeves"][me] is not None else None
    if bid is None:
        return how
    won = obs["tricks_won"][me]
    if won >= bid:
        return f"{how}: you already have your bid of {bid}"
    more = bid - won
    return f"{how}: you need {plural(more, 'more trick')} for your bid of {bid}"


BOTS = GameBots(heuristic=MagicTrickWrayBot, search_tuning=SEARCH_TUNING, explain=explain)
