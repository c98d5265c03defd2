"""What the widgets draw, read back from the pixels."""

import pygame
import pytest

from companion.rules.countdown import Countdown
from companion.rules.hp import HpBar
from companion.rules.table import RollView, TableState, TossView
from companion.rules.takkure.time_dashboard import TimeDashboard
from companion.ui import theme as th
from companion.ui.widgets import coin, countdown, dice, hp_bars, time_dashboard
from tests.helpers import contains_text, count_colour


@pytest.fixture(params=[(800, 480), (1920, 1080)], ids=["7inch", "1080p"])
def canvas(request):
    pygame.font.init()
    size = request.param
    return pygame.Surface(size), th.Theme(size)


def test_hp_bars_fill_from_the_centre_and_show_the_red_zone(canvas):
    surf, t = canvas
    rect = pygame.Rect(0, 0, *surf.get_size())
    bars = (HpBar(20).damage(8), HpBar(20).damage(15))   # 12 HP, and 5 HP (in rage)
    hp_bars.draw(surf, rect, bars, ("Kazuya", "Jin"), t)
    left, right = hp_bars.bar_rects(rect, t)
    for side, bar, bar_rect in ((0, bars[0], left), (1, bars[1], right)):
        cells = hp_bars.cell_rects(bar_rect, 20, side)
        colours = [tuple(surf.get_at(c.center))[:3] for c in cells]
        expected = []
        for hp in range(1, 21):
            if hp <= bar.hp:
                expected.append(th.HP_RAGE if hp <= 6 else th.HP_FILL)
            else:
                expected.append(th.HP_RAGE_EMPTY if hp <= 6 else th.HP_EMPTY)
        assert colours == expected
    # cell 1 of each bar is the one nearest the centre of the screen
    assert hp_bars.cell_rects(left, 20, 0)[0].right > hp_bars.cell_rects(left, 20, 0)[-1].right
    assert contains_text(surf, "5 HP  RAGE", 24, th.HP_RAGE, (0, 0, 0), t.scale)
    assert contains_text(surf, "12 HP", 24, th.DIM, (0, 0, 0), t.scale)


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
    assert contains_text(surf, "TIME! K.O.", 24, th.WARN, th.PANEL, t.scale)


def _digit_size(rect, t):
    inner = t.panel(pygame.Surface((1, 1)), rect, "Knockdown test")
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


def test_the_dashboard_shows_the_slot_the_tokens_and_the_activation_tokens(canvas):
    surf, t = canvas
    rect = pygame.Rect(0, 0, t.px(360), t.px(220))
    st = TableState(dashboard=TimeDashboard(slot=3, active=(False, True)), attacker=0, activation_tokens=2,
                    step=3, active_player="Ronin")
    time_dashboard.draw(surf, rect, st, t)
    inner = t.panel(pygame.Surface((1, 1)), rect, "Time - 1st half")
    slot = time_dashboard.slot_rects(inner, t)[3]
    home, away = time_dashboard.token_centres(slot)
    assert tuple(surf.get_at(away))[:3] == th.TEAM_COLOURS[1]       # active: filled
    assert tuple(surf.get_at(home))[:3] != th.TEAM_COLOURS[0]       # flipped: hollow
    filled = [tuple(surf.get_at(c))[:3] == th.TEAM_COLOURS[0] for c in time_dashboard.activation_centres(inner, t)]
    assert filled == [True, True, False, False]
    assert contains_text(surf, "Step 3/6: Movement execution", 22, th.ACCENT, th.PANEL, t.scale)
