from hypothesis import given
from hypothesis import strategies as st

from companion.games.takkure.rules import rolls


def test_rulebook_example_of_modifiers():
    # "The active player wants to throw a 3" pass but is being pressured":
    # BaC 7, pass at 3" +2, pressure -1: total 7+2-1=8.
    mods = [(2, "2-4 in"), (-1, "pressure")]
    assert rolls.modified(7, mods) == 8
    assert rolls.explain("Pass", 7, mods, 6) == "Pass: 7 +2 (2-4 in) -1 (pressure) = 8 - rolled 6: success"
    assert rolls.explain("Pass", 7, mods, 9).endswith("rolled 9: fail")


def test_unopposed_rulebook_example_str_7():
    # "If it is equal or lower, it is a successful roll. If it's higher, it's a fail."
    assert rolls.unopposed(7, 7) == "success"
    assert rolls.unopposed(8, 7) == "fail"


def test_critical_and_fumble():
    assert rolls.unopposed(1, 0) == "critical"  # a 1 succeeds even against nothing
    assert rolls.unopposed(12, 20) == "fumble"  # "A 12 on a die is always a miss"


@given(st.integers(-5, 30))
def test_a_fumble_never_succeeds(target):
    assert rolls.unopposed(12, target) not in ("success", "critical")


@given(st.integers(1, 12), st.integers(-5, 30))
def test_outcome_is_monotonic_in_the_target(die, target):
    good = ("success", "critical")
    if rolls.unopposed(die, target) in good:
        assert rolls.unopposed(die, target + 1) in good


def test_a_die_outside_1_to_12_is_refused():
    import pytest
    with pytest.raises(ValueError):
        rolls.unopposed(13, 7)
