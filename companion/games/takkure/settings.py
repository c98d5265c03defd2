"""Takkure's settings section, ``[takkure]``, and the rosters it names."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from companion.config.settings import ConfigError, setting


@dataclass(frozen=True)
class TakkureSettings:
    home_roster: str = setting("yamato", "Roster of the home team (team 0): `yamato` or `teriomorph` (the "
                               "example rosters, not official cards), or the path of your own roster TOML "
                               "(format in companion/games/takkure/rules/roster.py).")
    away_roster: str = setting("teriomorph", "Roster of the away team (team 1), as home_roster.")
    # Where the rulebook is ambiguous (docs/TAKKURE.md gives each reading; a match keeps the
    # rulings it started with).
    pressure_on_pass_from_ground: bool = setting(
        True, "PRESSURE's -1 counts against a PASS FROM THE GROUND too (L1095 names only the 2nd action; "
              "false: the letter, no pressure on it).")
    ground_tokens_stack: bool = setting(
        False, "GROUNDED tokens stack (L1675-1677): a tackler knocked down by a BREAK THROUGH still makes "
               "the REF roll after its failed tackle, and a failure is a second ground token (false: it "
               "is GROUNDED already and makes no REF roll).")
    position_skills: str = setting(
        "chosen", "A card with two positions: `chosen`, only the position it plays (the roster's "
                  "`position`, else the first listed) adds a skill die (L2319: \"only play one of "
                  "them\"); `all`, every listed one does.", choices=("chosen", "all"))
    try_fatigue: str = setting(
        "both", "SCORE A TRY with 3 fatigue tokens: `both`, the -1 BaC of 3 tokens (L1853) and the "
                "try's -1 per token (L1899) add up, as L1855 says; `per token`, only the try's own.",
        choices=("both", "per token"))


def load_rosters(cfg) -> list[dict]:
    """Both Takkure rosters, checked now so a broken file is one clear line, not a game
    that starts without players."""
    from companion.games.takkure.rules.roster import EXAMPLES, RosterError, roster_from_dict

    out = []
    for key in ("home_roster", "away_roster"):
        name = getattr(cfg.takkure, key)
        try:
            text = EXAMPLES[name] if name in EXAMPLES else Path(name).expanduser().read_text()
            data = tomllib.loads(text)
            roster_from_dict(data, name)
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, RosterError) as exc:
            raise ConfigError(cfg.source, f"takkure.{key}", f"cannot use roster {name!r}: {exc}") from None
        out.append(data)
    return out


def rulings(cfg) -> dict:
    """The rulings a new match is played with, from the ``[takkure]`` settings."""
    from companion.games.takkure.rules.rulings import Rulings

    return {name: getattr(cfg.takkure, name) for name in Rulings().as_data()}


def start_data(cfg) -> dict:
    """``game_started`` data for `companion run`: both rosters and the rulings."""
    return {"rosters": load_rosters(cfg), "rulings": rulings(cfg)}
