"""The setup tables by player count (rulebook 110-117, 203-210): racing lanes, track
elements, tiles of each colour on the racetrack, and which element sets the players place.

>>> SETUP[3].lanes, SETUP[3].track_elements, SETUP[3].tiles_per_colour
(3, 13, 6)
>>> SETUP[6].sets
('standard', 'standard', 'standard', 'standard', 'special', 'special')
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("red", "blue", "yellow", "green")


@dataclass(frozen=True)
class PlayerCountSetup:
    players: int
    lanes: int
    track_elements: int
    tiles_per_colour: int
    sets: tuple[str, ...]          # each player's element set ("standard" or "special"), in seat order
    spawns: int                    # spawn elements (3 players: all four colours, 133-135)


SETUP = {
    3: PlayerCountSetup(3, 3, 13, 6, ("standard",) * 3, 4),   # 4 spawns + 3 stacks, boosts, walls
    4: PlayerCountSetup(4, 4, 16, 8, ("standard",) * 4, 4),
    5: PlayerCountSetup(5, 5, 20, 10, ("standard",) * 4 + ("special",), 5),
    6: PlayerCountSetup(6, 6, 24, 12, ("standard",) * 4 + ("special",) * 2, 6),
}
BOARD_LIMIT_PER_COLOUR = 4
BOARD_LIMIT_POWER_UPS = 4
POWER_UPS_FROM_ROUND = 3
STARTING_TILES = 2
CLEAR_ROWS = 2                     # the first two rows from the starting line stay clear (147)


def setup_for(players: int) -> PlayerCountSetup:
    if players not in SETUP:
        raise ValueError(f"Tekton Dash is for 3 to 6 players, not {players}")
    return SETUP[players]
