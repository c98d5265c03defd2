"""What each input action (button, key, controller) does to a session.

The shared actions below work in every game that uses the tool they need (dice,
coin, timer, score, undo); each game adds its own (``Game.actions``), and may
give a shared name its own meaning (Takkure's ``score_home`` scores a try). The
settings map buttons to action names per game. An action the rules refuse
leaves the reason in ``session.refusal`` for the screen, and never raises.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.games import find_game
from companion.rules.events import Event
from companion.session.session import GameSession


@dataclass(frozen=True)
class Seen:
    """A base the camera sees and can name (bound to a card by an NFC tap): its centre and
    radius in board inches."""
    x: float
    y: float
    r: float


@dataclass
class TableView:
    """What the camera says, for the actions that measure: the bases of the players it
    can name, where the active-player token and the ball token are, and the boards of
    tiles it reads (name -> companion.vision.boards.BoardReading)."""
    positions: Callable[[], dict[str, Seen]] = dict
    start: Callable[[], tuple[float, float] | None] = lambda: None
    ball: Callable[[], tuple[float, float] | None] = lambda: None
    boards: Callable[[], dict] = dict


NO_CAMERA = TableView()


def _timer_toggle(s: GameSession, view: TableView) -> Event | None:
    cd, now = s.state.countdown, s.clock.now()
    if cd.running:
        return s.submit("countdown_paused")
    if cd.started and not cd.expired(now):
        return s.submit("countdown_resumed")
    return s.submit("countdown_started")


SHARED: dict[str, Callable[[GameSession, TableView], Event | None]] = {
    "undo": lambda s, v: s.undo(),
    "roll_d6": lambda s, v: s.roll(6, 1),
    "roll_d12": lambda s, v: s.roll(12, 1),
    "roll_3d6": lambda s, v: s.roll(6, 3, label="Knockdown test"),
    "coin_toss": lambda s, v: s.toss(s.state.teams[0], "heads"),
    "timer_toggle": _timer_toggle,
    "timer_reset": lambda s, v: s.submit("countdown_reset"),
    "score_home": lambda s, v: s.submit("score_changed", side=0, delta=1),
    "score_away": lambda s, v: s.submit("score_changed", side=1, delta=1),
}
# Actions the main loop handles itself.
LOOP = ("quit",)


def known_actions(game: str) -> tuple[str, ...]:
    """Every action name a button may have in ``game``: the shared ones and the game's own."""
    own = tuple(a for a in find_game(game).actions if a not in SHARED)
    return tuple(SHARED) + own + LOOP


def perform(session: GameSession, action: str, view: TableView = NO_CAMERA) -> Event | None:
    """Do ``action``; returns the event it produced, or None (refused or not applicable)."""
    game = find_game(session.state.game)
    fn = game.actions.get(action) or SHARED.get(action)
    if fn is None:
        session.refusal = f"{action} is not a {game.rules.title} action"
        return None
    return fn(session, view)
