"""Takkure as the companion runs it: rules, buttons, settings, screen and demo."""

from __future__ import annotations

from companion.games.base import Game, SimulatedMatch
from companion.games.takkure import buttons, demo, settings, sim_match
from companion.games.takkure.rules import RULES


def _screen():
    from companion.games.takkure.screen import TakkureScreen

    return TakkureScreen()


GAME = Game(
    rules=RULES,
    actions=buttons.ACTIONS,
    default_buttons={"gpio17": "next_step", "gpio27": "roll_d12", "gpio22": "coin_toss", "gpio23": "undo",
                     "gpio24": "declare", "pico0": "next_step", "pico1": "roll_d12", "pico2": "coin_toss",
                     "pico3": "undo", "pico4": "declare"},
    screen=_screen,
    demo=demo.demo,
    settings=settings.TakkureSettings,
    start_data=settings.start_data,
    nfc_kinds=("takkure-player",),
    simulated_match=SimulatedMatch(sim_match.match_setup, sim_match.summary),
    summary="fantasy rugby with miniatures: the time dashboard, activations, measured rolls",
)
