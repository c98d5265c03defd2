"""Where the Tekton Dash rulebook is silent or contradicts itself: one reading per question,
chosen by a setting (``[tekton_dash]``) and journaled with the race, so a race is always
replayed under the rulings it was played with. docs/TEKTON_DASH.md quotes the lines.

>>> r = Rulings.from_data({"mekton_at": 6})
>>> r.mekton_at, r.blueprint_fit, r.is_mekton(5)
(6, 'shift', False)
>>> Rulings.from_data({"wall_blocks": "sideways"})
Traceback (most recent call last):
...
ValueError: wall_blocks: 'sideways' is not one of straight-and-diagonal, straight
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from companion.games.base import read_rulings

SPAWN_FACES = ("self", "regular", "power-up", "none")
MODES = ("standard", "kids-play", "tile-building", "super-dash", "mayhem")

CHOICES = {
    "sabotage_meter": ("every-card", "sabotage-only"),   # 462 vs 675
    "tektonpedia_cell": ("table", "example"),             # 664-669 "3/2" vs 662 "#2-3"
    "two_actions_after": ("green-blueprint", "lap-one"),  # 260 vs 365
    "cooldown": ("turn-cycle", "next-round"),             # 374
    "sabotage_marker": ("until-passed", "next-card"),     # 447 vs 367
    "wall_blocks": ("straight-and-diagonal", "straight"), # 439, its diagram lost
    "tiebreak": ("shared", "turn-order"),                 # 646: after "more correct tiles"
    "blueprint_fit": ("shift", "fixed", "shift-and-turn"),
    "end": ("keep-racing", "first-finish"),               # 642-646
    "mode": MODES,
}


@dataclass(frozen=True)
class Rulings:
    mekton_at: int = 5                          # 5+ (687-688), not 6+ (658)
    sabotage_meter: str = "every-card"          # the slider moves on every card used (462)
    tektonpedia_cell: str = "table"             # "3/2": lap 2 place / lap 1 place, as the table prints it
    two_actions_after: str = "green-blueprint"  # the first Green Blueprint done unlocks two actions (260)
    cooldown: str = "turn-cycle"                # a returned Power-Up tile waits until every player has had a turn
    sabotage_marker: str = "until-passed"       # the holder is protected until another player is sabotaged
    power_ups_in_colour_limit: bool = True      # a Power-Up tile is still a tile of its colour (4 per colour)
    wall_blocks: str = "straight-and-diagonal"  # forward and diagonal moves past the wall (439)
    tiebreak: str = "shared"                    # after row and correct tiles: the place is shared
    blueprint_fit: str = "shift"                # the pattern anywhere on the board, never turned
    end: str = "keep-racing"                    # "our favourite": race until everyone has finished
    mode: str = "standard"
    spawn_faces: tuple[str, ...] = ("self", "self", "regular", "regular", "power-up", "none")

    @classmethod
    def from_data(cls, data) -> "Rulings":
        """From ``game_started``'s ``rulings`` (missing keys: the defaults). Raises ValueError
        naming a value that is not a choice."""
        out = read_rulings(cls, data, CHOICES)
        if "spawn_faces" in out:
            faces = tuple(str(v) for v in out["spawn_faces"])
            bad = [v for v in faces if v not in SPAWN_FACES]
            if bad or not faces:
                raise ValueError(f"spawn_faces: each face is one of {', '.join(SPAWN_FACES)} (got {bad or 'none'})")
            out["spawn_faces"] = faces
        return cls(**out)

    def as_data(self) -> dict:
        d = asdict(self)
        d["spawn_faces"] = list(self.spawn_faces)
        return d

    def is_mekton(self, sabotages: int) -> bool:
        return sabotages >= self.mekton_at

    # --- what the mode leaves out (rulebook 700-730) ---
    @property
    def track_elements(self) -> bool:
        return self.mode != "kids-play"

    @property
    def power_up_cards(self) -> bool:
        return self.mode not in ("kids-play", "tile-building")

    @property
    def ability_tokens(self) -> bool:
        return self.mode not in ("kids-play", "tile-building")

    @property
    def sabotage_markers(self) -> bool:
        return self.mode != "mayhem" and self.power_up_cards

    @property
    def laps(self) -> int:
        return 1 if self.mode == "super-dash" else 2
