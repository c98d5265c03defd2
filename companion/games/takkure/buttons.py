"""Takkure's buttons: what ``next_step`` and ``declare`` do, measured from the camera.

Takkure with rosters is played with two buttons and the NFC reader: tap a
player's card to select it, ``declare`` cycles the selected player's action
among those the rules allow in this step, ``next_step`` moves on; in step 5 it
first makes every roll the declarations call for, measured from the camera.
"""

from __future__ import annotations

from companion.errors import IllegalMove
from companion.games.takkure import rolling
from companion.games.takkure.rules import actions, adjudicate
from companion.games.takkure.rules import match as tm
from companion.games.takkure.rules.adjudicate import Entry, Plan
from companion.games.takkure.rules.geometry import Base, distance
from companion.rules.events import Event
from companion.session.actions import NO_CAMERA, TableView
from companion.session.session import GameSession


def bases(view: TableView) -> dict[str, Base]:
    """The named bases the camera sees, as Takkure's geometry measures them."""
    return {name: Base(b.x, b.y, b.r) for name, b in view.positions().items()}


def _next_step(s: GameSession, view: TableView) -> Event | None:
    st = s.state
    m = st.g.match
    kick = next((p for p in m.pending if p.kind == "kick_off"), None)
    if st.g.half_time:
        return s.submit("second_half_started")
    if m.players and not st.g.step and st.g.attacker is not None and kick is None:
        event = _kick_off_rolls(s, view)
        if event is not None or s.refusal:
            return event
    if st.g.step == 5 and m.players and not st.g.step_rolled:
        s.refusal = ""
        if rolling.roll_step5(s, bases(view), view.start(), view.ball()):
            return s.events[-1]
        if s.refusal:                        # a base the camera cannot see: say so, stay in step 5
            return None
    if st.g.step == 5 and m.rolls_due:
        rolled = rolling.roll_pending(s, bases(view), st.g.active_player)
        return s.events[-1] if rolled else None
    if st.g.attacker is None or (kick is not None and not st.g.step):
        if kick is not None:                 # the deciding coach receives, by default
            return s.submit("kick_off", kicking=1 - int(kick.player))
        kicking = 0 if st.g.kicked_off_first is None else 1 - st.g.kicked_off_first
        return s.submit("kick_off", kicking=kicking)
    if st.g.step:
        return s.submit("activation_step")
    if st.g.activation_tokens == 0:
        return s.submit("activation_tokens_taken", team=st.g.attacker)
    if m.players:
        return s.submit("activation_started", team=st.g.attacker, player=_who_activates(s))
    return s.submit("activation_started", team=st.g.attacker,
                    player=f"{st.teams[st.g.attacker]} #{5 - st.g.activation_tokens}")


def _kick_off_rolls(s: GameSession, view: TableView) -> Event | None:
    """After a kick-off: the kicking team's BaC roll (its best BaC), the scatter, then each
    player the camera sees within 2 in of the ball tries to catch it (BaC -2)."""
    st, m = s.state, s.state.g.match
    if m.ball == "in the air":
        kicker = adjudicate.kicker(m, 1 - st.g.attacker)
        check = actions.kick_off_check(m.get(kicker).state)
        return rolling.roll_plan(s, Plan("unopposed", (Entry(kicker, "kick", check),)))
    if any(p.kind == "scatter" for p in m.pending):
        return rolling.scatter(s, next(p.player for p in m.pending if p.kind == "scatter"))
    since = s.events[max(i for i, e in enumerate(s.events) if e.kind == "kick_off"):] if st.g.kickoffs else []
    ball = view.ball()
    if m.ball == "loose" and since and ball is not None and \
            not any(e.kind == "activation_tokens_taken" for e in since):
        tried = {e.data["rolls"][0]["player"] for e in since
                 if e.kind == "roll_resolved" and e.data["rolls"][0].get("action") == "catch"}
        near = adjudicate.catchers(m, bases(view), ball, tried)
        if near:
            check = actions.catch_check(m.get(near[0]).state)
            return rolling.roll_plan(s, Plan("unopposed", (Entry(near[0], "catch", check),)))
    return None


def _who_activates(s: GameSession) -> str:
    """The selected card's player if it attacks, else the ball carrier, else the first fit player."""
    st, m = s.state, s.state.g.match
    fit = [p.name for p in m.players if p.team == st.g.attacker and not (p.state.injured or p.state.removed)]
    for name in (st.selected, m.carrier):
        if name in fit:
            return name
    return fit[0] if fit else ""


def declarable(s: GameSession, player: str, view: TableView = NO_CAMERA) -> list[tm.Declaration]:
    """The declarations the rules allow ``player`` now, in the order ``declare`` offers them."""
    st, m = s.state, s.state.g.match
    if not m.has(player):
        return []
    options = {1: tm.FIRST_ACTIONS, 2: tm.DEFENCE_ACTIONS, 4: tm.SECOND_ACTIONS, 6: ("stand_up",)}.get(st.g.step, ())
    out = []
    for action in options:
        d = tm.Declaration(player, action, _target(s, player, action, view))
        try:
            tm.declare(m, st.g.step, st.g.attacker, st.g.active_player, d)
        except IllegalMove:
            continue
        out.append(d)
    return out


def _target(s: GameSession, player: str, action: str, view: TableView) -> str:
    m = s.state.g.match
    if action == "tackle":
        return m.carrier or ""
    if action == "break_through":
        tacklers = m.tackles_on(player)
        return tacklers[0].player if tacklers else ""
    if action in tm.PASSES:
        team = m.team_of(player)
        mates = [p.name for p in m.players if p.team == team and p.name != player
                 and not (p.state.injured or p.state.removed)]
        where = bases(view)
        if player in where:                  # the nearest team-mate the camera sees
            seen = [n for n in mates if n in where]
            mates = sorted(seen, key=lambda n: distance(where[player], where[n])) + \
                [n for n in mates if n not in seen]
        return mates[0] if mates else ""
    return ""


def _declare(s: GameSession, view: TableView) -> Event | None:
    st = s.state
    player = st.selected if st.selected and st.g.match.has(st.selected) else st.g.active_player
    if not player or not st.g.match.players:
        s.refusal = "tap a player's card first"
        return None
    options = declarable(s, player, view)
    if not options:
        s.refusal = f"{player} has nothing to declare in this step"
        return None
    current = next((d for d in reversed(st.g.match.declared) if d.player == player), None)
    k = next((i for i, d in enumerate(options) if d == current), -1)
    d = options[(k + 1) % len(options)]
    return s.submit("action_declared", player=d.player, action=d.action, target=d.target)


ACTIONS = {
    "next_step": _next_step,
    "declare": _declare,
    "score_home": lambda s, v: s.submit("try_scored", team=0),
    "score_away": lambda s, v: s.submit("try_scored", team=1),
    "take_activation": lambda s, v: s.submit("activation_tokens_taken", team=s.state.g.attacker),
    "use_activation": lambda s, v: s.submit("activation_started", team=s.state.g.attacker,
                                            player=_who_activates(s) if s.state.g.match.players else "player"),
}
