import pygame

from companion.games.takkure.rules.state import TakkureState
from companion.games.takkure.rules.time_dashboard import TimeDashboard
from companion.games.takkure.widgets import time_dashboard
from companion.rules.table import TableState
from companion.ui import theme as th
from tests.helpers import contains_text


def test_the_dashboard_shows_the_slot_the_tokens_and_the_activation_tokens(canvas):
    surf, t = canvas
    rect = pygame.Rect(0, 0, t.px(360), t.px(220))
    st = TableState(game="takkure", g=TakkureState(dashboard=TimeDashboard(slot=3, active=(False, True)),
                                                   attacker=0, activation_tokens=2, step=3, active_player="Ronin"))
    time_dashboard.draw(surf, rect, st, t)
    inner = t.panel(pygame.Surface((1, 1)), rect, "Time - 1st half")
    slot = time_dashboard.slot_rects(inner, t)[3]
    home, away = time_dashboard.token_centres(slot)
    assert tuple(surf.get_at(away))[:3] == th.TEAM_COLOURS[1]       # active: filled
    assert tuple(surf.get_at(home))[:3] != th.TEAM_COLOURS[0]       # flipped: hollow
    filled = [tuple(surf.get_at(c))[:3] == th.TEAM_COLOURS[0] for c in time_dashboard.activation_centres(inner, t)]
    assert filled == [True, True, False, False]
    assert contains_text(surf, "Step 3/6: Movement execution", 22, th.ACCENT, th.PANEL, t.scale)
