"""The conformance kit passes on the toy game and catches deliberately broken ones."""

from __future__ import annotations

import pytest
from conformance import check_playout, conformance_suite
from toy_game import TOY, ToyState

from pygame_rules import Game, Rng

TestToyConformance = conformance_suite(TOY, seeds=8)


def _broken(name: str, **methods) -> Game:
    cls = type(name, (ToyState,), methods)
    game = Game(
        id="toy",
        title=name,
        designer="",
        min_players=2,
        max_players=3,
        pitch="",
        state_class=cls,
        trick_end=TOY.trick_end,
    )
    cls.game = game
    return game


def test_kit_catches_a_leaking_observation() -> None:
    def observation(self, seat):
        obs = ToyState.observation(self, seat)
        obs["all_hands"] = [list(h) for h in self.hands]  # the leak
        return obs

    with pytest.raises(AssertionError, match="observation changed under resample"):
        check_playout(_broken("Leaky", observation=observation), 2, 1)


def test_kit_catches_a_leaked_simultaneous_choice() -> None:
    def observation(self, seat):
        obs = ToyState.observation(self, seat)
        obs["pending"] = list(self.pending)  # others' hidden discards
        return obs

    with pytest.raises(AssertionError, match="observation changed under resample"):
        check_playout(_broken("PeekingDraft", observation=observation), 3, 2)


def test_kit_catches_an_unchecked_apply() -> None:
    def apply(self, seat, action):  # skips the legality guard
        return self._apply(seat, action)

    # Garbage reaches the game's code: the kit sees a crash instead of IllegalAction.
    with pytest.raises(Exception):  # noqa: B017
        check_playout(_broken("Unchecked", apply=apply), 2, 1)


def test_kit_catches_an_illegal_move_that_changes_the_state() -> None:
    def apply(self, seat, action):  # a wrong seat costs a point before it is refused
        if seat not in self.acting() and type(seat) is int and 0 <= seat < self.num_players:
            self.points[seat] -= 1
        return ToyState.apply(self, seat, action)

    with pytest.raises(AssertionError, match="changed the state"):
        check_playout(_broken("Careless", apply=apply), 2, 1)


def test_kit_catches_a_shallow_clone() -> None:
    def clone(self):
        new = object.__new__(type(self))
        new.__dict__ = dict(self.__dict__)  # lists shared with the original
        new.rng = Rng(self.rng.state)
        return new

    with pytest.raises(AssertionError, match="clone"):
        check_playout(_broken("Shallow", clone=clone), 2, 1)


def test_kit_catches_hidden_global_randomness() -> None:
    import random

    def setup(self):
        ToyState.setup(self)
        # Not from the state's generator. Real-valued, so two setups never match by
        # chance (random.randint(1, 10) did, about once in 430 runs).
        self.hands[0] = [card + random.random() for card in self.hands[0]]

    with pytest.raises(AssertionError):
        check_playout(_broken("Unseeded", setup=setup), 2, 1)


def test_kit_catches_a_resample_that_hides_nothing() -> None:
    def resample(self, seat, rng):
        return self.clone()

    with pytest.raises(AssertionError, match="resample never changed"):
        check_playout(_broken("LazySampler", resample=resample), 2, 1)


def test_kit_catches_a_last_trick_in_a_shape_of_its_own() -> None:
    def observation(self, seat):
        obs = ToyState.observation(self, seat)
        last = obs["last_trick"]
        if last:  # [seat, card] pairs, as some engines kept them
            last["cards"] = [[c["seat"], c["card"]] for c in last["cards"]]
        return obs

    with pytest.raises(AssertionError, match="a card is"):
        check_playout(_broken("OwnShape", observation=observation), 2, 1)


def test_kit_catches_a_last_trick_that_ends_no_trick() -> None:
    def observation(self, seat):
        obs = ToyState.observation(self, seat)
        obs["last_trick"] = None  # the trick just taken is not given
        return obs

    with pytest.raises(AssertionError, match="a trick ended, but"):
        check_playout(_broken("NoLastTrick", observation=observation), 2, 1)


def test_kit_catches_moves_kept_by_the_game() -> None:
    moves: dict[tuple, list] = {}

    def legal_actions(self, seat):  # the same list of the same dicts at every call
        listed = ToyState.legal_actions(self, seat)
        return moves.setdefault(tuple(map(repr, listed)), listed)

    with pytest.raises(AssertionError, match="legal_actions lists moves it keeps"):
        check_playout(_broken("Keeper", legal_actions=legal_actions), 2, 1)


def test_kit_catches_a_quiet_copy_that_changes_its_listed_moves() -> None:
    def _apply(self, seat, action):
        events = ToyState._apply(self, seat, action)
        if self.quiet and not self.playout_ends_at_scoring:  # a quiet twin, not a rollout
            action["played"] = True  # marks a move it may share
        return events

    with pytest.raises(AssertionError, match="changed its listed moves"):
        check_playout(_broken("Marker", _apply=_apply), 2, 1)
