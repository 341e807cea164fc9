"""Magic Trick (Baker) heuristic bot: reads the Laws in force and plays to them.

It sees only its observation. Every decision rests on two estimates:

- a card's *strength*: how often it wins a trick against the cards the opponent
  may hold (the unseen cards, minus those it has shown it cannot hold), under
  the hand's rules (`rules_for` of the Laws: trump, order, the Illusionist);
- the *worth of taking a trick* for a seat, read off the Laws' own scoring
  hooks (card points or Heart Break, Poison, Night Club's burn, Grand Finale's
  last trick) plus what the trick does to a bid or to a Moon Shot.

Face-down card: the card whose loss from the hand, and whose Law (it becomes a
Law two times in three), leave the best expected hand. Bids: the expected
tricks. Play: for each card, the opponent's reply is judged from sampled hands
with the same one-step view; a card is worth its expected outcome minus what
it would be worth kept for later (negative when later tricks are unwanted, so
under Heart Break it sheds strong cards). While the Illusionist waits, the Law
a losing card would bring is part of that card's outcome.
"""

from __future__ import annotations

from ..magic_trick_baker import HAND_SIZE, MAX_BID
from ..magic_trick_baker_laws import (
    ILLUSIONIST,
    LAW_OF_CARD,
    NUM_CARDS,
    ROPE_OUT_POINTS,
    Rules,
    TheIllusionist,
    card_name,
    follow_cards,
    is_burned,
    is_trump,
    rope_cards,
    rules_for,
    trick_winner,
)
from ..rng import Rng
from ..words import plural
from .base import Decided, GameBots, SeatView, Weighed, perf_counter

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from typing import Any

    from ..contract import Action, Observation
    from .base import Thinking

SAMPLES = 12  # opponent hands sampled per decision
DICKENS_LOSS = 2.5  # rough positive points lost when missing an Oh, Dickens! bid
LAW_WEIGHT = 0.5  # how much a Law a losing card would bring counts against the trick
NIGHT_CLUB_KEEP = 0.6  # rough share of tricks that Night Club does not burn
HAND_TRICKS = HAND_SIZE - 1  # a hand's tricks: every dealt card but the face-down one
MISS_CHANCE = 0.5  # rough chance a bid is missed, for judging a bidding Law in advance
ENDGAME_CARDS = 3  # search the hand exactly once both hold this many cards or fewer
ENDGAME_SAMPLES = 6  # deals sampled for that search
RACE = 0.5  # how much own points count beside the lead when judging Laws


# -- what the bot knows --------------------------------------------------------------
class Knowledge:
    """The public facts and the bot's own cards, read from one observation."""

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.me: int = obs["seat"]
        self.opp = 1 - self.me
        self.hand: list[int] = list(obs["hand"])
        self.laws: tuple[int, ...] = tuple(v["card"] for v in obs["laws"])
        self.rules: Rules = rules_for(self.laws)
        self.trick: list[list[int]] = [list(p) for p in obs["trick"]]
        self.won: list[int] = list(obs["tricks_won"])
        self.bids: list[int | None] = list(obs["bids"])
        self.opp_size: int = obs["hand_sizes"][self.opp]
        seen = set(self.hand) | set(obs["law_cards"])
        if obs["face_down"] is not None:
            seen.add(obs["face_down"])
        for t in obs["tricks"]:
            seen.update(c for _, c in t["cards"])
        seen.update(c for _, c in self.trick)
        self.pool = [c for c in range(NUM_CARDS) if c not in seen]
        barred = set(obs["cannot_hold"][self.opp])
        self.opp_pool = [c for c in self.pool if c not in barred] or list(self.pool)

    def remaining_tricks(self) -> int:
        """Tricks still to be won after the current one (normal tricks)."""
        return max(0, min(len(self.hand), self.opp_size + (1 if self.trick else 0)))


def strength(card: int, pool: Sequence[int], rules: Rules) -> float:
    """How often `card` wins a trick against a card of `pool`, led or following."""
    if not pool:
        return 1.0
    pair_wins = rules.pair_wins(card)
    wins = 0
    for other in pool:
        wins += pair_wins[other]  # trick_winner's both ways: see Rules
    return wins / (2 * len(pool))


def expected_tricks(hand: Sequence[int], pool: Sequence[int], rules: Rules, tricks: int) -> float:
    """Tricks a hand should take out of `tricks`, from its cards' strengths."""
    total = sum(strength(c, pool, rules) for c in hand)
    return max(0.0, min(float(tricks), total))


def zero_chance(strengths: Sequence[float]) -> float:
    """A rough chance of losing every remaining trick with cards of these strengths."""
    chance = 1.0
    for s in strengths:
        chance *= 1.0 - s
    return chance


def bid_points(laws: Sequence[int], bid: int, tricks: float) -> float:
    """Points a bid gives (interpolated for a fractional trick count)."""
    low = int(tricks)
    frac = tricks - low

    def exact(n: int) -> float:
        points = 0.0
        for c in laws:
            law_id = LAW_OF_CARD[c].id
            if law_id == "contract":
                points += 3 if n == bid else -2 * abs(n - bid)
            elif law_id == "oh-dickens":
                points += 0 if n == bid else -DICKENS_LOSS
        return points

    return exact(low) * (1 - frac) + exact(low + 1) * frac


# -- the Laws' view of one trick -------------------------------------------------------
def card_worth(laws: Sequence[int], rules: Rules, cards: Sequence[int], win_card: int) -> float:
    """Points the cards of one taken trick give, by the Laws' own scoring hooks."""
    objects = [LAW_OF_CARD[c] for c in laws]
    record = {"cards": [[0, c] for c in cards], "win_card": win_card, "trump": rules.trump}
    counting = []
    if not is_burned(laws, record):
        counting = [c for c in cards if all(law.card_counts(c, rules.trump) for law in objects)]
    replacers = [law for law in objects if law.replaces_card_points]
    value = 0.0
    for law in replacers:
        value += sum(line["points"] for line in law.card_lines(1, counting))
    if not replacers:
        value += len(counting) / 2
    for law in objects:
        value += sum(line["points"] for line in law.pile_lines(counting))
    return value


class Judge:
    """What taking the current trick is worth to each seat, given the Laws in force.

    `played` is the card the bot is thinking of playing: the tricks it expects to
    take later come from the rest of its hand.
    """

    def __init__(self, k: Knowledge, played: int | None = None) -> None:
        self.k = k
        self.laws = k.laws
        self.rules = k.rules
        objects = [LAW_OF_CARD[c] for c in self.laws]
        self.last_only = any(law.last_trick_only for law in objects)
        self.multiplier = 1
        for law in objects:
            self.multiplier *= law.pile_multiplier
        self.moon = any(law.id == "moon-shot" for law in objects)
        self.bidding = any(law.needs_bid for law in objects)
        left = max(0, k.remaining_tricks() - 1)
        rest = [c for c in k.hand if c != played]
        mine = expected_tricks(rest, k.opp_pool, self.rules, left)
        self.future = [0.0, 0.0]
        self.future[k.me] = mine
        self.future[k.opp] = max(0.0, left - mine)
        opp_strength = 1.0 - sum(strength(c, k.opp_pool, self.rules) for c in k.hand) / max(
            1, len(k.hand)
        )
        self.zero = [0.0, 0.0]
        self.zero[k.me] = zero_chance([strength(c, k.opp_pool, self.rules) for c in k.hand])
        self.zero[k.opp] = zero_chance([opp_strength] * k.opp_size)

    def take(self, seat: int, cards: Sequence[int], win_card: int, last: bool) -> float:
        """Worth to `seat` of taking a trick of `cards` won with `win_card`."""
        value = 0.0
        if not self.last_only or last:
            value = card_worth(self.laws, self.rules, cards, win_card) * self.multiplier
        return value + self.count_worth(seat)

    def count_worth(self, seat: int) -> float:
        """What one more trick won does to `seat`'s Moon Shot and bid."""
        k = self.k
        value = 0.0
        if self.moon and k.won[seat] == 0:
            value -= 10 * self.zero[seat]
        bid = k.bids[seat]
        if self.bidding and bid is not None:
            base = k.won[seat] + self.future[seat]
            value += bid_points(self.laws, bid, base + 1) - bid_points(self.laws, bid, base)
        return value

    def later(self, seat: int) -> float:
        """The usual worth to `seat` of winning one later trick (for saving or shedding cards)."""
        base = -2.0 if any(LAW_OF_CARD[c].replaces_card_points for c in self.laws) else 1.0
        if any(LAW_OF_CARD[c].id == "night-club" for c in self.laws):
            base *= NIGHT_CLUB_KEEP
        if self.last_only:
            base *= self.multiplier / max(1, self.k.remaining_tricks() - 1)
        return base + self.count_worth(seat)


# -- estimating a whole hand under some Laws ----------------------------------------------
def poison_value(card: int) -> int:
    """What Poison makes of a won card: a 2 +1, a 4 -3."""
    rank = card % 4 if card != ILLUSIONIST else -1
    return 1 if rank == 1 else -3 if rank == 3 else 0


def hand_points(
    laws: tuple[int, ...], hand: Sequence[int], pool: Sequence[int], tricks: int
) -> tuple[float, float]:
    """Rough points (mine, the opponent's) this hand should make under `laws`."""
    rules = rules_for(laws)
    ids = {LAW_OF_CARD[c].id for c in laws}
    strengths = [strength(c, pool, rules) for c in hand]
    share = [max(0.0, min(float(tricks), sum(strengths)))]
    share.append(tricks - share[0])
    base = -2.0 if "heart-break" in ids else 1.0
    if "night-club" in ids:
        base *= NIGHT_CLUB_KEEP
    points = []
    for won in share:
        value = 4 * base * won / max(1, tricks) if "grand-finale" in ids else base * won
        if "poison" in ids:
            cards = list(hand) + list(pool)
            in_play = sum(poison_value(c) for c in cards) * 2 * tricks / max(1, len(cards))
            value += in_play * won / max(1, tricks)
        if "oh-dickens" in ids and value > 0:
            value *= 1 - MISS_CHANCE
        if "contract" in ids:
            value += (1 - MISS_CHANCE) * 3 - MISS_CHANCE * 2.5
        points.append(value)
    if "moon-shot" in ids:
        points[0] += 10 * zero_chance(strengths)
        points[1] += 10 * zero_chance([1 - share[1] / max(1, tricks)] * tricks)
    return points[0], points[1]


def hand_edge(
    laws: tuple[int, ...], hand: Sequence[int], pool: Sequence[int], tricks: int
) -> float:
    """How good `laws` are for this hand: the lead over the opponent, plus a share of
    the own points (31 is a race: Laws that sink both players help nobody)."""
    mine, theirs = hand_points(laws, hand, pool, tricks)
    return mine - theirs + RACE * mine


def _search(state: Any, me: int, events: list[dict[str, Any]]) -> float:
    """Exact value of the rest of the hand for `me` (both play perfectly in this deal).

    `state` may be played on: a forced move is applied in place, without a copy.
    """
    for event in events:
        if event["type"] == "hand_scored":
            points = event["points"]
            return points[me] - points[1 - me] + RACE / 2 * points[me]
    seat = state.turn
    legal = state.legal_actions(seat)
    if len(legal) == 1:
        return _search(state, me, state.apply(seat, legal[0]))
    values = [
        _search(child, me, child.apply(seat, action)) for child, action in _each_move(state, legal)
    ]
    return max(values) if seat == me else min(values)


def _each_move(state: Any, legal: list[Action]) -> Iterator[tuple[Any, Action]]:
    """A state to play each move on: copies, except the last move, which plays on `state`."""
    for i, action in enumerate(legal):
        yield (state if i == len(legal) - 1 else state.clone()), action


class EndgameSearch:
    """The last tricks, searched exactly in sampled deals consistent with what the bot saw:
    each move's value averaged over the deals. One deal per slice at least (`Thinking`)."""

    def __init__(self, view: SeatView, legal: list[Action], rng: Rng) -> None:
        self.view, self.legal, self.rng = view, legal, rng
        self.totals = [0.0] * len(legal)
        self.samples = 0

    def step(self, seconds: float | None = None) -> bool:
        deadline = None if seconds is None else perf_counter() + seconds
        me = self.view.seat
        while self.samples < ENDGAME_SAMPLES:
            state = self.view.resample(self.rng)
            for i, (child, action) in enumerate(_each_move(state, self.legal)):
                self.totals[i] += _search(child, me, child.apply(me, action))
            self.samples += 1
            if deadline is not None and perf_counter() >= deadline:
                break
        return self.samples >= ENDGAME_SAMPLES

    def best_action(self) -> Action:
        return self.legal[max(range(len(self.legal)), key=lambda i: self.totals[i])]

    def reason(self, action: Action) -> str | None:
        return None


class MagicTrickBakerBot:
    """Heuristic bot: face-down card, bids and play judged by the Laws in force."""

    def __init__(self, seed: int = 0, randomness: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.randomness = randomness
        self.endgame_cards = ENDGAME_CARDS

    def choose(self, view: SeatView) -> Action:
        thinking = self.start(view)
        thinking.step(None)
        return thinking.best_action()

    def start(self, view: SeatView) -> Thinking:
        """The decision, in slices: a move valued at a time (the face-down card, a play),
        the endgame search a deal at a time; a bid and a blind pick at once."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return Decided(legal[0])
        if self.randomness and self.rng.random() < self.randomness:
            return Decided(self.rng.choice(legal))
        obs = view.observation()
        phase = obs["phase"]
        if phase == "down":
            return Weighed(legal, self.down_value(obs))
        if phase == "pick":
            return Decided(self.rng.choice(legal))  # blind: every pick is alike
        k = Knowledge(obs)
        if phase == "bid":
            return Decided(self.choose_bid(k, legal))
        if len(k.hand) <= self.endgame_cards and k.opp_size <= self.endgame_cards:
            return EndgameSearch(view, legal, self.rng)
        if k.rules.rope:
            return Weighed(legal, self.rope_value(k))
        return Weighed(legal, self.play_value(k))

    # -- the setup -----------------------------------------------------------------
    def down_value(self, obs: Observation) -> Callable[[Action], float]:
        """What putting a card face down is worth: it leaves the hand, and is a Law two
        times in three."""
        hand = obs["hand"]
        pool = [c for c in range(NUM_CARDS) if c not in hand]
        others = [c for c in pool if c != obs["face_down"]]

        def value(action: Action) -> float:
            card = action["card"]
            rest = [c for c in hand if c != card]
            with_mine = sum(hand_edge((card, x), rest, pool, HAND_TRICKS) for x in others)
            with_mine /= len(others)
            pairs = [(x, y) for i, x in enumerate(others) for y in others[i + 1 :]]
            without = sum(hand_edge(p, rest, pool, HAND_TRICKS) for p in pairs) / len(pairs)
            return 2 / 3 * with_mine + 1 / 3 * without

        return value

    def choose_bid(self, k: Knowledge, legal: list[Action]) -> Action:
        """Bid the tricks already won plus those the hand should still take."""
        left = len(k.hand)
        target = k.won[k.me] + expected_tricks(k.hand, k.opp_pool, k.rules, left)
        if k.rules.rope:
            target = k.won[k.me] + target / 2
        bid = max(0, min(MAX_BID, int(target + 0.5)))
        return next(a for a in legal if a["tricks"] == bid)

    # -- normal tricks -----------------------------------------------------------------
    def opponent_hands(self, k: Knowledge) -> list[list[int]]:
        """Hands the opponent may hold (sampled from the cards it can hold)."""
        pool = k.opp_pool if len(k.opp_pool) >= k.opp_size else k.pool
        hands = []
        for _ in range(SAMPLES):
            cards = list(pool)
            self.rng.shuffle(cards)
            hands.append(cards[: k.opp_size])
        return hands

    def outcome(
        self, k: Knowledge, judge: Judge, lead: list[int], follow: list[int], last: bool
    ) -> tuple[float, float]:
        """(my worth, the opponent's worth) of a finished trick [seat, card] x 2."""
        winning = trick_winner(lead[1], follow[1], k.rules)
        winner = lead[0] if winning == lead[1] else follow[0]
        loser_card = follow[1] if winner == lead[0] else lead[1]
        cards = [lead[1], follow[1]]
        taken = judge.take(winner, cards, winning, last)
        mine = taken if winner == k.me else -taken
        if ILLUSIONIST in k.laws:
            law = tuple(loser_card if c == ILLUSIONIST else c for c in k.laws)
            mine += LAW_WEIGHT * hand_edge(law, k.hand, k.opp_pool, k.remaining_tricks())
        return mine, -mine

    def play_value(self, k: Knowledge) -> Callable[[Action], float]:
        """What playing a card to a normal trick is worth (the opponent's hands are drawn
        now, once for every card)."""
        last = len(k.hand) == 1
        hands = self.opponent_hands(k) if not k.trick else []

        def value(action: Action) -> float:
            card = action["card"]
            judge = Judge(k, played=card)
            kept = strength(card, k.opp_pool, k.rules) * judge.later(k.me)
            mine = [k.me, card]
            if k.trick:
                return self.outcome(k, judge, k.trick[0], mine, last)[0] - kept
            opp_keep = judge.later(k.opp)
            total = 0.0
            for hand in hands:
                replies = follow_cards(hand, card, k.rules)
                best = max(
                    replies,
                    key=lambda r: (
                        self.outcome(k, judge, mine, [k.opp, r], last)[1]
                        - strength(r, k.hand, k.rules) * opp_keep
                    ),
                )
                total += self.outcome(k, judge, mine, [k.opp, best], last)[0]
            return total / len(hands) - kept

        return value

    # -- rope tricks -------------------------------------------------------------------
    def rope_value(self, k: Knowledge) -> Callable[[Action], float]:
        """What a card is worth on the rope: take the pile when it is worth having and the
        card likely stops the opponent; otherwise climb slowly (low cards first) to play out
        cards and run out first."""
        pile = [c for _, c in k.trick]
        hands = self.opponent_hands(k)

        def value(action: Action) -> float:
            card = action["card"]
            cards = pile + [card]
            worth = Judge(k, played=card).take(k.me, cards, card, False)
            stopped = sum(1 for h in hands if not rope_cards(h, cards, k.rules)) / len(hands)
            climb = -0.01 * (k.rules.keys[card] + 20)
            return stopped * worth + climb

        return value


# The search (bots/search.py) plays this game with its default settings and budgets.
SEARCH_TUNING: dict[str, Any] = {}


def the_card(card: int) -> str:
    """'the 3 of Wands', 'the Illusionist' (whose name already has its article)."""
    name = card_name(card)
    return name if name.startswith("the ") else f"the {name}"


def _the_cards(cards: list[int]) -> str:
    """'the 2 of Hats', 'the 2 of Hats and the Illusionist', 'a, b and c'."""
    words = [the_card(c) for c in cards]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _explain_bid(obs: Observation, tricks: int) -> str:
    """What a bid stands on: the Laws that ask for it, the trumps in hand, tricks won."""
    laws = [v["name"] for v in obs["laws"] if v["needs_bid"]]
    text = f"bids {plural(tricks, 'trick')}" + (f" for {' and '.join(laws)}" if laws else "")
    rules = rules_for(tuple(v["card"] for v in obs["laws"]))
    hand = obs["hand"]
    if rules.rope:
        text += f": {plural(len(hand), 'card')} to play in rope tricks, where trump has no power"
    else:
        trumps = [c for c in hand if is_trump(c, rules.trump)]
        held = _the_cards(trumps) if trumps else "no trump"
        text += f": you hold {held} among your {plural(len(hand), 'card')}"
    won = obs["tricks_won"][obs["seat"]]
    return text + (f", and have won {plural(won, 'trick')} already" if won else "")


def _explain_rope(obs: Observation, card: int, rules: Rules, other: str) -> str:
    pile = [c for _, c in obs["trick"]]
    hand = obs["hand"]
    if len(hand) == 1:
        return (
            f"plays your last card, {the_card(card)}: the first to run out scores "
            f"+{ROPE_OUT_POINTS} and takes the pile"
        )
    if not pile:
        return f"starts a rope pile with {the_card(card)}"
    if card == ILLUSIONIST:
        return f"{the_card(card)}: nothing goes on it, so {other} cannot play and the pile is yours"
    text = f"goes on {the_card(pile[-1])} with {the_card(card)}"
    if len(rope_cards(hand, pile, rules)) == 1:
        text += ", the only card of yours that may"
    return f"{text}: now {other} must go on it or lose the pile to you"


def explain(view: SeatView, action: Action, names: list[str]) -> str | None:
    """Why a move, for the player in `view`'s seat, from its observation only: the Law a
    face-down card may bring, the blind pick, what a bid stands on, and whether a card
    takes the trick as it stands (while The Illusionist waits, the Law a losing card
    brings), or how it goes on a rope pile."""
    obs = view.observation()
    me = obs["seat"]
    kind = action["type"]
    if kind == "down":
        card = action["card"]
        law = LAW_OF_CARD[card]
        return (
            f"puts {the_card(card)} face down: {obs['pick_size']} of the "
            f"{obs['fan_cards']} face-down cards become Laws, and this one's Law is "
            f"{law.name}: {law.text}"
        )
    if kind == "pick":
        fan = " and ".join(str(i + 1) for i in action["fan"])
        return (
            f"turns up face-down cards {fan}: they lie shuffled, so any "
            f"{obs['pick_size']} are as good a guess"
        )
    if kind == "bid":
        return _explain_bid(obs, action["tricks"])
    trick = obs["trick"]
    rules = rules_for(tuple(v["card"] for v in obs["laws"]))
    card = action["card"]
    other = names[1 - me]
    if rules.rope:
        return _explain_rope(obs, card, rules, other)
    hand = obs["hand"]
    if not trick:
        kept = [c for c in hand if c != card and is_trump(c, rules.trump)]
        keeps = f", keeping {_the_cards(kept)} for later" if kept else ""
        trump = ", a trump" if is_trump(card, rules.trump) else ""
        return f"leads {the_card(card)}{trump}{keeps}"
    lead = trick[0][1]
    if trick_winner(lead, card, rules) == card:
        return f"{the_card(card)} takes the trick"
    lost = f"{the_card(card)} loses the trick to {names[trick[0][0]]}"
    if obs["illusionist_waiting"]:
        brings = LAW_OF_CARD[card].name
        return f"{lost}: its Law, {brings}, replaces {TheIllusionist.name}"
    playable = follow_cards(hand, lead, rules)
    beaters = [c for c in playable if trick_winner(lead, c, rules) == c]
    if not beaters:
        return f"no card you may play beats {the_card(lead)}: {lost}"
    return f"{lost}, keeping {_the_cards(beaters)} for a later trick"


BOTS = GameBots(heuristic=MagicTrickBakerBot, search_tuning=SEARCH_TUNING, explain=explain)
