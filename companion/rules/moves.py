"""Named moves: an event kind, the reducer that folds it, and what undo may do with it.

A game (and each shared tool) keeps its moves in a :class:`MoveSet`. Whether an
event is a *fact* (an undo never takes it back: a die, a coin, a timer press) or
an *undo barrier* (an undo does not reach past it) is declared here, with the
event kind, so a new game cannot forget a global list (boardgame.io declares
``undoable`` on the move in the same way).

>>> moves = MoveSet("example")
>>> @moves.move("bell_rung", fact=True)
... def _bell(state, event):
...     return state
>>> moves["bell_rung"].fact, moves["bell_rung"].barrier, "bell_rung" in moves
(True, False, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterator

Reducer = Callable[[Any, Any], Any]      # (TableState, Event) -> TableState


@dataclass(frozen=True)
class Move:
    kind: str
    reduce: Reducer
    fact: bool = False         # never taken back by an undo
    barrier: bool = False      # an undo does not reach past it (a barrier is also a fact)
    owner: str = ""            # the game or shared tool that declares it


class MoveSet:
    """The moves of one game or one shared tool, by event kind."""

    def __init__(self, owner: str):
        self.owner = owner
        self._moves: dict[str, Move] = {}

    def move(self, kind: str, *, fact: bool = False, barrier: bool = False):
        """Decorator: register ``fn(state, event) -> state`` as the reducer of ``kind``."""
        def register(fn: Reducer) -> Reducer:
            if kind in self._moves:
                raise ValueError(f"{self.owner}: event {kind!r} is declared twice")
            self._moves[kind] = Move(kind, fn, fact or barrier, barrier, self.owner)
            return fn
        return register

    def __getitem__(self, kind: str) -> Move:
        return self._moves[kind]

    def __contains__(self, kind: object) -> bool:
        return kind in self._moves

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves.values())

    def kinds(self) -> frozenset[str]:
        return frozenset(self._moves)
