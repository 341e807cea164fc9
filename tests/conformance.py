"""The conformance kit: contract checks every game must pass.

Plug a game in with one line in its test module:

    TestConformance = conformance_suite("trick-of-trip")

Each check is also a plain function raising AssertionError, so a test can show
that the kit catches a deliberately broken game.

The checks are written in the MicroPython subset (docs/micropython-subset.md): they run in
MicroPython too (tools/micropython/kit.py runs `kit_cases`); only `conformance_suite` needs
pytest. Import `pygame_rules` before this module there: it registers the `__future__`
stand-in.
"""

from __future__ import annotations

import io
import json

from canon import canon

import pygame_rules
from pygame_rules import Game, IllegalAction, Rng, State
from pygame_rules.contract import copy_json, same_json

try:
    import pytest
except ImportError:  # MicroPython: the checks run without pytest (tools/micropython/kit.py)
    pytest = None
try:
    import pickle
except ImportError:  # MicroPython
    pickle = None

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_STEPS = 20_000


class raises:  # the shape of pytest.raises, for both interpreters
    """`with raises(SomeError) as info:` fails unless the block raises it; info.value."""

    def __init__(self, expected: type[BaseException]) -> None:
        self.expected = expected
        self.value: BaseException | None = None

    def __enter__(self) -> raises:
        return self

    def __exit__(self, kind: Any, value: Any, traceback: Any) -> bool:
        if kind is None:
            raise AssertionError(f"did not raise {self.expected.__name__}")
        if not isinstance(value, self.expected):
            return False
        self.value = value
        return True


def _game(game: Game | str) -> Game:
    return pygame_rules.get_game(game) if isinstance(game, str) else game


def _fingerprint(state: State) -> str | bytes:
    """The state's whole data, for "unchanged" and "the same": compared only with another
    state's fingerprint in the same interpreter."""
    return _data_fingerprint(state.to_json())


def _data_fingerprint(data: Any) -> str | bytes:
    """A state's `to_json()` fingerprinted. CPython: a pickle without its memo (C code; a
    long Baker game's fingerprints in canon took half its kit's time), as strict as canon
    (types, key types, floats' bits) and stricter (dict order); MicroPython: canon."""
    if pickle is None:
        return canon(data)
    out = io.BytesIO()
    pickler = pickle.Pickler(out, pickle.HIGHEST_PROTOCOL)
    pickler.fast = True  # no memo: two equal values pickle alike, shared or not
    pickler.dump(data)
    return out.getvalue()


def containers(value: Any) -> set[int]:
    """The ids of every list and dict in `value`, itself included: two values share
    nothing that may be changed in place when their sets do not meet (a game's `clone`)."""
    found: set[int] = set()
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, (list, dict)):
            found.add(id(item))
            todo.extend(item.values() if isinstance(item, dict) else item)
    return found


def _unflagged(state: State) -> str | bytes:
    """The fingerprint of a search's copy without its flags (`quiet`, ...): what the same
    moves give the game itself."""
    data = state.to_json()
    for flag in ("quiet", "playout_ends_at_scoring"):
        data["fields"].pop(flag, None)
    return _data_fingerprint(data)


def _hidden_fingerprint(state: State) -> str:
    return canon(state.to_json()["fields"])


def _all_observations(state: State) -> list[Any]:
    return [state.observation(s) for s in range(state.num_players)]


def random_playout(game: Game, num_players: int, seed: int) -> list[tuple[int, dict]]:
    """Seat/action history of a seeded random game (no checks)."""
    state = game.new_game(num_players, seed)
    rng = Rng(seed * 7919 + 1)
    history = []
    for _ in range(MAX_STEPS):
        acting = state.acting()
        if not acting:
            return history
        seat = acting[rng.below(len(acting))]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        history.append((seat, action))
    raise AssertionError(f"{game.id}: game did not end within {MAX_STEPS} actions")


def check_illegal_rejected(state: State, seat: int, legal: list[dict], rng: Rng) -> None:
    """Unlisted actions and wrong seats raise IllegalAction and change nothing. The state is
    compared once, after every attempt (a comparison after each cost most of the kit's time),
    and only when it changed is each attempt tried again on a copy to name the culprit."""
    before = _fingerprint(state)
    untouched = state.clone()
    attempts: list[tuple[Any, Any]] = [
        (seat, {"type": "no-such-move"}),
        (seat, "not even a dict"),
        (seat, None),
        (state.num_players, legal[0]),
        (-1, legal[0]),
        ("0", legal[0]),
        (float(seat), legal[0]),
        (seat == 1, legal[0]),  # True for seat 1, False for seat 0
        (seat, dict(legal[0], note="an extra key")),
    ]
    for other in range(state.num_players):
        if other not in state.acting():
            attempts.append((other, legal[0]))
    mutated = dict(rng.choice(legal))
    key = rng.choice(sorted(mutated))
    mutated[key] = ["garbage", 10**6]
    attempts.append((seat, mutated))
    for action in legal:  # a number given as a float or a bool equals it, but is not it
        for key, value in action.items():
            if type(value) is int:
                for odd in [float(value)] + ([bool(value)] if value in (0, 1) else []):
                    changed = dict(action)
                    changed[key] = odd
                    attempts.append((seat, changed))
    attempts = [
        (bad_seat, bad_action)
        for bad_seat, bad_action in attempts
        if type(bad_seat) is not int
        or not any(same_json(bad_action, a) for a in state.legal_actions(bad_seat))
    ]
    for bad_seat, bad_action in attempts:
        with raises(IllegalAction) as info:
            state.apply(bad_seat, bad_action)
        assert str(info.value), "IllegalAction must say what was wrong"
        if isinstance(bad_action, dict) and bad_action.get("note"):
            assert "'note'" in str(info.value), f"an extra key, but told: {info.value}"
    if _fingerprint(state) == before:
        return
    for bad_seat, bad_action in attempts:
        copy = untouched.clone()
        with raises(IllegalAction):
            copy.apply(bad_seat, bad_action)
        assert _fingerprint(copy) == before, f"illegal {bad_action!r} changed the state"
    raise AssertionError("the illegal actions together changed the state")


def check_moves_handed_out(state: State, seat: int, legal: list[dict]) -> None:
    """The moves `legal_actions` lists are the caller's own: changing them changes no later
    listing (only a quiet copy may list shared moves: `check_quiet_moves`)."""
    expected = copy_json(legal)
    for move in state.legal_actions(seat):
        move["kit"] = True
    assert state.legal_actions(seat) == expected, "legal_actions lists moves it keeps"


def check_quiet_moves(quiet: State, seat: int, legal: list[dict], action: dict) -> None:
    """A quiet copy (the search's) lists the game's moves, and playing one of its listed
    moves changes none of them (they may be shared values, read-only: docs/contract.md)."""
    listed = quiet.legal_actions(seat)
    assert listed == legal, "a quiet copy lists other moves"
    before = copy_json(listed)
    quiet.apply(seat, listed[legal.index(action)])
    assert listed == before, "playing a quiet copy's move changed its listed moves"


def check_clone_independent(state: State, seat: int, action: dict) -> None:
    """Playing on a clone leaves the original alone, and vice versa."""
    before = _fingerprint(state)
    copy = state.clone()
    assert _fingerprint(copy) == before, "clone() differs from the original"
    copy.apply(seat, action)
    assert _fingerprint(state) == before, "playing on a clone changed the original"
    copy2 = state.clone()
    copy2_before = _fingerprint(copy2)
    state.clone().apply(seat, action)
    assert _fingerprint(copy2) == copy2_before, "clones share data"


def check_playout_end(state: State, seat: int, action: dict, whole: bool) -> None:
    """A search's rollout copy (quiet, `playout_ends_at_scoring`: its playout ends at the
    next change of the scores) plays `action` as the game does: the same scores, end and
    winners; and when the scores stay, the same state (`whole`: compared in full)."""
    played, flagged = state.clone(), state.clone()
    flagged.quiet = flagged.playout_ends_at_scoring = True
    before = list(state.scores())
    played.apply(seat, action)
    flagged.apply(seat, action)
    assert list(flagged.scores()) == list(played.scores()), "a rollout copy scored differently"
    assert flagged.is_over() == played.is_over(), "a rollout copy ended differently"
    assert flagged.winners() == played.winners(), "a rollout copy has other winners"
    if whole and list(played.scores()) == before:
        assert _unflagged(flagged) == _fingerprint(played), "a rollout copy left a move undone"


def check_json_round_trip(game: Game, state: State, seat: int, action: dict) -> None:
    """to_json survives real JSON and the restored state plays on identically."""
    data = json.loads(json.dumps(state.to_json()))
    restored = game.from_json(data)
    assert _fingerprint(restored) == _fingerprint(state), "from_json(to_json) differs"
    assert _all_observations(restored) == _all_observations(state)
    a, b = state.clone(), restored
    assert a.apply(seat, action) == b.apply(seat, action), "restored state plays differently"
    assert _fingerprint(a) == _fingerprint(b)


def check_observation_hides(state: State, seat: int, rng: Rng) -> bool:
    """A resampled state looks identical from `seat`; returns whether it differed."""
    obs = state.observation(seat)
    json.dumps(obs)
    sample = state.resample(seat, rng)
    assert isinstance(sample, type(state))
    assert sample.observation(seat) == obs, (
        f"seat {seat}'s observation changed under resample: it shows something hidden, "
        "or resample broke something public"
    )
    assert sample.acting() == state.acting()
    assert sample.legal_actions(seat) == state.legal_actions(seat)
    return _hidden_fingerprint(sample) != _hidden_fingerprint(state)


def check_last_trick(game: Game, before: list[Any], after: list[Any], events: list[Any]) -> None:
    """Every observation gives the last trick taken in the contract's one shape
    (docs/contract.md): None, or {"cards": [{"seat", "card"}, ...], "winner", "hand",
    "number", ...}; the same for every seat (played cards are public); a new one exactly
    when the move's events end a trick (`game.trick_end`), and always None in a game
    without tricks of cards."""
    n = len(after)
    last = after[0]["last_trick"]
    for obs in after:
        assert obs["last_trick"] == last, "seats see different last tricks"
    if not game.trick_end:
        assert last is None, "a game without tricks of cards (no trick_end) has no last trick"
        return
    ended = any(e["type"] in game.trick_end for e in events)
    previous = before[0]["last_trick"]
    if not ended:
        assert last == previous, f"the last trick changed, but no trick ended: {events!r}"
        return
    assert last is not None, "a trick ended, but the observations give no last trick"
    cards = last["cards"]
    assert isinstance(cards, list) and cards, f"a last trick's cards are a list: {last!r}"
    for played in cards:
        assert isinstance(played, dict) and "card" in played, f"a card is {{seat, card}}: {last!r}"
        assert type(played["seat"]) is int and 0 <= played["seat"] < n, f"bad seat: {last!r}"
    assert last["winner"] in [c["seat"] for c in cards], f"the winner played no card: {last!r}"
    for key in ("hand", "number"):
        assert type(last[key]) is int and last[key] >= 1, f"a last trick's {key}: {last!r}"
    if previous is not None:
        assert (last["hand"], last["number"]) != (previous["hand"], previous["number"]), (
            "a new last trick has the hand and number of the one before"
        )


def check_playable(state: State, rng: Rng) -> None:
    """A (resampled) state can be played to the end with legal moves."""
    for _ in range(MAX_STEPS):
        acting = state.acting()
        if not acting:
            return
        seat = acting[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("state did not reach the end")


def check_playout(game: Game | str, num_players: int, seed: int, hidden_info: bool = True) -> None:
    """Every per-step check on one seeded random game, then replay determinism."""
    game = _game(game)
    state = game.new_game(num_players, seed)
    rng = Rng(seed * 7919 + 1)
    check_rng = Rng(seed + 12345)
    history: list[tuple[int, dict]] = []
    observations: list[Any] = [_all_observations(state)]
    resample_differed = False
    quiet = state.clone()  # a search's copy: the same moves, no events (State.quiet)
    quiet.quiet = True
    for step in range(MAX_STEPS):
        acting = state.acting()
        assert len(state.scores()) == num_players
        if not acting:
            break
        assert not state.is_over()
        assert state.winners() == [], "winners() must be empty until the game is over"
        seat = acting[rng.below(len(acting))]
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} must act but has no legal action"
        assert legal == state.legal_actions(seat), "legal_actions order is not deterministic"
        json.dumps(legal)
        for other in range(num_players):
            if other not in acting:
                assert state.legal_actions(other) == [], f"seat {other} is not acting"
        action = rng.choice(legal)
        check_moves_handed_out(state, seat, legal)
        check_illegal_rejected(state, seat, legal, check_rng)
        if step % 3 == 0:
            check_clone_independent(state, seat, action)
            check_json_round_trip(game, state, seat, action)
        observer = step % num_players
        if check_observation_hides(state, observer, check_rng):
            resample_differed = True
        if step % 25 == 0:
            check_playable(state.resample(observer, check_rng), check_rng)
        check_playout_end(state, seat, action, whole=step % 3 == 0)
        events = state.apply(seat, action)
        assert isinstance(events, list)
        check_quiet_moves(quiet, seat, legal, action)
        if step % 3 == 0:
            assert _unflagged(quiet) == _fingerprint(state), f"a quiet copy differs at {step}"
        json.dumps(events)
        history.append((seat, action))
        observations.append(_all_observations(state))
        check_last_trick(game, observations[-2], observations[-1], events)
    else:
        raise AssertionError(f"{game.id}: game did not end within {MAX_STEPS} actions")

    assert state.is_over() and state.acting() == ()
    assert _unflagged(quiet) == _fingerprint(state), "a quiet copy ended otherwise"
    winners = state.winners()
    assert winners and set(winners) <= set(range(num_players)), f"bad winners {winners}"
    for s in range(num_players):
        assert state.legal_actions(s) == []
    with raises(IllegalAction):
        state.apply(0, {"type": "anything"})
    if hidden_info:
        assert resample_differed, "resample never changed any hidden information"

    replay = game.new_game(num_players, seed)
    assert _all_observations(replay) == observations[0]
    for i, (seat, action) in enumerate(history, start=1):
        replay.apply(seat, action)
        assert _all_observations(replay) == observations[i], f"replay diverged at step {i}"
    assert _fingerprint(replay) == _fingerprint(state)


def check_new_game_validation(game: Game | str) -> None:
    """Bad setup values are refused with ValueError."""
    game = _game(game)
    for bad in (game.min_players - 1, game.max_players + 1, "4", 2.5):
        with raises(ValueError):
            game.new_game(bad, 1)
    with raises(ValueError):
        game.new_game(game.min_players, -1)
    with raises(ValueError):
        game.new_game(game.min_players, 1, {"no-such-option": True})
    with raises(ValueError):
        game.from_json({"game": game.id, "format": 999})
    with raises(ValueError):
        game.from_json("garbage")


def check_same_seed_same_game(game: Game | str) -> None:
    game = _game(game)
    n = game.min_players
    assert random_playout(game, n, 3) == random_playout(game, n, 3)
    a, b = game.new_game(n, 1), game.new_game(n, 2)
    assert _fingerprint(a) != _fingerprint(b), "different seeds gave the same deal"


def check_resample_forgets_the_seed(game: Game | str) -> None:
    """The seed and the public moves would rebuild every hidden card."""
    game = _game(game)
    for n in range(game.min_players, game.max_players + 1):
        state = game.new_game(n, 424242)
        rng = Rng(1)
        for _ in range(10):
            if state.is_over():
                break
            seat = state.acting()[0]
            for observer in range(n):
                assert state.resample(observer, rng).seed != 424242
            state.apply(seat, rng.choice(state.legal_actions(seat)))


def kit_cases(game: Game | str, seeds: int = 12, hidden_info: bool = True) -> list[Any]:
    """Every check of the kit on `game`, as (name, function, args): what conformance_suite
    runs under pytest and tools/micropython/kit.py runs under MicroPython."""
    game = _game(game)
    cases: list[Any] = [
        (f"playout[{n}-{seed}]", check_playout, (game, n, seed, hidden_info))
        for n in range(game.min_players, game.max_players + 1)
        for seed in range(seeds)
    ]
    cases.append(("setup_validation", check_new_game_validation, (game,)))
    cases.append(("same_seed_same_game", check_same_seed_same_game, (game,)))
    if hidden_info:  # without hidden information there is nothing to give away
        cases.append(("resample_forgets_the_seed", check_resample_forgets_the_seed, (game,)))
    return cases


def conformance_suite(game: Game | str, seeds: int = 12, hidden_info: bool = True) -> type:
    """A pytest test class running the kit on `game` over seeds and player counts."""
    game_obj = _game(game)
    cases = [
        (n, seed)
        for n in range(game_obj.min_players, game_obj.max_players + 1)
        for seed in range(seeds)
    ]

    class Conformance:
        @pytest.mark.parametrize(("num_players", "seed"), cases)
        def test_random_playout(self, num_players: int, seed: int) -> None:
            check_playout(game_obj, num_players, seed, hidden_info)

        def test_setup_validation(self) -> None:
            check_new_game_validation(game_obj)

        def test_same_seed_same_game(self) -> None:
            check_same_seed_same_game(game_obj)

        if hidden_info:  # without hidden information there is nothing to give away

            def test_resample_forgets_the_seed(self) -> None:
                check_resample_forgets_the_seed(game_obj)

    Conformance.__name__ = f"Conformance[{game_obj.id}]"
    return Conformance
