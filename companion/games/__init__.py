"""The games, by name: the one place the core looks a game up.

Like python-chess's ``VARIANTS`` and ``find_variant``: the registry maps a name
(as journals and settings spell it) to the game's package, and loads it on
first use. :func:`find_rules` loads only the pure rules (replay needs nothing
more); :func:`find_game` loads the whole game (buttons, settings, screen).

>>> names()
('takkure', 'tekton-dash', 'tekken', 'knockdown', 'tash-kalar')
>>> find_rules("tekken").title
'TEKKEN'
>>> find_rules("chess")
Traceback (most recent call last):
...
companion.errors.UnknownGame: unknown game 'chess'; one of takkure, tekton-dash, tekken, knockdown, tash-kalar
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from companion.errors import UnknownGame

if TYPE_CHECKING:
    from companion.games.base import Game, Rules

# name -> package under companion/games/
PACKAGES = {
    "takkure": "takkure",
    "tekton-dash": "tekton_dash",
    "tekken": "tekken",
    "knockdown": "knockdown",
    "tash-kalar": "tash_kalar",
}


def names() -> tuple[str, ...]:
    return tuple(PACKAGES)


def _package(name: str) -> str:
    try:
        return f"{__name__}.{PACKAGES[name]}"
    except (KeyError, TypeError):
        raise UnknownGame(f"unknown game {name!r}; one of {', '.join(PACKAGES)}") from None


def find_rules(name: str) -> "Rules":
    """The pure rules of the game called ``name``."""
    return importlib.import_module(_package(name) + ".rules").RULES


def find_game(name: str) -> "Game":
    """The whole game called ``name``: rules, buttons, settings, screen and demo."""
    return importlib.import_module(_package(name) + ".game").GAME


def all_games() -> list["Game"]:
    return [find_game(n) for n in PACKAGES]


def owner_of(kind: str) -> str | None:
    """Which game (or shared tool) declares the event ``kind``, for a refusal's message."""
    from companion.rules.tools import TOOLS

    for tool, moves in TOOLS.items():
        if kind in moves:
            return f"the {tool} tool"
    for name in PACKAGES:
        if kind in find_rules(name).moves:
            return find_rules(name).title
    return None
