"""Rolling Takkure's step 5 and its follow-up rolls through the session.

The rules say what to roll (:mod:`companion.games.takkure.rules.adjudicate`); this
draws the dice from the session's chance service and journals each roll as one
``roll_resolved`` event (the dice, the characteristic, every modifier), so the
screen, a replay and a resumed game all explain it the same way.
"""

from __future__ import annotations

from companion.rules.events import Event, IllegalMove
from companion.games.takkure.rules import adjudicate, match, players
from companion.games.takkure.rules.adjudicate import Entry, Plan
from companion.games.takkure.rules.geometry import Base
from companion.session.session import GameSession


def _row(entry: Entry) -> dict:
    c = entry.check
    row = {"player": entry.player, "action": entry.action, "target": entry.target, "label": c.action,
           "characteristic": c.name, "base": c.base, "modifiers": [list(m) for m in c.modifiers]}
    if entry.result:
        row.update(result=entry.result, why=c.cancelled or c.failed or "no contact")
    return row


def roll_plan(session: GameSession, plan: Plan) -> Event | None:
    """Roll one plan (skipped, returning None, when its player was GROUNDED meanwhile or the
    rules say the roll is moot)."""
    m = session.state.g.match
    if plan.unless_grounded and m.get(plan.unless_grounded).state.grounded:
        return None
    if any(match.moot(m, e.action, e.player, e.target) for e in plan.entries):
        return None                                 # intercepted, or a team-mate took the ball first
    index, draws, rows = session.state.chance_draws, 0, []
    for entry in plan.entries:
        row = _row(entry)
        if not entry.result:
            row["dice"] = session.chance.dice(12, entry.dice or entry.check.dice, index + draws)
            draws += 1
        rows.append(row)
    return session.submit("roll_resolved", contest=plan.contest, rolls=rows, index=index, draws=draws,
                          source=session.chance.source)


def roll_step5(session: GameSession, positions: dict[str, Base], start: tuple[float, float] | None = None,
               ball: tuple[float, float] | None = None) -> int:
    """Every roll of step 5 in order; returns how many were journaled. Refusals (a base or the
    ball the camera cannot see) are left in ``session.refusal``."""
    st = session.state
    try:
        plans = adjudicate.step5(st.g.match, st.g.active_player, positions, start, ball=ball)
    except IllegalMove as exc:
        session.refusal = str(exc)
        return 0
    done = 0
    for plan in plans:
        if roll_plan(session, plan) is not None:
            done += 1
        done += roll_melee_ties(session, plan)
    return done


def roll_melee_ties(session: GameSession, plan: Plan) -> int:
    """A melee tie for the best is rolled again face-to-face among the tied, until one wins."""
    rolled = 0
    while rolled < 20:
        tied = {p.player for p in session.state.g.match.pending if p.kind == "reroll"}
        again = tuple(e for e in plan.entries if e.player in tied)
        if len(again) < 2 or roll_plan(session, Plan("face_to_face", again)) is None:
            return rolled
        rolled += 1
    return rolled


def roll_pending(session: GameSession, positions: dict[str, Base], passer: str | None = None,
                 on_scatter=None) -> int:
    """Roll what the rules still ask for (reception, endurance, the REF after a failed tackle,
    injuries, scatters), until nothing but a kick-off is pending. ``on_scatter(pending, die)``
    lets the caller place the ball where the template sends it."""
    done = 0
    for _ in range(50):                                     # each roll resolves one pending item
        if not session.state.g.match.rolls_due:
            return done
        p = session.state.g.match.rolls_due[0]
        if p.kind == "injury":
            event = roll_injury(session, p.player)
        elif p.kind == "scatter":
            event = scatter(session, p.player)
            if event is not None and on_scatter is not None:
                on_scatter(p, event.data["die"])
        else:
            try:
                entry = adjudicate.follow_up(session.state.g.match, p, positions, passer)
            except IllegalMove as exc:
                session.refusal = str(exc)
                return done
            event = roll_plan(session, Plan("unopposed", (entry,)))
        if event is None:
            return done
        done += 1
    return done


def scatter(session: GameSession, player: str) -> Event | None:
    """The scatter roll (one D12 naming an arrow of the template)."""
    index = session.state.chance_draws
    die = session.chance.dice(12, 1, index)[0]
    return session.submit("ball_scattered", player=player, die=die, index=index, source=session.chance.source)


def roll_injury(session: GameSession, player: str) -> Event | None:
    """Roll on the injury tables, one die more each time the tables nest."""
    index, values = session.state.chance_draws, []
    while True:
        values.append(session.chance.dice(12, 1, index + len(values))[0])
        try:
            players.resolve_injury(values)
            break
        except ValueError:
            continue
    return session.submit("injury_rolled", player=player, dice=values, index=index, draws=len(values),
                          source=session.chance.source)
