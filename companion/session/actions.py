"""What each input action (button, key, controller) does to a session.

Actions are the names in :data:`companion.config.ACTIONS`; the configuration
maps buttons to them per game. An action the rules refuse leaves the reason in
``session.refusal`` for the screen, and never raises.
"""

from __future__ import annotations

from companion.rules.events import Event
from companion.session.session import GameSession


def _next_step(s: GameSession) -> Event | None:
    st = s.state
    if st.game != "takkure":
        return None
    if st.half_time:
        return s.submit("second_half_started")
    if st.attacker is None:
        kicking = 0 if st.kicked_off_first is None else 1 - st.kicked_off_first
        return s.submit("kick_off", kicking=kicking)
    if st.step:
        return s.submit("activation_step")
    if st.activation_tokens == 0:
        return s.submit("activation_tokens_taken", team=st.attacker)
    return s.submit("activation_started", team=st.attacker,
                    player=f"{st.teams[st.attacker]} #{5 - st.activation_tokens}")


def _timer_toggle(s: GameSession) -> Event | None:
    cd, now = s.state.countdown, s.clock.now()
    if cd.running:
        return s.submit("countdown_paused")
    if cd.started and not cd.expired(now):
        return s.submit("countdown_resumed")
    return s.submit("countdown_started")


_ACTIONS = {
    "next_step": _next_step,
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
    "use_activation": lambda s: s.submit("activation_started", team=s.state.attacker, player="player"),
}


def perform(session: GameSession, action: str) -> Event | None:
    """Do ``action``; returns the event it produced, or None (refused or not applicable)."""
    fn = _ACTIONS.get(action)
    if fn is None:
        session.refusal = f"unknown action {action!r}"
        return None
    return fn(session)
