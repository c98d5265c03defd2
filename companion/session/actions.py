"""What each input action (button, key, controller) does to a session.

Actions are the names in :data:`companion.config.ACTIONS`; the configuration
maps buttons to them per game. An action the rules refuse leaves the reason in
``session.refusal`` for the screen, and never raises.

Takkure with rosters is played with two buttons and the NFC reader: tap a
player's card to select it, ``declare`` cycles the selected player's action
among those the rules allow in this step, ``next_step`` moves on; in step 5 it
first makes every roll the declarations call for, measured from the camera.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from companion.rules.events import Event, IllegalMove
from companion.rules.takkure import actions, adjudicate
from companion.rules.takkure import match as tm
from companion.rules.takkure.adjudicate import Entry, Plan
from companion.rules.takkure.geometry import Base, distance
from companion.session import takkure as rolling
from companion.session.session import GameSession


@dataclass
class TableView:
    """What the camera says, for the actions that measure: the bases of the players it
    can name, and where the active-player token marks the start of the move."""
    positions: Callable[[], dict[str, Base]] = dict
    start: Callable[[], tuple[float, float] | None] = lambda: None
    ball: Callable[[], tuple[float, float] | None] = lambda: None


NO_CAMERA = TableView()


def _next_step(s: GameSession, view: TableView) -> Event | None:
    st = s.state
    if st.game != "takkure":
        return None
    m = st.match
    kick = next((p for p in m.pending if p.kind == "kick_off"), None)
    if st.half_time:
        return s.submit("second_half_started")
    if m.players and not st.step and st.attacker is not None and kick is None:
        event = _kick_off_rolls(s, view)
        if event is not None or s.refusal:
            return event
    if st.step == 5 and m.players and not st.step_rolled:
        s.refusal = ""
        if rolling.roll_step5(s, view.positions(), view.start()):
            return s.events[-1]
        if s.refusal:                        # a base the camera cannot see: say so, stay in step 5
            return None
    if st.step == 5 and m.rolls_due:
        rolled = rolling.roll_pending(s, view.positions(), st.active_player)
        return s.events[-1] if rolled else None
    if st.attacker is None or (kick is not None and not st.step):
        if kick is not None:                 # the deciding coach receives, by default
            return s.submit("kick_off", kicking=1 - int(kick.player))
        kicking = 0 if st.kicked_off_first is None else 1 - st.kicked_off_first
        return s.submit("kick_off", kicking=kicking)
    if st.step:
        return s.submit("activation_step")
    if st.activation_tokens == 0:
        return s.submit("activation_tokens_taken", team=st.attacker)
    if m.players:
        return s.submit("activation_started", team=st.attacker, player=_who_activates(s))
    return s.submit("activation_started", team=st.attacker,
                    player=f"{st.teams[st.attacker]} #{5 - st.activation_tokens}")


def _kick_off_rolls(s: GameSession, view: TableView) -> Event | None:
    """After a kick-off: the kicking team's BaC roll (its best BaC), the scatter, then each
    player the camera sees within 2 in of the ball tries to catch it (BaC -2)."""
    st, m = s.state, s.state.match
    if m.ball == "in the air":
        kicker = adjudicate.kicker(m, 1 - st.attacker)
        check = actions.kick_off_check(m.get(kicker).state)
        return rolling.roll_plan(s, Plan("unopposed", (Entry(kicker, "kick", check),)))
    if any(p.kind == "scatter" for p in m.pending):
        return rolling.scatter(s, next(p.player for p in m.pending if p.kind == "scatter"))
    since = s.events[max(i for i, e in enumerate(s.events) if e.kind == "kick_off"):] if st.kickoffs else []
    ball = view.ball()
    if m.ball == "loose" and since and ball is not None and \
            not any(e.kind == "activation_tokens_taken" for e in since):
        tried = {e.data["rolls"][0]["player"] for e in since
                 if e.kind == "roll_resolved" and e.data["rolls"][0].get("action") == "catch"}
        near = adjudicate.catchers(m, view.positions(), ball, tried)
        if near:
            check = actions.catch_check(m.get(near[0]).state)
            return rolling.roll_plan(s, Plan("unopposed", (Entry(near[0], "catch", check),)))
    return None


def _who_activates(s: GameSession) -> str:
    """The selected card's player if it attacks, else the ball carrier, else the first fit player."""
    st, m = s.state, s.state.match
    fit = [p.name for p in m.players if p.team == st.attacker and not (p.state.injured or p.state.removed)]
    for name in (st.selected, m.carrier):
        if name in fit:
            return name
    return fit[0] if fit else ""


def declarable(s: GameSession, player: str, view: TableView = NO_CAMERA) -> list[tm.Declaration]:
    """The declarations the rules allow ``player`` now, in the order ``declare`` offers them."""
    st, m = s.state, s.state.match
    if not m.has(player):
        return []
    options = {1: tm.FIRST_ACTIONS, 2: tm.DEFENCE_ACTIONS, 4: tm.SECOND_ACTIONS, 6: ("stand_up",)}.get(st.step, ())
    out = []
    for action in options:
        d = tm.Declaration(player, action, _target(s, player, action, view))
        try:
            tm.declare(m, st.step, st.attacker, st.active_player, d)
        except IllegalMove:
            continue
        out.append(d)
    return out


def _target(s: GameSession, player: str, action: str, view: TableView) -> str:
    m = s.state.match
    if action == "tackle":
        return m.carrier or ""
    if action == "break_through":
        tacklers = m.tackles_on(player)
        return tacklers[0].player if tacklers else ""
    if action in ("pass", "pass_from_ground"):
        team = m.team_of(player)
        mates = [p.name for p in m.players if p.team == team and p.name != player
                 and not (p.state.injured or p.state.removed)]
        where = view.positions()
        if player in where:                  # the nearest team-mate the camera sees
            seen = [n for n in mates if n in where]
            mates = sorted(seen, key=lambda n: distance(where[player], where[n])) + \
                [n for n in mates if n not in seen]
        return mates[0] if mates else ""
    return ""


def _declare(s: GameSession, view: TableView) -> Event | None:
    st = s.state
    player = st.selected if st.selected and st.match.has(st.selected) else st.active_player
    if not player or not st.match.players:
        s.refusal = "tap a player's card first"
        return None
    options = declarable(s, player, view)
    if not options:
        s.refusal = f"{player} has nothing to declare in this step"
        return None
    current = next((d for d in reversed(st.match.declared) if d.player == player), None)
    k = next((i for i, d in enumerate(options) if d == current), -1)
    d = options[(k + 1) % len(options)]
    return s.submit("action_declared", player=d.player, action=d.action, target=d.target)


def _timer_toggle(s: GameSession) -> Event | None:
    cd, now = s.state.countdown, s.clock.now()
    if cd.running:
        return s.submit("countdown_paused")
    if cd.started and not cd.expired(now):
        return s.submit("countdown_resumed")
    return s.submit("countdown_started")


_ACTIONS = {
    "undo": lambda s: s.undo(),
    "roll_d6": lambda s: s.roll(6, 1),
    "roll_d12": lambda s: s.roll(12, 1),
    "roll_3d6": lambda s: s.roll(6, 3, label="Knockdown test"),
    "coin_toss": lambda s: s.toss(s.state.teams[0], "heads"),
    "timer_toggle": _timer_toggle,
    "timer_reset": lambda s: s.submit("countdown_reset"),
    "hp_damage_left": lambda s: s.submit("hp_changed", side=0, delta=-1),
    "hp_damage_right": lambda s: s.submit("hp_changed", side=1, delta=-1),
    "score_home": lambda s: s.submit("try_scored", team=0),
    "score_away": lambda s: s.submit("try_scored", team=1),
    "take_activation": lambda s: s.submit("activation_tokens_taken", team=s.state.attacker),
    "use_activation": lambda s: s.submit("activation_started", team=s.state.attacker,
                                         player=_who_activates(s) if s.state.match.players else "player"),
}
_MEASURING = {"next_step": _next_step, "declare": _declare}


def perform(session: GameSession, action: str, view: TableView = NO_CAMERA) -> Event | None:
    """Do ``action``; returns the event it produced, or None (refused or not applicable)."""
    if action in _MEASURING:
        return _MEASURING[action](session, view)
    fn = _ACTIONS.get(action)
    if fn is None:
        session.refusal = f"unknown action {action!r}"
        return None
    return fn(session)
