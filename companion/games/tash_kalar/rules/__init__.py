"""Tash-Kalar rules: not built yet (issue 16). The game runs with the shared tools
only (dice, coin, timer, score), and its screen says so.

>>> RULES.built, RULES.title
(False, 'TASH-KALAR')
"""

from __future__ import annotations

from companion.games.base import Rules
from companion.rules.moves import MoveSet

MOVES = MoveSet("tash-kalar")

RULES = Rules(name="tash-kalar", title="TASH-KALAR", moves=MOVES, built=False, sides=("Player 1", "Player 2"))
