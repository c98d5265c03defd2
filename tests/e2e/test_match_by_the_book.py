"""Simulated Takkure matches, watched by a referee: every roll the bots' step 5 makes is
accepted by the rules, the ball is never taken from a standing active carrier (L1713), and
no steal resolves without contact (L1715-1719)."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.takkure.rules.adjudicate import CONTACT_IN
from companion.games.takkure.rules.geometry import TOKEN_R, Base, distance, intercepts
from companion.games.takkure.sim_match import SimMatch, match_setup
from companion.session.chance import Chance
from companion.session.clock import FakeClock
from companion.session.journal import Journal
from companion.session.session import GameSession


class Referee:
    """Watches a SimMatch's events and notes every breach of the rules it checks."""

    def __init__(self, session: GameSession, sim: SimMatch):
        self.sim, self.session = sim, session
        self.refused: list[str] = []
        self.breaches: list[str] = []
        self.before = session.state
        submit = session.submit

        def watched(kind, **data):
            before = session.state
            event = submit(kind, **data)
            if event is None:
                self.refused.append(f"{kind}: {session.refusal}")
            elif kind == "roll_resolved":
                self.check(before, session.state, data)
            return event
        session.submit = watched

    def check(self, before, after, data) -> None:
        m0, m1 = before.g.match, after.g.match
        for row in data["rolls"]:
            if row.get("action") != "steal" or row.get("result"):
                continue                                   # only steals that were rolled
            who, kind = row["player"], row.get("target", "")
            me = self.sim.pos[who]
            if kind == "loose":
                ball = Base(*self.sim.ball_xy, TOKEN_R)
                ok = distance(me, ball) <= CONTACT_IN
            elif kind == "grounded carrier":
                ok = m0.carrier is not None and m0.get(m0.carrier).state.grounded and \
                    distance(me, self.sim.pos[m0.carrier]) <= CONTACT_IN
            else:
                passer = m0.carrier
                receiver = next((d.target for d in m0.declared if d.player == passer and "pass" in d.action), None)
                ok = passer is not None and receiver is not None and \
                    intercepts(me, self.sim.pos[passer], self.sim.pos[receiver])
            if not ok:
                self.breaches.append(f"{who}'s {kind or 'undeclared'} steal rolled without contact")
        taken = m1.carrier is not None and m1.carrier != m0.carrier and m0.carrier is not None \
            and m1.team_of(m1.carrier) != m0.team_of(m0.carrier)
        if taken and m0.carrier == before.g.active_player and not m0.get(m0.carrier).state.grounded:
            passing = any(d.player == m0.carrier and "pass" in d.action for d in m0.declared)
            if not passing:
                self.breaches.append(f"the ball was taken from {m0.carrier}, standing and active")


def referee_match(seed: int) -> Referee:
    session, _ = GameSession.start(Journal(":memory:"), Chance(seed), FakeClock(1000.0), "takkure",
                                   **match_setup())
    sim = SimMatch(session, seed)
    ref = Referee(session, sim)
    sim.play()
    assert session.state.g.match_over
    return ref


def test_two_hundred_simulated_matches_make_no_refused_roll():
    refused = {seed: r.refused for seed in range(200) if (r := referee_match(seed)).refused}
    assert refused == {}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(200, 100_000))
def test_no_steal_without_contact_and_never_from_a_standing_active_carrier(seed):
    ref = referee_match(seed)
    assert ref.breaches == [] and ref.refused == []
