"""The racetrack: floors in rows and racing lanes, its track elements and wall blocks, and
what a move may do on it.

A floor is ``(row, lane)``; row 0 is the first row after the starting line, and the Flip the
Blueprint line lies past the last row (``rows``). Lap 1 runs up the rows to that line, lap 2
back down to the starting line, which is the finish line (docs/TEKTON_DASH.md: the
rulebook's track diagrams are lost; this is the reading). A dasher moves one floor in any of
eight directions.

A wall block lies in the gap between two floors: ``h`` between ``row`` and ``row + 1`` across
lane ``lane``, ``v`` between ``lane`` and ``lane + 1`` along row ``row``. A move is blocked when
its path from floor centre to floor centre crosses the wall; with the ruling
``straight-and-diagonal`` (the default: "forward or diagonally through its position", 439) a
diagonal that passes the wall's end is blocked too, with ``straight`` only the straight move.

>>> t = Track(rows=6, lanes=3, walls=(Wall(2, 1, "h"),))
>>> t.blocked((2, 1), (3, 1)), t.blocked((2, 0), (3, 1)), t.blocked((2, 0), (3, 0))
('a wall blocks the way', 'a wall blocks the way', '')
>>> t.blocked((2, 0), (3, 1), "straight")
''
>>> t.blocked((0, 0), (2, 0))
'a dasher moves one floor at a time'
"""

from __future__ import annotations

from dataclasses import dataclass, field

Floor = tuple[int, int]
DIRECTIONS = {"N": (1, 0), "NE": (1, 1), "E": (0, 1), "SE": (-1, 1), "S": (-1, 0), "SW": (-1, -1),
              "W": (0, -1), "NW": (1, -1)}   # N: up the rows, towards the Flip the Blueprint line
ELEMENT_KINDS = ("spawn", "special-spawn", "stack", "special-stack", "boost", "special-boost")


@dataclass(frozen=True)
class Element:
    """A track element on a floor. ``colours``: a spawn's tile kind (a special spawn: two);
    ``direction``: a boost's arrow (a key of DIRECTIONS)."""
    kind: str
    floor: Floor
    colours: tuple[str, ...] = ()
    direction: str = ""

    @property
    def capacity(self) -> int:
        """Tiles the floor holds: a stack 2, a special stack 3 (the number printed on it)."""
        return {"stack": 2, "special-stack": 3}.get(self.kind, 1)

    @property
    def is_spawn(self) -> bool:
        return self.kind in ("spawn", "special-spawn")

    @property
    def is_boost(self) -> bool:
        return self.kind in ("boost", "special-boost")


@dataclass(frozen=True)
class Wall:
    row: int
    lane: int
    orientation: str          # "h": between row and row + 1; "v": between lane and lane + 1


@dataclass(frozen=True)
class Track:
    rows: int
    lanes: int
    elements: tuple[Element, ...] = ()
    walls: tuple[Wall, ...] = ()
    _at: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        if not 3 <= self.lanes <= 6 or not 4 <= self.rows <= 40:
            raise ValueError(f"a racetrack of {self.rows} rows and {self.lanes} lanes: 4-40 rows, 3-6 lanes")
        for e in self.elements:
            if not self.on_track(e.floor):
                raise ValueError(f"{e.kind} at {e.floor} is off the racetrack")
            if e.floor in self._at:
                raise ValueError(f"two track elements on floor {e.floor}: they cannot be stacked")
            if e.is_boost and e.direction not in DIRECTIONS:
                raise ValueError(f"boost at {e.floor}: its arrow is one of {', '.join(DIRECTIONS)}")
            self._at[e.floor] = e

    def on_track(self, floor: Floor) -> bool:
        r, l = floor
        return 0 <= r < self.rows and 0 <= l < self.lanes

    def element(self, floor: Floor) -> Element | None:
        return self._at.get(tuple(floor))

    def capacity(self, floor: Floor) -> int:
        e = self.element(floor)
        return e.capacity if e else 1

    def wall_between(self, a: Floor, b: Floor, rule: str = "straight-and-diagonal") -> bool:
        """Whether a wall stands across the path from floor ``a`` to its neighbour ``b``."""
        (r1, l1), (r2, l2) = a, b
        closed = rule == "straight-and-diagonal"
        for w in self.walls:
            if w.orientation == "h" and abs(r1 - r2) == 1 and min(r1, r2) == w.row:
                x = (l1 + l2) / 2                     # where the path crosses the gap
                if (abs(x - w.lane) <= 0.5 if closed else (l1 == l2 == w.lane)):
                    return True
            if w.orientation == "v" and abs(l1 - l2) == 1 and min(l1, l2) == w.lane:
                y = (r1 + r2) / 2
                if (abs(y - w.row) <= 0.5 if closed else (r1 == r2 == w.row)):
                    return True
        return False

    def blocked(self, a: Floor, b: Floor, rule: str = "straight-and-diagonal", occupied=()) -> str:
        """Why a dasher on ``a`` cannot move to ``b`` ('' when it can). ``b`` may be a line
        (row -1 or ``rows``): the caller decides whether the dasher may cross it."""
        (r1, l1), (r2, l2) = a, b
        if (r1, l1) == (r2, l2) or abs(r1 - r2) > 1 or abs(l1 - l2) > 1:
            return "a dasher moves one floor at a time"
        if not 0 <= l2 < self.lanes or not -1 <= r2 <= self.rows:
            return "that is off the racetrack"
        if tuple(b) in {tuple(o) for o in occupied}:
            return "another dasher stands there (one dasher per floor)"
        if self.wall_between(a, b, rule):
            return "a wall blocks the way"
        return ""

    def boost_target(self, floor: Floor, rule: str = "straight-and-diagonal", occupied=()) -> Floor:
        """Where a dasher landing on a boost ends: one floor along its arrow, or on the boost
        when a dasher, a wall or the track's edge is in the way (290)."""
        e = self.element(floor)
        if e is None or not e.is_boost:
            return tuple(floor)
        dr, dl = DIRECTIONS[e.direction]
        to = (floor[0] + dr, floor[1] + dl)
        if not self.on_track(to) or self.blocked(floor, to, rule, occupied):
            return tuple(floor)
        return to

    @classmethod
    def from_data(cls, data) -> "Track":
        """From ``game_started``'s ``track``: rows, lanes, elements [{kind, floor, colours,
        direction}], walls [{row, lane, orientation}]."""
        elements = tuple(Element(str(e["kind"]), (int(e["floor"][0]), int(e["floor"][1])),
                                 tuple(e.get("colours", ())), str(e.get("direction", "")))
                         for e in data.get("elements", ()))
        bad = [e.kind for e in elements if e.kind not in ELEMENT_KINDS]
        if bad:
            raise ValueError(f"unknown track element {bad[0]!r}: one of {', '.join(ELEMENT_KINDS)}")
        walls = tuple(Wall(int(w["row"]), int(w["lane"]), str(w["orientation"])) for w in data.get("walls", ()))
        if any(w.orientation not in ("h", "v") for w in walls):
            raise ValueError("a wall block is h (between two rows) or v (between two lanes)")
        return cls(int(data.get("rows", 10)), int(data["lanes"]), elements, walls)

    def as_data(self) -> dict:
        return {"rows": self.rows, "lanes": self.lanes,
                "elements": [{"kind": e.kind, "floor": list(e.floor), "colours": list(e.colours),
                              "direction": e.direction} for e in self.elements],
                "walls": [{"row": w.row, "lane": w.lane, "orientation": w.orientation} for w in self.walls]}


def example_track(players: int, rows: int = 10, elements: bool = True) -> Track:
    """A racetrack laid out by the placement rules (147-190) for ``players``: spawns, stacks,
    boosts with arrows all different and no two boosts side by side, walls split between
    h and v, nothing in the first two rows. The rulebook's own pre-made layouts are pictures
    that did not survive; this one is an example, not one of them."""
    from companion.games.tekton_dash.rules.setup_tables import CLEAR_ROWS, KINDS, setup_for

    s = setup_for(players)
    lanes = s.lanes
    if not elements:
        return Track(rows, lanes)
    n_each = players                               # one of each per player (3 players: 4 spawns)
    special = s.sets.count("special")
    free = [(r, l) for r in range(CLEAR_ROWS, rows - 1) for l in range(lanes)]
    picks = free[1::2] + free[0::2]                # spread over the track
    out: list[Element] = []
    for i in range(s.spawns):
        kind = "special-spawn" if i >= s.spawns - special else "spawn"
        cols = (KINDS[i % 4], KINDS[(i + 1) % 4]) if kind == "special-spawn" else (KINDS[i % 4],)
        out.append(Element(kind, picks.pop(0), cols))
    for i in range(n_each):
        out.append(Element("special-stack" if i >= n_each - special else "stack", picks.pop(0)))
    arrows = ["N", "NE", "NW", "E", "W", "SE"]
    for i in range(n_each):
        floor = next(f for f in picks if not any(e.is_boost and abs(e.floor[0] - f[0]) + abs(e.floor[1] - f[1]) == 1
                                                  for e in out))
        picks.remove(floor)
        out.append(Element("special-boost" if i >= n_each - special else "boost", floor, (), arrows[i]))
    # walls split between h and v; no two h walls between the same rows, no two v between the same lanes
    n_h = (n_each + 1) // 2
    walls = [Wall(CLEAR_ROWS + 1 + j * max(1, (rows - CLEAR_ROWS - 3) // max(n_h, 1)), j % lanes, "h")
             for j in range(n_h)]
    walls += [Wall(CLEAR_ROWS + 2 + j, j, "v") for j in range(n_each - n_h)]
    return Track(rows, lanes, tuple(out), tuple(walls))
