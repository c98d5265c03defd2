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


def start_data(cfg) -> dict:
    """``game_started`` data for `companion run`: both rosters."""
    return {"rosters": load_rosters(cfg)}
