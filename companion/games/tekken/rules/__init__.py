"""TEKKEN rules, pure: the two fighters' health bars (``hp``) and their events.

- ``hp_changed`` {side, delta}: damage (negative) or healing on one fighter's bar.
- ``hp_reset``: both bars full again (a new round).

What is built so far: the HP bars with the red Rage zone. The String, the punish
attempt and the stage are issue 15's.

>>> from companion.rules.events import Event as E
>>> from companion.rules.table import replay
>>> st = replay([E("game_started", {"game": "tekken", "fighters": ["Kazuya", "Jin"], "max_hp": 20}),
...              E("hp_changed", {"side": 1, "delta": -15})])
>>> st.teams, st.g.hp[1].hp, st.message
(('Kazuya', 'Jin'), 5, 'Jin: 5 HP - RAGE')
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from companion.games.base import Rules
from companion.games.tekken.rules.hp import HpBar
from companion.rules.moves import MoveSet
from companion.rules.tools.score import side_of

MOVES = MoveSet("tekken")


@dataclass(frozen=True)
class TekkenState:
    fighters: tuple[str, str] = ("Player 1", "Player 2")
    hp: tuple[HpBar, HpBar] = (HpBar(), HpBar())

    @property
    def sides(self) -> tuple[str, str]:
        return self.fighters


def setup(data: Mapping[str, Any]) -> TekkenState:
    """``game_started`` data: ``fighters`` (two names) and ``max_hp`` (the bar's length)."""
    max_hp = int(data.get("max_hp", 20))
    fighters = tuple(str(f) for f in data.get("fighters", ("Player 1", "Player 2")))
    return TekkenState(fighters, (HpBar(max_hp), HpBar(max_hp)))


def _pair(pair: tuple, index: int, value) -> tuple:
    return (value, pair[1]) if index == 0 else (pair[0], value)


@MOVES.move("hp_changed")
def _hp_changed(st, e):
    side = side_of(e)
    bar = st.g.hp[side].damage(-int(e.get("delta", 0)))
    note = " - RAGE" if bar.in_rage else (" - K.O." if bar.knocked_out else "")
    return replace(st.with_game(hp=_pair(st.g.hp, side, bar)), message=f"{st.g.fighters[side]}: {bar.hp} HP{note}")


@MOVES.move("hp_reset")
def _hp_reset(st, e):
    return replace(st.with_game(hp=(st.g.hp[0].reset(), st.g.hp[1].reset())), message="New round")


RULES = Rules(name="tekken", title="TEKKEN", moves=MOVES, setup=setup, sides=("Player 1", "Player 2"))
