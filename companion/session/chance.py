"""The one source of randomness for dice and the referee's coin.

At the table it draws from :mod:`secrets` (the operating system's generator).
With a seed it is reproducible: draw number ``index`` of a game depends only on
``(seed, index)``, so a resumed or replayed game draws exactly what it drew
before. Every draw is journaled with its inputs (sides, count, index, source)
and its result, and a replay shows the journaled result, never a new draw.

>>> a, b = Chance(seed=7), Chance(seed=7)
>>> a.dice(12, 3, index=5) == b.dice(12, 3, index=5)
True
>>> Chance(seed=7).coin(index=0) in ("heads", "tails")
True
"""

from __future__ import annotations

import random
import secrets


class Chance:
    def __init__(self, seed: int | None = None):
        self.seed = seed

    @property
    def source(self) -> str:
        return "secrets" if self.seed is None else f"seed:{self.seed}"

    def _rng(self, index: int) -> random.Random:
        if self.seed is None:
            return secrets.SystemRandom()
        return random.Random(f"{self.seed}/{index}")

    def dice(self, sides: int, count: int, index: int) -> list[int]:
        if sides < 2 or count < 1:
            raise ValueError(f"cannot roll {count}D{sides}")
        rng = self._rng(index)
        return [rng.randint(1, sides) for _ in range(count)]

    def coin(self, index: int) -> str:
        return "heads" if self._rng(index).random() < 0.5 else "tails"
