"""The shared dice: any number of dice of any size, drawn by the session's Chance.

``dice_rolled`` {sides, values, index, label}: a plain roll. With ``base``,
``characteristic`` and ``modifiers`` it is a checked D12 roll, which the game's
rules explain in one line (:attr:`companion.games.base.Rules.explain_check`). A roll is a fact:
an undo never takes it back (an undo button must not become a re-roll button).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.errors import IllegalMove
from companion.rules.moves import MoveSet

MOVES = MoveSet("dice")


@dataclass(frozen=True)
class RollView:
    """The latest dice roll, as the screen shows it."""
    sides: int
    values: tuple[int, ...]
    label: str = ""
    line: str = ""          # the one-line explanation, empty for a plain roll
    outcome: str = ""       # 'success', 'fail', 'critical', 'fumble' for a checked roll
    seq: int = 0            # which event, so the screen knows a new roll arrived


@MOVES.move("dice_rolled", fact=True)
def _dice_rolled(state, e):
    values = tuple(int(v) for v in e.get("values", ()))
    sides = int(e.get("sides", 6))
    if not values or any(not 1 <= v <= sides for v in values):
        raise IllegalMove(f"dice_rolled: values {values} do not fit a D{sides}")
    label, line, outcome = e.get("label", ""), "", ""
    if e.get("base") is not None and sides == 12:
        from companion.games import find_rules       # the game says what its checked roll means

        explain = find_rules(state.game).explain_check
        if explain is None:
            raise IllegalMove(f"dice_rolled: {state.game} has no checked rolls")
        mods = [(int(m), str(why)) for m, why in e.get("modifiers", ())]
        line, outcome = explain(label or "Roll", int(e.get("base")), mods, list(values),
                                str(e.get("characteristic", "")))
    roll = RollView(sides, values, label, line, outcome, e.seq)
    return replace(state, last_roll=roll, chance_draws=int(e.get("index", state.chance_draws)) + 1,
                   message=line or f"{label + ': ' if label else ''}{len(values)}D{sides} = "
                                   f"{' + '.join(map(str, values))}")
