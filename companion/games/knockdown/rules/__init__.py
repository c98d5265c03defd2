"""Knockdown rules, pure. What is built so far is the shared table the game needs: the
10-second Knockdown test timer (the ``countdown`` tool), the dice variant's 3D6 and
the coin. Damage, blocking, rounds and the deck-out end are issue 15's: the game has
no events of its own yet.

>>> RULES.kinds() >= {"countdown_started", "dice_rolled"}, len(RULES.moves.kinds())
(True, 0)
"""

from __future__ import annotations

from companion.games.base import Rules
from companion.rules.moves import MoveSet

MOVES = MoveSet("knockdown")

RULES = Rules(name="knockdown", title="KNOCKDOWN", moves=MOVES, sides=("Player 1", "Player 2"))
