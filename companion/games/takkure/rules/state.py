"""Takkure's own part of the table: the half, the time dashboard, the attacker, the
activation in progress and the match (players and ball), and the event set they
change through (:data:`MOVES`).

>>> g = setup({})
>>> g.half, g.step, g.step_name, g.attacker is None
(1, 0, '', True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.errors import IllegalMove
from companion.games.takkure.rules import match
from companion.games.takkure.rules.roster import RosterError, roster_from_dict
from companion.games.takkure.rules.rulings import Rulings
from companion.games.takkure.rules.time_dashboard import TimeDashboard
from companion.rules.moves import MoveSet

ACTIVATION_STEPS = (
    "1st offensive action",
    "Defense",
    "Movement execution",
    "2nd offensive action",
    "Measurements and dice rolls",
    "Token removal",
)
ACTIVATION_TOKENS = 4

MOVES = MoveSet("takkure")


@dataclass(frozen=True)
class TakkureState:
    half: int = 1
    dashboard: TimeDashboard = field(default_factory=TimeDashboard)
    attacker: int | None = None
    kicked_off_first: int | None = None
    kickoffs: int = 0                  # kick-offs in this half
    activation_tokens: int = 0
    active_player: str | None = None
    step: int = 0                      # 1..6 during an activation, 0 between
    half_time: bool = False
    match_over: bool = False
    match: match.Match = field(default_factory=match.Match)   # players and ball
    step_rolled: bool = False          # step 5's rolls were made
    roll_lines: tuple[str, ...] = ()   # the latest resolved rolls, explained, newest last
    sides: tuple[str, str] = ()        # the teams the rosters name, if any

    @property
    def step_name(self) -> str:
        return ACTIVATION_STEPS[self.step - 1] if self.step else ""


def setup(data: Mapping[str, Any]) -> TakkureState:
    """The ``game_started`` data: optional ``rosters`` (the roster TOML as tables, home first)
    and ``rulings`` (rulings.py; missing ones are the defaults)."""
    rosters = data.get("rosters")
    if not rosters:
        return TakkureState()
    try:
        lined_up = match.line_up([roster_from_dict(r, f"roster {k + 1}") for k, r in enumerate(rosters)],
                                 Rulings.from_data(data.get("rulings")))
    except RosterError as exc:
        raise IllegalMove(str(exc)) from None
    return TakkureState(match=lined_up, sides=tuple(str(r.get("team", "")) for r in rosters))

