"""The shared NFC selection: ``card_tapped`` {uid, card_kind, name} selects what the card stands
for (a player, a character). A tap is a fact: an undo does not un-tap a card."""

from __future__ import annotations

from dataclasses import replace

from companion.errors import IllegalMove
from companion.rules.moves import MoveSet

MOVES = MoveSet("cards")


@MOVES.move("card_tapped", fact=True)
def _card_tapped(state, e):
    name = str(e.get("name", ""))
    if not name:
        raise IllegalMove("card_tapped: the card has no name")
    return replace(state, selected=name, message=f"{name} selected")
