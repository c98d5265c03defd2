"""A scripted demo on the simulated table: timed steps, each one journaled event.

Every step goes through the same session as real play (journaled, refused if
illegal) and tags its event with ``demo_step``; a demo that was killed resumes
at the step after the last one journaled, and each done step's ``after`` runs
again so the table's pieces stand where the earlier steps had moved them.
A game's demo (``companion/games/<game>/demo.py``) is a :class:`Demo`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.rules.events import Event
from companion.session.session import GameSession

Run = Callable[[GameSession, dict], "Event | None"]
# After a step (and again on resume): move the scene's pieces, bind cards. (session, scene, vision)
After = Callable[[GameSession, object, object], None]


@dataclass(frozen=True)
class Step:
    delay: float                       # seconds after the previous step
    run: Run                           # makes the step's one event
    snapshots: tuple[tuple[str, float], ...] = ()  # (name, seconds after the step)
    after: After | None = None


@dataclass(frozen=True)
class Demo:
    """A game's demo: the ``game_started`` data, the scene the camera shows, and its steps,
    made for that scene and the camera's eyes (``steps(scene, vision)``; either may be None)."""
    setup: dict
    steps: Callable[[object, object], list[Step]] = lambda scene, vision: []
    scene: str = ""                    # a scene in companion/games/*/scenes, or "" (see Game.scene)


def next_step_index(events: list[Event]) -> int:
    done = [e.get("demo_step") for e in events if e.get("demo_step") is not None]
    return max(done) + 1 if done else 0


class DemoScript:
    def __init__(self, session: GameSession, scene, now: float, steps: list[Step], vision=None):
        self.session, self.scene, self.steps, self.vision = session, scene, steps, vision
        self.index = next_step_index(session.events)
        for step in steps[: self.index]:  # put the pieces back where the done steps left them
            self._after(step)
        self.next_at = now + (steps[self.index].delay if self.index < len(steps) else 0.0)

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def _after(self, step: Step) -> None:
        if step.after is not None:
            step.after(self.session, self.scene, self.vision)

    def _bind(self) -> None:
        """The simulated pieces' cards are "tapped" where their figures stand, so the
        screen can name them and measure between them."""
        if self.vision is not None and self.scene is not None:
            for piece in self.scene.pieces:
                self.vision.bind_near(piece.name, piece.x_in, piece.y_in)

    def tick(self, now: float) -> list[tuple[str, float]]:
        """Run every step that is due; returns the snapshots they ask for."""
        snaps: list[tuple[str, float]] = []
        while not self.done and now >= self.next_at:
            step = self.steps[self.index]
            step.run(self.session, {"demo_step": self.index})
            self._after(step)
            self._bind()
            snaps += list(step.snapshots)
            self.index += 1
            if self.done:
                self.session.finish()
            else:
                self.next_at += self.steps[self.index].delay
        return snaps
