"""Both duels played from the first button to a winner through the session, as a table
would play them, then replayed from the journal to the same state."""

from __future__ import annotations

from companion.rules.table import replay
from companion.session.actions import perform
from companion.session.chance import Chance
from companion.session.journal import Journal
from companion.session.session import GameSession


def test_knockdown_from_the_buttons_to_a_winner(journal, clock):
    s, _ = GameSession.start(journal, Chance(seed=2), clock, "knockdown", fighters=["Ava", "Bo"])
    for _ in range(2):                                   # two rounds: Bo knocked out twice
        for action in ("heavy_right", "heavy_right", "light_right"):
            assert perform(s, action) is not None
        assert perform(s, "test_start") is not None and s.state.countdown.running
        clock.advance(11.0)
        assert perform(s, "tower_stands") is None and "time is up" in s.refusal
        assert perform(s, "tower_fell") is not None
    assert s.state.g.winner == 0 and "match" in s.state.message
    assert replay(s.events) == s.state
    again = Journal(journal.path, writer=False)
    try:
        assert replay(again.events(s.game_id)) == s.state            # from the disk, after a power cut
    finally:
        again.close()


def test_tekken_from_the_buttons_to_a_winner(journal, clock):
    s, _ = GameSession.start(journal, Chance(seed=2), clock, "tekken", fighters=["Kazuya", "Jin"], max_hp=8)
    for _ in range(3):
        for _ in range(8):
            assert perform(s, "hp_damage_right") is not None
    assert s.state.g.winner == 0 and "wins the game" in s.state.message
    assert perform(s, "hp_damage_left") is None and "game is over" in s.refusal
    assert replay(s.events) == s.state
