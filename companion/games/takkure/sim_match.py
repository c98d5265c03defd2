"""A whole simulated Takkure match: two seeded coaches play it through the session.

Every decision (who activates, where to move, who tackles) is drawn from a
``random.Random(seed)``; every die comes from the session's chance service.
Each step is an event submitted to the same :class:`GameSession` as real play,
so the match is journaled, refused moves are bugs, and replaying the journal
gives the same table.

The coaches are simple, not clever: the carrier runs for the in-goal zone,
passes back to a team-mate when tackled players close in, dodges or breaks
through tackles; defenders tackle the carrier when they can reach its
trajectory and pressure otherwise, and rest when tired.

The pitch's lines are in a figure the rulebook text lost: the in-goal zones
are taken as 3 in deep and the kick-off lines 10 in from each end (22 x 30 in).
Team 0 defends y = 0 and scores past y = 27; team 1 the other way round.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from companion.rules.events import Event
from companion.games.takkure.rules import actions, adjudicate, geometry
from companion.games.takkure.rules.adjudicate import Entry, Plan
from companion.games.takkure.rules.geometry import Base
from companion.games.takkure.rules.roster import example_rosters
from companion.games.takkure import rolling
from companion.session.session import GameSession

WIDTH, LENGTH = 22.0, 30.0
IN_GOAL_IN = 3.0
KICK_OFF_LINE_IN = 10.0
BALL_R = geometry.TOKEN_R


def match_setup() -> dict:
    """The ``game_started`` data: the two example rosters (not official cards)."""
    return {"rosters": example_rosters(), "rulings": {},
            "message": "Simulated match: Yamato v Teriomorph (example rosters)"}


def forward(team: int) -> float:
    """+1 when the team attacks toward y = 30."""
    return 1.0 if team == 0 else -1.0


def in_goal(team: int, b: Base) -> bool:
    """A base partially within the in-goal zone this team scores in."""
    return b.y + b.r > LENGTH - IN_GOAL_IN if team == 0 else b.y - b.r < IN_GOAL_IN


@dataclass
class SimMatch:
    session: GameSession
    seed: int = 0
    pos: dict[str, Base] = field(default_factory=dict)
    ball_xy: tuple[float, float] = (WIDTH / 2, LENGTH / 2)
    activations: int = 0

    def __post_init__(self):
        self.rng = random.Random(self.seed)

    # --- helpers ------------------------------------------------------------------------

    @property
    def st(self):
        return self.session.state

    def submit(self, kind: str, **data) -> Event:
        event = self.session.submit(kind, **data)
        if event is None:
            raise RuntimeError(f"the rules refused {kind} {data}: {self.session.refusal}")
        return event

    def team(self, t: int) -> list[str]:
        return [p.name for p in self.st.g.match.players if p.team == t and not p.state.injured
                and not p.state.removed]

    def place(self, name: str, x: float, y: float) -> None:
        b = self.pos[name]
        x = min(max(x, b.r), WIDTH - b.r)
        y = min(max(y, b.r), LENGTH - b.r)
        self.pos[name] = Base(x, y, b.r)

    def toward(self, name: str, tx: float, ty: float, inches: float, stop_gap: float = 0.0) -> None:
        b = self.pos[name]
        dx, dy = tx - b.x, ty - b.y
        L = math.hypot(dx, dy)
        step = min(inches, max(0.0, L - stop_gap))
        if L > 1e-9 and step > 0:
            self.place(name, b.x + dx / L * step, b.y + dy / L * step)

    def ball_at(self) -> tuple[float, float]:
        c = self.st.g.match.carrier
        return (self.pos[c].x, self.pos[c].y) if c and c in self.pos else self.ball_xy

    # --- the match ------------------------------------------------------------------------

    def play(self, max_activations: int = 400) -> None:
        """Play from wherever the journal is to full time."""
        if self.st.g.kickoffs == 0 and self.st.g.half == 1 and self.st.last_toss is None:
            toss = self.session.toss(self.st.teams[0], self.rng.choice(("heads", "tails")))
            winner = 0 if toss.data["result"] == toss.data["call"] else 1
            self.kick_off(kicking=self.rng.choice((winner, 1 - winner)))
        while not self.st.g.match_over and self.activations < max_activations:
            st = self.st
            kick = next((p for p in st.g.match.pending if p.kind == "kick_off"), None)
            if st.g.half_time:
                self.submit("second_half_started")
                self.kick_off(kicking=1 - st.g.kicked_off_first)
            elif kick is not None:
                decider = int(kick.player)
                self.kick_off(kicking=self.rng.choice((decider, 1 - decider)))
            elif st.g.activation_tokens == 0:
                self.submit("activation_tokens_taken", team=st.g.attacker)
            else:
                self.activation()

    def kick_off(self, kicking: int) -> None:
        self.submit("kick_off", kicking=kicking)
        receiving = 1 - kicking
        line = KICK_OFF_LINE_IN if kicking == 0 else LENGTH - KICK_OFF_LINE_IN
        for k, name in enumerate(self.team(kicking)):
            r = self.st.g.match.get(name).state.card.base_mm / 25.4 / 2
            self.pos[name] = Base(3.0 + k * 5.0, line - forward(kicking) * r, r)
        half_mid = LENGTH * 0.75 if kicking == 0 else LENGTH * 0.25
        for k, name in enumerate(self.team(receiving)):
            r = self.st.g.match.get(name).state.card.base_mm / 25.4 / 2
            self.pos[name] = Base(4.0 + k * 4.5, half_mid + self.rng.uniform(-3, 3), r)
        # The template: between the receivers' kick-off line and in-goal, 1 in clear of lines and edges.
        lo, hi = (LENGTH - KICK_OFF_LINE_IN + 1 + 2, LENGTH - IN_GOAL_IN - 1 - 2) if kicking == 0 else \
            (IN_GOAL_IN + 1 + 2, KICK_OFF_LINE_IN - 1 - 2)
        centre = (self.rng.uniform(3.0, WIDTH - 3.0), self.rng.uniform(lo, hi))
        for name in self.team(receiving):          # the ball is in the air: receivers close in
            mov = self.st.g.match.get(name).state.card.chars.mov_defence
            self.toward(name, *centre, mov, stop_gap=2.0)
        kicker = adjudicate.kicker(self.st.g.match, kicking)
        check = actions.kick_off_check(self.st.g.match.get(kicker).state)
        rolling.roll_plan(self.session, Plan("unopposed", (Entry(kicker, "kick", check),)))
        facing = math.degrees(math.atan2(-forward(kicking), 0.0))      # arrow 1 toward the kickers
        if any(p.kind == "scatter" for p in self.st.g.match.pending):
            event = rolling.scatter(self.session, "ball")
            self.ball_xy = self.clamp(geometry.scatter(centre, facing, event.data["die"], BALL_R))
        else:                                       # placed on the template's edge, nearest a receiver
            near = min(self.team(receiving), key=lambda n: math.dist((self.pos[n].x, self.pos[n].y), centre))
            a = math.atan2(self.pos[near].y - centre[1], self.pos[near].x - centre[0])
            self.ball_xy = self.clamp((centre[0] + 2.25 * math.cos(a), centre[1] + 2.25 * math.sin(a)))
        self.catches()

    def clamp(self, xy: tuple[float, float]) -> tuple[float, float]:
        return min(max(xy[0], BALL_R), WIDTH - BALL_R), min(max(xy[1], BALL_R), LENGTH - BALL_R)

    def catches(self) -> None:
        """Catching the ball in the air: BaC -2 for players within 2 in, until one succeeds."""
        for name in adjudicate.catchers(self.st.g.match, self.pos, self.ball_xy):
            check = actions.catch_check(self.st.g.match.get(name).state)
            rolling.roll_plan(self.session, Plan("unopposed", (Entry(name, "catch", check),)))
            if self.st.g.match.carrier == name:
                return
        # Nobody caught it: the ball lies loose until somebody picks it up.

    # --- one activation ----------------------------------------------------------------------

    def activation(self) -> None:
        st = self.st
        team, m = st.g.attacker, st.g.match
        mine = self.team(team)
        carrier = m.carrier if m.carrier in mine else None
        if not mine:
            self.submit("activation_skipped", team=team)
            return
        if carrier and self.rng.random() < 0.75:
            active = carrier
        elif m.ball == "loose":
            active = min(mine, key=lambda n: math.dist((self.pos[n].x, self.pos[n].y), self.ball_xy))
        else:
            active = self.rng.choice(mine)
        self.activations += 1
        self.submit("activation_started", team=team, player=active)
        me = self.st.g.match.get(active).state
        if me.injured:              # its third activation token was one FATIGUE too many
            self.activation_without(team, active)
            return
        start = (self.pos[active].x, self.pos[active].y)
        path = [start]
        # Step 1
        if me.grounded and self.st.g.match.carrier == active:
            target = self.pass_target(active, max_in=actions.FROM_GROUND_MAX_IN)
            if target:
                self.submit("action_declared", player=active, action="pass_from_ground", target=target)
        elif me.grounded:
            self.submit("action_declared", player=active, action="stand_up")
        else:
            path = self.mark_move(active)
            self.submit("action_declared", player=active, action="move")
        self.submit("activation_step")
        # Step 2: the defence
        self.defend(team, active, path)
        self.submit("activation_step")
        # Step 3: the marked move happens
        if len(path) > 1:
            self.land(active, path[-1])
        self.submit("activation_step")
        # Step 4
        self.second_action(team, active, path)
        self.submit("activation_step")
        # Step 5
        before = self.st.g.match.carrier
        passer = active
        rolling.roll_step5(self.session, self.pos, start if len(path) > 1 else None, self.ball_at())
        self.after_rolls(active, before)
        self.resolve_pending(passer)
        self.submit("activation_step")
        self.stand_up_others(team, active)
        self.submit("activation_step")

    def activation_without(self, team: int, active: str) -> None:
        """The active player left the field as the activation began: nobody declares
        anything, the injury (and the scatter of a ball it carried) is rolled in step 5,
        and the team-mates may still stand up in step 6."""
        for _ in range(4):
            self.submit("activation_step")
        self.resolve_pending(active)
        self.submit("activation_step")
        self.stand_up_others(team, active)
        self.submit("activation_step")

    def stand_up_others(self, team: int, active: str) -> None:
        """Step 6: attackers who were not activated may stand up (not one that carried the
        ball when the activation began: it counts as active, L1178)."""
        m = self.st.g.match
        for name in self.team(team):
            p = m.get(name).state
            if name not in (active, m.carrier_at_activation) and p.grounded and m.carrier != name:
                self.submit("action_declared", player=name, action="stand_up")

    def pass_target(self, passer: str, max_in: float = 99.0) -> str | None:
        """A team-mate not ahead of the passer (the rugby rule), within reach."""
        team, me = self.st.g.match.team_of(passer), self.pos[passer]
        options = [n for n in self.team(team) if n != passer and
                   (self.pos[n].y - me.y) * forward(team) <= 0 and
                   geometry.distance(me, self.pos[n]) <= max_in]
        return min(options, key=lambda n: geometry.distance(me, self.pos[n])) if options else None

    def mark_move(self, active: str) -> list[tuple[float, float]]:
        m, team = self.st.g.match, self.st.g.match.team_of(active)
        b, mov = self.pos[active], m.get(active).state.base("MOV")
        if m.carrier == active:
            goal = (min(max(b.x + self.rng.uniform(-4, 4), 2), WIDTH - 2), LENGTH if team == 0 else 0.0)
        elif m.ball == "loose":
            goal = self.ball_xy
        else:
            c = self.ball_at()
            goal = (min(max(c[0] + self.rng.uniform(-4, 4), 2), WIDTH - 2), c[1] - 2.5 * forward(team))
        move = geometry.marked_move(b, mov, goal)
        return [(x, y) for x, y in move.path]

    def land(self, active: str, end: tuple[float, float]) -> None:
        """SPACE OCCUPATION: the active player lands; opponents under it are pushed away,
        a team-mate under it shortens the move."""
        team = self.st.g.match.team_of(active)
        start = (self.pos[active].x, self.pos[active].y)
        r = self.pos[active].r
        x, y = end
        for _ in range(100):
            here = Base(x, y, r)
            mates = [n for n in self.team(team) if n != active and geometry.overlaps(here, self.pos[n])]
            if not mates:
                break
            x, y = x + (start[0] - x) * 0.1, y + (start[1] - y) * 0.1
        self.place(active, x, y)
        for n in self.team(1 - team):
            spot = geometry.displace(self.pos[active], self.pos[n])
            if spot is None:
                spot = (self.pos[n].x + self.pos[active].r + self.pos[n].r, self.pos[n].y)
            self.place(n, *spot)

    def defend(self, attacker: int, active: str, path: list[tuple[float, float]]) -> None:
        m = self.st.g.match
        carrier = m.carrier
        for name in self.team(1 - attacker):
            st = m.get(name).state
            mov = st.card.chars.mov_defence * (2 if "Defensive Insight" in st.card.positions
                                               and st.has_position_skills else 1)
            if st.grounded:
                self.submit("action_declared", player=name, action="stand_up")
                continue
            if carrier and not m.get(carrier).state.grounded:
                cb = self.pos[carrier]
                trail = path if carrier == active else [(cb.x, cb.y)]
                if geometry.can_reach_trajectory(self.pos[name], mov, cb, trail) and self.rng.random() < 0.85:
                    self.submit("action_declared", player=name, action="tackle", target=carrier)
                    self.reach_trajectory(name, cb, trail, mov)
                    continue
            if carrier and m.get(carrier).state.grounded and geometry.distance(self.pos[name], self.pos[carrier]) <= mov:
                self.submit("action_declared", player=name, action="steal")
                self.toward(name, self.pos[carrier].x, self.pos[carrier].y, mov,
                            stop_gap=self.pos[name].r + self.pos[carrier].r)
                continue
            if m.ball == "loose" and math.dist((self.pos[name].x, self.pos[name].y), self.ball_xy) <= mov + 1.5:
                self.submit("action_declared", player=name, action="steal")
                self.toward(name, *self.ball_xy, mov, stop_gap=self.pos[name].r + BALL_R)
                continue
            if st.fatigue and self.rng.random() < 0.6:
                self.submit("action_declared", player=name, action="rest")
                continue
            self.submit("action_declared", player=name, action="pressure")
            end = path[-1]
            self.toward(name, *end, mov, stop_gap=self.pos[name].r + self.pos[active].r + 0.5)

    def reach_trajectory(self, name: str, mover: Base, trail, mov: float) -> None:
        """The defensive move of a tackle: to contact with the closest point of the trajectory."""
        d = self.pos[name]
        pts = trail if len(trail) > 1 else trail * 2
        best = min((geometry.closest_on_segment(d.x, d.y, *a, *b) for a, b in zip(pts, pts[1:])),
                   key=lambda q: math.dist(q, (d.x, d.y)))
        self.toward(name, *best, mov, stop_gap=d.r + mover.r - 1e-6)

    def second_action(self, team: int, active: str, path) -> None:
        m = self.st.g.match
        me = m.get(active).state
        first = m.declared_by(active)
        if me.grounded or (first and first.action == "pass_from_ground"):
            return
        if m.carrier == active:
            tackled = bool(m.tackles_on(active))
            if in_goal(team, self.pos[active]):
                self.submit("action_declared", player=active, action="try")
                return
            target = self.pass_target(active, 10.0)
            if target and (tackled and self.rng.random() < 0.4 or self.rng.random() < 0.15):
                self.submit("action_declared", player=active, action="pass", target=target)
            elif tackled:
                action = "break_through" if me.effective("STR") >= me.effective("REF") else "dodge"
                self.submit("action_declared", player=active, action=action)
            elif me.mov_actions_allowed > 1 or first is None or first.action != "move":
                self.submit("action_declared", player=active, action="move")
                self.toward(active, self.pos[active].x, LENGTH if team == 0 else 0.0, me.base("MOV"))
            return
        if m.ball == "loose" and math.dist((self.pos[active].x, self.pos[active].y), self.ball_xy) <= \
                self.pos[active].r + BALL_R + me.base("MOV") and (me.mov_actions_allowed > 1 or not first
                                                                   or first.action != "move"):
            self.toward(active, *self.ball_xy, me.base("MOV"), stop_gap=self.pos[active].r + BALL_R)
            self.submit("action_declared", player=active, action="pick_up")
        elif me.mov_actions_allowed > 1:
            self.submit("action_declared", player=active, action="move")
            c = self.ball_at()
            self.toward(active, c[0], c[1] - 3.0 * forward(team), me.base("MOV"), stop_gap=1.0)

    def after_rolls(self, active: str, carrier_before: str | None) -> None:
        """Put the pieces where the results say: a dodge moves away, a tackler lies in contact."""
        m = self.st.g.match
        for line in self.st.message.split("; "):
            if " dodges: move " in line:
                inches = float(line.split("move ")[1].split(" in")[0])
                tacklers = [d.player for d in m.tackles_on(active)]
                if tacklers:
                    t = self.pos[tacklers[0]]
                    b = self.pos[active]
                    self.toward(active, 2 * b.x - t.x, 2 * b.y - t.y, inches)
        if m.carrier and m.carrier != carrier_before:
            self.ball_xy = (self.pos[m.carrier].x, self.pos[m.carrier].y)
        if m.carrier is None and carrier_before and carrier_before in self.pos:
            self.ball_xy = (self.pos[carrier_before].x, self.pos[carrier_before].y)

    def resolve_pending(self, passer: str) -> None:
        """Reception, endurance, the REF after a failed tackle, injuries and scatters."""
        def scattered(p, die: int) -> None:
            centre = (self.pos[p.player].x, self.pos[p.player].y) if p.player in self.pos else self.ball_xy
            self.ball_xy = self.clamp(geometry.scatter(centre, self.rng.uniform(0, 360), die, BALL_R))
        rolling.roll_pending(self.session, self.pos, passer, on_scatter=scattered)
        left = self.st.g.match.rolls_due
        if left:
            raise RuntimeError(f"could not roll {left[0]}: {self.session.refusal}")
        for q in self.st.g.match.players:            # injured players leave the pitch
            if (q.state.injured or q.state.removed) and q.name in self.pos:
                del self.pos[q.name]


def play_match(session: GameSession, seed: int) -> SimMatch:
    sim = SimMatch(session, seed)
    sim.play()
    return sim


def summary(session: GameSession, seed: int) -> str:
    """Play a whole match; one line for `companion match`."""
    sim = play_match(session, seed)
    return f"{session.state.message} after {sim.activations} activations"
