"""Tekton Dash rules: not built yet (issue 14). The game runs with the shared tools
only (dice, coin, timer, score), and its screen says so.

>>> RULES.built, sorted(RULES.tools)
(False, ['cards', 'coin', 'countdown', 'dice', 'score'])
"""

from __future__ import annotations

from companion.games.base import Rules
from companion.rules.moves import MoveSet

MOVES = MoveSet("tekton-dash")

RULES = Rules(name="tekton-dash", title="TEKTON DASH", moves=MOVES, built=False, sides=("Player 1", "Player 2"))
