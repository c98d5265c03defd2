"""Tekton Dash rules, pure: the race (:mod:`.race`), its events (:mod:`.events`), the track
(:mod:`.track`), player boards (:mod:`.board`), Blueprints (:mod:`.blueprint`), the setup
tables (:mod:`.setup_tables`), the Tektonpedia (:mod:`.tektonpedia`) and the rulings where
the rulebook is silent or contradicts itself (:mod:`.rulings`, docs/TEKTON_DASH.md).

``game_started`` data: ``players`` (3-6 names, in seat order; the first player first),
``blueprints`` (one per player: a shipped example's name or a file), ``rulings``, and
optionally ``track`` (else the example track for the player count), ``floors`` (the tiles
dealt onto the racetrack: [{floor, tiles}], or ``deal_seed`` to deal them at random) and
``boards`` (each player's 2 starting tiles: [[row, col, kind], ...]).

>>> from companion.rules.events import Event as E
>>> from companion.rules.table import replay
>>> st = replay([E("game_started", {"game": "tekton-dash", "players": ["Ana", "Ben", "Cy"],
...                                 "boards": [[[2, 1, "red"], [2, 2, "blue"]]] * 3}),
...              E("dasher_placed", {"player": "Cy", "lane": 2}), E("dasher_placed", {"player": "Ben", "lane": 1}),
...              E("dasher_placed", {"player": "Ana", "lane": 0}),
...              E("dasher_moved", {"player": "Ana", "to": [1, 0]})])
>>> st.g.dasher("Ana").floor, st.g.actions_left
((1, 0), 0)
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from companion.games.base import Rules
from companion.games.tekton_dash.rules import blueprint as bp
from companion.games.tekton_dash.rules.board import PlayerBoard
from companion.games.tekton_dash.rules.events import MOVES
from companion.games.tekton_dash.rules.race import Dasher, RaceState
from companion.games.tekton_dash.rules.rulings import Rulings
from companion.games.tekton_dash.rules.setup_tables import KINDS, STARTING_TILES, setup_for
from companion.games.tekton_dash.rules.track import Track, example_track

DEFAULT_NAMES = ("Player 1", "Player 2", "Player 3", "Player 4")


def check_starting_tiles(tiles) -> str:
    """Why two starting tiles are not allowed ('' when they are): 2 tiles of different
    colours, regular side up, in the central 3x3 (rulebook 226-227).

    >>> check_starting_tiles([[2, 2, "red"], [1, 3, "red"]])
    'the 2 starting tiles are of different colours'
    """
    if len(tiles) != STARTING_TILES:
        return f"{STARTING_TILES} starting tiles, not {len(tiles)}"
    if len({t[2] for t in tiles}) != len(tiles):
        return "the 2 starting tiles are of different colours"
    for r, c, kind, *side in tiles:
        if kind not in KINDS:
            return f"{kind!r} is not a tile kind"
        if not (1 <= int(r) <= 3 and 1 <= int(c) <= 3):
            return f"starting tiles go in the central 3x3, not ({r}, {c})"
        if side and side[0]:
            return "starting tiles lie regular side up"
    if len({(int(t[0]), int(t[1])) for t in tiles}) != len(tiles):
        return "the 2 starting tiles are on different squares"
    return ""


def deal(track: Track, players: int, seed: int) -> dict:
    """The racetrack's tiles dealt at random (203-218): each colour's count for the player
    count, one to a floor, regular side up; then 3 per player flipped to Power-Up."""
    rng = random.Random(seed)
    s = setup_for(players)
    tiles = [k for k in KINDS for _ in range(s.tiles_per_colour)]
    rng.shuffle(tiles)
    floors = [(r, l) for r in range(track.rows) for l in range(track.lanes)]
    rng.shuffle(floors)
    dealt = {f: [(k, False)] for f, k in zip(floors, tiles)}
    for f in rng.sample(sorted(dealt), min(len(dealt), 3 * players)):
        dealt[f] = [(dealt[f][0][0], True)]
    return {f: tuple(t) for f, t in dealt.items()}


def setup(data: Mapping[str, Any]) -> RaceState:
    rulings = Rulings.from_data(data.get("rulings", {}))
    names = tuple(str(n) for n in data.get("players", DEFAULT_NAMES[:3]))
    if len(set(names)) != len(names):
        raise ValueError("two players share a name")
    setup_for(len(names))                                       # 3 to 6 players
    track = Track.from_data(data["track"]) if data.get("track") else \
        example_track(len(names), elements=rulings.track_elements)
    if track.lanes != setup_for(len(names)).lanes:
        raise ValueError(f"{len(names)} players race on {setup_for(len(names)).lanes} lanes, not {track.lanes}")
    choices = data.get("blueprints") or [bp.shipped()[i % len(bp.shipped())] for i in range(len(names))]
    blueprints = [bp.load_blueprint(str(c)) for c in choices]
    if len(blueprints) != len(names):
        raise ValueError("one Blueprint per player")
    boards = data.get("boards") or [[] for _ in names]
    dashers = []
    for name, blue, start in zip(names, blueprints, boards):
        if start:
            why = check_starting_tiles(start)
            if why:
                raise ValueError(f"{name}: {why}")
        board = PlayerBoard.from_cells({(int(r), int(c)): (k, False) for r, c, k, *_ in start})
        side = "red" if rulings.laps == 1 else "green"           # Super Dash: Red Blueprints at once
        dashers.append(Dasher(name, blue, board, side=side, abilities=1 if rulings.ability_tokens else 0))
    if "floors" in data:
        floors = {(int(f["floor"][0]), int(f["floor"][1])): tuple((str(k), bool(u)) for k, u in f["tiles"])
                  for f in data["floors"]}
    else:
        floors = deal(track, len(names), int(data.get("deal_seed", 1)))
    return RaceState(rulings, track, tuple(dashers), floors)


RULES = Rules(name="tekton-dash", title="TEKTON DASH", moves=MOVES, setup=setup, sides=DEFAULT_NAMES[:2])

__all__ = ["RULES", "MOVES", "setup", "deal", "check_starting_tiles", "RaceState"]
