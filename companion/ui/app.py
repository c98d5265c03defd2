"""The main loop: drain inputs, apply them to the session, draw, present.

Nothing here waits on a device: the camera and the controller fill queues
and buffers from their own threads, and one frame only reads what is there.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Callable

from companion.games import find_game
from companion.hardware.inputs import InputQueue
from companion.hardware.sound import Silent
from companion.rules.events import Event
from companion.session.actions import Seen, TableView, perform
from companion.session.session import GameSession
from companion.ui.view import ScreenView

log = logging.getLogger(__name__)


def named_bases(result) -> dict[str, Seen]:
    """The pieces the camera sees that a card names (bound by an NFC tap), by name."""
    if result is None:
        return {}
    return {p.player: Seen(p.x_in, p.y_in, p.radius_in) for p in result.pieces if p.player}


def vision_status(result) -> str:
    """One line for the camera panel: what the camera sees, or why it cannot."""
    if result.status in ("lost", "no frame"):
        return result.message
    if hasattr(result, "status_line"):
        return result.status_line()            # a game's own reader (grids of tiles)
    stale = sum(1 for p in result.pieces if p.stale)
    line = f"{len(result.pieces)} pieces" + (f" ({stale} hidden)" if stale else "") + \
        f", {len(result.tokens)} tokens"
    low = getattr(result, "low_ppi", None)
    if low is not None:     # the set-up advice the log gives once, kept in view while it holds
        # (a board upright in the picture is seen at more px/in turned a quarter: say that first)
        fix = "turn the camera so the board lies along the picture" if getattr(result, "upright", False) \
            else "bring the camera closer"
        line += f" - board at {low:.0f} px/in: {fix}"
    if getattr(result, "colourless", False):
        line += " - no colour in the picture: team rims cannot be read"
    return line + (f" - {result.message}" if result.message else "")


SETTLE_S = 1.4          # a headless snapshot waits this long after an event, so animations have ended
CAMERA_PERIOD_S = 0.25  # how often the fast (virtual-clock) loop reads the camera and runs vision


@dataclass
class FrameStats:
    frames: int = 0
    draw_s: list[float] = field(default_factory=list)

    def add(self, seconds: float) -> None:
        self.frames += 1
        if len(self.draw_s) < 100_000:
            self.draw_s.append(seconds)


class App:
    def __init__(self, session: GameSession, screen, clock, inputs: InputQueue | None = None, *,
                 button_map: dict[str, str] | None = None, grabber=None, sound=None, fps: int = 60,
                 warn_s: float = 3.0, script=None, on_shown: Callable[[Event], None] | None = None,
                 fast: bool = False, snapshots: bool = True, registry=None, vision=None):
        self.session, self.screen, self.clock = session, screen, clock
        self.inputs = inputs or InputQueue()
        self.button_map = button_map or {}
        self.grabber, self.sound = grabber, sound or Silent()
        self.fps, self.fast, self.script, self.on_shown = fps, fast, script, on_shown
        self.registry = registry
        self.vision = vision
        self.view = ScreenView(screen.size, warn_s, session.state)
        self.stats = FrameStats()
        self.running = True
        self._shown_seq = len(session.events)
        self._was_expired = session.state.countdown.expired(clock.now())
        self._pending_snaps: list[tuple[float, str]] = []
        self._next_camera_read = 0.0
        self._snap = snapshots and screen.backend == "headless"
        if self._snap:
            session.listeners.append(self._on_event)

    # --- inputs -----------------------------------------------------------------

    def handle_action(self, action: str) -> None:
        if action == "quit":
            self.running = False
            return
        perform(self.session, action, self.table_view)

    @property
    def table_view(self) -> TableView:
        """Measurements for the rules, from the newest vision result (nothing without a camera)."""
        def seen():
            return self.vision.latest() if self.vision is not None else None

        def start():
            result = seen()
            token = next((t for t in result.tokens if t.name == "active-player"), None) if result else None
            return (token.x_in, token.y_in) if token is not None else None
        def ball():
            result = seen()
            token = next((t for t in result.tokens if t.name == "ball"), None) if result else None
            return (token.x_in, token.y_in) if token is not None else None
        def boards():
            result = seen()
            return dict(getattr(result, "readings", {}) or {})
        return TableView(lambda: named_bases(seen()), start, ball, boards)

    def _drain_inputs(self) -> None:
        for action in self.screen.poll_actions():
            self.handle_action(action)
        for ev in self.inputs.drain():
            if ev.kind == "press":
                action = self.button_map.get(ev.source)
                if action:
                    self.handle_action(action)
            elif ev.kind == "tag":
                self.handle_tag(ev.value)

    def handle_tag(self, uid: str) -> None:
        """A tapped card: select what it stands for, or say why not. Never raises."""
        binding = self.registry.lookup(uid) if self.registry is not None else None
        if binding is None:
            self.session.refusal = f"unknown NFC tag {uid}: register it with `companion nfc register`"
        elif binding.game != self.session.state.game:
            self.session.refusal = f"that tag is {binding.name}, a {binding.game} card"
        elif (game := find_game(self.session.state.game)).on_tag is not None and game.on_tag(self.session, binding):
            return                                      # the game took it (a card played face down)
        elif self.session.submit("card_tapped", uid=binding.uid, card_kind=binding.kind, name=binding.name):
            if self.vision is not None:
                self.vision.bind_at_active_player(binding.name)

    # --- snapshots (headless) ---------------------------------------------------

    def _on_event(self, event: Event, state) -> None:
        self.request_snapshot(f"{event.seq:04d}-{event.kind}", SETTLE_S)

    def request_snapshot(self, name: str, after_s: float = 0.0) -> None:
        if self._snap:
            self._pending_snaps.append((self.clock.now() + after_s, name))

    def _take_due_snapshots(self, now: float) -> None:
        due = [s for s in self._pending_snaps if s[0] <= now]
        for s in due:
            self._pending_snaps.remove(s)
            self.screen.snapshot(s[1])

    # --- one frame ----------------------------------------------------------------

    def frame(self) -> None:
        now = self.clock.now()
        self._drain_inputs()
        if self.script is not None:
            for name, after in self.script.tick(now):
                self.request_snapshot(name, after)
        st = self.session.state
        expired = st.countdown.expired(now)
        if expired and not self._was_expired and st.countdown.started:
            self.sound.beep()
        self._was_expired = expired
        camera = None
        if self.grabber is not None:
            if self.fast and now >= self._next_camera_read:
                self.grabber.step()
                if self.vision is not None:
                    self.vision.step()
                self._next_camera_read = now + CAMERA_PERIOD_S
            frame_no, frame = self.grabber.latest()
            status, ok, overlay = self.grabber.status, self.grabber.ok, None
            seen = self.vision.latest() if self.vision is not None else None
            if seen is not None and ok:
                status, overlay = vision_status(seen), seen
            camera = (frame_no, frame, status, ok, overlay)
        started = time.perf_counter()
        self.view.draw(self.screen.surface, st, now, self.session.refusal, camera)
        self.stats.add(time.perf_counter() - started)
        self.screen.present()
        self._take_due_snapshots(now)
        if self.on_shown is not None:
            for event in self.session.events[self._shown_seq:]:
                self.on_shown(event)
        self._shown_seq = len(self.session.events)

    def run(self, duration: float | None = None, stop_when_script_done: bool = False) -> None:
        period = 1.0 / self.fps
        end = None if duration is None else self.clock.now() + duration
        while self.running:
            started = self.clock.now()
            self.frame()
            if end is not None and self.clock.now() >= end:
                break
            if stop_when_script_done and self.script is not None and self.script.done \
                    and not self._pending_snaps:
                break
            if self.fast:
                self.clock.advance(period)
            else:
                self.clock.sleep(period - (self.clock.now() - started))
        for _, name in sorted(self._pending_snaps):
            self.screen.snapshot(name)
        self._pending_snaps.clear()
