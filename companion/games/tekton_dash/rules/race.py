"""The race's state: dashers on the racetrack, tiles on floors and boards, turns and actions,
Power-Ups, the sabotage meters and marker, the podium and the finish. Pure data; the events
that change it are in :mod:`companion.games.tekton_dash.rules.events`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Mapping

from companion.games.tekton_dash.rules import blueprint as bp
from companion.games.tekton_dash.rules.board import PlayerBoard, TileT
from companion.games.tekton_dash.rules.rulings import Rulings
from companion.games.tekton_dash.rules.setup_tables import POWER_UPS_FROM_ROUND
from companion.games.tekton_dash.rules.track import Floor, Track

SUPER_DASH_TOKEN_ROW = 3          # "the 4th row" (721)


@dataclass(frozen=True)
class Dasher:
    name: str
    blueprint: bp.Blueprint
    board: PlayerBoard = field(default_factory=PlayerBoard)
    floor: Floor | None = None    # None: not on the track yet; row -1 / rows: on a line
    lap: int = 1
    side: str = "green"           # the Blueprint side facing up
    meter: int = 0                # the sabotage meter
    abilities: int = 0            # Ability Tokens held (the companion counts them, never sees them)
    frozen: bool = False          # skips its next turn (Freeze)
    board_round: int = 0          # the round of its last Player Board action
    lap1_place: int = 0           # its place at the Flip the Blueprint line (podium 1-3, then on)
    finish_place: int = 0
    token_row_crossed: bool = False

    @property
    def finished(self) -> bool:
        return self.finish_place > 0

    def check(self, fit: str) -> bp.Check:
        """Its board against the Blueprint side facing up."""
        return bp.check(self.board.kinds(), self.blueprint.side(self.side), fit)


@dataclass(frozen=True)
class Action:
    kind: str = ""                # "" (none open), "track", "board"
    moved: bool = False
    free: str = ""                # the free action taken in it: "take", "put", "spawn"


@dataclass(frozen=True)
class PendingCard:
    player: str
    floor: Floor
    cell: tuple[int, int]
    tile: TileT


@dataclass(frozen=True)
class RaceState:
    rulings: Rulings
    track: Track
    dashers: tuple[Dasher, ...]
    floors: Mapping[Floor, tuple[TileT, ...]] = field(default_factory=dict)   # bottom first
    placing: bool = True          # meeples placed in reverse order before the first turn
    turn: int = 0                 # whose turn (index into dashers)
    round: int = 1
    turn_no: int = 1              # turns taken so far in the race, counting this one
    actions_used: int = 0
    action: Action = Action()
    two_actions: bool = False
    boost_pending: str = ""       # a dasher that landed on a boost and has not been pushed yet
    card: PendingCard | None = None
    cooldowns: Mapping[Floor, tuple[int, int]] = field(default_factory=dict)  # floor -> (turn_no, round) it ends
    marker: str = ""              # who holds the sabotage marker
    podium: tuple[str, ...] = ()
    spawn_roll_used: int = 0      # the seq of the last Spawn Dice roll spent
    over: bool = False
    ranking: tuple[tuple[int, str], ...] = ()   # (place, name), when over

    # --- who and what ---------------------------------------------------------
    @property
    def names(self) -> tuple[str, ...]:
        return tuple(d.name for d in self.dashers)

    @property
    def sides(self) -> tuple[str, str]:         # the core's two-side view (header, score)
        return (self.dashers[0].name, self.dashers[1].name)

    @property
    def current(self) -> Dasher:
        return self.dashers[self.turn]

    def index(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise KeyError(f"no player called {name!r} in this race ({', '.join(self.names)})") from None

    def dasher(self, name: str) -> Dasher:
        return self.dashers[self.index(name)]

    def with_dasher(self, d: Dasher) -> "RaceState":
        i = self.index(d.name)
        return replace(self, dashers=self.dashers[:i] + (d,) + self.dashers[i + 1:])

    @property
    def actions_allowed(self) -> int:
        return 2 if self.two_actions else 1

    @property
    def actions_left(self) -> int:
        return self.actions_allowed - self.actions_used

    @property
    def power_ups_active(self) -> bool:
        return self.rulings.power_up_cards and self.round >= POWER_UPS_FROM_ROUND

    def occupied(self, but: str = "") -> set[Floor]:
        return {d.floor for d in self.dashers if d.floor is not None and d.name != but and not d.finished
                and self.track.on_track(d.floor)}

    def top(self, floor: Floor) -> TileT | None:
        tiles = self.floors.get(tuple(floor), ())
        return tiles[-1] if tiles else None

    def cooling(self, floor: Floor) -> bool:
        """Whether a Power-Up tile returned to ``floor`` is still in its cooldown (374)."""
        ends = self.cooldowns.get(tuple(floor))
        if ends is None:
            return False
        turn_no, round_no = ends
        return self.turn_no < turn_no if self.rulings.cooldown == "turn-cycle" else self.round < round_no

    def cooldown_from_now(self) -> tuple[int, int]:
        """When a Power-Up tile returned now may be taken again: after every racer has had a
        turn (turn-cycle), or from the round after the next (next-round: a full round)."""
        racing = sum(1 for d in self.dashers if not d.finished)
        return self.turn_no + racing, self.round + 2

    def floor_differences(self, seen: Mapping[Floor, TileT]) -> list[Floor]:
        """The floors whose top tile the camera sees otherwise than the race has it (the
        racetrack's grid read with row = track row, column = lane)."""
        floors = {(r, l) for r in range(self.track.rows) for l in range(self.track.lanes)}
        return sorted(f for f in floors if seen.get(f) != self.top(f))

    # --- progress and ranking ---------------------------------------------------
    def progress(self, d: Dasher) -> int:
        """How far along the race a dasher is, in rows (higher is closer to the finish)."""
        rows = self.track.rows
        if d.finished:
            return 10 ** 6 - d.finish_place
        if d.floor is None:
            return -1
        if self.rulings.laps == 1 or d.lap == 1:
            return d.floor[0]
        return rows + (rows - 1 - d.floor[0])

    def standing(self) -> list[tuple[int, str]]:
        """Everyone's place now: finished first in finishing order, then by row towards the
        finish, then by correct tiles on the Blueprint facing up (646), then the tiebreak
        ruling: the place shared, or the earlier seat first."""
        fit = self.rulings.blueprint_fit

        def key(d: Dasher):
            return (self.progress(d), d.check(fit).correct)

        order = sorted(self.dashers, key=lambda d: (key(d), -self.index(d.name)), reverse=True)
        out, place = [], 0
        for i, d in enumerate(order):
            if i == 0 or self.rulings.tiebreak == "turn-order" or key(d) != key(order[i - 1]) or d.finished:
                place = i + 1
            out.append((place, d.name))
        return out
