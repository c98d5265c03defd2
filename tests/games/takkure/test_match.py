"""The Takkure match through its events: declarations in their steps, each action's
effects as the rulebook words them, team skills, plays, halftime and possession."""

from dataclasses import replace

import pytest

from companion.rules.events import Event as E
from companion.rules.events import IllegalMove
from companion.rules.table import apply, replay, undo_target
from companion.games.takkure.rules.match import Pending
from companion.games.takkure.rules.roster import example_rosters

ROSTERS = example_rosters()
START = E("game_started", {"game": "takkure", "rosters": ROSTERS, "rulings": {}})
# Yamato (0): Yokozuna, Ronin, Kunoichi, Samurai; Teriomorph (1): Silverback, Jaguar, Viper, Rhino


def roll(player, action, dice, target="", base=7, mods=(), contest=None, **more):
    return {"player": player, "action": action, "target": target, "label": action, "base": base,
            "modifiers": [list(m) for m in mods], "dice": list(dice), **more}


def resolved(*rows, contest="unopposed"):
    return E("roll_resolved", {"contest": contest, "rolls": list(rows)})


def declare(player, action, target=""):
    return E("action_declared", {"player": player, "action": action, "target": target})


STEP = E("activation_step")


def yamato_carrying(active="Yokozuna", carrier="Yokozuna"):
    """Yamato attack, ``carrier`` has the ball (caught at the kick-off), ``active`` activated."""
    return replay([START, E("kick_off", {"kicking": 1}),
                   resolved(roll("Silverback", "kick", [3])),
                   resolved(roll(carrier, "catch", [2])),
                   E("activation_tokens_taken", {"team": 0}),
                   E("activation_started", {"team": 0, "player": active})])


def at_step(s, n):
    while s.g.step < n:
        s = apply(s, STEP)
    return s


# --- setting up -------------------------------------------------------------------

def test_rosters_line_up_both_teams_and_name_them():
    s = replay([START])
    assert s.teams == ("Yamato", "Teriomorph")
    assert [p.name for p in s.g.match.players if p.team == 1] == ["Silverback", "Jaguar", "Viper", "Rhino"]


def test_a_broken_roster_is_refused_with_its_reason():
    bad = [dict(ROSTERS[0], players=[{"name": "X"}]), ROSTERS[1]]
    with pytest.raises(IllegalMove, match="base_mm"):
        apply(replay([]), E("game_started", {"rosters": bad}))


def test_the_kick_off_catch_gives_the_ball():
    s = yamato_carrying()
    assert s.g.match.carrier == "Yokozuna" and s.g.attacker == 0


def test_a_kicking_team_catch_turns_possession_at_once():
    s = replay([START, E("kick_off", {"kicking": 1}), resolved(roll("Silverback", "kick", [3])),
                resolved(roll("Jaguar", "catch", [2]))])
    assert s.g.attacker == 1


def test_a_failed_kick_must_scatter():
    s = replay([START, E("kick_off", {"kicking": 1}), resolved(roll("Silverback", "kick", [11]))])
    assert s.g.match.pending == (Pending("scatter", "ball"),)
    s = apply(s, E("ball_scattered", {"player": "ball", "die": 4}))
    assert s.g.match.pending == () and s.g.match.ball == "loose"


# --- declaring in the right step --------------------------------------------------------

def test_first_action_is_move_stand_up_or_pass_from_the_ground():
    s = yamato_carrying()
    with pytest.raises(IllegalMove, match="not a 1st action"):
        apply(s, declare("Yokozuna", "pass", "Ronin"))
    with pytest.raises(IllegalMove, match="only the active player"):
        apply(s, declare("Ronin", "move"))
    assert apply(s, declare("Yokozuna", "move")).g.match.declared[0].action == "move"


def test_only_defenders_declare_in_the_defense_step():
    s = at_step(apply(yamato_carrying(), declare("Yokozuna", "move")), 2)
    with pytest.raises(IllegalMove, match="defending team"):
        apply(s, declare("Ronin", "pressure"))
    with pytest.raises(IllegalMove, match="not a defensive action"):
        apply(s, declare("Silverback", "pass", "Jaguar"))


def test_you_can_only_tackle_the_ball_carrier_and_not_on_the_ground():
    s = at_step(yamato_carrying(), 2)
    with pytest.raises(IllegalMove, match="only TACKLE the ball carrier"):
        apply(s, declare("Silverback", "tackle", "Ronin"))
    assert apply(s, declare("Silverback", "tackle", "Yokozuna")).g.match.tackles_on("Yokozuna")
    grounded = s.with_game(match=s.g.match.update("Yokozuna", lambda p: replace(p, grounded=True)))
    with pytest.raises(IllegalMove, match="on the ground"):
        apply(grounded, declare("Silverback", "tackle", "Yokozuna"))


def test_no_steal_from_an_active_player_who_is_standing():
    s = at_step(yamato_carrying(), 2)
    with pytest.raises(IllegalMove, match="not GROUNDED"):
        apply(s, declare("Jaguar", "steal"))
    assert apply(s, declare("Jaguar", "steal", "in the air"))      # an interception may be declared


def test_dodge_and_break_through_need_a_declared_tackle():
    s = at_step(yamato_carrying(), 4)
    with pytest.raises(IllegalMove, match="needs a defender who declared a TACKLE"):
        apply(s, declare("Yokozuna", "dodge"))
    s = at_step(apply(at_step(yamato_carrying(), 2), declare("Rhino", "tackle", "Yokozuna")), 4)
    assert apply(s, declare("Yokozuna", "break_through")).g.match.declared[-1].action == "break_through"


def test_only_the_carrier_breaks_through_passes_or_scores():
    s = at_step(apply(at_step(yamato_carrying("Ronin"), 2), declare("Rhino", "tackle", "Yokozuna")), 4)
    for action in ("break_through", "try"):
        with pytest.raises(IllegalMove):
            apply(s, declare("Ronin", action))
    with pytest.raises(IllegalMove, match="does not carry"):
        apply(s, declare("Ronin", "pass", "Yokozuna"))


def test_a_pass_goes_to_a_team_mate():
    s = at_step(yamato_carrying(), 4)
    with pytest.raises(IllegalMove, match="team-mate"):
        apply(s, declare("Yokozuna", "pass", "Jaguar"))


def test_a_grounded_carrier_cannot_stand_up_but_passes_from_the_ground_and_nothing_else():
    s = yamato_carrying()
    s = s.with_game(match=s.g.match.update("Yokozuna", lambda p: replace(p, grounded=True)))
    with pytest.raises(IllegalMove, match="PASS FROM THE GROUND"):
        apply(s, declare("Yokozuna", "stand_up"))
    s = apply(s, declare("Yokozuna", "pass_from_ground", "Ronin"))
    s = at_step(s, 4)
    with pytest.raises(IllegalMove, match="no 2nd action"):
        apply(s, declare("Yokozuna", "pass", "Ronin"))


def test_stand_up_and_rest_take_effect_at_once():
    s = yamato_carrying("Ronin")
    s = s.with_game(match=s.g.match.update("Ronin", lambda p: replace(p, grounded=True)))
    assert not apply(s, declare("Ronin", "stand_up")).g.match.get("Ronin").state.grounded
    s = at_step(apply(s, declare("Ronin", "stand_up")), 2)
    s = s.with_game(match=s.g.match.update("Rhino", lambda p: p.add_fatigue()))
    assert apply(s, declare("Rhino", "rest")).g.match.get("Rhino").state.fatigue == ("inactive",)


def test_two_fatigue_tokens_allow_one_mov_action():
    s = yamato_carrying()
    s = s.with_game(match=s.g.match.update("Yokozuna", lambda p: p.add_fatigue().add_fatigue()))
    s = at_step(apply(s, declare("Yokozuna", "move")), 4)
    with pytest.raises(IllegalMove, match="only one MOV action"):
        apply(s, declare("Yokozuna", "move"))


# --- effects ----------------------------------------------------------------------------

def pass_declared():
    return at_step(apply(at_step(apply(yamato_carrying(), declare("Yokozuna", "move")), 4),
                         declare("Yokozuna", "pass", "Ronin")), 5)


def test_a_successful_pass_reaches_the_receiver():
    s = apply(pass_declared(), resolved(roll("Yokozuna", "pass", [5], "Ronin")))
    assert s.g.match.carrier == "Ronin"
    crit = apply(pass_declared(), resolved(roll("Yokozuna", "pass", [1], "Ronin")))
    assert "may move 2 in" in crit.message


def test_a_missed_unopposed_pass_gives_a_reception_roll_and_a_missed_reception_a_scatter():
    s = apply(pass_declared(), resolved(roll("Yokozuna", "pass", [10], "Ronin")))
    assert s.g.match.pending == (Pending("reception", "Ronin"),)
    with pytest.raises(IllegalMove, match="roll first"):
        apply(s, STEP)
    caught = apply(s, resolved(roll("Ronin", "reception", [4])))
    assert caught.g.match.carrier == "Ronin" and caught.g.match.pending == ()
    dropped = apply(s, resolved(roll("Ronin", "reception", [11])))
    assert dropped.g.match.ball == "loose" and dropped.g.match.pending == (Pending("scatter", "Ronin"),)


def test_a_pass_beaten_face_to_face_is_not_performed():
    s = at_step(apply(at_step(apply(yamato_carrying(), declare("Yokozuna", "move")), 2),
                      declare("Rhino", "tackle", "Yokozuna")), 4)
    s = at_step(apply(s, declare("Yokozuna", "pass", "Ronin")), 5)
    s = apply(s, resolved(roll("Yokozuna", "pass", [9], "Ronin"), roll("Rhino", "tackle", [4], "Yokozuna"),
                          contest="face_to_face"))
    assert "not performed" in s.message and s.g.match.carrier == "Yokozuna"
    assert s.g.match.get("Yokozuna").state.grounded and s.g.match.get("Rhino").state.grounded
    assert s.g.match.pending == (Pending("endurance", "Yokozuna"),)


def tackled():
    s = at_step(apply(at_step(apply(yamato_carrying(), declare("Yokozuna", "move")), 2),
                      declare("Silverback", "tackle", "Yokozuna")), 5)
    return s


def test_tackle_results():
    ok = apply(tackled(), resolved(roll("Silverback", "tackle", [5], "Yokozuna")))
    assert ok.g.match.get("Yokozuna").state.grounded and ok.g.match.get("Silverback").state.grounded
    assert ok.g.match.pending == (Pending("endurance", "Yokozuna"),)
    crit = apply(tackled(), resolved(roll("Silverback", "tackle", [1], "Yokozuna")))
    assert crit.g.match.get("Yokozuna").state.wounds == 1 and crit.g.match.pending == ()
    failed = apply(tackled(), resolved(roll("Silverback", "tackle", [10], "Yokozuna")))
    assert failed.g.match.pending == (Pending("failed_tackle", "Silverback"),)
    down = apply(failed, resolved(roll("Silverback", "failed_tackle", [11], base=4)))
    assert down.g.match.get("Silverback").state.grounded
    assert down.g.match.pending == (Pending("endurance", "Silverback"),)
    up = apply(failed, resolved(roll("Silverback", "failed_tackle", [2], base=4)))
    assert not up.g.match.get("Silverback").state.grounded and up.g.match.pending == ()


def test_a_tackle_without_contact_counts_as_failed_without_dice():
    s = apply(tackled(), resolved({"player": "Silverback", "action": "tackle", "target": "Yokozuna",
                                   "label": "Tackle", "result": "fail", "why": "no contact"}))
    assert s.g.match.pending == (Pending("failed_tackle", "Silverback"),)


def test_a_cancelled_tackle_is_not_performed_and_not_grounded():
    s = tackled()
    s = s.with_game(match=replace(s.g.match, declared=s.g.match.declared + (
        s.g.match.declared[0].__class__("Yokozuna", "dodge"),)))
    s = apply(s, resolved(roll("Yokozuna", "dodge", [6], base=6), roll("Silverback", "tackle", [3], "Yokozuna"),
                          contest="face_to_face"))
    assert "dodges: move 2 in" in s.message and "cancelled" in s.message
    assert not s.g.match.get("Silverback").state.grounded and s.g.match.pending == ()


def test_break_through_grounds_the_tackler():
    s = apply(tackled(), resolved(roll("Yokozuna", "break_through", [6], "Silverback", base=8),
                                  roll("Silverback", "tackle", [11], "Yokozuna", base=9), contest="face_to_face"))
    assert s.g.match.get("Silverback").state.grounded and not s.g.match.get("Yokozuna").state.grounded
    assert s.g.match.pending == (Pending("endurance", "Silverback"),)   # no REF roll: it is down already
    crit = apply(tackled(), resolved(roll("Yokozuna", "break_through", [1], "Silverback", base=8)))
    assert crit.g.match.get("Silverback").state.wounds == 1


def test_endurance_failure_wounds_and_bdy_wounds_injure_and_drop_the_ball():
    s = apply(tackled(), resolved(roll("Silverback", "tackle", [5], "Yokozuna")))
    s = s.with_game(match=s.g.match.update("Yokozuna", lambda p: replace(p, wounds=3)))      # BDY 4
    s = apply(s, resolved(roll("Yokozuna", "endurance", [11], base=6)))
    y = s.g.match.get("Yokozuna").state
    assert y.injured and y.wounds == 0 and s.g.match.carrier is None and s.g.match.ball == "loose"
    # L2377: "If the player carrying the ball is injured, place the scatter template centered
    # on it, then roll to place the ball."
    assert s.g.match.pending == (Pending("scatter", "Yokozuna"), Pending("injury", "Yokozuna"))
    s = apply(s, E("ball_scattered", {"player": "Yokozuna", "die": 4}))
    s = apply(s, E("injury_rolled", {"player": "Yokozuna", "dice": [12, 1, 12, 5]}))   # nested grave injury
    assert "Broken leg" in s.message and s.g.match.pending == ()
    assert s.g.match.get("Yokozuna").state.base("REF") == 5 - 3


def test_an_injury_needing_another_die_is_refused():
    s = apply(tackled(), resolved(roll("Silverback", "tackle", [1], "Yokozuna")))
    s = s.with_game(match=s.g.match.update("Yokozuna", lambda p: p.injure("test")))
    with pytest.raises(IllegalMove, match="another die"):
        apply(s, E("injury_rolled", {"player": "Yokozuna", "dice": [12]}))


def test_the_third_activation_token_in_a_time_phase_gives_fatigue():
    s = yamato_carrying()
    for _ in range(2):
        s = apply(at_step(s, 6), STEP)
        s = apply(s, E("activation_started", {"team": 0, "player": "Yokozuna"}))
    assert s.g.match.get("Yokozuna").activations == 3
    assert s.g.match.get("Yokozuna").state.fatigue == ("active",)


def test_steal_changes_possession_at_the_end_of_the_activation():
    s = apply(tackled(), resolved(roll("Silverback", "tackle", [5], "Yokozuna")))
    s = apply(s, resolved(roll("Yokozuna", "endurance", [2], base=6)))
    s = apply(at_step(s, 6), STEP)
    s = apply(s, E("activation_started", {"team": 0, "player": "Ronin"}))
    s = at_step(s, 2)
    s = apply(s, declare("Jaguar", "steal"))
    s = at_step(s, 5)
    s = apply(s, resolved(roll("Jaguar", "steal", [4])))
    assert s.g.match.carrier == "Jaguar" and s.g.attacker == 0           # not yet
    s = apply(at_step(s, 6), STEP)
    assert s.g.attacker == 1 and s.g.activation_tokens == 0


def test_score_a_try_scores_and_calls_a_kick_off_decided_by_the_other_coach():
    s = at_step(apply(at_step(apply(yamato_carrying(), declare("Yokozuna", "move")), 4),
                      declare("Yokozuna", "try")), 5)
    scored = apply(s, resolved(roll("Yokozuna", "try", [3])))
    assert scored.score == (1, 0) and "TRY! Yamato score" in scored.message
    assert scored.g.match.pending == (Pending("kick_off", "1"),)
    ended = apply(at_step(scored, 6), STEP)
    assert ended.g.attacker is None and "Teriomorph decide who kicks" in ended.message
    failed = apply(s, resolved(roll("Yokozuna", "try", [12])))
    assert failed.score == (0, 0) and failed.g.match.pending == (Pending("kick_off", "1"),)


def test_a_melee_tie_is_rolled_again_face_to_face():
    s = at_step(apply(at_step(apply(yamato_carrying(), declare("Yokozuna", "move")), 2),
                      declare("Rhino", "tackle", "Yokozuna")), 3)
    s = at_step(s, 5)
    rolls3 = [roll("Yokozuna", "try", [6]), roll("Rhino", "tackle", [6], "Yokozuna"),
              roll("Silverback", "tackle", [2], "Yokozuna")]
    s = apply(s, resolved(*rolls3, contest="melee"))
    assert {p.player for p in s.g.match.pending if p.kind == "reroll"} == {"Yokozuna", "Rhino"}
    assert s.score == (0, 0) and "roll again" in s.message
    s = apply(s, resolved(roll("Yokozuna", "try", [6]), roll("Rhino", "tackle", [4], "Yokozuna"),
                          contest="face_to_face"))
    assert s.score == (1, 0) and not any(p.kind == "reroll" for p in s.g.match.pending)


# --- team skills and plays -------------------------------------------------------------

def test_superstars_tokens_for_tackles_and_what_they_buy():
    s = apply(tackled(), resolved(roll("Silverback", "tackle", [5], "Yokozuna")))
    assert s.g.match.superstars == (0, 1)
    spent = apply(s, E("team_skill_used", {"team": 1, "effect": "+1"}))
    assert spent.g.match.superstars == (0, 0)
    with pytest.raises(IllegalMove, match="costs 3"):
        apply(s, E("team_skill_used", {"team": 1, "effect": "reroll"}))


def test_unwavering_honor_tokens_come_with_wounds():
    s = apply(tackled(), resolved(roll("Silverback", "tackle", [1], "Yokozuna")))     # critical: a wound
    y = s.g.match.get("Yokozuna")
    assert y.honor == 1 and y.state.grounded
    with pytest.raises(IllegalMove, match="cannot remove a GROUNDED"):             # it has the ball
        apply(s, E("team_skill_used", {"team": 0, "effect": "stand up", "player": "Yokozuna"}))
    s = s.with_game(match=s.g.match.update("Yokozuna", lambda p: p.add_fatigue()))
    s = apply(s, E("team_skill_used", {"team": 0, "effect": "flip fatigue", "player": "Yokozuna"}))
    assert s.g.match.get("Yokozuna").state.fatigue == ("inactive",) and s.g.match.get("Yokozuna").honor == 0


def test_a_team_play_is_set_aside_until_the_next_kick_off():
    s = yamato_carrying()
    s = apply(s, E("play_used", {"team": 0, "card": "Wall pass", "kind": "team"}))
    with pytest.raises(IllegalMove, match="next kick-off"):
        apply(s, E("play_used", {"team": 0, "card": "Wall pass", "kind": "team"}))
    s = s.with_game(step=0, active_player=None)
    assert apply(s, E("kick_off", {"kicking": 0})).g.match.team_plays_used == ((), ())


def test_a_team_play_needs_the_active_carrier():
    with pytest.raises(IllegalMove, match="carry the ball"):
        apply(yamato_carrying("Ronin"), E("play_used", {"team": 0, "card": "Wall pass", "kind": "team"}))


# --- halves and the clock ------------------------------------------------------------------

def test_halftime_removes_a_fatigue_token_from_every_player():
    s = replay([START])
    s = s.with_game(half_time=True, match=s.g.match.update("Ronin", lambda p: p.add_fatigue().add_fatigue().rest()))
    assert s.g.match.get("Ronin").state.fatigue == ("active", "inactive")
    s = apply(s, E("second_half_started"))
    assert s.g.match.get("Ronin").state.fatigue == ("inactive",)


def test_the_second_half_is_kicked_off_by_the_other_team():
    s = replay([START, E("kick_off", {"kicking": 1})]).with_game(half_time=True, attacker=None)
    s = apply(s, E("second_half_started"))
    with pytest.raises(IllegalMove, match="did not kick off the first"):
        apply(s, E("kick_off", {"kicking": 1}))
    assert apply(s, E("kick_off", {"kicking": 0})).g.attacker == 1


def test_kicking_the_ball_out_only_on_slot_1_when_behind():
    s = yamato_carrying()
    s = s.with_game(step=0, active_player=None)
    with pytest.raises(IllegalMove, match="slot 1"):
        apply(s, E("ball_kicked_out", {"team": 0}))
    s = replace(s.with_game(dashboard=replace(s.g.dashboard, slot=1)), score=(0, 1))
    assert apply(s, E("ball_kicked_out", {"team": 0})).g.half_time


# --- dice are facts ------------------------------------------------------------------------

def test_undo_does_not_reach_past_a_roll():
    events = [START, E("kick_off", {"kicking": 1}), resolved(roll("Silverback", "kick", [3]))]
    assert undo_target(events) is None
    assert replay(events + [E("undo")]).g.match.ball == "loose"


def test_an_event_that_no_longer_fits_is_skipped_on_replay_with_a_message():
    s = replay([START, E("try_scored", {"team": 0}), E("activation_step", seq=3)])
    assert s.score == (1, 0) and "skipped 1 journal event" in s.message


# --- bad input ---------------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 15) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                max_size=3), max_leaves=8)
KINDS = ("action_declared", "roll_resolved", "injury_rolled", "ball_scattered", "team_skill_used", "play_used",
         "activation_skipped", "ball_kicked_out")
FIELDS = ("player", "action", "target", "contest", "rolls", "dice", "die", "team", "effect", "card", "kind")


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(KINDS), data=st.dictionaries(st.sampled_from(FIELDS), junk, max_size=5))
def test_malformed_match_events_are_refused_never_crash(kind, data):
    s = yamato_carrying()
    try:
        apply(s, E(kind, data))
    except IllegalMove:
        pass


def test_malformed_rolls_say_what_is_wrong():
    s = tackled()
    with pytest.raises(IllegalMove, match="not D12 results"):
        apply(s, resolved(roll("Silverback", "tackle", [13], "Yokozuna")))
    with pytest.raises(IllegalMove, match="no player called"):
        apply(s, resolved(roll("Nobody", "tackle", [3], "Yokozuna")))
    with pytest.raises(IllegalMove, match="has no roll"):
        apply(s, resolved(roll("Silverback", "pressure", [3])))
