"""Step 5, "MEASUREMENTS AND DICE ROLLS": from the declarations and the bases on the
pitch, which rolls to make, against what, and in which order.

The answer is a list of :class:`Plan`: each is one ``roll_resolved`` event to
make (unopposed rolls, a face-to-face duel or a melee), every entry carrying its
:class:`~companion.games.takkure.rules.actions.Check` so the screen can explain it.

- In-the-air steals (a defender on the pass lines) come first: a success takes
  the ball, a failure lets the pass go on.
- The active player's roll meets the tackles on it: one tackler is a
  face-to-face roll; several are a multiple face-to-face roll, the active
  player's dice given one per tackler in order (the rest roll unopposed) and
  the rolls stopping once it is GROUNDED; against a SCORE A TRY several
  tacklers make a melee roll. After a successful PASS the remaining tacklers
  roll unopposed.
- A tackle that did not reach the carrier or its trajectory counts as failed.
- Pressure: -1 for each defender declaring PRESSURE within 2 in of the active player.

>>> from companion.games.takkure.rules.roster import EXAMPLES, roster_from_toml
>>> from companion.games.takkure.rules.match import line_up, Declaration
>>> from dataclasses import replace
>>> m = line_up([roster_from_toml(EXAMPLES["yamato"]), roster_from_toml(EXAMPLES["teriomorph"])])
>>> m = replace(m, carrier="Yokozuna", ball="carried", declared=(
...     Declaration("Yokozuna", "move"), Declaration("Silverback", "pressure"),
...     Declaration("Yokozuna", "try")))
>>> at = {"Yokozuna": Base.mm(10, 2, 40), "Silverback": Base.mm(10, 5, 40)}
>>> [p.entries[0].check.explain() for p in step5(m, "Yokozuna", at)]
['Score a try: BaC (try) 7 -1 (pressure) = 6']
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.rules.events import IllegalMove
from companion.games.takkure.rules import actions
from companion.games.takkure.rules.actions import Check
from companion.games.takkure.rules.geometry import (EPS, PRESSURE_IN, TOKEN_R, Base, distance,
                                                    distance_to_trajectory, intercepts)
from companion.games.takkure.rules.match import Match, Pending

CONTACT_IN = 0.05     # how close counts as contact when bases are measured by a camera


@dataclass(frozen=True)
class Entry:
    player: str
    action: str
    check: Check
    target: str = ""
    dice: int = 0                 # dice to roll (0: the check's own count)
    result: str = ""              # set when no roll is made: "fail" (no contact) or "cancelled"


@dataclass(frozen=True)
class Plan:
    contest: str                  # unopposed, face_to_face, melee
    entries: tuple[Entry, ...]
    unless_grounded: str = ""     # skip this roll if that player is GROUNDED by then


def _at(positions: dict[str, Base], name: str) -> Base:
    if name not in positions:
        raise IllegalMove(f"{name} is not on the table (the camera cannot see it): measure by hand")
    return positions[name]


def pressure_on(m: Match, name: str, positions: dict[str, Base]) -> int:
    me = _at(positions, name)
    return sum(1 for d in m.declared if d.action == "pressure" and d.player in positions
               and distance(me, positions[d.player]) <= PRESSURE_IN + EPS)


def step5(m: Match, active: str, positions: dict[str, Base], start: tuple[float, float] | None = None,
          contact_in: float = CONTACT_IN, ball: tuple[float, float] | None = None) -> list[Plan]:
    """The rolls of step 5, in order. ``start``: where the active player began its move
    (the active-player token), for tackles on its trajectory; ``ball``: where the ball token
    lies (needed when a loose ball is stolen or picked up: those need contact with it)."""
    me = m.get(active).state
    first = next((d for d in m.declared if d.player == active and d.action in ("move", "stand_up",
                                                                                "pass_from_ground")), None)
    second = next((d for d in m.declared if d.player == active and d.action in
                   ("pass", "early_pass", "pick_up", "dodge", "break_through", "try")), None)
    action = first if first is not None and first.action == "pass_from_ground" else second
    pressure = pressure_on(m, active, positions)
    if action is not None and action.action == "pass_from_ground" and not m.rulings.pressure_on_pass_from_ground:
        pressure = 0                                # the ruling's reading of L1095
    plans: list[Plan] = []
    steals = [s for s in m.declared if s.action == "steal" and m.has(s.player)]
    planned: set[str] = set()                       # stealers already given a roll

    # The active player's own roll.
    own: Entry | None = None
    if action is not None:
        a, target = action.action, action.target
        if a in PASSES:
            d = distance(_at(positions, active), _at(positions, target))
            check = actions.pass_check(me, d, pressure, from_ground=a == "pass_from_ground")
            own = Entry(active, a, check, target, result="cancelled" if check.cancelled else "")
            for s in steals:                # before the ball arrives: at the passer, or on its line
                kind = _steal_at_pass(m, s.player, active, target, positions, contact_in)
                if kind:
                    planned.add(s.player)
                    plans.append(Plan("unopposed", (_steal(m, s.player, kind),)))
        elif a == "pick_up":
            own = Entry(active, a, actions.pick_up_check(me, pressure))
            if not _touches_ball(m, active, positions, start, contact_in, ball):
                own = replace(own, check=replace(own.check, failed="no contact with the ball"), result="fail")
        elif a == "dodge":
            own = Entry(active, a, actions.dodge_check(me, pressure))
        elif a == "break_through":                  # through the tackler it names (or the first)
            tacklers = [t.player for t in m.tackles_on(active)]
            target = target or (tacklers[0] if tacklers else "")
            own = Entry(active, a, actions.break_through_check(me, pressure), target)
        elif a == "try":
            own = Entry(active, a, actions.try_check(me, pressure, m.rulings.try_fatigue))

    # Tackles on the ball carrier (active or not).
    carrier = m.carrier
    tackles = []
    for t in (m.tackles_on(carrier) if carrier else []):
        defender = m.get(t.player).state
        tb, cb = _at(positions, t.player), _at(positions, carrier)
        path = [start, (cb.x, cb.y)] if carrier == active and start is not None else [(cb.x, cb.y)]
        reached = distance_to_trajectory(tb, cb, path) <= contact_in
        check = actions.tackle_check(defender, reached)
        tackles.append(Entry(t.player, "tackle", check, carrier, result="fail" if not reached else ""))
    rolling = [t for t in tackles if not t.result]
    plans += [Plan("unopposed", (t,)) for t in tackles if t.result]

    # A pick-up against steals of the same ball is one melee roll (L1789-1792).
    if own is not None and own.action == "pick_up":
        kind = _ground_ball(m)
        rivals = [s for s in steals if s.player not in planned and kind]
        touching = [s for s in rivals if _steal_contact(m, s.player, kind, positions, contact_in, ball)]
        planned |= {s.player for s in rivals}
        plans += [Plan("unopposed", (_steal(m, s.player, kind, "fail"),)) for s in rivals if s not in touching]
        contest = [own] + [_steal(m, s.player, kind) for s in touching] if not own.result else []
        if len(contest) > 1:
            plans.append(Plan("melee", tuple(contest)))
            own = None
        elif not own.result:
            plans.append(Plan("unopposed", (own,)))
            own = None
        else:
            plans.append(Plan("unopposed", (own,)))
            plans += [Plan("unopposed", (_steal(m, s.player, kind),)) for s in touching]
            own = None

    opposes = own is not None and not own.result and carrier == active and own.action in (
        "pass", "pass_from_ground", "dodge", "break_through", "try")
    if opposes and rolling:
        if own.action == "try" and len(rolling) > 1:
            plans.append(Plan("melee", (own,) + tuple(rolling)))
        elif own.action in ("pass", "pass_from_ground"):
            plans.append(Plan("face_to_face", (own, rolling[0])))
            plans += [Plan("unopposed", (t,), active) for t in rolling[1:]]
        else:
            dice = own.check.dice
            for k, t in enumerate(rolling):
                if k < dice:
                    share = dice - len(rolling) + 1 if k == 0 and dice > len(rolling) else 1
                    plans.append(Plan("face_to_face", (Entry(own.player, own.action, own.check, t.player, share), t),
                                      active if k else ""))
                else:
                    plans.append(Plan("unopposed", (t,), active))
    else:
        # An EARLY PASS (thrown before any tackler touched the path, L1544) is unopposed
        # and goes first; the tackles then roll unopposed (L1783).
        if own is not None:
            plans.append(Plan("unopposed", (own,)))
        plans += [Plan("unopposed", (t,)) for t in rolling]

    # Other steals: a loose ball (+4) or a GROUNDED carrier, each needing contact (L1715-1717).
    kind = _ground_ball(m)
    for s in steals:
        if s.player in planned or not kind:
            continue
        result = "" if _steal_contact(m, s.player, kind, positions, contact_in, ball) else "fail"
        plans.append(Plan("unopposed", (_steal(m, s.player, kind, result),)))
    return plans


PASSES = ("pass", "early_pass", "pass_from_ground")


def _steal(m: Match, who: str, kind: str, result: str = "") -> Entry:
    """A steal roll of ``kind`` (its entry's target, checked again when it resolves)."""
    check = actions.steal_check(m.get(who).state, kind)
    if result == "fail":
        check = replace(check, failed="no contact with " + ("the ball" if kind == "loose" else "the carrier"))
    return Entry(who, "steal", check, kind, result=result)


def _ground_ball(m: Match) -> str:
    """The ball on the ground, as a steal sees it: "loose", "grounded carrier", or ''."""
    if m.carrier is None:
        return "loose" if m.ball == "loose" else ""
    return "grounded carrier" if m.get(m.carrier).state.grounded else ""


def _ball_base(ball) -> Base:
    if ball is None:
        raise IllegalMove("the ball token is not on the table (the camera cannot see it): "
                          "place it, or measure by hand")
    return Base(ball[0], ball[1], TOKEN_R)


def _steal_contact(m: Match, who: str, kind: str, positions, contact_in: float, ball) -> bool:
    """L1715: "If you are in contact with the ball"; L1717: "in contact with a GROUNDED ball carrier"."""
    other = _ball_base(ball) if kind == "loose" else _at(positions, m.carrier)
    return distance(_at(positions, who), other) <= contact_in


def _touches_ball(m: Match, who: str, positions, start, contact_in: float, ball) -> bool:
    """L1705: the pick-up needs contact "with the ball or the player with the ball ... at some
    point during your movement"."""
    other = _ball_base(ball) if m.carrier is None else _at(positions, m.carrier)
    me = _at(positions, who)
    path = [start, (me.x, me.y)] if start is not None else [(me.x, me.y)]
    return distance_to_trajectory(other, me, path) <= contact_in


def _steal_at_pass(m: Match, who: str, passer: str, receiver: str, positions, contact_in: float) -> str:
    """The kind of steal a defender makes on a pass: touching a GROUNDED passer, it steals from
    a grounded carrier at plain BaC (L1717); on the pass lines, it intercepts at -2 (L1719)."""
    if who not in positions:
        return ""
    if m.get(passer).state.grounded and distance(positions[who], _at(positions, passer)) <= contact_in:
        return "grounded carrier"
    return "in the air" if intercepts(positions[who], positions[passer], _at(positions, receiver)) else ""


def follow_up(m: Match, p: Pending, positions: dict[str, Base], passer: str | None) -> Entry | None:
    """The roll a pending effect asks for (None for injuries and scatters: no check)."""
    st = m.get(p.player).state if p.player and m.has(p.player) else None
    if p.kind == "reception":
        d = distance(_at(positions, passer), _at(positions, p.player)) if passer else 4.0
        return Entry(p.player, "reception", actions.reception_check(st, d))
    if p.kind == "endurance":
        return Entry(p.player, "endurance", actions.endurance_check(st))
    if p.kind == "failed_tackle":
        return Entry(p.player, "failed_tackle", actions.failed_tackle_check(st))
    return None


CATCH_IN = 2.0


def kicker(m: Match, team: int) -> str:
    """The kicking team's player with the best BaC (the coach's choice, made for it)."""
    fit = [p for p in m.players if p.team == team and not (p.state.injured or p.state.removed)]
    return max(fit, key=lambda p: p.state.effective("BaC")).name


def catchers(m: Match, positions: dict[str, Base], ball: tuple[float, float], tried=()) -> list[str]:
    """Players within 2 in of the kicked ball who may try to catch it, nearest first (L2088;
    exactly 2 in counts, with the same tolerance for rounding as pressure)."""
    b = Base(ball[0], ball[1], TOKEN_R)
    near = [n for n, at in positions.items() if n not in tried and m.has(n)
            and not (m.get(n).state.injured or m.get(n).state.removed) and distance(at, b) <= CATCH_IN + EPS]
    return sorted(near, key=lambda n: distance(positions[n], b))
