"""Where the Knockdown rulebook is silent or contradicts itself: one reading per question,
a setting (``[knockdown]``) journaled with the match (docs/KNOCKDOWN.md quotes the lines).

>>> Rulings.from_data({"deck_out": "fewest-total"}).deck_out
'fewest-total'
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from companion.games.base import read_rulings

CHOICES = {
    "deck_out": ("heavy-first", "fewest-total"),            # 589-590 vs 14-16
    "deck_out_tie": ("round-first-player", "turn-player"),  # 593-594: "the player who started the turn"
    "test_discard": ("half-total-heavy-first", "half-each"),  # 566-570: half, rounded down, of which cubes?
    "test": ("tower", "dice"),                              # 612-620: the dice variant
    "edge_damage": ("light", "heavy"),                      # 676-683: the +1's cube is not printed
}


@dataclass(frozen=True)
class Rulings:
    deck_out: str = "heavy-first"
    deck_out_tie: str = "round-first-player"
    test_discard: str = "half-total-heavy-first"
    test: str = "tower"
    dice: int = 3
    dice_faces: int = 6
    edge_damage: str = "light"
    edge_blockable: bool = True          # it is in the Damage Pool (676-683), not another source (548)
    rounds_to_win: int = 2

    @classmethod
    def from_data(cls, data) -> "Rulings":
        out = read_rulings(cls, data, CHOICES)
        for key in ("dice", "dice_faces", "rounds_to_win"):
            if out.get(key, 1) < 1:
                raise ValueError(f"{key}: at least 1")
        return cls(**out)

    def as_data(self) -> dict:
        return asdict(self)
