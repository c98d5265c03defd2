"""What the buttons do in Tekton Dash. Every action acts for the player whose turn it is.

- ``spawn_roll``: roll the Spawn Dice (as many faces as the ``spawn_faces`` ruling).
- ``move_forward`` ... ``move_back_right``: the current dasher one floor; forward is towards
  the line this lap runs to (up the rows in lap 1, down in lap 2).
- ``follow_boost``, ``end_turn``, ``use_card``, ``decline_card``.
- ``board_from_camera``: the current player's board as the camera reads it now becomes the
  race's, through the one event that explains the change (a build, a take, a put): the
  camera keeps the race honest, and a change it cannot explain is refused with the cells.
"""

from __future__ import annotations

from companion.games.tekton_dash.rules.board import explain_change
from companion.games.tekton_dash.rules.events import SPAWN_DICE

STEPS = {"move_forward": (1, 0), "move_forward_left": (1, -1), "move_forward_right": (1, 1), "move_left": (0, -1),
         "move_right": (0, 1), "move_back": (-1, 0), "move_back_left": (-1, -1), "move_back_right": (-1, 1)}


def _current(s):
    g = s.state.g
    return g.current if g is not None and not g.placing else None


def _move(step):
    def act(s, view):
        d = _current(s)
        if d is None or d.floor is None:
            s.refusal = "no dasher is racing yet"
            return None
        dr, dl = step
        if d.lap == 2 and s.state.g.rulings.laps == 2:
            dr = -dr                                     # lap 2 runs back to the finish line
        return s.submit("dasher_moved", player=d.name, to=[d.floor[0] + dr, d.floor[1] + dl])
    return act


def _for_current(kind):
    def act(s, view):
        d = _current(s)
        if d is None:
            s.refusal = "the race has not started"
            return None
        return s.submit(kind, player=d.name)
    return act


def _card(kind):
    def act(s, view):
        card = s.state.g.card if s.state.g is not None else None
        if card is None:
            s.refusal = "no Power-Up card is waiting"
            return None
        return s.submit(kind, player=card.player, **({"card": "Power-Up card"} if kind == "power_up_used" else {}))
    return act


def _spawn_roll(s, view):
    faces = s.state.g.rulings.spawn_faces if s.state.g is not None else ()
    return s.roll(len(faces) or 6, 1, label=SPAWN_DICE)


def _board_from_camera(s, view):
    d = _current(s)
    if d is None:
        s.refusal = "the race has not started"
        return None
    reading = view.boards().get(d.name)
    if reading is None or reading.status == "never seen":
        s.refusal = f"the camera does not see {d.name}'s board"
        return None
    if reading.status != "seen":
        s.refusal = f"{d.name}'s board is not clear to the camera: {reading.why}"
        return None
    seen = {(t.row, t.col): (t.kind, t.power_up) for t in reading.tiles}
    change = explain_change(dict(d.board.cells), seen)
    if isinstance(change, str):
        s.refusal = f"{d.name}: {change}"
        return None
    kind, data = change
    if kind == "tile_taken":
        top = s.state.g.top(d.floor) if d.floor is not None else None
        if top is None or tuple(data["tile"]) != top:
            s.refusal = f"the camera sees a new {data['tile'][0]} tile on {d.name}'s board, but the floor under " \
                        f"{d.name} holds {top[0] if top else 'no tile'}"
            return None
        data = {"cell": data["cell"]}
    return s.submit(kind, player=d.name, **data)


ACTIONS = {
    "spawn_roll": _spawn_roll,
    **{name: _move(step) for name, step in STEPS.items()},
    "follow_boost": _for_current("boosted"),
    "end_turn": _for_current("turn_ended"),
    "use_card": _card("power_up_used"),
    "decline_card": _card("power_up_declined"),
    "board_from_camera": _board_from_camera,
}
