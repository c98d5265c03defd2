"""Takkure roll resolution, from the rulebook's own examples (their dice figures
are lost; the dice here give the outcomes the text names)."""

from hypothesis import given
from hypothesis import strategies as st

from companion.games.takkure.rules.dice import (CANCELLED, FAIL, NOT_ROLLED, TIE, WIN, Duel, Roll, best_die,
                                          face_to_face, melee, multiple_face_to_face)


def test_face_to_face_examples_both_str_7():
    assert face_to_face([Roll("a", 9, 7), Roll("b", 10, 7)]).outcomes == {"a": FAIL, "b": FAIL}      # all fail
    assert face_to_face([Roll("a", 5, 7), Roll("b", 9, 7)]).outcomes == {"a": WIN, "b": FAIL}       # one succeeds
    assert face_to_face([Roll("a", 6, 7), Roll("b", 3, 7)]).outcomes == {"a": WIN, "b": CANCELLED}  # several
    tie = face_to_face([Roll("a", 5, 7), Roll("b", 5, 7)])                                          # tie
    assert tie.winner is None and tie.outcomes == {"a": TIE, "b": TIE}


def test_criticals_beat_everything_and_several_criticals_tie():
    assert face_to_face([Roll("a", 1, 3), Roll("b", 7, 7)]).outcomes == {"a": WIN, "b": CANCELLED}
    assert face_to_face([Roll("a", 1, 3), Roll("b", 1, 9), Roll("c", 8, 9)]).outcomes == \
        {"a": TIE, "b": TIE, "c": CANCELLED}


def test_a_fumble_fails_whatever_the_characteristic():
    assert face_to_face([Roll("a", 12, 15), Roll("b", 11, 7)]).outcomes == {"a": FAIL, "b": FAIL}


def test_multiple_face_to_face_example_1():
    # Two players (STR 7) try to TACKLE a player who DODGEs (REF 7); the active player faces the
    # first defender (SUCCESS, CANCELLED); the second rolls unopposed and fails: no effect.
    r = multiple_face_to_face([
        Duel("d1", Roll("d1", 3, 7), Roll("active", 5, 7), grounds_active=True),
        Duel("d2", Roll("d2", 9, 7), None, grounds_active=True)], "dodge")
    assert [c.outcomes for _, c in r.duels] == [{"active": WIN, "d1": CANCELLED}, {"d2": FAIL}]
    assert r.active_grounded_by is None and r.active_successes == 1


def test_multiple_face_to_face_example_2_the_second_defender_tackles():
    r = multiple_face_to_face([
        Duel("d1", Roll("d1", 3, 7), Roll("active", 5, 7), grounds_active=True),
        Duel("d2", Roll("d2", 4, 7), None, grounds_active=True)], "dodge")
    assert r.active_grounded_by == "d2"


def test_no_more_rolls_once_the_active_player_is_grounded():
    r = multiple_face_to_face([
        Duel("d1", Roll("d1", 6, 7), Roll("active", 9, 7), grounds_active=True),
        Duel("d2", Roll("d2", 2, 7), Roll("active", 2, 7), grounds_active=True)])
    assert r.active_grounded_by == "d1" and r.duels[1][1].outcomes == {"d2": NOT_ROLLED}


def test_after_a_successful_pass_the_other_defenders_roll_unopposed():
    r = multiple_face_to_face([
        Duel("d1", Roll("d1", 2, 7), Roll("active", 6, 8)),
        Duel("d2", Roll("d2", 8, 7), Roll("active", 3, 8))], "pass")
    assert r.duels[1][1].outcomes == {"d2": FAIL}       # unopposed, though the active had a die for it


def test_multiple_dice_example_side_step():
    # Two dice, one per defender: success against the first (cancelled), fail against the second,
    # who succeeds: a grounded token from the TACKLE.
    r = multiple_face_to_face([
        Duel("d1", Roll("d1", 4, 7), Roll("active", 6, 7), grounds_active=True),
        Duel("d2", Roll("d2", 5, 7), Roll("active", 10, 7), grounds_active=True)], "dodge")
    assert [c.outcomes for _, c in r.duels] == [{"active": WIN, "d1": CANCELLED}, {"active": FAIL, "d2": WIN}]
    assert r.active_grounded_by == "d2"


def test_melee_example_four_players_pick_up_a_loose_ball():
    # attacker and three defenders, all CdB 7: successes 3 (attacker), 6 and 7; the 7 wins
    r = melee([Roll("attacker", 3, 7), Roll("d1", 6, 7), Roll("d2", 7, 7), Roll("d3", 10, 7)])
    assert r.winner == "d2" and r.outcomes == {"attacker": CANCELLED, "d1": CANCELLED, "d2": WIN, "d3": FAIL}


def test_a_melee_tie_for_best_is_rolled_again_between_the_tied():
    r = melee([Roll("a", 6, 7), Roll("b", 6, 7), Roll("c", 2, 7)])
    assert r.winner is None and set(r.reroll) == {"a", "b"}
    assert face_to_face([Roll("a", 4, 7), Roll("b", 2, 7)]).winner == "a"


def test_several_dice_keep_the_best():
    assert best_die([9, 4, 6], 7) == 6 and best_die([12, 1, 5], 7) == 1 and best_die([12, 9], 7) == 9


rolls = st.lists(st.tuples(st.integers(1, 12), st.integers(0, 14)), min_size=1, max_size=6)


@given(rolls)
def test_at_most_one_winner_and_it_succeeded(dice):
    contest = face_to_face([Roll(f"p{i}", d, t) for i, (d, t) in enumerate(dice)])
    winners = [w for w, o in contest.outcomes.items() if o == WIN]
    assert len(winners) <= 1 and (contest.winner is None) == (not winners)
    if contest.winner:
        i = int(contest.winner[1:])
        assert dice[i][0] == 1 or dice[i][0] <= dice[i][1] and dice[i][0] != 12


@given(rolls)
def test_a_fumble_never_wins(dice):
    contest = face_to_face([Roll(f"p{i}", d, t) for i, (d, t) in enumerate(dice)])
    for i, (d, _) in enumerate(dice):
        if d == 12:
            assert contest.outcomes[f"p{i}"] == FAIL


@given(rolls)
def test_the_melee_winner_rolled_the_best_success(dice):
    r = melee([Roll(f"p{i}", d, t) for i, (d, t) in enumerate(dice)])
    if r.winner and dice[int(r.winner[1:])][0] != 1:
        good = [d for d, t in dice if d != 12 and d <= t]
        assert dice[int(r.winner[1:])][0] == max(good) and 1 not in [d for d, _ in dice]
