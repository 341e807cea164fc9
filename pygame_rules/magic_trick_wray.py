"""Magic Trick by Chris Wray: trick-taking where nobody sees the ranks of unplayed cards.

56 cards: 7 suits x ranks 0..7; a card is the int ``suit * 8 + rank``. Every
hand is a ROW of 14 cards sorted by rank (ties in random order). Everyone sees
the suit of every card in every row, nobody (owner included) sees the rank of a
card until it is played into a trick or put up a sleeve; it then shows its rank
at its place in the row. Moves name a position in the row, never a rank.

A turn: play a card (follow the led suit when able), then, if you have not
sleeved yet this hand, sleeve one hidden card (its rank is your bid) or pass.
Four hands of 13 tricks; tricks == bid scores +3, else -|bid - tricks|; the
prestige bonus adds +2 when the bid is met and the number of suits taken
equals the bid.

Observation fields (same for every seat, everything is public): seat, acting,
phase ("play" | "sleeve" | "over"), forced_sleeve, num_players, hand_number,
hands_total, trick_number, tricks_per_hand, dealer, leader, turn, rows (per
seat: suits, ranks (None while hidden), status ("hidden" | "played" |
"sleeved")), sleeves, bids, trick, trick_winning (the seat winning the
trick in play so far, None between tricks), led_suit, last_trick (the last trick
taken, kept into the next hand: docs/contract.md), tricks_won, suits_taken, scores,
prestige_counts, score_sheet, prestige, winners, tie_break (None, or how a tie on the
top total was settled: `tie_break`).

The module also offers pure functions of an observation for the UI and bots:
``rank_ranges`` (the exact min/max rank every hidden card can still have),
``rank_distributions`` (exact marginal probabilities) and ``sample_ranks``.
They rest on an exact counting solver (``DealSolver``), see its docstring.
"""

from __future__ import annotations

from math import factorial

from . import register
from .contract import Game, Option, State
from .rng import Rng

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from .contract import Action, Event, Observation

    Cuts = tuple[int, ...]  # a DealSolver state: how many cards of each row are ranked so far
    Transitions = Callable[[int, Cuts], list[tuple[Cuts, int]]]

GAME_ID = "magic-trick-wray"
NUM_PLAYERS = 4
NUM_SUITS = 7
NUM_RANKS = 8
DECK_SIZE = NUM_SUITS * NUM_RANKS
HAND_SIZE = DECK_SIZE // NUM_PLAYERS
HANDS_PER_GAME = NUM_PLAYERS
HEARTS = 3
BID_POINTS = 3
PRESTIGE_POINTS = 2

HIDDEN, PLAYED, SLEEVED = 0, 1, 2
# Every move, built once: a quiet copy's `legal_actions` lists these (never changed).
PLAY_MOVES: list[Action] = [{"type": "play", "pos": p} for p in range(DECK_SIZE)]
SLEEVE_MOVES: list[Action] = [{"type": "sleeve", "pos": p} for p in range(DECK_SIZE)]
PASS_MOVE: Action = {"type": "pass"}
ACTING = [(seat,) for seat in range(NUM_PLAYERS)]  # `acting()`'s answers (tuples: shared)
STATUS_NAMES = ["hidden", "played", "sleeved"]

# Suit names, symbols and colour for the UI (colour is never the only cue).
SUITS: list[dict[str, str]] = [
    {"key": "stars", "name": "Stars", "symbol": "★", "color": "#c9a000"},
    {"key": "spades", "name": "Spades", "symbol": "♠", "color": "#5a6270"},
    {"key": "moons", "name": "Moons", "symbol": "☾", "color": "#7b3fb5"},
    {"key": "hearts", "name": "Hearts", "symbol": "♥", "color": "#d32f2f"},
    {"key": "diamonds", "name": "Diamonds", "symbol": "♦", "color": "#0097a7"},
    {"key": "clubs", "name": "Clubs", "symbol": "♣", "color": "#2e7d32"},
    {"key": "triangles", "name": "Triangles", "symbol": "▲", "color": "#ef6c00"},
]
SUIT_NAMES = [s["name"] for s in SUITS]
SUIT_SYMBOLS = [s["symbol"] for s in SUITS]


# -- cards ----------------------------------------------------------------------
def make_card(suit: int, rank: int) -> int:
    return suit * NUM_RANKS + rank


def suit_of(card: int) -> int:
    return card // NUM_RANKS


def rank_of(card: int) -> int:
    return card % NUM_RANKS


def card_name(card: int) -> str:
    """Plain words for a card, e.g. "5 of Moons" or "2 of Hearts (trump)"."""
    suit = suit_of(card)
    extra = " (trump)" if suit == HEARTS else ""
    return f"{rank_of(card)} of {SUIT_NAMES[suit]}{extra}"


# -- rules as pure functions ---------------------------------------------------
def trick_winner(trick: list[list[int]]) -> int:
    """The seat winning `trick` ([seat, card] pairs, led first): top heart, else top led card.

    A trick still in play gives the seat winning it so far (the observation's
    `trick_winning`)."""
    # suit_of and rank_of written out: this runs at every trick of every playout
    led = trick[0][1] // NUM_RANKS
    best_seat, best_key = trick[0][0], -1
    for seat, card in trick:
        suit = card // NUM_RANKS
        if suit == HEARTS:
            key = 100 + card % NUM_RANKS
        elif suit == led:
            key = card % NUM_RANKS
        else:
            continue
        if key > best_key:
            best_seat, best_key = seat, key
    return best_seat


def trick_reason(trick: list[list[int]]) -> str:
    """Why `trick_winner` chose its seat, in words."""
    if any(suit_of(card) == HEARTS for _, card in trick):
        return "the highest heart wins"
    return "the highest card of the suit led wins"


def last_trick_record(
    hand_number: int, trick_number: int, trick: list[list[int]], cards: list[list[int]], winner: int
) -> dict[str, Any]:
    """The state's `last_trick`: a taken trick's [seat, pos] pairs and their [seat, card]."""
    return {
        "hand_number": hand_number,
        "trick_number": trick_number,
        "cards": [
            {"seat": seat, "pos": pos, "card": card} for (seat, pos), (_, card) in zip(trick, cards)
        ],
        "winner": winner,
    }


def hand_points(bid: int, tricks: int, suits: int, prestige: bool) -> tuple[int, bool]:
    """Points for one hand and whether the prestige bonus was earned."""
    if bid != tricks:
        return -abs(bid - tricks), False
    bonus = prestige and suits == bid
    return BID_POINTS + (PRESTIGE_POINTS if bonus else 0), bonus


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def suits_in(mask: int) -> list[int]:
    return [s for s in range(NUM_SUITS) if mask >> s & 1]


# -- the deal solver -------------------------------------------------------------
class DealSolver:
    """Exact counting of the deals consistent with the public rows.

    A deal is fixed by where each row switches rank: rank r occupies one
    contiguous block of every row (rows are sorted), and the rank-r blocks of
    all rows together hold each suit exactly once (the deck has one card of
    every suit and rank). So we walk the ranks 0, 1, ...; a state is the tuple
    of cut positions (how many cards of each row have rank <= r). A transition
    picks the next block in every row; revealed cards pin their block. Forward
    and backward sums over this layered graph give exact counts, exact
    marginals and exact sampling.

    Weighting: with ``weighted`` (the default) a deal counts prod 1/m! over the
    rank blocks of every row (m = block length): that is its true probability
    given a uniform shuffle and a uniformly random order among equal ranks, so
    samples follow the real posterior. Without it every consistent deal counts
    once (uniform over deals).

    Narrowing: given `base`, a solver of the same rows with fewer cards revealed, the graph
    is `base`'s with the transitions that contradict a newly revealed card dropped (a
    build enumerates every candidate block: 5-10 times the cost on a position one card on).
    The result is the graph a build makes, in the same order, so samples are the same.
    """

    def __init__(
        self,
        suits: list[list[int]],
        known: list[list[int]],
        num_suits: int = NUM_SUITS,
        num_ranks: int = NUM_RANKS,
        weighted: bool = True,
        base: DealSolver | None = None,
    ) -> None:
        self.suits = [list(r) for r in suits]
        self.known = [list(r) for r in known]
        self.num_ranks = num_ranks
        self.full_mask = (1 << num_suits) - 1
        top = factorial(num_suits)
        self.block_weight = [top // factorial(k) if weighted else 1 for k in range(num_suits + 1)]
        self._distributions: list[list[list[float]]] | None = None  # computed on demand
        self._ranges: list[list[list[int]]] | None = None
        # _combos' and _tails' answers while the graph is built (see _blocks)
        self._combo_cache: dict[tuple[int, int, tuple[int, ...]], list[Any]] = {}
        self._tail_cache: dict[tuple[int, int, tuple[int, ...]], dict[int, list[Any]]] = {}
        self._prepare()
        if base is None:
            self._forward(self._blocks)
        else:
            self._forward(self._narrowing(base))

    # The layered graph ---------------------------------------------------------
    def _prepare(self) -> None:
        """Per rank: suits pinned by revealed cards, and the end each row's block must reach."""
        rows = len(self.suits)
        self.pinned = [0] * self.num_ranks
        self.min_end = [[0] * self.num_ranks for _ in range(rows)]
        for i in range(rows):
            for j, rank in enumerate(self.known[i]):
                if rank >= 0:
                    self.pinned[rank] |= 1 << self.suits[i][j]
                    self.min_end[i][rank] = j + 1

    def _blocks(self, rank: int, start: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Every (next cut tuple, weight) taking the rank-`rank` block in all rows from `start`,
        in the order of the cut tuples (row 0's end first, each ascending).

        Meet in the middle: the first half of the rows' blocks are walked in order, and the
        second half's are looked up by the suits they must hold together (the rank's blocks
        hold every suit once). Both halves are kept while the graph is built: a layer's
        states share them."""
        half = len(start) // 2
        heads = self._combos(rank, 0, start[:half])
        tails = self._tails(rank, half, start[half:])
        full = self.full_mask
        results: list[tuple[tuple[int, ...], int]] = []
        for ends, mask, weight in heads:
            for tail_ends, tail_weight in tails.get(full ^ mask, ()):
                results.append((ends + tail_ends, weight * tail_weight))
        return results

    def _combos(
        self, rank: int, first: int, starts: tuple[int, ...]
    ) -> list[tuple[tuple[int, ...], int, int]]:
        """Every (ends, suit mask, weight) of disjoint rank-`rank` blocks of rows first.. from
        `starts`, in the order of the ends (lexicographic)."""
        key = (rank, first, starts)
        combos = self._combo_cache.get(key)
        if combos is None:
            if not starts:
                combos = [((), 0, 1)]
            elif len(starts) == 1:
                blocks = self._row_blocks(first, rank, starts[0])
                combos = [((end,), mask, weight) for end, mask, weight in blocks]
            else:  # the rows before the last (kept: states share them), then the last row
                last = len(starts) - 1
                options = self._combos(rank, first + last, starts[last:])
                combos = [
                    (ends + more, used | mask, weight * more_weight)
                    for ends, used, weight in self._combos(rank, first, starts[:last])
                    for more, mask, more_weight in options
                    if not used & mask
                ]
            self._combo_cache[key] = combos
        return combos

    def _tails(
        self, rank: int, first: int, starts: tuple[int, ...]
    ) -> dict[int, list[tuple[tuple[int, ...], int]]]:
        """`_combos` of rows first.. grouped by their suit mask (each group in order)."""
        key = (rank, first, starts)
        tails = self._tail_cache.get(key)
        if tails is None:
            tails = {}
            for ends, mask, weight in self._combos(rank, first, starts):
                group = tails.get(mask)
                if group is None:
                    tails[mask] = [(ends, weight)]
                else:
                    group.append((ends, weight))
            self._tail_cache[key] = tails
        return tails

    def _row_blocks(self, i: int, rank: int, p: int) -> list[tuple[int, int, int]]:
        """Every (end, suit mask, weight) of a rank-`rank` block of row i starting at p: no
        suit twice, none pinned elsewhere, no other revealed rank, every revealed card of
        this rank inside."""
        suits, known = self.suits[i], self.known[i]
        pinned = self.pinned[rank]
        need = self.min_end[i][rank]
        blocks = []
        j, mask = p, 0
        while True:
            if j >= need:
                blocks.append((j, mask, self.block_weight[j - p]))
            if j == len(suits):
                return blocks
            r = known[j]
            bit = 1 << suits[j]
            if r == rank:
                mask |= bit
            elif r >= 0 or (mask | pinned) & bit:
                return blocks
            else:
                mask |= bit
            j += 1

    def _narrowing(self, base: DealSolver) -> Transitions:
        """`_blocks` answered from `base`'s graph: its transitions from a state, in the order
        of the cut tuples, but those that put a card revealed here (not in `base`) outside
        its rank's block, or another rank's block over it."""
        revealed = [
            (i, j, rank)
            for i, row in enumerate(self.known)
            for j, rank in enumerate(row)
            if rank >= 0 and base.known[i][j] < 0
        ]
        weights = self.block_weight
        outgoing: list[dict[Cuts, list[Cuts]] | None] = [None] * len(base.incoming)

        def transitions(rank: int, state: Cuts) -> list[tuple[Cuts, int]]:
            found = outgoing[rank]
            if found is None:  # base's layer, by source state, each in the cut tuples' order
                found = {}
                for target, (preds, _) in base.incoming[rank].items():
                    for pred in preds:
                        targets = found.get(pred)
                        if targets is None:
                            found[pred] = [target]
                        else:
                            targets.append(target)
                for targets in found.values():
                    targets.sort()
                outgoing[rank] = found
            results = []
            for target in found.get(state, ()):
                if all((state[i] <= j < target[i]) == (r == rank) for i, j, r in revealed):
                    weight = 1
                    for i in range(len(state)):
                        weight *= weights[target[i] - state[i]]
                    results.append((target, weight))
            return results

        return transitions

    def _forward(self, transitions: Transitions) -> None:
        """Forward counts per layer, and each state's incoming transitions for sampling;
        `transitions(rank, state)`: the (next state, weight) of the rank's blocks from a
        state, in the order of the cut tuples (`_blocks`, or `_narrowing`'s)."""
        start = tuple(0 for _ in self.suits)
        layer: dict[tuple[int, ...], int] = {start: 1}
        order = [start]  # the layer's states in the order found (dicts may not keep it)
        self.layers: list[dict[tuple[int, ...], int]] = [layer]
        # incoming[r][state] = (predecessors, cumulative forward*weight)
        self.incoming: list[dict[tuple[int, ...], tuple[list[tuple[int, ...]], list[int]]]] = []
        for rank in range(self.num_ranks):
            nxt: dict[tuple[int, ...], int] = {}
            nxt_order = []
            edges: dict[tuple[int, ...], tuple[list[tuple[int, ...]], list[int]]] = {}
            for state in order:
                count = layer[state]
                for target, weight in transitions(rank, state):
                    mass = count * weight
                    entry = edges.get(target)
                    if entry is None:
                        nxt[target] = mass
                        nxt_order.append(target)
                        edges[target] = ([state], [mass])
                    else:
                        nxt[target] += mass
                        entry[0].append(state)
                        entry[1].append(entry[1][-1] + mass)
            layer, order = nxt, nxt_order
            self.layers.append(layer)
            self.incoming.append(edges)
        self._combo_cache, self._tail_cache = {}, {}  # only the walk needs them
        self.final = tuple(len(r) for r in self.suits)
        self.total = layer.get(self.final, 0)

    # Queries ---------------------------------------------------------------------
    def sample_cuts(self, rng: Rng) -> list[tuple[int, ...]]:
        """Cut tuples after ranks -1..R-1 of one deal drawn with probability weight/total."""
        if not self.total:
            raise ValueError("no deal is consistent with the public information")
        cuts = [self.final]
        state = self.final
        for rank in range(self.num_ranks - 1, -1, -1):
            preds, cumulative = self.incoming[rank][state]
            x = _below_big(rng, cumulative[-1])
            lo, hi = 0, len(cumulative)  # bisect_right: the first entry above x
            while lo < hi:
                mid = (lo + hi) // 2
                if x < cumulative[mid]:
                    hi = mid
                else:
                    lo = mid + 1
            state = preds[lo]
            cuts.append(state)
        cuts.reverse()
        return cuts

    def sample_ranks(self, rng: Rng) -> list[list[int]]:
        """The rank of every position of every row in one sampled deal."""
        cuts = self.sample_cuts(rng)
        ranks = [[0] * len(r) for r in self.suits]
        for rank in range(self.num_ranks):
            before, after = cuts[rank], cuts[rank + 1]
            for i, row in enumerate(ranks):
                for j in range(before[i], after[i]):
                    row[j] = rank
        return ranks

    def distributions(self) -> list[list[list[float]]]:
        """P(position has rank r) for every row, position and rank (exact, as floats);
        computed once per solver (callers must not change the lists)."""
        if self._distributions is None:
            self._distributions = self._compute_distributions()
        return self._distributions

    def _compute_distributions(self) -> list[list[list[float]]]:
        if not self.total:
            raise ValueError("no deal is consistent with the public information")
        back: dict[tuple[int, ...], int] = {self.final: 1}
        mass = [[[0] * self.num_ranks for _ in r] for r in self.suits]
        for rank in range(self.num_ranks - 1, -1, -1):
            prev_back: dict[tuple[int, ...], int] = {}
            forward = self.layers[rank]
            for target, below in back.items():
                preds, cumulative = self.incoming[rank][target]
                last = 0
                for state, cum in zip(preds, cumulative):
                    edge = cum - last  # forward(state) * weight
                    last = cum
                    flow = edge * below
                    weight = edge // forward[state]
                    prev_back[state] = prev_back.get(state, 0) + weight * below
                    for i, row in enumerate(mass):
                        for j in range(state[i], target[i]):
                            row[j][rank] += flow
            back = prev_back
        total = self.total
        return [[[m / total for m in pos] for pos in row] for row in mass]

    def ranges(self) -> list[list[list[int]]]:
        """[min, max] possible rank of every position of every row (exact): the ranks of the
        blocks on some path through the layered graph (a walk back from the end; no counts).
        Computed once per solver (callers must not change the lists)."""
        if self._ranges is None:
            self._ranges = self._compute_ranges()
        return self._ranges

    def _compute_ranges(self) -> list[list[list[int]]]:
        if not self.total:
            raise ValueError("no deal is consistent with the public information")
        low = [[self.num_ranks] * len(r) for r in self.suits]
        high = [[-1] * len(r) for r in self.suits]
        reachable = [self.final]
        for rank in range(self.num_ranks - 1, -1, -1):
            before: dict[tuple[int, ...], bool] = {}
            for target in reachable:
                for state in self.incoming[rank][target][0]:
                    before[state] = True
                    for i in range(len(state)):
                        for j in range(state[i], target[i]):
                            if rank < low[i][j]:
                                low[i][j] = rank
                            if rank > high[i][j]:
                                high[i][j] = rank
            reachable = list(before)
        return [[[lo, hi] for lo, hi in zip(lows, highs)] for lows, highs in zip(low, high)]


def _below_big(rng: Rng, n: int) -> int:
    """A uniform int in [0, n) for any n >= 1 (rejection on whole 64-bit words)."""
    if n < 1 << 32:
        return rng.below(n)
    bits = len(bin(n)) - 2  # n.bit_length() (n >= 1)
    words = (bits + 63) // 64
    while True:
        x = 0
        for _ in range(words):
            x = x << 64 | rng.next64()
        x >>= words * 64 - bits
        if x < n:
            return x


_SOLVER_CACHE: dict[tuple[Any, ...], DealSolver] = {}
_SOLVER_CACHE_SIZE = 4


def solver_for(suits: list[list[int]], known: list[list[int]], weighted: bool = True) -> DealSolver:
    """A (cached) DealSolver for the standard deck; the key is the public information. A
    cached solver of the same hand with fewer cards revealed is narrowed, not rebuilt."""
    key = (tuple(map(tuple, suits)), tuple(map(tuple, known)), weighted)
    solver = _SOLVER_CACHE.get(key)
    if solver is None:
        base = _narrowest_base(key)
        solver = DealSolver(suits, known, weighted=weighted, base=base)
        if len(_SOLVER_CACHE) >= _SOLVER_CACHE_SIZE:
            del _SOLVER_CACHE[next(iter(_SOLVER_CACHE))]
        _SOLVER_CACHE[key] = solver
    return solver


def _narrowest_base(key: tuple[Any, ...]) -> DealSolver | None:
    """The cached solver of the same rows and weighting whose revealed cards are all revealed
    alike in `key` (`solver_for`'s), with the most of them; None if there is none."""
    suits, known, weighted = key
    best, most = None, -1
    for (other_suits, other_known, other_weighted), solver in _SOLVER_CACHE.items():
        if other_suits == suits and other_weighted == weighted:
            count = _revealed_alike(other_known, known)
            if count is not None and count > most:
                best, most = solver, count
    return best


def _revealed_alike(fewer: Sequence[Sequence[int]], more: Sequence[Sequence[int]]) -> int | None:
    """How many cards `fewer` (known ranks, -1 hidden) reveals, if `more` reveals each of them
    with the same rank; else None."""
    count = 0
    for row, other in zip(fewer, more):
        for rank, other_rank in zip(row, other):
            if rank >= 0:
                if rank != other_rank:
                    return None
                count += 1
    return count


def _public_rows(observation: Observation) -> tuple[list[list[int]], list[list[int]]]:
    """Suits and known ranks (-1 while hidden) of every row in an observation."""
    suits = [list(row["suits"]) for row in observation["rows"]]
    known = [[-1 if r is None else r for r in row["ranks"]] for row in observation["rows"]]
    return suits, known


def rank_ranges(observation: Observation) -> list[list[list[int] | None]]:
    """For every row and position: [min, max] rank the hidden card can still have, else None.

    Exact: min and max are the lowest and highest rank the card has in some deal
    consistent with all public information (suits per position, sorted rows,
    revealed cards, one card of each suit and rank). This is the UI's deduction aid;
    `rank_distributions` gives the probability of every rank.
    """
    suits, known = _public_rows(observation)
    # The weighted solver has the same possible deals as the unweighted one (every weight is
    # positive) and costs about as much to build; sharing it (solver_for's cache) means the
    # bots' `rank_distributions` of the same position builds nothing more.
    ranges = solver_for(suits, known).ranges()
    return [
        [None if known[i][j] >= 0 else ranges[i][j] for j in range(len(suits[i]))]
        for i in range(len(suits))
    ]


def rank_distributions(observation: Observation) -> list[list[list[float] | None]]:
    """For every row and position: the probability of each rank (hidden cards), else None."""
    suits, known = _public_rows(observation)
    dist = solver_for(suits, known).distributions()
    return [
        [None if known[i][j] >= 0 else dist[i][j] for j in range(len(suits[i]))]
        for i in range(len(suits))
    ]


def sample_ranks(observation: Observation, rng: Rng) -> list[list[int]]:
    """The ranks of all positions in one deal drawn from the posterior given `observation`."""
    suits, known = _public_rows(observation)
    return solver_for(suits, known).sample_ranks(rng)


# -- the state -----------------------------------------------------------------------
class MagicTrickWrayState(State):
    """A game of Magic Trick; all data JSON-native (see the module docstring).

    rows[seat] are card ints in row order (fixed for the hand); status[seat][pos]
    is HIDDEN, PLAYED or SLEEVED; trick is [seat, pos] pairs, led first.
    """

    APPEND_ONLY = ("score_sheet",)  # a hand's record is never changed once on the sheet
    FLAT_LISTS = ("totals", "prestige_counts", "sleeve", "tricks_won", "suit_masks")
    NESTED_LISTS = ("rows", "status", "trick")

    def setup(self) -> None:
        n = self.num_players
        self.hand_number = 0
        self.dealer = self.rng.below(n)
        self.totals = [0] * n
        self.prestige_counts = [0] * n
        self.score_sheet: list[dict[str, Any]] = []
        self.phase = "play"
        # Kept across hands: the last trick played (`last_trick_record`; a quiet copy keeps
        # its arguments instead, a tuple: `_last_trick_record`)
        self.last_trick: dict[str, Any] | tuple[Any, ...] | None = None
        self._deal()

    def _deal(self) -> None:
        """Shuffle, deal 14 each, sort each row by rank (equal ranks stay in shuffled order)."""
        n = self.num_players
        deck = list(range(DECK_SIZE))
        self.rng.shuffle(deck)
        self.hand_number += 1
        self.rows = []
        for s in range(n):
            hand = deck[HAND_SIZE * s : HAND_SIZE * (s + 1)]
            # By rank, ties by position (MicroPython's sort is not stable): one int per
            # card, rank * HAND_SIZE + position, sorts alike and faster than pairs (and
            # rank_of written out: a search deals once per playout).
            keys = [card % NUM_RANKS * HAND_SIZE + i for i, card in enumerate(hand)]
            keys.sort()
            self.rows.append([hand[key % HAND_SIZE] for key in keys])
        self.status = [[HIDDEN] * len(row) for row in self.rows]
        self.sleeve = [-1] * n
        self.tricks_won = [0] * n
        self.suit_masks = [0] * n
        self.trick: list[list[int]] = []
        self.trick_number = 1
        self.leader = self.turn = (self.dealer + 1) % n
        self.phase = "play"

    def clone(self) -> MagicTrickWrayState:
        """The contract's independent copy, made by this state's known shape (the search
        clones once per playout; the generic walk costs about twice as much). Every field
        is copied as it is, then each mutable one is replaced by a copy; `last_trick` and
        the score sheet's records are never changed in place, only replaced or appended."""
        new = object.__new__(type(self))
        for name, value in self.__dict__.items():
            setattr(new, name, value)  # the rest: ints, strings, None, bools (`quiet`)
        new.options = dict(self.options)
        new.rng = Rng(self.rng.state)
        new.totals = list(self.totals)
        new.prestige_counts = list(self.prestige_counts)
        new.score_sheet = list(self.score_sheet)
        new.rows = [list(row) for row in self.rows]
        if self._suit_table is not None and self._suit_table[0] is self.rows:
            new._suit_table = (new.rows, self._suit_table[1])  # the same suits: shared
        new.status = [list(status) for status in self.status]
        new.sleeve = list(self.sleeve)
        new.tricks_won = list(self.tricks_won)
        new.suit_masks = list(self.suit_masks)
        new.trick = [list(card) for card in self.trick]
        return new

    # -- helpers ---------------------------------------------------------------
    def _last_trick_record(self) -> dict[str, Any] | None:
        """`last_trick` as a record, also on a quiet copy (which builds none per trick)."""
        last = self.last_trick
        if type(last) is tuple:
            return last_trick_record(*last)
        return last  # type: ignore[return-value]

    # `_read_suits`' table and the rows it was read from (not saved: read again at need)
    _suit_table: tuple[list[list[int]], list[list[list[int]]]] | None = None

    def _read_suits(self) -> tuple[list[list[int]], list[list[list[int]]]]:
        """`_suit_table` read from the rows: per seat and suit, the positions of the suit's
        cards in the seat's row, ascending (the led suit's cards at once: a row is sorted by
        rank). Kept while `rows` is the same list: its suits are fixed for the hand (a
        resample redraws ranks only); `legal_actions` checks that before reading it."""
        positions = []
        for row in self.rows:
            by_suit: list[list[int]] = [[] for _ in range(NUM_SUITS)]
            for p, card in enumerate(row):
                by_suit[card // NUM_RANKS].append(p)
            positions.append(by_suit)
        self._suit_table = (self.rows, positions)
        return self._suit_table

    def _fields(self) -> dict[str, Any]:
        data = super()._fields()
        data.pop("_suit_table", None)
        data["last_trick"] = self._last_trick_record()  # in place: the fields keep their order
        return data

    def open_hands(self) -> list[list[int]]:
        """Each seat's hidden cards, in row order (a finished hand's replay only)."""
        return [
            [c for c, st in zip(row, status) if st == HIDDEN]
            for row, status in zip(self.rows, self.status)
        ]

    def hidden_positions(self, seat: int) -> list[int]:
        status = self.status[seat]
        return [p for p in range(len(status)) if status[p] == HIDDEN]

    def led_suit(self) -> int | None:
        if not self.trick:
            return None
        seat, pos = self.trick[0]
        return suit_of(self.rows[seat][pos])

    def sleeve_forced(self) -> bool:
        """True when the sleeving seat has exactly one hidden card left (no pass)."""
        return self.phase == "sleeve" and self.status[self.turn].count(HIDDEN) == 1

    # -- contract ------------------------------------------------------------------
    def acting(self) -> tuple[int, ...]:
        return () if self.phase == "over" else ACTING[self.turn]

    def legal_actions(self, seat: int) -> list[Action]:
        """Play: a hidden card, of the led suit when `seat` holds one. Sleeve: any hidden
        card, or pass while more than one is left. (The moves are listed straight from the
        rows: a playout asks at every step.) A quiet copy lists the shared moves
        (`PLAY_MOVES`...: read-only, docs/contract.md "A search's copies"); any other
        state, fresh copies of them (a caller may keep and change its moves)."""
        phase = self.phase
        if seat != self.turn or phase == "over":
            return []
        status = self.status[seat]
        moves: list[Action] = []
        if phase == "play":
            trick = self.trick
            if trick:
                lead_seat, lead_pos = trick[0]
                led = self.rows[lead_seat][lead_pos] // NUM_RANKS  # suit_of, written out
                table = self._suit_table
                if table is None or table[0] is not self.rows:
                    table = self._read_suits()
                moves = [PLAY_MOVES[p] for p in table[1][seat][led] if status[p] == HIDDEN]
            if not moves:  # a lead, or void in the led suit
                moves = [PLAY_MOVES[p] for p in range(len(status)) if status[p] == HIDDEN]
        else:
            moves = [SLEEVE_MOVES[p] for p in range(len(status)) if status[p] == HIDDEN]
            if len(moves) > 1:
                moves.append(PASS_MOVE)
        return moves if self.quiet else [move.copy() for move in moves]

    def why_illegal(self, seat: int, action: Any) -> str:
        """Plain-words reasons for the common mistakes, else the generic message."""
        if type(seat) is not int or seat not in self.acting() or not isinstance(action, dict):
            return super().why_illegal(seat, action)
        kind = action.get("type")
        pos = action.get("pos")
        if self.phase == "play" and kind in ("sleeve", "pass"):
            if SLEEVED in self.status[seat]:
                return "you already have a card up your sleeve this hand: play a card"
            return "play a card into the trick first; you may sleeve a card right after"
        if self.phase == "sleeve" and kind == "play":
            if self.sleeve_forced():
                return "you already played: now your last hidden card goes up your sleeve"
            return "you already played: now sleeve a hidden card or pass"
        if self.phase == "sleeve" and kind == "pass" and self.sleeve_forced():
            return "your last hidden card must go up your sleeve (you cannot pass)"
        if kind in ("play", "sleeve"):
            if not isinstance(pos, int) or isinstance(pos, bool):
                return 'name the card by its position in your row, e.g. {"type": "play", "pos": 3}'
            if not 0 <= pos < len(self.rows[seat]):
                return f"there is no card at position {pos} of your row"
            status = self.status[seat][pos]
            if status == PLAYED:
                return "that card has already been played"
            if status == SLEEVED:
                return "that card is up your sleeve: it is never played"
            if kind == "play":
                led = self.led_suit()
                if led is not None and suit_of(self.rows[seat][pos]) != led:
                    return f"you must follow suit: you hold a {SUIT_NAMES[led]} card"
        return super().why_illegal(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "play":  # a playout's most frequent move: played here, in one call
            pos = action["pos"]
            self.status[seat][pos] = PLAYED
            trick = self.trick
            trick.append([seat, pos])
            events: list[Event] = [] if self.quiet else [self._play_event(seat, pos)]
            if self.sleeve[seat] < 0:
                self.phase = "sleeve"
                if not self.quiet and self.sleeve_forced():
                    events.append({"type": "forced_sleeve", "seat": seat})
            elif len(trick) < self.num_players:  # `_advance`, the phase still "play"
                self.turn = (seat + 1) % self.num_players
            else:
                self._resolve_trick(events)
            return events
        if kind == "sleeve":
            return self._apply_sleeve(seat, action["pos"])
        passed: list[Event] = [] if self.quiet else [{"type": "pass", "seat": seat}]
        return self._advance(seat, passed)

    # On a quiet copy (State.quiet: a search's playout) the moves change the state exactly
    # as they always do but build no events (the search runs about 13% faster).
    def _play_event(self, seat: int, pos: int) -> Event:
        card = self.rows[seat][pos]
        return {
            "type": "play",
            "seat": seat,
            "pos": pos,
            "card": card,
            "suit": suit_of(card),
            "rank": rank_of(card),
            "trick_number": self.trick_number,
        }

    def _apply_sleeve(self, seat: int, pos: int) -> list[Event]:
        events: list[Event] = []
        if not self.quiet:  # the event first: `forced` is the state's before the move
            card = self.rows[seat][pos]
            events.append(
                {
                    "type": "sleeve",
                    "seat": seat,
                    "pos": pos,
                    "card": card,
                    "suit": suit_of(card),
                    "rank": rank_of(card),
                    "forced": self.sleeve_forced(),
                }
            )
        self.status[seat][pos] = SLEEVED
        self.sleeve[seat] = pos
        return self._advance(seat, events)

    def _advance(self, seat: int, events: list[Event]) -> list[Event]:
        """After `seat`'s turn: next player, or resolve the trick (and maybe the hand);
        `events`, the turn's so far, with the trick's (and hand's) appended."""
        self.phase = "play"
        if len(self.trick) < self.num_players:
            self.turn = (seat + 1) % self.num_players
            return events
        self._resolve_trick(events)
        return events

    def _resolve_trick(self, events: list[Event]) -> None:
        """Give the trick to its winner and record it as the last trick; append its events
        (unless quiet) to `events`."""
        rows = self.rows
        cards = [[s, rows[s][p]] for s, p in self.trick]
        winner = trick_winner(cards)
        self.tricks_won[winner] += 1
        taken = 0
        for _, card in cards:
            taken |= 1 << card // NUM_RANKS
        self.suit_masks[winner] |= taken
        if self.quiet:  # kept raw: `_last_trick_record` builds the record where it is read
            self.last_trick = (self.hand_number, self.trick_number, self.trick, cards, winner)
        else:
            self.last_trick = last_trick_record(
                self.hand_number, self.trick_number, self.trick, cards, winner
            )
            events.append(
                {
                    "type": "trick",
                    "trick_number": self.trick_number,
                    "winner": winner,
                    "reason": trick_reason(cards),
                    "cards": cards,
                }
            )
        self.trick = []
        self.leader = self.turn = winner
        for status in self.status:  # a hidden card anywhere: the hand goes on
            if HIDDEN in status:
                self.trick_number += 1
                return
        self._end_hand(events)

    def _end_hand(self, events: list[Event]) -> None:
        """Score the hand, record it on the sheet, then deal the next hand or end the game;
        append the events (unless quiet) to `events`."""
        prestige = self.options["prestige"]
        # A rollout that ends here (`playout_ends_at_scoring`: every seat's total changes, a
        # made bid scores, a missed one loses) reads only the totals and prestige counts, and
        # the sheet's last hand once the game is over (`winners`): no sheet, no next deal.
        sheet_read = not self.playout_ends_at_scoring or self.hand_number >= HANDS_PER_GAME
        results = []
        for s in range(self.num_players):
            bid = rank_of(self.rows[s][self.sleeve[s]])
            tricks = self.tricks_won[s]
            suits = popcount(self.suit_masks[s])
            points, bonus = hand_points(bid, tricks, suits, prestige)
            self.totals[s] += points
            self.prestige_counts[s] += bonus
            if not sheet_read:
                continue
            results.append(
                {
                    "seat": s,
                    "bid": bid,
                    "tricks": tricks,
                    "suits": suits,
                    "made": bid == tricks,
                    "prestige": bonus,
                    "points": points,
                    "total": self.totals[s],
                }
            )
        if not sheet_read:
            return
        record = {"hand": self.hand_number, "dealer": self.dealer, "results": results}
        self.score_sheet.append(record)
        quiet = self.quiet
        if not quiet:
            scored: Event = {"type": "hand_scored"}
            scored.update(_copy_record(record))
            events.append(scored)
        if self.hand_number >= HANDS_PER_GAME:
            self.phase = "over"
            if not quiet:
                events.append(
                    {
                        "type": "game_over",
                        "winners": self.winners(),
                        "scores": self.scores(),
                        "tie_break": self.tie_break(),
                    }
                )
            return
        self.dealer = (self.dealer + 1) % self.num_players
        self._deal()
        if not quiet:
            events.append(
                {
                    "type": "deal",
                    "hand": self.hand_number,
                    "dealer": self.dealer,
                    "leader": self.leader,
                }
            )

    def scores(self) -> list[int]:
        return list(self.totals)

    def winners(self) -> list[int]:
        """Top total; ties: more prestige bonuses (option on) or the last-hand tie-break (off)."""
        if self.phase != "over":
            return []
        best = max(self.totals)
        tied = [s for s, t in enumerate(self.totals) if t == best]
        if len(tied) == 1:
            return tied
        if self.options["prestige"]:
            most = max(self.prestige_counts[s] for s in tied)
            return [s for s in tied if self.prestige_counts[s] == most]
        last = self.score_sheet[-1]["results"]
        made = [s for s in tied if last[s]["made"]]
        if not made:
            return tied
        fewest = min(last[s]["tricks"] for s in made)
        return [s for s in made if last[s]["tricks"] == fewest]

    def tie_break(self) -> dict[str, Any] | None:
        """How `winners` settled a tie on the top total: None when one seat had it alone (or
        the game is not over); else `tied` (the seats on the top total), `by` ("prestige":
        more prestige bonuses, `prestige_counts`; "last_hand": made the bid in the last
        hand with the fewest tricks, the score sheet's last hand) and `shared` (still tied
        after it: the winners share the victory)."""
        if self.phase != "over":
            return None
        best = max(self.totals)
        tied = [s for s, t in enumerate(self.totals) if t == best]
        if len(tied) == 1:
            return None
        by = "prestige" if self.options["prestige"] else "last_hand"
        return {"tied": tied, "by": by, "shared": len(self.winners()) > 1}

    def observation(self, seat: int) -> Observation:
        rows = []
        for s in range(self.num_players):
            row, status = self.rows[s], self.status[s]
            rows.append(
                {
                    "suits": [suit_of(c) for c in row],
                    "ranks": [None if st == HIDDEN else rank_of(c) for c, st in zip(row, status)],
                    "status": [STATUS_NAMES[st] for st in status],
                }
            )
        sleeves: list[dict[str, int] | None] = []
        for s in range(self.num_players):
            pos = self.sleeve[s]
            if pos < 0:
                sleeves.append(None)
            else:
                card = self.rows[s][pos]
                sleeves.append({"pos": pos, "suit": suit_of(card), "rank": rank_of(card)})
        trick = []
        for s, p in self.trick:
            card = self.rows[s][p]
            trick.append({"seat": s, "pos": p, "suit": suit_of(card), "rank": rank_of(card)})
        # Played cards are face up: everyone sees who is winning the trick so far.
        pairs = [[s, self.rows[s][p]] for s, p in self.trick]
        winning = trick_winner(pairs) if pairs else None
        last = None
        record = self._last_trick_record()
        if record is not None:
            last = {
                "cards": [{"seat": c["seat"], "card": c["card"]} for c in record["cards"]],
                "winner": record["winner"],
                "hand": record["hand_number"],
                "number": record["trick_number"],
            }
        over = self.phase == "over"
        return {
            "seat": seat,
            "acting": list(self.acting()),
            "phase": self.phase,
            "forced_sleeve": self.sleeve_forced(),
            "num_players": self.num_players,
            "hand_number": self.hand_number,
            "hands_total": HANDS_PER_GAME,
            "trick_number": self.trick_number,
            "tricks_per_hand": HAND_SIZE - 1,
            "dealer": self.dealer,
            "leader": self.leader,
            "turn": None if over else self.turn,
            "rows": rows,
            "sleeves": sleeves,
            "bids": [None if sl is None else sl["rank"] for sl in sleeves],
            "trick": trick,
            "trick_winning": winning,
            "led_suit": self.led_suit(),
            "last_trick": last,
            "tricks_won": list(self.tricks_won),
            "suits_taken": [suits_in(m) for m in self.suit_masks],
            "scores": self.scores(),
            "prestige_counts": list(self.prestige_counts),
            "score_sheet": [_copy_record(r) for r in self.score_sheet],
            "prestige": self.options["prestige"],
            "winners": self.winners() if over else [],
            "tie_break": self.tie_break(),
        }

    # -- determinization ---------------------------------------------------------------
    def public_rows(self) -> tuple[list[list[int]], list[list[int]]]:
        """Suits of every row and the revealed ranks (-1 where hidden)."""
        # suit_of and rank_of written out: a search resamples up to once in five playouts
        suits = [[c // NUM_RANKS for c in row] for row in self.rows]
        known = [
            [c % NUM_RANKS if st != HIDDEN else -1 for c, st in zip(row, status)]
            for row, status in zip(self.rows, self.status)
        ]
        return suits, known

    def resample(self, seat: int, rng: Rng) -> MagicTrickWrayState:
        """Redraw every hidden rank (the observer's own too) from the exact posterior."""
        new = self.clone_for_resample()
        if self.phase != "over":
            suits, known = self.public_rows()
            ranks = solver_for(suits, known).sample_ranks(rng)
            for row, status, row_suits, row_ranks in zip(new.rows, new.status, suits, ranks):
                for p in range(len(row)):
                    if status[p] == HIDDEN:  # make_card, written out
                        row[p] = row_suits[p] * NUM_RANKS + row_ranks[p]
        new.rng = rng.spawn()
        return new


def _copy_record(record: dict[str, Any]) -> Any:
    """A deep copy of a score-sheet record (JSON-native; for an event or an observation)."""
    return {
        "hand": record["hand"],
        "dealer": record["dealer"],
        "results": [dict(r) for r in record["results"]],
    }


GAME = Game(
    id=GAME_ID,
    title="Magic Trick",
    designer="Chris Wray",
    min_players=NUM_PLAYERS,
    max_players=NUM_PLAYERS,
    pitch=(
        "Trick-taking where nobody sees the ranks of unplayed cards, only their suits; "
        "put one card up your sleeve as your bid."
    ),
    state_class=MagicTrickWrayState,
    options=(
        Option(
            "prestige",
            "Prestige bonus",
            True,
            help="+2 when you make your bid and took exactly as many suits as your bid.",
        ),
    ),
    default_players=NUM_PLAYERS,
    trick_end=("trick",),
    hand_end=("hand_scored",),
    trick_moves=("play",),
)
MagicTrickWrayState.game = GAME
register(GAME)
