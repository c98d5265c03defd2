"""Rosters: a team's player cards and team skill, in TOML.

The format (see ``rosters/*-example.toml``, which are examples, not official
cards)::

    team = "Yamato"
    team_skill = "Unwavering Honor"     # or "Superstars", or your team's
    [[players]]
    name = "Yokozuna"
    positions = ["Onslaught"]           # skills by position (Side step, Precise Pass, ...)
    position = "Onslaught"              # optional: the one it plays (L2319), else the first listed
    base_mm = 40                        # 30, 40 or 50
    mov = [4, 2]                        # attack, defence, inches
    bac = [6, 7]                        # general, try
    str = 8
    ref = 5
    int = 5
    prt = 2
    bdy = 4
    skills = ["Sumo"]                   # optional

A file that cannot be used raises RosterError naming the file, the player
and the key. This module reads text it is given; opening files is the caller's.

>>> t = roster_from_toml(EXAMPLES["yamato"], "yamato")
>>> t.team, t.players[0].name, t.players[0].chars.str
('Yamato', 'Yokozuna', 8)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources

from companion.errors import CompanionError
from companion.games.takkure.rules.players import Characteristics, PlayerCard

POSITION_SKILLS = ("Side step", "Precise Pass", "Onslaught", "Defensive Insight", "Expert Tackler")
BASES_MM = (30, 40, 50)


class RosterError(CompanionError, ValueError):
    pass


@dataclass(frozen=True)
class Roster:
    team: str
    team_skill: str
    players: tuple[PlayerCard, ...]


def _int(entry: dict, key: str, where: str) -> int:
    value = entry.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RosterError(f"{where}: {key} must be a whole number, got {value!r}")
    return value


def _pair(entry: dict, key: str, where: str) -> tuple[int, int]:
    value = entry.get(key)
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise RosterError(f"{where}: {key} must be two whole numbers like [4, 2], got {value!r}")
    return value[0], value[1]


def roster_from_toml(text: str, source: str = "<roster>") -> Roster:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RosterError(f"{source}: not valid TOML: {exc}") from None
    return roster_from_dict(data, source)


def roster_from_dict(data: dict, source: str = "<roster>") -> Roster:
    """The same checks on already parsed data (a journaled game keeps its rosters this way)."""
    if not isinstance(data, dict):
        raise RosterError(f"{source}: a roster is a table of team, team_skill and players")
    players = []
    entries = data.get("players", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise RosterError(f"{source}: players must be [[players]] tables")
    for k, entry in enumerate(entries, start=1):
        name = entry.get("name")
        where = f"{source}: player {k} ({name or 'no name'})"
        if not isinstance(name, str) or not name:
            raise RosterError(f"{where}: needs a name")
        base = _int(entry, "base_mm", where)
        if base not in BASES_MM:
            raise RosterError(f"{where}: base_mm must be 30, 40 or 50, got {base}")
        positions = tuple(entry.get("positions", []))
        unknown = [p for p in positions if p not in POSITION_SKILLS]
        if unknown:
            raise RosterError(f"{where}: unknown position skill {unknown[0]!r}; known: {', '.join(POSITION_SKILLS)}")
        plays = entry.get("position", positions[0] if positions else "")
        if plays and plays not in positions:
            raise RosterError(f"{where}: position {plays!r} is not one of its positions {list(positions)}")
        mov, bac = _pair(entry, "mov", where), _pair(entry, "bac", where)
        chars = Characteristics(mov[0], mov[1], bac[0], bac[1], *(_int(entry, c, where)
                                                                  for c in ("str", "ref", "int", "prt", "bdy")))
        players.append(PlayerCard(name, positions, base, chars, plays,
                                  tuple(entry.get("skills", []))))
    if not players:
        raise RosterError(f"{source}: no [[players]]")
    if len({p.name for p in players}) != len(players):
        raise RosterError(f"{source}: two players share a name")
    return Roster(str(data.get("team", source)), str(data.get("team_skill", "")), tuple(players))


EXAMPLES = {name: resources.files("companion.games.takkure.rules").joinpath(f"rosters/{name}-example.toml").read_text()
            for name in ("yamato", "teriomorph")}


def example_rosters() -> list[dict]:
    """Both example rosters (Yamato, Teriomorph) as the data a ``game_started`` event carries."""
    return [tomllib.loads(EXAMPLES[name]) for name in ("yamato", "teriomorph")]
