"""The state of the whole table, and the one function that changes it.

:class:`TableState` holds what every game shares (the two sides, the score,
the dice, the coin, the timer, the tapped card, the message) and, in ``g``, the
game's own state (boardgame.io's ``G``), whose shape only that game knows.

:func:`apply` folds one :class:`~companion.rules.events.Event` into a
:class:`TableState` and returns the new state (states are immutable). It raises
:class:`~companion.rules.events.IllegalMove` for an event the rules forbid, so
the session can refuse it before it is journaled. An event is legal only in
its own game or in a shared tool that game uses.

:func:`replay` folds a whole journal, honouring ``undo`` events: an undo takes
back the latest game action not yet taken back. Facts (dice, coin tosses,
timer presses, a game's own decisive rolls) are never taken back, and barriers
stop an undo; each event kind declares which it is (:mod:`companion.rules.moves`).

>>> from companion.rules.events import Event as E
>>> s = replay([E("game_started", {"game": "takkure", "teams": ["Yamato", "Teriomorph"]}),
...             E("try_scored", {"team": 1}), E("try_scored", {"team": 0}), E("undo")])
>>> s.score
(0, 1)
>>> replay([E("game_started", {"game": "tekken"}), E("kick_off", {"kicking": 1})]).message
'skipped 1 journal event(s) that no longer fit the rules: event 0 (kick_off): kick_off is a TAKKURE event: this table plays TEKKEN'
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Sequence

from companion.rules.events import Event, IllegalMove
from companion.rules.tools.coin import TossView
from companion.rules.tools.countdown import Countdown
from companion.rules.tools.dice import RollView

log = logging.getLogger(__name__)

__all__ = ["TableState", "RollView", "TossView", "apply", "replay", "undo_target", "effective_events"]

# Events of the table itself, in every game: never taken back.
CORE_FACTS = frozenset({"game_started", "undo"})


@dataclass(frozen=True)
class TableState:
    game: str = ""
    teams: tuple[str, str] = ("Home", "Away")   # the two sides: teams, or players in a duel
    score: tuple[int, int] = (0, 0)
    # Shared tools
    countdown: Countdown = field(default_factory=Countdown)
    last_roll: RollView | None = None
    last_toss: TossView | None = None
    chance_draws: int = 0              # index of the next random draw in this game
    selected: str | None = None        # the card last tapped on the NFC reader
    message: str = ""
    events_applied: int = 0
    g: Any = None                      # the game's own state (its rules' setup makes it)

    def with_game(self, **changes) -> "TableState":
        """A copy with some fields of the game's own state changed."""
        return replace(self, g=replace(self.g, **changes))


def rules_of(state: TableState):
    from companion.games import find_rules

    return find_rules(state.game)


def _seconds(value, default: float = 10.0) -> float:
    """A journaled countdown length, or the default when it is not a positive finite number
    (a journal written before settings refused NaN must still replay)."""
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        return default
    return seconds if math.isfinite(seconds) and seconds > 0 else default


def _start(e: Event) -> TableState:
    from companion.games import find_rules
    from companion.errors import UnknownGame

    try:
        rules = find_rules(e.get("game", "takkure"))
    except UnknownGame as exc:
        raise IllegalMove(f"game_started: {exc}") from None
    g = rules.setup(e.data)
    teams = e.get("teams") or getattr(g, "sides", None) or rules.sides
    return TableState(game=rules.name, teams=tuple(str(t) for t in teams), g=g,
                      countdown=Countdown(_seconds(e.get("countdown_seconds"))),
                      message=e.get("message", ""))


def apply(state: TableState, event: Event) -> TableState:
    """The state after ``event``; raises IllegalMove if the rules forbid it."""
    try:
        if event.kind == "game_started":
            after = _start(event)
        else:
            after = _move(state, event.kind).reduce(state, event)
    except IllegalMove:
        raise
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        # Malformed data (a hand-edited journal, a buggy caller): refused, never a crash.
        raise IllegalMove(f"{event.kind}: malformed data ({exc})") from None
    return replace(after, events_applied=state.events_applied + 1)


def _move(state: TableState, kind: str):
    if not state.game:
        raise IllegalMove(f"{kind}: no game has started")
    rules = rules_of(state)
    move = rules.lookup(kind)
    if move is None:
        from companion.games import owner_of

        owner = owner_of(kind)
        if owner is None:
            raise IllegalMove(f"unknown event {kind!r}")
        if owner.startswith("the "):
            raise IllegalMove(f"{kind} is an event of {owner}, which {rules.title} does not use")
        raise IllegalMove(f"{kind} is a {owner} event: this table plays {rules.title}")
    return move


def _kind_of(game: str, kind: str) -> tuple[bool, bool]:
    """(fact, barrier) of an event kind in ``game``; unknown kinds are plain actions."""
    if kind in CORE_FACTS:
        return True, False
    if not game:
        return False, False
    from companion.games import find_rules

    move = find_rules(game).lookup(kind)
    return (move.fact, move.barrier) if move is not None else (False, False)


def _game_of(events: Sequence[Event]) -> str:
    from companion.games import PACKAGES

    for e in events:
        if e.kind == "game_started":
            game = e.get("game", "takkure")
            return game if game in PACKAGES else ""
    return ""


def effective_events(events: Iterable[Event]) -> list[Event]:
    """The events that still count once every undo has taken back its action."""
    events = list(events)
    game = _game_of(events)
    kept: list[Event] = []
    for event in events:
        if event.kind != "undo":
            kept.append(event)
            continue
        for i in range(len(kept) - 1, -1, -1):
            fact, barrier = _kind_of(game, kept[i].kind)
            if barrier:
                break
            if not fact:
                del kept[i]
                break
    return kept


def replay(events: Sequence[Event], state: TableState | None = None) -> TableState:
    """Fold a journal into the state it describes.

    An event that no longer fits the rules (a journal written by an older
    version) is skipped and named in the message, never a crash at resume.
    """
    state = state or TableState()
    skipped = []
    for event in effective_events(events):
        try:
            state = apply(state, event)
        except IllegalMove as exc:
            skipped.append(f"event {event.seq} ({event.kind}): {exc}")
    if skipped:
        log.warning("replay skipped %d event(s): %s", len(skipped), "; ".join(skipped[:5]))
        state = replace(state, message=f"skipped {len(skipped)} journal event(s) that no longer fit the "
                                       f"rules: {skipped[0]}")
    return state


def undo_target(events: Sequence[Event]) -> Event | None:
    """The action an undo would take back now, if any."""
    game = _game_of(events)
    for e in reversed(effective_events(events)):
        fact, barrier = _kind_of(game, e.kind)
        if barrier:
            return None
        if not fact:
            return e
    return None
