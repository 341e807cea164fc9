"""A tiny seeded random generator whose whole state is one int.

The state's randomness must survive `clone()`, `to_json()` and replay exactly,
and must be cheap to copy inside search, so we use SplitMix64 rather than
`random.Random` (whose state is 625 words).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import MutableSequence, Sequence
    from typing import TypeVar

    T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64: fast, well mixed, and its state is a single JSON-able int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """Next 64-bit output."""
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform int in [0, n); n must be positive (n < 2**32)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        # next64, inlined: the search draws millions of these
        self.state = s = (self.state + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return (((z ^ (z >> 31)) >> 32) * n) >> 32

    def randint(self, low: int, high: int) -> int:
        """A uniform int in [low, high], both ends included (a die: 1, 6)."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place: item i swaps with item `below(i + 1)`, i falling."""
        s = self.state  # below, inlined (the same draws): playouts reshuffle whole decks
        for i in range(len(items) - 1, 0, -1):
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (((z ^ (z >> 31)) >> 32) * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]
        self.state = s

    def spawn(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next64())
