"""A race driven event by event through the table's own ``apply``, as the session does."""

from __future__ import annotations

from companion.errors import IllegalMove
from companion.rules.events import Event
from companion.rules.table import TableState, apply

NAMES = ("Ana", "Ben", "Cy")
START = [[2, 1, "red"], [2, 2, "blue"]]


class Race:
    def __init__(self, players=NAMES, rulings=None, track=None, floors=None, boards=None, blueprints=None,
                 place=True):
        data = {"game": "tekton-dash", "players": list(players), "rulings": rulings or {},
                "floors": [{"floor": list(f), "tiles": [list(t) for t in ts]} for f, ts in (floors or {}).items()],
                "boards": boards or [START] * len(players)}
        if track is not None:
            data["track"] = track
        if blueprints is not None:
            data["blueprints"] = blueprints
        self.seq = 0
        self.st = TableState()
        self.st = self._apply("game_started", data)
        if place:
            for lane, name in reversed(list(enumerate(players))):
                self.do("dasher_placed", player=name, lane=lane)

    def _apply(self, kind, data, /):
        self.seq += 1
        return apply(self.st, Event(kind, data, 0.0, self.seq))

    def do(self, kind, /, **data):
        self.st = self._apply(kind, data)
        return self

    def refused(self, kind, /, **data) -> str:
        try:
            self._apply(kind, data)
        except IllegalMove as exc:
            self.seq -= 1
            return str(exc)
        raise AssertionError(f"{kind} {data} was accepted")

    def roll_spawn(self, value: int):
        return self.do("dice_rolled", sides=6, values=[value], index=0, label="Spawn Dice")

    @property
    def g(self):
        return self.st.g

    def d(self, name):
        return self.g.dasher(name)

    def end(self, name):
        return self.do("turn_ended", player=name)


def track(rows=8, lanes=3, elements=(), walls=()):
    return {"rows": rows, "lanes": lanes, "elements": list(elements), "walls": list(walls)}
