"""The main loop on a fake clock, with a headless screen and mock devices."""

import time

from gpiozero.pins.mock import MockFactory

from companion.hardware.gpio.buttons import GpioButtons
from companion.hardware.inputs import InputEvent, InputQueue
from companion.hardware.screen import PygameScreen
from companion.hardware.sound import Silent
from companion.ui import theme as th
from companion.ui.app import App, vision_status
from companion.vision.pipeline import VisionResult
from tests.helpers import contains_text


def make_app(session, clock, tmp_path, **kw):
    screen = PygameScreen("headless", 800, 480, snapshot_dir=tmp_path / "snaps")
    return App(session, screen, clock, sound=Silent(), fast=True, **kw)


def test_the_timer_beeps_once_exactly_when_ten_seconds_have_passed(takkure, clock, tmp_path):
    takkure.submit("game_selected", game="knockdown")
    app = make_app(takkure, clock, tmp_path)
    takkure.submit("countdown_started")
    started = clock.now()
    beeps_at = []
    for _ in range(60 * 12):
        before = app.sound.plays
        app.frame()
        if app.sound.plays > before:
            beeps_at.append(clock.now() - started)
        clock.advance(1 / 60)
    assert len(beeps_at) == 1
    assert 10.0 <= beeps_at[0] < 10.0 + 1 / 60 + 1e-9


def test_a_paused_timer_does_not_beep(takkure, clock, tmp_path):
    takkure.submit("game_selected", game="knockdown")
    app = make_app(takkure, clock, tmp_path)
    app.handle_action("timer_toggle")
    clock.advance(5.0)
    app.handle_action("timer_toggle")          # pause at 5.0 s left
    for _ in range(600):
        app.frame()
        clock.advance(1 / 60)
    assert app.sound.plays == 0
    assert takkure.state.countdown.remaining(clock.now()) == 5.0
    app.handle_action("timer_toggle")          # resume
    clock.advance(5.0)
    app.frame()
    assert app.sound.plays == 1


def test_a_gpio_press_reaches_the_game_through_the_button_map(takkure, clock, tmp_path):
    factory, inputs = MockFactory(), InputQueue()
    buttons = GpioButtons({27: "roll_d12"}, inputs, factory, bounce_time=0.0)
    app = make_app(takkure, clock, tmp_path, inputs=inputs, button_map={"gpio27": "roll_d12"})
    factory.pin(27).drive_low()
    deadline = time.monotonic() + 2
    while takkure.state.last_roll is None and time.monotonic() < deadline:
        app.frame()
        time.sleep(0.01)
    buttons.close()
    assert takkure.events[-1].kind == "dice_rolled" and takkure.events[-1].data["sides"] == 12


def test_an_unknown_nfc_tag_asks_to_be_registered_and_changes_nothing(takkure, clock, tmp_path):
    inputs = InputQueue()
    app = make_app(takkure, clock, tmp_path, inputs=inputs)
    before = len(takkure.events)
    inputs.put(InputEvent("tag", "nfc", "04a1b2c3"))
    app.frame()
    assert len(takkure.events) == before
    assert contains_text(app.screen.surface, "Not allowed: unknown NFC tag 04a1b2c3: register it with "
                         "`companion nfc`", 22, th.BAD, (24, 27, 36))


def test_a_refused_button_press_is_explained_on_screen(takkure, clock, tmp_path):
    app = make_app(takkure, clock, tmp_path)
    app.handle_action("take_activation")       # nobody attacks before the kick-off
    app.frame()
    assert "must be 0 or 1" in takkure.refusal
    app.handle_action("next_step")             # kick-off is allowed, and clears the refusal
    app.frame()
    assert takkure.refusal == "" and takkure.state.g.attacker is not None


def test_headless_snapshots_wait_until_the_roll_has_settled(takkure, clock, tmp_path):
    app = make_app(takkure, clock, tmp_path)
    app.handle_action("roll_d12")
    value = takkure.state.last_roll.values[0]
    app.run(duration=2.0)
    [snap] = app.screen.snapshots
    assert snap.name == "001-0002-dice_rolled.png"
    assert contains_text(snap, f"1D12 = {value}", 22, th.TEXT, (24, 27, 36))


def test_the_quit_key_stops_the_loop_after_its_frame(takkure, clock, tmp_path):
    app = make_app(takkure, clock, tmp_path)
    keys = iter([[], [], ["quit"]])
    app.screen.poll_actions = lambda: next(keys, [])
    app.run()
    assert app.stats.frames == 3


def test_a_tekken_attack_card_tapped_on_the_reader_is_played_face_down(journal, clock, tmp_path):
    """Through the App, as the controller's NFC reader sends it: the card goes into the String
    hidden (no "selected" line naming it), and the Defender's button reveals it."""
    from companion.nfc.registry import TagRegistry
    from companion.session.chance import Chance
    from companion.session.session import GameSession

    registry = TagRegistry(tmp_path / "tags.json")
    registry.register("04a1b2c3", "tekken-attack", "Low Kick")
    session, _ = GameSession.start(journal, Chance(seed=1), clock, "tekken", fighters=["Kazuya", "Jin"])
    inputs = InputQueue()
    app = make_app(session, clock, tmp_path, inputs=inputs, registry=registry)
    app.handle_action("string_start")
    inputs.put(InputEvent("tag", "nfc", "04a1b2c3"))
    app.frame()
    assert session.events[-1].kind == "attack_played" and session.state.selected is None
    assert "Low Kick" not in session.state.message
    app.handle_action("guess_low")
    assert session.state.g.punishment == 1 and "Low Kick (LOW)" in session.state.message


def test_the_camera_panel_keeps_saying_when_the_board_is_seen_too_small():
    """The log says once that the board has too few pixels per inch; the panel's line says it
    while it holds, where the players look when a base is not found."""
    low = VisionResult(12, "ok", low_ppi=14.3)
    assert vision_status(low) == "0 pieces, 0 tokens - board at 14 px/in: bring the camera closer"
    assert vision_status(VisionResult(12, "ok")) == "0 pieces, 0 tokens"
    upright = VisionResult(12, "ok", low_ppi=16.4, upright=True)     # its long side along the picture's short one
    assert vision_status(upright) == "0 pieces, 0 tokens - board at 16 px/in: turn the camera so the board lies " \
                                     "along the picture"
    assert vision_status(VisionResult(12, "lost", "frame marker 2 not seen", low_ppi=14.3)) == "frame marker 2 not seen"


def test_the_camera_panel_says_when_the_picture_has_no_colour():
    """A monochrome camera finds the board but no base: the panel says why."""
    assert vision_status(VisionResult(12, "ok", colourless=True)) == \
        "0 pieces, 0 tokens - no colour in the picture: team rims cannot be read"
