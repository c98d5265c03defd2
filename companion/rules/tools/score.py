"""The shared score: two sides' points. ``score_changed`` {side, delta} is a game action (an undo
takes it back); a game may score through its own events instead (a Takkure try)."""

from __future__ import annotations

from dataclasses import replace

from companion.errors import IllegalMove
from companion.rules.moves import MoveSet

MOVES = MoveSet("score")


def side_of(e, key: str = "side") -> int:
    side = e.get(key)
    if side not in (0, 1):
        raise IllegalMove(f"{e.kind}: {key} must be 0 or 1, got {side!r}")
    return side


def add(score: tuple[int, int], side: int, points: int) -> tuple[int, int]:
    """Two sides' points after ``side`` gains ``points``.

    >>> add((2, 3), 1, 1)
    (2, 4)
    """
    return (score[0] + points, score[1]) if side == 0 else (score[0], score[1] + points)


@MOVES.move("score_changed")
def _score_changed(state, e):
    side, delta = side_of(e), int(e.get("delta", 1))
    score = add(state.score, side, delta)
    if min(score) < 0:
        raise IllegalMove(f"{state.teams[side]} have {state.score[side]} points: cannot take {-delta} away")
    return replace(state, score=score, message=f"{state.teams[side]}: {score[side]} points")
