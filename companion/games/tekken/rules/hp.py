"""Health bars for TEKKEN The Board Game.

The rulebook says the Rage card "becomes available when the Character's HP
drops to 6 or fewer (reaches the red section of the HP bar)". The bar's full
length is not in the extracted text, so ``maximum`` is a setting
(``[tekken] max_hp``, default 20).

>>> bar = HpBar(maximum=20)
>>> bar.damage(13).hp, bar.damage(13).in_rage
(7, False)
>>> bar.damage(14).in_rage
True
>>> bar.damage(99).hp, bar.damage(99).knocked_out
(0, True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

RAGE_HP = 6


@dataclass(frozen=True)
class HpBar:
    maximum: int = 20
    hp: int | None = None  # None means full
    rage_at: int = RAGE_HP

    def __post_init__(self):
        if self.hp is None:
            object.__setattr__(self, "hp", self.maximum)

    @property
    def in_rage(self) -> bool:
        return 0 < self.hp <= self.rage_at

    @property
    def knocked_out(self) -> bool:
        return self.hp <= 0

    def damage(self, amount: int) -> "HpBar":
        return replace(self, hp=max(0, min(self.maximum, self.hp - amount)))

    def reset(self) -> "HpBar":
        return replace(self, hp=self.maximum)
