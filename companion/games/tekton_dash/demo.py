"""Tekton Dash's scripted demo on the simulated table: three dashers on the example track;
the first Green Blueprint done unlocks two actions; the Spawn Dice; a build; the camera
reading every board as the race changes it."""

from __future__ import annotations

from companion.games.tekton_dash.rules import deal
from companion.games.tekton_dash.rules.events import SPAWN_DICE
from companion.games.tekton_dash.rules.track import example_track
from companion.sim.script import Demo, Step

PLAYERS = ["Ana", "Ben", "Cy"]
BLUEPRINTS = ["step", "bridge", "tower"]
BOARDS = [[[2, 1, "red"], [2, 2, "blue"]], [[1, 1, "yellow"], [2, 2, "green"]], [[1, 1, "blue"], [3, 3, "red"]]]


def setup() -> dict:
    track = example_track(3)
    floors = deal(track, 3, seed=5)
    floors[(1, 0)] = (("yellow", False),)          # what Ana's Blueprint lacks, one row ahead
    floors[(1, 1)] = (("yellow", False),)
    return {"players": PLAYERS, "blueprints": BLUEPRINTS, "boards": BOARDS, "track": track.as_data(),
            "floors": [{"floor": list(f), "tiles": [list(t) for t in ts]} for f, ts in floors.items()],
            "message": "Demo: Tekton Dash, three dashers"}


def _spawn(s, tag):
    """Ben spends the Spawn Dice roll as its face allows."""
    g, roll = s.state.g, s.state.last_roll
    face = g.rulings.spawn_faces[(roll.values[0] - 1) % len(g.rulings.spawn_faces)] if roll else "none"
    if face in ("regular", "power-up"):
        spawn = next(e for e in g.track.elements if e.is_spawn)
        return s.submit("tile_spawned", player="Ben", kind=spawn.colours[0], floor=list(spawn.floor), **tag)
    return s.submit("tile_spawned", player="Ben", kind="yellow", **tag)


def _steps(scene, vision) -> list[Step]:
    def do(kind, **data):
        return lambda s, tag: s.submit(kind, **data, **tag)
    return [
        Step(1.0, do("dasher_placed", player="Cy", lane=2)),
        Step(0.8, do("dasher_placed", player="Ben", lane=1)),
        Step(0.8, do("dasher_placed", player="Ana", lane=0), (("placed", 1.0),)),
        Step(1.5, do("dasher_moved", player="Ana", to=[1, 0])),
        Step(1.5, do("tile_taken", player="Ana", cell=[3, 2]), (("green-done", 2.0),)),
        Step(2.0, do("dasher_moved", player="Ana", to=[2, 0])),
        Step(1.2, do("turn_ended", player="Ana")),
        Step(1.5, lambda s, tag: s.roll(len(s.state.g.rulings.spawn_faces), 1, label=SPAWN_DICE, **tag),
             (("spawn-dice", 1.5),)),
        Step(1.5, _spawn),
        Step(1.2, do("dasher_moved", player="Ben", to=[1, 1])),        # the spawn and this move: action 1
        Step(1.2, do("tile_taken", player="Ben", cell=[1, 2])),        # action 2: a take, then its move
        Step(1.2, do("dasher_moved", player="Ben", to=[2, 1])),
        Step(1.2, do("turn_ended", player="Ben")),
        Step(1.5, do("tile_built", player="Cy", **{"from": [1, 1], "to": [0, 1]})),
        Step(1.2, do("dasher_moved", player="Cy", to=[1, 2])),
        Step(1.2, do("turn_ended", player="Cy"), (("final", 2.5),)),
    ]


def demo() -> Demo:
    return Demo(setup(), _steps)                     # the camera shows Game.scene's TileTable
