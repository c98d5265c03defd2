"""Whatever the players try, in any order, the race keeps its invariants: refused events
change nothing, accepted ones never put two dashers on a floor, break a board's limits,
spend more actions than the turn has, or lose a tile."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalMove
from companion.games.tekton_dash.rules.setup_tables import BOARD_LIMIT_PER_COLOUR, BOARD_LIMIT_POWER_UPS
from tests.games.tekton_dash.helpers import Race

KINDS = ("red", "blue", "yellow", "green")
TRACK = {"rows": 6, "lanes": 3,
         "elements": [{"kind": "boost", "floor": [2, 1], "direction": "NE"},
                      {"kind": "stack", "floor": [3, 0]},
                      {"kind": "spawn", "floor": [4, 2], "colours": ["green"]}],
         "walls": [{"row": 2, "lane": 0, "orientation": "h"}, {"row": 3, "lane": 1, "orientation": "v"}]}


def _tiles(g) -> int:
    return sum(len(ts) for ts in g.floors.values()) + sum(len(d.board.cells) for d in g.dashers)


def candidates(g, pick):
    """One event the current player (or the card's holder) might try."""
    d = g.current
    r, l = d.floor if d.floor is not None else (0, 0)
    choice = pick(st.integers(0, 9))
    cell = [pick(st.integers(0, 4)), pick(st.integers(0, 4))]
    if choice <= 2:
        return "dasher_moved", {"player": d.name, "to": [r + pick(st.integers(-1, 1)), l + pick(st.integers(-1, 1))]}
    if choice == 3:
        return "tile_taken", {"player": d.name, "cell": cell}
    if choice == 4:
        return "tile_put", {"player": d.name, "cell": cell}
    if choice == 5:
        return "tile_built", {"player": d.name, "from": cell, "to": [cell[0] + pick(st.integers(-1, 1)), cell[1]]}
    if choice == 6:
        return "boosted", {"player": d.name}
    if choice == 7 and g.card is not None:
        if pick(st.booleans()):
            return "power_up_used", {"player": g.card.player, "card": "Freeze",
                                     "target": pick(st.sampled_from(g.names))}
        return "power_up_declined", {"player": g.card.player}
    if choice == 8:
        return "tile_spawned", {"player": d.name, "kind": pick(st.sampled_from(KINDS)), "floor": [4, 2]}
    return "turn_ended", {"player": d.name}


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_the_race_keeps_its_invariants_whatever_is_tried(data):
    floors = {(r, l): [(data.draw(st.sampled_from(KINDS)), data.draw(st.booleans()))]
              for r in range(6) for l in range(3) if data.draw(st.booleans())}
    race = Race(track=TRACK, floors=floors, rulings={"mode": data.draw(st.sampled_from(["standard", "mayhem"]))})
    for _ in range(120):
        before = race.st
        if race.g.over:
            break
        if data.draw(st.integers(0, 5)) == 0:
            race.roll_spawn(data.draw(st.integers(1, 6)))
            continue
        kind, event = candidates(race.g, data.draw)
        try:
            race.do(kind, **event)
        except IllegalMove:
            race.seq -= 1
            assert race.st is before                                    # a refusal changes nothing
            continue
        g = race.g
        placed = [d.floor for d in g.dashers if d.floor is not None and g.track.on_track(d.floor)]
        assert len(placed) == len(set(placed)), "two dashers on one floor"
        for d in g.dashers:
            for kind_ in KINDS:
                assert d.board.count(kind_) <= BOARD_LIMIT_PER_COLOUR
            assert d.board.power_ups() <= BOARD_LIMIT_POWER_UPS
        assert 0 <= g.actions_used <= g.actions_allowed
        assert all(len(ts) <= g.track.capacity(f) for f, ts in g.floors.items())
        if kind != "tile_spawned":
            assert _tiles(g) == _tiles(before.g), f"{kind} lost or made a tile"
