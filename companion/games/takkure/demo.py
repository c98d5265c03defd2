"""Takkure's scripted demo: a coin toss, a kick-off, an activation with declarations
and a measured pass, a break through and a try, so that every Takkure screen element
appears. The rosters are examples, not official cards.

The pass is measured as at the table: its distance is the closest-point gap
between the passer's and the receiver's bases as the camera sees them (the
scene's own positions until the camera has named them), its modifiers come from
the rules, and tapping the receiver's card makes the pitch view draw the same
line with the same length.
"""

from __future__ import annotations

from companion.games.takkure.rules import actions, geometry
from companion.games.takkure.rules.geometry import Base
from companion.games.takkure.rules.roster import example_rosters
from companion.session.session import GameSession
from companion.sim.script import Demo, Step

TEAMS = ("Yamato", "Teriomorph")
ROSTERS = (("Yokozuna", "Ronin", "Kunoichi", "Samurai"), ("Silverback", "Jaguar", "Viper", "Rhino"))


def _attacker(s: GameSession) -> int:
    return s.state.g.attacker if s.state.g.attacker is not None else 0


def _moves(*moves: tuple[int, float, float]):
    """An ``after`` hook: move the attacker's pieces (roster index, x, y as seen by Yamato, who
    attack toward y = 30; for Teriomorph the pitch is mirrored)."""
    def after(session: GameSession, scene, vision) -> None:
        if scene is None:
            return
        team = _attacker(session)
        for index, x, y in moves:
            if team == 1:
                x, y = scene.board.width_in - x, scene.board.height_in - y
            scene.move_piece(ROSTERS[team][index], x, y)
    return after


def _bases(scene, vision) -> dict[str, Base]:
    """The bases as the camera names them; the scene's own where it has not named one yet."""
    seen: dict[str, Base] = {}
    result = vision.latest() if vision is not None else None
    for p in (result.pieces if result is not None else []):
        if p.player:
            seen[p.player] = Base(p.x_in, p.y_in, p.radius_in)
    for p in (scene.pieces if scene is not None else []):
        seen.setdefault(p.name, Base.mm(p.x_in, p.y_in, p.diameter_mm))
    return seen


def _receiver(s: GameSession) -> str:
    return _player(s, 2)


def _measured_pass(scene, vision):
    """Step 5's pass, measured: passer to receiver, and the declared pressure within 2 in."""
    def run(s: GameSession, tag: dict):
        where, g = _bases(scene, vision), s.state.g
        passer, receiver = g.active_player, _receiver(s)
        if passer not in where or receiver not in where:
            s.refusal = f"the camera cannot see {passer if passer not in where else receiver}"
            return None
        pressers = [where[d.player] for d in g.match.declared if d.action == "pressure" and d.player in where]
        pressure = len(geometry.pressuring(where[passer], pressers))
        check = actions.pass_check(g.match.get(passer).state, geometry.distance(where[passer], where[receiver]),
                                   pressure)
        return s.roll_check(check, **tag)
    return run


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


def steps(scene, vision) -> list[Step]:
    """The demo's steps; the pass is measured on ``scene`` as ``vision`` sees it."""
    return [
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
        Step(1.0, _next_step, after=_moves((1, 11.0, 15.0))),        # 3 Movement execution
        Step(1.0, _next_step),                                       # 4 2nd offensive action
        Step(1.0, _next_step),                                       # 5 Measurements and dice rolls
        Step(0.8, lambda s, tag: s.submit("card_tapped", uid="demo", card_kind="takkure-player",
                                          name=_receiver(s), **tag)),   # whom the pass is for
        Step(1.0, _measured_pass(scene, vision), (("dice-pass", 1.2),)),
        Step(1.8, _next_step),                                       # 6 Token removal
        Step(1.0, _next_step),                                       # the activation ends
        Step(1.0, lambda s, tag: s.submit("activation_started", team=_attacker(s), player=_player(s, 2), **tag),
             after=_moves((2, 15.0, 17.5))),
        Step(1.2, lambda s, tag: s.roll(12, 2, label="Break through, face-to-face", **tag),
             (("dice-several", 1.2),)),
        Step(2.0, lambda s, tag: s.submit("try_scored", team=_attacker(s), **tag), (("score", 0.5), ("final", 2.0)),
             after=_moves((2, 15.0, 28.5))),
    ]


def demo_setup() -> dict:
    """The ``game_started`` data of a demo game."""
    rosters = example_rosters()                 # Yamato, Teriomorph: the order of TEAMS
    return {"teams": list(TEAMS), "rosters": rosters, "rulings": {}, "message": "Demo: the simulated table (example rosters)"}


def demo() -> Demo:
    return Demo(demo_setup(), steps, scene="takkure-demo")
