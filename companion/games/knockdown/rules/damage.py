"""Damage in Knockdown: a fighter's heavy and light cubes, an attack's Damage Pool, and the
blocking calculator (rulebook 514-548; English notes in ../shared/rulebooks/README.md).

Only a Strike can be blocked. Each block card discarded either ignores 1 light damage, or
goes with another to ignore 1 heavy damage (an odd card meant for heavy damage is wasted:
"rounding down"), or cancels the Strike's effect; these combine. A Skill, a Reaction, a
K.O. effect and any other source of damage cannot be blocked.

>>> block(Pool(heavy=2, light=3), cards=3)            # heavy first: 2 cards ignore 1 heavy, 1 a light
Blocked(heavy=1, light=2, effect_cancelled=False, cards_used=3)
>>> block(Pool(heavy=2, light=3), cards=3, cancel_effect=True)
Blocked(heavy=1, light=3, effect_cancelled=True, cards_used=3)
>>> block(Pool(heavy=1, light=0), cards=1)            # one card cannot ignore a heavy damage
Blocked(heavy=1, light=0, effect_cancelled=False, cards_used=0)
"""

from __future__ import annotations

from dataclasses import dataclass

BLOCKABLE = ("strike",)
KINDS = ("strike", "skill", "reaction", "ko-effect", "other")


@dataclass(frozen=True)
class Damage:
    heavy: int = 0
    light: int = 0

    @property
    def total(self) -> int:
        return self.heavy + self.light

    def add(self, heavy: int, light: int) -> "Damage":
        return Damage(max(0, self.heavy + heavy), max(0, self.light + light))


@dataclass(frozen=True)
class Pool:
    heavy: int = 0
    light: int = 0


@dataclass(frozen=True)
class Blocked:
    heavy: int                 # damage still taken
    light: int
    effect_cancelled: bool
    cards_used: int


def block(pool: Pool, cards: int, cancel_effect: bool = False, heavy_cards: int | None = None) -> Blocked:
    """What is left of ``pool`` after ``cards`` block cards. ``heavy_cards``: how many of them go
    to heavy damage (two a cube); by default as many pairs as there is heavy damage, since a
    heavy cube counts first at the deck-out and the rest go to light. Cards that ignore
    nothing are not used, unless the player's own split sends them to heavy damage.

    >>> block(Pool(heavy=2, light=3), cards=3, heavy_cards=3)     # the third heavy card is wasted
    Blocked(heavy=1, light=3, effect_cancelled=False, cards_used=3)
    """
    if cards < 0 or (heavy_cards is not None and heavy_cards < 0):
        raise ValueError("a number of cards is 0 or more")
    left = cards
    cancelled = False
    if cancel_effect and left >= 1:
        cancelled, left = True, left - 1
    if heavy_cards is None:                    # as many pairs as there is heavy damage
        pairs = min(pool.heavy, left // 2)
        to_heavy = 2 * pairs
    else:                                      # the player's split: an odd card is wasted
        to_heavy = min(heavy_cards, left)
        pairs = min(pool.heavy, to_heavy // 2)
    left -= to_heavy
    lights = min(pool.light, left)
    used = (1 if cancelled else 0) + to_heavy + lights
    return Blocked(pool.heavy - pairs, pool.light - lights, cancelled, used)


def half_of(d: Damage, how: str) -> Damage:
    """The damage discarded by a passed Knockdown test: half, rounded down (566-570).
    ``half-total-heavy-first``: half of all the cubes, the heavy ones first (the player's
    best choice); ``half-each``: half of the heavy and half of the light, each rounded down.

    >>> half_of(Damage(3, 4), "half-total-heavy-first"), half_of(Damage(3, 4), "half-each")
    (Damage(heavy=3, light=0), Damage(heavy=1, light=2))
    """
    if how == "half-each":
        return Damage(d.heavy // 2, d.light // 2)
    n = d.total // 2
    heavy = min(d.heavy, n)
    return Damage(heavy, n - heavy)
