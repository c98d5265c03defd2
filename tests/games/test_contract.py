"""The contract every registered game keeps with the core (run for each game in the registry).

A new game that forgets a reducer, reuses another game's event, lays out a panel off the
7-inch screen or maps a button to an action it does not have fails here first.
"""

import dataclasses
import tomllib

import pygame
import pytest

from companion.config.settings import config_from_dict, to_toml
from companion.errors import IllegalMove
from companion.games import all_games, find_game, find_rules, names
from companion.games.base import SHARED_TOOLS
from companion.rules.events import Event
from companion.rules.table import apply, replay, undo_target
from companion.rules.tools import TOOLS
from companion.session.actions import known_actions, perform
from companion.session.chance import Chance
from companion.session.session import GameSession
from companion.sim.scene import load_scene
from companion.sim.script import DemoScript
from companion.ui.view import ScreenView

GAMES = names()


def started(game: str, **data):
    return replay([Event("game_started", {"game": game, **data}, seq=1)])


@pytest.mark.parametrize("game", GAMES)
def test_setup_makes_the_game_its_own_state(game):
    st = started(game)
    rules = find_rules(game)
    assert st.game == game and st.message == "" and len(st.teams) == 2
    assert st.g == rules.setup({"game": game})
    assert find_game(game).rules is rules and find_game(game).name == game


@pytest.mark.parametrize("game", GAMES)
def test_every_event_kind_has_its_reducer_and_its_undo_rule(game):
    rules = find_rules(game)
    for move in rules.moves:
        assert callable(move.reduce) and move.owner == game.replace("_", "-")
        assert not (move.barrier and not move.fact), f"{move.kind}: a barrier is also a fact"
    for tool in rules.tools:
        assert tool in SHARED_TOOLS
        assert TOOLS[tool].kinds() <= rules.kinds()
    # A die and a coin are facts wherever they are used: an undo button is not a re-roll button.
    for kind in ("dice_rolled", "coin_tossed"):
        if kind in rules.kinds():
            assert rules.lookup(kind).fact


@pytest.mark.parametrize("game", GAMES)
def test_events_of_another_game_are_refused_with_a_message_naming_it(game):
    st = started(game)
    title = find_rules(game).title
    for other in GAMES:
        if other == game:
            continue
        for kind in find_rules(other).moves.kinds():
            with pytest.raises(IllegalMove, match=f"{kind} is a {find_rules(other).title} event: this table plays "
                                                  f"{title}"):
                apply(st, Event(kind, {}))
    unused = set(TOOLS) - set(find_rules(game).tools)
    for tool in unused:
        for kind in TOOLS[tool].kinds():
            with pytest.raises(IllegalMove, match=f"the {tool} tool, which {title} does not use"):
                apply(st, Event(kind, {}))


def test_a_journal_mixing_games_keeps_each_event_in_its_own_game():
    """The issue's own example: a TEKKEN table with a Takkure kick-off gets no Takkure attacker."""
    st = replay([Event("game_started", {"game": "tekken"}, seq=1), Event("kick_off", {"kicking": 1}, seq=2)])
    assert st.game == "tekken" and not hasattr(st.g, "attacker")
    assert "kick_off is a TAKKURE event" in st.message


@pytest.mark.parametrize("size", [(800, 480), (1920, 1080)], ids=["7inch", "1080p"])
@pytest.mark.parametrize("game", GAMES)
def test_the_layout_fits_the_screen_and_draws(game, size):
    pygame.font.init()
    view = ScreenView(size)
    rects = view.rects(game)
    screen = pygame.Rect(0, 0, *size)
    assert {"header", "footer"} <= set(rects) and len(rects) >= 3
    for name, r in rects.items():
        assert screen.contains(r) and r.w > 40 and r.h > 30, (name, r)
    items = list(rects.items())
    for i, (a, ra) in enumerate(items):
        for b, rb in items[i + 1:]:
            assert not ra.colliderect(rb), f"{a} overlaps {b}"
    surf = pygame.Surface(size)
    view.draw(surf, started(game), 0.0)
    assert surf.get_at((size[0] // 2, size[1] // 2)) is not None


@pytest.mark.parametrize("game", GAMES)
def test_the_buttons_use_known_actions_and_each_action_is_safe(game, journal, clock):
    g = find_game(game)
    known = known_actions(game)
    assert set(g.default_buttons.values()) <= set(known)
    assert len(set(known)) == len(known)
    session, _ = GameSession.start(journal, Chance(seed=3), clock, game)
    for action in known:
        if action != "quit":
            perform(session, action)              # an event, or a refusal: never an exception
    perform(session, "no_such_action")
    assert session.refusal == f"no_such_action is not a {g.rules.title} action"


@pytest.mark.parametrize("game", GAMES)
def test_the_settings_section_reads_back(game):
    g = find_game(game)
    cfg = config_from_dict({})
    again = config_from_dict(tomllib.loads(to_toml(cfg)), cfg.source)
    assert again == cfg
    if g.settings is not None:
        assert getattr(cfg, g.section) == g.settings()
        assert all(f.metadata.get("doc") for f in dataclasses.fields(g.settings))
    assert cfg.buttons_for(game) == dict(g.default_buttons)


@pytest.mark.parametrize("game", GAMES)
def test_the_demo_runs_through_the_session_with_no_refusal(game, journal, clock):
    g = find_game(game)
    demo = g.demo()
    session, _ = GameSession.start(journal, Chance(seed=7), clock, game, label="demo", **demo.setup)
    scene = g.scene(session) if g.scene is not None else load_scene(demo.scene) if demo.scene else None
    script = DemoScript(session, scene, clock.now(), demo.steps(scene, None))
    for _ in range(len(script.steps)):
        clock.advance(30.0)
        script.tick(clock.now())
        assert session.refusal == "", session.refusal
    assert script.done and len(session.events) == len(script.steps) + 1
    assert replay(session.events) == session.state
    assert undo_target(session.events) is None or undo_target(session.events).kind in find_rules(game).kinds()


def test_every_registered_game_is_found_by_name():
    assert [g.name for g in all_games()] == list(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_run_starts_every_game_and_resumes_only_its_own(game, tmp_path):
    """`companion run --game NAME` with no hardware: the game starts, draws, and a second start
    resumes that game, never another game's unfinished one."""
    from companion.config import Config
    from companion.runtime import build

    cfg = Config().replace("general", game=game).replace("journal", path=str(tmp_path / "j.sqlite"))
    cfg = cfg.replace("camera", backend="none").replace("controller", backend="none")
    cfg = cfg.replace("gpio", backend="mock").replace("screen", backend="headless", snapshot_dir=str(tmp_path))
    other = "knockdown" if game != "knockdown" else "tekken"
    first = build(cfg.replace("general", game=other), is_demo=False)   # an unfinished game of another kind
    first.close()
    rt = build(cfg, is_demo=False)
    try:
        assert not rt.resumed and rt.session.state.game == game
        for _ in range(3):
            rt.app.frame()
        rt.app.handle_action("roll_d6" if "dice" in find_rules(game).tools else "undo")
    finally:
        rt.close()
    again = build(cfg, is_demo=False)
    try:
        assert again.resumed and again.session.state.game == game
    finally:
        again.close()
