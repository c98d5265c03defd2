"""`companion replay`: re-show a journaled game, event by event.

The state after each event is the fold of the journal up to it, so a replay
shows exactly the rolls and results that were shown at the table.
"""

from __future__ import annotations

import sys

from companion.config import Config
from companion.hardware.screen import open_screen
from companion.rules.table import replay
from companion.session.journal import Journal
from companion.ui.view import ScreenView

MAX_GAP_S = 3.0


def run_replay(cfg: Config, game_id: int | None, list_only: bool, speed: float) -> int:
    journal = Journal(cfg.journal.path, writer=False)
    try:
        games = journal.games()
        if list_only or not games:
            if not games:
                print(f"no games in {cfg.journal.path}", file=sys.stderr)
                return 1
            for g in games:
                state = "finished" if g.finished else "unfinished"
                print(f"{g.id:4d}  {g.kind:<12} {g.label or '-':<6} {g.events:5d} events  {state}")
            return 0
        game_id = games[-1].id if game_id is None else game_id
        if game_id not in {g.id for g in games}:
            print(f"no game {game_id} in {cfg.journal.path} (see --list)", file=sys.stderr)
            return 1
        events = journal.events(game_id)
    finally:
        journal.close()
    return _show(cfg, events, max(speed, 0.01))


def _show(cfg: Config, events, speed: float) -> int:
    import time

    screen = open_screen(cfg.screen)
    view = ScreenView(screen.size, cfg.countdown.warn_seconds)
    headless = screen.backend == "headless"
    try:
        for i, event in enumerate(events):
            state = replay(events[: i + 1])
            gap = (events[i + 1].at - event.at) if i + 1 < len(events) else 1.5
            hold = min(max(gap, 0.0), MAX_GAP_S) / speed
            if headless:  # draw the event settled, once
                view.draw(screen.surface, state, event.at + 2.0)
                screen.snapshot(f"{event.seq:04d}-{event.kind}")
                continue
            start = time.monotonic()
            while time.monotonic() - start < hold:
                if "quit" in screen.poll_actions():
                    return 0
                view.draw(screen.surface, state, event.at + (time.monotonic() - start) * speed)
                screen.present()
                time.sleep(1 / 60)
        if headless:
            print(f"wrote {len(screen.snapshots)} snapshots to {screen.snapshot_dir}/")
    finally:
        screen.close()
    return 0
