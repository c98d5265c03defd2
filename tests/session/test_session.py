from companion.rules.table import replay
from companion.session.actions import perform
from companion.session.chance import Chance
from companion.session.journal import Journal
from companion.session.session import GameSession


def test_an_event_is_journaled_before_listeners_see_it(takkure, journal):
    seen = []
    takkure.listeners.append(lambda e, s: seen.append(len(journal.events(takkure.game_id))))
    ev = takkure.submit("kick_off", kicking=1)
    assert seen == [ev.seq]


def test_a_refused_event_changes_nothing_and_says_why(takkure, journal):
    before = takkure.state
    assert takkure.submit("activation_started", team=0, player="Ronin") is None
    assert takkure.state == before
    assert "not the attacking team" in takkure.refusal
    assert [e.kind for e in journal.events(takkure.game_id)] == ["game_started"]


def test_undo_from_a_button_takes_back_the_last_action(takkure):
    takkure.submit("kick_off", kicking=1)
    takkure.submit("try_scored", team=0)
    perform(takkure, "roll_d12")
    perform(takkure, "undo")
    assert takkure.state.score == (0, 0) and takkure.state.last_roll is not None
    perform(takkure, "undo")
    assert takkure.state.g.attacker is None
    assert perform(takkure, "undo") is None and takkure.refusal == "nothing to undo"


def test_resume_after_reopening_gives_the_same_state(tmp_path, clock):
    path = tmp_path / "j.sqlite"
    j = Journal(path)
    s, resumed = GameSession.start(j, Chance(seed=1), clock, "takkure", teams=["A", "B"])
    assert not resumed
    s.toss("A", "heads")
    s.submit("kick_off", kicking=0)
    s.submit("activation_tokens_taken", team=1)
    s.roll(12, 1, label="Pass", base=7, modifiers=[[2, "2-4 in"]])
    s.undo()
    before = s.state
    j.close()
    j2 = Journal(path)
    s2, resumed = GameSession.start(j2, Chance(seed=1), clock, "takkure")
    assert resumed and s2.state == before
    j2.close()


def _play(session):
    session.toss("Yamato", "heads")
    for _ in range(5):
        session.roll(12, 1)
    session.roll(6, 3)
    return [(e.kind, e.get("values"), e.get("result")) for e in session.events]


def test_the_same_seed_gives_the_same_rolls(tmp_path, clock):
    a, _ = GameSession.start(Journal(tmp_path / "a"), Chance(seed=9), clock, "takkure")
    b, _ = GameSession.start(Journal(tmp_path / "b"), Chance(seed=9), clock, "takkure")
    c, _ = GameSession.start(Journal(tmp_path / "c"), Chance(seed=10), clock, "takkure")
    assert _play(a) == _play(b) != _play(c)


def test_a_resumed_seeded_game_draws_what_an_unbroken_one_draws(tmp_path, clock):
    unbroken, _ = GameSession.start(Journal(tmp_path / "u"), Chance(seed=3), clock, "takkure")
    expected = _play(unbroken)
    path = tmp_path / "r"
    first, _ = GameSession.start(Journal(path), Chance(seed=3), clock, "takkure")
    first.toss("Yamato", "heads")
    first.roll(12, 1)
    first.roll(12, 1)
    first.journal.close()
    again, resumed = GameSession.start(Journal(path), Chance(seed=3), clock, "takkure")
    for _ in range(3):
        again.roll(12, 1)
    again.roll(6, 3)
    assert resumed
    assert [(e.kind, e.get("values"), e.get("result")) for e in again.events] == expected


def test_every_roll_is_journaled_with_its_inputs_and_replays_without_new_draws(takkure):
    ev = takkure.roll(12, 2, label="Tackle")
    assert {k: ev.data[k] for k in ("sides", "count", "index", "source")} == \
        {"sides": 12, "count": 2, "index": 0, "source": "seed:42"}
    assert replay(takkure.events).last_roll.values == tuple(ev.data["values"])


def test_unseeded_chance_uses_secrets():
    assert Chance().source == "secrets"
    rolls = {tuple(Chance().dice(12, 3, 0)) for _ in range(20)}
    assert len(rolls) > 1 and all(1 <= v <= 12 for r in rolls for v in r)


def test_a_takkure_check_is_rolled_journaled_and_explained(takkure):
    from dataclasses import replace as dc_replace

    from companion.games.takkure.rules.actions import pass_check
    from companion.games.takkure.rules.players import YOKOZUNA, PlayerState
    card = dc_replace(YOKOZUNA, positions=("Precise Pass",), position_skill="Precise Pass",
                      chars=dc_replace(YOKOZUNA.chars, bac=7))
    check = pass_check(PlayerState(card), 3.1, pressure=1)
    ev = takkure.roll_check(check, player="Yokozuna")
    assert ev.data["count"] == 2 and ev.data["base"] == 7
    values = ev.data["values"]
    from companion.games.takkure.rules.dice import best_die
    kept = best_die(values, 8)
    assert takkure.state.last_roll.line == f"{check.explain(kept)} (best of {', '.join(map(str, values))})"
    assert replay(takkure.events).last_roll == takkure.state.last_roll


def test_a_cancelled_check_is_not_rolled(takkure):
    from companion.games.takkure.rules.actions import pass_check
    from companion.games.takkure.rules.players import YOKOZUNA, PlayerState
    assert takkure.roll_check(pass_check(PlayerState(YOKOZUNA), 9.0, from_ground=True)) is None
    assert "8 in at most" in takkure.refusal and takkure.state.last_roll is None
