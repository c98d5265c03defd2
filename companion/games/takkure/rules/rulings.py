"""Where the Takkure rulebook is ambiguous, the reading a match is played with.

Each field is a ``[takkure]`` setting (companion/games/takkure/settings.py); a match
keeps the rulings it started with (they are journaled in ``game_started``), so a replay
or a resumed game rules the same way whatever the settings say today. Line numbers are
those of ../shared/rulebooks/takkure-rulebook.txt; docs/TAKKURE.md gives each reading.

>>> Rulings.from_data({"position_skills": "all"}).position_skills
'all'
>>> Rulings.from_data({}) == Rulings(), Rulings.from_data(None).legacy
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Mapping

from companion.errors import IllegalMove

CHOICES = {
    "position_skills": ("chosen", "all"),
    "try_fatigue": ("both", "per token"),
}


@dataclass(frozen=True)
class Rulings:
    # L1095 gives PRESSURE's -1 to "the second action"; a PASS FROM THE GROUND is the only
    # action of its activation. True: pressure counts against it too (the spirit: a player
    # harried while passing); False: the letter, no pressure on it.
    pressure_on_pass_from_ground: bool = True
    # L1675-1677 ("if the player has no more ground tokens") reads as if GROUNDED tokens
    # stack. False: a player is GROUNDED or not, so a tackler already knocked down by a
    # BREAK THROUGH makes no REF roll after its failed tackle (L1443); True: it rolls, and a
    # failure gives a second ground token and the ENDURANCE roll.
    ground_tokens_stack: bool = False
    # L2319: a player has several positions on its card but "only play one of them".
    # "chosen": only the skill of the position it plays (the roster's `position`, else the
    # first listed) adds a die; "all": every listed one does.
    position_skills: str = "chosen"
    # L1853 (3 fatigue: -1 BaC) and L1899 (a try: -1 per fatigue token). "both": they add
    # up, as L1855 says fatigue's effects do; "per token": the try counts only its own -1s.
    try_fatigue: str = "both"
    # A match whose game_started has no rulings was journaled before them (companion 0.2 and
    # earlier): it replays as it was ruled then, so a journal never changes its meaning. Not a
    # setting. The differences: an injured carrier's ball only became loose (no scatter), a
    # GROUNDED player could REST, and a pick-up was not checked against a standing carrier.
    legacy: bool = False

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> "Rulings":
        """Rulings from ``game_started`` data: missing keys are the defaults; no rulings at all,
        a match journaled before there were any (``legacy``)."""
        if data is None:
            return cls(legacy=True)
        if not isinstance(data, Mapping):
            raise IllegalMove("rulings: expected a table")
        out = {}
        for f in fields(cls):
            if f.name not in data or f.name == "legacy":
                continue
            value = data[f.name]
            if f.type == "bool" or isinstance(f.default, bool):
                if not isinstance(value, bool):
                    raise IllegalMove(f"rulings.{f.name}: expected true or false, not {value!r}")
            elif value not in CHOICES[f.name]:
                raise IllegalMove(f"rulings.{f.name}: one of {', '.join(CHOICES[f.name])}, not {value!r}")
            out[f.name] = value
        return cls(**out)

    def as_data(self) -> dict:
        """The settings' part (what ``game_started`` journals)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "legacy"}
