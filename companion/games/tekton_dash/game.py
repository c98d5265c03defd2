"""Tekton Dash as the companion runs it so far: the shared tools only (the spawn dice as
a D6, the coin, the timer, the score). The race, the tiles and the Blueprints are
issue 14's; the screen says so."""

from __future__ import annotations

from companion.games.base import Game
from companion.games.tekton_dash.rules import RULES
from companion.sim.script import Demo, Step


def _steps(scene, vision) -> list[Step]:
    return [
        Step(1.0, lambda s, tag: s.toss("Player 1", "heads", **tag), (("coin-toss", 1.6),)),
        Step(2.0, lambda s, tag: s.roll(6, 1, label="Spawn Dice", **tag), (("dice", 1.2), ("final", 1.5))),
    ]


def _screen():
    from companion.ui.game_screen import SharedOnlyScreen       # pygame, only when a screen is drawn

    return SharedOnlyScreen("Tekton Dash's race rules")


GAME = Game(
    rules=RULES,
    default_buttons={"gpio17": "roll_d6", "gpio27": "timer_toggle", "gpio22": "coin_toss", "gpio23": "undo",
                     "pico0": "roll_d6", "pico1": "timer_toggle", "pico2": "coin_toss", "pico3": "undo"},
    screen=_screen,
    demo=lambda: Demo({"message": "Demo: Tekton Dash (shared tools only)"}, _steps),
    nfc_kinds=("tekton-ability",),
    summary="a tile-building race: rules not built yet, the shared tools work",
)
