"""The scripted demo: a short Takkure sequence, then the Knockdown timer and
TEKKEN health bars, so that every screen element appears.

Every step goes through the same session as real play (journaled, refused if
illegal) and tags its event with ``demo_step``; a demo that was killed resumes
at the step after the last one journaled, with the table's pieces where the
earlier steps had moved them. The rosters are examples, not official cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.rules.events import Event
from companion.rules.takkure.roster import example_rosters
from companion.session.session import GameSession
from companion.sim.scene import Scene

TEAMS = ("Yamato", "Teriomorph")
ROSTERS = (("Yokozuna", "Ronin", "Kunoichi", "Samurai"), ("Silverback", "Jaguar", "Viper", "Rhino"))
FIGHTERS = ("Kazuya", "Jin")

Run = Callable[[GameSession, dict], "Event | None"]


@dataclass(frozen=True)
class Step:
    delay: float                       # seconds after the previous step
    run: Run                           # makes the step's one event
    snapshots: tuple[tuple[str, float], ...] = ()  # (name, seconds after the step)
    # Pieces the step moves: (attacker's roster index, x, y as seen by Yamato, who attack
    # toward y = 30; for Teriomorph the pitch is mirrored).
    moves: tuple[tuple[int, float, float], ...] = ()


def _attacker(s: GameSession) -> int:
    return s.state.attacker if s.state.attacker is not None else 0


def _player(s: GameSession, n: int) -> str:
    return ROSTERS[_attacker(s)][n]


def _kick_off(s: GameSession, tag: dict):
    toss = s.state.last_toss
    caller = TEAMS.index(toss.caller) if toss and toss.caller in TEAMS else 0
    winner = caller if toss is None or toss.caller_won else 1 - caller
    return s.submit("kick_off", kicking=1 - winner, **tag)  # the winner chooses to receive


def _next_step(s: GameSession, tag: dict):
    return s.submit("activation_step", **tag)


def _declare(n: int, action: str, defender: bool = False):
    def run(s: GameSession, tag: dict):
        team = _attacker(s)
        return s.submit("action_declared", player=ROSTERS[1 - team if defender else team][n], action=action, **tag)
    return run


STEPS: list[Step] = [
    Step(1.0, lambda s, tag: s.toss(TEAMS[0], "heads", **tag), (("coin-toss", 1.6),)),
    Step(2.5, _kick_off),
    Step(1.2, lambda s, tag: s.roll(12, 1, label=f"Kick-off ({ROSTERS[1 - _attacker(s)][3]})", base=7,
                                    characteristic="BaC", modifiers=[], **tag), (("dice-kick-off", 1.2),)),
    Step(2.0, lambda s, tag: s.submit("activation_tokens_taken", team=_attacker(s), **tag),
         (("time-dashboard", 0.5),)),
    Step(1.5, lambda s, tag: s.submit("activation_started", team=_attacker(s), player=_player(s, 1), **tag)),
    Step(1.0, _declare(1, "move")),
    Step(1.0, _next_step),                                       # 2 Defense
    Step(1.0, _declare(0, "pressure", defender=True)),
    Step(1.0, _declare(3, "pressure", defender=True), (("declarations", 0.5),)),
    Step(1.0, _next_step, moves=((1, 11.0, 15.0),)),       # 3 Movement execution
    Step(1.0, _next_step),                                       # 4 2nd offensive action
    Step(1.0, _next_step),                                       # 5 Measurements and dice rolls
    Step(0.8, lambda s, tag: s.roll(12, 1, label="Pass 3.1 in", base=7, characteristic="BaC",
                                    modifiers=[[2, "2-4 in"], [-1, "pressure"]], **tag),
         (("dice-pass", 1.2),)),
    Step(1.8, _next_step),                                       # 6 Token removal
    Step(1.0, _next_step),                                       # the activation ends
    Step(1.0, lambda s, tag: s.submit("activation_started", team=_attacker(s), player=_player(s, 2), **tag),
         moves=((2, 15.0, 17.5),)),
    Step(1.2, lambda s, tag: s.roll(12, 2, label="Break through, face-to-face", **tag),
         (("dice-several", 1.2),)),
    Step(2.0, lambda s, tag: s.submit("try_scored", team=_attacker(s), **tag), (("score", 0.5),),
         moves=((2, 15.0, 28.5),)),
    Step(2.5, lambda s, tag: s.submit("game_selected", game="knockdown",
                                      message="Knockdown: the 10-second test", **tag)),
    Step(1.0, lambda s, tag: s.submit("countdown_started", **tag), (("countdown-running", 1.0),)),
    Step(4.0, lambda s, tag: s.submit("countdown_paused", **tag), (("countdown-paused", 0.5),)),
    Step(1.5, lambda s, tag: s.submit("countdown_resumed", **tag),
         (("countdown-warning", 4.2), ("countdown-zero", 6.4))),
    Step(7.5, lambda s, tag: s.roll(6, 3, label="Knockdown test, dice variant", **tag), (("dice-3d6", 1.2),)),
    Step(2.5, lambda s, tag: s.submit("game_selected", game="tekken", message="TEKKEN: round 1", **tag)),
    Step(1.2, lambda s, tag: s.submit("hp_changed", side=1, delta=-5, **tag)),
    Step(1.2, lambda s, tag: s.submit("hp_changed", side=0, delta=-8, **tag)),
    Step(1.2, lambda s, tag: s.submit("hp_changed", side=1, delta=-10, **tag), (("hp-bars", 0.5),)),
    Step(2.5, lambda s, tag: s.submit("game_selected", game="takkure", message="Demo over: back to Takkure",
                                      **tag), (("final", 0.5),)),
]


def demo_setup() -> dict:
    """The ``game_started`` data of a demo game."""
    rosters = example_rosters()                 # Yamato, Teriomorph: the order of TEAMS
    return {"teams": list(TEAMS), "fighters": list(FIGHTERS), "max_hp": 20, "countdown_seconds": 10.0,
            "rosters": rosters, "message": "Demo: the simulated table (example rosters)"}


def next_step_index(events: list[Event]) -> int:
    done = [e.get("demo_step") for e in events if e.get("demo_step") is not None]
    return max(done) + 1 if done else 0


class DemoScript:
    def __init__(self, session: GameSession, scene: Scene | None, now: float, steps: list[Step] = STEPS,
                 vision=None):
        self.session, self.scene, self.steps, self.vision = session, scene, steps, vision
        self.index = next_step_index(session.events)
        for step in steps[: self.index]:  # put the pieces back where the done steps left them
            self._move(step)
        self.next_at = now + (steps[self.index].delay if self.index < len(steps) else 0.0)

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def _bind(self) -> None:
        """The simulated players' cards are "tapped" where their figures stand, so the
        screen can name them and measure between them."""
        if self.vision is not None and self.scene is not None:
            for piece in self.scene.pieces:
                self.vision.bind_near(piece.name, piece.x_in, piece.y_in)

    def _move(self, step: Step) -> None:
        if self.scene is None:
            return
        team = _attacker(self.session)
        for index, x, y in step.moves:
            if team == 1:
                x, y = self.scene.board.width_in - x, self.scene.board.height_in - y
            self.scene.move_piece(ROSTERS[team][index], x, y)

    def tick(self, now: float) -> list[tuple[str, float]]:
        """Run every step that is due; returns the snapshots they ask for."""
        snaps: list[tuple[str, float]] = []
        while not self.done and now >= self.next_at:
            step = self.steps[self.index]
            step.run(self.session, {"demo_step": self.index})
            self._move(step)
            self._bind()
            snaps += list(step.snapshots)
            self.index += 1
            if self.done:
                self.session.finish()
            else:
                self.next_at += self.steps[self.index].delay
        return snaps
