"""Events: the only way the game state changes.

An event is a named fact ("dice_rolled", "try_scored") with JSON-able data.
The journal stores them in order; folding them with
:func:`companion.rules.table.apply` gives the state, so undo, replay and crash
recovery are the same operation: fold the log again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.errors import IllegalMove  # noqa: F401  (re-exported: the rules raise it)


@dataclass(frozen=True)
class Event:
    """One journaled fact.

    ``seq`` is its 1-based position in its game's journal (0 until journaled);
    ``at`` is the wall-clock time (seconds) it happened, from the session's clock.

    >>> Event("try_scored", {"team": 0}).kind
    'try_scored'
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    at: float = 0.0
    seq: int = 0

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)
