"""Knockdown by the rulebook: the blocking calculator, the Knockdown test on the timer and
its dice variant, rounds to two wins, the deck-out and its rulings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import IllegalMove
from companion.games.knockdown.rules.damage import Damage, Pool, block, half_of
from companion.rules.events import Event
from companion.rules.table import TableState, apply
from companion.session.chance import Chance
from companion.session.session import GameSession


class Duel:
    def __init__(self, **rulings):
        self.seq = 0
        self.st = TableState()
        self.do("game_started", game="knockdown", fighters=["Ava", "Bo"], rulings=rulings)

    def do(self, kind, /, at=0.0, **data):
        self.seq += 1
        self.st = apply(self.st, Event(kind, data, at, self.seq))
        return self

    def refused(self, kind, /, at=0.0, **data) -> str:
        with pytest.raises(IllegalMove) as exc:
            apply(self.st, Event(kind, data, at, self.seq + 1))
        return str(exc.value)

    @property
    def g(self):
        return self.st.g

    def damage(self, side):
        return self.g.fighters[side].damage


# --- blocking -----------------------------------------------------------------------------

@pytest.mark.parametrize("cards,cancel,heavy_cards,expected", [
    (0, False, None, (2, 3, False)),
    (1, False, None, (2, 2, False)),          # one card: one light
    (2, False, None, (1, 3, False)),          # two cards: one heavy
    (3, False, None, (1, 2, False)),
    (3, False, 3, (1, 3, False)),             # three meant for heavy: one heavy, the odd card wasted
    (1, True, None, (2, 3, True)),            # the card cancels the effect
    (2, True, None, (2, 2, True)),            # "2 cards ... both the damage and the effect" (543)
    (9, False, None, (0, 0, False)),
])
def test_the_blocking_calculator_rounds_down(cards, cancel, heavy_cards, expected):
    b = block(Pool(2, 3), cards, cancel, heavy_cards)
    assert (b.heavy, b.light, b.effect_cancelled) == expected


@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 8), st.booleans(), st.none() | st.integers(0, 8))
def test_a_block_never_adds_damage_nor_uses_more_cards_than_given(h, l, cards, cancel, hc):
    b = block(Pool(h, l), cards, cancel, hc)
    assert 0 <= b.heavy <= h and 0 <= b.light <= l and b.cards_used <= cards
    ignored = 2 * (h - b.heavy) + (l - b.light) + (1 if b.effect_cancelled else 0)
    assert ignored <= b.cards_used and (hc is not None or ignored == b.cards_used)


@pytest.mark.parametrize("kind", ["skill", "reaction", "ko-effect", "other"])
def test_only_a_strike_can_be_blocked(kind):
    d = Duel()
    assert "cannot be blocked" in d.refused("attack_resolved", target=1, heavy=1, kind=kind, block_cards=1)
    d.do("attack_resolved", target=1, heavy=1, light=1, kind=kind)
    assert d.damage(1) == Damage(1, 1)


def test_a_dangerous_edge_adds_one_light_to_the_pool_by_default():
    d = Duel().do("attack_resolved", target=1, heavy=1, kind="strike", edge=True)
    assert d.damage(1) == Damage(1, 1)
    assert Duel(edge_damage="heavy").do("attack_resolved", target=1, kind="strike", edge=True).damage(1) == Damage(1, 0)
    blocked = Duel().do("attack_resolved", target=1, kind="strike", edge=True, block_cards=1)
    assert blocked.damage(1) == Damage(0, 0)
    unblockable = Duel(edge_blockable=False).do("attack_resolved", target=1, kind="strike", edge=True, block_cards=1)
    assert unblockable.damage(1) == Damage(0, 1)


# --- the Knockdown test ------------------------------------------------------------------------

def test_a_passed_test_discards_half_rounding_down_heavy_first():
    d = Duel().do("attack_resolved", target=1, heavy=3, light=4, kind="skill")
    d.do("knockdown_test_called", side=1).do("knockdown_test_passed", side=1)
    assert d.damage(1) == Damage(0, 4) and d.g.test is None            # 7 // 2 = 3 gone, heavy first
    assert half_of(Damage(3, 4), "half-each") == Damage(1, 2)
    each = Duel(test_discard="half-each").do("attack_resolved", target=1, heavy=3, light=4, kind="skill")
    each.do("knockdown_test_called", side=1).do("knockdown_test_passed", side=1)
    assert each.damage(1) == Damage(2, 2)


def test_a_failed_test_ends_the_round_by_ko_and_the_loser_goes_first():
    d = Duel().do("attack_resolved", target=1, heavy=2, kind="skill").do("knockdown_test_called", side=1)
    assert "finish the Knockdown test" in d.refused("attack_resolved", target=0, heavy=1, kind="skill")
    d.do("knockdown_test_failed", side=1)
    g = d.g
    assert g.fighters[0].wins == 1 and g.round == 2 and g.first == 1 and g.turn == 1
    assert d.damage(0) == d.damage(1) == Damage()
    assert g.rounds == ((1, 0, "K.O."),)


def test_two_rounds_win_the_match():
    d = Duel()
    for _ in range(2):
        d.do("knockdown_test_called", side=0).do("knockdown_test_failed", side=0)
    assert d.g.winner == 1 and "match" in d.st.message
    assert "the match is over" in d.refused("attack_resolved", target=0, heavy=1, kind="skill")


def test_the_tower_cannot_pass_once_the_time_is_up():
    d = Duel().do("knockdown_test_called", side=1).do("countdown_started", at=100.0)
    assert "time is up" in d.refused("knockdown_test_passed", side=1, at=110.0)
    d.do("knockdown_test_passed", side=1, at=109.9)


@pytest.mark.parametrize("values,passed", [([6, 6, 6], True), ([6, 6, 5], False), ([3, 3, 3], False)])
def test_the_dice_variant_passes_on_a_sum_equal_to_the_damage(values, passed):
    d = Duel(test="dice").do("attack_resolved", target=1, heavy=10, light=8, kind="skill")   # 18 damage
    d.do("knockdown_test_called", side=1)
    assert "roll 3D6" in d.refused("knockdown_test_rolled", side=1)
    d.do("dice_rolled", sides=6, values=values, index=0, label="Knockdown test").do("knockdown_test_rolled", side=1)
    assert (d.g.fighters[0].wins == 0) == passed
    if passed:
        assert d.damage(1) == Damage(1, 8)                                # 9 discarded, heavy first


def test_the_dice_variants_faces_are_a_setting():
    d = Duel(test="dice", dice_faces=8).do("attack_resolved", target=1, heavy=19, kind="skill")
    d.do("knockdown_test_called", side=1)
    d.do("dice_rolled", sides=8, values=[7, 7, 5], index=0, label="Knockdown test").do("knockdown_test_rolled", side=1)
    assert d.g.fighters[0].wins == 0                                      # 19 >= 19: passed


# --- the deck-out ------------------------------------------------------------------------------

def _deck_out(a: Damage, b: Damage, **rulings) -> int:
    d = Duel(**rulings)
    d.do("damage_changed", side=0, heavy=a.heavy, light=a.light).do("damage_changed", side=1, heavy=b.heavy,
                                                                     light=b.light)
    d.do("deck_out")
    return d.g.rounds[-1][1]


def test_the_deck_out_rulings_disagree_on_one_heavy_and_five_light_against_two_heavy():
    assert _deck_out(Damage(1, 5), Damage(2, 0)) == 0                     # fewer heavy (589-590)
    assert _deck_out(Damage(1, 5), Damage(2, 0), deck_out="fewest-total") == 1   # fewest damage (14-16)


def test_a_full_tie_goes_to_the_rounds_first_player_or_the_turns():
    assert _deck_out(Damage(1, 1), Damage(1, 1)) == 0
    d = Duel(deck_out_tie="turn-player").do("turn_passed").do("deck_out")
    assert d.g.rounds[-1][1] == 1


def test_the_knockdown_timer_on_a_fake_clock(journal, clock):
    """The test's timer through the session: it ends at 10.000 s, and a pause keeps what is left."""
    s, _ = GameSession.start(journal, Chance(seed=1), clock, "knockdown", fighters=["Ava", "Bo"])
    s.submit("knockdown_test_called", side=1)
    s.submit("countdown_started")
    clock.advance(4.0)
    s.submit("countdown_paused")
    clock.advance(30.0)
    assert s.state.countdown.remaining(clock.now()) == pytest.approx(6.0)
    s.submit("countdown_resumed")
    clock.advance(5.999)
    assert not s.state.countdown.expired(clock.now())
    clock.advance(0.001)
    assert s.state.countdown.expired(clock.now())
    assert s.submit("knockdown_test_passed", side=1) is None and "time is up" in s.refusal
    assert s.submit("knockdown_test_failed", side=1) is not None and s.state.g.fighters[0].wins == 1
