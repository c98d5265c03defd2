"""Takkure played from the buttons and the NFC reader: select, declare, next step;
step 5's rolls measured from what the camera sees."""

import pytest

from companion.games.takkure.rules.geometry import Base
from companion.games.takkure.buttons import declarable
from companion.session.actions import TableView, perform
from companion.session.chance import Chance
from companion.session.session import GameSession
from companion.games.takkure.sim_match import match_setup


@pytest.fixture
def game(journal, clock):
    session, _ = GameSession.start(journal, Chance(seed=3), clock, "takkure", **match_setup())
    return session


def mm(x, y, d):
    return Base.mm(x, y, d)


# Yamato (0) receive in the far half; Ronin stands by the ball.
PITCH = {"Yokozuna": mm(8, 20, 40), "Ronin": mm(11, 22, 30), "Kunoichi": mm(14, 20, 30), "Samurai": mm(5, 18, 40),
         "Silverback": mm(8, 23.5, 40), "Jaguar": mm(13, 26, 30), "Viper": mm(3, 27, 30), "Rhino": mm(18, 27, 40)}
VIEW = TableView(lambda: dict(PITCH), lambda: (11.0, 20.0), lambda: (11.0, 23.0))


def press_until(session, predicate, view=VIEW, limit=40):
    for _ in range(limit):
        if predicate(session.state):
            return True
        perform(session, "next_step", view)
    return predicate(session.state)


def test_next_step_runs_the_kick_off_rolls_then_hands_out_tokens(game):
    game.submit("kick_off", kicking=1)
    assert press_until(game, lambda s: s.g.activation_tokens == 4)
    kinds = [e.kind for e in game.events]
    rolls = [e.data["rolls"][0]["action"] for e in game.events if e.kind == "roll_resolved"]
    assert rolls[0] == "kick" and kinds.index("activation_tokens_taken") > kinds.index("roll_resolved")
    assert game.state.g.match.ball in ("carried", "loose")


def test_a_tapped_card_chooses_who_activates_and_declare_cycles_its_actions(game):
    game.submit("kick_off", kicking=1)
    press_until(game, lambda s: s.g.activation_tokens == 4 or s.g.attacker == 1)
    team = game.state.g.attacker
    name = "Samurai" if team == 0 else "Viper"
    game.submit("card_tapped", name=name, uid="04aa")
    perform(game, "next_step", VIEW)
    assert game.state.g.active_player == name and game.state.g.step == 1
    offered = [d.action for d in declarable(game, name, VIEW)]
    assert offered and set(offered) <= {"move", "stand_up", "pass_from_ground"}
    perform(game, "declare", VIEW)
    assert game.state.g.match.declared[-1].player == name
    assert game.state.g.match.declared[-1].action == offered[0]


def test_step_5_rolls_what_was_declared_measured_from_the_camera(game):
    caught_by(game, "Ronin")
    game.submit("card_tapped", name="Ronin", uid="04aa")
    perform(game, "next_step", VIEW)                                     # Ronin activates
    perform(game, "declare", VIEW)                                       # MOVE
    perform(game, "next_step", VIEW)                                     # 2 Defense
    game.submit("card_tapped", name="Silverback", uid="04bb")
    perform(game, "declare", VIEW)                                       # PRESSURE, 1.98 in from Ronin
    game.submit("card_tapped", name="Ronin", uid="04aa")
    perform(game, "next_step", VIEW)                                     # 3
    perform(game, "next_step", VIEW)                                     # 4
    while game.state.g.match.declared[-1].action != "pass":
        perform(game, "declare", VIEW)                                   # ... until PASS to the nearest mate
    assert game.state.g.match.declared[-1].target == "Yokozuna"
    perform(game, "next_step", VIEW)                                     # 5
    perform(game, "next_step", VIEW)                                     # the rolls
    line = game.state.g.roll_lines[-1]
    assert line.startswith("Pass 2.2 in: BaC 7 +2 (2-4 in) -1 (pressure) = 8 - rolled ")
    assert press_until(game, lambda s: s.g.step == 0)


def caught_by(game, name):
    """A kick-off caught by ``name``, with dice entered by hand (the players rolled them)."""
    game.submit("kick_off", kicking=1)
    game.submit("roll_resolved", contest="unopposed", rolls=[{"player": "Silverback", "action": "kick", "dice": [2],
                                                              "base": 5, "label": "Kick-off"}])
    game.submit("roll_resolved", contest="unopposed", rolls=[{"player": name, "action": "catch", "dice": [2],
                                                              "base": 7, "label": "Catch"}])
    perform(game, "next_step", VIEW)


def test_a_base_the_camera_cannot_see_is_named_instead_of_a_crash(game):
    caught_by(game, "Ronin")
    team = game.state.g.attacker
    st = game.state
    carrier = st.g.match.carrier
    assert carrier == "Ronin" and st.g.activation_tokens == 4
    mate = next(p.name for p in st.g.match.players if p.team == team and p.name != carrier)
    game.submit("activation_started", team=team, player=carrier)
    game.submit("action_declared", player=carrier, action="move")
    for _ in range(3):
        game.submit("activation_step")
    game.submit("action_declared", player=carrier, action="pass", target=mate)
    game.submit("activation_step")
    blind = TableView(lambda: {carrier: PITCH[carrier]})
    assert perform(game, "next_step", blind) is None
    assert f"{mate} is not on the table" in game.refusal and game.state.g.step == 5


def test_without_rosters_the_buttons_still_walk_the_steps(takkure):
    perform(takkure, "next_step")
    assert takkure.state.g.attacker is not None
