"""Knockdown as the companion runs it so far: the 10-second Knockdown test timer, the
dice variant's 3D6 and the coin. Damage, blocking and rounds are issue 15's."""

from __future__ import annotations

from companion.games.base import Game
from companion.games.knockdown.rules import RULES
from companion.sim.script import Demo, Step


def _screen():
    from companion.games.knockdown.screen import KnockdownScreen

    return KnockdownScreen()


def _steps(scene, vision) -> list[Step]:
    return [
        Step(1.0, lambda s, tag: s.submit("countdown_started", **tag), (("countdown-running", 1.0),)),
        Step(4.0, lambda s, tag: s.submit("countdown_paused", **tag), (("countdown-paused", 0.5),)),
        Step(1.5, lambda s, tag: s.submit("countdown_resumed", **tag),
             (("countdown-warning", 4.2), ("countdown-zero", 6.4))),
        Step(7.5, lambda s, tag: s.roll(6, 3, label="Knockdown test, dice variant", **tag),
             (("dice-3d6", 1.2), ("final", 1.5))),
    ]


def demo() -> Demo:
    return Demo({"message": "Demo: Knockdown, the 10-second test"}, _steps)


GAME = Game(
    rules=RULES,
    default_buttons={"gpio17": "timer_toggle", "gpio27": "timer_reset", "gpio22": "roll_3d6", "gpio23": "undo",
                     "pico0": "timer_toggle", "pico1": "timer_reset", "pico2": "roll_3d6", "pico3": "undo"},
    screen=_screen,
    demo=demo,
    summary="a duel of card play and a tower of blocks: the 10-second Knockdown test",
)
