"""The shared coin: the referee roll. ``coin_tossed`` {caller, call, result, index} is a fact."""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.errors import IllegalMove
from companion.rules.moves import MoveSet

MOVES = MoveSet("coin")


@dataclass(frozen=True)
class TossView:
    """The latest referee roll (coin toss)."""
    caller: str
    call: str
    result: str
    seq: int = 0

    @property
    def caller_won(self) -> bool:
        return self.call == self.result


@MOVES.move("coin_tossed", fact=True)
def _coin_tossed(state, e):
    toss = TossView(str(e.get("caller", "")), str(e.get("call")), str(e.get("result")), e.seq)
    if toss.call not in ("heads", "tails") or toss.result not in ("heads", "tails"):
        raise IllegalMove("coin_tossed: call and result must be heads or tails")
    winner = toss.caller if toss.caller_won else "the other side"
    return replace(state, last_toss=toss, chance_draws=int(e.get("index", state.chance_draws)) + 1,
                   message=f"Referee roll: {toss.caller} called {toss.call}, it is {toss.result} - "
                           f"{winner} wins")
