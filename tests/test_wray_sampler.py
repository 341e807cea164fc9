"""Magic Trick (Wray) deal solver: exact counts, rank ranges, marginals and sampling.

Everything is checked against brute-force enumeration on small constrained
cases: real 56-card deals with most cards revealed, and tiny decks.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from math import factorial, sqrt

import pytest

import pygame_rules
from pygame_rules import Rng
from pygame_rules.magic_trick_wray import (
    DECK_SIZE,
    DealSolver,
    rank_distributions,
    rank_of,
    rank_ranges,
    sample_ranks,
    suit_of,
)

GAME = pygame_rules.get_game("magic-trick-wray")

Case = tuple[list[list[int]], list[list[int]]]


# -- brute force ---------------------------------------------------------------------
def deal_weight(ranks: list[list[int]]) -> Fraction:
    """Probability weight of a full deal: prod 1/m! over equal-rank runs of every row."""
    weight = Fraction(1)
    for row in ranks:
        for m in Counter(row).values():
            weight /= factorial(m)
    return weight


def enumerate_deals(
    suits: list[list[int]], known: list[list[int]], num_suits: int = 7, num_ranks: int = 8
) -> list[tuple[tuple[tuple[int, ...], ...], Fraction]]:
    """Every full rank assignment consistent with the public rows, with its weight.

    Plain backtracking over the hidden positions (row by row, left to right): each
    takes an unused rank of its suit, not below the card on its left and not above
    the next revealed card on its right.
    """
    free = [set(range(num_ranks)) for _ in range(num_suits)]
    for i, row in enumerate(known):
        for j, rank in enumerate(row):
            if rank >= 0:
                free[suits[i][j]].discard(rank)
    slots = [(i, j) for i, row in enumerate(known) for j, rank in enumerate(row) if rank < 0]
    ceiling = [[num_ranks - 1] * len(row) for row in known]
    for i, row in enumerate(known):
        cap = num_ranks - 1
        for j in range(len(row) - 1, -1, -1):
            if row[j] >= 0:
                cap = row[j]
            ceiling[i][j] = cap
    ranks = [list(r) for r in known]
    deals = []

    def place(k: int) -> None:
        if k == len(slots):
            if all(row == sorted(row) for row in ranks):
                deals.append((tuple(map(tuple, ranks)), deal_weight(ranks)))
            return
        i, j = slots[k]
        floor = ranks[i][j - 1] if j > 0 else 0
        suit = suits[i][j]
        for rank in sorted(free[suit]):
            if floor <= rank <= ceiling[i][j]:
                free[suit].discard(rank)
                ranks[i][j] = rank
                place(k + 1)
                free[suit].add(rank)
        ranks[i][j] = -1

    place(0)
    return deals


def constrained_case(seed: int, width: int) -> Case:
    """A real deal from `seed` with a window of `width` positions hidden in every row."""
    state = GAME.new_game(4, seed)
    rng = Rng(seed * 31 + width)
    suits = [[suit_of(c) for c in row] for row in state.rows]
    known = []
    for row in state.rows:
        start = rng.below(15 - width)
        known.append([-1 if start <= j < start + width else rank_of(c) for j, c in enumerate(row)])
    return suits, known


def observation_for(suits: list[list[int]], known: list[list[int]]) -> dict:
    """The parts of an observation the deduction functions read."""
    status = [["hidden" if r < 0 else "played" for r in row] for row in known]
    return {
        "rows": [
            {"suits": s, "ranks": [None if r < 0 else r for r in k], "status": st}
            for s, k, st in zip(suits, known, status, strict=True)
        ]
    }


def exact_marginals(deals, suits) -> list[list[list[Fraction]]]:
    total = sum(w for _, w in deals)
    marg = [[[Fraction(0)] * 8 for _ in row] for row in suits]
    for ranks, weight in deals:
        for i, row in enumerate(ranks):
            for j, rank in enumerate(row):
                marg[i][j][rank] += weight / total
    return marg


CASES = [(seed, width) for seed in range(6) for width in (4, 6, 8)] + [(3, 10), (4, 10)]


# -- counts, ranges, marginals ----------------------------------------------------------------
@pytest.mark.parametrize(("seed", "width"), CASES)
def test_solver_counts_and_ranges_match_enumeration(seed: int, width: int) -> None:
    suits, known = constrained_case(seed, width)
    deals = enumerate_deals(suits, known)
    assert deals, "the true deal is always consistent"
    assert DealSolver(suits, known, weighted=False).total == len(deals)
    solver = DealSolver(suits, known)
    scale = Fraction(factorial(7) ** (4 * 8))  # the solver's integer weights: 7!/m! per block
    assert solver.total == sum(w for _, w in deals) * scale
    ranges = rank_ranges(observation_for(suits, known))
    for i in range(4):
        for j in range(14):
            if known[i][j] >= 0:
                assert ranges[i][j] is None
            else:
                seen = {ranks[i][j] for ranks, _ in deals}
                assert ranges[i][j] == [min(seen), max(seen)], (i, j, seen)


@pytest.mark.parametrize(("seed", "width"), CASES[::2])
def test_rank_distributions_are_the_exact_marginals(seed: int, width: int) -> None:
    suits, known = constrained_case(seed, width)
    marg = exact_marginals(enumerate_deals(suits, known), suits)
    dist = rank_distributions(observation_for(suits, known))
    for i in range(4):
        for j in range(14):
            if known[i][j] >= 0:
                assert dist[i][j] is None
            else:
                assert dist[i][j] == pytest.approx([float(p) for p in marg[i][j]], abs=1e-12)


def test_rank_ranges_of_fresh_deals_hold_the_truth_and_follow_the_row_order() -> None:
    for seed in range(15):
        state = GAME.new_game(4, seed)
        ranges = rank_ranges(state.observation(seed % 4))
        for row, cards in zip(ranges, state.rows, strict=True):
            assert all(lo <= rank_of(c) <= hi for (lo, hi), c in zip(row, cards, strict=True))
            lows = [r[0] for r in row]
            highs = [r[1] for r in row]
            assert lows == sorted(lows) and highs == sorted(highs)
        # Somebody holds each rank-0 card, somebody each 7.
        assert min(row[0][0] for row in ranges) == 0
        assert max(row[-1][1] for row in ranges) == 7


def test_ranges_are_the_spans_of_the_possible_ranks_and_share_the_bots_solver() -> None:
    """The deduction aid (rank_ranges) and the bots' odds (rank_distributions) describe the
    same possible deals, from one solver per position: the table's first draw builds it and
    the bot that moves next builds nothing more (Wray's first table, issue 22)."""
    from pygame_rules.magic_trick_wray import _SOLVER_CACHE

    state = GAME.new_game(4, 3)
    rng = Rng(5)
    for _ in range(30):
        seat = state.acting()[0]
        observation = state.observation(seat)
        _SOLVER_CACHE.clear()
        ranges = rank_ranges(observation)
        dist = rank_distributions(observation)
        assert len(_SOLVER_CACHE) == 1
        for range_row, dist_row in zip(ranges, dist, strict=True):
            for span, odds in zip(range_row, dist_row, strict=True):
                assert (span is None) == (odds is None)
                if odds is not None:
                    possible = [r for r, p in enumerate(odds) if p > 0]
                    assert span == [possible[0], possible[-1]]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def graph_of(solver: DealSolver) -> tuple[list, list, int]:
    """A solver's layered graph, in order: its states' counts and their incoming transitions
    (the order decides which deal a seeded sample draws)."""
    layers = [list(layer.items()) for layer in solver.layers]
    return layers, [list(edges.items()) for edges in solver.incoming], solver.total


@pytest.mark.parametrize("weighted", [True, False])
@pytest.mark.parametrize("seed", [0, 3, 11])
def test_a_solver_narrowed_from_an_earlier_position_is_the_one_a_build_makes(
    seed: int, weighted: bool
) -> None:
    """Narrowing a solver of the same hand with fewer cards revealed (one card back, and the
    hand's start) gives the graph a build makes, in the same order: the same counts, odds
    and samples."""
    state = GAME.new_game(4, seed)
    rng = Rng(seed)
    earlier: list[DealSolver] = []  # this hand's solvers so far
    checked = 0
    while not state.is_over():
        suits, known = state.public_rows()
        if earlier and earlier[0].suits != suits:
            earlier = []  # a new hand
        built = DealSolver(suits, known, weighted=weighted)
        for base in earlier[-1:] + earlier[:1]:
            narrowed = DealSolver(suits, known, weighted=weighted, base=base)
            assert graph_of(narrowed) == graph_of(built)
            checked += 1
        earlier.append(built)
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 150


def test_the_cached_solver_of_the_position_before_is_narrowed_not_rebuilt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`solver_for` finds the solver of the hand's last position in its cache and narrows
    it (a build's block enumeration is never called); the answers are a build's."""
    from pygame_rules.magic_trick_wray import _SOLVER_CACHE, solver_for

    state = GAME.new_game(4, 2)
    rng = Rng(2)
    _SOLVER_CACHE.clear()
    solver_for(*state.public_rows())
    for _ in range(8):  # two tricks: cards revealed one by one
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        suits, known = state.public_rows()
        built = DealSolver(suits, known)
        with monkeypatch.context() as patched:
            patched.setattr(DealSolver, "_blocks", lambda *_: pytest.fail("rebuilt"))
            narrowed = solver_for(suits, known)
        assert graph_of(narrowed) == graph_of(built)
        assert narrowed.distributions() == built.distributions()


def reference_blocks(
    solver: DealSolver, rank: int, start: tuple[int, ...]
) -> list[tuple[tuple[int, ...], int]]:
    """`DealSolver._blocks` the plain way: every choice of one block per row (in order),
    kept when together they hold every suit once."""
    options = [solver._row_blocks(i, rank, p) for i, p in enumerate(start)]
    found = []
    for choice in itertools.product(*options):
        used, weight, disjoint = 0, 1, True
        for _, mask, block_weight in choice:
            disjoint = disjoint and not used & mask
            used |= mask
            weight *= block_weight
        if disjoint and used == solver.full_mask:
            found.append((tuple(end for end, _, _ in choice), weight))
    return found


@pytest.mark.parametrize("seed", [0, 7])
def test_every_layer_step_is_the_plain_enumeration_in_order(seed: int) -> None:
    """The solver's meet-in-the-middle step lists the same transitions in the same order as
    trying every block of every row: the order decides which deal a seeded sample draws, so
    the bots' moves (and the arena's figures) rest on it."""
    state = GAME.new_game(4, seed)
    rng = Rng(seed)
    checked = moves = 0
    while not state.is_over():
        seat = state.acting()[0]
        if checked < 6 and moves % 9 == 0:
            observation = state.observation(seat)
            suits = [list(row["suits"]) for row in observation["rows"]]
            known = [[-1 if r is None else r for r in row["ranks"]] for row in observation["rows"]]
            solver = DealSolver(suits, known)
            for rank in range(8):
                for start in solver.layers[rank]:
                    assert solver._blocks(rank, start) == reference_blocks(solver, rank, start)
            checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        moves += 1
    assert checked == 6


def test_a_hidden_card_between_two_revealed_equal_ranks_is_pinned() -> None:
    state = GAME.new_game(4, 0)
    row = state.rows[0]
    runs = [j for j in range(12) if rank_of(row[j]) == rank_of(row[j + 2])]
    assert runs, "seed 0 has a run of three equal ranks in row 0"
    j = runs[0]
    state.status[0][j] = state.status[0][j + 2] = 1
    ranges = rank_ranges(state.observation(1))
    assert ranges[0][j + 1] == [rank_of(row[j]), rank_of(row[j])]


def test_tiny_decks_count_every_deal() -> None:
    rng = Rng(4)
    for _ in range(20):
        cards = [(s, r) for s in range(3) for r in range(3)]
        rng.shuffle(cards)
        rows = [sorted(cards[3 * i : 3 * i + 3], key=lambda c: c[1]) for i in range(3)]
        suits = [[c[0] for c in row] for row in rows]
        known = [[-1] * 3 for _ in rows]
        deals = enumerate_deals(suits, known, 3, 3)
        assert DealSolver(suits, known, 3, 3, weighted=False).total == len(deals)
        solver = DealSolver(suits, known, 3, 3)
        assert solver.total == sum(w for _, w in deals) * factorial(3) ** (3 * 3)


def test_weighting_is_the_true_posterior_of_shuffle_and_random_tie_order() -> None:
    """Enumerate the real process on a 9-card deck (3 suits x 3 ranks, 3 rows of 3)."""
    cards = [(s, r) for s in range(3) for r in range(3)]
    pattern = [[0, 1, 2], [1, 0, 2], [2, 0, 1]]
    known = [[-1, -1, -1], [-1, 1, -1], [-1, -1, -1]]
    posterior: Counter = Counter()
    for first in itertools.combinations(cards, 3):
        rest = [c for c in cards if c not in first]
        for second in itertools.combinations(rest, 3):
            third = tuple(c for c in rest if c not in second)
            orders = [list(_sorted_orders(hand)) for hand in (first, second, third)]
            for rows in itertools.product(*orders):
                if all(
                    [c[0] for c in row] == pattern[i]
                    and all(k < 0 or k == c[1] for k, c in zip(known[i], row, strict=True))
                    for i, (row, _) in enumerate(rows)
                ):
                    prob = Fraction(1)
                    for _, p in rows:
                        prob *= p
                    posterior[tuple(tuple(c[1] for c in row) for row, _ in rows)] += prob
    deals = dict(enumerate_deals(pattern, known, 3, 3))
    total = sum(posterior.values())
    weights = sum(deals.values())
    assert set(posterior) == set(deals)
    for ranks, prob in posterior.items():
        assert prob / total == deals[ranks] / weights
    assert len(set(deals.values())) > 1, "the case must tell weighted from uniform"
    # And the solver's marginals agree with that true posterior.
    dist = DealSolver(pattern, known, 3, 3).distributions()
    for i in range(3):
        for j in range(3):
            for r in range(3):
                want = sum(p for ranks, p in posterior.items() if ranks[i][j] == r) / total
                assert dist[i][j][r] == pytest.approx(float(want), abs=1e-12)


def _sorted_orders(hand: tuple) -> list[tuple[list, Fraction]]:
    """Every row order of `hand` sorted by rank, with its probability (ties uniformly)."""
    groups = [[c for c in hand if c[1] == r] for r in sorted({c[1] for c in hand})]
    results = []
    for perms in itertools.product(*(itertools.permutations(g) for g in groups)):
        prob = Fraction(1)
        for g in groups:
            prob /= factorial(len(g))
        results.append(([c for perm in perms for c in perm], prob))
    return results


# -- sampling -------------------------------------------------------------------------------------
def chi_square(counts: Counter, expected: dict, n: int) -> float:
    return sum((counts.get(k, 0) - n * p) ** 2 / (n * p) for k, p in expected.items())


def pick_case(low: int, high: int) -> Case:
    """The first constrained real case with between `low` and `high` consistent deals."""
    for seed in range(50):
        for width in (6, 7, 8):
            suits, known = constrained_case(seed, width)
            count = DealSolver(suits, known, weighted=False).total
            if low <= count <= high:
                return suits, known
    raise AssertionError("no case found")


@pytest.mark.parametrize("weighted", [True, False])
def test_samples_cover_every_deal_with_the_right_frequencies(weighted: bool) -> None:
    suits, known = pick_case(20, 60)
    deals = enumerate_deals(suits, known)
    total = sum(w for _, w in deals)
    expected = {r: float(w / total) if weighted else 1 / len(deals) for r, w in deals}
    solver = DealSolver(suits, known, weighted=weighted)
    rng = Rng(77)
    n = 12_000
    counts = Counter(tuple(map(tuple, solver.sample_ranks(rng))) for _ in range(n))
    assert set(counts) == set(expected), "samples must be consistent and cover every deal"
    df = len(expected) - 1
    stat = chi_square(counts, expected, n)
    print(f"\nweighted={weighted}: {len(expected)} deals, chi-square {stat:.1f} (df {df})")
    assert stat < df + 6 * sqrt(2 * df)
    if weighted:
        # The test has power: uniform frequencies would fail against the true posterior.
        uniform = {r: 1 / len(deals) for r, _ in deals}
        assert chi_square(Counter({k: round(v * n) for k, v in uniform.items()}), expected, n) > (
            df + 6 * sqrt(2 * df)
        )


def test_tiny_deck_sampling_matches_enumeration() -> None:
    suits = [[0, 1, 2], [2, 0, 1], [1, 2, 0]]
    known = [[-1] * 3 for _ in suits]
    deals = enumerate_deals(suits, known, 3, 3)
    total = sum(w for _, w in deals)
    expected = {r: float(w / total) for r, w in deals}
    solver = DealSolver(suits, known, 3, 3)
    rng = Rng(3)
    n = 8_000
    counts = Counter(tuple(map(tuple, solver.sample_ranks(rng))) for _ in range(n))
    assert set(counts) == set(expected)
    df = len(expected) - 1
    assert chi_square(counts, expected, n) < df + 6 * sqrt(2 * df)


def assert_consistent(sample, state) -> None:
    """Same suits per position, same revealed cards, rows sorted, the deck exactly once."""
    assert sorted(c for row in sample.rows for c in row) == list(range(DECK_SIZE))
    for s in range(4):
        ranks = [rank_of(c) for c in sample.rows[s]]
        assert ranks == sorted(ranks)
        for p, (a, b) in enumerate(zip(sample.rows[s], state.rows[s], strict=True)):
            assert suit_of(a) == suit_of(b)
            if state.status[s][p] != 0:
                assert a == b
    assert sample.status == state.status


def test_resampled_states_are_consistent_through_a_game() -> None:
    state = GAME.new_game(4, 12)
    rng = Rng(12)
    step = 0
    while not state.is_over():
        if step % 5 == 0:
            for _ in range(3):
                seat = rng.below(4)
                sample = state.resample(seat, rng)
                assert_consistent(sample, state)
                assert sample.observation(seat) == state.observation(seat)
                assert sample.legal_actions(state.acting()[0]) == state.legal_actions(
                    state.acting()[0]
                )
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


def test_resample_frequencies_on_a_real_mid_hand_state() -> None:
    """Through state.resample: a real position with a few dozen consistent deals left,
    sampled frequencies vs exhaustive enumeration (every deal must come up, at its
    shuffle-and-sort probability)."""
    state = GAME.new_game(4, 26)
    rng = Rng(26)
    while True:
        seat = state.acting()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        suits, known = state.public_rows()
        if state.phase == "play" and DealSolver(suits, known, weighted=False).total <= 60:
            break
    deals = enumerate_deals(suits, known)
    assert 20 <= len(deals) <= 60, "the case must have enough deals to test frequencies"
    total = sum(w for _, w in deals)
    n = 8_000
    counts = Counter(
        tuple(tuple(rank_of(c) for c in row) for row in state.resample(1, rng).rows)
        for _ in range(n)
    )
    assert set(counts) <= {r for r, _ in deals}, "every sample must be a consistent deal"
    # Deals expected fewer than 10 times are pooled into one cell (chi-square needs it);
    # every other deal must come up.
    expected: dict = {}
    pooled: Counter = Counter()
    for ranks, weight in deals:
        p = float(weight / total)
        key = ranks if n * p >= 10 else "rare"
        expected[key] = expected.get(key, 0.0) + p
        pooled[key] += counts.get(ranks, 0)
    assert all(pooled[k] > 0 for k in expected if k != "rare")
    df = len(expected) - 1
    bound = df + 6 * sqrt(2 * df)
    assert chi_square(pooled, expected, n) < bound
    # The test has power: uniform-over-deals frequencies would fail it.
    uniform: Counter = Counter()
    for ranks, _ in deals:
        uniform[ranks if ranks in expected else "rare"] += n / len(deals)
    assert chi_square(uniform, expected, n) > bound


def test_sample_ranks_from_an_observation_is_consistent() -> None:
    state = GAME.new_game(4, 2)
    obs = state.observation(3)
    ranks = sample_ranks(obs, Rng(1))
    for s in range(4):
        assert ranks[s] == sorted(ranks[s])
    cards = sorted(
        obs["rows"][s]["suits"][p] * 8 + ranks[s][p] for s in range(4) for p in range(14)
    )
    assert cards == list(range(DECK_SIZE))


def test_no_consistent_deal_is_reported() -> None:
    suits = [[0, 1], [0, 1]]
    known = [[1, 0], [-1, -1]]  # row 0 is not sorted: impossible
    solver = DealSolver(suits, known, 2, 2)
    assert solver.total == 0
    with pytest.raises(ValueError, match="no deal"):
        solver.sample_ranks(Rng(1))
