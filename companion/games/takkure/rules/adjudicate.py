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

from dataclasses import dataclass

from companion.rules.events import IllegalMove
from companion.games.takkure.rules import actions
from companion.games.takkure.rules.actions import Check
from companion.games.takkure.rules.geometry import (PRESSURE_IN, TOKEN_R, Base, distance, distance_to_trajectory,
                                              intercepts)
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
               and distance(me, positions[d.player]) <= PRESSURE_IN + 1e-9)


def step5(m: Match, active: str, positions: dict[str, Base], start: tuple[float, float] | None = None,
          contact_in: float = CONTACT_IN) -> list[Plan]:
    """The rolls of step 5, in order. ``start``: where the active player began its move
    (the active-player token), for tackles on its trajectory."""
    me = m.get(active).state
    first = next((d for d in m.declared if d.player == active and d.action in ("move", "stand_up",
                                                                                "pass_from_ground")), None)
    second = next((d for d in m.declared if d.player == active and d.action in
                   ("pass", "pick_up", "dodge", "break_through", "try")), None)
    action = first if first is not None and first.action == "pass_from_ground" else second
    pressure = pressure_on(m, active, positions)
    plans: list[Plan] = []

    # The active player's own roll.
    own: Entry | None = None
    if action is not None:
        a, target = action.action, action.target
        if a in ("pass", "pass_from_ground"):
            d = distance(_at(positions, active), _at(positions, target))
            check = actions.pass_check(me, d, pressure, from_ground=a == "pass_from_ground")
            own = Entry(active, a, check, target, result="cancelled" if check.cancelled else "")
            for s in m.declared:            # interceptions, before the ball arrives
                if s.action == "steal" and s.player in positions and intercepts(
                        positions[s.player], positions[active], positions[target]):
                    plans.append(Plan("unopposed", (Entry(s.player, "steal",
                                                          actions.steal_check(m.get(s.player).state, "in the air")),)))
        elif a == "pick_up":
            own = Entry(active, a, actions.pick_up_check(me, pressure))
        elif a == "dodge":
            own = Entry(active, a, actions.dodge_check(me, pressure))
        elif a == "break_through":
            own = Entry(active, a, actions.break_through_check(me, pressure))
        elif a == "try":
            own = Entry(active, a, actions.try_check(me, pressure))

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
        if own is not None:
            plans.append(Plan("unopposed", (own,)))
        plans += [Plan("unopposed", (t,)) for t in rolling]

    # Other steals: a loose ball (+4) or a GROUNDED carrier.
    for s in m.declared:
        if s.action != "steal" or any(s.player == e.player for p in plans for e in p.entries):
            continue
        how = "loose" if m.carrier is None else "grounded carrier"
        if how == "grounded carrier" and not m.get(m.carrier).state.grounded:
            continue
        plans.append(Plan("unopposed", (Entry(s.player, "steal", actions.steal_check(m.get(s.player).state, how)),)))
    return plans


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
    """Players within 2 in of the kicked ball who may try to catch it, nearest first."""
    b = Base(ball[0], ball[1], TOKEN_R)
    near = [n for n, at in positions.items() if n not in tried and m.has(n)
            and not (m.get(n).state.injured or m.get(n).state.removed) and distance(at, b) <= CATCH_IN]
    return sorted(near, key=lambda n: distance(positions[n], b))
