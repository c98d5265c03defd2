"""What the widgets draw, read back from the pixels."""

import pygame
import pytest

from companion.rules.tools.countdown import Countdown
from companion.rules.table import RollView, TossView
from companion.ui import theme as th
from companion.ui.widgets import coin, countdown, dice
from tests.helpers import contains_text, count_colour


def test_countdown_digits_turn_red_in_the_last_three_seconds(canvas):
    surf, t = canvas
    rect = pygame.Rect(0, 0, *surf.get_size())
    cd = Countdown(10.0).start(0.0)
    countdown.draw(surf, rect, cd, 5.0, 3.0, t)
    assert contains_text(surf, "5.0", _digit_size(rect, t), th.TEXT, th.PANEL, t.scale)
    assert count_colour(surf, th.WARN) == 0
    countdown.draw(surf, rect, cd, 7.55, 3.0, t)
    assert contains_text(surf, "2.5", _digit_size(rect, t), th.WARN, th.PANEL, t.scale)
    countdown.draw(surf, rect, cd, 11.0, 3.0, t)
    assert contains_text(surf, "0.0", _digit_size(rect, t), th.WARN, th.PANEL, t.scale)
    assert contains_text(surf, "TIME!", 24, th.WARN, th.PANEL, t.scale)


def test_a_game_names_the_timer_and_its_states(canvas):
    from companion.games.knockdown.screen import KnockdownScreen

    surf, t = canvas
    rect = pygame.Rect(0, 0, *surf.get_size())
    knockdown = KnockdownScreen()
    countdown.draw(surf, rect, Countdown(10.0).start(0.0), 11.0, 3.0, t, knockdown.countdown_title,
                   knockdown.countdown_words)
    assert contains_text(surf, "TIME! K.O.", 24, th.WARN, th.PANEL, t.scale)


def _digit_size(rect, t):
    inner = t.panel(pygame.Surface((1, 1)), rect, "Timer")
    return min(inner.h * 0.62, inner.w * 0.42) / t.scale


def test_paused_countdown_says_so(canvas):
    surf, t = canvas
    rect = pygame.Rect(0, 0, *surf.get_size())
    countdown.draw(surf, rect, Countdown(10.0).start(0.0).pause(2.0), 50.0, 3.0, t)
    assert contains_text(surf, "8.0", _digit_size(rect, t), th.TEXT, th.PANEL, t.scale)
    assert contains_text(surf, "paused", 24, th.DIM, th.PANEL, t.scale)


@pytest.mark.parametrize("outcome, value", [("success", 6), ("fumble", 12)])
def test_a_checked_roll_shows_its_die_and_outcome_after_the_animation(canvas, outcome, value):
    surf, t = canvas
    rect = pygame.Rect(0, 0, *surf.get_size())
    roll = RollView(12, (value,), "Pass", "", outcome, seq=3)
    dice.draw(surf, rect, roll, 0.2, t)
    assert not contains_text(surf, outcome.upper(), 44, th.OUTCOME_COLOURS[outcome], th.PANEL, t.scale)
    dice.draw(surf, rect, roll, 2.0, t)
    assert contains_text(surf, outcome.upper(), 44, th.OUTCOME_COLOURS[outcome], th.PANEL, t.scale)


def test_several_dice_show_each_value_and_the_sum(canvas):
    surf, t = canvas
    rect = pygame.Rect(0, 0, t.px(400), t.px(300))
    dice.draw(surf, rect, RollView(6, (5, 2, 6), "", "", "", seq=1), 3.0, t)
    assert contains_text(surf, "13", 56, th.ACCENT, th.PANEL, t.scale)
    assert contains_text(surf, "3D6", 16, th.DIM, th.PANEL, t.scale)


def test_the_coin_shows_the_call_then_the_result(canvas):
    surf, t = canvas
    rect = pygame.Rect(0, 0, t.px(400), t.px(300))
    toss = TossView("Yamato", "heads", "tails", seq=2)
    coin.draw(surf, rect, toss, 0.3, t)
    assert contains_text(surf, "Yamato calls heads", 22, th.TEXT, th.PANEL, t.scale)
    assert not contains_text(surf, "Yamato loses", 26, th.BAD, th.PANEL, t.scale)
    coin.draw(surf, rect, toss, 2.0, t)
    assert contains_text(surf, "Yamato loses", 26, th.BAD, th.PANEL, t.scale)
    assert count_colour(surf, coin.TAILS) > 100 and count_colour(surf, coin.HEADS) == 0
