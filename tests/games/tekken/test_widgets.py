import pygame

from companion.games.tekken.rules.hp import HpBar
from companion.games.tekken.widgets import hp_bars
from companion.ui import theme as th
from tests.helpers import contains_text


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
