import pytest

from companion.errors import IllegalMove
from companion.rules.events import Event as E
from companion.rules.table import apply, replay

START = E("game_started", {"game": "tekken", "fighters": ["Kazuya", "Jin"], "max_hp": 20})


def test_hp_enters_rage_at_6_and_zero_ends_the_round():
    s = replay([START, E("hp_changed", {"side": 1, "delta": -14})])
    assert s.g.hp[1].hp == 6 and s.g.hp[1].in_rage and "RAGE" in s.message
    s = apply(s, E("hp_changed", {"side": 1, "delta": -30}))
    assert "K.O." in s.message and s.g.fighters_[0].rounds == 1 and s.g.round == 2
    assert (s.g.hp[0].hp, s.g.hp[1].hp) == (20, 20)                # both bars full for round 2


def test_the_fighters_are_the_two_sides_and_a_new_round_refills_both_bars():
    s = replay([START, E("hp_changed", {"side": 0, "delta": -3}), E("hp_changed", {"side": 1, "delta": -9})])
    assert s.teams == ("Kazuya", "Jin") and (s.g.hp[0].hp, s.g.hp[1].hp) == (17, 11)
    s = apply(s, E("hp_reset"))
    assert (s.g.hp[0].hp, s.g.hp[1].hp) == (20, 20) and s.message == "New round"


def test_damage_is_an_action_an_undo_takes_back():
    s = replay([START, E("hp_changed", {"side": 1, "delta": -5}), E("undo")])
    assert s.g.hp[1].hp == 20


def test_a_side_that_is_not_0_or_1_is_refused():
    with pytest.raises(IllegalMove, match="side must be 0 or 1"):
        apply(replay([START]), E("hp_changed", {"side": 2, "delta": -1}))


# --- issue 15: damage, rounds, the String, the punish attempt, the Stage ------------------

class Fight:
    def __init__(self, **setup):
        self.st = replay([E("game_started", {"game": "tekken", "fighters": ["Kazuya", "Jin"], "max_hp": 20,
                                             **setup})])

    def do(self, kind, /, **data):
        self.st = apply(self.st, E(kind, data))
        return self

    def refused(self, kind, /, **data) -> str:
        with pytest.raises(IllegalMove) as exc:
            apply(self.st, E(kind, data))
        return str(exc.value)

    @property
    def g(self):
        return self.st.g


def test_a_knocked_down_fighter_takes_one_more_per_strike_symbol_until_their_string():
    f = Fight().do("swept", target=1).do("strike", target=1, damage=2, symbols=1)
    assert f.g.hp[1].hp == 17 and "+1 knocked down" in f.st.message
    f.do("strike", target=1, damage=3, symbols=2)                       # two symbols: +2
    assert f.g.hp[1].hp == 12
    f.do("string_started", side=1)                                      # Jin gets up
    f.do("string_ended", side=1).do("strike", target=1, damage=2, symbols=1)
    assert f.g.hp[1].hp == 10


@pytest.mark.parametrize("wall,damage", [("regular", 1), ("blasting", 2)])
def test_wall_damage(wall, damage):
    assert Fight().do("wall_hit", target=0, wall=wall).g.hp[0].hp == 20 - damage


def test_the_chosen_rage_shows_only_in_the_red_zone_and_is_used_once():
    f = Fight().do("rage_chosen", side=1, card="Kazama Style")
    assert "Kazama" not in f.st.message
    assert "red zone" in f.refused("rage_used", side=1)
    f.do("strike", target=1, damage=14, symbols=1)
    assert "Kazama Style" in f.st.message                                # revealed at 6 HP
    f.do("rage_used", side=1)
    assert f.g.fighters_[1].rage == "" and f.g.fighters_[1].rage_used


def test_three_rounds_win_the_game():
    f = Fight()
    for _ in range(3):
        f.do("strike", target=1, damage=20, symbols=1)
    assert f.g.winner == 0 and "wins the game" in f.st.message
    assert "game is over" in f.refused("strike", target=0, damage=1, symbols=1)


def test_stun_cards_take_slots_and_heat_adds_one_once_a_round():
    f = Fight(attack_slots=3).do("stun_given", target=0).do("string_started", side=0)
    assert f.g.string.slots == 2
    f.do("heat_activated", side=0)
    assert f.g.string.slots == 3 and f.g.string.heat
    f.do("string_ended", side=0).do("string_started", side=1).do("string_ended", side=1)
    f.do("string_started", side=0)
    assert f.g.string.slots == 3                                          # the Stun card went back
    assert "once per round" in f.refused("heat_activated", side=0)


def test_the_slots_limit_the_cards_of_a_string():
    f = Fight(attack_slots=1).do("string_started", side=0).do("attack_played", side=0, card="Jab", area="high")
    f.do("punish_guessed", side=1, area="low")
    assert "every Attack Slot" in f.refused("attack_played", side=0, card="Hook", area="high")


def test_a_right_guess_blocks_ends_the_string_and_gives_the_punishment_token():
    f = Fight().do("string_started", side=0).do("attack_played", side=0, card="Body Blow", area="mid")
    other = Fight().do("string_started", side=0).do("attack_played", side=0, card="Jab", area="high")
    assert f.st.message == other.st.message                              # the same words, whatever the card
    assert "guesses the card" in f.refused("attack_played", side=0, card="Jab", area="high")
    f.do("punish_guessed", side=1, area="mid")
    assert f.g.string is None and f.g.punishment == 1 and f.g.next_offensive == 1
    assert "Body Blow (MID)" in f.st.message
    f.do("string_started", side=1).do("attack_played", side=1, card="Uppercut", area="mid")
    assert f.g.string.pending_area == "" and "unblockable" in f.st.message      # the Punishment, face up
    assert "no Attack Card waits" in f.refused("punish_guessed", side=0, area="mid")


def test_a_wrong_guess_lets_the_attack_through():
    f = Fight().do("string_started", side=0).do("attack_played", side=0, card="Low Kick", area="low")
    f.do("punish_guessed", side=1, area="high")
    assert f.g.string is not None and f.g.string.played == 1 and "not blocked" in f.st.message


@pytest.mark.parametrize("ruling,token", [("keep-initiative", None), ("keep-initiative-token", 1)])
def test_with_heat_a_block_does_not_end_the_string(ruling, token):
    f = Fight(heat_on_block=ruling).do("string_started", side=0).do("heat_activated", side=0)
    f.do("attack_played", side=0, card="Jab", area="high").do("punish_guessed", side=1, area="high")
    assert f.g.string is not None and f.g.string.offensive == 0 and f.g.punishment == token


def test_the_stage_measures_distance_and_pushes_into_walls():
    f = Fight(stage={"rows": 3, "cols": 7, "walls": {"east": "blasting"}}, start=[[1, 1], [1, 5]])
    assert f.g.distance() == 3
    f.do("fighter_moved", side=0, cell=[1, 4])
    assert f.g.distance() == 0 and "Close Range" in f.st.message
    f.do("pushed", target=1, spaces=3)                                   # (1,5) -> (1,6), then the wall
    assert f.g.fighters_[1].cell == (1, 6) and f.g.hp[1].hp == 18 and "blasting" in f.st.message
    f.do("fighter_moved", side=0, cell=[1, 2])
    assert "Close Range" in f.refused("pushed", target=1, spaces=1)
    assert "off the stage" in f.refused("fighter_moved", side=0, cell=[3, 0])


def test_the_punish_attempt_through_the_nfc_reader_never_shows_the_area(tmp_path, clock):
    """The Attack card is tapped face down: the screen's text holds neither its name nor its
    area until the Defender has pressed High, Mid or Low."""
    from companion.games.tekken.game import GAME
    from companion.games.tekken.screen import string_lines
    from companion.nfc.registry import TagBinding
    from companion.session.actions import perform
    from companion.session.chance import Chance
    from companion.session.session import GameSession

    def face_down(card, journal_path):
        from companion.session.journal import Journal
        j = Journal(journal_path)
        s, _ = GameSession.start(j, Chance(seed=1), clock, "tekken", fighters=["Kazuya", "Jin"])
        perform(s, "string_start")
        assert GAME.on_tag(s, TagBinding("04a1b2c3", "tekken-attack", card))
        return s, j, [t for t, _ in string_lines(s.state.g)] + [s.state.message, str(s.state.selected)]

    s, j, uppercut = face_down("Uppercut", tmp_path / "a.sqlite")
    _, j2, jab = face_down("Jab", tmp_path / "b.sqlite")
    assert uppercut == jab and not any("Uppercut" in t or "MID" in t for t in uppercut)   # nothing to read
    perform(s, "guess_mid")
    assert s.state.g.punishment == 1 and "Uppercut (MID)" in s.state.message
    perform(s, "string_start")
    assert GAME.on_tag(s, TagBinding("04a1b2c4", "tekken-attack", "No Such Card"))
    assert "no Attack Area known" in s.refusal
    j.close()
    j2.close()


def test_the_string_buttons_refuse_with_no_string_on_and_act_for_the_offensive_fighter(journal, clock):
    from companion.session.actions import perform
    from companion.session.chance import Chance
    from companion.session.session import GameSession
    s, _ = GameSession.start(journal, Chance(seed=1), clock, "tekken", fighters=["Kazuya", "Jin"])
    before = len(s.events)
    assert perform(s, "string_end") is None and s.refusal == "no String is on"
    assert perform(s, "heat") is None and "Heat is activated in your String" in s.refusal
    assert len(s.events) == before                               # a refusal journals nothing
    perform(s, "string_start")
    offensive = s.state.g.string.offensive
    assert perform(s, "heat") is not None
    assert (s.events[-1].kind, s.events[-1].data["side"]) == ("heat_activated", offensive)
    assert perform(s, "string_end") is not None and s.state.g.string is None
    assert (s.events[-1].kind, s.events[-1].data["side"]) == ("string_ended", offensive)
