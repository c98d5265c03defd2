from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.takkure.rules.players import (COMMON, GRAVE, YOKOZUNA, Characteristics, PlayerState,
                                             resolve_injury)


def fresh():
    return PlayerState(YOKOZUNA)


def test_fatigue_effects_are_cumulative():
    p = fresh().add_fatigue()
    assert not p.has_position_skills and p.mov_actions_allowed == 2 and p.effective("STR") == 8
    p = p.add_fatigue()
    assert p.mov_actions_allowed == 1 and p.effective("STR") == 8
    p = p.add_fatigue()
    assert [p.effective(c) for c in ("STR", "BaC", "REF", "INT", "PRT")] == [7, 5, 4, 4, 2]


def test_rest_flips_then_removes_and_inactive_tokens_have_no_effect():
    p = fresh().add_fatigue().add_fatigue().add_fatigue().rest()
    assert p.fatigue == ("active", "active", "inactive") and p.effective("STR") == 8
    assert p.rest().fatigue == ("active", "active")                  # rest twice to remove one
    assert p.add_fatigue().fatigue == ("active", "active", "active")  # a new token flips the inactive one


def test_the_fourth_fatigue_token_injures():
    p = fresh().add_fatigue().add_fatigue().add_fatigue().add_fatigue()
    assert p.injured and p.fatigue == () and "max fatigue" in p.notes


def test_endurance_and_wounds_up_to_bdy():
    p = fresh()
    assert p.endurance == 4 + 2
    p = p.add_wound().add_wound().add_wound()
    assert not p.injured and p.wounds == 3
    assert p.add_wound().injured


def test_try_counts_every_fatigue_token():
    p = fresh().add_fatigue().add_fatigue().rest()
    assert p.try_modifier() == -2


def test_a_nested_grave_injury():
    # common 12 -> grave 1 (fatigue, roll common again) -> common 12 -> grave 5 (broken leg)
    injuries = resolve_injury([12, 1, 12, 5])
    assert [i.name for i in injuries] == ["Grave injury", "It's not as bad as it looks", "Grave injury",
                                          "Broken leg"]
    p = fresh().injure("wounds").apply_injuries(injuries)
    assert p.fatigue == ("active",) and p.effective("REF") == 2 and p.base("MOV") == 1 and p.base("MOVD") == 1
    with pytest.raises(ValueError, match="another die"):
        resolve_injury([12, 1])


def test_a_fractured_rib_is_a_permanent_fatigue_token():
    p = fresh().apply_injuries(resolve_injury([8]))
    assert p.fatigue == ("permanent",) and not p.has_position_skills
    assert p.rest().fatigue == ("permanent",)


def test_a_characteristic_at_zero_removes_the_player():
    weak = replace(YOKOZUNA, chars=Characteristics(4, 2, 2, 3, 3, 3, 3, 1, 3))
    p = PlayerState(weak).apply_injuries(resolve_injury([10]))     # -2 BaC, -2 STR
    assert p.removed and "a characteristic reached 0" in p.notes
    assert PlayerState(YOKOZUNA).apply_injuries(resolve_injury([12, 12])).removed   # severely injured


def test_every_table_entry_exists():
    assert sorted(COMMON) == list(range(1, 13)) and sorted(GRAVE) == list(range(1, 13))


@given(st.lists(st.sampled_from(["fatigue", "rest", "wound"]), max_size=30))
def test_fatigue_never_exceeds_four(ops):
    p = fresh()
    for op in ops:
        if p.injured:
            break
        p = {"fatigue": p.add_fatigue, "rest": p.rest, "wound": p.add_wound}[op]()
        assert len(p.fatigue) <= 4 and p.fatigue_level <= 3 or p.injured
