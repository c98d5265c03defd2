"""The tools every game may use, each with its own fields and events (boardgame.io's plugins).

- ``dice``       dice of any size, a checked D12 roll explained in one line
- ``coin``       the referee roll
- ``countdown``  a pausable timer (the Knockdown test's 10 seconds)
- ``cards``      the card last tapped on the NFC reader
- ``score``      two sides' points

A game names the tools it uses (:attr:`companion.games.base.Rules.tools`); an event
of a tool it does not use is refused like another game's event.
"""

from __future__ import annotations

from companion.rules.tools import cards, coin, countdown, dice, score

TOOLS = {"dice": dice.MOVES, "coin": coin.MOVES, "countdown": countdown.MOVES, "cards": cards.MOVES,
         "score": score.MOVES}
