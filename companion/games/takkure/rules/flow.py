"""The flow of a Takkure match as events: kick-off, the time dashboard, halves,
activations and their six steps, possession and tries.

- ``kick_off`` {kicking}, ``activation_tokens_taken`` {team}, ``ball_kicked_out`` {team},
  ``second_half_started``, ``activation_started`` {team, player}, ``activation_skipped``
  {team}, ``activation_step``, ``possession_changed`` {team}, ``try_scored`` {team}.

Each reducer takes the table and returns a new one; Takkure's own fields live in
``state.g`` (:class:`~companion.games.takkure.rules.state.TakkureState`).
"""

from __future__ import annotations

from dataclasses import replace

from companion.errors import IllegalMove
from companion.games.takkure.rules import match
from companion.games.takkure.rules.state import ACTIVATION_STEPS, ACTIVATION_TOKENS, MOVES
from companion.games.takkure.rules.time_dashboard import TimeDashboard
from companion.rules.tools.score import add, side_of


def _team(e, key: str = "team") -> int:
    """The team (0 or 1) an event names, under ``key``; refused otherwise."""
    return side_of(e, key)


def _attacking_team(st, e) -> int:
    """The team an event names, which must be the attacking one."""
    team = _team(e)
    if team != st.g.attacker:
        raise IllegalMove(f"{st.teams[team]} is not the attacking team")
    return team


@MOVES.move("kick_off")
def _kick_off(st, e):
    g = st.g
    if g.match_over:
        raise IllegalMove("the match is over")
    if g.step:
        raise IllegalMove(f"finish {g.active_player}'s activation first")
    kicking = _team(e, "kicking")
    if g.half == 2 and g.kickoffs == 0 and g.kicked_off_first not in (None, 1 - kicking):
        raise IllegalMove(f"the 2nd half is kicked off by {st.teams[1 - g.kicked_off_first]}, "
                          "who did not kick off the first")
    first = g.kicked_off_first if g.kicked_off_first is not None or g.half != 1 else kicking
    m = match.kicked_off(g.match) if g.match.players else g.match
    st = st.with_game(attacker=1 - kicking, activation_tokens=0, active_player=None, step=0,
                      kicked_off_first=first, kickoffs=g.kickoffs + 1, match=m)
    return replace(st, message=f"Kick-off: {st.teams[kicking]} kick, {st.teams[1 - kicking]} receive")


@MOVES.move("activation_tokens_taken")
def _tokens_taken(st, e):
    g = st.g
    team = _attacking_team(st, e)
    if g.activation_tokens:
        raise IllegalMove(f"{st.teams[team]} still has {g.activation_tokens} activation tokens")
    dashboard = g.dashboard.take_activation_tokens(team)
    if dashboard.time_up:
        return _half_over(st.with_game(dashboard=dashboard))
    m = match.new_time_phase(g.match) if dashboard.slot != g.dashboard.slot else g.match
    st = st.with_game(dashboard=dashboard, activation_tokens=ACTIVATION_TOKENS, match=m)
    return replace(st, message=f"{st.teams[team]} take 4 activation tokens (time slot {dashboard.slot})")


def _half_over(st):
    over = st.g.half == 2
    if over:
        a, b = st.score
        result = "a draw" if a == b else f"{st.teams[0 if a > b else 1]} win"
        message = f"Full time: {a}-{b}, {result}"
    else:
        message = "Half time"
    st = st.with_game(half_time=not over, match_over=over, attacker=None, activation_tokens=0)
    return replace(st, message=message)


@MOVES.move("ball_kicked_out")
def _kicked_out(st, e):
    team = _team(e)
    if team != st.g.attacker or st.g.step:
        raise IllegalMove("only the attacking team kicks the ball out, between activations")
    if not st.g.dashboard.can_kick_out(st.score[team], st.score[1 - team]):
        raise IllegalMove("the ball can be kicked out only on time slot 1 by the team behind on score")
    return _half_over(st)


@MOVES.move("second_half_started")
def _second_half(st, e):
    if not st.g.half_time:
        raise IllegalMove("the second half starts only at half time")
    st = st.with_game(half=2, half_time=False, dashboard=TimeDashboard(), attacker=None, kickoffs=0,
                      activation_tokens=0, match=match.half_time(st.g.match))
    return replace(st, message="Second half: every player removed a fatigue token")


@MOVES.move("activation_started")
def _activation_started(st, e):
    g = st.g
    team = _attacking_team(st, e)
    if g.step:
        raise IllegalMove(f"{g.active_player} is still active ({g.step_name})")
    if g.activation_tokens <= 0:
        raise IllegalMove("no activation token left: take new ones from the time dashboard")
    player = str(e.get("player", "a player"))
    m, message = g.match, f"{player} activates: {ACTIVATION_STEPS[0]}"
    if m.players:
        if m.team_of(player) != team:
            raise IllegalMove(f"{player} plays for {st.teams[1 - team]}")
        notes: list[str] = []
        m = match.activated(m, player, notes)
        message = "; ".join([message] + notes)
    st = st.with_game(activation_tokens=g.activation_tokens - 1, active_player=player, step=1, match=m)
    return replace(st, message=message)


@MOVES.move("activation_skipped")
def _activation_skipped(st, e):
    """Not in the rulebook: a team with every player injured cannot activate anybody, so it
    spends the token with nobody, and time goes on."""
    g = st.g
    team = _team(e)
    if team != g.attacker or g.step or g.activation_tokens <= 0:
        raise IllegalMove("only the attacking team spends an activation token, between activations")
    if any(p.team == team and not (p.state.injured or p.state.removed) for p in g.match.players):
        raise IllegalMove(f"{st.teams[team]} have players on the pitch: activate one")
    st = st.with_game(activation_tokens=g.activation_tokens - 1)
    return replace(st, message=f"{st.teams[team]} have nobody on the pitch: the token is spent")


@MOVES.move("activation_step")
def _activation_step(st, e):
    g = st.g
    if not g.step:
        raise IllegalMove("no activation in progress")
    if g.step >= 5:
        match.require_rolls_done(g.match)
    if g.step == len(ACTIVATION_STEPS):
        ended = st.with_game(step=0, active_player=None, match=replace(g.match, declared=()))
        return _after_activation(replace(ended, message=f"{g.active_player}'s activation ends"))
    step = g.step + 1
    st = st.with_game(step=step, step_rolled=False)
    return replace(st, message=f"{g.active_player}: {ACTIVATION_STEPS[step - 1]}")


def _after_activation(st):
    """A try (or a failed one) calls a kick-off; a stolen ball changes sides, and the
    old attacker discards its remaining activation tokens."""
    m = st.g.match
    if any(p.kind == "kick_off" for p in m.pending):
        decider = next(int(p.player) for p in m.pending if p.kind == "kick_off")
        st = st.with_game(attacker=None, activation_tokens=0)
        return replace(st, message=f"Kick-off: {st.teams[decider]} decide who kicks")
    return possession_to_carrier(st, "{team} stole the ball: they attack now")


def possession_to_carrier(st, message: str = ""):
    """"If a player on a team carries the ball, that player's team is the attacker": the old
    attacker discards its remaining activation tokens. ``message`` may name ``{team}``."""
    g = st.g
    m = g.match
    if m.carrier is None or g.attacker is None or m.team_of(m.carrier) == g.attacker:
        return st
    team = m.team_of(m.carrier)
    st = st.with_game(attacker=team, activation_tokens=0)
    return replace(st, message=message.format(team=st.teams[team]) if message else st.message)


@MOVES.move("possession_changed")
def _possession(st, e):
    team = _team(e)
    st = st.with_game(attacker=team, activation_tokens=0)
    return replace(st, message=f"{st.teams[team]} take the ball")


@MOVES.move("try_scored")
def _try_scored(st, e):
    team = _team(e)
    return replace(st, score=add(st.score, team, 1), message=f"TRY! {st.teams[team]} score")
