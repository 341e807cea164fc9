"""Magic Trick by Andrew Ulysses Baker: a 2-player, 13-card trick game whose Laws change each hand.

Cards and Laws live in `magic_trick_baker_laws` (a card is ``suit * 4 + rank``, 12 is the
Illusionist). A hand: shuffle, set one card aside unseen, deal 6 each; the
dealer then the pone (non-dealer) put one card face down; the three face-down
cards (the set-aside one too) are shuffled and the pone picks two blind: they
turn face up as the hand's two Laws, the third is burned unseen. Bids (0-5)
when a Law asks, pone first; the pone leads; tricks follow the Laws; the
hand is scored Law by Law. The deal alternates; first to 31 with the highest
total wins (a tie at the top plays another hand); after MAX_HANDS hands the
game stops anyway, highest total winning.

Actions: {"type": "down", "card": c}, {"type": "pick", "fan": [i, j]} (two of
the fan positions 0-2), {"type": "bid", "tricks": n}, {"type": "play", "card": c}.

Observation fields (per seat): seat, acting, phase ("down" | "pick" | "bid" |
"play" | "over"), target, max_hands, stopped_at_limit (over, but by max_hands),
hand_number, dealer, pone, leader, turn, hand,
hand_sizes, face_down (own face-down card or None), face_down_placed, fan_size
(the fan's cards while the pone picks, else 0), fan_cards (FAN_SIZE: the face-down
cards a fan holds), pick_size (PICK_SIZE: how many of them the pone picks, the
hand's Laws), law_cards, laws, illusionist_waiting, replacement, rules (with
``line``, the rules in plain words), bids, bid_needed, trick, trick_winning (the
seat winning the trick in play so far: the leader's card or the one that beat it,
a rope pile's top card; None between tricks), trick_number,
rope_top, rope_guide (how to go on the rope pile, in plain words, or None), tricks
(each with ``burned_by``, the name of the Law that burned it, or None), tricks_won,
cannot_hold (cards each seat has shown it does not hold, from public play), piles,
rope_out, scores, scored_hands (each scored hand with its per-Law score lines),
last_trick (the last trick taken, the last hand's final one until this hand's first:
docs/contract.md; as in tricks otherwise), winners.
"""

from __future__ import annotations

from . import register
from .contract import Game, State, copy_json
from .magic_trick_baker_laws import (
    ILLUSIONIST,
    LAW_OF_CARD,
    NO_TRUMP,
    NUM_CARDS,
    PAIR_RULES,
    SUIT_NAMES,
    Rules,
    burned_by,
    card_name,
    effective_suit,
    follow_cards,
    is_burned,
    law_view,
    low_wins,
    rope_guide,
    rules_for,
    rules_line,
    rules_of_pair,
    score_hand,
    stars_high,
    suit_of,
    trick_reason,
    trick_winner,
    trick_winning,
)
from .rng import Rng

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from .contract import Action, Event, Observation

GAME_ID = "magic-trick-baker"
TARGET = 31
MAX_HANDS = 40  # a safety net: scores can drift below zero for ever (docs/rules)
HAND_SIZE = 6
MAX_BID = 5
FAN_SIZE = 3  # the face-down cards: the set-aside one, the dealer's, the pone's
PICK_SIZE = 2  # the pone picks this many of them blind: the hand's Laws
FAN_PICKS = [[i, j] for i in range(FAN_SIZE) for j in range(i + 1, FAN_SIZE)]  # PICK_SIZE 2

SUITS: list[dict[str, str]] = [
    {"key": "rabbits", "name": "Rabbits", "color": "#b5651d"},
    {"key": "hats", "name": "Hats", "color": "#5b3fa8"},
    {"key": "wands", "name": "Wands", "color": "#0f7f6c"},
    {"key": "illusionist", "name": "Illusionist", "color": "#b8860b"},
]


def rules_summary(rules: Rules) -> dict[str, Any]:
    """The play rules of the Laws in force, in plain data for the observation."""
    return {
        "trump": None if rules.trump == NO_TRUMP else rules.trump,
        "trump_name": "none" if rules.trump == NO_TRUMP else SUIT_NAMES[rules.trump],
        "stars_high": stars_high(rules),
        "low_wins": low_wins(rules),
        "illusionist_wins": rules.illusionist_wins,
        "rope": rules.rope,
        "needs_bid": rules.needs_bid,
        "line": rules_line(rules),
    }


class MagicTrickBakerState(State):
    """A game of Magic Trick (Baker); all data JSON-native (see the module docstring).

    Per hand: `aside` (the set-aside card), `down` (each seat's face-down card,
    -1 until put down), `fan` (the three face-down cards in shuffled order, only
    while the pone picks), `law_cards` (the two face-up cards), `laws` (the Law
    cards in force: the Illusionist's slot holds its replacement once made),
    `burned`, `bids`, `trick` ([seat, card] pairs; a rope trick's whole pile),
    `tricks` (completed, with winner, winning card and the trump of the time),
    `forbidden` (cards a seat has shown it cannot hold: public deductions that
    `resample` must respect).
    """

    APPEND_ONLY = ("scored_hands",)

    def clone(self) -> MagicTrickBakerState:
        """An independent copy (`State.clone`), written out field by field in the order
        `setup` makes them (so `to_json` lists them alike): the search clones once per
        playout, and this is several times faster than looking at each field. Shared, as
        they are never changed in place: the ints, strs and None, the records (`tricks`,
        `scored_hands`, `hand_last_trick`, `replacement`), a trick's [seat, card] pairs and
        `options`. Every list that changes is copied, by slicing (Pyodide slices in about
        half the time `list()` takes). (A field added to the state and not here fails
        tests/test_magic_trick_baker.py's clone tests.)
        """
        new = object.__new__(type(self))
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = self.options
        new.rng = Rng(self.rng.state)
        new.totals = self.totals[:]
        new.hand_number = self.hand_number
        new.dealer = self.dealer
        new.scored_hands = self.scored_hands[:]
        new.hand_last_trick = self.hand_last_trick
        new.phase = self.phase
        new.aside = self.aside
        new.hands = [self.hands[0][:], self.hands[1][:]]
        new.down = self.down[:]
        new.fan = self.fan[:]
        new.law_cards = self.law_cards[:]
        new.laws = self.laws[:]
        new.burned = self.burned
        new.replacement = self.replacement
        new.bids = self.bids[:]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        new.forbidden = [self.forbidden[0][:], self.forbidden[1][:]]
        new.rope_out = self.rope_out
        new.leader = self.leader
        new.turn = self.turn
        if "quiet" in self.__dict__:  # set on a search's copy only (State.quiet)
            new.quiet = self.quiet
        return new

    # -- setup and hand flow -----------------------------------------------------
    def setup(self) -> None:
        self.totals = [0, 0]
        self.hand_number = 0
        self.dealer = self.rng.below(2)
        self.scored_hands: list[dict[str, Any]] = []
        self.hand_last_trick: dict[str, Any] | None = None  # the last hand's final trick
        self.phase = "down"
        self._deal()

    def _deal(self) -> list[Event]:
        """Shuffle the 13 cards, set one aside, deal 6 each; the dealer puts down first."""
        deck = list(range(NUM_CARDS))
        self.rng.shuffle(deck)
        self.hand_number += 1
        self.aside = deck[0]
        pone = 1 - self.dealer
        self.hands: list[list[int]] = [[], []]
        self.hands[pone] = sorted(deck[1 : 1 + HAND_SIZE])
        self.hands[self.dealer] = sorted(deck[1 + HAND_SIZE :])
        self.down = [-1, -1]
        self.fan: list[int] = []
        self.law_cards: list[int] = []
        self.laws: list[int] = []
        self.burned = -1
        self.replacement: dict[str, Any] | None = None
        self.bids: list[int | None] = [None, None]
        self.trick: list[list[int]] = []
        self.tricks: list[dict[str, Any]] = []
        self.forbidden: list[list[int]] = [[], []]
        self.rope_out: int | None = None
        self.phase = "down"
        self.leader = pone
        self.turn = self.dealer
        if self.quiet:
            return []
        events: list[Event] = [
            {"type": "deal", "hand": self.hand_number, "dealer": self.dealer, "pone": pone}
        ]
        for seat in (0, 1):
            events.append(
                {"type": "dealt", "seat": seat, "cards": list(self.hands[seat]), "to": [seat]}
            )
        return events

    @property
    def pone(self) -> int:
        return 1 - self.dealer

    def rules(self) -> Rules:
        """The play rules of the Laws in force now (none before they are turned up)."""
        laws = self.laws
        if laws:  # PICK_SIZE Laws: always two. `rules_of_pair`, its table read here first
            # (asked at every move of every playout: a call less)
            rules = PAIR_RULES[laws[0] * NUM_CARDS + laws[1]]
            return rules if rules is not None else rules_of_pair(laws[0], laws[1])
        return rules_for(())

    def illusionist_waiting(self) -> bool:
        """The Illusionist is a Law and has not been replaced yet."""
        return ILLUSIONIST in self.laws

    # -- what may be played ------------------------------------------------------------
    def playable(self, seat: int) -> list[int]:
        """The cards `seat` may play now (legality written once: legal_actions and apply)."""
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return hand[:]  # any card leads, a rope trick's too: no rules to look up
        rules = self.rules()
        if rules.rope:  # `rope_cards` of the pile, without listing the pile's cards
            goes_on = rules.rope_goes_on(trick[-1][1], suit_of(trick[0][1]))
            return [c for c in hand if goes_on[c]]
        return follow_cards(hand, trick[0][1], rules)

    # -- contract ------------------------------------------------------------------
    def open_hands(self) -> list[list[int]]:
        """Each seat's hand (a finished hand's replay only)."""
        return [list(hand) for hand in self.hands]

    def acting(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if seat != self.turn or phase == "over":
            return []
        if phase == "play":  # the most asked: first
            hand = self.hands[seat]
            if self.trick:  # (a lead may be any card, see `playable`: no list of them to make)
                hand = self.playable(seat)
            return [{"type": "play", "card": c} for c in hand]
        if phase == "down":
            return [{"type": "down", "card": c} for c in self.hands[seat]]
        if phase == "pick":
            return [{"type": "pick", "fan": list(p)} for p in FAN_PICKS]
        return [{"type": "bid", "tricks": n} for n in range(MAX_BID + 1)]

    def why_illegal(self, seat: int, action: Any) -> str:
        """Plain-words reasons for the common mistakes, else the generic message."""
        if type(seat) is not int or seat not in self.acting() or not isinstance(action, dict):
            return super().why_illegal(seat, action)
        kind = action.get("type")
        expected = {"down": "down", "pick": "pick", "bid": "bid", "play": "play"}[self.phase]
        if kind != expected:
            return f"now is the {self.phase} step: the move must be of type {expected!r}"
        if kind == "pick":
            return 'pick two of the three face-down cards, e.g. {"type": "pick", "fan": [0, 2]}'
        if kind == "bid":
            return f"bid a whole number of tricks from 0 to {MAX_BID}"
        card = action.get("card")
        if card not in self.hands[seat]:
            return "that card is not in your hand"
        if kind == "play" and self.trick:
            rules = self.rules()
            if rules.rope:
                top = self.trick[-1][1]
                led = SUIT_NAMES[suit_of(self.trick[0][1])]
                # "beat", not "higher": under Topsy Turvy the lower card beats
                may = ", ".join(card_name(c) for c in self.playable(seat))
                return (
                    f"in a rope trick you must beat the {card_name(top)} with a {led} card, "
                    f"or play a card of the same rank: you may play {may}"
                )
            suit = effective_suit(self.trick[0][1], rules.trump)
            name = "trump" if suit in (rules.trump, 3) else SUIT_NAMES[suit]
            return f"you must follow suit: you hold a {name} card"
        return super().why_illegal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "play":  # the most played: first
            return self._apply_play(seat, action["card"])
        if kind == "down":
            return self._apply_down(seat, action["card"])
        if kind == "pick":
            return self._apply_pick(seat, [int(i) for i in action["fan"]])
        return self._apply_bid(seat, action["tricks"])

    # -- the setup ritual ------------------------------------------------------------
    def _apply_down(self, seat: int, card: int) -> list[Event]:
        self.hands[seat].remove(card)
        self.down[seat] = card
        fanned = seat != self.dealer  # both cards are down: the fan is laid out
        if fanned:
            self.fan = [self.aside, self.down[self.dealer], self.down[self.pone]]
            self.rng.shuffle(self.fan)
            self.phase = "pick"
        self.turn = self.pone
        if self.quiet:
            return []
        events: list[Event] = [
            {"type": "face_down", "seat": seat},
            {"type": "face_down_card", "seat": seat, "card": card, "to": [seat]},
        ]
        if fanned:
            events.append({"type": "fan", "dealer": self.dealer, "pone": self.pone})
        return events

    def _apply_pick(self, seat: int, picks: list[int]) -> list[Event]:
        left = next(i for i in range(FAN_SIZE) if i not in picks)
        self.law_cards = [self.fan[i] for i in picks]
        self.laws = list(self.law_cards)
        self.burned = self.fan[left]
        self.fan = []
        if self.quiet:
            return self._start_bids_or_play()
        events: list[Event] = [
            {
                "type": "laws",
                "seat": seat,
                "fan": list(picks),
                "cards": list(self.law_cards),
                "laws": [LAW_OF_CARD[c].id for c in self.law_cards],
            },
            {"type": "burn", "position": left},
        ]
        for s in (0, 1):
            fate = "law" if self.down[s] in self.law_cards else "burned"
            events.append(
                {"type": "own_card_fate", "seat": s, "card": self.down[s], "fate": fate, "to": [s]}
            )
        return events + self._start_bids_or_play()

    def _start_bids_or_play(self) -> list[Event]:
        """Bid when a Law in force asks for it and nobody has bid this hand; else play on."""
        if self.rules().needs_bid and self.bids == [None, None] and not self._hand_done():
            self.phase = "bid"
            self.turn = self.pone
            if self.quiet:
                return []
            return [{"type": "bidding", "pone": self.pone, "after_trick": len(self.tricks)}]
        self.phase = "play"
        self.turn = self.leader
        return []

    def _apply_bid(self, seat: int, tricks: int) -> list[Event]:
        self.bids[seat] = tricks
        if self.bids[1 - seat] is None:
            self.turn = 1 - seat
        else:
            self.phase = "play"
            self.turn = self.leader
        if self.quiet:
            return []
        return [{"type": "bid", "seat": seat, "tricks": tricks}]

    # -- tricks ------------------------------------------------------------------------
    def _apply_play(self, seat: int, card: int) -> list[Event]:
        rules = self.rules()
        hand, trick = self.hands[seat], self.trick
        hand.remove(card)
        trick.append([seat, card])
        quiet = self.quiet  # a search's copy: no events, no words for them
        events: list[Event] = []
        if not quiet:
            number = len(self.tricks) + 1
            events.append({"type": "play", "seat": seat, "card": card, "trick_number": number})
        other = 1 - seat
        if rules.rope:
            if not hand:
                self.rope_out = seat
                if not quiet:
                    events.append({"type": "rope_out", "seat": seat})
                reason = "out of cards, they take the pile"
                return events + self._end_trick(self._winning(rules), rules, reason)
            goes_on = rules.rope_goes_on(card, suit_of(trick[0][1]))  # on the new top card
            for held in self.hands[other]:
                if goes_on[held]:
                    break
            else:  # the other player holds no card that goes on it (now public: forbidden)
                self._forbid(other, [c for c in range(NUM_CARDS) if goes_on[c]])
                if not quiet:
                    events.append({"type": "stuck", "seat": other, "top": card})
                reason = "the other player could not go on it"
                return events + self._end_trick(self._winning(rules), rules, reason)
            self.turn = other
            return events
        if len(trick) == 1:
            self.turn = other
            return events
        lead = trick[0][1]
        suits = rules.suits  # effective_suit, looked up
        led_suit = suits[lead]
        if suits[card] != led_suit:
            self._forbid(seat, rules.suit_cards[led_suit])
        reason = "" if quiet else trick_reason(lead, card, rules)
        # `_winning` of a two-card trick, asked straight of `trick_winner` (a call or two
        # less at every trick of every playout)
        winner = seat if trick_winner(lead, card, rules) == card else other
        events += self._end_trick(winner, rules, reason)
        return events

    def _winning(self, rules: Rules) -> int:
        """The seat winning the trick in play (so far, or as it ends): `trick_winning`, the
        one rule for both the trick's end and the observation."""
        seat = trick_winning(self.trick, rules)
        assert seat is not None  # a card has been played
        return seat

    def _forbid(self, seat: int, cards: Sequence[int]) -> None:
        known = self.forbidden[seat]
        known += [c for c in cards if c not in known]
        known.sort()

    def _end_trick(self, winner: int, rules: Rules, reason: str) -> list[Event]:
        """Record the trick for `winner`; then the Illusionist, a new bid, the next lead or the end.

        The winning card is the winner's last card in the trick (a rope trick's top card).
        """
        win_card = -1
        for s, c in reversed(self.trick):
            if s == winner:
                win_card = c
                break
        record: dict[str, Any] = {
            "cards": self.trick,
            "winner": winner,
            "win_card": win_card,
            "trump": rules.trump,
        }
        self.tricks.append(record)
        self.trick = []
        self.leader = self.turn = winner
        waiting = ILLUSIONIST in self.laws  # `illusionist_waiting`, without the call
        replaced = self._replace_illusionist(record) if waiting else []  # may bring in Night Club
        events: list[Event] = []
        if not self.quiet:
            burned_by_law = burned_by(self.laws, record)  # (the Laws after that replacement)
            events.append(
                {
                    "type": "trick",
                    "trick_number": len(self.tricks),
                    "winner": winner,
                    "win_card": win_card,
                    "reason": reason,
                    "cards": [list(p) for p in record["cards"]],
                    "rope": rules.rope,
                    "burned": burned_by_law is not None,
                    "burned_by": burned_by_law,
                }
            )
            events += replaced
        if self.rope_out is not None or not (self.hands[0] or self.hands[1]):  # `_hand_done`
            events += self._end_hand()
            return events
        if self.replacement is None or ILLUSIONIST in self.laws:  # none, or still waiting
            return events
        if self.replacement["trick"] == len(self.tricks):
            events += self._start_bids_or_play()
        return events

    def _replace_illusionist(self, record: dict[str, Any]) -> list[Event]:
        """While the Illusionist waits: the first card to lose a trick gives its Law to the
        Illusionist's slot.

        In a rope trick the losing card is the loser's last card in it; a trick in
        which the loser played nothing has no losing card (the Illusionist waits).
        """
        loser = 1 - record["winner"]
        lost = [c for s, c in record["cards"] if s == loser]
        if not lost:
            return []
        card = lost[-1]
        self.laws[self.laws.index(ILLUSIONIST)] = card
        self.replacement = {
            "card": card,
            "law": LAW_OF_CARD[card].id,
            "seat": loser,
            "trick": len(self.tricks),
        }
        return [
            {
                "type": "illusionist",
                "card": card,
                "law": LAW_OF_CARD[card].id,
                "seat": loser,
                "trick_number": len(self.tricks),
            }
        ]

    def _hand_done(self) -> bool:
        return self.rope_out is not None or not (self.hands[0] or self.hands[1])

    # -- scoring -----------------------------------------------------------------------
    def _end_hand(self) -> list[Event]:
        """Score the hand Law by Law; then the game ends or the other player deals."""
        lines = score_hand(self.laws, self.tricks, self.bids, self.rope_out)
        points = [sum([line["points"] for line in seat_lines]) for seat_lines in lines]
        for s in (0, 1):
            self.totals[s] += points[s]
        if self.quiet and self.playout_ends_at_scoring and any(points):
            # A search's rollout ends at this change of a total and reads only the totals,
            # the end and the winners (State.playout_ends_at_scoring): no record, no deal.
            if self.won_at_target() or self.hand_number >= MAX_HANDS:
                self.phase = "over"
            return []
        record = {
            "hand": self.hand_number,
            "dealer": self.dealer,
            "law_cards": list(self.law_cards),
            "laws": list(self.laws),
            "replacement": dict(self.replacement) if self.replacement else None,
            "bids": list(self.bids),
            "tricks_won": self.tricks_won(),
            "rope_out": self.rope_out,
            "lines": lines,
            "points": points,
            "totals": list(self.totals),
        }
        self.scored_hands.append(record)
        last = self._trick_view(self.tricks[-1])
        last["hand"] = self.hand_number
        last["trick_number"] = len(self.tricks)
        self.hand_last_trick = last
        quiet = self.quiet
        events: list[Event] = []
        if not quiet:
            scored: Event = {"type": "hand_scored"}
            scored.update(_copy(record))
            scored["tricks"] = [self._trick_view(t) for t in self.tricks]
            events.append(scored)
        best = max(self.totals)
        won = self.won_at_target()
        if won or self.hand_number >= MAX_HANDS:
            self.phase = "over"
            if not quiet:
                events.append(
                    {
                        "type": "game_over",
                        "winners": self.winners(),
                        "scores": self.scores(),
                        "hand_limit": not won,  # stopped by MAX_HANDS, not won at TARGET
                    }
                )
            return events
        if best >= TARGET and not quiet:
            events.append({"type": "tie_at_top", "scores": self.scores()})
        if self.playout_ends_at_scoring and any(points):
            return events  # a total changed: the search's playout ends before the deal
        self.dealer = 1 - self.dealer
        return events + self._deal()

    def won_at_target(self) -> bool:
        """Whether one player alone has reached TARGET (else a game over is the hand limit)."""
        best = max(self.totals)
        return best >= TARGET and self.totals.count(best) == 1

    def tricks_won(self) -> list[int]:
        won = [0, 0]
        for t in self.tricks:
            won[t["winner"]] += 1
        return won

    def scores(self) -> list[int]:
        return self.totals[:]  # (a slice: a search asks at every move of its playouts)

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        best = max(self.totals)
        return [s for s in (0, 1) if self.totals[s] == best]

    # -- what a seat sees ----------------------------------------------------------------
    def _trick_view(self, trick: dict[str, Any]) -> dict[str, Any]:
        law = burned_by(self.laws, trick)
        return {
            "cards": [list(p) for p in trick["cards"]],
            "winner": trick["winner"],
            "win_card": trick["win_card"],
            "burned": law is not None,
            "burned_by": law,
        }

    def _last_trick_view(self) -> dict[str, Any] | None:
        """The last trick taken (this hand's, else the last hand's final trick), in the
        contract's shape, as in `tricks` otherwise (win_card, burned, burned_by)."""
        if self.tricks:
            view = self._trick_view(self.tricks[-1])
            view["hand"], view["number"] = self.hand_number, len(self.tricks)
        elif self.hand_last_trick is not None:
            view = _copy(self.hand_last_trick)
            view["number"] = view.pop("trick_number")
        else:
            return None
        view["cards"] = [{"seat": s, "card": c} for s, c in view["cards"]]
        return view

    def piles(self) -> list[list[int]]:
        """Each seat's score pile: the cards of the tricks it won that are not burned."""
        piles: list[list[int]] = [[], []]
        for t in self.tricks:
            if not is_burned(self.laws, t):
                piles[t["winner"]] += [c for _, c in t["cards"]]
        return piles

    def observation(self, seat: int) -> Observation:
        rules = self.rules()
        over = self.phase == "over"
        own_down = self.down[seat]
        pile = [c for _, c in self.trick]
        return {
            "seat": seat,
            "acting": list(self.acting()),
            "phase": self.phase,
            "target": TARGET,
            "max_hands": MAX_HANDS,
            "stopped_at_limit": over and not self.won_at_target(),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "pone": self.pone,
            "leader": self.leader,
            "turn": None if over else self.turn,
            "hand": list(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "face_down": own_down if own_down >= 0 else None,
            "face_down_placed": [d >= 0 for d in self.down],
            "fan_size": len(self.fan),
            "fan_cards": FAN_SIZE,
            "pick_size": PICK_SIZE,
            "law_cards": list(self.law_cards),
            "laws": [law_view(c) for c in self.laws],
            "illusionist_waiting": self.illusionist_waiting(),
            "replacement": dict(self.replacement) if self.replacement else None,
            "rules": rules_summary(rules),
            "bids": list(self.bids),
            "bid_needed": rules.needs_bid,
            "trick": [list(p) for p in self.trick],
            "trick_winning": trick_winning(self.trick, rules),
            "trick_number": len(self.tricks) + 1,
            "rope_top": self.trick[-1][1] if self.trick and rules.rope else None,
            "rope_guide": rope_guide(pile, rules) if pile and rules.rope else None,
            "tricks": [self._trick_view(t) for t in self.tricks],
            "tricks_won": self.tricks_won(),
            "cannot_hold": [list(f) for f in self.forbidden],
            "piles": self.piles(),
            "rope_out": self.rope_out,
            "scores": self.scores(),
            "scored_hands": [_copy(r) for r in self.scored_hands],
            "last_trick": self._last_trick_view(),
            "winners": self.winners() if over else [],
        }

    # -- determinization ---------------------------------------------------------------
    def resample(self, seat: int, rng: Rng) -> MagicTrickBakerState:
        """Redeal what `seat` cannot see: the opponent's hand and face-down card, the
        set-aside card, the fan's order and the burned card.

        Kept: `seat`'s hand and own face-down card, the Laws, every played card, and
        the cards the opponent has shown it cannot hold (`forbidden`). Among the deals
        consistent with all that, one is drawn uniformly.
        """
        new = self.clone_for_resample()
        new.rng = rng.spawn()
        opp = 1 - seat
        mine = self.down[seat]
        played = {c for t in self.tricks for _, c in t["cards"]} | {c for _, c in self.trick}
        known = set(self.hands[seat]) | played | set(self.law_cards) | {mine}
        pool = [c for c in range(NUM_CARDS) if c not in known]
        rng.shuffle(pool)
        if not self.law_cards:
            # Setup: the opponent's hand, its face-down card (if down) and the set-aside card.
            new.hands[opp] = sorted(pool[: len(self.hands[opp])])
            rest = pool[len(self.hands[opp]) :]
            if self.down[opp] >= 0:
                new.down[opp] = rest.pop()
            new.aside = rest.pop()
            if self.fan:
                new.fan = [new.aside, new.down[0], new.down[1]]
                rng.shuffle(new.fan)
            return new
        # After the pick: the opponent's hand and the burned card (unless it is mine).
        forbidden = set(self.forbidden[opp])
        size = len(self.hands[opp])
        if mine == self.burned:
            new.hands[opp] = sorted(pool)
            others = list(self.law_cards)
        else:
            burnable = [c for c in pool if not forbidden & (set(pool) - {c})]
            new.burned = rng.choice(burnable)
            new.hands[opp] = sorted(c for c in pool if c != new.burned)
            others = [c for c in self.law_cards if c != mine] + [new.burned]
        assert len(new.hands[opp]) == size
        rng.shuffle(others)
        new.down[opp], new.aside = others
        return new


def _copy(record: dict[str, Any]) -> Any:
    """A deep copy of a JSON-native record (events and observations never share state)."""
    return copy_json(record)


GAME = Game(
    id=GAME_ID,
    title="Magic Trick",
    designer="Andrew Ulysses Baker",
    min_players=2,
    max_players=2,
    pitch=(
        "A 13-card duel whose rules change every hand: "
        "two face-down cards become the Laws you play by."
    ),
    state_class=MagicTrickBakerState,
    options=(),
    default_players=2,
    trick_end=("trick",),
    hand_end=("hand_scored",),
    trick_moves=("play",),
)
MagicTrickBakerState.game = GAME
register(GAME)
