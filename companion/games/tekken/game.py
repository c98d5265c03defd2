"""TEKKEN as the companion runs it so far: both fighters' HP bars, dice and the coin.

The String, the punish attempt and the stage are issue 15's; the HP bars and the
Rage zone are built.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.config.settings import setting
from companion.games.base import Game
from companion.games.tekken.rules import RULES
from companion.sim.script import Demo, Step


@dataclass(frozen=True)
class TekkenSettings:
    max_hp: int = setting(20, "Length of a TEKKEN health bar. The extracted rulebook does not give it; "
                          "set it to your HP track's length.", minimum=7, maximum=99)


def _screen():
    from companion.games.tekken.screen import TekkenScreen

    return TekkenScreen()


def _steps(scene, vision) -> list[Step]:
    return [
        Step(1.0, lambda s, tag: s.toss("Kazuya", "tails", **tag), (("coin-toss", 1.6),)),
        Step(2.0, lambda s, tag: s.submit("hp_changed", side=1, delta=-5, **tag)),
        Step(1.2, lambda s, tag: s.submit("hp_changed", side=0, delta=-8, **tag)),
        Step(1.2, lambda s, tag: s.submit("hp_changed", side=1, delta=-10, **tag), (("hp-bars", 0.5),)),
        Step(1.5, lambda s, tag: s.roll(6, 1, label="Punish attempt", **tag), (("final", 1.5),)),
    ]


def demo() -> Demo:
    return Demo({"fighters": ["Kazuya", "Jin"], "max_hp": 20, "message": "Demo: TEKKEN, round 1"}, _steps)


GAME = Game(
    rules=RULES,
    actions={"hp_damage_left": lambda s, v: s.submit("hp_changed", side=0, delta=-1),
             "hp_damage_right": lambda s, v: s.submit("hp_changed", side=1, delta=-1),
             "hp_heal_left": lambda s, v: s.submit("hp_changed", side=0, delta=1),
             "hp_heal_right": lambda s, v: s.submit("hp_changed", side=1, delta=1),
             "new_round": lambda s, v: s.submit("hp_reset")},
    default_buttons={"gpio17": "hp_damage_left", "gpio27": "hp_damage_right", "gpio23": "undo",
                     "pico0": "hp_damage_left", "pico1": "hp_damage_right", "pico3": "undo"},
    screen=_screen,
    demo=demo,
    settings=TekkenSettings,
    start_data=lambda cfg: {"max_hp": cfg.tekken.max_hp},
    nfc_kinds=("tekken-character", "tekken-attack"),
    summary="a one-on-one fighting board game: HP bars with the Rage zone",
)
