"""Tash-Kalar as the companion runs it so far: the shared tools only (dice, coin, timer,
score). Patterns, summons and scoring are issue 16's; the screen says so."""

from __future__ import annotations

from companion.games.base import Game
from companion.games.tash_kalar.rules import RULES
from companion.sim.script import Demo, Step


def _steps(scene, vision) -> list[Step]:
    return [
        Step(1.0, lambda s, tag: s.toss("Player 1", "heads", **tag), (("coin-toss", 1.6),)),
        Step(2.0, lambda s, tag: s.submit("score_changed", side=0, delta=2, **tag), (("score", 0.5),)),
        Step(1.5, lambda s, tag: s.submit("score_changed", side=1, delta=1, **tag), (("final", 0.5),)),
    ]


def _screen():
    from companion.ui.game_screen import SharedOnlyScreen       # pygame, only when a screen is drawn

    return SharedOnlyScreen("Tash-Kalar's pattern rules")


GAME = Game(
    rules=RULES,
    default_buttons={"gpio17": "score_home", "gpio27": "score_away", "gpio22": "coin_toss", "gpio23": "undo",
                     "pico0": "score_home", "pico1": "score_away", "pico2": "coin_toss", "pico3": "undo"},
    screen=_screen,
    demo=lambda: Demo({"message": "Demo: Tash-Kalar (shared tools only)"}, _steps),
    summary="summon by forming patterns on a grid: rules not built yet, the shared tools work",
)
